"""Tableau Obsession's setup and order of play (UD p.15; rules tableau.*, option.starter-guest-draft,
option.queen-victoria-market; rulings ruling.tableau-*).

* setup (:func:`central_setup`): no objectives dealt and no group bonuses in the deck, the low-VP
  monuments, the tableau track, no themes and no Fairchilds, then the starter-guest draft
  (action ``starter CARD``) before the first turn;
* the end of a turn (:func:`after_turn`): the game stops at once when the player ends the turn at
  Max; at the end of a round the Queen Victoria removal, the pawn moves on, and round 5 opens
  with the Grand Ball (action ``ball CARD``, in turn order, before any turn);
* the two base variants the mode uses are :func:`queen_victoria` (market.building_boom) and
  the starter-guest draft (starter_draft.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.holding import Holding
from obsession_nb.engine.records.state import State, Turn
from obsession_nb.engine.setup.starter_draft import deal_draft_deck, return_undrafted
from obsession_nb.engine.setup.starter_draft import draft_order as draft_order  # the tutor's too
from obsession_nb.engine.setup.tiles import choose_monuments, opening_market
from obsession_nb.engine.steps.market import building_boom
from obsession_nb.engine.steps.rounds import last_round, space
from obsession_nb.engine.table import Table
from obsession_nb.modes.tableau.records import Tableau

BALL_SEE = 3
REPLACED = {
    "setup.objectives", "six-player.objectives", "ruling.objective-deck-composition",
    "setup.round-track", "setup.monuments-by-count", "ruling.five-six-monuments-base",
    "ruling.low-vp-monument-count", "setup.gentry-deck", "setup.casual-deck",
}
"""Setup rulings of the standard game that Tableau Obsession's own setup replaces."""


def record(state: State) -> Tableau:
    tab = Tableau.of(state.tableau)
    if tab is None:
        tab = state.tableau = Tableau()
    return tab


# ----------------------------------------------------------------- setup


def central_setup(table: Table, rulings: list[Ruling]) -> list[Ruling]:
    """UD p.15 Setup after the player areas: objectives, monuments, the track, the starter-guest
    deck; the opening market as in the standard game; no theme.  The draft is left pending."""
    state, catalog = table.state, table.catalog
    supply = state.supply
    kept = [r for r in rulings if r.rule not in REPLACED]
    tab = record(state)
    n = len(state.players)
    if state.options.mode == "tableau-duel":
        kept.append(ruling("tableau.duel", "Tableau Duel: the 9/10 reputation counters are "
                           "added; level 9 scores 45 VP, level 10 55 VP and Max 66 VP."))
    kept.append(ruling("ruling.tableau-reputation-counters", f"Reputation counters up to level "
                       f"{state.options.wheel_levels}, then Max."))

    # Player setup step 10 and central setup step 2 (tableau.player-setup, tableau.central-setup)
    group = {o.id for o in catalog.objectives.values() if o.category == "group_bonus"}
    deck = sorted(o for o in supply.objective_deck if o not in group)
    table.rng().shuffle(deck)
    supply.objective_deck = deck
    kept.append(ruling("tableau.player-setup", "No objective cards are dealt; they can still "
                       "come from the Main Library and VP cards."))
    kept.append(ruling("tableau.central-setup", f"Group-bonus objectives leave the deck: "
                       f"{len(deck)} objective cards remain."))

    # Step 6: the low-VP monuments (ud.monuments.low-vp)
    standard = [t for t in supply.bag if catalog.tiles[t].kind == "monument"]
    monuments = choose_monuments(catalog, n, True, table.rng())
    supply.bag = sorted([*(t for t in supply.bag if t not in standard), *monuments])
    kept.append(ruling("tableau.central-setup", "The low-VP monuments are used: "
                       + ", ".join(catalog.tiles[m].name for m in monuments) + "."))

    # Step 7: the tableau track, VP cards, no themes, no Fairchilds
    supply.theme_deck, state.themes, supply.fairchilds = [], [], []
    kept.append(ruling("tableau.central-setup", "The tableau round track with the pawn on "
                       f"START (round 1), the {len(supply.vp_deck)} VP cards shuffled on their "
                       "space; no theme cards (no courtship) and no Fairchilds."))
    kept.append(ruling("ruling.tableau-track-events", "The events printed on the tableau track "
                       "apply: both reserves after round 3, the Grand Ball on round 5, the "
                       "Builders' Holiday on 11 and the Village Fair on 13."))

    # Player setup step 9: the starter-guest draft (option.starter-guest-draft)
    tab.draft_deck, rest = deal_draft_deck(table)
    size = len(tab.draft_deck)
    tab.draft_order = draft_order(n, state.first_player)
    kept.append(ruling("option.starter-guest-draft", f"Starter-guest draft: a deck of {size} "
                       f"starter guests; {state.players[tab.draft_order[0]].name} (last in turn "
                       "order) picks first, counterclockwise; the first player picks two; then "
                       "back clockwise."))
    kept.append(ruling("ruling.tableau-starter-rest", f"The {rest} starter guests not "
                       "dealt into the draft deck join the casual deck, as undealt starters do "
                       "in the standard setup."))

    kept += opening_market(table)
    state.turn = Turn(player=tab.draft_order[0], step="mode")
    table.then("start-turn", tab.draft_order[0], "mode")  # after the servant draft's first turn
    return kept


