"""The obsession-nb command: validate, show, play and list legal actions of scenarios, and open
the tutor in JupyterLab.

Each command imports what it needs when it runs, so that --help, --version and light commands
start fast: argparse and the standard library's core only (no typing, pathlib, subprocess, json
or importlib.metadata); the engine, pydantic, pandas and JupyterLab load only for the commands
that use them (tests/test_cli_start.py)."""

from __future__ import annotations

import argparse
import io  # already loaded by the interpreter: costs nothing at start
import os
import sys
from collections.abc import Sequence

from obsession_nb import __version__
from obsession_nb.components import SECTIONS as COMPONENT_SECTIONS
from obsession_nb.i18n import LANGUAGES

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn

    from obsession_nb.game import Game

FILE_HELP = "a path or a packaged scenario name (e.g. refresher-round-6)"


def _print_json(data: Any) -> None:
    import json

    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _log_json(game: Game) -> list[dict[str, Any]]:
    return [{"player": e.player, "action": e.action, "rulings": e.rulings} for e in game.log]


def cmd_validate(args: argparse.Namespace) -> int:
    from obsession_nb.game import load_scenario

    game = load_scenario(args.file)
    dead = dead_end(args.file)
    if dead is not None:
        print(f"{args.file}: {dead}", file=sys.stderr)
        return 1
    print(f"{args.file}: valid; {len(game.recorded)} recorded action(s) play legally; "
          f"now {game.pending()['prompt']}")
    return 0


def _when(game: Game, played: bool, other: str) -> str:
    """Which position this is: before or after the file's recorded actions, and how to get the
    other one."""
    n = len(game.recorded)
    if not n:
        return "The position (the file records no actions):"
    return (f"{'After' if played else 'Before'} the file's {n} recorded action(s) ({other} for "
            f"the position {'before' if played else 'after'} them):")


def dead_end(path: str) -> str | None:
    """The first position of the file (before or after a recorded action) whose pending decision
    offers no legal action although the game is not over, described; ``None`` if there is none."""
    from obsession_nb.engine import decision_actions
    from obsession_nb.game import load_scenario

    game = load_scenario(path, play_recorded=False)
    for i, action in enumerate([None, *game.recorded]):
        if action is not None:
            game.apply(action)
        if not game.state.finished and not decision_actions(game.table):
            where = "the position as written" if action is None else f"actions[{i - 1}] '{action}'"
            return (f"after {where}, {game.pending()['prompt']} offers no legal action (special "
                    "actions aside)")
    return None


def cmd_show(args: argparse.Namespace) -> int:
    from obsession_nb.game import load_scenario

    game = load_scenario(args.file, play_recorded=args.after)
    if args.json:
        data = game.view()
        data["recorded_actions"] = {"count": len(game.recorded), "played": args.after}
        _print_json(data)
    else:
        print(_when(game, args.after, "drop --after" if args.after else "--after"))
        print(game)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from obsession_nb import suggest
    from obsession_nb.game import load_scenario
    from obsession_nb.rules import BadNotation, IllegalAction

    game = load_scenario(args.file)
    error = None
    for action in args.actions:
        try:
            game.apply(action)
        except (BadNotation, IllegalAction) as exc:
            error = {"action": action, "error": str(exc),
                     "rulings": [r.to_json() for r in getattr(exc, "rulings", [])]}
            hints = suggest.notation_hint(game, action, near_legal=isinstance(exc, BadNotation))
            if hints:
                error["did_you_mean"] = hints
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
                print(f"    {r['verdict']}  [{r['rule']}] {r['citation']}")
        print(game)
        if error:
            print(f"refused: {error['action']}: {error['error']}", file=sys.stderr)
            for r in error["rulings"]:
                print(f"    {r['verdict']}  [{r['rule']}] {r['citation']}", file=sys.stderr)
            if error.get("did_you_mean"):
                print("did you mean: " + " | ".join(error["did_you_mean"]), file=sys.stderr)
    return 1 if error else 0


