"""Where ``obsession-nb lab`` serves the tutorials from.

A source checkout serves its own ``notebooks/`` (edit them there; ``make notebooks`` refreshes
them).  An installed wheel carries the tutorials inside the package (read-only in spirit: an
upgrade replaces them), so the first ``lab`` copies them to a folder of the user's own —
``~/obsession-nb-tutorials`` unless told otherwise — and serves that copy.  A copy is never
overwritten: edits stay the user's; a tutorial that a newer version adds is copied in beside them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from obsession_nb.resources import package_dir

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
