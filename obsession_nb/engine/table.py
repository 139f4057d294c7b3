"""The table: a position together with the catalog it refers to.

Engine modules read components and the position through a :class:`Table`; they change only
``table.state``.  Chance (tile draws, shuffles) comes from the seeded source in the state
(DESIGN principle 7).
"""

from __future__ import annotations

import functools  # not `from functools import cache`: tests/test_method_calls.py
import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar, overload

from obsession_nb.base.identity import by_identity
from obsession_nb.data.catalog import Catalog, load_catalog
from obsession_nb.data.catalog_records import GentryCard, Tile, TileSide
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.mode import Mode, mode_named
from obsession_nb.engine.records.names import Names, names
from obsession_nb.engine.records.reputation import Wheel
from obsession_nb.engine.records.state import OwnedTile, Player, State, Turn

WHEEL_LEVELS = {"standard": 6, "extended": 8}

UNSUPPOSED = frozenset({"abilities", "hand", "groups", "kept"})
"""Reading-cache entries a supposition keeps: no supposition changes an organiser (the
abilities, :meth:`Table.has_ability`), the active hand (``guests.hand_facts``, and the groups
of its cards a party search chooses from, ``party_search.guest_groups``, kept by what else they
depend on) or the round and its track (the facts of ``per_decision(kept=True)``, kept together
under "kept")."""

_KEPT: dict[tuple[Any, ...], frozenset[Any]] = {}
"""The facts a supposition keeps (:meth:`Table.supposing`), by the ``keep`` asked for."""

