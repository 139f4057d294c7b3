"""Why a guest, a party or a servant is refused, in specific words: which servant icon cannot be
filled, which servant is missing and in which box it is, or which payment cannot be made.

Rules service.mandatory, turn.rotate-service, service.servants-quarters,
ruling.servants-quarters-scope, service.housekeeper-for-ladys-maid, service.footman-for-valet,
service.underbutler, ruling.underbutler-scope, ud.hall-boy.butler, ud.head-housemaid.housekeeper,
favours.pauper and ruling.pauper-payment.  Only refusals call these (never the legality search),
so they may take their time.
"""

from __future__ import annotations

from collections import Counter

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.steps.guests import (
    allowed_counts,
    borrowing_capacity,
    candidates,
    favour_money,
    money_balance,
)
from obsession_nb.engine.steps.service import (
    Slot,
    feasible,
    filler_rule,
    open_slots,
    quarters_kinds,
    slots_for,
)
from obsession_nb.engine.table import Table

CONDITIONS = {
    "service.housekeeper-for-ladys-maid": "only when no lady's maid is available",
    "service.footman-for-valet": "with the Brushing Room, only when no valet is available",
    "service.underbutler": "at any time",
    "ud.hall-boy.butler": "on a gentry card",
    "ud.head-housemaid.housekeeper": "on a gentry card",
    "ud.head-housemaid.housekeepers-room": "with the Housekeeper's Room",
}


def where(table: Table, slot: Slot) -> str:
    return "the activity tile" if slot.target == "tile" else table.card_name(slot.target)


def _icon(table: Table, slot: Slot) -> str:
    return f"the {table.servant_name(slot.kind)} icon on {where(table, slot)}"


def standins(table: Table, slot: Slot) -> list[tuple[str, str]]:
    """(servant kind, rule) of every other kind a rule lets fill ``slot`` when the regular
    servant is missing (the Brushing Room and the expansion as owned and chosen)."""
    nobody: Counter[str] = Counter()
    out = []
    for kind in table.catalog.servants:
        rule_id = None if kind == slot.kind else filler_rule(table, slot, kind, nobody)
        if rule_id is not None:
            out.append((kind, rule_id))
    return out


def whereabouts(table: Table, kind: str, others: list[Slot],
                placing: tuple[str, Slot] | None = None) -> tuple[str, str | None]:
    """Where the player's servants of ``kind`` are, in words (those in Available Service being
    needed for ``others``, the party's other icons), and the rule that keeps them from serving
    (None when the player simply has none).  ``placing``: the servant about to fill an icon.
    """
    me, turn = table.me, table.turn
    name = table.servant_name(kind)
    boxes = me.servants
    working = [p for p in turn.placements if p.servant == kind]
    parts: list[str] = []
    rule_id: str | None = None
    if placing is not None and placing[0] == kind:
        parts.append(f"the {name} would be serving {_icon(table, placing[1])}")
        rule_id = "service.mandatory"
    elif kind in boxes.available and others:
        needs = [s for s in others if s.kind == kind] or others
        parts.append(f"the {name} in Available Service is needed for {_icon(table, needs[0])}")
        rule_id = "service.mandatory"
    if working:
        parts.append(f"the {name} already works this turn")
        rule_id = rule_id or "service.placement"
    if kind in boxes.quarters:
        if table.has_ability(me, "servants_quarters") and turn.quarters_used:
            parts.append(f"the {name} rests in the Servants' Quarters, and the Servants' Quarters "
                         "tile has already let one resting servant work this turn")
            rule_id = rule_id or "ruling.servants-quarters-scope"
        else:
            parts.append(f"the {name} is resting in the Servants' Quarters (available again "
                         "after the next rotation)")
            rule_id = rule_id or "turn.rotate-service"
    if kind in boxes.expended:
        parts.append(f"the {name} is in Expended Service (worked last turn; rests in the "
                     "Servants' Quarters next)")
        rule_id = rule_id or "turn.rotate-service"
    if not parts:
        return f"{me.name} has no {name}", None
    return "; ".join(parts), rule_id


