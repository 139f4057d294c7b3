"""The side-by-side comparison tutorial 08 uses (obsession_nb/tutor/compare.py): the same seeded game
under the expansion's rules and under an option, with the ruling behind each row."""

from __future__ import annotations

import pytest

from obsession_nb.tutor.compare import (
    choices_side_by_side,
    compare_options,
    describe,
    first_moment,
    hall_decision,
    play,
)

BASE = ["expansion=false"]


def test_compare_closed_courtship_shows_each_theme_turned_up_on_its_courtship_space() -> None:
    frame = compare_options(2, 3, "courtship=closed", base=BASE)
    assert list(frame.columns) == ["expansion's rules", "courtship=closed", "ruling"]
    for season, (first, courtship) in enumerate([(1, 4), (5, 8), (9, 12), (13, 16)], start=1):
        row = frame.loc[f"season {season} theme"]
        assert row["expansion's rules"].endswith(f"turned up in round {first}")
        assert row["courtship=closed"].endswith(f"turned up in round {courtship}")
        assert row["ruling"].startswith("season.theme-reveal (")
    assert frame.attrs["option"].startswith("option.closed-courtship")


def test_compare_cliffhanger_shows_the_die_of_each_season() -> None:
    frame = compare_options(2, 3, "theme_reveal=cliffhanger", base=BASE)
    rolls = play(2, 3, [*BASE, "theme_reveal=cliffhanger"]).game.state.theme_rolls
    for season, roll in enumerate(rolls, start=1):
        assert frame.loc[f"season {season} theme", "theme_reveal=cliffhanger"].endswith(
            f"(d20: {roll})")


def test_compare_objectives_counts_the_cards_held_at_the_first_turn() -> None:
    frame = compare_options(2, 5, "objectives=choose-at-setup", base=BASE)
    held = frame.loc[[i for i in frame.index if "at the first turn" in i]]
    assert set(held["expansion's rules"]) == {"5"} and set(held["objectives=choose-at-setup"]) == {"2"}


def test_compare_servants_hall_counts_steals_and_servants_placed() -> None:
    frame = compare_options(2, 12, "servants_hall=automatic", base=BASE)
    placed = frame.loc["Player 1: servants placed on the Hall"]
    steals = frame.loc["Player 1: Servants' Hall steals"]
    assert placed["servants_hall=automatic"] == "0"
    assert int(steals["servants_hall=automatic"]) > int(steals["expansion's rules"]) > 0
    assert int(placed["expansion's rules"]) == int(steals["expansion's rules"])


def test_compare_building_boom_slides_the_market_as_a_round_ends() -> None:
    frame = compare_options(2, 3, "market=building-boom", base=BASE)
    assert frame.index[0] == "market as round 1 begins"
    first = frame.iloc[0]
    assert first["expansion's rules"] == first["market=building-boom"]  # same seed, same opening


def test_hall_decision_side_by_side_offers_servants_or_the_automatic_steal() -> None:
    placed = first_moment(2, 12, BASE, hall_decision)
    automatic = first_moment(2, 12, [*BASE, "servants_hall=automatic"], hall_decision)
    frame = choices_side_by_side({"new": placed, "old": automatic})
    assert "rumour p2" in list(frame["old"]) and "done" not in list(frame["old"])
    assert any(c.startswith("hall ") for c in frame["new"]) and "done" in list(frame["new"])


def test_compare_refuses_an_unknown_option() -> None:
    with pytest.raises(ValueError, match="not an option"):
        compare_options(2, 1, "courtships=closed")


def test_describe_names_the_option_entry_and_choice() -> None:
    assert describe("market=seasonal") == ("option.seasonal-market — Emily Brontë variant: "
                                           "seasonal market: Facts §6.5 Variation #2")
