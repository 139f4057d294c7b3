"""The registry of game modes: which modes a game may be played in, loaded by name, and what
each adds to the words of the game — its own action kinds and its records in a position.

The records and the notation read the modes' words through here (``ModeSlot``,
:func:`mode_kinds`), below everything a mode's rules use; a mode is loaded by its
``module:class`` name (or an entry point), so the core never imports one.  What the registry
reads of a mode is :class:`Registered`; the whole interface a mode implements is
``obsession_nb.engine.mode.Mode``, and ``mode.mode_named`` is the registry's answer typed as
one.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.record import ModeRecord

BUILTIN = {"solo-estate-challenge": "obsession_nb.modes.solo.mode:SoloEstateChallenge",
           "tableau": "obsession_nb.modes.tableau.mode:TableauObsession",
           "tableau-duel": "obsession_nb.modes.tableau.mode:TableauDuel",
           "classic-solo": "obsession_nb.modes.classic.mode:ClassicSolitaire",
           "team": "obsession_nb.modes.team.mode:CompetitiveTeamPlay"}
"""The package's own modes, by ``options.mode`` name (``module:class``)."""

RECORDS = {"solo": "obsession_nb.modes.solo.records:Solo",
           "classic_solo": "obsession_nb.modes.classic.records:ClassicSolo",
           "tableau": "obsession_nb.modes.tableau.records:Tableau",
           "team": "obsession_nb.modes.team.records:TeamPlay"}
"""The record class each mode field of ``State`` holds (``module:class``, the class the mode
registers in ``Mode.records``), loaded when a position is first read from a file or JSON: the
mode's records module alone, not the mode with its rules and players, which a game in another
mode never needs (``play --json`` imports no mode)."""

ENTRY_POINTS = "obsession_nb.modes"


class Registered(Protocol):
    """What the registry reads of a mode (``obsession_nb.engine.mode.Mode``): its name, title
    and rule, its own action kinds and its records."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def handlers(self) -> Mapping[type[Action], object]: ...
    @property
    def records(self) -> Mapping[str, type[ModeRecord]]: ...


def registered() -> list[str]:
    """The name of every mode beyond the standard game: the package's own, then any installed."""
    from importlib.metadata import entry_points  # here: a game of the standard modes never asks

    return [*BUILTIN, *sorted({ep.name for ep in entry_points(group=ENTRY_POINTS)} - set(BUILTIN))]


@cache
def plugin(name: str) -> Registered:
    """The mode registered as ``name`` (one instance per name), loaded from its module or entry
    point; ``KeyError`` for a name no mode is registered under."""
    target = BUILTIN.get(name)
    if target is None:
        from importlib.metadata import entry_points

        found = [ep for ep in entry_points(group=ENTRY_POINTS) if ep.name == name]
        if not found:
            raise KeyError(f"no game mode '{name}' is registered")
        mode: Registered = found[0].load()()
        return mode
    loaded: Registered = _load(target)()
    return loaded


def _load(target: str) -> Any:
    """The object a ``module:name`` string names, its module imported."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


@cache
def mode_kinds() -> dict[str, type[Action]]:
    """Every mode's own action kinds by verb (``Mode.handlers``): the notation reads them in any
    game, and dispatch refuses one in a mode that did not register it."""
    return {kind.verb: kind for name in registered() for kind in plugin(name).handlers}


@cache
def mode_records() -> dict[str, type[ModeRecord]]:
    """Every mode's record class by the ``State`` field that holds it (:data:`RECORDS`)."""
    return {field: _load(target) for field, target in RECORDS.items()}


def owners(kind: type[Action]) -> list[Registered]:
    """The modes that registered ``kind`` (none for a kind of the standard game)."""
    return [mode for mode in map(plugin, registered()) if kind in mode.handlers]


class ModeSlot:
    """The mark of a position's field that holds a mode's record (``State.solo`` …): pydantic
    reads it as the record class a mode registered under the field's name, found when a position
    first comes from outside (a file, JSON), so that the core never imports a mode."""

    def __init__(self, field: str) -> None:
        self.field = field

    def record(self) -> type[ModeRecord]:
        """The mode's record class for this field."""
        return mode_records()[self.field]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return handler.generate_schema(self.record() | None)

    def __repr__(self) -> str:
        return f"ModeSlot({self.field!r})"
