"""The static pictures of the widgets (tutor/views/static.py): the board drawn as plain HTML
from the same JSON view (``Game.view()``) that ``widgets/board.js`` draws, and the note a widget
without a picture of its own shows; the same view as text in a language (:func:`board_text`,
``obsession-nb practice``'s ``board``).  JupyterLab sanitizes the HTML of a notebook it does not
trust (no ``<style>``, no scripts), so the picture uses inline styles only.  Presentation only:
nothing here decides anything, and every text is escaped.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.base.render import POSITION_WORDS, element, position_text
from obsession_nb.tutor.views.engine_words import engine_words, prompt
from obsession_nb.tutor.views.words import say, words

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game

_BOX = ("font-family:Georgia,serif;font-size:13px;line-height:1.35;color:#2b2116;"
        "background:#f6efe0;border:1px solid #b89d6a;border-radius:6px;padding:6px 8px;"
        "margin:2px 0;max-width:880px")
_HEAD = "background:#24452e;color:#fff;padding:3px 8px;border-radius:4px;margin:2px 0"
_NOTE = "font-style:italic;color:#6b4e16;font-size:12px;margin:0 0 4px"
_SECTION = "margin:6px 0 2px;font-variant:small-caps;font-weight:bold;color:#4a3a20"
_CELL = "padding:1px 8px 1px 0;vertical-align:top;text-align:left"

Words = dict[str, dict[str, str]]
_NAMED = ("name", "family_name", "prompt")
"""The view's texts that name components, drawn in the board's language as the live board
draws them (``obsession_nb.base.i18n.tr``: the names the glossary translates)."""


def _named(data: Any, lang: str | None) -> Any:
    """The view with its components' names (:data:`_NAMED`) in ``lang``."""
    if isinstance(data, dict):
        return {k: tr(v, lang) if k in _NAMED and isinstance(v, str) else _named(v, lang)
                for k, v in data.items()}
    if isinstance(data, list):
        return [_named(v, lang) for v in data]
    return data


def _e(value: Any) -> str:
    return escape(str(value))


def _money(n: int) -> str:
    return f"−£{-n}" if n < 0 else f"£{n}"


def _servants(view: dict[str, Any], w: Words, kinds: list[str]) -> str:
    names = view.get("servant_kinds", {})
    return _e(w["join"]["list"].join(names.get(k, {}).get("name", k) for k in kinds) or "–")


def _reputation(w: Words, rep: dict[str, Any]) -> str:
    level = w["label"]["max"] if str(rep["level"]) == "max" else rep["level"]
    return _e(say(w, "level", level=level, position=rep["position"]))


def _section(title: str) -> str:
    """A section's title (HTML) in small capitals: the track, the market, a player."""
    return element("div", title, style=_SECTION)


def _row(label: str, value: str) -> str:
    return f"<tr><th style='{_CELL}'>{_e(label)}</th><td style='{_CELL}'>{value}</td></tr>"


def _pending(view: dict[str, Any], w: Words) -> str:
    where = say(w, "where_courtship" if view.get("courtship") else "where",
                round=view["round"], season=view["season"])
    prompt = (view.get("pending") or {}).get("prompt", "")
    return (f"<div class='onb-static-pending' style='{_HEAD}'><b>{_e(where)}</b> — "
            f"{_e(prompt)}</div>")


def _track(view: dict[str, Any], w: Words) -> str:
    spaces = []
    for space in view.get("round_track", []):
        mark = "font-weight:bold;background:#fff;border:1px solid #24452e" if (
            space["round"] == view["round"]) else "color:#7a6a50"
        court = " ♥" if space.get("courtship") else ""
        spaces.append(f"<span style='padding:0 4px;{mark}'>{_e(space['round'])}{court}</span>")
    title = f"{w['label']['round_track']} ({w['label']['courtship']})"
    return _section(_e(title)) + f"<div>{' '.join(spaces)}</div>"


def _classic(view: dict[str, Any], w: Words) -> str:
    """Classic solitaire: the opponent card (named a stand-in when it is one) and the
    courtships so far."""
    solo = view.get("solo") or {}
    card = solo.get("opponent") or {}
    difficulty = str(card.get("difficulty"))
    title = say(w, "classic_challenging" if solo.get("challenging") else "classic",
                name=card.get("name"), base=card.get("base"),
                difficulty=w["difficulty"].get(difficulty, difficulty))
    standin = f"<div>{_e(w['label']['opponent_standin'])}</div>" if card.get("standin") else ""
    lines = []
    for c in solo.get("courtships", []):
        themes = w["join"]["and"].join(w["category"].get(t, t).upper() for t in c["themes"])
        lines.append(say(w, "courtship", season=c["season"], themes=themes, player=c["player"],
                         opponent=c["opponent"],
                         outcome=w["outcome"].get(c["outcome"], c["outcome"])))
    return (_section(_e(title)) + standin
            + "".join(f"<div>{_e(line)}</div>" for line in lines))


