"""The sequencer: the one place that knows the order of play — a turn's steps, a pass, the end
of a turn, of a round and of a season (rules turn.*, cleanup.*, pass.*, ud.pass.*, turn.round,
event.village-fair, ud.useful-man.village-fair, service.mandatory).

The step modules below it (``step2``, ``hosting``, ``serving``, ``choices``, ``buying``,
``seasons``, ``draft``, ``limits`` …) change the position and say what should come next with
``table.then(...)``; they never call up into this module.  After every action the engine runs
:func:`settle`, which carries out those follow-ups in order (:data:`FOLLOW_UPS`).
"""

from __future__ import annotations

from collections.abc import Callable

from obsession_nb import favours, service, suites
from obsession_nb.limits import hold_turn_for_limit
from obsession_nb.market import end_of_round, fill
from obsession_nb.rounds import (
    EVENT_NAMES,
    activate_next_reserve,
    has_event,
    is_courtship,
    last_round,
    reconstructed,
    space,
    step2_event_notes,
)
from obsession_nb.rules import Ruling, ruling
from obsession_nb.seasons import STEP_NAMES as SEASON_STEP_NAMES
from obsession_nb.seasons import begin_courtship, finish
from obsession_nb.setup_areas import finish_player_areas
from obsession_nb.setup_choices import STEP_NAMES as SETUP_STEP_NAMES
from obsession_nb.state import Placement, Turn
from obsession_nb.step2 import can_use_hall, church_pending, step2_has_choices
from obsession_nb.supplemental import service_step_placements
from obsession_nb.table import Table
from obsession_nb.themes import round_begins

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
MONUMENT_ABILITIES = ("monument", "suite_monument")


def start_turn(table: Table, seat: int) -> None:
    table.state.turn = Turn(player=seat)


# ----------------------------------------------------------------- begin: activity or pass


def begin_activity(table: Table) -> list[Ruling]:
    """Step 1, rotate service (skipped on a first turn and on courtship rounds), then step 2."""
    rulings = [ruling("turn.order-of-play", f"{table.me.name} will host an activity this turn.")]
    rotate_service(table)
    enter_step2(table)
    return rulings


def rotate_service(table: Table) -> None:
    """Step 1 (turn.rotate-service, turn.first-turn-no-rotation)."""
    me = table.me
    if me.turns_taken == 0:
        auto = [ruling("turn.first-turn-no-rotation", "First turn: service does not rotate.")]
    else:
        s = me.servants
        moved_up, resting = list(s.quarters), list(s.expended)
        s.available += moved_up
        s.quarters, s.expended = resting, []
        auto = [ruling(
            "turn.rotate-service",
            f"Servants' Quarters → Available Service ({_names(table, moved_up)}); Expended "
            f"Service → Servants' Quarters ({_names(table, resting)}).",
        )]
    table.auto("step 1: rotate service", auto)


def begin_pass(table: Table) -> list[Ruling]:
    """Passing: with the expansion's pass rule, refresh and reclaim come first (UD p.9)."""
    table.turn.passing = True
    if table.state.options.hire_on_pass:
        rulings = [ruling("ud.pass", "Pass: refresh service and reclaim the deck first, then "
                          "step 2, then £200, hiring or a free market refresh, then shop.")]
        rulings += refresh_and_reclaim(table)
    else:
        rulings = [ruling("ruling.base-pass-order", "Pass: step 1 and step 2 first, then all "
                          "servants to Available Service and the discard pile to hand, then £200 "
                          "or a free market refresh, then shop.")]
        if table.turn.step == "begin":
            rotate_service(table)
    idle = [p for p in table.turn.placements if idle_useful_man(table, p)]
    if idle:  # no tile will be hosted: he is free again at once, e.g. for the market discount
        for p in idle:
            table.turn.placements.remove(p)
            table.me.servants.available.append(p.servant)
        rulings.append(ruling("ud.useful-man.touch-move", "No tile is hosted on a pass, so the "
                              "useful man returns to Available Service."))
    if table.turn.step2_done:
        rulings.append(ruling("turn.round-track-event", "Step 2 has already happened this turn; "
                              "it is not repeated."))
        _to_pass_option(table)
    elif table.turn.step == "step2":  # passing in the middle of step 2: finish it, once
        rulings.append(ruling("turn.round-track-event", "Step 2 is under way; its events and "
                              "monument reputation are not repeated."))
    else:
        enter_step2(table)
    return rulings


def _to_pass_option(table: Table) -> None:
    if not table.state.options.hire_on_pass:
        table.auto("pass: refresh and reclaim", refresh_and_reclaim(table))
    table.turn.step = "pass-option"


def refresh_and_reclaim(table: Table) -> list[Ruling]:
    me = table.me
    s = me.servants
    s.available += s.quarters + s.expended
    s.quarters, s.expended = [], []
    reclaimed = len(me.discard)
    me.hand += me.discard
    me.discard = []
    return [
        ruling("pass.base", f"All servants return to Available Service; {reclaimed} cards return "
               "from the discard pile to the active hand."),
    ]


# ----------------------------------------------------------------- step 2


