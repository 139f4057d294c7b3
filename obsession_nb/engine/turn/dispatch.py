"""Dispatch: which actions a pending decision offers, and checking and applying one.

Each action kind has one verifier (raising :class:`IllegalAction` with the rulings that forbid
it) and one apply; ``legal_actions`` is the candidates that pass the verifier, so the list of
choices and the refusal of an illegal choice come from the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from obsession_nb.data.rules import Ruling, refuse
from obsession_nb.engine.mode import Handler, handler_anywhere
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import mode_actions as ma
from obsession_nb.engine.setup import decisions as setup_choices
from obsession_nb.engine.setup import servant_draft as draft
from obsession_nb.engine.steps import (
    buying,
    choices,
    hosting,
    limits,
    milestones,
    passing,
    seasons,
    serving,
    special,
    step2,
    suites,
    supplemental,
    vpcards,
)
from obsession_nb.engine.steps.market import offers
from obsession_nb.engine.steps.service import (
    available_counts,
    filler_rule,
    open_slots,
    quarters_kinds,
)
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import flow, movegen, opening
from obsession_nb.engine.turn.handlers import (
    _steal,
    apply_done,
    apply_hall,
    verify_done,
    verify_hall,
    verify_pass,
    verify_rumour,
)

ANY_STEP = frozenset({"begin", "step2", "host", "invite", "service", "favours", "pass-option", "buy"})


def _h(steps: set[str] | frozenset[str], verify: Callable[..., list[Ruling]],
       apply: Callable[..., list[Ruling]]) -> Handler:
    return Handler(frozenset(steps), verify, apply)


def _ok(*_args: Any) -> list[Ruling]:
    return []


HANDLERS: dict[type[a.Action], Handler] = {
    a.Family: _h({"draft"}, draft.verify_family, draft.apply_family),
    a.StartTile: _h({"draft"}, draft.verify_start_tile, draft.apply_start_tile),
    a.Draft: _h({"draft"}, draft.verify_draft, draft.apply_draft),
    a.Activity: _h({"begin"}, _ok, lambda t: opening.begin_activity(t)),
    a.Pass: _h({"begin", "step2", "host"}, verify_pass, lambda t: opening.begin_pass(t)),
    a.Done: _h({"step2", "invite", "service", "favours", "buy"}, verify_done, apply_done),
    a.Hall: _h({"step2"}, verify_hall, apply_hall),
    ma.Rumour: _h({"step2"}, verify_rumour, _steal),
    a.Church: _h({"step2"}, step2.verify_church, step2.apply_church),
    a.Place: _h({"step2", "host", "invite", "service"}, supplemental.verify_place,
                supplemental.apply_place),
    a.Host: _h({"host"}, hosting.verify_host, hosting.apply_host),
    a.Invite: _h({"invite"}, hosting.verify_invite, hosting.apply_invite),
    a.Carriage: _h({"invite"}, supplemental.verify_carriage, supplemental.apply_carriage),
    a.Kitchen: _h({"invite"}, supplemental.verify_kitchen, supplemental.apply_kitchen),
    a.Serve: _h({"service"}, serving.verify_serve, serving.apply_serve),
    a.Double: _h({"service"}, suites.verify_double, suites.apply_double),
    a.Keep: _h({"favours"}, choices.verify_keep, choices.apply_keep),
    a.Lady: _h({"favours"}, choices.verify_lady, choices.apply_lady),
    a.Dismiss: _h({"favours"}, choices.verify_dismiss, choices.apply_dismiss),
    a.Gossip: _h({"favours"}, choices.verify_gossip, choices.apply_gossip),
    a.Reclaim: _h({"favours"}, choices.verify_reclaim, choices.apply_reclaim),
    a.Hire: _h({"favours"}, choices.verify_hire, choices.apply_hire),
    a.Recruit: _h({"favours"}, choices.verify_recruit, choices.apply_recruit),
    a.Rents: _h(passing.PASS_OPTION_STEP, _ok, passing.apply_rents),
    a.FreeRefresh: _h(passing.PASS_OPTION_STEP, _ok, passing.apply_free_refresh),
    a.HireServants: _h(passing.PASS_OPTION_STEP, passing.verify_hire_servants,
                       passing.apply_hire_servants),
    a.Buy: _h({"buy"}, buying.verify_buy, buying.apply_buy),
    a.Borrow: _h(ANY_STEP, special.verify_borrow, special.apply_borrow),
    a.Help: _h(ANY_STEP, special.verify_help, special.apply_help),
    a.RefreshMarket: _h(ANY_STEP, special.verify_refresh, special.apply_refresh),
    a.UsefulManRefresh: _h(ANY_STEP, special.verify_um_refresh, special.apply_um_refresh),
    a.UsefulManSearch: _h(ANY_STEP, special.verify_um_search, special.apply_um_search),
    a.Fairchild: _h({"fairchild"}, seasons.verify_fairchild, seasons.apply_fairchild),
    a.DiscardObjective: _h({"discard"}, seasons.verify_discard, seasons.apply_discard),
    a.KeepVPCards: _h({"reveal"}, _ok, seasons.done_revealing),
    a.Reveal: _h(vpcards.TURN_STEPS, vpcards.verify_reveal, vpcards.apply_reveal),
    a.RevealHire: _h(vpcards.TURN_STEPS, vpcards.verify_reveal_hire, vpcards.apply_reveal_hire),
    a.RevealReclaim: _h(vpcards.TURN_STEPS, vpcards.verify_reveal_reclaim,
                        vpcards.apply_reveal_reclaim),
    a.KeepObjective: _h({"keep-objective"}, vpcards.verify_keep_objective,
                        vpcards.apply_keep_objective),
    a.DiscardPrestige: _h({"prestige-limit"}, limits.verify_discard_prestige,
                          limits.apply_discard_prestige),
    ma.Milestone: _h(ANY_STEP, milestones.verify_claim, milestones.apply_claim),
    ma.Starter: _h({"starter-draft"}, setup_choices.verify_starter, setup_choices.apply_starter),
    ma.OpeningMarket: _h({"opening-market"}, setup_choices.verify_opening_market,
                        setup_choices.apply_opening_market),
    ma.ChooseObjective: _h({"choose-objectives"}, setup_choices.verify_choose_objective,
                          setup_choices.apply_choose_objective),
}
"""The standard game's action kinds; a mode adds its own (``Mode.handlers``)."""


