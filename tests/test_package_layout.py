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
