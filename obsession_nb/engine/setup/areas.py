"""Setting out the player areas and the central area once the families (and the draft) are
settled: boards, starting servants and tiles, compensation, the gentry decks, objectives, round
track, tile bag, opening market and the first decisions (setup.*, ud.setup.*, six-player.*,
market.initial-fill, season.theme-reveal).  Every random choice comes from the state's seeded
source."""

from __future__ import annotations

import random
from collections.abc import Sequence

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.reputation import Wheel
from obsession_nb.engine.records.state import OwnedTile, State, Step, Turn
from obsession_nb.engine.setup.starter_draft import deal_draft_deck, draft_order
from obsession_nb.engine.setup.supply import (
    FAMILY_RULES,
    FIRST_PRINTING_DEALT,
    FIRST_PRINTING_KEPT,
    NEW_SERVANTS,
    STARTING_SERVANTS,
    compensation,
    objective_deck,
    objectives_dealt,
)
from obsession_nb.engine.setup.tiles import (
    box_in_use,
    choose_monuments,
    chosen_monuments,
    opening_market,
    tile_in_game,
    universal_tiles_in,
)
from obsession_nb.engine.steps.themes import round_begins
from obsession_nb.engine.table import WHEEL_LEVELS, Table


def _deal_objectives(state: State, players: int, options: Options) -> list[Ruling]:
    """Each player's objective cards from the top of the shuffled deck (setup.objectives,
    six-player.objectives; the 1st printing's five to keep two, ud.objectives-during-play)."""
    supply = state.supply
    dealt = objectives_dealt(players, options.length)
    if options.objectives == "choose-at-setup":
        dealt = FIRST_PRINTING_DEALT
    for player in state.players:
        player.objectives = [supply.objective_deck.pop(0) for _ in range(dealt)]
    if options.objectives == "choose-at-setup":
        return [ruling("ud.objectives-during-play", f"1st printing: each player is dealt "
                       f"{dealt} objective cards and keeps {FIRST_PRINTING_KEPT} before play.")]
    return [ruling("six-player.objectives" if players == 6 else "setup.objectives",
                   f"Each player is dealt {dealt} objective cards and keeps them all.")]

def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    items = sorted(items)
    rng.shuffle(items)
    return items


def _copies(entries: Sequence[tuple[str, int]]) -> list[str]:
    return [key for key, n in entries for _ in range(n)]

def finish_player_areas(
    table: Table, *, monuments: Sequence[str] | None = None, wessex_tile: str | None = None
) -> list[Ruling]:
    """Everything after the families (and the draft): the player areas, then the central area
    (decks, bag, opening market, round track, the first theme).  Called by the draft's end."""
    rulings = _boards(table)
    tile_pool = _tile_pool(table, rulings)
    rulings += _player_areas(table, tile_pool, wessex_tile)
    rulings += _compensation(table)
    rulings += _gentry_decks(table)
    rulings += _objectives(table)
    rulings += _round_track(table)
    rulings += _tile_bag(table, tile_pool, monuments)
    # the Solo Estate Challenge sets out its own central area (obsession_nb/modes/)
    in_mode = table.mode.central_setup(table, rulings)
    if in_mode is not None:
        return in_mode
    rulings += opening_market(table)  # market.initial-fill, market.tsn-order
    rulings += round_begins(table)  # season.theme-reveal, option.closed-courtship, option.cliffhanger
    rulings += _first_decisions(table)
    return rulings


def _boards(table: Table) -> list[Ruling]:
    """The boards in play at five or six (setup.five-player-boards, six-player.boards,
    ruling.howard-six-without-expansion)."""
    state = table.state
    families = [p.family for p in state.players]
    rulings: list[Ruling] = []
    if len(families) >= 5:
        rulings.append(ruling("six-player.boards" if len(families) == 6
                              else "setup.five-player-boards",
                              "Boards in play: " + ", ".join(str(f) for f in families) + "."))
    if "howard" in families and not state.options.expansion:
        rulings.append(ruling("ruling.howard-six-without-expansion",
                              "Six players without the expansion servants: the Howard board is "
                              "the sixth family, without its cook."))
    return rulings


