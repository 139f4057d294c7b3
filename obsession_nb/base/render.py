"""Plain-text and HTML renderings of positions, actions, rulings and verdicts for notebooks,
and the HTML building blocks the renderers of the layers above share (:func:`element`,
:func:`item_list`, :func:`folded_list`, :func:`image_html`).

No game knowledge is imported here: a ruling, a verdict, an action and a log entry are read
through the small :class:`typing.Protocol` s below (what ``data.rules.Ruling``,
``engine.records.verdict.Verdict``, ``engine.records.actions.Action`` and
``engine.records.state.LogEntry`` provide), a position through its JSON view.  All text that
can come from a scenario is escaped before it reaches HTML.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any, Protocol


class RulingLike(Protocol):
    """A ruling: its rule id, what it means here, and the rule's citation and summary."""

    @property
    def rule(self) -> str: ...
    @property
    def verdict(self) -> str: ...
    @property
    def citation(self) -> str: ...
    @property
    def summary(self) -> str: ...


class VerdictLike(Protocol):
    """An action's verdict: the action as notation, legal or not, and its rulings."""

    @property
    def action(self) -> str: ...
    @property
    def legal(self) -> bool: ...
    @property
    def rulings(self) -> Sequence[RulingLike]: ...


class ActionLike(Protocol):
    """An action: its notation and a summary of its kind."""

    @property
    def notation(self) -> str: ...
    @property
    def summary(self) -> str: ...


class EntryLike(Protocol):
    """A log entry: the action (an automatic step in parentheses) and its rulings as dicts."""

    @property
    def action(self) -> str: ...
    @property
    def rulings(self) -> Sequence[dict[str, str]]: ...


def element(name: str, body: str = "", **attrs: object) -> str:
    """``<name a='v'>body</name>``: ``body`` is HTML already (escape any text first); each
    attribute's value is escaped, ``None`` leaves it out, ``class_`` is written ``class`` and
    ``data_log`` ``data-log``."""
    written = "".join(f" {k.rstrip('_').replace('_', '-')}='{escape(str(v))}'"
                      for k, v in attrs.items() if v is not None)
    return f"<{name}{written}>{body}</{name}>"


def item_list(items: Iterable[str], name: str = "ul", **attrs: object) -> str:
    """A list (``ul``, or ``ol`` when ``name`` says so) of HTML ``items``, each its ``li``."""
    return element(name, "".join(element("li", item) for item in items), **attrs)


def folded_list(summary: str, items: Sequence[str], name: str = "ul", **attrs: object) -> str:
    """A list behind a click: ``summary`` (HTML) in front, the ``items`` (HTML) under it;
    nothing at all when there are no items."""
    if not items:
        return ""
    return element("details", element("summary", summary) + item_list(items, name), **attrs)


def image_html(png: bytes, alt: str) -> str:
    """A PNG as an ``<img>`` carrying ``alt`` as the words a screen reader reads."""
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{escape(alt, quote=True)}"'
            ' style="max-width:100%">')


STYLE = (
    "<style>.onb-r{font-family:Georgia,serif;font-size:13px;line-height:1.4}"
    ".onb-r .onb-rule{font-family:monospace;color:#6b4e16}"
    ".onb-r .onb-cite{color:#666;font-style:italic}"
    ".onb-r .onb-legal{color:#1d6b2c;font-weight:bold}"
    ".onb-r .onb-illegal{color:#a11d1d;font-weight:bold}"
    ".onb-r .onb-record{color:#555;font-size:11px}"
    ".onb-r table{border-collapse:collapse}.onb-r td,.onb-r th{padding:2px 8px;"
    "border-bottom:1px solid #ddd;text-align:left}</style>"
)


def ruling_html(r: RulingLike, text: str | None = None) -> str:
    """A ruling; its rule id shows the rule's title and summary on hover (the rule browser,
    ``obsession-nb rules ID``, has the whole entry).  ``text``: the ruling in the reader's
    language (``obsession_nb.data.translations.ruling_text``), shown first, with the engine's
    English verdict after it as the record."""
    hover = escape(r.summary, quote=True)
    said = escape(r.verdict) if text is None else (
        f'{escape(text)} <span class="onb-record" lang="en">{escape(r.verdict)}</span>')
    return (
        f'<div class="onb-r onb-ruling">{said} '
        f'<span class="onb-rule" title="{hover}">[{escape(r.rule)}]</span> '
        f'<span class="onb-cite">{escape(r.citation)}</span></div>'
    )


def verdict_html(v: VerdictLike, texts: list[str] | None = None, word: str | None = None) -> str:
    """A verdict: the action, legal or illegal (``word`` in the reader's language), and its
    rulings (``texts``: each in that language, see :func:`ruling_html`)."""
    word = word or ("legal" if v.legal else "illegal")
    label = f'<span class="{"onb-legal" if v.legal else "onb-illegal"}">{escape(word)}</span>'
    shown = texts if texts is not None else [None] * len(v.rulings)
    items = "".join(f"<li>{ruling_html(r, t)}</li>" for r, t in zip(v.rulings, shown))
    return (f'{STYLE}<div class="onb-r onb-verdict"><code>{escape(v.action)}</code>: '
            f"{label}<ul>{items}</ul></div>")


def action_html(a: ActionLike) -> str:
    return f'<code class="onb-action" title="{escape(a.summary)}">{escape(a.notation)}</code>'


