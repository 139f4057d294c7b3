"""Where the package's non-Python files are: the front-end modules and the data.

In the repository, ``widgets/`` (anywidget ES modules and CSS) and ``content/`` (catalog,
rule index, scenarios) sit at the top level, beside the ``obsession_nb/`` package.  A built
wheel carries copies of both *inside* the package, as ``obsession_nb/widgets`` and
``obsession_nb/content`` (see ``[tool.hatch.build.targets.wheel.force-include]`` in
``pyproject.toml``).

The functions here return the right one:

* an installed wheel: the copies inside the package;
* a source checkout or an editable install (``pip install -e .``): the top-level directories,
  so edits to ``widgets/*.js`` and ``content/*.yaml`` are seen at once (and
  ``ANYWIDGET_HMR=1`` can reload them).

Resolution goes through this module's own ``__file__``, never ``importlib.resources``: an
editable install also leaves stale force-included copies in ``site-packages/obsession_nb/``,
which must not win over the checkout.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Literal

__all__ = ["content_dir", "package_dir", "widget_module", "widget_style", "widgets_dir"]

_PACKAGE_DIR = Path(__file__).resolve().parents[1]


def package_dir() -> Path:
    """Return the directory of the ``obsession_nb`` package itself."""
    return _PACKAGE_DIR


def _locate(name: str) -> Path:
    """Return the directory ``name`` bundled in the package, or else the repository's one.

    Raises:
        FileNotFoundError: neither ``obsession_nb/<name>`` nor ``<repo>/<name>`` exists.
    """
    bundled = _PACKAGE_DIR / name
    if bundled.is_dir():
        return bundled
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"obsession-nb: cannot find its {name!r} directory (looked in {bundled} and {checkout}); "
        "is the package installed correctly?"
    )


def content_dir() -> Path:
    """Return the data directory: ``catalog/``, ``rules.yaml``, ``scenarios/``.

    >>> (content_dir() / "scenarios").is_dir()  # doctest: +SKIP
    True
    """
    return _locate("content")


def widgets_dir() -> Path:
    """Return the directory of the anywidget front-end files (``*.js`` ES modules, ``*.css``)."""
    return _locate("widgets")


_COMMON_IMPORT = re.compile(r'^import \{[^}]*\} from "\./common\.js";$', re.M)


def widget_module(name: str) -> str:
    """The ES module of ``widgets/NAME`` as served to the browser: its import of ``./common.js``
    replaced by that file's helpers, since an anywidget module is loaded on its own."""
    here = widgets_dir()
    text = (here / name).read_text(encoding="utf-8")
    common = (here / "common.js").read_text(encoding="utf-8").replace("export function",
                                                                        "function")
    return _COMMON_IMPORT.sub(lambda _: common, text, count=1)


def widget_style(name: str) -> str:
    """The CSS of ``widgets/NAME`` after ``widgets/common.css`` (the rule-id chips, the focus
    ring and text for screen readers only, shared by every widget)."""
    here = widgets_dir()
    return "\n".join((here / n).read_text(encoding="utf-8") for n in ("common.css", name))


APP = "obsession-nb"


def user_dir(kind: Literal["cache", "config"]) -> Path:
    """obsession-nb's folder of the user's ``cache`` or ``config`` files.  On Linux it is found
    by the XDG rule platformdirs follows there (``$XDG_CACHE_HOME`` / ``$XDG_CONFIG_HOME`` when
    it is an absolute path, else ``~/.cache`` / ``~/.config``) without importing platformdirs,
    which loads ``tempfile``, ``shutil`` and three compression modules on every command that
    reads the catalog (issue 48); elsewhere it is platformdirs' answer."""
    if sys.platform == "linux":
        xdg = os.environ.get(f"XDG_{kind.upper()}_HOME", "")
        return (Path(xdg) if os.path.isabs(xdg) else Path.home() / f".{kind}") / APP
    import platformdirs

    named = platformdirs.user_cache_path if kind == "cache" else platformdirs.user_config_path
    return named(APP, appauthor=False)
