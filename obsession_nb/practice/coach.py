"""The coach: the hint before a decision, the review after a turn and the explorer's ``value``
column, all three from the one plan generator (``plans.best_plans``), so that at the same
position, level and seed they compare the same plans on the same samples and name the same best
plan (ruling.ai-hidden-information).

* :func:`hint` — the best plan of the pending decision, in words (the tile, the guests, the
  pass option, the purchase), its first action, one guess of the whole line to the end of the
  turn (with the servants it places), and why: how it compares with the next best plan, told by
  the scoresheet's categories, money and reputation, or "too close to call";
* :func:`review_turn` — after a turn: the plan played beside the best plans found from the
  position before it, what it cost (or "too close to call") and the differences that matter;
* :func:`explore_values` — the explorer's table with a ``value`` column (and ``value_error``):
  each row is the plan its actions follow, valued on the comparison's samples.

A value is the expected final score margin (``opponents.margin``) where the seat's next turn
begins, ± its standard error; a difference between two plans is paired sample by sample.  The
hint and the review are records of parts (``practice.advice_records``), said in a language by a
``practice.speech.Speech``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.game import Game, Snapshot, load_json
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.seat.log import hide_cards
from obsession_nb.engine.table import Table
from obsession_nb.practice.advice import gains, verdict
from obsession_nb.practice.advice_records import Compared, Hint, LineReview, TurnReview
from obsession_nb.practice.opponents import HeuristicPlayer, PlayoutPolicy
from obsession_nb.practice.plans import (
    DEFAULT_LEVEL,
    Comparison,
    Level,
    Valued,
    best_plans,
)
from obsession_nb.practice.search import decision_seed
from obsession_nb.practice.turn_plan import Plan, own_turn, plan_of, plan_step, same_plan

if TYPE_CHECKING:
    import pandas as pd

BEST = 3
"""Plans the review shows beside the player's own."""
GUESSES = ("Values are averaged over guesses of what this seat cannot see: the other players' "
           "hands, objectives and VP cards, the order of the decks and the dice to come.")


def guesses() -> Ruling:
    """The ruling every value rests on (ruling.ai-hidden-information)."""
    return ruling("ruling.ai-hidden-information", GUESSES)


def compare(game: Game, *, level: str | Level = DEFAULT_LEVEL, seed: int = 0,
            extra: tuple[Plan, ...] = ()) -> Comparison:
    """The plans of the game's pending decision, compared (the seat is the one to decide)."""
    turn = game.state.turn
    if turn is None:
        raise ValueError("nothing to decide: the game is over")
    seat = game.pending()["owner"]
    return best_plans(game.table, seat, level=level, seed=decision_seed(seed, game.table),
                      extra=extra)


# ------------------------------------------------------------ lines


def _game_of(table: Table, start: Game) -> Game:
    return load_json(table.state.model_dump_json(), custom=list(start.table.custom.values()),
                     catalog=start.table.catalog)


def shown_line(start: Game, comparison: Comparison, plan: Plan) -> tuple[tuple[str, ...],
                                                                         tuple[str, ...]]:
    """The plan played once to the end of the seat's turn on the comparison's first sample (a
    guess: the cards it draws are guessed too): its actions and the rule ids they met."""
    game = _game_of(comparison.samples.copy(0), start)
    seat = comparison.seat
    mark = len(game.log)
    policy = PlayoutPolicy(0)
    policy.rng = random.Random(f"{comparison.samples.seed}:shown")
    own_turn(game.table, seat, plan, policy, apply=game.apply)
    entries = [e for e in game.log[mark:] if e.player == seat]
    hidden = start.seat_view(seat).hidden  # a card the sample drew is a guess: its back only
    actions = tuple(hide_cards(e.action, hidden) for e in entries if not e.action.startswith("("))
    rules = tuple(dict.fromkeys(r["rule"] for e in entries for r in e.rulings))
    return actions, rules


def _line(start: Game, comparison: Comparison, valued: Valued) -> LineReview:
    actions, rules = shown_line(start, comparison, valued.plan)
    return LineReview(valued.plan, actions, valued.estimate, rules, start)


# ------------------------------------------------------------ the review


def _own_actions(game: Game, since: Snapshot, seat: int) -> list[str]:
    return [e.action for e in game.log[since.log_length:]
            if e.player == seat and not e.action.startswith("(")]


