"""Whether the pending decision of a position fits it, each problem with its path: its step
fits the round (nobody takes a turn on a courtship round), its tile, choices and offer are the
player's, the setup draft can finish — and the engine finds at least one legal action, so that
a position that passes can be played on to the end of the game.

:func:`obsession_nb.engine.positions.scenario.parse` is given :func:`check` by the game layer
(``load_scenario``), so that these problems are listed in the same pass as the others.
"""

from __future__ import annotations

from collections import Counter

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.engine.mode import held_records
from obsession_nb.engine.records.state import Choice, State
from obsession_nb.engine.setup.areas import setup_decisions
from obsession_nb.engine.setup.decisions import DECISIONS as SETUP_DECISIONS
from obsession_nb.engine.setup.servant_draft import DRAFT_SERVANTS
from obsession_nb.engine.steps.limits import excess
from obsession_nb.engine.steps.rounds import is_courtship
from obsession_nb.engine.steps.vpcards import TURN_STEPS as RESUMABLE
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.engine.turn.flow import STEP_NAMES

TURN_STEPS = ("begin", "step2", "host", "invite", "service", "favours", "buy", "pass-option",
              "end")
COURTSHIP_STEPS = ("fairchild", "discard", "reveal")
"""Decisions of a courtship round (seasons.py); nobody takes a turn then."""
HOSTING_STEPS = ("invite", "service")
"""Steps that happen only with an activity tile hosted (favours also follow hiring on a
pass)."""
GUEST_ADJUST = (-1, 2)
"""The guest-count change a turn can make: the Carriage House ±1, the Renovated Kitchen +1."""



def check(state: State, catalog: Catalog, custom: dict[str, GentryCard], *,
          playable: bool) -> list[str]:
    """The pending decision's problems; with ``playable`` (no other problem found), also
    whether it has a legal action."""
    problems = _pending(state, catalog, custom)
    if playable and not problems:
        problems += _playable(state, catalog, custom)
    return problems


def _playable(state: State, catalog: Catalog, custom: dict[str, GentryCard]) -> list[str]:
    """The pending decision must offer at least one legal action that answers it (the engine is
    asked): special actions, open at any point of a turn, leave the decision waiting."""
    if state.turn is None:
        return []
    table = Table(state, catalog, custom)  # verifiers never change the position
    legal = engine.legal_actions(table)
    if engine.decision_actions(table, legal):
        return []
    where = f"{STEP_NAMES[state.turn.step]} for {state.players[state.turn.player].name}"
    if legal:
        return [f"turn.step: nothing answers {where} but special actions, which leave the "
                "decision waiting; the game could not go on"]
    return [f"turn.step: no legal action at {where}; the game could not go on"]


def _pending(state: State, catalog: Catalog, custom: dict[str, GentryCard]) -> list[str]:
    """The pending decision fits the position: a step of this round, the player's own tile,
    choices and offer, a draft that can finish."""
    turn = state.turn
    if not state.players or not 0 <= state.first_player < len(state.players):
        return []
    table = Table(state, catalog, custom)
    courtship = is_courtship(table)  # every mode on a track with courtships has them
    if turn is None:
        if courtship and not state.finished:
            return [f"turn: round {state.round} is a courtship round; nobody takes a turn, so "
                    "the pending decision must be one of the courtship's "
                    f"({', '.join(COURTSHIP_STEPS)})"]
        return []
    if not 0 <= turn.player < len(state.players):
        return []
    problems: list[str] = []
    me = state.players[turn.player]
    if courtship and turn.step in TURN_STEPS:
        problems.append(f"turn.step: round {state.round} is a courtship round; nobody takes "
                        f"a turn ('{turn.step}')")
    if not courtship and turn.step in COURTSHIP_STEPS:
        problems.append(f"turn.step: '{turn.step}' is a courtship decision, but round "
                        f"{state.round} is not a courtship round")
    if turn.tile is not None and me.owned(turn.tile) is None:
        problems.append(f"turn.tile: {me.name} does not own '{turn.tile}'")
    elif turn.tile is not None and turn.tile in catalog.tiles:
        face = table.face(me.owned_tile(turn.tile))
        if not face.playable:
            problems.append(f"turn.tile: '{turn.tile}' shows no activity to host")
        elif turn.step == "invite" and face.guests is None:
            problems.append(f"turn.tile: '{turn.tile}' takes no guests (step invite)")
        elif face.guests is not None and not any(c + turn.guest_adjust > 0
                                                 for c in face.guests.count):
            problems.append(f"turn.guest_adjust: {turn.guest_adjust:+d} leaves "
                            f"'{turn.tile}' no guest to invite (the guest count can never "
                            "drop to zero: ud.tile.carriage-house)")
    if not GUEST_ADJUST[0] <= turn.guest_adjust <= GUEST_ADJUST[1]:
        problems.append(f"turn.guest_adjust: {turn.guest_adjust} is not a change a turn can "
                        f"make ({GUEST_ADJUST[0]} to +{GUEST_ADJUST[1]}: the Carriage House "
                        "one fewer or one more, the Renovated Kitchen one more; rules "
                        "ud.tile.carriage-house, ud.tile.renovated-kitchen.back)")
    if turn.step in HOSTING_STEPS and (turn.tile is None or turn.passing):
        problems.append(f"turn.step: '{turn.step}' needs a hosted activity tile (turn.tile), "
                        "and no pass")
    elif turn.step == "favours" and turn.tile is None and not turn.passing:
        problems.append("turn.step: favours come from a hosted tile or from hiring on a pass")
    if turn.guests and turn.tile is None:
        problems.append("turn.guests: guests attend only a hosted activity (turn.tile)")
    favours = turn.step == "favours" or (turn.step, turn.resume) == ("keep-objective", "favours")
    if turn.step == "favours" and not turn.choices:
        problems.append("turn.choices: step favours waits for a decision; the list is empty")
    elif turn.choices and not favours:
        problems.append(f"turn.choices: favour decisions wait only in step favours (or an "
                        f"objective kept from a VP card played then), not '{turn.step}'")
    if turn.step in SETUP_DECISIONS and turn.step not in setup_decisions(state.options):
        problems.append(f"turn.step: '{turn.step}' is a setup decision of an option this game "
                        "does not use (option.starter-guest-draft, option.market-redraw, "
                        "ud.objectives-during-play)")
    for j, choice in enumerate(turn.choices):
        # a guest dismissed after the activity still owes its favours (ruling.dismissal-timing)
        problems += _choice(f"turn.choices[{j}]", choice, table, [*turn.guests, *turn.dismissed])
    if turn.resume is not None and turn.resume not in RESUMABLE:
        problems.append(f"turn.resume: '{turn.resume}' is not a step to return to "
                        f"({', '.join(sorted(RESUMABLE))})")
    known = all(map(table.has_card, [*me.hand, *me.discard]))
    if turn.step == "prestige-limit" and known and not excess(table, me):
        problems.append(f"turn.step: {me.name} is not over the six-prestige-guest limit "
                            "(step prestige-limit)")
    if turn.step == "keep-objective" and not turn.offer:
        problems.append("turn.offer: step keep-objective needs the objective cards drawn")
    problems += _draft(state, table)
    return problems


