"""A tile for sale as a plain record: an :class:`Offer` (what ``engine.steps.market`` lists,
and a mode's own market answers through ``Mode.offers``)."""

from __future__ import annotations

from typing import Literal, NamedTuple

Where = Literal["market", "service-reserve", "pr1-reserve"]


class Offer(NamedTuple):
    """A tile for sale, where it lies, and its price before any discount (a named tuple: made
    afresh for every tile on sale at every decision, at half a frozen dataclass's cost)."""

    tile: str
    where: Where
    space: int | None
    price: int
