"""Every refusal names its specific reason and rule (issue 27): which icon cannot be filled,
which servant is missing and in which box, or which payment cannot be made — never only the
generic "no full party can be served".  Each position is a casebook case, asked live."""

from __future__ import annotations

from obsession_nb.data.rules import Ruling
from obsession_nb.tutor import casebook


def _refusal(case_id: str) -> list[Ruling]:
    case = casebook.case(case_id)
    game = case.game()
    before = game.to_scenario()
    verdict = game.check(case.ask)
    assert not verdict.legal
    assert game.to_scenario() == before  # refused: nothing changed
    return list(verdict.rulings)


def _by_rule(rulings: list[Ruling]) -> dict[str, str]:
    return {r.rule: r.verdict for r in rulings}


def test_a_guest_whose_valet_rests_in_the_servants_quarters() -> None:
    found = _by_rule(_refusal("valet-resting-in-quarters"))
    icon = found["service.mandatory"]
    assert icon.startswith("The Valet icon on Stand-in casual guest 8")
    assert "the Valet is resting in the Servants' Quarters" in icon
    assert "no full party" not in icon
    assert "turn.rotate-service" in found


def test_a_housekeeper_refused_as_ladys_maid_while_a_maid_is_available() -> None:
    rulings = _refusal("housekeeper-as-ladys-maid-with-a-maid-free")
    assert [r.rule for r in rulings] == ["service.housekeeper-for-ladys-maid"]
    assert "a Lady's Maid is in Available Service" in rulings[0].verdict


def test_a_lady_whose_maid_rests_and_whose_housekeeper_is_needed_on_the_tile() -> None:
    found = _by_rule(_refusal("housekeeper-busy-maid-resting"))
    icon = found["service.mandatory"]
    assert "The Lady's Maid icon on Stand-in starter guest 2 (lady) cannot be filled" in icon
    assert "the Lady's Maid is resting in the Servants' Quarters" in icon
    assert "the Housekeeper in Available Service is needed for the Housekeeper icon on the " \
           "activity tile" in icon
    assert {"turn.rotate-service", "service.housekeeper-for-ladys-maid"} <= set(found)


def test_a_pauper_the_player_cannot_pay() -> None:
    found = _by_rule(_refusal("pauper-cannot-be-paid"))
    assert set(found) == {"favours.pauper", "ruling.pauper-payment"}
    pay = found["favours.pauper"]
    assert "costs £200" in pay and "Ann holds £0" in pay
    assert "borrowing could raise £0" in pay and "£200 is missing" in pay


def test_a_hire_on_a_pass_after_the_butler_gossiped_says_where_he_is() -> None:
    found = _by_rule(_refusal("pass-hire-needs-butler"))
    assert "ud.pass.hire" in found
    assert "The butler is gossiping from the Servants' Hall" in \
        found["ruling.pass-hire-butler-busy"]


def test_a_servant_placement_that_strands_another_icon_names_that_icon() -> None:
    """The underbutler sent to the tile's footman icon would leave the cad's valet icon, which
    only he can fill, without a servant."""
    game = casebook._position({
        "base": "base", "available": ["butler", "housekeeper", "ladys_maid", "underbutler",
                                      "footman"],
        "hand": ["cavendish-husband", "cavendish-wife", "cavendish-heir", "cavendish-daughter",
                 "standin-casual-08"]})
    game.play(["activity", "host front-parlour", "invite cavendish-husband",
               "invite standin-casual-08"])
    verdict = game.check("serve tile underbutler")
    assert not verdict.legal
    found = _by_rule(list(verdict.rulings))
    assert "The Valet icon on Stand-in casual guest 8 (cad gentleman) cannot be filled" in \
        verdict.rulings[1].verdict
    assert "the Underbutler would be serving the Footman icon on the activity tile" in \
        verdict.rulings[1].verdict
    assert "service.underbutler" in found
    assert game.check("serve tile footman").legal
