"""The verifiers and applies of the turn's own actions: passing, the Servants' Hall and its
rumour (ud.servants-hall), and ``done`` closing a step (turn.host-or-pass,
ruling.parish-church-choice).  Each verifier raises :class:`IllegalAction` with the rule."""



from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler, no_rulings
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.state import Placement
from obsession_nb.engine.steps import choices, hosting, step2, suites
from obsession_nb.engine.steps.service import open_slots
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import flow, opening


def verify_pass(table: Table) -> list[Ruling]:
    if table.turn.passing:
        raise refuse("turn.host-or-pass", f"{table.me.name} is already passing this turn.")
    _hall_owed(table)
    return []


def _hall_owed(table: Table) -> None:
    """The 1st-printing Hall steals every turn: step 2 cannot end before it has (ud.servants-hall)."""
    turn = table.state.turn
    assert turn is not None
    if (turn.step == "step2" and table.state.options.servants_hall == "automatic"
            and step2.can_use_hall(table)):
        raise refuse("ud.servants-hall", "The 1st-printing Servants' Hall steals one reputation "
                     "every turn: choose whom first (rumour SEAT).")


# ----------------------------------------------------------------- step 2: Servants' Hall


def _verify_hall_target(table: Table, seat: int) -> None:
    if not step2.can_use_hall(table):
        raise refuse("turn.servants-hall", "The Servants' Hall cannot be used now (it needs the "
                     "tile, step 2, another player, and not a courtship round).")
    if seat == table.turn.player or not 0 <= seat < len(table.state.players):
        raise refuse("turn.servants-hall", "The Hall gossips about another player.")


def verify_hall(table: Table, servant: str, seat: int) -> list[Ruling]:
    me = table.me
    if table.state.options.servants_hall == "automatic":
        raise refuse("ud.servants-hall", "The 1st-printing Hall in play takes no servant: it "
                     "steals by itself (rumour SEAT).")
    _verify_hall_target(table, seat)
    if servant not in me.servants.available:
        raise refuse("turn.servants-hall", f"No {table.servant_name(servant)} is in Available "
                     "Service to place on the Hall.")
    return [ruling("ud.servants-hall", f"The {table.servant_name(servant)} goes on the Servants' "
                   "Hall and will end the turn in Expended Service.")]


def apply_hall(table: Table, servant: str, seat: int) -> list[Ruling]:
    table.me.servants.available.remove(servant)
    table.turn.placements.append(Placement.model_construct(servant=servant, target="hall"))
    return _steal(table, seat)


def verify_rumour(table: Table, seat: int) -> list[Ruling]:
    if table.state.options.servants_hall != "automatic":
        raise refuse("ud.servants-hall", "This Servants' Hall needs an available servant placed "
                     "on it (hall SERVANT SEAT).")
    _verify_hall_target(table, seat)
    return [ruling("ud.servants-hall", "The 1st-printing Hall steals one reputation without a "
                   "servant.")]


def _steal(table: Table, seat: int) -> list[Ruling]:
    """One reputation from ``seat`` to the Hall's owner (turn.servants-hall)."""
    me, turn = table.me, table.turn
    turn.hall_used = True
    target = table.state.players[seat]
    rulings = [
        ruling("ruling.servants-hall-target-floor", f"{target.name} is at level 1 position 1 "
               "and loses nothing; the Hall's owner still gains.") if target.reputation == 0 else
        table.lose_reputation(target, 1, "turn.servants-hall", f"Rumours about {target.name}"),
        table.gain_reputation(me, 1, "turn.servants-hall", f"{me.name} gains from the Hall"),
    ]
    if not step2.step2_has_choices(table):
        opening.exit_step2(table)
    return rulings


# ----------------------------------------------------------------- done


def verify_done(table: Table) -> list[Ruling]:
    turn = table.turn
    if turn.step == "step2" and step2.church_pending(table):
        raise refuse("ruling.parish-church-choice", "The Parish Church's choice (£100 or one "
                     "reputation) must be made in step 2.")
    if turn.step == "invite":
        return hosting.verify_guests_done(table)
    if turn.step == "service":
        barrier = done_barrier(table)
        if barrier == "service.mandatory":
            raise refuse(barrier, f"{len(open_slots(table))} servant icon(s) still need a "
                         "servant; service is mandatory.")
        if barrier == "tile.queens-suite":
            raise refuse(barrier, "Choose the favour the Queen's Suite doubles first.")
        return [ruling("ud.supplemental-service", "Supplemental service is optional; no more "
                       "new servants are placed.")]
    if turn.step == "favours":
        if done_barrier(table) is not None:
            raise refuse("favours.dismiss", "Only dismissal is optional; this favour needs a "
                         "decision.")
        return []
    if turn.step == "step2":
        _hall_owed(table)
        if step2.can_use_hall(table):
            return [ruling("turn.servants-hall", "Step 2 ends unused; the Servants' Hall cannot "
                           "be used once step 3 begins.")]
        return [ruling("turn.order-of-play", "Step 2 ends; step 3 begins.")]
    return [ruling("market.one-purchase", f"Shopping ends after {turn.purchases} purchase(s); "
                   "step 8 clears the board.")]


def done_barrier(table: Table) -> str | None:
    """What keeps ``done`` from closing service or a favour, text-free (the rule id, ``None``
    when nothing does): an icon still open (service.mandatory), the Queen's Suite's doubled
    favour still to choose (tile.queens-suite), a favour that must be decided
    (favours.dismiss: only dismissing and hiring may stop short)."""
    turn = table.turn
    if turn.step == "service":
        if open_slots(table):
            return "service.mandatory"
        return "tile.queens-suite" if suites.double_pending(table) else None
    if turn.step == "favours" and turn.choices[0].kind not in ("dismiss", "hire"):
        return "favours.dismiss"
    return None


def can_done(table: Table) -> bool:
    """Whether :func:`verify_done` allows ``done``, without its text where the answer is often
    no (a party not yet complete, icons still open, a favour still to decide)."""
    turn = table.state.turn
    assert turn is not None
    step = turn.step
    if step == "invite":
        return hosting.can_finish_invitations(table)
    if step in ("service", "favours"):
        return done_barrier(table) is None
    if step == "buy":
        return True  # shopping may always end (market.one-purchase: verify_done's last case)
    try:
        verify_done(table)
    except IllegalAction:
        return False
    return True


def apply_done(table: Table) -> list[Ruling]:
    turn = table.turn
    step = turn.step
    if step == "step2":
        opening.exit_step2(table)
        return []
    if step == "invite":
        hosting.finish_invitations(table)
        return []
    if step == "service":
        opening.finish_service(table)
        return []
    if step == "favours":
        if turn.choices[0].kind == "dismiss":
            return choices.skip_dismissal(table)
        return choices.stop_hiring(table)
    flow.end_turn(table)
    return []


KINDS: dict[type[a.Action], Handler] = {
    a.Activity: Handler.at({"begin"}, no_rulings, opening.begin_activity),
    a.Pass: Handler.at({"begin", "step2", "host"}, verify_pass, opening.begin_pass),
    a.Done: Handler.at({"step2", "invite", "service", "favours", "buy"}, verify_done, apply_done,
                       test=can_done),  # invite.exact-count, service.mandatory, favours.dismiss
    a.Hall: Handler.at({"step2"}, verify_hall, apply_hall),
    va.Rumour: Handler.at({"step2"}, verify_rumour, _steal),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

BEGIN = (a.Activity(), a.Pass())
"""A turn's first decision: host an activity or pass (turn.host-or-pass)."""

DECISIONS = {"begin": Decision(lambda table: list(BEGIN))}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
