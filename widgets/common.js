// obsession-nb widgets' shared drawing helpers.  Each widget module imports what it needs from
// "./common.js"; obsession_nb.base.resources.widget_module inlines this file in place of that import,
// since an anywidget module is served alone.  Text reaches the DOM only through textContent.

export function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  return el;
}

// A template's {name} fields filled from values ("keep {keep} of {n}"); an unknown one stays.
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(values, k) ? String(values[k]) : m));
}

// A widget's words in its language, sent by Python (the `labels` trait:
// obsession_nb/tutor/views/words.py LABELS): L(key) or L(key, {values}) for a sentence.
export function labeller(model) {
  return (key, values) => fill((model.get("labels") || {})[key] || key, values);
}

// The rule-id chip of a ruling: a button showing the rule id and named by the rule's title
// (info = {title, summary}, sent by Python with the widget's state).  Enter, Space or a click
// shows the rule's summary under the ruling (again: hides it), then calls onOpen(rule id).
export function ruleChip(r, info = r, onOpen = null) {
  const chip = h("button", "onb-rule-id", r.rule);
  chip.type = "button";
  chip.dataset.rule = r.rule;
  chip.dataset.focus = `rule-${r.rule}`;
  chip.setAttribute("aria-expanded", "false");
  nameChip(chip, info);
  chip.addEventListener("click", () => {
    const li = chip.closest(".onb-ruling");
    const open = li && li.querySelector(".onb-rule-card");
    const known = chip.onbInfo;
    if (open) open.remove();
    else if (li && known && known.title) {
      const card = h("div", "onb-rule-card");
      card.id = `onb-card-${Math.random().toString(36).slice(2)}`;
      card.appendChild(h("b", null, known.title));
      card.appendChild(h("span", null, ` ${known.summary || ""}`));
      li.appendChild(card);
      chip.setAttribute("aria-controls", card.id);
    }
    chip.setAttribute("aria-expanded", String(!open && !!(known && known.title)));
    if (onOpen) onOpen(r.rule);
  });
  return chip;
}

// Name a chip by its rule's title (a screen reader reads "Title, rule id"); the summary is
// its hover text.  Called again when the titles arrive after the chip was drawn.
export function nameChip(chip, info) {
  if (!info || !info.title) return;
  chip.onbInfo = info;
  chip.setAttribute("aria-label", `${info.title}, rule ${chip.dataset.rule}`);
  chip.title = info.summary ? `${info.title}: ${info.summary}` : info.title;
}

// Redraw without losing the keyboard's place: if focus was inside root, give it back after
// draw() to the element with the same data-focus key, else to fallback() (if any).
export function keepingFocus(root, draw, fallback = null) {
  const active = document.activeElement;
  const inside = !!active && active !== root && root.contains(active);
  const key = inside ? active.dataset.focus : null;
  draw();
  if (!inside || root.contains(active)) return;
  const again = key ? root.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  const target = again || (fallback && fallback());
  if (target) target.focus({ preventScroll: true });
}

// A visually hidden live region: what is put in it is read out by a screen reader.
export function liveRegion() {
  const region = h("div", "onb-sr-only");
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  return region;
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
