"""Names a player knows, not catalog ids, wherever an action or a component is shown rather than
typed (obsession_nb/engine/records/naming.py): the quiz, the position builder, the explorer's lines, the
teaching header, the stepper's "Played:" line, and the CLI's `legal` and solo text."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from obsession_nb import cli
from obsession_nb.engine.game import load_position
from obsession_nb.engine.records.naming import describe
from obsession_nb.tutor.builder import new_position
from obsession_nb.tutor.views.builder import PositionBuilder
from obsession_nb.tutor.views.explorer import Explorer
from obsession_nb.tutor.views.quiz import Quiz
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.teach import TeachingView

_CATALOG = new_position(2).table.catalog
# Ids that are not plain words ("cook", "barn" read as words): "ladys_maid", "lady-suffolk"...
IDS = sorted({i for kind in (_CATALOG.tiles, _CATALOG.gentry, _CATALOG.servants,
                             _CATALOG.objectives, _CATALOG.vp_cards)
              for i in kind if not re.fullmatch(r"[a-z]+", i)}, key=len, reverse=True)
ID = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, IDS)) + r")(?![\w-])")


def ids_in(texts: Iterable[str]) -> list[str]:
    return sorted({m for t in texts for m in ID.findall(t)})


def test_the_id_pattern_finds_ids_and_not_names() -> None:
    assert ids_in(["keep standin-casual-03", "Lady's Maid", "serve tile ladys_maid"]) == [
        "ladys_maid", "standin-casual-03"]


def test_actions_in_words_name_their_cards_tiles_and_servants() -> None:
    game = load_position("refresher-round-6")
    assert describe(game, "keep standin-casual-03") == (
        "Keep a guest: Stand-in casual guest 3 (pauper gentleman)")
    assert describe(game, "serve tile ladys_maid") == (
        "Provide service (step 5): Lady's Maid → the activity tile")
    assert describe(game, "activity") == "Host an activity"


def test_quiz_questions_and_choices_name_no_catalog_id() -> None:
    quiz = Quiz(seed=0, count=60)
    shown = []
    for _ in quiz.questions:
        shown += [quiz.view.question["prompt"], *quiz.view.question["choices"]]
        quiz.next()
    assert len(shown) > 120
    assert ids_in(shown) == []


def test_position_builder_pickers_show_names_and_keep_ids_in_the_file() -> None:
    view = PositionBuilder(2, families=["howard", "york"])
    shown = [label for label, _ in view.seat.options]
    for box in (*view.zones.values(), view.hand, view.organiser, *view.market):
        shown += [*box.allowed_tags, *box.value]
    assert ids_in(shown) == []
    assert "Lady's Maid" in view.zones["available"].allowed_tags
    view.zones["available"].value = [*view.zones["available"].value, "Lady's Maid"]
    assert "ladys_maid" in view.game.state.players[0].servants.available
    assert "ladys_maid" in view.to_yaml()


def test_explorer_lines_and_comparison_name_no_catalog_id() -> None:
    view = Explorer(load_position("refresher-round-6"), top=10)
    shown = [a for row in view.table.rows for a in [*row["actions"], row["servants"]]]
    result = view.compare(0, 1)
    shown += result["only_a"] + result["only_b"]
    assert ids_in(shown) == []
    assert any(ID.search(a) for a in view.line(0))  # the stepper still plays the notation


def test_teaching_header_names_no_catalog_id() -> None:
    view = TeachingView("refresher-round-6")
    shown = []
    for _ in range(8):
        c = view.control
        shown += [c.title, c.prompt, c.upcoming.get("label", ""),
                  *(r["action"] for r in c.rulings)]
        view.next()
    assert ids_in(shown) == []


def test_stepper_says_what_was_played_in_words() -> None:
    stepper = Stepper.from_scenario("refresher-round-6", board=False)
    stepper.play_script(4)
    assert stepper.rulings.status["text"].startswith("Played: ")
    assert ids_in([stepper.rulings.status["text"]]) == []


@pytest.mark.parametrize("argv", [["legal", "refresher-round-6", "--before"],
                                  ["solo", "--seed", "1"], ["solo", "--classic", "--seed", "1"]])
def test_cli_text_names_what_it_lists(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    if argv[0] == "legal":  # the notation to type, then the action in words
        typed, words = zip(*(re.split(r"\s{2,}", line.strip(), maxsplit=1)
                             for line in lines[2:]))
        assert ids_in(words) == [] and ids_in(typed)
    else:
        assert "scavenged" in lines[-1] and ids_in([lines[-1]]) == []


def test_rule_entries_show_players_no_test_ids(capsys: pytest.CaptureFixture[str]) -> None:
    from obsession_nb.tutor import rulebook
    from obsession_nb.tutor.views.rule_browser import RuleBrowser

    entry = rulebook.entry("ud.hall-boy.money")
    assert entry.tests  # the index knows them: for developers, on request
    assert "tests/" not in entry.text() and "Test: tests/" in entry.text(tests=True)
    assert cli.main(["rules", "ud.hall-boy.money"]) == 0
    assert "::test_" not in capsys.readouterr().out
    assert cli.main(["rules", "ud.hall-boy.money", "--tests"]) == 0
    assert "::test_" in capsys.readouterr().out
    browser = RuleBrowser("ud.hall-boy.money")
    assert browser.view.entry["id"] == "ud.hall-boy.money" and browser.view.entry["tests"] == []
