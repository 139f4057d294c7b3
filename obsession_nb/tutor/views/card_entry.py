"""The card-entry widget: your own cards typed into a form that looks like the card, one at a
time, into the card pack in use (obsession_nb/data/pack_entry.py), with progress by deck,
field-level checks, import and export; a board beside it shows the entered cards at once.

``CardEntry(deck="casual")``; from code, ``entry.choose("casual", "standin-casual-17")``,
``entry.set("name", "Lady Agatha")`` (returns the field's problem or ``None``), ``entry.save()``.
"""

from __future__ import annotations

import re
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data import pack, pack_entry, pack_status, pack_store
from obsession_nb.data.catalog import load_catalog, reload_catalog, stated_catalog
from obsession_nb.data.components import provenance
from obsession_nb.data.pack_fields import LABELS, deck_of, range_of, section_of
from obsession_nb.tutor.views.board import Board
from obsession_nb.tutor.views.html import note_html
from obsession_nb.tutor.views.static import StaticPicture
from obsession_nb.tutor.views.words import LABELS as FORM
from obsession_nb.tutor.views.words import words

_PATH = re.compile(r"^cards\[(\d+)\]\.?([a-z_]*)")
EXTRA = ("printing",)
"""Asked of every card after its deck's fields: filled only when the card differs from a value
the rulebooks state."""
PLACES = {"reputation": "top", "kind": "top", "name": "name", "traits": "middle",
          "favours": "middle", "condition": "middle", "measure": "middle", "at_least": "middle",
          "service": "foot", "vp": "foot", "copies": "below", "box": "below", "printing": "below"}
"""Where each field sits on the form shaped like the card: its top row, name, middle, foot, or
below the card."""