def cmd_legal(args: argparse.Namespace) -> int:
    from obsession_nb.arguments import natural_form
    from obsession_nb.game import load_scenario

    game = load_scenario(args.file, play_recorded=not args.before)
    actions = game.legal_actions()
    if args.json:  # "player": whose decision it is (a teammate's answer in team play)
        owner = game.pending().get("owner")
        _print_json([{"notation": a.notation, "verb": a.verb, "summary": a.summary,
                      "player": owner, "natural": natural_form(game.table, a)} for a in actions])
    else:
        print(_when(game, not args.before, "drop --before" if args.before else "--before"))
        print(game.pending()["prompt"])
        from obsession_nb.naming import describe

        width = max((len(a.notation) for a in actions), default=0)
        for a in actions:  # what to type, then what it is (and the natural form, if any)
            also = natural_form(game.table, a)
            print(f"  {a.notation:<{width}}  {describe(game, a)}"
                  + (f"   (or: {also})" if also else ""))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games is None and args.players is None:
        args.usage_error("the following arguments are required: --players")
    if args.workers < 1 or (args.games is not None and args.games < 1):
        args.usage_error("--games and --workers must be at least 1")
    if args.strategy is not None:
        return simulate_arena(args)
    if args.games is not None:
        return simulate_batch(args)
    from obsession_nb.simulate import simulate

    if args.teams and args.mode != "standard":
        args.usage_error("--teams is Competitive Team Play; it takes no --mode")
    try:
        sim = simulate(args.players, args.seed, extended=args.extended,
                       expansion=not args.no_expansion, rotation=args.rotation,
                       low_vp_monuments=args.low_vp_monuments,
                       mode="team" if args.teams else args.mode,
                       milestones=_milestones_arg(args.milestones), settings=args.option)
    except ValueError as exc:  # a bad --mode/--players/--milestones/--option combination
        print(f"obsession-nb simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        _print_json(sim.to_json())
        return 0
    opts = sim.game.state.options
    print(f"{args.players} players, seed {args.seed}, {opts.length}, "
          f"{'with' if opts.expansion else 'without'} the expansion: {sim.actions} actions in "
          f"{sim.seconds:.2f}s")
    if args.option:
        print("Options: " + ", ".join(args.option))
    print(sim.scoresheet)
    print("Winner(s): " + ", ".join(sim.game.state.players[s].name
                                    for s in sim.scoresheet.winners))
    for season, order in enumerate(sim.turn_order_by_season, start=1):
        print(f"Season {season} turn order: "
              + " ".join(f"p{s + 1}" for s in order))
    extra = sim.to_json()
    if "end_reason" in extra:
        print(f"Ended: {extra['end_reason']} after round {extra['rounds']}"
              + (f" ({extra['reached_max']} reached Max)" if extra["reached_max"] else ""))
    for team in extra.get("teams", []):
        print(f"Team {team['team']} ({' & '.join(team['names'])}): {team['total']}"
              + (" (winner)" if team["winner"] else ""))
    for claim in extra.get("milestones", {}).get("claims", []):
        print(f"Milestone {claim['card']}: {claim['player']} (place {claim['place']}, "
              f"round {claim['round']})")
    return 0


def _milestones_arg(text: str | None) -> list[str] | str | None:
    """``--milestones a,b`` (two card ids) or ``random``; none given: none (Tableau: random)."""
    if text is None:
        return None
    return "random" if text == "random" else [m.strip() for m in text.split(",") if m.strip()]


def simulate_batch(args: argparse.Namespace) -> int:
    """``simulate --games N [--workers K]``: aggregate statistics of N seeded random games."""
    import time

    from obsession_nb.random_games import aggregate, aggregate_text, simulate_games

    players = args.players or 4
    start = time.perf_counter()
    try:
        records = simulate_games(args.games, players, args.seed, extended=args.extended,
                                 expansion=not args.no_expansion, rotation=args.rotation,
                                 low_vp_monuments=args.low_vp_monuments, mode=args.mode,
                                 milestones=_milestones_arg(args.milestones),
                                 settings=args.option, workers=args.workers)
    except ValueError as exc:  # a bad --mode/--players/--milestones combination
        print(f"obsession-nb simulate: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    options = {"length": "extended" if args.extended else "standard",
               "expansion": not args.no_expansion, "first_player_rotation": args.rotation,
               "low_vp_monuments": args.low_vp_monuments, "mode": args.mode,
               "milestones": args.milestones,
               **({"settings": list(args.option)} if args.option else {})}
    if args.json:
        _print_json({"root_seed": args.seed, "options": options, **aggregate(records)})
        return 0
    print(f"{args.games} random {players}-player {args.mode} games, {options['length']}, "
          f"{'with' if options['expansion'] else 'without'} the expansion, seeds spawned from "
          f"{args.seed}: {seconds:.1f}s on {args.workers} worker(s)")
    print(aggregate_text(aggregate(records)))
    return 0


def simulate_arena(args: argparse.Namespace) -> int:
    """``simulate --players N --strategy A,B,...``: seeded games between AI opponents, the
    line-up turned one seat per game, and the win rates with their intervals."""
    from dataclasses import asdict

    from obsession_nb.arena import arena, standings, standings_text

    players = args.players or 4
    try:
        results = arena(args.games or 1, players, args.strategy.split(","), args.seed,
                        mode="team" if args.teams else args.mode, settings=args.option,
                        playouts=args.playouts, workers=args.workers)
    except ValueError as exc:
        print(f"obsession-nb simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        _print_json({"root_seed": args.seed, "players": players,
                     "standings": standings(results), "games": [asdict(r) for r in results]})
        return 0
    print(standings_text(results))
    return 0


