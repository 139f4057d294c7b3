"""Steps 3 and 4 of a turn: hosting a tile and inviting its guests (rules host.*,
invite.exact-count, service.mandatory, ruling.level-at-step-3, ud.useful-man.touch-move).

When the party is complete the step moves on to service and asks the sequencer to see whether
service is already done (``table.then("service")``).
"""

from __future__ import annotations

from obsession_nb.data.catalog_records import TileSide
from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.actions import Carriage, Kitchen
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps import guests, party_search, refusals, service, suites
from obsession_nb.engine.steps.favours import supplemental_on
from obsession_nb.engine.steps.rounds import has_event
from obsession_nb.engine.steps.supplemental import (
    placement_candidates,
    verify_carriage,
    verify_kitchen,
)
from obsession_nb.engine.table import Table, per_decision


def useful_man_lowers(table: Table, tile_id: str) -> bool:
    return supplemental_on(table, "useful_man", tile_id)


def host_prestige(table: Table, tile_id: str, face: TileSide) -> int | None:
    """The prestige rating of ``face``, the tile's face up, as it limits hosting now (one less
    with the useful man on it, ud.useful-man.prestige), or ``None`` when nothing limits it (no
    rating; National Holiday)."""
    if face.prestige is None or has_event(table, "national_holiday"):
        return None
    return face.prestige - (1 if useful_man_lowers(table, tile_id) else 0)


SERVANTS_AT_HAND = (service.available_counts, service.quarters_kinds)
"""Facts of the decision that supposing another tile hosted cannot change: who is in Available
Service and who may still serve from the Servants' Quarters (the host check's suppositions share
them with the decision)."""


@per_decision
def hosting_service(table: Table, tile_id: str) -> tuple[list[service.Slot], bool, bool]:
    """With ``tile_id`` hosted: its servant icons, whether they can be filled
    (host.servant-available) and whether a full party can then be invited, served and paid for
    (invite.exact-count; a Lionheart-style guest from the supply needs no party).  Text-free:
    the facts both :func:`verify_host` and move generation read."""
    turn = table.state.turn
    assert turn is not None
    face = table.face(table.state.players[turn.player].owned_tile(tile_id))
    previous = turn.tile
    turn.tile = tile_id
    with table.supposing(keep=SERVANTS_AT_HAND):
        try:
            tile_slots = list(service.tile_slots(face))
            staffed = service.feasible(table, tile_slots, service.available_counts(table),
                                       service.quarters_kinds(table))
            party = (not staffed or face.guests is None or face.guests.from_supply
                     or party_search.party_possible(table, ()))
        finally:
            turn.tile = previous
    return tile_slots, staffed, party


def host_barrier(table: Table, tile_id: str) -> str | None:
    """What forbids hosting ``tile_id`` now, text-free (the rule id; ``None`` when nothing
    does): a tile not owned (host.choose-tile), a face with no activity
    (host.not-service-or-monument), a prestige rating above the level at the start of step 3
    (host.prestige), icons no servant can fill (host.servant-available), no full party that can
    be invited, served and paid for (invite.exact-count)."""
    turn = table.state.turn
    assert turn is not None
    owned = table.state.players[turn.player].owned(tile_id)
    if owned is None:
        return "host.choose-tile"
    face = table.face(owned)
    if not face.playable:
        return "host.not-service-or-monument"
    prestige = host_prestige(table, tile_id, face)
    if prestige is not None and prestige > (turn.level_at_host or 1):
        return "host.prestige"
    _slots, staffed, party = hosting_service(table, tile_id)
    if not staffed:
        return "host.servant-available"
    return None if party else "invite.exact-count"


def can_host(table: Table, tile_id: str) -> bool:
    """Whether :func:`verify_host` allows hosting ``tile_id``, without its text."""
    return host_barrier(table, tile_id) is None


