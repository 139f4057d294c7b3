"""The user's own folders (``base.resources.user_dir``): where the content cache and the card
pack in use are kept."""

from __future__ import annotations

import sys

import pytest

from obsession_nb.base.resources import user_dir


@pytest.mark.skipif(sys.platform != "linux", reason="the folder is worked out by hand on Linux")
@pytest.mark.parametrize("kind", ["cache", "config"])
@pytest.mark.parametrize("xdg", [None, "", "relative/folder", "/srv/xdg-folder"])
def test_the_users_folders_are_the_ones_platformdirs_names(monkeypatch, kind, xdg):
    import platformdirs

    variable = f"XDG_{kind.upper()}_HOME"
    if xdg is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, xdg)
    named = platformdirs.user_cache_path if kind == "cache" else platformdirs.user_config_path
    assert user_dir(kind) == named("obsession-nb", appauthor=False)
