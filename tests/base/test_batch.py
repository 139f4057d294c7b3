"""Batch simulation (issue 9, item 8): one seed per game spawned from a root, the same results
serially, on a process pool and on a Dask cluster, for random games and for the solo odds.
What a batch of random games adds up to (``obsession-nb simulate --games N``) is tested in
tests/players/test_random_games.py."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from obsession_nb.base.batch import SEED_BITS, each, game_seeds, run_all
from obsession_nb.players.random_games import GameRecord, aggregate, simulate_games
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
