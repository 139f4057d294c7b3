"""Competitive Team Play (UD p.12): seating, whose decision it is, what the mode refuses and
the loans returned after the activity (rules team.*; rulings ruling.team-*).

* seating (:func:`teams`, :func:`seating_problems`): teams of two, partners across the table;
* whose decision (:func:`owner`): the teammate answers a pending request on the active
  player's turn; the requests and answers themselves (gifts, servant loans, the teammate's
  gentry) are modes/team/requests.py;
* the favours of a visiting family card routed by :func:`favour_seat`;
* what the mode refuses (:func:`refusal`): the two servant-combination limits, and every other
  action while a request waits;
* after step 8 (:func:`return_loans`): lent servants to the teammate's Expended Service, lent
  gentry to the teammate's discard pile.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Player, State
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps.supplemental import service_possible_without
from obsession_nb.engine.table import Table
from obsession_nb.modes.team.actions import (
    Accept,
    AskGift,
    AskServant,
    Decline,
    TeamBorrow,
    TeamGuest,
    TeamHelp,
)
from obsession_nb.modes.team.records import Loan, TeamPlay, TeamRequest

REQUEST_STEPS = frozenset({"begin", "step2", "host", "invite", "service", "favours", "buy"})
"""A gift may be asked at any decision of one's turn (but the pass options)."""
SERVANT_STEPS = frozenset({"step2", "host", "invite", "service"})
"""Servants are lent for the activity: from step 2 of a turn hosting one (a useful man for the
Village Fair) to the end of service."""
GUEST_STEPS = frozenset({"host", "invite"})
"""A teammate's gentry join the activity's guest list: before and while inviting."""
NOT_DOUBLED = ("hall_boy", "head_housemaid", "useful_man")
"""Servants of which two may work on one activity, on different targets (team.no-doubled-servants)."""
ANSWERS = (Accept, Decline, TeamBorrow, TeamHelp)
TEAM_RULINGS = ("ruling.team-one-gift-per-turn", "ruling.team-one-request-per-servant",
                "ruling.team-guests-no-consent", "ruling.team-routing-at-invitation",
                "ruling.team-lent-guest-dismissal", "ruling.team-tie-break")
"""The rulings (readings) of team play in the rule index."""
GIFTS = ("100", "200")
ROUTES = ("host", "teammate")


# ----------------------------------------------------------------- seating


def teams(state: State) -> list[list[int]]:
    """The teams' seats: ``options.teams``, or partners across the table (team.seating)."""
    if state.options.teams is not None:
        return [list(t) for t in state.options.teams]
    half = len(state.players) // 2
    return [[s, s + half] for s in range(half)]


def team_of(state: State, seat: int) -> int:
    return next(i for i, t in enumerate(teams(state)) if seat in t)


def teammate(state: State, seat: int) -> int:
    return next(s for s in teams(state)[team_of(state, seat)] if s != seat)


