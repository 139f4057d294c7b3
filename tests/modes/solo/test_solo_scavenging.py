"""AI scavenging in the Solo Estate Challenge (UD p.14): the counter ranges and their
boundaries, depths, empty depths, the critical rule in both lengths, the recorded and pinnable
d20, and when the AI acts."""

from __future__ import annotations

import pytest

from obsession_nb import load_scenario
from obsession_nb.modes.solo.ai import locate, roll_d20, scavenge
from obsession_nb.modes.solo.game import solo_position
from obsession_nb.modes.solo.market import STACKS

START = ["bowling-green", "butlers-room", "front-parlour", "gazebo", "private-study"]
FLIPPED = [(t, True) for t in START]


def scavenged(game) -> list[dict]:
    return [s.model_dump() for s in game.state.solo.scavenged]


def last_ruling(game, rule: str) -> str:
    return [r["verdict"] for e in game.log for r in e.rulings if r["rule"] == rule][-1]


@pytest.mark.parametrize(("roll", "stack", "depth"), [
    (1, "service", 1), (2, "service", 2), (3, "sporting", 1), (5, "sporting", 3),
    (6, "essentials", 1), (8, "essentials", 3), (9, "estate", 1), (11, "estate", 3),
    (12, "prestige", 1), (14, "prestige", 3), (15, "monument", 1), (18, "monument", 4),
])
def test_solo_market_counters_map_roll_to_stack_and_depth(roll, stack, depth) -> None:
    assert locate(roll) == (stack, depth)


@pytest.mark.parametrize("roll", [19, 20])
def test_solo_market_counters_19_and_20_scavenge_nothing(roll) -> None:
    assert locate(roll) is None
    game = solo_position(1, round=3)
    before = [list(s) for s in game.state.supply.market]
    record, verdict = scavenge(game.table, roll)
    assert (record.reason, record.stack, record.depth, record.tile) == (
        "no-scavenging", None, None, None)
    assert verdict.rule == "solo.sec.market-counters"
    assert game.state.supply.market == before


def test_solo_every_roll_has_one_place() -> None:
    places = [locate(r) for r in range(1, 21)]
    assert sum(p is None for p in places) == 2
    assert len({p for p in places if p}) == 18
    with pytest.raises(ValueError):
        locate(21)


@pytest.mark.parametrize(("roll", "expected"), [
    (1, "brushing-room"), (2, "barn"), (3, "riding-stables"), (18, "manor-gargoyles")])
def test_solo_scavenge_boundaries_take_the_tile_at_that_depth(roll, expected) -> None:
    game = solo_position(2, round=4)
    name, depth = locate(roll)
    stack = game.state.supply.market[STACKS.index(name)]
    assert stack[depth - 1] == expected
    record, verdict = scavenge(game.table, roll)
    assert (record.reason, record.tile, record.depth) == ("taken", expected, depth)
    assert expected not in stack and expected in game.state.supply.removed
    assert verdict.rule == "solo.sec.scavenge"


def test_solo_scavenge_roll_6_takes_the_top_essentials_tile() -> None:
    """UD p.14 example 1."""
    game = load_scenario("solo-scavenge-roll-6")
    top = game.state.supply.market[STACKS.index("essentials")][0]
    game.apply("done")
    assert scavenged(game) == [{"round": 6, "roll": 6, "stack": "essentials", "depth": 1,
                                "tile": top, "reason": "taken"}]
    assert top == "breakfast-room"
    assert top not in game.state.supply.market[STACKS.index("essentials")]
    assert "top tile" in last_ruling(game, "solo.sec.scavenge")
    assert game.state.round == 7 and game.pending()["step"] == "begin"


def test_solo_scavenge_roll_13_with_one_prestige_tile_takes_nothing() -> None:
    """UD p.14 example 2."""
    game = load_scenario("solo-scavenge-roll-13")
    assert game.state.supply.market[STACKS.index("prestige")] == ["music-room"]
    game.apply("done")
    assert scavenged(game) == [{"round": 6, "roll": 13, "stack": "prestige", "depth": 2,
                                "tile": None, "reason": "empty-depth"}]
    assert game.state.supply.market[STACKS.index("prestige")] == ["music-room"]
    assert "position 13 is empty" in last_ruling(game, "solo.sec.scavenge")


