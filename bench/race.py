"""Issue 44, 3-player Tableau: how fast the playouts' players race to Max, and what that does to
`strong`'s decisions.  Run by hand (nice'd), never in the tests.

    .venv/bin/python bench/race.py rounds --games 60
    .venv/bin/python bench/race.py held --positions 24 --samples 200

* **rounds** — whole 3-player Tableau games (seeds of the ``strong-tableau`` arena) played by
  three ``heuristic`` players, and by the tree's playout policy for every seat, quick (a turn
  hosts whenever it can) and planned (each turn planned as the heuristic player plans it,
  ``turn_plan._quick``): the rounds played until a turn ends at Max (tableau.end), the
  winner's total and its lead.  A playout that races slower than the real players tells the
  search it has more time than it has.
* **held** — turn starts of heuristic 3-player Tableau games (one per game, seat ``j mod 3``,
  round ``2 + j mod 8``); at each, the ``strong`` decision with the playouts quick (the tree
  as it is), planned (planning forced on, as the tree of ``f952da3`` planned them) and planned
  at half the budget.  Where they name different plans, each plan is valued on ``--samples`` common samples
  played to the end of the game (the seat's turn by the plan, then every seat by ``heuristic``
  players): its mean final margin and win share, and each variant's paired difference from the
  quick one.
* **picks** — the root's final pick (issue 44: the search's choice at the root is mostly
  sampling noise): at the same held positions, ``strong`` searches once (``--pw`` sets the
  root's widening ``tree.PW_C``), and each pick rule names a plan from the same searched
  lines: ``current`` (``tree.ranking``), ``robust`` (the most played line), ``lcb`` (among the
  lines the search played, not only looked at, the best mean minus one standard error) and
  ``paired`` (among the lines ``ranking`` compares, the best mean on the samples they all
  share).  Each plan a pick names is valued as in **held**, and each pick's difference from
  ``current`` at ``--pw 2`` (the search as it is) is averaged over the positions.

    .venv/bin/python bench/race.py picks --positions 24 --samples 200 --pw 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from obsession_nb.base.batch import game_seeds
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.option_index import options_with
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.table import Table
from obsession_nb.practice import plans as plan_search
from obsession_nb.practice import tree, turn_plan
from obsession_nb.practice.arena import play_with
from obsession_nb.practice.determinise import MIN_SAMPLES, copy_position, sample
from obsession_nb.practice.opponents import HeuristicPlayer, PlayoutPolicy
from obsession_nb.practice.plans import LEVELS, Level, best_plans
from obsession_nb.practice.turn_plan import Plan, own_turn, same_plan, sample_policy, to_the_end

SEED = 44
"""The ``strong-tableau`` arena's root seed (bench/arena.py ``--seed 44``)."""


def tableau_game(seed: int) -> Game:
    return new_game(3, seed=seed, options=options_with((), Options.model_validate(
        {"mode": "tableau"})))


def result(game: Game, seat: int | None = None) -> tuple[int, list[int], float, float]:
    """The rounds played, the totals, and for ``seat`` its final margin and win share."""
    sheet = score(game)
    totals = {p.seat: p.total for p in sheet.players}
    ranked = sorted(totals.values())
    if seat is None:
        return game.state.round, list(totals.values()), ranked[-1], ranked[-1] - ranked[-2]
    margin = totals[seat] - max(v for s, v in totals.items() if s != seat)
    win = 1 / len(sheet.winners) if seat in sheet.winners else 0.0
    return game.state.round, list(totals.values()), margin, win


