"""Checked records: plain dataclasses that pydantic validates only where data comes from outside
(a file, JSON, a caller's values), its validators built on first use (issue 48: a command that
validates nothing imports no pydantic).

A record class is a keyword-only dataclass made by :func:`record` from a subclass of
:class:`Checked`.  A record a caller builds (``Options(length="short")``) and plain data given
to :meth:`Checked.model_validate` (and ``_json``) are checked by pydantic, every problem listed
with its path, unknown fields refused; records the engine trusts are made unchecked (a trusted
constructor, copies, the content cache), so a command that reads only those never loads
pydantic.  A record's own checks are its methods
marked :func:`pydantic_hook` (``field_validator``, ``model_validator``, ``field_serializer``):
they become pydantic's decorators when the first validator is built.  The records keep
pydantic's method names (``model_validate``, ``model_dump``, ``model_fields`` …) so that views
and files treat every record alike.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar, cast, dataclass_transform

R = TypeVar("R", bound=type)
F = TypeVar("F")
V = TypeVar("V")

MARK = "__checked_record__"
"""Set on every class :func:`record` made."""
HOOK = "__pydantic_hook__"
CONFIG = {"extra": "forbid"}
"""pydantic's ``ConfigDict`` (a plain dict): unknown fields are refused."""

_CHECKING: ContextVar[bool] = ContextVar("checking", default=False)
"""Set while pydantic checks a record: the records it makes are not checked again."""
_ADAPTERS: dict[type, Any] = {}
_FIELDS: dict[type, dict[str, Any]] = {}
_UNARMED: list[type] = []


@dataclass_transform(kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: R | None = None, *, frozen: bool = False, slots: bool = True) -> Any:
    """Make ``cls`` a record: a keyword-only dataclass (``slots``: slotted; ``frozen``: a value
    that copies share)."""

    def make(cls: R) -> R:
        made: Any = dataclasses.dataclass(cls, slots=slots, kw_only=True, frozen=frozen,
                                          eq=False, repr=False)
        fields = dataclasses.fields(made)
        made._compared = _getter(tuple(f.name for f in fields if f.compare))
        made._shown = tuple(f.name for f in fields if f.repr)
        if frozen:
            made.__hash__ = Checked._hash
        made.__pydantic_config__ = CONFIG
        setattr(made, MARK, True)
        if any(_hook(value) for value in vars(made).values()):
            _UNARMED.append(made)
            if _ADAPTERS:  # pydantic is in use already: a class made now is armed now
                _arm()
        return cast(R, made)

    return make if cls is None else make(cls)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of these fields of a record, as a tuple: one call written in C (``attrgetter``
    of two names or more; of one name it gives the bare value)."""
    if len(names) > 1:
        return attrgetter(*names)
    return lambda made: tuple([getattr(made, name) for name in names])


def pydantic_hook(decorator: str, *args: Any, **kwargs: Any) -> Callable[[F], F]:
    """Mark a method as pydantic's ``decorator`` (``"field_validator"``, ``"model_validator"``,
    ``"field_serializer"``) with these arguments, applied when pydantic is first needed."""

    def mark(method: F) -> F:
        target = method.__func__ if isinstance(method, classmethod) else method
        setattr(target, HOOK, (decorator, args, kwargs))
        return method

    return mark


def _hook(value: Any) -> tuple[str, tuple[Any, ...], dict[str, Any]] | None:
    target = value.__func__ if isinstance(value, classmethod) else value
    return getattr(target, HOOK, None)


def _arm() -> None:
    """Turn every marked method of the records made so far into pydantic's decorator."""
    import pydantic

    while _UNARMED:
        cls = _UNARMED.pop()
        for name, value in list(vars(cls).items()):
            hook = _hook(value)
            if hook is not None:
                decorator, args, kwargs = hook
                setattr(cls, name, getattr(pydantic, decorator)(*args, **kwargs)(value))


def adapter(cls: type) -> Any:
    """pydantic's ``TypeAdapter`` of a record class, built on first use."""
    found = _ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter

        _arm()
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def validated(validate: Callable[[Any], V], data: Any) -> V:
    """``validate(data)`` (a pydantic validator's method): the records it makes inside are taken
    as checked, not checked again one by one as a caller's are (:meth:`Checked.__post_init__`)."""
    token = _CHECKING.set(True)
    try:
        return validate(data)
    finally:
        _CHECKING.reset(token)


