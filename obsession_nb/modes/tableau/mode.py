"""Tableau Obsession and Tableau Duel (UD p.15) as game-mode plugins (obsession_nb/engine/mode.py).

The hooks hand over to ``tableau`` (setup, the drafts before the turns, the end of a turn and
of a round) and ``tableau_scoring`` (what counts and the tie-breaks).  The Duel differs only in
its wheel (levels 9 and 10 before Max: ``Options.wheel_levels``) and so its reputation VP.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.mode import Handler, Mode
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.holding import Holding
from obsession_nb.engine.records.options import ModeName
from obsession_nb.engine.records.state import State
from obsession_nb.engine.scoring import PlayerScore, Scoresheet
from obsession_nb.engine.table import Table
from obsession_nb.modes.tableau import rules as tableau
from obsession_nb.modes.tableau import scoring as tableau_scoring
from obsession_nb.modes.tableau.records import Tableau


class TableauObsession(Mode[Table]):
    """"Obsession chess": the tableau track, no courtship, the game ends at Max (mode
    ``tableau``)."""

    name: ModeName = "tableau"
    title = "Tableau Obsession"
    rule = "tableau.overview"
    records = {"tableau": Tableau}
    milestones = True  # "Milestones are used" (UD p.15 Setup)
    deals_objectives = False  # tableau.player-setup
    sudden_end = True  # tableau.end
    handlers = {
        va.Starter: Handler(frozenset({"mode"}), tableau.verify_starter, tableau.apply_starter),
        va.Ball: Handler(frozenset({"mode"}), tableau.verify_ball, tableau.apply_ball),
    }

    def refuse(self, table: Table, action: a.Action) -> None:
        tableau.verify_action(table, action)

    def candidates(self, table: Table) -> Iterable[a.Action]:
        return tableau.candidates(table)

    def central_setup(self, table: Table, rulings: list[Ruling]) -> list[Ruling]:
        return tableau.central_setup(table, rulings)

    def step_name(self, table: Table, words: Mapping[str, str] | None = None) -> str | None:
        return (words or tableau.STEP_WORDS).get(tableau.pending(table) or "")

    def end_of_turn(self, table: Table) -> bool:
        return tableau.after_turn(table)

    def scoresheet(self, table: Table) -> Scoresheet:
        return tableau_scoring.scoresheet(table)

    def seat_score(self, table: Table, seat: int) -> PlayerScore:
        return tableau_scoring.score_player(table, seat, explain=False)

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        if state.options.mode == "tableau-duel" and len(state.players) != 2:
            return [f"players: Tableau Duel has two players, not {len(state.players)}"]
        return tableau.record_problems(state)

    def view(self, table: Table) -> dict[str, Any]:
        return tableau.view(table)

    def result_json(self, table: Table) -> dict[str, Any]:
        """How the game ended (``max``, ``track-end``), who reached Max, the rounds played."""
        return tableau.result_json(table)

    def private_places(self, table: Table) -> Iterable[Holding]:
        return tableau.private_places(table)


class TableauDuel(TableauObsession):
    """The two-player Duel: the 9/10 reputation counters (mode ``tableau-duel``)."""

    name: ModeName = "tableau-duel"
    title = "the Tableau Duel"
    rule = "tableau.duel"
