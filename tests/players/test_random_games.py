"""A batch of seeded random games (``players/random_games.py``, issue 9 item 8): each game's
record scores like a scoresheet, the aggregate statistics and their text, the notebooks' frame,
and ``obsession-nb simulate --games N`` (the same JSON on any number of workers, statistics
without pandas).  Running the batch on other executors: tests/base/test_batch.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from obsession_nb.cli import main
from obsession_nb.engine.scoring import CATEGORIES
from obsession_nb.players.random_games import (
    GameRecord,
    SeatResult,
    aggregate,
    aggregate_text,
    games_frame,
    simulate_games,
)

# Two-player games are the quickest whole games; two of them keep the suite light.
GAMES, PLAYERS, ROOT = 2, 2, 11


@pytest.fixture(scope="module")
def serial() -> list[GameRecord]:
    return simulate_games(GAMES, PLAYERS, ROOT, progress=False)


def test_every_record_scores_like_a_scoresheet(serial):
    for record in serial:
        assert [s.seat for s in record.seats] == list(range(PLAYERS))
        assert any(s.winner for s in record.seats)
        for s in record.seats:
            assert set(s.categories) == set(CATEGORIES)
            assert sum(s.categories.values()) == s.total


def seat(k: int, family: str, total: int, winner: bool) -> SeatResult:
    return SeatResult(k, family, {c: total if c == "tiles" else 0 for c in CATEGORIES}, total,
                      winner)


def test_aggregate_counts_a_shared_win_for_every_winner_and_gives_quartiles():
    records = [
        GameRecord(1, 300, (seat(0, "york", 10, False), seat(1, "howard", 20, True))),
        GameRecord(2, 320, (seat(0, "howard", 30, True), seat(1, "york", 30, True))),
        GameRecord(3, 340, (seat(0, "york", 40, True), seat(1, "asquith", 10, False))),
    ]
    stats = aggregate(records)
    assert stats["games"] == 3 and stats["players"] == 2 and stats["shared_wins"] == 1
    assert [(r["seat"], r["wins"], r["win_rate"]) for r in stats["win_rate_by_seat"]] == [
        (0, 2, 2 / 3), (1, 2, 2 / 3)]
    assert stats["win_rate_by_seat"][0]["mean_total"] == pytest.approx(80 / 3)
    assert stats["win_rate_by_family"] == {
        "asquith": {"games": 1, "wins": 0, "win_rate": 0.0},
        "howard": {"games": 2, "wins": 2, "win_rate": 1.0},
        "york": {"games": 3, "wins": 2, "win_rate": 2 / 3},
    }
    # Totals 10, 20, 30, 30, 40, 10 → sorted 10 10 20 30 30 40.
    total = stats["scores"]["total"]
    assert (total["min"], total["max"], total["median"]) == (10, 40, 25)
    assert (total["q1"], total["q3"]) == (12.5, 30)
    assert total["mean"] == pytest.approx(140 / 6)
    assert stats["scores"]["tiles"] == total and stats["scores"]["gentry"]["max"] == 0
    assert stats["actions"]["mean"] == 320 and stats["seeds"] == [1, 2, 3]
    text = " ".join(aggregate_text(stats).split())
    assert "p1 2/3 66.7%" in text and "howard 2/2 100.0%" in text
    assert "Total 23.3 10 12.5 25 30 40" in text


def test_games_frame_has_one_row_per_player_per_game(serial):
    frame = games_frame(serial)
    assert len(frame) == GAMES * PLAYERS
    assert list(frame.columns) == ["seed", "actions", "seat", "family", *CATEGORIES, "total",
                                   "winner"]
    assert (frame[list(CATEGORIES)].sum(axis=1) == frame["total"]).all()
    assert frame.groupby("seed")["winner"].any().all()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    # One string-hash seed for both processes: this compares executors, not processes.  (The
    # order of the Servants' Quarters kinds among the serve candidates follows string hashing,
    # so a game that reaches it can play differently in another process.)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-m", "obsession_nb.cli", "simulate", *args],
                          capture_output=True, text=True, check=True, env=env)


def test_cli_simulate_games_gives_the_same_json_on_one_and_two_workers(serial):
    args = ["--games", str(GAMES), "--players", str(PLAYERS), "--seed", str(ROOT), "--json"]
    one, two = cli(*args, "--workers", "1"), cli(*args, "--workers", "2")
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data == {"root_seed": ROOT, "options": {
        "length": "standard", "expansion": True, "first_player_rotation": "counterclockwise",
        "low_vp_monuments": False, "mode": "standard", "milestones": None},
        **json.loads(json.dumps(aggregate(serial)))}
    assert set(data["scores"]) == {*CATEGORIES, "total"}
    assert one.stderr == ""  # no progress bar when stderr is not a terminal


def test_cli_simulate_games_prints_statistics_without_importing_pandas():
    code = ("import sys; from obsession_nb.cli import main; "
            "main(['simulate', '--games', '1', '--players', '2']); "
            "print('pandas imported' if 'pandas' in sys.modules else 'no pandas')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "Wins by seat" in out and "Total" in out and "Wins by family" in out
    assert out.rstrip().endswith("no pandas")


def test_cli_simulate_still_needs_players_for_one_game(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate"])
    assert exit_.value.code == 2
    assert "the following arguments are required: --players" in capsys.readouterr().err
