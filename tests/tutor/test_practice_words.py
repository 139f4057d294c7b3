"""The practice table's words in its language (issue 48: one source for labels): its buttons,
status lines and notes (``PANELS`` practice in ``obsession_nb/tutor/views/words.py``) and the
words around the coach's advice (``practice/coach_html.py`` ``WORDS``) have their Japanese in
``content/i18n/ja/widgets.yaml`` with the same fields; ``PracticeTable(lang="ja")`` shows them,
and its stepper, in Japanese, while English stays as it was."""

from __future__ import annotations

import re

import pytest

from obsession_nb.base.i18n import mixed
from obsession_nb.practice.coach_html import WORDS as COACH_WORDS
from obsession_nb.practice.plans import LEVELS
from obsession_nb.tutor.views.html import coach_words
from obsession_nb.tutor.views.practice import PracticeTable
from obsession_nb.tutor.views.words import PANELS, panel_words

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TABLES = {"practice": (PANELS["practice"], lambda: panel_words("practice", "ja")),
          "coach": (COACH_WORDS, lambda: coach_words("ja"))}


@pytest.mark.parametrize("panel", sorted(TABLES))
def test_every_word_has_its_japanese_with_the_same_fields(panel: str) -> None:
    english, japanese = TABLES[panel][0], TABLES[panel][1]()
    assert set(japanese) == set(english)
    for key, text in english.items():
        said = re.sub(r"\{\w+\}", "2", japanese[key]).replace("ruling.seat-undo", "")  # an id
        assert japanese[key] != text and not mixed(said), (panel, key)
        assert not re.search(r"[a-z]{3,}", said), (panel, key)
        assert set(re.findall(r"\{(\w+)\}", japanese[key])) == set(
            re.findall(r"\{(\w+)\}", text)), (panel, key)


def test_every_level_has_its_word() -> None:
    assert {k.removeprefix("level_") for k in PANELS["practice"] if k.startswith("level_")} == (
        set(LEVELS))


def _table(lang: str | None) -> PracticeTable:
    return PracticeTable(players=2, seat=1, opponents="random", seed=3, delay=0, lang=lang)


def test_the_table_in_japanese() -> None:
    table = _table("ja")
    words = panel_words("practice", "ja")
    assert [b.description for b in (table.hint_button, table.undo_button, table.save_button,
                                     table.load_button)] == [words[k] for k in (
                                         "hint", "undo", "save", "load")]
    assert table.level.description == words["level"] and table.save_path.description == words["file"]
    assert table.level.label == words["level_normal"] and table.level.value == "normal"
    status = re.sub(r"Player \d|<[^>]+>", "", table.status.value)  # a name, the tags
    assert status.startswith(words["your_move"].split("{")[0])
    assert JAPANESE.search(status) and not re.search(r"[a-z]{3,}", status), status
    assert words["coach"] in table.coach.value and words["first_turn"] in table.coach.value
    assert table.stepper.lang == "ja" and table.stepper.rulings.heading == words["log"]
    table.undo()
    assert words["nothing_to_undo"] in table.status.value
    table.show_hint()
    for key in ("hint", "why", "now", "line"):
        assert coach_words("ja")[key] in table.hint_box.value, key


def test_the_table_in_english_says_what_it_said() -> None:
    table = _table("en")
    assert table.hint_button.description == "Hint" and table.undo_button.description == (
        "Undo my turn")
    assert table.level.label == table.level.value == "normal"
    assert "Your move: Player 1 (p1): setup" in table.status.value
    assert "<b>Coach</b>: your first turn's review will appear here." in table.coach.value
    table.show_hint()
    assert "<b>Hint:</b>" in table.hint_box.value and "plans compared" in table.hint_box.value
