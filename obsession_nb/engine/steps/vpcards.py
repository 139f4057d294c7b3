"""VP cards revealed for their favour instead of their points (courtship.vp-card-use).

A player may reveal a VP card at any point of their own turn, or in the window after the final
courtship (ruling.vp-card-reveal-timing, ruling.vp-card-final-window).  The card is then out of
play, face up (``supply.vp_discard``), and scores nothing.  Favours are the catalog's ``favour`` codes.
"""

from __future__ import annotations

from collections.abc import Iterator

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import is_step
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps import market
from obsession_nb.engine.steps.favours import open_invitation
from obsession_nb.engine.table import Table

TURN_STEPS = frozenset({"begin", "step2", "host", "invite", "service", "favours", "pass-option",
                        "buy", "reveal"})
"""Where a reveal may be made: every decision of one's own turn, and the final window."""
PLAIN = ("reputation_2", "money_300", "invite_prestige", "objective_draw_2_keep_1",
         "unlimited_purchases", "refresh_market", "refresh_all_service")


def favour(table: Table, card_id: str) -> str:
    return table.catalog.vp_cards[card_id].favour


def _card_barrier(table: Table, card_id: str, kinds: tuple[str, ...]) -> str | None:
    """What keeps the active player from revealing ``card_id`` with an action for favours
    ``kinds``, text-free: ``held`` (not in hand) or ``kind`` (another action's favour)."""
    state = table.state
    assert state.turn is not None
    if card_id not in state.players[state.turn.player].vp_cards:
        return "held"
    if table.catalog.vp_cards[card_id].favour not in kinds:
        return "kind"
    return None


def _verify_card(table: Table, card_id: str, kinds: tuple[str, ...]) -> list[Ruling]:
    me, turn = table.me, table.turn
    why = _card_barrier(table, card_id, kinds)
    if why == "held":
        raise refuse("courtship.vp-card-use", f"{me.name} holds no VP card '{card_id}'.")
    card = table.catalog.vp_cards[card_id]
    if why == "kind":
        raise refuse("courtship.vp-card-use", f"This VP card's favour is {card.favour}; it is "
                     "revealed with a different action.")
    return [ruling("courtship.vp-card-use", f"{me.name} reveals a VP card ({card.favour}) and "
                   f"gives up its {card.vp} VP for the favour."),
            ruling("ruling.vp-card-reveal-timing", "A VP card may be revealed at any point of "
                   "one's own turn" + (", here in the window after the final courtship."
                                       if turn.step == "reveal" else "."))]


def _spend(table: Table, card_id: str) -> None:
    table.me.vp_cards.remove(card_id)
    table.state.supply.vp_discard.append(card_id)


def _late_for_purchases(table: Table, card_id: str) -> bool:
    """Unlimited purchases revealed after the turn's first purchase, or after the game
    (ruling.vp-card-reveal-timing)."""
    turn = table.state.turn
    assert turn is not None
    return favour(table, card_id) == "unlimited_purchases" and (
        turn.step == "reveal" or turn.purchases > 0)


def can_reveal(table: Table, card_id: str) -> bool:
    """Whether :func:`verify_reveal` allows the reveal, without its text."""
    return _card_barrier(table, card_id, PLAIN) is None and not _late_for_purchases(table, card_id)


def verify_reveal(table: Table, card_id: str) -> list[Ruling]:
    rulings = _verify_card(table, card_id, PLAIN)
    if _late_for_purchases(table, card_id):
        raise refuse("ruling.vp-card-reveal-timing", "Unlimited purchases must be revealed "
                     "before the turn's first purchase, so that every purchase comes before the "
                     "refill.")
    return rulings