# ----------------------------------------------------------------- decisions outside turns


def record_problems(state: State) -> list[str]:
    """The drafts before the turns fit the position: seats at the table; the starter-guest draft
    only before the first turn of round 1 (option.starter-guest-draft) and the Grand Ball only
    at the start of its round (tableau.grand-ball), each waiting on its next seat."""
    tab = Tableau.of(state.tableau)
    if tab is None:
        return []
    n, turn = len(state.players), state.turn
    problems = [f"tableau.{name}[{j}]: no seat {seat}"
                for name in ("draft_order", "ball_order")
                for j, seat in enumerate(getattr(tab, name)) if not 0 <= seat < n]
    if problems:
        return problems
    step = None if turn is None else turn.step
    for name, rule, offer, when, moment in (
            ("draft_order", "option.starter-guest-draft", tab.draft_deck, state.round == 1,
             "before the first turn of round 1"),
            ("ball_order", "tableau.grand-ball", tab.ball_offer, not tab.draft_order,
             "after the starter-guest draft")):
        order = getattr(tab, name)
        if not order:
            continue
        if not when or step != "mode":
            problems.append(f"tableau.{name}: seats wait here only at the mode's decision "
                            f"(turn.step mode) {moment} ({rule})")
        elif turn is not None and turn.player != order[0]:
            problems.append(f"turn.player: p{order[0] + 1} is next in tableau.{name}")
        elif not offer:
            problems.append(f"tableau.{name}: p{order[0] + 1} has nothing to choose from ({rule})")
    if tab.ball_offer and not tab.ball_order:
        problems.append("tableau.ball_offer: guests are seen at the Grand Ball only by the next "
                        "player in tableau.ball_order (tableau.grand-ball)")
    return problems

STEP_WORDS = {
    "draft": "the starter-guest draft (take one card from the deck passed to you)",
    "ball": "the Grand Ball (keep one of the prestige guests you see)",
}
"""The pending prompt's words for each decision before the turns (option.starter-guest-draft,
tableau.grand-ball)."""


def pending(table: Table) -> str | None:
    """Which mode decision waits: ``draft`` (starter guests) or ``ball`` (Grand Ball); the
    step first (move generation asks at every candidate of every decision)."""
    turn = table.state.turn
    if turn is None or turn.step != "mode":
        return None
    tab = Tableau.of(table.state.tableau)
    if tab is None:
        return None
    if tab.draft_order:
        return "draft"
    if tab.ball_order:
        return "ball"
    return None


def candidates(table: Table) -> Iterator[a.Action]:
    tab = Tableau.of(table.state.tableau)
    what = pending(table)
    if tab is None or what is None:
        return
    if what == "draft":
        yield from (va.Starter(c) for c in dict.fromkeys(tab.draft_deck))
    else:
        yield from (va.Ball(c) for c in dict.fromkeys(tab.ball_offer))


