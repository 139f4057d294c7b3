"""Issue 29: the practice table in a real browser (JupyterLab).  Tutorial 11 runs; a fast table
(random opponent, no delay) is added below it and played to the final scoresheet by clicking the
stepper's first plain choice at each of our decisions: a hint is taken at the first turn, the
coach panel is checked after our first turn, a turn is undone, and the final scoresheet with the
costliest turns shows at the end."""

from __future__ import annotations

import re
from functools import cache

import pytest
from playwright.sync_api import Locator, Page, expect
from tutor_helpers import run_code_in_lab, shoot

from obsession_nb.data.catalog import load_catalog

pytestmark = pytest.mark.browser

PRACTICE = "11-practice-table.ipynb"
FAST = ("from obsession_nb.tutor.views import PracticeTable\n"
        "fast = PracticeTable(players=2, seat=1, opponents='random', seed=3, delay=0, "
        "level='easy')\nfast")
MAX_CLICKS = 400


def status(table: Locator) -> Locator:
    return table.locator(".onb-practice-status-text")


def wait_ready(table: Locator, before: str | None) -> str:
    """Wait until it is our move again (or the game is over) at another log length, and the
    choice buttons on screen are the ones of that position (never a click on the buttons of
    the position before).  Returns the log length."""
    ready = table.locator(".onb-practice-status-text.onb-ready")
    if before is not None:
        ready = table.locator(f".onb-practice-status-text.onb-ready:not([data-log='{before}'])")
    expect(ready).to_have_count(1, timeout=120_000)
    position = ready.get_attribute("data-position")
    expect(table.locator(f".onb-stepper .onb-choices[data-position='{position}']")).to_have_count(1)
    return ready.get_attribute("data-log") or ""


def click_first_choice(table: Locator, log: str) -> str:
    position = table.locator(".onb-practice-status-text").get_attribute("data-position")
    shown = table.locator(f".onb-stepper .onb-choices[data-position='{position}']")
    button = shown.locator(".onb-choice:not(.onb-choice-special)").first
    expect(button).to_be_visible()
    button.click()
    return wait_ready(table, log)


def play_until_reviewed(table: Locator, log: str) -> str:
    """Take the first choice until the coach's review of our turn is shown (at most 60
    clicks).  Returns the log length."""
    for _ in range(60):
        if table.locator(".coach-review").count():
            return log
        log = click_first_choice(table, log)
    raise AssertionError("no review of our turn after 60 clicks")


def test_a_whole_two_player_game_at_the_practice_table(
        page: Page, run_notebook_in_lab, assert_no_widget_errors) -> None:
    run_notebook_in_lab(page, PRACTICE)
    expect(page.locator(".jp-OutputArea .onb-practice").first).to_be_visible()
    run_code_in_lab(page, FAST)
    table = page.locator(".jp-OutputArea .onb-practice").last
    expect(table.locator(".onb-board").first).to_be_visible()
    assert_no_widget_errors(page)
    log = wait_ready(table, None)
    expect(status(table)).to_contain_text("Your move")

    # setup: the family board and the drafted servant, then our first turn begins
    while "start of the turn" not in status(table).inner_text():
        log = click_first_choice(table, log)

    # a hint at the first turn
    table.locator(".onb-practice-hint").click()
    hint = table.locator(".onb-hint-action")
    expect(hint).to_be_visible(timeout=120_000)
    suggested = hint.inner_text()
    assert suggested
    expect(table.locator(".onb-hint-plan")).to_contain_text(re.compile(r"^(host the|pass and)"))
    expect(table.locator(".onb-hint-why")).to_be_visible()
    shoot(table, "practice-hint")

    # play the first turn: the coach reviews it
    expect(table.locator(".coach-review")).to_have_count(0)
    log = play_until_reviewed(table, log)
    coach = table.locator(".onb-practice-coach")
    expect(coach.locator("tr.coach-yours")).to_have_count(1)
    assert 1 <= coach.locator("tr.coach-best").count() <= 3
    expect(coach).to_contain_text(re.compile(
        r"cost \d+\.\d VP|too close to call|You played the best plan found"))
    shoot(table, "practice-coach-after-a-turn")

    # the opponent's rulings are in the log beside ours
    log_entries = table.locator(".onb-stepper-log")
    expect(log_entries).to_contain_text("Player 2")

    # play a second turn, then undo it: back at the start of that turn, its review gone
    first_review = coach.text_content() or ""
    while "start of the turn" not in status(table).inner_text():
        log = click_first_choice(table, log)
    start_log = log
    log = click_first_choice(table, log)
    while "start of the turn" not in status(table).inner_text():
        log = click_first_choice(table, log)
    expect(coach).not_to_have_text(first_review)  # the second turn's review
    table.locator(".onb-practice-undo").click()
    expect(status(table)).to_contain_text("Taken back to the start of your turn.")
    log = wait_ready(table, None)
    assert log == start_log
    expect(status(table)).to_contain_text("start of the turn")
    expect(coach).to_have_text(first_review)
    shoot(table, "practice-after-undo")

    # on to the end of the game
    clicks = 0
    while "The game is over" not in status(table).inner_text():
        log = click_first_choice(table, log)
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
    final = table.locator(".onb-practice-review .onb-final")
    expect(final).to_be_visible()
    # the result first: who won, each category per player as a chart, then the review
    expect(final.locator(".onb-result-winner")).to_contain_text(re.compile(r"wins? with \d+ VP"))
    expect(final.locator(".onb-result-row")).to_have_count(7)
    assert final.locator("ol li").count() >= 1
    final.locator("summary", has_text="Final scoresheet").click()
    expect(final.locator("table")).to_be_visible()
    assert (final.bounding_box() or {"y": 1})["y"] < (
        table.locator(".onb-stepper").bounding_box() or {"y": 0})["y"]
    expect(table.locator(".onb-stepper")).to_contain_text("The game is over.")
    assert_no_widget_errors(page)
    shoot(table, "practice-final-scoresheet")


