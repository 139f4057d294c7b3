"""A tile for sale as a plain record: an :class:`Offer` (what ``engine.steps.market`` lists,
and a mode's own market answers through ``Mode.offers``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Where = Literal["market", "service-reserve", "pr1-reserve"]


@dataclass(frozen=True)
class Offer:
    """A tile for sale, where it lies, and its price before any discount."""

    tile: str
    where: Where
    space: int | None
    price: int
