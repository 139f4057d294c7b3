"""Issue 47 item 4: a laptop-sized table (1366 x 768, JupyterLab with its file browser open).
After a move at the practice table, its pending decision, Hint, Undo and the coach are in view
together without scrolling; after Next in a stepper, the decision, Next and the step's ruling
are in view, the ruling above the board (or beside it), the board's top below them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_practice_table import FAST, PRACTICE, click_first_choice, wait_ready
from tutor_helpers import run_code_in_lab, shoot_path

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}

# Which of these elements are not wholly in view: inside the window and inside the notebook's
# scrolling panel (JupyterLab's toolbar and status bar cover the rest).  Each element must exist
# and have a size.
_NOT_IN_VIEW_JS = """
(named) => {
  const out = [];
  for (const [name, el] of Object.entries(named)) {
    if (!el) { out.push(`${name}: missing`); continue; }
    const r = el.getBoundingClientRect();
    let top = 0, bottom = window.innerHeight, left = 0, right = window.innerWidth;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const oy = getComputedStyle(up).overflowY;
      if ((oy === 'auto' || oy === 'scroll') && up.scrollHeight > up.clientHeight) {
        const b = up.getBoundingClientRect();
        top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom);
        left = Math.max(left, b.left); right = Math.min(right, b.right);
      }
    }
    if (!r.width || !r.height) out.push(`${name}: not drawn`);
    else if (r.top < top - 1 || r.bottom > bottom + 1 || r.left < left - 1 || r.right > right + 1)
      out.push(`${name}: ${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(top)}..${Math.round(bottom)}`);
  }
  return out;
}
"""


def not_in_view(page: Page, named: dict[str, Locator]) -> list[str]:
    """Wait (30 s at most: a move is followed by a scroll on a later frame) until every named
    element is wholly in view; return those that still are not."""
    handles = {name: loc.element_handle() for name, loc in named.items()}
    try:
        page.wait_for_function(f"(n) => ({_NOT_IN_VIEW_JS})(n).length === 0", arg=handles,
                               timeout=30_000)
    except PlaywrightTimeoutError:
        return page.evaluate(_NOT_IN_VIEW_JS, handles)
    return []


def test_the_practice_table_keeps_decision_hint_undo_and_coach_in_view_at_1366x768(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    page.set_viewport_size(LAPTOP)
    run_notebook_in_lab(page, PRACTICE)
    run_code_in_lab(page, FAST)
    table = page.locator(".jp-OutputArea .onb-practice").last
    log = wait_ready(table, None)
    # the first turn, until the coach has reviewed it
    clicks = 0
    while table.locator(".coach-review").count() == 0:
        log = click_first_choice(table, log)
        clicks += 1
        assert clicks < 80
    # then each move of the next turn: what the player reads next is in view, unscrolled
    for move in range(4):
        log = click_first_choice(table, log)
        position = table.locator(".onb-practice-status-text").get_attribute("data-position")
        missing = not_in_view(page, {
            "status": table.locator(".onb-practice-status-text"),
            "decision": table.locator(".onb-stepper .onb-step-prompt"),
            "first choice": table.locator(
                f".onb-stepper .onb-choices[data-position='{position}'] "
                ".onb-choice:not(.onb-choice-special)").first,
            "Hint": table.locator(".onb-practice-hint"),
            "Undo": table.locator(".onb-practice-undo"),
            "coach": table.locator(".onb-practice-coach .coach-review"),
        })
        page.screenshot(path=str(shoot_path(f"laptop-practice-move-{move}")))
        assert not missing, f"after move {move + 1} of the second turn: {missing}"
    assert_no_widget_errors(page)


def test_the_stepper_shows_the_step_ruling_above_the_board_after_next_at_1366x768(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    page.set_viewport_size(LAPTOP)
    run_notebook_in_lab(page, "01-a-base-game-turn.ipynb")
    expect(page.locator("#filebrowser")).to_be_visible()  # JupyterLab's file browser is open
    s = page.locator(".onb-stepper").first
    header = s.locator(".onb-step-header")
    nxt = s.locator(".onb-next")
    nxt.scroll_into_view_if_needed()
    entries = s.locator(".onb-area-log .onb-entry")
    for step in (1, 2, 3):
        before = entries.count()
        nxt.click()
        expect(header).to_have_attribute("data-history", str(step))
        latest = entries.nth(before)  # the first ruling of this step
        expect(latest.locator(".onb-ruling").first).to_be_visible()
        missing = not_in_view(page, {
            "decision": s.locator(".onb-step-prompt"),
            "Next": nxt,
            "the step's ruling": latest.locator(".onb-entry-head"),
            "the board's top": s.locator(".onb-area-board .onb-pending"),
        })
        page.screenshot(path=str(shoot_path(f"laptop-stepper-next-{step}")))
        assert not missing, f"after Next {step}: {missing}"
        ruling = latest.bounding_box()
        board = s.locator(".onb-area-board").bounding_box()
        assert ruling and board
        assert ruling["y"] + ruling["height"] <= board["y"] + 1 or \
            ruling["x"] + ruling["width"] <= board["x"] + 1, (ruling, board)
    assert_no_widget_errors(page)
