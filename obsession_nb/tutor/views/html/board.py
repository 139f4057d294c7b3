"""The static pictures of the widgets (tutor/views/static.py): the board drawn as plain HTML
from the same JSON view (``Game.view()``) that ``widgets/board.js`` draws, and the note a widget
without a picture of its own shows.  JupyterLab sanitizes the HTML of a notebook it does not
trust (no ``<style>``, no scripts), so the picture uses inline styles only.  Presentation only:
nothing here decides anything, and every text is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from obsession_nb.base.render import element

NOTE = ("A picture saved with the notebook. To use the buttons, run the notebook: "
        "Run ▸ Run All Cells.")

_BOX = ("font-family:Georgia,serif;font-size:13px;line-height:1.35;color:#2b2116;"
        "background:#f6efe0;border:1px solid #b89d6a;border-radius:6px;padding:6px 8px;"
        "margin:2px 0;max-width:880px")
_HEAD = "background:#24452e;color:#fff;padding:3px 8px;border-radius:4px;margin:2px 0"
_NOTE = "font-style:italic;color:#6b4e16;font-size:12px;margin:0 0 4px"
_SECTION = "margin:6px 0 2px;font-variant:small-caps;font-weight:bold;color:#4a3a20"
_CELL = "padding:1px 8px 1px 0;vertical-align:top;text-align:left"


def _e(value: Any) -> str:
    return escape(str(value))


def _money(n: int) -> str:
    return f"−£{-n}" if n < 0 else f"£{n}"


def _servants(view: dict[str, Any], kinds: list[str]) -> str:
    names = view.get("servant_kinds", {})
    return ", ".join(_e(names.get(k, {}).get("name", k)) for k in kinds) or "–"


def _reputation(rep: dict[str, Any]) -> str:
    level = "Max" if str(rep["level"]) == "max" else rep["level"]
    return f"level {_e(level)}, position {_e(rep['position'])}"


def _section(title: str) -> str:
    """A section's title (HTML) in small capitals: the track, the market, a player."""
    return element("div", title, style=_SECTION)


def _row(label: str, value: str) -> str:
    return f"<tr><th style='{_CELL}'>{_e(label)}</th><td style='{_CELL}'>{value}</td></tr>"


def _pending(view: dict[str, Any]) -> str:
    where = f"Round {view['round']} · season {view['season']}"
    prompt = (view.get("pending") or {}).get("prompt", "")
    return (f"<div class='onb-static-pending' style='{_HEAD}'><b>{_e(where)}</b> — "
            f"{_e(prompt)}</div>")


def _track(view: dict[str, Any]) -> str:
    spaces = []
    for space in view.get("round_track", []):
        mark = "font-weight:bold;background:#fff;border:1px solid #24452e" if (
            space["round"] == view["round"]) else "color:#7a6a50"
        court = " ♥" if space.get("courtship") else ""
        spaces.append(f"<span style='padding:0 4px;{mark}'>{_e(space['round'])}{court}</span>")
    return _section("Round track (♥ courtship)") + f"<div>{' '.join(spaces)}</div>"


def _classic(view: dict[str, Any]) -> str:
    """Classic solitaire: the opponent card (named a stand-in when it is one) and the
    courtships so far."""
    solo = view.get("solo") or {}
    card = solo.get("opponent") or {}
    standin = " — a stand-in card (invented chart and base score)" if card.get("standin") else ""
    lines = [f"Season {c['season']} · {' + '.join(t.upper() for t in c['themes'])}: you "
             f"{c['player']}, opponent {c['opponent']} — {c['outcome']}"
             for c in solo.get("courtships", [])]
    return (_section(f"Classic solitaire against {_e(card.get('name'))} "
                     f"({_e(card.get('difficulty'))}, base score {_e(card.get('base'))})"
                     f"{_e(standin)}") + "".join(f"<div>{_e(line)}</div>" for line in lines))


def _supply(view: dict[str, Any]) -> str:
    supply = view["supply"]
    cells = []
    for space in supply["market"]:
        top = space["tiles"][0]["name"] if space["tiles"] else "empty"
        more = f" (+{len(space['tiles']) - 1})" if len(space["tiles"]) > 1 else ""
        cells.append(f"<td style='{_CELL}'><b>£{_e(space['price'])}</b><br>{_e(top)}{_e(more)}"
                     "</td>")
    rows = [f"<table><tr>{''.join(cells)}</tr></table>" if cells else
            "<div><i>No tiles on the market yet.</i></div>"]
    for key, title in (("service_reserve", "Service Tile Reserve"),
                       ("pr1_reserve", "PR1 Tile Reserve")):
        reserve = supply.get(key) or {}
        if reserve.get("tiles") or reserve.get("active"):
            tiles = ", ".join(_e(t["name"]) for t in reserve.get("tiles", [])) or "empty"
            rows.append(f"<div>{_e(title)} (£{_e(reserve.get('price', ''))}): {tiles}</div>")
    hire = supply.get("servants_for_hire") or {}
    if hire:
        rows.append("<div>Servants for Hire: " + ", ".join(
            f"{_servants(view, [k])} ×{n}" for k, n in hire.items()) + "</div>")
    if supply.get("draft_display"):
        rows.append(f"<div>Servant draft display: {_servants(view, supply['draft_display'])}"
                    "</div>")
    return _section("Builders' Market") + "".join(rows)


