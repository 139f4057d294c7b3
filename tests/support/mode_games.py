"""Seeded games of every mode and option set, for the soak (bench/soak.py) and the fuzz suite
(tests/engine/test_fuzz_scenarios.py, tests/engine/test_fuzz_actions.py).

A :class:`Kind` is one way to play: a mode, a table size, a length, with or without the
expansion, and variant settings (``name=value``, option_index.py).  :data:`GROUPS` lists the
kinds of each group the soak counts separately (the standard game, its variants, team play,
Tableau Obsession, Tableau Duel, the Solo Estate Challenge, classic solitaire); :func:`start`
sets a game of a kind up at its first decision, with the player that plays it.
"""

from __future__ import annotations

from dataclasses import dataclass

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.option_index import options_with
from obsession_nb.engine.records.options import Options
from obsession_nb.modes.classic.game import new_classic_game
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.players.strategy import RandomSolo
from obsession_nb.players.random_player import RandomPlayer


@dataclass(frozen=True)
class Kind:
    mode: str
    players: int
    length: str = "standard"
    expansion: bool = True
    settings: tuple[str, ...] = ()

    def __str__(self) -> str:
        parts = [self.mode, f"{self.players}p", self.length,
                 "expansion" if self.expansion else "base", *self.settings]
        return " ".join(parts)


VARIANTS: list[tuple[int, bool, tuple[str, ...]]] = [
    (4, True, ("courtship=closed",)),
    (3, True, ("theme_reveal=cliffhanger",)),
    (3, True, ("objectives=choose-at-setup",)),
    (4, True, ("objectives=milestones",)),
    (2, True, ("servants_hall=automatic",)),
    (5, True, ("market=seasonal",)),
    (4, True, ("market=building-boom",)),
    (3, True, ("intensive_service=standard",)),
    (2, True, ("garden=garden-maze",)),
    (3, False, ("garden=garden-maze",)),
    (4, True, ("starter_guests=draft",)),
    (3, True, ("market_redraw=offer",)),
    (5, True, ("first_player_rotation=clockwise",)),
    (4, True, ("market_reserve=false",)),
    (4, True, ("pass_hire=false",)),
    (3, True, ("low_vp_monuments=true",)),
    (6, True, ("prestige_guest_limit=true",)),
    (6, False, ("compensation_seat=last",)),
    (4, True, ("universal_tiles=false",)),
    (2, True, ("milestones=random",)),
    (5, False, ("market=seasonal", "courtship=closed")),
    (4, True, ("starter_guests=draft", "market_redraw=offer", "objectives=choose-at-setup")),
    (6, True, ("market=building-boom", "theme_reveal=cliffhanger")),
]
"""Option sets of the standard game (each with its table size and box)."""

GROUPS: dict[str, list[Kind]] = {
    "standard": [Kind("standard", n, length, expansion) for n in range(2, 7)
                 for length in ("standard", "extended") for expansion in (True, False)],
    "variants": [Kind("standard", n, "standard", expansion, settings)
                 for n, expansion, settings in VARIANTS],
    "team": [Kind("team", n, length) for n in (4, 6) for length in ("standard", "extended")],
    "tableau": [Kind("tableau", n) for n in range(2, 7)],
    "tableau-duel": [Kind("tableau-duel", 2)],
    "solo": [Kind("solo-estate-challenge", 1, length) for length in ("standard", "extended")],
    "classic": [Kind("classic-solo", 1, length, expansion) for length in ("standard", "extended")
                for expansion in (True, False)],
}
"""Every kind of game, by the group the soak counts."""


def kind_of(index: int, groups: list[str]) -> tuple[str, Kind]:
    """The ``index``-th game of a run over ``groups``: the groups in turn, each group's kinds in
    turn, so that every group gets the same number of games."""
    group = groups[index % len(groups)]
    kinds = GROUPS[group]
    return group, kinds[(index // len(groups)) % len(kinds)]


def start(kind: Kind, seed: int) -> tuple[Game, RandomPlayer]:
    """A game of ``kind`` at its first decision, and a seeded random player for it."""
    extended = kind.length == "extended"
    if kind.mode == "solo-estate-challenge":
        return new_solo_game(seed, extended=extended), RandomSolo(seed)
    if kind.mode == "classic-solo":
        return new_classic_game(seed, expansion=kind.expansion, extended=extended), \
            RandomPlayer(seed)
    options = options_with(kind.settings, Options(
        expansion=kind.expansion, length=kind.length, mode=kind.mode))  # type: ignore[arg-type]
    return new_game(kind.players, seed=seed, options=options), RandomPlayer(seed)


def positions(kinds: list[Kind], seed: int, after: tuple[int, ...] = (0, 40, 150)) -> list[str]:
    """Scenario texts of a seeded game of each kind: at its first decision and after each number
    of random actions in ``after`` (fewer if the game ends first)."""
    texts = []
    for i, kind in enumerate(kinds):
        game, player = start(kind, seed + i)
        played = 0
        for target in after:
            while played < target and not game.state.finished:
                game.apply(player.choose(game))
                played += 1
            texts.append(game.to_scenario())
    return texts


def every_kind() -> list[Kind]:
    """Every kind of every group, the groups interleaved."""
    rows = list(GROUPS.values())
    return [row[i] for i in range(max(map(len, rows))) for row in rows if i < len(row)]
