"""Every widget's words come from Python (issue 48: one source for labels): the quiz, the
teaching keys, the rule browser, the stepper, its choices, rulings and notation box, the
explorer and the card-entry form receive their words and sentences (``LABELS`` in
``obsession_nb/tutor/views/words.py``, Japanese in ``content/i18n/ja/widgets.yaml``); their
scripts keep no English, ask only for words they are sent and pass every field a sentence
fills."""

from __future__ import annotations

import re

import js_words
import pytest

from obsession_nb.base.i18n import mixed
from obsession_nb.tutor.views.words import LABELS, WORDS, widget_labels, words

SCRIPTS = {"quiz": "quiz.js", "teach": "teach.js", "browser": "rule_browser.js",
           "stepper": "stepper.js", "choices": "choices.js", "explorer": "explorer.js",
           "notation": "notation.js", "rulings": "rulings.js", "card_entry": "card_entry.js"}
"""Each section of LABELS and the script that draws with it."""
ASKING = r'(?:\bL|\bt\(model,|\bsay\(model,|labeller\(model\)\()\s*\(?\s*'
"""How a script asks for one of its words: ``L(key…)``, ``t(model, key…)``, ``say(model,
key…)``, ``labeller(model)(key)``."""


def test_every_widget_with_words_has_its_script() -> None:
    assert set(SCRIPTS) == set(LABELS)
    assert {p.name for p in js_words.WIDGETS.glob("*.js")} - set(SCRIPTS.values()) == {
        "board.js", "common.js"}  # the board's words: tests/tutor/test_board_words.py


@pytest.mark.parametrize("widget", sorted(SCRIPTS))
def test_the_script_keeps_no_english(widget: str) -> None:
    script = js_words.script(js_words.WIDGETS / SCRIPTS[widget])
    assert js_words.english(script) == []
    assert js_words.written(script) == []


@pytest.mark.parametrize("widget", sorted(SCRIPTS))
def test_the_script_asks_only_for_words_it_is_sent_with_their_fields(widget: str) -> None:
    script = js_words.script(js_words.WIDGETS / SCRIPTS[widget])
    asked = set(re.findall(ASKING + r'"([\w.-]+)"', script))
    assert asked and asked <= set(LABELS[widget])
    for name in ("L", "t", "say"):
        for args in js_words.calls(script, name):
            args = args[1:] if args[0] == "model" else args
            keys = re.findall(r'^"([\w.-]+)"$', args[0])
            given = js_words.fields(args[1]) if len(args) > 1 else set()
            for lang in ("en", "ja"):
                for key in keys:
                    template = widget_labels(widget, lang)[key]
                    assert set(re.findall(r"\{(\w+)\}", template)) <= given, (lang, key)


@pytest.mark.parametrize("widget", sorted(SCRIPTS))
def test_every_word_is_said_in_japanese(widget: str) -> None:
    japanese = widget_labels(widget, "ja")
    for key, english in LABELS[widget].items():
        filled = re.sub(r"\{\w+\}", "2", japanese[key])
        assert japanese[key] != english or not re.search("[A-Za-z]", filled), key
        assert not mixed(filled), (key, japanese[key])


def test_each_japanese_sentence_fills_the_fields_the_english_one_does() -> None:
    """A widget fills the fields its English sentence names; the Japanese names the same."""
    for table, said in ((LABELS, lambda w: widget_labels(w, "ja")), (WORDS, lambda s: words("ja")[s])):
        for section, english in table.items():
            japanese = said(section)
            for key, text in english.items():
                assert (set(re.findall(r"\{(\w+)\}", japanese[key]))
                        == set(re.findall(r"\{(\w+)\}", text))), (section, key)
