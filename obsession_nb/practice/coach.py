"""The coach: a turn's lines valued by determinised rollouts (opponents_search.line_values), so
that "which line is best" is answered with its uncertainty (ruling.ai-hidden-information).

* :func:`review_turn` — after a player's turn: the line played beside the best lines the search
  finds from the position before it (the heuristic player's turn plans), each with its value (the
  expected final score margin, ± its standard error), the value the turn cost, and the rulings
  only one of the two lines met;
* :func:`hint` — before a decision: the search player's suggestion and the lines it compared;
* :func:`explore_values` — the explorer's table with a ``value`` column (and ``value_error``):
  each row's line played out the same way.

Every line is valued on the same samples of the position, so differences between lines are not
differences of luck; the lines the search proposes show the actions one sample played, since a
plan's later choices depend on the cards it draws.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.game import Game, Snapshot, load_json
from obsession_nb.engine.records.naming import describe
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.seat.log import hide_cards
from obsession_nb.practice.determinise import sample
from obsession_nb.practice.search import (
    PLAYOUTS,
    Estimate,
    Line,
    SearchPlayer,
    line_values,
    plan_line,
    quick_step,
)

if TYPE_CHECKING:
    import pandas as pd

BEST = 3
"""Lines the review shows beside the player's own."""
GUESSES = ("Values are averaged over guesses of what this seat cannot see: the other players' "
           "hands, objectives and VP cards, the order of the decks and the dice to come.")


def guesses() -> Ruling:
    """The ruling every value rests on (ruling.ai-hidden-information)."""
    return ruling("ruling.ai-hidden-information", GUESSES)


@dataclass(frozen=True)
class LineReview:
    """One line of a turn: what it plays, its value and the rules its actions met."""

    label: str
    actions: tuple[str, ...]
    value: Estimate
    rules: tuple[str, ...]
    words: tuple[str, ...] = ()
    """The actions as a player reads them (names, not ids); the notations are ``actions``."""

    def read(self) -> str:
        return "; ".join(self.words or self.actions)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "actions": list(self.actions), "value": self.value.mean,
                "error": self.value.stderr, "playouts": self.value.playouts,
                "rules": list(self.rules)}


@dataclass(frozen=True)
class TurnReview:
    """A player's turn beside the best lines found from the same position."""

    seat: int
    player: str
    round: int
    yours: LineReview
    best: tuple[LineReview, ...]
    cost: float
    """How much value the line played gave up against the best line found (0 if none is
    better)."""
    only_yours: tuple[str, ...] = field(default=())
    only_best: tuple[str, ...] = field(default=())
    """Rule ids only the line played (only the best line) met."""
    basis: Ruling | None = None
    """What the values rest on (ruling.ai-hidden-information)."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "round": self.round,
                "yours": self.yours.to_json(), "best": [b.to_json() for b in self.best],
                "cost": self.cost, "only_yours": list(self.only_yours),
                "only_best": list(self.only_best),
                "basis": self.basis.to_json() if self.basis else None}

    def __str__(self) -> str:
        lines = [f"Round {self.round}, {self.player}: your line {self.yours.value} "
                 f"(cost {self.cost:.1f} VP against the best line found)",
                 f"  you: {self.yours.read()}"]
        for b in self.best:
            lines.append(f"  {b.label} {b.value}: {b.read()}")
        if self.only_yours or self.only_best:
            lines.append(f"  rulings only in your line: {', '.join(self.only_yours) or '—'}; "
                         f"only in the best: {', '.join(self.only_best) or '—'}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return review_html(self)


def review_html(review: TurnReview) -> str:
    """The review as an HTML table (every text escaped)."""
    e = html.escape
    rows = [("your line", review.yours)] + [(b.label, b) for b in review.best]
    cell = "padding:2px 8px;vertical-align:top;text-align:left"
    body = "".join(
        f"<tr class='{'coach-yours' if i == 0 else 'coach-best'}'>"
        f"<th style='{cell};white-space:nowrap'>{e(label)}</th>"
        f"<td style='{cell};white-space:nowrap'>{e(str(line.value))}</td>"
        f"<td style='{cell}'>{e(line.read())}</td></tr>"
        for i, (label, line) in enumerate(rows))
    basis = (f"<p class='coach-basis' style='font-size:90%;color:#555'>"
             f"{e(str(review.basis))}</p>" if review.basis else "")
    differ = (f"<p class='coach-rulings'>Rulings only in your line: "
              f"{e(', '.join(review.only_yours) or '—')}; only in the best line: "
              f"{e(', '.join(review.only_best) or '—')}</p>")
    return (f"<div class='coach-review'><p>Round {review.round}, {e(review.player)}: "
            f"<b>cost {review.cost:.1f} VP</b> against the best line found "
            f"(expected final score margin ± standard error)</p>"
            f"<table style='border-collapse:collapse'>{body}</table>"
            f"{differ}{basis}</div>")


def _own_actions(game: Game, since: Snapshot, seat: int) -> list[str]:
    return [e.action for e in game.log[since.log_length:]
            if e.player == seat and not e.action.startswith("(")]


def _shown(start: Game, seat: int, line: Line, rng: random.Random,
           policy: SearchPlayer) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The actions and rule ids of ``line`` played once on a sample, to the end of the turn."""
    game = load_json(sample(start.table, seat, rng).state.model_dump_json(),
                     custom=list(start.table.custom.values()), catalog=start.table.catalog)
    mark = len(game.log)
    for action in line.actions:
        if not game.can(action):
            break
        game.apply(action)
    for _ in range(200):
        turn = game.state.turn
        if turn is None or turn.player != seat or turn.step == "begin":
            break
        step = quick_step(game.table, policy, line.plan)
        if step is None:
            break
        game.apply(step)
    entries = [e for e in game.log[mark:] if e.player == seat]
    hidden = start.seat_view(seat).hidden  # a card the sample drew is a guess: its back only
    actions = tuple(hide_cards(e.action, hidden) for e in entries if not e.action.startswith("("))
    rules = tuple(dict.fromkeys(r["rule"] for e in entries for r in e.rulings))
    return actions, rules


