"""The board widget: the position drawn from the engine's JSON view (``Game.view()``).

The widget draws; it never decides.  ``Board(game)`` shows the pending decision, the round
track, the supply board and every player's board; ``parts`` and ``seats`` choose what to draw;
``seat`` draws one player's view (the others' hidden cards face down) instead of the open view,
whose label every board shows (ruling.seat-view, ruling.seat-open-view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.tutor.views.engine_words import prompt
from obsession_nb.tutor.views.html import board_html
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.words import WORDS, words

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game

PARTS = ("pending", "track", "supply", "table", "players")

class Board(StaticPicture, anywidget.AnyWidget):
    """The boards of a game: ``Board(game)``; call :meth:`refresh` after changing the game.

    Displayed, it also carries a static picture of itself (kept when the notebook is saved)."""

    _esm = widget_module("board.js")
    _css = widget_style("board.css")

    view = traitlets.Dict().tag(sync=True)
    """The JSON view of the position (``Game.view(seat)``): only what that seat may see."""
    parts = traitlets.List(traitlets.Unicode(), default_value=["pending", "track", "supply",
                                                               "players"]).tag(sync=True)
    """Sections to draw, from ``PARTS``."""
    seats = traitlets.List(traitlets.Int()).tag(sync=True)
    """Player boards to draw (seat numbers from 0); empty means every player."""
    labels = traitlets.Dict().tag(sync=True)
    """English label -> label in the chosen language (``lang``; see ``obsession_nb.base.i18n``)."""
    names = traitlets.Dict().tag(sync=True)
    """Component names translated inside longer texts too (``obsession_nb.base.i18n.names``)."""
    words = traitlets.Dict(WORDS).tag(sync=True)
    """The words for the view's ids (:data:`WORDS`, in the board's language: :func:`words`)."""
    fit = traitlets.Unicode("width").tag(sync=True)
    """``"width"``: shrink to the width it is given (never grow); ``"screen"``: grow or shrink
    to fill that width and the window's height below its top (teaching mode)."""
    active_only = traitlets.Bool(False).tag(sync=True)
    """Draw only the board of the player whose decision it is (``seats`` is then ignored)."""

    def __init__(self, game: Game | None = None, *, parts: list[str] | None = None,
                 seats: list[int] | None = None, lang: str | None = None,
                 seat: int | None = None, **kwargs: Any) -> None:
        if parts is not None:
            unknown = sorted(set(parts) - set(PARTS))
            if unknown:
                raise ValueError(f"unknown board parts {unknown}; choose from {list(PARTS)}")
            kwargs["parts"] = list(parts)
        if seats is not None:
            kwargs["seats"] = list(seats)
        from obsession_nb.base.i18n import glossary, names, resolve

        kwargs["labels"] = glossary(resolve(lang))
        kwargs["names"] = names(resolve(lang))
        kwargs["words"] = words(lang)
        super().__init__(**kwargs)
        self.lang = resolve(lang)
        """The board's language (its words, and its static picture's)."""
        self._game = game
        self.seat = seat
        """Whose view the board draws (0-based; ``None``: the open view, labelled so)."""
        self.refresh()

    @property
    def game(self) -> Game | None:
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game = game
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the game's current position (the decision waiting in the board's
        language: ``engine_words.prompt``)."""
        game = self._game
        view = game.view(self.seat) if game is not None else {}
        if game is not None and self.lang != "en" and view.get("pending"):
            view["pending"] = {**view["pending"], "prompt": prompt(game, self.lang)}
        self.view = view

    def static_html(self) -> str:
        return board_html(self.view, list(self.parts), list(self.seats), self.lang)

    def __repr__(self) -> str:
        title = self.view.get("title") or "position"
        return f"<Board of {title!r}, round {self.view.get('round')}>"
