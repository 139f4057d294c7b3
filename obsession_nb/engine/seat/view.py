"""A seat's view of a position (DESIGN principle 10; ruling.seat-view): what that player may know
by the rules, and the labelled open view that shows every card (worked examples, the scenario
editor, teaching mode: ruling.seat-open-view).

``seat_view(table, seat)`` says which cards the seat cannot see and the back each shows;
:meth:`SeatView.redact` turns the JSON view of the position (``positions.view.position``) into
that seat's: a hidden guest becomes its back (``{"hidden": true, "back": "casual", ...}``), in
the same place, so a hand still shows how many cards it holds and of which deck; the other
players' objectives and VP cards are counts only.  ``Game.view(seat=N)`` is the public face.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from obsession_nb.engine.records.naming import BACKS
from obsession_nb.engine.seat.places import hidden_cards
from obsession_nb.engine.table import Table

HOLDING_PARTS = ("choices",)
"""The parts of the JSON view besides the players' hands and the mode's own part (``solo``)
where a card hidden from a seat may lie: the choice waiting (the rest is the board, the discard
piles, the market, the track: face up; tests/engine/test_seat_indistinguishable.py holds the whole
view to it)."""

OPEN_LABEL = "Open view: every card face up (for teaching, not for play)"
SEAT_LABEL = ("{name}'s view (p{seat}): the other players' hands, objectives, VP cards and the "
              "decks stay face down")
"""The labels above a view, the open one and a seat's (filled with the player's name and seat
number from 1); the board says them in its language (``obsession_nb/tutor/views/words.py``)."""


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` may see of one position; ``seat=None`` is the open view."""

    seat: int | None
    hidden: Mapping[str, str]
    """Every card the seat cannot see, with the back it shows."""
    name: str = ""
    """The seat's player's name."""
    words: Mapping[str, str] = field(default_factory=dict)
    """The name of each hidden card, to find it in the mode's own words (a team's loans)."""

    @property
    def open(self) -> bool:
        return self.seat is None

    @property
    def label(self) -> str:
        """The words every surface shows above the view."""
        if self.seat is None:
            return OPEN_LABEL
        return SEAT_LABEL.format(name=self.name, seat=self.seat + 1)

    def sees(self, card: str) -> bool:
        return card not in self.hidden

    def card_back(self, card: str) -> dict[str, Any]:
        """A hidden card as the views draw it: its back only."""
        back = self.hidden[card]
        return {"id": None, "hidden": True, "back": back, "deck": back,
                "name": f"{BACKS[back]} (face down)"}

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        """The JSON view with every card the seat cannot see turned face down in place, in the
        parts that can hold one (the hands and :data:`HOLDING_PARTS`); a string naming such a
        card by its id becomes ``"hidden"``."""
        if not self.hidden:
            return data
        out = dict(data)
        out["players"] = [{**p, "hand": self._walk(p["hand"])} for p in data["players"]]
        for key in HOLDING_PARTS:
            if key in out:
                out[key] = self._walk(out[key])
        if out.get("solo"):  # the mode's part may name a card in its words
            out["solo"] = self._walk(out["solo"], self._namer())
        return out

    def _namer(self) -> Callable[[str], str] | None:
        """Replaces each hidden card's name in a text by its back in words."""
        if not self.words:
            return None
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)"
                                      for w in sorted(set(self.words.values()), key=len,
                                                      reverse=True)))
        backs = {w: self.hidden[c] for c, w in self.words.items()}
        return lambda text: pattern.sub(lambda m: f"a hidden {BACKS[backs[m.group(0)]]}", text)

    def _walk(self, data: Any, namer: Callable[[str], str] | None = None) -> Any:
        if isinstance(data, dict):
            if isinstance(data.get("id"), str) and data["id"] in self.hidden:
                return self.card_back(data["id"])
            return {k: self._walk(v, namer) for k, v in data.items()}
        if isinstance(data, list):
            return [self._walk(v, namer) for v in data]
        if isinstance(data, str):
            if data in self.hidden:
                return "hidden"
            return namer(data) if namer is not None else data
        return data

    def viewer(self) -> dict[str, Any]:
        """The view's own label, for every surface to show (``"viewer"`` in the JSON view)."""
        return {"seat": self.seat, "open": self.open, "name": self.name or None,
                "label": self.label}


def seat_view(table: Table, seat: int | None) -> SeatView:
    """The view of ``seat`` (0-based) of the position, or the open view for ``None``."""
    if seat is None:
        return SeatView(None, {})
    players = table.state.players
    if not 0 <= seat < len(players):
        raise ValueError(f"seat must be 1 to {len(players)}, not {seat + 1}")
    guests = {c: b for c, b in hidden_cards(table, seat).items() if table.has_card(c)}
    return SeatView(seat, guests, players[seat].name, {c: table.card_name(c) for c in guests})