def handler(table: Table, action: a.Action) -> Handler:
    """How this kind of action is checked and played here; refuses a kind of another mode."""
    found = (table.mode.handlers.get(type(action)) or HANDLERS.get(type(action))
             or handler_anywhere(type(action)))  # the mode's own first (Tableau's starter draft)
    if found is None:
        raise refuse("turn.order-of-play", f"'{action.verb}' is not an action of this game "
                     f"({table.state.options.mode}).")
    return found


PURE_VERIFY_CHECK = False
"""Debug switch (the test suite turns it on for random games): fingerprint the position around
every verify and fail if a verifier changed it — verifiers only read (DESIGN principle 9)."""


class ImpureVerifier(AssertionError):
    """A verifier changed the position it was asked about."""


def verify(table: Table, action: a.Action) -> list[Ruling]:
    """The rulings that allow ``action`` now; raises :class:`IllegalAction` otherwise.
    Never changes the position."""
    if not PURE_VERIFY_CHECK:
        return _verify(table, action)
    before = table.state.model_dump_json()
    try:
        return _verify(table, action)
    finally:
        if table.state.model_dump_json() != before:
            raise ImpureVerifier(f"verifying '{action.notation}' changed the position")


def _verify(table: Table, action: a.Action) -> list[Ruling]:
    if table.state.turn is None:
        raise refuse("turn.order-of-play", "The game is over; no action can be taken.")
    kind = handler(table, action)
    table.mode.refuse(table, action)
    step = table.turn.step
    if step not in kind.steps:
        because_passing = passing.out_of_turn(table, kind.steps)
        if because_passing is not None:
            raise because_passing
        raise refuse(
            "turn.special-actions-any-time" if kind.steps == ANY_STEP else "turn.order-of-play",
            f"It is {flow.STEP_NAMES[step]}; '{action.verb}' is not a choice now.",
        )
    return kind.verify(table, *a.arguments(action))


def can(table: Table, action: a.Action) -> bool:
    """Whether ``action`` is legal now (the check that move generation and players use)."""
    return bool(allowed(table, [action]))


