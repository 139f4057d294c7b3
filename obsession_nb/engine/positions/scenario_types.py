"""Scenario data typed as a position: pydantic's validation, every problem reported with its
path, each bad value set aside so that the rest can still be checked
(obsession_nb/engine/positions/scenario.py reads the files)."""

from __future__ import annotations

from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from obsession_nb.base.cloning import is_record
from obsession_nb.engine.positions.scenario_check import key_path
from obsession_nb.engine.records.record import problem
from obsession_nb.engine.records.registry import ModeSlot
from obsession_nb.engine.records.state import State

MAX_REPAIRS = 20


def validate(data: dict[str, Any]) -> tuple[State | None, list[str], list[str]]:
    """Validate the field types; report each error with its path, set the bad value aside (its
    field's default, or a placeholder) and validate again, so that the rest of the position can
    still be checked.  Returns the state (``None`` if nothing usable is left), the problems and
    the paths set aside."""
    from pydantic import ValidationError

    problems: list[str] = []
    set_aside: list[str] = []
    for _ in range(MAX_REPAIRS):
        try:
            return State.model_validate(data), problems, set_aside
        except ValidationError as exc:
            changed = False
            for e in exc.errors():
                path = loc_path(e["loc"]).lstrip(".")
                if not inside(path + ":", set_aside):
                    problems.append(f"{path}: {problem(e)}")
                where = _set_aside(data, e["loc"])
                if where is not None:
                    set_aside.append(where)
                    changed = True
            if not changed:
                break
    return None, problems, set_aside


def _set_aside(data: dict[str, Any], loc: tuple[Any, ...]) -> str | None:
    """Replace the value an error points at: drop a field that has a default or an entry of a
    mapping, give a required field or a record in a list a placeholder.  The deepest such
    place on the error's path is chosen (a list of strings loses the whole list, so that the
    indices of the others stay as written).  Returns the path replaced, or ``None``."""
    fixes: list[tuple[int, Any, Any, Any]] = []  # (depth, container, key, replacement)
    container: Any = data
    kind: Any = State
    for depth, part in enumerate(loc):
        record = _record(kind)
        if record is not None and isinstance(container, dict) and isinstance(part, str):
            info = record.model_fields.get(part)
            if info is None:  # a field the record does not have
                fixes.append((depth, container, part, _DROP))
                break
            fixes.append((depth, container, part,
                          _placeholder(info.annotation) if info.is_required() else _DROP))
            slot = next((m for m in info.metadata if isinstance(m, ModeSlot)), None)
            child = info.annotation if slot is None else slot.record()  # a mode's record
        elif get_origin(kind) is list and isinstance(container, list) and isinstance(
                part, int) and part < len(container):
            child = get_args(kind)[0]
            if _record(_optional(child)):
                fixes.append((depth, container, part, _placeholder(child)))
        elif get_origin(kind) is dict and isinstance(container, dict) and part in container:
            child = get_args(kind)[1]
            fixes.append((depth, container, part, _DROP))
        else:
            break
        try:
            container = container[part]
        except (KeyError, IndexError, TypeError):
            break
        kind = _optional(child)
    if not fixes:
        return None
    depth, container, key, replacement = fixes[-1]
    if replacement is _DROP:
        container.pop(key, None)
    else:
        container[key] = replacement
    return loc_path(loc[:depth + 1]).lstrip(".")


_DROP = object()


def _optional(annotation: Any) -> Any:
    """``X`` for ``X | None``."""
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) in (Union, UnionType) and len(args) == 1:
        return args[0]
    return annotation


def _record(annotation: Any) -> Any:
    return annotation if is_record(annotation) else None


def _placeholder(annotation: Any) -> Any:
    """A value of the annotation's type that validates (a record: its required fields)."""
    annotation = _optional(annotation)
    if _record(annotation):
        return {name: _placeholder(f.annotation)
                for name, f in annotation.model_fields.items() if f.is_required()}
    origin = get_origin(annotation)
    if origin is Literal:
        return get_args(annotation)[0]
    return {list: [], dict: {}}.get(origin, {str: "?", int: 0, bool: False}.get(annotation))


def inside(problem: str, paths: list[str]) -> bool:
    """Whether a problem (``path: text``) lies inside one of ``paths``."""
    return any(problem.startswith(p) and problem[len(p):len(p) + 1] in (".", "[", ":")
               for p in paths)


def loc_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else key_path(str(part))
    return out
