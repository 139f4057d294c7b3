// obsession-nb explorer widget: the explorer's table of lines, sortable by any figure; a click on
// a row (or Enter, Space on its "step through" button) asks Python to load that line into the
// turn stepper; two ticked rows are compared.  Every control is a button or a checkbox, so Tab
// reaches it, and the keyboard keeps its place across redraws.
// No rule lives here.  Text reaches the DOM only through textContent.
//
// Traits (see obsession_nb/tutor/views/explorer.py):
//   columns     [{key, label}]            the figures shown, in order
//   rows        [{id, actions: [...], <key>: value ...}]
//   sort        {key, descending}         the current order (set here by a header click)
//   selected    id of the row loaded into the stepper (-1: none)   -- set here
//   compare     [id, id]                  two rows to compare          -- set here
//   comparison  {a, b, differences: [{key, label, a, b}], only_a: [...], only_b: [...],
//                rulings_a: [{rule, verdict}], rulings_b: [...]}
//   status      a line of text

import { h, keepingFocus, labeller, redrawOn } from "./common.js";

function sorted(rows, sort) {
  if (!sort || !sort.key) return rows;
  const key = sort.key;
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((x, y) => {
    const a = x[key];
    const b = y[key];
    if (a === b) return x.id - y.id;
    return (a < b ? -1 : 1) * sign;
  });
}

function comparisonEl(c, L) {
  const box = h("div", "onb-compare");
  box.appendChild(h("div", "onb-compare-head", L("beside", { a: c.a + 1, b: c.b + 1 })));
  const table = h("table", "onb-compare-table");
  const head = h("tr");
  for (const t of [L("figure"), L("line", { n: c.a + 1 }), L("line", { n: c.b + 1 })]) {
    const th = h("th", "", t);
    th.scope = "col";
    head.appendChild(th);
  }
  table.appendChild(head);
  for (const d of c.differences || []) {
    const tr = h("tr", "onb-compare-diff");
    const th = h("th", "", d.label);
    th.scope = "row";
    tr.appendChild(th);
    tr.appendChild(h("td", "", d.a));
    tr.appendChild(h("td", "", d.b));
    table.appendChild(tr);
  }
  box.appendChild(table);
  for (const [title, items, cls] of [
    [L("only", { n: c.a + 1 }), c.only_a, "onb-compare-only-a"],
    [L("only", { n: c.b + 1 }), c.only_b, "onb-compare-only-b"],
  ]) {
    const part = h("div", cls);
    part.appendChild(h("div", "onb-compare-sub", title));
    const list = h("ul", "onb-compare-actions");
    for (const x of items || []) list.appendChild(h("li", "", x));
    part.appendChild(list);
    box.appendChild(part);
  }
  for (const [title, items, cls] of [
    [L("rulings_only", { n: c.a + 1 }), c.rulings_a, "onb-compare-rulings-a"],
    [L("rulings_only", { n: c.b + 1 }), c.rulings_b, "onb-compare-rulings-b"],
  ]) {
    const part = h("div", cls);
    part.appendChild(h("div", "onb-compare-sub", title));
    const list = h("ul", "onb-rulings");
    for (const r of items || []) {
      const li = h("li", "onb-ruling");
      li.appendChild(h("code", "onb-rule-id", r.rule));
      li.appendChild(h("span", "onb-ruling-verdict", " " + r.verdict));
      list.appendChild(li);
    }
    part.appendChild(list);
    box.appendChild(part);
  }
  return box;
}

