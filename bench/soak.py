"""Soak test: many seeded complete games with every invariant checked after every action.

Without ``--mode`` games cycle through 2–6 players × standard/extended × with/without the
expansion, plus Solo Estate Challenge games (standard and extended), each with its own seed.
``--mode all`` cycles through every group of ``tests/support/mode_games.py`` in turn (the standard game,
its variant option sets, team play 4/6, Tableau Obsession 2–6, Tableau Duel, the Solo Estate
Challenge, classic solitaire), so that ``--games 7N`` plays N games of each; ``--mode GROUP``
plays one group.  After every action the invariants of ``tests/support/game_invariants.py`` are checked
(``Watch``: per-position rules, the JSON round trip, no component appearing or vanishing); with
``--mode`` the position is also saved and reloaded through every check of a scenario file (a
refusal or a different position is a violation): as data after every action, and as YAML text
(``load_scenario_text``) after every 25th action and the last.  Games run in
parallel on the engine's batch executor (``obsession_nb.base.batch.each``: a local process pool, or
any executor).

    .venv/bin/python bench/soak.py --games 10000 --workers 2 [--seed 0] [--json]
        [--mode all|GROUP] [--out soak.jsonl [--resume]]

With ``--out`` every game's outcome is appended to a JSON-lines file as soon as it is known, and
``--resume`` skips the seeds already in it, so a long soak survives being stopped; the totals are
always those of every game in the file.

Prints games, actions, violations (an invariant failed), exceptions (anything else raised),
stalls (no legal action, or no end within the action budget), and the first few failures with
their seed so that each can be replayed.  Not run by CI (see bench/README.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from game_invariants import Watch, file_round_trip
from mode_games import GROUPS, kind_of
from mode_games import start as start_kind

from obsession_nb.base.batch import each
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.players.strategy import RandomSolo
from obsession_nb.players.random_player import RandomPlayer

MAX_ACTIONS = 5_000
TEXT_EVERY = 25
"""With ``--mode``: every action's position is reloaded through the file checks, every 25th
(and the last) written out as YAML text too."""
KINDS = [(n, length, expansion) for n in range(2, 7) for length in ("standard", "extended")
         for expansion in (True, False)] + [(1, "standard", True), (1, "extended", True)]
"""(players, length, expansion); one player = the Solo Estate Challenge."""


@dataclass
class Outcome:
    seed: int
    kind: str
    actions: int = 0
    result: str = "finished"
    """``finished``, ``violation``, ``exception`` or ``stall``."""
    detail: str = ""


def describe(players: int, length: str, expansion: bool) -> str:
    if players == 1:
        return f"solo {length}"
    return f"{players}p {length} {'expansion' if expansion else 'base'}"


def start(seed: int, players: int, length: str, expansion: bool) -> tuple[Game, RandomPlayer]:
    if players == 1:
        return new_solo_game(seed, extended=length == "extended"), RandomSolo(seed)
    options = Options(expansion=expansion, length=length)  # type: ignore[arg-type]
    return new_game(players, seed=seed, options=options), RandomPlayer(seed)


Job = tuple[int, int, str, bool] | tuple[int, str]
"""``(seed, players, length, expansion)``, or ``(seed, group)`` with ``--mode``."""


def soak_one(job: Job) -> Outcome:
    """Play one game to its end, checking the invariants after every action (with ``--mode``,
    saving and reloading the position too)."""
    reload = len(job) == 2
    if reload:
        seed, groups = job  # type: ignore[misc]
        group, kind = kind_of(seed, groups.split(","))
        out = Outcome(seed, f"{group}: {kind}")
    else:
        seed, players, length, expansion = job  # type: ignore[misc]
        out = Outcome(seed, describe(players, length, expansion))
    try:
        game, player = start_kind(kind, seed) if reload else start(seed, players, length,
                                                                   expansion)
        watch = Watch(game)
        while not game.state.finished:
            action = player.choose(game)
            if action is None:
                out.result, out.detail = "stall", f"no legal action at {game.pending()['prompt']}"
                return out
            game.apply(action)
            out.actions += 1
            try:
                watch.check(game, json=not reload)  # the reload below is the stronger trip
                if reload:  # the data through every check; every 25th and the last as text
                    file_round_trip(game, text=out.actions % TEXT_EVERY == 0 or
                                    game.state.finished)
            except AssertionError as exc:
                out.result, out.detail = "violation", f"after '{action}': {exc}"
                return out
            if out.actions >= MAX_ACTIONS:
                out.result, out.detail = "stall", f"not finished after {out.actions} actions"
                return out
    except Exception as exc:  # an exception is exactly what the soak counts
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        out.result = "exception"
        out.detail = f"{type(exc).__name__}: {exc} ({Path(frame.filename).name}:{frame.lineno})"
    return out


def jobs(games: int, first_seed: int, mode: str | None = None) -> list[Job]:
    if mode is not None:
        groups = ",".join(GROUPS if mode == "all" else [mode])
        return [(first_seed + i, groups) for i in range(games)]
    return [(first_seed + i, *KINDS[i % len(KINDS)]) for i in range(games)]


def by_group(outcomes: list[Outcome]) -> dict[str, dict[str, int]]:
    """Games, actions and failures of each group (``--mode``: the kind starts with it)."""
    groups: dict[str, dict[str, int]] = {}
    for o in outcomes:
        row = groups.setdefault(o.kind.split(":")[0], Counter())  # type: ignore[arg-type]
        row["games"] += 1
        row["actions"] += o.actions
        row[o.result] += 1
    return {k: dict(v) for k, v in sorted(groups.items())}


def done_before(path: Path | None) -> list[Outcome]:
    """The outcomes already in a ``--out`` file (none when there is no file)."""
    if path is None or not path.exists():
        return []
    return [Outcome(**json.loads(line)) for line in path.read_text().splitlines() if line]


def totals(outcomes: list[Outcome], seconds: float, workers: int) -> dict:
    results = Counter(o.result for o in outcomes)
    return {
        "games": len(outcomes),
        "finished": results["finished"],
        "actions": sum(o.actions for o in outcomes),
        "violations": results["violation"],
        "exceptions": results["exception"],
        "stalls": results["stall"],
        "seconds": round(seconds, 1),
        "workers": workers,
        "by_group": by_group(outcomes),
        "by_kind": dict(sorted(Counter(o.kind for o in outcomes).items())),
        "failures": [asdict(o) for o in outcomes if o.result != "finished"][:20],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--json", action="store_true", help="print the totals as JSON")
    p.add_argument("--out", type=Path, help="append each game's outcome to this JSON-lines file")
    p.add_argument("--resume", action="store_true", help="skip the seeds already in --out")
    p.add_argument("--mode", choices=["all", *GROUPS],
                   help="every group of games in turn (all) or one group, each position saved "
                   "and reloaded after every action")
    args = p.parse_args(argv)
    if args.resume and args.out is None:
        p.error("--resume needs --out")
    outcomes = done_before(args.out) if args.resume else []
    if args.out is not None and not args.resume:
        args.out.write_text("")
    seen = {o.seed for o in outcomes}
    todo = [job for job in jobs(args.games, args.seed, args.mode) if job[0] not in seen]
    begun = time.perf_counter()
    for done, (_, out) in enumerate(each(soak_one, todo, workers=args.workers, progress=False), 1):
        outcomes.append(out)
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps(asdict(out)) + "\n")
        if done % 250 == 0:
            bad = Counter(o.result for o in outcomes if o.result != "finished")
            print(f"  ... {len(outcomes)} games, {time.perf_counter() - begun:.0f}s, {dict(bad)}",
                  file=sys.stderr, flush=True)
    seconds = time.perf_counter() - begun
    summary = totals(outcomes, seconds, args.workers)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"games {summary['games']}, actions {summary['actions']}, violations "
              f"{summary['violations']}, exceptions {summary['exceptions']}, stalls "
              f"{summary['stalls']} ({seconds:.0f}s this run, {args.workers} workers)")
        for group, row in summary["by_group"].items():
            print(f"  {group}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
        for f in summary["failures"]:
            print(f"  {f['result']}: seed {f['seed']} {f['kind']} after {f['actions']} "
                  f"actions: {f['detail']}")
    return 0 if summary["finished"] == summary["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
