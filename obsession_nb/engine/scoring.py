"""End-game scoring in seven categories, the tie-breaks, and the scoresheet as a DataFrame
(rules scoring.*, ruling.reputation-comparison, ruling.end-reputation-conversion).

Every category is computed from the final position only, so anyone can recompute it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.scoresheet import CATEGORIES as CATEGORIES
from obsession_nb.engine.records.scoresheet import LABELS as LABELS
from obsession_nb.engine.records.scoresheet import PlayerScore as PlayerScore
from obsession_nb.engine.records.scoresheet import Scoresheet as Scoresheet
from obsession_nb.engine.records.state import Player
from obsession_nb.engine.steps import limits, milestones
from obsession_nb.engine.steps.objectives import evaluate
from obsession_nb.engine.table import Table

if TYPE_CHECKING:
    pass



class Game(Protocol):
    """What scoring reads of a game (an ``engine.game.Game``): its position with its catalog."""

    @property
    def table(self) -> Table: ...


RULES = {
    "tiles": "scoring.tiles",
    "gentry": "scoring.gentry",
    "objectives": "scoring.objectives",
    "reputation": "scoring.reputation",
    "servants": "scoring.servants",
    "wealth": "scoring.wealth",
    "vp_cards": "scoring.vp-cards",
    "milestones": "milestone.scoring",
}
SERVANT_VP = 2
WEALTH_UNIT = 200


def triangular(level: int) -> int:
    return level * (level + 1) // 2


def reputation_vp(table: Table, player: Player) -> int:
    """Triangular in the level reached; Max counts as the level above the highest numbered."""
    return triangular(table.wheel.level(player.reputation))


def tile_vp(table: Table, player: Player) -> int:
    return sum(table.face(o).vp for o in player.organiser)


def gentry_cards(table: Table, player: Player) -> list[str]:
    """The player's hand and discard, and the guests of an activity under way."""
    turn, players = table.state.turn, table.state.players
    active = turn is not None and 0 <= turn.player < len(players) and players[turn.player] is player
    guests = turn.guests if turn is not None and active else []
    return [*player.hand, *player.discard, *guests]


def over_limit_vp(table: Table, player: Player) -> int:
    """VP of prestige guests beyond the six-guest limit (lowest first), if the option is on."""
    extra = limits.excess(table, player)
    if not extra:
        return 0
    values = sorted(table.card(c).vp for c in limits.prestige_guests(table, player))
    return sum(values[:extra])


def score_player(table: Table, seat: int, *, explain: bool = True) -> PlayerScore:
    """The seat's points in every category (scoring.categories) and, with ``explain``, the
    rulings that say how each was counted; without, the numbers only (an AI's playouts score
    thousands of positions and read no text)."""
    p = table.state.players[seat]
    rulings: list[Ruling] = []
    cards = gentry_cards(table, p)
    gentry = sum(table.card(c).vp for c in cards)
    penalty = over_limit_vp(table, p)
    if penalty and explain:
        rulings.append(ruling("ruling.prestige-limit-check-timing", f"{p.name} is over the "
                              f"six-prestige-guest limit: {penalty} VP are deducted."))
    results = tuple(evaluate(table, p, c) for c in p.objectives)
    categories = {
        "tiles": tile_vp(table, p),
        "gentry": gentry - penalty,
        "objectives": sum(r.vp for r in results),
        "reputation": reputation_vp(table, p),
        "servants": SERVANT_VP * len(p.servants.all()),
        "wealth": p.money // WEALTH_UNIT,
        "vp_cards": sum(table.catalog.vp_cards[v].vp for v in p.vp_cards),
    }
    if table.state.milestones is not None:  # milestone.scoring
        categories["milestones"] = milestones.vp(table, seat)
    if not explain:
        return PlayerScore(seat, p.name, p.family, categories, results, ())
    detail = {
        "tiles": f"{len(p.organiser)} tiles in the organiser, faces up",
        "gentry": f"{len(cards)} gentry cards in hand and discard",
        "objectives": "; ".join(f"{r.name}: {r.vp} ({r.detail})" for r in results) or "none held",
        "reputation": f"{table.wheel.describe(p.reputation)}",
        "servants": f"{len(p.servants.all())} servants × {SERVANT_VP}",
        "wealth": f"£{p.money} in full £{WEALTH_UNIT}s",
        "vp_cards": f"{len(p.vp_cards)} VP cards still face down",
    }
    rulings += [ruling(RULES[c], f"{p.name}: {LABELS[c]} {categories[c]} ({detail[c]}).")
                for c in CATEGORIES]
    if p.reputation % 5:
        rulings.append(ruling("ruling.end-reputation-conversion", f"{p.name}'s reputation beyond "
                              "the level reached is not turned into money at the end."))
    if "milestones" in categories:
        rulings.append(ruling("milestone.scoring", f"{p.name}: Milestones "
                              f"{categories['milestones']}."))
    return PlayerScore(seat, p.name, p.family, categories, results, tuple(rulings))


def has_fairchild(table: Table, player: Player) -> bool:
    return any(table.card(c).deck == "fairchild" for c in gentry_cards(table, player))


def totals(table: Table) -> dict[int, int]:
    """Each seat's scoresheet total, the numbers only (the game mode's sheet where it has
    one; scoring.categories)."""
    in_mode = table.mode.scoresheet(table)
    if in_mode is not None:
        return {p.seat: p.total for p in in_mode.players}
    return {s: score_player(table, s, explain=False).total
            for s in range(len(table.state.players))}


def score(table_or_game: Table | Game) -> Scoresheet:
    """The scoresheet of the position (normally the final one) and who wins."""
    table = table_or_game if isinstance(table_or_game, Table) else table_or_game.table
    in_mode = table.mode.scoresheet(table)  # Tableau Obsession counts only five things
    if in_mode is not None:
        return in_mode
    state = table.state
    sheets = tuple(score_player(table, s) for s in range(len(state.players)))
    best = max(p.total for p in sheets)
    tied = [p.seat for p in sheets if p.total == best]
    rulings = [ruling("scoring.categories", f"Highest total: {best}.")]
    if len(tied) > 1:
        holders = [s for s in tied if has_fairchild(table, state.players[s])]
        if holders:
            tied = holders
            why = "a Fairchild in the deck"
        else:
            top = max(state.players[s].reputation for s in tied)
            tied = [s for s in tied if state.players[s].reputation == top]
            why = "the highest reputation"
            rulings.append(ruling("ruling.reputation-comparison", "Reputation compares level, "
                                  "then position."))
        shared = " (shared)" if len(tied) > 1 else ""
        rulings.append(ruling("scoring.tie-break", f"Tie at {best} broken by {why}: "
                              f"{', '.join(state.players[s].name for s in tied)}{shared}."))
    fairchilds = [p.name for p in state.players if has_fairchild(table, p)]
    if fairchilds and not any(has_fairchild(table, state.players[s]) for s in tied):
        rulings.append(ruling("ruling.win-without-fairchild", f"{', '.join(fairchilds)} "
                              "holds a Fairchild, but the most points win: a Fairchild only "
                              "breaks a tie."))
    return Scoresheet(sheets, tuple(tied), tuple(rulings))