def _table(view: dict[str, Any]) -> str:
    head = "".join(f"<th style='{_CELL}'>{h}</th>" for h in (
        "seat", "player", "family", "money", "reputation", "available", "quarters", "expended"))
    rows = "".join(
        f"<tr><td style='{_CELL}'>p{p['seat'] + 1}</td><td style='{_CELL}'>{_e(p['name'])}</td>"
        f"<td style='{_CELL}'>{_e(p['family_name'] or '–')}</td>"
        f"<td style='{_CELL}'>{_money(p['money'])}</td>"
        f"<td style='{_CELL}'>{_reputation(p['reputation'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, p['servants']['available'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, p['servants']['quarters'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, p['servants']['expended'])}</td></tr>"
        for p in view["players"])
    return f"<table class='onb-static-table'><tr>{head}</tr>{rows}</table>"


def _tile(t: dict[str, Any]) -> str:
    side = " ✿" if t.get("flipped") else ""
    return f"{_e(t['name'])}{side}"


def _team(view: dict[str, Any], seat: int) -> tuple[int, str, list[tuple[str, list[str]]]] | None:
    """Competitive Team Play: the seat's team, partner and loans (the mode's view)."""
    players = (view.get("solo") or {}).get("players") if view.get("mode") == "team" else None
    if not players:
        return None
    me = players[seat]
    return me["team"], me["partner"], [("Borrowed from the teammate", me["borrowed"]),
                                       ("Lent to the teammate", me["lent"])]


def _player(view: dict[str, Any], p: dict[str, Any]) -> str:
    columns: dict[str, list[str]] = {}
    for t in p["organiser"]:
        columns.setdefault(t.get("column") or t.get("category") or "other", []).append(_tile(t))
    organiser = "; ".join(f"<i>{_e(col)}</i>: {', '.join(tiles)}"
                          for col, tiles in columns.items()) or "–"
    hand = ", ".join(_e(c["name"]) for c in p["hand"]) or "–"
    active = (view.get("pending") or {}).get("player") == p["seat"]
    mate = _team(view, p["seat"])
    head = (f"{_e(p['name'])} (p{p['seat'] + 1}) — "
            f"{_e('House of ' + p['family_name']) if p['family_name'] else 'no family board yet'}"
            f"{' · to play' if active else ''}"
            f"{_e(f' · Team {mate[0]} (partner {mate[1]})') if mate else ''}")
    loans = [] if mate is None else [_row(label, ", ".join(_e(x) for x in items))
                                     for label, items in mate[2] if items]
    rows = "".join([
        _row("Money", f"<b class='onb-static-money'>{_money(p['money'])}</b>"),
        _row("Reputation", _reputation(p["reputation"])),
        _row("Available Service", _servants(view, p["servants"]["available"])),
        _row("Servants' Quarters", _servants(view, p["servants"]["quarters"])),
        _row("Expended Service", _servants(view, p["servants"]["expended"])),
        _row("Organiser (✿ rose side)", organiser),
        _row(f"Active hand ({len(p['hand'])})", hand),
        _row("Discard pile", str(len(p["discard"]))),
        *loans,
    ])
    return ("<div class='onb-static-player' style='margin-top:4px'>"
            f"{_section(head)}<table>{rows}</table></div>")


def board_html(view: dict[str, Any], parts: list[str], seats: list[int]) -> str:
    """The board as plain HTML: the same sections as the live board (``parts``, ``seats``)."""
    if not view or not view.get("players"):
        return f"<div class='onb-static onb-static-board' style='{_BOX}'>no position</div>"
    want = set(parts or ["pending", "track", "supply", "players"])
    body = [f"<div style='{_NOTE}'>{_e(NOTE)}</div>"]
    if view.get("viewer"):
        body.append(f"<div class='onb-viewer' style='{_NOTE}'>{_e(view['viewer']['label'])}</div>")
    if "pending" in want:
        body.append(_pending(view))
    if "track" in want:
        body.append(_track(view))
        if view.get("mode") == "classic-solo":
            body.append(_classic(view))
    if "supply" in want:
        body.append(_supply(view))
    if "table" in want:
        body.append(_table(view))
    if "players" in want:
        body += [_player(view, p) for p in view["players"] if not seats or p["seat"] in seats]
    return f"<div class='onb-static onb-static-board' style='{_BOX}'>{''.join(body)}</div>"


def note_html(title: str, text: str, inner: str = "") -> str:
    """A widget that has no picture of its own (a stepper's controls, the ruling panel): its
    title, what it does once the notebook runs, and any picture it contains."""
    return (f"<div class='onb-static' style='{_BOX}'><b>{_e(title)}</b> — {_e(text)} "
            f"<span style='{_NOTE}'>Run the notebook (Run ▸ Run All Cells) to use it.</span>"
            f"{inner}</div>")
