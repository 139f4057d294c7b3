"""What every command shares: printing JSON, the log as JSON, and the arguments several commands
take (FILE, --lang, --level, the rules options of a new game, a count of at least one)."""

from __future__ import annotations

import sys

from obsession_nb import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any

    from obsession_nb.engine.game import Game


VERSION = f"obsession-nb {__version__}"
"""What ``--version`` prints."""
FILE_HELP = "a path or a packaged scenario name (e.g. refresher-round-6)"
LANG_HELP = ("language of the rulings: ja shows each rule's Japanese title (the English verdict "
             "stays, as the record; JSON adds it as 'text')")
LEVEL_NAMES = ("easy", "normal", "strong")
"""The search's levels (``practice.plans.LEVELS``; a test holds the two equal, so that the
parser does not import the search)."""
LEVEL_HELP = ("budget in engine actions per decision: easy 1,500 and normal 3,500 (the default) "
              "compare the plans by successive halving; strong 20,000 searches a tree over two "
              "of the seat's turns (docs/command-line.md)")
"""The levels' budgets in the commands' help (a test holds them equal to ``LEVELS``)."""


def print_json(data: Any) -> None:
    import json

    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def refused(args: Any, command: str, problems: list[str]) -> int:
    """Arguments a command refuses once it has run (a bad option value, an unknown card):
    the problems on standard error, and with ``--json`` as JSON on standard output too;
    exit status 2, as argparse's own refusals."""
    if getattr(args, "json", False):
        print_json({"error": "invalid arguments", "problems": problems})
    print(f"obsession-nb {command}: " + "\n  ".join(problems), file=sys.stderr)
    return 2


def log_json(game: Game, lang: str = "en", seat: int | None = None) -> list[dict[str, Any]]:
    """The game's log as ``seat`` reads it (``None``: in full); in another language than
    English each ruling has ``text`` too."""
    log = game.log_for(seat)
    if lang == "en":
        return [{"player": e.player, "action": e.action, "rulings": e.rulings} for e in log]
    from obsession_nb.data.translations import ruling_json

    return [{"player": e.player, "action": e.action,
             "rulings": [ruling_json(r, lang) for r in e.rulings]} for e in log]


SEAT_HELP = ("as player N (1-based) sees it: the others' hidden cards face down, the log "
             "without the cards N could not see (else the open view, every card face up)")


def seat_index(game: Game, number: int | None) -> int | None:
    """``--seat N`` (1-based) as a seat index; ``ValueError`` naming the seats if there is no
    such player."""
    if number is None:
        return None
    players = len(game.state.players)
    if not 1 <= number <= players:
        raise ValueError(f"--seat {number}: this position has players 1 to {players}")
    return number - 1


def path_type(text: str) -> Path:
    from pathlib import Path

    return Path(text)



def at_least_one(text: str) -> int:
    """A count of at least 1 (argparse reports a ValueError as an invalid value)."""
    import argparse  # loaded already by the parser that calls this

    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def game_options(command: argparse.ArgumentParser) -> None:
    """``--milestones`` and ``--option``: the rules options of a game a command sets up."""
    command.add_argument("--milestones", metavar="A,B",
                         help="two milestone card ids, or 'random' (Tableau: random by default)")
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="any rules option by its Options field and value, repeatable "
                         "(courtship=closed, market=seasonal, objectives=choose-at-setup ...)")
