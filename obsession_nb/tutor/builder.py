"""The position builder: a legal position with every default a table would have, to adjust.

``new_position`` sets up a real game (``setup.new_state``: families with their starting
servants, bonuses and family cards, START tiles, dealt starter guests, a legally filled market,
decks, round track and events; with the expansion, the servant draft is played with each
player's first choice), then brings it to the start of the asked round as the engine plays the
rounds with every player's turns skipped: the round-track spaces passed on the way apply their
events (reserves activating, a new season's theme; rules round-track.*-events,
season.theme-reveal), a market variant's end-of-round step happens, each player has taken one
turn per activity round (its step 2's objective-card draw made, event.objective-draw), and each
courtship passed is played in full by the engine — scored on the hands as they stand, the
winner's Fairchild, the objective discards, the VP cards — each decision the first one offered,
after which the first-player pawn moves on (ud.first-player-counterclockwise). Nothing else is
invented: money, reputation, hands and organisers are the setup's (and the courtships'), for the
user to change. The Solo Estate Challenge's positions come from its own setup
(``modes/solo/game.py``), classic solitaire's from its own (``modes/classic/game.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from obsession_nb.data.rules import did_you_mean
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.option_index import options_with, parse_setting
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.registry import BUILTIN

MODES = ("standard", *BUILTIN)
FROM_SETUP_ONLY = ("tableau", "tableau-duel", "classic-solo")
"""Modes whose positions start at their first turn only: their rounds end with the mode's own
steps (Queen Victoria's market, UD p.15; classic solitaire's AI roll after each turn and its
courtships against the opponent card), which skipping rounds would leave out."""
SOLITAIRE = ("solo-estate-challenge", "classic-solo")
"""Modes whose own setup fixes every rules option."""
OWN_ARGUMENTS = frozenset({"mode", "expansion", "length"})
"""``Options`` fields that :func:`new_position` takes as arguments, never as settings."""


def new_position(players: int = 2, *, families: Sequence[str] | None = None, round: int = 1,
                 expansion: bool = True, mode: str = "standard", length: str = "standard",
                 names: Sequence[str] | None = None, seed: int = 0,
                 settings: Sequence[str] = ()) -> Game:
    """A legal position at the first turn of ``round`` (an activity round), every default a
    table would have; adjust it, then ``Game.to_scenario()`` writes it as a scenario.

    ``settings``: printing differences and variants as ``name=value`` (``courtship=closed``,
    ``market=seasonal``; the fields of ``Options``, option_index.py), applied before the setup
    so that it follows them; the two solitaire modes take none (their setups fix the options)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode '{mode}'; the modes are {', '.join(MODES)}"
                         + did_you_mean(mode, MODES))
    own = sorted({parse_setting(text)[0] for text in settings} & OWN_ARGUMENTS)
    if own:
        raise ValueError(f"{', '.join(own)} is set by its own argument (on the command line "
                         "--mode, --expansion or --extended), not as a setting: the checks of "
                         "each mode and length depend on it")
    if settings and mode in SOLITAIRE:
        raise ValueError(f"{mode} positions take no option settings: its setup fixes the rules "
                         "options (change them in the scenario file)")
    if mode == "solo-estate-challenge":
        if not expansion:
            raise ValueError("the Solo Estate Challenge is part of the expansion (UD p.13)")
        return _solo(players, families, round, length, seed)
    if mode == "classic-solo":
        return _classic(players, families, round, expansion, length, seed)
    if players < 2:
        raise ValueError("the standard game needs 2 to 6 players (one player: "
                         "mode='solo-estate-challenge')")
    if mode in FROM_SETUP_ONLY and round != 1:
        raise ValueError(f"{mode} positions start at round 1 (its rounds end with the mode's "
                         "own steps); play on from there")
    base = Options.model_validate({"expansion": expansion, "length": length, "mode": mode})
    options = options_with(settings, base)
    game = new_game(players, seed=seed, options=options, families=families, names=names)
    _finish_draft(game)
    _advance(game, round)
    game.log.clear()
    return game


def _finish_draft(game: Game) -> None:
    """The servant draft (UD p.10) and a mode's own setup decisions, each choice the first one
    offered, up to the first turn."""
    while game.state.turn is not None and game.state.turn.step != "begin":
        game.apply(game.legal_actions()[0])


