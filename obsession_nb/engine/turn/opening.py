"""A turn's opening and middle steps: starting a turn, the choice of an activity or a pass
(with the pass options' refresh and reclaim), entering and leaving step 2, and finishing service
(rules turn.*, pass.*, ud.pass.*, service.mandatory).  Like the step modules, each says what
comes next with ``table.then(...)``; the sequencer (flow.py) runs the follow-ups."""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.state import Placement, Turn
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.setup.supply import OBJECTIVES_DRAWN
from obsession_nb.engine.steps import favours, service, suites
from obsession_nb.engine.steps.rounds import (
    has_event,
    is_courtship,
    reconstructed,
    step2_event_notes,
)
from obsession_nb.engine.steps.step2 import can_use_hall, church_pending, step2_has_choices
from obsession_nb.engine.steps.supplemental import service_step_placements
from obsession_nb.engine.table import Table

MONUMENT_ABILITIES = ("monument", "suite_monument")


def start_turn(table: Table, seat: int) -> None:
    table.state.turn = Turn.model_construct(player=seat)


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
            f"Servants' Quarters → Available Service ({servant_names(table, moved_up)}); Expended "
            f"Service → Servants' Quarters ({servant_names(table, resting)}).",
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
    knowledge.take_back(table, [*me.discard])
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
            rulings += objective_draw(table)
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



def objective_draw(table: Table) -> list[Ruling]:
    """The round's objective-card draw for the player to act, in their step 2: two cards kept
    (event.objective-draw); by the 1st printing the two wait in ``turn.offer`` for one to be
    kept (ud.objectives-during-play)."""
    me, turn = table.me, table.turn
    deck = table.state.supply.objective_deck
    drawn = [deck.pop(0) for _ in range(min(OBJECTIVES_DRAWN, len(deck)))]
    rulings: list[Ruling] = []
    if table.state.options.objectives == "choose-at-setup" and len(drawn) == OBJECTIVES_DRAWN:
        turn.offer = drawn  # the 1st printing keeps one (engine/setup/decisions.py)
        rulings.append(ruling("ud.objectives-during-play", f"Objective card draw: "
                              f"{me.name} draws 2 and, by the 1st printing, keeps one."))
    else:
        me.objectives += drawn
        rulings.append(ruling("event.objective-draw", f"Objective card draw: {me.name} "
                              + (f"draws {len(drawn)} and keeps "
                                 f"{'both' if len(drawn) == 2 else 'it'}." if drawn
                                 else "finds the objective deck empty and draws "
                                 "nothing.")))
    return rulings + reconstructed(table, "objective_draw")

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

def idle_useful_man(table: Table, placement: Placement) -> bool:
    """A useful man placed on an organiser tile that was not then hosted (touch-move rule)."""
    return placement.servant == "useful_man" and placement.target not in (
        "study", "market", "removed", table.turn.tile)

# ----------------------------------------------------------------- helpers


def servant_names(table: Table, kinds: list[str]) -> str:
    return ", ".join(table.servant_name(k) for k in kinds) or "none"
