"""The Solo Estate Challenge's hooks into the order of play (UD p.13-14; rules solo.sec.*,
solo.exception.*; rulings ruling.sec-*).

* setup: :func:`central_setup` replaces the central area after the player area is done;
* step 2: the Servants' Hall gives one reputation, and round 5's Grand Ball offers three
  prestige guests to keep one (action ``ball CARD``);
* step 7: monuments are bought into a chosen column (``buy-into TILE COLUMN``), a full
  column makes room by discarding a tile from the game (``discard-tile TILE``);
* after the turn: end.py;
* refusals of what the mode leaves out (:func:`verify_action`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import CATEGORIES
from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.state import State
from obsession_nb.engine.steps.rounds import has_event
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo import ai as solo_ai
from obsession_nb.modes.solo.actions import BuyInto, DiscardTile
from obsession_nb.modes.solo.end import (
    OPPONENT_TARGETS,
    adds_monuments,
    opponent_card,
    target,
)
from obsession_nb.modes.solo.market import (
    COUNTERS,
    NAMED_MONUMENTS,
    STACKS,
    build_stacks,
    price,
    stack_of,
    supply_tiles,
)
from obsession_nb.modes.solo.records import Solo
from obsession_nb.modes.solo.tableau import check, column_of, column_tiles, needs, size
from obsession_nb.modes.solo_exceptions import refuse_exceptions, servants_hall

BALL_SEE = 3
REFRESHES = (a.RefreshMarket, a.UsefulManRefresh, a.UsefulManSearch, a.FreeRefresh)
USELESS_VP_FAVOURS = ("refresh_market", "unlimited_purchases")
SETUP_REPLACED = {
    "setup.objectives", "six-player.objectives", "ruling.objective-deck-composition",
    "setup.round-track", "setup.tile-bag", "setup.monuments-by-count",
    "ruling.five-six-monuments-base", "ruling.low-vp-monument-count",
    "ruling.wessex-tiles-with-board",
}
"""Setup rulings of the standard central area that the challenge's own setup replaces."""


# ----------------------------------------------------------------- setup