def allowed(table: Table, actions: Iterable[a.Action], *, listing: bool = False
            ) -> list[a.Action]:
    """Those of ``actions`` legal now, in their order, each once: move generation's check
    (``movegen``: the verifiers' answer, text-free where a kind has its own test), in one
    reading of the position.  ``listing``: ``actions`` are the decision's whole list."""
    if table.state.turn is None:
        return []
    if table.cache is None:  # one reading for every check (legal_actions opens its own)
        with table.reading():
            return allowed(table, actions, listing=listing)
    return movegen.legal(table, actions, verify, HANDLERS, listing)


def perform(table: Table, action: a.Action) -> list[Ruling]:
    """Apply an action that :func:`verify` allowed, returning what happened."""
    rulings = handler(table, action).apply(table, *a.arguments(action))
    return rulings + flow.settle(table)


def apply(table: Table, action: a.Action) -> list[Ruling]:
    """Verify, then apply ``action`` (no copy: a refused action has changed nothing)."""
    with table.reading():
        rulings = verify(table, action)
    return rulings + perform(table, action)


def play(table: Table, action: a.Action) -> list[Ruling]:
    """:func:`apply` for players that read no rulings (an AI's playouts and plans): allowed by
    the text-free check of move generation (:func:`can`, the same answer as the verifier:
    tests/test_movegen_oracle.py), so the verifier's text is built only to refuse; returns what
    happened."""
    return _perform_allowed(table, action, can(table, action))


def play_decided(table: Table, decide: Callable[[], a.Action | None]) -> a.Action | None:
    """Ask ``decide`` (which only reads the position) for an action and :func:`play` it, in
    one reading: the facts of the decision worked out while deciding also serve the action's
    check.  Returns the action played, or ``None`` (nothing played) when none is decided."""
    with table.reading():
        action = decide()
        allowed = action is not None and can(table, action)
    if action is None:
        return None
    _perform_allowed(table, action, allowed)
    return action


def _perform_allowed(table: Table, action: a.Action, allowed: bool) -> list[Ruling]:
    """Perform ``action`` if :func:`can` allowed it; otherwise the verifier refuses it with
    the rule that forbids it (``IllegalAction``), the position unchanged."""
    if not allowed:
        with table.reading():
            verify(table, action)  # raises IllegalAction
    return perform(table, action)


DONE, PASS = a.Done(), a.Pass()
BEGIN = (a.Activity(), PASS)
STEP2 = (a.Church("money"), a.Church("reputation"), DONE, PASS)
PASS_OPTIONS = (a.Rents(), a.FreeRefresh(), a.HireServants(), a.HireServants(True))
SPECIALS = (a.Borrow(), a.RefreshMarket())
"""Candidates with nothing to choose, made once (actions are frozen values)."""