def verify_starter(table: Table, card: str) -> list[Ruling]:
    tab = Tableau.of(table.state.tableau)
    if pending(table) != "draft" or tab is None:
        raise refuse("option.starter-guest-draft", "There is no starter-guest draft pick to "
                     "make now.")
    if card not in tab.draft_deck:
        raise refuse("option.starter-guest-draft", f"'{card}' is not in the starter-guest deck "
                     "passed to you.")
    return [ruling("option.starter-guest-draft",
                   f"{table.me.name} takes {table.card_name(card)} from the starter-guest deck.",
                   (card,))]


def apply_starter(table: Table, card: str) -> list[Ruling]:
    state = table.state
    tab = record(state)
    table.me.hand.append(card)
    tab.draft_deck.remove(card)
    tab.draft_order.pop(0)
    if tab.draft_order:
        table.then("start-turn", tab.draft_order[0], "mode")
        return []
    left = list(tab.draft_deck)
    tab.draft_deck = []
    return_undrafted(table, left)
    table.then("start-turn", state.first_player, "begin")
    return [ruling("option.starter-guest-draft", f"The {len(left)} starter guests nobody took "
                   "are shuffled into the casual deck; the first turn begins.")]


def open_ball_offer(table: Table) -> list[Ruling]:
    """The next player in ``ball_order`` takes three prestige guests from the deck."""
    state = table.state
    tab = record(state)
    deck = state.supply.prestige_deck
    while tab.ball_order:
        seat = tab.ball_order[0]
        tab.ball_offer = [deck.pop(0) for _ in range(min(BALL_SEE, len(deck)))]
        if tab.ball_offer:
            table.then("start-turn", seat, "mode")
            return [ruling("tableau.grand-ball", f"Grand Ball: {state.players[seat].name} sees "
                           + ", ".join(table.card_name(c) for c in tab.ball_offer) + ".",
                           tuple(tab.ball_offer))]
        tab.ball_order.pop(0)
    table.then("start-turn", state.first_player, "begin")
    return [ruling("tableau.grand-ball", "The Grand Ball is over; the round's turns begin.")]


def verify_ball(table: Table, card: str) -> list[Ruling]:
    tab = Tableau.of(table.state.tableau)
    if pending(table) != "ball" or tab is None:
        raise refuse("tableau.grand-ball", "There is no Grand Ball choice to make now.")
    if card not in tab.ball_offer:
        raise refuse("tableau.grand-ball", f"'{card}' is not among the guests seen at the Grand "
                     "Ball.")
    return [ruling("tableau.grand-ball", f"{table.me.name} keeps {table.card_name(card)} in the "
                   "active hand.", (card,))]


def apply_ball(table: Table, card: str) -> list[Ruling]:
    state = table.state
    tab = record(state)
    rest = list(tab.ball_offer)
    rest.remove(card)
    table.me.hand.append(card)
    state.supply.prestige_deck += rest
    tab.ball_offer = []
    tab.ball_order.pop(0)
    return [ruling("tableau.grand-ball", f"{len(rest)} guest(s) go to the bottom of the "
                   "prestige deck."), *open_ball_offer(table)]


def verify_action(table: Table, action: a.Action) -> None:
    """While a mode decision waits, only its own action is a choice."""
    what = pending(table)
    if what == "draft" and not isinstance(action, va.Starter):
        raise refuse("option.starter-guest-draft", "The starter-guest draft comes first: "
                     "take one card (starter CARD).")
    if what == "ball" and not isinstance(action, va.Ball):
        raise refuse("tableau.grand-ball", "The Grand Ball comes first: keep one of the "
                     "prestige guests seen (ball CARD).")


# ----------------------------------------------------------------- the end of a turn


def at_max(table: Table, seat: int) -> bool:
    return table.wheel.label(table.state.players[seat].reputation) == "max"


