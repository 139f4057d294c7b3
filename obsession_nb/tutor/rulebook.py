"""The rule index as a reference a player can search: entries with their sources in plain words,
related rules, and where each rule is demonstrated (casebook cases, packaged scenarios,
tutorials, tests).

``entry(rule_id)`` gathers everything the rule browser and ``obsession-nb rules`` show (the
search in players' words is :mod:`obsession_nb.tutor.ask`).  A :class:`Demonstration` rebuilds
a position live at the decision where its rule applies (the browser's **Show me**).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from obsession_nb.base.resources import content_dir, package_dir
from obsession_nb.data import content_cache
from obsession_nb.data.rules import Rule, rule, rule_index

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game

# ------------------------------------------------------------------ the sources legend


@dataclass(frozen=True)
class Source:
    """One citation source (``content/sources.yaml``): what it is and how to find a passage."""

    prefix: str
    name: str
    what: str
    find: str
    example: str
    precedence: str
    sections: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"prefix": self.prefix, "name": self.name, "what": self.what, "find": self.find,
                "example": self.example, "precedence": self.precedence}


def _words(text: str) -> str:
    return " ".join(str(text).split())


def _yaml_text(path: Path) -> Any:
    from obsession_nb.base import yamlio  # here: read only when the user's cache has no copy

    return yamlio.load(path.read_text(encoding="utf-8"))


def _yaml(name: str, path: Path) -> Any:
    """A content file's YAML, kept in the user's cache while it is unchanged."""
    return content_cache.plain(name, [path, Path(__file__)], lambda: _yaml_text(path))


@cache
def sources() -> tuple[Source, ...]:
    """The sources legend, in the order a reader meets them."""
    data = _yaml("sources", content_dir() / "sources.yaml")
    return tuple(
        Source(prefix=s["prefix"], name=s["name"], what=_words(s["what"]),
               find=_words(s["find"]), example=s["example"], precedence=_words(s["precedence"]),
               sections=tuple((str(k), v) for k, v in (s.get("sections") or {}).items()))
        for s in data["sources"]
    )


def source(prefix: str) -> Source:
    for s in sources():
        if s.prefix == prefix:
            return s
    raise KeyError(f"no source '{prefix}' in content/sources.yaml")


_UD_PAGE = re.compile(r"UD p\.?\s*(\d+(?:[-–]\d+)?)\s*(.*)")
_SECTION = re.compile(r"(\w+) §\s*(.*)")


def explain(cite: str) -> str:
    """A citation in plain words: which document, and where in it (page and heading)."""
    page = _UD_PAGE.fullmatch(cite.strip())
    if page:
        heading = f", under the heading “{page.group(2)}”" if page.group(2) else ""
        return f"{source('UD').name}, page {page.group(1)}{heading}"
    sec = _SECTION.fullmatch(cite.strip())
    if sec:
        src = source(sec.group(1))
        where = sec.group(2)
        if src.prefix == "Facts":
            titles = dict(src.sections)
            number = where.split()[0] if where else ""
            title = titles.get(number)
            return f"{src.name}, §{where}" + (f" ({title})" if title else "")
        if src.prefix == "Refresher":
            return f"{src.name}, the paragraph beginning “{where}”"
        return f"{src.name}, under “{where}”"
    return cite


# ------------------------------------------------------------------ related rules


_ID = re.compile(r"\b[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+\b")


@cache
def _mentions() -> dict[str, tuple[str, ...]]:
    """Rule ids each rule's text mentions."""
    ids = rule_index()
    return {r.id: tuple(m for m in dict.fromkeys(_ID.findall(f"{r.summary} {r.reading or ''}"))
                        if m in ids and m != r.id)
            for r in ids.values()}


def related(rule_id: str, limit: int = 10) -> list[str]:
    """Rules this one names, rules that name it, then its siblings (same id prefix)."""
    rule(rule_id)
    out = list(_mentions()[rule_id])
    out += [other for other, named in _mentions().items() if rule_id in named]
    parent = rule_id.rsplit(".", 1)[0]
    out += [other for other in rule_index()
            if other != rule_id and (other.startswith(rule_id + ".")
                                     or ("." in parent and other.rsplit(".", 1)[0] == parent))]
    return [r for r in dict.fromkeys(out) if r != rule_id][:limit]


# ------------------------------------------------------------------ demonstrations


@dataclass(frozen=True)
class Demonstration:
    """A position where a rule applies: a casebook case, or a packaged scenario's recorded
    actions up to the action whose rulings cite the rule."""

    kind: str  # "case", "scenario" or "game" (a seeded random game)
    name: str  # the case id, the scenario name, or "PLAYERS-SEED" of the random game
    title: str
    action: str  # the action at that decision
    before: int = 0  # scenario or game: how many actions come first

    def game(self) -> Game:
        """The position at the decision (the action not yet played), rebuilt live."""
        if self.kind == "case":
            from obsession_nb.tutor.casebook import case

            return case(self.name).game()
        if self.kind == "game":
            players, seed = (int(x) for x in self.name.split("-"))
            game, player = _random_game(players, seed)
            for _ in range(self.before):
                game.apply(player.next_action(game))
            return game
        from obsession_nb.engine.game import load_position

        game = load_position(self.name)
        game.play(list(game.recorded[: self.before]))
        return game

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "title": self.title,
                "action": self.action, "before": self.before}


