"""The rule browser: search the rule index, read an entry, and **Show me** a live position where
the rule applies (``obsession_nb.tutor.rulebook``).

``RuleBrowser("hall boy")`` searches the rules, the casebook and the glossary in players' words
(:mod:`obsession_nb.tutor.ask`: typos corrected, with a "did you mean");
``browser.show_rule("ud.hall-boy.butler")`` opens an entry;
``browser.show_me(0)`` opens the entry's first demonstration in a stepper at the decision where
the rule applies.  A rule-id chip clicked in any rulings widget opens its entry in the browser
shown most recently (see :func:`open_rule`).
"""

from __future__ import annotations

import weakref
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.i18n import resolve
from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data.rules import rule_index
from obsession_nb.data.translations import case_text, rule_text
from obsession_nb.tutor import ask, rulebook
from obsession_nb.tutor.understand import label
from obsession_nb.tutor.views.html import block_html
from obsession_nb.tutor.views.rulings import RULE_OPENERS, RulingsLog, verdict_json
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.words import widget_labels

_CURRENT: list[weakref.ReferenceType[RuleBrowser]] = []

class RuleBrowserView(anywidget.AnyWidget):
    """The browser's drawing (``widgets/rule_browser.js``); the search runs in Python."""

    _esm = widget_module("rule_browser.js")
    _css = widget_style("rule_browser.css")

    query = traitlets.Unicode("").tag(sync=True)
    results = traitlets.List(traitlets.Dict()).tag(sync=True)
    did_you_mean = traitlets.Unicode("").tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    """The question answered in one sentence (``ask.answer_sentence``)."""
    entry = traitlets.Dict().tag(sync=True)
    sources = traitlets.List(traitlets.Dict()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)


class RuleBrowser(widgets.VBox):
    """Search the rules, read one, and see it demonstrated live."""

    def __init__(
        self, query: str = "", *, rule: str | None = None, lang: str | None = None
    ) -> None:
        self.lang = resolve(lang)
        self.view = RuleBrowserView(
            sources=[s.to_json() for s in rulebook.sources()],
            labels=widget_labels("browser", self.lang),
        )
        self.demo = widgets.VBox(layout=widgets.Layout(width="100%", max_width="890px"))
        self.demo.add_class("onb-rb-demo-area")
        self.stepper: Stepper | None = None
        self.view.observe(lambda change: self._search(change["new"]), "query")
        self.view.on_msg(self._message)
        super().__init__([self.view, self.demo], layout=widgets.Layout(width="100%", max_width="890px"))
        self.add_class("onb-rule-browser-box")
        self.search(query)
        if rule:
            self.show_rule(rule)
        _CURRENT[:] = [weakref.ref(self)]

    # ------------------------------------------------------------ asking

    def search(self, query: str) -> list[str]:
        """Search as if typed; returns the ids found, best first (the first one is opened)."""
        self.view.query = query
        return self._search(query)

    def _search(self, query: str) -> list[str]:
        lang = self.lang
        if query.strip():
            answer = ask.search(query, lang=self.lang)
            hits, lang = answer.hits, answer.lang
            near = answer.suggestions[:1]
            self.view.did_you_mean = answer.corrected or (near[0] if near else "")
            self.view.answer = ask.answer_sentence(answer)
        else:
            hits = tuple(ask.Hit("rule", r.id, r.title, "", r.id, 0.0)
                         for r in rule_index().values())
            self.view.did_you_mean = ""
            self.view.answer = ""
        kinds = rule_index()
        self.view.results = [{"id": h.rule, "hit": h.kind, "key": h.id, "title": h.title,
                              "passage": h.passage, "kind": kinds[h.rule].kind,
                              "mode": label(h.mode, lang)} for h in hits]
        if hits and query.strip():
            self.show_rule(hits[0].rule)
        return [h.rule for h in hits]

    def show_rule(self, rule_id: str) -> rulebook.Entry:
        """Show the entry of ``rule_id``."""
        entry = rulebook.entry(rule_id)
        self._entry = entry
        # the test ids are for developers, not players
        self.view.entry = _in_language({**entry.to_json(), "tests": []}, self.lang)
        return entry

    def show_me(self, index: int = 0) -> Stepper:
        """Open the open entry's demonstration ``index`` in a stepper at its decision."""
        demo = self._entry.demonstrations[index]
        game = demo.game()
        if demo.kind == "scenario":
            stepper = Stepper(
                game,
                script=list(game.recorded[demo.before :]),
                parts=["pending", "players"],
                seats=_seat(game),
                lang=self.lang,
            )
        elif demo.kind == "game":
            stepper = Stepper(
                game,
                script=[demo.action],
                parts=["pending", "players"],
                seats=_seat(game),
                lang=self.lang,
            )
        else:
            verdict = game.check(demo.action)
            stepper = Stepper(
                game,
                script=[demo.action] if verdict.legal else [],
                parts=["pending", "players"],
                seats=_seat(game),
                lang=self.lang,
            )
        asked = RulingsLog(heading=f"The action asked about: {demo.action}", lang=self.lang)
        asked.verdict = verdict_json(game.check(demo.action), self.lang)
        asked.add_class("onb-demo-verdict")
        head = widgets.HTML(block_html(f"Show me · {self._entry.rule.id} · {demo.title}",
                                       "onb-demo-heading"))
        self.demo.children = (head, asked, stepper)
        self.stepper = stepper
        return stepper

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "open" and content.get("rule"):
            self.show_rule(str(content["rule"]))
        elif content.get("event") == "show":
            self.show_me(int(content.get("index", 0)))

    def __repr__(self) -> str:
        return f"<RuleBrowser {self.view.query!r}: {len(self.view.results)} rules>"


def _seat(game: Any) -> list[int]:
    turn = game.state.turn
    return [turn.player] if turn is not None else []


def open_rule(rule_id: str) -> bool:
    """Open ``rule_id`` in the rule browser shown most recently; False if there is none."""
    browser = _CURRENT[0]() if _CURRENT else None
    if browser is None:
        return False
    browser.show_rule(rule_id)
    return True


RULE_OPENERS.append(open_rule)


def _in_language(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """A rule entry's JSON with its title, summary, reading, related rules' titles and casebook
    questions in ``lang``; the English title and summary kept as ``english`` (shown beneath)."""
    said = rule_text(entry["id"], lang)
    if said is None:
        return entry
    related = []
    for x in entry["related"]:
        other = rule_text(x["id"], lang)
        related.append({**x, "title": other.title if other else x["title"]})
    demos = []
    for d in entry["demonstrations"]:
        case = case_text(d["name"], lang) if d["kind"] == "case" else None
        demos.append({**d, "title": case.question if case else d["title"]})
    chosen, rejected = said.reading_parts()
    return {**entry, "title": said.title, "summary": said.summary, "related": related,
            "demonstrations": demos, "chosen": chosen or entry["chosen"],
            "rejected": rejected or entry["rejected"],
            "english": {"title": entry["title"], "summary": entry["summary"]}}
