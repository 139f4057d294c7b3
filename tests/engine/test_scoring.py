"""End-game scoring (issue 4, item 5): the seven categories, the tie-breaks, objectives, the
scoresheet as a DataFrame, and the six-prestige-guest limit.  Named after the rules."""

from __future__ import annotations

import pytest
from positions import game, player, refuse, rules_of, table

from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.scoring import CATEGORIES, LABELS, score
from obsession_nb.engine.steps.objectives import evaluate, evaluator

CAT = load_catalog()
START = ["private-study", "butlers-room", "gazebo", "front-parlour", "bowling-green"]


def sheet(**me):
    return score(game(table(me=me)))


def category(name: str, **me) -> int:
    return sheet(**me).players[0].categories[name]


@pytest.mark.rule("tile.monuments", "tile.private-study")
def test_scoring_tiles_every_face_up_monuments_included() -> None:
    organiser = [{"tile": t} for t in START] + [
        {"tile": "english-garden", "flipped": True}, {"tile": "sculpture-garden"}]
    # START fronts 3 + 0 + 1 + 1 + 0, the English Garden's rose side 3, the Sculpture Garden 10
    assert category("tiles", organiser=organiser) == 18
    flipped_study = [{"tile": "private-study", "flipped": True}]
    assert category("tiles", organiser=flipped_study) == 0


def test_scoring_gentry_hand_and_discard_negatives_included() -> None:
    assert category("gentry") == 8  # the four Cavendish family cards
    assert category("gentry", discard=["miss-oliver", "marquess-of-tetbury"]) == 8 - 2 + 6
    assert category("gentry", hand=["charles-fairchild"]) == 8


@pytest.mark.rule("favours.family-cards")
def test_setup_family_asquith_family_cards_score_nine() -> None:
    data = table()
    data["players"][0] = player("Ann", "asquith")
    data["players"][0]["hand"].append("asquith-aunt")
    g = game(data)
    assert score(g).players[0].categories["gentry"] == 9


def test_scoring_objectives_completed_cards_only() -> None:
    organiser = [{"tile": t} for t in START] + [{"tile": "sculpture-garden"},
                                                {"tile": "trophy-room"}]
    held = ["objective-wealth-1200", "objective-monuments", "standin-objective-room-1",
            "standin-objective-room-2"]  # four at round 6 (ruling.objective-count)
    s = sheet(objectives=held, money=1300, organiser=organiser).players[0]
    assert [r.vp for r in s.objectives] == [4, 6, 0, 0]
    assert s.categories["objectives"] == 10
    assert not s.objectives[2].met


def test_scoring_objectives_every_catalog_card_has_an_evaluator() -> None:
    missing = [o.id for o in CAT.objectives.values() if evaluator(o) is None]
    assert not missing


@pytest.mark.parametrize(("card", "me", "vp"), [
    ("objective-max-reputation", {"reputation": {"level": 7, "position": 1}}, 5),
    ("objective-max-reputation", {"reputation": {"level": 6, "position": 5}}, 0),
    ("standin-objective-room-1", {"organiser": [{"tile": "music-room"}]}, 4),
    ("standin-objective-guest-6", {"discard": ["miss-oliver"]}, 0),
    ("standin-objective-guest-6", {}, 4),
    ("standin-objective-category-estate",
     {"organiser": [{"tile": "gazebo"}, {"tile": "fenced-paddock"}]}, 4),
    ("standin-objective-servant-1", {"servants": {"available": ["footman"],
                                                  "quarters": ["footman"],
                                                  "expended": ["footman"]}}, 5),
    ("standin-objective-ud-servant-3", {"servants": {"available": [
        "cook", "hall_boy", "head_housemaid", "useful_man"]}}, 8),
])
def test_scoring_objectives_card_conditions(card, me, vp) -> None:
    g = game(table(me=me))
    assert evaluate(g.table, g.state.players[0], card).vp == vp


@pytest.mark.parametrize(("length", "level", "vp"), [
    ("standard", 1, 1), ("standard", 3, 6), ("standard", 6, 21), ("standard", "max", 28),
    ("extended", 7, 28), ("extended", 8, 36), ("extended", "max", 45)])
def test_scoring_reputation_triangular_by_level(length, level, vp) -> None:
    data = table(me={"reputation": {"level": level, "position": 3}})
    data["options"]["length"] = length
    assert score(game(data)).players[0].categories["reputation"] == vp


def test_scoring_servants_two_each_in_every_zone() -> None:
    servants = {"available": ["butler", "footman"], "quarters": ["valet", "underbutler"],
                "expended": ["ladys_maid", "housekeeper", "footman"]}
    assert category("servants", servants=servants) == 14


def test_scoring_wealth_one_per_full_200() -> None:
    assert category("wealth", money=599) == 2
    assert category("wealth", money=600) == 3
    assert category("wealth", money=0) == 0


