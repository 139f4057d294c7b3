"""Setting up a new game for two to six players, standard or extended, with or without the
expansion (rules setup.*, ud.setup.*, six-player.*, market.initial-fill, season.theme-reveal).

``new_game`` returns a :class:`~obsession_nb.game.Game` at the first player's first turn, with
the setup rulings as the first log entry.  Every random choice (first player, families, the
dealt cards, the monuments, the opening market) comes from the seeded source in the state.

With the expansion the families and the servant draft (UD p.10) are pending decisions of the
new game (draft.py); when the last player has drafted, :func:`finish_player_areas` completes the
player areas and the central area.  ``draft=False`` skips the draft (no servant is drafted, and
the setup log says so).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from obsession_nb import milestones
from obsession_nb.catalog import Catalog, load_catalog
from obsession_nb.game_options import Options
from obsession_nb.reputation import Wheel
from obsession_nb.rules import Ruling, ruling, unknown
from obsession_nb.setup_tiles import (
    box_in_use,
    choose_monuments,
    chosen_monuments,
    opening_market,
    tile_in_game,
    universal_tiles_in,
)
from obsession_nb.starter_draft import deal_draft_deck, draft_order
from obsession_nb.state import OwnedTile, Player, State, Turn
from obsession_nb.table import WHEEL_LEVELS, Table
from obsession_nb.themes import round_begins

STARTING_SERVANTS = ("butler", "housekeeper", "valet", "ladys_maid", "footman")
NEW_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man")
BASE_FAMILIES = ("asquith", "cavendish", "ponsonby", "york")
FAMILY_RULES = {"asquith": "setup.family.asquith", "cavendish": "setup.family.cavendish",
                "ponsonby": "setup.family.ponsonby", "york": "setup.family.york",
                "howard": "ud.family.howard"}
FIRST_PRINTING_DEALT, FIRST_PRINTING_KEPT = 5, 2
"""The 1st printing's objectives: dealt five, two kept before play (UD p.5 Objective Cards)."""
UD_DECK_LEAVES_OUT = ("standin-objective-room-7", "standin-objective-guest-6",
                      "standin-objective-servant-4", "standin-objective-servant-5")
"""The four base objective cards the expansion's 33-card deck does not repeat: our choice, as no
source names them (ruling.objective-deck-composition)."""

# Servants for Hire with the expansion: underbutler, footman, valet, lady's maid, each new servant
# (UD p.10); six players use the five-player supply (UD p.11).
UD_HIRE = {1: (1, 4, 2, 2, 1), 2: (2, 4, 2, 2, 2), 3: (2, 6, 3, 3, 3), 4: (2, 8, 4, 4, 4),
           5: (2, 10, 5, 5, 5), 6: (2, 10, 5, 5, 5)}

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


def objective_deck(catalog: Catalog, expansion: bool) -> list[str]:
    """The base deck, or the expansion's: 26 of the base cards and its own 7 (ud.objective-deck,
    ruling.objective-deck-composition)."""
    if not expansion:
        return sorted(o.id for o in catalog.objectives.values() if o.expansion == "base")
    return sorted(o.id for o in catalog.objectives.values()
                  if o.expansion == "upstairs_downstairs"
                  or (o.expansion == "base" and o.id not in UD_DECK_LEAVES_OUT))


def objectives_dealt(players: int, length: str) -> int:
    """Five standard, four extended, four in every six-player game (setup.objectives,
    six-player.objectives)."""
    if players == 6:
        return 4
    return 5 if length == "standard" else 4


def families_available(catalog: Catalog, players: int, expansion: bool) -> list[str]:
    """The boards a table of this size may choose from (setup.player-count, ud.family.howard,
    ruling.howard-six-without-expansion)."""
    pool = [*BASE_FAMILIES, "wessex"]
    if expansion or players == 6:
        pool.append("howard")
    return [f for f in pool if f in catalog.families]


