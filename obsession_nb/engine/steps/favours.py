"""Step 6: enjoy favours — money, then reputation, then invitations and dismissals
(rules favours.*, ud.cook.reputation, ud.hall-boy.money, ud.head-housemaid.screen).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from obsession_nb.base.identity import by_identity
from obsession_nb.data.catalog_records import Favour
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.state import Choice, Player
from obsession_nb.engine.steps import suites
from obsession_nb.engine.steps.guests import cook_on_tile, money_of
from obsession_nb.engine.table import Table

Source = tuple[str, str, tuple[Favour, ...]]
"""(target, display name, favours) of one source of favours: the tile or a guest."""


def card_of(target: str) -> tuple[str, ...]:
    """The card a source's name names, for its rulings (none for the tile)."""
    return () if target == "tile" else (target,)


def sources(table: Table) -> Iterator[Source]:
    """(target, display name, favours) of the activity tile and each guest, in order."""
    turn = table.turn
    if turn.tile is not None:
        face = table.face(table.me.owned_tile(turn.tile))
        yield "tile", table.tile_name(turn.tile), face.favours
    for card_id in turn.guests:
        card = table.card(card_id)
        yield card_id, card.name, suites.favours_of_guest(table, card.favours)


def supplemental_on(table: Table, servant: str, target: str) -> bool:
    turn = table.state.turn
    assert turn is not None
    return any(p.servant == servant and p.target == target and p.covers is None
               for p in turn.placements)


def elsewhere(table: Table, source: str, kind: str) -> Player | None:
    """The player other than the active one who receives this favour of ``source`` (a
    teammate's visiting family card: team.family-favours), or ``None``."""
    seat = table.mode.favour_seat(table, source, kind)
    return None if seat is None or seat == table.turn.player else table.state.players[seat]


def _routed_reputation(table: Table, other: Player, amount: int, what: str,
                       cards: tuple[str, ...]) -> list[Ruling]:
    """A reputation favour that stays with the teammate (team.family-favours); ``cards``: those
    ``what`` names."""
    moved = (table.gain_reputation(other, amount, "team.family-favours", what, cards)
             if amount > 0
             else table.lose_reputation(other, -amount, "team.family-favours", what, cards))
    return [ruling("team.family-favours", f"{what}: the reputation stays with {other.name}.",
                   cards), moved]


def housemaid_screens(table: Table, target: str) -> bool:
    """Whether a head housemaid on ``target`` screens this invitation, and mark it used: each
    screens one invitation favour in a turn (ud.head-housemaid.once-per-turn); a teammate's lent
    one works on another favour (team.no-doubled-servants)."""
    turn = table.turn
    if (not table.state.options.expansion or target in turn.screened_on
            or not supplemental_on(table, "head_housemaid", target)):
        return False
    turn.screened = True
    turn.screened_on.append(target)
    return True


SUMMED = ("money", "reputation", "admirer")
"""Favour kinds step 6 adds up, whatever the order of the sources (an admirer's bonus counts
the other guests, not their order)."""


def summed_only(favours: tuple[Favour, ...]) -> bool:
    """Whether these favours are only added up: where their source comes changes nothing
    (ruling.favours-in-guest-order)."""
    return all(f.kind in SUMMED for f in favours)


ANY = "*"
"""What a lady's choice or a dismissal may touch: any guest card, in hand, discard or deck."""


@by_identity
def touches(favours: tuple[Favour, ...]) -> frozenset[str]:
    """What these favours read or change in step 6 beyond the sums and their own choices: a
    guest deck (an invitation draws from it in source order), the discard pile (a reclaim), or
    :data:`ANY` (the lady of the house and a dismissal, which may send a kept card back to its
    deck).  Gossip, hiring, VP and objective draws touch nothing another guest's favours do.
    Remembered per card's favours (one tuple for the catalog's lifetime)."""
    touched: set[str] = set()
    for favour in favours:
        if favour.kind == "invite":
            touched.add(f"deck:{favour.deck}")
        elif favour.kind == "reclaim":
            touched.add("discard")
        elif favour.kind not in (*SUMMED, "gossip", "hire", "vp_card", "vp_card_draw",
                                 "objective"):
            touched.add(ANY)
    return frozenset(touched)


def independent(first: tuple[Favour, ...], second: tuple[Favour, ...]) -> bool:
    """Whether two sources' favours end the same in either order (ruling.favours-in-guest-order:
    only sources that touch the same deck or pile, or any card, depend on which came first)."""
    a, b = touches(first), touches(second)
    return not (a and b and (ANY in a or ANY in b or a & b))


