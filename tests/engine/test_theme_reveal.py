"""When a theme is turned up: open courtship, the Jane Austen closed courtship and the Charles
Dickens cliffhanger (season.theme-reveal, option.closed-courtship, option.cliffhanger;
obsession_nb/engine/steps/themes.py)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.steps.seasons import courtship_rounds, courtship_themes
from obsession_nb.engine.steps.themes import CLIFFHANGER, cliffhanger_place, reveal_round
from obsession_nb.players.random_player import RandomPlayer


def play_until(game: Game, round_number: int, seed: int = 1) -> None:
    """Random legal play until the pawn reaches ``round_number`` (or the game ends)."""
    player = RandomPlayer(seed)
    while game.state.round < round_number and not game.state.finished:
        game.apply(player.choose(game))


def revealed_by_round(options: Options, seed: int = 3) -> dict[int, int]:
    """How many themes are face up as each round is first seen, over a whole random game."""
    game = new_game(2, seed=seed, options=options)
    player = RandomPlayer(seed)
    seen: dict[int, int] = {}
    while not game.state.finished:
        turn = game.state.turn
        if turn is None or turn.step != "draft":  # after the servant draft's setup
            seen.setdefault(game.state.round, len(game.state.themes))
        game.apply(player.choose(game))
    return seen


def verdicts(game: Game, rule: str | None = None) -> list[str]:
    return [r["verdict"] for e in game.log for r in e.rulings if rule in (None, r["rule"])]


def test_open_courtship_turns_each_theme_up_as_its_season_starts() -> None:
    seen = revealed_by_round(Options())
    assert seen[1] == 1 and seen[5] == 2 and seen[9] == 3 and seen[13] == 4


def test_closed_courtship_keeps_the_theme_face_down_until_the_courtship_space() -> None:
    seen = revealed_by_round(Options(courtship="closed"))
    assert seen[1] == 0 and seen[3] == 0
    # the pawn reaches the courtship space (round 4): turned up and scored there
    assert seen[4] == 1 and seen[5] == 1 and seen[7] == 1 and seen[8] == 2 and seen[16] == 4


def test_closed_courtship_scores_the_season_on_the_theme_turned_up_there() -> None:
    game = new_game(2, seed=5, options=Options(courtship="closed"))
    play_until(game, 4, seed=5)
    assert game.state.round == 4 and len(game.state.themes) == 1
    texts = verdicts(game)
    reveal = next(i for i, t in enumerate(texts) if t.startswith("Season 1: the theme is"))
    hidden = next(i for i, t in enumerate(texts) if "stays face down" in t)
    assert hidden < reveal
    assert any("courtship 1" in t for t in texts[reveal:])


def test_closed_courtship_final_counts_every_earlier_theme_again() -> None:
    game = new_game(2, seed=7, options=Options(courtship="closed"))
    play_until(game, 16, seed=7)
    assert game.state.round == 16 and len(game.state.themes) == 4
    assert len(courtship_themes(game.table)) == 4


def test_views_never_show_a_theme_not_yet_turned_up() -> None:
    game = new_game(2, seed=2, options=Options(courtship="closed"))
    hidden = set(game.state.supply.theme_deck)
    play_until(game, 3, seed=2)
    view = json.dumps(game.view())
    assert game.state.themes == [] and view.count('"themes": []') == 1
    assert all(f'"{t}"' not in view for t in hidden)
    assert '"theme_categories": []' in view


@pytest.mark.parametrize(("length", "roll", "place"), [
    ("standard", 1, 1), ("standard", 5, 1), ("standard", 6, 2), ("standard", 10, 2),
    ("standard", 11, 3), ("standard", 15, 3), ("standard", 16, None), ("standard", 20, None),
    ("extended", 4, 1), ("extended", 5, 2), ("extended", 8, 2), ("extended", 9, 3),
    ("extended", 12, 3), ("extended", 13, 4), ("extended", 16, 4), ("extended", 17, None),
])
def test_cliffhanger_table_for_each_length(length: str, roll: int, place: int | None) -> None:
    assert cliffhanger_place(length, roll) == place
    assert CLIFFHANGER[length][-1] == (20, None)


def test_cliffhanger_refuses_a_roll_off_the_die() -> None:
    with pytest.raises(ValueError, match="1 to 20"):
        cliffhanger_place("standard", 21)


def first_game_rolling(band: range) -> Game:
    """The first seeded two-player base game (no servant draft before the first theme) whose
    first-season die falls in ``band``."""
    for seed in range(200):
        game = new_game(2, seed=seed, options=Options(theme_reveal="cliffhanger", expansion=False))
        if game.state.theme_rolls[0] in band:
            return game
    raise AssertionError(f"no seed below 200 rolls {band}")


@pytest.mark.parametrize(("band", "round_number"), [
    (range(1, 6), 1), (range(6, 11), 2), (range(11, 16), 3), (range(16, 21), 4)])
def test_cliffhanger_roll_sets_the_round_the_theme_is_turned_up(band: range,
                                                                round_number: int) -> None:
    game = first_game_rolling(band)
    roll = game.state.theme_rolls[0]
    assert reveal_round(game.table) == round_number
    assert any(t.startswith(f"Season 1: the d20 shows {roll}")
               for t in verdicts(game, "option.cliffhanger"))
    seen = {1: len(game.state.themes)}
    player = RandomPlayer(1)
    while game.state.round <= 4:
        game.apply(player.choose(game))
        seen.setdefault(game.state.round, len(game.state.themes))
    assert [seen[r] for r in range(1, 5)] == [int(r >= round_number) for r in range(1, 5)]


def test_cliffhanger_rolls_a_die_each_season_and_logs_it() -> None:
    game = new_game(3, seed=4, options=Options(theme_reveal="cliffhanger", length="extended"))
    play_until(game, 20, seed=4)
    assert len(game.state.theme_rolls) == 4 and len(game.state.themes) == 4
    assert len(verdicts(game, "option.cliffhanger")) == 4


def test_cliffhanger_courtship_is_still_on_the_courtship_space() -> None:
    game = new_game(2, seed=9, options=Options(theme_reveal="cliffhanger"))
    assert courtship_rounds(game.table) == [4, 8, 12, 16]


def test_closed_courtship_and_cliffhanger_are_refused_together() -> None:
    with pytest.raises(ValidationError, match="choose one"):
        Options(courtship="closed", theme_reveal="cliffhanger")