def compensation(players: int, first: int, rotation: str,
                 seat: str = "never-first") -> dict[int, int]:
    """Extra starting money without the expansion (setup.compensation-five,
    six-player.compensation): by default the seats that never hold the first-player pawn
    (ruling.compensation-recipient), £300 to the further of two; with ``seat="last"`` the last
    seat(s) in turn order, as UD p.11 words it (option.compensation-seat)."""
    if players not in (5, 6):
        return {}
    order = [(first + k) % players for k in range(players)]
    if seat == "last":
        chosen = order[-1:] if players == 5 else order[-2:]
    else:
        step = -1 if rotation == "counterclockwise" else 1
        holders = {(first + step * season) % players for season in range(4)}
        chosen = [s for s in order if s not in holders]
    amounts = [200] if players == 5 else [200, 300]
    return dict(zip(chosen, amounts, strict=True))


def hire_supply(players: int, expansion: bool) -> dict[str, int]:
    """Servants for Hire (setup.servants-for-hire, setup.servants-for-hire-five-six,
    ud.setup.servants-for-hire)."""
    if expansion:
        u, f, v, m, new = UD_HIRE[players]
        return {"underbutler": u, "footman": f, "valet": v, "ladys_maid": m,
                **{k: new for k in NEW_SERVANTS}}
    if players >= 5:
        return {"underbutler": 2, "footman": 10, "valet": 5, "ladys_maid": 5}
    return {"underbutler": 2, "footman": 2 * players, "valet": players, "ladys_maid": players}


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    items = sorted(items)
    rng.shuffle(items)
    return items


def _copies(entries: Sequence[tuple[str, int]]) -> list[str]:
    return [key for key, n in entries for _ in range(n)]


def new_state(
    players: int,
    *,
    seed: int = 0,
    options: Options | None = None,
    names: Sequence[str] | None = None,
    families: Sequence[str] | None = None,
    first_player: int | None = None,
    monuments: Sequence[str] | None = None,
    wessex_tile: str | None = None,
    draft: bool | None = None,
    catalog: Catalog | None = None,
) -> tuple[State, list[Ruling]]:
    """A freshly set-up position and the rulings of every setup step.

    With the expansion (and ``draft`` not ``False``) the position stops at the servant draft:
    families and drafted servants are pending decisions (draft.py), and the draft's end calls
    :func:`finish_player_areas`.  Otherwise families are ``families`` or chosen at random in
    choosing order, and the whole setup is done.
    """
    catalog = catalog or load_catalog()
    options = (options or Options()).model_copy()
    if not 2 <= players <= 6:
        raise ValueError(f"setup handles 2 to 6 players, not {players}")
    options.prestige_guest_limit = options.prestige_limit(players)  # written in the file
    names = list(names or [f"Player {i + 1}" for i in range(players)])
    if len(names) != players or len(set(names)) != players:
        raise ValueError("give one distinct name per player")
    state = State(options=options, players=[Player(name=n) for n in names])
    state.chance.seed = seed
    table = Table(state, catalog)
    problems = table.mode.check_position(state, catalog)  # e.g. Tableau Duel's two players
    if problems:
        raise ValueError("; ".join(problems))
    rulings: list[Ruling] = []
    expansion = options.expansion

    # --- first player (setup.first-player); Servants for Hire first (setup.order)
    first = table.rng().randrange(players) if first_player is None else first_player
    state.first_player = first
    rulings.append(ruling("setup.player-count", f"{players} players."))
    if players == 6 and options.mode != "team":  # team play's own rulings: modes/team.py
        rulings.append(ruling("six-player.official-mode", "Six-player individual play, with "
                              "the adjustments of the rulebook (the official six-player game is "
                              "team play)."))
    rulings.append(ruling("setup.first-player",
                          f"{names[first]} receives the first-player pawn."))
    rulings.append(ruling("setup.order", "Servants for Hire are set out first (for the draft), "
                          "then the player areas, then the rest of the central area."))
    state.supply.servants_for_hire = hire_supply(players, expansion)
    rulings.append(ruling(
        "ud.setup.servants-for-hire" if expansion else (
            "setup.servants-for-hire-five-six" if players >= 5 else "setup.servants-for-hire"),
        "Servants for Hire: " + ", ".join(
            f"{n} {k}" for k, n in state.supply.servants_for_hire.items()) + "."))
    if players == 6:
        rulings.append(ruling("six-player.central-setup", "Six players use the five-player "
                              "supply: servants for hire are scarce."))
    rulings += milestones.set_out(table)  # before the player areas (milestone.setup)
    if families is not None:
        families = list(families)
        pool = families_available(catalog, players, expansion)
        for f in families:
            if f not in pool:
                raise ValueError(f"{unknown('family board', f, pool)} (families must be "
                                 f"{players} distinct boards from {', '.join(pool)})")
        if len(set(families)) != players:
            raise ValueError(f"families must be {players} distinct boards from "
                             f"{', '.join(pool)}; got {', '.join(families)}")
        for player, family in zip(state.players, families, strict=True):
            player.family = family

    # --- families and the servant draft (setup.family-choice, ud.setup.draft)
    if expansion and draft is not False:
        from obsession_nb.draft import start_draft

        rulings += start_draft(table)
        return state, rulings
    if families is None:
        rng = table.rng()
        pool = families_available(catalog, players, expansion)
        for seat in choosing_order(state):
            state.players[seat].family = rng.choice(
                [f for f in pool if f not in {p.family for p in state.players}])
    rulings.append(ruling("setup.family-choice", "Boards are chosen from the first player's left, "
                          "clockwise: " + ", ".join(
                              f"{state.players[s].name} {state.players[s].family}"
                              for s in choosing_order(state)) + "."))
    if expansion:
        rulings.append(ruling("ud.setup.draft", "The servant draft is not played in this setup: "
                              "no servant is drafted."))
    rulings += finish_player_areas(table, monuments=monuments, wessex_tile=wessex_tile)
    return state, rulings


