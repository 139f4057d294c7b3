"""The board draws its words from Python (issue 48: one source for labels): a tile's category,
a round's events, a card's deck, the back of a card the seat cannot see, the decision waiting and
the sentences built around values ("costs £400", "House of Cavendish", "Round 4 · season 1")
come with the widget (``Board.words``), in English, and in Japanese through the glossary and
``content/i18n/ja/widgets.yaml``: the Japanese board's own words hold no English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from tutor_helpers import run_code_in_lab, shoot

pytestmark = pytest.mark.browser

CODE = """\
import random
from obsession_nb import new_game
from obsession_nb.widgets import Board
game = new_game(4, seed=1)
rng = random.Random(1)
for _ in range(80):
    game.apply(rng.choice(game.legal_actions()))
Board(game, seat=0, parts=["pending", "track", "supply", "players"], lang={lang!r})
"""
SENTENCES = (".onb-viewer", ".onb-pending-where", ".onb-legend", ".onb-season-head",
             ".onb-market-cost", ".onb-tile-vp", ".onb-player-family", ".onb-counts",
             ".onb-wheel-caption", ".onb-zone-title", ".onb-section-title", ".onb-empty",
             ".onb-favour", ".onb-tile-guests")
"""The parts of the board that are its own words, many of them sentences around values."""


FILLED = {
    ".onb-viewer": (r"^Player 1's view \(p1\): the ", r"^Player 1の視点（P1）："),
    ".onb-pending-where": (r"^Round \d+ · season \d", r"^ラウンド\d+ · 季節\d"),
    ".onb-market-cost": (r"^costs £\d+$", r"^価格 £\d+$"),
    ".onb-player-family": (r"^House of \w+$", r"^\S+家$"),
    ".onb-wheel-caption": (r"^Reputation: level \d, position \d$", r"^評判: レベル\d、位置\d$"),
    ".onb-tile-vp": (r"^\d+ VP$", r"^\d+VP$"),
    ".onb-counts": (r"^objectives \d+ · VP cards \d+$", r"^目標カード \d+ · VPカード \d+$"),
}
"""Sentences around values (WORDS say) as the board fills them, in English and Japanese."""


def _own_words(board: Locator) -> list[str]:
    return [text for selector in SENTENCES for text in board.locator(selector).all_inner_texts()]


def _expect_sentences(board: Locator, lang: str) -> None:
    for selector, said in FILLED.items():
        pattern = re.compile(said[("en", "ja").index(lang)])
        expect(board.locator(selector).first).to_have_text(pattern)


def test_the_board_draws_the_words_it_receives(page: Page, run_notebook_in_lab,
                                                assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, CODE.format(lang="en"))
    board = page.locator(".onb-board").last
    expect(board.locator(".onb-round-ev[data-event='village_fair']").first).to_have_text(
        "Village Fair", timeout=60_000)
    expect(board.locator(".onb-org-head").first).to_have_text("Essentials")  # shown in capitals
    expect(board.locator(".onb-section-title").first).to_have_text("Builders' Market")
    expect(board.locator(".onb-card-back-deck").first).to_have_text("Prestige guest")
    expect(board.locator(".onb-card-deck").first).to_be_visible()
    assert set(board.locator(".onb-card-deck").all_inner_texts()) <= {
        "Family", "Fairchild", "Starter guest", "Casual guest", "Prestige guest"}
    assert set(board.locator(".onb-tile-cat").all_inner_texts()) <= {
        "Essentials", "Service", "Estate", "Prestige", "Sporting", "Monument"}
    favours = board.locator(".onb-favour").all_inner_texts()
    assert favours and all(f and "{" not in f for f in favours)  # templates filled (WORDS favour)
    assert any(re.fullmatch(r"£\d+|pay £\d+|[+-]\d+ reputation|invite \w+ \(.+\)", f)
               for f in favours)
    _expect_sentences(board, "en")
    assert all("{" not in text for text in _own_words(board))
    shoot(board, "board-words-en")
    run_code_in_lab(page, CODE.format(lang="ja"))
    board = page.locator(".onb-board").last
    expect(board.locator(".onb-round-ev[data-event='village_fair']").first).to_have_text(
        "村祭り", timeout=60_000)
    expect(board.locator(".onb-org-head").first).to_have_text("基幹")
    expect(board.locator(".onb-tile-cat").first).not_to_have_text("Essentials")
    # a fixed label (WORDS label) in the glossary's Japanese, drawn so by the board itself
    expect(board.locator(".onb-section-title").first).to_have_text("ビルダーズマーケット")
    # the same sentences in Japanese, and none of the board's own words left in English
    _expect_sentences(board, "ja")
    own = [re.sub(r"Player \d", "", text) for text in _own_words(board)]  # players' names
    assert own and [text for text in own if re.search(r"[a-z]{2,}|\{", text)] == []
    shoot(board, "board-words-ja")
    assert_no_widget_errors(page)


DECISION = """\
import random
from obsession_nb import new_game
from obsession_nb.widgets import Board
game = new_game(4, seed=7)
rng = random.Random(7)
for _ in range(17):
    game.apply(rng.choice(game.legal_actions()))
