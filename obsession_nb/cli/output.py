"""What every command shares: printing JSON, the log as JSON, the FILE argument's help."""

from __future__ import annotations

import sys

from obsession_nb import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from obsession_nb.engine.game import Game


VERSION = f"obsession-nb {__version__}"
"""What ``--version`` prints."""
FILE_HELP = "a path or a packaged scenario name (e.g. refresher-round-6)"


def _print_json(data: Any) -> None:
    import json

    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def refused(args: Any, command: str, problems: list[str]) -> int:
    """Arguments a command refuses once it has run (a bad option value, an unknown card):
    the problems on standard error, and with ``--json`` as JSON on standard output too;
    exit status 2, as argparse's own refusals."""
    if getattr(args, "json", False):
        _print_json({"error": "invalid arguments", "problems": problems})
    print(f"obsession-nb {command}: " + "\n  ".join(problems), file=sys.stderr)
    return 2


def _log_json(game: Game, lang: str = "en", seat: int | None = None) -> list[dict[str, Any]]:
    """The game's log as ``seat`` reads it (``None``: in full); in another language than
    English each ruling has ``text`` too."""
    log = game.log_for(seat)
    if lang == "en":
        return [{"player": e.player, "action": e.action, "rulings": e.rulings} for e in log]
    from obsession_nb.data.translations import ruling_json

    return [{"player": e.player, "action": e.action,
             "rulings": [ruling_json(r, lang) for r in e.rulings]} for e in log]


def _seat(game: Game, number: int | None) -> int | None:
    """``--seat N`` (1-based) as a seat index; ``ValueError`` naming the seats if there is no
    such player."""
    if number is None:
        return None
    players = len(game.state.players)
    if not 1 <= number <= players:
        raise ValueError(f"--seat {number}: this position has players 1 to {players}")
    return number - 1


def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)