function render({ model, el }) {
  const L = labeller(model);
  const root = h("div", "onb-explorer");
  el.appendChild(root);
  let ticked = [];

  function draw() {
    keepingFocus(root, drawTable);
  }

  function drawTable() {
    root.replaceChildren();
    root.classList.remove("onb-explorer-busy");
    const status = model.get("status");
    if (status) root.appendChild(h("div", "onb-explorer-status", status));
    const columns = model.get("columns") || [];
    const sort = model.get("sort") || {};
    const selected = model.get("selected");
    const table = h("table", "onb-explorer-table");
    table.appendChild(h("caption", "onb-sr-only", L("caption")));
    const head = h("tr");
    for (const [cls, text] of [["onb-explorer-pick", L("compare")], ["onb-explorer-rank", L("rank")]]) {
      const th = h("th", cls, text);
      th.scope = "col";
      head.appendChild(th);
    }
    for (const c of columns) {
      const th = h("th", "onb-explorer-sortable");
      th.scope = "col";
      th.dataset.key = c.key;
      if (sort.key === c.key) th.classList.add(sort.descending ? "onb-sort-desc" : "onb-sort-asc");
      th.setAttribute("aria-sort", sort.key !== c.key ? "none"
        : sort.descending ? "descending" : "ascending");
      const by = h("button", "onb-explorer-sort", c.label);
      by.type = "button";
      by.title = L("sort", { column: c.label });
      by.dataset.focus = `sort-${c.key}`;
      th.appendChild(by);
      th.addEventListener("click", () => {
        const descending = sort.key === c.key ? !sort.descending : true;
        model.set("sort", { key: c.key, descending });
        model.save_changes();
      });
      head.appendChild(th);
    }
    table.appendChild(h("thead")).appendChild(head);
    const body = table.appendChild(h("tbody"));
    sorted(model.get("rows") || [], sort).forEach((row) => {
      const tr = h("tr", "onb-explorer-row");
      tr.dataset.id = String(row.id);
      if (row.id === selected) tr.classList.add("onb-explorer-selected");
      const pick = h("td", "onb-explorer-pick");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = ticked.includes(row.id);
      box.dataset.focus = `pick-${row.id}`;
      box.setAttribute("aria-label", L("pick", { n: row.id + 1 }));
      box.addEventListener("click", (ev) => {
        ev.stopPropagation();
        ticked = box.checked ? [...ticked, row.id].slice(-2) : ticked.filter((x) => x !== row.id);
        if (ticked.length === 2) {
          model.set("compare", ticked);
          model.save_changes();
        }
        draw();
      });
      pick.appendChild(box);
      tr.appendChild(pick);
      const rank = h("th", "onb-explorer-rank");
      rank.scope = "row";
      const load = h("button", "onb-explorer-load", row.id + 1);
      load.type = "button";
      load.dataset.focus = `load-${row.id}`;
      load.setAttribute("aria-label", L("load", { n: row.id + 1 }));
      load.setAttribute("aria-pressed", String(row.id === selected));
      rank.appendChild(load);
      tr.appendChild(rank);
      for (const c of columns) {
        const td = h("td", "onb-explorer-cell", row[c.key]);
        td.dataset.key = c.key;
        tr.appendChild(td);
      }
      const lineRow = h("tr", "onb-explorer-row onb-explorer-line-row");
      if (row.id === selected) lineRow.classList.add("onb-explorer-selected");
      const cell = h("td", "onb-explorer-line", (row.actions || []).join(" · "));
      cell.colSpan = columns.length + 2;
      lineRow.appendChild(cell);
      for (const part of [tr, lineRow]) {
        part.addEventListener("click", () => {
          if (row.id === model.get("selected")) return;
          // shown at once: the kernel answers only once the line is in the stepper
          const shown = root.querySelector(".onb-explorer-status");
          if (shown) shown.textContent = L("loading", { n: row.id + 1 });
          root.classList.add("onb-explorer-busy");
          model.set("selected", row.id);
          model.save_changes();
        });
        body.appendChild(part);
      }
    });
    const wrap = h("div", "onb-explorer-scroll");
    wrap.appendChild(table);
    root.appendChild(wrap);
    const comparison = model.get("comparison");
    if (comparison && comparison.differences) root.appendChild(comparisonEl(comparison, L));
  }

  draw();
  return redrawOn(model, ["rows", "columns", "sort", "selected", "comparison", "status"], draw);
}

export default { render };
