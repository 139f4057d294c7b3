"""The interactive widgets in a real browser: the stepper plays the refresher's turn as the
rules say, the ruling panel shows why a choice is illegal, the editor lists problems by path,
and scenario text never runs as HTML."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tutor_helpers import (
    choose,
    expect_prompt,
    player,
    run_code_in_lab,
    shoot,
    stepper,
)

pytestmark = pytest.mark.browser

BASE_TURN = "01-a-base-game-turn.ipynb"
# A scenario whose names are markup: the title, both players and two custom guests.
XSS_SCENARIO = """\
format: obsession-nb/scenario@1
title: "<b>Escaping</b> test <img src=x onerror=alert(3)>"
options: {expansion: false}
round: 2
players:
  - name: "<img src=x onerror=alert(1)>"
    family: york
    money: 100
    turns_taken: 1
    servants:
      available: [butler, housekeeper, valet, ladys_maid, footman, footman]
    hand: [xss-guest, xss-lady, york-wife]
    objectives: [standin-objective-group-1, standin-objective-group-2, standin-objective-group-3,
                 standin-objective-guest-1, standin-objective-guest-2]
    organiser:
      - {tile: private-study}
      - {tile: butlers-room}
      - {tile: gazebo}
      - {tile: front-parlour}
      - {tile: bowling-green}
  - name: "<script>window.__onb_xss = 2</script>"
    family: asquith
    objectives: [standin-objective-room-1, standin-objective-room-2, standin-objective-room-3,
                 standin-objective-room-4, standin-objective-room-5]
    servants:
      available: [butler, housekeeper, valet, ladys_maid, footman]
supply:
  casual_deck: [standin-casual-01, standin-casual-02]
  prestige_deck: [lady-suffolk]
  fairchilds: [charles-fairchild, elizabeth-fairchild]
  market: [[fenced-paddock], [riding-stables], [croquet-lawn], [english-garden], [tennis-court], [french-garden]]
  bag: [dining-room, drawing-room]
custom_cards:
  - id: xss-guest
    name: "<img src=x onerror=alert(1)>"
    deck: casual
    gender: male
    prestige: 1
    vp: 1
    service: [valet]
    favours: [{kind: money, amount: 100}]
    source: "<i>an escaping test</i>"
    verified: false
    unverified: [name]
  - id: xss-lady
    name: "<script>window.__onb_xss = 1</script>"
    deck: casual
    gender: female
    prestige: 1
    vp: 1
    service: [ladys_maid]
    favours: [{kind: reputation, amount: 1}]
    source: an escaping test
actions:
  - activity
  - host gazebo
  - invite xss-guest
  - invite xss-lady
  - serve tile housekeeper
  - serve xss-guest valet
  - serve xss-lady ladys_maid
