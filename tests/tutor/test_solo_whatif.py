"""Tutorial 05's what-ifs and charts through the public API: one more tile in a stack and a
pinned d20 roll (checked first, the position unchanged when refused), the AI's rolls as a
table, the shop position with the START tiles rose side up, the charts with their words."""

from __future__ import annotations

import pytest

import obsession_nb as onb
from obsession_nb import BadNotation

CRITICAL = "solo-critical-rule"


def market(game) -> list[list[str]]:
    return [list(stack) for stack in game.state.supply.market]


def test_one_more_tile_lets_the_same_roll_take_a_tile_the_critical_rule_kept() -> None:
    kept = onb.load_position(CRITICAL)
    onb.pin_rolls(kept, 2)
    kept.apply("done")
    assert onb.scavenged_frame(kept)["reason"].iloc[-1] == "critical-rule"

    spare = onb.load_position(CRITICAL)
    onb.add_to_stack(spare, "service", "barn")
    assert spare.state.supply.market[0][-1] == "barn"
    onb.pin_rolls(spare, 2)
    assert spare.state.chance.next_rolls == [2]
    spare.apply("done")
    last = onb.scavenged_frame(spare).iloc[-1]
    assert (last["roll"], last["stack"], last["reason"]) == (2, "service", "taken")
    assert last["tile"] == "Servants' Quarters"  # named, not its id


@pytest.mark.parametrize(("stack", "tile", "says"), [
    ("servise", "barn", "did you mean 'service'"),
    ("service", "barnn", "did you mean 'barn'"),
    ("service", "butlers-pantry", "already in the Service stack"),
    ("sporting", "gazebo", "already in Solo player's organiser"),
])
def test_add_to_stack_refuses_and_leaves_the_position(stack, tile, says) -> None:
    game = onb.load_position(CRITICAL)
    before = market(game)
    with pytest.raises(ValueError, match=says):
        onb.add_to_stack(game, stack, tile)
    assert market(game) == before


def test_unknown_stack_is_bad_notation_naming_the_stacks() -> None:
    with pytest.raises(BadNotation, match=r"no market stack 'garden'.*known: essentials"):
        onb.add_to_stack(onb.load_position(CRITICAL), "garden", "barn")


@pytest.mark.parametrize("roll", [0, 21, 2.5, "2"])
def test_pin_rolls_refuses_what_a_d20_cannot_show(roll) -> None:
    game = onb.load_position(CRITICAL)
    before = list(game.state.chance.next_rolls)
    with pytest.raises(ValueError, match="from 1 to 20"):
        onb.pin_rolls(game, 3, roll)
    assert game.state.chance.next_rolls == before


def test_what_ifs_need_a_solo_game() -> None:
    game = onb.new_game(2, seed=1)
    with pytest.raises(ValueError, match="not a Solo Estate Challenge game"):
        onb.add_to_stack(game, "service", "barn")
    with pytest.raises(ValueError, match="not a Solo Estate Challenge game"):
        onb.pin_rolls(game, 2)


def test_scavenged_frame_of_a_new_game_is_empty_with_its_columns() -> None:
    frame = onb.scavenged_frame(onb.new_solo_game(3))
    assert frame.empty
    assert list(frame.columns) == ["roll", "stack", "depth", "tile", "reason"]


def test_shop_position_with_start_tiles_rose_side_up_and_tiles_bought() -> None:
    shop = onb.solo_position(5, round=11, step="buy", money=2600, start_rose_side=True,
                             bought=["barn", "brushing-room"])
    owned = [(o.tile, o.flipped) for o in shop.state.players[0].organiser]
    assert owned[-2:] == [("barn", False), ("brushing-room", False)]
    assert len(owned) == 7 and all(flipped for _tile, flipped in owned[:5])
    assert not any("barn" in stack for stack in shop.state.supply.market)
    with pytest.raises(ValueError, match="organiser in full"):
        onb.solo_position(5, organiser=["barn"], bought=["gazebo"])


def test_charts_carry_their_words_and_the_table_shows_percentages() -> None:
    games = onb.run_games(2)
    frame = onb.top_loss_frame(games)
    table = onb.top_loss_table(frame, rounds=[1, 3, 99])
    assert list(table.data.index) == [1, 3]
    assert "%" in table.to_html()
    chart = onb.top_loss_chart(frame, title="two games")
    assert chart.png.startswith(b"\x89PNG") and "1 − (19/20)ⁿ" in chart.alt
    finals = onb.finals_chart(games)
    assert finals.png.startswith(b"\x89PNG") and "scorepad" in finals.alt
