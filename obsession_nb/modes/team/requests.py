"""Competitive Team Play's requests and answers (UD p.12; rules team.*, rulings ruling.team-*):
a gift of £100 or £200 (``ask-gift``) and the loan of a servant (``ask-servant``), answered by
the teammate (``accept`` / ``decline``) with their own special actions to fund or refresh it
(``team-borrow``, ``team-help``); and the teammate's gentry brought to the activity
(``team-guest CARD host|teammate``).  Whose decision it is and what the mode refuses:
modes/team/mode.py.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps.special import BORROW_COST, HELP_COST
from obsession_nb.engine.table import Table
from obsession_nb.modes.team.records import Loan, TeamRequest
from obsession_nb.modes.team.seating import (
    GIFTS,
    GUEST_STEPS,
    ROUTES,
    SERVANT_STEPS,
    partner,
    pending_request,
    reading,
    record,
    second_cook,
    teammate,
)

# ----------------------------------------------------------------- money


def verify_ask_gift(table: Table, amount: str) -> list[Ruling]:
    reading(table)
    if amount not in GIFTS:
        raise refuse("team.money-gift", "A teammate may be asked for £100 or £200, no other sum.")
    if "gift" in reading(table).asked:
        raise refuse("ruling.team-one-gift-per-turn", "The teammate has already been asked for "
                     "money this turn.")
    mate = partner(table)
    return [ruling("team.money-gift", f"{table.me.name} asks {mate.name} for a gift of £{amount}; "
                   f"{mate.name} decides.")]


def apply_ask_gift(table: Table, amount: str) -> list[Ruling]:
    team = record(table.state)
    team.request = TeamRequest(kind="gift", owner=teammate(table.state, table.turn.player),
                               amount=int(amount))
    team.asked.append("gift")
    return []


def verify_team_borrow(table: Table) -> list[Ruling]:
    pending_request(table, "gift")
    mate = partner(table)
    if mate.reputation < BORROW_COST:
        raise refuse("special.borrow", f"Borrowing £100 costs {BORROW_COST} reputation; "
                     f"{mate.name} has only {mate.reputation}.")
    return [ruling("team.money-gift", f"{mate.name} may use a special action to fund the gift.")]


def apply_team_borrow(table: Table) -> list[Ruling]:
    mate = partner(table)
    mate.money += 100
    return [table.lose_reputation(mate, BORROW_COST, "special.borrow",
                                  f"{mate.name} borrows £100 for the gift (now £{mate.money})")]


# ----------------------------------------------------------------- servants


def verify_ask_servant(table: Table, servant: str) -> list[Ruling]:
    reading(table)
    me, turn, mate = table.me, table.turn, partner(table)
    name = table.servant_name(servant)
    if turn.passing or turn.step not in SERVANT_STEPS:
        raise refuse("team.servant-loan", "Servants are lent for an activity, from step 2 of "
                     "a turn hosting one to the end of service.")
    if f"servant:{servant}" in reading(table).asked:
        raise refuse("ruling.team-one-request-per-servant", f"{mate.name} has already been asked "
                     f"for the {name} this turn.")
    if servant == "cook" and any(p.servant == "cook" for p in turn.placements):
        raise second_cook(table)
    if servant not in mate.servants.available:
        resting = servant in [*mate.servants.quarters, *mate.servants.expended]
        if not resting or mate.reputation < HELP_COST:
            raise refuse("team.servant-loan", f"{mate.name} has no {name} in Available Service "
                         "(and cannot refresh one with service help).")
    return [ruling("team.servant-loan", f"{me.name} asks to borrow {mate.name}'s {name}; "
                   f"{mate.name} decides.")]


def apply_ask_servant(table: Table, servant: str) -> list[Ruling]:
    team = record(table.state)
    team.request = TeamRequest(kind="servant", owner=teammate(table.state, table.turn.player),
                               servant=servant)
    team.asked.append(f"servant:{servant}")
    return []


def verify_team_help(table: Table, servant: str) -> list[Ruling]:
    request, mate = pending_request(table, "servant"), partner(table)
    if servant != request.servant:
        raise refuse("team.servant-loan", "Service help before a loan refreshes the servant asked "
                     "for.")
    if servant not in [*mate.servants.quarters, *mate.servants.expended]:
        raise refuse("ruling.service-help-source", f"No {table.servant_name(servant)} of "
                     f"{mate.name} rests in the Servants' Quarters or Expended Service.")
    if mate.reputation < HELP_COST:
        raise refuse("special.service-help", f"Service help costs {HELP_COST} reputation; "
                     f"{mate.name} has only {mate.reputation}.")
    return [ruling("team.servant-loan", f"{mate.name} may refresh the servant with a special "
                   "action before lending it.")]


def apply_team_help(table: Table, servant: str) -> list[Ruling]:
    mate = partner(table)
    zone = mate.servants.quarters if servant in mate.servants.quarters else mate.servants.expended
    zone.remove(servant)
    mate.servants.available.append(servant)
    return [table.lose_reputation(mate, HELP_COST, "special.service-help", f"{mate.name} "
                                  f"refreshes the {table.servant_name(servant)} for the loan")]


# ----------------------------------------------------------------- answers


def verify_accept(table: Table) -> list[Ruling]:
    request, mate = pending_request(table), partner(table)
    if request.kind == "gift":
        if mate.money < request.amount:
            raise refuse("team.money-gift", f"{mate.name} has £{mate.money}, less than the "
                         f"£{request.amount} asked (a special action can raise it: team-borrow).")
        return [ruling("team.money-gift", f"{mate.name} gives £{request.amount}; a gift is never "
                       "repaid.")]
    assert request.servant is not None
    if request.servant not in mate.servants.available:
        raise refuse("team.servant-loan", f"{mate.name}'s {table.servant_name(request.servant)} "
                     "is not in Available Service (service help first: team-help).")
    return [ruling("team.servant-loan", f"{mate.name} lends the "
                   f"{table.servant_name(request.servant)}; after the activity it goes to "
                   f"{mate.name}'s Expended Service.")]


def apply_accept(table: Table) -> list[Ruling]:
    team, me, mate = record(table.state), table.me, partner(table)
    request = pending_request(table)
    team.request = None
    if request.kind == "gift":
        mate.money -= request.amount
        me.money += request.amount
        return [ruling("team.money-gift", f"{me.name} now has £{me.money}, {mate.name} "
                       f"£{mate.money}.")]
    assert request.servant is not None
    mate.servants.available.remove(request.servant)
    me.servants.available.append(request.servant)
    team.loans.append(Loan(kind="servant", item=request.servant, lender=request.owner))
    return []


def verify_decline(table: Table) -> list[Ruling]:
    request, mate = pending_request(table), partner(table)
    rule_id = "team.money-gift" if request.kind == "gift" else "team.servant-loan"
    return [ruling(rule_id, f"{mate.name} refuses; a teammate may have plans of their own.")]


def apply_decline(table: Table) -> list[Ruling]:
    record(table.state).request = None
    return []


# ----------------------------------------------------------------- gentry


def verify_team_guest(table: Table, card_id: str, route: str) -> list[Ruling]:
    reading(table)
    turn, mate = table.turn, partner(table)
    if turn.passing or turn.step not in GUEST_STEPS:
        raise refuse("team.guests", "A teammate's gentry join an activity's guest list, while "
                     "the tile is chosen or the guests invited.")
    if card_id not in mate.hand:
        where = "discard pile" if card_id in mate.discard else "elsewhere"
        raise refuse("team.guests", f"'{card_id}' is not in {mate.name}'s active hand (it is in "
                     f"the {where}); only the teammate's active hand may attend.")
    card = table.card(card_id)
    if card.deck not in ("family", "starter"):
        raise refuse("team.guests", f"{card.name} is neither family nor a starter guest of "
                     f"{mate.name}; only those may attend a teammate's activity.", (card_id,))
    if route not in ROUTES:
        raise refuse("team.family-favours", "A visiting card's favours go to the 'host' or the "
                     "'teammate'.")
    if card.deck == "starter":
        if route != "host":
            raise refuse("team.starter-guest-favours", f"{card.name} is a starter guest: all "
                         "their favours go to the active player.", (card_id,))
        return [ruling("team.guests", f"{card.name} comes from {mate.name}'s active hand and will "
                       f"go to {mate.name}'s discard pile.", (card_id,)),
                ruling("ruling.team-guests-no-consent", "Family and starter guests of the "
                       "teammate attend without a request to answer."),
                ruling("team.starter-guest-favours", f"{card.name}'s favours go to "
                       f"{table.me.name}.", (card_id,))]
    return [ruling("team.guests", f"{card.name} comes from {mate.name}'s active hand and will go "
                   f"to {mate.name}'s discard pile.", (card_id,)),
            ruling("ruling.team-guests-no-consent", "Family and starter guests of the teammate "
                   "attend without a request to answer."),
            ruling("ruling.team-routing-at-invitation", "Who receives the favours that may go to "
                   "either partner is chosen now, as the card joins."),
            *routing_rulings(table, card_id, route, mate.name)]


def routing_rulings(table: Table, card_id: str, route: str, mate: str) -> list[Ruling]:
    """Who receives each favour of a visiting family card (team.family-favours)."""
    chosen = table.me.name if route == "host" else mate
    kinds = {f.kind for f in table.card(card_id).favours}
    name = table.card_name(card_id)
    out = []
    if "money" in kinds:
        out.append(ruling("team.family-favours", f"{name}'s money (to either partner) goes to "
                          f"{chosen}.", (card_id,)))
    if "lady" in kinds:
        out.append(ruling("team.family-favours", f"{name}'s invitation (to either partner) goes "
                          f"to {chosen}; her dismissal only removes a guest of {mate}'s deck.",
                          (card_id,)))
    if "invite" in kinds:
        out.append(ruling("team.family-favours", f"{name}'s invitation (to either partner) goes "
                          f"to {chosen}.", (card_id,)))
    if "reputation" in kinds:
        out.append(ruling("team.family-favours", f"{name}'s reputation stays with {mate}.",
                          (card_id,)))
    if "admirer" in kinds:
        out.append(ruling("team.family-favours", f"{name}'s admirer bonus stays with {mate}.",
                          (card_id,)))
    return out


def apply_team_guest(table: Table, card_id: str, route: str) -> list[Ruling]:
    mate = partner(table)
    mate.hand.remove(card_id)
    knowledge.leaves(table, mate, card_id)
    table.me.hand.append(card_id)
    loan = Loan(kind="guest", item=card_id, route=route,  # type: ignore[arg-type]  # in ROUTES (verified)
                lender=teammate(table.state, table.turn.player))
    record(table.state).loans.append(loan)
    return []
