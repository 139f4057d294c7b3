"""Classic solitaire (Facts §6; 2E §Solitaire): the two-player setup, the AI card's d20 bands
and their −5 carry, stacked duplicates, reserves, courtship against the opponent card (win,
loss, tie, final), the opponent's score, ties to the solo player, the challenging mode, the
solo exceptions, the user's own cards, and seeded complete games with the invariants checked
after every action."""

from __future__ import annotations

import pytest
from game_invariants import Watch, round_trip
from positions import GOSSIP_TURN

from obsession_nb.data.catalog import CardsError, load_catalog, overlay
from obsession_nb.data.catalog_cards import OpponentCard
from obsession_nb.engine.records.state import OwnedTile
from obsession_nb.engine.steps.seasons import column_vp
from obsession_nb.modes.classic import ai as classic_ai
from obsession_nb.modes.classic.courtship import opponent_score
from obsession_nb.modes.classic.game import (
    ClassicGame,
    classic_result,
    classic_solo,
    new_classic_game,
)
from obsession_nb.modes.classic.strategy import make_player
from obsession_nb.players.random_player import play_out

STANDARD = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5, 13: 5,
            14: 6, 15: 6}
"""The stand-in AI card's Standard Turn column (content/catalog/ai-card.yaml)."""


def base_game(seed: int = 1, **options) -> ClassicGame:
    """Classic solitaire without the expansion, Ponsonby, at the first turn."""
    return new_classic_game(seed, "eden", expansion=False, family="ponsonby", **options)


def rules_of(game) -> list[str]:
    return [r["rule"] for e in game.log for r in e.rulings]


def refused(game, action: str, rule: str) -> None:
    before = game.state.model_copy(deep=True)
    verdict = game.check(action)
    assert not verdict.legal and rule in [r.rule for r in verdict.rulings]
    with pytest.raises(ValueError):
        game.apply(action)
    assert game.state == before


def end_turn_by_passing(game, roll: int) -> None:
    """Pass with rents, buy nothing, and let the AI roll ``roll``."""
    game.state.chance.next_rolls = [roll]
    for action in ("pass", "rents", "done"):
        game.apply(action)


def with_opponent(game, *, base: int = 60, value: int = 0,
                  final: dict[str, int] | None = None) -> str:
    """Give the game an opponent whose seasons 1-3 show ``value`` in every theme, and season 4
    ``final`` (0 for the themes it leaves out)."""
    row = dict.fromkeys(("essentials", "service", "estate", "prestige", "sporting"), value)
    card = OpponentCard(id="test-opponent", name="Test opponent", difficulty="beginner",
                        base=base, chart={1: row, 2: row, 3: row,
                                          4: {**dict.fromkeys(row, 0), **(final or {})}},
                        source="tests", standin=True, verified=False, unverified=("chart",))
    catalog = game.table.catalog
    game.table.catalog = catalog.model_copy(
        update={"opponents": {**catalog.opponents, card.id: card}})
    game.state.classic_solo.opponent = card.id
    return card.id


# ----------------------------------------------------------------- setup (Facts §6.1)


def test_solo_classic_setup_as_for_two_players() -> None:
    game = base_game()
    state = game.state
    assert state.supply.servants_for_hire == {"underbutler": 2, "footman": 4, "valet": 2,
                                              "ladys_maid": 2}
    monuments = [t for t in state.supply.bag + [x for s in state.supply.market for x in s]
                 if game.table.tile(t).kind == "monument"]
    assert "sculpture-garden" in monuments and len(monuments) == 3
    assert state.first_player == 0 and game.pending()["player"] == 0
    assert len(state.players) == 1 and state.options.mode == "classic-solo"
    assert "solo.classic.setup" in rules_of(game)
    # closed courtship (the Jane Austen rule): no theme is turned up before its courtship
    assert state.options.courtship == "closed" and state.themes == []
    assert "option.closed-courtship" in rules_of(game)


def test_solo_classic_setup_with_the_expansion_drafts_one_servant() -> None:
    game = new_classic_game(2, "eden")
    assert game.pending()["step"] == "draft"
    assert game.state.supply.servants_for_hire["underbutler"] == 2
    assert "ruling.classic-expansion-draft" in rules_of(game)
    game.apply("family york")
    game.apply("draft valet")
    assert game.pending()["step"] == "begin"
    assert game.state.players[0].servants.available.count("valet") == 2


