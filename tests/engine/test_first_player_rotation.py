"""The first-player pawn and turn order (rules ud.first-player-counterclockwise, turn.round):
the UD p.5 five-player figure, reproduced from whole games under both rotation options."""

from __future__ import annotations

import pytest

from obsession_nb import Game, load_scenario
from obsession_nb.engine.records import actions as a
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import TurnOrderRecorder, run

SCENARIO = "first-player-rotation-5p"

# UD p.5: each player's turn position in seasons 1-4 (the figure's large numbers, and in
# parentheses the 1st printing's).  Seats clockwise from the purple first player.
NEW_RULE = {"Purple": [1, 2, 3, 4], "Second": [2, 3, 4, 5], "Third": [3, 4, 5, 1],
            "Fourth": [4, 5, 1, 2], "Fifth": [5, 1, 2, 3]}
OLD_RULE = {"Purple": [1, 5, 4, 3], "Second": [2, 1, 5, 4], "Third": [3, 2, 1, 5],
            "Fourth": [4, 3, 2, 1], "Fifth": [5, 4, 3, 2]}


class Passer(RandomPlayer):
    """Passes every turn for rents and buys nothing; the first legal choice elsewhere."""

    PREFERRED = (a.Pass, a.Rents, a.KeepVPCards)

    def choose(self, game: Game) -> a.Action | None:
        legal = game.legal_actions()
        for kind in self.PREFERRED:
            for action in legal:
                if isinstance(action, kind):
                    return action
        step = game.pending()["step"]
        if step in ("step2", "buy"):
            return a.Done()
        return legal[0] if legal else None


def positions(rotation: str, player: RandomPlayer) -> dict[str, list[int]]:
    game = load_scenario(SCENARIO)
    game.state.options.first_player_rotation = rotation  # type: ignore[assignment]
    _played, recorder = run(game, player)
    assert game.state.finished
    names = [p.name for p in game.state.players]
    by_season = recorder.by_season(game)
    assert len(by_season) == 4
    return {name: [order.index(seat) + 1 for order in by_season]
            for seat, name in enumerate(names)}


def test_ud_p5_table_counterclockwise_rule() -> None:
    assert positions("counterclockwise", Passer()) == NEW_RULE


def test_ud_p5_table_old_clockwise_rule() -> None:
    assert positions("clockwise", Passer()) == OLD_RULE


@pytest.mark.parametrize(("rotation", "table"), [("counterclockwise", NEW_RULE),
                                                 ("clockwise", OLD_RULE)])
def test_ud_p5_table_holds_in_a_random_game(rotation: str, table: dict[str, list[int]]) -> None:
    assert positions(rotation, RandomPlayer(11)) == table


def test_counterclockwise_rule_second_seat_never_goes_first() -> None:
    first_in_a_season = {name for name, pos in NEW_RULE.items() if 1 in pos}
    assert first_in_a_season == {"Purple", "Third", "Fourth", "Fifth"}


def test_first_player_pawn_is_not_passed_after_the_final_courtship() -> None:
    game = load_scenario(SCENARIO)
    run(game, Passer())
    # three passes to the right: Purple (0) -> Fifth (4) -> Fourth (3) -> Third (2)
    assert game.state.first_player == 2
    passes = [e for e in game.log if any(
        r["rule"] == "ud.first-player-counterclockwise" for r in e.rulings)]
    assert len(passes) == 3


@pytest.mark.rule("turn.round")
def test_turns_within_a_round_run_clockwise() -> None:
    game = load_scenario(SCENARIO)
    recorder = TurnOrderRecorder(game)
    player = Passer()
    while game.state.round <= 6:
        recorder.observe(game)
        game.apply(player.choose(game))
    assert recorder.rounds[5] == [4, 0, 1, 2, 3]
    assert recorder.rounds[6] == [4, 0, 1, 2, 3]
    assert 4 not in recorder.rounds  # courtship round: nobody takes a turn


def test_the_end_of_season_stepper_has_a_next_that_plays_to_round_5() -> None:
    """Tutorial 03's end-of-season stepper: Next plays the seeded line through the courtship."""
    from obsession_nb.players.random_player import line_to_round
    from obsession_nb.tutor.rotation import play_until
    from obsession_nb.tutor.views import Stepper

    game = load_scenario("first-player-rotation-5p")
    player = play_until(game, round=3, seat=4)  # the notebook's position
    before = game.to_scenario()
    line = line_to_round(game, 5, player)
    assert game.to_scenario() == before  # only looked ahead
    assert any(n.startswith("fairchild") for n in line)  # the courtship of round 4
    stepper = Stepper(game, script=line, board=False)
    assert not stepper.next_button.disabled
    stepper.play_script()
    assert game.state.round == 5 and game.state.turn.step == "begin"
    assert game.state.players[game.state.first_player].name == "Fifth"


@pytest.mark.rule("ruling.double-turn")
def test_ruling_double_turn_the_last_of_a_season_opens_the_next() -> None:
    """ruling.double-turn: under the counterclockwise pawn, whoever plays last in seasons 1-3
    plays first in the next season (two turns in a row across the courtship); the old clockwise
    pass gives nobody that."""
    for rotation, doubles in (("counterclockwise", 3), ("clockwise", 0)):
        pos = positions(rotation, Passer())
        n = len(pos)
        found = [(name, s) for name, p in pos.items() for s in range(3)
                 if p[s] == n and p[s + 1] == 1]
        assert len(found) == doubles, (rotation, found)
