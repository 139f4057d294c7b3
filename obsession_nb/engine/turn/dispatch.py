"""Dispatch: which actions a pending decision offers, and checking and applying one.

Each action kind has one verifier (raising :class:`IllegalAction` with the rulings that forbid
it) and one apply; ``legal_actions`` is the candidates that pass the verifier, so the list of
choices and the refusal of an illegal choice come from the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, overload

from obsession_nb.data.rules import Ruling, refuse
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.actions import arguments
from obsession_nb.engine.records.registry import owners
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
    return kind.verify(table, *arguments(action))


def can(table: Table, action: a.Action) -> bool:
    """Whether ``action`` is legal now (the check that move generation and players use).
    While the position is read, each action is checked once: a player that chose an action it
    had checked (a host, a guest) and :func:`play_decided` checking it again read the answer
    kept in the reading's cache (a supposition keeps it apart, ``Table.supposing``)."""
    cache = table.cache
    if cache is None:
        return bool(allowed(table, [action]))
    key = (can, action)
    known: bool | None = cache.get(key)
    if known is None:
        known = cache[key] = bool(allowed(table, [action]))
    return known


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
    rulings = handler(table, action).apply(table, *arguments(action))
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


DECISIONS: dict[str, Decision] = {
    **draft.DECISIONS, **setup_choices.DECISIONS, **handlers.DECISIONS, **step2.DECISIONS,
    **hosting.DECISIONS, **serving.DECISIONS, **choices.DECISIONS, **passing.DECISIONS,
    **buying.DECISIONS, **seasons.DECISIONS, **vpcards.DECISIONS, **limits.DECISIONS,
    "mode": Decision(lambda table: list(table.mode.candidates(table)), in_turn=False),
}
"""The choices of each pending decision, registered once by the module that holds its rules
(``DECISIONS``); ``mode``: a mode's decision outside the turns (a draft, a Grand Ball)."""

NO_CHOICES = Decision(lambda table: [])
"""A step of a turn with no choices of its own (``end``): only what is open at any decision."""


def candidates(table: Table, *, any_time: bool = True) -> list[a.Action]:
    """Every action worth checking at the pending decision (a superset of the legal ones): the
    decision's own choices (:data:`DECISIONS`), then, at a decision of a turn, the mode's,
    milestones and placements, and, with ``any_time``, what is open at any point of a turn
    (VP-card reveals, special actions, the useful man's removals; the explorer leaves them
    out).  A list, built in one pass (move generation reads every candidate)."""
    turn = table.state.turn
    assert turn is not None
    decision = DECISIONS.get(turn.step, NO_CHOICES)
    found = decision.candidates(table)
    if not decision.in_turn:
        return found
    found += table.mode.candidates(table)
    found += milestones.candidates(table)
    found += supplemental.placement_candidates(table)
    if any_time:
        found += vpcards.reveal_candidates(table)
        found += special.any_time_choices(table)
    return found


@overload
def legal_actions(table: Table, kinds: None = None, *, any_time: bool = True
                  ) -> list[a.Action]: ...
@overload
def legal_actions(table: Table, kinds: tuple[type[a.SomeAction], ...], *,
                  any_time: bool = True) -> list[a.SomeAction]: ...
def legal_actions(table: Table, kinds: tuple[type[a.Action], ...] | None = None, *,
                  any_time: bool = True) -> list[Any]:
    """The candidates that are legal, in the candidates' order: generated per decision
    (``movegen``), the verifiers deciding the kinds without a text-free test.  ``kinds``: only
    actions of these kinds (the same ones, in the same order, as filtering the whole list;
    a player looking for its purchases checks nothing else); ``any_time``: with what is open
    at any point of a turn (:func:`candidates`; a player asking for kinds that are not, such
    as its hosts or purchases, lists none of those)."""
    if table.state.turn is None:
        return []
    if table.cache is None:  # one reading: the decision's facts serve candidates and checks
        with table.reading():
            return legal_actions(table, kinds, any_time=any_time)
    before = table.state.model_dump_json() if PURE_VERIFY_CHECK else None
    found = candidates(table, any_time=any_time)
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
