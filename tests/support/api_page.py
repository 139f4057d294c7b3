"""Write ``docs/api.md``, the reference page of the public API, from its docstrings.

    .venv/bin/python tests/support/api_page.py     # rewrites docs/api.md

The public API is ``obsession_nb`` and ``obsession_nb.widgets``: every name in their ``__all__``,
in that order, with its signature and docstring.  ``tests/test_public_api.py`` checks that the
page is up to date.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "api.md"
MODULES = ("obsession_nb", "obsession_nb.widgets")

HEADER = """\
# The public API

Everything a tutorial or your own notebook needs is imported from two modules:

```python
import obsession_nb as onb                # games, scenarios, rulings, the tutorials' helpers
from obsession_nb.widgets import Board    # the widgets, and text printed in a notebook
```

Every other module path is the package's inside and may change between versions. This page is
written from the docstrings by `tests/support/api_page.py` (do not edit it by hand; a test checks it is
up to date).
"""


class _Written(str):
    """An annotation kept as text (``from __future__ import annotations``), shown unquoted."""

    def __repr__(self) -> str:
        return str(self)


def _unquoted(annotation: object) -> object:
    return _Written(annotation) if isinstance(annotation, str) else annotation


def signature(obj: object) -> str:
    """``(arguments) -> result`` of a function or class, or ``""`` when Python cannot tell."""
    try:
        sig = inspect.signature(obj)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ""
    parameters = [p.replace(annotation=_unquoted(p.annotation)) for p in sig.parameters.values()]
    return str(sig.replace(parameters=parameters,
                           return_annotation=_unquoted(sig.return_annotation)))


def entry(name: str, obj: object) -> str:
    """One name: a heading, its signature and its docstring; a record's fields by name (a
    pydantic model's signature depends on which modes have registered their records)."""
    kind = "class" if inspect.isclass(obj) else "function" if callable(obj) else "value"
    fields = getattr(obj, "model_fields", None)
    arguments = "(**fields)" if fields is not None else signature(obj)
    head = f"### `{name}`\n\n```python\n{kind} {name}{arguments}\n```\n"
    listed = f"\n\nFields: {', '.join(f'`{f}`' for f in fields)}." if fields else ""
    return f"{head}\n{inspect.cleandoc(obj.__doc__ or '')}{listed}\n"


def page() -> str:
    """The whole page, as ``docs/api.md`` should hold it."""
    parts = [HEADER]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        parts.append(f"## `{module_name}`\n\n{inspect.cleandoc(module.__doc__ or '')}\n")
        parts += [entry(name, getattr(module, name)) for name in module.__all__]
    return "\n".join(parts)


if __name__ == "__main__":
    PAGE.write_text(page(), encoding="utf-8")
    sys.stdout.write(f"wrote {PAGE}\n")
