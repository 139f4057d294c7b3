"""The Solo Estate Challenge's own action kinds (UD p.14), registered in
:attr:`SoloEstateChallenge.handlers` (modes/solo/mode.py): refused in every other mode."""

from __future__ import annotations

from obsession_nb.engine.records.actions import Action


class BuyInto(Action):
    verb = "buy-into"
    heading = "Buy a monument into a column"
    summary = "Solo: buy a monument into the tableau column of your choice."
    tile: str
    column: str
    useful_man: bool = False


class DiscardTile(Action):
    verb = "discard-tile"
    heading = "Discard a tile to make room"
    summary = "Solo: remove a tile of a full column from the game to make room."
    tile: str
