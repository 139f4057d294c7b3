// obsession-nb widgets' shared drawing helpers.  Each widget module imports what it needs from
// "./common.js"; obsession_nb.base.resources.widget_module inlines this file in place of that import,
// since an anywidget module is served alone.  Text reaches the DOM only through textContent.

export function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  return el;
}

// UI words in the chosen language: L(key, English fallback).
export function labeller(model) {
  return (key, fallback) => (model.get("labels") || {})[key] || fallback;
}

// The rule-id chip of a ruling, its summary as hover text.
export function ruleChip(r) {
  const chip = h("code", "onb-rule-id", r.rule);
  if (r.summary) chip.title = r.summary;
  return chip;
}

// One ruling: its verdict, then the rule id (chip(r) draws it) and the citation.
export function rulingItem(r, chip = ruleChip) {
  const li = h("li", "onb-ruling");
  li.dataset.rule = r.rule;
  // r.text: the ruling in the reader's language; the engine's English verdict stays beside it
  li.appendChild(h("span", "onb-ruling-verdict", r.text || r.verdict));
  if (r.text) {
    const record = h("span", "onb-ruling-record", r.verdict);
    record.lang = "en";
    li.appendChild(record);
  }
  const meta = h("span", "onb-ruling-meta");
  meta.appendChild(chip(r));
  meta.appendChild(h("span", "onb-citation", ` ${r.citation}`));
  li.appendChild(meta);
  return li;
}

// A list of rulings, the <ul> of class cls.
export function rulingList(rulings, cls = "onb-rulings", chip = ruleChip) {
  const ul = h("ul", cls);
  for (const r of rulings || []) ul.appendChild(rulingItem(r, chip));
  return ul;
}

// Redraw whenever one of the traits changes, once for traits that change together (one
// message from the kernel); returns what undoes it (anywidget's cleanup).
export function redrawOn(model, traits, redraw) {
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      redraw();
    });
  };
  for (const t of traits) model.on(`change:${t}`, soon);
  return () => {
    for (const t of traits) model.off(`change:${t}`, soon);
  };
}
