"""The stepper shows the tiles and guests that cannot be chosen, greyed, with the engine's
refusal on hover (rules invite.prestige, invite.kind, host.not-service-or-monument)."""

from __future__ import annotations

from obsession_nb.tutor.views import Stepper


def _choices(stepper: Stepper) -> list[dict]:
    return [c for group in stepper.choices.groups for c in group["choices"]]


def _refused(stepper: Stepper) -> dict[str, str]:
    return {c["notation"]: c["tip"] for c in _choices(stepper) if c["refused"]}


def test_invite_prestige_greyed_guest_shows_its_refusal_and_rule() -> None:
    s = Stepper.from_scenario("refresher-round-6")
    s.play_script(2)  # step 4: invite
    refused = _refused(s)
    tip = refused["invite standin-prestige-gentleman-pr3"]
    assert "not allowed" in tip and "[invite.prestige]" in tip
    assert "above the limit of 2" in tip
    assert "[invite.kind]" in refused["invite cavendish-wife"]
    # the legal guests stay ordinary choices
    legal = {c["notation"] for c in _choices(s) if not c["refused"]}
    assert "invite standin-casual-gentleman-200" in legal
    assert not set(refused) & legal


def test_host_not_service_or_monument_greyed_tiles() -> None:
    s = Stepper.from_scenario("refresher-round-6")
    s.play_script(1)  # step 3: host
    refused = _refused(s)
    assert refused and all("[host.not-service-or-monument]" in t or "[host." in t
                           for t in refused.values())


def test_clicking_a_greyed_guest_is_refused_and_changes_nothing() -> None:
    s = Stepper.from_scenario("refresher-round-6")
    s.play_script(2)
    before = s.game.to_scenario()
    s._click("invite standin-prestige-gentleman-pr3")
    assert s.game.to_scenario() == before
    assert s.rulings.status["kind"] == "error"
    assert "prestige rating 3" in s.rulings.status["text"]


def test_refusals_only_at_hosting_and_inviting() -> None:
    s = Stepper.from_scenario("refresher-round-6")
    assert not _refused(s)  # the start of the turn
