"""The position builder (obsession_nb/tutor/builder.py) and ``obsession-nb new``: positions with a
table's defaults that validate as scenarios and play to the end in random games, for one to six
players and every mode."""

from __future__ import annotations

import pytest

import obsession_nb
from obsession_nb.cli import main
from obsession_nb.engine.game import load_scenario_text
from obsession_nb.engine.records.registry import BUILTIN
from obsession_nb.engine.steps.rounds import is_courtship
from obsession_nb.players.random_player import RandomPlayer, play_out

CASES = [(1, "solo-estate-challenge", 1), (1, "solo-estate-challenge", 6),
         (2, "standard", 1), (3, "standard", 6), (4, "standard", 5), (5, "standard", 2),
         (6, "standard", 9), (3, "tableau", 1), (2, "tableau-duel", 1),
         (1, "classic-solo", 1), (4, "team", 3), (6, "team", 1)]


def test_builder_covers_every_mode() -> None:
    assert {mode for _, mode, _ in CASES} == {"standard", *BUILTIN}


@pytest.mark.parametrize(("players", "mode", "round_"), CASES)
def test_builder_position_validates_and_plays_to_the_end(players: int, mode: str,
                                                         round_: int) -> None:
    game = obsession_nb.new_position(players, mode=mode, round=round_, seed=players)
    assert game.state.round == round_ and len(game.state.players) == players
    assert game.pending()["step"] == "begin"
    loaded = load_scenario_text(game.to_scenario())  # every check of a scenario file
    assert loaded.to_json() == game.to_json()
    assert play_out(loaded, RandomPlayer(players)) > 0
    assert loaded.state.finished


SETTINGS = [(3, 6, ["market=seasonal"]), (4, 1, ["objectives=milestones"]),
            (3, 6, ["market=seasonal", "theme_reveal=cliffhanger"]), (4, 6, ["courtship=closed"]),
            (5, 2, ["starter_guests=draft", "garden=garden-maze"])]


@pytest.mark.parametrize(("players", "round_", "settings"), SETTINGS)
def test_builder_follows_variant_settings_and_plays_to_the_end(players: int, round_: int,
                                                               settings: list[str]) -> None:
    """option.*: a position of a variant is set up by its rules and plays to the end."""
    game = obsession_nb.new_position(players, round=round_, seed=players, settings=settings)
    options = game.state.options
    for setting in settings:
        name, value = setting.split("=")
        assert str(getattr(options, name)) == value
    loaded = load_scenario_text(game.to_scenario())
    assert loaded.to_json() == game.to_json()
    assert play_out(loaded, RandomPlayer(players)) > 0
    assert loaded.state.finished


def test_builder_refuses_settings_it_cannot_follow() -> None:
    with pytest.raises(ValueError, match="not a choice for market"):
        obsession_nb.new_position(3, settings=["market=nope"])
    with pytest.raises(ValueError, match="set by its own argument"):  # a tableau position on round 6
        obsession_nb.new_position(3, round=6, settings=["mode=tableau"])
    with pytest.raises(ValueError, match="take no option settings"):
        obsession_nb.new_position(1, mode="solo-estate-challenge", settings=["market=seasonal"])


def test_builder_has_a_tables_defaults() -> None:
    """setup.*: families with their servants and family cards, a dealt hand, a full market,
    decks; later rounds have the season themes revealed and the turns taken."""
    game = obsession_nb.new_position(3, families=["howard", "york", "asquith"], round=6)
    state = game.state
    assert [p.family for p in state.players] == ["howard", "york", "asquith"]
    for p in state.players:
        assert f"{p.family}-husband" in p.hand
        assert {"butler", "housekeeper", "valet", "ladys_maid", "footman"} <= set(
            p.servants.available)
        assert p.organiser
    assert all(stack for stack in state.supply.market)
    assert state.supply.casual_deck and state.supply.prestige_deck
    assert len(state.themes) == 2  # seasons 1 and 2
    activity_rounds = sum(1 for r in range(1, 6) if not _courtship(game, r))
    assert all(p.turns_taken == activity_rounds for p in state.players)


def _courtship(game, number: int) -> bool:
    saved = game.state.round
    game.state.round = number
    try:
        return is_courtship(game.table)
    finally:
        game.state.round = saved


def test_builder_without_the_expansion_has_no_new_servants() -> None:
    game = obsession_nb.new_position(2, expansion=False, round=2)
    assert not game.state.options.expansion
    new = {"cook", "hall_boy", "head_housemaid", "useful_man"}
    assert not any(new & set(p.servants.all()) for p in game.state.players)


