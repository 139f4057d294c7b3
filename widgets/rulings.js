// obsession-nb rulings widget: the engine's rulings as they happen, a verdict on one action,
// or the problems of a scenario file.  Text reaches the DOM only through textContent.
//
// Traits (see obsession_nb/tutor/views/rulings.py):
//   heading   a title line
//   status    {kind: "info" | "ok" | "error", text}
//   verdict   {action, legal, word, rulings: [{rule, verdict, citation, text}], error}  (may be
//             empty; word: legal or illegal in the reader's language; text: a ruling in it)
//   entries   [{action, player, auto, rulings: [...]}]  the log of applied actions
//   problems  ["path: problem", ...]
//   rules     {rule id: {title, summary}}  hover text of the rule-id chips; a click on a chip
//             shows the summary in place and sends {event: "open", rule} (the rule browser)

import { h, redrawOn, rulingItem } from "./common.js";

function chipEl(r, model) {
  const info = () => (model.get("rules") || {})[r.rule];
  const chip = h("code", "onb-rule-id", r.rule);
  const tip = () => {
    const i = info();
    if (i) chip.title = `${i.title}: ${i.summary}`;
  };
  tip();
  chip.addEventListener("mouseenter", tip); // the rules may arrive after the entry
  chip.setAttribute("role", "button");
  chip.addEventListener("click", () => {
    const li = chip.closest(".onb-ruling");
    const open = li.querySelector(".onb-rule-card");
    const i = info();
    if (open) open.remove();
    else if (i) {
      const card = h("div", "onb-rule-card");
      card.appendChild(h("b", null, i.title));
      card.appendChild(h("span", null, ` ${i.summary}`));
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
  const word = v.word || (v.legal ? "legal" : "illegal");
  head.appendChild(h("span", v.legal ? "onb-legal" : "onb-illegal", word));
  box.appendChild(head);
  const list = h("ul", "onb-rulings");
  for (const r of v.rulings || []) list.appendChild(rulingEl(r, model));
  box.appendChild(list);
  return box;
}

// The log keeps the elements of entries already drawn (by position and content) and only
// builds the new ones; the rest of the panel is small and drawn afresh.
function drawLog(log, model, drawn) {
  const entries = model.get("entries") || [];
  entries.forEach((e, i) => {
    const sig = JSON.stringify(e);
    if (drawn[i] && drawn[i].sig === sig) return;
    const el = entryEl(e, i, model);
    if (drawn[i]) drawn[i].el.replaceWith(el);
    else log.appendChild(el);
    drawn[i] = { sig, el };
  });
  for (const gone of drawn.splice(entries.length)) gone.el.remove();
  log.hidden = !entries.length;
  if (entries.length) {
    requestAnimationFrame(() => {
      log.scrollTop = log.scrollHeight; // show the latest ruling
    });
  }
}

function drawTop(top, model) {
  top.replaceChildren();
  const heading = model.get("heading");
  if (heading) top.appendChild(h("div", "onb-log-heading", heading));
  const status = model.get("status") || {};
  if (status.text) top.appendChild(h("div", `onb-status onb-status-${status.kind || "info"}`, status.text));
  const verdict = model.get("verdict") || {};
  if (verdict.action || verdict.error) top.appendChild(verdictEl(verdict, model));
  const problems = model.get("problems") || [];
  if (problems.length) {
    const list = h("ol", "onb-problems");
    for (const p of problems) list.appendChild(h("li", "onb-problem", p));
    top.appendChild(list);
  }
}

function render({ model, el }) {
  const root = h("div", "onb-rulings-panel");
  const top = h("div", "onb-rulings-top");
  const log = h("div", "onb-log-entries");
  root.append(top, log);
  el.appendChild(root);
  const drawn = [];
  drawTop(top, model);
  drawLog(log, model, drawn);
  const offTop = redrawOn(model, ["heading", "status", "verdict", "problems"], () => drawTop(top, model));
  const offLog = redrawOn(model, ["entries"], () => drawLog(log, model, drawn));
  return () => {
    offTop();
    offLog();
  };
}

export default { render };