def rounds(games: int) -> str:
    lines = ["| players | games | rounds (mean) | winner's total | lead | CPU s |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name in ("heuristic", "quick", "planned"):
        start = time.process_time()
        rows = []
        for i, seed in enumerate(game_seeds(SEED, games)):
            game = tableau_game(seed)
            if name == "heuristic":
                play_with(game, [HeuristicPlayer(seed * 8 + s) for s in range(3)])
            else:
                to_the_end(game.table, sample_policy(f"q{i}", 0), planned=name == "planned")
            rows.append(result(game))
        lines.append(f"| {name} | {games} | {statistics.mean(r[0] for r in rows):.2f} | "
                     f"{statistics.mean(r[2] for r in rows):.1f} | "
                     f"{statistics.mean(r[3] for r in rows):.1f} | "
                     f"{time.process_time() - start:.1f} |")
    return "\n".join(lines)


def positions(n: int) -> list[tuple[int, int, Table]]:
    """One turn start per heuristic game: seat ``j mod 3`` at round ``2 + j mod 8`` or later."""
    out = []
    for j, seed in enumerate(game_seeds(SEED, 120 + n)[120:]):
        seat, round_ = j % 3, 2 + j % 8
        game = tableau_game(seed)
        players = [HeuristicPlayer(seed * 8 + s) for s in range(3)]
        while not game.state.finished:
            turn = game.state.turn
            if (turn is not None and turn.step == "begin" and turn.player == seat
                    and game.state.round >= round_):
                out.append((j, seat, copy_position(game.table)))
                break
            game.apply(players[game.pending()["owner"]].choose(game))
    return out


def variant(name: str) -> tuple[Level, Callable[..., int]]:
    """The level and the playouts' ``_quick`` of a variant (``planned``, ``half``: planning
    forced on)."""
    quick = turn_plan._quick
    if name == "quick":
        return LEVELS["strong"], quick

    def planned(sim: Table, policy: PlayoutPolicy, stop: Callable[..., bool], most: int,
                planned: bool = False) -> int:
        return quick(sim, policy, stop, most, True)

    if name == "half":
        return Level("strong", LEVELS["strong"].budget // 2, LEVELS["strong"].plans, 2), planned
    return LEVELS["strong"], planned


def reference(table: Table, seat: int, plan: Plan, i: int) -> tuple[float, float]:
    """Sample ``i``: the plan for the seat's turn, then heuristic players to the end."""
    sim = sample(table, seat, random.Random(f"ref:{i}"))
    policy = PlayoutPolicy(0)
    policy.rng = random.Random(f"ref:{i}:policy")
    own_turn(sim, seat, plan, policy)
    game = Game(sim, explain=False)
    play_with(game, [HeuristicPlayer(i * 8 + s) for s in range(3)])
    _r, _t, margin, win = result(game, seat)
    return margin, win


def held(n: int, samples: int) -> str:
    names = ("quick", "planned", "half")
    diffs: dict[str, list[tuple[float, float]]] = {v: [] for v in names}
    cpu: dict[str, float] = dict.fromkeys(names, 0.0)
    out = []
    for j, seat, table in positions(n):
        chosen: dict[str, Plan] = {}
        for name in names:
            level, quick = variant(name)
            saved, turn_plan._quick = turn_plan._quick, quick
            start = time.process_time()
            try:
                chosen[name] = best_plans(table, seat, level=level, seed=f"held:{j}").best.plan
            finally:
                turn_plan._quick = saved
            cpu[name] += time.process_time() - start
        plans: list[Plan] = []
        for plan in chosen.values():
            if not any(same_plan(plan, p) for p in plans):
                plans.append(plan)
        if len(plans) == 1:
            for name in names:
                diffs[name].append((0.0, 0.0))
            out.append(f"position {j} (round {table.state.round}): the same plan")
            continue
        values = [[reference(table, seat, p, i) for i in range(samples)] for p in plans]
        of = {name: values[next(k for k, p in enumerate(plans) if same_plan(p, plan))]
              for name, plan in chosen.items()}
        words = []
        for name in names:
            d = [(x[0] - y[0], x[1] - y[1]) for x, y in zip(of[name], of["quick"], strict=True)]
            diffs[name].append((statistics.mean(x[0] for x in d), statistics.mean(x[1] for x in d)))
            words.append(f"{name} {statistics.mean(x[0] for x in of[name]):+.1f} VP "
                         f"{statistics.mean(x[1] for x in of[name]):.2f} won")
        out.append(f"position {j} (round {table.state.round}): " + ", ".join(words))
    for name in names:
        dm = [x[0] for x in diffs[name]]
        dw = [x[1] for x in diffs[name]]
        se = statistics.stdev(dw) / len(dw) ** 0.5 if len(dw) > 1 else 0.0
        out.append(f"{name}: against quick, mean {statistics.mean(dm):+.2f} VP, win share "
                   f"{statistics.mean(dw):+.3f} ± {se:.3f} over {len(dw)} positions; "
                   f"CPU {cpu[name] / len(dw):.1f} s a decision")
    return "\n".join(out)


def root_picks(lines: Sequence[tree.Line]) -> dict[str, Plan]:
    """The plan each pick rule names from the same searched root lines (``lines[0]`` is
    ``tree.ranking``'s)."""
    def spread(x: tree.Line) -> float:
        return statistics.stdev(o.margin for o in x.outcomes)
    searched = [x for x in lines if len(x.outcomes) >= MIN_SAMPLES]
    most = max(len(x.outcomes) for x in lines)
    pool = [x for x in lines if len(x.outcomes) >= max(MIN_SAMPLES, most // 2)]
    shared = min(len(x.outcomes) for x in pool)
    return {
        "current": lines[0].plan,
        "robust": max(lines, key=lambda x: (len(x.outcomes), x.mean, x.cheap)).plan,
        "lcb": lines[0].plan if len(searched) < 2 else max(
            searched, key=lambda x: (x.mean - spread(x) / len(x.outcomes) ** 0.5, x.cheap)).plan,
        "paired": max(pool, key=lambda x: (sum(o.margin for o in x.outcomes[:shared]),
                                           x.cheap)).plan,
    }


def picks(n: int, samples: int, pw: float) -> str:
    """Each pick rule's plans valued against the search's as it is (``current`` at PW_C 2)."""
    searched: list[list[tree.Line]] = []
    search = tree.search

    def spy(*args: Any) -> tuple[list[tree.Line], int]:
        lines, spent = search(*args)
        searched.append(lines)
        return lines, spent

    names = ("current", "robust", "lcb", "paired")
    diffs: dict[str, list[tuple[float, float]]] = {v: [] for v in names}
    cpu = 0.0
    out = []
    for j, seat, table in positions(n):
        chosen = {}
        for width in dict.fromkeys((2.0, pw)):
            saved, tree.PW_C = tree.PW_C, width
            vars(plan_search)["search"] = spy  # the search best_plans calls
            start = time.process_time()
            try:
                best_plans(table, seat, level="strong", seed=f"held:{j}")
            finally:
                tree.PW_C = saved
                vars(plan_search)["search"] = search
            if width == pw:
                cpu += time.process_time() - start
            chosen[width] = root_picks(searched[-1])
        base = chosen[2.0]["current"]
        valued: list[tuple[Plan, float, float]] = []
        words = []
        for name in names:
            plan = chosen[pw][name]
            for p in (base, plan):
                if not any(same_plan(p, q) for q, _m, _w in valued) and not same_plan(base, plan):
                    values = [reference(table, seat, p, i) for i in range(samples)]
                    valued.append((p, statistics.mean(v[0] for v in values),
                                   statistics.mean(v[1] for v in values)))
            if same_plan(base, plan):
                diffs[name].append((0.0, 0.0))
                continue
            mine = next((m, w) for q, m, w in valued if same_plan(q, plan))
            theirs = next((m, w) for q, m, w in valued if same_plan(q, base))
            diffs[name].append((mine[0] - theirs[0], mine[1] - theirs[1]))
            words.append(f"{name} {diffs[name][-1][0]:+.1f} VP {diffs[name][-1][1]:+.3f} won")
        out.append(f"position {j} (round {table.state.round}): "
                   + (", ".join(words) or "the same plan"))
    out.append(f"PW_C {pw}: CPU {cpu / n:.1f} s a decision")
    for name in names:
        dm = [x[0] for x in diffs[name]]
        dw = [x[1] for x in diffs[name]]
        out.append(f"{name}: against the search as it is, {statistics.mean(dm):+.2f} ± "
                   f"{statistics.stdev(dm) / n ** 0.5:.2f} VP, win share {statistics.mean(dw):+.3f}"
                   f" ± {statistics.stdev(dw) / n ** 0.5:.3f}; better {sum(x > 0 for x in dw)}, "
                   f"worse {sum(x < 0 for x in dw)}, same {sum(x == 0 for x in dw)}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("rounds", "held", "picks"))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--pw", type=float, default=tree.PW_C, help="the root's PW_C (picks)")
    args = parser.parse_args()
    text: Any = (rounds(args.games) if args.what == "rounds" else
                 held(args.positions, args.samples) if args.what == "held" else
                 picks(args.positions, args.samples, args.pw))
    print(text)


if __name__ == "__main__":
    main()
