"""Setting up a game for two to six players, both lengths, with and without the expansion
(issue 4, item 1).  Tests are named after the rules they check."""

from __future__ import annotations

from collections import Counter

import pytest

from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.setup.new_game import new_state
from obsession_nb.engine.setup.supply import compensation, hire_supply
from obsession_nb.engine.setup.tiles import qualifies_for_opening
from obsession_nb.players.random_player import RandomPlayer

CAT = load_catalog()
START = sorted(t.id for t in CAT.tiles.values() if t.start)


def base(players: int, **kw) -> tuple:
    kw.setdefault("options", Options(expansion=False))
    return new_state(players, seed=kw.pop("seed", 3), **kw)


def rule_ids(rulings) -> list[str]:
    return [r.rule for r in rulings]


def monuments_in(state) -> list[str]:
    return sorted(t for t in state.supply.bag if CAT.tiles[t].kind == "monument")


# ----------------------------------------------------------------- the player areas


def test_setup_first_player_is_seeded_and_the_families_are_chosen_from_their_left() -> None:
    state, rulings = base(4)
    again, _ = base(4)
    assert state == again
    assert "setup.first-player" in rule_ids(rulings)
    assert len({p.family for p in state.players}) == 4
    order = next(r.verdict for r in rulings if r.rule == "setup.family-choice")
    names = [state.players[(state.first_player + k) % 4].name for k in range(1, 5)]
    positions = [order.index(n) for n in names]
    assert positions == sorted(positions)  # first player's left first, the first player last


def test_setup_first_player_can_be_fixed() -> None:
    state, _ = base(3, first_player=2)
    assert state.first_player == 2


def test_setup_family_bonuses_and_starting_servants() -> None:
    families = ["asquith", "cavendish", "ponsonby", "york"]
    state, rulings = base(4, families=families)
    asq, cav, pon, york = state.players
    assert len(asq.hand) == 5 + 2 and "asquith-aunt" in asq.hand
    assert cav.reputation == 3  # level 1, position 4
    assert pon.money == 300 and asq.money == cav.money == york.money == 0
    assert Counter(york.servants.available)["footman"] == 2
    for p in state.players:
        assert set(p.servants.available) == {"butler", "housekeeper", "valet", "ladys_maid",
                                             "footman"}
        assert p.servants.quarters == p.servants.expended == []
    assert "setup.starting-servants" in rule_ids(rulings)


def test_setup_start_tiles_front_side_up() -> None:
    state, _ = base(2, families=["cavendish", "york"])
    for p in state.players:
        assert sorted(o.tile for o in p.organiser) == START
        assert not any(o.flipped for o in p.organiser)


def test_setup_family_wessex_starts_with_breakfast_room_or_tennis_court() -> None:
    state, rulings = base(2, families=["wessex", "york"], wessex_tile="tennis-court")
    wessex = state.players[0]
    assert [o.tile for o in wessex.organiser][5:] == ["tennis-court"]
    tiles = Counter(state.supply.bag) + Counter(t for s in state.supply.market for t in s)
    assert tiles["tennis-court"] == CAT.tiles["tennis-court"].copies - 1
    assert {"setup.family.wessex", "ruling.wessex-tiles-with-board"} <= set(rule_ids(rulings))
    assert "wessex-lounge" in tiles


def test_ruling_wessex_tiles_with_board_only() -> None:
    state, _ = base(2, families=["asquith", "york"])
    tiles = set(state.supply.bag) | {t for s in state.supply.market for t in s}
    assert "wessex-lounge" not in tiles and "wessex-living-room" not in tiles


