"""Team scoring of Competitive Team Play (UD p.12 End Game Scoring; rules team.scoring-*,
ruling.team-tie-break).

Each partner's individual scoresheet is the standard one (scoring.py); the team's sheet is
worked out from the two: every category averaged and rounded down, except reputation (the lower
partner's) and objectives (the best three of the team's completed objective cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.scoresheet import Scorepad
from obsession_nb.engine.scoring import LABELS, PlayerScore, Scoresheet, has_fairchild, score_player
from obsession_nb.engine.table import Table
from obsession_nb.modes.team.seating import teams

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.engine.game import Game

TEAM_OBJECTIVES = 3


@dataclass(frozen=True)
class TeamScore:
    index: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    categories: dict[str, int]
    reputation: int
    """The lower partner's reputation (steps on the wheel), the team's for tie-breaks."""
    fairchild: bool

    @property
    def total(self) -> int:
        return sum(self.categories.values())

    @property
    def label(self) -> str:
        return f"Team {self.index + 1} ({' & '.join(self.names)})"


@dataclass(frozen=True)
class TeamSheet(Scorepad):
    teams: tuple[TeamScore, ...]
    winners: tuple[int, ...]
    """The winning team(s), by index."""
    individual: Scoresheet
    rulings: tuple[Ruling, ...] = field(default=())

    def to_dataframe(self) -> pd.DataFrame:
        """One column per team, one row per category and a total row."""
        import pandas as pd

        rows = list(self.teams[0].categories)
        data = {t.label: [*(t.categories[c] for c in rows), t.total] for t in self.teams}
        return pd.DataFrame(data, index=[*(LABELS[c] for c in rows), "Total"])

    def to_json(self) -> list[dict[str, Any]]:
        return [{"team": t.index + 1, "seats": list(t.seats), "names": list(t.names),
                 "categories": dict(t.categories), "total": t.total,
                 "winner": t.index in self.winners} for t in self.teams]



def team_score(table: Table, index: int, sheets: list[PlayerScore]) -> tuple[TeamScore, list[Ruling]]:
    """One team's categories from its partners' individual sheets."""
    state = table.state
    members = [sheets[s] for s in teams(state)[index]]
    lower = min(members, key=lambda p: state.players[p.seat].reputation)
    completed = sorted((r.vp for p in members for r in p.objectives if r.met and r.vp > 0),
                       reverse=True)
    categories: dict[str, int] = {}
    for category in members[0].categories:
        if category == "reputation":
            categories[category] = lower.categories["reputation"]
        elif category == "objectives":
            categories[category] = sum(completed[:TEAM_OBJECTIVES])
        else:
            categories[category] = sum(p.categories[category] for p in members) // len(members)
    names = tuple(p.name for p in members)
    rulings = [
        ruling("team.scoring-averaged", f"Team {index + 1}: tiles, gentry, servants, wealth and "
               "VP cards averaged and rounded down: " + ", ".join(
                   f"{LABELS[c]} {categories[c]}" for c in categories
                   if c not in ("reputation", "objectives")) + "."),
        ruling("team.scoring-reputation", f"Team {index + 1}: reputation of the lower partner, "
               f"{lower.name}: {categories['reputation']}."),
        ruling("team.scoring-objectives", f"Team {index + 1}: the best {TEAM_OBJECTIVES} of "
               f"{len(completed)} completed objective(s): {categories['objectives']}."),
    ]
    score = TeamScore(index, tuple(p.seat for p in members), names, categories,
                      state.players[lower.seat].reputation,
                      any(has_fairchild(table, state.players[p.seat]) for p in members))
    return score, rulings


def team_sheet(table_or_game: Table | Game) -> TeamSheet:
    """The teams' scoresheet and the winning team (:func:`winning_teams`)."""
    table = table_or_game if isinstance(table_or_game, Table) else table_or_game.table
    state = table.state
    sheets = [score_player(table, s) for s in range(len(state.players))]
    scored = [team_score(table, i, sheets) for i in range(len(teams(state)))]
    team_scores = tuple(t for t, _r in scored)
    rulings = [r for _t, rs in scored for r in rs]
    tied = winning_teams(team_scores, rulings)
    winners = tuple(t.index for t in tied)
    seats = tuple(s for t in tied for s in t.seats)
    individual = Scoresheet(tuple(sheets), seats, tuple(rulings))
    return TeamSheet(team_scores, winners, individual, tuple(rulings))


def winning_teams(team_scores: tuple[TeamScore, ...], rulings: list[Ruling]) -> list[TeamScore]:
    """The highest total; a tie goes to a team with a Fairchild in either partner's deck, then
    to the higher team (lower partner's) reputation, else it is shared (ruling.team-tie-break)."""
    best = max(t.total for t in team_scores)
    tied = [t for t in team_scores if t.total == best]
    rulings.append(ruling("scoring.categories", f"Highest team total: {best}."))
    if len(tied) > 1:
        why = "a Fairchild in either partner's deck"
        holders = [t for t in tied if t.fairchild]
        if holders:
            tied = holders
        else:
            top = max(t.reputation for t in tied)
            tied = [t for t in tied if t.reputation == top]
            why = "the team's (lower partner's) reputation"
        shared = " (shared)" if len(tied) > 1 else ""
        rulings.append(ruling("ruling.team-tie-break", f"Tie at {best} broken by {why}: "
                              f"{', '.join(t.label for t in tied)}{shared}."))
    return tied


def scoresheet(table: Table) -> Scoresheet:
    """The individual sheets, with the members of the winning team as the winners."""
    return team_sheet(table).individual
