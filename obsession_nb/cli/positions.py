"""Commands on one position: validate, show, play, legal, explore, new."""

from __future__ import annotations

import argparse
import sys

from obsession_nb.base.i18n import LANGUAGES
from obsession_nb.cli.output import (
    FILE_HELP,
    LANG_HELP,
    SEAT_HELP,
    at_least_one,
    log_json,
    print_json,
    refused,
    seat_index,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

    from obsession_nb.engine.game import Game


def cmd_validate(args: argparse.Namespace) -> int:
    from obsession_nb.engine.game import load_scenario

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
    from obsession_nb.engine.game import load_scenario
    from obsession_nb.engine.positions.facts import decision_actions

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
    from obsession_nb.engine.game import load_scenario

    game = load_scenario(args.file, play_recorded=args.after)
    try:
        seat = seat_index(game, args.seat)
    except ValueError as exc:
        return refused(args, "show", [str(exc)])
    if args.json:
        data = game.view(seat)
        data["recorded_actions"] = {"count": len(game.recorded), "played": args.after}
        print_json(data)
    else:
        print(_when(game, args.after, "drop --after" if args.after else "--after"))
        print(game.text(seat))
    return 0


def _ruling_lines(ruling: dict[str, str], indent: str = "    ") -> list[str]:
    """A ruling as ``play`` prints it: the verdict, its rule id and citation; a ruling shown in
    another language (``text``) has the English verdict on the next line."""
    said = ruling.get("text", ruling["verdict"])
    lines = [f"{indent}{said}  [{ruling['rule']}] {ruling['citation']}"]
    if "text" in ruling:
        lines.append(f"{indent}  = {ruling['verdict']}")
    return lines


def cmd_play(args: argparse.Namespace) -> int:
    from obsession_nb.base.i18n import resolve
    from obsession_nb.data.rules import BadNotation, IllegalAction
    from obsession_nb.engine.game import load_scenario

    lang = resolve(args.lang)
    game = load_scenario(args.file)
    try:
        seat = seat_index(game, args.seat)
    except ValueError as exc:
        return refused(args, "play", [str(exc)])
    error = None
    for action in args.actions:
        try:
            game.apply(action)
        except (BadNotation, IllegalAction) as exc:
            from obsession_nb.data.translations import ruling_json
            from obsession_nb.engine.seat.log import hide_in_rulings
            from obsession_nb.tutor import suggest

            rulings = hide_in_rulings(game.table, [r.to_json() for r in
                                                   getattr(exc, "rulings", [])],
                                      seat, action.split())
            error = {"action": action, "error": str(exc) if seat is None else
                     "; ".join(r["verdict"] for r in rulings) or str(exc),
                     "rulings": [ruling_json(r, lang, refused=True) for r in rulings]}
            hints = suggest.notation_hint(game, action, near_legal=isinstance(exc, BadNotation))
            if hints and (seat is None or game.pending().get("owner") == seat):
                error["did_you_mean"] = hints
            break
    log = log_json(game, lang, seat)
    if args.json:
        data = game.view(seat)
        data["log"] = log
        if error:
            data["refused"] = error
        print_json(data)
    else:
        for entry in log:
            print(entry["action"])
            for r in entry["rulings"]:
                print("\n".join(_ruling_lines(r)))
        print(game.text(seat))
        if error:  # in another language the rulings below say it, English included
            said = f": {error['error']}" if lang == "en" or not error["rulings"] else ""
            print(f"refused: {error['action']}{said}", file=sys.stderr)
            for r in error["rulings"]:
                print("\n".join(_ruling_lines(r)), file=sys.stderr)
            if error.get("did_you_mean"):
                print("did you mean: " + " | ".join(error["did_you_mean"]), file=sys.stderr)
    return 1 if error else 0


def cmd_legal(args: argparse.Namespace) -> int:
    from obsession_nb.base.i18n import resolve, tr
    from obsession_nb.engine.game import load_scenario
    from obsession_nb.engine.positions.arguments import natural_form

    lang = resolve(args.lang)
    game = load_scenario(args.file, play_recorded=not args.before)
    try:
        seat = seat_index(game, args.seat)
    except ValueError as exc:
        return refused(args, "legal", [str(exc)])
    owner = game.pending().get("owner")
    # another player's choices would name her hidden cards: a seat sees only its own
    actions = game.legal_actions() if seat is None or owner == seat else []
    if args.json:  # "player": whose decision it is (a teammate's answer in team play)
        print_json([{"notation": a.notation, "verb": a.verb, "summary": a.summary,
                      "player": owner, "natural": natural_form(game.table, a)} for a in actions])
    else:
        print(_when(game, not args.before, "drop --before" if args.before else "--before"))
        print(tr(game.pending()["prompt"], lang))
        if seat is not None and owner != seat:
            print(f"  (not {game.table.seat_name(seat)}'s decision: its choices are "
                  f"{'nobody' if owner is None else game.table.seat_name(owner)}'s)")
        from obsession_nb.engine.records.naming import describe

        width = max((len(a.notation) for a in actions), default=0)
        for a in actions:  # what to type, then what it is (and the natural form, if any)
            also = natural_form(game.table, a)
            print(f"  {a.notation:<{width}}  {tr(describe(game, a), lang)}"
                  + (f"   (or: {also})" if also else ""))
    return 0


def cmd_explore(args: argparse.Namespace) -> int:
    from obsession_nb.engine.explore.explorer import (
        ExploreLimit,
        explore,
        line_text,
        rows_json,
    )
    from obsession_nb.engine.game import load_scenario

    game = load_scenario(args.file, play_recorded=args.play_recorded)
    options = {"uses": args.uses, "host": args.host, "purchases": args.purchases,
               "peek": args.peek}
    try:
        seat = seat_index(game, args.seat)
        if args.value:
            from obsession_nb.practice.coach import explore_values

            frame = explore_values(game, top=args.top or 10, sort=args.sort, seat=seat,
                                   **options)
        else:
            frame = explore(game, sort=args.sort, ascending=args.ascending, top=args.top,
                            seat=seat, **options)
    except (ValueError, ExploreLimit) as exc:
        return refused(args, "explore", [str(exc)])
    if args.json:
        print_json(rows_json(frame))
        return 0
    order = "value (the first lines by " + args.sort + ")" if args.value else args.sort
    print(f"{game.pending()['prompt']}: {len(frame)} line(s), sorted by {order}")
    row: Any  # a line of the frame: its columns by name
    for i, row in enumerate(frame.itertuples(), start=1):
        print(f"{i:>3}. {line_text(row)}"
              + (f", value {row.value:+.1f} ± {row.value_error:.1f}" if args.value else "")
              + (f", {row.merged} interchangeable lines" if row.merged > 1 else ""))
        print("     " + " · ".join(row.actions))
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from obsession_nb.tutor.builder import new_position

    families = [f.strip() for f in args.families.split(",")] if args.families else None
    try:
        game = new_position(args.players, families=families, round=args.round,
                            expansion=args.expansion, mode=args.mode, seed=args.seed,
                            length="extended" if args.extended else "standard",
                            settings=args.option)
    except ValueError as exc:
        return refused(args, "new", [str(exc)])
    sys.stdout.write(game.to_scenario())
    return 0



# ------------------------------------------------------------------ the commands' arguments


def add_validate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    v = sub.add_parser("validate", help="check a scenario file and its recorded actions")
    v.add_argument("file", metavar="FILE", help=FILE_HELP)
    v.set_defaults(func=cmd_validate)


def add_show(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    s = sub.add_parser("show", help="show the position before the file's recorded actions "
                       "(--after: after them)")
    s.add_argument("file", metavar="FILE", help=FILE_HELP)
    s.add_argument("--after", action="store_true",
                   help="play the file's recorded actions first")
    s.add_argument("--json", action="store_true", help="print the position as JSON")
    s.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP)
    s.set_defaults(func=cmd_show)


def add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pl = sub.add_parser("play", help="play the recorded actions, then any given")
    pl.add_argument("file", metavar="FILE", help=FILE_HELP)
    pl.add_argument("actions", nargs="*", metavar="ACTION",
                    help='an action in notation, quoted as one argument ("invite lady-suffolk")')
    pl.add_argument("--json", action="store_true",
                    help="print the end position with the log of rulings as JSON")
    pl.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
    pl.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP)
    pl.set_defaults(func=cmd_play)


def add_legal(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lg = sub.add_parser("legal", help="legal actions of the pending decision after the file's "
                        "recorded actions (--before: before them)")
    lg.add_argument("file", metavar="FILE", help=FILE_HELP)
    lg.add_argument("--before", action="store_true",
                    help="list them at the position before the recorded actions")
    lg.add_argument("--json", action="store_true", help="print the actions as JSON")
    lg.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP + "; another player's "
                    "decision lists none")
    lg.add_argument("--lang", choices=LANGUAGES, help="language of the decision and the actions' "
                    "descriptions (the notation stays as you type it)")
    lg.set_defaults(func=cmd_legal)


def add_explore(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ex = sub.add_parser("explore", help="every distinct way to finish the pending turn, compared")
    ex.add_argument("file", metavar="FILE", help=FILE_HELP)
    ex.add_argument("--top", type=at_least_one, metavar="N", help="show the first N lines only")
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
    ex.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP + ": its own decision, "
                    "explored on a re-deal of what it cannot see")
    ex.set_defaults(func=cmd_explore)


def add_new(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
