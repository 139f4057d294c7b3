"""Your own box in a real browser (tutorial 12): a card typed into the card-entry widget, a field
refused as it is typed, the card saved, and its badge changing on the board beside it; the
widget in Voilà and Notebook 7 too."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import shoot

from obsession_nb.data.pack_store import CONFIG_ENV, PACK_FILE

pytestmark = pytest.mark.browser

OWN_BOX = "12-your-own-box.ipynb"
STANDIN = "standin-casual-gentleman-200"


@pytest.fixture(autouse=True)
def no_pack() -> Iterator[Path]:
    """No pack in use before or after: the suite's config folder (conftest.py), which
    the servers' kernels share, is left as it was found."""
    path = Path(os.environ[CONFIG_ENV]) / PACK_FILE
    path.unlink(missing_ok=True)
    yield path
    path.unlink(missing_ok=True)


def test_a_card_entered_in_the_widget_changes_its_badge_on_the_board(
    page: Page, run_notebook_in_lab, assert_no_widget_errors, no_pack: Path
) -> None:
    run_notebook_in_lab(page, OWN_BOX)
    form = page.locator(".onb-ce").first
    on_board = page.locator(f'.onb-board .onb-card[data-card="{STANDIN}"]').first
    expect(on_board).to_have_class(re.compile(r"\bonb-standin\b"))
    expect(on_board.locator(".onb-unverified-mark")).to_have_count(1)
    expect(on_board.locator(".onb-box-tag")).to_have_count(0)
    form.locator(".onb-ce-target").select_option(STANDIN)
    name = form.locator('.onb-ce-input[data-field="name"]')
    expect(name).to_have_value("")
    expect(form.locator('.onb-ce-input[data-field="favours"]')).to_have_value("£200")
    # Labels and places come from Python (pack_fields.LABELS, card_entry.PLACES).
    expect(form.locator(".onb-ce-top .onb-ce-field-reputation .onb-ce-label")).to_have_text(
        "Reputation")
    expect(form.locator(".onb-ce-foot .onb-ce-field-service .onb-ce-label")).to_have_text(
        "Service icons")
    expect(form.locator(".onb-ce-below .onb-ce-field-copies")).to_have_count(1)
    shoot(form, "card-entry-form")
    name.fill("Sir Test Boxley")
    name.press("Enter")  # Enter moves on, in the order `cards enter` asks: kind, reputation …
    kind = form.locator('.onb-ce-input[data-field="kind"]')
    expect(kind).to_be_focused()
    kind.press("Enter")
    reputation = form.locator('.onb-ce-input[data-field="reputation"]')
    expect(reputation).to_be_focused()
    reputation.fill("high")
    reputation.press("Tab")
    problem = form.locator('.onb-ce-problem[data-field="reputation"]')
    expect(problem).to_contain_text("whole number")
    shoot(form, "card-entry-field-refused")
    reputation.fill("1")
    reputation.press("Tab")
    expect(problem).to_have_text("")
    form.locator(".onb-ce-save").click()
    expect(form.locator(".onb-ce-message")).to_contain_text("Saved 'Sir Test Boxley'")
    expect(on_board.locator(".onb-card-name")).to_have_text("Sir Test Boxley")
    expect(on_board.locator(".onb-box-tag")).to_have_count(1)
    expect(on_board.locator(".onb-unverified-mark")).to_have_count(0)
    expect(on_board).not_to_have_class(re.compile(r"\bonb-standin\b"))
    row = form.locator('.onb-ce-progress-row[data-deck="casual"][data-box="base"] .onb-ce-progress-count')
    expect(row).to_have_attribute("data-from-box", "1")
    assert no_pack.is_file() and "Sir Test Boxley" in no_pack.read_text(encoding="utf-8")
    shoot(form, "card-entry-saved")
    shoot(page.locator(".onb-card-entry-box .onb-board").first, "card-entry-board-with-your-card")
    assert_no_widget_errors(page)


def test_the_card_entry_form_in_voila(page: Page, open_in_voila, assert_no_widget_errors) -> None:
    open_in_voila(page, OWN_BOX)
    form = page.locator(".onb-ce").first
    expect(form.locator(".onb-ce-card.onb-deck-casual")).to_be_visible()
    expect(form.locator(".onb-ce-progress-row")).to_have_count(21)
    assert_no_widget_errors(page)
    shoot(form, "card-entry-voila")


def test_the_card_entry_form_in_notebook_7(
    page: Page, run_notebook_in_nb7, assert_no_widget_errors
) -> None:
    run_notebook_in_nb7(page, OWN_BOX)
    form = page.locator(".onb-ce").first
    expect(form.locator('.onb-ce-input[data-field="kind"]')).to_have_value("gentleman")
    assert_no_widget_errors(page)