def test_solo_scavenge_empty_stack_takes_nothing() -> None:
    game = solo_position(3, round=2, stacks={"monument": []})
    record, _ = scavenge(game.table, 15)
    assert (record.reason, record.tile) == ("empty-depth", None)


def test_solo_critical_rule_extended_keeps_two_service_tiles() -> None:
    """UD p.14's example: two Service tiles of four in an extended game."""
    game = load_scenario("solo-critical-rule")
    assert game.state.options.length == "extended"
    game.apply("done")
    assert scavenged(game)[-1] == {"round": 9, "roll": 2, "stack": "service", "depth": 2,
                                   "tile": None, "reason": "critical-rule"}
    assert game.state.supply.market[0] == ["butlers-pantry", "servants-quarters"]
    verdict = last_ruling(game, "solo.sec.critical-rule")
    assert "still needs 2" in verdict and "takes nothing" in verdict


def test_solo_critical_rule_extended_allows_a_spare_tile() -> None:
    game = solo_position(21, extended=True, round=9, organiser=[*FLIPPED, "brushing-room"],
                         stacks={"service": ["butlers-pantry", "servants-quarters", "barn"]})
    record, _ = scavenge(game.table, 2)
    assert (record.reason, record.tile) == ("taken", "servants-quarters")
    record, _ = scavenge(game.table, 1)  # now two left, two needed
    assert record.reason == "critical-rule"


def test_solo_critical_rule_standard_counts_the_column() -> None:
    # standard: three per column; a START Front Parlour and nothing else in prestige
    game = solo_position(5, round=7, organiser=FLIPPED,
                         stacks={"prestige": ["drawing-room", "music-room"]})
    record, _ = scavenge(game.table, 12)
    assert record.reason == "critical-rule"  # two needed, two left
    full = solo_position(5, round=7, organiser=[*FLIPPED, "drawing-room"],
                         stacks={"prestige": ["music-room", "gallery"]})
    record, _ = scavenge(full.table, 13)
    assert (record.reason, record.tile) == ("taken", "gallery")  # one needed, one left


def test_solo_critical_rule_never_protects_monuments() -> None:
    game = solo_position(5, round=7, organiser=FLIPPED, stacks={"monument": ["wine-cellar"]})
    record, _ = scavenge(game.table, 15)
    assert (record.reason, record.tile) == ("taken", "wine-cellar")


def test_solo_d20_is_seeded_recorded_and_pinnable() -> None:
    a = solo_position(9, round=3)
    b = solo_position(9, round=3)
    rolls_a = [roll_d20(a.table) for _ in range(30)]
    assert rolls_a == [roll_d20(b.table) for _ in range(30)]
    assert set(rolls_a) <= set(range(1, 21)) and len(set(rolls_a)) > 5
    draws = a.state.chance.draws
    a.state.chance.next_rolls = [20, 1]
    assert [roll_d20(a.table), roll_d20(a.table)] == [20, 1]
    assert a.state.chance.draws == draws  # a pinned roll is not drawn from the source


def test_solo_scavenging_follows_a_pass_too() -> None:
    game = solo_position(8, round=3, rolls=[9])
    top = game.state.supply.market[STACKS.index("estate")][0]
    game.apply("pass")
    game.apply("rents")
    game.apply("done")
    assert scavenged(game)[-1]["tile"] == top
    assert game.state.round == 4
    rules = [r["rule"] for e in game.log for r in e.rulings]
    assert "ruling.sec-scavenge-every-turn" in rules and "solo.sec.turn" in rules


def test_solo_scavenge_log_is_in_the_view_and_scenario() -> None:
    from obsession_nb.engine.positions.scenario import parse

    game = load_scenario("solo-scavenge-roll-6")
    game.apply("done")
    assert game.view()["solo"]["scavenged"] == scavenged(game)
    assert parse(game.to_scenario()).state.solo == game.state.solo


def test_solo_scenario_rejects_a_bad_roll_and_a_mixed_stack() -> None:
    from obsession_nb.engine.positions.scenario import ScenarioError, parse

    game = solo_position(1)
    game.state.chance.next_rolls = [21]
    game.state.supply.market[0].append("tennis-court")
    with pytest.raises(ScenarioError) as err:
        parse(game.to_scenario())
    text = str(err.value)
    assert "chance.next_rolls[0]" in text and "supply.market[0]" in text