class CardEntryView(anywidget.AnyWidget):
    """The form's drawing (``widgets/card_entry.js``)."""

    _esm = widget_module("card_entry.js")
    _css = widget_style("card_entry.css")

    decks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    deck = traitlets.Unicode().tag(sync=True)
    progress = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One row per deck and box: stated / unverified / stand-in / from your box."""
    targets = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The deck's cards: ``{id, name, provenance}``; ``""`` as id is a new card."""
    target = traitlets.Unicode().tag(sync=True)
    fields = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The fields asked, in order: ``{field, range, place}`` (``place``: :data:`PLACES`)."""
    card = traitlets.Dict().tag(sync=True)
    """The values typed so far, as text, by field."""
    problems = traitlets.Dict().tag(sync=True)
    """Field → what is wrong with it; ``_`` for the pack as a whole."""
    message = traitlets.Unicode().tag(sync=True)
    download = traitlets.Dict().tag(sync=True)
    """``{name, text, n}``: the pack in use to save as a file (export)."""
    words = traitlets.Dict().tag(sync=True)
    """The form's words in its language: ``field`` -> each field's label
    (``obsession_nb.data.pack_fields.LABELS``), ``card_entry`` -> its buttons, notes and progress
    line (``obsession_nb/tutor/views/words.py`` LABELS)."""


class CardEntry(StaticPicture, widgets.VBox):
    """Enter cards from your box; the board below shows the first player of ``scenario``'s
    position (before its recorded play), whose hand holds the refresher's stand-in guests;
    ``lang`` the language of the form's labels and of the board (``obsession_nb.base.i18n``)."""

    def __init__(self, deck: str = "casual", *, scenario: str | None = "refresher-round-6",
                 lang: str | None = None) -> None:
        form = {"field": LABELS, "card_entry": FORM["card_entry"]}
        self.view = CardEntryView(decks=pack_entry.decks(), words=words(lang, form))
        self.lang = lang
        self.scenario = scenario
        children: list[widgets.Widget] = [self.view]
        self.board: Board | None = None
        if scenario is not None:
            from obsession_nb.engine.game import load_position

            self.board = Board(load_position(scenario), parts=["pending", "players"], seats=[0],
                               lang=lang)
            children.append(self.board)
        self.view.on_msg(self._message)
        super().__init__(children, layout=widgets.Layout(width="100%", max_width="890px"))
        self.add_class("onb-card-entry-box")
        self._progress()
        self.choose(deck)

    # ------------------------------------------------------------ entering

    @property
    def section(self) -> str:
        section = section_of(self.view.deck)
        assert section is not None
        return section

    def choose(self, deck: str, target: str | None = None) -> None:
        """Enter a card of ``deck``: ``target`` is the catalog card it is (an id; by default
        the deck's next stand-in; ``""`` for a card the catalog lacks)."""
        if deck not in self.view.decks:
            raise ValueError(f"no deck {deck!r}; choose from {', '.join(self.view.decks)}")
        catalog = load_catalog()
        section = section_of(deck)
        assert section is not None
        entries = [e for e in getattr(catalog, section).values() if deck_of(section, e) == deck]
        if target is None:
            left = pack_entry.standins(catalog, deck)
            target = left[0].id if left else ""
        entry = next((e for e in entries if e.id == target), None)
        if target and entry is None:
            raise ValueError(f"no {deck} card {target!r}")
        start = pack_entry.start_values(catalog, section, entry)
        asked = ("name", *pack_entry.ASKED[section], *EXTRA)
        with self.view.hold_sync():
            self.view.deck, self.view.target = deck, target
            self.view.targets = [{"id": e.id, "name": getattr(e, "name", e.id),
                                  "provenance": provenance(e)} for e in entries]
            self.view.fields = [{"field": f, "range": range_of(section, f),
                                 "place": PLACES.get(f, "middle")} for f in asked]
            self.view.card = {"name": "" if entry is None or entry.standin else entry.name,
                              **{f: pack_entry.shown(start.get(f)) for f in asked if f != "name"},
                              "printing": entry.printing or "" if entry is not None else ""}
            self.view.problems, self.view.message = {}, ""

    def set(self, field: str, text: str) -> str | None:
        """Type a field's value; returns what is wrong with it, or ``None``."""
        self.view.card = {**self.view.card, field: text}
        problem = None
        if field == "name" and not text.strip():
            problem = "every card needs its printed name"
        elif field not in ("name", *EXTRA) and text.strip():
            value = pack_entry.typed(self.section, field, text)
            problem = pack_entry.check_field(load_catalog(), self.section, field, value)
        problems = {k: v for k, v in self.view.problems.items() if k not in (field, "_")}
        self.view.problems = problems | ({field: problem} if problem else {})
        return problem

    def _typed_card(self) -> dict[str, Any]:
        card: dict[str, Any] = {"name": self.view.card.get("name", "").strip(),
                                "deck": self.view.deck}
        target = self.view.target
        stated = getattr(stated_catalog(), self.section).get(target) if target else None
        if stated is not None and (stated.standin or stated.name != card["name"]):
            card["replaces"] = target
        for field in pack_entry.ASKED[self.section]:
            card[field] = pack_entry.typed(self.section, field, self.view.card.get(field, ""))
        printing = self.view.card.get("printing", "").strip()
        if printing:
            card["printing"] = printing
        return card

    def save(self) -> bool:
        """Check the card with the whole pack in use and save it; the board shows it at once.
        On a problem nothing is written and each problem shows beside its field."""
        for field in self.view.card:
            if self.set(field, self.view.card[field]):
                self.view.message = "Not saved: see the fields marked."
                return False
        card, index = self._typed_card(), -1
        try:
            candidate = pack_entry.with_card(pack_entry.in_use(), card)
            index = next(i for i, c in enumerate(candidate["cards"])
                         if pack_store.card_key(c) == pack_store.card_key(card))
            pack.overlay(stated_catalog(), candidate, "your card")
        except pack.PackError as exc:
            self.view.problems = self._by_field(exc.problems, index)
            self.view.message = "Not saved: see the fields marked."
            return False
        pack_store.use(candidate)
        name = self.view.card["name"]
        self._changed()
        self.choose(self.view.deck)
        self.view.message = f"Saved {name!r}: {len(candidate['cards'])} cards in your pack."
        return True

    @staticmethod
    def _by_field(problems: list[str], index: int) -> dict[str, str]:
        out: dict[str, str] = {}
        for p in problems:
            found = _PATH.match(p)
            field = found.group(2) if found and int(found.group(1)) == index and found.group(2) \
                else "_"
            out[field] = (out[field] + "; " if field in out else "") + p.split(": ", 1)[-1]
        return out

    # ------------------------------------------------------------ sharing

    def export_text(self) -> str:
        """The pack in use, as ``cards export`` writes it."""
        path = pack_store.in_use()
        return path.read_text(encoding="utf-8") if path else pack_store.dump({"cards": []})

    def import_text(self, text: str, source: str = "imported pack") -> bool:
        """Add a pack's cards to the pack in use; conflicts and problems are listed and
        nothing is written then."""
        try:
            theirs = pack.parse(text, source)
            merged, conflicts = pack_store.merge(pack_entry.in_use(), theirs)
            if conflicts:
                raise pack.PackError([f"differs from the pack in use: {c}" for c in conflicts],
                                     source)
            pack.overlay(stated_catalog(), merged, source)
        except pack.PackError as exc:
            self.view.problems = {"_": "; ".join(exc.problems)}
            n = len(exc.problems)
            self.view.message = (f"Not imported ({n} problem{'' if n == 1 else 's'}): "
                                 "nothing written.")
            return False
        pack_store.use(merged)
        self._changed()
        self.choose(self.view.deck)
        self.view.message = f"Imported {len(theirs['cards'])} cards from {source}."
        return True

    # ------------------------------------------------------------ drawing

    def _progress(self) -> None:
        self.view.progress = pack_status.rows(load_catalog())

    def _changed(self) -> None:
        """The pack in use changed: read the catalog again, redraw the progress and the board."""
        reload_catalog()
        self._progress()
        if self.board is not None and self.scenario is not None:
            from obsession_nb.engine.game import load_position

            self.board.game = load_position(self.scenario)

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        event = content.get("event")
        if event == "deck":
            self.choose(str(content["deck"]))
        elif event == "target":
            self.choose(self.view.deck, str(content["target"]))
        elif event == "field":
            self.set(str(content["field"]), str(content["value"]))
        elif event == "save":
            self.save()
        elif event == "import":
            self.import_text(str(content["text"]), str(content.get("name") or "imported pack"))
        elif event == "export":
            self.view.download = {"name": "my-obsession-cards.yaml", "text": self.export_text(),
                                  "n": self.view.download.get("n", 0) + 1}

    def static_html(self) -> str:
        said = self.view.words["card_entry"]
        return note_html(said["title"], said["note"],
                         self.board.static_html() if self.board is not None else "", self.lang)

    def __repr__(self) -> str:
        return f"<CardEntry {self.view.deck}: {self.view.card.get('name') or 'a new card'}>"
