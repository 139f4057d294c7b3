"""What a new user meets first (issue 17), without a browser: the static pictures saved in a
notebook, the ruling panel forgetting stale verdicts, button labels with names a player knows,
the collapsible rulings and the turn summary (tests/browser/ checks what the browser shows)."""

from __future__ import annotations

import json
import re

import obsession_nb as onb
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.records.naming import action_label
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.tutor.views import Board, RulingPanel, RulingSteps, ScenarioEditor, Stepper
from obsession_nb.tutor.views.index import tutorial_index

REFRESHER = "refresher-round-6"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _bundle(widget) -> dict:
    bundle = widget._repr_mimebundle_()
    return bundle[0] if isinstance(bundle, tuple) else bundle


# ----------------------------------------------------------------- static pictures


def test_board_bundle_carries_a_static_picture_of_the_same_position():
    game = onb.load_position(REFRESHER)
    data = _bundle(Board(game, parts=["pending", "players"], seats=[0]))
    assert WIDGET_VIEW in data  # the live view, for a running notebook
    html = data["text/html"]
    assert "onb-static-board" in html
    assert "Ada" in html and "£300" in html and "level 2, position 4" in html
    assert "Left" not in html  # seats=[0]: only Ada's board, as the live board draws it
    assert "Run All Cells" in html
    game.apply("activity")
    assert "step 1" not in html  # a picture of the position when displayed


def test_static_picture_uses_no_markup_that_a_sanitizer_strips():
    html = _bundle(Board(onb.load_position(REFRESHER)))["text/html"]
    assert "<style" not in html and "<script" not in html and "<svg" not in html


def test_static_picture_escapes_scenario_text():
    game = onb.load_position(REFRESHER)
    game.state.players[0].name = "<img src=x onerror=alert(1)>"
    html = Board(game).static_html()
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_stepper_panel_editor_and_index_carry_static_pictures():
    game = onb.load_position(REFRESHER)
    for widget in (Stepper(game), RulingPanel(game), ScenarioEditor(REFRESHER),
                   tutorial_index()):
        data = _bundle(widget)
        assert WIDGET_VIEW in data
        assert "onb-static" in data["text/html"]
    assert "onb-static-board" in _bundle(Stepper(game))["text/html"]
    assert "onb-static-board" in _bundle(tutorial_index())["text/html"]


# ----------------------------------------------------------------- the ruling panel


def _checked_panel() -> RulingPanel:
    game = onb.load_position(REFRESHER)
    game.play(["activity", "host standin-estate-pr2"])
    panel = RulingPanel(game)
    panel.check("invite standin-prestige-gentleman-pr3")
    assert panel.result.verdict["legal"] is False
    return panel


def test_ruling_panel_forgets_the_verdict_when_the_position_changes():
    panel = _checked_panel()
    panel.game.apply("invite standin-casual-gentleman-200")
    panel.refresh(panel.game)
    assert panel.result.verdict == {}
    assert "step 4" in panel.result.status["text"]


def test_ruling_panel_forgets_the_verdict_when_pick_composes_another_action():
    panel = _checked_panel()
    panel.verb.value = "invite"
    assert panel.result.verdict == {}