def apply_reveal(table: Table, card_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    code = favour(table, card_id)
    _spend(table, card_id)
    rule_id = "courtship.vp-card-use"
    if code == "reputation_2":
        return [table.gain_reputation(me, 2, rule_id, "VP card favour: two reputation")]
    if code == "money_300":
        me.money += 300
        return [ruling(rule_id, f"VP card favour: £300 (now £{me.money}).")]
    if code == "invite_prestige":
        return open_invitation(table, "VP card", (), "prestige", 1, 1)
    if code == "refresh_market":
        rulings: list[Ruling] = []
        market.refresh(table, rulings, rule_id, "VP card favour: refresh the Builders' Market")
        return rulings
    if code == "refresh_all_service":
        s = me.servants
        s.available += s.quarters + s.expended
        s.quarters, s.expended = [], []
        return [ruling(rule_id, "VP card favour: every servant returns to Available Service.")]
    if code == "unlimited_purchases":
        turn.unlimited_purchases = True
        return [ruling("event.builders-holiday", f"VP card favour: this turn {me.name} may buy "
                       "as on a Builders' Holiday.")]
    # objective_draw_2_keep_1
    deck = table.state.supply.objective_deck
    drawn = [deck.pop(0) for _ in range(min(2, len(deck)))]
    if len(drawn) <= 1:
        me.objectives += drawn
        return [ruling(rule_id, f"VP card favour: {len(drawn)} objective card(s) left to draw, "
                       "kept.")]
    turn.offer = drawn
    turn.resume = turn.step
    turn.step = "keep-objective"
    return [ruling(rule_id, "VP card favour: two objective cards drawn; keep one.")]


def verify_keep_objective(table: Table, card_id: str) -> list[Ruling]:
    if card_id not in table.turn.offer:
        raise refuse("courtship.vp-card-use", f"'{card_id}' is not one of the drawn objectives.")
    return [ruling("courtship.vp-card-use", "One objective is kept, an extra one to score; the "
                   "other goes under the deck.")]


def apply_keep_objective(table: Table, card_id: str) -> list[Ruling]:
    turn = table.turn
    turn.offer.remove(card_id)
    table.me.objectives.append(card_id)
    table.state.supply.objective_deck.extend(turn.offer)
    turn.offer = []
    turn.step = turn.resume if is_step(turn.resume) else "buy"
    turn.resume = None
    return []


def verify_reveal_hire(table: Table, card_id: str, servant: str) -> list[Ruling]:
    rulings = _verify_card(table, card_id, ("hire_or_recruit_1",))
    me = table.me
    kind = table.catalog.servants.get(servant)
    if kind is None or not kind.hireable:
        raise refuse("ruling.vp-card-hire-new-servants", f"A {servant} cannot be hired.")
    if table.state.supply.servants_for_hire.get(servant, 0) == 0:
        raise refuse("ruling.vp-card-hire-new-servants", f"No {kind.name} is left for hire.")
    if kind.expansion == "upstairs_downstairs":
        owned = [*me.servants.all(), *(p.servant for p in table.turn.placements)]
        if servant in owned:
            raise refuse("ud.servant-limit", f"{me.name} already has a {kind.name}.")
        if servant in me.removed:
            raise refuse("ud.useful-man.no-replacement", "A useful man removed from the game "
                         "cannot be replaced.")
    return [*rulings, ruling("ruling.vp-card-hire-new-servants",
                             f"VP card favour: a {kind.name} joins Expended Service.")]


def apply_reveal_hire(table: Table, card_id: str, servant: str) -> list[Ruling]:
    _spend(table, card_id)
    table.state.supply.servants_for_hire[servant] -= 1
    table.me.servants.expended.append(servant)
    return []


def verify_reveal_reclaim(table: Table, card_id: str, guest: str) -> list[Ruling]:
    rulings = _verify_card(table, card_id, ("reclaim_guest",))
    if guest not in table.me.discard:
        raise refuse("courtship.vp-card-use", f"'{guest}' is not in the discard pile.")
    return [*rulings, ruling("courtship.vp-card-use", f"VP card favour: "
                             f"{table.card_name(guest)} returns to the active hand.", (guest,))]


def apply_reveal_reclaim(table: Table, card_id: str, guest: str) -> list[Ruling]:
    _spend(table, card_id)
    knowledge.take_back(table, [guest])
    return []


def reveal_candidates(table: Table) -> Iterator[a.Action]:
    """Reveals worth checking now (the verifiers decide which are legal)."""
    turn = table.state.turn
    assert turn is not None
    if turn.step not in TURN_STEPS:
        return
    me = table.state.players[turn.player]
    for card_id in dict.fromkeys(me.vp_cards):
        code = favour(table, card_id)
        if code in PLAIN:
            yield a.Reveal(card_id)
        elif code == "hire_or_recruit_1":
            for kind, n in table.state.supply.servants_for_hire.items():
                if n:
                    yield a.RevealHire(card_id, kind)
        elif code == "reclaim_guest":
            yield from (a.RevealReclaim(card_id, g) for g in dict.fromkeys(me.discard))


KINDS: dict[type[a.Action], Handler] = {
    a.Reveal: Handler.at(TURN_STEPS, verify_reveal, apply_reveal,  # courtship.vp-card-use,
                         test=can_reveal),  # ruling.vp-card-reveal-timing
    a.RevealHire: Handler.at(TURN_STEPS, verify_reveal_hire, apply_reveal_hire),
    a.RevealReclaim: Handler.at(TURN_STEPS, verify_reveal_reclaim, apply_reveal_reclaim),
    a.KeepObjective: Handler.at({"keep-objective"}, verify_keep_objective, apply_keep_objective),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""


def _last_reveals(table: Table) -> list[a.Action]:
    """The final window before scoring: reveals, or keeping the rest (courtship.vp-card-use)."""
    return [*reveal_candidates(table), a.KeepVPCards()]


def _objectives_drawn(table: Table) -> list[a.Action]:
    return [a.KeepObjective(c) for c in dict.fromkeys(table.turn.offer)]


DECISIONS = {"reveal": Decision(_last_reveals, in_turn=False),
             "keep-objective": Decision(_objectives_drawn, in_turn=False)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
