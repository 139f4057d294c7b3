"""The turn stepper: the pending decision in words, its legal choices as buttons, each choice
sent through the engine, the rulings of each step as they happen, and Back.

``Stepper(game)`` steps from the game's position; ``Stepper.from_scenario(name)`` starts from a
scenario's position *before* its recorded actions and offers them as a worked example
("Next" plays the next one).  The engine decides what the choices are and what they do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data.rules import BadNotation, IllegalAction
from obsession_nb.data.translations import refusal_text
from obsession_nb.tutor.views.board import Board
from obsession_nb.tutor.views.choices import ChoiceList, choice_groups
from obsession_nb.tutor.views.engine_words import described, label, notation_words, prompt
from obsession_nb.tutor.views.html import note_html
from obsession_nb.tutor.views.labels import entry_json
from obsession_nb.tutor.views.rulings import RulingsLog
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.words import LABELS, widget_labels

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game, Snapshot
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.state import LogEntry

ACTIVITY_STEPS = [(k, f"step.{k}") for k in ("begin", "step1", "step2", "host", "invite", "service",
                                            "favours", "buy", "end")]
PASS_STEPS = [("begin", "step.begin"), *((k, f"passing.{k}") for k in ("step2", "pass-option", "buy",
                                                                    "end"))]
SETUP_STEPS = [("draft", "opening.draft"), ("begin", "opening.begin")]
"""The order of play the header shows: each step's key and its words (LABELS stepper)."""


class StepHeader(anywidget.AnyWidget):
    """The stepper's header: the decision in words and the order of play (text only)."""

    _esm = widget_module("stepper.js")
    _css = widget_style("stepper.css")

    pending = traitlets.Dict().tag(sync=True)
    steps = traitlets.List(traitlets.Dict()).tag(sync=True)
    current = traitlets.Unicode("").tag(sync=True)
    script = traitlets.Dict().tag(sync=True)
    history = traitlets.Int(0).tag(sync=True)
    labels = traitlets.Dict(LABELS["stepper"]).tag(sync=True)
    """Its words in the stepper's language (``obsession_nb/tutor/views/words.py`` LABELS)."""