def central_setup(table: Table, rulings: list[Ruling]) -> list[Ruling]:
    """UD p.13 Unique Central Area Setup, after the player area (``finish_player_areas``):
    no objectives dealt and no group bonuses in the deck, one copy of every tile stacked by
    type, the tableau track, no themes and no Fairchilds; Howard plays without a cook for hire."""
    state, catalog = table.state, table.catalog
    supply = state.supply
    me = state.players[0]
    kept = [r for r in rulings if r.rule not in SETUP_REPLACED]
    state.solo = Solo.of(state.solo) or Solo()

    # Step 2: objectives (solo.sec.player-setup, solo.sec.objective-deck)
    group = {o.id for o in catalog.objectives.values() if o.category == "group_bonus"}
    deck = sorted(o for o in supply.objective_deck if o not in group)
    table.rng().shuffle(deck)
    supply.objective_deck = deck
    kept.append(ruling("solo.sec.player-setup", f"{me.name} is the starting player, is dealt no "
                       "objective cards and plays without milestones."))
    kept.append(ruling("solo.sec.objective-deck", f"Group-bonus objectives leave the deck; "
                       f"{len(deck)} objective cards wait for the Main Library and VP cards."))
    if me.family == "howard":
        supply.servants_for_hire["cook"] = 0
        kept.append(ruling("solo.sec.player-setup", "Howard: no cook is drafted or put into "
                           "Servants for Hire (the family's own cook stays)."))

    # Step 6 and steps 8-9: the market as six stacks (solo.sec.tile-supply, solo.sec.market-stacks)
    owned = {o.tile for o in me.organiser}
    tiles = supply_tiles(catalog, wessex=me.family == "wessex", exclude=owned)
    supply.bag = []
    supply.market = build_stacks(catalog, tiles)
    supply.service_reserve, supply.pr1_reserve = [], []
    kept.append(ruling("solo.sec.tile-supply", f"One copy of each of {len(tiles)} improvement "
                       "tiles: Suites in, hybrids out, and the five monuments "
                       f"{', '.join(catalog.tiles[m].name for m in NAMED_MONUMENTS)}."))
    kept.append(ruling("ruling.sec-tile-supply", "The catalogue's stand-in tiles count as tiles "
                       "of their type; the Wessex tiles join only with the Wessex board."))
    for name, stack in zip(STACKS, supply.market, strict=True):
        low, high = COUNTERS[name]
        kept.append(ruling("solo.sec.market-stacks", f"{name.title()} stack (£"
                           f"{300 + 100 * STACKS.index(name)}, counter {low}-{high}), top first: "
                           + ", ".join(catalog.tiles[t].name for t in stack) + "."))
    kept.append(ruling("solo.sec.market-counters", "A d20 of 19 or 20 scavenges nothing."))

    # Step 7: the tableau track, the VP cards, no themes, no Fairchilds
    supply.theme_deck, state.themes, supply.fairchilds = [], [], []
    length = state.options.length
    score, at = target(table)
    kept.append(ruling("solo.sec.round-track", "The tableau round track: the pawn on START "
                       f"(round 1), the {len(supply.vp_deck)} VP cards shuffled on their space."))
    kept.append(ruling("ruling.sec-vp-cards", "No courtship: no theme cards and no Fairchilds; "
                       "VP cards are drawn only by favours."))
    kept.append(ruling("solo.sec.length", f"A {length} game: the {length} reputation counters, "
                       f"columns of {size(table)} tiles."))
    kept.append(ruling("ruling.sec-start-tiles-count", "Each START tile is the first tile of "
                       f"its column: {size(table) - 1} more per column complete the tableau."))
    kept.append(ruling("solo.sec.rule-exceptions", "The base solo exceptions apply: the "
                       "Butler's Room only hires, the Servants' Hall simply gives one reputation, "
                       "gossips attack nobody."))
    kept.append(ruling("solo.sec.target-score", f"Target: beat {score} VP, printed by round "
                       f"{at}" + (", plus the VP of monuments the AI scavenges."
                                  if adds_monuments(state.options) else ".")))
    card = opponent_card(state, catalog)
    if card is not None:
        kept.append(ruling("solo.sec.target-variants", f"The target is {card.name}'s base score "
                           f"({card.base})" + (", a stand-in card." if card.standin else ".")))
    return kept


# ----------------------------------------------------------------- refusals and candidates


def verify_action(table: Table, action: a.Action) -> None:
    """Refuse what the Solo Estate Challenge leaves out (called first by ``engine.verify``)."""
    turn = table.turn
    if isinstance(action, REFRESHES):
        raise refuse("ruling.sec-no-market-refresh", "The solo market is six fixed stacks with "
                     "every tile on view: it is never refreshed and there is no bag to search.")
    if isinstance(action, a.Reveal) and action.card in table.me.vp_cards:
        code = table.catalog.vp_cards[action.card].favour
        if code in USELESS_VP_FAVOURS:
            raise refuse("ruling.sec-vp-cards", f"The VP card's favour ({code}) has no use in "
                         "the solo market, which is never refreshed and always unlimited.")
    refuse_exceptions(table, action)
    if ball_pending(table) and isinstance(action, a.Done | a.Pass) and turn.step == "step2":
        raise refuse("solo.sec.grand-ball", "The Grand Ball comes first: keep one of the "
                     "prestige guests seen (ball CARD).")


def candidates(table: Table) -> Iterator[a.Action]:
    turn = table.turn
    solo = Solo.of(table.state.solo)
    if turn.step == "step2" and solo is not None:
        yield from (va.Ball(c) for c in dict.fromkeys(solo.ball_offer))
    elif turn.step == "buy":
        me = table.me
        for tiles in table.state.supply.market:
            for tile_id in tiles:
                if table.tile(tile_id).kind == "monument":
                    for column in CATEGORIES:
                        yield BuyInto(tile_id, column)
                        yield BuyInto(tile_id, column, useful_man=True)
        yield from (DiscardTile(o.tile) for o in me.organiser)


