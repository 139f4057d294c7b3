"""The command line's parser: argparse with did-you-mean for a mistyped choice, and the
commands, each added by the module of its command group (cli/positions, games, tutor, cards)."""

from __future__ import annotations

import argparse
import os
import sys
from functools import cache  # loaded with argparse's re: free at start

from obsession_nb.cli import cards, games, positions, tutor
from obsession_nb.cli.output import VERSION

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
            super()._check_value(action, value)
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
        # typeshed types formatter_class as a factory of ``prog`` alone; every HelpFormatter
        # (the only kind this parser is given) also takes ``width``
        return self.formatter_class(prog=self.prog, width=_width())  # type: ignore[call-arg]  # see above


@cache
def _width() -> int:
    """The help's width: the terminal's (``COLUMNS`` first, else 80) less 2, as argparse."""
    text = os.environ.get("COLUMNS", "")
    columns = int(text) if text.isdigit() else 0
    if not columns:
        try:
            # sys.__stdout__ is None when Python started without one: the AttributeError is caught
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]  # see above
        except (AttributeError, ValueError, OSError):  # no terminal: argparse's fallback
            columns = 0
    return (columns or 80) - 2


COMMANDS = (
    positions.add_validate, positions.add_show, positions.add_play, positions.add_legal,
    games.add_simulate, games.add_practice, games.add_solo,
    tutor.add_rules, tutor.add_ask, tutor.add_components, cards.add_parser,
    positions.add_explore, positions.add_new, tutor.add_lab, tutor.add_teach,
)
"""Each command's parser, added by the module of its command group, in the order --help lists
the commands."""


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="obsession-nb", description=(
        "Validate, show, play and list the legal actions of Obsession scenarios, and open the "
        "tutor in JupyterLab."))
    p.add_argument("--version", action="version", version=VERSION)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(sub)  # type: ignore[arg-type]  # the subcommands' parsers are _Parser, an ArgumentParser
    return p