def verify_host(table: Table, tile_id: str) -> list[Ruling]:
    """The rulings of hosting ``tile_id`` (:func:`host_barrier` decides; this says why)."""
    me, turn = table.me, table.turn
    barrier = host_barrier(table, tile_id)
    if barrier == "host.choose-tile":
        raise refuse(barrier, f"{me.name} does not own a {_tile(table, tile_id)}.")
    face = table.face(me.owned_tile(tile_id))
    name = table.tile_name(tile_id)
    if barrier == "host.not-service-or-monument":
        raise refuse(barrier,
                     f"{name} shows a permanent ability, not an activity; it cannot be hosted.")
    rulings = [ruling("host.choose-tile", f"{me.name} hosts {name} ({face.activity}).")]
    level = turn.level_at_host or 1
    if face.prestige is not None:
        prestige = host_prestige(table, tile_id, face)
        if prestige is None:
            rulings.append(ruling("event.national-holiday",
                                  "National Holiday: the tile's prestige rating does not limit."))
        elif barrier == "host.prestige":
            raise refuse(barrier, f"{name} has prestige rating {prestige}, above "
                         f"{me.name}'s level {level} at the start of step 3.")
        else:
            rulings.append(ruling("host.prestige", f"Prestige rating {prestige} ≤ level {level}."))
            if table.level(me) < level:
                rulings.append(ruling("ruling.level-at-step-3", f"Level {level} at the start of "
                                      "step 3 counts; special actions since then change nothing."))
    tile_slots, _staffed, _party = hosting_service(table, tile_id)
    if barrier == "host.servant-available":
        needed = " and ".join(table.servant_name(s.kind) for s in tile_slots)
        raise refuse("host.servant-available",
                     f"{name} needs a {needed} from Available Service and none can serve.")
    if tile_slots:
        rulings.append(ruling("host.servant-available",
                              f"The tile's {table.servant_name(tile_slots[0].kind)} can be provided."))
    if face.guests is not None and face.guests.from_supply:
        rulings.append(ruling("tile.lionheart-suite", "The guest will come from the top of "
                              "the prestige deck."))
    elif barrier == "invite.exact-count":
        raise refuse(barrier,
                     f"No full party for {name} can be invited, served and paid for from "
                     "the active hand.")
    if tile_id == "butlers-room":
        rulings += _butlers_room_rulings(table)
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
    face = table.face(me.owned_tile(tile_id))
    if face.guests is not None and face.guests.from_supply:
        rulings += suites.guest_from_supply(table)
        turn.step = "service"
    else:
        turn.step = "invite" if face.guests is not None else "service"
    if turn.step == "service":
        table.then("service")
    return rulings


def can_invite(table: Table, card_id: str) -> bool:
    """Whether :func:`verify_invite` allows inviting ``card_id``, without its text."""
    attending = table.turn.guests
    return (table.has_card(card_id) and guests.barrier(table, card_id) is None
            and len(attending) < max(guests.allowed_counts(table))
            and party_search.joins_party(table, tuple(attending), card_id))


def listed_invite(table: Table, card_id: str) -> bool:
    """:func:`can_invite`'s answer as a listing of the decision asks it, for every card of the
    hand in turn: read from :func:`invitable`."""
    return card_id in invitable(table)


@per_decision
def invitable(table: Table) -> frozenset[str]:
    """The cards of the active hand that may be invited now, text-free, worked out together
    for the decision (one party search for all of them, ``party_search.joining``): each suits
    the activity (invite.kind, invite.prestige), a guest is still missing (invite.exact-count)
    and the card joins some full party that can be served and paid for (service.mandatory,
    favours.pauper)."""
    attending = table.turn.guests
    if len(attending) >= max(guests.allowed_counts(table)):
        return frozenset()
    joins = party_search.joining(table, tuple(attending))
    return frozenset(card_id for card_id, facts in guests.candidates(table)
                     if joins.get(facts.group))


