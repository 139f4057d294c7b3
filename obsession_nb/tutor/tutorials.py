"""Where ``obsession-nb lab`` serves the tutorials from, and which tutorials the index lists.

A source checkout serves its own ``notebooks/`` (edit them there; ``make notebooks`` refreshes
them).  An installed wheel carries the tutorials inside the package (read-only in spirit: an
upgrade replaces them), so the first ``lab`` copies them to a folder of the user's own —
``~/obsession-nb-tutorials`` unless told otherwise — and serves that copy.  A copy is never
overwritten: edits stay the user's; a tutorial that a newer version adds is copied in beside them.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from obsession_nb.base.resources import package_dir

DEFAULT_FOLDER = Path.home() / "obsession-nb-tutorials"
INDEX = "00-index.ipynb"


def packaged_tutorials() -> Path | None:
    """The tutorials shipped inside an installed package, if this is one."""
    bundled = package_dir() / "notebooks"
    return bundled if (bundled / INDEX).is_file() else None


def checkout_tutorials() -> Path | None:
    """The tutorials of a source checkout (an editable install), if this is one."""
    checkout = package_dir().parent / "notebooks"
    return checkout if (checkout / INDEX).is_file() else None


def tutorial_folder(folder: Path | None = None) -> tuple[Path, list[str]]:
    """The folder to serve, and the tutorials copied into it now (empty if none were).

    ``folder`` asks for a copy there even in a checkout.  Raises ``FileNotFoundError`` if this
    installation has no tutorials at all.
    """
    source = checkout_tutorials() if folder is None else None
    if source is not None:
        return source, []
    shipped = packaged_tutorials() or checkout_tutorials()
    if shipped is None:
        raise FileNotFoundError("this installation of obsession-nb carries no tutorials")
    target = (folder or DEFAULT_FOLDER).expanduser()
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for notebook in sorted(shipped.glob("*.ipynb")):
        if not (target / notebook.name).exists():
            shutil.copy2(notebook, target / notebook.name)
            copied.append(notebook.name)
    return target, copied


@dataclass(frozen=True)
class Tutorial:
    """One numbered notebook: its file name and its title (the first Markdown heading)."""

    file: str
    title: str


def index_folder() -> Path | None:
    """The folder whose tutorials the index lists: the one the notebook runs in when it holds
    the index (a user's copy too), else this installation's own tutorials."""
    here = Path.cwd()
    if (here / INDEX).is_file():
        return here
    return checkout_tutorials() or packaged_tutorials()


def tutorials_in(folder: Path) -> list[Tutorial]:
    """The numbered notebooks of ``folder`` (the index first), in reading order, each title
    starting with its number ("06 · Competitive Team Play")."""
    found = []
    for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
        title, number = _heading(path), path.name[:2]
        found.append(Tutorial(path.name, title if title.startswith(number)
                              else f"{number} · {title}"))
    return found


def _heading(path: Path) -> str:
    """The first Markdown heading of a notebook (its file name if it has none or is unreadable)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return path.stem
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            for line in text.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem
