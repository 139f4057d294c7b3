"""Dispatch: which actions a pending decision offers, and checking and applying one.

Each action kind has one verifier (raising :class:`IllegalAction` with the rulings that forbid
it) and one apply; ``legal_actions`` is the candidates that pass the verifier, so the list of
choices and the refusal of an illegal choice come from the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, overload

from obsession_nb.data.rules import Ruling, refuse
from obsession_nb.engine.mode import Handler, owners
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.setup import decisions as setup_choices
from obsession_nb.engine.setup import servant_draft as draft
from obsession_nb.engine.steps import (
    buying,
    choices,
    hosting,
    limits,
    milestones,
    passing,
    seasons,
    serving,
    special,
    step2,
    suites,
    supplemental,
    vpcards,
)
from obsession_nb.engine.steps.market import offers
from obsession_nb.engine.steps.service import (
    available_counts,
    filler_rule,
    open_slots,
    quarters_kinds,
)
from obsession_nb.engine.steps.special import ANY_STEP
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import flow, handlers, movegen

HANDLERS: dict[type[a.Action], Handler] = {
    **draft.KINDS, **setup_choices.KINDS, **handlers.KINDS, **step2.KINDS,
    **supplemental.KINDS, **hosting.KINDS, **serving.KINDS, **suites.KINDS, **choices.KINDS,
    **passing.KINDS, **buying.KINDS, **special.KINDS, **seasons.KINDS, **vpcards.KINDS,
    **limits.KINDS, **milestones.KINDS,
}
"""The standard game's and the variants' action kinds, each registered once by the module that
holds its rules (``KINDS``); a mode adds its own (``Mode.handlers``)."""


def handler(table: Table, action: a.Action) -> Handler:
    """How this kind of action is checked and played here: the mode's own kinds first (Tableau's
    starter draft), then the standard game's.  A kind that this mode did not register is
    refused, citing the rule of the modes that did (solo.sec.overview for ``discard-tile``)."""
    found = table.mode.handlers.get(type(action)) or HANDLERS.get(type(action))
    if found is None:
        others = owners(type(action))
        where = " and ".join(mode.title for mode in others) or "no game mode"
        raise refuse(others[0].rule if others else "turn.order-of-play",
                     f"'{action.verb}' is an action of {where}, not of {table.mode.title}.")
    return found


PURE_VERIFY_CHECK = False
"""Debug switch (the test suite turns it on for random games): fingerprint the position around
every verify and fail if a verifier changed it — verifiers only read (DESIGN principle 9)."""


class ImpureVerifier(AssertionError):
    """A verifier changed the position it was asked about."""


def verify(table: Table, action: a.Action) -> list[Ruling]:
    """The rulings that allow ``action`` now; raises :class:`IllegalAction` otherwise.
    Never changes the position."""
    if not PURE_VERIFY_CHECK:
        return _verify(table, action)
    before = table.state.model_dump_json()
    try:
        return _verify(table, action)
    finally:
        if table.state.model_dump_json() != before:
            raise ImpureVerifier(f"verifying '{action.notation}' changed the position")


def _verify(table: Table, action: a.Action) -> list[Ruling]:
    if table.state.turn is None:
        raise refuse("turn.order-of-play", "The game is over; no action can be taken.")
    kind = handler(table, action)
    table.mode.refuse(table, action)
    step = table.turn.step
    if step not in kind.steps:
        because_passing = passing.out_of_turn(table, kind.steps)
        if because_passing is not None:
            raise because_passing
        raise refuse(
            "turn.special-actions-any-time" if kind.steps == ANY_STEP else "turn.order-of-play",
            f"It is {flow.STEP_NAMES[step]}; '{action.verb}' is not a choice now.",
        )
    return kind.verify(table, *a.arguments(action))


def can(table: Table, action: a.Action) -> bool:
    """Whether ``action`` is legal now (the check that move generation and players use)."""
    return bool(allowed(table, [action]))


def allowed(table: Table, actions: Iterable[a.SomeAction], *, listing: bool = False
            ) -> list[a.SomeAction]:
    """Those of ``actions`` legal now, in their order, each once: move generation's check
    (``movegen``: the verifiers' answer, text-free where a kind has its own test), in one
    reading of the position.  ``listing``: ``actions`` are the decision's whole list."""
    if table.state.turn is None:
        return []
    if table.cache is None:  # one reading for every check (legal_actions opens its own)
        with table.reading():
            return allowed(table, actions, listing=listing)
    return movegen.legal(table, actions, verify, HANDLERS, listing)


def perform(table: Table, action: a.Action) -> list[Ruling]:
    """Apply an action that :func:`verify` allowed, returning what happened."""
    rulings = handler(table, action).apply(table, *a.arguments(action))
    return rulings + flow.settle(table)


def apply(table: Table, action: a.Action) -> list[Ruling]:
    """Verify, then apply ``action`` (no copy: a refused action has changed nothing)."""
    with table.reading():
        rulings = verify(table, action)
    return rulings + perform(table, action)


def play(table: Table, action: a.Action) -> list[Ruling]:
    """:func:`apply` for players that read no rulings (an AI's playouts and plans): allowed by
    the text-free check of move generation (:func:`can`, the same answer as the verifier:
    tests/engine/test_movegen_oracle.py), so the verifier's text is built only to refuse; returns what
    happened."""
    return _perform_allowed(table, action, can(table, action))


def play_decided(table: Table, decide: Callable[[], a.Action | None]) -> a.Action | None:
    """Ask ``decide`` (which only reads the position) for an action and :func:`play` it, in
    one reading: the facts of the decision worked out while deciding also serve the action's
    check.  Returns the action played, or ``None`` (nothing played) when none is decided."""
    with table.reading():
        action = decide()
        allowed = action is not None and can(table, action)
    if action is None:
        return None
    _perform_allowed(table, action, allowed)
    return action


def _perform_allowed(table: Table, action: a.Action, allowed: bool) -> list[Ruling]:
    """Perform ``action`` if :func:`can` allowed it; otherwise the verifier refuses it with
    the rule that forbids it (``IllegalAction``), the position unchanged."""
    if not allowed:
        with table.reading():
            verify(table, action)  # raises IllegalAction
    return perform(table, action)


DONE, PASS = a.Done(), a.Pass()
BEGIN = (a.Activity(), PASS)
STEP2 = (a.Church("money"), a.Church("reputation"), DONE, PASS)
PASS_OPTIONS = (a.Rents(), a.FreeRefresh(), a.HireServants(), a.HireServants(True))
SPECIALS = (a.Borrow(), a.RefreshMarket())
"""Candidates with nothing to choose, made once (actions are frozen values)."""


def candidates(table: Table, *, any_time: bool = True) -> list[a.Action]:
    """Every action worth checking at the pending decision (a superset of the legal ones);
    without ``any_time``, none of those open at any point of a turn (special actions, the
    useful man's removals, VP-card reveals), as the explorer leaves them out.  A list, built
    in one pass (move generation reads every candidate)."""
    turn = table.turn
    me = table.me
    step = turn.step
    found: list[a.Action]
    if step == "draft":
        if me.family is None:
            return [a.Family(f) for f in draft.family_candidates(table)]
        start_tiles = draft.start_tile_pending(table)
        if start_tiles:
            return [a.StartTile(t) for t in start_tiles]
        return [a.Draft(k) for k in dict.fromkeys(table.state.supply.draft_display)]
    if step in seasons.STEPS:
        return list(seasons.candidates(table))
    if step in setup_choices.STEPS:
        return list(setup_choices.candidates(table))
    if step == "mode":  # a mode's decision outside the turns
        return list(table.mode.candidates(table))
    if step == "begin":
        found = list(BEGIN)
    elif step == "step2":
        seats = _others(table)
        if table.state.options.servants_hall == "automatic":
            found = [va.Rumour(s) for s in seats]
        else:
            found = [a.Hall(k, s) for k in dict.fromkeys(me.servants.available) for s in seats]
        found += STEP2
    elif step == "host":
        found = [a.Host(t.tile) for t in me.organiser]
        found.append(PASS)
    elif step == "invite":
        found = [a.Invite(c) for c in dict.fromkeys(me.hand)]
        found.append(DONE)
    elif step == "service":
        kinds = dict.fromkeys([*me.servants.available, *sorted(quarters_kinds(table))])
        available = available_counts(table)
        found = [a.Serve(s.id, k) for s in open_slots(table) for k in kinds
                 if filler_rule(table, s, k, available) is not None]
        if suites.double_pending(table):
            count = len(table.card(turn.guests[0]).favours)
            found += [a.Double(str(i)) for i in range(1, count + 1)]
        found.append(DONE)
    elif step == "favours":
        found = list(_choice_candidates(table, _others(table)))
    elif step == "pass-option":
        found = list(PASS_OPTIONS)
    elif step == "buy":
        discount = "useful_man" in me.servants.available  # his discount needs him available
        found = []
        for offer in offers(table):
            found.append(a.Buy(offer.tile))
            if discount:
                found.append(a.Buy(offer.tile, useful_man=True))
        found.append(DONE)
    else:
        found = []
    found += table.mode.candidates(table)
    found += milestones.candidates(table)
    found += supplemental.placement_candidates(table)
    if not any_time:
        return found
    found += vpcards.reveal_candidates(table)
    found += SPECIALS
    found += [a.Help(k) for k in dict.fromkeys([*me.servants.quarters, *me.servants.expended])]
    if "useful_man" in me.servants.available:  # his one-time removals need him available
        found.append(a.UsefulManRefresh())
        found += [a.UsefulManSearch(t) for t in sorted(set(table.state.supply.bag))]
    return found


def _others(table: Table) -> list[int]:
    """The seats other than the active player's."""
    player = table.turn.player
    return [s for s in range(len(table.state.players)) if s != player]


def _choice_candidates(table: Table, seats: list[int]) -> Iterator[a.Action]:
    choice = table.turn.choices[0]
    if choice.kind == "screen":
        yield from (a.Keep(c) for c in choice.cards)
    elif choice.kind == "lady":
        yield from (a.Lady("screen"), a.Lady("dismiss"))
    elif choice.kind == "dismiss":
        yield from (a.Dismiss(c) for c in choices.dismissable(table))
        yield DONE
    elif choice.kind == "gossip":
        yield from (a.Gossip(s) for s in seats)
    elif choice.kind == "reclaim":
        yield from (a.Reclaim(c) for c in dict.fromkeys(table.me.discard))
    elif choice.kind == "hire":
        yield from (a.Hire(k) for k in table.catalog.servants)
        if choices.can_recruit(table):
            yield from (a.Recruit(s, k, z) for s in seats for k in choices.RECRUITABLE
                        for z in choices.recruit_choices(table, s, k))
        yield DONE


@overload
def legal_actions(table: Table, kinds: None = None) -> list[a.Action]: ...
@overload
def legal_actions(table: Table, kinds: tuple[type[a.SomeAction], ...]) -> list[a.SomeAction]: ...
def legal_actions(table: Table, kinds: tuple[type[a.Action], ...] | None = None
                  ) -> list[Any]:
    """The candidates that are legal, in the candidates' order: generated per decision
    (``movegen``), the verifiers deciding the kinds without a text-free test.  ``kinds``: only
    actions of these kinds (the same ones, in the same order, as filtering the whole list;
    a player looking for its purchases checks nothing else)."""
    if table.state.turn is None:
        return []
    if table.cache is None:  # one reading: the decision's facts serve candidates and checks
        with table.reading():
            return legal_actions(table, kinds)
    before = table.state.model_dump_json() if PURE_VERIFY_CHECK else None
    found = candidates(table)
    if kinds is not None:
        found = [x for x in found if isinstance(x, kinds)]
    legal = allowed(table, found, listing=True)
    if before is not None and table.state.model_dump_json() != before:
        raise ImpureVerifier("listing the legal actions changed the position")
    return legal


def decision_actions(table: Table, legal: list[a.Action] | None = None) -> list[a.Action]:
    """The legal actions (``legal`` if already listed) that answer the pending decision itself,
    leaving out those open at any point of a turn (special actions, the useful man's removals,
    VP-card reveals).  Before the game is over there is always at least one (issue 10)."""
    any_time = (ANY_STEP, vpcards.TURN_STEPS)
    return [x for x in (legal_actions(table) if legal is None else legal)
            if handler(table, x).steps not in any_time or table.turn.step == "reveal"]