def _send(widget, content: dict) -> None:
    """What the browser sends: a custom message on the widget's comm."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def test_ruling_panel_checks_the_text_sent_with_enter_not_the_lagging_value():
    """Enter and Check send the typed text with the request: a value sync still on its way
    (here the box's value is a cut-off 'b') cannot make the panel check a fragment."""
    game = onb.load_position(REFRESHER)
    game.play(["activity", "host standin-estate-pr2"])
    before = game.to_scenario()
    panel = RulingPanel(game)
    panel.text.value = "i"
    _send(panel.text, {"event": "check", "text": "invite standin-prestige-gentleman-pr3"})
    assert panel.result.verdict["action"] == "invite standin-prestige-gentleman-pr3"
    assert panel.result.verdict["rulings"][0]["rule"] == "invite.prestige"
    assert panel.text.value == "invite standin-prestige-gentleman-pr3"
    assert game.to_scenario() == before


def test_ruling_panel_ignores_a_check_message_without_text():
    panel = RulingPanel(onb.load_position(REFRESHER))
    _send(panel.text, {"event": "check"})
    assert panel.result.verdict == {}


# ----------------------------------------------------------------- labels


def test_carriage_house_buttons_read_as_words():
    game = onb.load_position(REFRESHER)
    assert action_label(game, "carriage hall_boy fewer") == "Hall Boy: one guest fewer"
    assert action_label(game, "carriage hall_boy more") == "Hall Boy: one guest more"


def test_useful_man_buttons_name_the_servant_when_drafted_or_hired():
    game = onb.load_position("servant-draft-5p")
    assert action_label(game, "draft useful_man") == "Useful Man"
    assert action_label(game, "hire useful_man") == "Useful Man"
    assert action_label(game, "place useful_man music-room") == "Useful Man → Music Room"
    assert action_label(game, "buy croquet-lawn useful_man") == (
        "Croquet Lawn (with the useful man)")


def test_objective_discard_buttons_name_the_card():
    catalog = load_catalog()
    game = onb.load_position(REFRESHER)
    some = next(iter(catalog.objectives.values()))
    assert action_label(game, f"discard-objective {some.id}") == some.name


def _ids() -> set[str]:
    c = load_catalog()
    return {*c.tiles, *c.servants, *c.objectives, *c.vp_cards, *c.families}


def test_no_button_shows_a_catalog_id_through_a_random_game():
    """Every choice a stepper offers, through a seeded game with its draft and season ends."""
    ids = _ids()
    game = onb.load_scenario("first-player-rotation-5p")
    player = RandomPlayer(3)
    seen_verbs: set[str] = set()
    for _ in range(400):
        if game.state.turn is None:
            break
        for action in game.legal_actions():
            label = action_label(game, action)
            words = set(re.split(r"[\s,→()]+", label))
            assert not (words & ids), f"{action.notation!r} is labelled {label!r}"
            seen_verbs.add(action.verb)
        game.apply(player.choose(game))
    assert "discard-objective" in seen_verbs


# ----------------------------------------------------------------- rulings and summaries


def test_ruling_steps_fold_each_action_with_rule_and_citation():
    game = onb.load_position(REFRESHER)
    steps = RulingSteps(game.apply("activity"))
    html = steps._repr_html_()
    assert html.count("<details") == len(steps.entries) == 3  # the action, steps 1 and 2
    assert "[turn.rotate-service]" in html and "Refresher" in html
    assert repr(steps).splitlines()[0] == "> activity"  # plain text, as nbval compares it


def test_turn_summary_of_howards_music_room_ud_p6():
    """service.supplemental (UD p.6): the Music Room turn brings £700 and eight reputation,
    and each of the four new servants did what the rulebook's example says."""
    game = onb.load_position("howard-supplemental-service")
    start = game.snapshot()
    game.play(game.recorded)
    turn = game.turn_summary(since=start)
    assert turn.totals()["money"] == "+£700"
    assert turn.totals()["reputation"] == "+8"
    servants = turn.servants()
    assert list(servants.index) == ["Useful Man", "Cook", "Hall Boy", "Head Housemaid"]
    assert servants.loc["Hall Boy", "placed on"] == "Marquess of Tetbury"
    assert servants.loc["Cook", "rule"] == "ud.cook.reputation"
    assert "£100" in servants.loc["Hall Boy", "later in the turn"]


def test_turn_summary_of_the_plain_drawing_room_has_no_supplemental_servants():
    game = onb.load_position("howard-drawing-room")
    start = game.snapshot()
    game.play(game.recorded)
    turn = game.turn_summary(since=start)
    assert turn.totals()["money"] == "+£200" and turn.totals()["reputation"] == "+4"
    assert turn.servants().empty


# ----------------------------------------------------------------- the tutorial index


def test_index_links_every_numbered_notebook_of_the_folder_in_order():
    from obsession_nb.tutor.tutorials import checkout_tutorials
    from obsession_nb.tutor.views.index import tutorial_list_html

    folder = checkout_tutorials()
    assert folder is not None
    html = tutorial_list_html(folder)
    files = sorted(p.name for p in folder.glob("[0-9][0-9]-*.ipynb"))
    assert files[0] == "00-index.ipynb" and "06-competitive-team-play.ipynb" in files
    hrefs = re.findall(r"href='([^']+)'", html)
    assert hrefs == files
    assert ">06 · Competitive Team Play</a>" in html


def test_index_lists_a_new_notebook_and_escapes_its_title(tmp_path):
    from obsession_nb.tutor.views.index import BLURBS, tutorial_list_html

    nb = {"cells": [{"cell_type": "markdown", "source": ["# <b>Mine</b>\n", "text"]}]}
    (tmp_path / "11-mine.ipynb").write_text(json.dumps(nb))
    (tmp_path / "notes.ipynb").write_text(json.dumps(nb))  # not numbered: not a tutorial
    html = tutorial_list_html(tmp_path)
    assert html.count("<li>") == 1
    assert "href='11-mine.ipynb'" in html and ">11 · &lt;b&gt;Mine&lt;/b&gt;</a>" in html
    assert "11-mine.ipynb" not in BLURBS


def test_every_tutorial_has_a_blurb_and_every_blurb_a_tutorial():
    from obsession_nb.tutor.tutorials import checkout_tutorials
    from obsession_nb.tutor.views.index import BLURBS

    folder = checkout_tutorials()
    assert folder is not None
    assert set(BLURBS) == {p.name for p in folder.glob("[0-9][0-9]-*.ipynb")}


def test_saved_picture_says_the_market_is_empty_instead_of_an_empty_heading():
    from obsession_nb.tutor.views.html import board_html

    game = onb.load_position("servant-draft-5p")
    html = board_html(game.view(), ["supply"], [])
    assert "No tiles on the market yet." in html
    assert "<table><tr></tr></table>" not in html
