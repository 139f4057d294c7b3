// obsession-nb turn stepper's choices: the engine's legal choices as buttons, grouped by the
// step they belong to (a drop-down for a long group), and the refused ones greyed with the
// reason on hover.  A click (or Enter, Space) sends {event: "choose", notation}; the kernel plays
// it through the engine.  One widget redrawn in place: no widget is created per button.
//
// The keyboard keeps its place: after a choice, focus waits on the status line ("Playing …")
// until the kernel answers, then moves to the first choice of the next decision (or to the
// message when there is none).
//
// Traits (see obsession_nb/tutor/views/choices.py):
//   groups    [{title, verb, dropdown, selected, choices: [{label, notation, tip, special,
//              scripted, refused}]}]
//   message   shown instead of the groups when there is nothing to choose ("The game is over.")
//   position  counts the positions shown; a click sends the one it was made on, so that the
//             kernel can drop a click on buttons it has since replaced (data-position on the root)
//   answered  counts the clicks the kernel has dealt with (played, refused or dropped)

import { h, labeller, redrawOn } from "./common.js";

function choose(model, notation) {
  model.send({ event: "choose", notation, position: model.get("position") });
}

function button(model, c, chosen) {
  const b = h("button", c.refused ? "onb-choice-refused" : "onb-choice", c.label);
  b.type = "button";
  b.title = c.tip;
  b.dataset.notation = c.notation;
  if (c.special) b.classList.add("onb-choice-special");
  if (c.scripted) b.classList.add("onb-choice-scripted");
  // A refused one stays operable: pressing it shows the engine's reason in the rulings log.
  const L = labeller(model);
  if (c.refused) b.setAttribute("aria-label", L("refused", { label: c.label }));
  b.addEventListener("click", () => {
    choose(model, c.notation); // a refused one: the reason shows
    chosen(c.refused ? L("why_not", { label: c.label }) : c.label, c.notation);
  });
  return b;
}

function dropdown(model, group, chosen) {
  const select = h("select", "onb-choice-dropdown");
  select.setAttribute("aria-label", group.title);
  for (const c of group.choices.filter((x) => !x.refused)) {
    const opt = h("option", null, c.label);
    opt.value = c.notation;
    opt.title = c.tip;
    if (c.notation === group.selected) opt.selected = true;
    select.appendChild(opt);
  }
  const L = labeller(model);
  const go = h("button", "onb-choice onb-choice-go", L("choose"));
  go.type = "button";
  go.setAttribute("aria-label", L("choose_group", { group: group.title }));
  go.addEventListener("click", () => {
    choose(model, select.value);
    chosen(select.selectedOptions[0]?.textContent || select.value, select.value);
  });
  return [select, go];
}

function groupEl(model, group, chosen) {
  const row = h("div", `onb-choice-group onb-group-${group.verb}`);
  row.setAttribute("role", "group");
  const heading = h("div", "onb-choice-heading", group.title);
  heading.id = `onb-group-${Math.random().toString(36).slice(2)}`;
  row.setAttribute("aria-labelledby", heading.id);
  row.appendChild(heading);
  const box = h("div", "onb-choice-box");
  if (group.dropdown) box.append(...dropdown(model, group, chosen));
  for (const c of group.choices) {
    if (!group.dropdown || c.refused) box.appendChild(button(model, c, chosen));
  }
  row.appendChild(box);
  return row;
}

function render({ model, el }) {
  const root = h("div", "onb-choices");
  // The status line: what was just chosen while the kernel plays it, else the message.
  const line = h("div", "onb-choices-status");
  line.setAttribute("role", "status");
  line.tabIndex = -1;
  const groupsBox = h("div", "onb-choices-groups");
  root.append(line, groupsBox);
  el.appendChild(root);
  const L = labeller(model);
  let waitingFor = null; // the notation sent, until the kernel answers
  let drawn = null;
  const chosen = (label, notation) => {
    waitingFor = notation;
    line.textContent = L("playing", { label });
    line.hidden = false;
    line.focus({ preventScroll: true });
  };
  const redraw = () => {
    const active = document.activeElement;
    const hadFocus = waitingFor !== null || (!!active && root.contains(active));
    const key = waitingFor ?? active?.dataset?.notation;
    const message = model.get("message");
    const groups = model.get("groups") || [];
    const sig = JSON.stringify([message, groups]);
    const same = sig === drawn; // a refused choice, or nothing new yet
    drawn = sig;
    waitingFor = null;
    root.dataset.position = String(model.get("position"));
    line.textContent = message || "";
    line.hidden = !message;
    groupsBox.replaceChildren(...groups.map((g) => groupEl(model, g, chosen)));
    if (!hadFocus) return;
    const again = same && key ? groupsBox.querySelector(`[data-notation="${CSS.escape(key)}"]`) : null;
    const first = groupsBox.querySelector(".onb-choice, .onb-choice-dropdown");
    (again || first || line).focus({ preventScroll: true });
  };
  redraw();
  return redrawOn(model, ["groups", "message", "position", "answered"], redraw);
}

export default { render };