def _tile_pool(table: Table, rulings: list[Ruling]) -> list[str]:
    """The improvement tiles of this game before the monuments, one entry per copy
    (setup.pr5-tiles)."""
    state, catalog = table.state, table.catalog
    options = state.options
    players = len(state.players)
    box = box_in_use(options.expansion, players)
    universal = universal_tiles_in(options, players)
    wessex = any(p.family == "wessex" for p in state.players)
    pool = _copies([(t.id, t.copies_in_game(box)) for t in catalog.tiles.values()
                    if tile_in_game(catalog, t.id, options.expansion, universal, wessex)])
    if box:
        rulings.append(ruling("setup.pr5-tiles", "The expansion's second set of prestige-5 tiles "
                              "goes into the bag" + ("." if options.expansion else
                                                     " (five or six players use the box).")))
    return pool


def _player_areas(table: Table, tile_pool: list[str], wessex_tile: str | None) -> list[Ruling]:
    """Each family's money, reputation, servants, START tiles and family cards; the Wessex
    board's tile comes out of the pool (setup.family.*, setup.reputation-start,
    setup.reputation-counters, setup.starting-servants, setup.start-tiles)."""
    state, tiles = table.state, table.catalog.tiles
    options = state.options
    expansion = options.expansion
    wheel = Wheel(WHEEL_LEVELS[options.length])
    start_tiles = sorted((t for t in tiles.values() if t.start), key=lambda t: t.id)
    rulings: list[Ruling] = []
    for player in state.players:
        assert player.family is not None
        family = table.catalog.families[player.family]
        player.money = family.start_money
        player.reputation = wheel.steps(1, family.start_position)
        extra = [s for s in family.extra_servants if expansion or s not in NEW_SERVANTS]
        player.servants.available = [*STARTING_SERVANTS, *extra, *player.servants.available]
        chosen = next((t.tile for t in player.organiser if t.tile in family.start_tile_choice),
                      wessex_tile)  # chosen during the servant draft, or given
        player.organiser = [OwnedTile.model_construct(tile=t.id) for t in start_tiles]
        player.hand = list(family.family_cards)
        if family.start_tile_choice:
            choices = [t for t in family.start_tile_choice if t in tile_pool]
            pick = chosen if chosen in choices else table.rng().choice(choices)
            tile_pool.remove(pick)
            player.organiser.append(OwnedTile.model_construct(tile=pick))
            rulings.append(ruling("setup.family.wessex",
                                  f"{player.name} (Wessex) starts with the {tiles[pick].name}."))
        bonus = FAMILY_RULES.get(family.id)
        if bonus is not None and (family.id != "howard" or expansion):
            rulings.append(ruling(bonus, f"{player.name} ({family.name}): {family.bonus}"))
    rulings.append(ruling("setup.reputation-start", "Every reputation marker starts on level 1, "
                          "position 1 (Cavendish on position 4)."))
    rulings.append(ruling("setup.reputation-counters", "Counters 1/2, 3/4, 5/6 and Max" + (
        ", and 7/8 for the extended game." if options.length == "extended" else ".")))
    rulings.append(ruling("setup.starting-servants", "Each family starts with a butler, a "
                          "housekeeper, a valet, a lady's maid and a footman in Available "
                          "Service, plus its bonus servant."))
    rulings.append(ruling("setup.start-tiles", "Each organiser holds the five START tiles."))
    rulings.append(ruling("ruling.estate-start-tile-name", "The estate START tile is shown as the "
                          "Gazebo, the base rulebook's name; the expansion's figure labels it Main "
                          "Hall, and the name carries an unverified mark."))
    return rulings


