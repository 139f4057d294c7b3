"""The package functions the tutorials' cells call instead of loops, comprehensions and
lambdas (issue 28 item 7): each does what the cell used to do, names things as a player does,
and refuses what names nothing."""

from __future__ import annotations

import pickle
import re

import pytest

import obsession_nb as onb
from obsession_nb.tutor import tableau_play as tp
from obsession_nb.tutor.compare import at_round, compare_options, first_moment
from obsession_nb.tutor.rotation import (
    new_season_order,
    play_until,
    scenario_season_order,
    side_by_side,
)
from obsession_nb.tutor.solo_odds import from_position, print_stack
from obsession_nb.tutor.views import (
    RulingPanel,
    Stepper,
    print_entries,
    print_legal,
    print_market,
    print_player,
)
from obsession_nb.tutor.views.text import RulingSteps, _only


def test_print_legal_player_and_market_name_what_they_show(capsys) -> None:
    game = onb.load_scenario("refresher-round-6")
    print_legal(game)
    legal = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in legal] == [a.notation for a in game.legal_actions()]
    print_player(game)
    print_market(game)
    out = capsys.readouterr().out
    assert out.startswith("Ada (p1): £100, reputation level 3 position 2")
    assert "Servants' Quarters: Lady's Maid" in out and "ladys_maid" not in out
    assert "market: Fenced Paddock, Riding Stables" in out


def test_ruling_panel_beside_a_stepper_follows_it() -> None:
    stepper = Stepper.from_scenario("refresher-round-6", board=False)
    panel = RulingPanel.beside(stepper)
    assert panel.game is stepper.game
    stepper.play_script(2)
    assert panel.game is stepper.game
    assert panel.game.pending() == stepper.game.pending()


def test_entries_are_kept_by_action_and_rulings_by_rule(capsys) -> None:
    game = onb.load_scenario("solo-scavenge-roll-13")
    entries = game.apply("done")
    scavenging = _only(entries, "(AI scavenging)")
    assert scavenging and {e.action for e in scavenging} == {"(AI scavenging)"}
    assert len(RulingSteps(_only(entries, None)).entries) == len(entries)
    print_entries(entries, rules=("solo.",))
    shown = re.findall(r"\[([a-z0-9.-]+)\]", capsys.readouterr().out)
    assert shown and all(r.startswith("solo.") for r in shown)


def test_find_line_and_line_text() -> None:
    game = onb.load_position("refresher-round-6")
    table = game.explore()
    best = table.iloc[0]
    found = onb.find_line(table, money=best.money, reputation=best.reputation)
    assert found.money == best.money and found.reputation == best.reputation
    text = onb.line_text(found, game)
    assert text.startswith(f"£{best.money:+d}, reputation {best.reputation:+d}")
    assert len(text.splitlines()) == 2 + len(found.actions)
    with pytest.raises(LookupError, match="no line of the"):
        onb.find_line(table, money=99_999)
    with pytest.raises(ValueError, match="no column cash"):
        onb.find_line(table, cash=1)


def test_set_aside_servants_leaves_the_others() -> None:
    game = onb.load_position("howard-supplemental-service")
    before = list(game.state.players[0].servants.available)
    onb.set_aside_servants(game, "cook", "hall_boy")
    after = game.state.players[0].servants.available
    assert after == [s for s in before if s not in ("cook", "hall_boy")]
    with pytest.raises(ValueError, match="no servant 'chef'"):
        onb.set_aside_servants(game, "chef")


def test_season_orders_follow_the_pawn_rule(capsys) -> None:
    new = scenario_season_order("first-player-rotation-5p", "counterclockwise")
    old = scenario_season_order("first-player-rotation-5p", "clockwise")
    assert list(new.places.loc["Purple"]) == [1, 2, 3, 4]   # UD p.5: to the holder's right
    assert list(old.places.loc["Purple"]) == [1, 5, 4, 3]   # 1st printing: to the left
    assert all("counterclockwise" in p for p in new.passes)
    both = side_by_side({"new": new, "old": old})
    assert both.shape == (5, 8)
    old.print_passes()
    assert capsys.readouterr().out.startswith("clockwise:\n   The first-player pawn passes")
    what_if = new_season_order(4, "clockwise", first=2)
    assert sorted(what_if.places["season 1"]) == [1, 2, 3, 4]
    assert what_if.places.loc["Third", "season 1"] == 1  # the pawn starts at seat 2


