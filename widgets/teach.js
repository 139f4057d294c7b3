// obsession-nb teaching mode: the keyboard (→ next decision, ← back) and the ruling of the last
// step in large type, for a screen in front of a group.  The stepper below is the ordinary one;
// the decisions are the engine's (obsession_nb/tutor/views/teach.py).  Text only via textContent.
//
// Traits:
//   title, prompt   the scenario and the pending decision
//   step            how many decisions have been played
//   upcoming        {notation, label, from: "example" | "first-legal"} what → plays, or {}
//   rulings         [{action, rule, verdict, citation, title, summary}] of the last step
//                   (title: the rule-id chip's name; summary: its hover text)
//   labels          UI words in the chosen language
// Messages sent: {event: "key", key: "next" | "back"}

import { h, labeller, redrawOn, rulingList } from "./common.js";

function draw(root, model) {
  const L = labeller(model);
  root.replaceChildren();
  root.dataset.step = String(model.get("step") || 0);
  const top = h("div", "onb-teach-top");
  top.appendChild(h("div", "onb-teach-title", model.get("title")));
  top.appendChild(h("div", "onb-teach-keys", L("keys")));
  root.appendChild(top);
  root.appendChild(h("div", "onb-teach-prompt", model.get("prompt")));
  const up = model.get("upcoming") || {};
  if (up.notation) {
    const line = h("div", "onb-teach-upcoming");
    line.appendChild(h("span", "onb-teach-arrow", "→ "));
    line.appendChild(h("span", "onb-teach-next", up.label || up.notation));  // words, not ids
    if (up.from === "first-legal") line.appendChild(h("span", "onb-teach-from", ` — ${L("first-legal")}`));
    root.appendChild(line);
  } else {
    root.appendChild(h("div", "onb-teach-upcoming", L("over")));
  }
  const rulings = model.get("rulings") || [];
  root.appendChild(rulingList(rulings, "onb-teach-rulings"));
}

function render({ model, el }) {
  const root = h("div", "onb-teach");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  const onKey = (ev) => {
    const target = ev.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (ev.key === "ArrowRight") model.send({ event: "key", key: "next" });
    else if (ev.key === "ArrowLeft") model.send({ event: "key", key: "back" });
    else return;
    ev.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  const stop = redrawOn(model, ["title", "prompt", "step", "upcoming", "rulings", "labels"], redraw);
  return () => {
    document.removeEventListener("keydown", onKey);
    stop();
  };
}

export default { render };
