"""Issue 28's widget items in a real browser: the ruling panel checks what was typed even when
the kernel is busy, the index links every tutorial, and the boards fit a laptop and a projector."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import run_code_in_lab, shoot, shoot_path, tutorials

pytestmark = pytest.mark.browser

INDEX = "00-index.ipynb"
PANEL = ("from obsession_nb.tutor.views import RulingPanel\n"
         "from obsession_nb.engine.game import load_position\n"
         "RulingPanel(load_position('refresher-round-6'))")
TYPED = "invite standin-prestige-gentleman-pr3"


def test_enter_with_a_busy_kernel_checks_the_full_text(page: Page, run_notebook_in_lab,
                                                       assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, INDEX)
    run_code_in_lab(page, PANEL)
    panel = page.locator(".onb-ruling-panel").last
    box = panel.locator(".onb-panel-text input")
    expect(box).to_be_visible()
    # Keep the kernel busy, then type and press Enter while it sleeps: the value updates
    # queue behind the sleep, the check must still read every character typed.
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
    cells.last.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    busy = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").last
    busy.locator(".cm-content").click()
    page.keyboard.insert_text("import time; time.sleep(6)")
    page.keyboard.press("Control+Enter")
    expect(page.get_by_text("Python 3 (ipykernel) | Busy", exact=True)).to_be_visible()
    box.click()
    box.press_sequentially(TYPED, delay=15)
    box.press("Enter")
    verdict = panel.locator(".onb-verdict")
    expect(verdict).to_be_visible(timeout=60_000)
    expect(verdict.locator(".onb-entry-action")).to_have_text(TYPED)
    expect(verdict).to_contain_text("illegal")
    expect(box).to_have_value(TYPED)
    shoot(panel, "panel-enter-with-busy-kernel")
    assert_no_widget_errors(page)


def test_index_lists_every_tutorial_as_links(page: Page, run_notebook_in_lab,
                                             assert_no_widget_errors) -> None:
    """Issue 28 item 2: 00 to the last numbered tutorial (11 today), each a link."""
    run_notebook_in_lab(page, INDEX)
    index = page.locator(".jp-OutputArea .onb-index")
    links = index.locator("a.onb-index-link")
    names = tutorials()
    assert names[0] == INDEX and [n[:2] for n in names] == [f"{i:02d}" for i in range(len(names))]
    assert len(names) >= 12  # 00-index … 11-practice-table
    expect(links).to_have_count(len(names))
    assert links.evaluate_all("els => els.map(a => a.getAttribute('href'))") == names
    for i, name in enumerate(names):
        expect(links.nth(i)).to_have_text(re.compile(f"^{name[:2]} · "))
    expect(links.nth(6)).to_have_text("06 · Competitive Team Play")
    # No second, disagreeing list in the notebook's own text.
    markdown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell")
    expect(markdown.get_by_text("The tutorials, in reading order")).to_have_count(0)
    shoot(index, "lab-index-links")
    # A link opens its tutorial.
    links.nth(6).click()
    expect(page).to_have_url(re.compile(r"06-competitive-team-play\.ipynb"))
    assert_no_widget_errors(page)


# In view: the decision text wholly, at least 200 px of the board, and the board not cut off at
# the right of the notebook (it scales down to the width it is given).
_IN_VIEW_JS = """
(stepperIndex) => {
  const s = document.querySelectorAll('.onb-stepper')[stepperIndex];
  const decision = s.querySelector('.onb-step-text').getBoundingClientRect();
  const board = s.querySelector('.onb-area-board .onb-board').getBoundingClientRect();
  const cell = s.closest('.jp-OutputArea-output') || document.body;
  const room = cell.getBoundingClientRect();
  const h = window.innerHeight;
  return decision.top >= 0 && decision.bottom <= h
    && Math.min(board.bottom, h) - Math.max(board.top, 0) >= 200
    && board.right <= room.right + 1 && board.left >= room.left - 1;
}
"""


def test_laptop_1280x800_with_the_file_browser_shows_board_and_decision_after_next(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    run_notebook_in_lab(page, "01-a-base-game-turn.ipynb")
    expect(page.locator("#filebrowser")).to_be_visible()  # JupyterLab's file browser is open
    s = page.locator(".onb-stepper").first
    header = s.locator(".onb-step-header")
    for step in (1, 2):
        nxt = s.locator(".onb-next")
        nxt.scroll_into_view_if_needed()
        nxt.click()
        expect(header).to_have_attribute("data-history", str(step))
        page.wait_for_function(_IN_VIEW_JS, arg=0, timeout=10_000)
    expect(s.locator(".onb-step-text")).to_contain_text("step 4 (invite guests)")
    page.screenshot(path=str(shoot_path("lab-1280x800-after-next")))
    assert_no_widget_errors(page)


def test_patched_board_matches_a_fresh_drawing_and_the_legend_hides_the_badges(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    """The live board redraws only what changed: after several moves it must read exactly as a
    new view of the same board drawn from scratch.  The legend's switch hides the ? badges."""
    run_notebook_in_lab(page, INDEX)
    run_code_in_lab(page, "from obsession_nb.tutor.views import Stepper\n"
                          "s = Stepper.from_scenario('refresher-round-6')\ns")
    s = page.locator(".onb-stepper").last
    header = s.locator(".onb-step-header")
    live = s.locator(".onb-board")
    supply = live.locator('[data-section="supply"]')
    expect(supply).to_be_visible()
    supply.evaluate("el => { el.__kept = true; }")
    for step in range(1, 7):  # activity, host, two guests, two servants
        s.locator(".onb-next").click()
        expect(header).to_have_attribute("data-history", str(step))
    expect(live.locator(".onb-activity .onb-placed")).to_have_count(2)
    # the market did not change: its section was kept, not rebuilt
    assert supply.evaluate("el => el.__kept === true")
    run_code_in_lab(page, "s.board")  # a second view of the same board, drawn from scratch
    fresh = page.locator(".jp-OutputArea-output > .onb-board, .jp-OutputArea .onb-board").last
    expect(fresh.locator(".onb-activity .onb-placed")).to_have_count(2)
    assert live.evaluate("el => el.innerHTML") == fresh.evaluate("el => el.innerHTML")
    # the legend: one line, and its switch hides the badges of this board only
    legend = fresh.locator(".onb-legend")
    expect(legend).to_contain_text("a value no rule source states")
    marks = fresh.locator(".onb-unverified-mark")
    assert marks.count() > 5
    expect(marks.first).to_be_visible()
    legend.locator("input[type=checkbox]").uncheck()
    expect(marks.first).to_be_hidden()
    expect(live.locator(".onb-unverified-mark").first).to_be_visible()
    shoot(fresh, "board-legend-badges-hidden")
    assert_no_widget_errors(page)
