"""An OPTIMISTIC BOUND on the Solo Estate Challenge, not a player (run by hand; never asserted).

``nice -n 5 .venv/bin/python bench/solo_oracle.py --games 20 --width 4 --width 16
[--length standard|extended] [--evaluation outlook|greedy] [--rollouts K]``

From the start of each seeded game (the seeds of ``solo_odds.run_games`` and
``bench/solo_strategy.py``: Ponsonby with the useful man drafted), a beam search over whole turns
(``modes/solo/players/search.SearchSolo`` with ``honest=False``: every plan the planner considers crossed
with several purchase lines, played through the AI's scavenging) keeps the best WIDTH positions
of each round and plays to the end; with ``--rollouts K`` the best K children of each round (by
the outlook) are judged instead by the final score the greedy player reaches from them, and those
playouts count as lines too.  It runs on the game itself, so it sees the real future d20
rolls and the real deck order: the best final score it reaches is an upper bound for players
built on these move generators (for this beam width), not something a legal player could
expect.  Prints per width: seeds whose best line beats the target, the mean best final
(adjusted) score, its finishing round and scorepad, the rounds at which that line reached Max
reputation, full columns and its last flip, and the CPU seconds per game.
"""

from __future__ import annotations

import argparse
import statistics
import time

from obsession_nb.base.batch import game_seeds
from obsession_nb.modes.solo.end import target
from obsession_nb.modes.solo.game import solo_result
from obsession_nb.modes.solo.players.search import Node, SearchSolo
from obsession_nb.tutor.solo_odds import EXTENDED_SEEDS, default_start


def bound(seed: int, width: int, extended: bool, evaluation: str,
          rollouts: int) -> tuple[Node | None, float]:
    """The best finished line of the peeking beam search from the start of a game, and the CPU
    seconds it took."""
    start = time.process_time()
    game = default_start(extended)(seed)
    oracle = SearchSolo(seed, width=width, horizon=None, honest=False, evaluation=evaluation,
                        rollouts=rollouts)
    table = oracle.root(game.table)
    finished, _ = oracle.beam([Node(table, None, oracle.worth(table))], None)
    best = max(finished + oracle.played_out, key=lambda n: n.worth, default=None)
    return best, time.process_time() - start


def monuments(node: Node) -> int:
    table = node.table
    return sum(1 for o in table.state.players[0].organiser
               if table.tile(o.tile).kind == "monument")


def wasted(node: Node) -> int:
    """Activities on a tile already flipped: the line's activities (one turn a round, less its
    passes) beyond the flips its tableau needed."""
    table = node.table
    solo = table.state.solo
    turns = solo.finished_round if solo is not None and solo.finished_round else 0
    flips = sum(1 for o in table.state.players[0].organiser if table.tile(o.tile).flips)
    return turns - node.marks.passes - flips


def mean(values: list[float]) -> float:
    return statistics.mean(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--width", type=int, action="append")
    parser.add_argument("--length", choices=("standard", "extended"), default="standard")
    parser.add_argument("--evaluation", choices=("outlook", "greedy"), default="outlook")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="children per round judged by the greedy player's playout to the "
                        "end (on the same real dice) instead of the outlook; 0: none")
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    parser.add_argument("--trace", action="store_true",
                        help="with --verbose: the best line's turns (plan and purchases)")
    args = parser.parse_args()
    extended = args.length == "extended"
    seeds = game_seeds(EXTENDED_SEEDS if extended else 0, args.games)
    for width in args.width or [4]:
        rows = []
        for seed in seeds:
            node, cpu = bound(seed, width, extended, args.evaluation, args.rollouts)
            if node is None:
                rows.append((seed, None, cpu))
                continue
            result = solo_result(node.table)
            rows.append((seed, (node, result), cpu))
            if args.verbose:
                m = node.marks
                print(f"  seed {seed}: final {result.adjusted} (scorepad {result.total}, round "
                      f"{result.round}) max@{m.max_reputation} full@{m.columns_full} "
                      f"flipped@{m.all_flipped} passes {m.passes} wasted {wasted(node)} "
                      f"monuments {monuments(node)} £{node.table.state.players[0].money} left "
                      f"{dict(result.scoresheet.players[0].categories)} cpu {cpu:.1f}s",
                      flush=True)
            if args.trace:
                print("    " + " | ".join(
                    f"r{i} {move.plan}{' (frugal)' if move.frugal else ''}"
                    + (f": {', '.join(move.buys)}" if move.buys else "")
                    for i, move in enumerate(node.line, 1))
                    + (" | then the greedy player" if len(node.line) < result.round else ""),
                    flush=True)
        found = [r[1] for r in rows if r[1] is not None]
        goal = target(found[0][0].table)[0] if found else 0
        won = sum(1 for _, res in found if res.won)
        cpus = [r[2] for r in rows]
        marks = [n.marks for n, _ in found]
        judge = f"{args.evaluation}, {args.rollouts} playouts/round" if args.rollouts else (
            args.evaluation)
        print(f"width {width:3} {args.length} ({judge}): beat {goal} in {won}/"
              f"{len(rows)}  mean best final {mean([r.adjusted for _, r in found]):6.1f}  "
              f"scorepad {mean([r.total for _, r in found]):6.1f}  round "
              f"{mean([r.round for _, r in found]):5.2f}  Max@"
              f"{mean([m.max_reputation for m in marks if m.max_reputation]):5.2f} full@"
              f"{mean([m.columns_full for m in marks if m.columns_full]):5.2f} flipped@"
              f"{mean([m.all_flipped for m in marks if m.all_flipped]):5.2f} passes "
              f"{mean([m.passes for m in marks]):4.1f} wasted "
              f"{mean([wasted(n) for n, _ in found]):4.1f} monuments "
              f"{mean([monuments(n) for n, _ in found]):3.1f} £ left "
              f"{mean([n.table.state.players[0].money for n, _ in found]):5.0f}  CPU s/game mean "
              f"{mean(cpus):6.1f} max {max(cpus):6.1f}", flush=True)


if __name__ == "__main__":
    main()