def _advance(game: Game, target: int) -> None:
    """From round 1 to the first turn of ``target`` as the engine plays the rounds, every
    player's turns skipped: each round's end (a market variant's step, flow.end_round), the next
    space's events, and each courtship in full — its scoring, the winner's Fairchild, the
    objective discards and the VP cards (seasons.py: courtship.*, season.*) — each decision the
    first one offered; the pawn then passes (ud.first-player-counterclockwise)."""
    from obsession_nb.engine.positions.facts import has_event, is_courtship, last_round
    from obsession_nb.engine.turn.flow import end_round, settle

    table = game.table
    state = table.state
    if not 1 <= target <= last_round(table):
        raise ValueError(f"round must be 1 to {last_round(table)}, not {target}")
    courtships = [r for r in range(2, target + 1) if _courtship_round(game, r)]
    if target in courtships:
        raise ValueError(f"round {target} is a courtship round (nobody takes a turn); "
                         "choose an activity round")
    while state.round < target:
        if is_courtship(table) or state.turn is None or state.turn.step != "begin":
            game.apply(game.legal_actions()[0])  # the courtship's decisions, in turn
        else:  # everyone's turn of this round skipped, but for the round's objective draw
            if has_event(table, "objective_draw"):
                _draw_objectives(game)
            end_round(table)
            settle(table)  # a courtship with nothing to decide ends its season at once
    turns = target - 1 - len(courtships)
    for player in state.players:
        player.turns_taken = turns
    table.automatic = []


def _draw_objectives(game: Game) -> None:
    """The round's objective-card draw in each player's step 2, in turn order, as the engine
    makes it (event.objective-draw); by the 1st printing the first card drawn is kept and the
    other goes under the deck (ud.objectives-during-play)."""
    from obsession_nb.engine.positions.facts import turn_order
    from obsession_nb.engine.records.state import Turn
    from obsession_nb.engine.turn.opening import objective_draw

    table = game.table
    state = table.state
    begun = state.turn
    for seat in turn_order(state.first_player, len(state.players)):
        state.turn = Turn(player=seat, step="step2")
        table.auto("step 2: round track", objective_draw(table))
        offer = state.turn.offer
        if len(offer) > 1:  # one kept, the others under the deck
            table.me.objectives.append(offer[0])
            state.supply.objective_deck += offer[1:]
    state.turn = begun


def _courtship_round(game: Game, number: int) -> bool:
    from obsession_nb.engine.positions.facts import is_courtship

    saved = game.state.round
    game.state.round = number
    try:
        return is_courtship(game.table)
    finally:
        game.state.round = saved


def _classic(players: int, families: Sequence[str] | None, round: int, expansion: bool,
             length: str, seed: int) -> Game:
    """Classic solitaire at its first turn, against the default opponent card
    (``modes/classic/game.py``; the card is ``state.classic_solo.opponent``, to change)."""
    from obsession_nb.modes.classic.game import new_classic_game

    if players != 1:
        raise ValueError("classic solitaire has one player")
    if round != 1:
        raise ValueError("classic-solo positions start at round 1 (its rounds end with the "
                         "mode's own steps); play on from there")
    game = new_classic_game(seed, expansion=expansion, extended=length == "extended",
                            family=families[0] if families else "ponsonby")
    _finish_draft(game)
    game.log.clear()
    return game


def _solo(players: int, families: Sequence[str] | None, round: int, length: str,
          seed: int) -> Game:
    from obsession_nb.modes.solo.game import solo_position

    if players != 1:
        raise ValueError("the Solo Estate Challenge has one player")
    family = families[0] if families else "ponsonby"
    game = solo_position(seed, extended=length == "extended", family=family, round=round)
    game.log.clear()
    return game


def set_aside_servants(game: Game, *kinds: str, seat: int = 0) -> None:
    """Take every servant of these kinds out of a player's Available Service (a what-if: the
    same position without them)."""
    unknown = sorted(set(kinds) - set(game.table.catalog.servants))
    if unknown:
        raise ValueError(f"no servant {', '.join(map(repr, unknown))}; the servants are "
                         f"{', '.join(sorted(game.table.catalog.servants))}")
    servants = game.state.players[seat].servants
    servants.available = [s for s in servants.available if s not in kinds]
