"""Which choices the explorer plays at a position, and in which orders only: special actions
are left out, guests are invited in hand order where the order cannot change the end (the
Queen's Suite's doubling excepted), and a servant placement is tried once per kind; a
:class:`Scope` narrows the search to one activity, one party or the pass."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Turn
from obsession_nb.engine.steps import service, special, suites, vpcards
from obsession_nb.engine.steps.favours import elsewhere, independent, touches
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.engine.turn import opening

SPECIAL = tuple(kind for kind, handler in {**special.KINDS, **vpcards.KINDS}.items()
                if handler.steps in (special.ANY_STEP, vpcards.TURN_STEPS))
"""Action kinds taken at any moment of a turn, as their steps register them: the special
actions, the useful man's removals and the VP-card reveals.  The explorer leaves them out (see
the module docstring), and a mode's own such kinds too (``Mode.specials``: team play's
requests)."""


@dataclass(frozen=True)
class Scope:
    """What a search of the turn takes in: step 7's purchases, every card a screen shows
    (``peek``), only the activity hosting ``host`` (no pass), with ``party`` (guests in any
    order) only the activities inviting exactly those guests, and with ``passing`` only the
    lines that pass."""

    purchases: bool = False
    peek: bool = False
    host: str | None = None
    party: frozenset[str] | None = None
    passing: bool = False


def explored_choices(table: Table, hand_order: dict[str, int], scope: Scope,
                     previous: str | None = None) -> Iterator[a.Action]:
    """The legal choices worth exploring here (``previous``: the notation of the action just
    played), each set of choices met in one order only where its order cannot change the end:

    * no special actions;
    * guests invited in every order that can change the end, and in one only where it cannot
      (:func:`_out_of_order`): step 6 resolves their invitations and choices in the order they
      came (ruling.favours-in-guest-order), and whether a guest may join depends on the party,
      not on its order (invite.exact-count, service.mandatory);
    * icons filled in a fixed order (the same sets, met once);
    * the cook placed before the first guest is invited (he lets higher guests attend and his
      +1 counts the same whenever he came: ud.cook.reputation); the head housemaid, like
      every supplemental servant in step 5, once every icon is filled (placed earlier she
      ends the same way, and only ever allows less: ud.supplemental-service,
      ud.head-housemaid.screen);
    * servants hired one after another in the order of their names (host.butlers-room);
    * the hall boy on the first guest he may serve only: his +£100 joins the one sum of money
      whichever £ favour he is on (ud.hall-boy.money, favours.money), unless a teammate's card
      sends its money elsewhere (team.family-favours);
    * with the useful man waiting on a tile, only that tile hosted (otherwise he returns: the
      same as not placing him, ud.useful-man.touch-move);
    * the first screened card only unless ``peek``; no purchase unless ``purchases``; only
      ``host`` as the activity, and no pass, when it is given; only the guests of ``party``,
      and no end to the invitations before they are all in, when it is given; no activity
      with ``passing`` (:class:`Scope`)."""
    turn = table.turn
    step = turn.step
    first_slot = None
    serving = False
    if step == "service":
        slots = service.open_slots(table)
        first_slot = slots[0].id if slots else None
        serving = bool(slots)
    ordered = not order_matters(table)
    hired = previous.split()[1] if previous and previous.startswith("hire ") else None
    screen = turn.choices[0] if step == "favours" and turn.choices else None
    # the useful man waiting on an organiser tile returns unused unless that tile is hosted
    # (ud.useful-man.touch-move): hosting another, or passing, is the line without him
    waiting = {p.target for p in turn.placements if opening.idle_useful_man(table, p)} if (
        step == "host") else set()
    worth: list[a.Action] = []
    with table.reading():
        for action in dict.fromkeys(engine.candidates(table, any_time=False)):
            if isinstance(action, SPECIAL) or action.verb in table.mode.specials:
                continue
            if (isinstance(action, a.Invite) and ordered
                    and _out_of_order(table, action.card, hand_order)):
                continue
            if isinstance(action, a.Serve) and action.slot != first_slot:
                continue
            if isinstance(action, a.Place) and (serving or _placed_later(turn, action.servant)):
                continue
            if isinstance(action, a.Hire) and hired is not None and action.servant < hired:
                continue
            if waiting and (isinstance(action, a.Pass) or (
                    isinstance(action, a.Host) and action.tile not in waiting)):
                continue
            if (isinstance(action, a.Keep) and not scope.peek and screen is not None
                    and action.card != screen.cards[0]):
                continue
            if isinstance(action, a.Buy) and not scope.purchases:
                continue
            if not _in_scope(turn, action, scope):
                continue
            worth.append(action)
        hall_boy_met = False
        for action in engine.allowed(table, worth):  # checked in one pass, as listed
            if ordered and _hall_boy_adds_to_the_sum(table, action):
                if hall_boy_met:
                    continue
                hall_boy_met = True
            yield action


def _in_scope(turn: Turn, action: a.Action, scope: Scope) -> bool:
    """Whether the action keeps the line within the scope's activity, party or pass."""
    if isinstance(action, a.Pass):
        return scope.host is None and scope.party is None
    if isinstance(action, a.Activity):
        return not scope.passing
    if isinstance(action, a.Host):
        return scope.host in (None, action.tile)
    if scope.party is not None and turn.step == "invite":
        if isinstance(action, a.Invite):
            return action.card in scope.party
        if isinstance(action, a.Done):
            return scope.party <= set(turn.guests)
    return True


def _placed_later(turn: Turn, servant: str) -> bool:
    """Whether this supplemental placement is met at another time of the turn instead: the
    cook before the first guest, the head housemaid in step 5 (see :func:`explored_choices`)."""
    if servant == "cook":
        return bool(turn.guests)
    return servant == "head_housemaid" and turn.step == "invite"


def _out_of_order(table: Table, card_id: str, hand_order: dict[str, int]) -> bool:
    """Whether inviting this guest now is a reordering of a line met already: it could have
    come before an earlier guest of a later place in the hand, over guests whose favours are
    all :func:`favours.independent` of its own (the one lexicographically least order of each
    class of interchangeable orders)."""
    favours = table.card(card_id).favours
    rank = hand_order.get(card_id, len(hand_order))
    for earlier in reversed(table.turn.guests):
        if not independent(table.card(earlier).favours, favours):
            return False
        if rank < hand_order.get(earlier, len(hand_order)):
            return True
    return False


def _hall_boy_adds_to_the_sum(table: Table, action: a.Action) -> bool:
    return (isinstance(action, a.Place) and action.servant == "hall_boy"
            and elsewhere(table, action.target, "money") is None)


def order_free(table: Table, card_id: str) -> bool:
    """A guest whose favours depend on no other's order (:func:`favours.touches`)."""
    return not touches(table.card(card_id).favours)


def order_matters(table: Table) -> bool:
    """The Queen's Suite doubles a favour of the first guest, so there the order counts."""
    return table.turn.tile is not None and suites.hosted(table) is not None
