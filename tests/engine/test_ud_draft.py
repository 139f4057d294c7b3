"""Player-area setup with the servant draft (UD p.10): one of each short servant on display,
families chosen and servants drafted from the first player's left clockwise, the display never
restocked, Howard unable to draft the cook, York free to draft a footman, the leftovers returned.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from positions import refuse

from obsession_nb import Game, load_position, load_scenario
from obsession_nb.engine.positions.scenario import parse
from obsession_nb.engine.records.state import State
from obsession_nb.engine.setup.servant_draft import DRAFT_SERVANTS, start_draft

SCENARIO = "content/scenarios/servant-draft-5p.yaml"
FIVE_PLAYER_SUPPLY = {"underbutler": 2, "footman": 10, "valet": 5, "ladys_maid": 5, "cook": 5,
                      "hall_boy": 5, "head_housemaid": 5, "useful_man": 5}
# the rest of the book's draft after Ulrich's valet
REST = ["draft valet", "family york", "draft useful_man", "family asquith", "draft cook",
        "family ponsonby", "draft footman"]


def fresh(first_player: int = 0, players: int = 5) -> Game:
    """Five players at the table, no family chosen yet; the draft display is set out."""
    data = {
        "options": {"expansion": True},
        "first_player": first_player,
        "players": [{"name": n} for n in ["Ted", "Ann", "Ulrich", "Maricel", "Marcos"][:players]],
        "supply": {"servants_for_hire": dict(FIVE_PLAYER_SUPPLY)},
        "turn": {"player": first_player, "step": "draft"},
    }
    g = Game.from_state(State.model_validate(data))  # setup under way: start_draft sets it out
    g.table.automatic = []
    start_draft(g.table)
    return g


def legal(g: Game) -> list[str]:
    return [a.notation for a in g.legal_actions()]


# ================================================================= the display and the order


def test_ud_setup_draft_displays_one_of_each_short_servant() -> None:
    g = fresh()
    assert g.state.supply.draft_display == list(DRAFT_SERVANTS)
    assert sorted(DRAFT_SERVANTS) == sorted(["cook", "hall_boy", "head_housemaid", "useful_man",
                                             "valet", "ladys_maid", "footman"])
    hire = g.state.supply.servants_for_hire
    for kind in DRAFT_SERVANTS:
        assert hire[kind] == FIVE_PLAYER_SUPPLY[kind] - 1  # taken from Servants for Hire
    assert hire["underbutler"] == 2  # no underbutler on display


def test_ud_setup_draft_starts_left_of_the_first_player() -> None:
    assert fresh(first_player=0).pending()["player"] == 1
    assert fresh(first_player=3).pending()["player"] == 4
    assert fresh(first_player=4).pending()["player"] == 0


def test_ud_setup_draft_goes_clockwise_and_ends_with_the_first_player() -> None:
    g = fresh(first_player=2)
    seats = []
    for family, servant in [("cavendish", "valet"), ("york", "footman"), ("asquith", "cook"),
                            ("ponsonby", "hall_boy"), ("howard", "ladys_maid")]:
        seats.append(g.pending()["player"])
        g.play([f"family {family}", f"draft {servant}"])
    assert seats == [3, 4, 0, 1, 2]
    assert g.pending() == {"player": 2, "step": "begin", "owner": 2,
                           "prompt": g.pending()["prompt"]}  # the first player begins


def test_ud_setup_draft_family_before_servant() -> None:
    g = fresh()
    assert all(a.startswith("family ") for a in legal(g))
    refuse(g, "draft valet", "ud.setup.draft")


def test_ud_setup_draft_family_board_taken_once() -> None:
    g = load_scenario(SCENARIO)  # Ann took Cavendish
    g2 = fresh()
    g2.play(["family cavendish", "draft head_housemaid"])
    refuse(g2, "family cavendish", "ud.setup.draft")
    assert g.state.players[1].family == "cavendish"


def test_ud_setup_draft_display_is_not_restocked() -> None:
    g = load_scenario(SCENARIO)  # Ann drafted the head housemaid; Ulrich chose Howard
    assert "head_housemaid" not in g.state.supply.draft_display
    refuse(g, "draft head_housemaid", "ud.setup.draft")
    assert g.state.supply.servants_for_hire["head_housemaid"] == 4  # not refilled from supply


def test_ud_setup_drafted_servant_goes_to_available_service() -> None:
    g = load_scenario(SCENARIO)
    assert "head_housemaid" in g.state.players[1].servants.available


# ================================================================= Howard and York


def test_ud_setup_draft_howard_cannot_draft_the_cook() -> None:
    g = load_scenario(SCENARIO)
    assert g.pending()["player"] == 2 and g.state.players[2].family == "howard"
    refuse(g, "draft cook", "ud.setup.draft-howard")


def test_ud_setup_draft_ulrichs_legal_actions_offer_no_cook_and_the_valet() -> None:
    g = load_scenario(SCENARIO)
    assert legal(g) == ["draft hall_boy", "draft useful_man", "draft valet", "draft ladys_maid",
                        "draft footman"]


def test_ud_setup_draft_legal_json_offers_ulrich_no_cook() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "obsession_nb.cli", "legal", SCENARIO, "--json"],
        capture_output=True, text=True, check=True,
    )
    notations = [a["notation"] for a in json.loads(out.stdout)]
    assert "draft cook" not in notations
    assert "draft valet" in notations


def test_ud_setup_draft_others_may_draft_the_cook() -> None:
    g = load_scenario(SCENARIO)
    g.play(REST[:3])  # Ulrich a valet; Maricel York and the useful man
    g.apply("family asquith")
    verdict = g.check("draft cook")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.setup.draft"]


def test_ud_setup_draft_york_may_draft_another_footman() -> None:
    g = load_scenario(SCENARIO)
    g.play(["draft valet", "family york"])
    verdict = g.check("draft footman")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.setup.draft-york"]


@pytest.mark.rule("ud.components-only-with-expansion")
def test_ud_setup_draft_howard_board_needs_the_expansion() -> None:
    data = yaml.safe_load(Path(SCENARIO).read_text(encoding="utf-8"))
    data["options"]["expansion"] = False
    data["actions"] = ["family cavendish", "draft head_housemaid"]
    sc = parse(yaml.safe_dump(data))
    g = Game.from_state(sc.state)
    g.play(sc.actions)
    refuse(g, "family howard", "ud.family.howard")


# ================================================================= the book's draft to the end


def test_ud_setup_draft_the_books_draft_to_the_end() -> None:
    g = load_scenario(SCENARIO)
    g.play(REST)
    families = [p.family for p in g.state.players]
    assert families == ["ponsonby", "cavendish", "howard", "york", "asquith"]
    drafted = {"Ann": "head_housemaid", "Ulrich": "valet", "Maricel": "useful_man",
               "Marcos": "cook", "Ted": "footman"}
    for p in g.state.players:
        assert drafted[p.name] in p.servants.available
    assert g.state.supply.draft_display == []
    assert g.pending()["player"] == 0 and g.pending()["step"] == "begin"  # Ted begins


def test_ud_setup_draft_leftovers_return_to_servants_for_hire() -> None:
    g = load_scenario(SCENARIO)
    before = dict(g.state.supply.servants_for_hire)
    g.play(REST)
    after = g.state.supply.servants_for_hire
    assert after["hall_boy"] == before["hall_boy"] + 1
    assert after["ladys_maid"] == before["ladys_maid"] + 1
    for kind in ("cook", "useful_man", "valet", "footman", "head_housemaid"):
        assert after[kind] == before[kind]
    leftovers = [r for e in g.log for r in e.rulings if r["rule"] == "ud.setup.draft-leftovers"]
    assert len(leftovers) == 1 and "Hall Boy, Lady's Maid" in leftovers[0]["verdict"]


def test_ud_setup_draft_howard_ends_with_exactly_one_cook() -> None:
    g = load_scenario(SCENARIO)
    g.play(REST)
    ulrich = g.state.players[2]
    assert ulrich.servants.all().count("cook") == 1


def test_ud_setup_draft_position_before_the_recorded_actions() -> None:
    g = load_position(SCENARIO)
    assert g.pending()["player"] == 1  # Ann, on Ted's left
    assert g.state.supply.draft_display == list(DRAFT_SERVANTS)


def test_setup_family_wessex_chooses_its_extra_starting_tile_in_the_draft() -> None:
    from obsession_nb import load_scenario as load
    from obsession_nb.base.resources import content_dir

    game = load(content_dir() / "scenarios" / "servant-draft-5p.yaml")
    game.play(["draft valet", "family wessex"])
    legal = sorted(a.notation for a in game.legal_actions())
    assert legal == ["start-tile breakfast-room", "start-tile tennis-court"]
    verdict = game.check("draft useful_man")
    assert not verdict.legal and verdict.rulings[0].rule == "setup.family.wessex"
    assert not game.check("start-tile gazebo").legal
    game.play(["start-tile tennis-court", "draft useful_man", "family ponsonby", "draft cook",
               "family asquith", "draft footman"])
    maricel = game.state.players[3]
    owned = [t.tile for t in maricel.organiser]
    assert owned.count("tennis-court") == 1 and "breakfast-room" not in owned
    assert game.pending()["step"] == "begin"
    rulings = [r["verdict"] for e in game.log for r in e.rulings if r["rule"] == "setup.family.wessex"]
    assert any("Tennis Court" in v for v in rulings)
