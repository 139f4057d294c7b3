"""The scenario editor: a position as YAML, checked by the engine, loaded into a stepper.

Edit the text, press **Check** to list every problem with its path, **Load** to step through
the edited position (its recorded actions become the worked example that "Next" plays).
This is the "what if" at the end of every tutorial.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from obsession_nb.engine.game import load_scenario_text
from obsession_nb.engine.positions import scenario
from obsession_nb.engine.positions.scenario import ScenarioError
from obsession_nb.tutor.views.html import block_html, note_html
from obsession_nb.tutor.views.rulings import RulingsLog
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.stepper import Stepper

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game


def game_from_text(text: str) -> tuple[Game, list[str]]:
    """Parse scenario YAML into a game at its position (recorded actions not played).

    Returns the game and the problems found while dry-running its recorded actions on a copy
    (empty if they all play).  Raises :class:`ScenarioError` listing every problem of the
    position itself, each with its path.
    """
    game = load_scenario_text(text, play_recorded=False, source="edited scenario")
    try:
        load_scenario_text(text, source="edited scenario")
    except ScenarioError as exc:
        return game, exc.problems
    return game, []


def split_header(text: str) -> tuple[str, str]:
    """The leading comment lines of a scenario file (as plain text) and the YAML after them."""
    lines = text.splitlines(keepends=True)
    count = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    about = "".join(line[1:].removeprefix(" ") for line in lines[:count])
    return about, "".join(lines[count:])


class ScenarioEditor(StaticPicture, widgets.VBox):
    """``ScenarioEditor(source)``: ``source`` is a scenario name or path, YAML text, or a game
    (its current position).  ``stepper=False`` leaves out the stepper (check only).

    The file's opening comments are shown above the box, not in it: the box opens on the
    position itself (long lines scroll sideways instead of wrapping)."""

    def __init__(self, source: str | Path | Game | None = None, *, stepper: bool = True,
                 rows: int = 26, **stepper_kwargs: Any) -> None:
        about, self.original = split_header(_source_text(source))
        self.about = widgets.HTML(block_html(about, "onb-editor-about") if about.strip()
                                  else "")
        self.text = widgets.Textarea(value=self.original, rows=rows,
                                     layout=widgets.Layout(width="auto", max_width="880px"))
        self.text.add_class("onb-editor-text")
        self.check_button = widgets.Button(description="Check", tooltip="List every problem")
        self.load_button = widgets.Button(description="Load", button_style="primary",
                                          tooltip="Check, then step through this position")
        self.reset_button = widgets.Button(description="Revert", tooltip="Back to the original")
        for b, cls in ((self.check_button, "onb-editor-check"),
                       (self.load_button, "onb-editor-load"),
                       (self.reset_button, "onb-editor-revert")):
            b.add_class(cls)
        self.check_button.on_click(lambda _b: self.check())
        self.load_button.on_click(lambda _b: self.load())
        self.reset_button.on_click(lambda _b: self.revert())
        self.report = RulingsLog(heading="Scenario check")
        self.report.add_class("onb-editor-report")
        self.game: Game | None = None
        self.stepper: Stepper | None = None
        children: list[widgets.Widget] = [
            self.about,
            self.text,
            widgets.HBox([self.check_button, self.load_button, self.reset_button]),
            self.report,
        ]
        if stepper:
            try:
                game, _ = game_from_text(self.original)
            except ScenarioError:
                game = None
            if game is not None:
                self.game = game
                self.stepper = Stepper(game, script=game.recorded, **stepper_kwargs)
                children.append(self.stepper)
        super().__init__(children, layout=widgets.Layout(width="100%"))
        self.add_class("onb-editor")
        self.report.status = {"kind": "info", "text": "Edit the YAML, then Check or Load."}

    def static_html(self) -> str:
        return note_html("Scenario editor", "this position as YAML: edit it, Check it, Load it "
                         "to step through your version.",
                         self.stepper.static_html() if self.stepper is not None else "")

    def check(self) -> list[str]:
        """List every problem of the text (empty list = fine)."""
        try:
            _game, problems = game_from_text(self.text.value)
        except ScenarioError as exc:
            self._show(exc.problems, error=True)
            return list(exc.problems)
        self._show(problems, error=False)
        return problems

    def load(self) -> Game | None:
        """Check the text and, if the position is sound, step through it."""
        try:
            game, problems = game_from_text(self.text.value)
        except ScenarioError as exc:
            self._show(exc.problems, error=True)
            return None
        self.game = game
        if self.stepper is not None:
            self.stepper.set_game(game, script=game.recorded)
        self._show(problems, error=False, loaded=True)
        return game

    def revert(self) -> None:
        self.text.value = self.original
        self.report.problems = []
        self.report.status = {"kind": "info", "text": "Back to the original text."}

    def _show(self, problems: list[str], *, error: bool, loaded: bool = False) -> None:
        self.report.problems = list(problems)
        if error:
            self.report.status = {"kind": "error",
                                  "text": f"{len(problems)} problem(s); nothing was loaded."}
        elif problems:
            self.report.status = {"kind": "error", "text": (
                "The position is sound, but a recorded action is refused"
                + ("; loaded — the worked example stops there." if loaded else "."))}
        else:
            self.report.status = {"kind": "ok", "text": (
                "Loaded: step through it below." if loaded and self.stepper is not None
                else "Loaded." if loaded else "No problems: the position and its recorded "
                "actions are sound.")}


def _source_text(source: str | Path | Game | None) -> str:
    if source is None:
        return ""
    if hasattr(source, "to_scenario"):
        return source.to_scenario()
    text = str(source)
    if "\n" in text:
        return text
    return scenario.scenario_path(text).read_text(encoding="utf-8")