class Stepper(StaticPicture, widgets.VBox):
    """Step through turns by clicking the engine's legal choices.

    ``choose(notation)`` does what a click does; ``back()`` undoes the last choice;
    ``restart()`` undoes them all; ``next()`` plays the worked example's next action.
    ``game`` is the engine's game, changed in place.
    """

    def __init__(
        self,
        game: Game,
        *,
        script: list[str] | None = None,
        board: bool = True,
        parts: list[str] | None = None,
        seats: list[int] | None = None,
        max_buttons: int = 9,
        log_heading: str | None = None,
        lang: str | None = None,
        seat: int | None = None,
        decides: int | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        """Whose view the stepper shows (0-based): the board, the log and the choices as that
        player may see them; ``None``: the open view of a worked example (labelled so on the
        board)."""
        self.decides = seat if decides is None else decides
        """The only seat whose choices are offered (a practice table's: its seat's, whose
        choices alone it may see); ``None``: every seat."""
        self.lang = resolve(lang)
        self.script = list(script or [])
        self.max_buttons = max_buttons
        self._base_log = len(game.log)
        self._history: list[Snapshot] = []
        self.applied: list[str] = []
        self._listeners: list[Callable[[Stepper], None]] = []

        self.words = widget_labels("stepper", self.lang)
        """The stepper's words in its language (LABELS stepper)."""
        self.header = StepHeader(labels=self.words)
        self.choices = ChoiceList(self._click, labels=widget_labels("choices", self.lang))
        self.back_button = self._button("back", self.back)
        self.restart_button = self._button("restart", self.restart)
        self.next_button = self._button("next", self._next_click)
        for b, cls in ((self.back_button, "onb-back"), (self.restart_button, "onb-restart"),
                       (self.next_button, "onb-next")):
            b.add_class(cls)
        self.save_path = widgets.Text(
            value="my-position.yaml", description=self.words["file"],
            style={"description_width": "initial"}, layout=widgets.Layout(width="230px"),
            tooltip=self.words["file_tip"])
        self.save_button = self._button("save", self._save_click)
        self.save_button.add_class("onb-save")
        self.save_path.add_class("onb-save-path")
        nav = [self.back_button, self.restart_button]
        if self.script:
            nav.append(self.next_button)
        nav += [self.save_button, self.save_path]
        self.nav = widgets.HBox(nav)
        heading = self.words["log"] if log_heading is None else tr(log_heading, self.lang)
        self.rulings = RulingsLog(heading=heading, lang=self.lang)
        self.board = (Board(game, parts=parts, seats=seats, lang=lang, seat=seat) if board
                      else None)
        # The decision, then Back/Next, the choices and the board right below them; the rulings
        # log last.  With room (widgets/stepper.css), the board goes beside them instead.
        areas = [(self.header, "header"), (self.nav, "nav"), (self.choices, "choices"),
                 (self.board, "board"), (self.rulings, "log")]
        for widget, area in areas:
            if widget is not None:
                widget.add_class(f"onb-area-{area}")
        self.nav.add_class("onb-nav")
        self.choices.add_class("onb-stepper-controls")
        self.rulings.add_class("onb-stepper-log")
        grid = widgets.Box([w for w, _ in areas if w is not None])
        grid.add_class("onb-stepper-grid")
        super().__init__([grid])
        self.add_class("onb-stepper")
        self.refresh()

    @classmethod
    def from_scenario(cls, path_or_name: str | Path, **kwargs: Any) -> Stepper:
        """A stepper on the scenario's position, with its recorded actions as the script."""
        from obsession_nb.engine.game import load_position

        game = load_position(path_or_name)
        kwargs.setdefault("script", list(game.recorded))
        return cls(game, **kwargs)

    # ------------------------------------------------------------ playing

    def choose(self, action: Action | str) -> list[LogEntry]:
        """Send one action to the engine.  A refusal is shown (with its rulings) and re-raised
        only for code callers; the position is then unchanged."""
        notation = action if isinstance(action, str) else action.notation
        point = self.game.snapshot()
        try:
            entries = self.game.apply(notation)
        except IllegalAction as exc:
            self.rulings.status = {"kind": "error",
                                   "text": refusal_text(notation, exc.rulings, self.lang)}
            raise
        except BadNotation as exc:
            self.rulings.status = {"kind": "error",
                                   "text": self._say("not_action", notation=notation,
                                                     error=exc.said(notation_words(self.lang)))}
            raise
        self._history.append(point)
        self.applied.append(notation)
        self.refresh()
        return entries

    def _click(self, notation: str) -> None:
        with contextlib.suppress(IllegalAction, BadNotation):  # shown in the status line
            self.choose(notation)

    def back(self) -> None:
        """Undo the last choice (the position and the log return to what they were)."""
        if not self._history:
            return
        self.game.restore(self._history.pop())
        self.applied.pop()
        self.refresh()

    def restart(self) -> None:
        """Undo every choice made in this stepper."""
        if not self._history:
            return
        self.game.restore(self._history[0])
        self._history.clear()
        self.applied.clear()
        self.refresh()

    @property
    def on_script(self) -> bool:
        return self.applied == self.script[: len(self.applied)]

    @property
    def scripted_next(self) -> str | None:
        """The worked example's next action, if the choices so far follow it."""
        if self.on_script and len(self.applied) < len(self.script):
            return self.script[len(self.applied)]
        return None

    def next(self) -> list[LogEntry]:
        """Play the worked example's next action."""
        nxt = self.scripted_next
        if nxt is None:
            return []
        return self.choose(nxt)

    def _next_click(self) -> None:
        nxt = self.scripted_next
        if nxt is not None:
            self._click(nxt)

    def set_game(self, game: Game, *, script: list[str] | None = None) -> None:
        """Step a different game from now on (the editor's "load"); history starts afresh."""
        self.game = game
        self.script = list(script or [])
        self._base_log = len(game.log)
        self._history.clear()
        self.applied.clear()
        if self.board is not None:
            self.board.game = game
        self.nav.children = (self.back_button, self.restart_button,
                             *((self.next_button,) if self.script else ()),
                             self.save_button, self.save_path)
        self.refresh()

    def play_script(self, count: int | None = None) -> None:
        """Play the worked example's next ``count`` actions (all of them by default)."""
        while self.scripted_next is not None and (count is None or count > 0):
            self.next()
            count = None if count is None else count - 1

    def save_position(self, path: str | Path) -> Path:
        """Write the position at this step (a turn in progress too) as scenario YAML."""
        target = Path(path)
        target.write_text(self.game.to_scenario(), encoding="utf-8")
        return target

    def _save_click(self) -> None:
        try:
            target = self.save_position(self.save_path.value)
        except OSError as exc:
            self.rulings.status = {"kind": "error", "text": self._say("not_saved", error=exc)}
            return
        self.rulings.status = {"kind": "ok", "text": self._say("saved", path=target)}

    def on_change(self, callback: Callable[[Stepper], None]) -> None:
        """Call ``callback(stepper)`` after every change of position (to link other views)."""
        self._listeners.append(callback)

    # ------------------------------------------------------------ drawing

    def refresh(self) -> None:
        """Redraw from the game's position: each widget's changes go out as one message, and
        they are out before the linked views hear of the change (a practice table's opponents
        then play on a stepper that already shows the position they play from)."""
        with contextlib.ExitStack() as held:
            for widget in (self.header, self.choices, self.rulings, self.board):
                if widget is not None:
                    held.enter_context(widget.hold_sync())
            self._draw()
        for callback in self._listeners:
            callback(self)

    def _draw(self) -> None:
        game = self.game
        pending = game.pending()
        said = prompt(game, self.lang)
        turn = game.state.turn
        if turn is None:
            steps: list[tuple[str, str]] = []
        elif turn.step == "draft":
            steps = SETUP_STEPS
        else:
            steps = PASS_STEPS if turn.passing else ACTIVITY_STEPS
        self.header.pending = {**pending, "prompt": said}
        self.header.steps = [{"key": k, "label": self.words[label]} for k, label in steps]
        self.header.current = pending["step"]
        self.header.history = len(self._history)
        nxt = self.scripted_next
        self.header.script = {
            "total": len(self.script),
            "done": len(self.applied) if self.on_script else -1,
            "next": nxt,
            "label": label(game, nxt, self.lang) if nxt else None,
        }
        owner = pending.get("owner")
        if game.state.turn is None:
            self.choices.show([], self.words["over"])
        elif owner is not None and self.decides is not None and owner != self.decides:
            # another player's choices: name her hidden cards, none are sent to this screen
            self.choices.show([], self._say("deciding", player=game.table.seat_name(owner)))
        else:
            self.choices.show(choice_groups(game, nxt, lang=self.lang,
                                            max_buttons=self.max_buttons))
        self.back_button.disabled = not self._history
        self.restart_button.disabled = not self._history
        self.next_button.disabled = nxt is None
        self.rulings.entries = [entry_json(game, e, self.lang)
                                for e in game.log_for(self.seat, self._base_log)]
        if not self._history:
            self.rulings.status = {"kind": "info", "text": self.words["start"]}
        else:
            self.rulings.status = {"kind": "ok",
                                   "text": self._say("played",
                                                     action=described(game, self.applied[-1],
                                                                      self.lang))}
        if self.board is not None:
            self.board.refresh()

    def _say(self, key: str, **values: object) -> str:
        """The stepper's sentence ``key`` with its ``{name}`` fields filled."""
        return self.words[key].format_map(values)

    def _button(self, key: str, fn: Callable[[], Any]) -> widgets.Button:
        """A button named by the stepper's word ``key``, its hover text ``key_tip``."""
        b = widgets.Button(description=self.words[key], tooltip=self.words[f"{key}_tip"],
                           layout=widgets.Layout(width="auto"))
        b.on_click(lambda _b: fn())
        return b

    def static_html(self) -> str:
        mine = self.seat is None or self.game.pending().get("owner") == self.seat
        choices = self.words["list"].join(dict.fromkeys(
            label(self.game, a, self.lang) for a in self.game.legal_actions())
        ) if mine else "—"
        note = self._say("note", prompt=prompt(self.game, self.lang), choices=choices)
        return note_html(self.words["title"], note,
                         self.board.static_html() if self.board is not None else "", self.lang)

    def __repr__(self) -> str:
        return f"<Stepper at {self.game.pending()['prompt']!r}>"