MISSING = object()
"""A fact not yet in the reading cache (a cached fact may itself be ``None``)."""

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class Table:
    """A position with the catalog and the scenario's own cards it refers to, and what an
    action being applied leaves for the steps after it (see the module docstring)."""

    state: State
    catalog: Catalog = field(default_factory=load_catalog)
    custom: dict[str, GentryCard] = field(default_factory=dict)
    """Gentry cards defined by the scenario itself (for "what if" positions)."""
    automatic: list[tuple[str, list[Ruling]]] = field(default_factory=list)
    """Automatic steps taken while applying the last action: (label, rulings)."""
    taken_back: list[tuple[Player, list[str]]] | None = None
    """Cards returned face up from a discard pile to a hand while ``Game.apply`` plays an
    action, by hand (``seat/knowledge.py``, ruling.seat-known-cards); ``None`` elsewhere."""
    agenda: list[tuple[Any, ...]] = field(default_factory=list)
    """What the sequencer does next, asked for by the step just played (``flow.settle``)."""
    cache: dict[Any, Any] | None = field(default=None, repr=False, compare=False)
    """Facts of the position shared by every check while it is only being read (see
    :meth:`reading`); ``None`` while the position may change."""

    def reading(self, facts: dict[Any, Any] | None = None) -> Reading:
        """Read the position without changing it: facts computed once (:func:`per_decision`)
        serve every candidate checked inside; the cache ends with the outermost block, so an
        action applied afterwards, or an edit of ``state`` by hand, never meets stale facts.
        ``facts``: the cache to fill (or to read again, for the same position unchanged)."""
        return Reading(self, facts)

    def supposing(self, keep: tuple[Any, ...] = ()) -> Supposition:
        """A check that changes the position for a moment ("if this servant were placed …")
        and puts it back: facts worked out meanwhile are kept apart from the decision's.
        ``keep``: facts (:func:`per_decision` functions of the table alone) that this change
        cannot touch, shared with the decision as the ``UNSUPPOSED`` ones are."""
        kept = _KEPT.get(keep)
        if kept is None:
            kept = _KEPT[keep] = UNSUPPOSED.union(keep)
        return Supposition(self, kept)

    def then(self, follow_up: str, *args: Any) -> None:
        """Ask the sequencer to carry on after this step (a key of ``flow.FOLLOW_UPS``)."""
        self.agenda.append((follow_up, *args))

    def auto(self, label: str, rulings: list[Ruling]) -> None:
        """Record an automatic step (rotation, favours, clean-up ...) for the log."""
        self.automatic.append((label, rulings))

    # ------------------------------------------------------------ components

    def card(self, card_id: str) -> GentryCard:
        if self.custom and card_id in self.custom:
            return self.custom[card_id]
        return self.catalog.gentry[card_id]

    def has_card(self, card_id: str) -> bool:
        return card_id in self.custom or card_id in self.catalog.gentry

    def tile(self, tile_id: str) -> Tile:
        return self.catalog.tiles[tile_id]

    def face(self, owned: OwnedTile) -> TileSide:
        """The face up of an owned tile (``Tile.side``, read here without the call: the
        busiest lookup of a decision)."""
        tile = self.catalog.tiles[owned.tile]
        return tile.back if owned.flipped and tile.back is not None else tile.front

    def hosted_face(self) -> TileSide | None:
        """The face of the tile hosted this turn, if any (kept while the position is read)."""
        cache = self.cache
        if cache is not None and "hosted-face" in cache:
            kept: TileSide | None = cache["hosted-face"]
            return kept
        turn = self.state.turn
        if turn is None or turn.tile is None:
            face = None
        else:
            face = self.face(self.state.players[turn.player].owned_tile(turn.tile))
        if cache is not None:
            cache["hosted-face"] = face
        return face

    def tile_name(self, tile_id: str) -> str:
        return self.tile(tile_id).name

    def card_name(self, card_id: str) -> str:
        return self.card(card_id).name

    def servant_name(self, kind: str) -> str:
        return self.catalog.servants[kind].name

    @property
    def names(self) -> Names:
        """The names players see of this game's things, to read back as ids."""
        return names(self.catalog, self.custom, [p.name for p in self.state.players])

    @property
    def mode(self) -> Mode[Table]:
        """The way of playing this position follows (``options.mode``; obsession_nb/engine/mode.py)."""
        return mode_named(self.state.options.mode)

    # ------------------------------------------------------------ players

    @property
    def wheel(self) -> Wheel:
        return _wheel(self.state.options.wheel_levels)

    @property
    def turn(self) -> Turn:
        """The turn in progress (``RuntimeError`` between turns).  The busiest checks of a
        decision read ``state.turn`` and ``state.players[turn.player]`` directly instead of
        this property and :attr:`me`: a property costs a Python call, and they run dozens of
        times an action (issue 48's ratio row; ``bench/bytecodes.py``)."""
        turn = self.state.turn
        if turn is None:
            raise RuntimeError("no turn in progress")
        return turn

    @property
    def me(self) -> Player:
        turn = self.state.turn  # not self.turn: the busiest property, one call fewer
        if turn is None:
            raise RuntimeError("no turn in progress")
        return self.state.players[turn.player]

    @property
    def others(self) -> list[int]:
        """The seats other than the active player's, in seat order."""
        player = self.turn.player
        return [s for s in range(len(self.state.players)) if s != player]

    def seat_name(self, seat: int) -> str:
        return f"{self.state.players[seat].name} (p{seat + 1})"

    def level(self, player: Player) -> int:
        return self.wheel.level(player.reputation)

    def abilities(self, player: Player) -> list[str]:
        """Permanent abilities of the faces up in the organiser (service tiles, monuments)."""
        ability_of = face_abilities(self.catalog)
        return [found for owned in player.organiser
                if (found := ability_of[owned.tile, owned.flipped])]

    def has_ability(self, player: Player, ability: str) -> bool:
        """Whether a face up in the player's organiser grants ``ability`` (the set of them
        worked out once while the position is being read)."""
        cache = self.cache
        if cache is None:
            return ability in self.abilities(player)
        known = cache.get("abilities")
        if known is None:
            known = cache["abilities"] = {}
        found = known.get(id(player))
        if found is None:
            found = known[id(player)] = frozenset(self.abilities(player))
        return ability in found

    # ------------------------------------------------------------ reputation

    def gain_reputation(self, player: Player, amount: int, rule_id: str, why: str,
                        cards: tuple[str, ...] = ()) -> Ruling:
        """Move up the wheel; at Max position 5 the rest is lost (reputation.max); ``cards``:
        those ``why`` names."""
        before = player.reputation
        player.reputation = self.wheel.gain(before, amount)
        if player.reputation < before + amount:
            lost = before + amount - player.reputation
            why = f"{why} ({lost} beyond Max position 5 is lost)"
            rule_id = "reputation.max"
        return self._reputation_ruling(player, before, rule_id, why, cards)

    def lose_reputation(self, player: Player, amount: int, rule_id: str, why: str,
                        cards: tuple[str, ...] = ()) -> Ruling:
        before = player.reputation
        player.reputation = self.wheel.lose(before, amount)
        return self._reputation_ruling(player, before, rule_id, why, cards)

    def _reputation_ruling(self, player: Player, before: int, rule_id: str, why: str,
                           cards: tuple[str, ...]) -> Ruling:
        w = self.wheel
        moved = player.reputation - before
        crossed = ""
        if w.level(player.reputation) != w.level(before):
            direction = "up" if moved > 0 else "down"
            crossed = f", crossing {direction} to the {w.label(player.reputation)} counter"
        return ruling(
            rule_id,
            f"{why}: {player.name} moves {moved:+d} from {w.describe(before)} to "
            f"{w.describe(player.reputation)}{crossed}.",
            cards,
        )

    # ------------------------------------------------------------ chance

    def rng(self) -> random.Random:
        """A generator for the next chance event; advancing the recorded draw counter."""
        chance = self.state.chance
        chance.draws += 1
        return _generator(chance.seed, chance.draws)

    def roll_d20(self) -> int:
        """The next d20 result: a pinned roll first (``chance.next_rolls``), else seeded."""
        pinned = self.state.chance.next_rolls
        if pinned:
            return pinned.pop(0)
        return self.rng().randint(1, 20)

    def draw_from_bag(self) -> str | None:
        """Draw one tile: a pinned tile first, else at random; ``None`` if the bag is empty."""
        bag = self.state.supply.bag
        if not bag:
            return None
        pinned = self.state.chance.next_tiles
        if pinned:
            tile_id = pinned.pop(0)
        else:
            chance = self.state.chance
            chance.draws += 1
            tile_id = sorted(bag)[_pick(chance.seed, chance.draws, len(bag))]
        bag.remove(tile_id)
        return tile_id


