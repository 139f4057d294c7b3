"""Tutorial 09 in a real browser (Voilà): clicking an explorer row loads that line into the
stepper, which then plays it; two ticked rows are compared; the position builder opens its
position in a stepper; the stepper's Save position writes the step it is at."""

from __future__ import annotations

import pytest
from a11y import assert_accessible
from playwright.sync_api import Page, expect
from tutor_helpers import shoot, tab_to

import obsession_nb

pytestmark = pytest.mark.browser

WHAT_IF = "09-what-if.ipynb"


@pytest.fixture
def what_if(page: Page, open_in_voila, assert_no_widget_errors) -> Page:
    open_in_voila(page, WHAT_IF)
    expect(page.locator(".onb-explorer-row").first).to_be_visible()
    expect(page.locator(".onb-builder")).to_be_visible()
    assert_no_widget_errors(page)
    return page


def test_explorer_row_click_loads_the_line_into_the_stepper(what_if: Page) -> None:
    box = what_if.locator(".onb-explorer-box")
    rows = box.locator("tr.onb-explorer-row:not(.onb-explorer-line-row)")
    assert rows.count() == 40
    line = box.locator("tr.onb-explorer-line-row").nth(1).inner_text().strip().split(" · ")
    rows.nth(1).click()
    expect(rows.nth(1)).to_have_class("onb-explorer-row onb-explorer-selected")
    # while it loads the click says so; once loaded, where the line is
    expect(box.locator(".onb-explorer-status")).to_have_text(
        "Line 2 is in the stepper below: Next ▶ plays it one action at a time.")
    stepper = box.locator(".onb-stepper")
    expect(stepper.locator(".onb-script")).to_contain_text(f"action 1 of {len(line)}")
    # The explorer names the line's actions in words; the stepper shows each one's name too.
    named = stepper.locator(".onb-script-label")
    assert line[0].endswith(named.inner_text().strip(" ()")), (line[0], named.inner_text())
    for step in range(1, 4):
        stepper.locator(".onb-next").click()
        expect(stepper.locator(".onb-step-header")).to_have_attribute("data-history", str(step))
    assert line[3].endswith(named.inner_text().strip(" ()")), (line[3], named.inner_text())
    shoot(box, "explorer-row-loaded")


def test_explorer_sorts_and_compares_two_rows(what_if: Page) -> None:
    box = what_if.locator(".onb-explorer-box")
    box.locator('th.onb-explorer-sortable[data-key="score"]').click()
    expect(box.locator('th[data-key="score"]')).to_have_class("onb-explorer-sortable onb-sort-desc")
    scores = [int(x) for x in box.locator('td.onb-explorer-cell[data-key="score"]').all_inner_texts()]
    assert scores == sorted(scores, reverse=True)
    picks = box.locator(".onb-explorer-row input[type=checkbox]")
    picks.nth(0).click()
    picks.nth(5).click()
    compare = box.locator(".onb-compare")
    expect(compare).to_be_visible()
    expect(compare.locator(".onb-compare-head")).to_contain_text("beside")
    assert compare.locator(".onb-compare-diff").count() + compare.locator(
        ".onb-compare-actions li").count() > 0
    shoot(compare, "explorer-compare")


def test_builder_opens_its_position_in_the_stepper_and_saves_it(what_if: Page,
                                                                tmp_path) -> None:
    builder = what_if.locator(".onb-builder")
    expect(builder.locator(".onb-builder-checks")).to_contain_text("A legal position")
    builder.locator(".onb-builder-open").click()
    stepper = builder.locator(".onb-stepper")
    expect(stepper.locator(".onb-step-text")).to_contain_text("Player 3 (p3)")
    target = tmp_path / "saved.yaml"
    path_box = stepper.locator(".onb-save-path input")
    path_box.fill(str(target))
    path_box.press("Enter")
    stepper.locator(".onb-save").click()
    expect(stepper.locator(".onb-stepper-log")).to_contain_text("Position saved to")
    assert obsession_nb.load_scenario(target).state.round == 6
    shoot(builder, "builder-open-in-stepper")


def test_explorer_by_keyboard_alone_and_axe(what_if: Page) -> None:
    """Issue 49: Tab reaches a row's line number, Enter loads the line; Space ticks two rows to
    compare; → in the stepper presses Next.  axe-core then checks the explorer and builder."""
    box = what_if.locator(".onb-explorer-box")
    what_if.locator("body").focus()
    load = tab_to(what_if, box, ".onb-explorer-load")
    name = load.get_attribute("aria-label") or ""
    assert name.startswith("Step through line "), name
    line = name.removeprefix("Step through line ")
    what_if.keyboard.press("Enter")
    row = box.locator(f'tr.onb-explorer-row[data-id="{int(line) - 1}"]').first
    expect(row).to_have_class("onb-explorer-row onb-explorer-selected")
    expect(box.locator(".onb-explorer-load:focus")).to_have_attribute("aria-pressed", "true")
    stepper = box.locator(".onb-stepper")
    expect(stepper.locator(".onb-script")).to_contain_text("action 1 of")
    # two rows ticked with Space: the comparison opens
    tab_to(what_if, box, ".onb-explorer-pick input", back=True)
    what_if.keyboard.press("Space")
    for _ in range(3):
        what_if.keyboard.press("Tab")
    tab_to(what_if, box, ".onb-explorer-pick input")
    what_if.keyboard.press("Space")
    expect(box.locator(".onb-compare")).to_be_visible()
    # into the stepper: → presses Next
    tab_to(what_if, stepper, ".onb-choice, .onb-choice-dropdown")
    what_if.keyboard.press("ArrowRight")
    expect(stepper.locator(".onb-step-header")).to_have_attribute("data-history", "1")
    expect(stepper.locator(":is(.onb-choice, .onb-choice-dropdown):focus")).to_have_count(1)
    what_if.keyboard.press("ArrowLeft")
    expect(stepper.locator(".onb-step-header")).to_have_attribute("data-history", "0")
    shoot(box, "explorer-by-keyboard")
    assert_accessible(what_if, "voila-explorer-and-builder-in-use")
