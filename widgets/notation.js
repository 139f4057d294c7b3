// obsession-nb ruling panel's type box: a text field with suggestions and a Check button.
//
// Enter and Check send {event: "check", text} — the text travels *with* the request, so a
// check never reads a value that the (throttled) trait sync has not delivered yet.
//
// Traits (see obsession_nb/tutor/views/rulings.py NotationBox):
//   value        the text in the box (the kernel writes it back after a check or a Pick)
//   options      suggested notations (a <datalist>)
//   placeholder  the hint shown in an empty box

import { h, labeller, redrawOn } from "./common.js";

let boxes = 0;

function render({ model, el }) {
  const root = h("div", "onb-notation");
  const input = h("input", "onb-notation-input");
  input.type = "text";
  input.spellcheck = false;
  input.autocomplete = "off";
  const L = labeller(model);
  input.setAttribute("aria-label", L("input"));
  const list = h("datalist");
  list.id = `onb-notation-options-${++boxes}-${Math.random().toString(36).slice(2, 8)}`;
  input.setAttribute("list", list.id);
  const check = h("button", "onb-panel-check onb-notation-check", L("check"));
  check.type = "button";
  root.append(input, list, check);
  el.classList.add("onb-panel-text");
  el.appendChild(root);

  const submit = () => {
    model.set("value", input.value);
    model.save_changes();
    model.send({ event: "check", text: input.value });
  };
  // Keys typed here are the box's, not JupyterLab's shortcuts (as ipywidgets' Text does).
  input.addEventListener("keydown", (e) => {
    e.stopPropagation();
    if (e.key === "Enter") {
      e.preventDefault();
      submit();
    }
  });
  input.addEventListener("keypress", (e) => e.stopPropagation());
  input.addEventListener("change", () => {
    model.set("value", input.value);
    model.save_changes();
  });
  check.addEventListener("click", submit);

  const showValue = () => {
    if (input.value !== model.get("value")) input.value = model.get("value");
  };
  const showOptions = () => {
    list.replaceChildren(...(model.get("options") || []).map((o) => {
      const opt = h("option");
      opt.value = o;
      return opt;
    }));
  };
  const showPlaceholder = () => {
    input.placeholder = model.get("placeholder") || "";
  };
  showValue();
  showOptions();
  showPlaceholder();
  const offs = [
    redrawOn(model, ["value"], showValue),
    redrawOn(model, ["options"], showOptions),
    redrawOn(model, ["placeholder"], showPlaceholder),
  ];
  return () => offs.forEach((off) => off());
}

export default { render };
