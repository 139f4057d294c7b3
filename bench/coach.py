"""Issue 44's "Done when" figures for the coach: agreement of hint and review, quality against
a long-sample reference, CPU times, strength.  Run by hand (nice'd), never in the tests.

    .venv/bin/python bench/coach.py agreement --games 20 --level normal
    .venv/bin/python bench/coach.py quality --positions 20 --samples 200
    .venv/bin/python bench/coach.py timing --games 2
    .venv/bin/python bench/coach.py timing --games 1 --seed 46 --seat0 heuristic
    .venv/bin/python bench/coach.py strength --games 200 --level strong --mode standard

* **agreement** — four-player games (heuristic opponents, seeds spawned from ``--seed``); the
  learner at p1 follows the practice table's hint at every one of its decisions.  At each
  decision the hint's plan is compared with the review of that turn made afresh from the
  snapshot of the turn's start (a new comparison from the position's JSON, not the hint's),
  at the same level and seed: the share of decisions where the review's "best found" is the
  hint's plan.
* **quality** — positions at the start of a turn of seeded heuristic games (one every few
  rounds).  The reference: every plan of the generator with no pruning (``candidates`` with no
  cap) screened on ``--screen`` samples, the ``--finalists`` best then on ``--samples`` samples
  (common random numbers, seeds apart from the coach's).  Reported: the reference shortfall
  of the ``--level`` hint's plan (reference best less the hint plan's reference value), and the
  review's reported loss for a plan picked at random among the candidates against its
  reference loss (reference best less the plan's).
* **timing** — CPU time (``time.process_time``) of the ``--level`` search player's move at the
  start of its turns, the hint and the review at the start of a turn of p2, and the explorer's
  ``value`` column at those turn starts (and whether any raised ``ExploreLimit``), over
  ``--games`` four-player games against heuristic opponents.  ``--seat0`` puts another player
  at p0 (``heuristic``, or ``search`` at another level: ``easy``, ``normal``, ``strong``); the
  coach stays at ``--level``.
* **strength** — an arena of ``--level`` ``search`` against ``heuristic`` in ``--mode``
  (``standard`` 4 players: one search seat; ``tableau`` 3 players; ``tableau-duel``; ``team``:
  a search team against a heuristic team), win rates with 95 % Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from obsession_nb.base.batch import game_seeds
from obsession_nb.engine.explore.explorer import ExploreLimit
from obsession_nb.engine.game import Game, load_json, new_game
from obsession_nb.practice.arena import arena, make_player, standings_text
from obsession_nb.practice.candidates import Candidate, candidates
from obsession_nb.practice.coach import compare, explore_values, hint, review_turn
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.plans import Samples, run
from obsession_nb.practice.session import Practice
from obsession_nb.practice.turn_plan import own_turn, same_plan


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def times(label: str, xs: list[float]) -> str:
    if not xs:
        return f"{label}: none"
    return (f"{label}: n={len(xs)} median {statistics.median(xs):.2f} s, "
            f"p95 {percentile(xs, 0.95):.2f} s, max {max(xs):.2f} s (CPU)")


# ------------------------------------------------------------ agreement


def agreement(games: int, seed: int, level: str) -> dict[str, Any]:
    agree = decisions = turns = 0
    misses: list[str] = []
    for s in game_seeds(seed, games):
        practice = Practice(4, 1, "heuristic", seed=s, level=level)
        me = make_player("heuristic", s)
        while not practice.over:
            practice.play_opponents()
            if practice.over:
                break
            turn = practice.game.state.turn
            mark = practice.marks[-1] if practice.marks else None
            if not (mark and mark.turn):  # setup decisions: no turn to review
                practice.apply(me.choose(practice.game))
                continue
            told = practice.hint()
            start = mark.snapshot
            plans = [told.plan]
            practice.apply(told.action)
            while practice.your_move() and practice.marks[-1] is mark:
                told = practice.hint()
                plans.append(told.plan)
                practice.apply(told.action)
            if len(practice.game.log) == start.log_length or turn is None:
                continue
            review = review_turn(practice.game, start, level=level, seed=practice.seed)
            turns += 1
            for plan in plans:
                decisions += 1
                if plan == review.best[0].label:
                    agree += 1
                else:
                    misses.append(f"seed {s} round {review.round}: hint {plan!r} / review "
                                  f"{review.best[0].label!r}")
        print(json.dumps({"game": s, "turns": turns, "decisions": decisions, "agree": agree}),
              flush=True)
    return {"games": games, "turns": turns, "decisions": decisions, "agree": agree,
            "share": agree / decisions if decisions else None, "misses": misses[:10]}


# ------------------------------------------------------------ quality


def turn_starts(count: int, seed: int) -> list[Game]:
    """Positions at the start of a turn, from seeded heuristic 4-player games."""
    out: list[Game] = []
    for s in game_seeds(seed, count):
        game = new_game(4, seed=s)
        players = [HeuristicPlayer(s * 8 + k) for k in range(4)]
        target = 2 + (s % 13)
        while not game.state.finished:
            turn = game.state.turn
            if turn is not None and turn.step == "begin" and game.state.round >= target:
                out.append(game)
                break
            game.apply(players[game.pending()["owner"]].choose(game))
    return out


def quality(positions: int, seed: int, level: str, screen: int, samples: int,
            finalists: int) -> dict[str, Any]:
    rows = []
    for n, game in enumerate(turn_starts(positions, seed)):
        seat = game.state.turn.player
        everything = candidates(game.table, seat, random.Random(f"reference:{n}"), most=10**6)
        first = _played(game.table, seat, everything, screen, f"reference:{n}")
        top = sorted(first, key=lambda p: -p[1])[:finalists]
        ref = dict(_played(game.table, seat, [Candidate(p, 0.0) for p, _m in top], samples,
                           f"reference:{n}"))
        found = compare(game, level=level, seed=0)
        told = found.best.plan
        if not any(same_plan(told, p) for p in ref):
            ref.update(_played(game.table, seat, [Candidate(told, 0.0)], samples,
                               f"reference:{n}"))
        best_value = max(ref.values())
        hint_value = next(v for p, v in ref.items() if same_plan(p, told))
        # the review of a plan picked at random
        pick = random.Random(f"pick:{n}").choice(everything).plan
        played = ref.get(pick) if pick in ref else dict(_played(
            game.table, seat, [Candidate(pick, 0.0)], samples, f"reference:{n}"))[pick]
        reviewed = _review_of(game, pick, level)
        rows.append({"position": n, "round": game.state.round, "plans": len(everything),
                     "shortfall": best_value - hint_value,
                     "reported_loss": reviewed, "reference_loss": best_value - played})
        print(json.dumps(rows[-1]), flush=True)
    shortfalls = [r["shortfall"] for r in rows]
    loss_errors = [abs(r["reported_loss"] - r["reference_loss"]) for r in rows]
    return {"positions": len(rows), "samples": samples, "screen": screen,
            "finalists": finalists,
            "within_1vp": sum(x <= 1 for x in shortfalls) / len(rows),
            "mean_shortfall": statistics.mean(shortfalls),
            "max_shortfall": max(shortfalls),
            "review_within_2vp": sum(x <= 2 for x in loss_errors) / len(rows),
            "mean_review_error": statistics.mean(loss_errors)}


def _played(table: Any, seat: int, found: list[Candidate], samples: int,
            seed: str) -> list[tuple[Any, float]]:
    """Each plan's mean margin on ``samples`` common samples."""
    pool = Samples(table, seat, seed)
    out = []
    for c in found:
        values = [run(pool, c.plan, i).margin for i in range(samples)]
        out.append((c.plan, sum(values) / len(values)))
    return out