def after_turn(table: Table) -> bool:
    """The immediate end at Max (tableau.end); at the end of a round the Queen Victoria removal
    and the next round (tableau.market); ``False`` leaves the next seat to the core."""
    state = table.state
    seat = table.turn.player
    tab = record(state)
    me = state.players[seat]
    if at_max(table, seat):
        tab.reached_max, tab.end_reason = seat, "max"
        table.auto("end of the game", [ruling(
            "tableau.end", f"{me.name} ends the turn at Max reputation: the game ends at once, "
            f"on round {state.round}; nobody takes another turn.")])
        _stop(table)
        return True
    if (seat + 1) % len(state.players) != state.first_player:
        return False
    rulings = [ruling("tableau.first-player-fixed", "The round is over; the first-player pawn "
                      "stays where it is.")]
    rulings += queen_victoria(table)
    if state.round >= last_round(table):
        tab.end_reason = "track-end"
        rulings.append(ruling("ruling.tableau-track-end", f"Round {state.round} was the track's "
                              "last space and nobody reached Max: the game ends."))
        table.auto("end of the round", rulings)
        _stop(table)
        return True
    state.round += 1
    rulings.append(ruling("tableau.first-player-fixed", f"The round pawn moves on "
                          f"(counterclockwise) to round {state.round}."))
    table.then("enter-round")  # round-start events, then the first player's turn
    if any(e.kind == "grand_ball" for e in space(table).events):
        tab.ball_order = [(state.first_player + k) % len(state.players)
                          for k in range(len(state.players))]
        rulings.append(ruling("tableau.grand-ball", f"Round {state.round} opens with the Grand "
                              "Ball: in turn order each player sees three prestige guests and "
                              "keeps one, before any turn."))
        rulings += open_ball_offer(table)  # its first pick is asked for after the round begins
    table.auto("end of the round", rulings)
    return True


def _stop(table: Table) -> None:
    table.state.turn = None
    table.state.finished = True


def queen_victoria(table: Table) -> list[Ruling]:
    """The Queen Victoria removal at the end of a round (market.building_boom), recorded for the
    mode's view (option.queen-victoria-market)."""
    rulings, removal = building_boom(table)
    if removal is not None:
        record(table.state).queen_victoria.append(removal)
    return rulings


# ----------------------------------------------------------------- view


def private_places(table: Table) -> list[Holding]:
    """The starter-guest deck passed to the seat picking now and the prestige guests the seat
    keeping one at the Grand Ball sees: that seat's alone (ruling.seat-looked-at)."""
    tab = Tableau.of(table.state.tableau)
    if tab is None:
        return []
    mode = table.mode
    return [
        Holding(tab.draft_deck, mode.allies(table.state, tab.draft_order[0]) if tab.draft_order
                else (), "guest", "ruling.seat-looked-at"),
        Holding(tab.ball_offer, mode.allies(table.state, tab.ball_order[0]) if tab.ball_order
                else (), "guest", "ruling.seat-looked-at"),
    ]


def result_json(table: Table) -> dict[str, Any]:
    """How the game ended and who reached Max reputation (tableau.end), the rounds played."""
    state = table.state
    tab = Tableau.of(state.tableau) or Tableau()
    seat = tab.reached_max
    return {"end_reason": tab.end_reason,
            "reached_max": None if seat is None else state.players[seat].name,
            "rounds": state.round}


def view(table: Table) -> dict[str, Any]:
    """What the views and the CLI show of the mode: the track, the end, the Queen Victoria
    removals, the pending draft or Grand Ball (the milestones are in every game's view)."""
    state = table.state
    tab = Tableau.of(state.tableau) or Tableau()
    return {
        "round": state.round,
        "last_round": last_round(table),
        "pawn_direction": "counterclockwise",
        "wheel_levels": state.options.wheel_levels,
        "pending": pending(table),
        "draft_deck": [{"id": c, "name": table.card_name(c)} for c in tab.draft_deck],
        "ball_offer": [{"id": c, "name": table.card_name(c)} for c in tab.ball_offer],
        "queen_victoria": [{"round": q.round, "removed": [table.tile_name(t) for t in q.removed],
                            "drawn": [table.tile_name(t) for t in q.drawn]}
                           for q in tab.queen_victoria],
        "end_reason": tab.end_reason,
        "reached_max": tab.reached_max,
    }
