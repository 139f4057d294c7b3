"""Issue 47 item 9: how many objective cards a player can hold at each round
(ruling.objective-count), worked out from the setup's deal and the round track.  Every position
of seeded random whole games of every mode and table size holds a possible count, and so does
every ``new --round R`` of every option set; hand-made positions holding fewer or more than the
round allows are refused with the path and the rule, and a six-player game whose deck ran out at
its draw is not."""

from __future__ import annotations

import pytest
import yaml
from mode_games import VARIANTS, every_kind, start

import obsession_nb
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.game import load_scenario_text, new_game
from obsession_nb.engine.positions.objective_count import held_ranges, objective_count_problems
from obsession_nb.engine.positions.scenario import ScenarioError
from obsession_nb.engine.records.options import Options
from obsession_nb.players.random_player import RandomPlayer

CATALOG = load_catalog()


def activity_rounds(length: str) -> list[int]:
    return [s.round for s in CATALOG.round_tracks[length].rounds if not s.courtship]


@pytest.mark.rule("ruling.objective-count")
@pytest.mark.parametrize("kind", every_kind(), ids=str)
def test_ruling_objective_count_every_position_of_a_whole_game_is_possible(kind) -> None:
    game, player = start(kind, seed=47)
    checked = 0
    while not game.state.finished:
        game.apply(player.choose(game))
        assert objective_count_problems(game.state, CATALOG) == [], game.pending()["prompt"]
        checked += 1
    ranges = held_ranges(game.state, CATALOG)
    assert ranges is not None and checked > 20
    for p, held in zip(game.state.players, ranges, strict=True):
        assert held.fewest <= len(p.objectives) <= (held.most or len(p.objectives))


def test_a_six_player_game_that_ran_the_deck_dry_at_its_draw_stays_possible() -> None:
    """Four dealt to six players leaves a base deck of twelve for the round-7 draw; a card taken
    before it (a Main Library) leaves the last to draw short: the real game whose round-9
    position the first check refused (tests/engine/test_whole_games.py, seed 600)."""
    game = new_game(6, seed=600, options=Options(expansion=False))
    player = RandomPlayer(600)
    while game.state.round < 9:
        game.apply(player.choose(game))
        assert objective_count_problems(game.state, CATALOG) == []
    assert min(len(p.objectives) for p in game.state.players) == 3  # 4 - 1 + 2 - 1, one short
    load_scenario_text(game.to_scenario())


NEW_ROUND = [(n, length, ()) for n in range(2, 7) for length in ("standard", "extended")] + [
    (n, "standard", settings) for n, _expansion, settings in VARIANTS]


@pytest.mark.parametrize(("players", "length", "settings"), NEW_ROUND, ids=str)
def test_new_round_every_round_holds_a_possible_count(players, length, settings) -> None:
    for round_ in activity_rounds(length):
        game = obsession_nb.new_position(players, round=round_, length=length, seed=round_,
                                         settings=list(settings))
        assert objective_count_problems(game.state, CATALOG) == [], round_
        load_scenario_text(game.to_scenario())  # validate accepts it


@pytest.mark.parametrize(("players", "mode", "length"), [
    (4, "team", "standard"), (6, "team", "extended"), (1, "solo-estate-challenge", "standard")])
def test_new_round_every_round_of_a_mode_holds_a_possible_count(players, mode, length) -> None:
    """(Classic solitaire and Tableau Obsession positions start at round 1 only: their whole
    games are the first test's.)"""
    rounds = activity_rounds(length) if mode != "solo-estate-challenge" else range(1, 13)
    for round_ in rounds:
        game = obsession_nb.new_position(players, mode=mode, round=round_, length=length)
        assert objective_count_problems(game.state, CATALOG) == [], round_


# ----------------------------------------------------------------- hand-made positions


def refused(data: dict) -> list[str]:
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(yaml.safe_dump(data))
    return exc.value.problems


