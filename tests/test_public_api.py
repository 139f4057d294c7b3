"""The public API (issue 48): ``obsession_nb`` and ``obsession_nb.widgets`` export what the
tutorials use, every name with a docstring; no tutorial imports anything else; ``docs/api.md``
is the page written from those docstrings."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import api_page
import nbformat
import pytest

import obsession_nb

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
PUBLIC = ("obsession_nb", "obsession_nb.widgets")


def _code(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def _imports(source: str) -> list[str]:
    """The modules a cell imports, plus ``module.name`` for each ``from module import name``
    (so that ``from obsession_nb import engine`` is caught too)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if node.module == "obsession_nb" and alias.name not in obsession_nb.__all__]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_tutorial_imports_below_the_public_api(path: Path) -> None:
    below = [module for source in _code(path) for module in _imports(source)
             if module.startswith("obsession_nb") and module not in PUBLIC]
    assert below == [], f"{path.name} imports {below}; use obsession_nb or obsession_nb.widgets"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_tutorials_use_only_public_names_of_onb(path: Path) -> None:
    used = {m.group(1) for source in _code(path) for m in re.finditer(r"\bonb\.(\w+)", source)}
    assert used <= set(obsession_nb.__all__), sorted(used - set(obsession_nb.__all__))


def test_the_import_checker_sees_an_internal_import() -> None:
    assert _imports("from obsession_nb.engine.game import Game") == ["obsession_nb.engine.game"]
    assert _imports("import obsession_nb.tutor.views") == ["obsession_nb.tutor.views"]
    assert _imports("from obsession_nb import tutor") == ["obsession_nb", "obsession_nb.tutor"]


def _public_names() -> list[tuple[str, str]]:
    return [(module, name) for module in PUBLIC
            for name in importlib.import_module(module).__all__]


@pytest.mark.parametrize(("module", "name"), _public_names(), ids=lambda x: x)
def test_every_public_name_loads_and_has_its_own_docstring(module: str, name: str) -> None:
    obj = getattr(importlib.import_module(module), name)
    doc = obj.__doc__ or ""
    # a dataclass without a docstring gets one written from its fields: that does not count
    assert doc.strip() and not doc.startswith(f"{getattr(obj, '__name__', name)}("), name


def test_the_lazy_names_match_what_type_checkers_read() -> None:
    """``obsession_nb`` loads its names on first use from ``_HOME``; its TYPE_CHECKING imports
    name the same objects, so an editor and a type checker see the real thing."""
    tree = ast.parse(inspect.getsource(obsession_nb))
    checked = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module.startswith("obsession_nb."):
            for alias in node.names:
                home = node.module.removeprefix("obsession_nb.")
                inner = "" if alias.asname is None else f":{alias.name}"
                checked[alias.asname or alias.name] = home + inner
    assert checked == obsession_nb._HOME
    assert list(obsession_nb._HOME) == obsession_nb.__all__
    with pytest.raises(AttributeError, match="no attribute 'engine_internals'"):
        obsession_nb.engine_internals  # noqa: B018


def test_the_api_page_is_up_to_date() -> None:
    written = api_page.PAGE.read_text(encoding="utf-8")
    assert written == api_page.page(), "run: .venv/bin/python tests/support/api_page.py"
    for module, name in _public_names():
        obj = getattr(importlib.import_module(module), name)
        assert f"### `{name}`" in written and inspect.cleandoc(obj.__doc__) in written