def _review_of(game: Game, plan: Any, level: str) -> float:
    """The loss the review reports for a turn that played ``plan`` (0 when too close)."""
    trial = load_json(game.to_json(), catalog=game.table.catalog)
    mark = trial.snapshot()
    own_turn(trial.table, trial.state.turn.player, plan, HeuristicPlayer(0), apply=trial.apply)
    return review_turn(trial, mark, level=level).cost


# ------------------------------------------------------------ timing


def timing(games: int, seed: int, level: str, seat0: str = "search") -> dict[str, Any]:
    moves: list[float] = []
    hints: list[float] = []
    reviews: list[float] = []
    explorer: list[float] = []
    limits = 0
    for s in game_seeds(seed, games):
        game = new_game(4, seed=s)
        first = make_player("heuristic", s) if seat0 == "heuristic" else make_player(
            "search", s, level=level if seat0 == "search" else seat0)
        players = [first] + [make_player("heuristic", s + k) for k in (1, 2, 3)]
        while not game.state.finished:
            owner = game.pending()["owner"]
            turn = game.state.turn
            if owner == 1 and turn.step == "begin" and game.table.mode.decision_owner(
                    game.table) is None:
                began = game.state.round
                start = time.process_time()
                hint(game, level=level)
                hints.append(time.process_time() - start)
                start = time.process_time()
                try:
                    explore_values(game, level=level)
                except ExploreLimit as exc:
                    limits += 1
                    print(f"explorer: {type(exc).__name__}: {exc}", flush=True)
                explorer.append(time.process_time() - start)
                mark = game.snapshot()
                while game.state.turn is not None and game.state.turn.player == 1:
                    game.apply(players[game.pending()["owner"]].choose(game))
                start = time.process_time()
                review_turn(game, mark, level=level)
                reviews.append(time.process_time() - start)
                print(json.dumps({"round": game.state.round, "turn_round": began,
                                  "hint": hints[-1],
                                  "explorer": explorer[-1], "review": reviews[-1],
                                  "moves": moves[-4:]}), flush=True)
                continue
            searched = owner == 0 and turn.step == "begin" and seat0 != "heuristic"
            start = time.process_time()
            action = players[owner].choose(game)
            if searched:
                moves.append(time.process_time() - start)
            game.apply(action)
    mover = f"{level if seat0 == 'search' else seat0} search move"
    for label, xs in ((mover, moves), ("hint", hints), ("review", reviews),
                      ("explorer value column", explorer)):
        print(times(label if label == mover else f"{level} {label}", xs))
    return {"games": games, "level": level, "seat0": seat0, "explorer_failures": limits,
            **{k: {"n": len(v), "median": statistics.median(v), "p95": percentile(v, 0.95),
                   "max": max(v)} for k, v in (("move", moves), ("hint", hints),
                                              ("review", reviews), ("explorer", explorer)) if v}}