def verify_invite(table: Table, card_id: str) -> list[Ruling]:
    turn = table.turn
    if not table.has_card(card_id):
        hint = str(table.names.unknown("gentry card", card_id, [*table.catalog.gentry,
                                                                 *table.custom]))
        raise refuse("invite.active-hand-only", f"T{hint[1:]}.")
    why = guests.refusal(table, card_id)
    if why is not None:
        raise IllegalAction(why)
    card = table.card(card_id)
    counts = guests.allowed_counts(table)
    if len(turn.guests) >= max(counts):
        raise refuse("invite.exact-count", f"The activity takes exactly {max(counts)} guests.")
    if not party_search.joins_party(table, tuple(turn.guests), card_id):
        raise IllegalAction(refusals.party_refusal(table, card_id))
    _limit, limit_ruling = guests.prestige_limit(table)
    rulings = [
        ruling("invite.kind", f"{card.name} qualifies for the activity.", (card_id,)),
        ruling(limit_ruling.rule, f"{card.name}: prestige {card.rating}. {limit_ruling.verdict}",
               (card_id, *limit_ruling.cards)),
    ]
    if card.prestige is None:
        rulings.append(ruling("invite.family-fairchild-prestige-one", f"{card.name} shows a "
                              "crest, not a rating, and counts as prestige 1.", (card_id,)))
    if not card.service:
        rulings.append(ruling("service.none-needed", f"{card.name} needs no servant.", (card_id,)))
    return rulings


def apply_invite(table: Table, card_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    me.hand.remove(card_id)
    knowledge.leaves(table, me, card_id)
    turn.guests.append(card_id)
    if len(turn.guests) == max(guests.allowed_counts(table)) and not _count_can_change(table):
        finish_invitations(table)
    return []


def _count_can_change(table: Table) -> bool:
    """Whether the Carriage House or the Renovated Kitchen could still change the guest count."""
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


def can_finish_invitations(table: Table) -> bool:
    """Whether :func:`verify_guests_done` allows ending the invitations, without its text."""
    guests_now = table.turn.guests
    return (len(guests_now) in guests.allowed_counts(table)
            and party_search.party_possible(table, tuple(guests_now)))


def verify_guests_done(table: Table) -> list[Ruling]:
    counts = guests.allowed_counts(table)
    n = len(table.turn.guests)
    if n not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise refuse("invite.exact-count", f"The activity needs exactly {wanted} guests; {n} invited.")
    if not party_search.party_possible(table, tuple(table.turn.guests)):
        raise IllegalAction(refusals.party_refusal(table))
    return [ruling("invite.exact-count", f"{n} guests invited, as the activity requires.")]


def finish_invitations(table: Table) -> None:
    table.turn.step = "service"
    table.then("service")


def _tile(table: Table, tile_id: str) -> str:
    return table.tile_name(tile_id) if tile_id in table.catalog.tiles else f"tile '{tile_id}'"


KINDS: dict[type[a.Action], Handler] = {
    a.Host: Handler.at({"host"}, verify_host, apply_host,
                       test=can_host),  # host.*, invite.exact-count
    a.Invite: Handler.at({"invite"}, verify_invite, apply_invite,  # invite.*, service.mandatory
                         test=can_invite, listing=listed_invite),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

PASS, DONE = a.Pass(), a.Done()


def host_choices(table: Table) -> list[a.Action]:
    """Each tile of the organiser, or passing after all (host.*, turn.host-or-pass)."""
    found: list[a.Action] = [a.Host(t.tile) for t in table.me.organiser]
    found.append(PASS)
    return found


def invite_choices(table: Table) -> list[a.Action]:
    """Each guest of the hand, then closing the guest list (invite.*)."""
    found: list[a.Action] = [a.Invite(c) for c in dict.fromkeys(table.me.hand)]
    found.append(DONE)
    return found


DECISIONS = {"host": Decision(host_choices), "invite": Decision(invite_choices)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
