"""Supplemental service: optional placements of the four new servants, each at the times its
ability allows, plus the Carriage House and the flipped Renovated Kitchen (rules
ud.supplemental-service, ud.supplemental-timing, ud.cook.*, ud.hall-boy.*, ud.head-housemaid.*,
ud.useful-man.*, ud.tile.carriage-house, ud.tile.renovated-kitchen.back).
"""

from __future__ import annotations

from collections.abc import Iterator

from obsession_nb.data.catalog_records import Favour
from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.actions import Carriage, Kitchen, Place
from obsession_nb.engine.records.state import Placement, Player, Turn
from obsession_nb.engine.steps import guests, party_search
from obsession_nb.engine.steps.favours import supplemental_on
from obsession_nb.engine.steps.rounds import has_event
from obsession_nb.engine.steps.service import (
    available_counts,
    feasible,
    open_slots,
    quarters_kinds,
)
from obsession_nb.engine.table import Table, per_decision

NEW_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man")
CARRIAGE_SERVANTS = {
    "footman": "service.mandatory",
    "underbutler": "service.underbutler",
    "hall_boy": "ud.hall-boy.carriage-house",
}
TIMING = {
    "cook": ("invite", "service"),
    "hall_boy": ("service",),
    "head_housemaid": ("invite", "service"),
    "useful_man": ("step2", "host"),
}
PLACED_IN = {step: tuple(servant for servant in NEW_SERVANTS if step in TIMING[servant])
             for steps in TIMING.values() for step in steps}
"""The new servants that may be placed in each step (:data:`TIMING` by step)."""


def _invite_favour(favours: tuple[Favour, ...]) -> bool:
    return any(f.kind in ("invite", "lady") for f in favours)


def verify_place(table: Table, servant: str, target: str) -> list[Ruling]:
    turn = table.state.turn
    assert turn is not None
    me = table.state.players[turn.player]
    if servant not in NEW_SERVANTS:
        raise refuse("ud.supplemental-service", "Only the cook, hall boy, head housemaid and "
                     "useful man give supplemental service.")
    if not table.state.options.expansion:
        raise refuse("ud.supplemental-service", "Supplemental service belongs to the expansion.")
    if servant not in me.servants.available:
        raise refuse("ud.supplemental-service", f"No {table.servant_name(servant)} is in "
                     "Available Service.")
    if turn.step not in TIMING[servant]:
        raise refuse("ud.supplemental-timing", f"The {table.servant_name(servant)} cannot be "
                     f"placed during this step.")
    rulings = {
        "cook": _verify_cook,
        "hall_boy": _verify_hall_boy,
        "head_housemaid": _verify_head_housemaid,
        "useful_man": _verify_useful_man,
    }[servant](table, target)
    _keeps_service_possible(table, servant)
    return rulings


def service_possible_without(table: Table, servants: list[str]) -> bool:
    """Whether every mandatory icon of the activity can still be filled (in step invite: a full
    party can still be staffed) with ``servants`` taken out of Available Service."""
    turn, available = table.turn, table.me.servants.available
    saved = list(available)
    for servant in servants:
        available.remove(servant)
    with table.supposing():
        try:
            if turn.step == "invite":
                return party_search.party_possible(table, tuple(turn.guests))
            return feasible(table, open_slots(table), available_counts(table),
                            quarters_kinds(table))
        finally:
            available[:] = saved


@per_decision
def keeps_service_possible(table: Table, servant: str) -> bool:
    """Whether placing ``servant`` still leaves every mandatory icon fillable: a supplemental
    servant works alongside the required servants, never instead of one (service.mandatory,
    ud.supplemental-service).  Once per decision and servant, whatever the target."""
    return (table.turn.step not in ("invite", "service")
            or service_possible_without(table, [servant]))


