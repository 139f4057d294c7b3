"""The command line's parser: every command, its arguments and its help."""

from __future__ import annotations

import argparse
import os
import sys
from functools import cache  # loaded with argparse's re: free at start

from obsession_nb.base.i18n import LANGUAGES
from obsession_nb.cli.cards import add_parser as add_cards_parser
from obsession_nb.cli.games import cmd_practice, cmd_simulate, cmd_solo, d20_rolls
from obsession_nb.cli.output import FILE_HELP, VERSION, _path
from obsession_nb.cli.positions import (
    cmd_explore,
    cmd_legal,
    cmd_new,
    cmd_play,
    cmd_show,
    cmd_validate,
)
from obsession_nb.cli.tutor import cmd_ask, cmd_components, cmd_lab, cmd_rules, cmd_teach
from obsession_nb.data.sections import SECTIONS as COMPONENT_SECTIONS

LEVEL_NAMES = ("easy", "normal", "strong")
"""The search's levels (``practice.plans.LEVELS``; a test holds the two equal, so that the
parser does not import the search)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import NoReturn


class Refused(Exception):
    """Arguments argparse refuses (``main`` reports them, as JSON too with ``--json``)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Refused(self, message)

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """argparse's check of a value against the choices, with the nearest choices named."""
        try:
            super()._check_value(action, value)  # type: ignore[misc]
        except argparse.ArgumentError as exc:
            if isinstance(value, str) and action.choices is not None:
                from obsession_nb.data.rules import did_you_mean

                hint = did_you_mean(value, [str(c) for c in action.choices])
                if hint:
                    raise argparse.ArgumentError(action, exc.message + hint) from None
            raise

    def _get_formatter(self) -> argparse.HelpFormatter:
        """As argparse's, with the width read once (argparse imports ``shutil`` and asks the
        terminal again for every argument added)."""
        return self.formatter_class(prog=self.prog, width=_width())


def _at_least_one(text: str) -> int:
    """A count of at least 1 (argparse reports a ValueError as an invalid value)."""
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


@cache
def _width() -> int:
    """The help's width: the terminal's (``COLUMNS`` first, else 80) less 2, as argparse."""
    text = os.environ.get("COLUMNS", "")
    columns = int(text) if text.isdigit() else 0
    if not columns:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):  # no terminal: argparse's fallback
            columns = 0
    return (columns or 80) - 2


SEAT_HELP = ("as player N (1-based) sees it: the others' hidden cards face down, the log "
             "without the cards N could not see (else the open view, every card face up)")
LANG_HELP = ("language of the rulings: ja shows each rule's Japanese title (the English verdict "
             "stays, as the record; JSON adds it as 'text')")


def game_options(command: argparse.ArgumentParser) -> None:
    """``--milestones`` and ``--option``: the rules options of a game a command sets up."""
    command.add_argument("--milestones", metavar="A,B",
                         help="two milestone card ids, or 'random' (Tableau: random by default)")
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="any rules option by its Options field and value, repeatable "
                         "(courtship=closed, market=seasonal, objectives=choose-at-setup ...)")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="obsession-nb", description=(
        "Validate, show, play and list the legal actions of Obsession scenarios, and open the "
        "tutor in JupyterLab."))
    p.add_argument("--version", action="version", version=VERSION)
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
    s.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP)
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play the recorded actions, then any given")
    pl.add_argument("file", metavar="FILE", help=FILE_HELP)
    pl.add_argument("actions", nargs="*", metavar="ACTION",
                    help='an action in notation, quoted as one argument ("invite lady-suffolk")')
    pl.add_argument("--json", action="store_true",
                    help="print the end position with the log of rulings as JSON")
    pl.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
    pl.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP)
    pl.set_defaults(func=cmd_play)
    lg = sub.add_parser("legal", help="legal actions of the pending decision after the file's "
                        "recorded actions (--before: before them)")
    lg.add_argument("file", metavar="FILE", help=FILE_HELP)
    lg.add_argument("--before", action="store_true",
                    help="list them at the position before the recorded actions")
    lg.add_argument("--json", action="store_true", help="print the actions as JSON")
    lg.add_argument("--lang", choices=LANGUAGES, help="language of the decision and the actions' "
                    "descriptions (the notation stays as you type it)")
    lg.add_argument("--seat", type=int, metavar="N", help=SEAT_HELP + "; another player's "
                    "decision lists none")
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
    game_options(sim)
    sim.add_argument("--strategy", metavar="A,B,...",
                     help="AI players by seat (random, heuristic, search; the last repeats): "
                     "an arena of --games games, the line-up turned one seat per game")
    sim.add_argument("--level", choices=LEVEL_NAMES, default=None,
                     help="with --strategy: the search players' level (budget in engine "
                     "actions; normal by default)")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate, usage_error=sim.error)
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
                    help="the coach's and the search opponents' level (budget in engine "
                    "actions): easy, normal (the default) or strong")
    game_options(pr)
    pr.add_argument("--no-coach", action="store_true", help="no review after your turns")
    pr.add_argument("--load", metavar="FILE", help="go on with a game saved at the table or "
                    "with 'save FILE' (its seat, opponents and seed unless given)")
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
    ru.add_argument("--lang", choices=LANGUAGES,
                    help="language of the entries shown (a query in Japanese is answered in "
                    "Japanese)")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(func=cmd_rules)
    ak = sub.add_parser("ask", help="ask a rules question in your own words: the best rule "
                        "entries, casebook cases answered live, and a position to show")
    ak.add_argument("question", nargs="+", metavar="QUESTION")
    ak.add_argument("--lang", choices=LANGUAGES,
                    help="language of the answer (a question in Japanese is answered in "
                    "Japanese)")
    ak.add_argument("--json", action="store_true")
    ak.set_defaults(func=cmd_ask)
    co = sub.add_parser("components", help="every component in the catalog with its count and "
                        "provenance (stated, unverified, stand-in or from your box)")
    co.add_argument("--kind", choices=[k for k, _w in COMPONENT_SECTIONS],
                    help="only one kind (servants, tiles, gentry, ...)")
    co.add_argument("--by-box", action="store_true",
                    help="only the boxes side by side: base, Upstairs, Downstairs, promos and "
                    "Wessex, the catalog's counts beside the sources' stated totals")
    co.add_argument("--json", action="store_true")
    co.set_defaults(func=cmd_components)
    add_cards_parser(sub)
    ex = sub.add_parser("explore", help="every distinct way to finish the pending turn, compared")
    ex.add_argument("file", metavar="FILE", help=FILE_HELP)
    ex.add_argument("--top", type=_at_least_one, metavar="N", help="show the first N lines only")
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