def choosing_order(state: State) -> list[int]:
    """From the first player's left, clockwise; the first player chooses last."""
    n = len(state.players)
    return [(state.first_player + k) % n for k in range(1, n + 1)]


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
        player.organiser = [OwnedTile(tile=t.id) for t in start_tiles]
        player.hand = list(family.family_cards)
        if family.start_tile_choice:
            choices = [t for t in family.start_tile_choice if t in tile_pool]
            pick = chosen if chosen in choices else table.rng().choice(choices)
            tile_pool.remove(pick)
            player.organiser.append(OwnedTile(tile=pick))
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
    """A variant's decisions before the first turn (setup_choices.py): the starter-guest draft
    starts at once (option.starter-guest-draft); the others are pending steps."""
    state = table.state
    pending = setup_decisions(state.options)
    if not pending:
        return []
    if pending[0] != "starter-draft":
        state.turn = Turn(player=state.first_player, step=pending[0])  # type: ignore[arg-type]
        return []
    players = len(state.players)
    deck, rest = deal_draft_deck(table)
    order = draft_order(players, state.first_player)
    state.turn = Turn(player=order[0], step="starter-draft", offer=deck)
    return [ruling("option.starter-guest-draft", f"Starter-guest draft instead of the deal: a "
                   f"deck of {len(deck)} starter guests ({rest} more join the casual deck); "
                   f"{state.players[order[0]].name}, last in turn order, picks first, "
                   "counterclockwise; the first player picks two; then back clockwise.")]


def setup_decisions(options: Options) -> list[str]:
    """The decisions the options add before the first turn, in order: the starter-guest draft
    (option.starter-guest-draft), the vote on redrawing the opening market (option.market-redraw),
    the objectives kept (ud.objectives-during-play)."""
    return [step for step, wanted in (
        ("starter-draft", options.starter_guests == "draft"),
        ("opening-market", options.market_redraw == "offer"),
        ("choose-objectives", options.objectives == "choose-at-setup")) if wanted]


