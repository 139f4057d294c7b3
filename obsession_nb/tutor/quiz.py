"""Quiz questions for teaching a group, made from real positions and answered by the engine.

``questions(count, seed=..., topics=...)`` samples positions from the packaged scenarios and from
seeded random games, and asks one of three kinds of question about each:

* ``legal``   — "Is this action legal now?" (``Game.check``);
* ``servant`` — "Which servant can fill this icon?" (one choice the engine accepts, the others
  it refuses);
* ``earn``    — "How much money does this activity bring?" (the action that completes service is
  played on the position and the money counted).

Every answer comes from the engine; nothing is written by hand.  The same seed gives the same
questions.  Each question keeps its position as scenario YAML, so it can be rebuilt and checked.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from obsession_nb.base.resources import content_dir
from obsession_nb.data.catalog import on_reload
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.game import Game, load_position, load_scenario_text
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.naming import describe

if TYPE_CHECKING:
    from collections.abc import Iterable

    from obsession_nb.data.catalog_records import GentryCard
    from obsession_nb.engine.records.state import State

KINDS = ("legal", "servant", "earn")
TOPICS = ("new servants", "passing", "market", "courtship", "solo", "guests", "service", "turn")
# Topics by rule-id pattern (regular expressions on the ids of a question's rulings).
_TOPIC_PATTERNS = tuple(
    (topic, re.compile(pattern))
    for topic, pattern in (
        (
            "new servants",
            r"^(ud|ruling)\.(cook|hall-boy|head-housemaid|useful-man|supplemental|"
            r"standin)",
        ),
        ("passing", r"^(pass\.|ud\.pass|turn\.host-or-pass|ruling\.pass)"),
        ("market", r"^(market\.|special\.market-refresh|ruling\.reserve|event\.builders)"),
        ("courtship", r"^(courtship|season)\."),
        ("solo", r"^(solo\.|ruling\.sec)"),
        ("guests", r"^(invite|favours)\."),
        ("service", r"^(service\.|host\.servant)"),
    )
)
# Rulings worth showing with the money an activity brings.
_MONEY_RULES = re.compile(r"^(favours\.|ud\.hall-boy|ud\.tile|tile\.|event\.)")
_SPECIAL = (a.Borrow, a.Help, a.RefreshMarket, a.UsefulManRefresh, a.UsefulManSearch)


@dataclass(frozen=True)
class Question:
    """One multiple-choice question; ``answer`` indexes ``choices``."""

    kind: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    rulings: tuple[Ruling, ...]
    topics: tuple[str, ...]
    position: str
    """The position as scenario YAML (rebuild with :meth:`game`)."""
    source: str
    action: str | None = None
    notations: tuple[str, ...] = field(default=())
    """For ``servant`` questions: the action behind each choice."""

    def game(self) -> Game:
        return load_scenario_text(self.position, play_recorded=False, source=self.source)

    def explanation(self) -> str:
        """The ruling behind the answer, with rule ids and citations."""
        lines = [f"Answer: {self.choices[self.answer]}"]
        lines += [f"  - {r.verdict} [{r.rule}: {r.citation}]" for r in self.rulings]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": list(self.choices),
            "topics": list(self.topics),
            "source": self.source,
            "action": self.action,
        }


def topics_of(rule_ids: Iterable[str]) -> tuple[str, ...]:
    """The quiz topics of a set of rulings (``turn`` when no other fits)."""
    ids = list(rule_ids)
    found = [t for t, pattern in _TOPIC_PATTERNS if any(pattern.match(i) for i in ids)]
    return tuple(found or ["turn"])


# ------------------------------------------------------------------ positions


Position = tuple[str, "State", tuple["GentryCard", ...]]
"""(where it comes from, the state at a decision, the scenario's own cards)."""


def _at(game: Game, label: str) -> Position:
    return (label, game.state.clone(), tuple(game.table.custom.values()))


@on_reload
@cache
def _scenario_positions() -> tuple[Position, ...]:
    """Every decision of every packaged scenario's recorded play, each named by the scenario's
    title (the words a player reads, not its file's id)."""
    out = []
    for path in sorted((content_dir() / "scenarios").glob("*.yaml")):
        game = load_position(path.stem)
        title = game.state.title or path.stem
        out.append(_at(game, title))
        for i, action in enumerate(list(game.recorded)):
            game.apply(action)
            if game.state.turn is not None:
                out.append(_at(game, f"{title}, after {i + 1} of its actions"))
    return tuple(out)


def _random_positions(seed: int, actions: int = 150, every: int = 3) -> list[Position]:
    """Positions along two seeded random games: a 2–4 player game with the expansion, and a
    Solo Estate Challenge."""
    from obsession_nb.engine.game import new_game
    from obsession_nb.modes.solo.game import new_solo_game
    from obsession_nb.players.random_player import RandomPlayer

    players = 2 + seed % 3
    games = [
        (f"random game (seed {seed}, {players} players)", new_game(players, seed=seed)),
        (f"random solo game (seed {seed})", new_solo_game(seed)),
    ]
    out = []
    for label, game in games:
        player = RandomPlayer(seed)
        for n in range(actions):
            if game.state.finished:
                break
            if n % every == 0:
                out.append(_at(game, f"{label}, action {n}"))
            choice = player.choose(game)
            if choice is None:
                break
            game.apply(choice)
    return out


# ------------------------------------------------------------------ question makers


def _legal_question(game: Game, rng: random.Random, source: str) -> Question | None:
    legal = {x.notation for x in game.legal_actions() if not isinstance(x, _SPECIAL)}
    others = [
        x.notation
        for x in game.candidates()
        if x.notation not in legal and not isinstance(x, _SPECIAL)
    ]
    pool = sorted(others) if others and rng.random() < 0.5 else sorted(legal)
    if not pool:
        return None
    action = rng.choice(pool)
    verdict = game.check(action)
    if not verdict.rulings:
        return None
    prompt = f"{game.pending()['prompt']}. Is “{describe(game, action)}” legal now?"
    return Question(
        "legal",
        prompt,
        ("Legal", "Not legal"),
        0 if verdict.legal else 1,
        verdict.rulings,
        topics_of(r.rule for r in verdict.rulings),
        game.to_scenario(),
        source,
        action=action,
    )


def _servant_question(game: Game, rng: random.Random, source: str) -> Question | None:
    from obsession_nb.engine.positions.facts import open_slots

    if game.state.turn is None or game.state.turn.step != "service":
        return None
    by_slot: dict[str, list[a.Serve]] = {}
    for x in game.candidates():
        if isinstance(x, a.Serve):
            by_slot.setdefault(x.slot, []).append(x)
    kinds = {s.id: s for s in open_slots(game.table)}
    usable = []
    for slot, serves in sorted(by_slot.items()):
        legal = [s for s in serves if game.check(s).legal]
        illegal = [s for s in serves if s not in legal]
        if legal and illegal and slot in kinds:
            usable.append((slot, legal, illegal))
    if not usable:
        return None
    slot, legal, illegal = rng.choice(usable)
    right = rng.choice(legal)
    wrong = rng.sample(illegal, min(3, len(illegal)))
    options = [right, *wrong]
    rng.shuffle(options)
    table = game.table
    target = kinds[slot].target
    where = "the activity tile" if target == "tile" else table.card_name(target)
    icon = table.servant_name(kinds[slot].kind)
    prompt = (
        f"{game.pending()['prompt']}. Which of these servants can fill the {icon} icon on {where}?"
    )
    verdict = game.check(right)
    return Question(
        "servant",
        prompt,
        tuple(table.servant_name(o.servant) for o in options),
        options.index(right),
        verdict.rulings,
        (
            "service",
            *(
                t
                for t in topics_of(r.rule for r in verdict.rulings)
                if t not in ("service", "turn")
            ),
        ),
        game.to_scenario(),
        source,
        action=right.notation,
        notations=tuple(o.notation for o in options),
    )


def completes_service(game: Game) -> tuple[str, int, tuple[Ruling, ...]] | None:
    """The first legal action that ends step 5 here, with the money the activity then brings
    (money after minus before) and the rulings of playing it; ``None`` if none ends it."""
    turn = game.state.turn
    if turn is None or turn.step != "service":
        return None
    seat = turn.player
    for x in game.legal_actions():
        if isinstance(x, _SPECIAL):
            continue
        point = game.snapshot()
        before = game.state.players[seat].money
        entries = game.apply(x)
        after_step = game.state.turn.step if game.state.turn else None
        gained = game.state.players[seat].money - before
        rulings = tuple(Ruling(r["rule"], r["verdict"]) for e in entries for r in e.rulings)
        game.restore(point)
        if after_step != "service":
            return x.notation, gained, rulings
    return None


def _earn_question(game: Game, rng: random.Random, source: str) -> Question | None:
    found = completes_service(game)
    if found is None:
        return None
    action, gained, rulings = found
    wrong = {gained + d for d in (-300, -200, -100, 100, 200, 300)} - {gained}
    options = [gained, *rng.sample(sorted(wrong), 3)]
    rng.shuffle(options)
    shown = [r for r in rulings if _MONEY_RULES.match(r.rule)] or list(rulings)
    who = game.table.me.name
    prompt = (
        f"{game.pending()['prompt']}. After “{describe(game, action)}” the activity's favours are "
        f"collected. How much does {who}'s money change?"
    )
    return Question(
        "earn",
        prompt,
        tuple(_pounds(o) for o in options),
        options.index(gained),
        tuple(shown),
        topics_of(r.rule for r in rulings),
        game.to_scenario(),
        source,
        action=action,
    )


def _pounds(amount: int) -> str:
    return f"+£{amount}" if amount >= 0 else f"−£{-amount}"


_MAKERS = {"legal": _legal_question, "servant": _servant_question, "earn": _earn_question}


def questions(
    count: int = 20,
    *,
    seed: int = 0,
    topics: Iterable[str] | None = None,
    kinds: Iterable[str] = KINDS,
) -> list[Question]:
    """``count`` questions (fewer if the positions run out), the same for the same arguments.

    ``topics`` keeps only questions touching one of them (see ``TOPICS``).
    """
    wanted = set(topics or ())
    unknown = wanted - set(TOPICS)
    if unknown:
        raise ValueError(f"unknown quiz topics {sorted(unknown)}; choose from {list(TOPICS)}")
    kinds = [k for k in KINDS if k in set(kinds)]
    rng = random.Random(seed)
    out: list[Question] = []
    for round_ in range(20):  # more seeded random games until there are enough questions
        pool = [
            *(_scenario_positions() if round_ == 0 else ()),
            *_random_positions(seed * 1000 + round_),
        ]
        rng.shuffle(pool)
        for source, state, custom in pool:
            if state.turn is None:
                continue
            game = Game.from_state(state.clone(), custom=list(custom))
            order = list(kinds)
            rng.shuffle(order)
            for kind in order:
                q = _MAKERS[kind](game, rng, source)
                if q is not None and (not wanted or wanted & set(q.topics)):
                    out.append(q)
            if len(out) >= count:
                return out[:count]
    return out
