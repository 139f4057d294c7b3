"""Step 4: which guests may attend the current activity (rules invite.*, ud.cook.prestige,
ud.tile.carriage-house, ud.tile.renovated-kitchen.*) and what they bring or cost.  Whether a
full party still exists is the party search's (``steps.party_search``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from obsession_nb.base.identity import by_identity
from obsession_nb.data.catalog_records import Favour, GentryCard, GuestRequirement
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.steps.rounds import has_event
from obsession_nb.engine.table import Table, per_decision

KIND_WORDS = {
    "gentry": "gentry",
    "family": "family members",
    "gentlemen": "gentlemen",
    "ladies": "ladies",
    "casual": "casual guests",
    "prestige": "prestige guests",
}


@per_decision
def requirement(table: Table) -> GuestRequirement | None:
    face = table.hosted_face()
    return None if face is None else face.guests


@per_decision
def allowed_counts(table: Table) -> list[int]:
    """Guest counts the activity accepts, after Carriage House / Renovated Kitchen changes."""
    req = requirement(table)
    if req is None:
        return [0]
    turn = table.state.turn
    assert turn is not None
    adjust = turn.guest_adjust
    return sorted({c + adjust for c in req.count if c + adjust > 0})


def cook_on_tile(table: Table) -> bool:
    turn = table.state.turn
    assert turn is not None
    return any(p.servant == "cook" and p.target == "tile" for p in turn.placements)


@per_decision
def limit_rule(table: Table) -> tuple[int | None, str]:
    """The highest prestige rating that may attend (``None``: no limit) and the id of the rule
    that sets it, text-free (:func:`prestige_limit` says it in words)."""
    req = requirement(table)
    turn = table.state.turn
    assert turn is not None
    level = turn.level_at_host or 1
    if has_event(table, "national_holiday"):
        return None, "event.national-holiday"
    if req is not None and req.any_prestige:
        return None, "ud.tile.renovated-kitchen.front"
    if cook_on_tile(table):
        return level + 2, "ud.cook.prestige"
    return level, "invite.prestige"


LIMIT_WORDS = {
    "event.national-holiday": "National Holiday: reputation limits on guests are lifted.",
    "ud.tile.renovated-kitchen.front": "Guests of any prestige rating may attend.",
    "ud.cook.prestige": "The cook on the activity tile lets guests up to prestige {limit} attend "
                        "(level {level} + 2).",
    "invite.prestige": "Guests may have a prestige rating up to level {level}, the level at the "
                       "start of step 3.",
}


def prestige_limit(table: Table) -> tuple[int | None, Ruling]:
    """The highest prestige rating that may attend, with the rule that sets it."""
    limit, rule_id = limit_rule(table)
    level = table.turn.level_at_host or 1
    return limit, ruling(rule_id, LIMIT_WORDS[rule_id].format(limit=limit, level=level))


Group = tuple[tuple[str, ...], int]
"""Cards that need the same servants and bring the same money: interchangeable in a party."""


@dataclass(frozen=True)
class CardFacts:
    """A gentry card as the party search reads it, worked out once per card: the servants it
    needs (sorted), the money its favours bring (negative for a pauper), its prestige rating
    (invite.family-fairchild-prestige-one) and the kinds of guest it counts as (invite.kind)."""

    service: tuple[str, ...]
    money: int
    rating: int
    kinds: frozenset[str]
    group: Group
    """``(service, money)``: cards alike in both are interchangeable in a party."""


def money_of(favours: tuple[Favour, ...]) -> int:
    """The money of these favours (favours.money; negative for a pauper's cost,
    favours.pauper)."""
    return sum(f.amount for f in favours if f.kind == "money")


favour_money = by_identity(money_of)
""":func:`money_of` remembered per catalog card's or tile face's favours (one tuple for the
catalog's lifetime); not for favours made on the fly, such as a suite's doubled ones."""


@by_identity
def card_facts(card: GentryCard) -> CardFacts:
    """The card's :class:`CardFacts` (remembered per card: catalog cards are frozen)."""
    kinds = {"gentry": True, "family": card.deck == "family",
             "gentlemen": card.gender == "male", "ladies": card.gender == "female",
             "casual": card.deck in ("starter", "casual"),
             "prestige": card.deck in ("prestige", "fairchild")}
    service = tuple(sorted(card.service))
    money = favour_money(card.favours)
    return CardFacts(service, money, card.rating,
                     frozenset(k for k, yes in kinds.items() if yes), (service, money))


@per_decision
def barrier(table: Table, card_id: str) -> str | None:
    """What keeps this card from the party as such (ignoring service and count), text-free:
    ``attending``, ``hand``, ``no-guests``, ``kind`` or ``prestige``; ``None`` if nothing."""
    req = requirement(table)
    if card_id in table.turn.guests:
        return "attending"
    if card_id not in table.me.hand:
        return "hand"
    if req is None:
        return "no-guests"
    return _unfit(card_facts(table.card(card_id)), req, limit_rule(table)[0])


def _unfit(facts: CardFacts, req: GuestRequirement, limit: int | None) -> str | None:
    """``kind`` or ``prestige`` when a card in the hand does not suit the activity (invite.kind,
    invite.prestige and what lifts or raises the limit), else ``None``."""
    if req.kind not in facts.kinds:
        return "kind"
    if limit is not None and facts.rating > limit:
        return "prestige"
    return None


def refusal(table: Table, card_id: str) -> Ruling | None:
    """Why this card may not join the party as such (ignoring service and count), or ``None``
    (the words for :func:`barrier`)."""
    what = barrier(table, card_id)
    if what is None:
        return None
    me = table.me
    card = table.card(card_id)
    if what == "attending":
        return ruling("invite.exact-count", f"{card.name} is already attending.", (card_id,))
    if what == "hand":
        return ruling(
            "invite.active-hand-only",
            f"{card.name} is {_whereabouts(table, card_id)}, not in {me.name}'s active hand; only "
            "the active hand may attend.", (card_id,),
        )
    if what == "no-guests":
        return ruling("host.no-gentry-with-butlers-room", "This activity takes no guests.")
    if what == "kind":
        req = requirement(table)
        assert req is not None  # only an activity's guest requirement asks for a kind
        kind = req.kind
        return ruling("invite.kind", f"The activity asks for {KIND_WORDS[kind]}; {card.name} is "
                      "not one.", (card_id,))
    limit, why = prestige_limit(table)
    crest = " (family and Fairchilds count as 1)" if card.prestige is None else ""
    return ruling(
        why.rule,
        f"{card.name} has prestige rating {card.rating}{crest}, above the limit of {limit}; "
        "the guest cannot attend.", (card_id,),
    )


def _whereabouts(table: Table, card_id: str) -> str:
    """Where a card not in the active hand lies, in words for a refusal."""
    state, me = table.state, table.me
    supply = state.supply
    if card_id in me.discard:
        return "in the discard pile"
    for player in state.players:
        if player is not me and card_id in [*player.hand, *player.discard]:
            return f"with {player.name}"
    for deck, words in ((supply.casual_deck, "in the casual deck"),
                        (supply.prestige_deck, "in the prestige deck"),
                        (supply.fairchilds, "beside the round track")):
        if card_id in deck:
            return words
    return "not in play"


def borrowing_capacity(table: Table) -> int:
    """Pounds the player could still borrow at two reputation per £100 (special.borrow)."""
    state = table.state
    assert state.turn is not None
    return (state.players[state.turn.player].reputation // 2) * 100


def money_balance(table: Table, guests: Iterable[str]) -> int:
    """Money favours of the tile and these guests (negative for paupers' costs)."""
    face = table.hosted_face()
    total = 0 if face is None else favour_money(face.favours)
    for card_id in guests:
        total += card_facts(table.card(card_id)).money
    return total


def affordable(table: Table, guests: list[str]) -> bool:
    """Paupers can be paid from money held plus this activity's money, or by borrowing
    (favours.pauper, ruling.pauper-payment)."""
    return table.me.money + money_balance(table, guests) + borrowing_capacity(table) >= 0


def hand_facts(table: Table) -> list[tuple[str, CardFacts]]:
    """Each card of the active hand once, with its facts (kept while the position is read,
    suppositions included: none changes a hand)."""
    cache = table.cache
    if cache is not None and "hand" in cache:
        kept: list[tuple[str, CardFacts]] = cache["hand"]
        return kept
    card = table.card
    state = table.state
    assert state.turn is not None
    found = [(c, card_facts(card(c))) for c in dict.fromkeys(state.players[state.turn.player].hand)]
    if cache is not None:
        cache["hand"] = found
    return found


@per_decision
def candidates(table: Table) -> list[tuple[str, CardFacts]]:
    """The cards of the active hand that may join the party as such (:func:`barrier`), with
    their facts."""
    req = requirement(table)
    if req is None:
        return []
    turn = table.state.turn
    assert turn is not None
    limit, attending = limit_rule(table)[0], turn.guests
    return [(c, facts) for c, facts in hand_facts(table)
            if c not in attending and _unfit(facts, req, limit) is None]
