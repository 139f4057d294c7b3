"""Mandatory service: servant icons to fill, who may fill them, and whether all can be filled.

Rules service.*, ud.hall-boy.butler, ud.head-housemaid.housekeeper and
ud.head-housemaid.housekeepers-room.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from obsession_nb.data.catalog_records import TileSide
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.steps import suites
from obsession_nb.engine.table import Table, per_decision

MALE_STANDIN = ("butler", "valet", "footman")


@dataclass(frozen=True)
class Slot:
    """One servant icon on the activity tile or on a guest card."""

    id: str
    target: str
    """``tile`` or a gentry card id."""
    kind: str


def slots_for(table: Table, guests: Iterable[str], *, include_tile: bool = True) -> list[Slot]:
    """Every servant icon of the hosted tile (if any) and of the given guests."""
    result: list[Slot] = []
    face = table.hosted_face() if include_tile else None
    if face is not None:
        result += tile_slots(face)
    if suites.unserved(table):
        return result
    for card_id in guests:
        result += _numbered(card_id, table.card(card_id).service)
    return result


def tile_slots(face: TileSide) -> tuple[Slot, ...]:
    """The servant icons of a tile's face (host.servant-available)."""
    return _numbered("tile", face.servants)


@cache
def _numbered(target: str, kinds: tuple[str, ...]) -> tuple[Slot, ...]:
    """The icons of one tile or card, numbered (made once per target and icons: slots are
    frozen, and a search asks for the same ones again and again)."""
    return tuple(
        Slot(target if i == 0 else f"{target}:{i + 1}", target, kind)
        for i, kind in enumerate(kinds)
    )


def unfilled_slots(table: Table, guests: Iterable[str]) -> list[Slot]:
    """The icons of the hosted tile and of ``guests`` that no servant fills yet."""
    slots = slots_for(table, guests)
    turn = table.state.turn
    assert turn is not None
    filled = {p.target for p in turn.placements if p.covers is not None}
    return [s for s in slots if s.id not in filled] if filled else slots


@per_decision
def open_slots(table: Table) -> list[Slot]:
    """The icons of the current activity not yet filled."""
    turn = table.state.turn
    assert turn is not None
    return unfilled_slots(table, turn.guests)


@per_decision
def available_counts(table: Table) -> Counter[str]:
    """The servants in Available Service, counted by kind, once per decision (and
    supposition).  Shared: a search may move servants out of it only for a moment, putting
    them back before it returns (:func:`feasible` does)."""
    state = table.state
    assert state.turn is not None
    return Counter(state.players[state.turn.player].servants.available)


@per_decision
def quarters_kinds(table: Table) -> set[str]:
    """Kinds of which one resting servant may still serve this turn (service.servants-quarters)."""
    turn = table.state.turn
    assert turn is not None
    me = table.state.players[turn.player]
    if turn.quarters_used or not table.has_ability(me, "servants_quarters"):
        return set()
    return set(me.servants.quarters)


def filler_rule(table: Table, slot: Slot, servant: str, available: Counter[str]) -> str | None:
    """The id of the rule that lets ``servant`` fill ``slot`` now, or ``None`` (no text built,
    so the feasibility search stays fast)."""
    kind = slot.kind
    if servant == kind:
        return "service.mandatory"
    if servant == "underbutler" and kind in MALE_STANDIN:
        return "service.underbutler"
    if servant == "housekeeper" and kind == "ladys_maid" and available["ladys_maid"] == 0:
        return "service.housekeeper-for-ladys-maid"
    if (
        servant == "footman"
        and kind == "valet"
        and available["valet"] == 0
        and table.has_ability(table.me, "brushing_room")
    ):
        return "service.footman-for-valet"
    if not table.state.options.expansion:
        return None
    on_card = slot.target != "tile"
    if servant == "hall_boy" and kind == "butler" and on_card:
        return "ud.hall-boy.butler"
    if servant == "head_housemaid":
        if kind == "housekeeper" and on_card:
            return "ud.head-housemaid.housekeeper"
        if kind in ("housekeeper", "ladys_maid") and table.has_ability(
            table.me, "housekeepers_room"
        ):
            return "ud.head-housemaid.housekeepers-room"
    return None


VERDICTS = {
    "service.mandatory": "The {who} serves the {icon} icon on {where}.",
    "service.underbutler": "The underbutler stands in for the {icon} on {where} (allowed at any "
    "time).",
    "service.housekeeper-for-ladys-maid": "No lady's maid is available, so the housekeeper "
    "covers the lady's maid on {where}.",
    "service.footman-for-valet": "With the Brushing Room and no valet available, a footman "
    "valets on {where}.",
    "ud.hall-boy.butler": "The hall boy stands in for the butler on {where}; he adds no money "
    "this way.",
    "ud.head-housemaid.housekeeper": "The head housemaid stands in for the housekeeper on "
    "{where}; she does not screen guests this way.",
    "ud.head-housemaid.housekeepers-room": "With the Housekeeper's Room the head housemaid "
    "covers the {icon} on {where}; she does not screen guests this way.",
}


