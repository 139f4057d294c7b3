"""Classic solitaire's board in a real browser: the opponent card is named a stand-in, its
chart, the courtships and the AI card's rolls are drawn, and a user's card name is text, never
markup."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import run_code_in_lab, shoot

pytestmark = pytest.mark.browser

CODE = """\
from obsession_nb.modes.classic.game import classic_solo
from obsession_nb.tutor.views import Board
game = classic_solo(seed=3, opponent="eden")
Board(game, parts=["pending", "track"])
"""


def test_classic_board_shows_the_standin_opponent_courtships_and_rolls(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, CODE)
    panel = page.locator(".onb-classic").last
    expect(panel).to_be_visible(timeout=60_000)
    expect(panel).to_contain_text("Classic solitaire against Eden")
    expect(panel.locator(".onb-classic-standin")).to_contain_text("Stand-in opponent card")
    expect(panel.locator(".onb-classic-chart tr")).to_have_count(5)
    expect(panel).to_contain_text("Season 4")
    expect(panel).to_contain_text("stand-in roll table")
    assert panel.locator(".onb-qv-entry").count() == 4 + 4  # four courtships, last four rolls
    shoot(panel, "classic-solo-board")
    assert_no_widget_errors(page)


CARDS = """opponents:
- id: eden
  name: "<img src=x onerror=window.__onb_xss=1>"
  difficulty: beginner
  base: 70
  chart:
    1: {essentials: 1, service: 1, estate: 1, prestige: 1, sporting: 1}
    2: {essentials: 2, service: 2, estate: 2, prestige: 2, sporting: 2}
    3: {essentials: 3, service: 3, estate: 3, prestige: 3, sporting: 3}
    4: {essentials: 4, service: 4, estate: 4, prestige: 4, sporting: 4}
  source: my card
"""
MARKUP_CARD = f"""\
import pathlib, tempfile
from obsession_nb.modes.classic.game import new_classic_game
from obsession_nb.tutor.views import Board
cards = pathlib.Path(tempfile.mkdtemp()) / "cards.yaml"
cards.write_text({CARDS!r})
Board(new_classic_game(1, "eden", expansion=False, cards=cards), parts=["track"])
"""


def test_classic_board_draws_a_users_card_name_as_text(page: Page, run_notebook_in_lab) -> None:
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, MARKUP_CARD)
    panel = page.locator(".onb-classic").last
    expect(panel).to_contain_text("<img src=x onerror=window.__onb_xss=1>", timeout=60_000)
    expect(panel.locator(".onb-classic-standin")).to_have_count(0)  # the user's own card
    assert page.evaluate("window.__onb_xss") is None