def review_turn(game: Game, since: Snapshot, *, level: str | Level = DEFAULT_LEVEL,
                seed: int = 0, comparison: Comparison | None = None) -> TurnReview:
    """Value the turn played since ``since`` (a snapshot at the start of that player's turn)
    against the best plans found from there: the hint's comparison at that position, level and
    seed (``comparison``: that comparison, if the hint already made it)."""
    start = load_json(since.position, custom=list(game.table.custom.values()),
                      catalog=game.table.catalog)
    turn = start.state.turn
    if turn is None:
        raise ValueError("the snapshot is not at a player's turn")
    seat = start.pending()["owner"]
    played = _own_actions(game, since, seat)
    if not played:
        raise ValueError(f"{start.table.seat_name(seat)} has not played since the snapshot")
    found = comparison or best_plans(start.table, seat, level=level,
                                     seed=decision_seed(seed, start.table))
    mine = plan_of(start.table, [parse(x) for x in played])
    matched = found.find(mine)
    yours = found.value_line(matched.plan if matched else mine)
    best = found.ranked[:BEST]
    top = best[0]
    followed = same_plan(top.plan, mine)
    said = verdict(top, yours)
    rules_mine = tuple(dict.fromkeys(r["rule"] for e in game.log[since.log_length:]
                                     if e.player == seat for r in e.rulings))
    mine_review = LineReview(mine, tuple(played), yours.estimate, rules_mine, start, mine=True)
    shown = [_line(start, found, v) for v in best]
    cost = 0.0 if followed or said.close else max(0.0, said.difference)
    return TurnReview(seat, start.state.players[seat].name, start.state.round, mine_review,
                      tuple(shown), cost,
                      tuple(r for r in rules_mine if r not in shown[0].rules),
                      tuple(r for r in shown[0].rules if r not in rules_mine), guesses(),
                      said, tuple(gains(top, yours)) if not followed else (), followed)


# ------------------------------------------------------------ the hint


def hint(game: Game, *, level: str | Level = DEFAULT_LEVEL, seed: int = 0,
         comparison: Comparison | None = None, plan: Plan | None = None) -> Hint:
    """The best plan of the pending decision (never reading hidden cards); with ``plan``, the
    next step of that plan (a turn already under way, see ``Practice.hint``) explained by
    ``comparison``, the comparison that chose it."""
    found = comparison or compare(game, level=level, seed=seed)
    best = found.best if plan is None else (found.find(plan) or found.best)
    policy = HeuristicPlayer(0)
    policy.rng = random.Random(f"{found.samples.seed}:hint")
    action = plan_step(game.table, plan or best.plan, policy)
    if action is None:
        raise ValueError("nothing to decide: the game is over")
    others = [v for v in found.ranked if v is not best]
    actions, rules = shown_line(game, found, best.plan) if plan is None else ((), ())
    compared = tuple(Compared(v.plan, v.estimate, None if v is best else verdict(best, v))
                     for v in found.ranked)
    nxt = others[0] if others else None
    return Hint(action.notation, game, best.plan, compared, actions, best.estimate, rules,
                nxt.plan if nxt else None, verdict(best, nxt) if nxt else None,
                tuple(gains(best, nxt)) if nxt else ())


# ------------------------------------------------------------ the explorer


def explore_values(game: Game, *, top: int | None = 10, level: str | Level = DEFAULT_LEVEL,
                   seed: int = 0, seat: int | None = None, **options: Any) -> pd.DataFrame:
    """The explorer's table (``explore.explore`` with ``options``) with a ``value`` column and
    its ``value_error``, sorted by value, its first ``top`` rows: each row valued as the plan
    its actions follow (tile, party, pass option, purchase), by the hint's comparison (the row of
    the hint's plan has the hint's value); the rows of plans it did not compare are valued on
    its samples too, among the explorer's first ``top`` rows only.  A turn too large to explore
    whole (``value_column.VALUE_LIMIT`` positions) is listed by its compared plans, one tile
    and party at a time.  The rows are explored as the player to decide may: on a re-deal of
    what that seat cannot know, a hidden card named by its back (``explorer.for_seat``,
    ruling.seat-view)."""
    from obsession_nb.engine.explore.explorer import explore, for_seat
    from obsession_nb.practice.value_column import value_column

    owner = game.pending()["owner"]
    if owner is None:
        return explore(game).assign(value=[], value_error=[])
    if seat is not None and seat != owner:
        return for_seat(game, seat, explore)  # refused: not that seat's decision
    found = compare(game, level=level, seed=seed)
    return for_seat(game, owner, lambda guess: value_column(guess, found, top, options))