def _generator(seed: int, draw: int) -> random.Random:
    """The generator of chance event ``draw`` of the game seeded ``seed``."""
    return random.Random(f"{seed}:{draw}")


@functools.lru_cache(maxsize=4096)
def _pick(seed: int, draw: int, among: int) -> int:
    """Which of ``among`` things chance event ``draw`` picks (its generator's ``choice``),
    remembered: an AI's search makes the same draw on every line it tries from one sample."""
    return _generator(seed, draw).choice(range(among))


@functools.cache
def _wheel(levels: int) -> Wheel:
    """The reputation wheel of ``levels`` numbered levels (one shared value: it never changes)."""
    return Wheel(levels)


@by_identity
def face_abilities(catalog: Catalog) -> dict[tuple[str, bool], str | None]:
    """The permanent ability of each tile's face, by tile and whether it is flipped
    (``Tile.side``): what :meth:`Table.abilities` reads for each tile of an organiser."""
    return {(tile_id, flipped): tile.side(flipped).ability
            for tile_id, tile in catalog.tiles.items() for flipped in (False, True)}


class Reading:
    """The block of :meth:`Table.reading` (a plain context manager: it opens at every
    listing, check and action)."""

    __slots__ = ("facts", "outermost", "table")

    def __init__(self, table: Table, facts: dict[Any, Any] | None) -> None:
        self.table, self.facts, self.outermost = table, facts, False

    def __enter__(self) -> None:
        table = self.table
        if table.cache is None:
            self.outermost = True
            table.cache = {} if self.facts is None else self.facts

    def __exit__(self, *exc: object) -> None:
        if self.outermost:
            self.table.cache = None