@cache
def _scenario_rules() -> dict[str, tuple[tuple[str, int, str, str], ...]]:
    """Rule id -> (scenario, action index, action, title) for each packaged scenario's recorded
    actions, computed by playing them (once per version of the package: the user's cache keeps
    what was found, obsession_nb/data/content_cache.py)."""
    found = content_cache.for_package("scenario-rules", _play_scenarios)
    return {k: tuple(tuple(h) for h in v) for k, v in found.items()}


def _play_scenarios() -> dict[str, list[list[Any]]]:
    from obsession_nb.engine.game import load_position

    found: dict[str, list[list[Any]]] = {}
    for path in sorted((content_dir() / "scenarios").glob("*.yaml")):
        game = load_position(path.stem)
        title = str(_yaml_text(path).get("title") or path.stem)
        for i, action in enumerate(list(game.recorded)):
            for entry in game.apply(action):
                for r in entry.rulings:
                    hits = found.setdefault(r["rule"], [])
                    if not any(h[0] == path.stem for h in hits):
                        hits.append([path.stem, i, action, title])
    return found


RANDOM_GAMES = ((3, 1), (2, 2))
"""(players, seed) of the seeded random games searched for demonstrations (with the expansion)."""


def _random_game(players: int, seed: int) -> tuple[Game, Any]:
    from obsession_nb.engine.game import new_game
    from obsession_nb.players.random_player import RandomPlayer

    return new_game(players, seed=seed), RandomPlayer(seed)


@cache
def _game_rules() -> dict[str, tuple[tuple[str, int, str], ...]]:
    """Rule id -> (game name, action index, action) of its first ruling in each random game
    (played once per version of the package, as :func:`_scenario_rules`)."""
    found = content_cache.for_package("game-rules", _play_games)
    return {k: tuple(tuple(h) for h in v) for k, v in found.items()}


def _play_games() -> dict[str, list[list[Any]]]:
    found: dict[str, list[list[Any]]] = {}
    for players, seed in RANDOM_GAMES:
        game, player = _random_game(players, seed)
        name = f"{players}-{seed}"
        n = 0
        while not game.state.finished:
            action = player.choose(game)
            if action is None:
                break
            for entry in game.apply(action):
                for r in entry.rulings:
                    hits = found.setdefault(r["rule"], [])
                    if not any(h[0] == name for h in hits):
                        hits.append([name, n, action.notation])
            n += 1
    return found


def demonstrations(rule_id: str) -> list[Demonstration]:
    """Casebook cases that name the rule, packaged scenarios whose play rules with it, then
    seeded random games (only when neither of the others demonstrates it)."""
    from obsession_nb.tutor.casebook import cases

    out = [Demonstration("case", c.id, c.question, c.ask)
           for c in cases() if rule_id in c.expect_rules]
    out += [Demonstration("scenario", name, title, action, before=i)
            for name, i, action, title in _scenario_rules().get(rule_id, ())]
    if not out:
        for name, i, action in _game_rules().get(rule_id, ()):
            players, seed = name.split("-")
            out.append(Demonstration("game", name, f"a random {players}-player game (seed "
                                     f"{seed}), decision {i + 1}", action, before=i))
    return out


def _checkout(folder: str) -> Path | None:
    """``folder`` of the source checkout (tests/, notebooks/), or None when installed."""
    root = package_dir().parent
    path = root / folder
    return path if (root / "pyproject.toml").is_file() and path.is_dir() else None


@cache
def _notebook_texts() -> dict[str, str]:
    import json

    root = _checkout("notebooks")
    if root is None:
        return {}
    texts = {}
    for nb in sorted(root.glob("[0-9][0-9]-*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8")).get("cells", [])
        texts[nb.name] = "\n".join("".join(c.get("source", "")) for c in cells)
    return texts


def tutorials(rule_id: str) -> list[str]:
    """Tutorial notebooks that name the rule or open one of its demonstrations (source
    checkout only: an installed package has no notebooks)."""
    names = {rule_id, *(d.name for d in demonstrations(rule_id) if d.kind != "game")}
    return [nb for nb, text in _notebook_texts().items()
            if any(re.search(rf"['\"\s(]{re.escape(n)}['\"\s)]", text) for n in names)]


# a test function with its decorators (continuation lines of a decorator are indented or close it)
_TEST = re.compile(r"^(?:@.*\n(?:[ \t)\]].*\n)*)*def (test_\w+)", re.M)
_MARK = re.compile(r"^@pytest\.mark\.rule\(([^)]*)\)", re.M)