def test_solo_classic_unknown_opponent_is_refused_with_the_cards_named() -> None:
    with pytest.raises(ValueError, match=r"not an opponent card.*eden"):
        new_classic_game(1, "nobody")


# ----------------------------------------------------------------- the AI card (Facts §6.2)


@pytest.mark.parametrize("roll", range(1, 16))
def test_solo_classic_ai_roll_1_to_15_scavenges_the_standard_column_position(roll) -> None:
    game = base_game()
    market = game.state.supply.market
    assert not classic_ai.monument_positions(game.table)
    position = STANDARD[roll]
    target = list(market[position - 1])
    rest = [s for i, s in enumerate(market) if i != position - 1]
    record, rulings = classic_ai.scavenge(game.table, roll)
    assert (record.reason, record.position, record.tiles, record.column) == (
        "taken", position, target, "standard")
    assert all(t in game.state.supply.removed for t in target)
    assert market[:5] == rest and len(market) == 6  # the rest slid left, one drawn at the right
    assert "solo.classic.ai-columns" in [r.rule for r in rulings]


@pytest.mark.parametrize("roll", [16, 17, 18, 19])
def test_solo_classic_no_purchase_on_16_to_19_and_minus_5_next(roll) -> None:
    game = base_game()
    before = [list(s) for s in game.state.supply.market]
    record, _ = classic_ai.scavenge(game.table, roll)
    assert record.reason == "no-purchase" and record.tiles == []
    assert game.state.supply.market == before
    assert game.state.classic_solo.minus_five
    record, rulings = classic_ai.scavenge(game.table, 18)  # 18 − 5 = 13: a purchase
    assert (record.roll, record.result, record.reason) == (18, 13, "taken")
    assert record.position == STANDARD[13]
    assert not game.state.classic_solo.minus_five  # only the next roll
    assert "solo.classic.no-purchase" in [r.rule for r in rulings]


def test_solo_classic_refresh_on_20_and_minus_5_next() -> None:
    game = base_game()
    before = [list(s) for s in game.state.supply.market]
    record, rulings = classic_ai.scavenge(game.table, 20)
    assert record.reason == "refresh" and record.tiles == []
    assert game.state.supply.market != before and len(game.state.supply.market) == 6
    assert not any(t in game.state.supply.removed for s in before for t in s)  # back to the bag
    assert game.state.classic_solo.minus_five
    assert "solo.classic.refresh" in [r.rule for r in rulings]
    record, _ = classic_ai.scavenge(game.table, 20)  # 20 − 5 = 15: never two in a row
    assert (record.result, record.reason) == (15, "taken")


def test_solo_classic_minus_5_never_below_1() -> None:
    game = base_game()
    game.state.classic_solo.minus_five = True
    first = list(game.state.supply.market[0])
    record, rulings = classic_ai.scavenge(game.table, 3)
    assert (record.result, record.position, record.tiles) == (1, 1, first)
    assert "ruling.classic-roll-floor" in [r.rule for r in rulings]


def test_solo_classic_stacked_duplicate_removes_both() -> None:
    game = base_game()
    market = game.state.supply.market
    market[1] = [market[1][0], market[1][0]]  # a stacked pair in position 2
    pair = list(market[1])
    record, rulings = classic_ai.scavenge(game.table, 4)  # position 2
    assert record.tiles == pair and game.state.supply.removed.count(pair[0]) == 2
    assert pair[0] not in [t for s in market for t in s]
    assert "solo.classic.stacked-duplicate" in [r.rule for r in rulings]


def test_solo_classic_monument_column_targets_the_cheapest_monument() -> None:
    game = base_game()
    market = game.state.supply.market
    market[4], market[2] = ["sculpture-garden"], ["trophy-room"]
    record, rulings = classic_ai.scavenge(game.table, 1)  # the Monument column's monument band
    assert (record.column, record.position, record.tiles) == ("monument", 3, ["trophy-room"])
    assert "cheapest monument" in next(r.verdict for r in rulings
                                       if r.rule == "solo.classic.ai-columns")
    assert "sculpture-garden" in [t for s in market for t in s]
    record, _ = classic_ai.scavenge(game.table, 6)  # a position band of the Monument column
    assert (record.column, record.position) == ("monument", 1)


