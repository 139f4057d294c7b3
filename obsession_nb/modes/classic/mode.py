"""Classic solitaire, the base game's solo mode (Facts §6; 2E §Solitaire), as a game-mode
plugin (obsession_nb/engine/mode.py): the standard game for one player, set out as for two, against an
opponent card and the AI card's d20.

Each hook hands over to the module that holds that part: the solo exceptions
(``solo_exceptions``, shared with the Solo Estate Challenge), the AI's scavenging after each
turn (``classic_ai``), the courtship against the opponent card (``classic_courtship``).
"""

from __future__ import annotations

from typing import Any

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.mode import Mode
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.holding import Holding
from obsession_nb.engine.records.options import ModeName
from obsession_nb.engine.records.state import State
from obsession_nb.engine.table import Table
from obsession_nb.modes.classic import ai as classic_ai
from obsession_nb.modes.classic import courtship as classic_courtship
from obsession_nb.modes.classic.records import ClassicSolo
from obsession_nb.modes.solo_exceptions import refuse_exceptions, servants_hall

TARGETS = ("opponent", "opponent-monuments")
"""``options.solo_target`` in classic solitaire: the opponent's score, or with the scavenged
monuments added (the challenging mode)."""


class ClassicSolitaire(Mode[Table]):
    """One player against an opponent card (mode ``classic-solo``)."""

    name: ModeName = "classic-solo"
    title = "classic solitaire"
    rule = "solo.classic.setup"
    records = {"classic_solo": ClassicSolo}
    setup_players = 2  # the round track and supply as for two players (solo.classic.setup)

    def refuse(self, table: Table, action: a.Action) -> None:
        refuse_exceptions(table, action)

    def step2_effects(self, table: Table) -> list[Ruling]:
        return servants_hall(table)

    def end_of_turn(self, table: Table) -> bool:
        """The AI scavenges after the player has shopped and cleared the board; then the
        standard end of the round moves the pawn on."""
        table.auto("AI card", classic_ai.scavenge_turn(table))
        return False

    def courtship(self, table: Table, rulings: list[Ruling]) -> bool:
        return classic_courtship.courtship(table, rulings)

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        problems: list[str] = []
        if len(state.players) != 1:
            problems.append(f"players: classic solitaire has one player, not "
                            f"{len(state.players)}")
        opponent = (ClassicSolo.of(state.classic_solo) or ClassicSolo()).opponent
        if opponent not in catalog.opponents:
            problems.append(f"classic_solo.opponent: '{opponent}' is not an opponent card; "
                            f"the cards are {', '.join(catalog.opponents)}")
        if state.options.solo_target not in TARGETS:
            problems.append(f"options.solo_target: classic solitaire plays against the "
                            f"opponent ({' or '.join(TARGETS)}), not "
                            f"'{state.options.solo_target}'")
        if classic_ai.AI_CARD not in catalog.ai_cards:
            problems.append(f"ai_cards: the catalog has no '{classic_ai.AI_CARD}'")
        classic = ClassicSolo.of(state.classic_solo)
        for j, roll in enumerate(state.chance.next_rolls):
            if not 1 <= roll <= 20:
                problems.append(f"chance.next_rolls[{j}]: a d20 roll is 1 to 20, not {roll}")
        if classic is not None and classic.opponent_fairchild is not None and (
            classic.opponent_fairchild in state.supply.fairchilds
        ):
            problems.append("classic_solo.opponent_fairchild: that Fairchild is also on the "
                            "track")
        return problems

    def view(self, table: Table) -> dict[str, Any]:
        return classic_view(table)

    def private_places(self, table: Table) -> list[Holding]:
        """The VP cards the opponent card took, face down and unseen (solo.classic.courtship)."""
        classic = ClassicSolo.of(table.state.classic_solo)
        return [] if classic is None else [Holding(classic.opponent_vp, (), "vp",
                                                   "ruling.seat-face-down")]


def classic_view(table: Table) -> dict[str, Any]:
    """What the views and the CLI show of classic solitaire: the opponent card (marked when it
    is a stand-in), the AI card's last rolls, the courtships so far and the opponent's pile."""
    state = table.state
    classic = classic_ai.record(table)
    card = classic_courtship.opponent(table)
    ai = classic_ai.ai_card(table)
    return {
        "opponent": {"id": card.id, "name": card.name, "difficulty": card.difficulty,
                     "base": card.base, "standin": card.standin, "source": card.source,
                     "chart": {str(s): dict(row) for s, row in card.chart.items()}},
        "ai_card": {"name": ai.name, "standin": ai.standin, "column": classic_ai.column(table)},
        "challenging": state.options.solo_target == "opponent-monuments",
        "minus_five": classic.minus_five,
        "rolls": [{**r.model_dump(), "names": [table.tile_name(t) for t in r.tiles]}
                  for r in classic.rolls],
        "courtships": [c.model_dump() for c in classic.courtships],
        "opponent_vp_cards": len(classic.opponent_vp),
        "opponent_fairchild": classic.opponent_fairchild,
    }