@cache
def _tests() -> tuple[tuple[str, str, frozenset[str]], ...]:
    """Each test function of the checkout's tests/: its node id, its text (decorators
    included) and the rule ids its ``@pytest.mark.rule(...)`` names."""
    root = _checkout("tests")
    if root is None:
        return ()
    found = []
    for path in sorted(root.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root.parent).as_posix()
        matches = list(_TEST.finditer(text))
        for m, end in zip(matches, [n.start() for n in matches[1:]] + [len(text)], strict=True):
            marked = frozenset(re.findall(r"[\"']([^\"']+)[\"']",
                                          " ".join(_MARK.findall(text, m.start(), m.start(1)))))
            found.append((f"{where}::{m.group(1)}", text[m.start():end], marked))
    return tuple(found)


def tests(rule_id: str) -> list[str]:
    """Tests that check the rule: those marked for it (``@pytest.mark.rule``) first, then those
    named after it or asserting its id (source checkout only), and the casebook's test of each
    case that demonstrates it."""
    from obsession_nb.tutor.casebook import cases

    prefix = "test_" + re.sub(r"[.\-]", "_", rule_id)
    quoted = (f'"{rule_id}"', f"'{rule_id}'")
    out = [name for name, _, marked in _tests() if rule_id in marked]
    out += [name for name, body, marked in _tests() if rule_id not in marked
            and (name.split("::")[1].startswith(prefix) or any(q in body for q in quoted))]
    if _checkout("tests") is not None:
        out += [f"tests/tutor/test_casebook.py::test_casebook_case[{c.id}]"
                for c in cases() if rule_id in c.expect_rules]
    return out


# ------------------------------------------------------------------ entries


@dataclass(frozen=True)
class Entry:
    """Everything the rule browser shows about one rule."""

    rule: Rule
    chosen: str | None
    rejected: str | None
    where: tuple[tuple[str, str], ...]
    related: tuple[Rule, ...]
    demonstrations: tuple[Demonstration, ...]
    tutorials: tuple[str, ...]
    tests: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        r = self.rule
        return {
            "id": r.id, "title": r.title, "kind": r.kind, "summary": r.summary,
            "chosen": self.chosen, "rejected": self.rejected,
            "choices": [{"name": k, "where": v} for k, v in r.choices],
            "where": [{"cite": c, "plain": p} for c, p in self.where],
            "related": [{"id": x.id, "title": x.title} for x in self.related],
            "demonstrations": [d.to_json() for d in self.demonstrations],
            "tutorials": list(self.tutorials), "tests": list(self.tests),
        }

    def text(self, *, tests: bool = False) -> str:
        """The entry as plain text (``obsession-nb rules ID``); the tests that rule with it
        only if asked (``--tests``: they are for developers, not players)."""
        r = self.rule
        lines = [f"{r.id} [{r.kind}] {r.title}", f"  {r.summary}"]
        if self.chosen:
            lines.append(f"  Our reading: {self.chosen}")
        if self.rejected:
            lines.append(f"  Rejected: {self.rejected}")
        lines += [f"  choice {k}: {v}" for k, v in r.choices]
        lines.append("  Where to read it:")
        lines += [f"    {c} — {p}" for c, p in self.where]
        if self.related:
            lines.append("  Related: " + ", ".join(x.id for x in self.related))
        for d in self.demonstrations:
            at = f" (action {d.before + 1})" if d.kind != "case" else ""
            lines.append(f"  Show me: {d.kind} {d.name}{at}: {d.action}")
        lines += [f"  Tutorial: {t}" for t in self.tutorials]
        if tests:
            lines += [f"  Test: {t}" for t in self.tests]
        return "\n".join(lines)


def _split_reading(reading: str | None) -> tuple[str | None, str | None]:
    if not reading:
        return None, None
    text = _words(reading)
    head, sep, tail = text.partition("Rejected:")
    return (head.strip() or None), (tail.strip() if sep else None)


def where_to_read(r: Rule) -> tuple[tuple[str, str], ...]:
    """Where to read the rule: each citation with its plain-words explanation."""
    return tuple((c, explain(c)) for c in r.cite)


def reading(r: Rule) -> tuple[str | None, str | None]:
    """A ruling's or an option's reading: the one chosen and the ones rejected."""
    return _split_reading(r.reading)


def entry(rule_id: str) -> Entry:
    """The browser entry of ``rule_id`` (``KeyError`` if the index lacks it)."""
    r = rule(rule_id)
    chosen, rejected = reading(r)
    return Entry(
        rule=r, chosen=chosen, rejected=rejected,
        where=where_to_read(r),
        related=tuple(rule(x) for x in related(rule_id)),
        demonstrations=tuple(demonstrations(rule_id)),
        tutorials=tuple(tutorials(rule_id)),
        tests=tuple(tests(rule_id)),
    )
