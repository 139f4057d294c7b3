// obsession-nb board widget: draws the position from the engine's JSON view (Game.view()).
//
// The engine decides everything; this module only draws.  Every piece of text that can come
// from a scenario (names, ids, prompts, custom cards) reaches the DOM through textContent or
// setAttribute, never through innerHTML.
//
// Traits (see obsession_nb/tutor/views/board.py):
//   view   the JSON view of the position
//   parts  which sections to draw: "pending", "track", "supply", "players", "table"
//   seats  which player boards to draw (empty = every player)
//   words  every word the board shows, in its language (see word, say)

const SVG = "http://www.w3.org/2000/svg";

const CATEGORIES = ["essentials", "service", "estate", "prestige", "sporting"];
// Meeple colours by the catalog's colour names (servants.yaml).
const COLOURS = {
  "dark blue": "#1d3275",
  red: "#b3261e",
  black: "#161616",
  green: "#2f7d3b",
  purple: "#6a2c8c",
  white: "#fbfbf6",
  orange: "#e07a1f",
  "light blue": "#79bde8",
  pink: "#f08fb8",
  brown: "#7a4a22",
};
// Every word the board shows comes from Python with the view, in the board's language
// (obsession_nb/tutor/views/words.py WORDS, the `words` trait): the words for the view's ids, the
// fixed labels and the sentences built around values (templates whose {name} fields are filled
// here, and nothing else).
function word(view, section, key) {
  return (view.words && view.words[section] && view.words[section][key]) || key;
}

// A sentence built around values ("House of {family}", "costs {money}"): WORDS say, filled.
function say(view, key, values) {
  return fill(word(view, "say", key), values);
}

// Items of a list joined as the board's language joins them (WORDS join list).
function listed(view, items) {
  return items.join(word(view, "join", "list"));
}

// ----------------------------------------------------------------- DOM helpers (text only)

import { fill, h, redrawOn } from "./common.js";

function add(parent, ...children) {
  for (const c of children) if (c) parent.appendChild(c);
  return parent;
}

// A part of the board a screen reader can jump to and hear named (a labelled group, not a
// landmark: a page may show several boards).
function labelRegion(el, name) {
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", name);
}

function s(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  return el;
}

function money(n) {
  const sign = n < 0 ? "−" : "";
  return `${sign}£${Math.abs(n)}`;
}

function servantInfo(view, kind) {
  return (view.servant_kinds || {})[kind] || { name: kind, height: "short", colour: "" };
}

// ----------------------------------------------------------------- meeples

// A servant meeple: tall (butler, housekeeper, underbutler) or short, in its colour.
export function meeple(view, kind, opts = {}) {
  const info = servantInfo(view, kind);
  const tall = info.height === "tall";
  const scale = opts.scale || 1;
  const w = 22 * scale;
  const hgt = (tall ? 38 : 28) * scale;
  const svg = s("svg", {
    width: w,
    height: hgt,
    viewBox: `0 0 22 ${tall ? 38 : 28}`,
    class: `onb-meeple onb-meeple-${tall ? "tall" : "short"}`,
    role: "img",
  });
  svg.dataset.kind = kind;
  const fill = COLOURS[info.colour] || "#999";
  const stroke = info.colour === "black" ? "#777" : "#2a2017";
  const H = tall ? 38 : 28;
  // head, then a body that widens to a flat base: a wooden pawn-person.
  const headR = 4.6;
  const body =
    `M4 ${H - 1} L18 ${H - 1} L16.2 ${headR * 2 + 6} Q15 ${headR * 2 + 2} 11 ${headR * 2 + 2}` +
    ` Q7 ${headR * 2 + 2} 5.8 ${headR * 2 + 6} Z`;
  svg.appendChild(s("path", { d: body, fill, stroke, "stroke-width": 1.2 }));
  svg.appendChild(s("circle", { cx: 11, cy: headR + 1.5, r: headR, fill, stroke, "stroke-width": 1.2 }));
  const title = s("title");
  title.textContent = say(view, "meeple", { name: info.name, height: word(view, "height", info.height),
    colour: word(view, "colour", info.colour) });
  svg.appendChild(title);
  if (opts.label) {
    const wrap = h("span", "onb-meeple-wrap");
    wrap.dataset.kind = kind;
    add(wrap, svg, h("span", "onb-meeple-label", info.name));
    return wrap;
  }
  return svg;
}

// ----------------------------------------------------------------- favours

// A favour in words: its template (WORDS favour, by kind; a cost, a loss of reputation or a
// blind invitation has its own) filled from the favour.
function favourText(view, f) {
  const amount = f.amount === undefined ? 1 : f.amount;
  const see = f.see || 1;
  let key = f.kind;
  if (f.kind === "money" && amount < 0) key = "pay";
  else if (f.kind === "reputation" && amount < 0) key = "reputation_lost";
  else if (f.kind === "invite" && see <= 1) key = "invite_blind";
  const deck = word(view, "invitee", f.deck);
  const values = { amount, money: money(Math.abs(amount)), deck, see, keep: f.keep || 1 };
  return fill(word(view, "favour", key), values);
}

function favourChip(view, f) {
  const chip = h("span", `onb-favour onb-favour-${f.kind}`, favourText(view, f));
  if (f.kind === "money" && (f.amount || 0) < 0) chip.classList.add("onb-favour-cost");
  return chip;
}

// ----------------------------------------------------------------- honesty markers

// The catalog fields a "?" badge's hover text sorts into verified and not verified.
const CHECKED_FIELDS = ["name", "deck", "gender", "category", "column", "prestige", "vp", "tsn",
  "cost_modifier", "service", "servants", "guests", "favours", "traits", "activity", "ability"];

