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

import html
import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from obsession_nb.engine.scoring import score
from obsession_nb.practice.coach import review_html
from obsession_nb.practice.session import UNDONE, Practice
from obsession_nb.tutor.views.static import StaticPicture, note_html
from obsession_nb.tutor.views.stepper import Stepper

DELAY = 0.4
"""Seconds between two opponent actions, so that they can be followed on the board."""


class PracticeTable(StaticPicture, widgets.VBox):
    """``PracticeTable(players=4, seat=1, opponents="search", mode="standard")``: a whole game
    against AI opponents, with the coach (options: ``seed``, ``playouts`` of the search,
    ``delay`` between opponent actions, ``coach``)."""

    def __init__(self, players: int = 4, seat: int = 1, opponents: str = "search",
                 mode: str = "standard", *, seed: int = 0, delay: float = DELAY,
                 **options: Any) -> None:
        self.practice = Practice(players, seat, opponents, mode, seed=seed, **options)
        self.delay = delay
        self._busy = False
        self._seen = 0
        self.practice.play_opponents()
        game = self.practice.game
        self.stepper = Stepper(game, log_heading="Rulings (yours and the opponents')",
                               seat=self.practice.seat)
        self.stepper.nav.layout.display = "none"  # undo and save are the table's own
        self.stepper.on_change(self._changed)
        self.status = widgets.HTML()
        self.status.add_class("onb-practice-status")
        self.hint_button = self._button("Hint", "What the search would do now", self.show_hint,
                                        "onb-practice-hint")
        self.undo_button = self._button("Undo my turn", "Back to the start of your turn (or "
                                        "of the last one)", self.undo, "onb-practice-undo")
        self.save_path = widgets.Text(value="my-practice-game.yaml",
                                      layout=widgets.Layout(width="220px"))
        self.save_button = self._button("Save game", "Write the game as a scenario that "
                                        "replays to here", self.save_click, "onb-practice-save")
        self.hint_box = widgets.HTML()
        self.hint_box.add_class("onb-practice-hint-box")
        self.coach = widgets.HTML()
        self.coach.add_class("onb-practice-coach")
        self.review = widgets.HTML()
        self.review.add_class("onb-practice-review")
        bar = widgets.HBox([self.hint_button, self.undo_button, self.save_button,
                            self.save_path])
        bar.add_class("onb-practice-bar")
        super().__init__([self.status, bar, self.hint_box, self.coach, self.stepper,
                          self.review])
        self.add_class("onb-practice")
        self._seen = len(game.log)
        self.refresh()

    @staticmethod
    def _button(text: str, tip: str, fn: Any, cls: str) -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tip, layout=widgets.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _b: fn())
        return b

    # ------------------------------------------------------------ play

    def _changed(self, _stepper: Stepper) -> None:
        """The stepper played your action: the coach, then the opponents."""
        if self._busy or len(self.practice.game.log) == self._seen:
            return
        self._busy = True
        self.status.value = ("<div class='onb-practice-status-text'>The opponents are "
                             "playing…</div>")
        try:
            self.hint_box.value = ""
            self.practice.after_your_action()
            self._opponents()
        finally:
            self._seen = len(self.practice.game.log)
            self._busy = False
        self.refresh()

    def _opponents(self) -> None:
        """The opponents' actions one at a time, the board redrawn after each."""
        while not self.practice.over and not self.practice.your_move():
            self.practice.opponent_step()
            self.stepper.refresh()
            if self.delay:
                time.sleep(self.delay)
        self.practice.play_opponents()  # marks the start of your turn

    def show_hint(self) -> None:
        if not self.practice.your_move():
            return
        found = self.practice.hint()
        rows = "".join(f"<li>{html.escape(label)}: {html.escape(str(value))}</li>"
                       for label, value in found.lines)
        listed = f"<ul>{rows}</ul>" if rows else ""
        self.hint_box.value = (f"<div class='onb-hint'><b>Hint:</b> <span class='onb-hint-action'>"
                               f"{html.escape(found.words or found.action)}</span> "
                               f"<code>{html.escape(found.action)}</code>{listed}</div>")

    def undo(self) -> None:
        self._busy = True
        try:
            undone = self.practice.undo()
            self.stepper.refresh()
        finally:
            self._seen = len(self.practice.game.log)
            self._busy = False
        self.hint_box.value = ""
        self.refresh(note=UNDONE if undone else "Nothing to undo.")

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.write_text(self.practice.save(), encoding="utf-8")
        return target

    def save_click(self) -> None:
        try:
            target = self.save(self.save_path.value)
        except OSError as exc:
            self.refresh(note=f"Not saved: {exc}")
            return
        self.refresh(note=f"Game saved to {target}.")

    # ------------------------------------------------------------ drawing

    def refresh(self, note: str = "") -> None:
        p = self.practice
        game = p.game
        who = html.escape(game.table.seat_name(p.seat))
        if p.over:
            text = f"The game is over. You were {who}."
        elif p.your_move():
            text = f"Your move: {html.escape(game.pending()['prompt'])}"
        else:
            text = "The opponents are playing…"
        extra = f" <i>{html.escape(note)}</i>" if note else ""
        ready = " onb-ready" if p.over or p.your_move() else ""
        self.status.value = (f"<div class='onb-practice-status-text{ready}' "
                             f"data-log='{len(game.log)}'>{text}{extra}</div>")
        self.hint_button.disabled = not p.your_move()
        last = p.last_review()
        self.coach.value = (f"<div class='onb-coach'><b>Coach</b> — your last turn:"
                            f"{review_html(last)}</div>" if last else
                            "<div class='onb-coach'><b>Coach</b>: your first turn's review "
                            "will appear here.</div>")
        self.review.value = self._post_game() if p.over else ""

    def _post_game(self) -> str:
        sheet = score(self.practice.game)
        worst = self.practice.post_game()
        items = "".join(
            f"<li>Round {r.round}: <b>{r.cost:.1f} VP</b> — you: "
            f"{html.escape(r.yours.read())}; best found: "
            f"{html.escape(r.best[0].label if r.best else '—')}</li>" for r in worst)
        return (f"<div class='onb-final'><h3>Final scoresheet</h3>{sheet._repr_html_()}"
                f"<h3>The turns that cost you the most</h3><ol>{items}</ol></div>")

    def static_html(self) -> str:
        return note_html("Practice table", f"{self.practice.game.pending()['prompt']}",
                         self.stepper.static_html())

    def __repr__(self) -> str:
        return f"<PracticeTable seat p{self.practice.seat + 1}, {self.practice.game.pending()['prompt']!r}>"