# ----------------------------------------------------------------- step 2


def step2_effects(table: Table) -> list[Ruling]:
    """The Servants' Hall as a plain +1 (solo.exception.servants-hall) and the Grand Ball's
    draw (solo.sec.grand-ball); nothing else of the mode happens in step 2."""
    me = table.me
    rulings = servants_hall(table)
    solo = Solo.of(table.state.solo)
    if has_event(table, "grand_ball") and solo is not None and not solo.ball_done:
        if not solo.ball_offer:
            deck = table.state.supply.prestige_deck
            solo.ball_offer = [deck.pop(0) for _ in range(min(BALL_SEE, len(deck)))]
        if solo.ball_offer:
            names = ", ".join(table.card_name(c) for c in solo.ball_offer)
            rulings.append(ruling("solo.sec.grand-ball", f"Grand Ball: {me.name} sees {names}, "
                                  "keeps one in the active hand and returns the rest under the "
                                  "prestige deck.", tuple(solo.ball_offer)))
        else:
            solo.ball_done = True
            rulings.append(ruling("solo.sec.grand-ball", "Grand Ball: the prestige deck is "
                                  "empty, so no guest comes."))
    return rulings


def ball_pending(table: Table) -> bool:
    solo = Solo.of(table.state.solo)
    return solo is not None and bool(solo.ball_offer) and not solo.ball_done


def verify_ball(table: Table, card: str) -> list[Ruling]:
    solo = Solo.of(table.state.solo)
    if not ball_pending(table) or solo is None:
        raise refuse("solo.sec.grand-ball", "There is no Grand Ball choice to make now.")
    if card not in solo.ball_offer:
        raise refuse("solo.sec.grand-ball", f"'{card}' is not among the guests seen at the "
                     "Grand Ball.")
    return [ruling("solo.sec.grand-ball", f"{table.card_name(card)} joins the active hand.",
                   (card,))]


def apply_ball(table: Table, card: str) -> list[Ruling]:
    solo = Solo.of(table.state.solo)
    assert solo is not None
    rest = [c for c in solo.ball_offer if c != card]
    table.me.hand.append(card)
    table.state.supply.prestige_deck.extend(rest)
    solo.ball_offer, solo.ball_done = [], True
    rulings = [ruling("solo.sec.grand-ball", f"{len(rest)} guest(s) go under the prestige "
                      "deck; steps 3 to 8 follow.")]
    table.then("step2")  # step 2 closes if nothing else is left to decide
    return rulings


# ----------------------------------------------------------------- step 7: making room


def verify_discard_tile(table: Table, tile_id: str) -> list[Ruling]:
    me = table.me
    owned = me.owned(tile_id)
    if owned is None:
        raise refuse("solo.sec.tableau-limit", f"{me.name} has no '{tile_id}' in the tableau.")
    if tile_id == table.turn.tile:
        raise refuse("ruling.sec-discard-to-make-room", f"{table.tile_name(tile_id)} is this "
                     "turn's activity; it returns to the organiser only in step 8.")
    column = column_of(table, owned)
    held = len(column_tiles(table, me).get(column, []))
    if held < size(table):
        raise refuse("ruling.sec-discard-to-make-room", f"The {column} column holds {held} of "
                     f"{size(table)} tiles; a tile is discarded only to make room in a full "
                     "column.")
    return [ruling("solo.sec.tableau-limit", f"The {column} column is full; discarding "
                   f"{table.tile_name(tile_id)} makes room for another {column} tile.")]