def _compensation(table: Table) -> list[Ruling]:
    """Five or six players without the expansion: extra money for the seats the rotation
    disfavours (setup.compensation-five, six-player.compensation, option.compensation-seat,
    ruling.compensation-recipient)."""
    state = table.state
    options = state.options
    players = len(state.players)
    paid = {} if options.expansion else compensation(players, state.first_player,
                                                     options.first_player_rotation,
                                                     options.compensation_seat)
    literal = options.compensation_seat == "last"
    rulings: list[Ruling] = []
    for seat, amount in paid.items():
        state.players[seat].money += amount
        rule_id = "setup.compensation-five" if players == 5 else "six-player.compensation"
        why = ("sits last in turn order" if literal else "never holds the first-player pawn "
               f"under the {options.first_player_rotation} rotation")
        rulings.append(ruling(rule_id, f"{state.players[seat].name} {why} and starts with "
                              f"£{amount} more."))
    if paid:
        rulings.append(ruling("option.compensation-seat", "Compensation goes to the last "
                              "seat(s), as UD p.11 words it." if literal else "Compensation goes "
                              "to the seats that never hold the pawn (the default reading)."))
        if not literal:
            rulings.append(ruling("ruling.compensation-recipient", "Compensation goes to the "
                                  "seats that never hold the pawn under the rotation in use."))
    if options.expansion and players >= 5:
        rulings.append(ruling("setup.compensation-five", "With the expansion there is no "
                              "compensation money; the servant draft is used instead."))
    return rulings


def _gentry_decks(table: Table) -> list[Ruling]:
    """Two starter guests dealt to each hand, the casual and prestige decks shuffled, the
    Fairchilds set out (setup.gentry-deck, setup.casual-deck, setup.prestige-deck,
    ruling.prestige-deck-size)."""
    state, supply = table.state, table.state.supply
    gentry = table.catalog.gentry.values()
    starters = _shuffled(_copies([(c.id, c.copies) for c in gentry if c.deck == "starter"]),
                         table.rng())
    for player in state.players:
        player.hand += [starters.pop(0), starters.pop(0)]
    casual = starters + _copies([(c.id, c.copies) for c in gentry if c.deck == "casual"])
    supply.casual_deck = _shuffled(casual, table.rng())
    supply.prestige_deck = _shuffled(
        _copies([(c.id, c.copies) for c in gentry if c.deck == "prestige"]), table.rng())
    supply.fairchilds = sorted(c.id for c in gentry if c.deck == "fairchild")
    return [
        ruling("setup.gentry-deck", "Each deck: the family cards and two starter guests dealt "
               "at random."),
        ruling("setup.casual-deck", f"The casual deck: {len(supply.casual_deck)} cards (undealt "
               "starter guests shuffled in)."),
        ruling("setup.prestige-deck", f"The prestige deck: {len(supply.prestige_deck)} cards."),
        ruling("ruling.prestige-deck-size", "Deck sizes come from the card catalogue, not from "
               "the printed counts, which disagree."),
    ]


def _objectives(table: Table) -> list[Ruling]:
    """The objective deck and the cards dealt, or none with the milestones (setup.objectives,
    ud.objective-deck, six-player.objectives, option.milestones,
    ruling.objective-deck-composition)."""
    state = table.state
    options = state.options
    players = len(state.players)
    expansion = options.expansion
    objective_ids = objective_deck(table.catalog, expansion)
    rulings: list[Ruling] = []
    if options.objectives == "milestones":
        rulings.append(ruling("option.milestones", "The milestones serve instead of private "
                              "objectives: no objective card is in the game, so none is dealt, "
                              "drawn or discarded."))
    else:
        state.supply.objective_deck = _shuffled(objective_ids, table.rng())
        if table.mode.deals_objectives:  # none in the solo challenge and Tableau Obsession
            rulings += _deal_objectives(state, players, options)
    if players == 6 and options.objectives != "milestones":
        rulings.append(ruling("ruling.six-player-objective-count", "Six players still draw at "
                              "each objective event and discard one per courtship."))
    if expansion:
        rulings.append(ruling("ud.objective-deck", "The new servants are in play, so the "
                              "expansion's objective deck is used."))
    rulings.append(ruling("ruling.objective-deck-composition",
                          f"The {'expansion' if expansion else 'base'} objective deck: "
                          f"{len(objective_ids)} cards" + (
                              " (26 base cards, four of ours left out, and its own 7)."
                              if expansion else ".")))
    return rulings