def _keeps_service_possible(table: Table, servant: str) -> None:
    """Refuse a placement that would leave a mandatory icon without anyone to fill it
    (:func:`keeps_service_possible`)."""
    if not keeps_service_possible(table, servant):
        raise refuse("service.mandatory", f"The {table.servant_name(servant)} is needed for a "
                     "mandatory servant icon; a supplemental servant is placed alongside the "
                     "required servants, never instead of one.")


def _not_on_hiring(table: Table) -> None:
    if table.turn.tile == "butlers-room":
        raise refuse("ruling.supplemental-not-on-hiring", "Hiring has no guests or favours for a "
                     "supplemental servant to enhance.")


def _verify_cook(table: Table, target: str) -> list[Ruling]:
    _not_on_hiring(table)
    if target != "tile" or table.turn.tile is None:
        raise refuse("ud.cook.reputation", "The cook is placed on the current activity tile.")
    return [ruling("ud.cook.reputation", "The cook on the activity tile: +1 reputation in step 6 "
                   "and guests up to two levels above the family's may attend.")]


def _verify_hall_boy(table: Table, target: str) -> list[Ruling]:
    if target not in table.turn.guests:
        raise refuse("ud.hall-boy.money", "The hall boy is placed on an attending guest's card.")
    card = table.card(target)
    if any(f.kind == "money" and f.amount < 0 for f in card.favours) and not any(
        f.kind == "money" and f.amount > 0 for f in card.favours
    ):
        raise refuse("ruling.hall-boy-pauper", f"{card.name} is a pauper: the cost is not a £ "
                     "favour, so the hall boy cannot reduce it.", (target,))
    if not any(f.kind == "money" and f.amount > 0 for f in card.favours):
        raise refuse("ud.hall-boy.money", f"{card.name} shows no £ favour for the hall boy to "
                     "increase.", (target,))
    rulings = [ruling("ud.hall-boy.money", f"The hall boy on {card.name}: its £ favour +£100.",
                      (target,))]
    if card.deck == "family":
        rulings.append(ruling("ruling.hall-boy-family-cards", "A family card with a £ favour "
                              "qualifies like any gentry card."))
    return rulings


def _verify_head_housemaid(table: Table, target: str) -> list[Ruling]:
    turn = table.turn
    _not_on_hiring(table)
    if supplemental_on(table, "head_housemaid", target) or turn.screened:
        raise refuse("ud.head-housemaid.once-per-turn", "The head housemaid screens once per turn.")
    named: tuple[str, ...] = ()
    if target == "tile" and turn.tile is not None:
        favours = table.face(table.me.owned_tile(turn.tile)).favours
        name = table.tile_name(turn.tile)
    elif target in turn.guests:
        favours, name, named = table.card(target).favours, table.card_name(target), (target,)
    else:
        raise refuse("ud.head-housemaid.screen", "The head housemaid is placed on the activity "
                     "tile or an attending guest.")
    if not _invite_favour(favours):
        raise refuse("ud.head-housemaid.screen", f"{name} has no invitation favour to screen.",
                     named)
    rulings = [ruling("ud.head-housemaid.screen", f"The head housemaid on {name}: one more guest "
                      "is seen, the same number kept.", named)]
    if sum(f.kind in ("invite", "lady") for f in favours) > 1:
        rulings.append(ruling("ud.head-housemaid.once-per-turn", f"{name} has several "
                              "invitation favours; she screens only the first.", named))
    return rulings