def test_the_practice_table_plays_in_notebook_7(
        page: Page, run_notebook_in_nb7, assert_no_widget_errors) -> None:
    """Tutorial 11 in Notebook 7: our first setup choice is played and the opponent (search)
    answers until it is our move again."""
    run_notebook_in_nb7(page, PRACTICE)
    table = page.locator(".jp-OutputArea .onb-practice").first
    expect(table.locator(".onb-board").first).to_be_visible()
    log = wait_ready(table, None)
    expect(status(table)).to_contain_text("setup")
    log = click_first_choice(table, log)
    expect(status(table)).to_contain_text("Your move")
    assert_no_widget_errors(page)
    shoot(table, "nb7-practice-table")


def test_a_saved_practice_game_loads_in_another_table(
        page: Page, run_notebook_in_lab, assert_no_widget_errors, tmp_path) -> None:
    """Issue 47 item 6: Save game writes a file that Load game continues from."""
    run_notebook_in_lab(page, PRACTICE)
    run_code_in_lab(page, FAST)
    table = page.locator(".jp-OutputArea .onb-practice").last
    log = wait_ready(table, None)
    for _ in range(3):
        log = click_first_choice(table, log)
    prompt = status(table).inner_text()  # "Your move: <the decision>"
    saved = tmp_path / "saved-practice.yaml"
    path_box = table.locator(".onb-practice-bar input[type=text]")
    path_box.fill(str(saved))
    path_box.press("Enter")
    table.locator(".onb-practice-save").click()
    expect(status(table)).to_contain_text("Game saved to")
    run_code_in_lab(page, FAST.replace("seed=3", "seed=8").replace("fast", "other"))
    other = page.locator(".jp-OutputArea .onb-practice").last
    wait_ready(other, None)
    other_box = other.locator(".onb-practice-bar input[type=text]")
    other_box.fill(str(saved))
    other_box.press("Enter")
    other.locator(".onb-practice-load").click()
    expect(status(other)).to_contain_text("Game loaded from")
    expect(status(other)).to_contain_text(prompt)  # the same decision, ours
    loaded = wait_ready(other, None)
    click_first_choice(other, loaded)  # it plays on
    assert_no_widget_errors(page)
    shoot(other, "practice-loaded-game")


@cache
def _names() -> list[str]:
    """The names of the catalog's tiles, cards, servants and families, longest first (those
    the glossary does not translate stay English)."""
    catalog = load_catalog()
    return sorted({x.name for section in (catalog.tiles, catalog.gentry, catalog.servants,
                                          catalog.families, catalog.objectives)
                   for x in section.values()}, key=len, reverse=True)


def without_names(text: str) -> str:
    for name in _names():
        text = text.replace(name, " ")
    return re.sub(r"Player \d", " ", text)


JAPANESE_TABLE = ("from obsession_nb.widgets import PracticeTable\n"
                  "PracticeTable(players=2, seat=1, opponents='random', seed=3, delay=0, "
                  "level='easy', lang='ja')")
ENGLISH_WORD = re.compile(r"\b(?:the|a|of|from|with|to|or|and|step|host|pass|refresh|hint|undo|"
                          r"save|load|coach|round|your|plans?|rules|why|now)\b", re.IGNORECASE)