def test_solo_classic_scavenging_ignores_the_reserves() -> None:
    game = base_game(market_reserve=True)
    supply = game.state.supply
    supply.service_reserve, supply.service_reserve_active = ["barn"], True
    for roll in (1, 5, 9, 12, 15):
        shown = [list(s) for s in supply.market]
        record, _ = classic_ai.scavenge(game.table, roll)
        assert record.tiles == shown[record.position - 1]  # an open-market space, always
    assert "barn" in supply.service_reserve and "barn" not in supply.removed


def test_solo_classic_empty_position_scavenges_nothing() -> None:
    game = base_game()
    del game.state.supply.market[3:]
    before = [list(s) for s in game.state.supply.market]
    game.state.supply.bag = []  # nothing to refill with
    record, _ = classic_ai.scavenge(game.table, 15)  # position 6
    assert (record.reason, record.position, record.tiles) == ("empty-position", 6, [])
    assert game.state.supply.market == before


def test_solo_classic_every_roll_is_seeded_and_logged_after_the_turn() -> None:
    game = base_game()
    end_turn_by_passing(game, 9)
    rolls = game.state.classic_solo.rolls
    assert [(r.round, r.roll, r.position) for r in rolls] == [(1, 9, 3)]
    assert any(e.action == "(AI card)" for e in game.log)
    assert game.state.round == 2 and game.pending()["step"] == "begin"
    again = base_game()
    game = base_game()
    for g in (game, again):  # unpinned: the seeded source gives the same rolls
        for _ in range(2):
            for action in ("pass", "rents", "done"):
                g.apply(action)
    assert game.state.classic_solo.rolls == again.state.classic_solo.rolls


# ----------------------------------------------------------------- courtship (Facts §6.3)


def next_themes(game, *themes: str) -> None:
    """Put these theme cards on top of the theme deck, in order."""
    deck = game.state.supply.theme_deck
    for theme in themes:
        deck.remove(theme)
    deck[:0] = themes


def at_courtship(game) -> int:
    """The last turn of season 1, with a sporting tile bought and SPORTING the theme to be
    turned up on the courtship space (closed courtship); the player's SPORTING column VP."""
    state = game.state
    state.players[0].organiser.append(OwnedTile(tile="croquet-lawn"))
    state.round = 3
    next_themes(game, "theme-sporting")
    return column_vp(game.table, state.players[0], "sporting")


def test_solo_classic_courtship_win_gives_a_vp_card_and_the_fairchild() -> None:
    game = base_game()
    mine = at_courtship(game)
    with_opponent(game, value=mine - 1)
    end_turn_by_passing(game, 17)
    assert game.state.classic_solo.courtships[-1].outcome == "win"
    assert len(game.state.players[0].vp_cards) == 1
    assert game.pending()["step"] == "fairchild"
    game.apply("fairchild charles-fairchild")
    assert "charles-fairchild" in game.state.players[0].hand
    assert game.state.classic_solo.opponent_vp == []
    assert "solo.classic.courtship-win" in rules_of(game)


def test_solo_classic_courtship_loss_gives_the_opponent_a_face_down_vp_card() -> None:
    game = base_game()
    mine = at_courtship(game)
    with_opponent(game, value=mine + 1)
    top = game.state.supply.vp_deck[0]
    end_turn_by_passing(game, 17)
    assert game.state.classic_solo.opponent_vp == [top]
    assert game.state.players[0].vp_cards == []
    assert game.pending()["step"] == "discard"
    assert len(game.state.supply.fairchilds) == 2  # no Fairchild before the final courtship
    assert "solo.classic.courtship-loss" in rules_of(game)


def test_solo_classic_courtship_tie_gives_each_a_vp_card() -> None:
    game = base_game()
    mine = at_courtship(game)
    with_opponent(game, value=mine)
    end_turn_by_passing(game, 17)
    assert len(game.state.players[0].vp_cards) == 1
    assert len(game.state.classic_solo.opponent_vp) == 1
    assert game.pending()["step"] == "discard"
    assert "solo.classic.courtship-tie" in rules_of(game)


FINAL_THEMES = ["theme-sporting", "theme-sporting", "theme-estate"]


