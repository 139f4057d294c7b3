// obsession-nb rulings widget: the engine's rulings as they happen, a verdict on one action,
// or the problems of a scenario file.  Text reaches the DOM only through textContent.
//
// Traits (see obsession_nb/views/rulings.py):
//   heading   a title line
//   status    {kind: "info" | "ok" | "error", text}
//   verdict   {action, legal, rulings: [{rule, verdict, citation}], error}  (may be empty)
//   entries   [{action, player, auto, rulings: [...]}]  the log of applied actions
//   problems  ["path: problem", ...]
//   rules     {rule id: {title, summary}}  hover text of the rule-id chips; a click on a chip
//             shows the summary in place and sends {event: "open", rule} (the rule browser)

import { h, redrawOn, rulingItem } from "./common.js";

function chipEl(r, model) {
  const info = (model.get("rules") || {})[r.rule];
  const chip = h("code", "onb-rule-id", r.rule);
  if (info) chip.title = `${info.title}: ${info.summary}`;
  chip.setAttribute("role", "button");
  chip.addEventListener("click", () => {
    const li = chip.closest(".onb-ruling");
    const open = li.querySelector(".onb-rule-card");
    if (open) open.remove();
    else if (info) {
      const card = h("div", "onb-rule-card");
      card.appendChild(h("b", null, info.title));
      card.appendChild(h("span", null, ` ${info.summary}`));
      li.appendChild(card);
    }
    model.send({ event: "open", rule: r.rule });
  });
  return chip;
}

function rulingEl(r, model) {
  return rulingItem(r, (ruling) => chipEl(ruling, model));
}

function entryEl(e, index, model) {
  const box = h("div", e.auto ? "onb-entry onb-entry-auto" : "onb-entry");
  box.dataset.index = String(index);
  const head = h("div", "onb-entry-head");
  if (e.who) head.appendChild(h("span", "onb-entry-who", e.who));
  head.appendChild(h("code", "onb-entry-action", e.action));
  if (e.label && e.label !== e.action) head.appendChild(h("span", "onb-entry-label", e.label));
  box.appendChild(head);
  const list = h("ul", "onb-rulings");
  for (const r of e.rulings || []) list.appendChild(rulingEl(r, model));
  box.appendChild(list);
  return box;
}

function verdictEl(v, model) {
  const box = h("div", "onb-verdict");
  if (v.error) {
    box.classList.add("onb-verdict-bad-notation");
    box.appendChild(h("div", "onb-verdict-head", "Not an action"));
    box.appendChild(h("div", "onb-verdict-error", v.error));
    return box;
  }
  box.classList.add(v.legal ? "onb-verdict-legal" : "onb-verdict-illegal");
  const head = h("div", "onb-verdict-head");
  head.appendChild(h("code", "onb-entry-action", v.action));
  head.appendChild(h("span", v.legal ? "onb-legal" : "onb-illegal", v.legal ? "legal" : "illegal"));
  box.appendChild(head);
  const list = h("ul", "onb-rulings");
  for (const r of v.rulings || []) list.appendChild(rulingEl(r, model));
  box.appendChild(list);
  return box;
}

function draw(root, model) {
  root.replaceChildren();
  const heading = model.get("heading");
  if (heading) root.appendChild(h("div", "onb-log-heading", heading));
  const status = model.get("status") || {};
  if (status.text) root.appendChild(h("div", `onb-status onb-status-${status.kind || "info"}`, status.text));
  const verdict = model.get("verdict") || {};
  if (verdict.action || verdict.error) root.appendChild(verdictEl(verdict, model));
  const problems = model.get("problems") || [];
  if (problems.length) {
    const list = h("ol", "onb-problems");
    for (const p of problems) list.appendChild(h("li", "onb-problem", p));
    root.appendChild(list);
  }
  const entries = model.get("entries") || [];
  if (entries.length) {
    const log = h("div", "onb-log-entries");
    entries.forEach((e, i) => log.appendChild(entryEl(e, i, model)));
    root.appendChild(log);
    // Show the latest ruling.
    requestAnimationFrame(() => {
      log.scrollTop = log.scrollHeight;
    });
  }
}

function render({ model, el }) {
  const root = h("div", "onb-rulings-panel");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  return redrawOn(model, ["heading", "status", "verdict", "entries", "problems", "rules"], redraw);
}

export default { render };
