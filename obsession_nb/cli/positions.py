"""Commands on one position: validate, show, play, legal, explore, new."""

from __future__ import annotations

import argparse
import sys

from obsession_nb.cli.output import _log_json, _print_json, _seat, refused

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
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
    from obsession_nb.engine.turn.dispatch import decision_actions

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
        seat = _seat(game, args.seat)
    except ValueError as exc:
        return refused(args, "show", [str(exc)])
    if args.json:
        data = game.view(seat)
        data["recorded_actions"] = {"count": len(game.recorded), "played": args.after}
        _print_json(data)
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
    from obsession_nb.data.translations import ruling_json
    from obsession_nb.engine.game import load_scenario
    from obsession_nb.engine.seat.log import hide_in_rulings
    from obsession_nb.tutor import suggest

    lang = resolve(args.lang)
    game = load_scenario(args.file)
    try:
        seat = _seat(game, args.seat)
    except ValueError as exc:
        return refused(args, "play", [str(exc)])
    error = None
    for action in args.actions:
        try:
            game.apply(action)
        except (BadNotation, IllegalAction) as exc:
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
    log = _log_json(game, lang, seat)
    if args.json:
        data = game.view(seat)
        data["log"] = log
        if error:
            data["refused"] = error
        _print_json(data)
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
        seat = _seat(game, args.seat)
    except ValueError as exc:
        return refused(args, "legal", [str(exc)])
    owner = game.pending().get("owner")
    # another player's choices would name her hidden cards: a seat sees only its own
    actions = game.legal_actions() if seat is None or owner == seat else []
    if args.json:  # "player": whose decision it is (a teammate's answer in team play)
        owner = game.pending().get("owner")
        _print_json([{"notation": a.notation, "verb": a.verb, "summary": a.summary,
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
        seat = _seat(game, args.seat)
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