def candidates(table: Table, *, any_time: bool = True) -> list[a.Action]:
    """Every action worth checking at the pending decision (a superset of the legal ones);
    without ``any_time``, none of those open at any point of a turn (special actions, the
    useful man's removals, VP-card reveals), as the explorer leaves them out.  A list, built
    in one pass (move generation reads every candidate)."""
    turn = table.turn
    me = table.me
    step = turn.step
    found: list[a.Action]
    if step == "draft":
        if me.family is None:
            return [a.Family(f) for f in draft.family_candidates(table)]
        start_tiles = draft.start_tile_pending(table)
        if start_tiles:
            return [a.StartTile(t) for t in start_tiles]
        return [a.Draft(k) for k in dict.fromkeys(table.state.supply.draft_display)]
    if step in seasons.STEPS:
        return list(seasons.candidates(table))
    if step in setup_choices.STEPS:
        return list(setup_choices.candidates(table))
    if step == "mode":  # a mode's decision outside the turns
        return list(table.mode.candidates(table))
    if step == "begin":
        found = list(BEGIN)
    elif step == "step2":
        seats = _others(table)
        if table.state.options.servants_hall == "automatic":
            found = [ma.Rumour(s) for s in seats]
        else:
            found = [a.Hall(k, s) for k in dict.fromkeys(me.servants.available) for s in seats]
        found += STEP2
    elif step == "host":
        found = [a.Host(t.tile) for t in me.organiser]
        found.append(PASS)
    elif step == "invite":
        found = [a.Invite(c) for c in dict.fromkeys(me.hand)]
        found.append(DONE)
    elif step == "service":
        kinds = dict.fromkeys([*me.servants.available, *sorted(quarters_kinds(table))])
        available = available_counts(table)
        found = [a.Serve(s.id, k) for s in open_slots(table) for k in kinds
                 if filler_rule(table, s, k, available) is not None]
        if suites.double_pending(table):
            count = len(table.card(turn.guests[0]).favours)
            found += [a.Double(str(i)) for i in range(1, count + 1)]
        found.append(DONE)
    elif step == "favours":
        found = list(_choice_candidates(table, _others(table)))
    elif step == "pass-option":
        found = list(PASS_OPTIONS)
    elif step == "buy":
        discount = "useful_man" in me.servants.available  # his discount needs him available
        found = []
        for offer in offers(table):
            found.append(a.Buy(offer.tile))
            if discount:
                found.append(a.Buy(offer.tile, useful_man=True))
        found.append(DONE)
    else:
        found = []
    found += table.mode.candidates(table)
    found += milestones.candidates(table)
    found += supplemental.placement_candidates(table)
    if not any_time:
        return found
    found += vpcards.reveal_candidates(table)
    found += SPECIALS
    found += [a.Help(k) for k in dict.fromkeys([*me.servants.quarters, *me.servants.expended])]
    if "useful_man" in me.servants.available:  # his one-time removals need him available
        found.append(a.UsefulManRefresh())
        found += [a.UsefulManSearch(t) for t in sorted(set(table.state.supply.bag))]
    return found


def _others(table: Table) -> list[int]:
    """The seats other than the active player's."""
    player = table.turn.player
    return [s for s in range(len(table.state.players)) if s != player]


def _choice_candidates(table: Table, seats: list[int]) -> Iterator[a.Action]:
    choice = table.turn.choices[0]
    if choice.kind == "screen":
        yield from (a.Keep(c) for c in choice.cards)
    elif choice.kind == "lady":
        yield from (a.Lady("screen"), a.Lady("dismiss"))
    elif choice.kind == "dismiss":
        yield from (a.Dismiss(c) for c in choices.dismissable(table))
        yield DONE
    elif choice.kind == "gossip":
        yield from (a.Gossip(s) for s in seats)
    elif choice.kind == "reclaim":
        yield from (a.Reclaim(c) for c in dict.fromkeys(table.me.discard))
    elif choice.kind == "hire":
        yield from (a.Hire(k) for k in table.catalog.servants)
        if choices.can_recruit(table):
            yield from (a.Recruit(s, k, z) for s in seats for k in choices.RECRUITABLE
                        for z in choices.recruit_choices(table, s, k))
        yield DONE


def legal_actions(table: Table, kinds: tuple[type[a.Action], ...] | None = None
                  ) -> list[a.Action]:
    """The candidates that are legal, in the candidates' order: generated per decision
    (``movegen``), the verifiers deciding the kinds without a text-free test.  ``kinds``: only
    actions of these kinds (the same ones, in the same order, as filtering the whole list;
    a player looking for its purchases checks nothing else)."""
    if table.state.turn is None:
        return []
    if table.cache is None:  # one reading: the decision's facts serve candidates and checks
        with table.reading():
            return legal_actions(table, kinds)
    before = table.state.model_dump_json() if PURE_VERIFY_CHECK else None
    found = candidates(table)
    if kinds is not None:
        found = [x for x in found if isinstance(x, kinds)]
    legal = allowed(table, found, listing=True)
    if before is not None and table.state.model_dump_json() != before:
        raise ImpureVerifier("listing the legal actions changed the position")
    return legal


def decision_actions(table: Table, legal: list[a.Action] | None = None) -> list[a.Action]:
    """The legal actions (``legal`` if already listed) that answer the pending decision itself,
    leaving out those open at any point of a turn (special actions, the useful man's removals,
    VP-card reveals).  Before the game is over there is always at least one (issue 10)."""
    any_time = (ANY_STEP, vpcards.TURN_STEPS)
    return [x for x in (legal_actions(table) if legal is None else legal)
            if handler(table, x).steps not in any_time or table.turn.step == "reveal"]