def test_validate_refuses_fewer_objectives_than_the_round_allows() -> None:
    data = yaml.safe_load(obsession_nb.new_position(2, round=9).to_scenario())
    data["players"][1]["objectives"] = data["players"][1]["objectives"][:3]
    assert refused(data) == [
        "players[1].objectives: 3 held at round 9, but a game gives at least 5 by then (dealt "
        "at setup, kept at each objective-card draw the deck could meet, one discarded after "
        "each courtship; rule ruling.objective-count)"]


def test_validate_refuses_more_objectives_than_the_round_can_give() -> None:
    """Round 1: five dealt, and at most one Main Library card besides."""
    data = yaml.safe_load(obsession_nb.new_position(2, round=1).to_scenario())
    deck = data["supply"]["objective_deck"]
    data["players"][0]["objectives"] += [deck.pop(), deck.pop()]
    problems = refused(data)
    assert problems == [problems[0]] and problems[0].startswith(
        "players[0].objectives: 7 held at round 1, but a game gives at most 6 by then")
    assert problems[0].endswith("rule ruling.objective-count)")


def test_a_short_draw_is_possible_only_when_the_deck_may_have_run_out() -> None:
    """Six players, base box, round 9: two cards short of the draw is a real game's position
    when the deck holds no more than the round-8 discards; with the two cards back under a
    fuller deck it is not."""
    data = yaml.safe_load(obsession_nb.new_position(6, round=9, expansion=False).to_scenario())
    assert [len(p["objectives"]) for p in data["players"]] == [4] * 6
    assert len(data["supply"]["objective_deck"]) == 6  # the round-8 discards
    gone = [data["players"][2]["objectives"].pop() for _ in range(2)]
    load_scenario_text(yaml.safe_dump(data))  # the draw found the deck empty
    data["supply"]["objective_deck"] += gone
    assert refused(data) == [
        "players[2].objectives: 2 held at round 9, but a game gives at least 4 by then (dealt "
        "at setup, kept at each objective-card draw the deck could meet, one discarded after "
        "each courtship; rule ruling.objective-count)"]


@pytest.mark.parametrize(("players", "length", "final"), [
    (2, "standard", 3), (5, "standard", 3), (6, "standard", 2), (2, "extended", 4),
    (6, "extended", 4)])
def test_the_counts_reach_the_totals_the_rules_state(players, length, final) -> None:
    """UD p.5: standard play gathers seven and scores three, extended eight and four; six players
    are dealt four (six-player.objectives) and so score two in a standard game."""
    last = activity_rounds(length)[-1]
    game = obsession_nb.new_position(players, round=last, length=length)
    ranges = held_ranges(game.state, CATALOG)
    assert ranges is not None
    for held, p in zip(ranges, game.state.players, strict=True):
        assert len(p.objectives) == final + 1  # the final courtship's discard still to come
        assert held.fewest <= final + 1 <= (held.most or 0)
    if players == 2:  # a deck this full cannot have run out: the fewest is the count
        assert {r.fewest for r in ranges} == {final + 1}


def test_a_draw_round_expects_the_draw_of_the_players_who_have_had_their_step_2() -> None:
    """event.objective-draw is made in each player's step 2: mid-round, a player whose turn is
    over holds two more, and holding fewer is refused; the player still to play is not expected
    to have drawn."""
    game = obsession_nb.new_position(2, round=7)
    first = game.state.turn.player
    game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))
    while game.state.turn.player == first:  # the rest of the pass: its turn over
        game.apply(game.legal_actions()[0])
    assert [len(p.objectives) for p in game.state.players][first] == 6
    data = yaml.safe_load(game.to_scenario())
    assert len(data["players"][1 - first]["objectives"]) == 4
    data["players"][first]["objectives"] = data["players"][first]["objectives"][:4]
    assert refused(data) == [
        f"players[{first}].objectives: 4 held at round 7, but a game gives at least 6 by then "
        "(dealt at setup, kept at each objective-card draw the deck could meet, one discarded "
        "after each courtship; rule ruling.objective-count)"]
