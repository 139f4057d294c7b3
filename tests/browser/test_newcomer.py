"""What a new user meets in the first hour (issue 17), in a real browser: boards visible in a
notebook opened without running it, tutorial 01's first board at the start of the turn, a
ruling panel that forgets stale verdicts and checks on Enter, and the smoke test in Notebook 7."""

from __future__ import annotations

import re

import pytest
from a11y import assert_accessible
from playwright.sync_api import Page, expect
from tutor_helpers import player, shoot, stepper, tutorials

pytestmark = pytest.mark.browser

BASE_TURN = "01-a-base-game-turn.ipynb"
PANEL_TEXT = ".onb-panel-text input"


@pytest.mark.parametrize("name", ["00-index.ipynb", *tutorials()])
def test_every_notebook_shows_a_board_when_opened_without_running(
    page: Page, open_unrun_in_lab, name: str
) -> None:
    open_unrun_in_lab(page, name)
    out = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea"
    picture = page.locator(f"{out} .onb-static-board").first
    expect(picture).to_be_visible()
    expect(picture).to_contain_text("Round")
    expect(picture).to_contain_text("Run All Cells")
    # ... drawn from a position: a player's money or the pending decision.
    expect(picture).to_contain_text(re.compile(r"£\d+|setup|turn|\(p\d\): "))
    # The first cell says how to make it interactive.
    first = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell").first
    expect(first).to_contain_text("Run ▸ Run All Cells")
    # No cell was run by opening it: no live widget, no "model not found".
    expect(page.locator(f"{out} .onb-board")).to_have_count(0)
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    shoot(picture, f"unrun-{name.removesuffix('.ipynb')}-board")
    # The saved pictures are readable too (issue 49: contrast, names, tables with headers).
    assert_accessible(page, f"lab-unrun-{name.removesuffix('.ipynb')}", ".onb-static-board")


def test_tutorial_01_first_board_shows_the_start_of_the_turn(
    page: Page, open_unrun_in_lab, run_notebook_in_lab
) -> None:
    """The text under the heading describes Ada at £300, level 2 position 4: so must the board
    below it, saved and live."""
    open_unrun_in_lab(page, BASE_TURN)
    saved = page.locator(".jp-OutputArea .onb-static-board").first
    # (JupyterLab's sanitizer keeps classes but drops data-* attributes of untrusted outputs.)
    ada_saved = saved.locator(".onb-static-player", has_text="Ada (p1)")
    expect(ada_saved.locator(".onb-static-money")).to_have_text("£300")
    shoot(saved, "unrun-01-first-board-start-of-turn")
    run_notebook_in_lab(page, BASE_TURN)
    board = page.locator(".jp-OutputArea .onb-board").first
    ada = player(board, 0)
    expect(ada.locator(".onb-money")).to_have_text("£300")
    expect(board.locator(".onb-pending-prompt")).to_contain_text("the start of the turn")
    # Run, the live boards replace the pictures (the front end prefers the widget view).
    expect(page.locator(".jp-OutputArea .onb-static-board")).to_have_count(0)
    # The "?" badge's hover text says what is verified as well as what is not.
    badge = board.locator(".onb-unverified-mark").first
    expect(badge).to_have_attribute("title", re.compile(r"^Not verified against a source: .+"
                                                        r"\. Verified: .+\.$"))
    # The end-of-turn board comes later, with Ada at £100.
    expect(player(page.locator(".jp-OutputArea .onb-board").nth(1), 0).locator(".onb-money")
           ).to_have_text("£100")
    shoot(board, "lab-01-first-board-start-of-turn")


def test_ruling_panel_checks_on_enter_and_clears_on_a_stepper_move_and_on_pick(
    page: Page, run_notebook_in_lab, assert_no_widget_errors
) -> None:
    run_notebook_in_lab(page, BASE_TURN)
    panel = page.locator(".onb-ruling-panel").first
    verdict = panel.locator(".onb-verdict")
    box = panel.locator(PANEL_TEXT)
    box.fill("invite standin-prestige-gentleman-pr3")
    box.press("Enter")  # no click on Check
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text("illegal")
    shoot(panel, "panel-after-enter")

    s = stepper(page, 0)
    s.locator(".onb-next").click()  # the stepper moves: the old verdict is about another position
    expect(s.locator(".onb-step-header")).to_have_attribute("data-history", "1")
    expect(verdict).to_have_count(0)
    expect(panel.locator(".onb-status")).to_contain_text("step 3")
    shoot(panel, "panel-cleared-after-stepper-move")

    box.fill("host standin-estate-pr2")
    box.press("Enter")
    expect(verdict).to_contain_text("legal")
    # Pick composes another
    panel.locator(".onb-panel-verb select").select_option("Invite a guest (step 4) (invite)")
    expect(verdict).to_have_count(0)
    expect(box).to_have_value(re.compile(r"^invite "))
    shoot(panel, "panel-cleared-after-pick")
    assert_no_widget_errors(page)


def test_index_runs_in_notebook_7(page: Page, run_notebook_in_nb7, assert_no_widget_errors):
    run_notebook_in_nb7(page, "00-index.ipynb")
    index = page.locator(".jp-OutputArea .onb-index")
    expect(index).to_be_visible()
    expect(index).to_contain_text("obsession-nb")
    expect(index.locator(".onb-board .onb-player").first).to_be_visible()
    assert_no_widget_errors(page)
    shoot(index, "nb7-index")