def resolve(table: Table) -> list[Ruling]:
    """Resolve money and reputation, then queue the invitation/dismissal decisions
    (favours.order, ruling.favours-in-guest-order)."""
    rulings = [ruling("favours.order", "Favours resolve in order: money, reputation, then invitations.")]
    found = list(sources(table))  # resolving changes no source: read once
    in_order = [(target, name) for target, name, favours in found if not summed_only(favours)]
    if len(in_order) > 1:
        rulings.append(ruling("ruling.favours-in-guest-order", "Their invitations and choices "
                              "are taken one source at a time: "
                              + ", then ".join(name for _, name in in_order) + ".",
                              tuple(t for t, _ in in_order if t != "tile")))
    suite = suites.hosted(table)
    if suite is not None:
        what = "every favour" if suites.DOUBLING[suite] == "all" else "the chosen favour"
        rulings.append(ruling(suites.RULE[suite], f"The suite doubles {what} of its guest."))
    rulings += _money(table, found)
    rulings += _reputation(table, found)
    rulings += _queue_invitations(table, found)
    return rulings


def _money(table: Table, found: list[Source]) -> list[Ruling]:
    me = table.me
    rulings: list[Ruling] = []
    total = 0
    for target, name, favours in found:
        amount = money_of(favours)  # a suite's doubled favours are made on the fly
        if amount > 0:
            named = card_of(target)
            rulings.append(ruling("favours.money", f"{name} gives £{amount}.", named))
            if target != "tile" and supplemental_on(table, "hall_boy", target):
                amount += 100
                rulings.append(ruling("ud.hall-boy.money",
                                      f"The hall boy on {name} adds £100 to its favour.", named))
            other = elsewhere(table, target, "money")
            if other is None:
                total += amount
            else:
                other.money += amount
                rulings.append(ruling("team.family-favours", f"{name}'s £{amount} goes to "
                                      f"{other.name} (now £{other.money}).", named))
        elif amount < 0:
            total += amount
            rulings.append(ruling("favours.pauper",
                                  f"{name} is a pauper and costs £{-amount} to host.",
                                  card_of(target)))
    if table.turn.tile == "renovated-kitchen":
        rulings.append(ruling("ruling.renovated-kitchen-300", "The Renovated Kitchen's +£300 is "
                              "its cost modifier; the Gourmet Tasting itself pays no money."))
    if total == 0 and not any(r.rule.startswith("favours.") for r in rulings):
        return rulings
    before = me.money
    me.money += total
    if me.money < 0:
        loans = (-me.money + 99) // 100
        me.money += loans * 100
        rulings.append(table.lose_reputation(
            me, 2 * loans, "ruling.pauper-payment",
            f"The pauper's cost exceeds the money at hand, so {me.name} borrows £{100 * loans}",
        ))
    rulings.append(
        ruling("favours.money", f"Money: £{before} → £{me.money} ({total:+d} this activity).")
    )
    return rulings


def _reputation(table: Table, found: list[Source]) -> list[Ruling]:
    me, turn = table.me, table.turn
    parts: list[tuple[int, str, str, tuple[str, ...]]] = []
    rulings: list[Ruling] = []
    for target, name, favours in found:
        amount = sum(f.amount for f in favours if f.kind == "reputation")
        other = elsewhere(table, target, "reputation")
        if amount and other is not None:
            rulings += _routed_reputation(table, other, amount, f"{name}'s reputation favour",
                                          card_of(target))
        elif amount:
            parts.append((amount, "favours.reputation", f"{name} {amount:+d}", card_of(target)))
    if table.state.options.expansion and cook_on_tile(table):
        parts.append((1, "ud.cook.reputation", "the cook +1", ()))
    face = table.face(me.owned_tile(turn.tile)) if turn.tile else None
    if face is not None and face.category == "estate" and table.has_ability(me, "barn"):
        parts.append((1, "favours.barn", "the Barn +1 for hosting an Estate tile", ()))
    admirers = [
        (table.card(c), f) for c in turn.guests for f in table.card(c).favours if f.kind == "admirer"
    ]
    if admirers:
        suitor = next(
            (
                table.card(c)
                for c in turn.guests
                if table.card(c).gender == "male"
                and table.card(c).is_prestige_guest
                and (table.card(c).deck == "fairchild" or table.card(c).rating >= 3)
            ),
            None,
        )
        for card, favour in admirers:
            other = elsewhere(table, card.id, "admirer")
            if suitor is not None and other is not None:
                rulings += _routed_reputation(table, other, favour.amount, f"{card.name} admires "
                                              f"{suitor.name}", (card.id, suitor.id))
            elif suitor is not None:
                parts.append(
                    (favour.amount, "favours.admirer", f"{card.name} admires {suitor.name} "
                     f"{favour.amount:+d}", (card.id, suitor.id))
                )
    if not parts:
        return rulings
    net = sum(p[0] for p in parts)
    rulings += [ruling(rule_id, f"Reputation: {text}.", cards)
                for _a, rule_id, text, cards in parts]
    if len(parts) > 1:
        rulings.append(ruling("ruling.net-reputation", f"The {len(parts)} reputation favours are "
                              f"summed and applied once: {net:+d}."))
    if net > 0:
        rulings.append(table.gain_reputation(me, net, "reputation.wheel", f"Net reputation {net:+d}"))
    elif net < 0:
        if me.reputation == 0:
            rulings.append(ruling(
                "reputation.floor",
                f"{me.name} is at level 1 position 1, so the net penalty of {-net} is ignored.",
            ))
        else:
            rulings.append(table.lose_reputation(
                me, -net, "reputation.penalty", f"Net reputation {net:+d}, paid as far as possible",
            ))
    return rulings


