"""Issue 49: text size.  No text of a widget under 11 px at the default zoom; at 200 % browser
zoom (a 1366 x 768 screen: 683 x 384 CSS px at two device pixels each) the board keeps its text
at least 3/4 of that size and nothing of it is cut off (a narrow board scrolls sideways)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from tutor_helpers import shoot

pytestmark = pytest.mark.browser

TURN = "01-a-base-game-turn.ipynb"

# The smallest text of our widgets, in CSS px as drawn (font size times the board's zoom), with
# an example of it.
_SMALLEST_TEXT_JS = r"""
(root) => {
  let least = [1e9, ''];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.closest('[class*="onb-"]')) continue;
    if (el.closest('.onb-sr-only') || el.getClientRects().length === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    for (let up = el; up; up = up.parentElement) size *= parseFloat(up.style?.zoom) || 1;
    if (size < least[0]) least = [size, `${el.className}: ${node.textContent.trim().slice(0, 40)}`];
  }
  return least;
}
"""


@pytest.fixture
def zoomed(browser: Browser) -> Iterator[Page]:
    """A page as a 1366 x 768 screen shows it at 200 % zoom."""
    context = browser.new_context(viewport={"width": 683, "height": 384}, device_scale_factor=2)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_no_widget_text_under_11px_at_the_default_zoom(page: Page, open_in_voila) -> None:
    open_in_voila(page, TURN)
    expect(page.locator(".onb-stepper .onb-board").first).to_be_visible()
    size, where = page.evaluate(_SMALLEST_TEXT_JS, page.locator("body").element_handle())
    assert size >= 11, f"text at {size:.1f} px: {where}"


def test_the_board_stays_legible_at_200_percent_zoom(zoomed: Page, open_in_voila) -> None:
    open_in_voila(zoomed, TURN)
    board = zoomed.locator(".onb-stepper .onb-board").first
    expect(board).to_be_visible()
    size, where = zoomed.evaluate(_SMALLEST_TEXT_JS, board.element_handle())
    assert size >= 11 * 0.75, f"text at {size:.1f} CSS px: {where}"
    # Nothing cut off: the board is wholly inside its box, or that box scrolls to show it.
    box = board.evaluate("b => [b.parentElement.scrollWidth, b.parentElement.clientWidth, "
                         "getComputedStyle(b.parentElement).overflowX, b.style.zoom]")
    assert box[0] <= box[1] + 1 or box[2] == "auto", box
    shoot(board, "board-at-200-percent-zoom")
