"""The package stays in small modules of one concern (issue 25: none over about 400 lines)."""

from pathlib import Path

import obsession_nb

PACKAGE = Path(obsession_nb.__file__).parent
MOST_LINES = 420
"""About 400 lines, with a little slack so that a docstring does not force a split."""


def test_no_module_of_the_package_is_over_about_400_lines() -> None:
    sizes = {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in PACKAGE.rglob("*.py")}
    assert len(sizes) > 100
    too_long = {name: lines for name, lines in sizes.items() if lines > MOST_LINES}
    assert not too_long, f"modules over {MOST_LINES} lines: {too_long}"


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name starting with ``_`` is its module's own (issue 48): the modules that need it
    import a public name."""
    import ast

    crossing = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("obsession_nb"):
                crossing += [f"{path.relative_to(PACKAGE)}: {node.module}.{alias.name}"
                             for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert crossing == []


def test_module_paths_named_in_the_package_exist() -> None:
    """A docstring or comment naming a module of the package (``modes/team/requests.py``) names
    one that exists: no stale paths after a move (issue 48)."""
    import re

    named = re.compile(r"(?<![\w/.])((?:obsession_nb/)?(?:engine|modes|practice|players|tutor|cli"
                       r"|data|base)/(?:[a-z_]+/)*[a-z_]+\.py)\b")
    stale = []
    for path in PACKAGE.rglob("*.py"):
        for match in named.finditer(path.read_text(encoding="utf-8")):
            name = match.group(1).removeprefix("obsession_nb/")
            if not (PACKAGE / name).exists():
                stale.append(f"{path.relative_to(PACKAGE)}: {name}")
    assert stale == []
