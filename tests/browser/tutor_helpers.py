"""Helpers shared by the tutor's browser tests (the harness itself is conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"


def tutorials() -> list[str]:
    """The numbered notebooks, in reading order."""
    return sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def shoot_path(name: str) -> Path:
    """Where a screenshot called ``name`` goes: test-artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^\w.-]+", "_", name)
    return SCREENSHOTS / f"{slug}.png"


def shoot(locator: Locator, name: str) -> Path:
    """Screenshot one element to test-artifacts/screenshots/<name>.png."""
    path = shoot_path(name)
    page = locator.page
    size = page.viewport_size or {"width": 1400, "height": 1000}
    box = locator.bounding_box()
    tall = box is not None and box["height"] > size["height"] - 200
    if tall:
        # JupyterLab and Voilà scroll inside a panel: a tall element only fits a tall window.
        page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + 300})
    try:
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=str(path))
    finally:
        if tall:
            page.set_viewport_size(size)
    return path


def shoot_widgets(page: Page, prefix: str) -> None:
    """Screenshot every board, stepper, ruling panel and editor on the page."""
    for selector, kind in ((".onb-stepper", "stepper"), (".onb-ruling-panel", "panel"),
                           (".onb-editor", "editor")):
        found = page.locator(selector)
        for i in range(found.count()):
            shoot(found.nth(i), f"{prefix}-{kind}{i}")
    boards = page.locator(".onb-board")
    for i in range(boards.count()):
        board = boards.nth(i)
        # Boards inside a stepper or editor are already in that screenshot.
        if board.locator("xpath=ancestor::*[contains(@class,'onb-stepper')]").count():
            continue
        shoot(board, f"{prefix}-board{i}")


def stepper(page: Page, index: int = 0) -> Locator:
    return page.locator(".onb-stepper").nth(index)


def choose(scope: Locator, notation: str) -> None:
    """Click the stepper button whose tooltip starts with this notation, then wait until the
    stepper has shown the result (its undo history grew), so the next click cannot land on a
    button from the position before."""
    header = scope.locator(".onb-step-header").first
    before = int(header.get_attribute("data-history") or 0)
    button = scope.locator(f'.onb-choice[title^="{notation} —"]')
    expect(button).to_be_visible()
    button.click()
    expect(header).to_have_attribute("data-history", str(before + 1))


def expect_prompt(scope: Locator, text: str) -> None:
    expect(scope.locator(".onb-step-text")).to_contain_text(text)


def player(scope: Locator, seat: int = 0) -> Locator:
    return scope.locator(f'.onb-player[data-seat="{seat}"]')


def run_code_in_lab(page: Page, code: str) -> str:
    """Append a code cell at the end of the open notebook, run it, return its text output."""
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
    last = cells.last
    last.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    new = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").last
    new.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    prompt = new.locator(".jp-InputPrompt")
    expect(prompt).to_have_text(re.compile(r"\[\d+\]"))
    output = new.locator(".jp-OutputArea-output")
    expect(output.first).to_be_visible()
    return output.first.inner_text()


MAX_TABS = 250

# The element with the keyboard's focus, as "tag.class" text (for the failure messages).
_ACTIVE_JS = ("() => { const a = document.activeElement; "
              "return a ? `${a.tagName}.${a.className} ${a.textContent.slice(0, 60)}` : ''; }")


def tab_to(page: Page, scope: Locator, selector: str, *, back: bool = False) -> Locator:
    """Press Tab (Shift+Tab with ``back``) until the focus is on an element inside ``scope``
    matching ``selector``; return that element."""
    key = "Shift+Tab" if back else "Tab"
    handle = scope.element_handle()
    for _ in range(MAX_TABS):
        if page.evaluate("([s, sel]) => !!document.activeElement?.matches(sel) "
                         "&& s.contains(document.activeElement)", [handle, selector]):
            return focused_in(scope, selector)
        page.keyboard.press(key)
    raise AssertionError(f"{MAX_TABS} x {key} never reached {selector}; "
                         f"focus on {page.evaluate(_ACTIVE_JS)}")


def focused_in(scope: Locator, selector: str) -> Locator:
    return scope.locator(f":is({selector}):focus")
