"""The reputation wheel: levels, five positions, Max (rules reputation.*)."""

from __future__ import annotations

from dataclasses import dataclass

POSITIONS = 5


@dataclass(frozen=True)
class Wheel:
    """A reputation wheel whose numbered levels run 1..``levels``, then Max.

    Reputation is held as ``steps`` above the floor (level 1, position 1).  Max counts as
    level ``levels + 1`` and fills up to position 5, then stops (rule reputation.max).
    """

    levels: int

    @property
    def max_level(self) -> int:
        return self.levels + 1

    @property
    def top(self) -> int:
        return self.steps(self.max_level, POSITIONS)

    def steps(self, level: int, position: int) -> int:
        return (level - 1) * POSITIONS + (position - 1)

    def level(self, steps: int) -> int:
        return steps // POSITIONS + 1

    def position(self, steps: int) -> int:
        return steps % POSITIONS + 1

    def label(self, steps: int) -> int | str:
        """The level as printed on its counter: a number, or ``"max"``."""
        level = self.level(steps)
        return "max" if level == self.max_level else level

    def describe(self, steps: int) -> str:
        label = self.label(steps)
        name = "Max" if label == "max" else f"level {label}"
        return f"{name} position {self.position(steps)}"

    def gain(self, steps: int, amount: int) -> int:
        """Move clockwise ``amount`` steps, stopping at Max position 5."""
        return min(self.top, steps + amount)

    def lose(self, steps: int, amount: int) -> int:
        """Move counterclockwise, paying as much as possible down to the floor."""
        return max(0, steps - amount)
