"""Move generation per decision: the legal actions of the pending decision, text-free.

The verifiers (``engine.verify``) explain a typed action — every ruling for or against it — and
stay the oracle (tests/engine/test_movegen_oracle.py asserts both give the same list everywhere).  To
list the choices no text is needed: the action kinds that dominate a turn's decisions register
a text-free test with their handler (``Handler.test``, beside the verifier in the step module),
which reads facts computed once per decision (``table.per_decision``: the
party feasibility of each tile, the groups of guests that can join, whether spending reputation
or removing the useful man still lets the activity be finished), so that a decision costs one
search per fact rather than one full verification per candidate.  Every other kind is checked
by its verifier.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import groupby
from typing import Any

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.mode import Handler, Mode
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.actions import reader
from obsession_nb.engine.table import Table

Plan = tuple[int, Callable[[a.Action], Any], frozenset[str] | None,
             Callable[..., Any] | None, bool]
"""How move generation reads and checks one kind: its field count and getter
(``actions.reader``), the steps it belongs to, then its text-free test (``True``) or else its
verifier (``False``); steps and test are ``None`` for a kind with no handler here."""

_PLANS: dict[tuple[type[Mode[Any]], int, bool], dict[type[a.Action], Plan]] = {}
"""Per mode, table of standard handlers and listing or not: each kind's :data:`Plan`."""


def _plan(mode: Mode[Table], kind: type[a.Action], standard: Mapping[type[a.Action], Handler],
          listing: bool) -> Plan:
    """The :data:`Plan` of ``kind`` in ``mode``: the mode's own handler, else ``standard``'s
    (with the kind's text-free test, if it registered one: its listing test in a listing)."""
    count, get = reader(kind)
    own = mode.handlers.get(kind)
    if own is not None:
        return count, get, own.steps, own.verify, False
    handler = standard.get(kind)
    if handler is None:
        return count, get, None, None, False
    test = (listing and handler.listing) or handler.test
    if test is None:
        return count, get, handler.steps, handler.verify, False
    return count, get, handler.steps, test, True


def legal(table: Table, candidates: Iterable[a.SomeAction],
          verify: Callable[[Table, a.Action], Any],
          standard: Mapping[type[a.Action], Handler], listing: bool = False
          ) -> list[a.SomeAction]:
    """The candidates that are legal now, in their order, each once (call inside
    ``table.reading()``).

    Each is checked as ``engine.verify`` checks it — the steps its kind belongs to, the mode's
    own refusals, then the text-free test of its kind or else its verifier — with the handlers
    read directly: the mode's own, else ``standard`` (the standard game's; how each kind is
    checked is worked out once per mode).  A kind of another mode goes to ``verify``, which
    names the rule that keeps it out.  ``listing``: the candidates are the decision's whole
    list (a kind with a listing test is then decided for all its candidates at once)."""
    turn = table.state.turn
    assert turn is not None
    step, mode = turn.step, table.mode
    plans = _PLANS.get((type(mode), id(standard), listing))
    if plans is None:
        plans = _PLANS[type(mode), id(standard), listing] = {}
    refuses = type(mode).refuse is not Mode.refuse
    seen: set[object] = set()
    result: list[a.SomeAction] = []
    for kind, run in groupby(candidates, type):  # a decision lists its kinds in runs
        plan = plans.get(kind)
        if plan is None:
            plan = plans[kind] = _plan(mode, kind, standard, listing)
        count, get, steps, test, text_free = plan
        if steps is not None and step not in steps:
            continue
        for action in run:
            # the candidate told apart by its kind and fields (equal exactly when the actions
            # are), read and hashed in C rather than by the dataclass's __hash__
            args: Any = get(action)  # the field itself for a kind of one field, else a tuple
            before = len(seen)
            seen.add((kind, args))
            if len(seen) == before:  # met already (one hash of the key, not two)
                continue
            try:
                if test is None:
                    verify(table, action)
                else:
                    if refuses:
                        mode.refuse(table, action)
                    if text_free:
                        if not (test(table, args) if count == 1 else test(table, *args)):
                            continue
                    elif count == 1:
                        test(table, args)
                    else:
                        test(table, *args)
            except IllegalAction:
                continue
            result.append(action)
    return result