def _round_track(table: Table) -> list[Ruling]:
    """The VP cards and themes shuffled, the pawn on round 1 (setup.round-track,
    round-track.standard, round-track.extended)."""
    supply, catalog = table.state.supply, table.catalog
    length = table.state.options.length
    supply.vp_deck = _shuffled(_copies([(v.id, v.copies) for v in catalog.vp_cards.values()]),
                               table.rng())
    supply.theme_deck = _shuffled(
        _copies([(t.id, t.copies) for t in catalog.themes.values()]), table.rng())
    return [
        ruling("setup.round-track", f"The {length} side of the round track with the pawn on "
               "round 1, the VP cards, the themes and both Fairchilds."),
        ruling(f"round-track.{length}", "Four seasons, each ending in a courtship round."),
    ]


def _tile_bag(table: Table, tile_pool: list[str], monuments: Sequence[str] | None
              ) -> list[Ruling]:
    """The bag: the tile pool and the monuments, given, named by the options or chosen at
    random (setup.tile-bag, setup.monuments-by-count, option.monuments,
    option.universal-tiles, ruling.universal-tiles-with-expansion)."""
    state, catalog = table.state, table.catalog
    options = state.options
    players = len(state.players)
    as_for = table.mode.setup_players or players  # classic solitaire: as for two
    rulings: list[Ruling] = []
    if monuments is None and options.monuments == "random":
        chosen_monuments(catalog, as_for, options)  # refuses a garden the set cannot hold
        monuments = choose_monuments(catalog, as_for, options.low_vp_monuments, table.rng(),
                                     options.garden)
    elif monuments is None:
        monuments = chosen_monuments(catalog, as_for, options)
        rulings.append(ruling("option.monuments", "The players chose the monuments."))
    state.supply.bag = sorted([*tile_pool, *monuments])
    rulings.append(ruling("setup.tile-bag", f"The bag holds {len(tile_pool)} tiles before the "
                          "monuments."))
    if any(p.family == "wessex" for p in state.players):
        rulings.append(ruling("ruling.wessex-tiles-with-board", "The Wessex board is in play, so "
                              "its two tiles go into the bag."))
    rulings.append(ruling(
        "ruling.low-vp-monument-count" if options.low_vp_monuments else (
            "ruling.five-six-monuments-base" if players >= 5 and not options.expansion
            else "setup.monuments-by-count"),
        f"Monuments for {as_for} players: "
        f"{', '.join(catalog.tiles[m].name for m in monuments)}."))
    if options.universal_tiles is not None:
        universal = universal_tiles_in(options, players)
        rulings.append(ruling("option.universal-tiles", "The players " + (
            "add" if universal else "leave out") + " the expansion box's universal tiles."))
    else:
        rulings.append(ruling("ruling.universal-tiles-with-expansion", (
            "The expansion's universal tiles join the bag" + (
                "; the Renovated Kitchen and Housekeeper's Rooms need its servants and stay out."
                if not options.expansion else ", with its servants' own tiles."))
            if box_in_use(options.expansion, players) else
            "A base game for two to four leaves the expansion box's tiles out."))
    return rulings


def _first_decisions(table: Table) -> list[Ruling]:
    """A variant's decisions before the first turn (decisions.py): the starter-guest draft
    starts at once (option.starter-guest-draft); the others are pending steps."""
    state = table.state
    pending = setup_decisions(state.options)
    if not pending:
        return []
    if pending[0] != "starter-draft":
        state.turn = Turn(player=state.first_player, step=pending[0])
        return []
    players = len(state.players)
    deck, rest = deal_draft_deck(table)
    order = draft_order(players, state.first_player)
    state.turn = Turn(player=order[0], step="starter-draft", offer=deck)
    return [ruling("option.starter-guest-draft", f"Starter-guest draft instead of the deal: a "
                   f"deck of {len(deck)} starter guests ({rest} more join the casual deck); "
                   f"{state.players[order[0]].name}, last in turn order, picks first, "
                   "counterclockwise; the first player picks two; then back clockwise.")]


def setup_decisions(options: Options) -> list[Step]:
    """The decisions the options add before the first turn, in order: the starter-guest draft
    (option.starter-guest-draft), the vote on redrawing the opening market (option.market-redraw),
    the objectives kept (ud.objectives-during-play)."""
    decisions: tuple[tuple[Step, bool], ...] = (
        ("starter-draft", options.starter_guests == "draft"),
        ("opening-market", options.market_redraw == "offer"),
        ("choose-objectives", options.objectives == "choose-at-setup"))
    return [step for step, wanted in decisions if wanted]