# ------------------------------------------------------------ strength

LINEUPS = {"standard": (4, ["search", "heuristic"]), "tableau": (3, ["search", "heuristic"]),
           "tableau-duel": (2, ["search", "heuristic"]),
           "team": (4, ["search", "heuristic", "search", "heuristic"])}


def strength(games: int, seed: int, level: str, mode: str, workers: int) -> str:
    players, seats = LINEUPS[mode]
    results = arena(games, players, seats, seed, mode=mode, level=level, workers=workers,
                    progress=False)
    return standings_text(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("agreement", "quality", "timing", "strength"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--screen", type=int, default=20)
    parser.add_argument("--finalists", type=int, default=6)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--mode", default="standard", choices=list(LINEUPS))
    parser.add_argument("--seat0", default="search",
                        choices=("search", "heuristic", "easy", "normal", "strong"),
                        help="timing: p0's player (search at --level, heuristic, or search at "
                             "that level)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    began = time.time()
    if args.what == "agreement":
        print(json.dumps(agreement(args.games, args.seed, args.level), indent=1))
    elif args.what == "quality":
        print(json.dumps(quality(args.positions, args.seed, args.level, args.screen,
                                 args.samples, args.finalists), indent=1))
    elif args.what == "timing":
        print(json.dumps(timing(args.games, args.seed, args.level, args.seat0), indent=1))
    else:
        print(strength(args.games, args.seed, args.level, args.mode, args.workers))
    print(f"({time.time() - began:.0f} s wall)")


if __name__ == "__main__":
    main()
