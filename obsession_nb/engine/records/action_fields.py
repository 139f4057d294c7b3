"""An action's fields read fast: how dispatch passes them to a kind's verifier and apply, and
how move generation tells candidates apart, without a Python call per field."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from obsession_nb.engine.records.actions import Action, specs

Reader = tuple[int, Callable[[Action], Any]]
"""How many fields an action kind has, and a getter of them: an ``attrgetter`` returning a bare
value for one field, a tuple for more; for none, the empty tuple."""

_READERS: dict[type[Action], Reader] = {}


def reader(kind: type[Action]) -> Reader:
    """The :data:`Reader` of an action kind, made once per kind (a getter written in C, so
    that move generation reads a candidate's fields without a Python call)."""
    found = _READERS.get(kind)
    if found is None:
        names = tuple(spec[0] for spec in specs(kind))
        found = _READERS[kind] = (len(names), attrgetter(*names) if names else _no_fields)
    return found


def _no_fields(action: Action) -> tuple[()]:
    return ()


def arguments(action: Action) -> tuple[Any, ...]:
    """The action's fields in order: the arguments its verifier and apply take."""
    count, get = _READERS.get(type(action)) or reader(type(action))
    return (get(action),) if count == 1 else get(action)
