"""The Solo Estate Challenge's target score and the end of each turn (UD p.13-14; rules
solo.sec.*; rulings ruling.sec-*): the target and its round modifier, the opponent card of the
target variants, and :func:`after_turn`: the end conditions, else the AI scavenges and the round
pawn advances."""

from __future__ import annotations

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_cards import OpponentCard
from obsession_nb.data.rules import ruling
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import State
from obsession_nb.engine.steps.rounds import last_round
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo import ai as solo_ai
from obsession_nb.modes.solo.records import Solo
from obsession_nb.modes.solo.tableau import at_max, check, size

OPPONENT_TARGETS = ("opponent", "opponent-monuments")
MONUMENT_TARGETS = ("expert-monuments", "opponent-monuments")
ROUND_CAP = 30
"""A game still not complete when this round ends stops, lost (ruling.sec-track-end)."""
TARGETS = {"standard": (132, 12), "extended": (188, 15)}
"""(target score, the round of the target space) per length (UD p.13)."""
STEP = 5
"""VP per step of the round modifier (UD p.14 End Game Scoring)."""


def target(table: Table) -> tuple[int, int]:
    """(target score, round of the target space) for this game's length: the printed score, or
    an opponent card's base score (solo.sec.target-variants)."""
    state = table.state
    printed, at = TARGETS[state.options.length]
    card = opponent_card(state, table.catalog)
    return (printed if card is None else card.base), at


def opponent_card(state: State, catalog: Catalog) -> OpponentCard | None:
    """The opponent card whose base score is the target, if the target is one."""
    name = (Solo.of(state.solo) or Solo()).opponent
    if state.options.solo_target not in OPPONENT_TARGETS or name not in catalog.opponents:
        return None
    return catalog.opponents[str(name)]


def adds_monuments(options: Options) -> bool:
    """Whether the VP of scavenged monuments join the target (solo.sec.target-variants)."""
    return options.solo_target in MONUMENT_TARGETS


def modifier(round_number: int, target_round: int) -> int:
    """The round modifier: 5 VP for the first round away from the target space, 5 more for each
    further round; a bonus before it, a penalty after (solo.sec.round-modifiers)."""
    away = abs(round_number - target_round)
    total = STEP * away * (away + 1) // 2
    return total if round_number < target_round else -total


def after_turn(table: Table) -> None:
    """The end conditions (ruling.sec-end-check); else the AI scavenges and the round pawn
    moves on (solo.sec.turn); past the track's last space the game stops (ruling.sec-track-end).
    """

    state = table.state
    me = state.players[0]
    tableau = check(table, me)
    top = at_max(table, me)
    passed = state.turn is not None and state.turn.passing
    if tableau.complete and top:
        solo = Solo.of(state.solo)
        assert solo is not None  # the challenge's setup made it
        solo.finished_round = state.round
        table.auto("end of the game", [
            ruling("solo.sec.tableau-complete", f"Five columns of {size(table)} tiles, every "
                   "flippable tile on its rose side."),
            ruling("ruling.sec-start-tiles-count", "The START tiles count as the first tile of "
                   "their columns."),
            ruling("solo.sec.end-conditions", f"{me.name} is at Max reputation and "
                   f"{tableau.describe(table)}: the game ends on round {state.round}."),
            ruling("ruling.sec-end-check", "The conditions are checked when the turn ends; no "
                   "scavenging follows."),
        ])
        _stop(table)
        return
    rulings = [ruling("ruling.sec-end-check", f"Not over yet: {me.name} is at "
                      f"{table.wheel.describe(me.reputation)}"
                      f"{'' if top else ' (not Max)'} and {tableau.describe(table)}.")]
    if tableau.unflipped and not any(tableau.needs.values()):
        rulings.append(ruling("ruling.sec-flippable", "Every column is full, but a complete "
                              "tableau shows the rose side of every tile that has one."))
    if passed:
        rulings.append(ruling("ruling.sec-scavenge-every-turn", f"{me.name} passed; the AI "
                              "scavenges all the same."))
    rulings += solo_ai.scavenge_turn(table)
    table.auto("AI scavenging", rulings)
    if state.round >= ROUND_CAP:
        table.auto("the challenge stops", [ruling(
            "ruling.sec-track-end", f"Round {state.round} has ended and the challenge is still "
                                    "not complete: the game stops here, unfinished.")])
        _stop(table)
        return
    if state.round == last_round(table):
        rulings.append(ruling("ruling.sec-track-end", "The pawn moves past the track's last "
                              "space: play goes on, with no events, until the challenge is "
                              "complete; the penalty keeps growing."))
    rulings.append(ruling("solo.sec.turn", f"The round pawn moves on to round "
                          f"{state.round + 1}."))
    state.round += 1
    table.then("enter-round")


def _stop(table: Table) -> None:
    table.state.turn = None
    table.state.finished = True
