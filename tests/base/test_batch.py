"""Batch simulation (issue 9, item 8): one seed per game spawned from a root, the same results
serially, on a process pool and on a Dask cluster, the aggregate statistics of
``obsession-nb simulate --games N``, and the solo odds on the same executors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from obsession_nb.base.batch import SEED_BITS, each, game_seeds, run_all
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
from obsession_nb.tutor.solo_odds import run_games

# Two-player games are the quickest whole games; two of them keep the suite light.
GAMES, PLAYERS, ROOT = 2, 2, 11


@pytest.fixture(scope="module")
def serial() -> list[GameRecord]:
    return simulate_games(GAMES, PLAYERS, ROOT, progress=False)


@pytest.fixture(scope="module")
def dask_client():
    import distributed  # the [cluster] extra, which the [dev] extra includes

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


def test_game_seeds_are_spawned_from_the_root_and_do_not_depend_on_the_batch_size():
    seeds = game_seeds(7, 5)
    assert seeds == game_seeds(7, 5)
    assert game_seeds(7, 3) == seeds[:3]
    assert len(set(seeds)) == 5
    assert set(seeds).isdisjoint(game_seeds(8, 5))
    assert all(0 <= s < 2**SEED_BITS for s in seeds)


def test_run_all_keeps_the_order_of_the_jobs_on_any_executor():
    jobs = list(range(20))
    with ThreadPoolExecutor(4) as pool:
        assert run_all(abs, [-j for j in jobs], executor=pool, progress=False) == jobs
    assert run_all(abs, [-j for j in jobs], progress=False) == jobs
    with pytest.raises(ValueError, match="at least 1"):
        run_all(abs, jobs, workers=0)


def test_each_yields_every_result_once_with_its_jobs_index_as_it_finishes():
    jobs = [-j for j in range(20)]
    with ThreadPoolExecutor(4) as pool:
        got = list(each(abs, jobs, executor=pool, progress=False))
    assert sorted(got) == [(i, i) for i in range(20)]
    assert list(each(abs, jobs, progress=False)) == [(i, i) for i in range(20)]


def test_a_caller_that_stops_reading_early_leaves_the_rest_unrun():
    ran: list[int] = []

    def slow(job: int) -> None:
        time.sleep(0.01)
        ran.append(job)

    with ThreadPoolExecutor(1) as pool:
        stream = each(slow, list(range(200)), executor=pool, progress=False)
        next(stream)
        stream.close()
    assert len(ran) < 200


def test_random_games_are_the_same_on_a_process_pool(serial):
    pooled = simulate_games(GAMES, PLAYERS, ROOT, workers=2, progress=False)
    assert pooled == serial
    assert aggregate(pooled) == aggregate(serial)
    assert [r.seed for r in serial] == game_seeds(ROOT, GAMES)


def test_random_games_are_the_same_on_a_dask_cluster(serial, dask_client):
    on_cluster = simulate_games(GAMES, PLAYERS, ROOT, executor=dask_client.get_executor(),
                                progress=False)
    assert on_cluster == serial
    assert aggregate(on_cluster) == aggregate(serial)


def test_solo_odds_are_the_same_on_a_process_pool_and_a_dask_cluster(dask_client):
    serial = run_games(2, progress=False)
    assert [o.seed for o in serial] == game_seeds(0, 2)
    assert run_games(2, workers=2, progress=False) == serial
    assert run_games(2, executor=dask_client.get_executor(), progress=False) == serial


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
