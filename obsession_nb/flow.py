"""The order of play: the steps of a turn and of a pass, and moving from one to the next.

Rules turn.*, host.*, invite.exact-count, service.mandatory, cleanup.*, pass.*, ud.pass.*,
event.village-fair, ud.useful-man.village-fair.
"""

from __future__ import annotations

from collections import Counter

from obsession_nb import favours, guests, service, suites
from obsession_nb.rounds import has_event, is_courtship, reconstructed, step2_event_notes
from obsession_nb.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.seasons import STEP_NAMES as SEASON_STEP_NAMES
from obsession_nb.state import Placement, Turn
from obsession_nb.table import Table

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
    **SEASON_STEP_NAMES,
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
    idle = [p for p in table.turn.placements if _idle_useful_man(table, p)]
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
            me.objectives += drawn
            rulings.append(ruling("event.objective-draw", f"Objective card draw: {me.name} " + (
                f"draws {len(drawn)} and keeps {'both' if len(drawn) == 2 else 'it'}." if drawn
                else "finds the objective deck empty and draws nothing.")))
            rulings += reconstructed(table, "objective_draw")
        rulings += step2_event_notes(table)
        monuments = sum(1 for a in table.abilities(me) if a in MONUMENT_ABILITIES)
        if monuments:
            rulings.append(table.gain_reputation(
                me, monuments, "turn.monument-reputation", f"{monuments} monument(s) in the organiser"
            ))
            rulings.append(ruling("ruling.monument-reputation-timing", "Monument reputation "
                                  "comes in step 2, after service has rotated."))
        if table.state.options.mode != "standard":  # solo Hall and Grand Ball (modes/)
            from obsession_nb.modes import step2 as mode_step2

            rulings += mode_step2(table)
    if can_use_hall(table):
        rulings.append(ruling("ruling.servants-hall-optional", "The Servants' Hall may gossip "
                              "now, before step 3 begins; using it is optional."))
    if church_pending(table):
        rulings.append(ruling("ud.tile.parish-church", "The Parish Church monument: choose £100 "
                              "or one reputation."))
    table.auto("step 2: round track and monuments", rulings or [
        ruling("turn.round-track-event", "No round-track event, monument or Hall applies.")
    ])
    if not step2_has_choices(table):
        exit_step2(table)


def step2_has_choices(table: Table) -> bool:
    if table.state.options.mode != "standard":
        from obsession_nb.modes import step2_pending

        if step2_pending(table):
            return True
    return can_use_hall(table) or fair_useful_man_possible(table) or church_pending(table)


def church_pending(table: Table) -> bool:
    """The flipped Parish Church asks for its choice in step 2 (ud.tile.parish-church)."""
    return (
        not table.turn.church_done
        and not is_courtship(table)
        and table.has_ability(table.me, "parish_church_monument")
    )


def verify_church(table: Table, choice: str) -> list[Ruling]:
    if not church_pending(table):
        raise refuse("ud.tile.parish-church", "There is no Parish Church monument choice to make.")
    if choice not in ("money", "reputation"):
        raise refuse("ruling.parish-church-choice", "The Parish Church gives 'money' (£100) or "
                     "'reputation' (one step).")
    return [ruling("ruling.parish-church-choice", "The Parish Church monument gives £100 or one "
                   "reputation instead of the usual monument reputation.")]


def apply_church(table: Table, choice: str) -> list[Ruling]:
    me = table.me
    table.turn.church_done = True
    if choice == "money":
        me.money += 100
        result = ruling("ud.tile.parish-church", f"{me.name} takes £100 from the Parish Church.")
    else:
        result = table.gain_reputation(me, 1, "ud.tile.parish-church", "The Parish Church")
    if not step2_has_choices(table):
        exit_step2(table)
    return [result]


def can_use_hall(table: Table) -> bool:
    me, turn = table.me, table.turn
    return (
        not turn.hall_used
        and not is_courtship(table)
        and table.has_ability(me, "servants_hall")
        and len(table.state.players) > 1
    )


def fair_useful_man_possible(table: Table) -> bool:
    me = table.me
    return (
        table.state.options.expansion
        and has_event(table, "village_fair")
        and me.owned("private-study") is not None
        and "useful_man" in me.servants.all()
        and not favours.supplemental_on(table, "useful_man", "study")
    )


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


