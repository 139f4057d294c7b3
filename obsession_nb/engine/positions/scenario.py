"""Scenario files: a whole position in YAML plus an optional list of actions to play from it.

``dump`` writes exactly what ``load`` reads, so ``load(dump(s)) == s``.  A hand-written file is
checked as a whole and every problem is reported with its path
(``players[1].servants.available[2]: unknown servant 'cooke'``).  YAML is loaded safely.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from obsession_nb.base.checked import problem, validator_files
from obsession_nb.base.plaindata import place, too_big, unshared
from obsession_nb.base.resources import content_dir
from obsession_nb.data import content_cache
from obsession_nb.data.catalog import Catalog, load_catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.engine.positions.scenario_check import check
from obsession_nb.engine.positions.scenario_types import inside, loc_path, validate
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.reputation import Wheel
from obsession_nb.engine.records.state import State
from obsession_nb.engine.table import WHEEL_LEVELS

if TYPE_CHECKING:
    import yaml

FORMAT = "obsession-nb/scenario@1"
MAX_BYTES = 2_000_000
"""Scenario files larger than this (2 MB) are refused before they are parsed."""
TOO_LARGE = f"the file is larger than {MAX_BYTES // 1_000_000} MB, the limit for scenario files"


class ScenarioError(ValueError):
    """A scenario file with problems; ``problems`` lists each with its path."""

    def __init__(self, problems: list[str], source: str = "scenario") -> None:
        self.problems = problems
        super().__init__(f"{source}: {len(problems)} problem(s)\n" + "\n".join(
            f"  - {p}" for p in problems))


@dataclass
class Scenario:
    """A position, the scenario's own gentry cards, and the actions recorded after it."""

    state: State
    custom_cards: list[GentryCard] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


def scenario_path(path_or_name: str | Path) -> Path:
    """A file path, or the name of a packaged scenario (``refresher-round-6``)."""
    path = Path(path_or_name)
    if path.suffix in (".yaml", ".yml") or exists(path):
        return path
    return content_dir() / "scenarios" / f"{path_or_name}.yaml"


