"""AI scavenging in the Solo Estate Challenge (rules solo.sec.scavenge, solo.sec.market-counters,
solo.sec.critical-rule; ruling ruling.sec-critical-need).

After each turn a d20 is rolled — from ``state.chance`` (DESIGN principle 7), or the next
pinned result in ``chance.next_rolls``.  The market counter whose range holds the roll names
the stack; the roll's place in that range names the depth (the range's first number is the
top tile).  An empty depth takes nothing; so does a roll the critical rule forbids.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.market import COUNTERS, NO_SCAVENGING, stack
from obsession_nb.modes.solo.records import Scavenge, Solo
from obsession_nb.modes.solo.tableau import needs

SIDES = 20


def roll_d20(table: Table) -> int:
    """The next d20 result: a pinned roll first, else from the seeded source."""
    return table.roll_d20()


def locate(roll: int) -> tuple[str, int] | None:
    """(stack, depth from 1 at the top) for a roll, or ``None`` for 19-20 (no scavenging)."""
    if not 1 <= roll <= SIDES:
        raise ValueError(f"a d20 roll is 1 to {SIDES}, not {roll}")
    for name, (low, high) in COUNTERS.items():
        if low <= roll <= high:
            return name, roll - low + 1
    return None


def needed_from(table: Table, name: str) -> int:
    """How many tiles the player still needs from this stack to complete its column; a monument
    can always be done without, since every column's own stack is kept deep enough."""
    if name == "monument":
        return 0
    return needs(table, table.state.players[0])[name]


def scavenge(table: Table, roll: int) -> tuple[Scavenge, Ruling]:
    """Resolve one roll: remove the tile from the game, or say why nothing is taken."""
    state = table.state
    here = locate(roll)
    if here is None:
        low, high = NO_SCAVENGING
        return (Scavenge(round=state.round, roll=roll, reason="no-scavenging"),
                ruling("solo.sec.market-counters", f"The AI rolls {roll}: {low}-{high} is "
                       "no purchase, so nothing is scavenged."))
    name, depth = here
    tiles = stack(table, name)
    low, high = COUNTERS[name]
    where = f"{roll}, number {depth} of the {name.title()} range {low}-{high}"
    depth_name = "the top tile" if depth == 1 else f"tile {depth} from the top"
    if depth > len(tiles):
        return (Scavenge(round=state.round, roll=roll, stack=name, depth=depth,
                         reason="empty-depth"),
                ruling("solo.sec.scavenge", f"The AI rolls {where}, but the {name.title()} "
                       f"stack holds {len(tiles)} tile(s): position {roll} is empty, nothing "
                       "is scavenged."))
    need = needed_from(table, name)
    if len(tiles) - 1 < need:
        return (Scavenge(round=state.round, roll=roll, stack=name, depth=depth,
                         reason="critical-rule"),
                ruling("solo.sec.critical-rule", f"The AI rolls {where}, pointing at "
                       f"{table.tile_name(tiles[depth - 1])}; taking it would leave "
                       f"{len(tiles) - 1} tile(s) in the stack while the {name} column still "
                       f"needs {need}, so the AI takes nothing this round."))
    tile_id = tiles.pop(depth - 1)
    state.supply.removed.append(tile_id)
    return (Scavenge(round=state.round, roll=roll, stack=name, depth=depth, tile=tile_id,
                     reason="taken"),
            ruling("solo.sec.scavenge", f"The AI rolls {where}: "
                   f"{table.tile_name(tile_id)} ({depth_name}) is removed from the game."))


def scavenge_turn(table: Table) -> list[Ruling]:
    """Roll and scavenge once, recording the result in ``state.solo.scavenged``."""
    roll = roll_d20(table)
    record, result = scavenge(table, roll)
    solo = Solo.of(table.state.solo)
    if solo is not None:
        solo.scavenged.append(record)
    return [result]