function markHonesty(view, el, item) {
  if (item.standin) {
    el.classList.add("onb-standin");
    const tag = h("span", "onb-standin-tag", word(view, "label", "stand_in"));
    tag.title = word(view, "label", "stand_in_note");
    const foot = el.querySelector(".onb-tile-foot, .onb-card-foot");
    if (foot) foot.insertBefore(tag, foot.firstChild);
    else el.appendChild(tag);
  }
  if ((item.entered || []).length) {
    // A card from the owner's card pack: its entered values need no "?" badge.
    el.classList.add("onb-from-box");
    const tag = h("span", "onb-box-tag", word(view, "label", "your_box"));
    const fields = listed(view, item.entered.map((f) => word(view, "checked", f)));
    tag.title = say(view, item.printing ? "from_box_printing" : "from_box", { fields, printing: item.printing });
    tag.setAttribute("aria-label", tag.title);
    const foot = el.querySelector(".onb-tile-foot, .onb-card-foot");
    if (foot) foot.insertBefore(tag, foot.firstChild);
    else el.appendChild(tag);
  }
  if (!item.verified) {
    el.classList.add("onb-unverified");
    const mark = h("span", "onb-unverified-mark", "?");
    const open = [...new Set((item.unverified || []).map((f) => f.replace(/^(front|back)\./, "")))];
    const fields = listed(view, open.map((f) => word(view, "checked", f))) || word(view, "label", "some_values");
    const checked = CHECKED_FIELDS.filter((f) => f in item && !open.includes(f));
    mark.title = say(view, checked.length ? "unverified_checked" : "unverified",
      { fields, checked: listed(view, checked.map((f) => word(view, "checked", f))) });
    mark.setAttribute("aria-label", mark.title);
    el.appendChild(mark);
  }
}

// "1 casual guest", "2 or 3 casual guests": the guests a tile asks for, in the words it
// receives (WORDS guest for exactly one, guests otherwise).
function guestRequirement(view, g) {
  if (!g) return null;
  const one = g.count.length === 1 && g.count[0] === 1;
  return fill(word(view, one ? "guest" : "guests", g.kind), { count: g.count.join(word(view, "join", "or")) });
}

// ----------------------------------------------------------------- a tile

export function tileEl(view, t, opts = {}) {
  const el = h("div", `onb-tile onb-cat-${t.category}`);
  el.dataset.tile = t.id;
  if (t.rose) el.classList.add("onb-rose-side");
  const band = h("div", "onb-tile-band");
  add(
    band,
    h("span", "onb-tile-pr", t.prestige === null || t.prestige === undefined ? "–" : t.prestige),
    h("span", "onb-tile-cat", word(view, "category", t.category)),
    h("span", "onb-tile-vp", say(view, "vp", { vp: t.vp })),
  );
  band.querySelector(".onb-tile-pr").title = word(view, "label", "prestige_rating");
  el.appendChild(band);
  const body = h("div", "onb-tile-body");
  add(body, h("div", "onb-tile-name", t.name));
  if (t.activity) add(body, h("div", "onb-tile-activity", t.activity));
  const req = h("div", "onb-tile-req");
  for (const kind of t.servants || []) req.appendChild(meeple(view, kind, { scale: 0.62 }));
  const g = guestRequirement(view, t.guests);
  if (g) add(req, h("span", "onb-tile-guests", g));
  if (req.childNodes.length) body.appendChild(req);
  if ((t.favours || []).length) {
    const fav = h("div", "onb-favours");
    for (const f of t.favours) fav.appendChild(favourChip(view, f));
    body.appendChild(fav);
  }
  el.appendChild(body);
  const foot = h("div", "onb-tile-foot");
  if (opts.owned && t.flips) {
    const side = h("span", t.rose ? "onb-rose" : "onb-front", t.rose ? word(view, "label", "rose_side") : word(view, "label", "building_side"));
    side.title = word(view, "label", t.rose ? "rose_used" : "rose_unused");
    foot.appendChild(side);
  }
  if (opts.market && t.cost_modifier) {
    const mod = h("span", "onb-tile-mod", `${t.cost_modifier > 0 ? "+" : "−"}£${Math.abs(t.cost_modifier)}`);
    mod.title = word(view, "label", "cost_modifier");
    foot.appendChild(mod);
  }
  if (t.tsn !== null && t.tsn !== undefined) {
    const tsn = h("span", "onb-tile-tsn", `#${t.tsn}`);
    tsn.title = word(view, "label", "tsn");
    foot.appendChild(tsn);
  }
  el.appendChild(foot);
  markHonesty(view, el, t);
  return el;
}

// ----------------------------------------------------------------- a gentry card

// A card the viewing seat cannot see (the engine's seat view): its back only, by deck.
function cardBackEl(view, c) {
  const el = h("div", `onb-card onb-card-back onb-back-${c.back}`);
  el.dataset.card = "hidden";
  el.dataset.back = c.back;
  el.title = c.name;
  el.appendChild(h("div", "onb-card-back-deck", word(view, "back", c.back)));
  return el;
}

export function cardEl(view, c) {
  if (c.hidden) return cardBackEl(view, c);
  const el = h("div", `onb-card onb-deck-${c.deck}`);
  el.dataset.card = c.id;
  const top = h("div", "onb-card-top");
  const crest = c.prestige === null || c.prestige === undefined;
  const pr = h("span", crest ? "onb-card-pr onb-crest" : "onb-card-pr", crest ? "⚜" : c.prestige);
  pr.title = crest ? word(view, "label", "crest") : word(view, "label", "prestige_rating");
  add(
    top,
    pr,
    h("span", "onb-card-deck", word(view, "deck", c.deck)),
    h("span", "onb-card-gender", c.gender === "male" ? "♂" : "♀"),
  );
  el.appendChild(top);
  el.appendChild(h("div", "onb-card-name", c.name));
  if ((c.traits || []).length) el.appendChild(h("div", "onb-card-traits", c.traits.join(" · ")));
  if ((c.favours || []).length) {
    const fav = h("div", "onb-favours");
    for (const f of c.favours) fav.appendChild(favourChip(view, f));
    el.appendChild(fav);
  }
  const foot = h("div", "onb-card-foot");
  const serv = h("span", "onb-card-service");
  for (const kind of c.service || []) serv.appendChild(meeple(view, kind, { scale: 0.6 }));
  add(foot, serv, h("span", "onb-card-vp", say(view, "vp", { vp: c.vp })));
  el.appendChild(foot);
  if (c.custom) {
    const tag = h("span", "onb-custom-tag", word(view, "label", "scenario_card"));
    tag.title = word(view, "label", "scenario_card_note");
    el.appendChild(tag);
  }
  markHonesty(view, el, c);
  return el;
}

