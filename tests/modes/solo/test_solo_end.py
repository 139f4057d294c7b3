"""The end of a Solo Estate Challenge (UD p.14): both end conditions, a complete tableau, the
round modifiers on both sides of the target, the verdict, the expert target and the track's
end."""

from __future__ import annotations

import pytest

from obsession_nb.data.catalog import load_catalog
from obsession_nb.modes.solo.game import modifier, solo_position, solo_result
from obsession_nb.modes.solo.records import Scavenge
from obsession_nb.modes.solo.tableau import check

START = ["bowling-green", "butlers-room", "front-parlour", "gazebo", "private-study"]
FLIPPED = [(t, True) for t in START]
STANDARD = [*FLIPPED, "barn", "brushing-room", ("riding-stables", True), ("croquet-lawn", True),
            ("breakfast-room", True), ("morning-room", True), ("fenced-paddock", True),
            ("english-garden", True), ("drawing-room", True), ("music-room", True)]
EXTENDED = [*STANDARD, "butlers-pantry", ("tennis-court", True), ("dining-room", True),
            ("french-garden", True), ("gallery", True)]


def finish(round_number: int = 12, *, extended: bool = False, organiser=None,
           reputation="max", money: int = 0, rolls=(7,), **kw):
    game = solo_position(3, extended=extended, round=round_number, step="buy", money=money,
                         reputation=reputation,
                         organiser=organiser or (EXTENDED if extended else STANDARD),
                         rolls=list(rolls), **kw)
    game.apply("done")
    return game


def rules_of(game) -> list[str]:
    return [r["rule"] for e in game.log for r in e.rulings]


# ----------------------------------------------------------------- end conditions


@pytest.mark.parametrize("extended", [False, True])
def test_solo_end_conditions_max_and_complete_end_the_game(extended) -> None:
    game = finish(15, extended=extended)
    solo = game.state.solo
    assert game.state.finished and game.state.turn is None
    assert solo.finished_round == 15
    assert solo.scavenged == []  # no scavenging after the finishing turn
    assert {"solo.sec.end-conditions", "solo.sec.tableau-complete",
            "ruling.sec-start-tiles-count"} <= set(rules_of(game))
    assert game.legal_actions() == []


def test_solo_complete_tableau_but_not_max_goes_on() -> None:
    game = finish(12, reputation=20)
    assert not game.state.finished and game.state.round == 13
    assert [s.reason for s in game.state.solo.scavenged] == ["taken"]


def test_solo_max_but_a_tile_unflipped_goes_on() -> None:
    organiser = [t if t != ("music-room", True) else "music-room" for t in STANDARD]
    game = finish(12, organiser=organiser)
    assert not game.state.finished
    assert check(game.table, game.state.players[0]).unflipped == ("music-room",)
    assert "ruling.sec-flippable" in rules_of(game)
    assert "still to flip: Music Room" in [r["verdict"] for e in game.log for r in e.rulings
                                           if r["rule"] == "ruling.sec-end-check"][-1]


def test_solo_max_but_a_column_short_goes_on() -> None:
    game = finish(12, organiser=STANDARD[:-1])
    assert not game.state.finished
    assert check(game.table, game.state.players[0]).needs["prestige"] == 1


def test_solo_standard_tableau_is_not_complete_in_an_extended_game() -> None:
    game = finish(12, extended=True, organiser=STANDARD)
    assert not game.state.finished


def test_solo_monuments_fill_columns_and_need_no_flip() -> None:
    organiser = [t for t in STANDARD if t not in (("drawing-room", True), ("music-room", True))]
    organiser += ["trophy-room", "wine-cellar"]
    game = finish(12, organiser=organiser,
                  columns={"trophy-room": "prestige", "wine-cellar": "prestige"})
    assert game.state.finished


def test_solo_renovated_kitchen_must_be_flipped() -> None:
    organiser = [t for t in STANDARD if t != "barn"] + ["renovated-kitchen"]
    assert not finish(12, organiser=organiser).state.finished
    organiser = [t for t in STANDARD if t != "barn"] + [("renovated-kitchen", True)]
    assert finish(12, organiser=organiser).state.finished