def test_play_until_stops_at_the_turn_asked() -> None:
    game = onb.load_scenario("first-player-rotation-5p")
    play_until(game, round=3, seat=4)
    assert (game.state.round, game.pending()["player"], game.pending()["step"]) == (3, 4, "begin")
    with pytest.raises(ValueError, match="ended before round 99"):
        play_until(game, round=99, seat=0)


def test_tableau_helpers_play_the_drafts_and_the_end(capsys) -> None:
    game = tp.new_tableau_game(3, seed=7)
    tp.servant_draft_at_random(game, seed=7)
    tp.print_starter_draft(game)
    tp.take_starters(game)
    out = capsys.readouterr().out
    assert out.count(" takes ") >= 3 and "Casual deck:" in out
    assert game.state.turn.step != "mode"
    round_before = game.state.round
    tp.pass_turn(game, times=3)
    assert game.state.round == round_before + 1   # three players passed: the round is over
    tp.play_to_round(game, 5, seed=7)
    tp.keep_first_ball_guests(game)
    assert game.state.turn.step != "mode"
    tp.end_at_max(game)
    assert game.state.finished and game.state.tableau.end_reason == "max"
    duel = tp.new_tableau_game(2, seed=3, duel=True)
    tp.servant_draft_at_random(duel, seed=3)
    tp.take_starters(duel, quiet=True)
    capsys.readouterr()
    tp.print_reputation_vp(duel, levels=(9, 11))
    assert capsys.readouterr().out.splitlines() == ["level 9 position 1: 45 VP",
                                                       "Max position 1: 66 VP"]


def test_play_to_max_ends_the_game_with_that_seat_at_max(capsys) -> None:
    game = tp.new_tableau_game(3, seed=11)
    tp.play_to_round(game, 6, seed=11)
    seat = (game.state.first_player + 1) % 3
    tp.play_to_max(game, seat)
    assert game.state.finished and game.state.tableau.reached_max == seat
    assert capsys.readouterr().out.startswith(f"ended on round {game.state.round}: max")


def test_market_comparison_shows_tile_names_in_full() -> None:
    frame = compare_options(2, 3, "market=building-boom", base=["expansion=false"])
    text, html = repr(frame.drop(columns="ruling")), frame._repr_html_()
    assert "..." not in text and "..." not in html
    assert frame.attrs["option"].startswith("option.queen-victoria-market")
    game = first_moment(2, 3, ["expansion=false"], at_round(2))
    assert game.state.round == 2


def test_solo_helpers(capsys) -> None:
    game = onb.load_scenario("solo-scavenge-roll-6")
    print_stack(game, "essentials")
    out = capsys.readouterr().out
    assert out.startswith("Essentials stack, top first: ") and "-" not in out.split(":", 1)[1]
    with pytest.raises(ValueError, match="no stack 'luxury'"):
        print_stack(game, "luxury")
    start = pickle.loads(pickle.dumps(from_position(round=6, money=800)))
    position = start(3)
    assert position.state.round == 6 and position.state.players[0].money == 800
    run = onb.play_solo(7)
    table = onb.scavenged_frame(run.game)
    assert len(table) == len(run.scavenged)
    taken = [s["tile"] for s in run.scavenged if s["tile"]]
    assert list(table["tile"].dropna()) == [run.game.table.tile_name(t) for t in taken]


def test_rulings_milestones_and_winners_in_words(capsys) -> None:
    from obsession_nb.engine.scoring import score
    from obsession_nb.tutor.views import print_rulings

    run = onb.play_solo(7)
    print_rulings(run.result.rulings)
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"- {r.verdict}  [{r.rule}]" for r in run.result.rulings] and lines
    game = tp.new_tableau_game(3, seed=7, milestones=["standin-milestone-wealthy",
                                                      "standin-milestone-favoured"])
    tp.print_milestones(game)
    assert capsys.readouterr().out.splitlines()[0] == (
        "  Stand-in milestone: Wealthy (£1500): needs money ≥ 1500 (1st 5 VP, 2nd 3 VP)")
    sheet = score(game)
    names = [p.name for p in sheet.players if p.seat in sheet.winners]
    assert sheet.winner_names == ", ".join(names) and names
