"""The Tableau Obsession tutorial in JupyterLab: the stepper offers the starter-guest picks and
a click takes one; the board draws the tableau track, the tableau panel and the milestones;
screenshots land in test-artifacts/screenshots/tableau-*.png to be looked at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import shoot, stepper

pytestmark = pytest.mark.browser

NAME = "07-tableau-obsession.ipynb"


def test_tableau_tutorial_draft_stepper_board_panel_and_milestones(
    page: Page, run_notebook_in_lab, assert_no_widget_errors
) -> None:
    run_notebook_in_lab(page, NAME)
    out = ".jp-OutputArea"
    draft = stepper(page, 0)
    expect(draft.locator(".onb-step-text")).to_contain_text("the starter-guest draft (take one card")
    picks = draft.locator('.onb-choice[title^="starter "]')
    expect(picks.first).to_be_visible()
    assert picks.count() == 8  # the deck of 2 x 3 + 2 starter guests
    shoot(draft, "tableau-draft-stepper")
    header = draft.locator(".onb-step-header").first
    before = int(header.get_attribute("data-history") or 0)
    picks.first.click()
    expect(header).to_have_attribute("data-history", str(before + 1))
    expect(draft.locator('.onb-choice[title^="starter "]')).to_have_count(7)
    # the standalone board: the tableau track (20 spaces, no courtship), panel, milestones
    board = page.locator(f"{out} .onb-board").filter(has=page.locator(".onb-market")).first
    expect(board.locator(".onb-round")).to_have_count(20)
    expect(board.locator(".onb-courtship")).to_have_count(0)
    expect(board.locator(".onb-tableau")).to_contain_text("Queen Victoria")
    expect(board.locator(".onb-milestone")).to_have_count(2)
    expect(board.locator(".onb-milestone").first).to_contain_text("Stand-in milestone")
    shoot(board, "tableau-board")
    # the ruling panel: the second milestone claim of the turn is refused, with its rule
    panel = page.locator(f"{out} .onb-ruling-panel").first
    text = panel.locator(".onb-panel-text input")
    text.fill("milestone standin-milestone-favoured")
    panel.locator(".onb-panel-check").click()
    verdict = panel.locator(".onb-verdict-illegal")
    expect(verdict).to_contain_text("only one may be claimed per turn")
    expect(verdict).to_contain_text("milestone.claim")
    shoot(panel, "tableau-panel")
    assert_no_widget_errors(page)
