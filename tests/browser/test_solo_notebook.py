"""The Solo Estate Challenge tutorial in JupyterLab: the board, the stack table, the progress
bars of the Monte Carlo section and its plots all render; the plots are saved as screenshots
(test-artifacts/screenshots/solo-*.png) to be looked at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import shoot

pytestmark = pytest.mark.browser

NAME = "05-solo-estate-challenge.ipynb"


def test_solo_tutorial_renders_board_stacks_progress_and_plots(
    page: Page, run_notebook_in_lab, assert_no_widget_errors
) -> None:
    run_notebook_in_lab(page, NAME)
    out = ".jp-OutputArea"
    board = page.locator(f"{out} .onb-board").first
    expect(board.locator(".onb-market")).to_be_visible()
    # the stacks in full: a pandas table whose columns are the six priced spaces
    stacks = page.locator(f"{out} table", has_text="£800 MONUMENT (15-18)").first
    expect(stacks).to_be_visible()
    expect(stacks).to_contain_text("Riding Stables")
    # the tqdm progress bars finished (three runs: standard, extended, what-if)
    bars = page.locator(f"{out} .widget-hprogress, {out} .jupyter-widget-progress")
    expect(bars.nth(2)).to_be_attached()
    expect(page.locator(f"{out}", has_text="what-if games: 100%").first).to_be_visible()
    # three plots, drawn as images with a real size
    plots = page.locator(f"{out} img")
    expect(plots.nth(2)).to_be_visible()
    for i in range(3):
        box = plots.nth(i).bounding_box()
        assert box is not None and box["width"] > 400 and box["height"] > 200
        shoot(plots.nth(i), f"solo-plot{i}")
    shoot(stacks, "solo-stacks")
    assert_no_widget_errors(page)
