"""The ``obsession-nb`` command: validate, show, play and list legal actions of scenarios, and open
the tutor in JupyterLab."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from obsession_nb.game import Game, load_scenario
from obsession_nb.resources import package_dir
from obsession_nb.rules import BadNotation, IllegalAction
from obsession_nb.scenario import ScenarioError


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _log_json(game: Game) -> list[dict[str, Any]]:
    return [{"player": e.player, "action": e.action, "rulings": e.rulings} for e in game.log]


def cmd_validate(args: argparse.Namespace) -> int:
    game = load_scenario(args.file)
    print(f"{args.file}: valid; {len(game.recorded)} recorded action(s) play legally; "
          f"now {game.pending()['prompt']}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = load_scenario(args.file, play_recorded=False)
    if args.json:
        _print_json(game.view())
    else:
        print(game)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = load_scenario(args.file)
    error = None
    for action in args.actions:
        try:
            game.apply(action)
        except (BadNotation, IllegalAction) as exc:
            error = {"action": action, "error": str(exc),
                     "rulings": [r.to_json() for r in getattr(exc, "rulings", [])]}
            break
    if args.json:
        data = game.view()
        data["log"] = _log_json(game)
        if error:
            data["refused"] = error
        _print_json(data)
    else:
        for entry in game.log:
            print(entry.action)
            for r in entry.rulings:
                print(f"    {r['verdict']}  [{r['rule']}]")
        print(game)
        if error:
            print(f"refused: {error['action']}: {error['error']}", file=sys.stderr)
    return 1 if error else 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = load_scenario(args.file)
    actions = game.legal_actions()
    if args.json:
        _print_json([{"notation": a.notation, "verb": a.verb, "summary": a.summary}
                     for a in actions])
    else:
        print(game.pending()["prompt"])
        for a in actions:
            print(f"  {a.notation}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from obsession_nb.simulate import simulate

    sim = simulate(args.players, args.seed, extended=args.extended,
                   expansion=not args.no_expansion, rotation=args.rotation,
                   low_vp_monuments=args.low_vp_monuments)
    if args.json:
        _print_json(sim.to_json())
        return 0
    opts = sim.game.state.options
    print(f"{args.players} players, seed {args.seed}, {opts.length}, "
          f"{'with' if opts.expansion else 'without'} the expansion: {sim.actions} actions in "
          f"{sim.seconds:.2f}s")
    print(sim.scoresheet)
    print("Winner(s): " + ", ".join(sim.game.state.players[s].name
                                    for s in sim.scoresheet.winners))
    for season, order in enumerate(sim.turn_order_by_season, start=1):
        print(f"Season {season} turn order (seats from the first player): "
              + " ".join(str(s) for s in order))
    return 0


def cmd_solo(args: argparse.Namespace) -> int:
    from obsession_nb.modes.solo import play_solo

    run = play_solo(args.seed, extended=args.extended, strategy=args.strategy,
                    expert=args.expert, rolls=args.rolls, logged=False)
    if args.json:
        _print_json(run.to_json())
        return 0
    result = run.result
    print(f"Solo Estate Challenge, seed {args.seed}, {result.length}, {args.strategy} strategy "
          f"({run.game.state.players[0].family}): {len(run.actions)} actions in "
          f"{run.seconds:.2f}s")
    print(result.scoresheet)
    when = (f"finished on round {result.round}" if result.finished
            else f"not finished after round {result.round}")
    print(f"Final score {result.total} ({when}), round modifier {result.modifier:+d}, "
          f"adjusted {result.adjusted}; target {result.target}: {result.verdict}")
    taken = [s["tile"] for s in run.scavenged if s["tile"]]
    print(f"The AI rolled {len(run.scavenged)} times and scavenged {len(taken)} tiles: "
          + (", ".join(taken) or "none"))
    return 0


def d20_rolls(text: str) -> list[int]:
    """``--rolls 5,17,20``: d20 results, 1 to 20 each."""
    rolls = [r.strip() for r in text.split(",") if r.strip()]
    if not rolls or not all(r.isdigit() and 1 <= int(r) <= 20 for r in rolls):
        raise argparse.ArgumentTypeError(f"'{text}': d20 rolls are whole numbers 1 to 20, "
                                         "separated by commas")
    return [int(r) for r in rolls]


def cmd_lab(args: argparse.Namespace) -> int:
    notebooks = package_dir().parent / "notebooks"
    if not (notebooks / "00-index.ipynb").exists():
        print("obsession-nb lab: the tutorials are in the source checkout's notebooks/ folder, "
              "which this installation does not have.", file=sys.stderr)
        return 1
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebooks}",
               "--LabApp.default_url=/lab/tree/00-index.ipynb", *args.lab_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in command:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, CI)
    return subprocess.call(command)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="obsession-nb", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="check a scenario file and its recorded actions")
    v.add_argument("file")
    v.set_defaults(func=cmd_validate)
    s = sub.add_parser("show", help="show the position as loaded")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play the recorded actions, then any given")
    pl.add_argument("file")
    pl.add_argument("actions", nargs="*", metavar="ACTION")
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(func=cmd_play)
    lg = sub.add_parser("legal", help="legal actions of the pending decision")
    lg.add_argument("file")
    lg.add_argument("--json", action="store_true")
    lg.set_defaults(func=cmd_legal)
    sim = sub.add_parser("simulate", help="play a seeded random game to the end and score it")
    sim.add_argument("--players", type=int, required=True, choices=range(2, 7), metavar="N")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--extended", action="store_true", help="the 20-round game")
    sim.add_argument("--no-expansion", action="store_true", help="without Upstairs, Downstairs")
    sim.add_argument("--rotation", choices=("counterclockwise", "clockwise"),
                     default="counterclockwise", help="first-player pawn rotation")
    sim.add_argument("--low-vp-monuments", action="store_true")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate)
    so = sub.add_parser("solo", help="play a whole Solo Estate Challenge and score it")
    so.add_argument("--seed", type=int, default=0)
    so.add_argument("--extended", action="store_true", help="the extended game (target 188)")
    so.add_argument("--strategy", choices=("greedy", "random"), default="greedy")
    so.add_argument("--expert", action="store_true",
                    help="add the VP of scavenged monuments to the target")
    so.add_argument("--rolls", metavar="R1,R2,...", type=d20_rolls,
                    help="pin the d20 rolls in order (e.g. replaying a JSON scavenging log)")
    so.add_argument("--json", action="store_true")
    so.set_defaults(func=cmd_solo)
    lab = sub.add_parser("lab", help="open the tutor in JupyterLab on the tutorial index "
                         "(other options are passed to JupyterLab)")
    lab.set_defaults(lab_args=[])
    lab.set_defaults(func=cmd_lab)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args, extra = parser().parse_known_args(argv)
    if extra:
        if args.command != "lab":
            parser().error(f"unrecognized arguments: {' '.join(extra)}")
        args.lab_args = extra  # passed on to JupyterLab
    try:
        code = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except ScenarioError as exc:
        if getattr(args, "json", False):
            _print_json({"error": "invalid scenario", "problems": exc.problems})
        print(str(exc), file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