def cmd_practice(args: argparse.Namespace) -> int:
    from obsession_nb.practice import Practice
    from obsession_nb.practice_text import run

    try:
        budget = {} if args.playouts is None else {"playouts": args.playouts}
        practice = Practice(args.players, args.seat, args.opponents, args.mode, seed=args.seed,
                            coach=not args.no_coach, **budget)
    except ValueError as exc:
        args.usage_error(str(exc))
    return run(practice, input, sys.stdout)


def cmd_solo(args: argparse.Namespace) -> int:
    from obsession_nb.catalog import CardsError
    from obsession_nb.modes.solo import play_solo

    try:
        if args.classic:
            return classic_command(args)
        if args.cards:
            args.usage_error("--cards holds opponent and AI cards: use it with --classic")
        run = play_solo(args.seed, extended=args.extended, strategy=args.strategy,
                        expert=args.expert, rolls=args.rolls, logged=False,
                        opponent=args.opponent)
    except CardsError as exc:
        print(f"obsession-nb solo: {exc.source}: the cards have problems:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    except ValueError as exc:  # an unknown opponent card
        print(f"obsession-nb solo: {exc}", file=sys.stderr)
        return 2
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
    taken = [run.game.table.tile_name(s["tile"]) for s in run.scavenged if s["tile"]]
    print(f"The AI rolled {len(run.scavenged)} times and scavenged {len(taken)} tiles: "
          + (", ".join(taken) or "none"))
    return 0


def classic_command(args: argparse.Namespace) -> int:
    """``solo --classic``: a whole game of classic solitaire against an opponent card."""
    from obsession_nb.modes.classic import DEFAULT_OPPONENT, classic_solo

    game = classic_solo(args.seed, args.opponent or DEFAULT_OPPONENT, strategy=args.strategy,
                        cards=args.cards, rolls=args.rolls, extended=args.extended,
                        monuments=args.expert)
    data = game.to_summary()
    if args.json:
        _print_json(data)
        return 0
    card = data["opponent_card"]
    print(f"Classic solitaire, seed {args.seed}, {data['length']}, {args.strategy} strategy "
          f"({data['family']}) against {card['name']} ({card['difficulty']}, base "
          f"{card['base']}{', a stand-in card' if card['standin'] else ''})"
          + (", challenging mode" if data["challenging"] else ""))
    print(game.courtship_results().to_string())
    print(game.result())
    taken = [game.table.tile_name(t) for r in data["rolls"] for t in r["tiles"]]
    print(f"The AI rolled {len(data['rolls'])} times and scavenged {len(taken)} tiles: "
          + (", ".join(taken) or "none"))
    return 0


def d20_rolls(text: str) -> list[int]:
    """``--rolls 5,17,20``: d20 results, 1 to 20 each."""
    rolls = [r.strip() for r in text.split(",") if r.strip()]
    if not rolls or not all(r.isdigit() and 1 <= int(r) <= 20 for r in rolls):
        raise argparse.ArgumentTypeError(f"'{text}': d20 rolls are whole numbers 1 to 20, "
                                         "separated by commas")
    return [int(r) for r in rolls]


def cmd_rules(args: argparse.Namespace) -> int:
    from obsession_nb import ask, rulebook
    from obsession_nb.rules import rule_index

    query = " ".join(args.query)
    corrected: str | None = None
    if not query.strip():
        hits = [ask.Hit("rule", r.id, r.title, "", r.id, 0.0) for r in rule_index().values()]
    else:
        answer = ask.search(query, limit=args.limit)
        hits, corrected = list(answer.hits), answer.corrected
    found_ids = list(dict.fromkeys(h.rule for h in hits))
    exact = [i for i in found_ids if i == query.strip()]
    if args.json:
        _print_json({"query": query, "did_you_mean": corrected,
                     "hits": [h.to_json() for h in hits],
                     "results": [rulebook.entry(i).to_json() for i in found_ids],
                     "sources": [s.to_json() for s in rulebook.sources()]})
        return 0 if found_ids else 1
    if corrected:
        print(f"Did you mean: {corrected}?")
    if not found_ids:
        print(ask.answer_text(ask.search(query)), file=sys.stderr)
        print("No rule matches: try other words, an id (e.g. ud.hall-boy.money) or a component "
              "(cook, carriage house).", file=sys.stderr)
        return 1
    if exact or args.full:
        print("\n\n".join(rulebook.entry(i).text(tests=args.tests) for i in (exact or found_ids)))
    else:
        width = max(len(f"{h.kind} {h.id}") for h in hits)
        for h in hits:
            print(f"{h.kind + ' ' + h.id:<{width}}  {h.title}")
            if h.passage and h.passage != h.title:
                print(f"{'':<{width}}    “{h.passage}”")
        print(f"\n{len(hits)} match(es) over {len(found_ids)} rule(s); `obsession-nb rules ID` "
              "shows a rule in full (--full shows them all), `obsession-nb ask \"QUESTION\"` "
              "answers with the casebook.")
    if args.sources or not query:
        print("\nSources:")
        for s in rulebook.sources():
            print(f"  {s.prefix}: {s.name}. {s.what}\n      e.g. {s.find}")
    return 0


def cmd_components(args: argparse.Namespace) -> int:
    from obsession_nb import components

    rows = [c for c in components.components() if args.kind is None or c.kind == args.kind]
    if args.json:
        _print_json([c.to_json() for c in rows])
    else:
        print(components.text(rows))
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from obsession_nb import ask

    answer = ask.search(" ".join(args.question))
    if args.json:
        demo = ask.show_me(answer)
        _print_json({**answer.to_json(), "show_me": demo.to_json() if demo else None})
    else:
        print(answer.text())
    return 0 if answer.hits else 1


def teach_command(scenario: str, folder: Path, *, lang: str | None, port: int | None,
                  no_browser: bool) -> list[str]:
    """Write the teaching page for ``scenario`` into ``folder`` and return the Voilà command
    that serves it (code hidden)."""
    from obsession_nb.views.teach import teaching_notebook

    page = teaching_notebook(scenario, folder / "teach.ipynb", lang=lang)
    command = [sys.executable, "-m", "voila", str(page), "--strip_sources=True",
               "--Voila.ip=127.0.0.1"]
    if port:
        command.append(f"--port={port}")
    if no_browser:
        command.append("--no-browser")
    return command


def cmd_teach(args: argparse.Namespace) -> int:
    """Serve the teaching page with Voilà; stopped (Ctrl+C, SIGTERM, SIGHUP), Voilà, its kernel
    and the page's temporary folder go too."""
    import tempfile
    from pathlib import Path

    from obsession_nb.supervise import run_server

    with tempfile.TemporaryDirectory(prefix="obsession-nb-teach-",
                                     ignore_cleanup_errors=True) as tmp:
        command = teach_command(args.scenario, Path(tmp), lang=args.lang, port=args.port,
                                no_browser=args.no_browser)
        print(f"Teaching {args.scenario}: → next decision, ← back.  Stop with Ctrl+C.",
              flush=True)
        return run_server(command)


def cmd_explore(args: argparse.Namespace) -> int:
    from obsession_nb.explore import ExploreLimit, explore, line_text, rows_json
    from obsession_nb.game import load_scenario

    game = load_scenario(args.file, play_recorded=args.play_recorded)
    options = {"uses": args.uses, "host": args.host, "purchases": args.purchases,
               "peek": args.peek}
    try:
        if args.value:
            from obsession_nb.coach import explore_values

            frame = explore_values(game, top=args.top or 10, sort=args.sort, **options)
        else:
            frame = explore(game, sort=args.sort, ascending=args.ascending, top=args.top,
                            **options)
    except (ValueError, ExploreLimit) as exc:
        print(f"obsession-nb explore: {exc}", file=sys.stderr)
        return 2
    if args.json:
        _print_json(rows_json(frame))
        return 0
    order = "value (the first lines by " + args.sort + ")" if args.value else args.sort
    print(f"{game.pending()['prompt']}: {len(frame)} line(s), sorted by {order}")
    for i, row in enumerate(frame.itertuples(), start=1):
        print(f"{i:>3}. {line_text(row)}"
              + (f", value {row.value:+.1f} ± {row.value_error:.1f}" if args.value else "")
              + (f", {row.merged} interchangeable lines" if row.merged > 1 else ""))
        print("     " + " · ".join(row.actions))
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from obsession_nb.builder import new_position

    families = [f.strip() for f in args.families.split(",")] if args.families else None
    try:
        game = new_position(args.players, families=families, round=args.round,
                            expansion=args.expansion, mode=args.mode, seed=args.seed,
                            length="extended" if args.extended else "standard",
                            settings=args.option)
    except ValueError as exc:
        print(f"obsession-nb new: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(game.to_scenario())
    return 0


def cmd_lab(args: argparse.Namespace) -> int:

    from obsession_nb.tutorials import tutorial_folder

    try:
        notebooks, copied = tutorial_folder(args.dir)
    except FileNotFoundError as exc:
        print(f"obsession-nb lab: {exc}", file=sys.stderr)
        return 1
    if copied:
        print(f"obsession-nb lab: copied {len(copied)} tutorial(s) to {notebooks}; your edits "
              "there are yours (later runs never overwrite them).", file=sys.stderr)
    if args.copy_only:
        print(notebooks)
        return 0
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebooks}",
               "--LabApp.default_url=/lab/tree/00-index.ipynb", *args.lab_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in command:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, CI)
    env = dict(os.environ)
    if args.lang:
        from obsession_nb.i18n import LANG_ENV

        env[LANG_ENV] = args.lang  # the widgets' default language
    from obsession_nb.supervise import run_server

    return run_server(command, env)  # stopped, JupyterLab and its kernels go too


