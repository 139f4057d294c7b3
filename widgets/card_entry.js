// obsession-nb card entry: one card of your own box at a time, on a form shaped like the card,
// with progress by deck, each field checked as it is typed, packs read in and written out.  Every check and
// every write is done in Python (obsession_nb/tutor/views/card_entry.py); this module draws the
// form and sends what was typed.  Text reaches the DOM only through textContent and values.
//
// Traits:
//   decks     the decks a card can be entered for; deck: the chosen one
//   progress  [{deck, box, stated, unverified, "stand-in", "from your box", cards}]
//   targets   the deck's cards [{id, name, provenance}]; target: the one being entered ("" new)
//   fields    [{field, range, place}] in order (place: top, name, middle, foot or below the
//             card); card: {field: text}
//   words     {field: {field: label}}
//   problems  {field: message, _: the pack as a whole}; message: what the last save did
//   download  {name, text, n}: a file to save (export)
// Messages sent: {event: "deck", deck}, {event: "target", target}, {event: "field", field, value},
//   {event: "save"}, {event: "import", name, text}, {event: "export"}

import { fill, h } from "./common.js";

// A field's label comes from Python (obsession_nb/data/pack_fields.py LABELS, the `words`
// trait, in the form's language); its place on the card comes with the field.
function label(model, field) {
  const words = model.get("words") || {};
  return (words.field && words.field[field]) || field;
}

// The form's own words and sentences (obsession_nb/tutor/views/words.py LABELS card_entry, the
// `words` trait's card_entry section): say(model, key, {values}).
function say(model, key, values) {
  const words = model.get("words") || {};
  return fill((words.card_entry && words.card_entry[key]) || key, values);
}

function progressEl(model) {
  const box = h("div", "onb-ce-progress");
  const rows = model.get("progress") || [];
  const chosen = model.get("deck");
  for (const r of rows) {
    const row = h("div", "onb-ce-progress-row");
    row.dataset.deck = r.deck;
    row.dataset.box = r.box;
    if (r.deck === chosen) row.classList.add("onb-ce-progress-current");
    const done = r["from your box"] + r.stated;
    const bar = h("span", "onb-ce-bar");
    const fill = h("span", "onb-ce-bar-fill");
    fill.style.width = `${r.cards ? Math.round((100 * done) / r.cards) : 0}%`;
    bar.appendChild(fill);
    const text = say(model, "progress", { from_box: r["from your box"], standins: r["stand-in"], unverified: r.unverified, stated: r.stated });
    const label = h("span", "onb-ce-progress-label", `${r.deck} (${r.box})`);
    const count = h("span", "onb-ce-progress-count", text);
    count.dataset.fromBox = String(r["from your box"]);
    count.dataset.standins = String(r["stand-in"]);
    row.append(label, bar, count);
    box.appendChild(row);
  }
  return box;
}

function pickEl(model) {
  const bar = h("div", "onb-ce-pick");
  const deck = h("select", "onb-ce-deck");
  deck.setAttribute("aria-label", say(model, "deck"));
  for (const d of model.get("decks") || []) {
    const o = h("option", null, d);
    o.value = d;
    o.selected = d === model.get("deck");
    deck.appendChild(o);
  }
  deck.addEventListener("change", () => model.send({ event: "deck", deck: deck.value }));
  const target = h("select", "onb-ce-target");
  target.setAttribute("aria-label", say(model, "which"));
  const fresh = h("option", null, say(model, "fresh"));
  fresh.value = "";
  target.appendChild(fresh);
  for (const t of model.get("targets") || []) {
    const o = h("option", null, `${t.name} — ${t.provenance}`);
    o.value = t.id;
    o.selected = t.id === model.get("target");
    target.appendChild(o);
  }
  target.addEventListener("change", () => model.send({ event: "target", target: target.value }));
  bar.append(h("label", null, `${say(model, "deck")} `), deck, h("label", null, ` ${say(model, "which")} `), target);
  return bar;
}

function fieldEl(model, f, inputs) {
  const wrap = h("label", `onb-ce-field onb-ce-field-${f.field}`);
  wrap.appendChild(h("span", "onb-ce-label", label(model, f.field)));
  const input = h("input", "onb-ce-input");
  input.type = "text";
  input.dataset.field = f.field;
  input.value = (model.get("card") || {})[f.field] || "";
  input.placeholder = f.range;
  input.title = `${label(model, f.field)}: ${f.range}`;
  input.setAttribute("aria-label", f.field);
  input.addEventListener("change", () => model.send({ event: "field", field: f.field, value: input.value }));
  input.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    model.send({ event: "field", field: f.field, value: input.value });
    const next = inputs[inputs.indexOf(input) + 1];
    if (next && !ev.ctrlKey) next.focus();
    else model.send({ event: "save" });
  });
  inputs.push(input);
  wrap.appendChild(input);
  const problem = h("span", "onb-ce-problem");
  problem.dataset.field = f.field;
  wrap.appendChild(problem);
  return wrap;
}