def enter_step2(table: Table) -> None:
    """Round-track event and monument reputation happen at once; the Servants' Hall and the
    useful man's fair placement are decisions of step 2."""
    me, turn = table.me, table.turn
    turn.step = "step2"
    rulings: list[Ruling] = []
    if is_courtship(table):
        rulings.append(ruling("event.courtship-round", "Courtship round: no monument reputation."))
    else:
        if has_event(table, "objective_draw"):
            deck = table.state.supply.objective_deck
            drawn = [deck.pop(0) for _ in range(min(2, len(deck)))]
            if table.state.options.objectives == "choose-at-setup" and len(drawn) == 2:
                turn.offer = drawn  # the 1st printing keeps one (setup_choices.py)
                rulings.append(ruling("ud.objectives-during-play", f"Objective card draw: "
                                      f"{me.name} draws 2 and, by the 1st printing, keeps one."))
            else:
                me.objectives += drawn
                rulings.append(ruling("event.objective-draw", f"Objective card draw: {me.name} "
                                      + (f"draws {len(drawn)} and keeps "
                                         f"{'both' if len(drawn) == 2 else 'it'}." if drawn
                                         else "finds the objective deck empty and draws "
                                         "nothing.")))
            rulings += reconstructed(table, "objective_draw")
        rulings += step2_event_notes(table)
        monuments = sum(1 for a in table.abilities(me) if a in MONUMENT_ABILITIES)
        if monuments:
            rulings.append(table.gain_reputation(
                me, monuments, "turn.monument-reputation", f"{monuments} monument(s) in the organiser"
            ))
            rulings.append(ruling("ruling.monument-reputation-timing", "Monument reputation "
                                  "comes in step 2, after service has rotated."))
        rulings += table.mode.step2_effects(table)  # the solo Hall and Grand Ball
    if can_use_hall(table) and table.state.options.servants_hall == "automatic":
        rulings.append(ruling("ud.servants-hall", "The 1st-printing Servants' Hall steals one "
                              "reputation this turn without a servant: choose from whom."))
    elif can_use_hall(table):
        rulings.append(ruling("ruling.servants-hall-optional", "The Servants' Hall may gossip "
                              "now, before step 3 begins; using it is optional."))
    if church_pending(table):
        rulings.append(ruling("ud.tile.parish-church", "The Parish Church monument: choose £100 "
                              "or one reputation."))
    table.auto("step 2: round track and monuments", rulings or [
        ruling("turn.round-track-event", "No round-track event, monument or Hall applies.")
    ])
    if turn.offer:  # an objective to keep first (1st printing), then the rest of step 2
        turn.step, turn.resume = "choose-objectives", "step2"
    elif not step2_has_choices(table):
        exit_step2(table)


def exit_step2(table: Table) -> None:
    """Close step 2: the Village Fair pays out; then step 3 (or the pass option) begins."""
    me, turn = table.me, table.turn
    turn.step2_done = True
    rulings: list[Ruling] = []
    if has_event(table, "village_fair") and not is_courtship(table):
        study = me.owned("private-study")
        flipped = study is not None and study.flipped
        money = 300 if flipped else 0
        helper = favours.supplemental_on(table, "useful_man", "study")
        if flipped:
            rulings.append(table.gain_reputation(me, 2, "event.village-fair",
                                                 "Village Fair with the Study flipped"))
        if helper:
            money += 200
            rulings.append(ruling("ud.useful-man.village-fair",
                                  "The useful man on the Private Study adds £200 to the fair."))
        if money:
            me.money += money
            rulings.append(ruling("event.village-fair", f"Village Fair: {me.name} gains £{money}."))
        if not (flipped or helper):
            rulings.append(ruling("event.village-fair",
                                  "Village Fair: the Private Study is not flipped; no bonus."))
        rulings += reconstructed(table, "village_fair")
        table.auto("step 2: village fair", rulings)
    if turn.passing:
        _to_pass_option(table)
    else:
        turn.step = "host"
        turn.level_at_host = table.level(me)


# ----------------------------------------------------------------- step 5: service


def maybe_finish_service(table: Table) -> None:
    """Move on to favours once every icon is filled and no supplemental servant could be placed."""
    turn = table.turn
    if (
        turn.step == "service"
        and not service.open_slots(table)
        and not suites.double_pending(table)
        and not service_step_placements(table)
    ):
        finish_service(table)


def finish_service(table: Table) -> None:
    rulings = [ruling("service.mandatory", "Every servant icon is filled.")]
    rulings += favours.resolve(table)
    table.auto("step 6: enjoy favours", rulings)
    after_favours(table)


def after_favours(table: Table) -> None:
    turn = table.turn
    if turn.choices:
        turn.step = "favours"
    else:
        turn.step = "buy"


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
                              f"To Expended Service: {_names(table, used)}."))
        if turn.passing:
            rulings.append(ruling("ruling.pass-used-servants", "Servants who worked on a pass "
                                  "end it in Expended Service, after the refresh."))
    if turn.guests:
        me.discard += turn.guests
        rulings.append(ruling("cleanup.guests-discard",
                              f"To the discard pile: {', '.join(table.card_name(c) for c in turn.guests)}."))
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


def idle_useful_man(table: Table, placement: Placement) -> bool:
    """A useful man placed on an organiser tile that was not then hosted (touch-move rule)."""
    return placement.servant == "useful_man" and placement.target not in (
        "study", "market", "removed", table.turn.tile)


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


def _start_turn_at(table: Table, seat: int, step: str = "begin") -> None:
    start_turn(table, seat)
    table.turn.step = step  # type: ignore[assignment]


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


# ----------------------------------------------------------------- helpers


def _names(table: Table, kinds: list[str]) -> str:
    return ", ".join(table.servant_name(k) for k in kinds) or "none"
