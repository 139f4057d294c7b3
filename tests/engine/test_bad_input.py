"""Bad input never crashes and never loses data (issue 11): every reproduction of the issue.

Malformed and inconsistent scenario files are refused with every problem and its path; an
action naming something that does not exist is refused as bad notation with the position
unchanged; the CLI answers bad arguments, huge files and closed pipes without a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from game_invariants import inventory

from obsession_nb import ScenarioError, load_scenario, load_scenario_text
from obsession_nb.data.rules import BadNotation, IllegalAction
from obsession_nb.engine.game import load_position
from obsession_nb.engine.positions.scenario import scenario_path
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.players.strategy import RandomSolo
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.tutor.builder import new_position


def cli(*args: str, **kwargs: Any) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "obsession_nb.cli", *args],
                          capture_output=True, text=True, **kwargs)


def text_of(name: str, change: Callable[[dict[str, Any]], Any] | None = None, *,
            actions: bool = False) -> str:
    data = yaml.safe_load(scenario_path(name).read_text(encoding="utf-8"))
    if not actions:
        data.pop("actions", None)
    if change is not None:
        change(data)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(text)
    return exc.value.problems


def joined(text: str) -> str:
    return "\n".join(problems(text))


# ----------------------------------------------------------------- packaged scenarios


@pytest.mark.parametrize("name", ["refresher-round-6", "howard-drawing-room",
                                  "howard-supplemental-service"])
def test_packaged_scenario_plays_on_to_the_end_of_the_game(name: str) -> None:
    """The refresher and Howard scenarios listed theme categories in ``themes:`` and crashed at
    the next courtship (KeyError 'estate'), and had no Fairchild for its winner."""
    game = load_scenario(name)
    player = RandomPlayer(3)
    for _ in range(3000):
        if game.state.finished:
            break
        action = player.choose(game)
        assert action is not None, game.pending()
        game.apply(action)
    assert game.state.finished
    assert game.candidates() == [] and game.legal_actions() == []


def test_themes_hold_theme_card_ids_not_categories() -> None:
    found = joined(text_of("howard-drawing-room", lambda d: d.update(themes=["prestige",
                                                                             "estate"])))
    assert "themes[0]: unknown theme card 'prestige'" in found
    assert "themes[1]: unknown theme card 'estate'" in found


# ----------------------------------------------------------------- views and the finished game


def test_str_of_a_solo_game_with_an_empty_market_stack() -> None:
    game = load_position("solo-critical-rule")
    game.state.supply.market[0] = []
    assert "£300 (empty)" in str(game)
    assert "onb-game" in game._repr_html_()


def test_candidates_of_a_finished_game_are_none() -> None:
    game = load_scenario("refresher-round-6")
    player = RandomPlayer(1)
    while not game.state.finished:
        game.apply(player.choose(game))
    assert game.candidates() == []


def test_to_scenario_with_actions_reloads_to_the_same_position() -> None:
    for name in ("howard-drawing-room", "refresher-round-6", "servant-draft-5p"):
        game = load_scenario(name)
        game.apply(game.legal_actions()[0])
        again = load_scenario_text(game.to_scenario(with_actions=True))
        assert again.to_scenario() == game.to_scenario(), name


# ----------------------------------------------------------------- actions naming nothing


@pytest.mark.parametrize(("name", "setup", "action", "message"), [
    ("howard-drawing-room", ["activity", "host drawing-room", "invite howard-husband",
                             "invite howard-wife", "invite lady-marianne-turner"],
     "serve tile nobody", "there is no servant 'nobody'"),
    ("refresher-round-6", [], "hall nobody p2", "there is no servant 'nobody'"),
    ("refresher-round-6", [], "hall footman p9", "there is no player p9"),
    ("refresher-round-6", [], "keep nonesuch", "there is no gentry card 'nonesuch'"),
    ("refresher-round-6", [], "host nonesuch", "there is no tile 'nonesuch'"),
    ("refresher-round-6", [], "reveal nonesuch", "there is no VP card 'nonesuch'"),
    ("refresher-round-6", [], "discard-objective nonesuch", "there is no objective card"),
    ("servant-draft-5p", [], "family nonesuch", "there is no family 'nonesuch'"),
])
def test_unknown_argument_is_bad_notation_and_changes_nothing(name, setup, action, message):
    game = load_position(name)
    game.play(setup)
    before = game.to_scenario()
    with pytest.raises(BadNotation, match=message):
        game.check(action)
    with pytest.raises(BadNotation, match=message):
        game.apply(action)
    assert game.to_scenario() == before


def test_cli_play_json_reports_an_unknown_servant_as_json() -> None:
    result = cli("play", "refresher-round-6", "hall nobody p2", "--json")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    refused = json.loads(result.stdout)["refused"]
    assert refused["action"] == "hall nobody p2" and refused["rulings"] == []
    # nothing is near 'nobody': the ten servants are named
    assert refused["error"].startswith("there is no servant 'nobody'; known: butler, cook")


def test_a_mistyped_word_is_answered_with_the_nearest_known_ones() -> None:
    game = load_position("refresher-round-6")
    with pytest.raises(BadNotation, match=r"there is no action 'invte'; did you mean 'invite'\?$"):
        game.check("invte")
    # issue 47: a name as players see it, hyphens for spaces, is read as the id ...
    assert game.check("hall ladys-maid p2").action == "hall ladys_maid p2"
    # ... and a mistyped one is answered with the nearest by name and id
    with pytest.raises(BadNotation, match="there is no servant 'ladys-mad'; did you mean "
                       "'Lady's Maid' \\(ladys_maid\\)"):
        game.check("hall ladys-mad p2")
    with pytest.raises(ValueError, match="there is no family board 'howrd'; did you mean "
                       "'howard'"):
        new_position(2, families=["howrd", "york"])
    with pytest.raises(ValueError, match="got york, york"):
        new_position(2, families=["york", "york"])


# ----------------------------------------------------------------- malformed files


def test_non_utf8_bytes_are_refused_with_line_and_column(tmp_path) -> None:
    path = tmp_path / "bytes.yaml"
    path.write_bytes(b"title: ok\nnotes: [\xff\xfe]\n")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    assert exc.value.problems == ["line 2, column 9: not UTF-8 text (byte 0xff)"]


def test_a_lone_surrogate_in_scenario_text_is_refused() -> None:
    assert problems('title: "\ud800"\nplayers: [{name: A}]\n') == [
        "line 1, column 9: not valid text (a lone surrogate U+D800)"]


@pytest.mark.parametrize(("change", "expected"), [
    ({"options": "standard"}, "options: Input should be a valid dictionary"),
    ({"players": 5}, "players: Input should be a valid list"),
])
def test_wrong_types_before_the_checks_are_refused(change, expected) -> None:
    found = problems(text_of("refresher-round-6", lambda d: d.update(change)))
    assert found == [found[0]] and found[0].startswith(expected)


def test_a_type_error_does_not_hide_unknown_ids_elsewhere() -> None:
    def change(d: dict[str, Any]) -> None:
        d["players"][0]["money"] = "lots"
        d["players"][1]["servants"]["available"][0] = "cooke"
        d["supply"]["vp_deck"] = ["nonesuch"]

    found = problems(text_of("howard-drawing-room", change))
    assert found[0].startswith("players[0].money: Input should be a valid integer")
    assert "players[1].servants.available[0]: unknown servant 'cooke'" in found
    assert "supply.vp_deck[0]: unknown VP card 'nonesuch'" in found
    assert len(found) == 3


def test_a_file_over_two_megabytes_is_refused_before_parsing(tmp_path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("title: big\n# " + "x" * 2_100_000 + "\n")
    with pytest.raises(ScenarioError, match="larger than 2 MB"):
        load_scenario(path)


def test_an_alias_bomb_is_refused() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for name, prev in zip("bcdefg", "abcdef"):
        bomb += f"{name}: &{name} [{', '.join([f'*{prev}'] * 10)}]\n"
    found = problems(bomb + "players: [{name: A, hand: *g}]\n")
    assert found == ["the file expands to more than 200,000 values (YAML aliases repeat what "
                     "they point at)"]


def test_python_tags_are_refused() -> None:
    assert problems("title: !!python/object/apply:os.system ['echo pwned']\n") == [
        "line 1, column 8: not valid YAML: could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/object/apply:os.system'"]


@pytest.mark.parametrize("action", ["invite nonesuch", "church gold", "double first",
                                    "lady maybe", "carriage footman lots"])
def test_unknown_fixed_choices_are_refused_by_their_rule(action: str) -> None:
    """Their verifiers refuse an unknown value with a rule (not bad notation)."""
    game = load_position("refresher-round-6")
    before = game.to_scenario()
    verdict = game.check(action)
    assert not verdict.legal and verdict.rulings
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.to_scenario() == before


# ----------------------------------------------------------------- inconsistent positions


def turn(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update(turn={"player": 0, **fields})


@pytest.mark.parametrize(("name", "change", "expected"), [
    ("howard-drawing-room", turn(step="invite", tile="gallery"),
     "turn.tile: Howard does not own 'gallery'"),
    ("howard-drawing-room", turn(step="favours", tile="drawing-room"),
     "turn.choices: step favours waits for a decision; the list is empty"),
    ("howard-drawing-room", turn(step="keep-objective", offer=["objective-monuments"],
                                 resume="nowhere"),
     "turn.resume: 'nowhere' is not a step to return to"),
    ("howard-drawing-room", turn(step="favours", tile="drawing-room",
                                 choices=[{"kind": "lady", "source": "nobody"}]),
     "turn.choices[0].source: 'nobody' is neither the tile nor a guest of this activity"),
    ("howard-drawing-room", turn(step="end"),
     "turn.step: no legal action at the end of the turn for Howard"),
    ("howard-drawing-room", turn(step="prestige-limit"),
     "turn.step: Howard is not over the six-prestige-guest limit"),
    ("howard-drawing-room", lambda d: d.update(round=8, turn={"player": 0}),
     "turn.step: round 8 is a courtship round; nobody takes a turn ('begin')"),
    ("howard-drawing-room", lambda d: d.update(round=8),
     "turn: round 8 is a courtship round; nobody takes a turn"),
    ("howard-drawing-room", turn(step="fairchild"),
     "turn.step: 'fairchild' is a courtship decision, but round 6 is not a courtship round"),
    ("servant-draft-5p", lambda d: d["supply"].update(draft_display=["cook"]),
     "supply.draft_display: 5 player(s) still draft, so at least 6 servants are displayed "
     "(one of each of seven, the last player choosing between two: ud.setup.draft-howard), "
     "not 1"),
    ("servant-draft-5p", lambda d: d["supply"]["draft_display"].__setitem__(1, "cook"),
     "supply.draft_display: the display holds one of each servant, not 2 'cook' "
     "(ud.setup.draft)"),
    ("servant-draft-5p", lambda d: d["supply"]["draft_display"].__setitem__(0, "butler"),
     "supply.draft_display[0]: 'butler' is not one of the short servants displayed for the "
     "draft (cook, hall_boy, head_housemaid, useful_man, valet, ladys_maid, footman: "
     "ud.setup.draft)"),
    ("servant-draft-5p", lambda d: d["supply"]["draft_display"].__setitem__(0, "nobody"),
     "supply.draft_display[0]: unknown servant 'nobody'"),
    ("servant-draft-5p", lambda d: d.update(round=12),
     "turn.step: the servant draft is part of setup, in round 1 (not round 12)"),
    ("howard-drawing-room", lambda d: d["players"][0].update(turns_taken=-1),
     "players[0].turns_taken: cannot be negative (-1)"),
    ("howard-drawing-room", lambda d: d["players"][0].update(reputation=-5),
     "players[0].reputation: off the standard wheel"),
    ("howard-drawing-room", lambda d: d["supply"].update(fairchilds=[]),
     "supply.fairchilds: charles-fairchild, elizabeth-fairchild must be on the courtship track"),
])
def test_inconsistent_position_is_refused_with_its_path(name, change, expected) -> None:
    assert expected in joined(text_of(name, change))


def courtship(step: str, **people: Any) -> Callable[[dict[str, Any]], None]:
    """Round 8 (a courtship) with Howard to decide ``step``; both Fairchilds held by York."""
    def change(d: dict[str, Any]) -> None:
        d.update(round=8, turn={"player": 0, "step": step})
        d["supply"]["fairchilds"] = []
        d["players"][1]["hand"] += ["charles-fairchild", "elizabeth-fairchild"]
        d["players"][0].update(people)
    return change


def test_courtship_decision_without_a_legal_action_is_refused() -> None:
    where = "the courtship winner's choice"
    found = problems(text_of("howard-drawing-room", courtship("fairchild")))
    assert found == [f"turn.step: no legal action at {where}"
                     + found[0].split(where, 1)[1]]
    assert "the game could not go on" in found[0]


def test_a_discard_with_no_objective_to_discard_is_refused_as_an_impossible_count() -> None:
    """No game reaches a season's discard with a player holding none (ruling.objective-count),
    so such a file is refused for its count, with the path, before its decision is asked."""
    found = problems(text_of("howard-drawing-room", courtship("discard", objectives=[])))
    assert found == ["players[0].objectives: 0 held at round 8, but a game gives at least 3 by "
                     "then (dealt at setup, kept at each objective-card draw the deck could meet, "
                     "one discarded after each courtship; rule ruling.objective-count)"]


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("vp_cards", ["nonesuch"], "players[0].vp_cards[0]: unknown VP card 'nonesuch'"),
    ("objectives", ["nonesuch"], "players[0].objectives[0]: unknown objective card 'nonesuch'"),
    ("objectives", ["objective-monuments", "objective-monuments"],
     "players[0].objectives[1]: 'objective-monuments' is already at players[0].objectives[0]"),
    ("vp_cards", ["vp-hire"] * 4, "players[0].vp_cards[3]: 'vp-hire' is already at "
                                  "players[0].vp_cards[0], players[0].vp_cards[1], "
                                  "players[0].vp_cards[2] (the game has 3)"),
])
def test_unknown_or_duplicate_player_ids_are_refused(field, value, expected) -> None:
    assert expected in joined(text_of("howard-drawing-room",
                                      lambda d: d["players"][0].update({field: value})))


@pytest.mark.parametrize(("place", "value", "expected"), [
    ("themes", ["nonesuch"], "themes[0]: unknown theme card 'nonesuch'"),
    ("themes", ["theme-estate"] * 3, "themes[2]: 'theme-estate' is already at themes[0], "
                                     "themes[1] (the game has 2)"),
    ("objective_deck", ["nonesuch"], "supply.objective_deck[0]: unknown objective card"),
    ("vp_deck", ["nonesuch"], "supply.vp_deck[0]: unknown VP card 'nonesuch'"),
    ("removed", ["nonesuch"], "supply.removed[0]: unknown tile 'nonesuch'"),
    ("removed", ["gallery", "gallery", "gallery"], "tile 'gallery' is in"),
])
def test_unknown_or_duplicate_ids_in_decks_and_piles_are_refused(place, value, expected):
    def change(d: dict[str, Any]) -> None:
        (d if place == "themes" else d["supply"])[place] = value

    assert expected in joined(text_of("howard-drawing-room", change))


# ----------------------------------------------------------------- the command line


@pytest.mark.parametrize("rolls", ["abc", "0", "21", "5,x"])
def test_cli_solo_rolls_must_be_d20_results(rolls: str) -> None:
    result = cli("solo", "--seed", "1", "--rolls", rolls)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "d20 rolls are whole numbers 1 to 20" in result.stderr


def test_cli_validate_dev_zero_is_refused_by_size() -> None:
    result = cli("validate", "/dev/zero")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "larger than 2 MB" in result.stderr


def test_cli_output_into_a_closed_pipe_ends_quietly() -> None:
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait()  # the reader has gone before the simulation writes anything
    result = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "simulate", "--players",
                             "2", "--seed", "1"], stdout=reader.stdin, stderr=subprocess.PIPE,
                            text=True)
    reader.stdin.close()  # type: ignore[union-attr]
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "BrokenPipeError" not in result.stderr


def test_cli_play_json_of_a_refused_scenario_is_json(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text_of("howard-drawing-room", lambda d: d.update(themes=["estate"])))
    result = cli("play", str(path), "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == {
        "error": "invalid scenario", "problems": ["themes[0]: unknown theme card 'estate'"]}


# ----------------------------------------------------------------- the invariants


def test_invariants_count_the_grand_ball_offer_in_solo() -> None:
    """game_invariants.inventory missed solo.ball_offer: the Grand Ball looked like cards
    leaving the game (a false alarm in every solo game)."""
    game = new_solo_game(4, family="cavendish", servant="valet")
    baseline = inventory(game)
    player = RandomSolo(4)
    offered = 0
    while not game.state.finished:
        game.apply(player.choose(game))
        offered += bool(game.state.solo and game.state.solo.ball_offer)
        assert inventory(game) == baseline
    assert offered, "the game never reached the Grand Ball"


@pytest.mark.parametrize(("argv", "said", "not_said"), [
    (["teach", "refresher-round6", "--no-browser"], "did you mean 'refresher-round-6'?",
     "content/scenarios"),
    (["show", "./nope/my.yaml"], "no such file: ./nope/my.yaml", "packaged"),
    (["show", "nope/refresher-round-6"], "no such file: nope/refresher-round-6", "packaged"),
    (["show", "refresher-round6"], "did you mean 'refresher-round-6'?", "no such file"),
])
def test_a_missing_scenario_is_named_as_a_file_or_a_packaged_name(
    argv: list[str], said: str, not_said: str
) -> None:
    result = cli(*argv)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert said in result.stderr and not_said not in result.stderr


def test_the_ruling_panel_answers_a_mistyped_verb_with_the_nearest_not_every_verb() -> None:
    from obsession_nb.tutor.views.rulings import RulingPanel

    panel = RulingPanel(load_position("howard-drawing-room"))
    before = panel.game.to_scenario()
    assert panel.check("invte lady-suffolk") is None
    error = panel.result.verdict["error"]
    assert "did you mean 'invite'?" in error and "known:" not in error and "ask-gift" not in error
    assert panel.game.to_scenario() == before
