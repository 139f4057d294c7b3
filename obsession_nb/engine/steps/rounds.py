"""The round track: which round it is, its events, and the market reserves it starts (rules
turn.round-track-event, event.*, market.reserve-activation, round-track.reserve-reminders).

Moving from one round to the next is the sequencer's (``flow.end_round``, ``flow.enter_round``).
"""

from __future__ import annotations

from obsession_nb.data.catalog_cards import RoundSpace
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.table import Table, per_decision

RESERVES = ("service", "pr1")
RESERVE_NAMES = {"service": "Service Tile Reserve", "pr1": "PR1 Tile Reserve"}
EVENT_NAMES = {"village_fair": "a Village Fair", "objective_draw": "an objective-card draw",
               "builders_holiday": "the Builders' Holiday",
               "national_holiday": "the National Holiday"}


@per_decision(kept=True)
def space(table: Table) -> RoundSpace:
    """The round-track space of the current round."""
    track = table.catalog.round_tracks[table.state.options.track]
    here = track.by_round.get(table.state.round)
    if here is None:  # past the last printed space: only the solo challenge plays on (modes/)
        return RoundSpace(round=table.state.round, season=track.rounds[-1].season)
    return here


@per_decision(kept=True)
def has_event(table: Table, kind: str) -> bool:
    return any(e.kind == kind for e in space(table).events)


def reconstructed(table: Table, kind: str) -> list[Ruling]:
    """The ruling to cite when this round's ``kind`` event sits on a round no source gives
    (ruling.unstated-event-rounds); empty when a source places it here."""
    event = next((e for e in space(table).events if e.kind == kind), None)
    if event is None or event.verified:
        return []
    return [ruling("ruling.unstated-event-rounds", f"No source gives the round of "
                   f"{EVENT_NAMES.get(kind, kind)}; round {table.state.round} is our "
                   "reconstruction, marked unverified on the track.")]


def step2_event_notes(table: Table) -> list[Ruling]:
    """What this round's event means for the rest of the turn, said in step 2 where each player
    checks the track (turn.round-track-event); the objective draw is resolved by the caller."""
    notes = {
        "village_fair": ("event.village-fair", "Village Fair: it pays out once step 2's choices "
                         "are made."),
        "builders_holiday": ("event.builders-holiday", "Builders' Holiday: any number of "
                             "purchases in step 7."),
        "national_holiday": ("event.national-holiday", "National Holiday: reputation does not "
                             "limit the tile or the guests this turn."),
    }
    rulings = [ruling(*notes[e.kind]) for e in space(table).events if e.kind in notes]
    if table.state.options.track == "extended" and has_event(table, "national_holiday"):
        rulings.append(ruling("ruling.extended-national-holiday", "On the extended track the "
                              "National Holiday falls on round 11 (moved from 17)."))
    return rulings


def is_courtship(table: Table) -> bool:
    return space(table).courtship


def last_round(table: Table) -> int:
    track = table.catalog.round_tracks[table.state.options.track]
    return max(s.round for s in track.rounds)


# ----------------------------------------------------------------- the Builders' Market reserves


def activate_next_reserve(table: Table) -> list[Ruling]:
    """The next reserve the track starts: service after courtship 1, PR1 after courtship 2."""
    supply = table.state.supply
    if not table.state.options.market_reserve:
        return [ruling("option.market-reserve", "The market reserves are not used in this game.")]
    for which in RESERVES:
        if not getattr(supply, f"{which}_reserve_active"):
            return activate_reserve(table, which)
    return []


def activate_reserve(table: Table, which: str) -> list[Ruling]:
    """Move every qualifying market tile into the reserve, then refill the market; later draws
    of that kind are diverted (market.reserve-activation, market.reserve-divert,
    ruling.reserve-activation-refill)."""
    from obsession_nb.engine.steps.market import fill, reserve_for

    supply = table.state.supply
    setattr(supply, f"{which}_reserve_active", True)
    reserve: list[str] = getattr(supply, f"{which}_reserve")
    moved = [stack for stack in supply.market if reserve_for(table, stack[0]) == which]
    supply.market = [stack for stack in supply.market if stack not in moved]
    for stack in moved:
        reserve.extend(stack)
    names = ", ".join(table.tile_name(s[0]) + (" (×2)" if len(s) > 1 else "") for s in moved)
    rulings = [ruling("round-track.reserve-reminders", f"The track's reminder: the "
                      f"{RESERVE_NAMES[which]} begins with this season."),
               ruling("market.reserve-activation",
                      f"The {RESERVE_NAMES[which]} activates; from the market it takes: "
                      f"{names or 'nothing'}.")]
    if moved:
        fill(table, rulings, in_tsn_order=True)
        rulings.append(ruling("ruling.reserve-activation-refill",
                              "The remaining tiles slid left and the gaps were filled in "
                              "tile-sorting-number order."))
    return rulings
