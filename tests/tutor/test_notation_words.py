"""Why a typed text is no action, in each language (issue 44: every explanation in English and
Japanese): ``BadNotation`` keeps its reason as parts, said in English by ``str`` (as it always
was) and in Japanese with ``content/i18n/ja/widgets.yaml`` ``bad_notation`` and
``notation_what``; what was typed, the notation's shape and the names to type stay as they are."""

from __future__ import annotations

import re

import pytest

from obsession_nb.data.rules import NOTATION_WORDS, BadNotation, did_you_mean, unknown
from obsession_nb.engine.game import new_game
from obsession_nb.tutor.views import RulingPanel, Stepper
from obsession_nb.tutor.views.engine_words import notation_words

TYPED = [("", "empty action", ()),
         ("foo", "there is no action 'foo'", ()),
         ("hots", "there is no action 'hots'; did you mean 'host'?", ("'host'",)),
         ("host Bowlin Green", "'host Bowlin Green' does not match 'host <tile>'; did you mean "
          "'host Bowling Green'?", ("'host Bowling Green'",)),
         ("host bowling!", "'bowling!' is not a valid tile", ()),
         ("gossip 3", "players are written p1…p6, not '3'", ()),
         ("gossip p9", "there is no player p9 in this game (p1 to p4)", ()),
         ("hire valett", "there is no servant 'valett'; did you mean 'Valet' (valet)?",
          ("'Valet' (valet)",)),
         ("family yrok", "there is no family 'yrok'; did you mean 'House of York' (york)?",
          ("'House of York' (york)",))]
"""What a player types, the English refusal (as the engine has always written it) and the
names it offers to type instead."""


def _refusal(text: str) -> BadNotation:
    game = new_game(4, seed=3, draft=False)
    with pytest.raises(BadNotation) as found:
        game.check(text)
    return found.value


@pytest.mark.parametrize(("typed", "english", "near"), TYPED, ids=lambda x: str(x)[:20])
def test_a_refusal_of_notation_in_english_and_japanese(typed: str, english: str,
                                                       near: tuple[str, ...]) -> None:
    error = _refusal(typed)
    assert str(error) == error.said(notation_words("en")) == english
    japanese = error.said(notation_words("ja"))
    assert japanese != english and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese)
    for name in near:  # the names to type, as they are, in both
        assert name in english and name in japanese
    left = japanese
    for kept in (*near, typed, typed.split()[-1] if typed else "", "<tile>", "host"):
        left = left.replace(kept, " ") if kept else left
    assert not re.findall(r"[A-Za-z]{2,}", left), japanese  # no English word left
    assert re.findall(r"p?\d+", english) == re.findall(r"p?\d+", japanese) or not re.search(
        r"\d", english)


def test_every_reason_and_thing_has_its_japanese_with_the_same_fields() -> None:
    japanese = notation_words("ja")
    assert set(japanese) == set(NOTATION_WORDS)
    for section, table in NOTATION_WORDS.items():
        assert set(japanese[section]) == set(table), section
        for key, text in table.items():
            said = japanese[section][key]
            assert said != text, (section, key)
            assert set(re.findall(r"\{(\w+)\}", said)) == set(re.findall(r"\{(\w+)\}", text))
            assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}|p1…p6|VP", "", said))
    assert notation_words("en") == NOTATION_WORDS


def test_the_known_ones_and_did_you_mean_are_said_as_before() -> None:
    few = unknown("market stack", "zz9", ["pr1", "pr2", "service"])
    assert str(few) == "there is no market stack 'zz9'; known: pr1, pr2, service"
    ja = notation_words("ja")
    stack = ja["notation_what"]["market stack"]
    assert few.said(ja) == f"「zz9」という{stack}はない。あるのは：pr1、pr2、service"
    assert did_you_mean("nrmal", ["normal", "easy"]) == "; did you mean 'normal'?"
    assert did_you_mean("zzz", ["normal"]) == ""


def test_a_sentence_of_its_own_is_said_as_written() -> None:
    error = BadNotation("this scenario's action is not {written} here")
    assert str(error) == error.said(notation_words("ja")) == (
        "this scenario's action is not {written} here")
    assert str(error.also("near", near=["'host'"])) == (
        "this scenario's action is not {written} here; did you mean 'host'?")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_stepper_and_the_ruling_panel_say_bad_notation_in_their_language(lang: str) -> None:
    game = new_game(4, seed=3, draft=False)
    said = _refusal("hots").said(notation_words(lang))
    stepper = Stepper(game, lang=lang)
    with pytest.raises(BadNotation):
        stepper.choose("hots")
    assert said in stepper.rulings.status["text"]
    panel = RulingPanel(game, lang=lang)
    assert panel.check("hots") is None and said in panel.result.verdict["error"]
    if lang == "ja":
        assert "there is no" not in stepper.rulings.status["text"] + panel.result.verdict["error"]
