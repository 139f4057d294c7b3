"""The action notation: ``parse(text)`` reads one action as a player types it, the inverse of
``Action.notation`` (``parse(a.notation) == a``; DESIGN principle 3).  Players are written
``p1``…``p6`` (seat numbers counted clockwise from seat 1)."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from types import ModuleType

from obsession_nb.data.rules import BadNotation, unknown
from obsession_nb.engine.records import actions, variant_actions
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.registry import mode_kinds

_TOKEN = re.compile(r"^[a-z0-9][a-z0-9_'.:\-]*$")


def kinds_of(module: ModuleType) -> dict[str, type[Action]]:
    """The action kinds a module defines (its classes with a ``verb`` of their own), by verb,
    in the order it defines them."""
    return {kind.verb: kind for kind in vars(module).values()
            if isinstance(kind, type) and issubclass(kind, Action) and "verb" in vars(kind)
            and kind.__module__ == module.__name__}


ACTION_TYPES: dict[str, type[Action]] = {**kinds_of(actions), **kinds_of(variant_actions)}
"""The standard game's and the rules variants' action kinds by verb, read from the records that
define them (``actions.py``, ``variant_actions.py``: a new kind there is read with no list to
add it to); the modes' own are read through their registrations (:func:`action_types`)."""


def action_types() -> dict[str, type[Action]]:
    """Every action kind by verb: the standard game's and variants', then each mode's own
    (``Mode.handlers``, loaded by name: the core never imports a mode)."""
    return {**ACTION_TYPES, **mode_kinds()}


def parse(text: str) -> Action:
    """Parse the notation of one action; raise :class:`BadNotation` with the reason."""
    tokens = text.strip().lower().split()
    if not tokens:
        raise BadNotation("empty")
    verb, args = tokens[0], tokens[1:]
    cls = ACTION_TYPES.get(verb) or mode_kinds().get(verb)
    if cls is None:
        raise unknown("action", verb, action_types())
    values: dict[str, object] = {}
    specs = list(fields(cls))
    required = [f for f in specs if f.type != "bool"]
    optional = [f for f in required if f.default is not MISSING]
    flags = {f.name for f in specs if f.type == "bool"}
    positional = [a for a in args if a not in flags]
    if not len(required) - len(optional) <= len(positional) <= len(required):
        shape = " ".join([verb, *(f"<{f.name}>" if f.default is MISSING else f"[{f.name}]"
                                  for f in required), *(f"[{n}]" for n in flags)])
        raise BadNotation("shape", text=text.strip(), shape=shape)
    for f, token in zip(required, positional):
        if not _TOKEN.match(token):
            raise BadNotation("token", token=token, field=f.name)
        if f.type == "Seat":
            if not re.fullmatch(r"p[1-9]", token):
                raise BadNotation("seat_token", token=token)
            values[f.name] = int(token[1:]) - 1
        else:
            values[f.name] = token
    for name in flags:
        values[name] = name in args
    return cls(**values)
