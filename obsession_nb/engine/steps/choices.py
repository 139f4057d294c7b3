"""Decisions inside step 6: screening, the lady's choice, dismissals, gossip, reclaiming, and
hiring or recruiting servants (rules favours.*, host.butlers-room*, ud.pass.*, ud.servant-limit).
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Choice, Player
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps.favours import deck_of, housemaid_screens, open_invitation
from obsession_nb.engine.table import Table

RECRUITABLE = ("valet", "ladys_maid", "footman")
BOXES = {"available": "Available Service", "quarters": "Servants' Quarters",
         "expended": "Expended Service"}


def current(table: Table, kind: str | None = None) -> Choice:
    choices = table.turn.choices
    if not choices or (kind is not None and choices[0].kind != kind):
        what = choices[0].kind if choices else "nothing"
        raise refuse("favours.order", f"The favour waiting for a decision is {what}, not {kind}.")
    return choices[0]


def served(table: Table, choice: Choice) -> Player:
    """The player whose hand or deck the choice serves (``choice.seat``; the active player
    unless a teammate's visiting family card routed the favour: team.family-favours)."""
    return table.me if choice.seat is None else table.state.players[choice.seat]


def _close(table: Table) -> None:
    table.turn.choices.pop(0)
    if not table.turn.choices:
        table.then("favours-resolved")


# ----------------------------------------------------------------- screening


def verify_keep(table: Table, card_id: str) -> list[Ruling]:
    choice = current(table, "screen")
    if card_id not in choice.cards:
        raise refuse("favours.screen", f"'{card_id}' is not among the screened guests.")
    return [ruling("favours.screen", f"{table.card_name(card_id)} is kept.", (card_id,))]


def apply_keep(table: Table, card_id: str) -> list[Ruling]:
    choice = current(table, "screen")
    choice.cards.remove(card_id)
    served(table, choice).hand.append(card_id)
    choice.keep -= 1
    if choice.keep > 0 and choice.cards:
        return []
    deck = deck_of(table, choice.cards[0]) if choice.cards else []
    deck.extend(choice.cards)
    rulings = [ruling("ud.guests-to-bottom", f"{len(choice.cards)} screened guest(s) go to the "
                      "bottom of the deck.")] if choice.cards else []
    _close(table)
    return rulings


# ----------------------------------------------------------------- the lady of the house


def verify_lady(table: Table, option: str) -> list[Ruling]:
    current(table, "lady")
    if option not in ("screen", "dismiss"):
        raise refuse("favours.lady", "The lady of the house offers 'screen' or 'dismiss'.")
    return [ruling("favours.lady", "The lady of the house: " + (
        "see two casual guests and keep one." if option == "screen" else "dismiss a guest."))]


def apply_lady(table: Table, option: str) -> list[Ruling]:
    choice = current(table, "lady")
    table.turn.choices.pop(0)
    if option == "dismiss":
        seat = table.mode.favour_seat(table, choice.source, "dismiss")
        table.turn.choices.insert(0, Choice.model_construct(kind="dismiss", source=choice.source,
                                                            seat=seat))
        return []
    see = 2
    rulings: list[Ruling] = []
    turn = table.turn
    if housemaid_screens(table, choice.source):
        see = 3
        rulings.append(ruling("ud.head-housemaid.screen",
                              "The head housemaid on the lady's card screens: see 3, keep 1."))
    rulings += open_invitation(table, table.card_name(choice.source), (choice.source,), "casual",
                               see, 1, first=True, seat=choice.seat)
    if not turn.choices:
        table.then("favours-resolved")
    return rulings


# ----------------------------------------------------------------- dismissal


def dismissable(table: Table) -> list[str]:
    """Guests that may be dismissed: any card but family, from the hand, the discard pile or
    this activity (favours.dismiss, ruling.fairchild-dismissal)."""
    return [c for c in dict.fromkeys(_dismiss_pool(table)) if table.card(c).deck != "family"]


def _dismiss_pool(table: Table) -> list[str]:
    """The active hand, discard pile and this activity's guests; a teammate's hand and discard
    pile when the dismissal is a visiting lady's (team.family-favours)."""
    owner = served(table, table.turn.choices[0])
    if owner is not table.me:
        return [*owner.hand, *owner.discard]
    return [*owner.hand, *owner.discard, *table.turn.guests]


def verify_dismiss(table: Table, card_id: str) -> list[Ruling]:
    choice = current(table, "dismiss")
    turn = table.turn
    if not table.has_card(card_id) or card_id not in _dismiss_pool(table):
        owner = served(table, choice)
        if owner is not table.me:
            raise refuse("team.family-favours", f"A visiting lady dismisses only from her own "
                         f"family's deck: '{card_id}' is not in {owner.name}'s hand or discard "
                         "pile.")
        raise refuse("favours.dismiss", f"'{card_id}' is not in {owner.name}'s hand, discard "
                     "pile or this activity.")
    card = table.card(card_id)
    if card.deck == "family":
        raise refuse("favours.dismiss", f"{card.name} is a family card; family can never be "
                     "dismissed.", (card_id,))
    if card.deck == "fairchild":
        return [ruling("ruling.fairchild-dismissal", f"{card.name} is a guest, not family, so "
                       "may be dismissed; with no deck of their own they go back beside the "
                       "round track.", (card_id,))]
    rulings = [ruling("favours.dismiss", f"{card.name} is dismissed to the bottom of the deck.",
                      (card_id,))]
    if card_id in turn.guests:
        rulings.append(ruling("ruling.dismissal-timing", f"{card.name} has already given their "
                              "favours this activity and goes under the deck, not to the discard "
                              "pile.", (card_id,)))
    return rulings


def apply_dismiss(table: Table, card_id: str) -> list[Ruling]:
    turn, supply = table.turn, table.state.supply
    owner = served(table, current(table, "dismiss"))
    pile = next(p for p in (owner.hand, owner.discard, turn.guests) if card_id in p)  # verified
    pile.remove(card_id)
    knowledge.leaves(table, owner, card_id)
    turn.dismissed.append(card_id)
    if table.card(card_id).deck == "fairchild":
        supply.fairchilds = sorted([*supply.fairchilds, card_id])
    else:
        deck_of(table, card_id).append(card_id)
    choice = current(table, "dismiss")
    choice.count -= 1
    if choice.count == 0:
        _close(table)
    return []


def skip_dismissal(table: Table) -> list[Ruling]:
    _close(table)
    return [ruling("favours.dismiss", "Dismissal is optional; it is skipped.")]


# ----------------------------------------------------------------- gossip and reclaim


def verify_gossip(table: Table, seat: int) -> list[Ruling]:
    current(table, "gossip")
    if seat == table.turn.player or not 0 <= seat < len(table.state.players):
        raise refuse("favours.gossip", "A gossip must target another player.")
    return []


def apply_gossip(table: Table, seat: int) -> list[Ruling]:
    choice = current(table, "gossip")
    target = table.state.players[seat]
    result = table.lose_reputation(target, choice.count, "favours.gossip",
                                   f"Gossip about {target.name}")
    _close(table)
    return [result]


def verify_reclaim(table: Table, card_id: str) -> list[Ruling]:
    current(table, "reclaim")
    if card_id not in table.me.discard:
        raise refuse("favours.reclaim-discard", f"'{card_id}' is not in the discard pile (this "
                     "activity's guests reach it only in step 8).")
    return [ruling("favours.reclaim-discard", f"{table.card_name(card_id)} returns to the hand.",
                   (card_id,))]


def apply_reclaim(table: Table, card_id: str) -> list[Ruling]:
    knowledge.take_back(table, [card_id])
    _close(table)
    return []


# ----------------------------------------------------------------- hiring and recruiting


def owned_servants(table: Table) -> list[str]:
    me = table.me
    placed = [p.servant for p in table.turn.placements if p.target != "removed"]
    return [*me.servants.all(), *placed]


def hire_barrier(table: Table, kind: str) -> str | None:
    """What forbids hiring a servant of ``kind`` now, text-free (``favours.order`` when no hire
    is being decided, ``unknown``, ``never``, ``supply``, ``removed``, ``limit``), or
    ``None``."""
    choices = table.turn.choices
    if not choices or choices[0].kind != "hire":
        return "favours.order"
    servant = table.catalog.servants.get(kind)
    if servant is None:
        return "unknown"
    if not servant.hireable:
        return "never"
    if table.state.supply.servants_for_hire.get(kind, 0) == 0:
        return "supply"
    if servant.expansion == "upstairs_downstairs":
        if kind in table.me.removed:
            return "removed"
        if kind in owned_servants(table):
            return "limit"
    return None


def can_hire(table: Table, kind: str) -> bool:
    return hire_barrier(table, kind) is None


def verify_hire(table: Table, kind: str) -> list[Ruling]:
    """The ruling of a hire (:func:`hire_barrier` decides; this says why)."""
    barrier = hire_barrier(table, kind)
    if barrier == "favours.order":
        current(table, "hire")
    me = table.me
    servant = table.catalog.servants.get(kind)
    if barrier == "unknown":
        raise refuse("host.butlers-room", f"There is no servant kind '{kind}'.")
    assert servant is not None
    if barrier == "never":
        raise refuse("host.butlers-room", f"The {servant.name} can never be hired.")
    if barrier == "supply":
        raise refuse("host.butlers-room-supply-short", f"No {servant.name} is left in Servants "
                     "for Hire.")
    if barrier == "removed":
        raise refuse("ud.useful-man.no-replacement", "A useful man removed from the game "
                     "cannot be replaced.")
    if barrier == "limit":
        raise refuse("ud.servant-limit", f"{me.name} already has a {servant.name}; only one "
                     "of each new servant is allowed.")
    return [ruling("host.butlers-room", f"{me.name} hires a {servant.name} into Expended "
                   "Service.")]


def apply_hire(table: Table, kind: str) -> list[Ruling]:
    choice = current(table, "hire")
    table.state.supply.servants_for_hire[kind] -= 1
    table.me.servants.expended.append(kind)
    table.turn.hired += 1
    choice.count -= 1
    if choice.count == 0:
        _close(table)
    return []


def can_recruit(table: Table) -> bool:
    me = table.me
    owned = me.owned("butlers-room")
    face = table.face(owned) if owned else None
    return (
        face is not None
        and any(f.kind == "recruit" for f in face.favours)
        and table.turn.hired == 0
        and len(table.state.players) > 1
    )


def boxes_holding(table: Table, seat: int, kind: str) -> list[str]:
    """The boxes of the player's board that hold a servant of ``kind``, in board order."""
    servants = table.state.players[seat].servants
    return [z for z in BOXES if kind in servants.zone(z)]


def recruit_choices(table: Table, seat: int, kind: str) -> list[str]:
    """The boxes a recruitment of ``kind`` from ``seat`` may name, as the notation names them:
    each box holding one when there is a choice, else none (host.recruit-any-box)."""
    holding = boxes_holding(table, seat, kind)
    return [""] if len(holding) == 1 else holding


def recruit_box(table: Table, seat: int, kind: str, box: str) -> str:
    """The box of the other player's board the servant is taken from: the one named, or the
    only one holding that kind (host.recruit-any-box)."""
    target = table.state.players[seat]
    holding = boxes_holding(table, seat, kind)
    if box:
        if box not in BOXES:
            raise refuse("host.recruit-any-box", f"'{box}' is not a box of the board; name "
                         "available, quarters or expended.")
        if box not in holding:
            raise refuse("host.recruit-any-box", f"{target.name} has no "
                         f"{table.servant_name(kind)} in {BOXES[box]}.")
        if len(holding) == 1:  # one notation per choice: the box only when there is a choice
            raise refuse("host.recruit-any-box", f"{target.name}'s only "
                         f"{table.servant_name(kind)} is in {BOXES[box]}: write recruit "
                         f"p{seat + 1} {kind}, with no box to choose.")
        return box
    if len(holding) > 1:
        raise refuse("host.recruit-any-box", f"{target.name} has a "
                     f"{table.servant_name(kind)} in " + " and in ".join(BOXES[z] for z in holding)
                     + "; the recruiter chooses which: add " + " or ".join(holding) + ".")
    return holding[0]


def recruit_barrier(table: Table, seat: int, kind: str, box: str = "") -> str | None:
    """What forbids recruiting ``kind`` from ``seat`` now, text-free (``favours.order``,
    ``butlers-room``, ``seat``, ``kind``, ``none``, ``box``), or ``None``."""
    choices = table.turn.choices
    if not choices or choices[0].kind != "hire":
        return "favours.order"
    if not can_recruit(table):
        return "butlers-room"
    if seat == table.turn.player or not 0 <= seat < len(table.state.players):
        return "seat"
    if kind not in RECRUITABLE:
        return "kind"
    holding = boxes_holding(table, seat, kind)
    if not holding:
        return "none"
    # a box is named only when there is a choice of boxes (host.recruit-any-box)
    if (box in holding and len(holding) > 1) if box else len(holding) == 1:
        return None
    return "box"


def can_recruit_from(table: Table, seat: int, kind: str, box: str = "") -> bool:
    return recruit_barrier(table, seat, kind, box) is None


def verify_recruit(table: Table, seat: int, kind: str, box: str = "") -> list[Ruling]:
    """The rulings of a recruitment (:func:`recruit_barrier` decides; this says why)."""
    barrier = recruit_barrier(table, seat, kind, box)
    if barrier == "favours.order":
        current(table, "hire")
    rule_id = "ud.pass.recruit" if table.state.options.expansion else "host.butlers-room-recruit"
    if barrier == "butlers-room":
        raise refuse("host.butlers-room-recruit", "Recruiting needs the flipped Butler's Room "
                     "and replaces the whole hire.")
    if barrier == "seat":
        raise refuse(rule_id, "Recruit from another player.")
    if barrier == "kind":
        name = table.catalog.servants[kind].name if kind in table.catalog.servants else kind
        raise refuse(rule_id, f"Only a valet, lady's maid or footman can be recruited, not a "
                     f"{name}.")
    target = table.state.players[seat]
    if barrier == "none":
        raise refuse(rule_id, f"{target.name} has no {table.servant_name(kind)}.")
    zone = recruit_box(table, seat, kind, box)  # the words of a "box" barrier
    rulings = [ruling(rule_id, f"{table.me.name} recruits a {table.servant_name(kind)} from "
                      f"{target.name}.")]
    if box:
        rulings.append(ruling("host.recruit-any-box", f"The recruiter takes the one in "
                              f"{target.name}'s {BOXES[zone]}."))
    return rulings


def apply_recruit(table: Table, seat: int, kind: str, box: str = "") -> list[Ruling]:
    target = table.state.players[seat]
    target.servants.zone(recruit_box(table, seat, kind, box)).remove(kind)
    table.me.servants.expended.append(kind)
    _close(table)
    return []


def stop_hiring(table: Table) -> list[Ruling]:
    hired = table.turn.hired
    _close(table)
    return [ruling("host.butlers-room", f"Hiring ends with {hired} servant(s) hired.")]


def favour_choices(table: Table) -> list[a.Action]:
    """The answers to the first pending favour choice, by its kind."""
    choice = table.turn.choices[0]
    if choice.kind == "screen":
        return [a.Keep(c) for c in choice.cards]
    if choice.kind == "lady":
        return [a.Lady("screen"), a.Lady("dismiss")]
    if choice.kind == "dismiss":
        return [*(a.Dismiss(c) for c in dismissable(table)), a.Done()]
    if choice.kind == "gossip":
        return [a.Gossip(s) for s in table.others]
    if choice.kind == "reclaim":
        return [a.Reclaim(c) for c in dict.fromkeys(table.me.discard)]
    found: list[a.Action] = [a.Hire(k) for k in table.catalog.servants]  # "hire"
    if can_recruit(table):
        found += [a.Recruit(s, k, z) for s in table.others for k in RECRUITABLE
                  for z in recruit_choices(table, s, k)]
    return [*found, a.Done()]


KINDS: dict[type[a.Action], Handler] = {
    a.Keep: Handler.at({"favours"}, verify_keep, apply_keep),
    a.Lady: Handler.at({"favours"}, verify_lady, apply_lady),
    a.Dismiss: Handler.at({"favours"}, verify_dismiss, apply_dismiss),
    a.Gossip: Handler.at({"favours"}, verify_gossip, apply_gossip),
    a.Reclaim: Handler.at({"favours"}, verify_reclaim, apply_reclaim),
    a.Hire: Handler.at({"favours"}, verify_hire, apply_hire,
                       test=can_hire),  # host.butlers-room, ud.servant-limit
    a.Recruit: Handler.at({"favours"}, verify_recruit, apply_recruit,  # host.butlers-room-recruit,
                          test=can_recruit_from),  # host.recruit-any-box
}
"""The action kinds whose rules live here (engine/turn/dispatch.py gathers them)."""
DECISIONS = {"favours": Decision(favour_choices)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