def filler_ruling(table: Table, slot: Slot, servant: str, available: Counter[str]) -> Ruling | None:
    """The ruling that lets ``servant`` fill ``slot`` now, or ``None`` if no rule does."""
    rule_id = filler_rule(table, slot, servant, available)
    if rule_id is None:
        return None
    where = "the activity tile" if slot.target == "tile" else table.card_name(slot.target)
    verdict = VERDICTS[rule_id].format(
        who=table.servant_name(servant), icon=table.servant_name(slot.kind), where=where)
    return ruling(rule_id, verdict, () if slot.target == "tile" else (slot.target,))


def standin_notes(rule_id: str) -> list[Ruling]:
    """The rulings behind a stand-in, to cite beside it (ruling.available-means-box,
    ruling.underbutler-scope)."""
    if rule_id in ("service.housekeeper-for-ladys-maid", "service.footman-for-valet"):
        return [ruling("ruling.available-means-box", "Available means in the Available Service "
                       "box now; a servant resting elsewhere does not count, and no service help "
                       "is needed first.")]
    if rule_id == "service.underbutler":
        return [ruling("ruling.underbutler-scope", "The underbutler covers male roles only and "
                       "never brings a new servant's own ability.")]
    return []


def can_fill(table: Table, slot: Slot, servant: str, available: Counter[str]) -> bool:
    return filler_rule(table, slot, servant, available) is not None


def direct_fill(needs: dict[str, int], available: Counter[str], quarters: set[str]) -> bool:
    """Whether the icons (``needs``: how many of each kind) can all be filled by servants of
    their own kind (service.mandatory): from Available Service, and at most one resting servant
    from the Servants' Quarters (service.servants-quarters, ``quarters`` its kinds).  No
    stand-in is needed then, so no search: the check made before backtracking."""
    short = False
    for kind, n in needs.items():
        missing = n - available[kind]
        if missing > 0:
            if short or missing > 1 or kind not in quarters:
                return False
            short = True
    return True


def feasible(table: Table, slots: list[Slot], available: Counter[str], quarters: set[str],
             dead: set[tuple[object, ...]] | None = None) -> bool:
    """Whether every slot can be filled, placing them one by one in some order.

    ``available`` counts unplaced servants in Available Service; ``quarters`` the kinds of
    which one (only one) may come from the Servants' Quarters.  The stand-ins that need the
    regular servant to be unavailable are tried last, which is the order that makes them legal.
    Positions already found impossible are remembered (slots differ only in kind and in
    whether they are on the tile); pass the same ``dead`` set to share that memory between
    calls on one position.
    """
    needs: dict[str, int] = {}
    for slot in slots:
        needs[slot.kind] = needs.get(slot.kind, 0) + 1
    if direct_fill(needs, available, quarters):
        return True
    return _feasible(table, slots, available, frozenset(quarters), set() if dead is None else dead)


def _feasible(table: Table, slots: list[Slot], available: Counter[str], quarters: frozenset[str],
              dead: set[tuple[object, ...]]) -> bool:
    if not slots:
        return True
    if len(slots) == 1:  # the last icon: some servant at hand fills it, or none does
        slot = slots[0]
        return any(can_fill(table, slot, servant, available)
                   for servant in (*(k for k in available if available[k] > 0), *quarters))
    key = (
        tuple(sorted((s.kind, s.target == "tile") for s in slots)),
        tuple(sorted((k, n) for k, n in available.items() if n > 0)),
        quarters,
    )
    if key in dead:
        return False
    # Fill the slots whose regular servant is free first: a conditional stand-in never helps
    # while the regular servant could still serve.
    slot = min(slots, key=lambda s: available[s.kind] > 0)
    rest = [s for s in slots if s is not slot]
    candidates = [k for k in available if available[k] > 0] + [
        k for k in quarters if k not in available or available[k] == 0
    ]
    for servant in dict.fromkeys(candidates):
        from_quarters = available[servant] == 0
        if not can_fill(table, slot, servant, available):
            continue
        if from_quarters:
            if _feasible(table, rest, available, frozenset(), dead):
                return True
        else:
            available[servant] -= 1
            ok = _feasible(table, rest, available, quarters, dead)
            available[servant] += 1
            if ok:
                return True
    dead.add(key)
    return False