"""
IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>window.__onb_xss = 1</script>"


def _money(scope, seat: int = 0):
    return player(scope, seat).locator(".onb-money")


def _wheel(scope, seat: int = 0):
    return player(scope, seat).locator(".onb-wheel")


def test_stepper_plays_the_refresher_turn_and_back_undoes(page: Page, run_notebook_in_lab):
    """Rules turn.rotate-service, service.underbutler, favours.money, favours.pauper,
    reputation.wheel, market.price, market.reserve-divert, cleanup.*: clicked, not typed."""
    run_notebook_in_lab(page, BASE_TURN)
    s = stepper(page, 0)
    expect_prompt(s, "the start of the turn")
    # The board's regions are named for a screen reader (issue 49): each player board and the
    # market (this stepper draws no round track).
    expect(s.get_by_role("group", name="Builders' Market and reserves")).to_have_count(1)
    expect(s.get_by_role("group", name=re.compile(r"\(p1\): player board$"))).to_have_count(1)
    expect(_money(s)).to_have_text("£300")
    expect(_wheel(s)).to_have_attribute("data-level", "2")
    expect(_wheel(s)).to_have_attribute("data-position", "4")
    expect(player(s).locator('.onb-quarters .onb-meeple[data-kind="underbutler"]')).to_have_count(1)

    choose(s, "activity")
    expect_prompt(s, "step 3 (host an activity)")
    # Step 1 rotated service: the underbutler is available, the lady's maid rests in Quarters.
    expect(player(s).locator('.onb-available .onb-meeple[data-kind="underbutler"]')).to_have_count(1)
    expect(player(s).locator('.onb-quarters .onb-meeple[data-kind="ladys_maid"]')).to_have_count(1)
    expect(s.locator(".onb-stepper-log")).to_contain_text("turn.rotate-service")

    choose(s, "host standin-estate-pr2")
    expect_prompt(s, "step 4 (invite guests)")
    expect(s.locator(".onb-activity .onb-tile")).to_contain_text("Stand-in estate tile (PR 2)")
    # The prestige-3 gentleman is not offered: the engine refuses him at level 2.
    expect(s.locator('.onb-choice[title^="invite standin-prestige-gentleman-pr3 —"]')).to_have_count(0)
    choose(s, "invite standin-casual-gentleman-200")
    choose(s, "invite standin-pauper-gentleman")
    expect_prompt(s, "step 5 (provide service)")
    choose(s, "serve tile footman")
    choose(s, "serve standin-pauper-gentleman underbutler")
    expect(s.locator(".onb-stepper-log")).to_contain_text("service.underbutler")
    expect(_money(s)).to_have_text("£300")
    choose(s, "serve standin-casual-gentleman-200 valet")

    # Favours: £300 → £400; reputation level 2 position 4 → level 3 position 2.
    expect_prompt(s, "step 7 (buy from the Builders' Market)")
    expect(_money(s)).to_have_text("£400")
    expect(_wheel(s)).to_have_attribute("data-level", "3")
    expect(_wheel(s)).to_have_attribute("data-position", "2")
    log = s.locator(".onb-stepper-log")
    expect(log).to_contain_text("Money: £300 → £400")
    expect(log).to_contain_text("reputation.wheel")

    # Buy the −£100 Estate tile from the £400 space for £300; the service tile drawn next goes to
    # the Service Tile Reserve.
    choose(s, "buy standin-estate-minus100")
    expect(_money(s)).to_have_text("£100")
    expect(log).to_contain_text("market.reserve-divert")
    expect(s.locator(".onb-service-reserve")).to_contain_text("Servants' Quarters")
    shoot(s, "widget-stepper-base-turn-buy")

    choose(s, "done")
    expect_prompt(s, "Left (p2)")
    expended = player(s).locator(".onb-expended .onb-meeple")
    expect(expended).to_have_count(3)
    kinds = sorted(expended.evaluate_all("els => els.map(e => e.dataset.kind)"))
    assert kinds == ["footman", "underbutler", "valet"]
    # The engine itself agrees (not just the drawing).
    out = run_code_in_lab(page, "p = stepper.game.state.players[0]\n"
                                "print(p.money, stepper.game.view()['players'][0]['reputation'],"
                                " sorted(p.servants.expended))")
    assert "100 {'level': 3, 'position': 2} ['footman', 'underbutler', 'valet']" in out

    # Back undoes step by step: the clean-up, then the purchase.
    s.locator(".onb-back").click()
    expect_prompt(s, "step 7")
    expect(_money(s)).to_have_text("£100")
    s.locator(".onb-back").click()
    expect(_money(s)).to_have_text("£400")
    expect(s.locator(".onb-market-space").nth(1)).to_contain_text("Stand-in estate tile")
    out = run_code_in_lab(page, "print(stepper.game.state.players[0].money, stepper.applied[-1])")
    assert "400 serve standin-casual-gentleman-200 valet" in out


def test_ruling_panel_shows_the_illegal_choice_with_its_citation(page: Page, run_notebook_in_lab):
    """Rule invite.prestige: the prestige-3 gentleman at level 2, picked in the panel."""
    run_notebook_in_lab(page, BASE_TURN)
    s = stepper(page, 0)
    s.locator(".onb-next").click()
    s.locator(".onb-next").click()
    expect_prompt(s, "step 4 (invite guests)")

    panel = page.locator(".onb-ruling-panel")
    panel.locator(".onb-panel-verb select").select_option("Invite a guest (step 4) (invite)")
    card = panel.locator("select").nth(1)
    card.select_option(label="Stand-in prestige gentleman (PR 3)")
    expect(panel.locator(".onb-panel-text input")).to_have_value(
        "invite standin-prestige-gentleman-pr3")
    panel.locator(".onb-panel-check").click()
    verdict = panel.locator(".onb-verdict-illegal")
    expect(verdict).to_be_visible()
    expect(verdict.locator(".onb-illegal")).to_have_text("illegal")
    ruling = verdict.locator('.onb-ruling[data-rule="invite.prestige"]')
    expect(ruling).to_contain_text("prestige rating 3, above the limit of 2")
    expect(ruling.locator(".onb-citation")).to_contain_text("Refresher §Fourth, invite guests")
    shoot(panel, "widget-ruling-panel-illegal")

    # A typed action that is legal now, and one that is not an action at all.
    text = panel.locator(".onb-panel-text input")
    text.fill("invite standin-casual-gentleman-200")
    panel.locator(".onb-panel-check").click()
    expect(panel.locator(".onb-verdict-legal")).to_contain_text("invite.prestige")
    text.fill("invite")
    panel.locator(".onb-panel-check").click()
    expect(panel.locator(".onb-verdict-bad-notation")).to_contain_text("does not match")
    # Checking changed nothing: the stepper is still at step 4 with the same hand.
    expect_prompt(s, "step 4 (invite guests)")


def test_editor_lists_every_problem_with_its_path(page: Page, run_notebook_in_lab):
    run_notebook_in_lab(page, BASE_TURN)
    editor = page.locator(".onb-editor")
    area = editor.locator(".onb-editor-text textarea")
    text = area.input_value()
    broken = text.replace("available: [butler, housekeeper, valet, footman]",
                          "available: [butler, cooke, valet, footman]", 1)
    broken = broken.replace("money: 300", "money: -50", 1)
    assert broken != text
    area.fill(broken)
    editor.locator(".onb-editor-check").click()
    problems = editor.locator(".onb-problem")
    expect(problems.first).to_be_visible()
    expect(editor.locator(".onb-editor-report")).to_contain_text(
        "players[0].servants.available[1]: unknown servant 'cooke'")
    expect(editor.locator(".onb-editor-report")).to_contain_text("players[0].money")
    expect(editor.locator(".onb-status-error")).to_contain_text("nothing was loaded")
    shoot(editor.locator(".onb-editor-report"), "widget-editor-problems")

    # A sound edit loads into the stepper: level 3 lets the prestige-3 gentleman attend.
    area.fill(text.replace("reputation: {level: 2, position: 4}",
                           "reputation: {level: 3, position: 4}", 1))
    editor.locator(".onb-editor-load").click()
    expect(editor.locator(".onb-status-ok")).to_contain_text("Loaded")
    s = editor.locator(".onb-stepper")
    choose(s, "activity")
    choose(s, "host standin-estate-pr2")
    expect(s.locator('.onb-choice[title^="invite standin-prestige-gentleman-pr3 —"]')).to_be_visible()


def test_scenario_text_is_shown_as_text_and_never_runs(page: Page, run_notebook_in_lab,
                                                       assert_no_widget_errors):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    run_notebook_in_lab(page, BASE_TURN)
    editor = page.locator(".onb-editor")
    editor.locator(".onb-editor-text textarea").fill(XSS_SCENARIO)
    editor.locator(".onb-editor-load").click()
    expect(editor.locator(".onb-status-ok")).to_contain_text("Loaded")
    s = editor.locator(".onb-stepper")
    for _ in range(7):
        s.locator(".onb-next").click()
    expect_prompt(s, "step 7")

    # Names appear literally, as text: the player, both custom guests, the prompt, the rulings.
    expect(player(s).locator(".onb-player-name")).to_have_text(IMG)
    names = s.locator(".onb-activity .onb-card-name")
    expect(names).to_have_count(2)
    assert sorted(names.all_inner_texts()) == sorted([IMG, SCRIPT])
    expect(s.locator(".onb-step-text")).to_contain_text(IMG)
    expect(s.locator(".onb-stepper-log")).to_contain_text(f"{IMG} qualifies for the activity")
    expect(s.locator(".onb-pending-title")).to_have_text(
        "<b>Escaping</b> test <img src=x onerror=alert(3)>")
    # ... and the same names as button labels and a hover title (attributes, not markup).
    s.locator(".onb-back").click()  # back to step 5: the last choice names a guest
    expect(s.locator(".onb-choice", has_text=f"Lady's Maid → {SCRIPT}")).to_be_visible()

    # Nothing ran and no element was made from the data.
    assert page.locator(".jp-OutputArea img").count() == 0
    assert page.locator(".jp-OutputArea script").count() == 0
    assert page.locator(".jp-OutputArea b", has_text="Escaping").count() == 0
    assert page.evaluate("() => window.__onb_xss") is None
    page.wait_for_timeout(500)
    assert dialogs == []
    assert_no_widget_errors(page)
    shoot(s, "widget-xss-as-text")
    assert page.locator("[onerror]").count() == 0


HOWARD = "02-howard-supplemental-service.ipynb"


def test_stepper_plays_howards_music_room_with_the_four_new_servants(
    page: Page, run_notebook_in_lab
):
    """Rules ud.useful-man.prestige, ud.cook.reputation, ud.hall-boy.money,
    ud.head-housemaid.screen (UD p.6): +£700 and eight reputation, clicked through."""
    run_notebook_in_lab(page, HOWARD)
    s = stepper(page, 0)
    expect(_money(s)).to_have_text("£200")
    expect(_wheel(s)).to_have_attribute("data-level", "3")
    expect(_wheel(s)).to_have_attribute("data-position", "1")
    choose(s, "activity")
    # At level 3 the prestige-4 Music Room is not offered until the useful man lowers it.
    expect(s.locator('.onb-choice[title^="host music-room —"]')).to_have_count(0)
    choose(s, "place useful_man music-room")
    expect(s.locator(".onb-stepper-log")).to_contain_text("ud.useful-man.prestige")
    choose(s, "host music-room")
    expect(s.locator(".onb-activity .onb-tile")).to_contain_text("Music Room")
    # The prestige-5 Marquess may come only once the cook is on the tile.
    expect(s.locator('.onb-choice[title^="invite marquess-of-tetbury —"]')).to_have_count(0)
    choose(s, "place cook tile")
    expect(s.locator(".onb-activity .onb-placed", has_text="Cook")).to_contain_text("supplemental")
    for notation in ["invite marquess-of-tetbury", "invite lady-marianne-turner",
                     "invite howard-wife", "invite howard-heir", "serve tile butler",
                     "serve marquess-of-tetbury valet", "serve lady-marianne-turner ladys_maid",
                     "place hall_boy marquess-of-tetbury"]:
        choose(s, notation)
    expect(s.locator('.onb-activity .onb-card[data-card="marquess-of-tetbury"]')).to_be_visible()
    expect(_money(s)).to_have_text("£200")
    choose(s, "place head_housemaid lady-marianne-turner")

    # Step 6: +£700 (the Marquess's £500 + the hall boy's £100 + the heir's £100), +8 reputation.
    expect(_money(s)).to_have_text("£900")
    expect(_wheel(s)).to_have_attribute("data-level", "4")
    expect(_wheel(s)).to_have_attribute("data-position", "4")
    log = s.locator(".onb-stepper-log")
    for rule in ("ud.hall-boy.money", "ud.cook.reputation", "ud.head-housemaid.screen"):
        expect(log.locator(f'.onb-ruling[data-rule="{rule}"]').first).to_be_visible()
    expect(log).to_contain_text("Money: £200 → £900")
    expect_prompt(s, "decide: screen")
    shoot(s, "widget-stepper-howard-favours")
    for notation in ["keep marchioness-of-easton", "lady screen", "keep standin-casual-03", "done"]:
        choose(s, notation)
    expect_prompt(s, "York (p2)")
    expect(player(s).locator(".onb-expended .onb-meeple")).to_have_count(7)
    kinds = player(s).locator(".onb-expended .onb-meeple").evaluate_all(
        "els => els.map(e => e.dataset.kind)")
    assert sorted(kinds) == sorted(["useful_man", "cook", "butler", "valet", "ladys_maid",
                                    "hall_boy", "head_housemaid"])
    out = run_code_in_lab(page, "h = stepper.game.state.players[0]\n"
                                "print(h.money, stepper.game.view()['players'][0]['reputation'],"
                                " 'marchioness-of-easton' in h.hand, 'standin-casual-03' in h.hand)")
    assert "900 {'level': 4, 'position': 4} True True" in out
