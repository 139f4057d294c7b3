"""The board's words come from Python (issue 48: one source for labels): every id the JSON view
can carry for a tile's category, a round's event, a card's deck or back, a favour, the decision waiting
or a place that is no tile has its word in ``WORDS``, every word has its Japanese (the
glossary's labels, ``content/i18n/ja/widgets.yaml``), and ``widgets/board.js`` keeps no English
of its own: it asks only for words it receives and fills templates' fields it passes."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import js_words

from obsession_nb.base.i18n import glossary, mixed
from obsession_nb.base.render import POSITION_WORDS
from obsession_nb.data.catalog import load_catalog
from obsession_nb.data.catalog_cards import EventKind
from obsession_nb.data.catalog_records import CATEGORIES, Deck, FavourKind, GuestKind
from obsession_nb.data.rules import NOTATION_WORDS
from obsession_nb.data.translations import term_text, widget_words
from obsession_nb.engine.records.naming import BACKS
from obsession_nb.engine.records.state import Choice
from obsession_nb.engine.steps.milestones import MEASURES
from obsession_nb.practice.coach_html import WORDS as COACH_WORDS
from obsession_nb.tutor.views import Board, engine_words
from obsession_nb.tutor.views.words import LABELS, PANELS, WORDS, words

REPO = Path(__file__).resolve().parents[2]
BOARD_JS = REPO / "widgets" / "board.js"
STATIC_BOARD = REPO / "obsession_nb" / "tutor" / "views" / "html" / "board.py"
ALL_TABLES = {**WORDS, **LABELS, **engine_words.english(), **PANELS, "coach": COACH_WORDS,
              "position": POSITION_WORDS, **NOTATION_WORDS}
"""Every section of content/i18n/ja/widgets.yaml by the English table it translates: the
board's, the scripted widgets', the engine's prompts and labels, the practice table's, the
coach's, the board as text's and bad notation's."""


def _script() -> str:
    return js_words.script(BOARD_JS)


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


def test_every_field_a_badge_names_and_every_measure_has_its_word() -> None:
    """The catalog fields a "?" badge lists (front and back as one) and what a milestone counts
    (engine/steps/milestones.py) are said in the board's words, not as ids."""
    catalog = load_catalog()
    marked = {re.sub(r"^(front|back)\.", "", field)
              for section in ("tiles", "gentry", "objectives", "milestones", "opponents",
                              "ai_cards", "families")
              for entry in getattr(catalog, section).values()
              for field in entry.unverified}
    assert marked <= set(WORDS["checked"])
    assert set(WORDS["measure"]) == set(MEASURES)


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
               for t in re.findall(r'Placement(?:\.model_construct)?\([^)]*target="([\w-]+)"', f.read_text("utf-8"))}
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
    assert set(widget_words("ja")) <= {*ALL_TABLES, "field"}
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
        assert section == "field" or set(table) <= set(ALL_TABLES[section]), section


def test_guests_and_placements_have_japanese_words() -> None:
    japanese = words("ja")
    for section in ("place", "guest", "guests", "join", "placed"):
        for key, english in WORDS[section].items():
            said = japanese[section][key]
            assert said != english, (section, key)
            filled = said.format(count="2", servant="ホールボーイ", place="家族用書斎")
            assert not mixed(filled), (section, key, filled)


def test_every_word_has_its_japanese() -> None:
    """A Japanese board has no English left: each word of each section is said in Japanese
    (or is a symbol only: "{money}"), with no English word once its fields are filled."""
    japanese = words("ja")
    for section, table in WORDS.items():
        for key, english in table.items():
            said = japanese[section][key]
            filled = re.sub(r"\{\w+\}", "2", said)
            assert said != english or not re.search("[A-Za-z]", filled), (section, key)
            assert not mixed(filled), (section, key, said)


def test_board_js_passes_every_field_of_the_sentences_it_asks_for() -> None:
    """Each ``say(view, key, {fields})`` names a sentence of WORDS ``say`` and passes every
    field its template (English and Japanese) fills; each sentence is said by the board or its
    static picture; each ``word(view, section, key)`` asks for a word that is sent."""
    script = _script()
    said: set[str] = set()
    for _, key, values in js_words.calls(script, "say"):
        keys = re.findall(r'"(\w+)"', key)
        given = js_words.fields(values)
        assert keys and set(keys) <= set(WORDS["say"]), key
        for lang in ("en", "ja"):
            for k in keys:
                assert set(re.findall(r"\{(\w+)\}", words(lang)["say"][k])) <= given, (lang, k)
        said |= set(keys)
    static: set[str] = set()
    for _, key, *values in js_words.calls(STATIC_BOARD.read_text(encoding="utf-8"), "say"):
        keys = re.findall(r"[\"'](\w+)[\"'](?=\s+if\b|$)", key)
        given = {re.sub(r"=.*", "", v, flags=re.S) for v in values}
        assert keys and set(keys) <= set(WORDS["say"]), key
        for lang in ("en", "ja"):
            for k in keys:
                assert set(re.findall(r"\{(\w+)\}", words(lang)["say"][k])) <= given, (lang, k)
        static |= set(keys)
    assert set(WORDS["say"]) == said | static
    for _, section, key in js_words.calls(script, "word"):
        asked = re.findall(r'"([^"]+)"', key)
        for name in re.findall(r'"(\w+)"', section):
            assert set(asked) <= set(WORDS[name]), (section, key)


def test_board_js_keeps_no_english_sentence() -> None:
    """No string in board.js holds English words (two words, or a capitalised one: "House of",
    "Max", "1st · … VP"); the ids, class names and catalog colours it uses are single tokens."""
    assert js_words.english(_script()) == []


def test_board_js_writes_no_literal_word_into_the_page() -> None:
    """A text node, a hover text or an aria label the board writes is never a literal with
    letters ("empty", "money", "season"): the words come from ``word`` or ``say``."""
    assert js_words.written(_script(), "labelRegion") == []
