"""The explorer (obsession_nb/engine/explore/explorer.py): on the packaged worked examples it lists the
rulebook's line with the rulebook's totals; every row replays, with the engine's full checks, to
the figures it shows; merged rows really end in the same position; blind draws are counted, not
named; and the CLI's JSON contract."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import obsession_nb
from obsession_nb.cli import main
from obsession_nb.engine.explore.explorer import COLUMNS
from obsession_nb.engine.explore.keys import end_position_key
from obsession_nb.engine.game import Game, load_position


@pytest.fixture(scope="module")
def refresher() -> pd.DataFrame:
    return load_position("refresher-round-6").explore(purchases=True)


@pytest.fixture(scope="module")
def music_room() -> pd.DataFrame:
    return load_position("howard-supplemental-service").explore(host="music-room")


def replay(name: str, actions: list[str], placed: list[str] | None = None) -> Game:
    """Play the line with the engine's full checks; ``placed`` collects the servants placed
    during the turn (the placements as they stand before the turn ends)."""
    game = load_position(name)
    seat, turns = game.state.turn.player, game.state.players[game.state.turn.player].turns_taken
    for action in actions:
        game.apply(action)  # verified in full, as a player's action is
        if placed is not None and game.state.players[seat].turns_taken == turns:
            placed[:] = [p.servant for p in game.state.turn.placements]
    return game


def check_row(name: str, row: pd.Series) -> None:
    start = load_position(name)
    seat = start.state.turn.player
    before = start.state.players[seat]
    placed: list[str] = []
    game = replay(name, row["actions"], placed)
    after = game.state.players[seat]
    assert ", ".join(sorted(placed)) == row["servants"]
    assert after.turns_taken == before.turns_taken + 1, "the line finishes the turn"
    assert after.money - before.money == row["money"]
    assert after.reputation - before.reputation == row["reputation"]
    assert (game.table.wheel.level(after.reputation),
            game.table.wheel.position(after.reputation)) == (row["level"], row["position"])
    gained = len(after.hand) + len(after.discard) - len(before.hand) - len(before.discard)
    assert gained == row["guests"]
    bought = [t.tile for t in after.organiser if before.owned(t.tile) is None]
    assert ", ".join(bought) == row["bought"]


def test_explore_refresher_lists_the_worked_turn_100_pounds_level_3_position_2(
    refresher: pd.DataFrame,
) -> None:
    """Refresher §A turn, played out: after the purchase £100 and level 3 position 2."""
    steps = {"host standin-estate-pr2", "invite standin-casual-gentleman-200",
             "invite standin-pauper-gentleman", "buy standin-estate-minus100"}
    worked = refresher[refresher["actions"].map(lambda line: steps <= set(line))]
    assert not worked.empty
    assert {(r.money_after, r.level, r.position) for r in worked.itertuples()} == {(100, 3, 2)}


def test_explore_howard_music_room_lists_700_pounds_8_reputation_two_see_2_keep_1(
    music_room: pd.DataFrame,
) -> None:
    """UD p.6 (ud.supplemental-service): the four new servants in the Music Room give £700,
    eight reputation and two see-2-keep-1 invitations, with no blind draw."""
    rulebook = music_room[(music_room["money"] == 700) & (music_room["reputation"] == 8)
                          & (music_room["invitations"] == 2) & (music_room["draws"] == 0)]
    assert not rulebook.empty
    servants = set(rulebook.iloc[0]["servants"].split(", "))
    assert {"cook", "hall_boy", "head_housemaid", "useful_man"} <= servants
    assert "lady screen" in rulebook.iloc[0]["actions"]


def test_explore_every_refresher_row_replays_to_its_figures(refresher: pd.DataFrame) -> None:
    assert len(refresher) > 100
    for _, row in refresher.iterrows():
        check_row("refresher-round-6", row)


def test_explore_every_music_room_row_replays_to_its_figures(music_room: pd.DataFrame) -> None:
    assert len(music_room) > 100
    for _, row in music_room.iterrows():
        check_row("howard-supplemental-service", row)


def test_explore_merged_rows_end_in_the_same_position(music_room: pd.DataFrame,
                                                     refresher: pd.DataFrame) -> None:
    merged = 0
    for name, frame in (("howard-supplemental-service", music_room),
                        ("refresher-round-6", refresher)):
        for _, row in frame[frame["merged"] > 1].iterrows():
            end = end_position_key(replay(name, row["actions"]).state)
            for other in row["alternatives"]:
                assert end_position_key(replay(name, other).state) == end
                merged += 1
    assert merged > 0, "some lines were interchangeable"


def test_explore_rows_are_distinct_end_positions(refresher: pd.DataFrame) -> None:
    ends = [end_position_key(replay("refresher-round-6", line).state)
            for line in refresher["actions"]]
    assert len(set(ends)) == len(ends)


def test_explore_leaves_the_game_unchanged() -> None:
    game = load_position("refresher-round-6")
    before = game.to_json()
    obsession_nb.engine.explore.explorer.explore(game, top=2)
    assert game.to_json() == before and not game.log


def test_explore_blind_draws_are_counted_never_peeked(music_room: pd.DataFrame) -> None:
    """favours.invite: a blind draw shows as a count; a screened invitation keeps the first
    card shown (no choice among hidden cards) unless peeking."""
    assert (music_room["draws"] > 0).any()
    deck = set(load_position("howard-supplemental-service").state.supply.prestige_deck)
    for column in COLUMNS:
        if music_room[column].dtype == object and column not in ("actions", "alternatives"):
            assert not music_room[column].map(lambda v: any(c in str(v) for c in deck)).any()
    keeps = {a for line in music_room["actions"] for a in line if a.startswith("keep ")}
    assert "keep marchioness-of-easton" not in keeps  # second card of the prestige deck


def test_explore_options_sort_top_uses_and_query(refresher: pd.DataFrame) -> None:
    game = load_position("refresher-round-6")
    top = game.explore(sort="reputation", top=3, purchases=True)
    assert len(top) == 3
    assert list(top["reputation"]) == sorted(refresher["reputation"], reverse=True)[:3]
    with_underbutler = game.explore(uses="underbutler")
    assert len(with_underbutler)
    assert all("underbutler" in s.split(", ") for s in with_underbutler["servants"])
    rich = game.explore(query="money >= 400")
    assert len(rich) and (rich["money"] >= 400).all()
    with pytest.raises(ValueError, match="cannot sort"):
        game.explore(sort="nonsense")


def test_explore_without_purchases_lists_what_is_affordable() -> None:
    frame = load_position("refresher-round-6").explore()
    assert (frame["bought"] == "").all()
    assert frame["affordable"].str.contains("standin-estate-minus100").any()


def test_explore_pass_options_are_lines() -> None:
    frame = load_position("refresher-round-6").explore()
    passes = frame[frame["actions"].map(lambda line: line[0] == "pass")]
    assert {line[1] for line in passes["actions"]} >= {"rents", "free-refresh"}


def test_cli_explore_json_rows_have_actions_money_reputation(capsys) -> None:
    assert main(["explore", "refresher-round-6", "--top", "5", "--sort", "score", "--purchases",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 5
    assert all({"actions", "money", "reputation"} <= set(r) for r in rows)
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)


def test_cli_explore_refuses_an_unknown_column(capsys) -> None:
    assert main(["explore", "refresher-round-6", "--sort", "nonsense"]) == 2
    assert "cannot sort" in capsys.readouterr().err


def test_cli_explore_over_the_limit_says_how_to_narrow_it(capsys, monkeypatch) -> None:
    import obsession_nb.engine.explore.explorer as module

    monkeypatch.setattr(module, "LIMIT", 5)
    assert main(["explore", "refresher-round-6"]) == 2
    err = capsys.readouterr().err
    assert "more than 5 positions" in err and "--host TILE" in err


def test_explorer_widget_loads_a_row_into_the_stepper_and_compares_two() -> None:
    from obsession_nb.tutor.views.explorer import SHOWN, Explorer

    view = Explorer(load_position("refresher-round-6"))
    assert len(view.table.rows) == len(view.frame)
    view.table.selected = 2  # what a click on the third row does
    assert view.stepper.script == view.line(2)
    view.stepper.play_script()
    assert view.stepper.applied == view.line(2)
    assert view.stepper.game.state.players[0].money - 300 == view.frame.iloc[2]["money"]
    view.table.compare = [0, 1]
    result = view.table.comparison
    assert result["differences"] or result["only_a"] or result["only_b"]
    assert {d["key"] for d in result["differences"]} <= {k for k, _ in SHOWN}
    assert all(r not in result["rulings_b"] for r in result["rulings_a"])


def test_explorer_comparison_never_names_a_drawn_card() -> None:
    """favours.invite: the drawn card is hidden until drawn, so a comparison does not name it."""
    from obsession_nb.tutor.views.explorer import Explorer

    game = load_position("howard-supplemental-service")
    music = game.explore(host="music-room")
    blind = music.index[music["draws"] > 0][0]
    plain = music.index[music["draws"] == 0][0]
    view = Explorer(game, frame=music)
    result = view.compare(int(blind), int(plain))
    deck = set(game.state.supply.casual_deck) | set(game.state.supply.prestige_deck)
    names = {game.table.card_name(c) for c in deck}
    text = " ".join(r["verdict"] for r in result["rulings_a"] + result["rulings_b"])
    assert "favours.invite" in {r["rule"] for r in result["rulings_a"]}
    assert not any(name in text for name in names)


def _every_end(game: Game, host: str | None = None) -> set[str]:
    """The distinct end positions of a plain search over every legal action of the turn: no
    shortcut of the explorer's (orders, the useful man's tile, placements after service), only
    its stated limits (no special actions, the first screened card, no purchase, ``host``)."""
    from obsession_nb.engine.explore.choices import SPECIAL
    from obsession_nb.engine.records import actions as a
    from obsession_nb.engine.turn import dispatch as engine

    table = game.table
    seat = table.turn.player
    turns = table.me.turns_taken
    ends: set[str] = set()
    seen: set[str] = set()
    stack = [game.to_json()]
    while stack:
        position = stack.pop()
        here = obsession_nb.load_json(position, custom=list(table.custom.values())).table
        turn = here.turn
        screen = turn.choices[0] if turn.step == "favours" and turn.choices else None
        for action in engine.legal_actions(here):
            if isinstance(action, (*SPECIAL, a.Buy)) or (
                    isinstance(action, a.Keep) and screen is not None
                    and action.card != screen.cards[0]) or (
                    host is not None and (isinstance(action, a.Pass) or (
                        isinstance(action, a.Host) and action.tile != host))):
                continue
            child = obsession_nb.load_json(position, custom=list(table.custom.values())).table
            engine.perform(child, action)
            state = child.state
            if state.turn is not None and state.turn.step == "buy" and state.turn.player == seat:
                engine.perform(child, a.Done())
            if state.turn is None or state.players[seat].turns_taken > turns:
                ends.add(end_position_key(child.state))
            elif (key := child.state.model_dump_json()) not in seen:
                seen.add(key)
                stack.append(key)
    return ends


def _position(name: str) -> Game:
    """A packaged position, or ``mid-game-S``: seeded random 4-player game S at round 6."""
    from obsession_nb.players.random_player import RandomPlayer, play_to_round

    if name.startswith("mid-game-"):
        seed = int(name.removeprefix("mid-game-"))
        return play_to_round(obsession_nb.new_game(4, seed=seed), 6, RandomPlayer(seed))
    return load_position(name)


@pytest.mark.parametrize("name,host", [("refresher-round-6", None),
                                       ("howard-supplemental-service", "front-parlour"),
                                       ("mid-game-0", None), ("mid-game-2", None)])
def test_explore_finds_every_end_a_plain_search_finds(name: str, host: str | None) -> None:
    """Howard's Front Parlour: all four new servants, and guests whose invitations and
    dismissals resolve in the order they were invited (a shortcut once lost 20 of 400 ends);
    mid-game 0: a lady of the house with an invitation and summed guests in either order;
    mid-game 2: two servants hired in either order, passing after choosing the activity."""
    from obsession_nb.engine.explore.explorer import lines

    game = _position(name)
    found = {end_position_key(line.state) for line in lines(game, host=host)}
    assert found == _every_end(game, host)


def test_explore_leaves_team_requests_out_like_other_special_actions() -> None:
    """Asking a teammate for a gift or a servant can be done at any moment of one's turn, like
    borrowing: the explorer leaves it out (play it in the stepper first), or it would double
    every line."""
    from obsession_nb.engine.explore.explorer import lines
    from obsession_nb.engine.records.options import Options
    from obsession_nb.players.random_player import RandomPlayer, play_to_round

    game = play_to_round(obsession_nb.new_game(4, seed=0, options=Options(mode="team")), 5,
                         RandomPlayer(0))
    player = RandomPlayer(5)
    while game.state.turn.step != "buy":
        game.apply(player.choose(game))
    assert any(a.verb == "ask-gift" for a in game.legal_actions())
    found = [line.actions for line in lines(game)]
    assert found == [["done"]]


def _invited(line: list[str]) -> frozenset[str]:
    return frozenset(x.split()[1] for x in line if x.startswith("invite "))


@pytest.mark.parametrize("name", ["mid-game-0", "howard-supplemental-service"])
def test_explore_one_party_finds_that_partys_ends_of_the_whole_search(name: str) -> None:
    """``party`` (with ``host``) and ``passing`` narrow the search without losing an end: a
    party's lines end where the whole search's lines of that tile and party end, and so do the
    passes; the tables built from several narrow searches merge their lines by end position."""
    from obsession_nb.engine.explore.explorer import line_table, lines

    game = _position(name)
    whole = lines(game)
    hosted = {(x[1].split()[1], _invited(x)) for x in (ln.actions for ln in whole)
              if len(x) > 1 and x[1].startswith("host ")}
    tile, party = max(hosted, key=lambda h: (len(h[1]), sorted(h[1])))
    assert party, "a tile with guests to invite"
    mine = lines(game, host=tile, party=party)
    assert mine and all(_invited(ln.actions) == party for ln in mine)
    assert {end_position_key(ln.state) for ln in mine} == {
        end_position_key(ln.state) for ln in whole
        if f"host {tile}" in ln.actions and _invited(ln.actions) == party}
    passes = lines(game, passing=True)
    assert passes and all(ln.actions[0] == "pass" for ln in passes)
    assert {end_position_key(ln.state) for ln in passes} == {
        end_position_key(ln.state) for ln in whole if ln.actions[0] == "pass"}
    table = line_table(game, mine + passes + lines(game, passing=True))
    assert len(table) == len({end_position_key(ln.state) for ln in mine + passes})


def test_explore_stops_at_its_own_limit() -> None:
    from obsession_nb.engine.explore.explorer import ExploreLimit

    game = load_position("refresher-round-6")
    with pytest.raises(ExploreLimit, match="more than 10 positions"):
        game.explore(limit=10)
    assert len(game.explore(limit=10_000)) == len(game.explore())
