"""How a Solo Estate Challenge position will probably end: the round the challenge completes
and the final score against the target, estimated without playing on (the ``planner``
strategy's evaluation, modes/solo/players/planner.py; rules solo.sec.end-conditions,
solo.sec.tableau-complete, solo.sec.round-modifiers).

The rest of the game is reduced to three counts: the activities still needed (one per tile
still to flip, the tiles still to buy included), the money still needed (the cheapest way to
fill every column, a flip costing as much as the money a turn brings) and the reputation
steps to Max (at what activities, monuments and the Servants' Hall bring per turn).  The
slowest of the three sets the finishing round; the score is the scorepad as it would stand
then (every tile on its final face, Max reputation) plus the round modifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from obsession_nb.data.catalog_records import CATEGORIES
from obsession_nb.engine.scoring import score_player
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.end import modifier as round_modifier
from obsession_nb.modes.solo.end import target
from obsession_nb.modes.solo.market import offers
from obsession_nb.modes.solo.tableau import column_tiles, size


@dataclass(frozen=True)
class Pace:
    """What one turn brings on average: set by hand and tried on seeded games (bench/solo_strategy.py
    compares the strategies)."""

    income: float = 350.0
    """£ per turn, passes included."""
    per_activity: float = 1.3
    """Turns per activity (passes to refresh the servants included)."""
    reputation: float = 2.5
    """Reputation steps an activity brings, before monuments and the Servants' Hall."""
    spare_vp: float = 0.5
    """VP per £100 left over at the end (wealth, 1 VP per £200)."""
    sharpness: float = 4.0
    """How the three counts combine: their power mean of this order (large: the slowest
    alone counts; smaller: each of them still matters a little)."""


@dataclass(frozen=True)
class Outlook:
    """The estimate for one position."""

    turns: float
    """Turns still to play after this one."""
    finish: float
    """The (fractional) round the challenge completes on."""
    scorepad: float
    modifier: float
    buy: tuple[str, ...]
    """The tiles of the cheapest completion, by id."""

    @property
    def final(self) -> float:
        return self.scorepad + self.modifier


def modifier(finish: float, at: int) -> float:
    """The round modifier (solo.sec.round-modifiers, ``solo_rules.modifier``) of a fractional
    finishing round: between two rounds, in proportion."""
    low = math.floor(finish)
    part = finish - low
    return (1 - part) * round_modifier(low, at) + part * round_modifier(low + 1, at)


def completion(table: Table, money_per_flip: float,
               taken: frozenset[str] = frozenset()) -> tuple[list[str], int, int, int]:
    """The cheapest way to fill every column from the market (a flip counted at
    ``money_per_flip``): (tiles, their price, how many of them flip, their final VP).
    Monuments go wherever they replace the dearest other choice."""
    me = table.me
    held = column_tiles(table, me)
    n = size(table)
    missing: dict[str, int] = {c: max(0, n - len(held[c])) for c in CATEGORIES}
    by_column: dict[str, list[tuple[float, str, int]]] = {c: [] for c in CATEGORIES}
    monuments: list[tuple[float, str, int]] = []
    for offer in offers(table):
        if offer.tile in taken:
            continue
        tile = table.tile(offer.tile)
        cost = offer.price + (money_per_flip if tile.flips else 0)
        entry = (cost, offer.tile, offer.price)
        if tile.kind == "monument":
            monuments.append(entry)
        elif missing.get(tile.front.category):
            by_column[tile.front.category].append(entry)
    chosen: list[tuple[float, str, int]] = []
    short = 0
    for column, k in missing.items():
        pool = sorted(by_column[column])[:k]
        chosen += pool
        short += k - len(pool)
    chosen.sort(reverse=True)
    placed: list[tuple[float, str, int]] = []
    for monument in sorted(monuments):
        if short:
            placed.append(monument)
            short -= 1
        elif chosen and monument[0] < chosen[0][0]:
            chosen.pop(0)
            placed.append(monument)
    chosen += placed
    tiles = [t for _, t, _ in chosen]
    price = sum(p for _, _, p in chosen) + 1500 * short
    flips = sum(1 for t in tiles if table.tile(t).flips)
    vp = sum(_final_vp(table, t) for t in tiles)
    return tiles, price, flips, vp


def _final_vp(table: Table, tile_id: str) -> int:
    tile = table.tile(tile_id)
    face = tile.back if tile.flips and tile.back is not None else tile.front
    return face.vp


def outlook(table: Table, pace: Pace = Pace(), *, this_turn_done: bool = True,
            shopping_done: bool = False, extra: float = 0.0) -> Outlook:
    """Estimate how the challenge ends from this position.  ``this_turn_done``: the turn's
    activity is over (the position is at step 7, the hosted tile will flip in step 8), so the
    turns still to play start with the next round; ``shopping_done``: nothing more is bought
    this turn, so a missing tile takes at least one more turn; ``extra``: turns known to be
    lost besides (a pass forced by the servants)."""
    me = table.me
    state = table.state
    turn = state.turn
    hosting = turn.tile if turn is not None and this_turn_done else None
    unflipped = [o.tile for o in me.organiser
                 if table.tile(o.tile).flips and not o.flipped and o.tile != hosting]
    rate = pace.per_activity
    tiles, price, flips, tiles_vp = completion(table, pace.income * rate)
    activities = len(unflipped) + flips
    short = max(0.0, price - me.money)
    wheel = table.wheel
    top = wheel.steps(wheel.max_level, 1)
    steps = max(0, top - me.reputation)
    per_turn = sum(1 for x in table.abilities(me)
                   if x in ("monument", "suite_monument", "servants_hall"))
    rep_turns = steps / (pace.reputation / rate + per_turn) if steps else 0.0
    # money still short takes at least one more turn to earn, however little is missing
    money_turns = max(1.0, short / pace.income) if short else 0.0
    counts = (activities * rate, money_turns, rep_turns)
    k = pace.sharpness
    turns = sum(c ** k for c in counts) ** (1 / k)
    if shopping_done and tiles:
        # bought next turn at the earliest, and a tile that flips is hosted only after that
        turns = max(turns, 1.0 + (rate if flips else 0.0))
    turns += extra
    # money earned beyond the need while the other counts finish
    spare = max(0.0, me.money + turns * pace.income - price)
    _score, at = target(table)
    finish = state.round + turns if this_turn_done else state.round - 1 + max(1.0, turns)
    sheet = score_player(table, 0).categories
    final_tiles = sum(_final_vp(table, o.tile) for o in me.organiser)
    rep_vp = _max_reputation_vp(table)
    pad = (final_tiles + tiles_vp + sheet["gentry"] + sheet["objectives"] + sheet["servants"]
           + sheet["vp_cards"] + rep_vp + pace.spare_vp * spare / 100)
    return Outlook(turns, finish, pad, modifier(finish, at), tuple(tiles))


def _max_reputation_vp(table: Table) -> int:
    from obsession_nb.engine.scoring import reputation_vp

    me = table.me
    wheel = table.wheel
    held = me.reputation
    me.reputation = max(held, wheel.steps(wheel.max_level, 1))
    try:
        return reputation_vp(table, me)
    finally:
        me.reputation = held
