// obsession-nb rule browser: a search box, the matching rules, one rule's entry (summary, our
// reading and the rejected one, an option's choices, where to read it, related rules, where it
// is demonstrated, each with "Show me"), and the sources legend.  Searching and the
// demonstrations happen in Python (obsession_nb/tutor/views/rule_browser.py); this module only draws
// and sends what was clicked.  Text reaches the DOM only through textContent.
//
// Traits:
//   query    the search text (set here as the user types)
//   results  [{id, hit, key, title, passage, kind, mode}]: hit is "rule", "case" or "term" (key
//            its id); id is the rule it opens; passage the sentence that matched; mode the name
//            of the way of playing the entry belongs to ("" for the standard game)
//   answer   the question answered in one plain sentence, from the best hit ("" if none)
//   did_you_mean  the question with its typos corrected, or near glossary terms ("" if none)
//   entry    the open entry (obsession_nb.tutor.rulebook.Entry.to_json()), or {}; in another
//            language its title and summary translated, the English as {english: {title, summary}}
//   sources  [{prefix, name, what, find, example, precedence}]
//   labels   UI words in the chosen language {key: text}
// Messages sent: {event: "open", rule}, {event: "show", index}

import { h, keepingFocus, labeller } from "./common.js";

const t = (model, key, values) => labeller(model)(key, values);

function ruleLink(model, id, title) {
  const a = h("button", "onb-rb-link", id);
  a.type = "button";
  a.dataset.rule = id;
  if (title) a.title = title;
  a.addEventListener("click", () => model.send({ event: "open", rule: id }));
  return a;
}

function section(title, cls) {
  const box = h("div", `onb-rb-section ${cls || ""}`);
  box.appendChild(h("div", "onb-rb-section-title", title));
  return box;
}

function drawEntry(model, e) {
  const box = h("div", "onb-rb-entry");
  box.dataset.rule = e.id;
  const head = h("div", "onb-rb-entry-head");
  head.appendChild(h("code", "onb-rule-id", e.id));
  head.appendChild(h("span", `onb-rb-kind onb-rb-kind-${e.kind}`, t(model, `kind.${e.kind}`)));
  box.appendChild(head);
  box.appendChild(h("div", "onb-rb-title", e.title));
  box.appendChild(h("p", "onb-rb-summary", e.summary));
  if (e.english) {
    // the entry in another language: the English of the rule index beneath it
    const english = h("p", "onb-rb-english", `${e.english.title}: ${e.english.summary}`);
    english.lang = "en";
    box.appendChild(english);
  }
  if (e.chosen) {
    const r = section(t(model, "reading"), "onb-rb-reading");
    r.appendChild(h("p", null, e.chosen));
    box.appendChild(r);
  }
  if (e.rejected) {
    const r = section(t(model, "rejected"), "onb-rb-rejected");
    r.appendChild(h("p", null, e.rejected));
    box.appendChild(r);
  }
  if ((e.choices || []).length) {
    const r = section(t(model, "choices"), "onb-rb-choices");
    const ul = h("ul");
    for (const c of e.choices) {
      const li = h("li");
      li.appendChild(h("code", null, c.name));
      li.appendChild(h("span", null, ` — ${c.where}`));
      ul.appendChild(li);
    }
    r.appendChild(ul);
    box.appendChild(r);
  }
  const where = section(t(model, "where"), "onb-rb-where");
  const ul = h("ul");
  for (const w of e.where || []) {
    const li = h("li");
    li.appendChild(h("span", "onb-citation", w.cite));
    li.appendChild(h("span", "onb-rb-plain", ` — ${w.plain}`));
    ul.appendChild(li);
  }
  where.appendChild(ul);
  box.appendChild(where);
  if ((e.related || []).length) {
    const r = section(t(model, "related"), "onb-rb-related");
    const row = h("div", "onb-rb-chips");
    for (const x of e.related) row.appendChild(ruleLink(model, x.id, x.title));
    r.appendChild(row);
    box.appendChild(r);
  }
  const demos = section(t(model, "demonstrated"), "onb-rb-demos");
  if (!(e.demonstrations || []).length) {
    demos.appendChild(h("p", "onb-rb-none", t(model, "no-demo")));
  }
  (e.demonstrations || []).forEach((d, i) => {
    const row = h("div", "onb-rb-demo");
    row.dataset.kind = d.kind;
    row.dataset.name = d.name;
    const btn = h("button", "onb-rb-show", t(model, "show-me"));
    btn.type = "button";
    btn.dataset.index = String(i);
    btn.addEventListener("click", () => model.send({ event: "show", index: i }));
    row.appendChild(btn);
    const kind = t(model, d.kind);
    row.appendChild(h("span", "onb-rb-demo-kind", kind));
    row.appendChild(h("span", "onb-rb-demo-title", d.title));
    row.appendChild(h("code", "onb-rb-demo-action", d.action));
    demos.appendChild(row);
  });
  for (const [key, label, items] of [
    ["tutorials", t(model, "tutorials"), e.tutorials || []],
    ["tests", t(model, "tests"), e.tests || []],
  ]) {
    if (!items.length) continue;
    const line = h("div", `onb-rb-refs onb-rb-${key}`);
    line.appendChild(h("span", "onb-rb-refs-label", `${label}: `));
    items.forEach((item, i) => {
      if (i) line.appendChild(document.createTextNode(", "));
      line.appendChild(h("code", null, item));
    });
    demos.appendChild(line);
  }
  box.appendChild(demos);
  return box;
}