def final_courtship(game, offset: int) -> int:
    """Play into the final courtship (round 16): SPORTING, SPORTING and ESTATE turned up, and
    PRESTIGE to come; the opponent's season-4 values are the player's columns, PRESTIGE plus
    ``offset``.  Returns the player's final total."""
    state = game.state
    me = state.players[0]
    me.organiser.append(OwnedTile(tile="croquet-lawn"))
    state.round = 15
    for theme in FINAL_THEMES:
        state.supply.theme_deck.remove(theme)
    state.themes = list(FINAL_THEMES)
    next_themes(game, "theme-prestige")
    columns = {c: column_vp(game.table, me, c) for c in ("sporting", "estate", "prestige")}
    with_opponent(game, final={**columns, "prestige": columns["prestige"] + offset})
    end_turn_by_passing(game, 17)
    return 2 * columns["sporting"] + columns["estate"] + columns["prestige"]


def test_solo_classic_final_courtship_opponent_total_adds_its_season_4_values() -> None:
    game = base_game()
    mine = final_courtship(game, 3)
    result = game.state.classic_solo.courtships[-1]
    assert result.season == 4
    assert result.themes == ["sporting", "sporting", "estate", "prestige"]
    assert (result.player, result.opponent) == (mine, mine + 3)
    assert "ruling.classic-final-chart" in rules_of(game)


def test_solo_classic_final_courtship_lost_gives_the_opponent_the_fairchild() -> None:
    game = base_game()
    final_courtship(game, 1)
    classic = game.state.classic_solo
    assert classic.courtships[-1].outcome == "loss"
    assert classic.opponent_fairchild in ("charles-fairchild", "elizabeth-fairchild")
    assert len(classic.opponent_vp) == 1
    assert classic.opponent_fairchild not in game.state.supply.fairchilds
    assert opponent_score(game.table).fairchild == 8
    assert "solo.classic.courtship-final" in rules_of(game)


def test_solo_classic_final_courtship_won_puts_the_fairchild_in_the_deck() -> None:
    game = base_game()
    final_courtship(game, -1)
    assert game.state.classic_solo.courtships[-1].outcome == "win"
    assert game.pending()["step"] == "fairchild"
    game.apply("fairchild elizabeth-fairchild")
    assert "elizabeth-fairchild" in game.state.players[0].hand
    assert game.state.classic_solo.opponent_fairchild is None


def test_solo_classic_final_courtship_tie_stays_a_tie() -> None:
    game = base_game()
    final_courtship(game, 0)
    classic = game.state.classic_solo
    assert classic.courtships[-1].outcome == "tie"
    assert classic.opponent_fairchild is None and len(classic.opponent_vp) == 1
    assert len(game.state.players[0].vp_cards) == 1
    assert "ruling.classic-final-tie" in rules_of(game)


# ----------------------------------------------------------------- scoring


def finished_game(seed: int = 3, **options) -> ClassicGame:
    game = new_classic_game(seed, "eden", expansion=False, **options)
    play_out(game, make_player("greedy", seed))
    return game


def test_solo_classic_opponent_score_is_base_plus_vp_cards_plus_fairchild() -> None:
    game = finished_game()
    classic = game.state.classic_solo
    rival = opponent_score(game.table)
    vp = sum(game.table.catalog.vp_cards[v].vp for v in classic.opponent_vp)
    fairchild = 8 if classic.opponent_fairchild else 0
    assert rival.total == load_catalog().opponents["eden"].base + vp + fairchild
    assert rival.monuments == 0


@pytest.mark.parametrize(("shift", "winner"), [(-1, "player"), (0, "player"), (1, "opponent")])
def test_solo_classic_solo_player_wins_ties(shift, winner) -> None:
    game = finished_game()
    rival = opponent_score(game.table)
    mine = classic_result(game.table).score
    extras = rival.total - rival.base
    with_opponent(game, base=mine - extras + shift)
    result = classic_result(game.table)
    assert result.opponent.total == mine + shift
    assert result.winner == winner
    assert "solo.classic.solo-wins-ties" in [r.rule for r in result.rulings]


def test_solo_classic_challenging_mode_adds_scavenged_monument_vp() -> None:
    game = base_game(monuments=True)
    market = game.state.supply.market
    market[0] = ["sculpture-garden"]
    game.state.chance.next_rolls = [1]  # the Monument column's monument band
    classic_ai.scavenge_turn(game.table)
    assert "sculpture-garden" in game.state.supply.removed
    rival = opponent_score(game.table)
    assert rival.monuments == 10 and rival.total == rival.base + 10
    assert "option.solo-challenging-monuments" in [r.rule for r in rival.rulings]
    game.state.options.solo_target = "opponent"
    assert opponent_score(game.table).monuments == 0


