"""A Japanese practice table says everything in Japanese (issue 44, advice in a player's words;
issue 48, one source for labels): the coach's hint and reviews, the turns that cost the most,
the result chart and the scoresheet; their words are in ``content/i18n/ja/widgets.yaml`` with
the English fields (PANELS ``result``, ``scoresheet``, ``terminal``)."""

from __future__ import annotations

import re

import pytest
from practice_clicks import click_first

from obsession_nb.base.i18n import mixed
from obsession_nb.engine.game import new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.players.random_player import play_out
from obsession_nb.practice.session import Practice
from obsession_nb.tutor.views import PracticeTable
from obsession_nb.tutor.views.html import coach_speech
from obsession_nb.tutor.views.html.result import winner_line
from obsession_nb.tutor.views.words import PANELS, panel_words

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_ADVICE = ("host the", "pass and", "too close to call", "against ", "Better:",
                  "the best found", "You played", "guesses", "Improvement tiles", " wins with",
                  "Points per category")


@pytest.mark.parametrize("panel", ["result", "scoresheet", "terminal"])
def test_every_word_has_its_japanese_with_the_same_fields(panel: str) -> None:
    english, japanese = PANELS[panel], panel_words(panel, "ja")
    assert set(japanese) == set(english)
    for key, text in english.items():
        said = re.sub(r"\{\w+\}|\(save FILE\)|（save FILE）", "2", japanese[key])
        assert japanese[key] != text and not mixed(said), key
        assert JAPANESE.search(said) or not re.search(r"[a-z]", said), key
        assert set(re.findall(r"\{(\w+)\}", japanese[key])) == set(
            re.findall(r"\{(\w+)\}", text)), key
    assert panel_words(panel, "en") == english


def test_a_japanese_table_gives_its_hint_and_reviews_in_japanese() -> None:
    table = PracticeTable(players=2, seat=1, opponents="random", seed=5, delay=0,
                          level="easy", lang="ja")
    while not table.practice.reviews:
        click_first(table)
    while table.practice.game.state.turn is None or table.practice.game.state.turn.step != (
            "begin"):
        click_first(table)
    table.show_hint()
    found = table.practice.hint()
    speech = coach_speech("ja")
    shown = table.hint_box.value
    for part in (found.plan_in(speech), found.reason_in(speech)):
        assert part.replace("'", "&#x27;") in shown
    review = table.practice.last_review()
    assert review is not None
    coach = table.coach.value
    assert review.summary(speech).replace("'", "&#x27;") in coach
    for text in (shown, coach):
        assert not [w for w in ENGLISH_ADVICE if w in text], text
    while not table.practice.over:
        click_first(table)
    sheet = score(table.practice.game)
    final = table.review.value
    assert winner_line(sheet, "ja") in final and "の勝ち" in final
    assert sheet.result not in final  # the English sentence is not shown
    rows = panel_words("scoresheet", "ja")
    for category in sheet.players[0].categories:
        assert f">{rows[category]}</div>" in final
    assert panel_words("result", "ja")["chart"] in final and ">合計<" in final
    assert panel_words("practice", "ja")["costliest"] in final
    assert not [w for w in ENGLISH_ADVICE if w in final]


def test_the_teams_totals_in_each_language() -> None:
    """Competitive Team Play: each team's total, the winner marked, in the view's words."""
    game = new_game(4, seed=6, options=Options.model_validate({"mode": "team"}))
    play_out(game)
    practice = Practice(4, seat=1, opponents="random", mode="team", coach=False, game=game)
    english, japanese = practice.team_results(), practice.team_results(
        panel_words("result", "ja"))
    teams = game.table.mode.result_json(game.table)["teams"]
    assert english == practice.team_results(panel_words("result", "en"))
    assert len(english) == len(japanese) == len(teams) == 2
    for team, en, ja in zip(teams, english, japanese, strict=True):
        names = " & ".join(team["names"])
        assert en.startswith(f"Team {team['team']} ({names}): {team['total']}")
        assert ja.startswith(f"チーム{team['team']}（{'・'.join(team['names'])}）：{team['total']}")
        assert en.endswith(" (winner)") == ja.endswith("（勝ち）") == team["winner"]