def _blocking(table: Table, slots: list[Slot], available: Counter[str], quarters: set[str],
              prefer: str | None) -> Slot | None:
    """An icon without which the rest could all be filled (one of ``prefer``'s first)."""
    order = sorted(slots, key=lambda s: s.target != prefer)
    for slot in order:
        rest = [s for s in slots if s is not slot]
        if feasible(table, rest, available.copy(), set(quarters)):
            return slot
    return order[0] if order else None


def unfilled_icon_after(table: Table, slot: Slot, servant: str) -> list[Ruling]:
    """Why the other open icons could not all be filled once ``servant`` fills ``slot``."""
    available = Counter(table.me.servants.available)
    quarters = quarters_kinds(table)
    if available[servant]:
        available[servant] -= 1
    else:
        quarters = set()
    rest = [s for s in open_slots(table) if s.id != slot.id]
    return unfilled_icon(table, rest, available=available, quarters=quarters,
                         placing=(servant, slot))


def unfilled_icon(table: Table, slots: list[Slot], prefer: str | None = None,
                  available: Counter[str] | None = None,
                  quarters: set[str] | None = None,
                  placing: tuple[str, Slot] | None = None) -> list[Ruling]:
    """Why ``slots`` cannot all be filled from the servants at hand (or ``available`` and
    ``quarters``, as after a placement): the icon, who could fill it and where each of them is
    (empty when they can all be filled)."""
    available = Counter(table.me.servants.available) if available is None else available
    quarters = quarters_kinds(table) if quarters is None else quarters
    if feasible(table, slots, available.copy(), set(quarters)):
        return []
    slot = _blocking(table, slots, available, quarters, prefer)
    if slot is None:
        return []
    others = [s for s in slots if s is not slot]
    text, cause = whereabouts(table, slot.kind, [s for s in others if s.kind == slot.kind],
                              placing)
    reasons = [text]
    causes = [cause] if cause else []
    owned = {*table.me.servants.all(), *(p.servant for p in table.turn.placements)}
    for kind, rule_id in standins(table, slot):
        if kind not in owned:
            continue
        where_text, why = whereabouts(table, kind, others, placing)
        reasons.append(f"{where_text} (the {table.servant_name(kind)} may stand in "
                       f"{CONDITIONS.get(rule_id, '')})")
        causes += [rule_id, *([why] if why else [])]
    icon = _icon(table, slot)
    verdict = f"{icon[0].upper()}{icon[1:]} cannot be filled: " + "; ".join(reasons) + "."
    out = [ruling("service.mandatory", verdict)]
    for rule_id in dict.fromkeys(c for c in causes if c != "service.mandatory"):
        out.append(ruling(rule_id, _CAUSE_WORDS.get(rule_id, verdict)))
    return out


_CAUSE_WORDS = {
    "turn.rotate-service": "A servant who worked last turn rests in Expended Service, then in the "
    "Servants' Quarters, and only then is available again.",
    "ruling.servants-quarters-scope": "The Servants' Quarters tile lets one resting servant work "
    "per turn.",
    "service.placement": "A servant works on one icon only in a turn.",
    "service.housekeeper-for-ladys-maid": "The housekeeper may cover a lady's maid only when no "
    "lady's maid is in Available Service.",
    "service.footman-for-valet": "A footman may cover a valet only with the Brushing Room and no "
    "valet in Available Service.",
    "service.underbutler": "The underbutler may cover the butler, a valet or a footman.",
    "ud.hall-boy.butler": "The hall boy may cover the butler's icon on a gentry card.",
    "ud.head-housemaid.housekeeper": "The head housemaid may cover the housekeeper's icon on a "
    "gentry card.",
    "ud.head-housemaid.housekeepers-room": "With the Housekeeper's Room the head housemaid covers "
    "a housekeeper or a lady's maid anywhere.",
}


