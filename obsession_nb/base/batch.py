"""Many seeded games at once: one seed per game, and one function run over them by an executor.

``game_seeds(root, n)`` spawns ``n`` independent seeds from ``numpy.random.SeedSequence(root)``:
game ``i`` always gets the same seed, whichever process plays it.  ``run_all(fn, jobs)`` calls
``fn`` on every job and returns the results in the jobs' order (``each`` yields them as they
finish):

* serially in this process by default (``workers=1``);
* in a local process pool with ``workers=K`` (``concurrent.futures.ProcessPoolExecutor``);
* on any ``concurrent.futures``-compatible ``executor`` — a Dask cluster's
  ``distributed.Client(...).get_executor()`` (the optional ``[cluster]`` extra), a thread pool …
  The caller owns that executor; ``run_all`` does not shut it down.

With a pool or an executor, ``fn`` and the jobs must pickle (module-level functions, plain
records).  Batch simulations build on this: ``obsession_nb.simulate_games`` (random games) and
``obsession_nb.tutor.solo_odds.run_games`` (the Solo Estate Challenge).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from tqdm import tqdm

Job = TypeVar("Job")
Result = TypeVar("Result")

SEED_BITS = 53
"""Seeds fit in 53 bits, so they survive JSON in any reader (JavaScript numbers included)."""


def game_seeds(root: int, n: int) -> list[int]:
    """``n`` independent per-game seeds spawned from the root seed (the same list every time)."""
    from numpy.random import SeedSequence

    return [int(child.generate_state(1, dtype="uint64")[0]) >> (64 - SEED_BITS)
            for child in SeedSequence(root).spawn(n)]


def progress_default() -> bool:
    """Show a progress bar only to a person watching: when stderr is a terminal."""
    return sys.stderr.isatty()


def run_all(fn: Callable[[Job], Result], jobs: Sequence[Job], *, workers: int = 1,
            executor: Executor | None = None, progress: bool | None = None,
            desc: str = "games") -> list[Result]:
    """``[fn(job) for job in jobs]``, serially, on ``workers`` local processes or on
    ``executor``; a tqdm bar on stderr when ``progress`` (by default: when it is a terminal)."""
    results: list[Result | None] = [None] * len(jobs)
    for i, result in each(fn, jobs, workers=workers, executor=executor, progress=progress,
                          desc=desc):
        results[i] = result
    return cast(list[Result], results)  # every place filled by its job's result


def each(fn: Callable[[Job], Result], jobs: Sequence[Job], *, workers: int = 1,
         executor: Executor | None = None, progress: bool | None = None,
         desc: str = "games") -> Iterator[tuple[int, Result]]:
    """``(i, fn(jobs[i]))`` for every job as soon as it is done (in the jobs' order when
    serial, in the order they finish otherwise): for callers that keep results as they come,
    such as a long soak that must survive being stopped."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    show = progress_default() if progress is None else progress
    if executor is not None:
        yield from _gather(executor, fn, jobs, show, desc)
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from _gather(pool, fn, jobs, show, desc)
    else:
        with _bar(len(jobs), desc, show) as bar:
            for i, job in enumerate(jobs):
                yield i, fn(job)
                bar.update()


def _gather(executor: Executor, fn: Callable[[Job], Result], jobs: Sequence[Job], show: bool,
            desc: str) -> Iterator[tuple[int, Result]]:
    """Submit every job, then yield the results as they come, each with its job's index."""
    futures = {executor.submit(fn, job): i for i, job in enumerate(jobs)}
    try:
        # The bar (and its monitor thread) starts only once the pool's processes exist.
        with _bar(len(jobs), desc, show) as bar:
            for future in as_completed(futures):
                yield futures[future], future.result()
                bar.update()
    finally:  # stopped early (an error, or the caller stopped reading): drop what has not run
        for future in futures:
            future.cancel()


class _NoBar:
    """What a hidden progress bar does: nothing (and tqdm is not even imported)."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *_exc: object) -> None:
        return None

    def update(self) -> None:
        return None


def _bar(total: int, desc: str, show: bool) -> tqdm[Any] | _NoBar:
    if not show:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, file=sys.stderr)
