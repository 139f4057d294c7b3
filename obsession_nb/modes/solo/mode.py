"""The Solo Estate Challenge (UD p.13-14) as a game-mode plugin (obsession_nb/engine/mode.py).

Each hook hands over to the module that holds that part of the challenge: the category stacks
and buying (``solo_market``), the hooks of the turn, setup and scenario checks (``solo_rules``),
the end of a turn (``solo_end``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.mode import Handler, Mode
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.offer import Offer
from obsession_nb.engine.records.options import ModeName
from obsession_nb.engine.records.state import State
from obsession_nb.engine.steps.buying import apply_buy, verify_buy
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo import end as solo_end
from obsession_nb.modes.solo import market as solo_market
from obsession_nb.modes.solo import rules as solo_rules
from obsession_nb.modes.solo.actions import BuyInto, DiscardTile
from obsession_nb.modes.solo.records import Solo


def _buy_into_verify(table: Table, tile: str, column: str | None, useful_man: bool) -> list[Ruling]:
    return verify_buy(table, tile, useful_man, column)


def _buy_into_apply(table: Table, tile: str, column: str | None, useful_man: bool) -> list[Ruling]:
    return apply_buy(table, tile, useful_man, column)


class SoloEstateChallenge(Mode[Table]):
    """One player against the target score, buying from six category stacks while the d20 AI
    scavenges (mode ``solo-estate-challenge``)."""

    name: ModeName = "solo-estate-challenge"
    title = "the Solo Estate Challenge"
    rule = "solo.sec.overview"
    records = {"solo": Solo}
    unlimited_purchases = True  # as many as she can afford (UD p.14)
    refills_market = False  # the stacks are never refilled
    identical_stacks = False  # six category stacks, which may run out (solo.sec.market-stacks)
    market_reserves = False  # one copy of each tile in the stacks (solo.sec.tile-supply)
    last_round = solo_end.ROUND_CAP  # the track is played on past its last space
    milestones = False  # not used in the challenge (UD p.13; solo.sec.player-setup)
    deals_objectives = False  # solo.sec.player-setup
    handlers = {
        va.Ball: Handler(frozenset({"step2"}), solo_rules.verify_ball, solo_rules.apply_ball),
        BuyInto: Handler(frozenset({"buy"}), _buy_into_verify, _buy_into_apply),
        DiscardTile: Handler(frozenset({"buy"}), solo_rules.verify_discard_tile,
                               solo_rules.apply_discard_tile),
    }

    def refuse(self, table: Table, action: a.Action) -> None:
        solo_rules.verify_action(table, action)

    def candidates(self, table: Table) -> Iterable[a.Action]:
        return solo_rules.candidates(table)

    def central_setup(self, table: Table, rulings: list[Ruling]) -> list[Ruling]:
        return solo_rules.central_setup(table, rulings)

    def step2_effects(self, table: Table) -> list[Ruling]:
        return solo_rules.step2_effects(table)

    def step2_pending(self, table: Table) -> bool:
        return solo_rules.ball_pending(table)

    def end_of_turn(self, table: Table) -> bool:
        solo_end.after_turn(table)
        return True

    def offers(self, table: Table) -> list[Offer]:
        return solo_market.offers(table)

    def take(self, table: Table, tile_id: str) -> bool:
        solo_market.take_tile(table, tile_id)
        return True

    def verify_purchase(self, table: Table, tile_id: str, column: str | None) -> list[Ruling]:
        return solo_market.verify_purchase(table, tile_id, column)

    def after_purchase(self, table: Table, tile_id: str, column: str | None) -> list[Ruling]:
        return solo_market.after_purchase(table, tile_id, column)

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        return solo_rules.check_position(state, catalog)

    def view(self, table: Table) -> dict[str, Any]:
        return solo_rules.solo_view(table)
