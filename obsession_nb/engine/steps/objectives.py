"""Objective cards: whether each held card is achieved at the end, and what it scores
(rule scoring.objectives).

The catalog states conditions in words; each card id has an evaluator here.  A card with no
evaluator scores nothing and says so in its verdict (a test keeps the two lists in step).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache

from obsession_nb.data.catalog_cards import ObjectiveCard
from obsession_nb.data.catalog_records import CATEGORIES
from obsession_nb.engine.records.scoresheet import ObjectiveResult
from obsession_nb.engine.records.state import Player
from obsession_nb.engine.table import Table

MONUMENT_ABILITIES = ("monument", "suite_monument", "parish_church_monument")
NEW_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man")


Evaluator = Callable[[Table, Player, ObjectiveCard], tuple[int, str]]
"""(VP scored, explanation)."""


# ----------------------------------------------------------------- what a player has


def deck(player: Player) -> list[str]:
    """The gentry deck at the end: active hand and discard pile."""
    return [*player.hand, *player.discard]


def faces(table: Table, player: Player) -> list[tuple[str, str, int | None]]:
    """(tile id, category of the face up, prestige rating of the face up)."""
    return [(o.tile, face.category, face.prestige)
            for o in player.organiser for face in (table.face(o),)]


def monuments(table: Table, player: Player) -> int:
    return sum(1 for o in player.organiser if table.face(o).ability in MONUMENT_ABILITIES)


def servants(player: Player) -> Counter[str]:
    return Counter(player.servants.all())


def _all_or_nothing(ok: bool, card: ObjectiveCard, detail: str) -> tuple[int, str]:
    return (card.vp if ok else 0), detail


# ----------------------------------------------------------------- evaluators


def max_reputation(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    level = table.wheel.label(p.reputation)
    return _all_or_nothing(level == "max", card, f"reputation level {level}")


def wealth(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    return _all_or_nothing(p.money >= 1200, card, f"£{p.money}")


def per_monument(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    n = monuments(table, p)
    return card.vp * n, f"{n} monument(s) × {card.vp}"


def own_tile(tile_id: str) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        ok = p.owned(tile_id) is not None
        return _all_or_nothing(ok, card, f"{'owns' if ok else 'lacks'} {tile_id}")
    return check


def own_all(*tile_ids: str) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        have = [t for t in tile_ids if p.owned(t) is not None]
        return _all_or_nothing(len(have) == len(tile_ids), card,
                               f"owns {len(have)} of {len(tile_ids)}")
    return check


def own_any(*tile_ids: str) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        have = [t for t in tile_ids if p.owned(t) is not None]
        return _all_or_nothing(bool(have), card, f"owns {', '.join(have) or 'none'}")
    return check


def guests(at_least: int, test: Callable[[Table, str], bool], what: str) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        n = sum(1 for c in deck(p) if test(table, c))
        return _all_or_nothing(n >= at_least, card, f"{n} {what}")
    return check


def no_negative_guest(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    bad = [c for c in deck(p) if table.card(c).vp < 0]
    return _all_or_nothing(not bad, card, f"{len(bad)} guest(s) with negative VP")


def per_category(category: str) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        n = sum(1 for _t, c, _pr in faces(table, p) if c == category)
        return card.vp * n, f"{n} {category} tile(s) × {card.vp}"
    return check


def servant_counts(**wanted: int) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        have = servants(p)
        ok = all(have[k] >= n for k, n in wanted.items())
        return _all_or_nothing(ok, card, ", ".join(f"{have[k]} {k}" for k in wanted))
    return check


def servant_total(at_least: int, *, new_servant: bool = False) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        have = servants(p)
        total = sum(have.values())
        ok = total >= at_least and (not new_servant or any(have[k] for k in NEW_SERVANTS))
        return _all_or_nothing(ok, card, f"{total} servants")
    return check


def tiles_rated(at_least: int, count: int, category: str | None = None) -> Evaluator:
    def check(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
        n = sum(1 for _t, c, pr in faces(table, p)
                if pr is not None and pr >= at_least and (category is None or c == category))
        return _all_or_nothing(n >= count, card, f"{n} tile(s) rated {at_least}+")
    return check


def every_category_rated(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    wanted = [c for c in CATEGORIES if c != "service"]
    have = {c for _t, c, pr in faces(table, p) if pr is not None and pr >= 4}
    missing = [c for c in wanted if c not in have]
    return _all_or_nothing(not missing, card, f"missing {', '.join(missing) or 'none'}")


def full_column(table: Table, p: Player, card: ObjectiveCard) -> tuple[int, str]:
    counts = Counter(c for _t, c, _pr in faces(table, p) if c in CATEGORIES)
    best = max(counts.values(), default=0)
    return _all_or_nothing(best >= 4, card, f"largest column {best}")


EVALUATORS: dict[str, Evaluator] = {
    "objective-max-reputation": max_reputation,
    "objective-wealth-1200": wealth,
    "objective-monuments": per_monument,
    "standin-objective-guest-1": guests(3, lambda t, c: t.card(c).deck == "prestige",
                                        "prestige guests"),
    "standin-objective-guest-2": guests(5, lambda t, c: t.card(c).gender == "female"
                                        and t.card(c).deck != "family", "lady guests"),
    "standin-objective-guest-3": guests(5, lambda t, c: t.card(c).gender == "male"
                                        and t.card(c).deck != "family", "gentleman guests"),
    "standin-objective-guest-4": guests(2, lambda t, c: (t.card(c).prestige or 0) >= 5,
                                        "guests rated 5+"),
    "standin-objective-guest-5": guests(4, lambda t, c: t.card(c).deck == "starter",
                                        "starter guests"),
    "standin-objective-guest-6": no_negative_guest,
    **{f"standin-objective-category-{c}": per_category(c) for c in CATEGORIES},
    "standin-objective-servant-1": servant_counts(footman=3),
    "standin-objective-servant-2": servant_counts(valet=2, ladys_maid=2),
    "standin-objective-servant-3": servant_counts(underbutler=1),
    "standin-objective-servant-4": servant_total(8),
    "standin-objective-servant-5": servant_counts(ladys_maid=2),
    "standin-objective-group-1": own_all("music-room", "great-hall", "main-library"),
    "standin-objective-group-2": tiles_rated(3, 3, "sporting"),
    "standin-objective-group-3": own_all("fenced-paddock", "english-garden", "french-garden"),
    "standin-objective-group-4": every_category_rated,
    "standin-objective-ud-servant-1": servant_counts(cook=1, head_housemaid=1),
    "standin-objective-ud-servant-2": servant_counts(hall_boy=1, useful_man=1),
    "standin-objective-ud-servant-3": servant_counts(**{k: 1 for k in NEW_SERVANTS}),
    "standin-objective-ud-servant-4": own_any("renovated-kitchen", "housekeepers-room"),
    "standin-objective-ud-servant-5": servant_total(10, new_servant=True),
    "standin-objective-ud-tableau-1": full_column,
    "standin-objective-ud-tableau-2": tiles_rated(5, 2),
}

_ROOM = re.compile(r"\(([a-z0-9-]+)\)")


def evaluator(card: ObjectiveCard) -> Evaluator | None:
    """The card's evaluator; room-bonus cards name their tile id in the condition."""
    return _evaluator(card.id, card.category, card.condition)


@cache
def _evaluator(card_id: str, category: str, condition: str) -> Evaluator | None:
    """:func:`evaluator`, worked out once per card (an AI's playouts score thousands of
    positions)."""
    found = EVALUATORS.get(card_id)
    if found is None and category == "room_bonus":
        match = _ROOM.search(condition)
        if match:
            return own_tile(match.group(1))
    return found


def evaluate(table: Table, player: Player, card_id: str) -> ObjectiveResult:
    card = table.catalog.objectives[card_id]
    check = evaluator(card)
    if check is None:
        return ObjectiveResult(card_id, card.name, False, 0, "no evaluator for this card")
    vp, detail = check(table, player, card)
    return ObjectiveResult(card_id, card.name, vp > 0, vp, detail)
