"""The notebook widgets without a browser: what they send to the front end, and that every
change of position goes through the engine (tests/browser/ checks what the browser shows)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import obsession_nb as onb
from obsession_nb.base.resources import widget_module, widgets_dir
from obsession_nb.engine.records.naming import action_label
from obsession_nb.tutor.views import (
    Board,
    RulingPanel,
    RulingsLog,
    ScenarioEditor,
    Stepper,
    game_from_text,
)
from obsession_nb.tutor.views.labels import entry_json
from obsession_nb.tutor.views.rulings import suggestions
from obsession_nb.tutor.views.stepper import StepHeader
from obsession_nb.tutor.views.text import entries_text

REFRESHER = "refresher-round-6"


def _notations(stepper: Stepper) -> list[str]:
    """The notation behind every choice the stepper offers (buttons and drop-downs; the greyed
    refusals are not offered)."""
    return stepper.choices.notations()


# ----------------------------------------------------------------- front-end files


@pytest.mark.parametrize(("cls", "style"), [(Board, "board.css"), (RulingsLog, "rulings.css"),
                                           (StepHeader, "stepper.css")])
def test_widget_modules_come_from_widgets_dir_with_the_shared_helpers_inlined(cls, style):
    # The widget's CSS follows the shared common.css (chips, focus ring, screen-reader text).
    css = str(cls._css)
    shared = (widgets_dir() / "common.css").read_text(encoding="utf-8")
    assert css.startswith(shared)
    assert css.endswith((widgets_dir() / style).read_text(encoding="utf-8"))
    esm = str(cls._esm)
    assert 'from "./common.js"' not in esm and "import " not in esm
    assert "function h(tag, cls, text)" in esm  # common.js, inlined once
    assert esm.count("function h(") == 1


def test_every_widget_module_takes_its_helpers_from_common_js():
    """One copy of the shared drawing helpers: no widget defines its own."""
    for js in sorted(Path(widgets_dir()).glob("*.js")):
        if js.name == "common.js":
            continue
        source = js.read_text(encoding="utf-8")
        assert 'from "./common.js";' in source, js.name
        assert "function h(" not in source, f"{js.name} defines its own h()"
        served = widget_module(js.name)
        assert "import " not in served and "export function h(" not in served, js.name


@pytest.mark.parametrize("js", sorted(p.name for p in Path(widgets_dir()).glob("*.js")))
def test_widget_modules_never_write_markup(js):
    """All scenario text reaches the DOM through textContent: no HTML sinks at all."""
    source = (widgets_dir() / js).read_text(encoding="utf-8")
    source = re.sub(r"^\s*//.*$", "", source, flags=re.M)
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "new Function"):
        assert sink not in source, f"{js} uses {sink}"
    assert js == "common.js" or re.search(r"export default \{ render \}", source)


@pytest.mark.parametrize("css", sorted(p.name for p in Path(widgets_dir()).glob("*.css")))
def test_widget_css_classes_are_prefixed(css):
    source = (widgets_dir() / css).read_text(encoding="utf-8")
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    selectors = re.findall(r"([^{}]+)\{", source)
    classes = {c for sel in selectors for c in re.findall(r"\.([A-Za-z_][\w-]*)", sel)}
    # ipywidgets' own classes may be styled inside an onb- scope.
    foreign = {c for c in classes if not c.startswith("onb-") and not c.startswith("widget-")}
    assert not foreign, f"{css}: unprefixed classes {sorted(foreign)}"


# ----------------------------------------------------------------- the board


def test_board_draws_the_engine_view_and_refreshes():
    game = onb.load_position(REFRESHER)
    board = Board(game)
    assert board.view == game.view()
    game.apply("activity")
    assert board.view["pending"]["step"] == "begin"
    board.refresh()
    assert board.view["pending"]["step"] == "host"


def test_board_refuses_unknown_parts():
    with pytest.raises(ValueError, match="unknown board parts"):
        Board(onb.load_position(REFRESHER), parts=["market"])


def test_view_carries_what_the_boards_draw():
    view = onb.load_position(REFRESHER).view()
    assert len(view["round_track"]) == 16
    assert [s["round"] for s in view["round_track"] if s["courtship"]] == [4, 8, 12, 16]
    tall = {k for k, v in view["servant_kinds"].items() if v["height"] == "tall"}
    assert tall == {"butler", "housekeeper", "underbutler"}
    assert view["servant_kinds"]["hall_boy"]["colour"] == "light blue"
    assert view["theme_categories"] == ["estate", "estate"]
    # market.price: the £400 space with the −£100 tile costs £300; reserve: £300 − £100.
    offers = {(o["where"], o["tile"]): o["price"] for o in view["supply"]["offers"]}
    assert offers[("market", "standin-estate-minus100")] == 300
    assert offers[("service-reserve", "barn")] == 200
    tile = view["players"][0]["organiser"][0]
    assert {"verified", "unverified", "standin", "flips", "rose"} <= set(tile)


# ----------------------------------------------------------------- the stepper


def test_stepper_offers_exactly_the_legal_actions():
    stepper = Stepper.from_scenario(REFRESHER)
    for notation in stepper.script:
        assert sorted(_notations(stepper)) == sorted(
            a.notation for a in stepper.game.legal_actions())
        stepper.choose(notation)


def test_stepper_plays_the_refresher_turn_money_300_400_100():
    stepper = Stepper.from_scenario(REFRESHER)
    me = stepper.game.state.players[0]
    assert stepper.header.current == "begin"
    assert stepper.header.script == {"total": 9, "done": 0, "next": "activity",
                                     "label": "Host an activity"}
    stepper.play_script(7)
    me = stepper.game.state.players[0]
    assert me.money == 400
    assert stepper.board.view["players"][0]["reputation"] == {"level": 3, "position": 2}
    stepper.next()
    assert stepper.game.state.players[0].money == 100
    stepper.next()
    assert stepper.scripted_next is None
    assert stepper.header.script["done"] == 9
    assert sorted(stepper.game.state.players[0].servants.expended) == [
        "footman", "underbutler", "valet"]
    rules = {r["rule"] for e in stepper.rulings.entries for r in e["rulings"]}
    assert {"turn.rotate-service", "service.underbutler", "favours.pauper", "reputation.wheel",
            "market.price", "market.reserve-divert", "cleanup.flip-first-use"} <= rules


def test_stepper_back_restores_the_position_and_the_log():
    stepper = Stepper.from_scenario(REFRESHER)
    before = stepper.game.to_scenario()
    stepper.play_script(8)
    assert stepper.game.state.players[0].money == 100
    stepper.back()
    assert stepper.game.state.players[0].money == 400
    assert stepper.game.log[-1].action.startswith("(step 6")
    stepper.restart()
    assert stepper.game.to_scenario() == before
    assert stepper.game.log == []
    assert stepper.rulings.entries == []
    assert stepper.back_button.disabled


def test_stepper_refusal_leaves_the_position_and_says_why():
    stepper = Stepper.from_scenario(REFRESHER)
    stepper.play_script(2)
    before = stepper.game.to_scenario()
    with pytest.raises(onb.IllegalAction):
        stepper.choose("invite standin-prestige-gentleman-pr3")
    assert stepper.game.to_scenario() == before
    assert stepper.rulings.status["kind"] == "error"
    assert "prestige rating 3" in stepper.rulings.status["text"]
    assert stepper.applied == ["activity", "host standin-estate-pr2"]
    # Leaving the worked example is allowed; the script waits until Back returns to it.
    stepper.choose("borrow")
    assert stepper.scripted_next is None
    stepper.back()
    assert stepper.scripted_next == "invite standin-casual-gentleman-200"


def test_stepper_groups_choices_by_step_and_special_actions_last():
    stepper = Stepper.from_scenario(REFRESHER)
    headings = [group["title"] for group in stepper.choices.groups]
    assert headings == ["Host an activity or pass", "Special actions"]


def test_a_click_on_a_choice_plays_its_notation_through_the_engine():
    """The choices are one widget: a click sends the notation (widgets/choices.js)."""
    stepper = Stepper.from_scenario(REFRESHER)
    message = {"event": "choose", "notation": "activity"}
    stepper.choices._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                                 "buffers": []})
    assert stepper.applied == ["activity"]
    before = stepper.game.to_scenario()
    message["notation"] = "invite standin-prestige-gentleman-pr3"  # refused: shown, not played
    stepper.choices._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                                 "buffers": []})
    assert stepper.applied == ["activity"] and stepper.game.to_scenario() == before
    assert stepper.rulings.status["kind"] == "error"


def test_stepper_uses_a_dropdown_for_long_lists():
    stepper = Stepper.from_scenario("howard-supplemental-service", max_buttons=4)
    assert any(group["dropdown"] for group in stepper.choices.groups)
    assert sorted(_notations(stepper)) == sorted(a.notation for a in stepper.game.legal_actions())


# ----------------------------------------------------------------- the ruling panel


def test_ruling_panel_shows_an_illegal_action_with_rule_and_citation():
    game = onb.load_position(REFRESHER)
    game.play(["activity", "host standin-estate-pr2"])
    before = game.to_scenario()
    panel = RulingPanel(game)
    verdict = panel.check("invite standin-prestige-gentleman-pr3")
    assert verdict is not None and not verdict.legal
    shown = panel.result.verdict
    assert shown["legal"] is False
    ruling = shown["rulings"][0]
    assert ruling["rule"] == "invite.prestige"
    assert "Refresher §Fourth, invite guests" in ruling["citation"]
    assert game.to_scenario() == before


def test_ruling_panel_reports_bad_notation():
    panel = RulingPanel(onb.load_position(REFRESHER))
    assert panel.check("invite") is None
    assert "does not match" in panel.result.verdict["error"]


def test_ruling_panel_picks_compose_a_notation():
    game = onb.load_position(REFRESHER)
    game.play(["activity", "host standin-estate-pr2"])
    panel = RulingPanel(game)
    panel.verb.value = "invite"
    (card,) = panel.args.children
    assert ("Stand-in prestige gentleman (PR 3)", "standin-prestige-gentleman-pr3") in card.options
    card.value = "standin-prestige-gentleman-pr3"
    assert panel.text.value == "invite standin-prestige-gentleman-pr3"


def test_suggestions_put_legal_actions_first_then_refusable_ones():
    game = onb.load_position(REFRESHER)
    game.play(["activity", "host standin-estate-pr2"])
    offered = suggestions(game)
    legal = [a.notation for a in game.legal_actions()]
    assert offered[: len(legal)] == legal
    assert "invite standin-prestige-gentleman-pr3" in offered[len(legal):]


# ----------------------------------------------------------------- the editor


def test_editor_lists_every_problem_with_its_path():
    editor = ScenarioEditor(REFRESHER)
    assert editor.check() == []
    editor.text.value = editor.text.value.replace(
        "available: [butler, housekeeper, valet, footman]",
        "available: [butler, cooke, valet, footman]").replace("money: 300", "money: -5", 1)
    problems = editor.check()
    assert "players[0].servants.available[1]: unknown servant 'cooke'" in problems
    assert any(p.startswith("players[0].money") for p in problems)
    assert editor.report.problems == problems
    assert editor.load() is None


def test_editor_load_steps_the_edited_position():
    editor = ScenarioEditor(REFRESHER)
    editor.text.value = editor.text.value.replace(
        "reputation: {level: 2, position: 4}", "reputation: {level: 3, position: 4}", 1)
    game = editor.load()
    assert game is not None and editor.stepper.game is game
    editor.stepper.play_script(2)
    assert game.check("invite standin-prestige-gentleman-pr3").legal


def test_editor_opens_on_the_position_with_the_files_comments_above_it():
    editor = ScenarioEditor(REFRESHER)
    assert editor.text.value.startswith("format: obsession-nb/scenario@1\n")
    assert "The refresher&#x27;s worked turn" in editor.about.value
    assert "# " not in editor.about.value
    assert editor.text.rows >= 26
    assert editor.load() is not None  # the comments were only notes


def test_editor_names_a_recorded_action_that_no_longer_plays():
    text = onb.load_position(REFRESHER).to_scenario() + "actions: [activity, host gazebo-x]\n"
    game, problems = game_from_text(text)
    assert game.recorded == ["activity", "host gazebo-x"]
    assert len(problems) == 1 and problems[0].startswith("actions[1]: 'host gazebo-x'")


def test_editor_keeps_markup_in_names_as_data():
    text = onb.load_position(REFRESHER).to_scenario().replace(
        "name: Ada", "name: '<img src=x onerror=alert(1)>'")
    editor = ScenarioEditor(text)
    assert editor.load() is not None
    assert editor.stepper.board.view["players"][0]["name"] == "<img src=x onerror=alert(1)>"


# ----------------------------------------------------------------- words


def test_action_labels_name_the_components():
    game = onb.load_position(REFRESHER)
    assert action_label(game, "serve standin-pauper-gentleman underbutler") == (
        "Underbutler → Stand-in pauper gentleman")
    assert action_label(game, "serve tile footman") == "Footman → the activity tile"
    assert action_label(game, "buy standin-estate-minus100") == "Stand-in estate tile (−£100)"
    assert action_label(game, "activity") == "Host an activity"
    assert action_label(game, "gossip p2") == "Left (p2)"


def test_log_entries_for_the_widget_and_as_text():
    game = onb.load_position(REFRESHER)
    entries = game.apply("activity")
    shown = [entry_json(game, e) for e in entries]
    assert shown[0]["who"] == "Ada (p1)" and not shown[0]["auto"]
    assert shown[1]["auto"] and shown[1]["action"] == "step 1: rotate service"
    text = entries_text(entries)
    assert text.splitlines()[0] == "> activity"
    assert "[turn.rotate-service]" in text