def _choice(path: str, choice: Choice, table: Table, guests: list[str]) -> list[str]:
    problems = []
    if choice.kind == "screen":
        if not choice.cards or choice.deck is None:
            problems.append(f"{path}: a screen needs the cards seen and their deck")
        elif not 1 <= choice.keep <= len(choice.cards):
            problems.append(f"{path}.keep: keep 1 to {len(choice.cards)}, not {choice.keep}")
    elif choice.source != "tile" and choice.source not in guests:
        problems.append(f"{path}.source: '{choice.source}' is neither the tile nor a guest of "
                        "this activity")
    elif choice.kind == "lady" and choice.source == "tile":
        problems.append(f"{path}.source: the lady of the house's favour comes from a guest")
    if choice.count < 1:
        problems.append(f"{path}.count: at least 1, not {choice.count}")
    return problems


def _draft(state: State, table: Table) -> list[str]:
    """The servant draft (UD p.10): everyone before the player in the draft order has a family,
    and the display holds a servant for everyone still to draft."""
    turn = state.turn
    assert turn is not None
    if turn.step != "draft":
        if state.supply.draft_display:
            return ["supply.draft_display: servants are displayed only during the servant draft"]
        return []
    if state.round != 1:
        return [f"turn.step: the servant draft is part of setup, in round 1 (not round "
                f"{state.round})"]
    problems = _set_out_early(state)
    n = len(state.players)
    order = [(state.first_player + 1 + k) % n for k in range(n)]
    done = order[:order.index(turn.player)]
    problems += [f"players[{s}].family: p{s + 1} has already drafted, so needs a family"
                 for s in done if state.players[s].family is None]
    still = n - len(done)
    display = state.supply.draft_display
    if len(display) <= still:  # one of each of seven kinds for at most six players
        problems.append(f"supply.draft_display: {still} player(s) still draft, so at least "
                        f"{still + 1} servants are displayed (one of each of seven, the last "
                        f"player choosing between two: ud.setup.draft-howard), not {len(display)}")
    problems += [f"supply.draft_display[{i}]: '{kind}' is not one of the short servants "
                 f"displayed for the draft ({', '.join(DRAFT_SERVANTS)}: ud.setup.draft)"
                 for i, kind in enumerate(display) if kind not in DRAFT_SERVANTS]
    problems += [f"supply.draft_display: the display holds one of each servant, not {count} "
                 f"'{kind}' (ud.setup.draft)"
                 for kind, count in Counter(display).items() if count > 1]
    return problems


SET_OUT_AFTER_DRAFT = ("bag", "market", "service_reserve", "pr1_reserve")
"""Supply piles the setup fills when the servant draft ends (setup.finish_player_areas)."""


def _set_out_early(state: State) -> list[str]:
    """During the servant draft the central area is not set out yet: the draft's end deals it
    (ud.setup.draft), so anything there now would be doubled."""
    why = "is set out when the servant draft ends (ud.setup.draft); it holds nothing during it"
    problems = [f"supply.{pile}: {why}" for pile in SET_OUT_AFTER_DRAFT
                if getattr(state.supply, pile)]
    problems += [f"{field}: {why}" for field, held in held_records(state)
                 if held.set_out_with_market]
    return problems
