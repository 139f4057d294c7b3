"""How few objective cards a player can hold at a round: the cards dealt at setup
(setup.objectives, six-player.objectives; two kept by the 1st printing), two more at each
objective-card draw already passed (event.objective-draw; one by the 1st printing), one fewer
after each courtship already passed (season.objective-discard; none by the 1st printing,
ud.objectives-during-play).  Favours only ever add cards, so more is possible, fewer is not —
unless the objective deck ran out before a draw."""

from __future__ import annotations

from obsession_nb.data.catalog import Catalog
from obsession_nb.engine.records.state import State
from obsession_nb.engine.setup.supply import FIRST_PRINTING_KEPT, objectives_dealt
from obsession_nb.engine.steps.seasons import turn_order

SETUP_STEPS = frozenset({"draft", "starter-draft", "opening-market", "choose-objectives"})
"""Steps during which the objectives are not dealt or not yet chosen."""


def fewest_objectives(state: State, catalog: Catalog) -> int | None:
    """The fewest objectives each player can hold now; ``None`` where no such count applies (no
    private objectives, a track without courtships, setup still under way)."""
    options = state.options
    track = catalog.round_tracks.get(options.track)
    turn = state.turn
    if (options.objectives == "milestones" or track is None or state.finished
            or not any(s.courtship for s in track.rounds)
            or (turn is not None and turn.step in SETUP_STEPS and turn.resume is None)):
        return None
    passed = [s for s in track.rounds if s.round < state.round]
    draws = sum(1 for s in passed for e in s.events if e.kind == "objective_draw")
    # a courtship round's discards may be made already (the fewest counts them)
    courtships = sum(1 for s in track.rounds if s.courtship and s.round <= state.round)
    if options.objectives == "choose-at-setup":
        return FIRST_PRINTING_KEPT + draws
    return objectives_dealt(len(state.players), options.length) + 2 * draws - courtships


def drawn_this_round(state: State, catalog: Catalog) -> set[int]:
    """The seats that have made this round's objective-card draw already: on a draw round,
    those before the player to act in turn order, and the player to act once past step 1."""
    track = catalog.round_tracks.get(state.options.track)
    turn = state.turn
    here = next((s for s in track.rounds if s.round == state.round), None) if track else None
    if turn is None or here is None or not any(e.kind == "objective_draw" for e in here.events):
        return set()
    order = turn_order(state.first_player, len(state.players))
    if turn.player not in order:
        return set()
    before = set(order[:order.index(turn.player)])
    return before | ({turn.player} if turn.step not in ("begin", "step1", "choose-objectives")
                     else set())


def objective_count_problems(state: State, catalog: Catalog) -> list[str]:
    """Each player holding fewer objectives than the round allows (none while the objective
    deck is empty: a draw may have found it so)."""
    fewest = fewest_objectives(state, catalog)
    if fewest is None or not state.supply.objective_deck:
        return []
    drawn = drawn_this_round(state, catalog)
    extra = 1 if state.options.objectives == "choose-at-setup" else 2
    problems = []
    for i, player in enumerate(state.players):
        least = fewest + (extra if i in drawn else 0)
        if len(player.objectives) < least:
            problems.append(
                f"players[{i}].objectives: {len(player.objectives)} held at round {state.round}"
                f", but a game holds at least {least} by then (dealt at setup, drawn at each "
                "objective-card draw, one discarded after each courtship: rules "
                "setup.objectives, event.objective-draw, season.objective-discard)")
    return problems
