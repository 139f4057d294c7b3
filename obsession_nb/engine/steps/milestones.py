"""Milestones: two public objectives per game, claimed with crest markers (UD p.15 Milestones;
rules milestone.*, ruling.milestone-*).

The rules here do not depend on what the cards say: a card (``content/catalog/milestones.yaml``,
stand-ins until the real cards are overlaid) names a :data:`MEASURES` key, a threshold and the
VP of its two places.  At any time of their own turn a player may claim one milestone they meet
(action ``milestone CARD``), at most one per turn and with at most two markers in all; the
marker takes the first free place and is never lost; claims score at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Handler
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.state import Player
from obsession_nb.engine.records.variant_records import MilestoneClaim, Milestones
from obsession_nb.engine.steps.special import ANY_STEP
from obsession_nb.engine.table import Table

PER_GAME = 2
MARKERS = 2
"""Each player's two family-crest chits."""
NEW_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man")


def _servants(table: Table, p: Player) -> list[str]:
    placed = []
    turn = table.state.turn
    if turn is not None and table.state.players[turn.player] is p:
        placed = [x.servant for x in turn.placements if x.target != "removed"]
    return [*p.servants.all(), *placed]


def _guests(table: Table, p: Player) -> list[str]:
    turn = table.state.turn
    hosted = turn.guests if turn is not None and table.state.players[turn.player] is p else []
    return [*p.hand, *p.discard, *hosted]


def _faces(table: Table, p: Player, category: str) -> int:
    return sum(1 for o in p.organiser if table.face(o).category == category)


MEASURES: dict[str, Callable[[Table, Player], int]] = {
    "reputation_level": lambda t, p: t.wheel.level(p.reputation),
    "tiles_bought": lambda t, p: sum(1 for o in p.organiser if not t.tile(o.tile).start),
    "flipped_tiles": lambda t, p: sum(1 for o in p.organiser if o.flipped),
    "monuments": lambda t, p: _faces(t, p, "monument"),
    "service_tiles": lambda t, p: _faces(t, p, "service"),
    "prestige_guests": lambda t, p: sum(1 for c in _guests(t, p) if t.card(c).deck == "prestige"),
    "servants": lambda t, p: len(_servants(t, p)),
    "new_servants": lambda t, p: len(set(_servants(t, p)) & set(NEW_SERVANTS)),
    "money": lambda t, p: p.money,
    "vp_cards": lambda t, p: len(p.vp_cards),
}
"""What a milestone card can ask for, each measured on the position as it stands."""


def allowed(table: Table) -> list[str]:
    """The cards this game may use: the expansion-only card needs the new servants
    (milestone.ud-card)."""
    expansion = table.state.options.expansion
    return sorted(c.id for c in table.catalog.milestones.values()
                  if expansion or c.expansion != "upstairs_downstairs")


def set_out(table: Table) -> list[Ruling]:
    """Choose the two milestones before the player areas (milestone.setup); the mode may require
    or forbid them (``Mode.milestones``).  Raises ``ValueError`` for a bad choice."""
    state = table.state
    wanted = state.options.milestones
    use = table.mode.milestones
    if use is False:
        return [ruling("option.milestones", "This mode plays without milestones.")] if wanted else []
    if wanted is None:
        if not use:
            return []
        wanted = "random"
    pool = allowed(table)
    if wanted == "random":
        cards = sorted(table.rng().sample(pool, min(PER_GAME, len(pool))))
    else:
        cards = list(wanted)
        bad = [c for c in cards if c not in pool]
        if len(cards) != PER_GAME or len(set(cards)) != PER_GAME or bad:
            raise ValueError(f"milestones: two different cards of {pool}"
                             + (f"; not usable here: {bad}" if bad else ""))
    state.milestones = Milestones(cards=cards)
    rulings = [ruling("milestone.setup", "Milestones in play, chosen before the player areas: "
                      + ", ".join(table.catalog.milestones[c].name for c in cards)
                      + f"; each player has {MARKERS} crest markers.")]
    if any(table.catalog.milestones[c].standin for c in cards):
        rulings.append(ruling("ruling.milestone-standins", "The milestone cards are stand-ins: "
                              "the sources do not give their requirements or VP."))
    return rulings


def measure(table: Table, seat: int, card: str) -> int:
    return MEASURES[table.catalog.milestones[card].measure](table, table.state.players[seat])


def candidates(table: Table) -> Iterator[va.Milestone]:
    found = table.state.milestones
    if found is not None:
        yield from (va.Milestone(c) for c in found.cards)


def verify_claim(table: Table, card: str) -> list[Ruling]:
    state = table.state
    found = state.milestones
    seat = table.turn.player
    me = table.me
    if found is None or card not in found.cards:
        raise refuse("milestone.setup", f"'{card}' is not a milestone of this game.")
    info = table.catalog.milestones[card]
    mine = [c for c in found.claims if c.seat == seat]
    if any(c.turn == me.turns_taken for c in mine):
        raise refuse("milestone.claim", f"{me.name} has already claimed a milestone this turn; "
                     "only one may be claimed per turn.")
    if any(c.card == card for c in mine):
        raise refuse("ruling.milestone-once", f"{me.name} already has a marker on {info.name}.")
    if len(mine) >= MARKERS:
        raise refuse("milestone.setup", f"{me.name} has used both crest markers.")
    taken = [c for c in found.claims if c.card == card]
    if len(taken) >= 2:
        raise refuse("milestone.claim", f"Both places of {info.name} are taken.")
    have = measure(table, seat, card)
    if have < info.at_least:
        raise refuse("milestone.claim", f"{info.name} needs {info.measure} of at least "
                     f"{info.at_least}; {me.name} has {have}.")
    return [ruling("milestone.claim-not-achieve", f"{me.name} meets {info.name} ({info.measure} "
                   f"{have} ≥ {info.at_least}) at the moment of claiming.")]


def apply_claim(table: Table, card: str) -> list[Ruling]:
    state = table.state
    found = state.milestones
    assert found is not None
    place = 1 + sum(1 for c in found.claims if c.card == card)
    found.claims.append(MilestoneClaim(card=card, seat=table.turn.player, place=place,
                                       round=state.round, turn=table.me.turns_taken))
    info = table.catalog.milestones[card]
    return [ruling("ruling.milestone-place", f"{table.me.name}'s crest marker takes the "
                   f"{'first' if place == 1 else 'second'} place of {info.name} "
                   f"({info.vp[place - 1]} VP at the end)."),
            ruling("milestone.permanent", "A claimed milestone is never lost.")]


def vp(table: Table, seat: int) -> int:
    """The VP of the seat's claims (milestone.scoring)."""
    found = table.state.milestones
    if found is None:
        return 0
    return sum(table.catalog.milestones[c.card].vp[c.place - 1] for c in found.claims
               if c.seat == seat)


def view(table: Table) -> list[dict[str, object]]:
    """The milestones in play, their places' VP and the markers on them (for the board)."""
    found = table.state.milestones
    if found is None:
        return []
    players = table.state.players
    return [{"id": c, "name": table.catalog.milestones[c].name,
             "measure": table.catalog.milestones[c].measure,
             "at_least": table.catalog.milestones[c].at_least,
             "vp": list(table.catalog.milestones[c].vp),
             "standin": table.catalog.milestones[c].standin,
             "claims": [{"seat": cl.seat, "player": players[cl.seat].name, "place": cl.place,
                         "round": cl.round} for cl in found.claims if cl.card == c]}
            for c in found.cards]


KINDS: dict[type[Action], Handler] = {
    va.Milestone: Handler.at(ANY_STEP, verify_claim, apply_claim),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""