assert game.view(0)["choices"][0]["kind"] == "screen"
Board(game, seat=0, parts=["players"], seats=[0], lang={lang!r})
"""


def test_the_decision_waiting_is_titled_in_the_boards_language(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, DECISION.format(lang="en"))
    decision = page.locator(".onb-board").last.locator(".onb-decision")
    expect(decision.locator(".onb-zone-title")).to_have_text("Screening: keep 1 of 2",
                                                             timeout=60_000)
    shoot(decision, "board-decision-en")
    run_code_in_lab(page, DECISION.format(lang="ja"))
    decision = page.locator(".onb-board").last.locator(".onb-decision")
    expect(decision.locator(".onb-zone-title")).to_have_text("ゲストを引いて選ぶ：2枚から1枚を残す",
                                                             timeout=60_000)
    shoot(page.locator(".onb-board").last.locator(".onb-activity"), "board-decision-ja")
    assert_no_widget_errors(page)


ACTIVITY = """\
from obsession_nb import load_scenario
from obsession_nb.widgets import Board
game = load_scenario("refresher-round-6", play_recorded=False)
for action in game.recorded[:6]:  # hosted, both gentlemen invited, the underbutler serving
    game.apply(action)
Board(game, parts=["players"], seats=[0], lang={lang!r})
"""


def test_the_guests_asked_for_and_the_placed_notes_are_in_the_boards_language(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    """The refresher's worked turn: its Estate tile asks for two gentlemen, and the underbutler
    stands in for the footman (WORDS guests and placed)."""
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, ACTIVITY.format(lang="en"))
    activity = page.locator(".onb-board").last.locator(".onb-activity")
    expect(activity.locator(".onb-tile-guests")).to_have_text("2 gentlemen", timeout=60_000)
    expect(activity.locator(".onb-placed-note")).to_have_text("for Footman")
    shoot(activity, "board-activity-en")
    run_code_in_lab(page, ACTIVITY.format(lang="ja"))
    activity = page.locator(".onb-board").last.locator(".onb-activity")
    expect(activity.locator(".onb-tile-guests")).to_have_text("男性ゲスト2人", timeout=60_000)
    expect(activity.locator(".onb-placed-note")).to_have_text("フットマンの代役")
    shoot(activity, "board-activity-ja")
    assert_no_widget_errors(page)


STEPPER = """\
from obsession_nb.widgets import Stepper
stepper = Stepper.from_scenario("refresher-round-6", lang={lang!r})
stepper.play_script(1)  # the first action: a tile to host waits
stepper
"""
ENGLISH_WORD = re.compile(r"\b(?:the|a|an|of|from|with|to|or|and|step|host|invite|pass|"
                          r"refresh|choose|special|actions?)\b", re.IGNORECASE)
"""Words of the engine's prompts and labels that would show English left in a Japanese
stepper (the guests' and tiles' names the glossary keeps in English have none of them)."""


def _engine_words(stepper: Locator) -> list[str]:
    """What the stepper shows of the engine's words: the decision, the choices' headings and
    labels, the worked example's next action."""
    return [stepper.locator(".onb-step-text").inner_text(),
            *stepper.locator(".onb-choice-heading").all_inner_texts(),
            *stepper.locator(".onb-choice").all_inner_texts(),
            *stepper.locator(".onb-script-label").all_inner_texts()]


def test_the_steppers_decision_and_choices_are_in_its_language(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    """The engine's prompt, each group's heading and each choice's label come in the stepper's
    language (tutor/views/engine_words.py): in Japanese no English word of theirs is left."""
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, STEPPER.format(lang="en"))
    stepper = page.locator(".onb-stepper").last
    expect(stepper.locator(".onb-step-text")).to_have_text(
        "Ada (p1): step 3 (host an activity)", timeout=60_000)
    expect(stepper.locator(".onb-choice-heading").first).to_have_text("Host a tile (step 3)")
    expect(stepper.locator(".onb-choice", has_text="Refresh Lady's Maid")).to_have_count(1)
    shoot(stepper, "stepper-engine-words-en")
    run_code_in_lab(page, STEPPER.format(lang="ja"))
    stepper = page.locator(".onb-stepper").last
    expect(stepper.locator(".onb-step-text")).to_have_text(
        "Ada（P1）：ステップ３（アクティビティの主催）", timeout=60_000)
    expect(stepper.locator(".onb-choice-heading").first).to_have_text(
        "ステップ３：アクティビティの主催")
    expect(stepper.locator(".onb-choice", has_text="メイドの回復")).to_have_count(1)
    said = _engine_words(stepper)
    assert len(said) > 3 and [t for t in said if ENGLISH_WORD.search(t)] == [], said
    shoot(stepper, "stepper-engine-words-ja")
    assert_no_widget_errors(page)