class Supposition:
    """The block of :meth:`Table.supposing`: the decision's cache is set aside, all but the
    facts the supposition cannot change (``kept``), and put back after."""

    __slots__ = ("kept", "saved", "table")

    def __init__(self, table: Table, kept: frozenset[Any]) -> None:
        self.table, self.kept = table, kept
        self.saved: dict[Any, Any] | None = None

    def __enter__(self) -> None:
        table = self.table
        saved = self.saved = table.cache
        if saved is not None:  # the kept facts found by a set operation, in C
            table.cache = {k: saved[k] for k in saved.keys() & self.kept}

    def __exit__(self, *exc: object) -> None:
        table, saved = self.table, self.saved
        cache = table.cache
        if saved is not None and cache is not None:
            for k in cache.keys() & self.kept:
                saved.setdefault(k, cache[k])
        table.cache = saved


@overload
def per_decision(fn: Callable[P, R], *, kept: bool = False) -> Callable[P, R]: ...
@overload
def per_decision(*, kept: bool) -> Callable[[Callable[P, R]], Callable[P, R]]: ...
def per_decision(fn: Callable[P, R] | None = None, *, kept: bool = False) -> Any:
    """Remember ``fn(table, *args)`` while the table is being read (:meth:`Table.reading`).

    For facts every candidate of a decision needs (offers and prices, the guest requirement,
    the prestige limit, open service slots, abilities, events, feasible parties).  Arguments
    must be hashable, and callers must not change the result.  ``kept=True``: a fact of the
    round and its track only, which no check changes even for a moment, so suppositions
    (:meth:`Table.supposing`) share it with the decision.  Not a fact of the servants: a
    supposition changes Available Service, and team play's check of a second cook empties the
    Servants' Quarters for a moment (tests/engine/test_modes_robust.py).
    """
    if fn is None:
        return lambda f: per_decision(f, kept=kept)
    fact: Callable[..., Any] = fn  # called with the table first (P says nothing of it)
    code = getattr(fact, "__code__", None)
    fixed = (not kept and code is not None and not code.co_kwonlyargcount
             and not code.co_flags & inspect.CO_VARARGS and not getattr(fact, "__defaults__", 0))
    argcount = code.co_argcount if fixed and code is not None else None
    # the busiest facts take the table alone, or one more argument: a wrapper of their own,
    # without packing the arguments into a tuple (the fact kept under its function, or under
    # its function and the argument)
    if argcount == 1:
        @functools.wraps(fact)
        def cached_alone(table: Table) -> Any:
            cache = table.cache
            if cache is None:
                return fact(table)
            value = cache.get(cached_alone, MISSING)
            if value is MISSING:
                value = cache[cached_alone] = fact(table)
            return value

        return cached_alone

    if argcount == 2:
        @functools.wraps(fact)
        def cached_one(table: Table, arg: Any) -> Any:
            cache = table.cache
            if cache is None:
                return fact(table, arg)
            key = (cached_one, arg)
            value = cache.get(key, MISSING)
            if value is MISSING:
                value = cache[key] = fact(table, arg)
            return value

        return cached_one

    @functools.wraps(fact)
    def cached(table: Table, *args: Any) -> Any:
        cache = table.cache
        if cache is None:
            return fact(table, *args)
        if kept:
            whole, cache = cache, cache.get("kept")
            if cache is None:
                cache = whole["kept"] = {}
        key = (cached, args) if args else cached  # a fact of the position alone: its function
        value = cache.get(key, MISSING)
        if value is MISSING:
            value = cache[key] = fact(table, *args)
        return value

    return cached
