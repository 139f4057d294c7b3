"""The base of every position record: a slotted dataclass that pydantic checks only at the file
boundary (issue 25 item 4, DESIGN principle 5; obsession_nb/base/checked.py).

A record class is written ``@record class Player(Record): ...``.  Inside the engine it is a
plain ``__slots__`` object: reading and setting a field is a native attribute access, and
:meth:`Record.clone` (a function generated per class, obsession_nb/base/cloning.py) copies a
whole position without any validation.  Pydantic validates a record where one comes from
outside — a scenario file, JSON, a caller's ``Options(...)`` — and then lists every problem with
its path; unknown fields are refused (typos in scenario files).

Records keep pydantic's method names (``model_validate``, ``model_dump``, ``model_dump_json``,
``model_copy``, ``model_fields``) so that views and files treat them like the catalog's models.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Literal, Self

from obsession_nb.base.checked import Checked, problem, pydantic_hook, record
from obsession_nb.base.cloning import cloner, constructor

__all__ = ["Component", "ModeRecord", "Record", "problem", "pydantic_hook", "record"]


class Record(Checked):
    """Shared methods of the position's records (:func:`record` makes the class)."""

    __slots__ = ()

    def clone(self) -> Self:
        """An equal copy sharing no mutable part with this record (obsession_nb/base/cloning.py):
        how a line of play is tried on a position without touching it."""
        return cloner(type(self))(self)

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """A record of values the engine already trusts, not validated; fields not given take
        their defaults."""
        return constructor(cls)(**values)

    def model_copy(self, update: dict[str, Any] | None = None, *, deep: bool = False) -> Self:
        """A copy (``deep``: a :meth:`clone`, else sharing the fields' values) with the fields in
        ``update`` replaced, not validated."""
        new = self.clone() if deep else super().model_copy()
        for name, value in (update or {}).items():
            object.__setattr__(new, name, value)
        return new


Component = tuple[Literal["card", "card-named", "vp", "tile-named", "servant"],
                  str | tuple[str, int], str]
"""A component a mode's record names, for the shared checks of a position (``scenario_check``):
what it is, its path (written out, or a list's path and the index in it) and its id.  ``card``,
``vp``: a gentry card or a VP card in a place, counted against its copies; ``card-named``,
``tile-named``: a gentry card or a tile a record names (lent, drawn, discarded) without holding
it; ``servant``: a kind of servant."""


class ModeRecord(Record):
    """The base of a mode's record in a position (``State.solo``, ``State.team`` …): the class is
    the mode's own (``modes/<mode>/records.py``, registered in ``Mode.records``), known only once
    the mode is loaded, so a copy or a key of one is made by its value's own class
    (obsession_nb/base/cloning.py).  The engine reads one only through the methods below."""

    __slots__ = ()
    __late_record__ = True
    set_out_with_market: ClassVar[bool] = False
    """Whether the mode's central setup sets the record out with the market, when the servant
    draft ends (ud.setup.draft): a position still drafting then holds none."""

    @classmethod
    def of(cls, held: ModeRecord | None) -> Self | None:
        """``held``, the ``State`` field that holds this mode's record, as this class (how a
        mode reads its own record: ``Tableau.of(state.tableau)``)."""
        if held is None or isinstance(held, cls):
            return held
        raise TypeError(f"a {type(held).__name__} where a {cls.__name__} is kept")

    def components(self, field: str) -> Iterator[Component]:
        """The cards, tiles and servants the record names (``field``: the ``State`` field
        holding it, the start of each path); the shared checks find each in the catalog and
        count the cards in places against their copies."""
        return iter(())
