"""The engine's prompts and choice labels in a widget's language (issue 48: one source for
labels): every key of the engine's words (the pending prompt's sentences and steps, each action
kind's heading, the choices' words and shapes) has its Japanese in
``content/i18n/ja/widgets.yaml``, fills the same fields, and the stepper shows a position's
prompt, headings and labels in Japanese while English stays the engine's own."""

from __future__ import annotations

import re
import typing

import pytest

from obsession_nb.base.i18n import mixed
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.game import load_position, new_game
from obsession_nb.engine.records.naming import describe
from obsession_nb.engine.records.state import Choice
from obsession_nb.tutor.views import Stepper
from obsession_nb.tutor.views.engine_words import (
    VP_FAVOURS,
    auto_label,
    described,
    engine_words,
    english,
    label,
    prompt,
    title,
)
from obsession_nb.tutor.views.words import LABELS, WORDS

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _filled(text: str) -> str:
    return re.sub(r"\{\w*\}", "2", text)


@pytest.mark.parametrize("section", sorted(english()))
def test_every_engine_word_has_its_japanese(section: str) -> None:
    ja = engine_words("ja")[section]
    for key, text in english()[section].items():
        said = _filled(ja[key])
        assert said != _filled(text) or not re.search("[A-Za-z]", said), (section, key)
        assert not re.search("[a-z]{2,}", said), (section, key, ja[key])
        assert not mixed(said), (section, key, ja[key])
        assert set(re.findall(r"\{(\w*)\}", ja[key])) == set(re.findall(r"\{(\w*)\}", text)), (
            section, key)


def test_the_sections_cover_every_kind_favour_and_decision() -> None:
    words = english()
    assert set(words["kind"]) == set(typing.get_args(typing.get_type_hints(Choice)["kind"]))
    assert set(VP_FAVOURS) == {c.favour for c in load_catalog().vp_cards.values()}
    assert "help" in words["heading"] and "pass" in words["heading"] and "carriage" in words["choice"]
    assert not set(words) & {*WORDS, *LABELS}  # one section, one table in widgets.yaml


def test_english_is_the_engines_own() -> None:
    game = load_position("refresher-round-6")
    assert prompt(game, "en") == game.pending()["prompt"]
    assert [described(game, a, "en") for a in game.legal_actions()] == [
        describe(game, a) for a in game.legal_actions()]


def test_a_position_in_japanese_has_no_english_word_left() -> None:
    game = load_position("refresher-round-6")
    said = prompt(game, "ja")
    assert JAPANESE.search(said) and said != game.pending()["prompt"]
    stepper = Stepper(game, lang="ja", board=False)
    groups = stepper.choices.groups
    assert groups
    for group in groups:
        assert JAPANESE.search(group["title"]) and not mixed(group["title"]), group["title"]
        for choice in group["choices"]:
            assert not re.search(r"\b(the|a|of|from|with|Refresh|Pass|Host)\b", choice["label"]), (
                choice["label"])
    assert stepper.header.pending["prompt"] == said


def test_the_opening_decisions_and_a_favour_decision_in_japanese() -> None:
    game = new_game(4, seed=1)
    assert "準備" in prompt(game, "ja")
    family = [label(game, a, "ja") for a in game.legal_actions() if a.verb == "family"]
    assert family and all(JAPANESE.search(x) and not mixed(x) for x in family)
    assert title("family", "ja") == engine_words("ja")["heading"]["family"]
    assert title("help", "ja") == title("borrow", "ja") == "特殊フリーアクション"


def _auto_texts() -> list[str]:
    """Every text the code gives ``Table.auto`` (an f-string's fields filled with 6)."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "obsession_nb"
    texts = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "auto" and node.args):
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    texts.append(first.value)
                elif isinstance(first, ast.JoinedStr):
                    texts.append("".join(v.value if isinstance(v, ast.Constant) else "6"
                                         for v in first.values))
    return texts


def test_what_the_engine_does_by_itself_is_said_in_japanese() -> None:
    """Every entry the engine logs by itself (``Table.auto``) has its Japanese beside it."""
    texts = _auto_texts()
    assert len(texts) > 15 and "step 1: rotate service" in texts
    for text in [*texts, "setup"]:
        said = auto_label(text, "ja")
        assert said and JAPANESE.search(said) and not re.search("[a-z]{2,}", said), text
        assert auto_label(text, "en") is None
    assert auto_label("end of round 6", "ja") == "ラウンド6の終わり"