def seating_problems(state: State) -> list[str]:
    """Four or six players in teams of two, each partner opposite the other with one player of
    every other team between them (team.format, team.seating)."""
    n = len(state.players)
    if n not in (4, 6):
        return [f"players: Competitive Team Play is for 4 or 6 players, not {n} (team.format)"]
    given = teams(state)
    seats = sorted(s for t in given for s in t)
    if any(len(t) != 2 for t in given) or seats != list(range(n)):
        return [f"options.teams: {given} must pair every seat 1 to {n} exactly once, in teams "
                "of two (team.format)"]
    problems = [f"options.teams[{i}]: p{t[0] + 1} and p{t[1] + 1} do not sit across the table; "
                f"partners sit {n // 2} seats apart, one player of each other team between them "
                "(team.seating)" for i, t in enumerate(given) if abs(t[0] - t[1]) != n // 2]
    return problems or _record_problems(state)


def _record_problems(state: State) -> list[str]:
    """A request or loan of the file must concern the active player's teammate."""
    team = TeamPlay.of(state.team)
    if team is None or (state.turn is not None and not 0 <= state.turn.player < len(state.players)):
        return []  # a seat off the table is reported by the shared check (turn.player)
    mate = None if state.turn is None else teammate(state, state.turn.player)
    problems = []
    if team.request is not None and team.request.owner != mate:
        problems.append("team.request.owner: the teammate of the active player answers a request")
    if team.request is not None and team.request.kind == "gift" and (
            str(team.request.amount) not in GIFTS):
        problems.append("team.request.amount: a gift is £100 or £200 (team.money-gift)")
    if team.request is not None and (team.request.kind == "servant") != (
            team.request.servant is not None):
        problems.append("team.request.servant: a servant request names the servant asked for, "
                        "a gift names none (team.servant-loan, team.money-gift)")
    problems += [f"team.loans[{i}].lender: only the active player's teammate lends"
                 for i, loan in enumerate(team.loans) if loan.lender != mate]
    return problems


def setup_rulings(table: Table, rulings: list[Ruling]) -> None:
    """Team play's setup rulings (team.format, team.seating, team.setup, team.coordination)."""
    state = table.state
    state.team = TeamPlay()
    names = "; ".join(" & ".join(table.seat_name(s) for s in t) for t in teams(state))
    first = table.seat_name(state.first_player)
    rulings += [
        ruling("team.format", f"{len(teams(state))} teams of two: {names}."),
        ruling("team.seating", "Partners sit across the table, one player of each other team "
               "between them."),
        ruling("team.setup", f"The team of {first} goes first and {first} holds the "
               "first-player pawn; the draft begins on that player's left as usual."),
        ruling("team.coordination", "Partners may plan family, servant and objective choices "
               "together."),
    ]


# ----------------------------------------------------------------- whose decision


def record(state: State) -> TeamPlay:
    """The team records, created when first changed."""
    team = TeamPlay.of(state.team)
    if team is None:
        team = state.team = TeamPlay()
    return team


def reading(table: Table) -> TeamPlay:
    """The team records to read (a verifier never creates them); refuses outside team play."""
    if table.state.options.mode != "team":
        raise refuse("team.format", "Cooperative actions belong to Competitive Team Play; this "
                     f"game is {table.state.options.mode}.")
    return TeamPlay.of(table.state.team) or TeamPlay()


def owner(table: Table) -> int | None:
    """The teammate answering a request, or ``None`` when it is the active player's decision."""
    team = TeamPlay.of(table.state.team)
    if team is None or team.request is None or table.state.turn is None:
        return None
    return team.request.owner


def partner(table: Table) -> Player:
    """The active player's teammate."""
    return table.state.players[teammate(table.state, table.turn.player)]


def pending_request(table: Table, kind: str | None = None) -> TeamRequest:
    request = reading(table).request
    if request is None or (kind is not None and request.kind != kind):
        raise refuse("team.money-gift" if kind == "gift" else "team.servant-loan",
                     "No such request of the active player waits for an answer.")
    return request


def lent_guest(table: Table, card_id: str) -> Loan | None:
    team = TeamPlay.of(table.state.team)
    if team is None:
        return None
    return next((x for x in team.loans if x.kind == "guest" and x.item == card_id), None)


def favour_seat(table: Table, source: str, kind: str) -> int | None:
    """Who receives a favour of a lent family card (team.family-favours): money and invitations
    as the route chosen, reputation, the admirer bonus and the lady's dismissal the teammate;
    everything else (starter guests: team.starter-guest-favours) the active player."""
    loan = lent_guest(table, source)
    if loan is None or source not in table.turn.guests or table.card(source).deck != "family":
        return None
    if kind in ("reputation", "admirer", "dismiss"):
        return loan.lender
    return loan.lender if loan.route == "teammate" else None


# ----------------------------------------------------------------- refusals and candidates


def second_cook(table: Table) -> Exception:
    return refuse("team.no-doubled-servants", "A cook already serves this activity; two cooks "
                  "never serve one activity, even a borrowed one.")


def refusal(table: Table, action: a.Action) -> None:
    """What team play forbids: anything but the answer while a request waits; a second cook;
    two of the same new servant on one target; dismissing a lent card."""
    request = reading(table).request
    if request is not None:
        if not isinstance(action, ANSWERS):
            who = table.seat_name(request.owner)
            raise refuse("team.money-gift" if request.kind == "gift" else "team.servant-loan",
                         f"{who} must first answer the request (accept or decline).")
        return
    turn = table.state.turn
    if turn is None:
        return
    servant = getattr(action, "servant", None)
    if isinstance(action, (a.Serve, a.Place)) and servant == "cook" and any(
            p.servant == "cook" for p in turn.placements):
        raise second_cook(table)
    if isinstance(action, a.Place) and servant == "cook" and turn.step in (
            "invite", "service") and not _served_without_cooks(table):
        raise refuse("team.no-doubled-servants", "A cook is needed for a mandatory servant icon, "
                     "and once a cook works here as a supplemental servant no second cook may "
                     "serve this activity: the cook fills the icon instead.")
    if isinstance(action, a.Place) and servant in NOT_DOUBLED and any(
            p.servant == servant and p.target == action.target for p in turn.placements):
        raise refuse("team.no-doubled-servants", f"A {table.servant_name(servant)} already works "
                     f"on {action.target}; two never combine on the same favour or action.")
    if isinstance(action, a.Dismiss) and lent_guest(table, action.card) is not None:
        raise refuse("ruling.team-lent-guest-dismissal", f"{table.card_name(action.card)} is "
                     "the teammate's card, lent for the activity; the host's dismissal cannot "
                     "remove it.", (action.card,))


def _served_without_cooks(table: Table) -> bool:
    """Whether the activity's mandatory icons can be filled with no cook at all: once a cook
    works here as a supplemental servant no second one may serve (team.no-doubled-servants),
    whether it waits in Available Service or rests in the Servants' Quarters.  With one cook in
    all, the usual check (ud.supplemental-service) decides."""
    servants = table.me.servants
    if servants.available.count("cook") + servants.quarters.count("cook") < 2:
        return True
    resting = list(servants.quarters)
    servants.quarters[:] = [s for s in resting if s != "cook"]
    try:
        return service_possible_without(table, ["cook"] * servants.available.count("cook"))
    finally:
        servants.quarters[:] = resting


def candidates(table: Table) -> Iterator[a.Action]:
    request = reading(table).request
    if request is not None:
        yield from (Accept(), Decline())
        if request.kind == "gift":
            yield TeamBorrow()
        else:
            assert request.servant is not None
            yield TeamHelp(request.servant)
        return
    if table.turn.step not in REQUEST_STEPS:
        return
    mate = partner(table)
    yield from (AskGift(x) for x in GIFTS)
    yield from (AskServant(k) for k in dict.fromkeys(mate.servants.all()))
    for card_id in dict.fromkeys(mate.hand):
        yield from (TeamGuest(card_id, r) for r in ROUTES)


# ----------------------------------------------------------------- after the activity


def return_loans(table: Table) -> list[Ruling]:
    """Step 8 of the active player's turn has cleared the board: lent servants to the
    teammate's Expended Service, lent gentry to the teammate's discard pile (a card lent but
    not invited back to the active hand it came from)."""
    team = TeamPlay.of(table.state.team)
    if team is None:
        return []
    me, players = table.me, table.state.players
    rulings: list[Ruling] = []
    for loan in team.loans:
        lender = players[loan.lender]
        if loan.kind == "servant":
            zones = [me.servants.expended, me.servants.available, me.servants.quarters]
            zone = next((z for z in zones if loan.item in z), None)
            name = table.servant_name(loan.item)
            if zone is not None:
                zone.remove(loan.item)
                lender.servants.expended.append(loan.item)
                rulings.append(ruling("team.servant-loan", f"The lent {name} returns to "
                                      f"{lender.name}'s Expended Service."))
            elif loan.item in me.removed:
                me.removed.remove(loan.item)
                lender.removed.append(loan.item)
                rulings.append(ruling("team.servant-loan", f"The lent {name} was removed from "
                                      f"the game; {lender.name} loses him."))
            continue
        name = table.card_name(loan.item)
        if loan.item in me.discard:
            me.discard.remove(loan.item)
            lender.discard.append(loan.item)
            rulings.append(ruling("team.guests", f"{name} goes to {lender.name}'s discard pile.",
                                  (loan.item,)))
        elif loan.item in me.hand:
            me.hand.remove(loan.item)
            knowledge.leaves(table, me, loan.item)
            lender.hand.append(loan.item)
            rulings.append(ruling("ruling.team-guests-no-consent", f"{name} did not attend "
                                  f"and goes back to {lender.name}'s active hand.", (loan.item,)))
    team.loans, team.asked, team.request = [], [], None
    return rulings


def view(table: Table) -> dict[str, Any]:
    """Teams, the pending request and what is lent, for the board: per seat its team, partner,
    the request it must answer and the servants and gentry borrowed or lent this activity."""
    state = table.state
    team = TeamPlay.of(state.team) or TeamPlay()
    request = team.request
    names = [p.name for p in state.players]
    active = state.turn.player if state.turn is not None else None

    def label(loan: Loan) -> str:
        return table.servant_name(loan.item) if loan.kind == "servant" else table.card_name(loan.item)

    seats = []
    for seat in range(len(state.players)):
        asked = None
        if request is not None and request.owner == seat:
            asked = (f"£{request.amount} as a gift" if request.kind == "gift" else
                     f"the loan of the {table.servant_name(request.servant or '')}")
        seats.append({
            "team": team_of(state, seat) + 1,
            "partner": names[teammate(state, seat)],
            "request": asked,
            "borrowed": [f"{label(x)} (from {names[x.lender]})" for x in team.loans
                         if seat == active],
            "lent": [f"{label(x)} (to {names[active]})" for x in team.loans
                     if x.lender == seat and active is not None],
        })
    return {
        "teams": [{"team": i + 1, "seats": t, "names": [names[s] for s in t]}
                  for i, t in enumerate(teams(state))],
        "players": seats,
        "request": None if request is None else request.model_dump(),
        "loans": [x.model_dump() for x in team.loans],
    }
