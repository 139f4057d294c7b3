"""The 1st printing's rules beside the expansion's (UD p.5 Rule Changes): objectives chosen at
setup (ud.objectives-during-play) and the Servants' Hall's automatic steal (ud.servants-hall).
Each test is named after the rule it checks."""

from __future__ import annotations

import pytest
from game_invariants import Watch
from positions import game, refuse, rules_of, table

from obsession_nb.cli import main
from obsession_nb.engine.game import new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.players.random_player import RandomPlayer

HALL = {"organiser": [{"tile": "private-study"}, {"tile": "servants-hall"}]}


# ----------------------------------------------------------------- objectives


def test_objectives_during_play_are_dealt_five_and_all_kept() -> None:
    g = new_game(3, seed=2, options=Options(expansion=False))
    assert g.pending()["step"] == "begin"
    assert [len(p.objectives) for p in g.state.players] == [5, 5, 5]


def test_objectives_choose_at_setup_dealt_five_keep_two() -> None:
    g = new_game(3, seed=2, options=Options(expansion=False, objectives="choose-at-setup"))
    deck = len(g.state.supply.objective_deck)
    first = g.state.first_player
    order = [(first + k) % 3 for k in range(3)]
    for seat in order:
        assert g.pending()["step"] == "choose-objectives" and g.state.turn.player == seat
        dealt = list(g.state.players[seat].objectives)
        assert len(dealt) == 5
        g.apply(f"choose-objective {dealt[3]}")
        g.apply(f"choose-objective {dealt[0]}")
        assert g.state.players[seat].objectives == [dealt[3], dealt[0]]
    assert g.pending()["step"] == "begin" and g.state.turn.player == first
    assert len(g.state.supply.objective_deck) == deck + 9  # three each under the deck
    assert "ud.objectives-during-play" in rules_of(g)


def test_objectives_choose_at_setup_after_the_servant_draft() -> None:
    g = new_game(2, seed=4, options=Options(objectives="choose-at-setup"))
    while g.pending()["step"] == "draft":
        g.apply(g.legal_actions()[0])
    assert g.pending()["step"] == "choose-objectives"
    assert all(len(p.objectives) == 5 for p in g.state.players)


def test_objectives_choose_at_setup_refuses_a_card_not_dealt() -> None:
    g = new_game(2, seed=2, options=Options(expansion=False, objectives="choose-at-setup"))
    me = g.state.turn.player
    other = g.state.players[1 - me].objectives[0]
    refuse(g, f"choose-objective {other}", "ud.objectives-during-play")


def test_objectives_choose_at_setup_offers_only_the_dealt_cards() -> None:
    g = new_game(2, seed=2, options=Options(expansion=False, objectives="choose-at-setup"))
    mine = g.state.players[g.state.turn.player].objectives
    assert [x.notation for x in g.legal_actions()] == [f"choose-objective {c}" for c in mine]


def test_objectives_choose_at_setup_draw_event_keeps_one_of_two() -> None:
    """The older printing's draw (the JA summary): two drawn, one kept, in step 2."""
    data = table(round=7, me={"objectives": ["standin-objective-room-1",
                                             "standin-objective-room-2"]})
    data["options"]["objectives"] = "choose-at-setup"
    data["supply"]["objective_deck"] = ["standin-objective-group-1", "standin-objective-servant-1",
                                        "standin-objective-room-4"]
    g = game(data, "activity")  # round 7 of the standard track holds an objective draw
    assert g.pending()["step"] == "choose-objectives"
    assert [x.notation for x in g.legal_actions()] == [
        "choose-objective standin-objective-group-1", "choose-objective standin-objective-servant-1"]
    refuse(g, "choose-objective standin-objective-room-4", "ud.objectives-during-play")
    g.apply("choose-objective standin-objective-servant-1")
    me = g.state.players[0]
    assert me.objectives == ["standin-objective-room-1", "standin-objective-room-2",
                             "standin-objective-servant-1"]
    assert g.state.supply.objective_deck == ["standin-objective-room-4",
                                             "standin-objective-group-1"]
    assert g.pending()["step"] in ("step2", "host")