def exists(path: Path) -> bool:
    """Whether the file exists; a name the system cannot look up (longer than 255 bytes, a
    NUL byte) names none."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


DecisionCheck = Callable[..., list[str]]
"""``check(state, catalog, custom, playable=...)``: problems of the pending decision
(:func:`obsession_nb.engine.positions.position_check.check`, passed in by the game layer above this one)."""


def read(path_or_name: str | Path, catalog: Catalog | None = None,
         decision: DecisionCheck | None = None) -> Scenario:
    """Read a scenario file (:func:`read_text`), then :func:`parse`.  A packaged scenario is
    parsed and its types checked once: the result is kept in the content cache
    (obsession_nb/data/content_cache.py) while the file and the code reading it and defining
    the records are unchanged; the checks against the catalog in use run every time."""
    path = scenario_path(path_or_name)
    if _packaged(path):
        typed = content_cache.checked(f"scenario-{path.stem}",
                                      [path, *_reading_code(), *validator_files()],
                                      lambda: _typed(_load(read_text(path), str(path))))
        return _checked(typed, catalog, str(path), decision)
    return parse(read_text(path), catalog, source=str(path), decision=decision)


def _reading_code() -> list[Path]:
    """The modules whose code decides what a scenario file's data is typed as: this one and
    the typing, the YAML reader and its limits, and every module defining a record a position
    holds."""
    package = Path(__file__).resolve().parents[2]
    return [Path(__file__), Path(__file__).with_name("scenario_types.py"),
            package / "base" / "yamlio.py", package / "base" / "plaindata.py",
            package / "engine" / "table.py", package / "data" / "catalog_records.py",
            *sorted((package / "engine" / "records").glob("*.py")),
            *sorted((package / "modes").glob("*/records.py"))]


def _packaged(path: Path) -> bool:
    """Whether the file is one of the package's own scenarios, small enough that :func:`parse`
    would not measure it written out in full."""
    packaged = content_dir() / "scenarios"
    try:
        return (path.parent.resolve() == packaged.resolve() and path.suffix == ".yaml"
                and path.stat().st_size <= MAX_BYTES // 8)
    except (OSError, ValueError):
        return False


def read_text(path_or_name: str | Path) -> str:
    """A scenario file's text: at most :data:`MAX_BYTES` of UTF-8."""
    path = scenario_path(path_or_name)
    try:
        # A named pipe nobody writes to would block the open: opened without waiting, it
        # reads as empty; with a writer, the reading waits for what is written.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as f:
            raw = f.read(MAX_BYTES + 1)  # never more: /dev/zero is a "file" too
    except OSError as exc:
        raise ScenarioError([f"cannot read {path}: {exc.strerror}"], str(path)) from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError([TOO_LARGE], str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError([f"{place(raw, exc.start)}: not UTF-8 text (byte "
                             f"0x{raw[exc.start]:02x})"], str(path)) from None
    return text


def parse(text: str, catalog: Catalog | None = None, source: str = "scenario",
          decision: DecisionCheck | None = None) -> Scenario:
    """Parse and check scenario YAML; raise :class:`ScenarioError` listing every problem.

    One pass reports everything: the field types, and the checks of the components
    (:mod:`obsession_nb.engine.positions.scenario_check`) on what remains once each badly typed value is set
    aside (a problem inside a value already reported is not repeated); once the types are
    right, the ``decision`` check of the pending decision too.  With it, a position that
    passes can be played to the end of the game."""
    scenario = parse_data(_load(text, source), catalog, source, decision)
    if len(text) > MAX_BYTES // 8 and len(dump(scenario).encode("utf-8")) > MAX_BYTES:
        # YAML written out in full (block lists, folded lines) can be several times the size
        raise ScenarioError([f"the file saves to more than {MAX_BYTES // 1_000_000} MB once "
                             "written out in full, the limit for scenario files"], source)
    return scenario


def parse_data(data: dict[str, Any], catalog: Catalog | None = None, source: str = "scenario",
               decision: DecisionCheck | None = None) -> Scenario:
    """:func:`parse` of scenario data already read from YAML (or a position's
    ``model_dump(mode="json")``): every check but the text's own."""
    return _checked(_typed(data), catalog, source, decision)


@dataclass
class _Typed:
    """Scenario data with its types checked: the position (``None`` if nothing usable is left),
    the custom cards, the ids of invalid custom cards, the actions, the problems found so far
    and the paths set aside (``scenario_types.validate``)."""

    state: State | None
    custom: list[GentryCard]
    unchecked: set[str]
    actions: list[str]
    problems: list[str]
    set_aside: list[str]


def _typed(data: dict[str, Any]) -> _Typed:
    """The types of scenario data checked (the checks that need no catalog)."""
    data = dict(data)
    problems: list[str] = []
    if data.pop("format", FORMAT) != FORMAT:
        problems.append(f"format: expected '{FORMAT}'")
    actions = data.pop("actions", []) or []
    if not isinstance(actions, list) or not all(isinstance(x, str) for x in actions):
        problems.append("actions: must be a list of action notations")
        actions = []
    custom, unchecked = _custom_cards(data.pop("custom_cards", []) or [], problems)
    _max_levels(data)
    state, typed, set_aside = validate(data)
    return _Typed(state, custom, unchecked, list(actions), problems + typed, set_aside)


def _checked(typed: _Typed, catalog: Catalog | None, source: str,
             decision: DecisionCheck | None) -> Scenario:
    """The scenario, once the components are checked against the catalog (and the pending
    decision by ``decision``); every problem is raised at once."""
    catalog = catalog or load_catalog()
    state, problems, set_aside = typed.state, list(typed.problems), typed.set_aside
    if state is not None:
        cards = {c.id: c for c in typed.custom}
        problems += [p for p in check(state, catalog, cards, typed.unchecked,
                                      whole=not set_aside)
                     if not inside(p, set_aside)]
        if decision is not None and not set_aside:
            problems += decision(state, catalog, cards, playable=not problems)
    if problems:
        raise ScenarioError(problems, source)
    assert state is not None  # a file is read into a position, or its problems are reported
    return Scenario(state, typed.custom, list(typed.actions))


def _load(text: str, source: str) -> dict[str, Any]:
    """Safe YAML to a mapping, refusing oversized text, lone surrogates, bad YAML, alias bombs
    and anything but a mapping at the top."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ScenarioError([f"{place(text, exc.start)}: not valid text (a lone surrogate "
                             f"U+{ord(text[exc.start]):04X})"], source) from None
    if size > MAX_BYTES:
        raise ScenarioError([TOO_LARGE], source)
    import yaml

    from obsession_nb.base import yamlio

    try:
        data = yamlio.load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError([_yaml_problem(text, exc)], source) from None
    except RecursionError:
        raise ScenarioError(["not valid YAML: nested too deeply"], source) from None
    if not isinstance(data, dict):
        raise ScenarioError([f"the file must be a mapping of scenario fields, not "
                             f"{_kind(data)}"], source)
    problem = too_big(data)
    if problem:
        raise ScenarioError([problem], source)
    copy: dict[str, Any] = unshared(data)
    return copy


def _yaml_problem(text: str, exc: yaml.YAMLError) -> str:
    """``line L, column C: not valid YAML: ...`` where the parser says where."""
    import yaml

    if isinstance(exc, yaml.reader.ReaderError):
        return (f"{place(text, exc.position)}: not valid YAML: character "
                f"#x{exc.character:04x} is not allowed" if isinstance(exc.character, int) else
                f"{place(text, exc.position)}: not valid YAML: {exc.reason}")
    mark = getattr(exc, "problem_mark", None)
    if isinstance(exc, yaml.MarkedYAMLError) and mark is not None:
        what = ": ".join(str(x) for x in (exc.context, exc.problem) if x)
        return f"line {mark.line + 1}, column {mark.column + 1}: not valid YAML: {what}"
    return f"not valid YAML: {exc}"


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", type(None): "empty"}.get(type(value),
                                                                     type(value).__name__)


def _custom_cards(entries: Any, problems: list[str]) -> tuple[list[GentryCard], set[str]]:
    """The valid custom cards, and the ids of invalid ones (not reported again as unknown)."""
    from pydantic import ValidationError

    if not isinstance(entries, list):
        problems.append("custom_cards: must be a list of gentry cards")
        return [], set()
    custom: list[GentryCard] = []
    unchecked: set[str] = set()
    for i, entry in enumerate(entries):
        try:
            custom.append(GentryCard.model_validate(entry))
        except ValidationError as exc:
            problems += [f"custom_cards[{i}]{loc_path(e['loc'])}: {problem(e)}"
                         for e in exc.errors()]
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                unchecked.add(entry["id"])
    return custom, unchecked


def dump(scenario: Scenario) -> str:
    """The scenario as YAML that :func:`parse` reads back to an equal scenario."""
    from obsession_nb.base import yamlio

    return yamlio.dump(dump_data(scenario))


def dump_data(scenario: Scenario) -> dict[str, Any]:
    """What :func:`dump` writes, as data (:func:`parse_data` reads it back)."""
    data: dict[str, Any] = {"format": FORMAT}
    data.update(scenario.state.model_dump(mode="json", exclude_defaults=True))
    data["players"] = [p.model_dump(mode="json") for p in scenario.state.players]
    for player in data["players"]:  # written only when some card became public knowledge
        if not player["known"]:
            del player["known"]
    if scenario.custom_cards:
        data["custom_cards"] = [
            c.model_dump(mode="json", exclude_defaults=True) for c in scenario.custom_cards
        ]
    if scenario.actions:
        data["actions"] = list(scenario.actions)
    return data


def _max_levels(data: dict[str, Any]) -> None:
    """Allow ``level: max`` in hand-written files: the Max of the game's own wheel (Tableau
    Duel's is above levels 9 and 10, UD p.15; the extended game's above 7 and 8)."""
    from pydantic import ValidationError

    try:
        levels = Options.model_validate(data.get("options") or {}).wheel_levels
    except (ValidationError, TypeError):  # the options' own problems are reported later
        levels = WHEEL_LEVELS["standard"]
    wheel = Wheel(levels)
    players = data.get("players")
    for player in players if isinstance(players, list) else []:
        rep = player.get("reputation") if isinstance(player, dict) else None
        if isinstance(rep, dict) and str(rep.get("level")).lower() == "max":
            rep["level"] = wheel.max_level


