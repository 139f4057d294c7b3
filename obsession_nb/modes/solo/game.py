"""The Solo Estate Challenge as a whole game: a new game, its score against the target, and
playing it to the end with a strategy (rules solo.sec.*; rulings ruling.sec-*).

``new_solo_game(seed)`` sets up the challenge with the player-area setup of ``engine/setup/areas.py`` and
the servant draft of ``engine/setup/servant_draft.py`` (the family and the drafted servant are the first two
decisions); ``play_solo(seed)`` plays it to the end with a strategy (:data:`STRATEGIES`) and
returns the game, its :class:`SoloResult` and the scavenging log; ``replay_solo`` plays it again
with the logged d20 rolls pinned and the dice seeded differently, to show the log alone
decides the AI.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.game import Game
from obsession_nb.engine.records.options import Options, SoloTarget
from obsession_nb.engine.records.state import LogEntry, Player, State
from obsession_nb.engine.scoring import Scoresheet, score
from obsession_nb.engine.setup.supply import hire_supply
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes import SOLO
from obsession_nb.modes.solo.end import adds_monuments, modifier, opponent_card
from obsession_nb.modes.solo.end import target as target_of
from obsession_nb.modes.solo.records import Solo

PLAYER_NAME = "Solo player"
DICE_SALT = 7919
"""Offset of the dice seed used by :func:`replay_solo` (any other value would do)."""


# ----------------------------------------------------------------- a new game


def solo_options(*, extended: bool = False, expert: bool = False,
                 opponent: str | None = None) -> Options:
    """The challenge's options; with an ``opponent`` card (kept in ``state.solo``) its base
    score is the target (UD p.14 Target Score Variants); ``expert`` adds the scavenged
    monuments' VP to the target."""
    target: SoloTarget
    if opponent is not None:
        target = "opponent-monuments" if expert else "opponent"
    else:
        target = "expert-monuments" if expert else "printed"
    return Options(
        expansion=True,
        length="extended" if extended else "standard",
        mode=SOLO,
        solo_target=target,
        market_reserve=False,
        prestige_guest_limit=False,
    )


def new_solo_state(seed: int = 0, *, extended: bool = False, expert: bool = False,
                   opponent: str | None = None) -> tuple[State, list[Ruling]]:
    """The challenge before the player's family choice and servant draft (UD p.13 Setup)."""
    from obsession_nb.engine.setup.servant_draft import start_draft

    state = State(options=solo_options(extended=extended, expert=expert, opponent=opponent),
                  players=[Player(name=PLAYER_NAME)], solo=Solo(opponent=opponent),
                  first_player=0)
    state.chance.seed = seed
    table = Table(state)
    wrong = [p for p in table.mode.check_position(state, table.catalog)
             if p.startswith("solo.opponent:")]
    if wrong:  # an unknown opponent card
        raise ValueError("; ".join(wrong))
    state.supply.servants_for_hire = hire_supply(1, True)
    rulings = [
        ruling("solo.sec.overview", "Solo Estate Challenge: no courtship; complete the estate, "
               "reach Max reputation and beat the target."),
        ruling("solo.sec.player-setup", f"{PLAYER_NAME} is the starting player and drafts one "
               "servant."),
        ruling("ud.setup.servants-for-hire", "Servants for Hire for one player: " + ", ".join(
            f"{n} {k}" for k, n in state.supply.servants_for_hire.items()) + "."),
    ]
    rulings += start_draft(table)
    return state, rulings


def new_solo_game(seed: int = 0, *, extended: bool = False, expert: bool = False,
                  family: str | None = None, servant: str | None = None,
                  start_tile: str | None = None, opponent: str | None = None) -> Game:
    """A new challenge at its first decision (the family board), or — with ``family`` and
    ``servant`` — at the first turn.  Wessex takes ``start_tile``, or else the first tile its
    board offers."""
    state, rulings = new_solo_state(seed, extended=extended, expert=expert, opponent=opponent)
    game = Game.from_state(state)
    game.log.insert(0, LogEntry(action="(setup)", rulings=[r.to_json() for r in rulings]))
    if family is not None:
        game.apply(f"family {family}")
        offered = [x.notation for x in game.legal_actions() if x.verb == "start-tile"]
        if offered:
            game.apply(f"start-tile {start_tile}" if start_tile else offered[0])
    if servant is not None:
        game.apply(f"draft {servant}")
    return game


