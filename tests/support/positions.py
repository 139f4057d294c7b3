"""Small positions for rule tests: a two-player table in round 6 that a test adjusts.

``table(...)`` builds the scenario data (plain dicts, as a scenario file holds them), ``game(...)``
loads it through the scenario parser (so every test position is also a valid file), and
``refuse(...)`` asserts that an action is illegal, cites the expected rule, and leaves the
position exactly as it was.
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

from obsession_nb import Game
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.positions.objective_count import held_ranges
from obsession_nb.engine.positions.scenario import _max_levels, parse
from obsession_nb.engine.records.state import State
from obsession_nb.engine.records.verdict import Verdict
from obsession_nb.engine.setup.supply import objective_deck
from obsession_nb.engine.steps.objectives import evaluate

START = ["private-study", "butlers-room", "gazebo", "front-parlour", "bowling-green"]
BASE_SERVANTS = ["butler", "housekeeper", "valet", "ladys_maid", "footman"]


def player(name: str, family: str, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "family": family,
        "money": 300,
        "reputation": {"level": 2, "position": 1},
        "turns_taken": 5,
        "servants": {"available": list(BASE_SERVANTS)},
        "hand": [f"{family}-husband", f"{family}-wife", f"{family}-heir", f"{family}-daughter"],
        "organiser": [{"tile": t} for t in START],
    }
    data.update(changes)
    return data


def table(*, expansion: bool = False, round: int = 6, me: dict[str, Any] | None = None,
          other: dict[str, Any] | None = None, supply: dict[str, Any] | None = None,
          **extra: Any) -> dict[str, Any]:
    """A two-player position at the start of p1's turn.  ``me``/``other`` update the players."""
    data: dict[str, Any] = {
        "options": {"expansion": expansion},
        "round": round,
        "players": [
            player("Ann", "cavendish", **(me or {})),
            player("Bob", "york", **(other or {})),
        ],
        "supply": {
            "servants_for_hire": {"underbutler": 2, "footman": 4, "valet": 2, "ladys_maid": 2},
            "casual_deck": ["standin-casual-01", "standin-casual-02", "standin-casual-03",
                            "standin-casual-04"],
            "prestige_deck": ["duke-of-langford", "marchioness-of-easton", "lady-suffolk"],
            "fairchilds": ["charles-fairchild", "elizabeth-fairchild"],
            "market": [["fenced-paddock"], ["riding-stables"], ["croquet-lawn"],
                       ["english-garden"], ["tennis-court"], ["french-garden"]],
            "bag": ["drawing-room", "music-room", "dining-room", "hillside-kennels",
                    "billiards-room", "gallery"],
        },
        "chance": {"seed": 1},
    }
    if expansion:
        data["supply"]["servants_for_hire"].update(
            {"cook": 2, "hall_boy": 2, "head_housemaid": 2, "useful_man": 2})
    if supply:
        data["supply"].update(supply)
    data.update(extra)
    return data


def dealt_as_in_a_game(data: dict[str, Any]) -> None:
    """Give each player whose objectives ``data`` leaves out the fewest a game allows at its
    round (ruling.objective-count): cards nobody holds, the deck does not, and the player has not
    met, so that a test's scores stay its own."""
    players = data["players"]
    if all("objectives" in p for p in players):
        return
    position = {k: v for k, v in copy.deepcopy(data).items() if k != "custom_cards"}
    _max_levels(position)  # level: max, as the scenario parser reads it
    state = State.model_validate(position)
    catalog = load_catalog()
    ranges = held_ranges(state, catalog)
    if ranges is None:
        return
    taken = {c for p in players for c in p.get("objectives", [])}
    taken |= set(data.get("supply", {}).get("objective_deck", []))
    free = [o for o in objective_deck(catalog, state.options.expansion) if o not in taken
            and catalog.objectives[o].category != "guest_bonus"]  # no guest is looked up
    table = Game.from_state(state).table
    for seat, (p, held) in enumerate(zip(players, ranges, strict=True)):
        if "objectives" not in p:
            unmet = [o for o in free if evaluate(table, state.players[seat], o).vp == 0]
            p["objectives"] = unmet[:held.fewest]
            free = [o for o in free if o not in p["objectives"]]


def game(data: dict[str, Any], *actions: str) -> Game:
    """Load ``data`` as a scenario file would be loaded (each player given the objectives the
    round allows, unless ``data`` names them), then play ``actions``."""
    data = copy.deepcopy(data)
    held = {c for p in data["players"] for c in [*p.get("hand", []), *p.get("discard", [])]}
    track = data.get("supply", {}).get("fairchilds", [])
    track[:] = [c for c in track if c not in held]  # a Fairchild a player holds is off the track
    dealt_as_in_a_game(data)
    sc = parse(yaml.safe_dump(data))
    g = Game.from_state(sc.state, custom=sc.custom_cards)
    for action in actions:
        g.apply(action)
    return g


def refuse(g: Game, action: str, rule: str) -> Verdict:
    """Assert ``action`` is illegal because of ``rule`` and that trying it changes nothing."""
    before = g.to_scenario()
    verdict = g.check(action)
    assert not verdict.legal, f"{action} should be illegal"
    assert rule in [r.rule for r in verdict.rulings], verdict
    assert all(r.citation for r in verdict.rulings)
    try:
        g.apply(action)
    except ValueError as exc:
        assert rule in str(exc)
    else:  # pragma: no cover - the assertion above already failed
        raise AssertionError(f"{action} was applied")
    assert g.to_scenario() == before
    assert action not in [a.notation for a in g.legal_actions()]
    return verdict


def rules_of(g: Game) -> list[str]:
    """Every rule id in the log, in order."""
    return [r["rule"] for entry in g.log for r in entry.rulings]


GOSSIP_TURN = ("activity", "host bowling-green", "invite miss-oliver", "invite ponsonby-husband",
               "serve tile footman", "serve miss-oliver ladys_maid")
"""A solo turn hosting Miss Oliver (a gossip) with Ponsonby's husband: the solo exception that
her attack does nothing (solo.exception.gossip), in both solo modes."""