def _label(game: Game, line: Line) -> str:
    """The line's plan in words: the tile hosted, or the pass option."""
    if line.plan in ("rents", "hire"):
        return f"pass ({'rents' if line.plan == 'rents' else 'hire'})"
    return f"host {game.table.tile_name(line.plan)}" if line.plan else "line"


def _words(game: Game, actions: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(describe(game, a) for a in actions)


def review_turn(game: Game, since: Snapshot, *, playouts: int = PLAYOUTS,
                seed: int = 0) -> TurnReview:
    """Value the turn played since ``since`` (a snapshot at the start of that player's turn)
    against the best lines the search finds from there."""
    start = load_json(since.position, custom=list(game.table.custom.values()),
                      catalog=game.table.catalog)
    turn = start.state.turn
    if turn is None:
        raise ValueError("the snapshot is not at a player's turn")
    seat = turn.player
    played = _own_actions(game, since, seat)
    if not played:
        raise ValueError(f"{start.table.seat_name(seat)} has not played since the snapshot")
    rng = random.Random(f"coach:{seed}:{since.log_length}")
    search = SearchPlayer(seed)
    results, _hosts = search.plan_results(sample(start.table, seat, rng))
    plans = [plan for _v, plan in sorted(results, key=lambda r: (-r[0], r[1]))][:search.candidates]
    mine = Line(tuple(parse(x) for x in played))
    lines = [mine, *(plan_line(p) for p in plans)]
    values = line_values(start.table, seat, lines, playouts=playouts, rng=rng, policy=search)
    rules_mine = tuple(dict.fromkeys(r["rule"] for e in game.log[since.log_length:]
                                     if e.player == seat for r in e.rulings))
    yours = LineReview("your line", tuple(played), values[0], rules_mine,
                       _words(start, tuple(played)))
    ranked = sorted(range(1, len(lines)), key=lambda k: -values[k].mean)[:BEST]
    best = []
    for k in ranked:
        actions, rules = _shown(start, seat, lines[k], random.Random(f"show:{seed}:{k}"), search)
        best.append(LineReview(_label(start, lines[k]), actions, values[k], rules,
                               _words(start, actions)))
    top = best[0] if best else yours
    cost = max(0.0, top.value.mean - yours.value.mean)
    return TurnReview(seat, start.state.players[seat].name, start.state.round, yours,
                      tuple(best), cost,
                      tuple(r for r in yours.rules if r not in top.rules),
                      tuple(r for r in top.rules if r not in yours.rules), guesses())


@dataclass(frozen=True)
class Hint:
    """The search player's suggestion for the pending decision, with the lines it compared."""

    action: str
    lines: tuple[tuple[str, Estimate], ...]
    words: str = ""
    """The action as a player reads it (``action`` is its notation)."""

    def __str__(self) -> str:
        compared = "; ".join(f"{label} {value}" for label, value in self.lines)
        said = f" ({self.words})" if self.words and self.words != self.action else ""
        return f"Try: {self.action}{said}" + (f"; compared: {compared}" if compared else "")


def hint(game: Game, *, playouts: int = PLAYOUTS, seed: int = 0) -> Hint:
    """What the search player would do now (never reading hidden cards)."""
    player = SearchPlayer(seed, playouts=playouts)
    action = player.choose(game)
    if action is None:
        raise ValueError("nothing to decide: the game is over")
    compared = tuple((_label(game, line) if line.plan
                      else "; ".join(describe(game, x) for x in line.actions), value)
                     for line, value in player.last)
    return Hint(action.notation, compared, describe(game, action))


def explore_values(game: Game, *, top: int | None = 10, playouts: int = PLAYOUTS, seed: int = 0,
                   seat: int | None = None, **options: Any) -> pd.DataFrame:
    """The explorer's table (``explore.explore`` with ``options``), its first ``top`` rows with
    a ``value`` column (the expected final score margin from rollouts) and its ``value_error``,
    sorted by value (``views.explorer.Explorer(game, frame=...)`` shows them).  Explored and
    valued as ``seat`` (the player to decide, by default) may: on a re-deal of what that seat
    cannot know, its hidden cards named by their backs (``explorer.for_seat``)."""
    from obsession_nb.engine.explore.explorer import explore, for_seat

    if game.state.turn is None:
        return explore(game).assign(value=[], value_error=[])
    seat = game.pending()["owner"] if seat is None else seat

    def valued(guess: Game) -> pd.DataFrame:
        frame = explore(guess, top=top, **options).copy()
        if frame.empty:
            return frame.assign(value=[], value_error=[])
        lines = [Line(tuple(parse(x) for x in row)) for row in frame["actions"]]
        values = line_values(guess.table, seat, lines, playouts=playouts,
                             rng=random.Random(f"explore:{seed}"))
        frame["value"] = [round(v.mean, 2) for v in values]
        frame["value_error"] = [round(v.stderr, 2) for v in values]
        return frame.sort_values("value", ascending=False, kind="stable").reset_index(drop=True)

    return for_seat(game, seat, valued)
