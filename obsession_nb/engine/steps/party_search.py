"""The party search: whether the guests invited so far can still be completed to a full party
that can be staffed and paid for (rules invite.exact-count, service.mandatory, favours.pauper,
ruling.pauper-payment), and which cards of the hand can join one.

The search runs over groups of interchangeable cards (same service needs and money), servants
of the icons' own kinds first (``service.direct_fill``), the backtracking search with stand-ins
only when that fails (``service.feasible``).  Its facts are worked out once per decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from obsession_nb.engine.steps.guests import (
    Group,
    allowed_counts,
    borrowing_capacity,
    candidates,
    limit_rule,
    money_balance,
    requirement,
)
from obsession_nb.engine.steps.service import (
    Slot,
    available_counts,
    direct_fill,
    feasible,
    quarters_kinds,
    slots_for,
    unfilled_slots,
)
from obsession_nb.engine.steps.suites import unserved
from obsession_nb.engine.table import Table, per_decision


@per_decision
def dead_ends(table: Table) -> set[tuple[object, ...]]:
    """Service positions found impossible at this decision, shared by its party searches."""
    return set()


@dataclass(frozen=True, slots=True)
class GuestGroups:
    """The cards that may join ``guests``, in groups of interchangeable ones (what a party
    search chooses from)."""

    kinds: dict[Group, list[str]]
    order: list[tuple[Group, list[str]]]
    """The groups, those needing fewer servants and then the richer first (likeliest first)."""
    group_of: dict[str, Group]


def guest_groups(table: Table, guests: tuple[str, ...]) -> GuestGroups:
    """:class:`GuestGroups` of the candidates (:func:`candidates`) not in ``guests``.  They
    depend only on the hand, the guests, the kind asked for and the prestige limit, so every
    supposition of a decision shares them (none changes a hand: the cache entry "groups" is
    kept, table.UNSUPPOSED) — the host decision's check of each tile builds them once per kind
    of guest asked for, not once per tile."""
    req = requirement(table)
    turn = table.state.turn
    assert turn is not None
    key = (None if req is None else req.kind, limit_rule(table)[0], tuple(turn.guests), guests)
    cache = table.cache
    shelf: dict[object, GuestGroups] | None = None
    if cache is not None:
        shelf = cache.get("groups")
        if shelf is None:
            shelf = cache["groups"] = {}
        found = shelf.get(key)
        if found is not None:
            return found
    kinds: dict[Group, list[str]] = {}
    group_of: dict[str, Group] = {}
    for card_id, facts in candidates(table):
        if card_id not in guests:
            group = group_of[card_id] = facts.group
            cards = kinds.get(group)
            if cards is None:
                kinds[group] = [card_id]
            else:
                cards.append(card_id)
    groups = GuestGroups(kinds, sorted(kinds.items(), key=_likeliest), group_of)
    if shelf is not None:
        shelf[key] = groups
    return groups


@dataclass(slots=True)
class PartyProblem:
    """What completing a party of ``guests`` depends on, worked out once per decision (and
    supposition)."""

    groups: GuestGroups
    base: list[Slot]
    """The icons of the tile and of ``guests`` not yet filled: checked during service, the
    party asks only for the servants still to place (ruling.special-action-keeps-the-activity)."""
    needs: dict[str, int]
    """The servants ``base`` asks for, by kind."""
    unserved: bool
    """Guests need no service here (suites.unserved)."""
    budget: int
    available: Counter[str]
    quarters: set[str]
    joins: dict[Group, bool] = field(default_factory=dict)
    """Groups already known to join, or not to join, some full party (:func:`joins_party`)."""


def _likeliest(item: tuple[Group, list[str]]) -> tuple[int, int]:
    """Groups needing fewer servants first, then the richer."""
    (service, money), _cards = item
    return len(service), -money


@per_decision
def party_problem(table: Table, guests: tuple[str, ...]) -> PartyProblem:
    """:class:`PartyProblem` of completing ``guests`` now (invite.exact-count,
    service.mandatory, favours.pauper)."""
    state = table.state
    assert state.turn is not None
    me = state.players[state.turn.player]
    base = unfilled_slots(table, guests)
    needs: dict[str, int] = {}
    for slot in base:
        needs[slot.kind] = needs.get(slot.kind, 0) + 1
    return PartyProblem(
        groups=guest_groups(table, guests),
        base=base,
        needs=needs,
        unserved=unserved(table),
        budget=me.money + money_balance(table, guests) + borrowing_capacity(table),
        available=available_counts(table),
        quarters=quarters_kinds(table),
    )


@per_decision
def party_possible(table: Table, guests: tuple[str, ...]) -> bool:
    """Whether ``guests`` can be completed to a full, staffed and affordable party."""
    problem = party_problem(table, guests)
    return any(_completes(table, problem, choice) for choice in _choices(table, problem, guests))


def joins_party(table: Table, guests: tuple[str, ...], card_id: str) -> bool:
    """Whether the card can join ``guests`` in some full, staffed and affordable party.  One
    search per group of interchangeable cards, made the first time a card of it is asked
    about, serves every candidate of the decision; a party found answers for every group in
    it, and a group found in none is left out of the later searches (every way of completing
    the party with it has been tried and failed)."""
    problem = party_problem(table, guests)
    group = problem.groups.group_of.get(card_id)
    if group is None:
        return False
    joins = problem.joins
    known = joins.get(group)
    if known is not None:
        return known
    party = _first_party(table, problem, guests, group)
    joins[group] = party is not None
    for member in party or ():
        joins[member] = True
    return joins[group]


def joining(table: Table, guests: tuple[str, ...]) -> dict[Group, bool]:
    """:func:`joins_party`'s answer for every group of interchangeable cards at once, as a
    listing of the decision asks about every card: one pass over the ways of completing the
    party, likeliest first, each tried only while it holds a group not yet found in a party,
    until every group is found in one (the groups never found join none: every way of
    completing the party with them has been tried).  A single card's check searches only the
    ways that take its group instead (:func:`_first_party`)."""
    problem = party_problem(table, guests)
    joins = problem.joins
    order = [item for item in problem.groups.order if joins.get(item[0]) is not False]
    left = {key for key, _cards in order if key not in joins}
    if left:
        for choice in _choices(table, problem, guests, order):
            if any(key in left for key, _n in choice) and _completes(table, problem, choice):
                for key, _n in choice:
                    joins[key] = True
                    left.discard(key)
                if not left:
                    break
        for key in left:
            joins[key] = False
    return joins


def _first_party(table: Table, problem: PartyProblem, guests: tuple[str, ...], must: Group
                 ) -> list[Group] | None:
    """The groups of the first full party completing ``guests`` with a card of ``must``, or
    ``None``; groups known to join no party are not tried."""
    joins = problem.joins
    order = [item for item in problem.groups.order if joins.get(item[0]) is not False]
    index = next(i for i, (key, _cards) in enumerate(order) if key == must)
    for choice in _choices(table, problem, guests, order, index):
        if _completes(table, problem, choice):
            return [key for key, _n in choice]
    return None


def _choices(table: Table, problem: PartyProblem, guests: tuple[str, ...],
             order: list[tuple[Group, list[str]]] | None = None, must: int = -1
             ) -> Iterator[list[tuple[Group, int]]]:
    """Every way to complete ``guests`` to a party of an allowed size from the groups of
    ``order`` (all of them by default), as (group, how many cards of it), the likeliest first;
    with ``must``, only the ways that take a card of ``order[must]`` (:func:`_selections`).
    The search runs over how many cards of each group to add, not over every set of cards."""
    groups = problem.groups
    for count in allowed_counts(table):
        need = count - len(guests)
        if 0 <= need <= len(groups.group_of):
            yield from _selections(groups.order if order is None else order, need, must)


def _completes(table: Table, problem: PartyProblem, choice: list[tuple[Group, int]]) -> bool:
    """Whether adding these cards makes a party that can be paid for (favours.pauper) and
    staffed (service.mandatory): servants of the icons' own kinds first, else the search
    with stand-ins."""
    budget = problem.budget
    for (_service, money), n in choice:
        budget += money * n
    if budget < 0:
        return False
    if direct_fill(_needs(problem, choice), problem.available, problem.quarters):
        return True
    extra = [c for (key, n) in choice for c in problem.groups.kinds[key][:n]]
    slots = problem.base + slots_for(table, extra, include_tile=False)
    return feasible(table, slots, problem.available.copy(), problem.quarters, dead_ends(table))


def _needs(problem: PartyProblem, choice: list[tuple[Group, int]]) -> dict[str, int]:
    """The servants the base and the chosen cards ask for, by kind."""
    if problem.unserved:
        return problem.needs
    needs = dict(problem.needs)
    for (service, _money), n in choice:
        for kind in service:
            needs[kind] = needs.get(kind, 0) + n
    return needs


def _selections(order: list[tuple[Group, list[str]]], need: int, must: int = -1,
                start: int = 0) -> Iterator[list[tuple[Group, int]]]:
    """Every way to take ``need`` cards from the interchangeable groups, as (group, count), in
    the groups' order; with ``must`` (an index into ``order``, -1 for none) only the ways that
    take a card of that group (a group passed over is never taken later, so the search stops
    at ``must`` until it is taken)."""
    if need == 0:
        if must < start:
            yield []
        return
    stop = must + 1 if must >= start else len(order)
    for i in range(start, stop):
        key, cards = order[i]
        for take in range(min(len(cards), need), 0, -1):
            if take == need:  # nothing left to take: no deeper search
                if must <= i:
                    yield [(key, take)]
                continue
            for rest in _selections(order, need - take, must, i + 1):
                yield [(key, take), *rest]