def test_setup_gentry_deck_family_cards_and_two_starter_guests() -> None:
    state, _ = base(3)
    starters = Counter(c.id for c in CAT.gentry.values() if c.deck == "starter"
                       for _ in range(c.copies))
    dealt = Counter()
    for p in state.players:
        family = CAT.families[p.family]
        assert p.hand[:len(family.family_cards)] == list(family.family_cards)
        guests = p.hand[len(family.family_cards):]
        assert len(guests) == 2 and all(CAT.gentry[g].deck == "starter" for g in guests)
        dealt.update(guests)
    casual = Counter(state.supply.casual_deck)
    assert dealt + Counter(c for c in casual if CAT.gentry[c].deck == "starter") == starters
    assert len(state.supply.prestige_deck) == sum(
        c.copies for c in CAT.gentry.values() if c.deck == "prestige")
    assert state.supply.fairchilds == ["charles-fairchild", "elizabeth-fairchild"]


@pytest.mark.parametrize(("players", "length", "dealt"), [
    (2, "standard", 5), (4, "standard", 5), (5, "standard", 5), (3, "extended", 4),
    (6, "standard", 4), (6, "extended", 4)])
def test_setup_objectives_five_standard_four_extended_four_for_six(players, length, dealt):
    state, rulings = base(players, options=Options(expansion=False, length=length))
    assert all(len(p.objectives) == dealt for p in state.players)
    assert ("six-player.objectives" if players == 6 else "setup.objectives") in rule_ids(rulings)


def test_ud_objective_deck_with_the_expansion_only() -> None:
    plain, _ = base(2)
    held = [o for p in plain.players for o in p.objectives] + plain.supply.objective_deck
    assert all(CAT.objectives[o].expansion == "base" for o in held)
    ud, rulings = new_state(2, seed=3, draft=False)
    held = [o for p in ud.players for o in p.objectives] + ud.supply.objective_deck
    assert any(CAT.objectives[o].expansion == "upstairs_downstairs" for o in held)
    assert len(held) == 33  # UD p.3: 26 base cards and 7 new ones
    assert "ruling.objective-deck-composition" in rule_ids(rulings)


# ----------------------------------------------------------------- the supply


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_servants_for_hire_by_player_count(players) -> None:
    state, _ = base(players)
    assert state.supply.servants_for_hire == {
        "underbutler": 2, "footman": 2 * players, "valet": players, "ladys_maid": players}


@pytest.mark.parametrize("players", [5, 6])
def test_setup_servants_for_hire_five_six(players) -> None:
    state, rulings = base(players)
    assert state.supply.servants_for_hire == {
        "underbutler": 2, "footman": 10, "valet": 5, "ladys_maid": 5}
    assert "setup.servants-for-hire-five-six" in rule_ids(rulings)


@pytest.mark.parametrize(("players", "row"), [
    (2, (2, 4, 2, 2, 2)), (3, (2, 6, 3, 3, 3)), (4, (2, 8, 4, 4, 4)), (5, (2, 10, 5, 5, 5)),
    (6, (2, 10, 5, 5, 5))])
def test_ud_setup_servants_for_hire_table(players, row) -> None:
    u, f, v, m, new = row
    assert hire_supply(players, True) == {
        "underbutler": u, "footman": f, "valet": v, "ladys_maid": m,
        "cook": new, "hall_boy": new, "head_housemaid": new, "useful_man": new}


def test_setup_tile_bag_holds_no_start_tile_and_the_market_qualifies() -> None:
    state, rulings = base(4)
    market = [t for s in state.supply.market for t in s]
    assert not any(CAT.tiles[t].start for t in [*state.supply.bag, *market])
    assert len(state.supply.market) == 6
    assert all(qualifies_for_opening(CAT, t) for t in market)
    assert all(len(set(s)) == 1 for s in state.supply.market)
    tsn = [CAT.tiles[s[0]].tsn for s in state.supply.market]
    assert tsn == sorted(tsn)
    assert {"market.initial-fill", "market.tsn-order", "setup.tile-bag"} <= set(rule_ids(rulings))


