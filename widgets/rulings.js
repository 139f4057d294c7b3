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
//   rules     {rule id: {title, summary}}  the rule-id chips' names and hover text; a chip
//             (a button: click, Enter or Space) shows the summary in place and sends {event: "open", rule} (the rule browser)

import { h, keepingFocus, labeller, liveRegion, nameChip, redrawOn, ruleChip, rulingItem } from "./common.js";

// A chip named by its rule's title (the "rules" trait); opening it also opens the rule browser.
function chipEl(r, model) {
  const info = (model.get("rules") || {})[r.rule];
  return ruleChip(r, info, (rule) => model.send({ event: "open", rule }));
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
    const L = labeller(model);
    box.appendChild(h("div", "onb-verdict-head", L("not_action")));
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
function drawLog(log, model, drawn, live) {
  const entries = model.get("entries") || [];
  const before = drawn.length;
  entries.forEach((e, i) => {
    const sig = JSON.stringify(e);
    if (drawn[i] && drawn[i].sig === sig) return;
    const el = entryEl(e, i, model);
    if (drawn[i]) drawn[i].el.replaceWith(el);
    else log.appendChild(el);
    drawn[i] = { sig, el };
  });
  for (const gone of drawn.splice(entries.length)) gone.el.remove();
  if (entries.length > before) announce(live, entries.slice(Math.max(before, entries.length - 5)));
  log.hidden = !entries.length;
  if (entries.length > before && drawn[before]) {
    const first = drawn[before].el;
    requestAnimationFrame(() => { // show the steps just played, from their first
      log.scrollTop += first.getBoundingClientRect().top - log.getBoundingClientRect().top;
    });
  } else if (entries.length) {
    requestAnimationFrame(() => {
      log.scrollTop = log.scrollHeight; // show the latest ruling
    });
  }
}

// Read out the rulings of the steps just played (the last five at most).
function announce(live, entries) {
  live.textContent = entries.map((e) => {
    const who = e.who ? `${e.who}: ` : "";
    const verdicts = (e.rulings || []).map((r) => r.text || r.verdict).join(" ");
    return `${who}${e.label || e.action}. ${verdicts}`;
  }).join(" ");
}

// The chips' names when the rule titles arrive after the entries.
function renameChips(root, model) {
  const rules = model.get("rules") || {};
  for (const chip of root.querySelectorAll(".onb-rule-id[data-rule]")) {
    nameChip(chip, rules[chip.dataset.rule]);
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
  const live = liveRegion();
  root.append(top, log, live);
  el.appendChild(root);
  const drawn = [];
  drawTop(top, model);
  drawLog(log, model, drawn, live);
  live.textContent = ""; // only what is played from now on is read out
  const offTop = redrawOn(model, ["heading", "status", "verdict", "problems"],
    () => keepingFocus(top, () => drawTop(top, model)));
  const offLog = redrawOn(model, ["entries"], () => drawLog(log, model, drawn, live));
  const offRules = redrawOn(model, ["rules"], () => renameChips(root, model));
  return () => {
    offTop();
    offLog();
    offRules();
  };
}

export default { render };
