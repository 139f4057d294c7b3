"""The figures of issues 29 and 44: arena win rates with 95 % Wilson intervals and the CPU time
of each game, the CPU time of a search move and of the coach's review of a turn.

    .venv/bin/python bench/arena.py --games 200 --workers 2 --out /tmp/arena.jsonl
    .venv/bin/python bench/arena.py --arena strong-duel --level strong --games 20 --out d.jsonl
    .venv/bin/python bench/arena.py --report /tmp/arena.jsonl      # the tables again
    .venv/bin/python bench/arena.py --timing-games 2                # the CPU times

Arenas (the line-up turned one seat per game, each game from its own seed spawned from
``--seed``; ``--level`` sets the search players' level):

* issue 29: 4 players, ``search`` against three ``heuristic``, and ``heuristic`` against three
  ``random``;
* issue 44's strength (with ``--level strong``): ``strong-4p``, ``search`` against three
  ``heuristic`` in the 4-player standard game; ``strong-tableau``, against two ``heuristic`` in
  3-player Tableau; ``strong-duel``, against ``heuristic`` in the Duel; ``strong-team``, a
  ``search`` team against a ``heuristic`` team in 4-player Competitive Team Play.

Each finished game is appended to ``--out`` as it comes, with the CPU seconds it took, so a run
stopped early still reports the games it played; ``--resume`` then plays only the games of the
range that ``--out`` does not hold yet (each game is known by its arena and seed).  Issue 44's runs
are kept in ``bench/arena/`` so that a run spread over several sittings loses nothing.

Timings are CPU time (``time.process_time``) in this process: every decision of the search
player at the start of a turn over ``--timing-games`` games against heuristic opponents, and the
coach's review after each turn of one seat over the same games.
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

ARENAS = {"search-vs-heuristic": (4, "standard", ("search", "heuristic")),
          "heuristic-vs-random": (4, "standard", ("heuristic", "random")),
          "strong-4p": (4, "standard", ("search", "heuristic")),
          "strong-tableau": (3, "tableau", ("search", "heuristic")),
          "strong-duel": (2, "tableau-duel", ("search", "heuristic")),
          "strong-team": (4, "team", ("search", "heuristic", "search", "heuristic"))}
"""Each arena's players, mode and line-up (team play: partners sit across the table)."""
DEFAULT_ARENAS = ("search-vs-heuristic", "heuristic-vs-random")


def specs(name: str, games: int, seed: int, level: str | None) -> list[ArenaGame]:
    players, mode, names = ARENAS[name]
    seats = lineup(names, players)
    out = []
    for i, s in enumerate(game_seeds(seed, games)):
        turn = i % players
        order = seats[-turn:] + seats[:-turn] if turn else seats
        out.append(ArenaGame(players, s, order, mode, level=level))
    return out


def timed_game(spec: ArenaGame) -> tuple[ArenaResult, float]:
    """One arena game and the CPU seconds it took in the process that played it."""
    start = time.process_time()
    result = play_arena_game(spec)
    return result, time.process_time() - start


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    for name in args.arena or DEFAULT_ARENAS:
        jobs = specs(name, args.games, args.seed, args.level)[args.start:args.stop]
        if args.resume:
            done = played(out)
            jobs = [j for j in jobs if (name, j.seed) not in done]
        for _i, (result, cpu) in each(timed_game, jobs, workers=args.workers, desc=name):
            with out.open("a") as f:
                f.write(json.dumps({"arena": name, "level": args.level, "cpu": round(cpu, 2),
                                    **asdict(result)}) + "\n")


def played(out: Path) -> set[tuple[str, int]]:
    """The (arena, seed) of every game ``out`` already holds."""
    if not out.exists():
        return set()
    rows = (json.loads(line) for line in out.read_text().splitlines() if line)
    return {(r["arena"], r["seed"]) for r in rows}


def report(path: str) -> str:
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    parts = []
    for name in ARENAS:
        results = [ArenaResult(r["seed"], tuple(r["seats"]), tuple(r["totals"]),
                               tuple(r["winners"]), r["actions"],
                               tuple(tuple(t) for t in r.get("teams", ())))
                   for r in rows if r["arena"] == name]
        if results:
            cpu = [r["cpu"] for r in rows if r["arena"] == name and "cpu" in r]
            per = f"\n  CPU per game: mean {statistics.mean(cpu):.0f} s" if cpu else ""
            parts.append(f"{name}: {table_text(results)}{per}")
    return "\n\n".join(parts)


def timings(games: int, seed: int, level: str | None = None) -> str:
    from obsession_nb.practice.coach import review_turn

    moves: list[float] = []
    reviews: list[float] = []
    for s in game_seeds(seed + 1, games):
        game = new_game(4, seed=s)
        players = [make_player("search", s, **({"level": level} if level else {}))] + [make_player("heuristic", s + k)
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
                review_turn(game, mark, **({"level": level} if level else {}))
                reviews.append(time.process_time() - start)

    def line(label: str, xs: list[float]) -> str:
        xs = sorted(xs)
        return (f"{label}: n={len(xs)} median {statistics.median(xs):.2f} s, "
                f"p95 {xs[int(0.95 * (len(xs) - 1))]:.2f} s, max {xs[-1]:.2f} s (CPU)")

    return "\n".join([line(f"search move at {level or 'normal'} (start of turn: the whole "
                            "turn's plan)", moves),
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
    parser.add_argument("--resume", action="store_true",
                        help="skip the games --out already holds (same arena and seed)")
    parser.add_argument("--arena", action="append", choices=list(ARENAS),
                        help="only this arena (repeatable; default: issue 29's two)")
    parser.add_argument("--report", metavar="JSONL")
    parser.add_argument("--timing-games", type=int, default=0)
    args = parser.parse_args()
    if args.report:
        print(report(args.report))
        return
    if args.timing_games:
        print(timings(args.timing_games, args.seed, args.level))
        return
    run(args)
    print(report(args.out))


if __name__ == "__main__":
    main()