def unpaid(table: Table, party: list[str], card_id: str | None) -> list[Ruling]:
    """Why the paupers of ``party`` cannot be paid even with the richest guests still to come:
    the cost, the money held, this activity's pounds and what borrowing could raise."""
    counts = [n for n in allowed_counts(table) if n >= len(party)]
    more = min(counts) - len(party) if counts else 0
    others = sorted((money_balance(table, [c]) for c, _facts in candidates(table) if c not in party),
                    reverse=True)
    best_more = sum(others[:more])
    balance = money_balance(table, party)
    borrow = borrowing_capacity(table)
    short = -(table.me.money + balance + best_more + borrow)
    if short <= 0:
        return []
    costs = [(c, -favour_money(table.card(c).favours))
             for c in party if "pauper" in table.card(c).traits]
    cost = " and ".join(f"{table.card_name(c)} costs £{n}" for c, n in costs) or "The party costs"
    gains = balance + sum(n for _c, n in costs) + best_more
    verdict = (f"{cost}, which cannot be paid: {table.me.name} holds £{table.me.money}, this "
               f"activity's guests and tile bring £{gains}, and borrowing could raise £{borrow} "
               f"(two reputation per £100), so £{short} is missing.")
    return [ruling("favours.pauper", verdict, tuple(c for c, _n in costs)),
            ruling("ruling.pauper-payment", "A pauper is paid from all the money held, then by "
                   "borrowing; when even borrowing falls short, the pauper may not attend.")]


def party_refusal(table: Table, card_id: str | None = None) -> list[Ruling]:
    """Why the guests invited (with ``card_id`` joining them) make no full party that can be
    served and paid for: the payment, the icon and its servants, or the guests still missing."""
    party = [*table.turn.guests, *([card_id] if card_id else [])]
    found = unpaid(table, party, card_id)
    if found:
        return found
    slots = open_slots(table) + slots_for(table, [card_id] if card_id else [],
                                          include_tile=False)
    found = unfilled_icon(table, slots, prefer=card_id)
    if found:
        return found
    counts = [n for n in allowed_counts(table) if n >= len(party)]
    more = (min(counts) - len(party)) if counts else 0
    with_card = f"With {table.card_name(card_id)}" if card_id else "With these guests"
    return [ruling("service.mandatory", f"{with_card}, no {more} more guest(s) from the hand "
                   "can complete a party whose every servant icon is filled and whose paupers "
                   "are paid.", (card_id,) if card_id else ())]


def serve_refusal(table: Table, slot: Slot, servant: str) -> Ruling:
    """Why ``servant`` may not fill ``slot``: the stand-in rule and the condition it misses, or
    the kinds that may fill it."""
    name, icon = table.servant_name(servant), _icon(table, slot)
    nobody: Counter[str] = Counter()
    rule_id = filler_rule(table, slot, servant, nobody)
    if rule_id is not None:
        regular = table.servant_name(slot.kind)
        return ruling(rule_id, f"The {name} may fill {icon} {CONDITIONS.get(rule_id, '')}, and a "
                      f"{regular} is in Available Service.")
    if servant == "hall_boy" and slot.kind == "butler":
        return ruling("ud.hall-boy.butler", f"The hall boy may stand in for the butler on a "
                      f"gentry card only, never on the activity tile ({icon}).")
    if servant == "head_housemaid" and slot.kind == "housekeeper":
        return ruling("ud.head-housemaid.housekeeper", "The head housemaid may stand in for the "
                      "housekeeper on a gentry card only (anywhere with the Housekeeper's Room).")
    if servant == "underbutler":
        return ruling("ruling.underbutler-scope", f"The underbutler covers the butler, a valet or "
                      f"a footman only, not {icon}.")
    if servant == "footman" and slot.kind == "valet":
        return ruling("service.footman-for-valet", "A footman may cover a valet only with the "
                      "Brushing Room.")
    may = [table.servant_name(slot.kind)] + [table.servant_name(k) for k, _r in
                                            standins(table, slot)]
    return ruling("service.mandatory", f"A {name} cannot fill {icon}: only "
                  f"{' or '.join(f'a {m}' for m in may)} may.")
