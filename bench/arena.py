"""The figures of issue 29's "Done when": arena win rates with 95 % intervals, the CPU time of a
search move at the default budget and of the coach's review of a turn.

    .venv/bin/python bench/arena.py --games 200 --workers 2 --out /tmp/arena.jsonl
    .venv/bin/python bench/arena.py --report /tmp/arena.jsonl      # the tables again
    .venv/bin/python bench/arena.py --timing-games 2                # the CPU times

Arenas (4 players, the line-up turned one seat per game, each game from its own seed spawned
from ``--seed``): ``search`` against three ``heuristic``, and ``heuristic`` against three
``random``.  Each finished game is appended to ``--out`` as it comes, so a run stopped early
still reports the games it played.  Timings are CPU time (``time.process_time``) in this
process: every decision of the search player at the start of a turn and in step 7 over
``--timing-games`` games against heuristic opponents, and the coach's review after each turn
of one seat over the same games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict
from pathlib import Path

from obsession_nb.base.batch import each, game_seeds
from obsession_nb.engine.game import new_game
from obsession_nb.practice.arena import ArenaGame, ArenaResult, lineup, make_player, play_arena_game
from obsession_nb.practice.arena import standings_text as table_text

ARENAS = {"search-vs-heuristic": ("search", "heuristic"),
          "heuristic-vs-random": ("heuristic", "random")}


def specs(name: str, games: int, seed: int, level: str | None) -> list[ArenaGame]:
    seats = lineup(ARENAS[name], 4)
    out = []
    for i, s in enumerate(game_seeds(seed, games)):
        turn = i % 4
        order = seats[-turn:] + seats[:-turn] if turn else seats
        out.append(ArenaGame(4, s, order, level=level))
    return out


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    for name in args.arena or ARENAS:
        jobs = specs(name, args.games, args.seed, args.level)[args.start:args.stop]
        for _i, result in each(play_arena_game, jobs, workers=args.workers, desc=name):
            with out.open("a") as f:
                f.write(json.dumps({"arena": name, **asdict(result)}) + "\n")


def report(path: str) -> str:
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    parts = []
    for name in ARENAS:
        results = [ArenaResult(r["seed"], tuple(r["seats"]), tuple(r["totals"]),
                               tuple(r["winners"]), r["actions"],
                               tuple(tuple(t) for t in r.get("teams", ())))
                   for r in rows if r["arena"] == name]
        if results:
            parts.append(f"{name}: {table_text(results)}")
    return "\n\n".join(parts)


def timings(games: int, seed: int) -> str:
    from obsession_nb.practice.coach import review_turn

    moves: list[float] = []
    reviews: list[float] = []
    for s in game_seeds(seed + 1, games):
        game = new_game(4, seed=s)
        players = [make_player("search", s)] + [make_player("heuristic", s + k)
                                                for k in (1, 2, 3)]
        while not game.state.finished:
            owner = game.pending()["owner"]
            turn = game.state.turn
            searched = owner == 0 and turn.step == "begin"
            mark = game.snapshot() if owner == 1 and turn.step == "begin" else None
            start = time.process_time()
            action = players[owner].choose(game)
            if searched:
                moves.append(time.process_time() - start)
            game.apply(action)
            if mark is not None:
                while game.state.turn is not None and game.state.turn.player == 1:
                    game.apply(players[game.pending()["owner"]].choose(game))
                start = time.process_time()
                review_turn(game, mark)
                reviews.append(time.process_time() - start)

    def line(label: str, xs: list[float]) -> str:
        xs = sorted(xs)
        return (f"{label}: n={len(xs)} median {statistics.median(xs):.2f} s, "
                f"p95 {xs[int(0.95 * (len(xs) - 1))]:.2f} s, max {xs[-1]:.2f} s (CPU)")

    return "\n".join([line("search move (start of turn: the whole turn's plan)", moves),
                      line("coach review of a turn", reviews)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", choices=("easy", "normal", "strong"), default=None)
    parser.add_argument("--out", default="arena.jsonl")
    parser.add_argument("--start", type=int, default=0,
                        help="play games START.. only (to split a run over processes)")
    parser.add_argument("--stop", type=int, default=None, help="... up to STOP (excluded)")
    parser.add_argument("--arena", action="append", choices=list(ARENAS),
                        help="only this arena (repeatable; default: both)")
    parser.add_argument("--report", metavar="JSONL")
    parser.add_argument("--timing-games", type=int, default=0)
    args = parser.parse_args()
    if args.report:
        print(report(args.report))
        return
    if args.timing_games:
        print(timings(args.timing_games, args.seed))
        return
    run(args)
    print(report(args.out))


if __name__ == "__main__":
    main()