def _verify_useful_man(table: Table, target: str) -> list[Ruling]:
    me = table.me
    if target == "study":
        if not has_event(table, "village_fair") or me.owned("private-study") is None:
            raise refuse("ud.useful-man.village-fair", "The useful man goes on the Private Study "
                         "only on a Village Fair round.")
        if table.turn.step != "step2":
            raise refuse("ud.useful-man.village-fair", "He is placed on the Study in step 2.")
        return [ruling("ud.useful-man.village-fair", "The useful man helps at the Village Fair: "
                       "+£200.")]
    if table.turn.passing:
        raise refuse("ud.useful-man.prestige", "No tile is hosted on a pass, so there is no "
                     "prestige rating for the useful man to lower.")
    owned = me.owned(target)
    face = None if owned is None else table.face(owned)
    if face is None or face.prestige is None or not face.playable:
        raise refuse("ud.useful-man.prestige", "The useful man lowers the prestige rating of a "
                     "playable tile in the organiser.")
    if any(p.servant == "useful_man" for p in table.turn.placements):
        raise refuse("ud.useful-man.prestige", "The useful man is already placed.")
    return [
        ruling("ud.useful-man.prestige", f"The useful man on {table.tile_name(target)}: "
               f"prestige rating {face.prestige} → {face.prestige - 1} this turn "
               "(he returns if the tile is not used)."),
        ruling("ruling.useful-man-prestige-timing", "Placed before step 3's rating check, the "
               "reduction counts for this turn's hosting."),
    ]


