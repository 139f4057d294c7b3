"""Rules reputation.wheel, reputation.penalty, reputation.floor, reputation.max."""

from obsession_nb.engine.records.reputation import Wheel

STANDARD = Wheel(6)
EXTENDED = Wheel(8)


def test_reputation_wheel_crossing_the_top_swaps_in_the_next_counter() -> None:
    start = STANDARD.steps(2, 4)
    end = STANDARD.gain(start, 3)
    assert (STANDARD.level(end), STANDARD.position(end)) == (3, 2)


def test_reputation_wheel_worked_example_level_3_position_3_plus_5() -> None:
    end = STANDARD.gain(STANDARD.steps(3, 3), 5)
    assert (STANDARD.level(end), STANDARD.position(end)) == (4, 3)


def test_reputation_penalty_crosses_down_a_level() -> None:
    end = STANDARD.lose(STANDARD.steps(3, 1), 2)
    assert (STANDARD.level(end), STANDARD.position(end)) == (2, 4)


def test_reputation_penalty_is_paid_as_far_as_possible_down_to_the_floor() -> None:
    assert STANDARD.lose(STANDARD.steps(1, 3), 5) == 0


def test_reputation_max_fills_to_position_five_then_stops() -> None:
    top = STANDARD.gain(STANDARD.steps(6, 5), 20)
    assert STANDARD.label(top) == "max"
    assert STANDARD.position(top) == 5
    assert STANDARD.gain(top, 1) == top


def test_reputation_max_is_level_nine_on_the_extended_wheel() -> None:
    assert EXTENDED.label(EXTENDED.steps(9, 1)) == "max"
    assert EXTENDED.label(EXTENDED.steps(8, 5)) == 8