# ----------------------------------------------------------------- solo exceptions (Facts §6.4)


def test_solo_classic_exception_servants_hall_gives_one_reputation() -> None:
    game = base_game()
    me = game.state.players[0]
    me.organiser.append(OwnedTile(tile="servants-hall"))
    me.turns_taken, before = 2, me.reputation
    game.apply("activity")
    assert me.reputation == before + 1
    assert "solo.exception.servants-hall" in rules_of(game)
    assert not any(a.verb == "hall" for a in game.legal_actions())
    refused(game, "hall footman p1", "solo.exception.servants-hall")


def test_solo_classic_exception_butlers_room_never_recruits() -> None:
    game = base_game()
    refused(game, "recruit p1 valet", "solo.exception.butlers-room")


def test_solo_classic_exception_gossip_attack_does_nothing() -> None:
    game = base_game()
    me = game.state.players[0]
    me.hand = ["miss-oliver", "ponsonby-husband"]
    for action in GOSSIP_TURN:
        game.apply(action)
    assert "solo.exception.gossip" in rules_of(game)
    assert game.pending()["step"] == "buy"


# ----------------------------------------------------------------- the user's own cards


def test_solo_classic_cards_overlay_replaces_and_adds(tmp_path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("""
opponents:
- id: eden
  name: Eden (my copy)
  difficulty: beginner
  base: 77
  chart:
    1: {essentials: 1, service: 1, estate: 1, prestige: 1, sporting: 1}
    2: {essentials: 2, service: 2, estate: 2, prestige: 3, sporting: 2}
    3: {essentials: 3, service: 3, estate: 3, prestige: 3, sporting: 3}
    4: {essentials: 4, service: 4, estate: 4, prestige: 4, sporting: 4}
  source: my own card
""", encoding="utf-8")
    catalog = overlay(load_catalog(), path)
    assert catalog.opponents["eden"].base == 77 and not catalog.opponents["eden"].standin
    assert len(catalog.opponents) == len(load_catalog().opponents)
    game = new_classic_game(1, "eden", expansion=False, cards=path)
    assert game.view()["solo"]["opponent"]["standin"] is False
    assert game.view()["solo"]["opponent"]["base"] == 77


def test_solo_classic_cards_overlay_lists_every_problem_with_its_path(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("""
opponents:
- id: eden
  name: Eden
  difficulty: easy
  base: 70
  chart: {1: {essentials: 1}}
  source: mine
ai_cards:
- id: ai-card
  name: mine
  standard: [{low: 1, high: 14, target: 1}]
  monument: [{low: 1, high: 15, target: 7}]
  source: mine
players: []
""", encoding="utf-8")
    with pytest.raises(CardsError) as caught:
        overlay(load_catalog(), path)
    problems = caught.value.problems
    assert any(p.startswith("opponents[0].difficulty") for p in problems)
    assert any(p.startswith("opponents[0]") and "seasons 1 to 4" in p for p in problems)
    assert any(p.startswith("ai_cards[0]") for p in problems)
    assert any(p.startswith("players: unknown section") for p in problems)


# ----------------------------------------------------------------- whole games


GAMES = [(seed, strategy, expansion, monuments)
         for seed, strategy, expansion, monuments in (
             (1, "random", True, False), (2, "random", False, False), (3, "greedy", True, True),
             (4, "greedy", False, False), (5, "random", False, True), (6, "greedy", True, False))]


@pytest.mark.parametrize(("seed", "strategy", "expansion", "monuments"), GAMES)
def test_solo_classic_seeded_complete_game_keeps_the_invariants(seed, strategy, expansion,
                                                                 monuments) -> None:
    opponent = ["eden", "standin-intermediate-2", "standin-expert-3"][seed % 3]
    game = new_classic_game(seed, opponent, expansion=expansion, monuments=monuments)
    watch = Watch(game)
    round_trip(game)
    play_out(game, make_player(strategy, seed), after_each=watch.check)
    round_trip(game)
    state, classic = game.state, game.state.classic_solo
    assert state.finished and game.legal_actions() == []
    assert [c.season for c in classic.courtships] == [1, 2, 3, 4]
    assert len(classic.rolls) == 12  # one roll after each of the twelve activity rounds
    assert [r.round for r in classic.rolls] == [r for r in range(1, 17) if r % 4]
    result = game.result()
    assert result.winner == ("player" if result.score >= result.opponent.total else "opponent")
    frame = game.courtship_results()
    assert list(frame.index) == [1, 2, 3, 4] and set(frame["outcome"]) <= {"win", "loss", "tie"}


def test_solo_classic_public_api_plays_a_finished_game() -> None:
    import obsession_nb

    game = obsession_nb.classic_solo(seed=7, opponent="eden")
    assert game.state.finished
    assert list(game.courtship_results().columns) == ["themes", "player", "opponent", "outcome"]
    again = classic_solo(seed=7, opponent="eden")
    assert again.to_json() == game.to_json()


# ----------------------------------------------------------------- the command line


def test_solo_classic_cli_json_has_courtships_both_scores_and_the_winner(capsys) -> None:
    import json

    from obsession_nb.cli import main

    assert main(["solo", "--classic", "--opponent", "standin-expert-1", "--seed", "4",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "classic-solo" and data["seed"] == 4 and data["finished"]
    assert data["opponent_card"]["id"] == "standin-expert-1" and data["opponent_card"]["standin"]
    assert [c["season"] for c in data["courtships"]] == [1, 2, 3, 4]
    assert all(c["outcome"] in ("win", "loss", "tie") for c in data["courtships"])
    assert data["player_score"] == sum(data["categories"].values())
    rival = data["opponent"]
    assert data["opponent_score"] == (rival["base"] + rival["vp_cards"] + rival["fairchild"]
                                      + rival["monuments"])
    assert data["winner"] == ("player" if data["player_score"] >= data["opponent_score"]
                              else "opponent")
    assert len(data["rolls"]) == 12


def test_solo_classic_cli_reports_bad_cards_with_paths(tmp_path, capsys) -> None:
    from obsession_nb.cli import main

    path = tmp_path / "cards.yaml"
    path.write_text("opponents:\n- id: x\n  name: X\n  difficulty: beginner\n  base: one\n"
                    "  chart: {}\n  source: mine\n", encoding="utf-8")
    assert main(["solo", "--classic", "--cards", str(path), "--opponent", "x"]) == 2
    err = capsys.readouterr().err
    assert "opponents[0].base" in err and "opponents[0].chart" in err
    assert main(["solo", "--classic", "--opponent", "nobody"]) == 2
    assert "not an opponent card" in capsys.readouterr().err


def test_solo_sec_target_variant_opponent_base_score() -> None:
    from obsession_nb.modes.solo.game import new_solo_game, play_solo, solo_result

    run = play_solo(2, opponent="standin-intermediate-1", logged=False)
    card = load_catalog().opponents["standin-intermediate-1"]
    assert run.result.target == card.base
    assert any(r.rule == "solo.sec.target-variants" and card.name in r.verdict
               for r in solo_result(run.game).rulings)
    expert = play_solo(2, opponent="standin-intermediate-1", expert=True, logged=False)
    assert expert.result.target == card.base + expert.result.monument_vp
    game = new_solo_game(1, opponent="eden", family="ponsonby", servant="valet")
    assert game.state.options.solo_target == "opponent"
    assert "solo.sec.target-variants" in rules_of(game)
    with pytest.raises(ValueError, match="not an opponent card"):
        new_solo_game(1, opponent="nobody")


def test_solo_classic_scenario_file_round_trips_and_bad_records_are_listed_by_path() -> None:
    from obsession_nb import ScenarioError, load_scenario_text

    game = base_game()
    end_turn_by_passing(game, 20)
    text = game.to_scenario()
    again = load_scenario_text(text)
    assert again.state == game.state
    bad = text.replace("opponent: eden", "opponent: nobody").replace(
        "solo_target: opponent", "solo_target: printed")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(bad)
    problems = caught.value.problems
    assert any(p.startswith("classic_solo.opponent: 'nobody'") for p in problems)
    assert any(p.startswith("options.solo_target") for p in problems)


def test_solo_classic_extended_game_rolls_after_each_of_sixteen_activity_rounds() -> None:
    game = new_classic_game(1, "eden", extended=True, market_reserve=False)
    watch = Watch(game)
    play_out(game, make_player("greedy", 1), after_each=watch.check)
    classic = game.state.classic_solo
    assert [r.round for r in classic.rolls] == [r for r in range(1, 21) if r % 5]
    assert [c.season for c in classic.courtships] == [1, 2, 3, 4]