def test_solo_play_goes_on_past_the_tracks_last_space() -> None:
    game = finish(20, reputation=3)
    assert not game.state.finished and game.state.round == 21
    assert game.view()["events"] == [] and game.pending()["step"] == "begin"
    assert "ruling.sec-track-end" in rules_of(game)
    done = finish(22)
    result = solo_result(done)
    assert result.finished and result.round == 22 and result.modifier == modifier(22, 12)


def test_solo_an_unfinished_game_stops_after_round_30() -> None:
    game = finish(30, reputation=3)
    assert game.state.finished and game.state.solo.finished_round is None
    result = solo_result(game)
    assert result.verdict == "unfinished" and not result.won
    assert "ruling.sec-track-end" in rules_of(game)


# ----------------------------------------------------------------- modifiers and target


@pytest.mark.parametrize(("round_number", "expected"), [
    (12, 0), (11, 5), (10, 15), (9, 30), (13, -5), (14, -15), (15, -30), (17, -75)])
def test_solo_round_modifiers_standard(round_number, expected) -> None:
    assert modifier(round_number, 12) == expected


@pytest.mark.parametrize(("round_number", "expected"), [
    (15, 0), (14, 5), (13, 15), (16, -5), (17, -15), (20, -75)])
def test_solo_round_modifiers_extended(round_number, expected) -> None:
    assert modifier(round_number, 15) == expected


def test_solo_round_modifiers_match_the_printed_track() -> None:
    spaces = {s.round: s.modifier for s in load_catalog().round_tracks["tableau"].rounds}
    for n in range(1, 21):
        between = range(n, 12) if n < 12 else range(13, n + 1)
        assert modifier(n, 12) == sum(spaces[r] for r in between), n


def _money_for(score_wanted: int, round_number: int) -> int:
    """Money that brings the scorepad of ``finish(round_number)`` to ``score_wanted``."""
    base = solo_result(finish(round_number)).total
    assert score_wanted >= base
    return 200 * (score_wanted - base)


@pytest.mark.parametrize(("round_number", "scorepad", "adjusted", "won"), [
    (12, 133, 133, True), (12, 132, 132, False),        # on the target space: beat, tie
    (14, 148, 133, True), (14, 147, 132, False),        # two rounds late: −15
    (11, 128, 133, True), (11, 127, 132, False),        # one round early: +5
    (17, 207, 132, False), (17, 208, 133, True),        # five rounds late: −75
])
def test_solo_score_against_the_target_both_sides(round_number, scorepad, adjusted, won) -> None:
    game = finish(round_number, money=_money_for(scorepad, round_number))
    result = solo_result(game)
    assert (result.total, result.adjusted, result.won) == (scorepad, adjusted, won)
    assert result.verdict == ("won" if won else "lost")
    assert result.target == 132
    assert {r.rule for r in result.rulings} >= {"solo.sec.scoring", "solo.sec.round-modifiers",
                                                "ruling.sec-beat-target"}


def test_solo_extended_target_188_at_round_15() -> None:
    game = finish(16, extended=True)
    result = solo_result(game)
    assert (result.target, result.modifier) == (188, -5)
    assert "ruling.sec-extended-modifiers" in {r.rule for r in result.rulings}


def test_solo_expert_target_adds_scavenged_monument_vp() -> None:
    game = solo_position(3, expert=True, round=12, step="buy", reputation="max",
                         organiser=STANDARD, rolls=[7])
    game.state.solo.scavenged = [
        Scavenge(round=2, roll=15, stack="monument", depth=1, tile="trophy-room",
                 reason="taken"),
        Scavenge(round=3, roll=9, stack="estate", depth=1, tile="fenced-paddock",
                 reason="taken"),
    ]
    game.apply("done")
    result = solo_result(game)
    vp = load_catalog().tiles["trophy-room"].front.vp
    assert result.monument_vp == vp and result.target == 132 + vp
    assert "solo.sec.target-variants" in {r.rule for r in result.rulings}
    plain = solo_result(finish(12))
    assert plain.target == 132


def test_solo_rounds_past_the_track_follow_one_another() -> None:
    game = finish(21, reputation=3)
    assert game.state.round == 22 and not game.state.finished
