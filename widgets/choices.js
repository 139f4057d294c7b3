// obsession-nb turn stepper's choices: the engine's legal choices as buttons, grouped by the
// step they belong to (a drop-down for a long group), and the refused ones greyed with the
// reason on hover.  A click sends {event: "choose", notation}; the kernel plays it through the
// engine.  One widget redrawn in place: no widget is created per button.
//
// Traits (see obsession_nb/tutor/views/choices.py):
//   groups   [{title, verb, dropdown, selected, choices: [{label, notation, tip, special,
//             scripted, refused}]}]
//   message  shown instead of the groups when there is nothing to choose ("The game is over.")
//   position counts the positions shown; a click sends the one it was made on, so that the
//            kernel can drop a click on buttons it has since replaced (data-position on the root)

import { h, redrawOn } from "./common.js";

function choose(model, notation) {
  model.send({ event: "choose", notation, position: model.get("position") });
}

function button(model, c) {
  const b = h("button", c.refused ? "onb-choice-refused" : "onb-choice", c.label);
  b.type = "button";
  b.title = c.tip;
  b.dataset.notation = c.notation;
  if (c.special) b.classList.add("onb-choice-special");
  if (c.scripted) b.classList.add("onb-choice-scripted");
  b.addEventListener("click", () => choose(model, c.notation));
  return b;
}

function dropdown(model, group) {
  const select = h("select", "onb-choice-dropdown");
  for (const c of group.choices.filter((x) => !x.refused)) {
    const opt = h("option", null, c.label);
    opt.value = c.notation;
    opt.title = c.tip;
    if (c.notation === group.selected) opt.selected = true;
    select.appendChild(opt);
  }
  const go = h("button", "onb-choice onb-choice-go", "Choose");
  go.type = "button";
  go.addEventListener("click", () => choose(model, select.value));
  return [select, go];
}

function groupEl(model, group) {
  const row = h("div", `onb-choice-group onb-group-${group.verb}`);
  row.appendChild(h("div", "onb-choice-heading", group.title));
  const box = h("div", "onb-choice-box");
  if (group.dropdown) box.append(...dropdown(model, group));
  for (const c of group.choices) {
    if (!group.dropdown || c.refused) box.appendChild(button(model, c));
  }
  row.appendChild(box);
  return row;
}

function render({ model, el }) {
  const root = h("div", "onb-choices");
  el.appendChild(root);
  const redraw = () => {
    const message = model.get("message");
    const groups = model.get("groups") || [];
    root.dataset.position = String(model.get("position"));
    root.replaceChildren(...(message ? [h("div", "onb-choices-message", message)] : []),
      ...groups.map((g) => groupEl(model, g)));
  };
  redraw();
  return redrawOn(model, ["groups", "message", "position"], redraw);
}

export default { render };
