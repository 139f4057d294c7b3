"""Commands that play whole games: simulate (one game, batches, arenas), practice, solo."""

from __future__ import annotations

import argparse
import sys

from obsession_nb.cli.output import _print_json, refused


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

    from obsession_nb.practice.arena import arena, standings, standings_text

    players = args.players or 4
    try:
        results = arena(args.games or 1, players, args.strategy.split(","), args.seed,
                        mode="team" if args.teams else args.mode, settings=args.option,
                        level=args.level, workers=args.workers)
    except ValueError as exc:
        return refused(args, "simulate", [str(exc)])
    if args.json:
        _print_json({"root_seed": args.seed, "players": players,
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
            options = options_with(args.option, Options(
                mode=args.mode, milestones=_milestones_arg(args.milestones)))  # type: ignore[arg-type]
            practice = Practice(args.players, mode=args.mode, options=options,
                                **{k: v for k, v in settings.items() if v is not None})
    except ValueError as exc:  # a scenario's problems are reported as for every command
        from obsession_nb.engine.positions.scenario import ScenarioError

        if isinstance(exc, ScenarioError):
            raise
        args.usage_error(str(exc))
    return run(practice, terminal_input, sys.stdout)


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
    from obsession_nb.modes.classic.game import DEFAULT_OPPONENT, classic_solo

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

