"""Teaching mode: one scenario on a screen in front of a group.  A large stepper and board, the
ruling of each step in large type, and the keyboard: → plays the next decision, ← goes back.

``TeachingView("refresher-round-6")`` in a notebook; ``obsession-nb teach [SCENARIO]`` serves it
as a Voilà page with the code hidden (:func:`teaching_notebook` writes that page).  The next
decision is the scenario's worked example; once that is over (or for a scenario without one)
it is the first legal choice that is not a special action, and the page says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.i18n import resolve
from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.naming import SPECIAL_VERBS
from obsession_nb.tutor.views.engine_words import described, prompt
from obsession_nb.tutor.views.labels import rule_info
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.words import widget_labels


class TeachingKeys(anywidget.AnyWidget):
    """The keyboard and the large-type ruling (``widgets/teach.js``)."""

    _esm = widget_module("teach.js")
    _css = widget_style("teach.css")

    title = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    upcoming = traitlets.Dict().tag(sync=True)
    rulings = traitlets.List(traitlets.Dict()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)


class TeachingView(widgets.VBox):
    """A scenario for a group: ``next()`` (→), ``back()`` (←), the ruling in large type."""

    def __init__(self, scenario: str = "refresher-round-6", *, lang: str | None = None) -> None:
        self.lang = resolve(lang)
        self.stepper = Stepper.from_scenario(scenario, lang=self.lang,
                                             parts=["pending", "track", "players"])
        self.control = TeachingKeys(title=self.stepper.game.state.title or scenario,
                                 labels=widget_labels("teach", self.lang))
        self.control.on_msg(self._message)
        self.control.add_class("onb-area-control")
        self.stepper.on_change(lambda _s: self._draw())
        # One screen (widgets/teach.css): the ruling and the choices on the left, the board of
        # the player to act on the right, scaled to the window.
        if self.stepper.board is not None:
            self.stepper.board.active_only = True
            self.stepper.board.fit = "screen"
        super().__init__([self.control, self.stepper], layout=widgets.Layout(width="100%"))
        self.add_class("onb-teach-mode")
        self._draw()

    def upcoming(self) -> tuple[Action | str, str] | None:
        """The next decision → plays, and where it comes from (worked example or first legal)."""
        if self.stepper.scripted_next is not None:
            return self.stepper.scripted_next, "example"
        if self.stepper.game.state.turn is None:
            return None
        for action in self.stepper.game.legal_actions():
            if action.verb not in SPECIAL_VERBS:
                return action, "first-legal"
        return None

    def next(self) -> bool:
        """Play the next decision; False at the end of the game."""
        nxt = self.upcoming()
        if nxt is None:
            return False
        self.stepper.choose(nxt[0])
        return True

    def back(self) -> None:
        self.stepper.back()

    def _draw(self) -> None:
        game = self.stepper.game
        nxt = self.upcoming()
        self.control.prompt = prompt(game, self.lang)
        self.control.step = len(self.stepper.applied)
        self.control.upcoming = {} if nxt is None else {
            "notation": nxt[0] if isinstance(nxt[0], str) else nxt[0].notation,
            "label": described(game, nxt[0], self.lang), "from": nxt[1]}
        entries = self.stepper.rulings.entries if self.stepper.applied else []
        # the last choice and the automatic steps it led to
        start = max((i for i, e in enumerate(entries) if not e["auto"]), default=len(entries))
        self.control.rulings = [
            dict(r, action=e["label"] or e["action"], **rule_info(r["rule"], self.lang))
            for e in entries[start:] for r in e["rulings"]]

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") != "key":
            return
        if content.get("key") == "next":
            self.next()
        elif content.get("key") == "back":
            self.back()

    def __repr__(self) -> str:
        return f"<TeachingView {self.control.title!r} at step {self.control.step}>"


def teaching_notebook(scenario: str, path: Path, *, lang: str | None = None) -> Path:
    """Write the Voilà page for ``scenario`` to ``path`` (one hidden code cell)."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from obsession_nb.engine.positions import scenario as sc

    sc.read(scenario)  # a clear error now (ScenarioError) for a missing or broken file
    local = Path(scenario)
    name = str(local.resolve()) if local.suffix or local.exists() else scenario
    code = ("from obsession_nb.tutor.views.teach import TeachingView\n"
            f"TeachingView({name!r}, lang={resolve(lang)!r})")
    nb = new_notebook(cells=[new_code_cell(code)], metadata={
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"}})
    nbformat.write(nb, path)
    return path
