"""Issue 49: the practice table played with the keyboard alone (JupyterLab).

Tutorial 11 runs; a fast table (random opponent, no delay) is added below it.  From then on only
keys are pressed: Tab and Shift+Tab move the focus, Enter and Space press.  The test plays the
setup and a whole turn, takes a hint, undoes the turn, opens a rule chip, and checks after every
choice that the focus went to the first choice of the next decision and that the step's ruling
was put in the live region.  axe-core then checks the table mid-game.  Every wait is on the
page's state (the log length, the focused element), never on time.
"""

from __future__ import annotations

import pytest
from a11y import assert_accessible
from playwright.sync_api import Locator, Page, expect
from tutor_helpers import focused_in, run_code_in_lab, shoot, tab_to

pytestmark = pytest.mark.browser

PRACTICE = "11-practice-table.ipynb"
FAST = ("from obsession_nb.tutor.views import PracticeTable\n"
        "fast = PracticeTable(players=2, seat=1, opponents='random', seed=3, delay=0, "
        "playouts=1)\nfast")
def status(table: Locator) -> Locator:
    return table.locator(".onb-practice-status-text")


def ready(table: Locator, before: str | None) -> str:
    """Wait until it is our move again (or the game is over) at another log length."""
    found = table.locator(".onb-practice-status-text.onb-ready" + (
        f":not([data-log='{before}'])" if before is not None else ""))
    expect(found).to_have_count(1, timeout=120_000)
    return found.get_attribute("data-log") or ""


def press_first_choice(page: Page, table: Locator, log: str) -> str:
    """The focus is on the first choice of the decision: press it (a drop-down: Tab to its
    Choose button and press that), then wait for our next decision and check that the focus
    is on its first choice and that the live region read the ruling out."""
    choice = ".onb-choice, .onb-choice-dropdown"
    expect(focused_in(table, choice)).to_have_count(1)
    if table.locator(".onb-choice-dropdown:focus").count():
        page.keyboard.press("Tab")
        expect(focused_in(table, ".onb-choice-go")).to_have_count(1)
    page.keyboard.press("Enter")
    log = ready(table, log)
    if "The game is over" not in status(table).inner_text():
        expect(focused_in(table, choice)).to_have_count(1)
    expect(table.locator(".onb-stepper-log [role=status]")).not_to_have_text("")
    return log


def test_a_practice_turn_hint_undo_and_rule_chip_by_keyboard_alone(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, PRACTICE)
    run_code_in_lab(page, FAST)
    table = page.locator(".jp-OutputArea .onb-practice").last
    expect(table.locator(".onb-board").first).to_be_visible()
    assert_no_widget_errors(page)
    log = ready(table, None)

    # Into the table: its first control takes the focus; from here on, keys only.
    table.locator(".onb-practice-hint").focus()
    tab_to(page, table, ".onb-choice, .onb-choice-dropdown")
    while "start of the turn" not in status(table).inner_text():  # setup: board, servant
        log = press_first_choice(page, table, log)
    shoot(table, "keyboard-focus-on-a-choice")

    # A hint: Shift+Tab back to the Hint button, Space presses it.
    tab_to(page, table, ".onb-practice-hint", back=True)
    page.keyboard.press("Space")
    expect(table.locator(".onb-hint-action")).to_be_visible(timeout=120_000)
    expect(focused_in(table, ".onb-practice-hint")).to_have_count(1)

    # A whole turn, Enter on the focused first choice each time, until the coach reviews it.
    tab_to(page, table, ".onb-choice, .onb-choice-dropdown")
    start = log
    presses = 0
    while table.locator(".coach-review").count() == 0:
        log = press_first_choice(page, table, log)
        presses += 1
        assert presses < 60, "the turn did not end"
    assert int(log) > int(start)

    # axe-core on the table mid-game (the coach's review, the hint box, the log all drawn).
    assert_accessible(page, "lab-practice-table-mid-game", ".jp-OutputArea-output .onb-practice")

    # Undo my turn: Shift+Tab to the button, Enter.
    tab_to(page, table, ".onb-practice-undo", back=True)
    page.keyboard.press("Enter")
    expect(status(table)).to_contain_text("Taken back to the start of your turn.")
    ready(table, None)
    expect(table.locator(".coach-review")).to_have_count(0)

    # A rule chip: Tab on to the rulings log, Enter opens the rule's summary in place.
    chip = tab_to(page, table, ".onb-stepper-log button.onb-rule-id")
    rule_id = chip.inner_text()
    name = chip.get_attribute("aria-label") or ""
    assert name.endswith(f", rule {rule_id}") and len(name) > len(f", rule {rule_id}"), name
    page.keyboard.press("Enter")
    expect(chip).to_have_attribute("aria-expanded", "true")
    card = table.locator(".onb-stepper-log .onb-rule-card")
    expect(card).to_be_visible()
    assert name.split(", rule ")[0] in card.inner_text()  # the card shows the chip's title
    shoot(table.locator(".onb-stepper-log"), "keyboard-rule-chip-open")
    assert_no_widget_errors(page)