def apply_place(table: Table, servant: str, target: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    me.servants.available.remove(servant)
    turn.placements.append(Placement.model_construct(servant=servant, target=target))
    if turn.step == "step2":
        table.then("step2")
    table.then("service")
    return []


# ----------------------------------------------------------------- Carriage House, Kitchen


def verify_carriage(table: Table, servant: str, change: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    if turn.step != "invite":
        raise refuse("ud.tile.carriage-house", "The Carriage House is activated in step 4.")
    if not table.has_ability(me, "carriage_house"):
        raise refuse("ud.tile.carriage-house", f"{me.name} owns no Carriage House.")
    if any(p.target == "carriage-house" for p in turn.placements):
        raise refuse("ud.tile.carriage-house", "The Carriage House is already activated.")
    if change not in ("more", "fewer"):
        raise refuse("ud.tile.carriage-house", "The Carriage House adds ('more') or removes "
                     "('fewer') one guest.")
    rule_id = CARRIAGE_SERVANTS.get(servant)
    if rule_id is None or (servant == "hall_boy" and not table.state.options.expansion):
        raise refuse("ud.tile.carriage-house", "A footman (or an underbutler or hall boy) "
                     "activates the Carriage House.")
    if servant not in me.servants.available:
        raise refuse("ud.tile.carriage-house", f"No {table.servant_name(servant)} is in "
                     "Available Service.")
    req = guests.requirement(table)
    if req is None or req.kind == "family":
        raise refuse("ud.tile.carriage-house", "Not usable when only family are required.")
    _no_suite(table, "ud.tile.carriage-house")
    delta = 1 if change == "more" else -1
    _check_new_count(table, delta, servant, "ud.tile.carriage-house")
    return [
        ruling(rule_id, f"The {table.servant_name(servant)} activates the Carriage House."),
        *([ruling("ruling.underbutler-scope", "The underbutler fills the Carriage House's "
                  "footman role, as a hall boy could; he brings no ability of his own.")]
          if servant == "underbutler" else []),
        ruling("ud.tile.carriage-house", f"The guest count changes by {delta:+d}; added guests "
               "must qualify normally."),
    ]


def apply_carriage(table: Table, servant: str, change: str) -> list[Ruling]:
    turn = table.turn
    table.me.servants.available.remove(servant)
    turn.placements.append(Placement.model_construct(servant=servant, target="carriage-house", covers="footman"))
    turn.guest_adjust += 1 if change == "more" else -1
    return []


def verify_kitchen(table: Table) -> list[Ruling]:
    me, turn = table.me, table.turn
    if turn.step != "invite":
        raise refuse("ud.tile.renovated-kitchen.back", "The cook adds a guest during step 4.")
    if not table.has_ability(me, "renovated_kitchen_cook"):
        raise refuse("ud.tile.renovated-kitchen.back", "Needs the flipped Renovated Kitchen.")
    if turn.kitchen_used:
        raise refuse("ud.tile.renovated-kitchen.back", "Only one extra guest from the kitchen.")
    if not supplemental_on(table, "cook", "tile"):
        raise refuse("ud.tile.renovated-kitchen.back", "The cook must be placed on the activity "
                     "as supplemental service first.")
    _no_suite(table, "ud.tile.renovated-kitchen.back")
    _check_new_count(table, 1, None, "ud.tile.renovated-kitchen.back")
    return [ruling("ud.tile.renovated-kitchen.back", "The cook's renown adds one qualifying "
                   "guest to the activity.")]


def apply_kitchen(table: Table) -> list[Ruling]:
    table.turn.kitchen_used = True
    table.turn.guest_adjust += 1
    return []


def _no_suite(table: Table, rule_id: str) -> None:
    if table.turn.tile is not None and table.tile(table.turn.tile).kind == "suite":
        raise refuse(rule_id, "The guest count of a Suites tile cannot change.")


def _check_new_count(table: Table, delta: int, servant: str | None, rule_id: str) -> None:
    turn, me = table.turn, table.me
    req = guests.requirement(table)
    assert req is not None
    if any(c + turn.guest_adjust + delta <= 0 for c in req.count):
        raise refuse(rule_id, "The guest count can never drop to zero.")
    saved = list(me.servants.available)
    turn.guest_adjust += delta
    if servant is not None:
        me.servants.available.remove(servant)
    with table.supposing():
        try:
            if not party_search.party_possible(table, tuple(turn.guests)):
                raise refuse(rule_id, "No full party could then be invited and served.")
        finally:
            turn.guest_adjust -= delta
            me.servants.available[:] = saved  # the same order: checking changes nothing


# ----------------------------------------------------------------- what could be placed now


def placement_candidates(table: Table) -> Iterator[Place | Carriage | Kitchen]:
    """Supplemental placements (with the expansion), and the Carriage House, a universal tile
    usable in any game that holds it (ruling.universal-tiles-with-expansion)."""
    turn = table.state.turn
    assert turn is not None
    me = table.state.players[turn.player]
    available = me.servants.available
    step = turn.step
    if table.state.options.expansion:
        for servant in PLACED_IN.get(step, ()):
            if servant in available:
                for target in _targets(servant, me, turn):
                    yield Place(servant, target)
    if step != "invite":
        return
    if table.has_ability(me, "carriage_house"):
        for servant in CARRIAGE_SERVANTS:
            if servant in available:
                yield Carriage(servant, "more")
                yield Carriage(servant, "fewer")
    if table.has_ability(me, "renovated_kitchen_cook"):
        yield Kitchen()


def _targets(servant: str, me: Player, turn: Turn) -> list[str]:
    """Where a new servant's verifier allows him at all (his placement candidates): the cook
    on the activity tile (ud.cook.prestige), the hall boy on a guest (ud.hall-boy.money), the
    head housemaid on the tile or a guest (ud.head-housemaid.screen), the useful man on the
    Private Study or a tile of the organiser (ud.useful-man.village-fair,
    ud.useful-man.prestige)."""
    if servant == "cook":
        return ["tile"]
    if servant == "hall_boy":
        return turn.guests
    if servant == "head_housemaid":
        return ["tile", *turn.guests]
    return ["study", *(t.tile for t in me.organiser)]  # the useful man


def service_step_placements(table: Table) -> bool:
    """Whether some supplemental placement is still possible in step 5."""
    for action in placement_candidates(table):
        if isinstance(action, Place):
            try:
                verify_place(table, action.servant, action.target)
            except IllegalAction:
                continue
            return True
    return False


KINDS: dict[type[a.Action], Handler] = {
    a.Place: Handler.at({"step2", "host", "invite", "service"}, verify_place, apply_place),
    a.Carriage: Handler.at({"invite"}, verify_carriage, apply_carriage),
    a.Kitchen: Handler.at({"invite"}, verify_kitchen, apply_kitchen),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""
