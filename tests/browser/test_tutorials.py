"""Every tutorial runs in JupyterLab and in Voilà with every board drawn and no widget error.

Screenshots of each board, stepper and panel land in test-artifacts/screenshots/ beside the
page screenshot the harness takes after every test.  axe-core checks every tutorial's outputs
(its live widgets) against the WCAG 2.2 AA rules in both (issue 49; figures in
test-artifacts/axe/).
"""

from __future__ import annotations

import re

import pytest
from a11y import assert_accessible
from playwright.sync_api import Page, expect
from tutor_helpers import NOTEBOOKS, shoot_widgets, tutorials

pytestmark = pytest.mark.browser

# Minimum number of each widget a tutorial shows once all its cells have run.
EXPECTED = {
    "00-index.ipynb": {".onb-board": 1},
    "01-a-base-game-turn.ipynb": {".onb-board": 4, ".onb-step-header": 2,
                                  ".onb-ruling-panel": 1, ".onb-editor": 1},
    "02-howard-supplemental-service.ipynb": {".onb-board": 4, ".onb-step-header": 2,
                                             ".onb-ruling-panel": 1, ".onb-editor": 1},
    "03-first-player-rotation.ipynb": {".onb-board": 3, ".onb-step-header": 2, ".onb-editor": 1},
    "04-servant-draft-and-hiring.ipynb": {".onb-board": 5, ".onb-step-header": 3,
                                          ".onb-ruling-panel": 1, ".onb-editor": 1},
    "05-solo-estate-challenge.ipynb": {".onb-board": 2, ".onb-step-header": 1,
                                       ".onb-ruling-panel": 1},
    "06-competitive-team-play.ipynb": {".onb-board": 4, ".onb-step-header": 2,
                                       ".onb-ruling-panel": 1, ".onb-editor": 1},
    "07-tableau-obsession.ipynb": {".onb-board": 2, ".onb-step-header": 1,
                                   ".onb-ruling-panel": 1},
    "08-variants.ipynb": {".onb-board": 4},
    "09-what-if.ipynb": {".onb-board": 1, ".onb-explorer-table": 1},
    "10-rulings-casebook.ipynb": {".onb-board": 2, ".onb-rule-browser": 1, ".onb-quiz": 1},
    "11-practice-table.ipynb": {".onb-board": 2, ".onb-practice": 1, ".onb-explorer-table": 1},
    "12-your-own-box.ipynb": {".onb-board": 1, ".onb-ce": 1},
}


def _expect_widgets(page: Page, scope: str, name: str) -> None:
    for selector, least in EXPECTED.get(name, {".onb-board": 1}).items():
        found = page.locator(f"{scope} {selector}")
        expect(found.nth(least - 1)).to_be_visible()
    # Every board drew its content (no "board could not be drawn").
    expect(page.locator(f"{scope} .onb-board .onb-error")).to_have_count(0)
    boards = page.locator(f"{scope} .onb-board")
    for i in range(boards.count()):
        expect(boards.nth(i).locator(".onb-pending, .onb-player, .onb-market").first).to_be_visible()


@pytest.mark.parametrize("name", tutorials())
def test_tutorial_runs_in_jupyterlab_with_every_board(
    page: Page, run_notebook_in_lab, assert_no_widget_errors, name: str
) -> None:
    run_notebook_in_lab(page, name)
    _expect_widgets(page, ".jp-OutputArea", name)
    assert_no_widget_errors(page)
    # Every widget output of the notebook rendered a view (none left as a bare text repr).
    unrendered = page.locator(".jp-OutputArea-output", has_text=re.compile(r"^\s*<(Board|Stepper)"))
    expect(unrendered).to_have_count(0)
    shoot_widgets(page, f"lab-{name.removesuffix('.ipynb')}")
    assert_accessible(page, f"lab-{name.removesuffix('.ipynb')}")


@pytest.mark.parametrize("name", tutorials())
def test_tutorial_renders_in_voila(
    page: Page, open_in_voila, assert_no_widget_errors, name: str
) -> None:
    open_in_voila(page, name)
    _expect_widgets(page, "body", name)
    # Live widgets, not the saved pictures their display bundles also carry.
    expect(page.locator(".onb-static-board")).to_have_count(0)
    assert_no_widget_errors(page)
    shoot_widgets(page, f"voila-{name.removesuffix('.ipynb')}")
    assert_accessible(page, f"voila-{name.removesuffix('.ipynb')}")


def test_every_tutorial_is_tested() -> None:
    on_disk = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    assert on_disk == tutorials()
    assert set(on_disk) <= set(EXPECTED)
