"""Fast copies and keys of the position's records: functions generated per record class.

A position is copied whenever a line of play is tried on it (the explorer, the solo planners,
the quiz); copying through JSON parses and validates every field again, which a record that the
engine wrote does not need.  :func:`cloner` writes, for a record class (a slotted checked
record, obsession_nb/engine/records/record.py), a function that builds the copy directly: immutable
values (numbers, text, ``None``, literals, tuples of them, frozen records of them) are shared,
lists and dicts are copied, nested records are copied by their own function.  The copy equals
the original and shares no mutable part with it.

:func:`constructor` writes a record class's trusted constructor: the fields given by keyword,
the others their defaults, nothing validated (``Record.model_construct``).

:func:`keyer` writes the matching key function: the record's values as nested tuples (lists and
dicts become tuples, records the tuples of their fields), hashable, equal exactly when the
records are, for sets and dicts of positions met (the explorer's merging of lines).

A field typed as a *late* record base (a class that declares ``__late_record__``: a record whose
class is known only at run time, such as a game mode's) is copied and keyed by its value's own
class's function.

A field whose type this module cannot handle safely (a set, a plain ``object`` …) is refused when
the class's function is first written, naming the field: a new kind of field must be taught here
rather than copied wrongly.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, get_args, get_origin

from obsession_nb.base.checked import field_types, is_checked

M = TypeVar("M")

IMMUTABLE = (int, str, bool, float, type(None))
LATE = "__late_record__"
_CLONERS: dict[type, Callable[[Any], Any]] = {}
_KEYERS: dict[tuple[type, frozenset[str]], Callable[[Any], tuple[Any, ...]]] = {}
_CONSTRUCTORS: dict[type, Callable[..., Any]] = {}
_UNSET = object()


def cloner(cls: type[M]) -> Callable[[M], M]:
    """The copy function of a record class (written on first use, then reused)."""
    found = _CLONERS.get(cls)
    if found is not None:
        return found
    if _immutable(cls):
        found = _itself  # a value: its copy may be the record itself
    elif _frozen(cls):
        raise TypeError(f"{cls.__name__}: a frozen record with mutable fields is not "
                        "handled by obsession_nb.base.cloning")
    else:
        fields, namespace = _fields(cls, "clone")
        sets = "".join(f"    new.{name} = {value}\n" for name, value in fields)
        found = _define(cls, "clone", namespace, f"    new = _new(_cls)\n{sets}    return new\n",
                        f"A copy of a {cls.__name__} sharing no mutable part with it.")
    _CLONERS[cls] = found
    return found


def keyer(cls: type[M], exclude: frozenset[str] = frozenset()
          ) -> Callable[[M], tuple[Any, ...]]:
    """The key function of a record class: its fields' values (but ``exclude``) as nested
    tuples, in the order of the fields."""
    found = _KEYERS.get((cls, exclude))
    if found is None:
        fields, namespace = _fields(cls, "key")
        values = [value for name, value in fields if name not in exclude]
        found = _KEYERS[cls, exclude] = _define(
            cls, "key", namespace, f"    return ({''.join(f'{v}, ' for v in values)})\n",
            f"The values of a {cls.__name__} as nested tuples.")
    return found


def constructor(cls: type[M]) -> Callable[..., M]:
    """The trusted constructor of a record class (written on first use, then reused): its
    fields by keyword, each one not given set to its default (a new value of its default
    factory), nothing validated; a frozen record's fields are set as the dataclass sets them."""
    found = _CONSTRUCTORS.get(cls)
    if found is not None:
        return found
    if not is_record(cls):
        raise TypeError(f"{cls.__name__}: only slotted checked records are handled by "
                        "obsession_nb.base.cloning")
    namespace: dict[str, Any] = {"_unset": _UNSET, "_set": object.__setattr__}
    sets = []
    for i, field in enumerate(dataclasses.fields(cls)):  # type: ignore[arg-type]  # a record: is_record above
        name = field.name
        if field.default_factory is not dataclasses.MISSING:
            namespace[f"_f{i}"] = field.default_factory
            default = f"_f{i}()"
        else:
            namespace[f"_d{i}"] = field.default
            default = f"_d{i}"
        value = f"{default} if {name} is _unset else {name}"
        sets.append(f"    _set(new, {name!r}, {value})\n" if _frozen(cls)
                    else f"    new.{name} = {value}\n")
    params = ", ".join(f"{f.name}=_unset" for f in dataclasses.fields(cls))  # type: ignore[arg-type]  # as above
    found = _CONSTRUCTORS[cls] = _define(
        cls, "construct", namespace, f"    new = _new(_cls)\n{''.join(sets)}    return new\n",
        f"A {cls.__name__} of trusted values, not validated.", f"*, {params}")
    return found