def validator_files() -> list[Path]:
    """The files that say how records are made and validated: this module and the version
    module of pydantic (found without importing it), for the key of records kept checked
    (obsession_nb/data/content_cache.py)."""
    from importlib.util import find_spec

    spec = find_spec("pydantic")
    version = [Path(spec.origin).with_name("version.py")] if spec and spec.origin else []
    return [Path(__file__), *version]


def is_checked(annotation: Any) -> bool:
    """A class :func:`record` made."""
    return isinstance(annotation, type) and MARK in annotation.__dict__


def field_types(cls: type) -> dict[str, Any]:
    """Each field of a record class and its type (``Annotated`` marks left out)."""
    import typing

    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


class Limits:
    """A mark on a field's type (``Annotated[str, Limits(min_length=1)]``): the constraints
    pydantic checks when it validates the field (``min_length``, ``ge``, ``le`` …)."""

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema.update(self.constraints)
        return schema

    def __repr__(self) -> str:
        return f"Limits({', '.join(f'{k}={v!r}' for k, v in self.constraints.items())})"


class _ModelFields:
    """``Record.model_fields``: each field's pydantic ``FieldInfo`` (annotation, default,
    whether it is required, its marks), worked out on first use per class."""

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        found = _FIELDS.get(owner)
        if found is None:
            import typing

            from pydantic.fields import FieldInfo

            hints = typing.get_type_hints(owner, include_extras=True)
            found = _FIELDS[owner] = {
                f.name: FieldInfo.from_annotated_attribute(hints[f.name], f)
                if f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING
                else FieldInfo.from_annotation(hints[f.name])
                for f in dataclasses.fields(owner)}
        return found


class Checked:
    """Shared methods of the checked records (:func:`record` makes the class)."""

    __slots__ = ()
    model_fields: ClassVar[Any] = _ModelFields()
    """Each field's pydantic description (annotation, default, whether it is required)."""
    _compared: ClassVar[Callable[[Any], tuple[Any, ...]]]
    _shown: ClassVar[tuple[str, ...]]
    """The fields a record is compared by and those its ``repr`` shows (:func:`record`): the
    dataclass's equality, hash (a frozen record's) and ``repr`` are written once here rather
    than generated for each class, as source text compiled when the class is made (issue 48:
    a command that reads a position imports some 30 record classes)."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = type(self)._compared  # a getter, not a method (the one-field one is a lambda)
        return compared(self) == compared(other)

    def _hash(self) -> int:
        """A frozen record's hash (:func:`record` makes it its ``__hash__``); any other record
        is mutable and has none."""
        return hash(type(self)._compared(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __post_init__(self) -> None:
        """A record a caller builds is checked as one read from a file (pydantic, every problem
        at once); the engine's own trusted records are made without this (``model_construct``,
        copies, the cache)."""
        if _CHECKING.get():  # made by pydantic itself, checking
            return
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]  # a record
        checked = validated(adapter(type(self)).validate_python, values)
        for name in values:  # as pydantic made them (a validator may set a default)
            object.__setattr__(self, name, getattr(checked, name))

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """The record ``data`` (plain values, as read from a file) describes, every problem
        raised at once with its path (``pydantic.ValidationError``)."""
        made: Self = validated(adapter(cls).validate_python, data)
        return made

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """The record a JSON text describes (:meth:`model_validate`)."""
        made: Self = validated(adapter(cls).validate_json, text)
        return made

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """The record as plain values (pydantic's ``mode``, ``exclude_defaults`` ... apply)."""
        values: dict[str, Any] = adapter(type(self)).dump_python(self, **options)
        return values

    def model_dump_json(self, **options: Any) -> str:
        """The record as JSON text."""
        text: bytes = adapter(type(self)).dump_json(self, **options)
        return text.decode()

    def model_copy(self, update: dict[str, Any] | None = None, *, deep: bool = False) -> Self:
        """A copy (``deep``: a deep copy, else sharing the fields' values) with the fields in
        ``update`` replaced, not validated."""
        new = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            object.__setattr__(new, name, value)
        return new


PLAIN = {
    "dataclass_type": "Input should be a valid dictionary",
    "unexpected_keyword_argument": "Extra inputs are not permitted",
}
"""A file's problems worded as for any mapping, not naming the Python class (pydantic words
these two for dataclasses); the same words for the catalog's records and the position's."""


def problem(error: Mapping[str, Any]) -> str:
    """The text of one validation error (an item of ``ValidationError.errors()``)."""
    message: str = error["msg"]
    return PLAIN.get(error["type"], message)
