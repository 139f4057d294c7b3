"""Issue 47 items 2, 3 and 6 without a browser: a finished practice game shows the result first
(the winner, each category per player as a chart, then the review), the family boards are
offered with their bonuses, and a saved practice game loads back in the widget."""

from __future__ import annotations

from pathlib import Path

from practice_clicks import click_first

from obsession_nb.engine.game import new_game
from obsession_nb.engine.records.naming import describe
from obsession_nb.engine.scoring import score
from obsession_nb.tutor.views import PracticeTable


def test_the_end_of_a_game_shows_the_winner_and_a_chart_before_the_review() -> None:
    table = PracticeTable(players=2, seat=1, opponents="random", seed=3, delay=0,
                          level="easy", coach=False)
    while not table.practice.over:
        click_first(table)
    sheet = score(table.practice.game)
    html = table.review.value
    assert table.children.index(table.review) < table.children.index(table.stepper)
    assert html.index(sheet.result) < html.index("onb-result-chart") < html.index(
        "Final scoresheet")
    best = max(p.total for p in sheet.players)
    assert f"wins with {best} VP" in sheet.result or "shared win" in sheet.result
    assert html.count("class='onb-result-row'") == len(sheet.players[0].categories)
    assert html.count("class='onb-result-bar'") == len(sheet.players) * len(
        sheet.players[0].categories)


def test_the_family_boards_are_offered_with_their_bonuses() -> None:
    game = new_game(2, seed=1)
    families = [a for a in game.legal_actions() if a.verb == "family"]
    assert families
    for action in families:
        bonus = game.table.catalog.families[action.notation.split()[1]].bonus.rstrip(".")
        assert bonus in describe(game, action)


def test_a_saved_practice_game_loads_back_in_the_widget(tmp_path: Path) -> None:
    table = PracticeTable(players=2, seat=2, opponents="random", seed=5, delay=0,
                          level="easy", coach=False)
    for _ in range(6):
        click_first(table)
    path = tmp_path / "game.yaml"
    table.save_path.value = str(path)
    table.save_click()
    assert path.exists() and "Game saved" in table.status.value
    again = PracticeTable.load(path, delay=0)
    assert again.practice.game.to_json() == table.practice.game.to_json()
    assert again.practice.seat == 1 and again.stepper.decides == 1
    other = PracticeTable(players=3, seat=1, opponents="random", seed=9, delay=0,
                          level="easy", coach=False)
    other.save_path.value = str(path)
    other.load_click()
    assert "Game loaded from" in other.status.value and "onb-ready" in other.status.value
    assert other.practice.game.to_json() == table.practice.game.to_json()
    click_first(other)  # and it plays on
    other.save_path.value = str(tmp_path / "missing.yaml")
    other.load_click()
    assert "Not loaded:" in other.status.value
