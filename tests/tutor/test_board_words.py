"""The board's words come from Python (issue 48: one source for labels): every id the JSON view
can carry for a tile's category, a round's event, a card's deck or back has its word in
``WORDS``, every word has its Japanese in the glossary, and ``widgets/board.js`` keeps no
English table of its own."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from obsession_nb.base.i18n import glossary
from obsession_nb.data.catalog_cards import EventKind
from obsession_nb.data.catalog_records import CATEGORIES, Deck
from obsession_nb.engine.records.naming import BACKS
from obsession_nb.tutor.views import Board
from obsession_nb.tutor.views.board import WORDS

BOARD_JS = Path(__file__).resolve().parents[2] / "widgets" / "board.js"


def test_every_id_of_the_view_has_its_word() -> None:
    assert set(WORDS["category"]) == {*CATEGORIES, "monument"}
    assert set(WORDS["event"]) == set(typing.get_args(EventKind))
    assert set(WORDS["deck"]) == set(typing.get_args(Deck))
    assert set(WORDS["back"]) == set(BACKS)
    assert set(WORDS["event_twice"]) <= set(WORDS["event"])


def test_the_board_widget_carries_the_words() -> None:
    assert Board().words == WORDS


def test_the_words_the_japanese_summary_names_are_in_the_glossary() -> None:
    ja = glossary("ja")
    assert [w for w in WORDS["category"].values() if w not in ja] == []
    assert {"Village Fair", "Objective draw", "Builders' Holiday", "National Holiday"} <= set(ja)


def test_board_js_keeps_no_table_of_these_words() -> None:
    script = BOARD_JS.read_text(encoding="utf-8")
    assert not re.search(r"const \w+_LABEL\b", script)
    for section, words in WORDS.items():
        for key, text in words.items():
            assert not re.search(rf'\b{key}\s*:\s*"{re.escape(text)}"', script), (section, key)