# ----------------------------------------------------------------- step 3: host


def useful_man_lowers(table: Table, tile_id: str) -> bool:
    return favours.supplemental_on(table, "useful_man", tile_id)


def verify_host(table: Table, tile_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    owned = me.owned(tile_id)
    if owned is None:
        raise refuse("host.choose-tile", f"{me.name} does not own a {_tile(table, tile_id)}.")
    face = table.face(owned)
    name = table.tile_name(tile_id)
    if not face.playable:
        raise refuse("host.not-service-or-monument",
                     f"{name} shows a permanent ability, not an activity; it cannot be hosted.")
    rulings = [ruling("host.choose-tile", f"{me.name} hosts {name} ({face.activity}).")]
    level = turn.level_at_host or 1
    if face.prestige is not None:
        prestige = face.prestige - (1 if useful_man_lowers(table, tile_id) else 0)
        if has_event(table, "national_holiday"):
            rulings.append(ruling("event.national-holiday",
                                  "National Holiday: the tile's prestige rating does not limit."))
        elif prestige > level:
            raise refuse("host.prestige", f"{name} has prestige rating {prestige}, above "
                         f"{me.name}'s level {level} at the start of step 3.")
        else:
            rulings.append(ruling("host.prestige", f"Prestige rating {prestige} ≤ level {level}."))
            if table.level(me) < level:
                rulings.append(ruling("ruling.level-at-step-3", f"Level {level} at the start of "
                                      "step 3 counts; special actions since then change nothing."))
    previous = turn.tile
    turn.tile = tile_id
    with table.supposing():
        try:
            tile_slots = service.slots_for(table, [])
            available = Counter(me.servants.available)
            if not service.feasible(table, tile_slots, available, service.quarters_kinds(table)):
                needed = " and ".join(table.servant_name(s.kind) for s in tile_slots)
                raise refuse("host.servant-available",
                             f"{name} needs a {needed} from Available Service and none can serve.")
            if tile_slots:
                rulings.append(ruling("host.servant-available",
                                      f"The tile's {table.servant_name(tile_slots[0].kind)} can be provided."))
            if face.guests is not None and face.guests.from_supply:
                rulings.append(ruling("tile.lionheart-suite", "The guest will come from the top of "
                                      "the prestige deck."))
            elif face.guests is not None and not guests.party_possible(table, ()):
                raise refuse("invite.exact-count",
                             f"No full party for {name} can be invited, served and paid for from "
                             "the active hand.")
            if tile_id == "butlers-room":
                rulings += _butlers_room_rulings(table)
        finally:
            turn.tile = previous
    return rulings


def _butlers_room_rulings(table: Table) -> list[Ruling]:
    rulings = [ruling("host.butlers-room", "The Butler's Room hires servants."),
               ruling("host.no-gentry-with-butlers-room", "No gentry attend a hiring.")]
    if table.state.options.expansion:
        rulings.append(ruling("ruling.hiring-normal-turn", "Hiring as a normal activity is "
                              "allowed with the expansion (ud.hiring-without-passing), though "
                              "passing to hire is usually better."))
    return rulings


def apply_host(table: Table, tile_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    rulings: list[Ruling] = []
    for p in list(turn.placements):
        if p.servant == "useful_man" and p.target not in (tile_id, "study", "market", "removed"):
            turn.placements.remove(p)
            me.servants.available.append("useful_man")
            rulings.append(ruling("ud.useful-man.touch-move",
                                  "The useful man was not used on that tile and returns to "
                                  "Available Service."))
    turn.tile = tile_id
    face = table.face(me.owned(tile_id))  # type: ignore[arg-type]
    if face.guests is not None and face.guests.from_supply:
        rulings += suites.guest_from_supply(table)
        turn.step = "service"
    else:
        turn.step = "invite" if face.guests is not None else "service"
    if turn.step == "service":
        maybe_finish_service(table)
    return rulings


# ----------------------------------------------------------------- step 4: invite


def verify_invite(table: Table, card_id: str) -> list[Ruling]:
    turn = table.turn
    if not table.has_card(card_id):
        raise refuse("invite.active-hand-only", f"There is no gentry card '{card_id}'.")
    why = guests.refusal(table, card_id)
    if why is not None:
        raise refuse(why.rule, why.verdict)
    card = table.card(card_id)
    counts = guests.allowed_counts(table)
    if len(turn.guests) >= max(counts):
        raise refuse("invite.exact-count", f"The activity takes exactly {max(counts)} guests.")
    if card_id not in guests.completable(table, tuple(turn.guests)):
        raise refuse("service.mandatory",
                     f"With {card.name} no full party can be served and paid for (service is "
                     "mandatory; paupers must be paid).")
    _limit, limit_ruling = guests.prestige_limit(table)
    rulings = [
        ruling("invite.kind", f"{card.name} qualifies for the activity."),
        ruling(limit_ruling.rule, f"{card.name}: prestige {card.rating}. {limit_ruling.verdict}"),
    ]
    if card.prestige is None:
        rulings.append(ruling("invite.family-fairchild-prestige-one", f"{card.name} shows a "
                              "crest, not a rating, and counts as prestige 1."))
    if not card.service:
        rulings.append(ruling("service.none-needed", f"{card.name} needs no servant."))
    return rulings


def apply_invite(table: Table, card_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    me.hand.remove(card_id)
    turn.guests.append(card_id)
    if len(turn.guests) == max(guests.allowed_counts(table)) and not _count_can_change(table):
        finish_invitations(table)
    return []


def _count_can_change(table: Table) -> bool:
    """Whether the Carriage House or the Renovated Kitchen could still change the guest count."""
    from obsession_nb.actions import Carriage, Kitchen
    from obsession_nb.supplemental import placement_candidates, verify_carriage, verify_kitchen

    for action in placement_candidates(table):
        try:
            if isinstance(action, Carriage):
                verify_carriage(table, action.servant, action.change)
            elif isinstance(action, Kitchen):
                verify_kitchen(table)
            else:
                continue
        except IllegalAction:
            continue
        return True
    return False


def verify_guests_done(table: Table) -> list[Ruling]:
    counts = guests.allowed_counts(table)
    n = len(table.turn.guests)
    if n not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise refuse("invite.exact-count", f"The activity needs exactly {wanted} guests; {n} invited.")
    if not guests.party_possible(table, tuple(table.turn.guests)):
        raise refuse("service.mandatory", "This party cannot be served or paid for.")
    return [ruling("invite.exact-count", f"{n} guests invited, as the activity requires.")]


def finish_invitations(table: Table) -> None:
    table.turn.step = "service"
    maybe_finish_service(table)


# ----------------------------------------------------------------- step 5: service


def verify_serve(table: Table, slot_id: str, servant: str) -> list[Ruling]:
    me = table.me
    slot = next((s for s in service.open_slots(table) if s.id == slot_id), None)
    if slot is None:
        raise refuse("service.mandatory", f"There is no unfilled servant icon '{slot_id}'.")
    available = Counter(me.servants.available)
    quarters = service.quarters_kinds(table)
    from_quarters = available[servant] == 0
    if from_quarters and servant not in quarters:
        raise refuse("host.servant-available",
                     f"No {table.servant_name(servant)} is in Available Service.")
    why = service.filler_ruling(table, slot, servant, available)
    if why is None:
        raise refuse("service.mandatory", f"A {table.servant_name(servant)} cannot fill the "
                     f"{table.servant_name(slot.kind)} icon here.")
    rest = [s for s in service.open_slots(table) if s.id != slot_id]
    if from_quarters:
        ok = service.feasible(table, rest, available, set())
    else:
        available[servant] -= 1
        ok = service.feasible(table, rest, available, quarters)
    if not ok:
        raise refuse("service.mandatory",
                     f"Using the {table.servant_name(servant)} here would leave another icon "
                     "without a servant.")
    rulings = [why, *service.standin_notes(why.rule)]
    if servant != slot.kind and table.catalog.servants[servant].expansion == "upstairs_downstairs":
        rulings.append(ruling("ud.standin-no-ability", f"Standing in as a mandatory servant, the "
                              f"{table.servant_name(servant)} grants no ability of his or her own."))
    if from_quarters:
        rulings.append(ruling("service.servants-quarters",
                              "The Servants' Quarters lets one resting servant serve."))
        rulings.append(ruling("ruling.servants-quarters-scope", "One resting servant per turn, "
                              "of any kind."))
    return rulings


def apply_serve(table: Table, slot_id: str, servant: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    slot = next(s for s in service.open_slots(table) if s.id == slot_id)
    if servant in me.servants.available:
        me.servants.available.remove(servant)
        from_quarters = False
    else:
        me.servants.quarters.remove(servant)
        turn.quarters_used = from_quarters = True
    turn.placements.append(
        Placement(servant=servant, target=slot.id, covers=slot.kind, from_quarters=from_quarters)
    )
    maybe_finish_service(table)
    return []


def maybe_finish_service(table: Table) -> None:
    """Move on to favours once every icon is filled and no supplemental servant could be placed."""
    from obsession_nb.supplemental import service_step_placements

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


def purchase_limit(table: Table) -> int | None:
    """One purchase per turn; any number on the Builders' Holiday (market.one-purchase)."""
    if has_event(table, "builders_holiday") or table.turn.unlimited_purchases:
        return None
    if table.state.options.mode != "standard":  # solo: as many as she can afford (UD p.14)
        return None
    return 1


def end_turn(table: Table) -> None:
    """Step 8: clear the board, then the next player (clockwise) begins."""
    from obsession_nb.market import fill

    me, turn = table.me, table.turn
    rulings: list[Ruling] = []
    refill = table.state.options.mode == "standard"  # the solo stacks are never refilled
    if refill and (has_event(table, "builders_holiday") or turn.unlimited_purchases) and (
        turn.purchases
    ):
        fill(table, rulings, in_tsn_order=True)
        rulings.append(ruling("event.builders-holiday",
                              "Builders' Holiday: after all purchases the gaps are filled in "
                              "tile-sorting-number order."))
    idle = [p for p in turn.placements if _idle_useful_man(table, p)]
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
            owned.flipped = not owned.flipped
            rulings.append(ruling("cleanup.hybrid-flip", f"{tile.name} flips over, to its "
                                  f"{table.face(owned).category} side."))
        elif tile.flips and not owned.flipped:
            owned.flipped = True
            rulings.append(ruling("cleanup.flip-first-use",
                                  f"{tile.name} returns to the organiser flipped to its rose side."))
            if table.face(owned).category == "monument":
                rule_id = "ud.tile.parish-church" if tile.id == "parish-church" else "tile.suites"
                rulings.append(ruling(rule_id, f"{tile.name} is now a monument: it stays in the "
                                      "organiser and is never hosted again."))
        else:
            rulings.append(ruling("cleanup.tile-return", f"{tile.name} returns to the organiser."))
    me.turns_taken += 1
    table.auto("step 8: clear the board", rulings)
    next_turn(table)


def _removed(table: Table, placement: Placement) -> bool:
    return placement.servant == "useful_man" and placement.target == "removed"


def _idle_useful_man(table: Table, placement: Placement) -> bool:
    """A useful man placed on an organiser tile that was not then hosted (touch-move rule)."""
    return placement.servant == "useful_man" and placement.target not in (
        "study", "market", "removed", table.turn.tile)


def next_turn(table: Table) -> None:
    from obsession_nb.limits import hold_turn_for_limit
    from obsession_nb.rounds import end_round

    if hold_turn_for_limit(table):
        return
    state = table.state
    if state.options.mode != "standard":  # solo: end check, AI scavenging, pawn (modes/)
        from obsession_nb.modes import end_of_turn

        end_of_turn(table)
        return
    seat = (table.turn.player + 1) % len(state.players)
    if seat == state.first_player:
        end_round(table)
    else:
        start_turn(table, seat)


# ----------------------------------------------------------------- helpers


def _names(table: Table, kinds: list[str]) -> str:
    return ", ".join(table.servant_name(k) for k in kinds) or "none"


def _tile(table: Table, tile_id: str) -> str:
    return table.tile_name(tile_id) if tile_id in table.catalog.tiles else f"tile '{tile_id}'"
