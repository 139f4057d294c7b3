"""The sequencer: the one place that knows the order of play — the end of a turn, of a round
and of a season, and the follow-ups run after every action (rules turn.*, cleanup.*,
turn.round, event.village-fair, ud.useful-man.village-fair); a turn's opening steps, a pass and
the end of service are in opening.py.

The step modules below it (``step2``, ``hosting``, ``serving``, ``choices``, ``buying``,
``seasons``, ``draft``, ``limits`` …) change the position and say what should come next with
``table.then(...)``; they never call up into this module.  After every action the engine runs
:func:`settle`, which carries out those follow-ups in order (:data:`FOLLOW_UPS`).
"""

from __future__ import annotations

from collections.abc import Callable

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.state import Placement, Step
from obsession_nb.engine.setup.areas import finish_player_areas
from obsession_nb.engine.setup.decisions import STEP_NAMES as SETUP_STEP_NAMES
from obsession_nb.engine.steps.limits import hold_turn_for_limit
from obsession_nb.engine.steps.market import end_of_round, fill
from obsession_nb.engine.steps.rounds import (
    EVENT_NAMES,
    activate_next_reserve,
    has_event,
    last_round,
    reconstructed,
    space,
)
from obsession_nb.engine.steps.seasons import STEP_NAMES as SEASON_STEP_NAMES
from obsession_nb.engine.steps.seasons import begin_courtship, finish
from obsession_nb.engine.steps.step2 import step2_has_choices
from obsession_nb.engine.steps.themes import round_begins
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn.opening import (
    after_favours,
    exit_step2,
    idle_useful_man,
    maybe_finish_service,
    servant_names,
    start_turn,
)

STEP_NAMES = {
    "draft": "setup (choose a family board and draft a servant)",
    "begin": "the start of the turn (host an activity or pass)",
    "step2": "step 2 (round track, monuments and Servants' Hall)",
    "host": "step 3 (host an activity)",
    "invite": "step 4 (invite guests)",
    "service": "step 5 (provide service)",
    "favours": "step 6 (enjoy favours)",
    "pass-option": "the pass option (rents, hire or market refresh)",
    "buy": "step 7 (buy from the Builders' Market)",
    "end": "the end of the turn",
    "mode": "a decision of the game mode before the turns (a draft or a Grand Ball)",
    **SEASON_STEP_NAMES,
    **SETUP_STEP_NAMES,
}


# ----------------------------------------------------------------- step 7 and 8


def end_turn(table: Table) -> None:
    """Step 8: clear the board, then the next player (clockwise) begins."""
    me, turn = table.me, table.turn
    rulings: list[Ruling] = []
    refill = table.mode.refills_market  # the solo stacks are never refilled
    if refill and (has_event(table, "builders_holiday") or turn.unlimited_purchases) and (
        turn.purchases
    ):
        fill(table, rulings, in_tsn_order=True)
        rulings.append(ruling("event.builders-holiday",
                              "Builders' Holiday: after all purchases the gaps are filled in "
                              "tile-sorting-number order."))
    idle = [p for p in turn.placements if idle_useful_man(table, p)]
    if idle:
        me.servants.available += [p.servant for p in idle]
        rulings.append(ruling("ud.useful-man.touch-move", "The useful man's tile was not used; "
                              "he returns to Available Service."))
    used = [p.servant for p in turn.placements if not _removed(table, p) and p not in idle]
    me.servants.expended += used
    if used:
        rulings.append(ruling("cleanup.servants-expended",
                              f"To Expended Service: {servant_names(table, used)}."))
        if turn.passing:
            rulings.append(ruling("ruling.pass-used-servants", "Servants who worked on a pass "
                                  "end it in Expended Service, after the refresh."))
    if turn.guests:
        me.discard += turn.guests
        rulings.append(ruling("cleanup.guests-discard",
                              f"To the discard pile: {', '.join(table.card_name(c) for c in turn.guests)}.",
                              tuple(turn.guests)))
    if turn.tile is not None:
        owned = me.owned(turn.tile)
        tile = table.tile(turn.tile)
        assert owned is not None
        if tile.kind == "hybrid":
            owned = me.flip(owned.tile, not owned.flipped)
            rulings.append(ruling("cleanup.hybrid-flip", f"{tile.name} flips over, to its "
                                  f"{table.face(owned).category} side."))
        elif tile.flips and not owned.flipped:
            owned = me.flip(owned.tile)
            rulings.append(ruling("cleanup.flip-first-use",
                                  f"{tile.name} returns to the organiser flipped to its rose side."))
            if table.face(owned).category == "monument":
                rule_id = "ud.tile.parish-church" if tile.id == "parish-church" else "tile.suites"
                rulings.append(ruling(rule_id, f"{tile.name} is now a monument: it stays in the "
                                      "organiser and is never hosted again."))
        else:
            rulings.append(ruling("cleanup.tile-return", f"{tile.name} returns to the organiser."))
    rulings += table.mode.after_cleanup(table)  # things lent for the activity go back
    me.turns_taken += 1
    table.auto("step 8: clear the board", rulings)
    next_turn(table)