def apply_discard_tile(table: Table, tile_id: str) -> list[Ruling]:
    me, state = table.me, table.state
    owned = me.owned(tile_id)
    assert owned is not None
    me.organiser.remove(owned)
    state.supply.removed.append(tile_id)
    solo = Solo.of(state.solo)
    if solo is not None:
        solo.discarded.append(tile_id)
        solo.columns.pop(tile_id, None)
    return [ruling("ruling.sec-discard-to-make-room", f"{table.tile_name(tile_id)} is removed "
                   "from the game with whatever permanent ability it gave; what it already "
                   "brought (money, reputation, servants) stays.")]


# ----------------------------------------------------------------- scenario checks and view


def check_position(state: State, catalog: Catalog) -> list[str]:
    problems: list[str] = []
    if len(state.players) != 1:
        problems.append(f"players: the Solo Estate Challenge has one player, not "
                        f"{len(state.players)}")
    market = state.supply.market
    if market and len(market) != len(STACKS):
        problems.append(f"supply.market: six stacks ({', '.join(STACKS)}), not {len(market)}")
    for i, tiles in enumerate(market[:len(STACKS)]):
        for j, tile_id in enumerate(tiles):
            tile = catalog.tiles.get(tile_id)
            if tile is not None and stack_of(tile) != STACKS[i]:
                problems.append(f"supply.market[{i}][{j}]: '{tile_id}' is a {stack_of(tile)} "
                                f"tile, not a {STACKS[i]} tile")
        known = [t for t in tiles if t in catalog.tiles]
        if known != sorted(known, key=lambda t: (catalog.tiles[t].tsn or 0, t)):
            problems.append(f"supply.market[{i}]: tiles must be in tile-sorting-number order, "
                            "lowest on top")
    named = (Solo.of(state.solo) or Solo()).opponent
    if state.options.solo_target in OPPONENT_TARGETS and named not in catalog.opponents:
        problems.append(f"solo.opponent: '{named}' is not an opponent card; the cards are "
                        f"{', '.join(catalog.opponents)}")
    if state.options.market_reserve:
        problems.append("options.market_reserve: the challenge sets out one copy of each tile "
                        "in six stacks and uses no market reserves (solo.sec.tile-supply)")
    if not state.options.expansion:
        problems.append("options.expansion: the Solo Estate Challenge is part of the expansion "
                        "(solo.sec.overview)")
    for j, roll in enumerate(state.chance.next_rolls):
        if not 1 <= roll <= solo_ai.SIDES:
            problems.append(f"chance.next_rolls[{j}]: a d20 roll is 1 to 20, not {roll}")
    solo = Solo.of(state.solo) or Solo()
    for seat, player in enumerate(state.players):
        owned = {o.tile for o in player.organiser}
        for tile_id in owned:
            tile = catalog.tiles.get(tile_id)
            if tile is not None and tile.kind == "monument" and tile_id not in solo.columns:
                problems.append(f"players[{seat}].organiser: monument '{tile_id}' needs its "
                                "column in solo.columns")
    for tile_id, column in solo.columns.items():
        if column not in CATEGORIES:
            problems.append(f"solo.columns[{tile_id!r}]: '{column}' is not a column")
    return problems


def solo_view(table: Table) -> dict[str, Any]:
    """What the views and the CLI show of the challenge."""
    state = table.state
    solo = Solo.of(state.solo) or Solo()
    score, at = target(table)
    me = state.players[0] if state.players else None
    tableau = check(table, me) if me is not None else None
    return {
        "target": score,
        "target_round": at,
        "tableau_size": size(table),
        "stacks": [
            {"stack": name, "price": 300 + 100 * i, "counter": list(COUNTERS[name]),
             "tiles": [{"id": t, "name": table.tile_name(t), "price": price(table, t, i)}
                       for t in (state.supply.market[i] if i < len(state.supply.market) else [])]}
            for i, name in enumerate(STACKS)
        ],
        "needs": needs(table, me) if me is not None else {},
        "unflipped": list(tableau.unflipped) if tableau else [],
        "complete": bool(tableau and tableau.complete),
        "columns": dict(solo.columns),
        "scavenged": [s.model_dump() for s in solo.scavenged],
        "finished_round": solo.finished_round,
    }
