"""Answers about long-lived objects remembered by identity (no game knowledge)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def by_identity(fn: Callable[[T], R]) -> Callable[[T], R]:
    """``fn(obj)`` worked out once per object, remembered by its identity: for objects that
    never change and live as long as the program (a catalog's frozen cards and their
    favours), where hashing or comparing them, as ``functools.cache`` does, would cost more
    than the answer.  The object is kept with its answer, so its id is never reused."""
    known: dict[int, tuple[T, R]] = {}

    @wraps(fn)
    def remembered(obj: T) -> R:
        entry = known.get(id(obj))
        if entry is None or entry[0] is not obj:
            entry = known[id(obj)] = (obj, fn(obj))
        return entry[1]

    return remembered
