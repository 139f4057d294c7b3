"""The base of every position record: a slotted dataclass that pydantic checks only at the file
boundary (issue 25 item 4, DESIGN principle 5).

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

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Self, TypeVar, dataclass_transform

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic.fields import FieldInfo

from obsession_nb.base.cloning import cloner, constructor

CONFIG = ConfigDict(extra="forbid", validate_assignment=False, defer_build=True)

R = TypeVar("R", bound=type)


@dataclass_transform(kw_only_default=True, field_specifiers=(dataclasses.field, FieldInfo))
def record(cls: R | None = None, *, frozen: bool = False) -> Any:
    """Make ``cls`` a record: a keyword-only slotted dataclass that pydantic validates when it
    is built from outside (``frozen``: a value that copies of a position share)."""

    def make(cls: R) -> R:
        made = pydantic_dataclass(cls, slots=True, kw_only=True, frozen=frozen, config=CONFIG)
        made.model_fields = made.__pydantic_fields__
        return made  # type: ignore[no-any-return]

    return make if cls is None else make(cls)


class Record:
    """Shared methods of the records (:func:`record` makes the class)."""

    __slots__ = ()
    model_fields: ClassVar[dict[str, FieldInfo]]
    """Each field's pydantic description (annotation, default, whether it is required)."""
    __pydantic_validator__: ClassVar[Any]
    __pydantic_serializer__: ClassVar[Any]

    def clone(self) -> Self:
        """An equal copy sharing no mutable part with this record (obsession_nb/base/cloning.py):
        how a line of play is tried on a position without touching it."""
        return cloner(type(self))(self)

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """The record ``data`` (plain values, as read from a file) describes, every problem
        raised at once with its path (``pydantic.ValidationError``)."""
        return cls.__pydantic_validator__.validate_python(data)  # type: ignore[no-any-return]

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """The record a JSON text describes (:meth:`model_validate`)."""
        return cls.__pydantic_validator__.validate_json(text)  # type: ignore[no-any-return]

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """A record of values the engine already trusts, not validated; fields not given take
        their defaults."""
        return constructor(cls)(**values)  # type: ignore[no-any-return]

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """The record as plain values (pydantic's ``mode``, ``exclude_defaults`` ... apply)."""
        return self.__pydantic_serializer__.to_python(self, **options)  # type: ignore[no-any-return]

    def model_dump_json(self, **options: Any) -> str:
        """The record as JSON text."""
        return self.__pydantic_serializer__.to_json(self, **options).decode()  # type: ignore[no-any-return]

    def model_copy(self, update: dict[str, Any] | None = None, *, deep: bool = False) -> Self:
        """A copy (``deep``: a :meth:`clone`, else sharing the fields' values) with the fields in
        ``update`` replaced, not validated."""
        new = self.clone() if deep else copy.copy(self)
        for name, value in (update or {}).items():
            object.__setattr__(new, name, value)
        return new


class ModeRecord(Record):
    """The base of a mode's record in a position (``State.solo``, ``State.team`` …): the class is
    the mode's own (``modes/<mode>/records.py``, registered in ``Mode.records``), known only once
    the mode is loaded, so a copy or a key of one is made by its value's own class
    (obsession_nb/base/cloning.py)."""

    __slots__ = ()
    __late_record__ = True


PLAIN = {
    "dataclass_type": "Input should be a valid dictionary",
    "unexpected_keyword_argument": "Extra inputs are not permitted",
}
"""A file's problems worded as for any mapping, not naming the Python class (pydantic words
these two for dataclasses)."""


def problem(error: Mapping[str, Any]) -> str:
    """The text of one validation error (an item of ``ValidationError.errors()``)."""
    return PLAIN.get(error["type"], error["msg"])
