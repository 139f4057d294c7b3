"""Competitive Team Play (UD p.12) as a game-mode plugin (obsession_nb/engine/mode.py), mode ``team``.

The hooks hand over to ``team`` (seating, the cooperative actions, favour routing, returning
what was lent) and ``team_scoring`` (the teams' sheet and the winning team).  The rest of the
game — the expansion's setup and servant draft, four objective cards with six players, the
seasons — is the standard game's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.mode import Handler, Mode
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.options import ModeName
from obsession_nb.engine.records.state import State
from obsession_nb.engine.scoring import PlayerScore, Scoresheet, score_player
from obsession_nb.engine.table import Table
from obsession_nb.modes.team import requests as team_requests
from obsession_nb.modes.team import scoring as team_scoring
from obsession_nb.modes.team import seating as team
from obsession_nb.modes.team.actions import (
    Accept,
    AskGift,
    AskServant,
    Decline,
    TeamBorrow,
    TeamGuest,
    TeamHelp,
)
from obsession_nb.modes.team.records import TeamPlay


class CompetitiveTeamPlay(Mode[Table]):
    """Teams of two, partners opposite; cooperative requests the teammate answers."""

    name: ModeName = "team"
    title = "Competitive Team Play"
    rule = "team.format"
    records = {"team": TeamPlay}
    specials = frozenset({AskGift.verb, AskServant.verb})
    handlers = {
        AskGift: Handler(team.REQUEST_STEPS, team_requests.verify_ask_gift, team_requests.apply_ask_gift),
        AskServant: Handler(team.REQUEST_STEPS, team_requests.verify_ask_servant, team_requests.apply_ask_servant),
        Accept: Handler(team.REQUEST_STEPS, team_requests.verify_accept, team_requests.apply_accept),
        Decline: Handler(team.REQUEST_STEPS, team_requests.verify_decline, team_requests.apply_decline),
        TeamBorrow: Handler(team.REQUEST_STEPS, team_requests.verify_team_borrow, team_requests.apply_team_borrow),
        TeamHelp: Handler(team.REQUEST_STEPS, team_requests.verify_team_help, team_requests.apply_team_help),
        TeamGuest: Handler(team.REQUEST_STEPS, team_requests.verify_team_guest, team_requests.apply_team_guest),
    }

    def refuse(self, table: Table, action: a.Action) -> None:
        team.refusal(table, action)

    def candidates(self, table: Table) -> Iterable[a.Action]:
        return team.candidates(table)

    def central_setup(self, table: Table, rulings: list[Ruling]) -> None:
        team.setup_rulings(table, rulings)

    def decision_owner(self, table: Table) -> int | None:
        return team.owner(table)

    def favour_seat(self, table: Table, source: str, kind: str) -> int | None:
        return team.favour_seat(table, source, kind)

    def after_cleanup(self, table: Table) -> list[Ruling]:
        return team.return_loans(table)

    def scoresheet(self, table: Table) -> Scoresheet:
        return team_scoring.scoresheet(table)

    def seat_score(self, table: Table, seat: int) -> PlayerScore:
        """A partner's own sheet, the standard one the team's is averaged from
        (team.scoring-averaged)."""
        return score_player(table, seat, explain=False)

    def result_json(self, table: Table) -> dict[str, Any]:
        """``teams``: each team's seats, averaged categories, total and whether it won."""
        return {"teams": team_scoring.team_sheet(table).to_json()}

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        return team.seating_problems(state)

    def view(self, table: Table) -> dict[str, Any]:
        return team.view(table)

    def allies(self, state: State, seat: int) -> tuple[int, ...]:
        """Partners see each other's cards (ruling.seat-team-hands, team.coordination)."""
        return tuple(sorted((seat, team.teammate(state, seat))))