def solo_position(
    seed: int = 0,
    *,
    extended: bool = False,
    expert: bool = False,
    family: str = "ponsonby",
    servant: str = "useful_man",
    round: int = 1,
    step: str = "begin",
    money: int | None = None,
    reputation: int | str | None = None,
    organiser: Sequence[str | tuple[str, bool]] | None = None,
    columns: dict[str, str] | None = None,
    stacks: dict[str, Sequence[str]] | None = None,
    rolls: Sequence[int] | None = None,
    start_rose_side: bool = False,
    bought: Sequence[str] = (),
) -> Game:
    """A challenge position for examples, tests and what-ifs: a new game after the draft, then
    changed.  ``organiser`` lists the tiles (``(tile, flipped)`` for a flipped one; START tiles
    must be listed too) — or, instead, ``start_rose_side`` turns the START tiles rose side up
    and ``bought`` adds tiles after them; ``columns`` the monuments' columns, ``stacks``
    replaces whole market stacks by name (top first), ``reputation`` is steps or ``"max"``,
    ``step`` is ``begin`` or ``buy`` (step 7 with steps 1-6 done), ``rolls`` pins the next d20
    results."""
    from obsession_nb.engine.records.state import OwnedTile, Turn
    from obsession_nb.modes.solo.market import STACKS

    game = new_solo_game(seed, extended=extended, expert=expert, family=family,
                         servant=servant)
    state = game.state
    me = state.players[0]
    if start_rose_side or bought:
        if organiser is not None:
            raise ValueError("give the organiser in full, or start_rose_side and bought")
        organiser = [*((o.tile, start_rose_side) for o in me.organiser), *bought]
    state.round = round
    me.turns_taken = round - 1
    if money is not None:
        me.money = money
    if reputation == "max":
        wheel = game.table.wheel
        me.reputation = wheel.steps(wheel.max_level, 1)
    elif isinstance(reputation, int):
        me.reputation = reputation
    if organiser is not None:
        owned = [(t, False) if isinstance(t, str) else t for t in organiser]
        me.organiser = [OwnedTile(tile=t, flipped=f) for t, f in owned]
        taken = {t for t, _ in owned}
        state.supply.market = [[t for t in tiles if t not in taken]
                               for tiles in state.supply.market]
    solo = Solo.of(state.solo)
    assert solo is not None  # the challenge's setup made it
    solo.columns = dict(columns or {})
    for name, tiles in (stacks or {}).items():
        state.supply.market[STACKS.index(name)] = list(tiles)
    if rolls is not None:
        state.chance.next_rolls = list(rolls)
    if step == "buy":
        state.turn = Turn(player=0, step="buy", step2_done=True)
    elif step != "begin":
        raise ValueError("step is 'begin' or 'buy'")
    else:
        state.turn = Turn(player=0)
    return game


# ----------------------------------------------------------------- scoring against the target


@dataclass(frozen=True)
class SoloResult:
    """The final score of a challenge against its target."""

    length: str
    finished: bool
    round: int
    """The finishing round (or the last round played, if the track ran out)."""
    scoresheet: Scoresheet
    modifier: int
    target: int
    monument_vp: int
    """VP of the monuments the AI scavenged (added to the target in the expert variant)."""
    rulings: tuple[Ruling, ...] = field(default=())

    @property
    def total(self) -> int:
        return self.scoresheet.players[0].total

    @property
    def adjusted(self) -> int:
        return self.total + self.modifier

    @property
    def won(self) -> bool:
        return self.finished and self.adjusted > self.target

    @property
    def verdict(self) -> str:
        if not self.finished:
            return "unfinished"
        return "won" if self.won else "lost"

    def to_json(self) -> dict[str, Any]:
        return {
            "length": self.length,
            "finished": self.finished,
            "round": self.round,
            "score": self.total,
            "categories": dict(self.scoresheet.players[0].categories),
            "modifier": self.modifier,
            "adjusted": self.adjusted,
            "target": self.target,
            "scavenged_monument_vp": self.monument_vp,
            "verdict": self.verdict,
        }

    def __str__(self) -> str:
        sign = f"{self.modifier:+d}"
        head = (f"Finished on round {self.round}" if self.finished
                else f"Not finished when round {self.round} ended")
        return (f"{head}: scorepad {self.total}, round modifier {sign}, final "
                f"{self.adjusted} against the target {self.target} — {self.verdict}.")


def solo_result(game: Game | Table) -> SoloResult:
    """Score the (finished) challenge: the scorepad, the round modifier and the target
    (solo.sec.scoring, solo.sec.round-modifiers, ruling.sec-beat-target)."""
    table = game if isinstance(game, Table) else game.table
    state = table.state
    solo = Solo.of(state.solo) or Solo()
    length = state.options.length
    base, at = target_of(table)
    finished = solo.finished_round is not None
    end = state.round if solo.finished_round is None else solo.finished_round
    sheet = score(table)
    mod = modifier(end, at)
    monument_vp = sum(table.tile(s.tile).front.vp for s in solo.scavenged
                      if s.tile is not None and table.tile(s.tile).kind == "monument")
    expert = adds_monuments(state.options)
    target = base + (monument_vp if expert else 0)
    rulings = [
        ruling("solo.sec.scoring", f"The scorepad totals {sheet.players[0].total}."),
        ruling("solo.sec.round-modifiers", f"Finishing on round {end} with the target on round "
               f"{at}: {mod:+d} VP."),
    ]
    if length == "extended":
        rulings.append(ruling("ruling.sec-extended-modifiers", "In an extended game the "
                              "modifiers count from round 15, the extended target's space."))
    card = opponent_card(state, table.catalog)
    if card is not None:
        rulings.append(ruling("solo.sec.target-variants", f"The target is {card.name}'s base "
                              f"score, {base}."))
    if expert:
        rulings.append(ruling("solo.sec.target-variants", f"Target {base} plus "
                              f"{monument_vp} VP of scavenged monuments = {target}."))
    adjusted = sheet.players[0].total + mod
    if not finished:
        rulings.append(ruling("ruling.sec-track-end", "The challenge was not completed: it is "
                              "lost whatever the score."))
    else:
        outcome = "beats" if adjusted > target else "does not beat"
        rulings.append(ruling("ruling.sec-beat-target", f"{adjusted} {outcome} {target}."))
    return SoloResult(length, finished, end, sheet, mod, target, monument_vp, tuple(rulings))


