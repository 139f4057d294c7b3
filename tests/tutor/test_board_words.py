"""The board's words come from Python (issue 48: one source for labels): every id the JSON view
can carry for a tile's category, a round's event, a card's deck or back, a favour, the decision waiting
or a place that is no tile has its word in ``WORDS``, the words have their Japanese (the
glossary's labels, ``content/i18n/ja/widgets.yaml``), and ``widgets/board.js`` keeps no English
table of its own: it asks only for sections it receives."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from obsession_nb.base.i18n import glossary, mixed
from obsession_nb.data.catalog import load_catalog
from obsession_nb.data.catalog_cards import EventKind
from obsession_nb.data.catalog_records import CATEGORIES, Deck, FavourKind, GuestKind
from obsession_nb.data.translations import term_text, widget_words
from obsession_nb.engine.records.naming import BACKS
from obsession_nb.engine.records.state import Choice
from obsession_nb.tutor.views import Board
from obsession_nb.tutor.views.board import WORDS, words

BOARD_JS = Path(__file__).resolve().parents[2] / "widgets" / "board.js"


def test_every_id_of_the_view_has_its_word() -> None:
    assert set(WORDS["category"]) == {*CATEGORIES, "monument"}
    assert set(WORDS["event"]) == set(typing.get_args(EventKind))
    assert set(WORDS["deck"]) == set(typing.get_args(Deck))
    assert set(WORDS["back"]) == set(BACKS)
    assert set(WORDS["event_twice"]) <= set(WORDS["event"])
    assert set(WORDS["favour"]) == {*typing.get_args(FavourKind), "pay", "reputation_lost",
                                    "invite_blind"}
    assert set(WORDS["guest"]) == set(WORDS["guests"]) == set(typing.get_args(GuestKind))


def test_the_board_widget_carries_the_words() -> None:
    assert Board().words == WORDS


def test_the_words_the_japanese_summary_names_are_in_the_glossary() -> None:
    ja = glossary("ja")
    assert [w for w in WORDS["category"].values() if w not in ja] == []
    assert {"Village Fair", "Objective draw", "Builders' Holiday", "National Holiday"} <= set(ja)


def test_board_js_keeps_no_table_of_these_words() -> None:
    script = BOARD_JS.read_text(encoding="utf-8")
    assert not re.search(r"const \w+_LABEL\b", script)
    for section, table in WORDS.items():
        for key, text in table.items():
            assert not re.search(rf'\b{key}\s*:\s*"{re.escape(text)}"', script), (section, key)


def test_every_decision_and_place_the_engine_makes_has_its_word() -> None:
    kinds = typing.get_args(typing.get_type_hints(Choice)["kind"])
    assert set(WORDS["decision"]) == set(kinds)
    engine = Path(__file__).resolve().parents[2] / "obsession_nb" / "engine"
    targets = {t for f in engine.rglob("*.py")
               for t in re.findall(r'Placement\([^)]*target="([\w-]+)"', f.read_text("utf-8"))}
    tiles = {t for t in targets if t == "tile" or t in load_catalog().tiles}
    assert targets - tiles and targets - tiles <= set(WORDS["place"])
    assert {"study", "market"} <= set(WORDS["place"])  # the useful man's (engine/turn/opening.py)


def test_board_js_asks_only_for_words_it_receives() -> None:
    script = BOARD_JS.read_text(encoding="utf-8")
    asked = set(re.findall(r'word\(view, "(\w+)"', script))
    assert {"decision", "place", "favour", "category", "event", "deck", "back"} <= asked <= set(WORDS)
    for section, marker in (("decision", "choice"), ("favour", "amount")):
        found = re.search(rf"const values = \{{([^}}]*\b{marker}\b[^}}]*)\}}", script)
        assert found, section
        filled = set(re.findall(r"(\w+)(?=:|,|\s*$)", found[1]))
        for lang in ("en", "ja"):
            for kind, template in words(lang)[section].items():
                assert set(re.findall(r"\{(\w+)\}", template)) <= filled, (lang, kind)


def test_the_decisions_have_japanese_with_the_glossarys_terms() -> None:
    english, japanese = words("en"), words("ja")
    assert english == WORDS
    assert set(widget_words("ja")) <= set(WORDS)
    for kind in WORDS["decision"]:
        assert japanese["decision"][kind] != WORDS["decision"][kind], kind
        assert not mixed(re.sub(r"\{\w+\}", "2", japanese["decision"][kind])), kind
    assert term_text("dismiss", "ja").term in japanese["decision"]["dismiss"]  # type: ignore[union-attr]
    assert Board(lang="ja").words == japanese


def test_board_js_keeps_no_guest_placement_or_fixed_label_words() -> None:
    """The guests a tile asks for, the notes beside a placed servant and the board's fixed
    labels (titles, empty notes, markers) come from Python: no string in board.js is one of
    them (the ids it passes to ``word`` aside)."""
    script = re.sub(r"//[^\n]*|word\(view, [^)]*\)", "", BOARD_JS.read_text(encoding="utf-8"))
    pieces = {piece.strip() for literal in re.findall(r'"([^"\n]*)"|`([^`]*)`', script)
              for text in literal for piece in re.split(r"\$\{[^}]*\}", text)}
    texts = {part.strip() for section in ("guest", "guests", "join", "placed", "label")
             for text in WORDS[section].values() for part in re.split(r"\{\w+\}", text)}
    ids = {key for table in WORDS.values() for key in table}  # "family": a deck's id too
    found = (texts - {""} - ids) & pieces
    assert found == set()


def test_every_japanese_word_has_an_english_id() -> None:
    """A section or id the Japanese file has and WORDS has not would never be drawn (a bare
    ``on`` key is YAML for ``true``)."""
    for section, table in widget_words("ja").items():
        assert set(table) <= set(WORDS[section]) or section == "field", section


def test_guests_and_placements_have_japanese_words() -> None:
    japanese = words("ja")
    for section in ("place", "guest", "guests", "join", "placed"):
        for key, english in WORDS[section].items():
            said = japanese[section][key]
            assert said != english, (section, key)
            filled = said.format(count="2", servant="ホールボーイ", place="家族用書斎")
            assert not mixed(filled), (section, key, filled)
