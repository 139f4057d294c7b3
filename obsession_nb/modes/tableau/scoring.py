"""Tableau Obsession's end-game scoring and tie-breaks (UD p.15 End Game Scoring; rules
tableau.scoring, tableau.tie-break, tableau.duel).

Only five things count: improvement-tile VP, reputation VP (in the Duel 45 / 55 / 66 at levels
9 / 10 / Max: the triangular numbers of the 10-level wheel), the negative VP of unsavoury
guests, the objectives held (which came from the Main Library and VP cards) and VP cards —
plus claimed milestones.  Positive gentry VP, money and servants do not count.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.scoring import (
    LABELS,
    PlayerScore,
    Scoresheet,
    gentry_cards,
    reputation_vp,
    tile_vp,
)
from obsession_nb.engine.steps import milestones
from obsession_nb.engine.steps.objectives import evaluate
from obsession_nb.engine.table import Table
from obsession_nb.modes.tableau.records import Tableau

CATEGORIES = ("tiles", "gentry", "objectives", "reputation", "vp_cards")


def score_player(table: Table, seat: int, *, explain: bool = True) -> PlayerScore:
    """The seat's points in the five things that count (tableau.scoring, tableau.duel) and,
    with ``explain``, the rulings that say so; without, the numbers only (the AI's values)."""
    p = table.state.players[seat]
    results = tuple(evaluate(table, p, c) for c in p.objectives)
    negative = [c for c in gentry_cards(table, p) if table.card(c).vp < 0]
    categories = {
        "tiles": tile_vp(table, p),
        "gentry": sum(table.card(c).vp for c in negative),
        "objectives": sum(r.vp for r in results),
        "reputation": reputation_vp(table, p),
        "vp_cards": sum(table.catalog.vp_cards[v].vp for v in p.vp_cards),
    }
    if table.state.milestones is not None:
        categories["milestones"] = milestones.vp(table, seat)
    if not explain:
        return PlayerScore(seat, p.name, p.family, categories, results, ())
    rulings = [ruling("tableau.scoring", f"{p.name}: {LABELS[c]} {v}.")
               for c, v in categories.items()]
    rulings.append(ruling("tableau.scoring", f"{p.name}: only unsavoury guests count "
                          f"({len(negative)}); positive gentry VP, money and servants do not."))
    if table.state.options.mode == "tableau-duel":
        rulings.append(ruling("tableau.duel", f"{p.name}: Duel reputation "
                              f"{table.wheel.describe(p.reputation)} = {categories['reputation']}"
                              " VP (45 at level 9, 55 at level 10, 66 at Max)."))
        rulings.append(ruling("ruling.duel-reputation-vp", "Below level 9 the Duel keeps the "
                              "triangular scale (level 7 28, level 8 36)."))
    return PlayerScore(seat, p.name, p.family, categories, results, tuple(rulings))


def scoresheet(table: Table) -> Scoresheet:
    """The tableau scoresheet; ties go to the higher tile score, then to the player who ended
    the game at Max (tableau.tie-break)."""
    state = table.state
    sheets = tuple(score_player(table, s) for s in range(len(state.players)))
    best = max(p.total for p in sheets)
    tied = [p.seat for p in sheets if p.total == best]
    rulings: list[Ruling] = [ruling("tableau.scoring", f"Highest total: {best}.")]
    if len(tied) > 1:
        top = max(sheets[s].categories["tiles"] for s in tied)
        tied = [s for s in tied if sheets[s].categories["tiles"] == top]
        why = f"the higher tableau score ({top})"
        reached = (Tableau.of(state.tableau) or Tableau()).reached_max
        if len(tied) > 1 and reached in tied:
            tied = [reached]
            why += ", then reaching Max"
        shared = " (shared)" if len(tied) > 1 else ""
        rulings.append(ruling("tableau.tie-break", f"Tie at {best} broken by {why}: "
                              f"{', '.join(state.players[s].name for s in tied)}{shared}."))
    return Scoresheet(sheets, tuple(tied), tuple(rulings))
