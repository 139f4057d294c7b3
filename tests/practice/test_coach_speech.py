"""Issue 44 (advice in a player's words) in every language: the coach's hint and review are kept
as parts (plans, values with their standard errors, the verdict, the differences by scoresheet
category) and said by a ``Speech``; English and Japanese are said from the same object, with the
same numbers, the same tiles and guests and the same verdict, and the Japanese keeps no English
word but the names the glossary does not translate (DESIGN principle 11)."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from obsession_nb.base.i18n import tr
from obsession_nb.engine.game import Game, new_game
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice.advice import Difference, Verdict
from obsession_nb.practice.advice_records import Hint, TurnReview
from obsession_nb.practice.arena import make_player
from obsession_nb.practice.coach import hint, review_turn
from obsession_nb.practice.coach_html import hint_html, review_html
from obsession_nb.practice.plans import Level
from obsession_nb.practice.speech import ENGLISH, WORDS, Speech
from obsession_nb.tutor.views.html import coach_speech, coach_words

QUICK = Level("quick", 400, 6)
JA = coach_speech("ja")
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def _mid_game() -> Game:
    return play_to_round(new_game(4, seed=3), 4)


@cache
def _review() -> TurnReview:
    """A turn that passes for rents when a good activity was open: it costs value."""
    game = _mid_game()
    mark = game.snapshot()
    game.apply("pass")
    player = make_player("random", 1)
    seat = game.state.turn.player
    while game.state.turn is not None and game.state.turn.player == seat:
        game.apply(player.choose(game))
    return review_turn(game, mark, level="easy")


@cache
def _hint() -> Hint:
    return hint(_mid_game(), level=QUICK)


def _names(game: Game) -> list[str]:
    """Every name a line can show, English and as the glossary says it in Japanese, longest
    first."""
    table = game.table
    catalog = table.catalog
    english = {*(t.name for t in catalog.tiles.values()), *(c.name for c in catalog.gentry.values()),
               *(s.name for s in catalog.servants.values()),
               *(o.name for o in catalog.objectives.values()),
               *(f.name for f in catalog.families.values()),
               *(p.name for p in table.state.players)}
    return sorted(english | {tr(n, "ja") for n in english}, key=len, reverse=True)


def _without_names(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, " ")
    return text


def _english_left(text: str, names: list[str]) -> list[str]:
    """The English words of ``text`` once the names are taken out ("VP" and "AI" are Japanese
    words too: the summary's own, the rules' Japanese titles')."""
    return [w for w in re.findall(r"[A-Za-z]{2,}", _without_names(text, names))
            if w not in ("VP", "AI")]


def _numbers(text: str, names: list[str]) -> Counter[str]:
    """The figures of ``text`` (the Japanese pass for rents says its £200, as the summary
    does: not a figure of the advice)."""
    return Counter(NUMBER.findall(_without_names(text, names).replace(JA.words["rents"], " ")))


def test_the_review_in_english_and_japanese_from_one_object() -> None:
    review = _review()
    assert not review.close and review.why  # a cost with its reasons: every part is said
    names = _names(review.yours.position)  # type: ignore[arg-type]
    english, japanese = review.summary(ENGLISH), review.summary(JA)
    assert english == review.summary() and "Better:" in english  # English as it was
    assert _numbers(english, names) == _numbers(japanese, names)
    assert review.verdict is not None
    assert ENGLISH.verdict(review.verdict) in english and JA.verdict(review.verdict) in japanese
    assert JA.verdict(review.verdict).startswith("約")  # a cost, not "too close to call"
    for d in review.why:
        assert ENGLISH.difference(d) in english and JA.difference(d) in japanese
    table = review.yours.position.table
    for line in (review.yours, review.best[0]):
        plan = line.plan
        tiles = [t for t in (plan.tile, plan.buy.tile if plan.buy else None) if t]
        for name in [table.tile_name(t) for t in tiles] + [table.card_name(c) for c in plan.party]:
            assert name in english and tr(name, "ja") in japanese
    assert _english_left(japanese, names) == []
    text = review.text(JA)
    assert text.startswith(JA.say("round", round=review.round, player=review.player))
    assert _english_left(text, names) == []
    for line in (review.yours, *review.best):  # each line's value, said in both
        assert ENGLISH.value(line.value) in review.text() and JA.value(line.value) in text


def test_the_hint_in_english_and_japanese_from_one_object() -> None:
    found = _hint()
    names = _names(found.position)  # type: ignore[arg-type]
    parts = {"plan": (found.plan_in, lambda x: [x]), "reason": (found.reason_in, lambda x: [x]),
             "gaps": (found.gaps_in, list), "line": (found.line_in, list),
             "now": (found.words_in, lambda x: [x])}
    for part, (said, listed) in parts.items():
        english, japanese = listed(said(ENGLISH)), listed(said(JA))
        assert len(english) == len(japanese), part
        for one, other in zip(english, japanese, strict=True):
            if part not in ("line", "now"):  # the engine's headings: "step 3", "ステップ３"
                assert _numbers(one, names) == _numbers(other, names), (part, one, other)
            assert _english_left(other, names) == [], (part, other)
    assert (found.plan, found.reason, found.gaps, found.line) == (
        found.plan_in(ENGLISH), found.reason_in(ENGLISH), found.gaps_in(ENGLISH),
        found.line_in(ENGLISH))
    if found.verdict is not None:
        assert JA.verdict(found.verdict) in found.reason_in(JA)
    tile = found.position.table.tile_name(found.best.tile) if found.best.tile in (
        found.position.table.catalog.tiles) else None
    if tile:
        assert tile in found.plan and tr(tile, "ja") in found.plan_in(JA)
    # the value and the plans compared, in both: the same figures in the same order
    assert [v for _l, v in found.lines_in(JA)] == [v for _l, v in found.lines]
    assert found.text(JA).startswith(JA.say("try", plan=found.plan_in(JA),
                                            value=JA.value(found.value)))  # type: ignore[arg-type]


def test_the_html_in_japanese_keeps_no_english_sentence() -> None:
    found, review = _hint(), _review()
    names = _names(found.position)  # type: ignore[arg-type]
    for page in (hint_html(found, JA), review_html(review, JA)):
        text = re.sub(r"<code[^>]*>.*?</code>|<[^>]+>", " ", page)  # ids and notation: typed
        text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
        assert _english_left(text, names) == [], text
        assert "<script" not in page


def test_verdicts_and_differences_are_said_in_each_language() -> None:
    close, cost = Verdict(0.4, 1.0, 8), Verdict(-3.26, 0.71, 8)
    assert str(close) == "too close to call (+0.4 ± 1.0 VP)" == ENGLISH.verdict(close)
    assert JA.verdict(close) == "差が小さすぎて判断できない（+0.4±1.0VP）"
    assert str(cost) == "about 3.3 VP (± 0.7)" and JA.verdict(cost) == "約3.3VP（±0.7）"
    said = [(ENGLISH.difference(d), JA.difference(d)) for d in (
        Difference("row", 3.0, "gentry"), Difference("money", -150.0),
        Difference("reputation", 1.5), Difference("row", -2.0, "tiles"))]
    assert said == [("Gentry +3.0 VP", "ゲストカード+3.0VP"), ("£150 less money", "お金が150ポンド少ない"),
                    ("reputation 1.5 steps higher", "評判が1.5段階高い"),
                    ("Improvement tiles -2.0 VP", "拡充タイル-2.0VP")]


def test_the_japanese_speech_is_the_coachs_words_in_japanese() -> None:
    assert JA.words == coach_words("ja") and set(JA.words) == set(WORDS)
    assert coach_speech("en") is ENGLISH and coach_speech("ja") is JA
    assert JA.name("Tennis Court") == "テニスコート"
    assert JA.name("Bowling Green") == "Bowling Green"  # no Japanese name in the glossary
    with pytest.raises(ValueError, match="unknown language"):
        coach_speech("fr")
    assert isinstance(JA, Speech) and JA.lang == "ja"


def test_a_setup_hint_names_its_plans_in_words_in_each_language() -> None:
    """At a decision outside the turns (the family board and the servant draft) each plan is
    one action: said in words (its heading and its argument named, as the "now" line says it),
    not by the notation to type, in English and Japanese alike."""
    game = new_game(4, seed=3)
    found = hint(game, level=QUICK)
    assert found.best.kind == "line" and len(found.compared) > 1
    names = _names(game)
    for speech in (ENGLISH, JA):
        labels = [label for label, _v in found.lines_in(speech)]
        assert labels == [speech.line(game, [a.notation for a in c.plan.actions])
                          for c in found.compared]
        assert found.plan_in(speech) == speech.action(game, found.action) == labels[0]
        notations = {a.notation for c in found.compared for a in c.plan.actions}
        assert not notations & set(labels) and not [n for n in notations
                                                    if n in found.reason_in(speech)]
    japanese = found.text(JA).replace(found.action, " ")  # the notation to type stays
    assert _english_left(japanese, names) == [], japanese
    for english, said in zip(found.gaps, found.gaps_in(JA), strict=True):  # the same figures
        assert _numbers(english, names) == _numbers(said, names), (english, said)
