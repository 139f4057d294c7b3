"""The Howard worked examples of UD p.6 (Supplemental Service), replayed from their scenario files.

The plain Drawing Room activity (mandatory service only) and the Music Room with the four new
servants give exactly the totals the rulebook states; each new servant's effect is its own ruling
in the log (rules ud.supplemental-service, ud.cook.*, ud.hall-boy.money,
ud.head-housemaid.screen, ud.useful-man.prestige).
"""

import json
import subprocess
import sys

import pytest
from positions import refuse

from obsession_nb import load_position, load_scenario

DRAWING = "content/scenarios/howard-drawing-room.yaml"
MUSIC = "content/scenarios/howard-supplemental-service.yaml"
NEW_SERVANTS = ["cook", "hall_boy", "head_housemaid", "useful_man"]


def _play_json(path: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "obsession_nb.cli", "play", path, "--json"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def drawing() -> dict:
    return _play_json(DRAWING)


@pytest.fixture(scope="module")
def music() -> dict:
    return _play_json(MUSIC)


def _rulings(played: dict, action: str) -> list[dict]:
    entry = next(e for e in played["log"] if e["action"] == action)
    return entry["rulings"]


def _all_rulings(played: dict) -> list[dict]:
    return [r for e in played["log"] for r in e["rulings"]]


# ----------------------------------------------------------------- the plain Drawing Room


def test_ud_howard_drawing_room_gives_200_pounds(drawing: dict) -> None:
    howard = drawing["players"][0]
    assert howard["money"] == 400  # £200 → £400
    assert "Money: £200 → £400 (+200 this activity)." in [r["verdict"] for r in
                                                          _all_rulings(drawing)]


def test_ud_howard_drawing_room_gives_four_reputation(drawing: dict) -> None:
    assert drawing["players"][0]["reputation"] == {"level": 3, "position": 5}  # 3/1 + 4 steps


def test_ud_howard_drawing_room_one_screened_casual_and_one_blind_prestige_draw(
        drawing: dict) -> None:
    rules = [r["rule"] for r in _all_rulings(drawing)]
    assert rules.count("favours.invite") == 1  # Lady Turner's blind prestige draw
    assert rules.count("favours.screen") == 2  # the lady's see 2, keep 1: offered, then kept
    screen = _rulings(drawing, "lady screen")
    assert "see 2 casual guests and keep 1" in screen[-1]["verdict"]
    hand = [c["id"] for c in drawing["players"][0]["hand"]]
    assert "duke-of-langford" in hand and "standin-casual-02" in hand
    # two casual cards seen, one kept, the other under the deck: 4 - 2 + 1; prestige 4 - 1
    assert drawing["supply"]["decks"]["casual"] == 3
    assert drawing["supply"]["decks"]["prestige"] == 3


def test_ud_howard_drawing_room_uses_no_new_servant(drawing: dict) -> None:
    howard = drawing["players"][0]
    assert sorted(howard["servants"]["expended"]) == ["footman", "ladys_maid"]
    for kind in NEW_SERVANTS:
        assert kind in howard["servants"]["available"]
    rules = {r["rule"] for r in _all_rulings(drawing)}
    assert not {r for r in rules if r.startswith(("ud.cook", "ud.hall-boy", "ud.head-housemaid",
                                                  "ud.useful-man"))}


# ----------------------------------------------------------------- the Music Room with the four


def test_ud_howard_music_room_gives_700_pounds(music: dict) -> None:
    assert music["players"][0]["money"] == 900  # £200 + £700
    verdicts = [r["verdict"] for r in _all_rulings(music)]
    assert "Money: £200 → £900 (+700 this activity)." in verdicts


def test_ud_howard_music_room_gives_eight_reputation(music: dict) -> None:
    # level 3 position 1 + 8 steps = level 4 position 4
    assert music["players"][0]["reputation"] == {"level": 4, "position": 4}
    verdicts = [r["verdict"] for r in _all_rulings(music)]
    assert any(v.startswith("Net reputation +8") for v in verdicts)


def test_ud_howard_music_room_two_see_2_keep_1_invitations_casual_and_prestige(
        music: dict) -> None:
    prestige = _rulings(music, "(step 6: enjoy favours)")
    assert any("see 2 prestige guests and keep 1" in r["verdict"] for r in prestige)
    casual = _rulings(music, "lady screen")
    assert any("see 2 casual guests and keep 1" in r["verdict"] for r in casual)
    assert not [r for r in _all_rulings(music) if r["rule"] == "favours.invite"]  # no blind draw
    hand = [c["id"] for c in music["players"][0]["hand"]]
    assert "marchioness-of-easton" in hand and "standin-casual-03" in hand


def test_ud_howard_music_room_ends_without_a_purchase(music: dict) -> None:
    assert [t["id"] for t in music["players"][0]["organiser"]] == [
        "private-study", "butlers-room", "gazebo", "front-parlour", "bowling-green",
        "drawing-room", "music-room"]
    assert "Shopping ends after 0 purchase(s); step 8 clears the board." in [
        r["verdict"] for r in _rulings(music, "done")]


def test_ud_howard_music_room_four_new_servants_end_in_expended_service(music: dict) -> None:
    howard = music["players"][0]
    for kind in NEW_SERVANTS:
        assert kind in howard["servants"]["expended"]
        assert kind not in howard["servants"]["available"]
    assert sorted(howard["servants"]["available"]) == ["footman", "housekeeper"]


def test_ud_howard_useful_man_lowers_the_music_room_from_4_to_3(music: dict) -> None:
    place = _rulings(music, "place useful_man music-room")
    assert [r["rule"] for r in place] == ["ud.useful-man.prestige",
                                          "ruling.useful-man-prestige-timing"]
    assert "prestige rating 4 → 3" in place[0]["verdict"]
    host = _rulings(music, "host music-room")
    assert "Prestige rating 3 ≤ level 3." in [r["verdict"] for r in host]


def test_ud_howard_cook_admits_the_marquess_and_adds_a_reputation(music: dict) -> None:
    assert [r["rule"] for r in _rulings(music, "place cook tile")] == ["ud.cook.reputation"]
    invite = _rulings(music, "invite marquess-of-tetbury")
    assert "ud.cook.prestige" in [r["rule"] for r in invite]
    favours = _rulings(music, "(step 6: enjoy favours)")
    assert {"rule": "ud.cook.reputation", "verdict": "Reputation: the cook +1."}.items() <= \
        next(r for r in favours if r["rule"] == "ud.cook.reputation").items()


def test_ud_howard_hall_boy_raises_the_marquess_500_to_600(music: dict) -> None:
    assert [r["rule"] for r in _rulings(music, "place hall_boy marquess-of-tetbury")] == [
        "ud.hall-boy.money"]
    favours = _rulings(music, "(step 6: enjoy favours)")
    money = [r["verdict"] for r in favours if r["rule"] in ("favours.money", "ud.hall-boy.money")]
    assert "Marquess of Tetbury gives £500." in money
    assert "The hall boy on Marquess of Tetbury adds £100 to its favour." in money


def test_ud_howard_head_housemaid_turns_lady_turners_blind_draw_into_see_2_keep_1(
        music: dict) -> None:
    assert [r["rule"] for r in _rulings(music, "place head_housemaid lady-marianne-turner")] == [
        "ud.head-housemaid.screen"]
    favours = _rulings(music, "(step 6: enjoy favours)")
    hh = [r for r in favours if r["rule"] == "ud.head-housemaid.screen"]
    assert len(hh) == 1 and "see 2, keep 1" in hh[0]["verdict"]


def test_ud_howard_each_servant_effect_is_its_own_ruling(music: dict) -> None:
    rules = [r["rule"] for r in _all_rulings(music)]
    for rule in ("ud.useful-man.prestige", "ud.cook.reputation", "ud.cook.prestige",
                 "ud.hall-boy.money", "ud.head-housemaid.screen"):
        assert rule in rules, rule
    for r in _all_rulings(music):
        assert r["citation"], r


def test_ud_howard_scenarios_play_the_same_through_the_api() -> None:
    g = load_scenario(MUSIC)
    howard = g.state.players[0]
    assert howard.money == 900
    assert howard.reputation == 10 + 8  # level 3 position 1 is step 10; level 4 position 4
    assert g.state.supply.prestige_deck[-1] == "duke-of-langford"  # the screened-out guest
    assert g.state.supply.casual_deck[-1] == "standin-casual-02"
    for kind in NEW_SERVANTS:
        assert kind in howard.servants.expended


# ----------------------------------------------------------------- the same hand without them


def test_ud_howard_music_room_is_refused_at_level_3_without_the_useful_man() -> None:
    g = load_position(MUSIC)
    g.apply("activity")
    refuse(g, "host music-room", "host.prestige")


def test_ud_howard_marquess_is_refused_at_level_3_without_the_cook() -> None:
    g = load_position(MUSIC)
    g.play(["activity", "place useful_man music-room", "host music-room"])
    refuse(g, "invite marquess-of-tetbury", "invite.prestige")
