"""Rulings on screen: the log of a turn as it happens, and the ruling panel.

``RulingsLog`` draws log entries, a verdict or a list of problems (``widgets/rulings.js``).
``RulingPanel`` lets you type or pick *any* action, legal or not, and shows the engine's verdict
with the rule ids and citations behind it.  Checking never changes the position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data.rules import BadNotation
from obsession_nb.data.translations import ruling_json, verdict_word
from obsession_nb.engine.records.naming import heading as verb_heading
from obsession_nb.engine.records.naming import name_of
from obsession_nb.engine.records.notation import action_types
from obsession_nb.tutor.views.engine_words import label, notation_words, prompt
from obsession_nb.tutor.views.html import note_html
from obsession_nb.tutor.views.labels import rule_info
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.words import LABELS, widget_labels

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.verdict import Verdict


class Stepping(Protocol):
    """What :meth:`RulingPanel.beside` follows (the stepper): a position that moves on, in a
    language."""

    game: Game
    lang: str

    def on_change(self, callback: Callable[[Any], None]) -> None: ...


RULE_OPENERS: list[Callable[[str], object]] = []
"""Called with a rule id when its chip is clicked (the rule browser registers here)."""


class RulingsLog(anywidget.AnyWidget):
    """Rulings drawn as text: ``entries`` (log), ``verdict`` (one check), ``problems``."""

    _esm = widget_module("rulings.js")
    _css = widget_style("rulings.css")

    heading = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    verdict = traitlets.Dict().tag(sync=True)
    entries = traitlets.List(traitlets.Dict()).tag(sync=True)
    problems = traitlets.List(traitlets.Unicode()).tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)
    """Rule id -> {title, summary} of every rule shown: the chips' names and hover text."""
    labels = traitlets.Dict(LABELS["rulings"]).tag(sync=True)
    """Its own words in its language (``obsession_nb/tutor/views/words.py`` LABELS)."""

    def __init__(self, *, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = resolve(lang)
        """The language of the rules' hover text (the rulings' ``text`` is given with them)."""
        super().__init__(labels=widget_labels("rulings", self.lang), **kwargs)
        self.on_msg(self._chip_clicked)

    @traitlets.observe("entries", "verdict")
    def _rules_shown(self, _change: Any) -> None:
        ids = [r["rule"] for e in self.entries for r in e.get("rulings", [])]
        ids += [r["rule"] for r in self.verdict.get("rulings", [])]
        self.rules = {i: rule_info(i, self.lang) for i in dict.fromkeys(ids)}

    def _chip_clicked(self, _w: Any, content: dict[str, Any], _b: Any) -> None:
        """A rule-id chip was clicked: open its entry where a rule browser listens."""
        if content.get("event") == "open" and content.get("rule"):
            for opener in RULE_OPENERS:
                opener(str(content["rule"]))

    def __repr__(self) -> str:
        return f"<RulingsLog {self.heading!r}: {len(self.entries)} entries>"


class NotationBox(anywidget.AnyWidget):
    """The ruling panel's type box and Check button (``widgets/notation.js``).

    Enter or Check sends the typed text with the request, so the check reads exactly what the
    box shows, however far the value sync lags behind a busy kernel."""

    _esm = widget_module("notation.js")
    _css = widget_style("rulings.css")

    value = traitlets.Unicode("").tag(sync=True)
    options = traitlets.List(traitlets.Unicode()).tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict(LABELS["notation"]).tag(sync=True)
    """Its words in the panel's language (``obsession_nb/tutor/views/words.py`` LABELS)."""

    def __init__(self, on_check: Callable[[str], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_check = on_check
        self.on_msg(self._message)

    def _message(self, _w: Any, content: dict[str, Any], _b: Any) -> None:
        if content.get("event") == "check" and isinstance(content.get("text"), str):
            self.value = content["text"]
            self._on_check(content["text"])


def verdict_json(verdict: Verdict, lang: str = "en") -> dict[str, Any]:
    """A verdict as the rulings widget draws it; in another language than English with
    ``word`` (legal or not in it) and each ruling's ``text`` (obsession_nb/data/translations.py)."""
    data: dict[str, Any] = {
        "action": verdict.action,
        "legal": verdict.legal,
        "rulings": [ruling_json(r.to_json(), lang, refused=not verdict.legal)
                    for r in verdict.rulings],
    }
    if lang != "en":
        data["word"] = verdict_word(verdict.legal, lang)
    return data


def suggestions(game: Game) -> list[str]:
    """Notations worth checking now: the legal choices, then the engine's other candidates
    (a superset of the legal ones, so most of these are refused, with the reason)."""
    legal = [a.notation for a in game.legal_actions()] if game.state.turn else []
    more = [a.notation for a in game.candidates()] if game.state.turn else []
    return list(dict.fromkeys([*legal, *more]))


def _field_values(game: Game, verb: str, field: str, kind: str) -> list[str]:
    """Values to offer for one field of an action (any of them may be refused)."""
    state, table = game.state, game.table
    seat = state.turn.player if state.turn else 0
    me = state.players[seat] if state.players else None
    if kind == "Seat":
        return [f"p{i + 1}" for i in range(len(state.players))]
    if kind == "bool":
        return []
    cards: list[str] = []
    tiles: list[str] = []
    if me is not None:
        cards = [*me.hand, *me.discard]
        tiles = [t.tile for t in me.organiser]
    if state.turn is not None:
        cards += list(state.turn.guests)
        for c in state.turn.choices:
            cards += list(c.cards)
    market = [t for stack in state.supply.market for t in stack]
    market += [*state.supply.service_reserve, *state.supply.pr1_reserve]
    servants = list(table.catalog.servants)
    if field == "tile":
        pool = market + tiles if verb == "buy" else tiles + market
        if verb == "useful-man-search":
            pool = sorted(set(state.supply.bag))
        return list(dict.fromkeys(pool))
    if field == "card":
        return list(dict.fromkeys(cards))
    if field == "servant":
        return servants
    if field == "slot":
        guests = list(state.turn.guests) if state.turn else []
        return ["tile", *guests]
    if field == "target":
        guests = list(state.turn.guests) if state.turn else []
        return list(dict.fromkeys(["tile", *guests, "study", "hall", *tiles]))
    if field == "change":
        return ["add", "remove"]
    if field == "choice":
        return ["screen", "dismiss", "money", "reputation"]
    if field == "family":
        return list(table.catalog.families)
    return []


class RulingPanel(StaticPicture, widgets.VBox):
    """Check any action against the position: ``RulingPanel(game)``.

    Type a notation (suggestions drop down), or pick a verb and its arguments; **Enter** or
    **Check** shows the verdict with each ruling's rule id and citation.
    ``panel.check("invite x")`` does the same from code and returns the :class:`Verdict`.  A
    verdict is cleared when the position changes (:meth:`refresh`) or **Pick** composes another
    action.
    """

    def __init__(self, game: Game, *, heading: str | None = None, lang: str | None = None):
        self.game = game
        self.lang = resolve(lang)
        self.words = widget_labels("notation", self.lang)
        """The panel's words in its language (LABELS notation)."""
        self.text = NotationBox(self.check, labels=self.words,
                                placeholder=self.words["placeholder"])
        verbs = sorted(((f"{verb_heading(v)} ({v})", v) for v in action_types()),
                       key=lambda o: o[0].lower())  # in words, the notation's verb after
        self.verb = widgets.Dropdown(options=[(self.words["pick_none"], ""), *verbs],
                                     description=self.words["pick"],
                                     style={"description_width": "50px"},
                                     layout=widgets.Layout(width="310px"))
        self.verb.add_class("onb-panel-verb")
        self.args = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.result = RulingsLog(heading=self.words["heading"] if heading is None
                                 else tr(heading, self.lang), lang=self.lang)
        self.result.add_class("onb-panel-result")
        self._arg_widgets: list[widgets.Dropdown] = []

        self.verb.observe(self._verb_changed, "value")
        type_label = widgets.Label(self.words["type"], layout=widgets.Layout(width="50px"))
        super().__init__([
            widgets.HBox([type_label, self.text]),
            widgets.HBox([self.verb, self.args]),
            self.result,
        ], layout=widgets.Layout(width="100%", max_width="890px"))
        self.add_class("onb-ruling-panel")
        self.refresh()

    @classmethod
    def beside(cls, stepper: Stepping) -> RulingPanel:
        """A panel on the stepper's position that follows it, step after step (in its language)."""
        panel = cls(stepper.game, lang=stepper.lang)
        stepper.on_change(lambda moved: panel.refresh(moved.game))
        return panel

    # ------------------------------------------------------------ position changes

    def refresh(self, game: Game | None = None) -> None:
        """Point the panel at ``game`` (or re-read the current one) and refresh suggestions."""
        if game is not None:
            self.game = game
        self.text.options = list(suggestions(self.game))
        self._verb_changed()
        self.clear()

    def clear(self) -> None:
        """Forget the last verdict (it was about another position or another action)."""
        self.result.verdict = {}
        if self.game.state.turn is not None:
            self.result.status = {"kind": "info", "text": prompt(self.game, self.lang)}

    # ------------------------------------------------------------ picking

    def _verb_changed(self, _change: Any = None) -> None:
        verb = self.verb.value
        self._arg_widgets = []
        if not verb:
            self.args.children = ()
            return
        cls = action_types()[verb]
        boxes: list[widgets.Widget] = []
        for f in fields(cls):
            if f.type == "bool":
                box = widgets.Checkbox(description=f.name, indent=False,
                                       layout=widgets.Layout(width="130px"))
            else:
                values = _field_values(self.game, verb, f.name, str(f.type))
                box = widgets.Dropdown(
                    options=[(name_of(self.game, v), v) for v in values],
                    description=f.name, layout=widgets.Layout(width="300px"),
                    style={"description_width": "60px"},
                )
            box.observe(self._compose, "value")
            boxes.append(box)
            self._arg_widgets.append(box)
        self.args.children = tuple(boxes)
        self._compose()

    def _compose(self, _change: Any = None) -> None:
        verb = self.verb.value
        if not verb:
            return
        parts = [verb]
        for f, box in zip(fields(action_types()[verb]), self._arg_widgets):
            if f.type == "bool":
                if box.value:
                    parts.append(f.name)
            elif box.value:
                parts.append(str(box.value))
        self.text.value = " ".join(parts)
        self.clear()

    def static_html(self) -> str:
        return note_html(self.words["title"], self.words["note"], lang=self.lang)

    # ------------------------------------------------------------ checking

    def check(self, notation: str) -> Verdict | None:
        """Ask the engine about ``notation`` and show its verdict; the position is unchanged."""
        self.text.value = notation
        try:
            verdict = self.game.check(notation)
        except BadNotation as exc:
            self.result.verdict = {"error": f"'{notation}': {exc.said(notation_words(self.lang))}"}
            return None
        data = verdict_json(verdict, self.lang)
        data["label"] = label(self.game, verdict.action, self.lang)
        self.result.verdict = data
        return verdict