class Refused(Exception):
    """Arguments argparse refuses (``main`` reports them, as JSON too with ``--json``)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Refused(self, message)


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="obsession-nb", description=(
        "Validate, show, play and list the legal actions of Obsession scenarios, and open the "
        "tutor in JupyterLab."))
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    v = sub.add_parser("validate", help="check a scenario file and its recorded actions")
    v.add_argument("file", metavar="FILE", help=FILE_HELP)
    v.set_defaults(func=cmd_validate)
    s = sub.add_parser("show", help="show the position before the file's recorded actions "
                       "(--after: after them)")
    s.add_argument("file", metavar="FILE", help=FILE_HELP)
    s.add_argument("--after", action="store_true",
                   help="play the file's recorded actions first")
    s.add_argument("--json", action="store_true", help="print the position as JSON")
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play the recorded actions, then any given")
    pl.add_argument("file", metavar="FILE", help=FILE_HELP)
    pl.add_argument("actions", nargs="*", metavar="ACTION",
                    help='an action in notation, quoted as one argument ("invite lady-suffolk")')
    pl.add_argument("--json", action="store_true",
                    help="print the end position with the log of rulings as JSON")
    pl.set_defaults(func=cmd_play)
    lg = sub.add_parser("legal", help="legal actions of the pending decision after the file's "
                        "recorded actions (--before: before them)")
    lg.add_argument("file", metavar="FILE", help=FILE_HELP)
    lg.add_argument("--before", action="store_true",
                    help="list them at the position before the recorded actions")
    lg.add_argument("--json", action="store_true", help="print the actions as JSON")
    lg.set_defaults(func=cmd_legal)
    sim = sub.add_parser("simulate", help="play a seeded random game to the end and score it "
                         "(or --games N of them, and print their statistics)")
    sim.add_argument("--players", type=int, choices=range(2, 7), metavar="N",
                     help="the table size (required for one game; 4 by default with --games)")
    sim.add_argument("--seed", type=int, default=0,
                     help="the game's seed (with --games: the root the games' seeds spawn from)")
    sim.add_argument("--games", type=int, metavar="N", help="play N games and aggregate them")
    sim.add_argument("--workers", type=int, default=1, metavar="K",
                     help="with --games: local worker processes (default 1: serial)")
    sim.add_argument("--extended", action="store_true", help="the 20-round game")
    sim.add_argument("--no-expansion", action="store_true", help="without Upstairs, Downstairs")
    sim.add_argument("--rotation", choices=("counterclockwise", "clockwise"),
                     default="counterclockwise", help="first-player pawn rotation")
    sim.add_argument("--low-vp-monuments", action="store_true")
    sim.add_argument("--mode", choices=("standard", "tableau", "tableau-duel"),
                     default="standard", help="Tableau Obsession or its two-player Duel (UD p.15)")
    sim.add_argument("--teams", action="store_true", help="Competitive Team Play (UD p.12): "
                     "4 or 6 players in teams of two, partners across the table")
    sim.add_argument("--milestones", metavar="A,B",
                     help="two milestone card ids, or 'random' (Tableau: random by default)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="any rules option by its Options field and value, repeatable "
                     "(courtship=closed, market=seasonal, objectives=choose-at-setup ...)")
    sim.add_argument("--strategy", metavar="A,B,...",
                     help="AI players by seat (random, heuristic, search; the last repeats): "
                     "an arena of --games games, the line-up turned one seat per game")
    sim.add_argument("--playouts", type=int, metavar="N",
                     help="with --strategy: the search players' playouts per candidate")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate, usage_error=sim.error)
    pr = sub.add_parser("practice", help="play one seat against AI opponents in the terminal, "
                        "with a coach after each of your turns")
    pr.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N")
    pr.add_argument("--seat", type=int, default=1, help="your seat, 1 to N (1 moves first)")
    pr.add_argument("--opponents", choices=("random", "heuristic", "search"), default="search")
    pr.add_argument("--mode", choices=("standard", "team", "tableau", "tableau-duel"),
                    default="standard")
    pr.add_argument("--seed", type=int, default=0)
    pr.add_argument("--playouts", type=int, metavar="N",
                    help="the search's playouts per candidate (opponents, coach, hints)")
    pr.add_argument("--no-coach", action="store_true", help="no review after your turns")
    pr.set_defaults(func=cmd_practice, usage_error=pr.error)
    so = sub.add_parser("solo", help="play a whole Solo Estate Challenge (or, with --classic, "
                        "classic solitaire) and score it")
    so.add_argument("--seed", type=int, default=0)
    so.add_argument("--extended", action="store_true", help="the extended game (target 188)")
    so.add_argument("--strategy", choices=("greedy", "planner", "search", "random"),
                    default="greedy",
                    help="the solo player: greedy, planner (judges each choice by the "
                         "finishing round and score it leads to), search (plays whole turns "
                         "out on a sampled copy, never the real dice) or random")
    so.add_argument("--expert", action="store_true",
                    help="add the VP of scavenged monuments to the target (with --classic: "
                    "to the opponent's score, the challenging mode)")
    so.add_argument("--classic", action="store_true",
                    help="the base game's solitaire against an opponent card (Facts §6)")
    so.add_argument("--opponent", metavar="NAME",
                    help="the opponent card (classic: eden by default; without --classic its "
                    "base score is the challenge's target)")
    so.add_argument("--cards", metavar="FILE",
                    help="your own opponent and AI cards (YAML, sections opponents and "
                    "ai_cards) over the stand-ins; with --classic")
    so.add_argument("--rolls", metavar="R1,R2,...", type=d20_rolls,
                    help="pin the d20 rolls in order (e.g. replaying a JSON scavenging log)")
    so.add_argument("--json", action="store_true")
    so.set_defaults(func=cmd_solo, usage_error=so.error)
    ru = sub.add_parser("rules", help="search the rules, the casebook and the glossary in "
                        "players' words (e.g. rules hall boy); one id shows its full entry")
    ru.add_argument("query", nargs="*", metavar="QUERY")
    ru.add_argument("--full", action="store_true", help="show every match in full")
    ru.add_argument("--limit", type=int, default=15, help="at most this many matches (15)")
    ru.add_argument("--sources", action="store_true", help="also print the sources legend")
    ru.add_argument("--tests", action="store_true",
                    help="also list the tests that rule with each entry (for developers)")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(func=cmd_rules)
    ak = sub.add_parser("ask", help="ask a rules question in your own words: the best rule "
                        "entries, casebook cases answered live, and a position to show")
    ak.add_argument("question", nargs="+", metavar="QUESTION")
    ak.add_argument("--json", action="store_true")
    ak.set_defaults(func=cmd_ask)
    co = sub.add_parser("components", help="every component in the catalog with its count and "
                        "provenance (stated, unverified or stand-in)")
    co.add_argument("--kind", choices=[k for k, _w in COMPONENT_SECTIONS],
                    help="only one kind (servants, tiles, gentry, ...)")
    co.add_argument("--json", action="store_true")
    co.set_defaults(func=cmd_components)
    ex = sub.add_parser("explore", help="every distinct way to finish the pending turn, compared")
    ex.add_argument("file", metavar="FILE", help=FILE_HELP)
    ex.add_argument("--top", type=int, metavar="N", help="show the first N lines only")
    ex.add_argument("--sort", default="money", metavar="COLUMN",
                    help="sort by this column (money, reputation, score, guests, ...)")
    ex.add_argument("--ascending", action="store_true", help="smallest first")
    ex.add_argument("--uses", metavar="SERVANT", help="only lines that place this servant")
    ex.add_argument("--host", metavar="TILE", help="only activities hosting this tile")
    ex.add_argument("--purchases", action="store_true",
                    help="also explore step 7's purchases (else each line lists what it "
                    "leaves affordable)")
    ex.add_argument("--peek", action="store_true",
                    help="try every card a see-N-keep-1 invitation shows (hidden at a table)")
    ex.add_argument("--play-recorded", action="store_true",
                    help="play the file's recorded actions first (else explore its position)")
    ex.add_argument("--value", action="store_true",
                    help="add the expected final score margin from rollouts (value ± error) "
                    "to the first --top lines (10 by default) and sort by it")
    ex.add_argument("--json", action="store_true")
    ex.set_defaults(func=cmd_explore)
    nw = sub.add_parser("new", help="write a new legal position as scenario YAML, to adjust")
    nw.add_argument("--players", type=int, default=2, choices=range(1, 7), metavar="N")
    nw.add_argument("--families", metavar="F1,F2,...", help="family boards, in seat order")
    nw.add_argument("--round", type=int, default=1, help="the activity round to start at")
    nw.add_argument("--expansion", action=argparse.BooleanOptionalAction, default=True,
                    help="with Upstairs, Downstairs (default) or the base game only")
    nw.add_argument("--mode", default="standard",
                    help="standard, team (4 or 6 players), tableau, tableau-duel (2 players), "
                    "or solo-estate-challenge or classic-solo (1 player)")
    nw.add_argument("--extended", action="store_true", help="the extended round track")
    nw.add_argument("--seed", type=int, default=0, help="the seed of the shuffles")
    nw.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a printing difference or variant by its Options field and value "
                    "(e.g. courtship=closed, market=seasonal), repeatable; the setup follows it")
    nw.set_defaults(func=cmd_new)
    lab = sub.add_parser(
        "lab", help="open the tutor in JupyterLab on the tutorial index "
        "(other options are passed to JupyterLab)",
        description="Open the tutorials in JupyterLab on 00-index.ipynb. A source checkout "
        "serves its notebooks/ folder; an installed package copies its tutorials on the first "
        "run to a folder of your own (~/obsession-nb-tutorials, or --dir) and serves that copy, "
        "never overwriting your edits. Options not listed here go to JupyterLab "
        "(e.g. --no-browser --port=8899).")
    lab.add_argument("--dir", type=_path, metavar="DIR",
                     help="the folder for your copy of the tutorials")
    lab.add_argument("--copy-only", action="store_true",
                     help="copy the tutorials (if not there yet), print the folder and stop")
    lab.add_argument("--lang", choices=LANGUAGES, help="language of the widgets' labels")
    lab.set_defaults(lab_args=[])
    lab.set_defaults(func=cmd_lab)
    te = sub.add_parser("teach", help="teaching mode: a scenario for a screen in front of a "
                        "group, served by Voilà (→ next decision, ← back)")
    te.add_argument("scenario", nargs="?", default="refresher-round-6", metavar="SCENARIO")
    te.add_argument("--lang", choices=LANGUAGES, help="language of the labels")
    te.add_argument("--port", type=int, help="port for Voilà (default: its own)")
    te.add_argument("--no-browser", action="store_true", help="do not open a browser")
    te.set_defaults(func=cmd_teach)
    return p


def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)


def _check_command(p: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """A mistyped command gets the nearest command names (argparse only lists them all)."""
    commands = list(p._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    word = next((a for a in argv if not a.startswith("-")), None)
    if word is not None and word not in commands:
        from obsession_nb import suggest

        near = suggest.close(word, commands)
        if near:
            p.error(f"unknown command {word!r}; did you mean {' or '.join(near)}?")


def _check_file(args: argparse.Namespace) -> None:
    """A scenario that does not exist: a path is reported as a missing file; a name gets the
    nearest packaged names and the list of them all."""
    name = getattr(args, "file", None) or getattr(args, "scenario", None)
    if name is None:
        return
    from pathlib import Path

    from obsession_nb import suggest
    from obsession_nb.scenario import ScenarioError, exists, scenario_path

    path = scenario_path(name)
    if exists(path):
        return
    if path == Path(name) or len(Path(name).parts) > 1:  # a file path, not a name
        raise ScenarioError([f"no such file: {name}"], str(name))
    raise ScenarioError([f"no scenario file or packaged scenario named {name!r}; "
                         f"{suggest.scenario_hint(str(name))}"], str(name))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        if sys.stderr is not None:
            print("obsession-nb: standard output is closed; nothing can be written",
                  file=sys.stderr)
        return 1
    if sys.stderr is None:
        sys.stderr = sys.stdout
    for stream in (sys.stdout, sys.stderr):  # an ASCII-only terminal gets escapes, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        return _run(argv)
    except Refused as exc:
        if "--json" in argv:
            _print_json({"error": "invalid arguments", "problems": [str(exc)]})
        exc.parser.print_usage(sys.stderr)
        print(f"{exc.parser.prog}: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None  # as argparse itself exits
    except OSError as exc:  # the output cannot be written: a closed pipe, a full disk
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if not isinstance(exc, BrokenPipeError):  # the reader went away (`... | head`): quiet
            print(f"obsession-nb: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1


def _run(argv: list[str]) -> int:
    p = parser()
    _check_command(p, argv)
    args, extra = p.parse_known_args(argv)
    if extra:
        if args.command != "lab":
            p.error(f"unrecognized arguments: {' '.join(extra)}")
        args.lab_args = extra  # passed on to JupyterLab
    try:
        _check_file(args)
        code = args.func(args)
        sys.stdout.flush()  # a closed pipe or a full disk shows here, not at exit
        return code
    except ValueError as exc:
        from obsession_nb.scenario import ScenarioError

        if not isinstance(exc, ScenarioError):
            raise
        if getattr(args, "json", False):
            _print_json({"error": "invalid scenario", "problems": exc.problems})
        print(str(exc), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
