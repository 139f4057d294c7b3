"""The turn stepper's choices as one widget: the engine's legal choices as buttons grouped by
step, a drop-down for a long group, the refused hosts and guests greyed with the engine's reason.

Presentation only: the groups are built from ``Game.legal_actions()`` and ``Game.check()``;
a click sends the notation back and the stepper plays it through the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data.translations import refusal_text
from obsession_nb.engine.records.naming import SPECIAL_HEADING, SPECIAL_VERBS, heading
from obsession_nb.tutor.views.engine_words import label, title
from obsession_nb.tutor.views.words import LABELS

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.verdict import Verdict

# Decisions whose refused choices are shown greyed, with the verb of those choices.
REFUSALS_SHOWN = {"host": "host", "invite": "invite"}


class ChoiceList(anywidget.AnyWidget):
    """Groups of choice buttons (``widgets/choices.js``); a click calls ``on_choose(notation)``.

    ``position`` counts the positions shown: a click carries the count of the buttons it was
    made on, and a click made on buttons that were already replaced (sent while the kernel was
    still busy with the click before) is dropped rather than played on a position the player
    never saw."""

    _esm = widget_module("choices.js")
    _css = widget_style("stepper.css")

    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)
    """Counts the clicks dealt with (played, refused or dropped as stale): the view then gives
    the keyboard's focus back to a choice."""
    position = traitlets.Int(0).tag(sync=True)
    labels = traitlets.Dict(LABELS["choices"]).tag(sync=True)
    """Its words in the stepper's language (``obsession_nb/tutor/views/words.py`` LABELS)."""

    def __init__(self, on_choose: Callable[[str], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_choose = on_choose
        self.on_msg(self._message)

    def _message(self, _w: Any, content: dict[str, Any], _b: Any) -> None:
        if content.get("event") != "choose" or not isinstance(content.get("notation"), str):
            return
        try:
            if content.get("position", self.position) == self.position:
                self._on_choose(content["notation"])
        finally:
            self.answered += 1

    def show(self, groups: list[dict[str, Any]], message: str = "") -> None:
        """Show a new position's choices (a click on the ones before is now stale)."""
        with self.hold_sync():
            self.groups, self.message = groups, message
            self.position += 1

    def notations(self, *, refused: bool = False) -> list[str]:
        """The notations offered (or, with ``refused``, those shown greyed)."""
        return [c["notation"] for g in self.groups for c in g["choices"]
                if c["refused"] == refused]


def choice_groups(game: Game, scripted: str | None, *, lang: str,
                  max_buttons: int) -> list[dict[str, Any]]:
    """The legal choices grouped under their step's heading (special actions last), each group
    with the refused hosts or guests of this step (rules in their hover text)."""
    groups: dict[str, list[Action]] = {}
    legal = game.legal_actions()
    for action in legal:
        groups.setdefault(heading(action.verb), []).append(action)
    refused = _refused(game, legal)
    for action in refused:
        groups.setdefault(heading(action.verb), [])
    special = groups.pop(SPECIAL_HEADING, None)
    if special:
        groups[SPECIAL_HEADING] = special
    result = []
    for group, actions in groups.items():
        verb = (actions or list(refused))[0].verb
        choices = [_choice(game, a, lang, scripted=a.notation == scripted) for a in actions]
        choices += [_choice(game, a, lang, verdict=v) for a, v in refused.items()
                    if heading(a.verb) == group]
        notations = {a.notation for a in actions}
        result.append({
            "title": title(verb, lang), "verb": verb,
            "dropdown": len(actions) > max_buttons,
            "selected": scripted if scripted in notations else (actions[0].notation
                                                                if actions else None),
            "choices": choices,
        })
    return result


def _choice(game: Game, action: Action, lang: str, *, scripted: bool = False,
            verdict: Verdict | None = None) -> dict[str, Any]:
    if verdict is None:
        tip = f"{action.notation} — {action.summary}"
    else:
        reason = "; ".join(f"{r.verdict} [{r.rule}]" for r in verdict.rulings)
        tip = (f"{action.notation} — not allowed: {reason}" if lang == "en"
               else refusal_text(action.notation, verdict.rulings, lang))
    return {"label": label(game, action, lang), "notation": action.notation,
            "tip": tip, "special": action.verb in SPECIAL_VERBS, "scripted": scripted,
            "refused": verdict is not None}


def _refused(game: Game, legal: list[Action]) -> dict[Action, Verdict]:
    """The tiles and guests that cannot be chosen now, with the engine's refusal (hosting and
    inviting only), so that a learner sees why."""
    step = game.state.turn.step if game.state.turn else None
    if step not in REFUSALS_SHOWN:
        return {}
    shown = set(legal)
    return {c: game.check(c) for c in game.candidates()
            if c.verb == REFUSALS_SHOWN[step] and c not in shown}
