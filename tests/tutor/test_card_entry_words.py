"""The card-entry form's labels come from Python (issue 48: one source for labels): every field
the form can ask has its label (``pack_fields.LABELS``) and its place on the card, the widget
receives them in its language, and ``widgets/card_entry.js`` keeps no table of its own."""

from __future__ import annotations

import re
from pathlib import Path

from obsession_nb.base.i18n import glossary
from obsession_nb.data import pack_entry
from obsession_nb.data.pack_fields import LABELS
from obsession_nb.tutor.views.card_entry import EXTRA, PLACES, CardEntry
from obsession_nb.tutor.views.words import LABELS as FORM

CARD_ENTRY_JS = Path(__file__).resolve().parents[2] / "widgets" / "card_entry.js"


def test_every_field_asked_has_its_label_and_place() -> None:
    asked = {"name", *EXTRA, *(f for fields in pack_entry.ASKED.values() for f in fields)}
    assert set(LABELS) == asked
    assert set(PLACES) == asked
    assert set(PLACES.values()) == {"top", "name", "middle", "foot", "below"}


def test_the_form_receives_each_fields_label_and_place() -> None:
    entry = CardEntry(deck="milestone", scenario=None)
    assert entry.view.words == {"field": LABELS, "card_entry": FORM["card_entry"]}
    assert [f["place"] for f in entry.view.fields] == [PLACES[f["field"]]
                                                        for f in entry.view.fields]
    japanese = CardEntry(deck="casual", scenario=None, lang="ja").view.words["field"]
    assert japanese["reputation"] == glossary("ja")["Reputation"]
    assert japanese["traits"] == "Traits"  # not in the Japanese summary: English


def test_card_entry_js_keeps_no_table_of_labels_or_places() -> None:
    script = CARD_ENTRY_JS.read_text(encoding="utf-8")
    for field, text in LABELS.items():
        assert not re.search(rf'\b{field}\s*:\s*"{re.escape(text)}"', script), field
    for field, place in PLACES.items():
        assert not re.search(rf'\b{field}\s*:\s*"{place}"', script), field
    assert set(re.findall(r'(?<![/\w])words\.(\w+)', script)) <= set(CardEntry(scenario=None).view.words)
    assert re.search(r"f\.place\b", script)
