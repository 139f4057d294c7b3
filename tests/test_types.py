"""The package's types: mypy with the configuration of ``pyproject.toml`` (``[tool.mypy]``: the
whole package at mypy's strict level, the widget views allowed to subclass ipywidgets' untyped
classes) finds no error, and every ``# type: ignore`` left in the code it checks names its error
code and says why.

mypy runs in this process through its API, so ``make test`` (and CI, which runs it) checks the
types with the tests; its cache lives in ``build/mypy-cache`` (a cold run takes a few tens of
seconds, a warm one a few).
"""

from __future__ import annotations

import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")
"""A ``# type: ignore`` comment: its codes, then what follows it on the line."""


def ignores(source: str) -> list[tuple[int, str]]:
    """Each ``# type: ignore`` comment of a module's source (not one inside a string), with its
    line number."""
    return [(tok.start[0], tok.string)
            for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.COMMENT and IGNORE.search(tok.string)]


def unexplained(comment: str) -> str | None:
    """What a ``# type: ignore`` comment lacks (its codes, or a reason after them), or ``None``:
    the form is ``# type: ignore[code]  # why``."""
    found = IGNORE.search(comment)
    assert found is not None
    if not found.group("codes") or found.group("codes") == "[]":
        return "no error code"
    reason = found.group("rest").strip()
    if not reason.startswith("#") or len(reason.lstrip("# ").strip()) < 3:
        return "no reason"
    return None


def checked() -> list[Path]:
    """The folders and modules mypy checks (``files`` of ``[tool.mypy]``)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [ROOT / name for name in config["tool"]["mypy"]["files"]]


def test_every_type_ignore_names_its_code_and_reason() -> None:
    modules = sorted({p for f in checked() for p in ([f] if f.is_file() else f.rglob("*.py"))})
    assert modules
    missing = [f"{path.relative_to(ROOT)}:{line}: {why}: {comment}"
               for path in modules
               for line, comment in ignores(path.read_text(encoding="utf-8"))
               if (why := unexplained(comment)) is not None]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("comment, lacks", [
    ("# type: ignore", "no error code"),
    ("# type: ignore[]  # why", "no error code"),
    ("# type: ignore[arg-type]", "no reason"),
    ("# type: ignore[arg-type]  #", "no reason"),
    ("# type: ignore[arg-type]  # pandas-stubs leave it out", None),
    ("# type: ignore[arg-type, union-attr]  # a record: is_record above", None),
])
def test_the_ignore_check_tells_a_bare_ignore_from_an_explained_one(comment: str,
                                                                    lacks: str | None) -> None:
    assert unexplained(comment) == lacks


def test_ignores_are_found_in_comments_only() -> None:
    source = 'x = "# type: ignore"  # type: ignore[misc]  # why\ny = 1\n'
    assert ignores(source) == [(1, "# type: ignore[misc]  # why")]


def test_mypy_finds_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from mypy import api

    monkeypatch.chdir(ROOT)  # the configuration's paths (files, cache_dir) are the repository's
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, report + errors
    assert report.startswith("Success: no issues found"), report
