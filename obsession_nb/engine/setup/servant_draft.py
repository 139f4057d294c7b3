"""Player-area setup with the servant draft (UD p.10; rules ud.setup.*).

Starting left of the first player and going clockwise, each player chooses a family board and
drafts one short servant from a display holding one of each; the display is not restocked;
Howard (who starts with a cook) cannot draft a cook; York may draft another footman; the
servants left over return to Servants for Hire.  When the last player has drafted, the rest of
setup continues (the sequencer runs ``areas.finish_player_areas``), then the first player's
first turn begins.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import OwnedTile, Turn
from obsession_nb.engine.table import Table

DRAFT_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man", "valet", "ladys_maid",
                  "footman")


def start_draft(table: Table) -> list[Ruling]:
    """Display one of each short servant, taken from Servants for Hire; the player to the first
    player's left chooses first."""
    state = table.state
    hire = state.supply.servants_for_hire
    display = [k for k in DRAFT_SERVANTS if hire.get(k, 0) > 0]
    for kind in display:
        hire[kind] -= 1
    state.supply.draft_display = display
    state.turn = Turn.model_construct(player=(state.first_player + 1) % len(state.players), step="draft")
    return [ruling("ud.setup.draft", "One of each short servant is displayed for the draft; "
                   "the player left of the first player chooses first.")]


def verify_family(table: Table, family: str) -> list[Ruling]:
    me, state = table.me, table.state
    if me.family is not None:
        raise refuse("ud.setup.draft", f"{me.name} has already chosen the {me.family} board.")
    if family not in table.catalog.families:
        raise refuse("ud.setup.draft", f"There is no family board '{family}'.")
    taken = {p.family for p in state.players}
    if family in taken:
        raise refuse("ud.setup.draft", f"The {table.catalog.families[family].name} board is "
                     "already taken.")
    if table.catalog.families[family].expansion == "upstairs_downstairs" and not (
        state.options.expansion
    ):
        raise refuse("ud.family.howard", "The Howard family is used only with the expansion.")
    return [ruling("ud.setup.draft", f"{me.name} chooses the "
                   f"{table.catalog.families[family].name} board "
                   f"({table.catalog.families[family].bonus.rstrip('.')}).")]


def apply_family(table: Table, family: str) -> list[Ruling]:
    table.me.family = family
    return []


def start_tile_pending(table: Table) -> tuple[str, ...]:
    """The tiles a Wessex player still has to choose between (setup.family.wessex)."""
    me = table.me
    if me.family is None:
        return ()
    choices = table.catalog.families[me.family].start_tile_choice
    if any(t.tile in choices for t in me.organiser):
        return ()
    return choices


def verify_start_tile(table: Table, tile: str) -> list[Ruling]:
    choices = start_tile_pending(table)
    if not choices:
        raise refuse("setup.family.wessex", "Only the Wessex family chooses an extra starting "
                     "tile, once.")
    if tile not in choices:
        names = " or ".join(table.tile_name(t) for t in choices)
        raise refuse("setup.family.wessex", f"The Wessex family chooses the {names}.")
    return [ruling("setup.family.wessex", f"{table.me.name} (Wessex) starts with the "
                   f"{table.tile_name(tile)}.")]


def apply_start_tile(table: Table, tile: str) -> list[Ruling]:
    table.me.organiser.append(OwnedTile.model_construct(tile=tile))
    return []


def verify_draft(table: Table, servant: str) -> list[Ruling]:
    me = table.me
    if me.family is None:
        raise refuse("ud.setup.draft", f"{me.name} chooses a family board before drafting.")
    if start_tile_pending(table):
        raise refuse("setup.family.wessex", "Choose the Wessex starting tile before drafting.")
    display = table.state.supply.draft_display
    if servant not in display:
        raise refuse("ud.setup.draft", f"No {_name(table, servant)} is left on the display (it is "
                     "not restocked).")
    family = table.catalog.families[me.family]
    if servant in family.extra_servants and servant != "footman":
        raise refuse("ud.setup.draft-howard", f"The {family.name} family starts with a "
                     f"{_name(table, servant)} and may have only one of each new servant.")
    if servant == "footman" and "footman" in family.extra_servants:
        return [ruling("ud.setup.draft-york", f"The {family.name} family may draft another "
                       "footman; footmen are not limited.")]
    return [ruling("ud.setup.draft", f"{me.name} drafts the {_name(table, servant)} into "
                   "Available Service.")]


def apply_draft(table: Table, servant: str) -> list[Ruling]:
    state = table.state
    state.supply.draft_display.remove(servant)
    table.me.servants.available.append(servant)
    seat = (table.turn.player + 1) % len(state.players)
    if seat != (state.first_player + 1) % len(state.players):
        table.then("start-turn", seat, "draft")
        return []
    return finish_draft(table)


def finish_draft(table: Table) -> list[Ruling]:
    state = table.state
    leftovers = list(state.supply.draft_display)
    for kind in leftovers:
        state.supply.servants_for_hire[kind] = state.supply.servants_for_hire.get(kind, 0) + 1
    state.supply.draft_display = []
    rulings = [ruling("ud.setup.draft-leftovers", "Undrafted servants return to Servants for "
                      f"Hire: {', '.join(_name(table, k) for k in leftovers) or 'none'}.")]
    table.then("draft-complete")  # setup finishes the player areas; the first turn begins
    return rulings


def _name(table: Table, kind: str) -> str:
    return table.servant_name(kind) if kind in table.catalog.servants else f"'{kind}'"


KINDS: dict[type[a.Action], Handler] = {
    a.Family: Handler.at({"draft"}, verify_family, apply_family),
    a.StartTile: Handler.at({"draft"}, verify_start_tile, apply_start_tile),
    a.Draft: Handler.at({"draft"}, verify_draft, apply_draft),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""


def draft_choices(table: Table) -> list[a.Action]:
    """A family board, then the start tile if one is owed, then a servant of the display."""
    me = table.me
    if me.family is None:
        return [a.Family(f) for f in table.catalog.families]
    start_tiles = start_tile_pending(table)
    if start_tiles:
        return [a.StartTile(t) for t in start_tiles]
    return [a.Draft(k) for k in dict.fromkeys(table.state.supply.draft_display)]


DECISIONS = {"draft": Decision(draft_choices, in_turn=False)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
