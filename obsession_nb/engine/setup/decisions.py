"""The decisions a variant adds before the first turn (``areas.setup_decisions`` gives their order).

* ``starter-draft`` (option.starter-guest-draft): the starter guests are drafted instead of dealt
  (action ``starter CARD``), in the order of starter_draft.draft_order; the deck still to pick
  from is ``turn.offer``; the two left join the casual deck.
* ``opening-market`` (option.market-redraw): each player in turn order says whether to redraw
  the opening market (action ``opening-market redraw`` or ``opening-market keep``); one keep
  settles it, and only if every player asks for it is the market redrawn, once.
* ``choose-objectives`` (ud.objectives-during-play, choice ``choose-at-setup``): the 1st
  printing's rule; each player in turn order keeps two of the five objective cards dealt
  (action ``choose-objective CARD``, twice), and the other three go under the objective deck.

Then the first turn begins.  Under the same rule a round-track objective draw keeps one of the
two cards drawn: the same step and action in the middle of step 2 (``turn.offer`` holds the
two, ``turn.resume`` is ``step2``), after which step 2 goes on.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.state import Step, Turn
from obsession_nb.engine.setup.areas import setup_decisions
from obsession_nb.engine.setup.starter_draft import draft_order, return_undrafted
from obsession_nb.engine.setup.supply import FIRST_PRINTING_KEPT
from obsession_nb.engine.setup.tiles import opening_market
from obsession_nb.engine.table import Table

STEP_NAMES = {
    "starter-draft": "the starter-guest draft (take one card from the deck passed to you)",
    "opening-market": "the vote on redrawing the opening market (every player must agree)",
    "choose-objectives": "keeping objective cards by the 1st printing (two of the five dealt at "
    "setup, one of the two drawn at an objective draw)",
}


def _next(table: Table) -> None:
    """The next seat of this decision in turn order, else the next decision or the first turn."""
    state, turn = table.state, table.turn
    seat = (turn.player + 1) % len(state.players)
    if seat != state.first_player:
        turn.player = seat
        return
    _after(table, turn.step)


def _after(table: Table, step: Step) -> None:
    state = table.state
    pending = setup_decisions(state.options)
    later = pending[pending.index(step) + 1:]
    state.turn = Turn(player=state.first_player,
                      step=later[0] if later else "begin")


# ----------------------------------------------------------------- the starter-guest draft


def verify_starter(table: Table, card: str) -> list[Ruling]:
    if card not in table.turn.offer:
        raise refuse("option.starter-guest-draft", f"'{card}' is not in the starter-guest deck "
                     "passed to you.")
    return [ruling("option.starter-guest-draft",
                   f"{table.me.name} takes {table.card_name(card)} from the starter-guest deck.",
                   (card,))]


def apply_starter(table: Table, card: str) -> list[Ruling]:
    state, turn = table.state, table.turn
    table.me.hand.append(card)
    turn.offer.remove(card)
    order = draft_order(len(state.players), state.first_player)
    picked = 2 * len(state.players) + 2 - len(turn.offer)
    if picked < len(order):
        turn.player = order[picked]
        return []
    left, turn.offer = list(turn.offer), []
    return_undrafted(table, left)
    _after(table, "starter-draft")
    return [ruling("option.starter-guest-draft", f"The {len(left)} starter guests nobody took "
                   "are shuffled into the casual deck.")]


# ----------------------------------------------------------------- the opening market


def verify_opening_market(table: Table, choice: str) -> list[Ruling]:
    if choice not in ("redraw", "keep"):
        raise refuse("option.market-redraw", "Answer 'redraw' or 'keep'.")
    return [ruling("option.market-redraw", f"{table.me.name} votes to {choice} the opening "
                   "market.")]


def apply_opening_market(table: Table, choice: str) -> list[Ruling]:
    state = table.state
    if choice == "keep":
        _after(table, "opening-market")
        return [ruling("option.market-redraw", "Not every player agrees: the opening market "
                       "stays as drawn.")]
    if (table.turn.player + 1) % len(state.players) != state.first_player:
        _next(table)
        return []
    supply = state.supply
    supply.bag = sorted([*supply.bag, *(t for stack in supply.market for t in stack)])
    supply.market = []
    rulings = [ruling("option.market-redraw", "Every player agrees: the opening market goes "
                      "back into the bag and is drawn again (this once, at setup only).")]
    rulings += opening_market(table)
    _after(table, "opening-market")
    return rulings


# ----------------------------------------------------------------- the 1st printing's objectives


def verify_choose_objective(table: Table, card: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    if turn.resume == "step2" and card not in turn.offer:
        raise refuse("ud.objectives-during-play", f"'{card}' is not one of the two objective "
                     "cards just drawn.")
    if turn.resume != "step2" and card not in me.objectives:
        raise refuse("ud.objectives-during-play", f"'{card}' is not one of {me.name}'s dealt "
                     "objective cards still to choose from.")
    name = table.catalog.objectives[card].name if card in table.catalog.objectives else card
    return [ruling("ud.objectives-during-play", f"{me.name} keeps the objective {name}.", (card,))]


def apply_choose_objective(table: Table, card: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    if turn.resume == "step2":  # a round-track draw: keep one, the other under the deck
        turn.offer.remove(card)
        me.objectives.append(card)
        table.state.supply.objective_deck += turn.offer
        turn.offer, turn.step, turn.resume = [], "step2", None
        table.then("step2")
        return [ruling("ud.objectives-during-play", f"{me.name} keeps it; the other goes under "
                       "the objective deck.")]
    me.objectives.remove(card)
    turn.offer.append(card)  # the cards kept so far
    if len(turn.offer) < FIRST_PRINTING_KEPT and me.objectives:
        return []
    back = me.objectives
    me.objectives, turn.offer = list(turn.offer), []
    table.state.supply.objective_deck += back
    _next(table)
    return [ruling("ud.objectives-during-play", f"{me.name} keeps {len(me.objectives)}; the "
                   f"other {len(back)} go under the objective deck.")]


KINDS: dict[type[a.Action], Handler] = {
    va.Starter: Handler.at({"starter-draft"}, verify_starter, apply_starter),
    va.OpeningMarket: Handler.at({"opening-market"}, verify_opening_market, apply_opening_market),
    va.ChooseObjective: Handler.at({"choose-objectives"}, verify_choose_objective,
                                   apply_choose_objective),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""


def _starters(table: Table) -> list[a.Action]:
    return [va.Starter(c) for c in dict.fromkeys(table.turn.offer)]


def _market_votes(table: Table) -> list[a.Action]:
    return [va.OpeningMarket("redraw"), va.OpeningMarket("keep")]


def _objectives(table: Table) -> list[a.Action]:
    """The five dealt at setup, or the two of a round-track draw (``turn.offer``)."""
    turn = table.turn
    pool = turn.offer if turn.resume == "step2" else table.me.objectives
    return [va.ChooseObjective(c) for c in dict.fromkeys(pool)]


DECISIONS = {
    "starter-draft": Decision(_starters, in_turn=False),
    "opening-market": Decision(_market_votes, in_turn=False),
    "choose-objectives": Decision(_objectives, in_turn=False),
}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
