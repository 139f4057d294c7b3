"""The pass option: £200 in rents, a free market refresh, or (with the expansion's pass rule)
hiring with the Butler's Room (rules pass.*, ud.pass.*)."""

from __future__ import annotations

from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler, no_rulings
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Choice, Placement
from obsession_nb.engine.steps import market
from obsession_nb.engine.steps.buying import purchase_limit
from obsession_nb.engine.steps.service import Slot, available_counts, can_fill
from obsession_nb.engine.table import Table

HIRERS = ("butler", "underbutler")
PASS_OPTION_STEP = frozenset({"pass-option"})


def shop(table: Table) -> Ruling:
    """pass.shop: what the passing player may still buy (one tile, or any number on a holiday)."""
    what = "one tile" if purchase_limit(table) == 1 else "as many tiles as on a Builders' Holiday"
    return ruling("pass.shop", f"After the pass option the player may still buy {what}.")


HOSTING_STEPS = frozenset({"host", "invite", "service"})


def out_of_turn(table: Table, steps: frozenset[str]) -> IllegalAction | None:
    """Why an action of ``steps`` is refused on a pass, when the pass itself is the reason:
    hosting once the turn is a pass (turn.host-or-pass), or a second pass option after the
    first (ud.pass; pass.base without the expansion's rule).  None otherwise."""
    turn = table.turn
    if not turn.passing:
        return None
    if steps <= HOSTING_STEPS:
        return IllegalAction([ruling("turn.host-or-pass", "This turn is a pass: a turn either "
                                     "hosts an activity or passes, never both.")])
    if steps != PASS_OPTION_STEP or turn.step not in ("favours", "buy"):
        return None
    taken = "hired with the Butler's Room" if turn.tile == "butlers-room" else "taken its option"
    if table.state.options.hire_on_pass:
        return IllegalAction([ruling("ud.pass", f"This pass has already {taken}: a pass gives "
                                     "one of £200 rents, hiring or a free market refresh, "
                                     "not two.")])
    return IllegalAction([ruling("pass.base", f"This pass has already {taken}: a pass gives "
                                 "£200 rents or a free market refresh, not both.")])


def apply_rents(table: Table) -> list[Ruling]:
    table.me.money += 200
    table.turn.step = "buy"
    return [ruling("pass.rents", f"{table.me.name} collects £200 in tenant rents "
                   f"(now £{table.me.money})."), shop(table)]


def apply_free_refresh(table: Table) -> list[Ruling]:
    rulings: list[Ruling] = [ruling("ruling.pass-refresh-not-special",
                                    "The free refresh does not use up the once-per-turn special "
                                    "refresh.")]
    market.refresh(table, rulings, "pass.free-refresh", "Pass option: free market refresh")
    table.turn.step = "buy"
    return [*rulings, shop(table)]


def hirer(table: Table, underbutler: bool = False) -> str | None:
    """The servant the player chose to staff the Butler's Room, if he is available: the butler,
    or an underbutler when named (ud.pass.hire, service.underbutler)."""
    kind = HIRERS[1] if underbutler else HIRERS[0]
    slot = Slot("tile", "tile", "butler")
    available = available_counts(table)
    return kind if available[kind] and can_fill(table, slot, kind, available) else None


def verify_hire_servants(table: Table, underbutler: bool = False) -> list[Ruling]:
    me = table.me
    if not table.state.options.hire_on_pass:
        raise refuse("pass.base", "Without the expansion's pass rule, passing offers only £200 "
                     "or a free market refresh.")
    if me.owned("butlers-room") is None:
        raise refuse("ud.pass.hire", f"{me.name} has no Butler's Room to hire with.")
    who = hirer(table, underbutler)
    if who is None:
        if underbutler and hirer(table):
            raise refuse("ud.pass.hire", "No underbutler is in Available Service to hire.")
        busy = _butler_busy(table)
        if not underbutler and hirer(table, True):
            raise IllegalAction([ruling("ud.pass.hire", "The butler is not in Available Service; "
                                        "the underbutler may hire instead: hire-servants "
                                        "underbutler."), *busy])
        raise IllegalAction([ruling("ud.pass.hire", "Hiring needs the butler or an underbutler "
                                    "in Available Service, and neither is there."), *busy])
    if underbutler:
        return [ruling("service.underbutler", "The underbutler staffs the Butler's Room in the "
                       "butler's place, as the player chose.")]
    return [ruling("ud.pass.butler-available", "The Butler staffs the Butler's Room (service "
                   "was refreshed first, so the butler is available).")]


def _butler_busy(table: Table) -> list[Ruling]:
    """ruling.pass-hire-butler-busy: where the butler is when service was refreshed but he is
    not available (he worked earlier in this pass, e.g. gossiping from the Servants' Hall)."""
    servants = table.me.servants
    if "butler" in servants.available:
        return []
    placed = [p.target for p in table.turn.placements if p.servant == "butler"]
    where = ("is gossiping from the Servants' Hall" if placed == ["hall"]
             else "already works this turn" if placed
             else "is in Expended Service" if "butler" in servants.expended
             else "is resting in the Servants' Quarters" if "butler" in servants.quarters
             else "is not on the board")
    return [ruling("ruling.pass-hire-butler-busy", f"The butler {where}: he worked after service "
                   "was refreshed, so he cannot staff the Butler's Room as well (our reading; "
                   "the alternative lets him hire anyway).")]


def apply_hire_servants(table: Table, underbutler: bool = False) -> list[Ruling]:
    me, turn = table.me, table.turn
    who = hirer(table, underbutler)
    assert who is not None
    me.servants.available.remove(who)
    turn.tile = "butlers-room"
    turn.placements.append(Placement.model_construct(servant=who, target="tile", covers="butler"))
    face = table.face(me.owned_tile("butlers-room"))
    count = next((f.amount for f in face.favours if f.kind == "hire"), 2)
    turn.choices.append(Choice.model_construct(kind="hire", source="tile", count=count))
    turn.step = "favours"
    return [ruling("ud.pass.hire", f"{me.name} hires with the Butler's Room: up to {count} "
                   "servants from Servants for Hire.")]


KINDS: dict[type[a.Action], Handler] = {
    a.Rents: Handler.at({"pass-option"}, no_rulings, apply_rents),
    a.FreeRefresh: Handler.at({"pass-option"}, no_rulings, apply_free_refresh),
    a.HireServants: Handler.at({"pass-option"}, verify_hire_servants, apply_hire_servants),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

PASS_OPTIONS = (a.Rents(), a.FreeRefresh(), a.HireServants(), a.HireServants(True))

DECISIONS = {"pass-option": Decision(lambda table: list(PASS_OPTIONS))}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