def _removed(table: Table, placement: Placement) -> bool:
    return placement.servant == "useful_man" and placement.target == "removed"

def next_turn(table: Table) -> None:
    """The next seat clockwise, or the end of the round (a mode may take over)."""
    if hold_turn_for_limit(table):
        return
    state = table.state
    if table.mode.end_of_turn(table):  # solo: end check, AI scavenging, pawn
        return
    seat = (table.turn.player + 1) % len(state.players)
    if seat == state.first_player:
        end_round(table)
    else:
        start_turn(table, seat)


# ----------------------------------------------------------------- rounds


def end_round(table: Table) -> None:
    """The round is over: the white pawn advances (turn.round), or the game ends."""
    state = table.state
    if state.round >= last_round(table):
        finish(table)
        return
    boom = end_of_round(table, courtship=False)  # a market variant's step before the pawn moves
    if boom:
        table.auto(f"end of round {state.round}", boom)
    state.round += 1
    enter_round(table)


def enter_round(table: Table) -> None:
    """Round-start events, a new season's theme, then the first turn or the courtship — nobody
    takes a turn on a courtship round (round-track.*-events, season.theme-reveal)."""
    state = table.state
    here = space(table)
    rulings: list[Ruling] = []
    for event in here.events:
        if event.kind == "reserves_activate":
            rulings += activate_next_reserve(table)
    rulings += round_begins(table)
    shown = [EVENT_NAMES[e.kind] + ("" if e.verified else " (round reconstructed)")
             for e in here.events if e.kind in EVENT_NAMES]
    if shown and here in table.catalog.round_tracks[state.options.length].rounds:
        rulings.append(ruling(f"round-track.{state.options.length}-events",
                              f"Round {state.round} shows: {', '.join(shown)} (each player "
                              "meets it in step 2 of their turn)."))
        for event in here.events:
            rulings += reconstructed(table, event.kind)
    if rulings:
        table.auto(f"round {state.round} begins", list(dict.fromkeys(rulings)))
    if here.courtship:
        begin_courtship(table)
    else:
        start_turn(table, state.first_player)


# ----------------------------------------------------------------- follow-ups


def _step2_done(table: Table) -> None:
    if table.turn.step == "step2" and not step2_has_choices(table):
        exit_step2(table)


def _start_turn_at(table: Table, seat: int, step: Step = "begin") -> None:
    start_turn(table, seat)
    table.turn.step = step


def _draft_done(table: Table) -> list[Ruling]:
    rulings = finish_player_areas(table)
    if table.turn.step == "draft":  # no mode's or variant's setup decision is pending
        start_turn(table, table.state.first_player)
    return rulings


FOLLOW_UPS: dict[str, Callable[..., list[Ruling] | None]] = {
    "step2": _step2_done,  # a step-2 decision was made: close step 2 if none is left
    "service": maybe_finish_service,  # an icon was filled or the party completed
    "favours-resolved": after_favours,  # the last step-6 choice was made
    "next-turn": next_turn,  # a turn held for the prestige-guest limit is released
    "start-turn": _start_turn_at,  # (seat, step): the draft passes to the next seat
    "draft-complete": _draft_done,  # the player areas are finished; the first turn begins
    "enter-round": enter_round,  # a season ended; the next round begins
}


def settle(table: Table) -> list[Ruling]:
    """Carry out what the last action's step asked to follow (``table.then``), in order;
    returns the rulings a follow-up adds to the action's own."""
    rulings: list[Ruling] = []
    while table.agenda:
        what, *args = table.agenda.pop(0)
        rulings += FOLLOW_UPS[what](table, *args) or []
    return rulings