def test_objectives_choose_at_setup_discards_none_after_a_courtship() -> None:
    g = new_game(2, seed=13, options=Options(expansion=False, objectives="choose-at-setup"))
    player = RandomPlayer(13)
    while not g.state.finished:
        g.apply(player.choose(g))
    assert [p.objectives_discarded for p in g.state.players] == [0, 0]
    assert [len(p.objectives) for p in g.state.players] == [3, 3]  # two kept, one per draw
    assert "discard-objective" not in {e.action.split()[0] for e in g.log}


def test_option_milestones_instead_of_objectives_takes_every_objective_card_out() -> None:
    """UD p.15: the milestones as the alternative to private objectives (objectives=milestones)."""
    g = new_game(3, seed=4, options=Options(objectives="milestones"))
    assert g.state.options.milestones == "random"
    assert g.state.milestones is not None and len(g.state.milestones.cards) == 2
    assert [p.objectives for p in g.state.players] == [[], [], []]
    assert g.state.supply.objective_deck == []
    watch = Watch(g)
    player = RandomPlayer(4)
    while not g.state.finished:
        g.apply(player.choose(g))
        watch.check(g)
    assert [p.objectives for p in g.state.players] == [[], [], []]
    assert [p.objectives_discarded for p in g.state.players] == [0, 0, 0]
    assert "discard-objective" not in {e.action.split()[0] for e in g.log}
    assert "option.milestones" in rules_of(g)
    assert "setup.objectives" not in rules_of(g)


def test_option_milestones_instead_of_objectives_draw_event_finds_none() -> None:
    data = table(round=7)
    data["options"]["objectives"] = "milestones"
    data["options"]["milestones"] = "random"
    data["supply"]["objective_deck"] = []
    g = game(data, "activity")  # round 7 of the standard track holds an objective draw
    assert g.state.players[0].objectives == []
    assert "event.objective-draw" in rules_of(g)


def test_option_milestones_instead_of_objectives_from_the_command_line(capsys) -> None:
    assert main(["simulate", "--players", "2", "--seed", "5", "--option",
                 "objectives=milestones", "--json"]) == 0
    assert '"objectives"' in capsys.readouterr().out


# ----------------------------------------------------------------- the Servants' Hall


def automatic(me: dict = HALL) -> dict:
    data = table(me=me)
    data["options"]["servants_hall"] = "automatic"
    return data


def test_servants_hall_automatic_steals_without_a_servant() -> None:
    g = game(automatic(), "activity")
    available = list(g.state.players[0].servants.available)
    assert [x.notation for x in g.legal_actions() if x.verb == "rumour"] == ["rumour p2"]
    g.apply("rumour p2")
    me, bob = g.view()["players"]
    assert me["reputation"] == {"level": 2, "position": 2}
    assert bob["reputation"] == {"level": 1, "position": 5}
    assert g.state.players[0].servants.available == available  # no servant placed
    assert g.pending()["step"] == "host"


def test_servants_hall_automatic_is_not_skipped() -> None:
    g = game(automatic(), "activity")
    refuse(g, "done", "ud.servants-hall")
    refuse(g, "pass", "ud.servants-hall")


def test_servants_hall_automatic_takes_no_servant() -> None:
    refuse(game(automatic(), "activity"), "hall valet p2", "ud.servants-hall")


@pytest.mark.rule("ud.servants-hall.changes")
def test_servants_hall_place_servant_refuses_the_automatic_steal() -> None:
    g = game(table(me=HALL), "activity")
    refuse(g, "rumour p2", "ud.servants-hall")
    assert "hall valet p2" in [x.notation for x in g.legal_actions()]
    g.apply("done")  # the expansion's Hall is optional
    assert g.pending()["step"] == "host"


def test_servants_hall_automatic_needs_the_tile() -> None:
    g = game(automatic(me={"organiser": [{"tile": "private-study"}]}), "activity")
    assert not any(x.verb == "rumour" for x in g.legal_actions())
