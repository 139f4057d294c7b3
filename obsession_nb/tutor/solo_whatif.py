"""A Solo Estate Challenge position changed for a what-if (tutorial 05): one more tile at the
bottom of a market stack, the AI's next d20 results pinned, and the rolls it made as a table.
Each change is checked first: a bad stack, tile or roll is refused with a clear error and the
position is left as it was.

The changed position then plays by the rules as any other (solo.sec.scavenge,
solo.sec.critical-rule); these functions only set it up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from obsession_nb.data.rules import unknown
from obsession_nb.engine.game import Game
from obsession_nb.modes.solo.market import STACKS
from obsession_nb.modes.solo.records import Solo

if TYPE_CHECKING:
    import pandas as pd

D20 = range(1, 21)


def _solo(game: Game) -> None:
    if game.state.solo is None:
        raise ValueError("not a Solo Estate Challenge game: its market has no stacks to change")


def add_to_stack(game: Game, stack: str, tile: str) -> None:
    """Put ``tile`` (a tile id, e.g. ``"barn"``) at the bottom of the market stack named
    ``stack`` (``"service"``, ``"sporting"``, ``"essentials"``, ``"estate"``, ``"prestige"`` or
    ``"monument"``).  Refused if the tile is unknown or already in a stack or an organiser."""
    _solo(game)
    if stack not in STACKS:
        raise unknown("market stack", stack, STACKS)
    tiles = game.table.catalog.tiles
    if tile not in tiles:
        raise unknown("tile", tile, tiles)
    state = game.state
    for name, held in zip(STACKS, state.supply.market, strict=False):
        if tile in held:
            raise ValueError(f"{tiles[tile].name} is already in the {name.capitalize()} stack")
    for player in state.players:
        if any(owned.tile == tile for owned in player.organiser):
            raise ValueError(f"{tiles[tile].name} is already in {player.name}'s organiser")
    state.supply.market[STACKS.index(stack)].append(tile)


def pin_rolls(game: Game, *rolls: int) -> None:
    """Make the AI's next d20 results ``rolls``, in order (each from 1 to 20); the dice decide
    the rolls after them as before."""
    _solo(game)
    bad = [r for r in rolls if not isinstance(r, int) or r not in D20]
    if bad:
        raise ValueError(f"a d20 result is a whole number from 1 to 20, not {bad[0]!r}")
    game.state.chance.next_rolls = list(rolls)


def scavenged_frame(game: Game) -> pd.DataFrame:
    """The AI's rolls so far in a challenge game, as recorded (solo.sec.scavenge): one row per
    roll by round — the d20 result, the stack and depth it points at, the tile taken (named) or
    why none was."""
    import pandas as pd

    solo = Solo.of(game.state.solo) or Solo()
    rows = [{**s.model_dump(), "tile": game.table.tile_name(s.tile) if s.tile else None}
            for s in solo.scavenged]
    columns = ["round", "roll", "stack", "depth", "tile", "reason"]
    return pd.DataFrame(rows, columns=columns).set_index("round")
