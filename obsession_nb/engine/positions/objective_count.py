"""How many objective cards a player can hold at a point of a game, and the problems of a
position holding more or fewer (ruling.objective-count).

Worked out from what the engine itself uses, never a table of its own: the cards the setup deals
(``objectives_dealt``, ``Mode.deals_objectives``: setup.objectives, six-player.objectives, none
in the solo challenge or Tableau Obsession; the 1st printing keeps ``FIRST_PRINTING_KEPT``,
ud.objectives-during-play), the round track's objective-card draws (event.objective-draw: two
kept, one by the 1st printing) and courtships (season.objective-discard: one discarded by each
player holding any, ruling.objective-discard-none; none by the 1st printing), and for the most, the
objective favours of the catalog's tiles and VP cards (favours.objective-card).  A draw takes
what the deck has left, so a player can hold fewer only where the deck may have run out at a
draw: then every card in the deck now came back as a discard since.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_cards import RoundSpace
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.engine.mode import mode_named
from obsession_nb.engine.records.state import State, Turn
from obsession_nb.engine.setup.supply import (
    FIRST_PRINTING_DRAW_KEPT,
    FIRST_PRINTING_KEPT,
    OBJECTIVES_DRAWN,
    objectives_dealt,
)
from obsession_nb.engine.steps.seasons import turn_order

RULE = "ruling.objective-count"
SETUP_STEPS = frozenset({"draft", "starter-draft", "opening-market", "choose-objectives"})
"""Steps of setup during which the objectives are not dealt, or not yet chosen."""
VP_OBJECTIVE_FAVOUR = "objective_draw_2_keep_1"


@dataclass(frozen=True)
class HeldRange:
    """The fewest and most objective cards a player can hold; ``most`` is ``None`` where the
    game's cards give objectives in ways not bounded here (a custom guest's objective favour)."""

    fewest: int
    most: int | None


def held_ranges(state: State, catalog: Catalog,
                cards: Mapping[str, GentryCard] | None = None) -> list[HeldRange] | None:
    """Each player's :class:`HeldRange` now; ``None`` while setup is still dealing or choosing
    them, or on a track the catalog does not have."""
    options, turn = state.options, state.turn
    track = catalog.round_tracks.get(options.track)
    if track is None or (turn is not None and turn.step in SETUP_STEPS and turn.resume is None):
        return None
    if options.objectives == "milestones":  # no objective card is in the game (option.milestones)
        return [HeldRange(0, 0) for _ in state.players]
    extras = _most_extras(state, catalog, cards or catalog.gentry, track.rounds)
    first_printing = options.objectives == "choose-at-setup"
    dealt = (0 if not mode_named(options.mode).deals_objectives
             else FIRST_PRINTING_KEPT if first_printing
             else objectives_dealt(len(state.players), options.length))
    return [_held(state, seat, track.rounds, dealt, extras)
            for seat in range(len(state.players))]


def _held(state: State, seat: int, spaces: tuple[RoundSpace, ...], dealt: int,
          extras: int | None) -> HeldRange:
    """Walk the track up to the current round from the cards dealt: the fewest counts a draw
    only where the deck cannot have run out at it, and this round's discard where it may have
    been made; the most, every draw that may have been made and only the discards made for
    certain."""
    first_printing = state.options.objectives == "choose-at-setup"
    kept = FIRST_PRINTING_DRAW_KEPT if first_printing else OBJECTIVES_DRAWN
    fewest = most = dealt
    for space in spaces:
        if space.round > state.round:
            break
        now = space.round == state.round
        if any(e.kind == "objective_draw" for e in space.events):
            drawn = _drawn_this_round(state, seat) if now else True
            if drawn is not False:
                most += kept
            if drawn is True and not _deck_may_have_run_out(state, spaces, space.round):
                fewest += kept
        if space.courtship and not first_printing:
            fewest = max(0, fewest - 1)
            if not now or state.finished:
                most = max(0, most - 1)
    return HeldRange(fewest, None if extras is None else most + extras)


def _drawn_this_round(state: State, seat: int) -> bool | None:
    """Whether ``seat`` has made this round's draw (in step 2 of its turn): ``True`` for the seats
    before the player to act, ``False`` after, ``None`` (either) for the player to act."""
    turn: Turn | None = state.turn
    if state.finished:
        return True
    if turn is None:
        return None
    order = turn_order(state.first_player, len(state.players))
    if turn.player not in order or seat not in order:
        return None
    here, mine = order.index(turn.player), order.index(seat)
    return True if mine < here else False if mine > here else None


def _deck_may_have_run_out(state: State, spaces: tuple[RoundSpace, ...], draw_round: int) -> bool:
    """A draw on ``draw_round`` may have found the deck short only if every card in it now came
    back since: one discard per player at each courtship after that draw, this round's included
    (none by the 1st printing), while draws, the Main Library and VP cards only take cards out."""
    courtships = sum(1 for s in spaces if s.courtship and draw_round < s.round <= state.round)
    per_courtship = 0 if state.options.objectives == "choose-at-setup" else len(state.players)
    return len(state.supply.objective_deck) <= per_courtship * courtships


def _most_extras(state: State, catalog: Catalog, cards: Mapping[str, GentryCard],
                 spaces: tuple[RoundSpace, ...]) -> int | None:
    """The most objectives a player can have gained beyond the draws: the largest objective
    favour of a tile face at each activity round so far (one activity a turn) and one for each
    VP card with the objective favour already used (a used VP card is discarded,
    courtship.vp-card-use); ``None`` where a guest's favours give objectives (a suite doubles
    them)."""
    if any(f.kind == "objective" for card in cards.values() for f in card.favours):
        return None
    per_activity = max((sum(f.amount for f in face.favours if f.kind == "objective")
                        for tile in catalog.tiles.values() for face in (tile.front, tile.back)
                        if face is not None), default=0)
    courtships = sum(1 for s in spaces if s.courtship and s.round <= state.round)
    vp_cards = sum(1 for v in state.supply.vp_discard
                   if v in catalog.vp_cards and catalog.vp_cards[v].favour == VP_OBJECTIVE_FAVOUR)
    return per_activity * (state.round - courtships) + vp_cards


def objective_count_problems(state: State, catalog: Catalog,
                             cards: Mapping[str, GentryCard] | None = None) -> list[str]:
    """Each player holding fewer or more objective cards than the game can have given them by
    now (ruling.objective-count), with the path of the field."""
    ranges = held_ranges(state, catalog, cards)
    if ranges is None:
        return []
    problems = []
    for i, (player, held) in enumerate(zip(state.players, ranges, strict=True)):
        count = len(player.objectives)
        where = f"players[{i}].objectives: {count} held at round {state.round}"
        if count < held.fewest:
            problems.append(f"{where}, but a game gives at least {held.fewest} by then (dealt "
                            "at setup, kept at each objective-card draw the deck could meet, "
                            f"one discarded after each courtship; rule {RULE})")
        elif held.most is not None and count > held.most:
            problems.append(f"{where}, but a game gives at most {held.most} by then (dealt at "
                            "setup, kept at each objective-card draw, one discarded after each "
                            "courtship, the Main Library and VP cards' objective favours "
                            f"besides; rule {RULE})")
    return problems