def _define(cls: type, kind: str, namespace: dict[str, Any], body: str,
            doc: str, params: str = "src") -> Callable[..., Any]:
    """Compile ``kind``'s function for ``cls`` from its body (``src`` is the record)."""
    namespace.update({"_new": object.__new__, "_cls": cls})
    source = f"def {kind}({params}):\n{body}"
    exec(compile(source, f"<{kind} {cls.__qualname__}>", "exec"), namespace)
    function: Callable[[Any], Any] = namespace[kind]
    function.__doc__ = doc
    return function


def _fields(cls: type, kind: str) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """Each field's name and the source of its copy (``kind`` ``clone``) or key (``key``), and
    the names that source uses."""
    if not is_record(cls):
        raise TypeError(f"{cls.__name__}: only slotted checked records are handled by "
                        "obsession_nb.base.cloning")
    namespace: dict[str, Any] = {}
    found = []
    for name, info in _annotations(cls).items():
        try:
            found.append((name, _source(kind, info, f"src.{name}", namespace, 0)))
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{name}: {exc}") from None
    return found, namespace


def _source(kind: str, annotation: Any, value: str, namespace: dict[str, Any],
            depth: int) -> str:
    """Python source that copies (``kind`` ``clone``) or keys (``key``) ``value``, an
    expression of the annotated type."""
    if _late(annotation):  # the value's own class decides, at run time
        namespace[f"_late_{kind}"] = _late_clone if kind == "clone" else _late_key
        return f"_late_{kind}({value})"
    record = is_record(annotation)
    if _immutable(annotation) and not (kind == "key" and record):
        return value
    origin, args = get_origin(annotation), get_args(annotation)
    if record and kind == "key" and all(
            _immutable(a) for a in _annotations(annotation).values()):
        # a record of plain values: its tuple written in place (no call per record)
        return f"({''.join(f'{value}.{name}, ' for name in _annotations(annotation))})"
    if record:
        name = f"_{kind}_{annotation.__name__}"
        namespace[name] = cloner(annotation) if kind == "clone" else keyer(annotation)
        return f"{name}({value})"
    item = f"x{depth}"
    if origin is list:
        inner = _source(kind, args[0], item, namespace, depth + 1)
        if kind == "key":
            return f"tuple({value})" if inner == item else f"tuple([{inner} for {item} in {value}])"
        return f"{value}[:]" if inner == item else f"[{inner} for {item} in {value}]"
    if origin is dict and _immutable(args[0]):
        inner = _source(kind, args[1], item, namespace, depth + 1)
        if kind == "key":
            if inner == item:
                return f"tuple({value}.items())"
            return f"tuple([(k{depth}, {inner}) for k{depth}, {item} in {value}.items()])"
        if inner == item:
            return f"{value}.copy()"
        return f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}"
    if origin in (types.UnionType, typing.Union):
        mutable = [arg for arg in args if not _immutable(arg)]
        if len(mutable) == 1:  # e.g. ``Turn | None``, ``Literal["random"] | list[str]``
            shared = f"_shared{len(namespace)}"
            namespace[shared] = frozenset().union(
                *(_classes(arg) for arg in args if arg is not mutable[0]))
            converted = _source(kind, mutable[0], value, namespace, depth)
            return f"({value} if {value}.__class__ in {shared} else {converted})"
    raise TypeError(f"cannot copy a value of type {annotation!r}")


def _immutable(annotation: Any) -> bool:
    """Values of this type can be shared between a record and its copy."""
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation in IMMUTABLE:
        return True
    if origin is Literal:
        return all(isinstance(arg, IMMUTABLE) for arg in args)
    if is_record(annotation):
        return _frozen(annotation) and all(
            _immutable(a) for a in _annotations(annotation).values())
    if origin is tuple or origin in (types.UnionType, typing.Union):
        return all(arg is Ellipsis or _immutable(arg) for arg in args)
    return False


def _classes(annotation: Any) -> set[type]:
    """The runtime classes of the values of an immutable type."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return {type(arg) for arg in args}
    if origin is tuple:
        return {tuple}
    if origin in (types.UnionType, typing.Union):
        return set().union(*(_classes(arg) for arg in args))
    if origin is None and not isinstance(annotation, type):
        raise TypeError(f"cannot tell the classes of {annotation!r}")
    return {annotation}


def _late(annotation: Any) -> bool:
    """A late record base: its values' classes are known only at run time."""
    return isinstance(annotation, type) and LATE in annotation.__dict__


def _late_clone(src: Any) -> Any:
    return cloner(type(src))(src)


def _late_key(src: Any) -> tuple[Any, ...]:
    return keyer(type(src))(src)


def _itself(src: Any) -> Any:
    """The copy of a value record (frozen, of immutable fields): the record itself."""
    return src


def is_record(annotation: Any) -> bool:
    """A record class: a slotted checked record (obsession_nb/base/checked.py)."""
    return is_checked(annotation) and "__slots__" in annotation.__dict__


def _annotations(cls: type) -> dict[str, Any]:
    """Each field of a record class and its type."""
    return field_types(cls)


def _frozen(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)