def _queue_invitations(table: Table, found: list[Source]) -> list[Ruling]:
    """Draw blind invitations now; queue screens, the lady's choice, dismissals and the rest."""
    rulings: list[Ruling] = []
    turn = table.turn
    for target, name, favours in found:
        named = card_of(target)
        for favour in favours:
            if favour.kind == "invite":
                see = favour.see
                if housemaid_screens(table, target):
                    see += 1
                    rulings.append(ruling(
                        "ud.head-housemaid.screen",
                        f"The head housemaid on {name} screens: see {see}, keep {favour.keep}.",
                        named))
                assert favour.deck is not None
                rulings += open_invitation(table, name, named, favour.deck, see, favour.keep,
                                           seat=table.mode.favour_seat(table, target, "invite"))
            elif favour.kind == "lady":
                turn.choices.append(Choice.model_construct(
                    kind="lady", source=target, seat=table.mode.favour_seat(table, target, "lady")))
            elif favour.kind == "dismiss":
                turn.choices.append(Choice.model_construct(kind="dismiss", source=target,
                                                           count=favour.amount))
            elif favour.kind in ("vp_card", "vp_card_draw"):
                rulings += _draw_cards(table, "vp_deck", table.me.vp_cards, favour.amount,
                                       "favours.vp-card", f"{name}: VP card", named)
            elif favour.kind == "objective":
                rulings += _draw_cards(table, "objective_deck", table.me.objectives, favour.amount,
                                       "favours.objective-card", f"{name}: objective card", named)
            elif favour.kind == "gossip":
                if len(table.state.players) > 1:
                    turn.choices.append(Choice.model_construct(kind="gossip", source=target,
                                                               count=favour.amount))
                else:
                    rulings.append(ruling("solo.exception.gossip", f"{name}'s gossip has no one "
                                          "to target in solo play; the attack does nothing.",
                                          named))
            elif favour.kind == "reclaim":
                if table.me.discard:
                    turn.choices.append(Choice.model_construct(kind="reclaim", source=target))
                else:
                    rulings.append(ruling("favours.reclaim-discard", f"{name}: the discard pile "
                                          "is empty (this activity's guests reach it only in "
                                          "step 8), so the favour takes nothing.", named))
            elif favour.kind == "hire":
                turn.choices.append(Choice.model_construct(kind="hire", source=target,
                                                           count=favour.amount))
    return rulings


def _draw_cards(table: Table, deck_name: str, into: list[str], count: int, rule_id: str,
                label: str, named: tuple[str, ...]) -> list[Ruling]:
    deck: list[str] = getattr(table.state.supply, deck_name)
    drawn = [deck.pop(0) for _ in range(min(count, len(deck)))]
    into.extend(drawn)
    if not drawn:
        return [ruling(rule_id, f"{label}: the deck is empty, nothing is drawn.", named)]
    return [ruling(rule_id, f"{label}: {len(drawn)} drawn.", named)]


def deck_of(table: Table, card_id: str) -> list[str]:
    card = table.card(card_id)
    supply = table.state.supply
    return supply.prestige_deck if card.deck == "prestige" else supply.casual_deck


def open_invitation(
    table: Table, name: str, named: tuple[str, ...], deck_name: Literal["casual", "prestige"],
    see: int, keep: int, *, first: bool = False, seat: int | None = None,
) -> list[Ruling]:
    """A blind draw goes straight to the hand (of ``seat``, if the favour is another player's:
    team.family-favours); a screen becomes a choice (favours.invite, favours.screen,
    ruling.guest-deck-empty).  ``name``: the invitation's source in words (``named``: its card,
    if it is one)."""
    supply, turn = table.state.supply, table.turn
    me = table.me if seat is None else table.state.players[seat]
    deck = supply.casual_deck if deck_name == "casual" else supply.prestige_deck
    routed = [] if seat is None else [ruling("team.family-favours", f"{name}'s invitation goes "
                                             f"to {me.name}.", named)]
    if not deck:
        return [*routed, ruling("ruling.guest-deck-empty", f"{name}: the {deck_name} deck is "
                                "empty; no invitation.", named)]
    cards = [deck.pop(0) for _ in range(min(see, len(deck)))]
    if len(cards) <= keep:
        me.hand.extend(cards)
        names = ", ".join(table.card_name(c) for c in cards)
        rule_id = "favours.invite" if see == 1 else "ruling.screen-deck-short"
        return [*routed, ruling(rule_id, f"{name}: {names} joins the active hand from the "
                                f"{deck_name} deck.", (*named, *cards))]
    choice = Choice.model_construct(kind="screen", source=name, cards=cards, keep=keep,
                                    deck=deck_name, seat=seat)
    turn.choices.insert(0 if first else len(turn.choices), choice)
    return [*routed, ruling(
        "favours.screen",
        f"{name}: see {len(cards)} {deck_name} guest{'' if len(cards) == 1 else 's'} and keep "
        f"{keep}" + ("." if len(cards) <= keep else "; the rest go to the bottom."), named,
    )]