POSITION_WORDS: dict[str, str] = {
    "where": "Round {round} ({length}), season {season} — {prompt}", "viewer": "[{label}]",
    "player": "{name} (p{seat}), {family}: £{money}, reputation level {level} position "
              "{position}; available {available}; quarters {quarters}; expended {expended}",
    "hand": "; hand {hand}", "no_family": "no family yet", "max": "max", "none": "-",
    "list": ", ", "empty_hand": "empty", "backs": "{count} × {name}",
    "market": "market: {market}", "space": "£{price} {tile}", "no_tile": "(empty)",
    "face_down": "{back} (face down)",
}
"""The words of :func:`position_text` in English, each sentence with its ``{name}`` fields
(``face_down``: a card the view hides, by its back, as ``engine/seat/view.py`` names it); a
text in another language passes the same table in it (``tutor/views/html/board.py``
``board_text``)."""


def position_text(view: dict[str, Any], servant_name: Callable[[str], str],
                  words: Mapping[str, str] = POSITION_WORDS) -> str:
    """A position in words from its JSON view (``Game.view``: a seat's, or the open view),
    under the view's label; ``servant_name`` names a servant kind ("Lady's Maid"), ``words``
    are :data:`POSITION_WORDS` in the text's language (the view's names, prompt and label
    already in it)."""
    def listed(items: Iterable[str]) -> str:
        return words["list"].join(items) or words["none"]

    lines = [words["where"].format(round=view["round"], length=view["length"],
                                   season=view["season"], prompt=view["pending"]["prompt"]),
             "  " + words["viewer"].format(label=view["viewer"]["label"])]
    for p in view["players"]:
        rep = p["reputation"]
        zones = {z: listed(map(servant_name, p["servants"][z]))
                 for z in ("available", "quarters", "expended")}
        hand = "" if view["viewer"]["open"] else words["hand"].format(hand=_hand(p["hand"], words))
        lines.append("  " + words["player"].format(
            name=p["name"], seat=p["seat"] + 1, family=p["family_name"] or words["no_family"],
            money=p["money"], level=words["max"] if rep["level"] == "max" else rep["level"],
            position=rep["position"], **zones) + hand)
    market = words["list"].join(
        words["space"].format(price=s["price"],
                              tile=s["tiles"][0]["name"] if s["tiles"] else words["no_tile"])
        for s in view["supply"]["market"])
    lines.append("  " + words["market"].format(market=market))
    return "\n".join(lines)


def _hand(cards: list[dict[str, Any]], words: Mapping[str, str] = POSITION_WORDS) -> str:
    """A hand in words: the cards seen by name, the others counted by their backs."""
    named = [c["name"] for c in cards if not c.get("hidden")]
    backs: dict[str, int] = {}
    for c in cards:
        if c.get("hidden"):
            backs[c["name"]] = backs.get(c["name"], 0) + 1
    counted = [words["backs"].format(count=n, name=name) for name, n in backs.items()]
    return words["list"].join([*named, *counted]) or words["empty_hand"]


def position_html(view: dict[str, Any], servant_name: Callable[[str], str]) -> str:
    """A position as an HTML table from its JSON view (see :func:`position_text`)."""
    def servants(kinds: list[str]) -> str:
        return escape(", ".join(map(servant_name, kinds)))

    rows = "".join(
        f"<tr><td>p{p['seat'] + 1}</td><td>{escape(p['name'])}</td>"
        f"<td>{escape(p['family_name'] or '—')}</td><td>£{p['money']}</td>"
        f"<td>{p['reputation']['level']} / {p['reputation']['position']}</td>"
        f"<td>{servants(p['servants']['available'])}</td>"
        f"<td>{servants(p['servants']['quarters'])}</td>"
        f"<td>{servants(p['servants']['expended'])}</td>"
        f"<td>{escape(_hand(p['hand']))}</td></tr>"
        for p in view["players"]
    )
    return (
        f'{STYLE}<div class="onb-r onb-game"><b>Round {view["round"]}</b> — '
        f'{escape(view["pending"]["prompt"])} <i class="onb-viewer">'
        f'{escape(view["viewer"]["label"])}</i><table><tr><th>seat</th><th>player</th>'
        "<th>family</th><th>money</th><th>level / position</th><th>Available Service</th>"
        "<th>Servants' Quarters</th><th>Expended Service</th><th>hand</th></tr>"
        f"{rows}</table></div>"
    )


_STEP = ("font-family:Georgia,serif;font-size:13px;line-height:1.4;margin:1px 0;"
         "padding:2px 6px;border-left:3px solid #b89d6a;background:#faf6ec;max-width:880px")
_AUTO = _STEP.replace("#b89d6a", "#c9c2b2").replace("#faf6ec", "#f4f2ee")


def steps_html(entries: Sequence[EntryLike]) -> str:
    """Log entries as ``<details>`` panels: the action and its first ruling on one line, every
    ruling with its rule id and citation inside (inline styles: they survive sanitizing)."""
    panels = []
    for entry in entries:
        auto = entry.action.startswith("(")
        first = entry.rulings[0]["verdict"] if entry.rulings else ""
        more = len(entry.rulings) - 1
        items = "".join(
            f"<li>{escape(r['verdict'])} <code style='color:#6b4e16'>[{escape(r['rule'])}]</code>"
            f" <i style='color:#666'>{escape(r['citation'])}</i></li>" for r in entry.rulings)
        label = (f"<i>{escape(entry.action.strip('()'))}</i>" if auto
                 else f"<code><b>{escape(entry.action)}</b></code>")
        extra = f" <span style='color:#5f5f5f'>(+{more} more)</span>" if more > 0 else ""
        panels.append(
            f"<details class='onb-step' style='{_AUTO if auto else _STEP}'>"
            f"<summary style='cursor:pointer;padding:3px 0'>{label} — {escape(first)}{extra}</summary>"
            f"<ul style='margin:2px 0 2px 18px;padding:0'>{items}</ul></details>")
    return f"<div class='onb-steps'>{''.join(panels)}</div>"
