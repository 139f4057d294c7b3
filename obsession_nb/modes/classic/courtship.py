"""Classic solitaire's courtship against the opponent card, and the opponent's final score
(rules solo.classic.courtship, solo.classic.courtship-win, solo.classic.courtship-loss,
solo.classic.courtship-tie, solo.classic.courtship-final, solo.classic.scoring,
option.solo-challenging-monuments; rulings ruling.classic-final-chart, ruling.classic-final-tie,
ruling.classic-standin-cards).

The player's total is the standard one (``seasons.courtship_total``); the opponent's is read
from its card: the chart's value for this season and theme, or at the final courtship the
chart's season-4 values of all four revealed themes added (ruling.classic-final-chart).  A win
is the standard win (a VP card, then the Fairchild choice); a loss puts the top VP card face
down by the opponent card (and at the final courtship a Fairchild too); a tie gives each a VP
card.  Every courtship is recorded in ``state.classic_solo.courtships``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from obsession_nb.data.catalog_cards import OpponentCard
from obsession_nb.data.catalog_records import Category
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.state import Turn
from obsession_nb.engine.steps.seasons import (
    courtship_number,
    courtship_themes,
    courtship_total,
    draw_vp_card,
    is_final,
    start_discards,
)
from obsession_nb.engine.table import Table
from obsession_nb.modes.classic.ai import record
from obsession_nb.modes.classic.records import CourtshipResult

FINAL_SEASON = 4


def opponent(table: Table) -> OpponentCard:
    name = record(table).opponent
    if name is None or name not in table.catalog.opponents:
        raise ValueError(f"no opponent card '{name}'; choose one of "
                         f"{', '.join(table.catalog.opponents)}")
    return table.catalog.opponents[name]


def opponent_total(table: Table, themes: Sequence[Category]) -> int:
    """The chart's value for this season's theme; at the final courtship the season-4 values of
    every revealed theme, a theme revealed twice counting twice (ruling.classic-final-chart)."""
    card = opponent(table)
    if is_final(table):
        return sum(card.chart[FINAL_SEASON][t] for t in themes)
    return card.chart[courtship_number(table)][themes[-1]]


def _opponent_draws(table: Table, why: str, rule_id: str) -> Ruling:
    deck = table.state.supply.vp_deck
    card = opponent(table)
    if not deck:
        return ruling("ruling.vp-deck-empty", f"{why}: the VP deck is empty, so {card.name} "
                      "draws nothing.")
    record(table).opponent_vp.append(deck.pop(0))
    return ruling(rule_id, f"{why}: the top VP card goes face down, unseen, beside "
                  f"{card.name}'s card.")


def courtship(table: Table, rulings: list[Ruling]) -> bool:
    """Score the courtship against the opponent card; then the Fairchild choice (a win) or the
    objective discards."""
    state = table.state
    me = state.players[0]
    card = opponent(table)
    number, final = courtship_number(table), is_final(table)
    themes = courtship_themes(table)
    label = " + ".join(t.upper() for t in themes) or "no theme"
    mine = courtship_total(table, me)
    theirs = opponent_total(table, themes) if themes else 0
    where = ("its season-4 values of " + label if final
             else f"its season-{number} value for {label}")
    rulings.append(ruling("solo.classic.courtship", f"Courtship on {label}: {me.name} "
                          f"{mine}, {card.name} {theirs} ({where})."))
    if final:
        rulings.append(ruling("ruling.classic-final-chart", "At the final courtship the "
                              "opponent's season-4 value of each revealed theme is added, as the "
                              "player's columns are."))
    if card.standin:
        rulings.append(ruling("ruling.classic-standin-cards", f"{card.name}'s chart is a "
                              "stand-in: the sources give only Eden's PRESTIGE value in season 2."))
    outcome: Literal["win", "loss", "tie"] = ("win" if mine > theirs else "loss" if mine < theirs
                                              else "tie")
    record(table).courtships.append(CourtshipResult(
        season=number, themes=list[str](themes), player=mine, opponent=theirs, outcome=outcome))
    if outcome == "win":
        rule_id = "solo.classic.courtship-final" if final else "solo.classic.courtship-win"
        rulings.append(ruling(rule_id, f"{me.name} wins the courtship: a VP card and the "
                              "choice of a Fairchild, as in the standard game."))
        rulings.append(draw_vp_card(table, me, rule_id, "Courtship winner"))
        table.auto(f"courtship {number}", rulings)
        state.turn = Turn(player=0, step="fairchild")
        return True
    if outcome == "tie":
        rulings.append(ruling("solo.classic.courtship-tie", f"Tied at {mine}: {me.name} and "
                              f"{card.name} each take a VP card; nobody takes a Fairchild."))
        if final:
            rulings.append(ruling("ruling.classic-final-tie", "The opponent has no reputation "
                                  "to break a final tie: it stays a tie."))
        rulings.append(draw_vp_card(table, me, "solo.classic.courtship-tie", "Tied courtship"))
        rulings.append(_opponent_draws(table, "Tied courtship", "solo.classic.courtship-tie"))
    else:
        rule_id = "solo.classic.courtship-final" if final else "solo.classic.courtship-loss"
        rulings.append(ruling(rule_id, f"{card.name} wins the courtship."))
        rulings.append(_opponent_draws(table, "Lost courtship", rule_id))
        fairchilds = state.supply.fairchilds
        if final and fairchilds:
            taken = fairchilds.pop(0)
            record(table).opponent_fairchild = taken
            rulings.append(ruling(rule_id, f"At the final courtship {card.name} also takes "
                                  f"{table.card_name(taken)}, worth {table.card(taken).vp} VP.",
                                  (taken,)))
    table.auto(f"courtship {number}", rulings)
    start_discards(table)
    return True


# ----------------------------------------------------------------- the opponent's score


@dataclass(frozen=True)
class OpponentScore:
    """The opponent's final score: base + VP cards + the Fairchild (+ scavenged monuments in
    the challenging mode)."""

    name: str
    base: int
    vp_cards: int
    fairchild: int
    monuments: int
    rulings: tuple[Ruling, ...]

    @property
    def total(self) -> int:
        return self.base + self.vp_cards + self.fairchild + self.monuments


def scavenged_monument_vp(table: Table) -> int:
    """VP of the monuments the AI removed from the game (option.solo-challenging-monuments)."""
    classic = record(table)
    return sum(table.tile(t).front.vp for r in classic.rolls for t in r.tiles
               if table.tile(t).kind == "monument")


def opponent_score(table: Table) -> OpponentScore:
    card = opponent(table)
    classic = record(table)
    cards = sum(table.catalog.vp_cards[v].vp for v in classic.opponent_vp)
    fairchild = table.card(classic.opponent_fairchild).vp if classic.opponent_fairchild else 0
    challenging = table.state.options.solo_target == "opponent-monuments"
    monuments = scavenged_monument_vp(table) if challenging else 0
    rulings = [ruling("solo.classic.scoring", f"{card.name}: base {card.base} + "
                      f"{len(classic.opponent_vp)} VP card(s) worth {cards}"
                      + (f" + {fairchild} for the Fairchild" if fairchild else "")
                      + (f" + {monuments} VP of scavenged monuments" if challenging else "")
                      + f" = {card.base + cards + fairchild + monuments}.")]
    if challenging:
        rulings.append(ruling("option.solo-challenging-monuments", "Challenging mode: the VP of every "
                              "monument the AI scavenged join the opponent's base score."))
    return OpponentScore(card.name, card.base, cards, fairchild, monuments, tuple(rulings))
