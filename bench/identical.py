"""Whether an engine change kept every game the same (run by hand, beside bench/run.py --against).

    .venv/bin/python bench/identical.py --against REV [--games N] [--legal] [--seats]

Seeded random games of every kind of ``tests/support/mode_games.py`` (the standard game at every size,
length and box, its variant option sets, team play, Tableau Obsession and Duel, the Solo Estate
Challenge, classic solitaire) are played to their end on the engine at git revision ``REV`` (a
temporary worktree, first on ``PYTHONPATH``) and on this tree, each in a fresh process.  Both
sides play the same games with the same players: this tree's ``tests/support/mode_games.py``.  For each
kind the script prints the actions played on each side and whether one digest agrees: every
action's notation, every log entry (who, what, and each ruling's rule, verdict and citation)
and the final position's JSON; with ``--legal``, also every decision's legal actions in their
order (``Game.legal_actions``: for a change to how candidates are listed); with ``--seats``, also
every seat's view after every action (the cards it cannot see with their backs, in their order,
which a re-deal draws from), each player's public cards (``Player.known``), each entry's
``seen_by`` and the log as each seat reads it (for a change to the seat bookkeeping,
ruling.seat-known-cards, ruling.seat-log).  It exits 1 if any
kind differs, so a speed change that altered a single ruling's wording is caught as surely as
one that altered a move.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from trees import ROOT, markdown, run_on, worktree


def play(games: int, legal: bool = False, seats: bool = False) -> dict[str, tuple[int, str]]:
    """Each kind's actions and digest over ``games`` seeded games, on the importable engine
    (``legal``: every decision's legal actions digested too, in order; ``seats``: what each
    seat sees, :func:`seat_views`)."""
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    from mode_games import every_kind, start

    found = {}
    for i, kind in enumerate(every_kind()):
        digest, actions = hashlib.sha256(), 0
        for seed in range(games):
            game, player = start(kind, 1000 * seed + i)
            while not game.state.finished:
                if legal:
                    digest.update(" ".join(x.notation for x in game.legal_actions()).encode())
                action = player.choose(game)
                game.apply(action)
                actions += 1
                digest.update(f"{action}\n".encode())
                if seats:
                    digest.update(seat_views(game).encode())
            if seats:
                digest.update(seat_logs(game).encode())
            for entry in game.log:
                digest.update(json.dumps([entry.player, entry.action, entry.rulings]).encode())
            digest.update(game.state.model_dump_json().encode())
        found[str(kind)] = (actions, digest.hexdigest()[:16])
    return found


def seat_views(game: Any) -> str:
    """What each seat sees of the position: the cards it cannot see with their backs, in
    order, and each player's public cards."""
    from obsession_nb.engine.seat.view import seat_view

    table = game.table
    return json.dumps([[list(seat_view(table, s).hidden.items()) for s in range(len(table.state.players))],
                       [p.known for p in table.state.players]])


def seat_logs(game: Any) -> str:
    """Each entry's ``seen_by`` and the log as each seat reads it."""
    from obsession_nb.engine.seat.log import log_for

    table = game.table
    return json.dumps([[e.seen_by for e in game.log],
                       *[[[e.player, e.action, e.rulings] for e in log_for(table, game.log, s)]
                         for s in range(len(table.state.players))]])


def both(rev: str, games: int, legal: bool, seats: bool = False) -> dict[str, dict[str, tuple[int, str]]]:
    """:func:`play` on the engine at ``rev`` and on this tree, each in a fresh process
    (bench/trees.py)."""
    with worktree(rev) as old:
        extra = ["--legal"] * legal + ["--seats"] * seats
        return {label: json.loads(run_on(tree, "identical.py", "--play", str(games), *extra))
                for label, tree in ((rev, old), ("this tree", ROOT))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="the older engine's git revision")
    parser.add_argument("--games", type=int, default=2, help="games of every kind (default 2)")
    parser.add_argument("--legal", action="store_true",
                        help="also compare every decision's legal actions, in order")
    parser.add_argument("--seats", action="store_true",
                        help="also compare what each seat sees after every action, and its log")
    parser.add_argument("--play", type=int, metavar="N", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:  # one side, in its own process
        json.dump(play(args.play, args.legal, args.seats), sys.stdout)
        return 0
    if not args.against:
        parser.error("--against REV is required")
    sides = both(args.against, args.games, args.legal, args.seats)
    old, new = sides.values()
    differ = [kind for kind in old if old[kind] != new.get(kind)]
    print(markdown([("kind", f"actions on {args.against}", "actions on this tree", "identical"),
                    *((kind, f"{old[kind][0]:,}", f"{new.get(kind, (0, ''))[0]:,}",
                       "NO" if kind in differ else "yes") for kind in old)]))
    total = sum(n for n, _ in old.values())
    print(f"\n{len(old)} kinds, {args.games} games each, {total:,} actions on {args.against}: "
          + (f"{len(differ)} differ" if differ else "every game identical"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
