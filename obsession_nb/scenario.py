"""Scenario files: a whole position in YAML plus an optional list of actions to play from it.

``dump`` writes exactly what ``load`` reads, so ``load(dump(s)) == s``.  A hand-written file is
checked as a whole and every problem is reported with its path
(``players[1].servants.available[2]: unknown servant 'cooke'``).  YAML is loaded safely.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from obsession_nb import yamlio
from obsession_nb.catalog import Catalog, GentryCard, load_catalog
from obsession_nb.mode import mode_named
from obsession_nb.reputation import Wheel
from obsession_nb.resources import content_dir
from obsession_nb.setup import box_in_use
from obsession_nb.state import State
from obsession_nb.table import WHEEL_LEVELS

FORMAT = "obsession-nb/scenario@1"


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
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    return content_dir() / "scenarios" / f"{path_or_name}.yaml"


def read(path_or_name: str | Path, catalog: Catalog | None = None) -> Scenario:
    path = scenario_path(path_or_name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError([f"cannot read {path}: {exc.strerror}"], str(path)) from None
    return parse(text, catalog, source=str(path))


def parse(text: str, catalog: Catalog | None = None, source: str = "scenario") -> Scenario:
    """Parse and check scenario YAML; raise :class:`ScenarioError` listing every problem."""
    catalog = catalog or load_catalog()
    try:
        data = yamlio.load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError([f"not valid YAML: {exc}"], source) from None
    if not isinstance(data, dict):
        raise ScenarioError(["the file must be a mapping of scenario fields"], source)
    data = dict(data)
    problems: list[str] = []
    if data.pop("format", FORMAT) != FORMAT:
        problems.append(f"format: expected '{FORMAT}'")
    actions = data.pop("actions", []) or []
    if not isinstance(actions, list) or not all(isinstance(x, str) for x in actions):
        problems.append("actions: must be a list of action notations")
        actions = []
    custom: list[GentryCard] = []
    for i, entry in enumerate(data.pop("custom_cards", []) or []):
        try:
            custom.append(GentryCard.model_validate(entry))
        except ValidationError as exc:
            problems += [f"custom_cards[{i}]{_path(e['loc'])}: {e['msg']}" for e in exc.errors()]
    _max_levels(data)
    try:
        state = State.model_validate(data)
    except ValidationError as exc:
        problems += [f"{_path(e['loc']).lstrip('.')}: {e['msg']}" for e in exc.errors()]
        raise ScenarioError(problems, source) from None
    problems += check(state, catalog, {c.id: c for c in custom})
    if problems:
        raise ScenarioError(problems, source)
    return Scenario(state, custom, list(actions))


def dump(scenario: Scenario) -> str:
    """The scenario as YAML that :func:`parse` reads back to an equal scenario."""
    data: dict[str, Any] = {"format": FORMAT}
    data.update(scenario.state.model_dump(mode="json", exclude_defaults=True))
    data["players"] = [p.model_dump(mode="json") for p in scenario.state.players]
    if scenario.custom_cards:
        data["custom_cards"] = [
            c.model_dump(mode="json", exclude_defaults=True) for c in scenario.custom_cards
        ]
    if scenario.actions:
        data["actions"] = list(scenario.actions)
    return yamlio.dump(data)


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _max_levels(data: dict[str, Any]) -> None:
    """Allow ``level: max`` in hand-written files."""
    length = (data.get("options") or {}).get("length", "standard")
    wheel = Wheel(WHEEL_LEVELS.get(length, 6))
    for player in data.get("players") or []:
        rep = player.get("reputation") if isinstance(player, dict) else None
        if isinstance(rep, dict) and str(rep.get("level")).lower() == "max":
            rep["level"] = wheel.max_level


def check(state: State, catalog: Catalog, custom: dict[str, GentryCard]) -> list[str]:
    """Everything a position must satisfy beyond its field types, each problem with its path."""
    problems: list[str] = []
    servants, tiles = catalog.servants, catalog.tiles
    cards = {**catalog.gentry, **custom}
    wheel = Wheel(state.options.wheel_levels)
    if not 1 <= len(state.players) <= 6:
        problems.append(f"players: 1 to 6 players, not {len(state.players)}")
    if not 0 <= state.first_player < max(1, len(state.players)):
        problems.append(f"first_player: no seat {state.first_player}")
    track = catalog.round_tracks.get(state.options.track)
    if track is not None and state.options.mode == "standard" and not (
        1 <= state.round <= len(track.rounds)
    ):
        problems.append(f"round: must be 1 to {len(track.rounds)}, not {state.round}")

    card_places: dict[str, list[str]] = {}
    tile_places: dict[str, list[str]] = {}

    def card_at(path: str, card_id: str) -> None:
        if card_id not in cards:
            problems.append(f"{path}: unknown gentry card '{card_id}'")
        card_places.setdefault(card_id, []).append(path)

    def tile_at(path: str, tile_id: str) -> None:
        if tile_id not in tiles:
            problems.append(f"{path}: unknown tile '{tile_id}'")
        tile_places.setdefault(tile_id, []).append(path)

    def servant_at(path: str, kind: str) -> None:
        if kind not in servants:
            problems.append(f"{path}: unknown servant '{kind}'")

    names = Counter(p.name for p in state.players)
    for i, player in enumerate(state.players):
        base = f"players[{i}]"
        if names[player.name] > 1:
            problems.append(f"{base}.name: '{player.name}' is used by more than one player")
        drafting = state.turn is not None and state.turn.step == "draft"
        if player.family is None and not drafting:
            problems.append(f"{base}.family: every player needs a family once setup is over")
        elif player.family is not None and player.family not in catalog.families:
            problems.append(f"{base}.family: unknown family '{player.family}'")
        if player.money < 0:
            problems.append(f"{base}.money: cannot be negative ({player.money})")
        if player.reputation > wheel.top:
            problems.append(f"{base}.reputation: beyond Max position 5 of the "
                            f"{state.options.length} wheel")
        for zone in ("available", "quarters", "expended"):
            for j, kind in enumerate(player.servants.zone(zone)):
                servant_at(f"{base}.servants.{zone}[{j}]", kind)
        for pile in ("hand", "discard"):
            for j, card_id in enumerate(getattr(player, pile)):
                card_at(f"{base}.{pile}[{j}]", card_id)
        owned = Counter(t.tile for t in player.organiser)
        for j, owned_tile in enumerate(player.organiser):
            tile_at(f"{base}.organiser[{j}].tile", owned_tile.tile)
            if owned[owned_tile.tile] > 1:
                problems.append(f"{base}.organiser[{j}].tile: duplicate '{owned_tile.tile}' "
                                "(no player may own two copies of a tile)")
    supply = state.supply
    for kind, count in supply.servants_for_hire.items():
        servant_at(f"supply.servants_for_hire.{kind}", kind)
        if count < 0:
            problems.append(f"supply.servants_for_hire.{kind}: cannot be negative")
    for deck in ("casual_deck", "prestige_deck", "fairchilds"):
        for j, card_id in enumerate(getattr(supply, deck)):
            card_at(f"supply.{deck}[{j}]", card_id)
    for pile in ("bag", "service_reserve", "pr1_reserve", "removed"):
        for j, tile_id in enumerate(getattr(supply, pile)):
            tile_at(f"supply.{pile}[{j}]", tile_id)
    if len(supply.market) > 6:
        problems.append(f"supply.market: six spaces at most, not {len(supply.market)}")
    for j, stack in enumerate(supply.market):
        for k, tile_id in enumerate(stack):
            tile_at(f"supply.market[{j}][{k}]", tile_id)
        if len(set(stack)) > 1 and state.options.mode == "standard":
            problems.append(f"supply.market[{j}]: only identical tiles stack in one space")
    for j, tile_id in enumerate(state.chance.next_tiles):
        if tile_id not in supply.bag:
            problems.append(f"chance.next_tiles[{j}]: '{tile_id}' is not in the bag")
    problems += mode_named(state.options.mode).check_position(state, catalog)  # e.g. solo
    if state.turn is not None:
        if not 0 <= state.turn.player < len(state.players):
            problems.append(f"turn.player: no seat {state.turn.player}")
        for j, card_id in enumerate(state.turn.guests):
            card_at(f"turn.guests[{j}]", card_id)

    for card_id, places in card_places.items():
        copies = cards[card_id].copies if card_id in cards else 1
        if len(places) > copies:
            problems.append(f"{places[1]}: card '{card_id}' is already at {places[0]}")
    for tile_id, places in tile_places.items():
        box = box_in_use(state.options.expansion, len(state.players))
        copies = tiles[tile_id].copies_in_game(box) if tile_id in tiles else 0
        if tile_id in tiles and not tiles[tile_id].start and len(places) > copies:
            problems.append(f"{places[-1]}: tile '{tile_id}' is in {len(places)} places "
                            f"({', '.join(places)}) but the game has {copies}")
    return problems
