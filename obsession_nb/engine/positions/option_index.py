"""Which ``Options`` field and value each option of the rule index selects, and ``name=value``
settings as the command line takes them (``obsession-nb simulate --option courtship=closed``).

Every ``kind: option`` entry of ``content/rules.yaml`` names its field (``selects.field``); its
choices select the field's value of the same name, or the value ``selects.values`` gives
(``enabled: true``); the value ``list`` stands for a list of ids the players choose.  The field
``mode`` is selected by a game mode (obsession_nb/engine/mode.py).
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import ValidationError

from obsession_nb.data.rules import Rule, did_you_mean, rule_index
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.record import problem


def option_rules() -> list[Rule]:
    """The rule index's options, in file order."""
    return [r for r in rule_index().values() if r.kind == "option"]


def selections(entry: Rule) -> dict[str, object]:
    """Each choice of an option and the value of its field that selects it."""
    given = dict(entry.values)
    return {name: given.get(name, name) for name, _ in entry.choices}


def field_values(name: str) -> tuple[list[object], bool]:
    """The values an ``Options`` field accepts: its fixed values, and whether it also takes a
    list (of tile or card ids)."""
    if name not in Options.model_fields:
        raise KeyError(name)
    fixed: list[object] = []
    takes_list = False
    todo = [Options.model_fields[name].annotation]
    while todo:
        kind = todo.pop(0)
        origin = get_origin(kind)
        if origin is Literal:
            fixed += get_args(kind)
        elif origin in (Union, types.UnionType):
            todo += get_args(kind)
        elif origin is list:
            takes_list = True
        elif kind is bool:
            fixed += [True, False]
        elif kind is type(None):
            fixed.append(None)
    return fixed, takes_list


def selector(name: str, value: object) -> Rule | None:
    """The option entry whose choice selects ``name = value`` (lists: the entry naming the
    field), or ``None``."""
    for entry in option_rules():
        if entry.field == name and (isinstance(value, list) or value in
                                    selections(entry).values()):
            return entry
    return None


def _show(value: object) -> str:
    words: dict[object, str] = {True: "true", False: "false", None: "none"}
    return words.get(value, str(value))


def parse_setting(text: str) -> tuple[str, object]:
    """``name=value`` to an ``Options`` field and value; a ``ValueError`` names the fields or
    the values accepted."""
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise ValueError(f"'{text}': give an option as name=value, e.g. courtship=closed")
    if name not in Options.model_fields:
        raise ValueError(f"'{name}' is not an option; the options are: "
                         + ", ".join(Options.model_fields) + did_you_mean(name, Options.model_fields))
    fixed, takes_list = field_values(name)
    for value in fixed:
        if raw == _show(value):
            return name, value
    if takes_list:
        return name, [part.strip() for part in raw.split(",") if part.strip()]
    shown = [_show(v) for v in fixed]
    raise ValueError(f"'{raw}' is not a choice for {name}; the choices are: "
                     + ", ".join(shown) + did_you_mean(raw, shown))


def options_with(settings: Iterable[str], base: Options | None = None) -> Options:
    """``base`` (the default options) with each ``name=value`` setting applied and the whole
    checked again; a ``ValueError`` explains a setting refused."""
    values: dict[str, Any] = (base or Options()).model_dump()
    for text in settings:
        name, value = parse_setting(text)
        values[name] = value
    try:
        return Options.model_validate(values)
    except ValidationError as error:
        raise ValueError("; ".join(problem(e) for e in error.errors())) from None
