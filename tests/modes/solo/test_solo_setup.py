"""Solo Estate Challenge setup (UD p.13): each change to the player area and the central area,
and the six market stacks in tile-sorting-number order."""

from __future__ import annotations

import pytest

from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.setup.supply import STARTING_SERVANTS, UD_DECK_LEAVES_OUT, UD_HIRE
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.market import (
    COUNTERS,
    NAMED_MONUMENTS,
    STACKS,
    build_stacks,
    stack_of,
    supply_tiles,
)
from obsession_nb.modes.solo.tableau import size

CATALOG = load_catalog()


def ruled(game, rule: str) -> list[str]:
    return [r["verdict"] for e in game.log for r in e.rulings if r["rule"] == rule]


@pytest.fixture(scope="module")
def game():
    return new_solo_game(11, family="ponsonby", servant="useful_man")


def test_solo_player_setup_starting_player_no_objectives(game) -> None:
    state = game.state
    assert len(state.players) == 1 and state.first_player == 0
    assert state.turn.player == 0 and state.turn.step == "begin" and state.round == 1
    assert state.players[0].objectives == []
    assert any("no objective cards" in v and "without milestones" in v
               for v in ruled(game, "solo.sec.player-setup"))


def test_solo_objective_deck_has_no_group_bonuses(game) -> None:
    deck = game.state.supply.objective_deck
    categories = {CATALOG.objectives[o].category for o in deck}
    assert "group_bonus" not in categories
    wanted = {o.id for o in CATALOG.objectives.values() if o.category != "group_bonus"
              and o.id not in UD_DECK_LEAVES_OUT}  # the expansion's deck (UD p.3)
    assert set(deck) == wanted and len(deck) == len(wanted)
    assert ruled(game, "solo.sec.objective-deck")


def test_solo_player_drafts_one_servant(game) -> None:
    me = game.state.players[0]
    assert sorted(me.servants.available) == sorted([*STARTING_SERVANTS, "useful_man"])
    assert game.state.supply.draft_display == []
    hire = game.state.supply.servants_for_hire
    # the leftovers went back: the one-player supply minus the drafted useful man
    u, f, v, m, new = UD_HIRE[1]
    assert hire == {"underbutler": u, "footman": f, "valet": v, "ladys_maid": m, "cook": new,
                    "hall_boy": new, "head_housemaid": new, "useful_man": new - 1}


def test_solo_draft_is_the_first_decision() -> None:
    fresh = new_solo_game(3)
    assert fresh.pending()["step"] == "draft"
    assert {a.notation for a in fresh.legal_actions()} >= {"family howard", "family ponsonby"}
    fresh.apply("family york")
    assert "draft footman" in {a.notation for a in fresh.legal_actions()}
    fresh.apply("draft footman")
    assert fresh.pending()["step"] == "begin"
    assert fresh.state.players[0].servants.available.count("footman") == 3


def test_solo_howard_has_no_cook_to_draft_or_hire() -> None:
    howard = new_solo_game(4, family="howard")
    assert "draft cook" not in {a.notation for a in howard.legal_actions()}
    assert not howard.check("draft cook").legal
    howard.apply("draft hall_boy")
    me = howard.state.players[0]
    assert me.servants.all().count("cook") == 1  # the family's own cook stays
    assert howard.state.supply.servants_for_hire["cook"] == 0
    assert any("Howard" in v for v in ruled(howard, "solo.sec.player-setup"))


@pytest.mark.rule("round-track.tableau")
def test_solo_tableau_round_track_pawn_on_start_with_vp_cards(game) -> None:
    state = game.state
    assert state.options.track == "tableau" and state.round == 1
    assert game.view()["round_track"][0]["round"] == 1
    assert len(state.supply.vp_deck) == sum(v.copies for v in CATALOG.vp_cards.values())
    assert state.themes == [] and state.supply.theme_deck == [] and state.supply.fairchilds == []
    assert state.supply.bag == []
    assert ruled(game, "solo.sec.round-track") and ruled(game, "ruling.sec-vp-cards")


@pytest.mark.parametrize(("extended", "levels", "columns", "target"),
                         [(False, 6, 3, "132"), (True, 8, 4, "188")])