def test_scoring_vp_cards_still_face_down() -> None:
    assert category("vp_cards", vp_cards=["vp-reputation", "vp-hire"]) == 3 + 5


def test_scoring_categories_total_and_dataframe() -> None:
    s = sheet(money=400, vp_cards=["vp-money"])
    ann = s.players[0]
    assert ann.total == sum(ann.categories.values())
    frame = s.to_dataframe()
    assert list(frame.index) == [*(LABELS[c] for c in CATEGORIES), "Total"]
    assert list(frame.columns) == ["Ann", "Bob"]
    assert frame.loc["Total", "Ann"] == ann.total
    assert frame.loc["VP cards", "Ann"] == 4
    assert "scoring.wealth" in [r.rule for r in ann.rulings]


def two_equal(**ann):
    """Ann and Bob with equal totals unless ``ann`` changes something."""
    data = table()
    data["players"][0] = player("Ann", "ponsonby", **ann)
    return data


def test_scoring_tie_break_fairchild_in_the_deck_wins() -> None:
    # Charles (8 VP) in Ann's deck; Bob has 8 VP more on VP cards.
    data = two_equal(hand=["ponsonby-husband", "ponsonby-wife", "ponsonby-heir",
                           "ponsonby-daughter", "charles-fairchild"])
    data["players"][1]["vp_cards"] = ["vp-hire", "vp-reputation"]
    s = score(game(data))
    assert s.players[0].total == s.players[1].total
    assert s.winners == (0,)
    assert "scoring.tie-break" in [r.rule for r in s.rulings]


def test_ruling_win_without_fairchild_the_most_points_win() -> None:
    """ruling.win-without-fairchild: Ann holds Charles, Bob has more points and wins; the
    scoresheet says why.  With equal totals the Fairchild decides (the test above)."""
    data = two_equal(hand=["ponsonby-husband", "ponsonby-wife", "ponsonby-heir",
                           "ponsonby-daughter", "charles-fairchild"])
    data["players"][1]["vp_cards"] = ["vp-hire", "vp-reputation", "vp-money"]
    s = score(game(data))
    assert s.players[1].total > s.players[0].total
    assert s.winners == (1,)
    found = {r.rule: r.verdict for r in s.rulings}
    assert "a Fairchild only breaks a tie" in found["ruling.win-without-fairchild"]
    tied = two_equal(hand=["ponsonby-husband", "ponsonby-wife", "ponsonby-heir",
                           "ponsonby-daughter", "charles-fairchild"])
    tied["players"][1]["vp_cards"] = ["vp-hire", "vp-reputation"]
    assert "ruling.win-without-fairchild" not in [r.rule for r in score(game(tied)).rulings]


def test_scoring_tie_break_then_reputation_then_shared() -> None:
    data = two_equal(reputation={"level": 2, "position": 5})
    s = score(game(data))
    assert s.players[0].total == s.players[1].total and s.winners == (0,)
    assert "ruling.reputation-comparison" in [r.rule for r in s.rulings]
    s = score(game(two_equal()))
    assert s.winners == (0, 1)


# ----------------------------------------------------------------- six-prestige-guest limit

PRESTIGE = ["marquess-of-tetbury", "lady-marianne-turner", "peter-viscount-townshend",
            "major-anthony-cole", "istvan-count-hoyos", "caroline-viscountess-abernathy",
            "anne-marie-comtesse-de-vitry"]


def test_option_six_prestige_guest_limit_at_the_end_of_a_turn() -> None:
    data = table(me={"discard": PRESTIGE})
    data["options"]["prestige_guest_limit"] = True
    g = game(data, "pass", "rents", "done")
    assert g.pending()["step"] == "prestige-limit" and g.pending()["player"] == 0
    assert len(g.legal_actions()) == 7
    refuse(g, "discard-prestige cavendish-wife", "ruling.prestige-limit-discard")
    g.apply("discard-prestige peter-viscount-townshend")
    assert g.state.supply.prestige_deck[-1] == "peter-viscount-townshend"
    assert g.pending()["player"] == 1 and g.pending()["step"] == "begin"
    assert "ruling.prestige-limit-check-timing" in rules_of(g)


def test_option_six_prestige_guest_limit_off_by_default_below_six() -> None:
    g = game(table(me={"discard": PRESTIGE}), "pass", "rents", "done")
    assert g.pending()["player"] == 1


def test_ruling_prestige_limit_penalty_at_scoring_for_guests_over_six() -> None:
    data = table(me={"discard": [*PRESTIGE, "charles-fairchild"]})
    data["options"]["prestige_guest_limit"] = True
    s = score(game(data)).players[0]
    vps = sorted(CAT.gentry[c].vp for c in PRESTIGE)
    assert s.categories["gentry"] == 8 + 8 + sum(vps) - vps[0]
    assert "ruling.prestige-limit-check-timing" in [r.rule for r in s.rulings]
