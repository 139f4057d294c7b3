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
from obsession_nb.tutor.views.html import board_html
from obsession_nb.tutor.views.static import StaticPicture

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game

PARTS = ("pending", "track", "supply", "table", "players")

WORDS: dict[str, dict[str, str]] = {
    "category": {"essentials": "Essentials", "service": "Service", "estate": "Estate",
                 "prestige": "Prestige", "sporting": "Sporting", "monument": "Monument"},
    "event": {"village_fair": "Village Fair", "objective_draw": "Objective draw",
              "builders_holiday": "Builders' Holiday", "national_holiday": "National Holiday",
              "grand_ball": "Grand Ball", "reserves_activate": "Reserve opens"},
    "event_twice": {"reserves_activate": "Both reserves open"},
    "deck": {"family": "Family", "fairchild": "Fairchild", "starter": "Starter guest",
             "casual": "Casual guest", "prestige": "Prestige guest"},
    "back": {"casual": "Casual guest", "prestige": "Prestige guest", "objective": "Objective",
             "vp": "VP card", "theme": "Theme"},
    "decision": {"screen": "Screening: keep {keep} of {n}",
                 "lady": "The lady of the house: screen or dismiss",
                 "dismiss": "Dismissal (optional)", "gossip": "Gossip: choose a player",
                 "reclaim": "Reclaim a guest from the discard pile",
                 "hire": "Hiring: up to {count}"},
    "favour": {"money": "{money}", "pay": "pay {money}", "reputation": "+{amount} reputation",
               "reputation_lost": "{amount} reputation",
               "invite": "invite {deck} (see {see} keep {keep})",
               "invite_blind": "invite {deck} (blind draw)",
               "lady": "lady: see 2 keep 1, or dismiss", "dismiss": "dismiss {amount}",
               "vp_card": "{amount} VP card", "gossip": "gossip −{amount}",
               "admirer": "admirer +{amount}", "objective": "{amount} objective",
               "vp_card_draw": "draw VP card", "reclaim": "reclaim a guest",
               "hire": "hire {amount}", "recruit": "recruit 1"},
    "place": {"study": "the Private Study", "hall": "the Servants' Hall", "market": "the market",
              "removed": "the tile bag (out of the game)"},
    "guest": {"gentry": "{count} gentry", "family": "{count} family",
              "gentlemen": "{count} gentleman", "ladies": "{count} lady",
              "casual": "{count} casual guest", "prestige": "{count} prestige guest"},
    "guests": {"gentry": "{count} gentry", "family": "{count} family",
               "gentlemen": "{count} gentlemen", "ladies": "{count} ladies",
               "casual": "{count} casual guests", "prestige": "{count} prestige guests"},
    "join": {"or": " or "},
    "placed": {"supplemental": "supplemental", "for": "for {servant}",
               "quarters": "from Quarters", "on": "on {place}"},
    "label": {"stand_in": "stand-in",
              "stand_in_note": "An invented component standing in for one the sources do not describe.",
              "your_box": "your box", "prestige_rating": "prestige rating",
              "crest": "Crest: counts as prestige 1", "rose_side": "✿ rose side",
              "building_side": "building side", "rose_used": "Flipped to its rose side (used)",
              "rose_unused": "Not yet used: no rose showing", "cost_modifier": "cost modifier",
              "tsn": "Tile Sorting Number", "scenario_card": "scenario card",
              "scenario_card_note": "Defined by this scenario (custom_cards)",
              "activity": "Activity", "no_activity": "no activity hosted",
              "organiser": "Country Estate Organiser", "hosting": "on the activity square",
              "no_family": "no family board yet", "first_player": "first player",
              "first_pawn": "Holds the purple first-player pawn", "to_play": "to play",
              "available": "Available Service", "quarters": "Servants' Quarters",
              "expended": "Expended Service", "removed": "Removed from the game",
              "hand": "Active hand", "discard": "Discard pile", "reserve_active": "active",
              "reserve_waiting": "not yet active",
              "market_and_reserves": "Builders' Market and reserves",
              "market": "Builders' Market", "service_reserve": "Service Tile Reserve",
              "pr1_reserve": "PR1 Tile Reserve", "hire": "Servants for Hire",
              "draft": "Servant draft display", "decks": "Decks", "casual_deck": "Casual guests",
              "prestige_deck": "Prestige guests", "objective_deck": "Objectives",
              "vp_deck": "VP cards", "bag": "Tile bag", "round_track": "Round track",
              "round_unstated": "Round not stated by a source", "round_pawn": "white round pawn",
              "no_round_ended": "no round has ended yet", "no_courtship": "no courtship yet",
              "ai_not_rolled": "the AI has not rolled yet", "open_view": "Open view"},
}
"""The board's words for the view's ids — a tile's category, a round's event (``event_twice``:
an event printed twice on one space, as Tableau Obsession's round 4 opens both reserves), a
card's deck, the back of a card a seat cannot see, a favour printed on a tile or card
(``favour``, by kind, ``pay``, ``reputation_lost`` and ``invite_blind`` for a cost, a loss and a
blind invitation: templates the board fills from the favour), the favour decision waiting
(``decision``, by the choice's kind: a template whose ``{keep}``, ``{n}`` (cards seen) and
``{count}`` the board fills from the choice), a place a servant stands that is no tile
(``place``), the guests a tile asks for (by the requirement's kind: ``guest`` for exactly one,
``guests`` for more or a choice of counts, joined by ``join`` ``or``; the board fills
``{count}``) and the notes beside a servant placed for an activity (``placed``: supplemental
service, the servant it stands in for, one come from the Servants' Quarters, a place that is
not the activity's), and the board's fixed labels (``label``: the zones' and sections' titles,
the notes of an empty zone, the markers' tags and hover texts) — in English, the one list the
board draws from (``widgets/board.js`` keeps none of these; its sentences built around values,
"House of …", "costs £…", are still its own).  :func:`words` gives them in another language."""


def words(lang: str | None = None, table: dict[str, dict[str, str]] | None = None
          ) -> dict[str, dict[str, str]]:
    """A widget's words (``table``, by default :data:`WORDS`) in ``lang``, as the widget
    receives them: the language's own (``content/i18n/<lang>/widgets.yaml``), else the English
    word as a label (``obsession_nb.base.i18n.tr``: the glossary's, or English)."""
    from obsession_nb.base.i18n import resolve, tr
    from obsession_nb.data.translations import widget_words

    lang = resolve(lang)
    own = widget_words(lang)
    return {section: {key: own.get(section, {}).get(key) or tr(text, lang)
                      for key, text in words.items()}
            for section, words in (WORDS if table is None else table).items()}


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
        """Redraw from the game's current position."""
        self.view = self._game.view(self.seat) if self._game is not None else {}

    def static_html(self) -> str:
        return board_html(self.view, list(self.parts), list(self.seats))

    def __repr__(self) -> str:
        title = self.view.get("title") or "position"
        return f"<Board of {title!r}, round {self.view.get('round')}>"