def test_solo_lengths_use_their_reputation_counters(extended, levels, columns, target) -> None:
    g = new_solo_game(2, extended=extended, family="cavendish", servant="valet")
    assert g.table.wheel.levels == levels
    assert size(g.table) == columns
    assert any(target in v for v in ruled(g, "solo.sec.target-score"))
    # Cavendish starts at level 1 position 4 on either wheel
    assert g.state.players[0].reputation == 3


def test_solo_supply_one_copy_suites_in_hybrids_out_five_monuments(game) -> None:
    tiles = [t for stack in game.state.supply.market for t in stack]
    assert len(tiles) == len(set(tiles))
    kinds = {CATALOG.tiles[t].kind for t in tiles}
    assert "hybrid" not in kinds and "suite" in kinds
    assert {"heritage-suite", "queens-suite", "lionheart-suite"} <= set(tiles)
    assert [t for t in tiles if CATALOG.tiles[t].kind == "monument"] == list(NAMED_MONUMENTS)
    assert not any(CATALOG.tiles[t].start for t in tiles)
    assert not any(CATALOG.tiles[t].expansion == "wessex" for t in tiles)
    every = {t.id for t in CATALOG.tiles.values() if not t.start and t.kind in (
        "improvement", "service", "suite") and t.expansion != "wessex"}
    assert set(tiles) - set(NAMED_MONUMENTS) == every


def test_solo_wessex_tiles_only_with_the_wessex_board() -> None:
    g = new_solo_game(6, family="wessex", servant="valet")
    me = g.state.players[0]
    extra = [o.tile for o in me.organiser if not CATALOG.tiles[o.tile].start]
    market = [t for stack in g.state.supply.market for t in stack]
    assert len(extra) == 1 and extra[0] in ("breakfast-room", "tennis-court")
    assert extra[0] not in market  # the board's starting tile stays with the player
    assert {"wessex-living-room", "wessex-lounge"} <= set(market)


def test_solo_stacks_by_type_in_tsn_order_lowest_on_top(game) -> None:
    market = game.state.supply.market
    assert len(market) == 6
    for name, stack in zip(STACKS, market, strict=True):
        assert {stack_of(CATALOG.tiles[t]) for t in stack} == {name}
        numbers = [CATALOG.tiles[t].tsn for t in stack]
        assert numbers == sorted(numbers)
    # the two stacks UD p.13 spells out
    assert market[STACKS.index("sporting")] == [
        "riding-stables", "croquet-lawn", "tennis-court", "hillside-kennels", "billiards-room",
        "cricket-field", "stocked-lake"]
    assert market[STACKS.index("monument")] == [
        "trophy-room", "wine-cellar", "marble-floor", "manor-gargoyles", "sculpture-garden"]


def test_solo_stacks_on_their_priced_spaces_with_counters(game) -> None:
    view = game.view()["solo"]
    assert [(s["stack"], s["price"], tuple(s["counter"])) for s in view["stacks"]] == [
        ("service", 300, (1, 2)), ("sporting", 400, (3, 5)), ("essentials", 500, (6, 8)),
        ("estate", 600, (9, 11)), ("prestige", 700, (12, 14)), ("monument", 800, (15, 18))]
    assert COUNTERS["monument"] == (15, 18)


def test_solo_build_stacks_sorts_any_order() -> None:
    tiles = supply_tiles(CATALOG)
    shuffled = sorted(tiles, key=lambda t: hash(t) % 97)
    assert build_stacks(CATALOG, shuffled) == build_stacks(CATALOG, tiles)


def test_solo_scenario_round_trip(game) -> None:
    from obsession_nb.engine.positions.scenario import parse

    assert parse(game.to_scenario()).state == game.state


def test_solo_track_view_shows_the_solo_events_only(game) -> None:
    spaces = {s["round"]: [e["kind"] for e in s["events"]] for s in game.view()["round_track"]}
    assert spaces[5] == ["grand_ball"] and spaces[11] == ["builders_holiday"]
    assert spaces[13] == ["village_fair"] and spaces[4] == []
    assert len(spaces) == 20