def test_market_initial_fill_stacks_duplicates_and_returns_the_rest() -> None:
    state, _ = base(2)
    pinned = ["gallery", "barn", "sculpture-garden", "barn", "servants-hall", "fenced-paddock",
              "carriage-house", "riding-stables", "croquet-lawn", "tennis-court",
              "english-garden"]
    from obsession_nb.engine.setup.tiles import opening_market
    from obsession_nb.engine.table import Table

    state.supply.bag = sorted([*state.supply.bag, *(t for s in state.supply.market for t in s)])
    state.supply.market = []
    bag_before = Counter(state.supply.bag)
    state.chance.next_tiles = [t for t in pinned if t in state.supply.bag]
    opening_market(Table(state))
    assert state.supply.market == [["barn", "barn"], ["fenced-paddock"], ["riding-stables"],
                                   ["croquet-lawn"], ["english-garden"], ["tennis-court"]]
    assert Counter(state.supply.bag) + Counter(
        t for s in state.supply.market for t in s) == bag_before
    assert "gallery" in state.supply.bag and "servants-hall" in state.supply.bag


@pytest.mark.rule("tile.servants-hall")
def test_ruling_initial_fill_new_service_tiles_are_not_opening_tiles() -> None:
    assert not qualifies_for_opening(CAT, "carriage-house")
    assert not qualifies_for_opening(CAT, "renovated-kitchen")
    assert not qualifies_for_opening(CAT, "servants-hall")
    assert qualifies_for_opening(CAT, "butlers-pantry")
    assert qualifies_for_opening(CAT, "heritage-suite")


@pytest.mark.rule("tile.monuments")
@pytest.mark.parametrize(("players", "count"), [(2, 3), (3, 4), (4, 5), (5, 5), (6, 5)])
def test_setup_monuments_by_count(players, count) -> None:
    state, _ = base(players)
    monuments = monuments_in(state)
    assert len(monuments) == count
    if players <= 3:
        assert "sculpture-garden" in monuments
    assert all(CAT.tiles[m].expansion == "base" for m in monuments)


@pytest.mark.parametrize(("players", "count"), [(2, 3), (3, 4), (4, 4), (6, 4)])
def test_ruling_low_vp_monument_count(players, count) -> None:
    state, rulings = base(players, options=Options(expansion=False, low_vp_monuments=True))
    monuments = monuments_in(state)
    assert len(monuments) == count and "sculpture-garden-low-vp" in monuments
    assert all(m.endswith("-low-vp") for m in monuments)
    assert "ruling.low-vp-monument-count" in rule_ids(rulings)


@pytest.mark.rule("ud.components-only-with-expansion")
def test_ruling_universal_tiles_with_expansion() -> None:
    plain, rulings = base(4)
    ud, _ = new_state(4, seed=3, draft=False)

    def tiles(state):
        return set(state.supply.bag) | {t for s in state.supply.market for t in s}

    ud_tiles = {t.id for t in CAT.tiles.values() if t.expansion == "upstairs_downstairs"
                and t.kind != "monument"}
    assert not tiles(plain) & ud_tiles
    assert ud_tiles <= tiles(ud)
    assert "ruling.universal-tiles-with-expansion" in rule_ids(rulings)


def test_setup_round_track_and_the_first_theme() -> None:
    state, rulings = base(3, options=Options(expansion=False, length="extended"))
    assert state.round == 1 and len(state.themes) == 1
    assert len(state.supply.theme_deck) == sum(t.copies for t in CAT.themes.values()) - 1
    assert len(state.supply.vp_deck) == sum(v.copies for v in CAT.vp_cards.values())
    assert {"setup.round-track", "season.theme-reveal"} <= set(rule_ids(rulings))
    assert all(not p.reminder for p in state.players)


# ----------------------------------------------------------------- five and six players


@pytest.mark.parametrize(("players", "rotation", "paid"), [
    (5, "counterclockwise", {1: 200}), (5, "clockwise", {4: 200}),
    (6, "counterclockwise", {1: 200, 2: 300}), (6, "clockwise", {4: 200, 5: 300}),
    (4, "counterclockwise", {})])
