"""Seeded random complete Competitive Team Play games (4 and 6 players, standard and extended),
played through ``legal_actions()`` only, with the invariants checked after every action and the
team scores recomputed here from the individual sheets (team.scoring-*)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from game_invariants import Watch, round_trip

from obsession_nb.cli import main
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.team.scoring import team_sheet
from obsession_nb.players.random_player import RandomPlayer


def play_checked(game: Game, seed: int) -> Counter[str]:
    """Play to the end; after every action the invariants, and the decision owner's answers."""
    player = RandomPlayer(seed)
    watch = Watch(game)
    played: Counter[str] = Counter()
    round_trip(game)
    while not game.state.finished:
        action = player.choose(game)
        game.apply(action)
        played[action.verb] += 1
        watch.check(game)
        team = game.state.team
        if team is not None and team.request is not None:  # the teammate decides
            owner = game.pending()["owner"]
            assert owner != game.state.turn.player and owner == team.request.owner
            assert {x.verb for x in game.legal_actions()} <= {"accept", "decline",
                                                                 "team-borrow", "team-help"}
        assert sum(played.values()) < 12_000
    round_trip(game)
    return played


def recomputed(game: Game) -> list[dict[str, int]]:
    """Each team's categories worked out from the individual sheets, independently."""
    sheets = score(game).players
    state = game.state
    out = []
    for seats in state.options.teams or []:
        a_, b_ = (sheets[s] for s in seats)
        lower = min((a_, b_), key=lambda p: state.players[p.seat].reputation)
        best = sorted((r.vp for p in (a_, b_) for r in p.objectives if r.met), reverse=True)
        out.append({c: (lower.categories[c] if c == "reputation" else
                        sum(best[:3]) if c == "objectives" else
                        (a_.categories[c] + b_.categories[c]) // 2) for c in a_.categories})
    return out


GAMES = [(4, "standard", 21), (4, "extended", 22), (6, "standard", 23), (6, "extended", 24)]


@pytest.mark.parametrize(("players", "length", "seed"), GAMES)
def test_random_complete_team_game_keeps_the_invariants(players, length, seed, monkeypatch) -> None:
    monkeypatch.setattr(engine, "PURE_VERIFY_CHECK", True)
    half = players // 2
    teams = [[s, s + half] for s in range(half)]
    game = new_game(players, seed=seed, options=Options(mode="team", length=length, teams=teams))
    played = play_checked(game, seed)
    state = game.state
    assert state.finished and state.turn is None and game.legal_actions() == []
    assert state.team is not None and state.team.loans == [] and state.team.request is None
    assert played["ask-gift"] + played["ask-servant"] > 0 and played["team-guest"] > 0
    assert played["accept"] > 0 and played["decline"] > 0 and played["team-borrow"] > 0
    sheet = team_sheet(game)
    expected = recomputed(game)
    assert [t.categories for t in sheet.teams] == expected
    assert [t.total for t in sheet.teams] == [sum(c.values()) for c in expected]
    best = max(t.total for t in sheet.teams)
    assert all(sheet.teams[i].total == best for i in sheet.winners)
    assert set(score(game).winners) == {s for i in sheet.winners for s in teams[i]}
    for t in sheet.teams:  # the team's reputation is the lower partner's
        assert t.reputation == min(state.players[s].reputation for s in t.seats)
        assert 0 <= t.reputation <= game.table.wheel.top


def test_cli_simulate_teams_json_has_each_teams_averaged_categories_and_total(capsys) -> None:
    assert main(["simulate", "--players", "6", "--teams", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"]["mode"] == "team" and len(out["teams"]) == 3
    assert [t["seats"] for t in out["teams"]] == [[0, 3], [1, 4], [2, 5]]
    for team in out["teams"]:
        sheets = [out["scores"][s]["categories"] for s in team["seats"]]
        for category in ("tiles", "gentry", "servants", "wealth", "vp_cards"):
            assert team["categories"][category] == sum(c[category] for c in sheets) // 2
        assert team["categories"]["reputation"] == min(c["reputation"] for c in sheets)
        assert team["total"] == sum(team["categories"].values())
    winners = [t for t in out["teams"] if t["winner"]]
    assert sorted(out["winners"]) == sorted(n for t in winners for n in t["names"])


def test_cli_simulate_teams_refuses_five_players(capsys) -> None:
    assert main(["simulate", "--players", "5", "--teams", "--seed", "3"]) == 2
    assert "team.format" in capsys.readouterr().err