def _supply(view: dict[str, Any], w: Words) -> str:
    supply, label = view["supply"], w["label"]
    cells = []
    for space in supply["market"]:
        top = space["tiles"][0]["name"] if space["tiles"] else label["empty"]
        more = f" (+{len(space['tiles']) - 1})" if len(space["tiles"]) > 1 else ""
        cells.append(f"<td style='{_CELL}'><b>£{_e(space['price'])}</b><br>{_e(top)}{_e(more)}"
                     "</td>")
    rows = [f"<table><tr>{''.join(cells)}</tr></table>" if cells else
            f"<div><i>{_e(label['no_tiles'])}</i></div>"]
    for key in ("service_reserve", "pr1_reserve"):
        reserve = supply.get(key) or {}
        if reserve.get("tiles") or reserve.get("active"):
            tiles = w["join"]["list"].join(t["name"] for t in reserve.get("tiles", []))
            rows.append(f"<div>{_e(label[key])} (£{_e(reserve.get('price', ''))}): "
                        f"{_e(tiles or label['empty'])}</div>")
    hire = supply.get("servants_for_hire") or {}
    if hire:
        rows.append(f"<div>{_e(label['hire'])}: " + _e(w["join"]["list"]).join(
            f"{_servants(view, w, [k])} ×{n}" for k, n in hire.items()) + "</div>")
    if supply.get("draft_display"):
        rows.append(f"<div>{_e(label['draft'])}: "
                    f"{_servants(view, w, supply['draft_display'])}</div>")
    return _section(_e(label["market"])) + "".join(rows)


def _table(view: dict[str, Any], w: Words) -> str:
    head = "".join(f"<th style='{_CELL}'>{_e(w['column'][h])}</th>" for h in (
        "seat", "player", "family", "money", "reputation", "available", "quarters", "expended"))
    rows = "".join(
        f"<tr><td style='{_CELL}'>{_e(say(w, 'seat', seat=p['seat'] + 1))}</td>"
        f"<td style='{_CELL}'>{_e(p['name'])}</td>"
        f"<td style='{_CELL}'>{_e(p['family_name'] or '–')}</td>"
        f"<td style='{_CELL}'>{_money(p['money'])}</td>"
        f"<td style='{_CELL}'>{_reputation(w, p['reputation'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, w, p['servants']['available'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, w, p['servants']['quarters'])}</td>"
        f"<td style='{_CELL}'>{_servants(view, w, p['servants']['expended'])}</td></tr>"
        for p in view["players"])
    return f"<table class='onb-static-table'><tr>{head}</tr>{rows}</table>"


def _tile(t: dict[str, Any]) -> str:
    side = " ✿" if t.get("flipped") else ""
    return f"{_e(t['name'])}{side}"