def test_ruling_compensation_recipient_by_rotation(players, rotation, paid) -> None:
    assert compensation(players, 0, rotation) == paid
    shifted = {(s + 2) % players: v for s, v in paid.items()}
    assert compensation(players, 2, rotation) == shifted


def test_setup_compensation_five_without_the_expansion() -> None:
    state, rulings = base(5, first_player=0, families=["asquith", "cavendish", "york", "wessex",
                                                       "ponsonby"])
    assert [p.money for p in state.players] == [0, 200, 0, 0, 300]
    assert {"setup.compensation-five", "ruling.compensation-recipient"} <= set(rule_ids(rulings))


def test_six_player_compensation_without_the_expansion() -> None:
    state, rulings = base(6, first_player=3, families=["asquith", "cavendish", "york", "wessex",
                                                       "howard", "ponsonby"])
    money = {p.name: p.money for p in state.players}
    assert money["Player 5"] == 200 and money["Player 6"] == 300 + 300  # Ponsonby's own £300
    assert "six-player.compensation" in rule_ids(rulings)


@pytest.mark.rule("ud.components-only-with-expansion")
def test_ruling_howard_six_without_expansion_has_no_cook() -> None:
    state, rulings = base(6)
    howard = next(p for p in state.players if p.family == "howard")
    assert "cook" not in howard.servants.all()
    assert "ruling.howard-six-without-expansion" in rule_ids(rulings)
    with pytest.raises(ValueError):
        base(4, families=["howard", "york", "asquith", "cavendish"])


def test_six_player_central_setup_like_five_and_the_prestige_limit_on() -> None:
    state, _ = new_state(6, seed=1, draft=False)
    assert state.supply.servants_for_hire == hire_supply(5, True)
    assert state.options.prestige_guest_limit is True
    five, _ = new_state(5, seed=1, draft=False)
    assert five.options.prestige_guest_limit is False


# ----------------------------------------------------------------- the expansion's draft


def test_ud_setup_draft_then_finish_player_areas() -> None:
    game = new_game(3, seed=8)
    state = game.state
    assert game.pending()["step"] == "draft"
    assert game.pending()["player"] == (state.first_player + 1) % 3
    assert state.supply.draft_display == ["cook", "hall_boy", "head_housemaid", "useful_man",
                                          "valet", "ladys_maid", "footman"]
    assert all(p.family is None and not p.hand for p in state.players)
    player = RandomPlayer(8)
    while game.pending()["step"] == "draft":
        game.apply(player.choose(game))
    assert game.pending() == {"player": state.first_player, "step": "begin",
                              "owner": state.first_player, "prompt": game.pending()["prompt"]}
    assert state.supply.draft_display == []
    for p in state.players:
        extra = CAT.families[p.family].extra_servants
        assert len(p.servants.available) == 5 + len(extra) + 1  # one drafted servant each
        assert len(p.hand) >= 6 and len(p.objectives) == 5
    hire = state.supply.servants_for_hire
    assert sum(hire.values()) == sum(hire_supply(3, True).values()) - 3
    assert len(state.supply.market) == 6 and len(state.themes) == 1


def test_ud_family_howard_starts_with_a_cook() -> None:
    state, _ = new_state(2, seed=3, families=["howard", "york"], draft=False)
    assert state.players[0].servants.available.count("cook") == 1


def test_ud_setup_draft_skipped_says_so() -> None:
    _state, rulings = new_state(2, seed=3, draft=False)
    assert any(r.rule == "ud.setup.draft" and "not played" in r.verdict for r in rulings)


def test_new_game_logs_the_setup_and_starts_the_first_turn() -> None:
    game = new_game(2, seed=4, options=Options(expansion=False))
    assert isinstance(game, Game)
    assert game.log[0].action == "(setup)" and len(game.log[0].rulings) > 10
    assert game.pending()["step"] == "begin"
    assert game.pending()["player"] == game.state.first_player


def test_setup_player_count_two_to_six() -> None:
    for bad in (1, 7):
        with pytest.raises(ValueError):
            new_state(bad)
