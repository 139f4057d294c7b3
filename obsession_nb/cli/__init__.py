"""The obsession-nb command: validate, show, play and list legal actions of scenarios, and open
the tutor in JupyterLab.

Each command imports what it needs when it runs, so that --help, --version and light commands
start fast: argparse and the standard library's core only (no typing, pathlib, subprocess, json
or importlib.metadata; --version not even argparse); the engine, pydantic, pandas and JupyterLab
load only for the commands that use them (tests/cli/test_cli_start.py)."""

from __future__ import annotations

import io  # already loaded by the interpreter: costs nothing at start
import os
import sys

from obsession_nb.cli.output import VERSION, print_json

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


def _check_command(p: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """A mistyped command gets the nearest command names (argparse only lists them all)."""
    # argparse keeps the commands in private attributes that typeshed types loosely: ``_subparsers``
    # is None until add_subparsers (parser() always calls it) and the action's ``choices`` any iterable
    commands = list(p._subparsers._group_actions[0].choices)  # type: ignore[union-attr, arg-type]  # see above
    word = next((a for a in argv if not a.startswith("-")), None)
    if word is not None and word not in commands:
        from obsession_nb.tutor import suggest

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

    from obsession_nb.engine.positions.scenario import ScenarioError, exists, scenario_path

    path = scenario_path(name)
    if exists(path):
        return
    from obsession_nb.tutor import suggest

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
    if argv == ["--version"]:  # as argparse would print it, without loading argparse
        print(VERSION)
        return 0
    from obsession_nb.cli.parsing import Refused

    try:
        return _run(argv)
    except Refused as exc:
        if "--json" in argv:
            print_json({"error": "invalid arguments", "problems": [str(exc)]})
        exc.parser.print_usage(sys.stderr)
        print(f"{exc.parser.prog}: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None  # as argparse itself exits
    except OSError as exc:  # the output cannot be written: a closed pipe, a full disk
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if not isinstance(exc, BrokenPipeError):  # the reader went away (`... | head`): quiet
            print(f"obsession-nb: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1


def _run(argv: list[str]) -> int:
    from obsession_nb.cli.parsing import parser

    p = parser()
    _check_command(p, argv)
    args, extra = p.parse_known_args(argv)
    if extra:
        if args.command != "lab":
            p.error(f"unrecognized arguments: {' '.join(extra)}")
        args.lab_args = extra  # passed on to JupyterLab
    try:
        _check_file(args)
        code: int = args.func(args)
        sys.stdout.flush()  # a closed pipe or a full disk shows here, not at exit
        return code
    except ValueError as exc:
        from obsession_nb.engine.positions.scenario import ScenarioError

        if not isinstance(exc, ScenarioError):
            raise
        if getattr(args, "json", False):
            print_json({"error": "invalid scenario", "problems": exc.problems})
        print(str(exc), file=sys.stderr)
        return 1

