"""The refresher's worked turn (Refresher §A turn, played out) replayed from its scenario file."""

import json
import subprocess
import sys

import pytest
from positions import refuse

from obsession_nb import load_position, load_scenario

SCENARIO = "content/scenarios/refresher-round-6.yaml"


@pytest.fixture(scope="module")
def played() -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "obsession_nb.cli", "play", SCENARIO, "--json"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


def test_refresher_turn_reaches_the_stated_end(played: dict) -> None:
    you = played["players"][0]
    assert you["money"] == 100
    assert you["reputation"] == {"level": 3, "position": 2}
    assert sorted(you["servants"]["expended"]) == ["footman", "underbutler", "valet"]
    estate = next(t for t in you["organiser"] if t["id"] == "standin-estate-pr2")
    assert estate["flipped"] is True
    bought = next(t for t in you["organiser"] if t["id"] == "standin-estate-minus100")
    assert bought["flipped"] is False and bought["category"] == "estate"
    assert played["pending"]["player"] == 1  # the player on the left is next


def test_refresher_money_goes_300_400_100(played: dict) -> None:
    verdicts = [r["verdict"] for e in played["log"] for r in e["rulings"]]
    assert "Money: £300 → £400 (+100 this activity)." in verdicts
    assert any("pays £300 (now £100)" in v for v in verdicts)
    assert any("£400 space costs £300" in v for v in verdicts)


def test_refresher_underbutler_covers_the_second_footman(played: dict) -> None:
    serve = next(e for e in played["log"] if e["action"].startswith("serve standin-pauper"))
    assert [r["rule"] for r in serve["rulings"]] == ["service.underbutler", "ruling.underbutler-scope"]


def test_refresher_service_tile_drawn_after_purchase_goes_to_the_reserve(played: dict) -> None:
    reserve = [t["id"] for t in played["supply"]["service_reserve"]["tiles"]]
    assert reserve == ["barn", "servants-quarters"]
    market = [s["tiles"][0]["id"] for s in played["supply"]["market"]]
    assert market[-1] == "drawing-room"
    assert played["supply"]["market"][-1]["tiles"][0]["category"] == "prestige"


def test_refresher_every_logged_step_cites_an_indexed_rule(played: dict) -> None:
    assert played["log"]
    for entry in played["log"]:
        assert entry["rulings"], entry["action"]
        for r in entry["rulings"]:
            assert r["rule"] and r["verdict"] and r["citation"]


def test_refresher_prestige_three_gentleman_is_refused_at_level_two() -> None:
    g = load_position(SCENARIO)
    g.play(["activity", "host standin-estate-pr2"])
    refuse(g, "invite standin-prestige-gentleman-pr3", "invite.prestige")


def test_refresher_barn_in_the_reserve_cannot_be_bought_twice() -> None:
    g = load_scenario(SCENARIO)
    g2 = load_position(SCENARIO)
    g2.play(g.recorded[:-1])
    refuse(g2, "buy barn", "market.one-purchase")
    g3 = load_position(SCENARIO)
    g3.play(g.recorded[:-2])
    refuse(g3, "buy barn", "market.no-duplicates")


def test_refresher_second_market_refresh_is_refused() -> None:
    g = load_position(SCENARIO)
    g.play(["activity", "refresh-market"])
    refuse(g, "refresh-market", "special.market-refresh")
