"""The rulings casebook (``content/casebook.yaml``): questions players ask, each a small position
and the action asked about, answered live by the engine.

``cases()`` lists them; ``case(id).ruling()`` asks the engine and returns a :class:`CaseRuling`
(the verdict, and for a legal action the rulings of playing it).  The file never stores a verdict:
``expect`` is only what the case's answer sentence claims, and :meth:`CaseRuling.agrees` says
whether the engine bears it out.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from obsession_nb.base.resources import content_dir
from obsession_nb.data.rules import Ruling

if TYPE_CHECKING:  # the engine loads when a case is asked, not when the casebook is searched
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.verdict import Verdict

_ZONES = ("available", "quarters", "expended")


@dataclass(frozen=True)
class Case:
    """One question of the casebook."""

    id: str
    topic: str
    question: str
    position: dict[str, Any]
    play: tuple[str, ...]
    ask: str
    expect_legal: bool
    expect_rules: tuple[str, ...]
    answer: str

    def game(self) -> Game:
        """The case's position at the decision asked about (its ``play`` actions applied)."""
        game = _position(self.position)
        game.play(list(self.play))
        return game

    def ruling(self) -> CaseRuling:
        """Ask the engine: the verdict on ``ask``, and if it is legal, what playing it rules."""
        game = self.game()
        position = _describe(game)
        verdict = game.check(self.ask)
        applied: list[Ruling] = []
        if verdict.legal:
            for entry in game.apply(self.ask):
                applied += [Ruling(r["rule"], r["verdict"]) for r in entry.rulings]
        return CaseRuling(self, verdict, tuple(applied), position)


@dataclass(frozen=True)
class CaseRuling:
    """The engine's answer to a case, computed live."""

    case: Case
    verdict: Verdict
    applied: tuple[Ruling, ...] = field(default=())
    position: str = ""
    """The position in a few words (whose decision, their level, money, servants, guests)."""

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The verdict's rulings, then (for a legal action) the new ones of playing it."""
        return tuple(dict.fromkeys((*self.verdict.rulings, *self.applied)))

    @property
    def cited_first(self) -> tuple[Ruling, ...]:
        """:attr:`rulings` with those of the rules the case cites first: the engine's answer
        to the question asked (issue 45: a case shows the rule it tests, not only that the
        action was legal)."""
        cited = set(self.case.expect_rules)
        return tuple(sorted(self.rulings, key=lambda r: r.rule not in cited))

    @property
    def rule_ids(self) -> list[str]:
        return list(dict.fromkeys(r.rule for r in self.rulings))

    def agrees(self) -> bool:
        """Does the engine bear out the answer sentence (legality and the rules it names)?"""
        return (self.verdict.legal == self.case.expect_legal
                and set(self.case.expect_rules) <= set(self.rule_ids))

    def text(self) -> str:
        """The case as a player reads it: question, action, verdict, rulings, answer."""
        lines = [self.case.question, f"  position: {self.position}",
                 f"  asked: {self.case.ask}",
                 f"  engine: {'LEGAL' if self.verdict.legal else 'ILLEGAL'}"]
        for r in self.rulings:
            lines.append(f"    - {r.verdict}")
            lines.append(f"        [{r.rule}] {r.citation}")
        lines.append(f"  answer: {self.case.answer}")
        return "\n".join(lines)


@dataclass(frozen=True)
class EngineAnswer:
    """What the engine answered a case, in words: legal or not, and its rulings (rule id,
    verdict) with those of the rules the case cites first."""

    legal: bool
    rulings: tuple[tuple[str, str], ...]


def engine_answer(case_id: str) -> EngineAnswer:
    """:meth:`Case.ruling` in words, asked of the engine once per version of the package and
    its content: kept in the user's cache (obsession_nb/data/content_cache.py), so that
    `obsession-nb ask` need not load the engine to print an answer it gave before."""
    from obsession_nb.data import content_cache

    def ask_engine() -> dict[str, Any]:
        result = case(case_id).ruling()
        return {"legal": result.verdict.legal,
                "rulings": [[r.rule, r.verdict] for r in result.cited_first]}

    plain = content_cache.for_package(f"case-{case_id}", ask_engine)
    return EngineAnswer(bool(plain["legal"]), tuple((r, v) for r, v in plain["rulings"]))


@cache
def _data() -> dict[str, Any]:
    """The casebook's YAML, kept in the user's cache while it is unchanged
    (obsession_nb/data/content_cache.py): `obsession-nb ask` need not parse it."""
    from obsession_nb.data import content_cache

    path = content_dir() / "casebook.yaml"

    def parse() -> dict[str, Any]:
        from obsession_nb.base import yamlio

        data: dict[str, Any] = yamlio.load(path.read_text(encoding="utf-8"))
        return data

    return content_cache.plain("casebook", [path, Path(__file__)], parse)


@cache
def cases() -> tuple[Case, ...]:
    """Every case, in the casebook's order."""
    return tuple(
        Case(id=c["id"], topic=c["topic"], question=c["question"], position=c["position"],
             play=tuple(c.get("play") or ()), ask=c["ask"],
             expect_legal=bool(c["expect"]["legal"]),
             expect_rules=tuple(c["expect"].get("rules") or ()),
             answer=" ".join(c["answer"].split()))
        for c in _data()["cases"]
    )


def case(case_id: str) -> Case:
    """The case named ``case_id``; a ``KeyError`` lists the known ones."""
    for c in cases():
        if c.id == case_id:
            return c
    raise KeyError(f"no casebook case '{case_id}'; known: {', '.join(c.id for c in cases())}")


def show(case_id: str) -> None:
    """Print one case with the engine's live verdict (for the casebook notebook)."""
    print(case(case_id).ruling().text())


def _describe(game: Game) -> str:
    state, table = game.state, game.table
    turn = state.turn
    if turn is None:
        return "the game is over"
    me = state.players[turn.player]
    parts = [game.pending()["prompt"],
             f"reputation level {table.level(me)}, £{me.money}",
             "available: " + (", ".join(table.servant_name(k) for k in me.servants.available)
                              or "nobody")]
    if turn.guests:
        parts.append("guests: " + ", ".join(table.card_name(c) for c in turn.guests))
    return "; ".join(parts)


def _position(spec: dict[str, Any]) -> Game:
    """Build a case position: a packaged scenario, or a base table with changes."""
    from obsession_nb.engine.game import load_position, load_scenario_text

    if "scenario" in spec:
        return load_position(spec["scenario"])
    data = copy.deepcopy(_data()["bases"][spec["base"]])
    me = data["players"][0]
    me.update(copy.deepcopy(spec.get("me") or {}))
    data["players"][1].update(copy.deepcopy(spec.get("other") or {}))
    for zone in _ZONES:
        if zone in spec:
            me["servants"][zone] = list(spec[zone])
    if "hand" in spec:
        me["hand"] = list(spec["hand"])
    flipped = set(spec.get("flipped") or ())
    me["organiser"] = [{"tile": t["tile"], "flipped": t["tile"] in flipped}
                       for t in me["organiser"]]
    me["organiser"] += [{"tile": t, "flipped": t in flipped} for t in spec.get("tiles") or ()]
    data["supply"].update(copy.deepcopy(spec.get("supply") or {}))
    data["options"].update(spec.get("options") or {})
    if "round" in spec:
        data["round"] = spec["round"]
    cards = _data().get("cards") or {}
    data["custom_cards"] = [{"id": cid, **cards[cid]} for cid in spec.get("cards") or ()]
    from obsession_nb.base import yamlio

    return load_scenario_text(yamlio.dump(data), play_recorded=False, source="casebook")