function drawLegend(model) {
  const details = h("details", "onb-rb-legend");
  details.appendChild(h("summary", null, t(model, "legend")));
  const dl = h("dl");
  for (const s of model.get("sources") || []) {
    const dt = h("dt");
    dt.appendChild(h("code", null, s.prefix));
    dt.appendChild(h("span", null, ` ${s.name}`));
    dl.appendChild(dt);
    const dd = h("dd");
    dd.appendChild(h("div", null, s.what));
    dd.appendChild(h("div", "onb-rb-find", s.find));
    dd.appendChild(h("div", "onb-rb-precedence", s.precedence));
    dl.appendChild(dd);
  }
  details.appendChild(dl);
  return details;
}

function render({ model, el }) {
  const root = h("div", "onb-rule-browser");
  el.appendChild(root);
  const bar = h("div", "onb-rb-bar");
  const input = h("input", "onb-rb-search");
  input.type = "search";
  input.setAttribute("aria-label", t(model, "search"));
  input.value = model.get("query") || "";
  input.placeholder = t(model, "placeholder");
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      model.set("query", input.value);
      model.save_changes();
    }, 200);
  });
  bar.appendChild(input);
  const count = h("span", "onb-rb-count");
  bar.appendChild(count);
  root.appendChild(bar);
  const answer = h("div", "onb-rb-answer");
  root.appendChild(answer);
  const dym = h("div", "onb-rb-did-you-mean");
  root.appendChild(dym);
  const body = h("div", "onb-rb-body");
  const list = h("ol", "onb-rb-results");
  const detail = h("div", "onb-rb-detail");
  body.appendChild(list);
  body.appendChild(detail);
  root.appendChild(body);
  const legendBox = h("div");
  root.appendChild(legendBox);

  const drawResults = () => keepingFocus(list, () => drawResultList());
  const drawResultList = () => {
    list.replaceChildren();
    const results = model.get("results") || [];
    const open = (model.get("entry") || {}).id;
    count.textContent = t(model, "matches", { count: results.length });
    answer.textContent = model.get("answer") || "";
    const mean = model.get("did_you_mean") || "";
    dym.replaceChildren();
    if (mean) {
      dym.appendChild(h("span", null, `${t(model, "did-you-mean")} `));
      const fix = h("button", "onb-rb-link onb-rb-dym", mean);
      fix.type = "button";
      fix.addEventListener("click", () => {
        input.value = mean;
        model.set("query", mean);
        model.save_changes();
      });
      dym.appendChild(fix);
    }
    for (const r of results) {
      const li = h("li", "onb-rb-result");
      li.dataset.rule = r.id;
      li.dataset.hit = r.hit || "rule";
      li.dataset.key = r.key || r.id;
      if (r.id === open) li.classList.add("onb-rb-open");
      const top = h("div", "onb-rb-result-top");
      top.appendChild(h("span", `onb-rb-hit onb-rb-hit-${r.hit || "rule"}`, t(model, `hit.${r.hit || "rule"}`)));
      top.appendChild(h("code", "onb-rb-result-id", r.key || r.id));
      li.appendChild(top);
      const title = h("button", "onb-rb-result-title", r.title); // Tab, Enter: open it
      title.type = "button";
      title.dataset.focus = `result-${li.dataset.hit}-${li.dataset.key}`;
      title.setAttribute("aria-current", String(r.id === open));
      li.appendChild(title);
      if (r.mode) li.appendChild(h("span", "onb-rb-mode", r.mode));
      if (r.passage && r.passage !== r.title) li.appendChild(h("div", "onb-rb-passage", r.passage));
      li.addEventListener("click", () => model.send({ event: "open", rule: r.id }));
      list.appendChild(li);
    }
  };
  const drawDetail = () => {
    keepingFocus(detail, () => {
      detail.replaceChildren();
      const e = model.get("entry") || {};
      if (e.id) detail.appendChild(drawEntry(model, e));
      else detail.appendChild(h("p", "onb-rb-none", t(model, "pick")));
    });
    drawResults();
  };
  const drawLegendBox = () => legendBox.replaceChildren(drawLegend(model));
  drawResults();
  drawDetail();
  drawLegendBox();
  const onQuery = () => {
    if (document.activeElement !== input) input.value = model.get("query") || "";
  };
  model.on("change:results", drawResults);
  model.on("change:did_you_mean", drawResults);
  model.on("change:answer", drawResults);
  model.on("change:entry", drawDetail);
  model.on("change:sources", drawLegendBox);
  model.on("change:labels", drawDetail);
  model.on("change:query", onQuery);
  return () => {
    model.off("change:results", drawResults);
    model.off("change:did_you_mean", drawResults);
    model.off("change:answer", drawResults);
    model.off("change:entry", drawDetail);
    model.off("change:sources", drawLegendBox);
    model.off("change:labels", drawDetail);
    model.off("change:query", onQuery);
  };
}

export default { render };