def _team(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """Competitive Team Play: the seat's team, partner and loans (the mode's view)."""
    players = (view.get("solo") or {}).get("players") if view.get("mode") == "team" else None
    return players[seat] if players else None


def _player(view: dict[str, Any], w: Words, p: dict[str, Any]) -> str:
    label, listing = w["label"], w["join"]["list"]
    columns: dict[str, list[str]] = {}
    for t in p["organiser"]:
        column = t.get("column") or t.get("category") or ""
        columns.setdefault(w["category"].get(column, column), []).append(_tile(t))
    organiser = "; ".join(f"<i>{_e(col)}</i>: {_e(listing).join(tiles)}"
                          for col, tiles in columns.items()) or "–"
    hand = _e(listing.join(c["name"] for c in p["hand"])) or "–"
    active = (view.get("pending") or {}).get("player") == p["seat"]
    mate = _team(view, p["seat"])
    family = (say(w, "house", family=p["family_name"]) if p["family_name"]
              else label["no_family"])
    head = (f"{p['name']} ({say(w, 'seat', seat=p['seat'] + 1)}) — {family}"
            f"{' · ' + label['to_play'] if active else ''}"
            f"{' · ' + say(w, 'team_partner', team=mate['team'], partner=mate['partner']) if mate else ''}")
    loans = [] if mate is None else [_row(label[key], _e(listing.join(mate[key])))
                                     for key in ("borrowed", "lent") if mate[key]]
    rows = "".join([
        _row(label["money"], f"<b class='onb-static-money'>{_money(p['money'])}</b>"),
        _row(label["reputation"], _reputation(w, p["reputation"])),
        _row(label["available"], _servants(view, w, p["servants"]["available"])),
        _row(label["quarters"], _servants(view, w, p["servants"]["quarters"])),
        _row(label["expended"], _servants(view, w, p["servants"]["expended"])),
        _row(f"{label['organiser']} ({label['rose_side']})", organiser),
        _row(f"{label['hand']} ({len(p['hand'])})", hand),
        _row(label["discard"], str(len(p["discard"]))),
        *loans,
    ])
    return ("<div class='onb-static-player' style='margin-top:4px'>"
            f"{_section(_e(head))}<table>{rows}</table></div>")


def _viewer(view: dict[str, Any], w: Words) -> str:
    """Whose view the board draws: a seat's, or the open view (ruling.seat-view)."""
    viewer = view["viewer"]
    if viewer.get("open"):
        return w["label"]["open_view"]
    name = viewer.get("name") or view["players"][viewer["seat"]]["name"]
    return say(w, "viewer", name=name, seat=viewer["seat"] + 1)


def board_html(view: dict[str, Any], parts: list[str], seats: list[int],
               lang: str | None = None) -> str:
    """The board as plain HTML: the same sections as the live board (``parts``, ``seats``), in
    the live board's words (``tutor/views/words.py``) in ``lang``."""
    w = words(lang)
    if not view or not view.get("players"):
        return (f"<div class='onb-static onb-static-board' style='{_BOX}'>"
                f"{_e(w['label']['no_position'])}</div>")
    want = set(parts or ["pending", "track", "supply", "players"])
    view = _named(view, lang)
    body = [f"<div style='{_NOTE}'>{_e(w['label']['saved_picture'])}</div>"]
    if view.get("viewer"):
        body.append(f"<div class='onb-viewer' style='{_NOTE}'>{_e(_viewer(view, w))}</div>")
    if "pending" in want:
        body.append(_pending(view, w))
    if "track" in want:
        body.append(_track(view, w))
        if view.get("mode") == "classic-solo":
            body.append(_classic(view, w))
    if "supply" in want:
        body.append(_supply(view, w))
    if "table" in want:
        body.append(_table(view, w))
    if "players" in want:
        body += [_player(view, w, p) for p in view["players"] if not seats or p["seat"] in seats]
    return f"<div class='onb-static onb-static-board' style='{_BOX}'>{''.join(body)}</div>"


def note_html(title: str, text: str, inner: str = "", lang: str | None = None) -> str:
    """A widget that has no picture of its own (a stepper's controls, the ruling panel): its
    title, what it does once the notebook runs (in ``lang``) and any picture it contains."""
    run = words(lang)["label"]["run_note"]
    return (f"<div class='onb-static' style='{_BOX}'><b>{_e(title)}</b> — {_e(text)} "
            f"<span style='{_NOTE}'>{_e(run)}</span>{inner}</div>")


def position_words(lang: str | None = None) -> dict[str, str]:
    """The words of the position as text (``base.render.POSITION_WORDS``) in ``lang``
    (``content/i18n/<lang>/widgets.yaml``, section ``position``)."""
    return words(lang, {"position": POSITION_WORDS})["position"]


def board_text(game: Game, seat: int | None = None, lang: str | None = None) -> str:
    """The position in words as ``seat`` sees it (``Game.text``), in ``lang``: read from the
    same seat view in every language (ruling.seat-view), its prompt and label said in ``lang``,
    the names the glossary has put in it (the others stay English) and a card the seat cannot
    see named by its back only."""
    lang = resolve(lang)
    view, frames, board = game.view(seat), position_words(lang), words(lang)
    backs = engine_words(lang)["hidden"]

    def card(c: dict[str, Any]) -> dict[str, Any]:
        return {**c, "name": frames["face_down"].format(back=backs[c["back"]])
                if c.get("hidden") else tr(c["name"], lang)}

    said = {**_named(view, lang), "pending": {**view["pending"], "prompt": prompt(game, lang)},
            "viewer": {**view["viewer"], "label": _viewer(view, board)}}
    for p in said["players"]:
        p["hand"] = [card(c) for c in p["hand"]]
    return position_text(said, lambda kind: tr(game.table.servant_name(kind), lang), frames)