"""Words that would show English left where the Japanese table draws its own and the engine's
words (the players' names and the cards' names the glossary keeps in English have none)."""


def test_the_practice_table_in_japanese(page: Page, run_notebook_in_lab,
                                        assert_no_widget_errors) -> None:
    """``PracticeTable(lang="ja")``: the buttons, the status line, the stepper's decision and
    choices, the hint (at the family board too: its plans in words, not notation) and the
    coach's review in Japanese: the frame and the advice itself (the plan, why, the plans
    compared, the review's sentence), English left only in the names the glossary does not
    translate."""
    run_notebook_in_lab(page, "00-index.ipynb")
    run_code_in_lab(page, JAPANESE_TABLE)
    table = page.locator(".jp-OutputArea .onb-practice").last
    log = wait_ready(table, None)
    expect(status(table)).to_contain_text("あなたの番：")
    buttons = [table.locator(f".onb-practice-{b}").inner_text()
               for b in ("hint", "undo", "save", "load")]
    assert buttons == ["ヒント", "自分の手番を取り消す", "ゲームを保存", "ゲームを読み込む"]
    expect(table.locator(".onb-practice-coach")).to_have_text(
        "コーチ：最初の手番の講評がここに出ます。")

    def own_words() -> list[str]:
        stepper = table.locator(".onb-stepper")
        return [re.sub(r"Player \d", "", t) for t in (
            status(table).inner_text(), stepper.locator(".onb-step-text").inner_text(),
            *stepper.locator(".onb-choice-heading").all_inner_texts(),
            *stepper.locator(".onb-choice").all_inner_texts(), *buttons)]

    said = own_words()
    assert [t for t in said if ENGLISH_WORD.search(t)] == [], said
    shoot(table, "practice-ja-start")
    table.locator(".onb-practice-hint").click()  # the family board: its plans said in words
    setup = table.locator(".onb-hint")
    expect(setup.locator(".onb-hint-plan")).to_be_visible(timeout=120_000)
    setup.locator("summary", has_text="比べたプラン").click()
    plans = [setup.locator(".onb-hint-plan").inner_text(),
             *setup.locator("ol").last.locator("li").all_inner_texts()]
    assert len(plans) > 2 and [t for t in plans if re.search(r"\b(?:family|draft) [a-z_]+", t)
                               or ENGLISH_WORD.search(without_names(t))] == [], plans
    shoot(table, "practice-ja-setup-hint")
    while "手番の始め" not in status(table).inner_text():  # the family board, the draft
        log = click_first_choice(table, log)
    said = own_words()
    assert [t for t in said if ENGLISH_WORD.search(t)] == [], said
    table.locator(".onb-practice-hint").click()
    hint = table.locator(".onb-hint")
    expect(hint.locator(".onb-hint-action")).to_be_visible(timeout=120_000)
    expect(hint).to_contain_text("ヒント：")
    expect(hint.locator(".onb-hint-now")).to_contain_text("今：")
    expect(hint.locator("summary").first).to_have_text("ライン全体（これから来るカードの推測の一つ）")
    assert [t for t in hint.locator(".onb-hint-action").all_inner_texts()
            if ENGLISH_WORD.search(t)] == []  # the first action, in the engine's words
    advice = [hint.locator(".onb-hint-plan").inner_text(),
              hint.locator(".onb-hint-why").inner_text()]
    assert [t for t in map(without_names, advice) if ENGLISH_WORD.search(t)] == [], advice
    expect(hint.locator(".onb-hint-why")).to_contain_text("理由：")
    hint.locator("summary", has_text="比べたプラン").click()
    compared = hint.locator("ol").last.all_inner_texts()
    assert compared and "見つかった最善" in compared[0], compared
    assert [t for t in map(without_names, compared) if ENGLISH_WORD.search(t)] == [], compared
    shoot(table, "practice-ja-hint")
    log = play_until_reviewed(table, log)
    coach = table.locator(".onb-practice-coach")
    expect(coach).to_contain_text("コーチ — あなたの前の手番：")
    expect(coach.locator(".coach-lines summary").first).to_contain_text("あなたのプランと")
    expect(coach.locator(".coach-review p").first).to_contain_text(re.compile(r"^ラウンド\d+、"))
    sentence = coach.locator(".coach-review p").first.inner_text()
    assert not ENGLISH_WORD.search(without_names(sentence)), sentence
    assert re.search(r"見つかった最善のプランをプレイした|差が小さすぎて判断できない|よりよい手：",
                     sentence), sentence
    coach.locator(".coach-lines summary").first.click()
    shoot(table, "practice-ja-coach")
    assert_no_widget_errors(page)