# ----------------------------------------------------------------- playing whole games


class StalledSolo(RuntimeError):
    """The challenge did not end within the action budget."""


Chooser = Callable[[Game], Any]


@dataclass
class SoloRun:
    game: Game
    result: SoloResult
    seed: int
    strategy: str
    actions: list[str]
    seconds: float

    @property
    def scavenged(self) -> list[dict[str, Any]]:
        solo = Solo.of(self.game.state.solo) or Solo()
        return [s.model_dump() for s in solo.scavenged]

    def to_json(self) -> dict[str, Any]:
        state = self.game.state
        me = state.players[0]
        return {
            "mode": SOLO,
            "seed": self.seed,
            "strategy": self.strategy,
            "family": me.family,
            "expert": adds_monuments(state.options),
            "opponent": (Solo.of(state.solo) or Solo()).opponent,
            **self.result.to_json(),
            "actions": len(self.actions),
            "scavenged": self.scavenged,
        }


STRATEGIES = ("greedy", "planner", "search", "random")
"""The solo players by name (``--strategy NAME``)."""


def make_player(strategy: str, seed: int) -> Any:
    from obsession_nb.modes.solo.players.planner import PlannerSolo
    from obsession_nb.modes.solo.players.search import SearchSolo
    from obsession_nb.modes.solo.players.strategy import GreedySolo, RandomSolo

    players = {"greedy": GreedySolo, "planner": PlannerSolo, "search": SearchSolo,
               "random": RandomSolo}
    if strategy not in players:
        raise ValueError(f"unknown strategy '{strategy}'; choose {', '.join(STRATEGIES)}")
    return players[strategy](seed)


def play(game: Game, player: Any, *, logged: bool = True, max_actions: int = 5_000) -> list[str]:
    """Play to the end.  ``logged=False`` applies actions straight to the table, without the
    per-action snapshot and log of ``Game.apply`` (the actions come from ``legal_actions``, so
    none is refused) — the Monte Carlo speed path."""
    played: list[str] = []
    while not game.state.finished:
        action = player.choose(game)
        if action is None:
            raise StalledSolo(f"no legal action at {game.pending()['prompt']}")
        if logged:
            game.apply(action)
        else:
            game.table.automatic = []
            engine.play(game.table, action)
        played.append(action.notation)
        if len(played) >= max_actions:
            raise StalledSolo(f"not finished after {len(played)} actions")
    return played


def play_solo(seed: int = 0, *, extended: bool = False, strategy: str = "greedy",
              expert: bool = False, rolls: Sequence[int] | None = None,
              dice_seed: int | None = None, logged: bool = True,
              opponent: str | None = None) -> SoloRun:
    """Set up and play a whole challenge.  ``rolls`` pins the d20 results in order;
    ``dice_seed`` reseeds the chance source once setup is over (for replays); ``opponent``
    makes that card's base score the target."""
    start = time.perf_counter()
    game = new_solo_game(seed, extended=extended, expert=expert, opponent=opponent)
    if rolls is not None:
        game.state.chance.next_rolls = list(rolls)
    player = make_player(strategy, seed)
    actions = []
    # The family and the draft are the first decisions; the dice are reseeded after them.
    while game.state.turn is not None and game.state.turn.step == "draft":
        action = player.choose(game)
        game.apply(action)
        actions.append(action.notation)
    if dice_seed is not None:
        game.state.chance.seed = dice_seed
        game.state.chance.draws = 0
    actions += play(game, player, logged=logged)
    return SoloRun(game, solo_result(game), seed, strategy, actions,
                   time.perf_counter() - start)


def replay_solo(run: SoloRun) -> SoloRun:
    """Play the challenge again from the same setup with every logged d20 roll pinned and the
    dice reseeded, so that only the log can make the AI act the same."""
    state = run.game.state
    rolls = [s["roll"] for s in run.scavenged]
    return play_solo(run.seed, extended=state.options.length == "extended",
                     strategy=run.strategy, expert=adds_monuments(state.options),
                     rolls=rolls, dice_seed=run.seed + DICE_SALT,
                     opponent=(Solo.of(state.solo) or Solo()).opponent)
