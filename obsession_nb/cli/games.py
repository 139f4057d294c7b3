"""Commands that play whole games: simulate (one game, batches, arenas), practice, solo."""

from __future__ import annotations

import argparse
import sys

from obsession_nb.base.i18n import LANGUAGES
from obsession_nb.cli.output import LEVEL_HELP, LEVEL_NAMES, game_options, print_json, refused


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games is None and args.players is None:
        args.usage_error("the following arguments are required: --players")
    if args.workers < 1 or (args.games is not None and args.games < 1):
        args.usage_error("--games and --workers must be at least 1")
    if args.strategy is not None:
        return simulate_arena(args)
    if args.games is not None:
        return simulate_batch(args)
    from obsession_nb.players.simulate import simulate

    if args.teams and args.mode != "standard":
        args.usage_error("--teams is Competitive Team Play; it takes no --mode")
    try:
        sim = simulate(args.players, args.seed, extended=args.extended,
                       expansion=not args.no_expansion, rotation=args.rotation,
                       low_vp_monuments=args.low_vp_monuments,
                       mode="team" if args.teams else args.mode,
                       milestones=_milestones_arg(args.milestones), settings=args.option)
    except ValueError as exc:  # a bad --mode/--players/--milestones/--option combination
        return refused(args, "simulate", [str(exc)])
    if args.json:
        print_json(sim.to_json())
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

    from obsession_nb.players.random_games import aggregate, aggregate_text, simulate_games

    players = args.players or 4
    start = time.perf_counter()
    try:
        records = simulate_games(args.games, players, args.seed, extended=args.extended,
                                 expansion=not args.no_expansion, rotation=args.rotation,
                                 low_vp_monuments=args.low_vp_monuments, mode=args.mode,
                                 milestones=_milestones_arg(args.milestones),
                                 settings=args.option, workers=args.workers)
    except ValueError as exc:  # a bad --mode/--players/--milestones combination
        return refused(args, "simulate", [str(exc)])
    seconds = time.perf_counter() - start
    options = {"length": "extended" if args.extended else "standard",
               "expansion": not args.no_expansion, "first_player_rotation": args.rotation,
               "low_vp_monuments": args.low_vp_monuments, "mode": args.mode,
               "milestones": args.milestones,
               **({"settings": list(args.option)} if args.option else {})}
    if args.json:
        print_json({"root_seed": args.seed, "options": options, **aggregate(records)})
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

    from obsession_nb.practice.arena import arena, standings, standings_text

    players = args.players or 4
    try:
        results = arena(args.games or 1, players, args.strategy.split(","), args.seed,
                        mode="team" if args.teams else args.mode, settings=args.option,
                        level=args.level, workers=args.workers)
    except ValueError as exc:
        return refused(args, "simulate", [str(exc)])
    if args.json:
        print_json({"root_seed": args.seed, "players": players,
                     "standings": standings(results), "games": [asdict(r) for r in results]})
        return 0
    print(standings_text(results))
    return 0


def cmd_practice(args: argparse.Namespace) -> int:
    from obsession_nb.cli.practice_text import run, terminal_input
    from obsession_nb.engine.positions.option_index import options_with
    from obsession_nb.engine.records.options import Options
    from obsession_nb.practice.session import Practice

    settings = {"seat": args.seat, "opponents": args.opponents, "seed": args.seed,
                "level": args.level, "coach": False if args.no_coach else None}
    try:
        if args.load is not None:
            practice = Practice.load(args.load, **settings)
        else:
            options = options_with(args.option, Options.model_validate(
                {"mode": args.mode, "milestones": _milestones_arg(args.milestones)}))
            practice = Practice(args.players, mode=args.mode, options=options,
                                **{k: v for k, v in settings.items() if v is not None})
    except ValueError as exc:  # a scenario's problems are reported as for every command
        from obsession_nb.engine.positions.scenario import ScenarioError

        if isinstance(exc, ScenarioError):
            raise
        args.usage_error(str(exc))
    lang = () if args.lang is None else (args.lang,)  # else OBSESSION_NB_LANG, or English
    return run(practice, terminal_input, sys.stdout, *lang)


def cmd_solo(args: argparse.Namespace) -> int:
    from obsession_nb.data.catalog import CardsError
    from obsession_nb.modes.solo.game import play_solo

    try:
        if args.classic:
            return classic_command(args)
        if args.cards:
            args.usage_error("--cards holds opponent and AI cards: use it with --classic")
        run = play_solo(args.seed, extended=args.extended, strategy=args.strategy,
                        expert=args.expert, rolls=args.rolls, logged=False,
                        opponent=args.opponent)
    except CardsError as exc:
        return refused(args, "solo", [f"{exc.source}: the cards have problems:",
                                      *exc.problems])
    except ValueError as exc:  # an unknown opponent card
        return refused(args, "solo", [str(exc)])
    if args.json:
        print_json(run.to_json())
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
    from obsession_nb.modes.classic.game import DEFAULT_OPPONENT, classic_solo

    game = classic_solo(args.seed, args.opponent or DEFAULT_OPPONENT, strategy=args.strategy,
                        cards=args.cards, rolls=args.rolls, extended=args.extended,
                        monuments=args.expert)
    data = game.to_summary()
    if args.json:
        print_json(data)
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



# ------------------------------------------------------------------ the commands' arguments


def add_simulate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    game_options(sim)
    sim.add_argument("--strategy", metavar="A,B,...",
                     help="AI players by seat (random, heuristic, search; the last repeats): "
                     "an arena of --games games, the line-up turned one seat per game")
    sim.add_argument("--level", choices=LEVEL_NAMES, default=None,
                     help=f"with --strategy: the search players' level ({LEVEL_HELP})")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate, usage_error=sim.error)


def add_practice(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pr = sub.add_parser("practice", help="play one seat against AI opponents in the terminal, "
                        "with a coach after each of your turns")
    pr.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N")
    pr.add_argument("--seat", type=int, help="your seat, 1 to N (1 moves first; default 1)")
    pr.add_argument("--opponents", choices=("random", "heuristic", "search"),
                    help="the AI opponents (default search)")
    pr.add_argument("--mode", choices=("standard", "team", "tableau", "tableau-duel"),
                    default="standard")
    pr.add_argument("--seed", type=int, help="the game's seed (default 0)")
    pr.add_argument("--level", choices=LEVEL_NAMES,
                    help=f"the coach's and the search opponents' level ({LEVEL_HELP})")
    game_options(pr)
    pr.add_argument("--no-coach", action="store_true", help="no review after your turns")
    pr.add_argument("--lang", choices=LANGUAGES,
                    help="language of the decision, the actions, the rulings, the refusals, the "
                    "board and the coach's advice (ja: Japanese; the notation to type stays as "
                    "it is)")
    pr.add_argument("--load", metavar="FILE", help="go on with a game saved at the table or "
                    "with 'save FILE' (its seat, opponents and seed unless given)")
    pr.set_defaults(func=cmd_practice, usage_error=pr.error)


def add_solo(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
