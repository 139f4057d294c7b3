"""Step 5 of a turn: filling the activity's servant icons (rules service.mandatory,
host.servant-available, service.servants-quarters, ruling.servants-quarters-scope,
ud.standin-no-ability).  Each filled icon asks the sequencer whether service is done.
"""

from __future__ import annotations

from collections import Counter

from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Placement
from obsession_nb.engine.steps import refusals, service, suites
from obsession_nb.engine.table import Table


def serve_barrier(table: Table, slot_id: str, servant: str) -> str | None:
    """What forbids this servant on this icon, text-free: ``slot`` (no such unfilled icon),
    ``absent`` (not in Available Service nor allowed from the Quarters), ``filler`` (no rule
    lets this servant fill this icon), ``stranded`` (another icon would be left without a
    servant, service.mandatory); ``None`` when allowed."""
    open_slots = service.open_slots(table)
    slot = next((s for s in open_slots if s.id == slot_id), None)
    if slot is None:
        return "slot"
    available = Counter(table.me.servants.available)
    quarters = service.quarters_kinds(table)
    from_quarters = available[servant] == 0
    if from_quarters and servant not in quarters:
        return "absent"
    if service.filler_rule(table, slot, servant, available) is None:
        return "filler"
    rest = [s for s in open_slots if s.id != slot_id]
    if from_quarters:
        ok = service.feasible(table, rest, available, set())
    else:
        available[servant] -= 1
        ok = service.feasible(table, rest, available, quarters)
    return None if ok else "stranded"


def can_serve(table: Table, slot_id: str, servant: str) -> bool:
    return serve_barrier(table, slot_id, servant) is None


def verify_serve(table: Table, slot_id: str, servant: str) -> list[Ruling]:
    """The rulings of a servant filling an icon (:func:`serve_barrier` decides)."""
    barrier = serve_barrier(table, slot_id, servant)
    if barrier == "slot":
        raise refuse("service.mandatory", f"There is no unfilled servant icon '{slot_id}'.")
    if barrier == "absent":
        raise refuse("host.servant-available",
                     f"No {table.servant_name(servant)} is in Available Service.")
    slot = next(s for s in service.open_slots(table) if s.id == slot_id)
    if barrier == "filler":
        raise IllegalAction(refusals.serve_refusal(table, slot, servant))
    if barrier == "stranded":
        left = refusals.unfilled_icon_after(table, slot, servant)
        raise IllegalAction([ruling("service.mandatory", f"Using the "
                                    f"{table.servant_name(servant)} here would leave another "
                                    "icon without a servant."), *left])
    available = service.available_counts(table)
    from_quarters = available[servant] == 0
    why = service.filler_ruling(table, slot, servant, available)
    assert why is not None
    rulings = [why, *service.standin_notes(why.rule)]
    if servant != slot.kind and table.catalog.servants[servant].expansion == "upstairs_downstairs":
        rulings.append(ruling("ud.standin-no-ability", f"Standing in as a mandatory servant, the "
                              f"{table.servant_name(servant)} grants no ability of his or her own."))
    if from_quarters:
        rulings.append(ruling("service.servants-quarters",
                              "The Servants' Quarters lets one resting servant serve."))
        rulings.append(ruling("ruling.servants-quarters-scope", "One resting servant per turn, "
                              "of any kind."))
    return rulings


def apply_serve(table: Table, slot_id: str, servant: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    slot = next(s for s in service.open_slots(table) if s.id == slot_id)
    if servant in me.servants.available:
        me.servants.available.remove(servant)
        from_quarters = False
    else:
        me.servants.quarters.remove(servant)
        turn.quarters_used = from_quarters = True
    turn.placements.append(
        Placement.model_construct(servant=servant, target=slot.id, covers=slot.kind,
                                  from_quarters=from_quarters)
    )
    table.then("service")
    return []


KINDS: dict[type[a.Action], Handler] = {
    a.Serve: Handler.at({"service"}, verify_serve, apply_serve,
                        test=can_serve),  # service.*, host.servant-available
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

DONE = a.Done()


def service_choices(table: Table) -> list[a.Action]:
    """Each servant that some rule lets fill each open icon, the Queen's Suite's favour to
    double, then closing service (service.*, ud.tile.queens-suite)."""
    me = table.me
    kinds = dict.fromkeys([*me.servants.available, *sorted(service.quarters_kinds(table))])
    available = service.available_counts(table)
    found: list[a.Action] = [
        a.Serve(s.id, k) for s in service.open_slots(table) for k in kinds
        if service.filler_rule(table, s, k, available) is not None]
    if suites.double_pending(table):
        count = len(table.card(table.turn.guests[0]).favours)
        found += [a.Double(str(i)) for i in range(1, count + 1)]
    found.append(DONE)
    return found


DECISIONS = {"service": Decision(service_choices)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