function formEl(model) {
  const card = h("div", `onb-ce-card onb-deck-${model.get("deck")}`);
  const parts = { top: h("div", "onb-ce-top"), name: h("div", "onb-ce-name"), middle: h("div", "onb-ce-middle"), foot: h("div", "onb-ce-foot") };
  const below = h("div", "onb-ce-below");
  const inputs = [];
  for (const f of model.get("fields") || []) {
    const place = f.place in parts || f.place === "below" ? f.place : "middle";
    (place === "below" ? below : parts[place]).appendChild(fieldEl(model, f, inputs));
  }
  parts.top.insertBefore(h("span", "onb-ce-deck-label", model.get("deck")), parts.top.children[1] || null);
  card.append(parts.top, parts.name, parts.middle, parts.foot);
  return [card, below];
}

function actionsEl(model, root) {
  const bar = h("div", "onb-ce-actions");
  const save = h("button", "onb-ce-save", say(model, "save"));
  save.type = "button";
  save.title = say(model, "save_note");
  save.addEventListener("click", () => {
    for (const input of root.querySelectorAll(".onb-ce-input")) {
      model.send({ event: "field", field: input.dataset.field, value: input.value });
    }
    model.send({ event: "save" });
  });
  const exp = h("button", "onb-ce-export", say(model, "export"));
  exp.type = "button";
  exp.addEventListener("click", () => model.send({ event: "export" }));
  const file = h("input", "onb-ce-import");
  file.type = "file";
  file.accept = ".yaml,.yml,text/yaml";
  file.setAttribute("aria-label", say(model, "read"));
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 2000000) {
      showProblems(root, { _: say(model, "too_large") });
      return;
    }
    model.send({ event: "import", name: f.name, text: await f.text() });
    file.value = "";
  });
  const imp = h("label", "onb-ce-import-label", `${say(model, "import")} `);
  imp.appendChild(file);
  bar.append(save, exp, imp);
  return bar;
}

function showProblems(root, problems) {
  for (const el of root.querySelectorAll(".onb-ce-problem")) {
    const text = problems[el.dataset.field] || "";
    el.textContent = text;
    el.parentElement.classList.toggle("onb-ce-bad", Boolean(text));
  }
  const all = root.querySelector(".onb-ce-pack-problems");
  if (all) all.textContent = problems._ || "";
}

function draw(root, model) {
  root.replaceChildren();
  const [card, below] = formEl(model);
  root.append(progressEl(model), pickEl(model), card, below, actionsEl(model, root),
    h("div", "onb-ce-pack-problems"), h("div", "onb-ce-message", model.get("message") || ""));
  showProblems(root, model.get("problems") || {});
}

function render({ model, el }) {
  const root = h("div", "onb-ce");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  const events = ["change:decks", "change:deck", "change:targets", "change:target", "change:fields", "change:card", "change:progress"];
  // A typed field changes `card`; redrawing then would lose the caret, so only a new card redraws.
  let lastTarget = model.get("target");
  let lastDeck = model.get("deck");
  const maybeRedraw = () => {
    const moved = model.get("target") !== lastTarget || model.get("deck") !== lastDeck;
    const inForm = root.contains(document.activeElement) && document.activeElement.classList.contains("onb-ce-input");
    lastTarget = model.get("target");
    lastDeck = model.get("deck");
    if (moved || !inForm) redraw();
    else root.querySelector(".onb-ce-progress").replaceWith(progressEl(model));
  };
  for (const e of events) model.on(e, maybeRedraw);
  const onProblems = () => showProblems(root, model.get("problems") || {});
  const onMessage = () => {
    const m = root.querySelector(".onb-ce-message");
    if (m) m.textContent = model.get("message") || "";
  };
  const onDownload = () => {
    const d = model.get("download") || {};
    if (!d.text) return;
    const a = h("a");
    a.href = URL.createObjectURL(new Blob([d.text], { type: "text/yaml" }));
    a.download = d.name || "cards.yaml";
    a.click();
    URL.revokeObjectURL(a.href);
  };
  model.on("change:problems", onProblems);
  model.on("change:message", onMessage);
  model.on("change:download", onDownload);
  return () => {
    for (const e of events) model.off(e, maybeRedraw);
    model.off("change:problems", onProblems);
    model.off("change:message", onMessage);
    model.off("change:download", onDownload);
  };
}

export default { render };
