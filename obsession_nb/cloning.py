"""Fast copies of the position's records: one generated copy function per record class.

A position is copied whenever a line of play is tried on it (the explorer, the solo planners,
undo).  Copying through JSON parses and validates every field again; a record that the engine
wrote needs none of that.  :func:`cloner` writes, for a pydantic record class, a function that
builds the copy directly: immutable values (numbers, text, ``None``, literals, tuples of them,
frozen records of them) are shared, lists and dicts are copied, nested records are copied by their own function.  The
copy equals the original and shares no mutable part with it.

A field whose type this module cannot copy safely (a set, a plain ``object`` …) is refused when
the class's copy function is first written, naming the field: a new kind of field must be taught
here rather than copied wrongly.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

IMMUTABLE = (int, str, bool, float, type(None))
_CLONERS: dict[type[BaseModel], Callable[[Any], Any]] = {}


def cloner(cls: type[M]) -> Callable[[M], M]:
    """The copy function of a record class (written on first use, then reused)."""
    found = _CLONERS.get(cls)
    if found is None:
        found = _CLONERS[cls] = _write(cls)
    return found


def _write(cls: type[BaseModel]) -> Callable[[Any], Any]:
    if cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        raise TypeError(f"{cls.__name__}: records with private or extra attributes are not "
                        "copied by obsession_nb.cloning")
    namespace: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__,
                                 "_cls": cls}
    items = []
    for name, info in cls.model_fields.items():
        try:
            expression = _copy(info.annotation, f"d[{name!r}]", namespace, 0)
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{name}: {exc}") from None
        items.append(f"{name!r}: {expression}")
    source = (
        "def clone(src):\n"
        "    d = src.__dict__\n"
        "    new = _new(_cls)\n"
        f"    _set(new, '__dict__', {{{', '.join(items)}}})\n"
        "    _set(new, '__pydantic_fields_set__', src.__pydantic_fields_set__.copy())\n"
        "    _set(new, '__pydantic_extra__', None)\n"
        "    _set(new, '__pydantic_private__', None)\n"
        "    return new\n"
    )
    exec(compile(source, f"<clone {cls.__qualname__}>", "exec"), namespace)
    function: Callable[[Any], Any] = namespace["clone"]
    function.__doc__ = f"A copy of a {cls.__name__} sharing no mutable part with it."
    return function


def _copy(annotation: Any, value: str, namespace: dict[str, Any], depth: int) -> str:
    """Python source that copies ``value`` (an expression) of the annotated type."""
    if _immutable(annotation):
        return value
    origin, args = get_origin(annotation), get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        key = f"_clone_{annotation.__name__}"
        namespace[key] = cloner(annotation)
        return f"{key}({value})"
    item = f"x{depth}"
    if origin is list:
        inner = _copy(args[0], item, namespace, depth + 1)
        return f"{value}[:]" if inner == item else f"[{inner} for {item} in {value}]"
    if origin is dict and _immutable(args[0]):
        inner = _copy(args[1], item, namespace, depth + 1)
        if inner == item:
            return f"{value}.copy()"
        return f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}"
    if origin in (types.UnionType, typing.Union):
        mutable = [arg for arg in args if not _immutable(arg)]
        if len(mutable) == 1:  # e.g. ``Turn | None``, ``Literal["random"] | list[str]``
            key = f"_shared{len(namespace)}"
            namespace[key] = frozenset().union(
                *(_classes(arg) for arg in args if arg is not mutable[0]))
            copied = _copy(mutable[0], value, namespace, depth)
            return f"({value} if {value}.__class__ in {key} else {copied})"
    raise TypeError(f"cannot copy a value of type {annotation!r}")


def _immutable(annotation: Any) -> bool:
    """Values of this type can be shared between a record and its copy."""
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation in IMMUTABLE:
        return True
    if origin is Literal:
        return all(isinstance(arg, IMMUTABLE) for arg in args)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen")) and all(
            _immutable(f.annotation) for f in annotation.model_fields.values())
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
    if origin is None and not isinstance(annotation, type):
        raise TypeError(f"cannot tell the classes of {annotation!r}")
    if origin in (types.UnionType, typing.Union):
        return set().union(*(_classes(arg) for arg in args))
    return {annotation}
