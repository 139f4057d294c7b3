"""The practice table: you play one seat with the turn stepper and its board; the opponents move
one action at a time with a short visible delay, their rulings joining the stepper's log; after
each of your turns the coach shows your line beside the best lines found (obsession_nb.practice.coach).
Buttons: a hint, undo your turn (what your seat cannot see is then dealt again), save the game
as a scenario; at the end, the scoresheet and the turns that cost you the most.  Everything it
shows is your seat's view (ruling.seat-view): the opponents' hidden cards face down, the log
without the cards they keep hidden, no opponent's choices.  Everything is decided by the engine and the players in
``obsession_nb.practice.session``; this module only draws and forwards clicks.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from obsession_nb.base.i18n import resolve
from obsession_nb.engine.scoring import score
from obsession_nb.practice.plans import LEVELS, level_help
from obsession_nb.practice.session import Practice
from obsession_nb.tutor.views.engine_words import prompt
from obsession_nb.tutor.views.html import (
    coach_box_html,
    coach_speech,
    final_html,
    hint_html,
    note_html,
    status_html,
)
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.words import panel_words

DELAY = 0.4
"""Seconds between two opponent actions, so that they can be followed on the board."""


class PracticeTable(StaticPicture, widgets.VBox):
    """``PracticeTable(players=4, seat=1, opponents="search", mode="standard")``: a whole game
    against AI opponents, with the coach (options: ``seed``, ``level`` of the coach and the
    search opponents — ``easy``, ``normal`` or ``strong``, also a menu on the table —, the game's
    ``options`` (an ``Options``: variants, milestones), ``delay`` between opponent actions,
    ``coach``, ``lang``: the table's words, the stepper's, the coach's advice and the result
    chart in that language, as the other widgets' ``lang``)."""

    def __init__(self, players: int = 4, seat: int = 1, opponents: str = "search",
                 mode: str = "standard", *, seed: int = 0, delay: float = DELAY,
                 practice: Practice | None = None, lang: str | None = None,
                 **options: Any) -> None:
        self.practice = practice or Practice(players, seat, opponents, mode, seed=seed,
                                             **options)
        self.delay = delay
        self.lang = resolve(lang)
        self.words = panel_words("practice", self.lang)
        """The table's words in its language (``obsession_nb/tutor/views/words.py`` PANELS)."""
        self.speech = coach_speech(self.lang)
        """The coach's advice said in the table's language."""
        self._busy = False
        self._seen = 0
        self.practice.play_opponents()
        game = self.practice.game
        self.stepper = Stepper(game, log_heading=self.words["log"], seat=self.practice.seat,
                               lang=self.lang)
        self.stepper.nav.layout.display = "none"  # undo and save are the table's own
        self.stepper.on_change(self._changed)
        self.status = widgets.HTML()
        self.status.add_class("onb-practice-status")
        self.hint_button = self._button("hint", self.show_hint, "onb-practice-hint")
        self.undo_button = self._button("undo", self.undo, "onb-practice-undo")
        self.save_path = widgets.Text(value="my-practice-game.yaml", description=self.words["file"],
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="250px"),
                                      tooltip=self.words["file_tip"])
        self.save_button = self._button("save", self.save_click, "onb-practice-save")
        self.load_button = self._button("load", self.load_click, "onb-practice-load")
        self.level = widgets.Dropdown(options=[(self.words[f"level_{name}"], name)
                                               for name in LEVELS],
                                      value=self.practice.level.name,
                                      description=self.words["level"],
                                      layout=widgets.Layout(width="180px"),
                                      tooltip=level_help())
        self.level.add_class("onb-practice-level")
        self.level.observe(lambda change: self.practice.set_level(change["new"]), names="value")
        self.hint_box = widgets.HTML()
        self.hint_box.add_class("onb-practice-hint-box")
        self.coach = widgets.HTML()
        self.coach.add_class("onb-practice-coach")
        self.review = widgets.HTML()
        self.review.add_class("onb-practice-review")
        bar = widgets.HBox([self.hint_button, self.level, self.undo_button, self.save_button,
                            self.load_button, self.save_path])
        bar.add_class("onb-practice-bar")
        # the result of a finished game comes first, above the table and its rulings log
        super().__init__([self.status, self.review, bar, self.hint_box, self.coach,
                          self.stepper])
        self.add_class("onb-practice")
        self._seen = len(game.log)
        self.refresh()

    def _button(self, key: str, fn: Any, cls: str) -> widgets.Button:
        """A button named by the table's word ``key``, its hover text ``key_tip``."""
        b = widgets.Button(description=self.words[key], tooltip=self.words[f"{key}_tip"],
                           layout=widgets.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _b: fn())
        return b

    # ------------------------------------------------------------ play

    def _changed(self, _stepper: Stepper) -> None:
        """The stepper played your action: the coach, then the opponents."""
        if self._busy or len(self.practice.game.log) == self._seen:
            return
        self._busy = True
        self.status.value = status_html(self.words["playing"])
        try:
            self.hint_box.value = ""
            self.practice.after_your_action()
            self._opponents()
        finally:
            self._seen = len(self.practice.game.log)
            self._busy = False
        self.refresh()

    def _opponents(self) -> None:
        """The opponents' actions one at a time, the board redrawn after each (the stepper
        offers your seat's choices only, so theirs are never sent)."""
        while not self.practice.over and not self.practice.your_move():
            self.practice.opponent_step()
            self.stepper.refresh()
            if self.delay:
                time.sleep(self.delay)
        self.practice.play_opponents()  # marks the start of your turn

    def show_hint(self) -> None:
        if not self.practice.your_move():
            return
        self.hint_box.value = hint_html(self.practice.hint(), self.speech)

    def undo(self) -> None:
        self.status.value = status_html(self.words["taking_back"])
        self._busy = True
        try:
            undone = self.practice.undo()
            self.stepper.refresh()
        finally:
            self._seen = len(self.practice.game.log)
            self._busy = False
        self.hint_box.value = ""
        self.refresh(note=self.words["undone" if undone else "nothing_to_undo"])

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.write_text(self.practice.save(), encoding="utf-8")
        return target

    @classmethod
    def load(cls, path: str | Path, *, delay: float = DELAY, lang: str | None = None,
             **overrides: Any) -> PracticeTable:
        """A table going on with a game saved by **Save game** or ``practice`` (its seat,
        opponents, seed and level, unless ``overrides`` say otherwise), its words in
        ``lang``."""
        return cls(practice=Practice.load(path, **overrides), delay=delay, lang=lang)

    def load_click(self) -> None:
        """**Load game**: the game in the named file replaces this one (a file that cannot
        be read or played is reported, and this game goes on)."""
        try:
            practice = Practice.load(self.save_path.value)
        except (OSError, ValueError) as exc:
            self.refresh(note=self._say("not_loaded", error=exc))
            return
        self._busy = True
        try:
            self.practice = practice
            practice.play_opponents()
            self.stepper.decides = practice.seat
            self.stepper.set_game(practice.game)
            self.level.value = practice.level.name
        finally:
            self._seen = len(practice.game.log)
            self._busy = False
        self.hint_box.value = ""
        self.refresh(note=self._say("loaded", path=self.save_path.value))

    def save_click(self) -> None:
        try:
            target = self.save(self.save_path.value)
        except OSError as exc:
            self.refresh(note=self._say("not_saved", error=exc))
            return
        self.refresh(note=self._say("saved", path=target))

    # ------------------------------------------------------------ drawing

    def refresh(self, note: str = "") -> None:
        p = self.practice
        game = p.game
        if p.over:
            text = self._say("over", player=game.table.seat_name(p.seat))
        elif p.your_move():
            text = self._say("your_move", prompt=prompt(game, self.lang))
        else:
            text = self.words["playing"]
        self.status.value = status_html(text, note=note, ready=p.over or p.your_move(),
                                        log=len(game.log),
                                        position=self.stepper.choices.position)
        self.hint_button.disabled = not p.your_move()
        self.coach.value = coach_box_html(p.last_review(), self.words, self.speech)
        teams = p.team_results(panel_words("result", self.lang)) if p.over else []
        self.review.value = (final_html(score(game), p.post_game(), teams, self.words,
                                        self.speech) if p.over else "")

    def _say(self, key: str, **values: object) -> str:
        """The table's sentence ``key`` with its ``{name}`` fields filled."""
        return self.words[key].format_map(values)

    def static_html(self) -> str:
        return note_html(self.words["title"], prompt(self.practice.game, self.lang),
                         self.stepper.static_html(), self.lang)

    def __repr__(self) -> str:
        return f"<PracticeTable seat p{self.practice.seat + 1}, {self.practice.game.pending()['prompt']!r}>"