// ----------------------------------------------------------------- the reputation wheel

function wheelEl(view, rep) {
  const box = h("div", "onb-wheel");
  const size = 132;
  const c = size / 2;
  const svg = s("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: "onb-wheel-svg" });
  const R = 60;
  const r = 28;
  const pos = rep.position;
  for (let i = 0; i < 5; i++) {
    // Position 1 at the top, then clockwise.
    const a0 = ((i * 72 - 90 - 36) * Math.PI) / 180;
    const a1 = ((i * 72 - 90 + 36) * Math.PI) / 180;
    const p = (rad, a) => `${c + rad * Math.cos(a)} ${c + rad * Math.sin(a)}`;
    const d = `M${p(r, a0)} L${p(R, a0)} A${R} ${R} 0 0 1 ${p(R, a1)} L${p(r, a1)} A${r} ${r} 0 0 0 ${p(r, a0)} Z`;
    const seg = s("path", {
      d,
      class: i + 1 === pos ? "onb-wheel-seg onb-wheel-here" : "onb-wheel-seg",
    });
    svg.appendChild(seg);
    const am = ((i * 72 - 90) * Math.PI) / 180;
    const t = s("text", {
      x: c + 44 * Math.cos(am),
      y: c + 44 * Math.sin(am) + 4,
      "text-anchor": "middle",
      class: "onb-wheel-num",
    });
    t.textContent = String(i + 1);
    svg.appendChild(t);
    if (i + 1 === pos) {
      svg.appendChild(
        s("rect", {
          x: c + 44 * Math.cos(am) - 7,
          y: c + 44 * Math.sin(am) - 16,
          width: 14,
          height: 9,
          rx: 2,
          class: "onb-wheel-marker",
        }),
      );
    }
  }
  svg.appendChild(s("circle", { cx: c, cy: c, r: r - 3, class: "onb-wheel-counter" }));
  const lvl = s("text", { x: c, y: c + 8, "text-anchor": "middle", class: "onb-wheel-level" });
  const level = String(rep.level) === "max" ? word(view, "label", "max") : String(rep.level);
  lvl.textContent = level;
  svg.appendChild(lvl);
  // crossing-the-top mark between 5 and 1
  svg.appendChild(s("path", { d: `M${c} ${c - R - 1} l-4 -0 l4 6 l4 -6 z`, class: "onb-wheel-top" }));
  box.appendChild(svg);
  const cap = h("div", "onb-wheel-caption", `${word(view, "label", "reputation")}: ${say(view, "level", { level, position: pos })}`);
  box.appendChild(cap);
  box.dataset.level = String(rep.level);
  box.dataset.position = String(pos);
  return box;
}

// ----------------------------------------------------------------- servant zones

function zoneEl(view, title, cls, kinds) {
  const z = h("div", `onb-zone ${cls}`);
  z.appendChild(h("div", "onb-zone-title", title));
  const row = h("div", "onb-zone-meeples");
  for (const kind of kinds) row.appendChild(meeple(view, kind, { label: true }));
  if (!kinds.length) row.appendChild(h("span", "onb-empty", word(view, "label", "empty")));
  z.appendChild(row);
  z.dataset.count = String(kinds.length);
  return z;
}

// ----------------------------------------------------------------- the activity square

function placementsOn(view, target) {
  return (view.placements || []).filter((p) => p.target === target);
}

function placedEl(view, p) {
  const el = h("span", "onb-placed");
  el.appendChild(meeple(view, p.servant, { label: true }));
  let note;
  if (p.covers === null || p.covers === undefined) note = word(view, "placed", "supplemental");
  else if (p.covers !== p.servant) {
    note = fill(word(view, "placed", "for"), { servant: servantInfo(view, p.covers).name });
  }
  if (note) el.appendChild(h("span", "onb-placed-note", note));
  if (p.from_quarters) el.appendChild(h("span", "onb-placed-note", word(view, "placed", "quarters")));
  const name = servantInfo(view, p.servant).name;
  el.title = note ? say(view, "placed", { name, note }) : name;
  return el;
}

function placeName(view, player, target) {
  const tile = (player.organiser || []).find((t) => t.id === target);
  return tile ? tile.name : word(view, "place", target);
}

// The favour waiting for a decision (a screen shows the cards seen).
function choiceEl(view) {
  const choice = (view.choices || [])[0];
  if (!choice) return null;
  const box = h("div", "onb-decision");
  const values = { keep: choice.keep, n: choice.cards.length, count: choice.count };
  box.appendChild(h("div", "onb-zone-title", fill(word(view, "decision", choice.kind), values)));
  if (choice.cards.length) {
    const row = h("div", "onb-pile-cards");
    for (const c of choice.cards) row.appendChild(cardEl(view, c));
    box.appendChild(row);
  }
  return box;
}

function activityEl(view, player) {
  const box = h("div", "onb-activity");
  box.appendChild(h("div", "onb-zone-title", word(view, "label", "activity")));
  const act = view.activity;
  const mine = view.pending && view.pending.player === player.seat;
  if (!act || !mine) {
    box.appendChild(h("div", "onb-empty onb-activity-empty", word(view, "label", "no_activity")));
    return box;
  }
  const row = h("div", "onb-activity-row");
  const tileCol = h("div", "onb-activity-slot");
  tileCol.appendChild(tileEl(view, act.tile, { owned: true }));
  const onTile = h("div", "onb-placed-row");
  const tilePlacements = [...placementsOn(view, "tile"), ...placementsOn(view, act.tile.id)];
  for (const p of tilePlacements) onTile.appendChild(placedEl(view, p));
  tileCol.appendChild(onTile);
  row.appendChild(tileCol);
  for (const g of act.guests) {
    const col = h("div", "onb-activity-slot");
    col.appendChild(cardEl(view, g));
    const on = h("div", "onb-placed-row");
    for (const p of placementsOn(view, g.id)) on.appendChild(placedEl(view, p));
    col.appendChild(on);
    row.appendChild(col);
  }
  box.appendChild(row);
  const other = (view.placements || []).filter(
    (p) => p.target !== "tile" && p.target !== act.tile.id && !act.guests.some((g) => g.id === p.target),
  );
  if (other.length) {
    const o = h("div", "onb-placed-row");
    for (const p of other) {
      const e = placedEl(view, p);
      const place = placeName(view, player, p.target);
      e.appendChild(h("span", "onb-placed-note", fill(word(view, "placed", "on"), { place })));
      o.appendChild(e);
    }
    box.appendChild(o);
  }
  const decision = choiceEl(view);
  if (decision) box.appendChild(decision);
  return box;
}

// ----------------------------------------------------------------- the organiser

function organiserEl(view, player) {
  const org = h("div", "onb-organiser");
  org.appendChild(h("div", "onb-section-title", word(view, "label", "organiser")));
  const cols = h("div", "onb-org-cols");
  const byCat = {};
  const hosting = view.activity && view.pending && view.pending.player === player.seat;
  for (const t of player.organiser) {
    const col = t.column || t.category; // the engine's organiser column when it gives one
    (byCat[col] = byCat[col] || []).push(t);
  }
  const cats = [...CATEGORIES];
  for (const extra of Object.keys(byCat)) if (!cats.includes(extra)) cats.push(extra);
  for (const cat of cats) {
    const col = h("div", `onb-org-col onb-cat-${cat}`);
    col.dataset.category = cat;
    col.appendChild(h("div", "onb-org-head", word(view, "category", cat)));
    for (const t of byCat[cat] || []) {
      const el = tileEl(view, t, { owned: true });
      if (hosting && t.id === view.activity.tile.id) {
        el.classList.add("onb-hosting");
        el.appendChild(h("span", "onb-hosting-tag", word(view, "label", "hosting")));
      }
      col.appendChild(el);
    }
    cols.appendChild(col);
  }
  org.appendChild(cols);
  return org;
}

function pileEl(view, title, cls, cards) {
  const pile = h("div", `onb-pile ${cls}`);
  pile.appendChild(h("div", "onb-section-title", `${title} (${cards.length})`));
  const row = h("div", "onb-pile-cards");
  for (const c of cards) row.appendChild(cardEl(view, c));
  if (!cards.length) row.appendChild(h("span", "onb-empty", word(view, "label", "empty")));
  pile.appendChild(row);
  return pile;
}

// ----------------------------------------------------------------- a player board

// Competitive Team Play: the seat's team, partner, request to answer and loans (the mode's view).
function teamOf(view, seat) {
  if (view.mode !== "team" || !view.solo || !view.solo.players) return null;
  return view.solo.players[seat] || null;
}

function playerEl(view, p) {
  const board = h("div", `onb-player onb-family-${p.family}`);
  board.dataset.seat = String(p.seat);
  const seat = say(view, "seat", { seat: p.seat + 1 });
  labelRegion(board, say(view, "player_board", { name: p.name, seat }));
  const active = view.pending && view.pending.player === p.seat;
  if (active) board.classList.add("onb-active");
  const head = h("div", "onb-player-head");
  add(
    head,
    h("span", "onb-player-seat", seat),
    h("span", "onb-player-name", p.name),
    h("span", "onb-player-family", p.family_name ? say(view, "house", { family: p.family_name }) : word(view, "label", "no_family")),
  );
  if (view.first_player === p.seat) {
    const pawn = h("span", "onb-first-pawn", word(view, "label", "first_player"));
    pawn.title = word(view, "label", "first_pawn");
    head.appendChild(pawn);
  }
  if (active) head.appendChild(h("span", "onb-to-play", word(view, "label", "to_play")));
  const mate = teamOf(view, p.seat);
  if (mate) {
    const badge = h("span", `onb-team onb-team-${mate.team}`, say(view, "team", { team: mate.team }));
    badge.title = say(view, "partner", { partner: mate.partner });
    head.appendChild(badge);
    if (mate.request) head.appendChild(h("span", "onb-team-decides", say(view, "decides", { request: mate.request })));
  }
  const purse = h("span", "onb-money", money(p.money));
  purse.title = word(view, "label", "money");
  add(
    head,
    h("span", "onb-spacer"),
    purse,
    h("span", "onb-counts", say(view, "counts", { objectives: p.objectives, vp_cards: p.vp_cards })),
  );
  board.appendChild(head);

  const mid = h("div", "onb-player-mid");
  mid.appendChild(wheelEl(view, p.reputation));
  const zones = h("div", "onb-zones");
  add(
    zones,
    zoneEl(view, word(view, "label", "available"), "onb-available", p.servants.available),
    zoneEl(view, word(view, "label", "quarters"), "onb-quarters", p.servants.quarters),
    zoneEl(view, word(view, "label", "expended"), "onb-expended", p.servants.expended),
  );
  if ((p.removed || []).length) zones.appendChild(zoneEl(view, word(view, "label", "removed"), "onb-removed", p.removed));
  mid.appendChild(zones);
  mid.appendChild(activityEl(view, p));
  board.appendChild(mid);

  board.appendChild(organiserEl(view, p));
  const piles = h("div", "onb-piles");
  add(piles, pileEl(view, word(view, "label", "hand"), "onb-hand", p.hand), pileEl(view, word(view, "label", "discard"), "onb-discard", p.discard));
  board.appendChild(piles);
  if (mate && (mate.borrowed.length || mate.lent.length)) {
    const loans = h("div", "onb-team-loans");
    for (const key of ["borrowed", "lent"]) {
      if (mate[key].length) add(loans, h("b", null, `${word(view, "label", key)}: `), h("span", null, listed(view, mate[key])));
    }
    board.appendChild(loans);
  }
  const bonus = h("div", "onb-family-bonus");
  add(bonus, h("b", null, `${word(view, "label", "family_bonus")}: `), h("span", null, p.family_bonus || "—"));
  board.appendChild(bonus);
  return board;
}

// ----------------------------------------------------------------- supply board

// The engine's price for a tile on offer (view.supply.offers); no price is computed here.
function offerFor(view, where, tile, space) {
  return ((view.supply || {}).offers || []).find(
    (o) => o.where === where && o.tile === tile && (space === null || o.space === space),
  );
}

function reserveEl(view, title, cls, r, where) {
  const box = h("div", `onb-reserve ${cls}${r.active ? " onb-reserve-active" : ""}`);
  const head = h("div", "onb-market-price", `${title} · ${money(r.price)}`);
  box.appendChild(head);
  box.appendChild(h("div", "onb-reserve-state", word(view, "label", r.active ? "reserve_active" : "reserve_waiting")));
  const row = h("div", "onb-reserve-tiles");
  for (const t of r.tiles) {
    row.appendChild(tileEl(view, t, { market: true }));
    const offer = offerFor(view, where, t.id, null);
    if (offer) row.appendChild(h("div", "onb-market-cost", say(view, "costs", { money: money(offer.price) })));
  }
  if (!r.tiles.length) row.appendChild(h("span", "onb-empty", word(view, "label", "empty")));
  box.appendChild(row);
  return box;
}

function supplyEl(view) {
  const sup = view.supply;
  const box = h("div", "onb-supply");
  labelRegion(box, word(view, "label", "market_and_reserves"));
  box.appendChild(h("div", "onb-section-title", word(view, "label", "market")));
  const market = h("div", "onb-market");
  for (let i = 0; i < 6; i++) {
    const space = sup.market[i] || { price: 300 + 100 * i, tiles: [] };
    const sp = h("div", "onb-market-space");
    sp.dataset.space = String(i);
    sp.appendChild(h("div", "onb-market-price", money(space.price)));
    if (space.tiles.length) {
      const top = tileEl(view, space.tiles[0], { market: true });
      if (space.tiles.length > 1) {
        sp.classList.add("onb-stacked");
        top.appendChild(h("span", "onb-stack-count", `×${space.tiles.length}`));
      }
      sp.appendChild(top);
      const offer = offerFor(view, "market", space.tiles[0].id, i);
      if (offer) sp.appendChild(h("div", "onb-market-cost", say(view, "costs", { money: money(offer.price) })));
    } else {
      sp.appendChild(h("div", "onb-empty onb-market-empty", word(view, "label", "empty")));
    }
    market.appendChild(sp);
  }
  box.appendChild(market);
  const lower = h("div", "onb-supply-lower");
  add(
    lower,
    reserveEl(view, word(view, "label", "service_reserve"), "onb-service-reserve", sup.service_reserve, "service-reserve"),
    reserveEl(view, word(view, "label", "pr1_reserve"), "onb-pr1-reserve", sup.pr1_reserve, "pr1-reserve"),
  );
  const hire = h("div", "onb-hire");
  hire.appendChild(h("div", "onb-market-price", word(view, "label", "hire")));
  const hr = h("div", "onb-hire-row");
  for (const [kind, n] of Object.entries(sup.servants_for_hire || {})) {
    const cell = h("span", "onb-hire-cell");
    cell.dataset.kind = kind;
    add(cell, meeple(view, kind, { label: true }), h("span", "onb-hire-n", `×${n}`));
    hr.appendChild(cell);
  }
  if (!hr.childNodes.length) hr.appendChild(h("span", "onb-empty", word(view, "label", "none")));
  hire.appendChild(hr);
  if ((sup.draft_display || []).length) {
    hire.appendChild(h("div", "onb-market-price onb-draft-title", word(view, "label", "draft")));
    const dr = h("div", "onb-hire-row onb-draft-display");
    for (const kind of sup.draft_display) dr.appendChild(meeple(view, kind, { label: true }));
    hire.appendChild(dr);
  }
  lower.appendChild(hire);
  const decks = h("div", "onb-decks");
  decks.appendChild(h("div", "onb-market-price", word(view, "label", "decks")));
  const d = sup.decks || {};
  for (const [k, label] of [
    ["casual", "casual_deck"],
    ["prestige", "prestige_deck"],
    ["objective", "objective_deck"],
    ["vp", "vp_deck"],
    ["bag", "bag"],
  ]) {
    const row = h("div", "onb-deck-row");
    add(row, h("span", null, word(view, "label", label)), h("b", null, d[k] ?? 0));
    decks.appendChild(row);
  }
  lower.appendChild(decks);
  box.appendChild(lower);
  return box;
}

// ----------------------------------------------------------------- round track

function trackEl(view) {
  const box = h("div", "onb-track");
  labelRegion(box, word(view, "label", "round_track"));
  const spaces = view.round_track || [];
  const seasons = {};
  for (const sp of spaces) (seasons[sp.season] = seasons[sp.season] || []).push(sp);
  const themes = view.theme_categories || [];
  for (const [season, list] of Object.entries(seasons)) {
    const group = h("div", "onb-season");
    const theme = themes[Number(season) - 1];
    group.appendChild(
      h("div", "onb-season-head", theme ? say(view, "season_theme", { season, theme: word(view, "category", theme) })
        : say(view, "season", { season })),
    );
    const row = h("div", "onb-season-row");
    for (const sp of list) {
      const cell = h("div", "onb-round");
      cell.dataset.round = String(sp.round);
      if (sp.courtship) cell.classList.add("onb-courtship");
      if (sp.round === view.round) cell.classList.add("onb-current");
      if (sp.round < view.round) cell.classList.add("onb-past");
      cell.appendChild(h("div", "onb-round-num", sp.round));
      if (sp.courtship) cell.appendChild(h("div", "onb-round-ev onb-round-court", word(view, "label", "courtship")));
      const events = sp.events || [];
      events.forEach((ev, i) => {
        const twice = events.filter((o) => o.kind === ev.kind).length > 1;
        if (twice && events.findIndex((o) => o.kind === ev.kind) !== i) return;
        const label = (twice && view.words?.event_twice?.[ev.kind]) || word(view, "event", ev.kind);
        const e = h("div", "onb-round-ev", label);
        e.dataset.event = ev.kind;
        if (!ev.verified) {
          e.classList.add("onb-unverified-text");
          e.title = word(view, "label", "round_unstated");
          e.textContent += " ?";
        }
        cell.appendChild(e);
      });
      if (sp.round === view.round) {
        const pawn = h("span", "onb-white-pawn");
        pawn.title = word(view, "label", "round_pawn");
        cell.appendChild(pawn);
      }
      row.appendChild(cell);
    }
    group.appendChild(row);
    box.appendChild(group);
  }
  return box;
}

// ----------------------------------------------------------------- compact table

function tableEl(view) {
  const t = h("table", "onb-table");
  const head = h("tr");
  for (const c of ["seat", "player", "family", "money", "reputation", "available", "quarters", "expended", "hand", "discard", "tiles"])
    head.appendChild(h("th", null, word(view, "column", c)));
  t.appendChild(head);
  for (const p of view.players) {
    const tr = h("tr");
    if (view.pending && view.pending.player === p.seat) tr.classList.add("onb-active-row");
    const rep = `${String(p.reputation.level) === "max" ? word(view, "label", "max") : p.reputation.level} / ${p.reputation.position}`;
    const names = (list) => listed(view, list.map((k) => servantInfo(view, k).name)) || "–";
    const seat = h("td", null, `${say(view, "seat", { seat: p.seat + 1 })} `);
    if (view.first_player === p.seat) {
      const pawn = h("span", "onb-first-pawn", word(view, "label", "first"));
      pawn.title = word(view, "label", "first_pawn");
      seat.appendChild(pawn);
    }
    tr.appendChild(seat);
    for (const v of [
      p.name,
      p.family_name || "–",
      money(p.money),
      rep,
      names(p.servants.available),
      names(p.servants.quarters),
      names(p.servants.expended),
      p.hand.length,
      p.discard.length,
      p.organiser.length,
    ])
      tr.appendChild(h("td", null, v));
    t.appendChild(tr);
  }
  return t;
}

// ----------------------------------------------------------------- Tableau Obsession, milestones

function milestonesEl(view) {
  const box = h("div", "onb-milestones");
  box.appendChild(h("div", "onb-market-price", word(view, "label", "milestones")));
  for (const m of view.milestones) {
    const card = h("div", "onb-milestone");
    card.dataset.milestone = m.id;
    const name = h("div", "onb-milestone-name", m.name);
    if (m.standin) {
      name.classList.add("onb-unverified-text");
      name.title = word(view, "label", "milestone_standin");
    }
    add(card, name, h("div", "onb-milestone-need", say(view, "needs", { measure: word(view, "measure", m.measure), at_least: m.at_least })));
    m.vp.forEach((vp, i) => {
      const claim = m.claims.find((c) => c.place === i + 1);
      const place = h("div", "onb-milestone-place", say(view, i === 0 ? "first_place" : "second_place", { vp }));
      if (claim) {
        const chip = h("span", "onb-crest", claim.player);
        chip.title = say(view, "claimed", { round: claim.round });
        place.appendChild(chip);
      } else place.appendChild(h("span", "onb-empty", word(view, "label", "free")));
      card.appendChild(place);
    });
    box.appendChild(card);
  }
  return box;
}

function tableauEl(view) {
  const t = view.solo || {};
  const box = h("div", "onb-tableau");
  const direction = word(view, "direction", t.pawn_direction || "");
  box.appendChild(h("div", "onb-market-price", say(view, view.mode === "tableau-duel" ? "tableau_duel" : "tableau", { direction })));
  if (t.end_reason) {
    const who = t.reached_max !== null && t.reached_max !== undefined ? view.players[t.reached_max].name : null;
    box.appendChild(h("div", "onb-tableau-end", t.end_reason === "max" ? say(view, "over_max", { player: who }) : say(view, "over_track", { round: t.last_round })));
  }
  const offer = t.pending === "draft" ? t.draft_deck : t.pending === "ball" ? t.ball_offer : [];
  if (offer.length) {
    const row = h("div", "onb-tableau-offer", `${word(view, "label", t.pending === "draft" ? "starter_deck" : "ball_offer")}: `);
    row.appendChild(h("span", null, offer.map((c) => c.name).join(" · ")));
    row.dataset.hidden = String(offer.some((c) => c.hidden));
    box.appendChild(row);
  }
  const log = h("div", "onb-qv-log");
  log.appendChild(h("div", "onb-qv-head", word(view, "label", "market_log")));
  const recent = (t.queen_victoria || []).slice(-4);
  if (!recent.length) log.appendChild(h("div", "onb-empty", word(view, "label", "no_round_ended")));
  for (const q of recent) {
    const drawn = listed(view, q.drawn) || word(view, "label", "nothing");
    log.appendChild(h("div", "onb-qv-entry", say(view, "queen_victoria", { round: q.round, removed: q.removed.join(word(view, "join", "and")), drawn })));
  }
  box.appendChild(log);
  return box;
}

// One courtship of classic solitaire: its season, themes, both scores and who won.
function courtshipLine(view, r) {
  const themes = r.themes.map((t) => word(view, "category", t).toUpperCase()).join(word(view, "join", "and"));
  return say(view, "courtship", { season: r.season, themes, player: r.player, opponent: r.opponent,
    outcome: word(view, "outcome", r.outcome) });
}

// Classic solitaire: the opponent card (marked when it is a stand-in), the courtships so far
// and the AI card's last rolls (obsession_nb/modes/classic/mode.py classic_view).
function classicEl(view) {
  const c = view.solo || {};
  const o = c.opponent || {};
  const box = h("div", "onb-tableau onb-classic");
  const head = h("div", "onb-market-price", say(view, c.challenging ? "classic_challenging" : "classic",
    { name: o.name, difficulty: word(view, "difficulty", o.difficulty), base: o.base }));
  box.appendChild(head);
  if (o.standin) {
    const tag = h("div", "onb-unverified-text onb-classic-standin", word(view, "label", "opponent_standin"));
    tag.title = o.source || "";
    box.appendChild(tag);
  }
  const themes = ["essentials", "service", "estate", "prestige", "sporting"];
  const chart = h("table", "onb-classic-chart");
  const top = h("tr");
  top.appendChild(h("th", null, word(view, "column", "season")));
  for (const t of themes) top.appendChild(h("th", null, word(view, "category", t).toUpperCase()));
  chart.appendChild(top);
  for (const season of ["1", "2", "3", "4"]) {
    const row = h("tr");
    row.appendChild(h("td", null, season === "4" ? say(view, "final_season", { season }) : season));
    for (const t of themes) row.appendChild(h("td", null, String((o.chart || {})[season]?.[t] ?? "")));
    chart.appendChild(row);
  }
  box.appendChild(chart);
  const court = h("div", "onb-qv-log");
  court.appendChild(h("div", "onb-qv-head", say(view, c.opponent_fairchild ? "courtships_fairchild" : "courtships", { vp_cards: c.opponent_vp_cards || 0 })));
  if (!(c.courtships || []).length) court.appendChild(h("div", "onb-empty", word(view, "label", "no_courtship")));
  for (const r of c.courtships || []) {
    court.appendChild(h("div", "onb-qv-entry", courtshipLine(view, r)));
  }
  box.appendChild(court);
  const ai = c.ai_card || {};
  const log = h("div", "onb-qv-log");
  const name = ai.name || word(view, "label", "ai_card");
  const column = word(view, "turn_column", ai.column === "monument" ? "monument" : "standard");
  const next = c.minus_five ? ` · ${word(view, "label", "next_roll")}` : "";
  log.appendChild(h("div", "onb-qv-head", `${ai.standin ? say(view, "ai_standin", { name }) : name} · ${column}${next}`));
  const recent = (c.rolls || []).slice(-4);
  if (!recent.length) log.appendChild(h("div", "onb-empty", word(view, "label", "ai_not_rolled")));
  for (const r of recent) {
    const what = r.reason === "taken" ? say(view, "scavenged", { tiles: (r.names || r.tiles).join(word(view, "join", "and")), position: r.position })
      : r.reason === "refresh" ? word(view, "label", "refreshed") : r.reason === "no-purchase" ? word(view, "label", "no_purchase")
      : say(view, "empty_position", { position: r.position });
    const line = say(view, r.result !== r.roll ? "roll_less" : "roll", { round: r.round, roll: r.roll, result: r.result, what });
    log.appendChild(h("div", "onb-qv-entry", line));
  }
  box.appendChild(log);
  return box;
}

// ----------------------------------------------------------------- the whole board

function pendingEl(view) {
  const bar = h("div", "onb-pending");
  const where = say(view, view.courtship ? "where_courtship" : "where", { round: view.round, season: view.season });
  add(bar, h("span", "onb-pending-where", where), h("span", "onb-pending-prompt", view.pending ? view.pending.prompt : ""));
  if (view.title) bar.appendChild(h("span", "onb-pending-title", view.title));
  return bar;
}

// Whose view this is: one seat's (the others' hidden cards face down) or the open view (every
// card face up, for teaching), always said above the board.
function viewerEl(view) {
  const viewer = view.viewer || { open: true };
  const label = viewer.open ? word(view, "label", "open_view")
    : say(view, "viewer", { name: viewer.name || view.players[viewer.seat].name, seat: viewer.seat + 1 });
  const bar = h("div", `onb-viewer ${viewer.open ? "onb-viewer-open" : "onb-viewer-seat"}`, label);
  bar.dataset.open = String(Boolean(viewer.open));
  return bar;
}

// The one-line legend of the honesty markers, and the switch that hides the "?" badges
// (root's class onb-hide-marks: kept across redraws).
function legendEl(view, root) {
  const bar = h("div", "onb-legend");
  const q = h("span", "onb-legend-mark", "?");
  const tag = h("span", "onb-standin-tag", word(view, "label", "stand_in"));
  add(bar, q, h("span", null, ` ${word(view, "label", "legend_unstated")} · `), tag,
    h("span", null, ` ${word(view, "label", "legend_standin")}`));
  const label = h("label", "onb-legend-toggle");
  const box = h("input");
  box.type = "checkbox";
  box.checked = !root.classList.contains("onb-hide-marks");
  box.addEventListener("change", () => root.classList.toggle("onb-hide-marks", !box.checked));
  add(label, box, h("span", null, ` ${word(view, "label", "show_badges")}`));
  bar.appendChild(label);
  return bar;
}

// The sections of the board in order: [key, what the section draws from (its signature), how
// to build it].  A section is rebuilt only when its signature changes.
function sections(view, parts, seats, activeOnly) {
  const want = new Set(parts && parts.length ? parts : ["pending", "track", "supply", "players"]);
  const list = [];
  const kinds = view.servant_kinds;
  list.push(["viewer", [view.viewer], () => viewerEl(view)]);
  if (want.has("pending")) {
    list.push(["pending", [view.round, view.season, view.courtship, view.pending, view.title], () => pendingEl(view)]);
  }
  if (want.has("supply") || want.has("players")) list.push(["legend", [], (root) => legendEl(view, root)]);
  if (want.has("track")) {
    list.push(["track", [view.round_track, view.round, view.theme_categories], () => trackEl(view)]);
    const names = view.players.map((p) => p.name);
    if (String(view.mode || "").startsWith("tableau")) list.push(["tableau", [view.mode, view.solo, names], () => tableauEl(view)]);
    if (view.mode === "classic-solo") list.push(["classic", [view.solo], () => classicEl(view)]);
    if (view.milestones && view.milestones.length) list.push(["milestones", [view.milestones], () => milestonesEl(view)]);
  }
  if (want.has("supply")) list.push(["supply", [view.supply, kinds], () => supplyEl(view)]);
  if (want.has("table")) list.push(["table", [view.players, view.pending, view.first_player, kinds], () => tableEl(view)]);
  if (want.has("players")) {
    const toPlay = view.pending ? view.pending.player : null;
    const chosen = activeOnly && toPlay !== null ? view.players.filter((p) => p.seat === toPlay)
      : seats && seats.length ? view.players.filter((p) => seats.includes(p.seat)) : view.players;
    for (const p of chosen) {
      const active = view.pending && view.pending.player === p.seat;
      const turn = active ? [view.activity, view.placements, view.choices] : null;
      list.push([`player-${p.seat}`, [p, active, view.first_player, kinds, teamOf(view, p.seat), turn], () => playerEl(view, p)]);
    }
  }
  return list;
}

// Draw the position into root, rebuilding only the sections whose part of the view changed
// (cache: key -> {sig, el}); fresh(el) is called on each section built anew.
export function draw(root, view, parts, seats, cache = new Map(), fresh = () => {}, activeOnly = false) {
  if (!view || !view.players) {
    cache.clear();
    root.replaceChildren(h("div", "onb-empty", word(view || {}, "label", "no_position")));
    return;
  }
  const keep = new Set();
  let at = root.firstChild;
  for (const [key, inputs, build] of sections(view, parts, seats, activeOnly)) {
    const sig = JSON.stringify(inputs);
    let entry = cache.get(key);
    if (!entry || entry.sig !== sig) {
      const el = build(root);
      el.dataset.section = key;
      fresh(el);
      if (entry && entry.el.parentNode === root) {
        if (at === entry.el) at = el;
        entry.el.replaceWith(el);
      }
      entry = { sig, el };
      cache.set(key, entry);
    }
    keep.add(key);
    if (entry.el !== at) root.insertBefore(entry.el, at);
    at = entry.el.nextSibling;
  }
  for (const [key, entry] of cache) {
    if (!keep.has(key)) {
      entry.el.remove();
      cache.delete(key);
    }
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

// Labels in another language (the `labels` and `names` traits): a text or tooltip that is
// exactly an English label is replaced, and component names inside longer ones; anything else
// stays as drawn (English, never an id).
function translate(root, section, labels, names) {
  if (!labels || !Object.keys(labels).length) return;
  root.dataset.lang = "translated";
  const terms = Object.keys(names || {}).sort((a, b) => b.length - a.length);
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = terms.length ? new RegExp(`(?<![\\w'])(${escaped.join("|")})(?![\\w'])`, "g") : null;
  const tr = (text) => {
    const key = text.trim();
    if (key && Object.hasOwn(labels, key)) return text.replace(key, labels[key]);
    return re ? text.replace(re, (m) => names[m]) : text;
  };
  // A visible label that would mix languages ("for ホールボーイ") stays English
  // (obsession_nb.base.i18n.mixed); hover text may keep English detail beside a name.
  const mixed = (text) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text)
    && (text.match(/[A-Za-z][A-Za-z' ]*/g) || []).some((run) => {
      const words = run.split(" ").filter(Boolean);
      const capital = words.map((w) => w[0] !== w[0].toLowerCase());
      return words.some((w, i) => w.length > 1 && w[0] !== w[0].toUpperCase()
        && !(capital.slice(0, i).includes(true) && capital.slice(i + 1).includes(true)));
    });
  const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const done = tr(node.nodeValue);
    const hover = node.parentNode && node.parentNode.nodeName.toLowerCase() === "title"; // a meeple's
    if (hover || !mixed(done)) node.nodeValue = done;
  }
  for (const el of section.querySelectorAll("[title]")) el.title = tr(el.title);
}

// Scale the board (CSS zoom) to the room it has.  The board reflows to any width from
// NARROWEST px up (board.css), so "width" only shrinks a board whose container is narrower than
// that (and never below 3/4, so that its 11 px text stays legible when the reader zooms the page
// to 200 %: a narrower container then scrolls sideways).  "screen" (teaching mode) never shrinks
// it (its card names stay at 11 px or more) and grows it as far as the window's height below the
// board's top allows; a board taller than that scrolls in its own area (teach.css).
const NARROWEST = 720;
const LARGEST = 1.6;

function fitter(model, el, root) {
  const zoomTo = (z) => {
    if (Math.abs((parseFloat(root.style.zoom) || 1) - z) > 0.005) root.style.zoom = String(z);
  };
  const fitsHeight = (room) => root.getBoundingClientRect().height <= room;
  const fit = () => {
    const mode = model.get("fit");
    const width = el.clientWidth;
    if (!mode || !width || !root.isConnected) return;
    if (mode !== "screen") {
      zoomTo(Math.max(0.75, Math.floor(Math.min(1, width / NARROWEST) * 100) / 100));
      return;
    }
    const room = window.innerHeight - Math.max(0, el.getBoundingClientRect().top) - 12;
    let low = 1;
    let high = Math.max(1, Math.min(LARGEST, width / NARROWEST));
    zoomTo(high);
    if (!fitsHeight(room)) {
      zoomTo(low);
      if (fitsHeight(room)) {
        for (let i = 0; i < 6; i += 1) {  // the largest zoom that fits, to within 1 %
          const mid = (low + high) / 2;
          zoomTo(mid);
          if (fitsHeight(room)) low = mid;
          else high = mid;
        }
      }
      zoomTo(Math.floor(low * 100) / 100);
    }
  };
  const seen = new ResizeObserver(() => requestAnimationFrame(fit));
  seen.observe(el);
  seen.observe(root); // a redrawn board may be taller or shorter: fit it again
  window.addEventListener("resize", fit);
  return () => {
    seen.disconnect();
    window.removeEventListener("resize", fit);
  };
}

function render({ model, el }) {
  const root = h("div", "onb-board");
  el.style.overflowX = "auto"; // a board wider than its container (page zoomed) scrolls
  el.appendChild(root);
  let cache = new Map();
  let drawn = null;
  const redraw = () => {
    try {
      const labels = model.get("labels");
      const names = model.get("names");
      const words = model.get("words");
      const settings = JSON.stringify([model.get("parts"), model.get("seats"), labels, names,
        words, model.get("active_only")]);
      if (settings !== drawn) cache = new Map(); // what to draw, or its language, changed
      drawn = settings;
      const view = model.get("view");
      draw(root, { ...(view || {}), words }, model.get("parts"),
        model.get("seats"), cache,
        (section) => translate(root, section, labels, names), model.get("active_only"));
    } catch (err) {
      cache = new Map();
      root.replaceChildren(h("pre", "onb-error", say({ words: model.get("words") }, "not_drawn", { error: err })));
      throw err;
    }
  };
  redraw();
  const stopFit = fitter(model, el, root);
  const stop = redrawOn(model, ["view", "parts", "seats", "labels", "words", "active_only"], redraw);
  return () => {
    stop();
    stopFit();
  };
}

export default { render };
