"""A special action may not leave a hosted activity impossible to finish
(ruling.special-action-keeps-the-activity): the stall the scenario fuzz found (seed 20261465)."""

from __future__ import annotations

from pathlib import Path

from obsession_nb import load_scenario
from obsession_nb.players.random_player import RandomPlayer

POSITION = Path(__file__).parents[1] / "fixtures" / "stranded-activity.yaml"


def test_special_action_keeps_the_activity_refuses_the_help_that_strands_the_party():
    game = load_scenario(POSITION)
    before = game.to_json()
    refusal = game.check("help ladys_maid")
    assert not refusal.legal
    assert [r.rule for r in refusal.rulings] == ["ruling.special-action-keeps-the-activity"]
    assert "Gazebo" in str(refusal) and "Facts §4.3" in str(refusal)
    assert game.to_json() == before
    legal = [a.notation for a in game.legal_actions()]
    assert "help ladys_maid" not in legal and "help butler" not in legal
    assert "borrow" in legal  # borrowing keeps the party affordable: £100 for 2 reputation


def test_special_action_keeps_the_activity_in_service_too():
    game = load_scenario(POSITION)
    game.apply("invite standin-casual-02")
    game.apply("invite standin-casual-03")
    # Both paupers invited; they are still to be served and paid from £0 and 8 reputation.
    assert game.state.turn.step == "service"
    refusal = game.check("refresh-market")
    assert [r.rule for r in refusal.rulings] == ["ruling.special-action-keeps-the-activity"]


def test_special_action_keeps_the_activity_halfway_through_service():
    """Icons already filled are not asked for again: with two of the three served, what is
    left is one footman and the paupers' £ from £0 and 8 reputation, which a refresh (4) or
    help (3) would leave unpayable (it was allowed once some icons were filled)."""
    game = load_scenario(POSITION)
    for action in ("invite standin-casual-02", "invite standin-casual-03",
                   "serve tile housekeeper", "serve standin-casual-02 ladys_maid"):
        game.apply(action)
    before = game.to_json()
    for spoiler in ("refresh-market", "help valet", "help butler"):
        refusal = game.check(spoiler)
        assert [r.rule for r in refusal.rulings] == ["ruling.special-action-keeps-the-activity"]
    assert game.to_json() == before
    assert [a.notation for a in game.legal_actions()] == ["serve standin-casual-03 footman",
                                                          "borrow"]


def test_the_stranded_position_now_plays_to_the_end():
    game = load_scenario(POSITION)
    player = RandomPlayer(20261465)
    while not game.state.finished:
        action = player.choose(game)
        assert action is not None, f"no legal action at {game.pending()['prompt']}"
        game.apply(action)
