"""The six-prestige-guest limit of six-player individual play (option.six-prestige-guest-limit,
ruling.prestige-limit-discard, ruling.prestige-limit-check-timing).

With the option on, a player whose hand and discard pile hold more than six prestige guests
(Fairchilds not counted) removes one, to the bottom of the prestige deck, when their turn
ends — a pending decision of that player before the next turn begins.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Player
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.table import Table

LIMIT = 6


def enabled(table: Table) -> bool:
    return table.state.options.prestige_limit(len(table.state.players))


def prestige_guests(table: Table, player: Player) -> list[str]:
    return [c for c in [*player.hand, *player.discard] if table.card(c).deck == "prestige"]


def excess(table: Table, player: Player) -> int:
    return max(0, len(prestige_guests(table, player)) - LIMIT) if enabled(table) else 0


def hold_turn_for_limit(table: Table) -> bool:
    """At the end of a turn: if the player is over the limit, they must remove a guest first."""
    if table.state.turn is None or not excess(table, table.me):
        return False
    table.turn.step = "prestige-limit"
    table.auto("six-prestige-guest limit", [ruling(
        "ruling.prestige-limit-check-timing",
        f"{table.me.name} holds {len(prestige_guests(table, table.me))} prestige guests, more "
        f"than {LIMIT}: one must go before the next turn.")])
    return True


def verify_discard_prestige(table: Table, card_id: str) -> list[Ruling]:
    if card_id not in prestige_guests(table, table.me):
        raise refuse("ruling.prestige-limit-discard", f"'{card_id}' is not a prestige guest in "
                     "the hand or discard pile.")
    return [ruling("ruling.prestige-limit-discard", f"{table.card_name(card_id)} goes under the "
                   "prestige deck (the six-prestige-guest limit).", (card_id,))]


def apply_discard_prestige(table: Table, card_id: str) -> list[Ruling]:
    me = table.me
    (me.hand if card_id in me.hand else me.discard).remove(card_id)
    knowledge.leaves(table, me, card_id)
    table.state.supply.prestige_deck.append(card_id)
    if not excess(table, me):
        table.then("next-turn")
    return []


KINDS: dict[type[a.Action], Handler] = {
    a.DiscardPrestige: Handler.at({"prestige-limit"}, verify_discard_prestige,
                                  apply_discard_prestige),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""


def _prestige_guests(table: Table) -> list[a.Action]:
    return [a.DiscardPrestige(c) for c in dict.fromkeys(prestige_guests(table, table.me))]


DECISIONS = {"prestige-limit": Decision(_prestige_guests, in_turn=False)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