def test_builder_refuses_a_courtship_round_and_bad_counts() -> None:
    with pytest.raises(ValueError, match="courtship"):
        obsession_nb.new_position(2, round=4)
    with pytest.raises(ValueError, match="2 to 6"):
        obsession_nb.new_position(1)
    with pytest.raises(ValueError, match="one player"):
        obsession_nb.new_position(2, mode="solo-estate-challenge")
    with pytest.raises(ValueError, match="unknown mode"):
        obsession_nb.new_position(2, mode="team-play")
    with pytest.raises(ValueError, match="round 1"):
        obsession_nb.new_position(3, mode="tableau", round=5)


@pytest.mark.parametrize(("families", "expansion"), [("howard,york,asquith", "--expansion"),
                                                     ("cavendish,york,asquith", "--no-expansion")])
def test_cli_new_writes_a_scenario_that_validates(capsys, tmp_path, families: str,
                                                  expansion: str) -> None:
    assert main(["new", "--players", "3", "--families", families, "--round", "6",
                 expansion]) == 0
    path = tmp_path / "my.yaml"
    path.write_text(capsys.readouterr().out)
    assert main(["validate", str(path)]) == 0
    game = obsession_nb.load_scenario(path)
    assert game.state.round == 6
    assert game.state.options.expansion == (expansion == "--expansion")
    assert [p.family for p in game.state.players] == families.split(",")


def test_cli_new_takes_variant_options(capsys, tmp_path) -> None:
    assert main(["new", "--players", "3", "--round", "6", "--option", "market=seasonal",
                 "--option", "courtship=closed"]) == 0
    path = tmp_path / "variant.yaml"
    path.write_text(capsys.readouterr().out)
    assert main(["validate", str(path)]) == 0
    options = obsession_nb.load_scenario(path).state.options
    assert (options.market, options.courtship) == ("seasonal", "closed")
    assert main(["new", "--players", "3", "--option", "market=nope"]) == 2
    assert "seasonal" in capsys.readouterr().err  # the choices are listed


def test_cli_new_reports_bad_families(capsys) -> None:
    assert main(["new", "--players", "3", "--families", "howard,york"]) == 2
    assert "families" in capsys.readouterr().err


def test_scenario_readme_example_is_a_valid_scenario() -> None:
    """content/scenarios/README.md: the format's example loads, checks and plays its actions."""
    from obsession_nb.base.resources import content_dir

    text = (content_dir() / "scenarios" / "README.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    game = load_scenario_text(example, source="README example")
    assert game.state.turn.step == "invite"
    assert game.state.players[0].family == "cavendish"


def test_position_builder_checks_each_edit_and_opens_in_the_stepper(tmp_path) -> None:
    from obsession_nb.tutor.views.builder import PositionBuilder

    view = PositionBuilder(3, round=6, families=["howard", "york", "asquith"])
    assert view.problems.status["kind"] == "ok"
    view.money.value = 900
    assert view.game.state.players[0].money == 900
    view.hand.value = [*view.hand.value, view.hand.value[0]]  # the same card twice
    assert view.problems.status["kind"] == "error" and "hand" in view.problems.problems[0]
    with pytest.raises(ValueError, match="problem"):
        view.save(tmp_path / "bad.yaml")
    view.hand.value = view.hand.value[:-1]
    assert view.problems.status["kind"] == "ok"
    saved = view.save(tmp_path / "good.yaml")
    assert obsession_nb.load_scenario(saved).state.players[0].money == 900
    stepper = view.open_in_stepper()
    assert stepper is not None and stepper.game.state.players[0].money == 900


def test_position_builder_sets_length_and_variants() -> None:
    from obsession_nb.tutor.views.builder import PositionBuilder

    view = PositionBuilder(3)
    view.extended.value = True
    view.settings.value = "market=seasonal  courtship=closed"
    view.new()
    options = view.game.state.options
    assert (options.length, options.market, options.courtship) == (
        "extended", "seasonal", "closed")
    before = view.game.to_json()
    view.settings.value = "market=nope"
    view.new()  # refused: the problem is shown and the position kept
    assert view.problems.status["kind"] == "error"
    assert "not a choice for market" in view.problems.problems[0]
    assert view.game.to_json() == before


def test_stepper_save_position_writes_the_step_it_is_at(tmp_path) -> None:
    from obsession_nb.tutor.views.stepper import Stepper

    stepper = Stepper.from_scenario("refresher-round-6", board=False)
    stepper.play_script(3)
    path = stepper.save_position(tmp_path / "mid-turn.yaml")
    again = obsession_nb.load_scenario(path)
    assert again.to_json() == stepper.game.to_json()
    assert again.pending()["step"] == stepper.game.pending()["step"] == "invite"
