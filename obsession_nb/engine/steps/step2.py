"""Step 2 of a turn: the decisions it may hold — the Servants' Hall, the Parish Church's choice,
the useful man's Village Fair placement — and whether any is left (rules turn.servants-hall,
ud.tile.parish-church, ruling.parish-church-choice, ud.useful-man.village-fair).

The automatic part of step 2 (round-track events, monument reputation) and closing it are the
sequencer's (``opening.enter_step2`` / ``opening.exit_step2``); a decision here asks for that with
``table.then("step2")``.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.steps import favours
from obsession_nb.engine.steps.rounds import has_event, is_courtship
from obsession_nb.engine.table import Table


def step2_has_choices(table: Table) -> bool:
    if table.mode.step2_pending(table):
        return True
    return can_use_hall(table) or fair_useful_man_possible(table) or church_pending(table)


def church_pending(table: Table) -> bool:
    """The flipped Parish Church asks for its choice in step 2 (ud.tile.parish-church)."""
    turn = table.state.turn
    assert turn is not None
    return (
        not turn.church_done
        and not is_courtship(table)
        and table.has_ability(table.state.players[turn.player], "parish_church_monument")
    )


def verify_church(table: Table, choice: str) -> list[Ruling]:
    if not church_pending(table):
        raise refuse("ud.tile.parish-church", "There is no Parish Church monument choice to make.")
    if choice not in ("money", "reputation"):
        raise refuse("ruling.parish-church-choice", "The Parish Church gives 'money' (£100) or "
                     "'reputation' (one step).")
    return [ruling("ruling.parish-church-choice", "The Parish Church monument gives £100 or one "
                   "reputation instead of the usual monument reputation.")]


def apply_church(table: Table, choice: str) -> list[Ruling]:
    me = table.me
    table.turn.church_done = True
    if choice == "money":
        me.money += 100
        result = ruling("ud.tile.parish-church", f"{me.name} takes £100 from the Parish Church.")
    else:
        result = table.gain_reputation(me, 1, "ud.tile.parish-church", "The Parish Church")
    table.then("step2")
    return [result]


def can_use_hall(table: Table) -> bool:
    turn = table.state.turn
    assert turn is not None
    return (
        not turn.hall_used
        and not is_courtship(table)
        and table.has_ability(table.state.players[turn.player], "servants_hall")
        and len(table.state.players) > 1
    )


def fair_useful_man_possible(table: Table) -> bool:
    me = table.me
    return (
        table.state.options.expansion
        and has_event(table, "village_fair")
        and me.owned("private-study") is not None
        and "useful_man" in me.servants.all()
        and not favours.supplemental_on(table, "useful_man", "study")
    )


KINDS: dict[type[a.Action], Handler] = {
    a.Church: Handler.at({"step2"}, verify_church, apply_church),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

CLOSING = (a.Church("money"), a.Church("reputation"), a.Done(), a.Pass())


def step2_choices(table: Table) -> list[a.Action]:
    """The Servants' Hall (its 1st-printing rumour when automatic), the Parish Church, then
    closing step 2 (ud.servants-hall, ud.tile.parish-church)."""
    seats = table.others
    found: list[a.Action]
    if table.state.options.servants_hall == "automatic":
        found = [va.Rumour(s) for s in seats]
    else:
        found = [a.Hall(k, s) for k in dict.fromkeys(table.me.servants.available) for s in seats]
    found += CLOSING
    return found


DECISIONS = {"step2": Decision(step2_choices)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
