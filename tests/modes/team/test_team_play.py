"""Competitive Team Play (UD p.12), named after the team.* rules and rulings: seating, the
cooperative actions the teammate answers, the routing of a visiting family card's favours, the
two servant-combination limits, and team scoring.  Every refusal: its rule, the citation, and
the position unchanged."""

from __future__ import annotations

import json

import pytest

from obsession_nb import Game, load_position
from obsession_nb.cli import main
from obsession_nb.data.rules import Ruling
from obsession_nb.engine.game import new_game
from obsession_nb.engine.positions.scenario import ScenarioError, parse
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.scoresheet import ObjectiveResult
from obsession_nb.engine.records.state import Choice
from obsession_nb.engine.scoring import PlayerScore
from obsession_nb.modes.team.scoring import TeamScore, team_score, team_sheet, winning_teams
from obsession_nb.modes.team.seating import teams
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.tutor.views import Board

ADA, BEA, CORA, DOT = 0, 1, 2, 3


def position() -> Game:
    """Round 3, Ada's turn (team-play-4p): Ada & Cora against Bea & Dot."""
    return load_position("team-play-4p")


def hosting() -> Game:
    """Ada hosts the Drawing Room and is inviting."""
    g = position()
    g.apply("activity")
    g.apply("host drawing-room")
    return g


def legal(g: Game) -> list[str]:
    return [x.notation for x in g.legal_actions()]


def refused(g: Game, action: str, rule_id: str) -> None:
    """The action is refused with ``rule_id`` and its citation, and nothing changes."""
    before = g.to_json()
    verdict = g.check(action)
    assert not verdict.legal
    assert rule_id in [r.rule for r in verdict.rulings], verdict
    assert all(r.citation for r in verdict.rulings)
    with pytest.raises(ValueError):
        g.apply(action)
    assert g.to_json() == before


def rules_of(entries) -> list[str]:
    return [r["rule"] for e in entries for r in e.rulings]


def finish_turn(g: Game) -> None:
    """Play Ada's turn to its end, choosing the first decision each time."""
    while g.state.turn.player == ADA:
        choices = [x for x in g.legal_actions() if x.verb in ("done", "keep", "lady", "dismiss")]
        g.apply(choices[0] if choices else g.legal_actions()[0])


# ----------------------------------------------------------------- seating and setup


def test_team_seating_partners_sit_across_the_table() -> None:
    six = new_game(6, seed=1, options=Options(mode="team"))
    assert teams(six.state) == [[0, 3], [1, 4], [2, 5]]
    four = new_game(4, seed=1, options=Options(mode="team"))
    assert teams(four.state) == [[0, 2], [1, 3]]


@pytest.mark.parametrize("bad", [[[0, 1], [2, 3]], [[0, 2], [1, 2]], [[0, 2]]])
def test_team_seating_refuses_other_seatings(bad) -> None:
    with pytest.raises(ValueError, match="team"):
        new_game(4, seed=1, options=Options(mode="team", teams=bad))
    text = position().to_scenario().replace("teams:\n  - - 0\n    - 2\n  - - 1\n    - 3",
                                            f"teams: {bad}")
    assert f"teams: {bad}" in text
    with pytest.raises(ScenarioError, match=r"options\.teams"):
        parse(text)


def test_team_format_four_or_six_players() -> None:
    with pytest.raises(ValueError, match=r"team\.format"):
        new_game(5, seed=1, options=Options(mode="team"))


def draft_done(g: Game) -> Game:
    player = RandomPlayer(3)
    while g.state.turn.step == "draft":
        g.apply(player.choose(g))
    return g


@pytest.mark.parametrize("length", ["standard", "extended"])
def test_team_setup_six_players_four_objectives_whatever_the_length(length) -> None:
    g = draft_done(new_game(6, seed=2, options=Options(mode="team", length=length)))
    assert [len(p.objectives) for p in g.state.players] == [4] * 6
    setup = rules_of(g.log)
    assert "six-player.objectives" in setup
    assert {"team.format", "team.seating", "team.setup"} <= set(setup)
    assert "six-player.official-mode" not in setup  # that note is about individual play


def test_team_setup_discarded_objectives_go_to_the_bottom() -> None:
    g = draft_done(new_game(6, seed=4, options=Options(mode="team")))
    player = RandomPlayer(4)
    while g.state.turn.step != "discard":
        g.apply(player.choose(g))
    deck = list(g.state.supply.objective_deck)
    discarded = []
    while g.state.turn.step == "discard":
        action = player.choose(g)
        discarded.append(action.card)
        g.apply(action)
    after = g.state.supply.objective_deck
    assert after[:len(deck)] == deck and sorted(after[len(deck):]) == sorted(discarded)
    assert len(discarded) == 6


# ----------------------------------------------------------------- the teammate's decisions


def test_team_money_gift_the_teammate_decides() -> None:
    g = position()
    g.apply("ask-gift 200")
    pending = g.pending()
    assert pending["player"] == ADA and pending["owner"] == CORA
    assert "Cora (p3) decides" in pending["prompt"]
    assert g.view()["pending"]["owner"] == CORA
    assert sorted(legal(g)) == ["accept", "decline", "team-borrow"]
    refused(g, "activity", "team.money-gift")  # nothing else until Cora answers
    entries = g.apply("accept")
    assert "team.money-gift" in rules_of(entries)
    assert (g.state.players[ADA].money, g.state.players[CORA].money) == (500, 100)
    assert g.pending()["owner"] == ADA
    refused(g, "ask-gift 100", "ruling.team-one-gift-per-turn")


def test_team_money_gift_legal_names_the_teammate_as_the_one_deciding(tmp_path, capsys) -> None:
    g = position()
    g.apply("ask-gift 200")
    path = tmp_path / "gift.yaml"
    path.write_text(g.to_scenario(), encoding="utf-8")
    assert main(["legal", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["notation"] for r in rows} == {"accept", "decline", "team-borrow"}
    assert {r["player"] for r in rows} == {CORA}
    assert main(["legal", str(path)]) == 0
    assert "Cora (p3) decides" in capsys.readouterr().out


def test_team_money_gift_refused_or_funded_by_special_action() -> None:
    g = position()
    g.apply("ask-gift 100")
    g.apply("decline")
    assert (g.state.players[ADA].money, g.state.players[CORA].money) == (300, 300)
    g = position()
    g.state.players[CORA].money = 100
    g.apply("ask-gift 200")
    refused(g, "accept", "team.money-gift")  # Cora has only £100
    g.apply("team-borrow")  # her own special action: two reputation for £100
    cora = g.state.players[CORA]
    assert cora.money == 200 and cora.reputation == 1 * 5 + 1 - 2
    g.apply("accept")
    assert (g.state.players[ADA].money, g.state.players[CORA].money) == (500, 0)


def test_team_money_gift_only_100_or_200() -> None:
    refused(position(), "ask-gift 300", "team.money-gift")


def test_team_servant_loan_to_the_teammates_expended_service() -> None:
    g = hosting()
    g.apply("ask-servant valet")
    assert g.pending()["owner"] == CORA
    g.apply("accept")
    assert "valet" in g.state.players[ADA].servants.available
    assert "valet" not in g.state.players[CORA].servants.available
    g.apply("invite standin-starter-01")  # needs a valet
    g.apply("invite york-husband")
    g.apply("invite york-daughter")
    g.apply("serve tile footman")
    g.apply("serve standin-starter-01 valet")
    finish_turn(g)
    ada, cora = g.state.players[ADA], g.state.players[CORA]
    assert cora.servants.expended == ["valet"] and "valet" not in cora.servants.available
    assert ada.servants.all().count("valet") == 1  # her own, never lent
    assert g.state.team.loans == []
    assert "team.servant-loan" in rules_of(g.log[-3:])


def test_team_servant_loan_refused_and_asked_once() -> None:
    g = hosting()
    g.apply("ask-servant valet")
    g.apply("decline")
    assert "valet" in g.state.players[CORA].servants.available
    refused(g, "ask-servant valet", "ruling.team-one-request-per-servant")
    refused(g, "ask-servant hall_boy", "team.servant-loan")  # Cora has none


def test_team_servant_loan_only_for_an_activity() -> None:
    refused(position(), "ask-servant valet", "team.servant-loan")  # before choosing the tile


def test_team_servant_loan_teammate_may_refresh_first() -> None:
    g = hosting()
    cora = g.state.players[CORA]
    cora.servants.available.remove("valet")
    cora.servants.expended.append("valet")
    cora.reputation = 10
    g.apply("ask-servant valet")
    refused(g, "accept", "team.servant-loan")  # not in Available Service yet
    g.apply("team-help valet")
    assert g.state.players[CORA].reputation == 7
    g.apply("accept")
    assert "valet" in g.state.players[ADA].servants.available


# ----------------------------------------------------------------- the teammate's gentry


def test_team_guests_from_the_teammates_active_hand_to_their_discard() -> None:
    g = hosting()
    refused(g, "team-guest york-wife host", "team.guests")  # Ada's own card, not Cora's
    g.state.players[CORA].hand.remove("howard-husband")
    g.state.players[CORA].discard.append("howard-husband")
    refused(g, "team-guest howard-husband host", "team.guests")  # the discard pile: no
    g.apply("team-guest howard-wife host")
    g.apply("team-guest howard-heir host")
    g.apply("team-guest standin-starter-05 host")
    g.apply("invite howard-wife")
    g.apply("invite howard-heir")
    g.apply("invite york-husband")  # the starter guest brought is not invited
    g.apply("serve tile footman")
    finish_turn(g)
    cora = g.state.players[CORA]
    assert {"howard-wife", "howard-heir"} <= set(cora.discard)
    assert "standin-starter-05" in cora.hand  # never attended: back to Cora's hand
    assert not {"howard-wife", "howard-heir", "standin-starter-05"} & set(
        [*g.state.players[ADA].hand, *g.state.players[ADA].discard])


def test_team_guests_may_form_the_whole_guest_list() -> None:
    g = position()
    g.apply("activity")
    g.apply("host drawing-room")
    for card in ("howard-husband", "howard-wife", "howard-heir"):
        g.apply(f"team-guest {card} host")
        g.apply(f"invite {card}")
    assert g.state.turn.guests == ["howard-husband", "howard-wife", "howard-heir"]


def test_team_guests_only_family_and_starter_guests() -> None:
    g = hosting()
    g.state.players[CORA].hand.append("duke-of-langford")
    g.state.supply.prestige_deck.remove("duke-of-langford")
    refused(g, "team-guest duke-of-langford host", "team.guests")


def test_team_starter_guest_favours_go_to_the_host() -> None:
    g = hosting()
    refused(g, "team-guest standin-starter-05 teammate", "team.starter-guest-favours")
    g.apply("ask-servant valet")
    g.apply("accept")
    g.apply("team-guest standin-starter-05 host")  # £100, needs a valet
    g.apply("invite standin-starter-05")
    g.apply("invite york-husband")
    g.apply("invite york-daughter")
    g.apply("serve tile footman")
    g.apply("serve standin-starter-05 valet")
    g.apply("done")
    assert g.state.players[ADA].money == 300 + 200 + 100
    assert g.state.players[CORA].money == 300


def routed_turn(*cards: tuple[str, str]) -> Game:
    """Ada hosts the Drawing Room with Cora's family cards (card, route) and enough of her own."""
    g = hosting()
    for card, route in cards:
        g.apply(f"team-guest {card} {route}")
        g.apply(f"invite {card}")
    for own in ("york-husband", "york-daughter")[: 3 - len(cards)]:
        g.apply(f"invite {own}")
    g.apply("serve tile footman")
    if g.state.turn.step == "service":
        g.apply("done")
    return g


@pytest.mark.parametrize(("route", "ada", "cora"), [("host", 300 + 200 + 200, 300),
                                                    ("teammate", 300 + 200, 300 + 200)])
def test_team_family_favours_man_of_the_house_money_to_either(route, ada, cora) -> None:
    g = routed_turn(("howard-husband", route))  # Ada's own York husband adds £200
    assert (g.state.players[ADA].money, g.state.players[CORA].money) == (ada, cora)
    if route == "teammate":
        assert "team.family-favours" in rules_of(g.log[-2:])


@pytest.mark.parametrize(("route", "ada", "cora"), [("host", 300 + 200 + 100, 300),
                                                    ("teammate", 300 + 200, 300 + 100)])
def test_team_family_favours_heir_money_to_either_reputation_to_teammate(route, ada, cora) -> None:
    before_ada = position().state.players[ADA].reputation
    before_cora = position().state.players[CORA].reputation
    g = routed_turn(("howard-heir", route))
    assert (g.state.players[ADA].money, g.state.players[CORA].money) == (ada, cora)
    assert g.state.players[CORA].reputation == before_cora + 1  # his reputation: always Cora's
    assert g.state.players[ADA].reputation == before_ada + 4  # the Drawing Room only


@pytest.mark.parametrize("route", ["host", "teammate"])
def test_team_family_favours_lady_invitation_to_either(route) -> None:
    g = routed_turn(("howard-wife", route))
    g.apply("lady screen")
    kept = g.state.turn.choices[0].cards[0]
    g.apply(f"keep {kept}")
    owner = ADA if route == "host" else CORA
    assert kept in g.state.players[owner].hand
    assert kept not in g.state.players[CORA if owner == ADA else ADA].hand


def test_team_family_favours_lady_dismissal_only_from_the_teammates_deck() -> None:
    g = routed_turn(("howard-wife", "host"))
    g.apply("lady dismiss")
    offered = sorted(x.card for x in g.legal_actions() if x.verb == "dismiss")
    assert offered == ["standin-starter-05", "standin-starter-06"]  # Cora's non-family cards
    refused(g, "dismiss standin-starter-02", "team.family-favours")  # Ada's own starter guest
    g.apply("dismiss standin-starter-06")
    assert "standin-starter-06" not in g.state.players[CORA].hand
    assert g.state.supply.casual_deck[-1] == "standin-starter-06" or (
        "standin-starter-06" in [*g.state.supply.casual_deck, *g.state.supply.prestige_deck])


@pytest.mark.parametrize("route", ["host", "teammate"])
def test_team_family_favours_young_lady_invitation_to_either_admirer_to_teammate(route) -> None:
    g = hosting()
    ada, cora = g.state.players[ADA], g.state.players[CORA]
    ada.hand.append("peter-viscount-townshend")  # a prestige-3 gentleman: a suitor to admire
    rep_ada, rep_cora = ada.reputation, cora.reputation
    top = g.state.supply.casual_deck[0]
    g.apply("ask-servant valet")
    g.apply("accept")
    g.apply(f"team-guest howard-daughter {route}")
    for card in ("howard-daughter", "peter-viscount-townshend", "york-husband"):
        g.apply(f"invite {card}")
    g.apply("serve tile footman")
    g.apply("serve peter-viscount-townshend valet")
    g.apply("done")
    owner, other = (ADA, CORA) if route == "host" else (CORA, ADA)
    assert top in g.state.players[owner].hand  # the blind casual invitation
    assert top not in g.state.players[other].hand
    admirer = next(f.amount for f in g.table.card("howard-daughter").favours
                   if f.kind == "admirer")
    assert g.state.players[CORA].reputation == rep_cora + admirer  # always the teammate's
    assert g.state.players[ADA].reputation == rep_ada + 4  # the Drawing Room's only


def test_ruling_team_lent_guest_dismissal() -> None:
    g = hosting()
    g.apply("team-guest standin-starter-05 host")
    g.state.turn.step = "favours"  # a dismissal of the host's own, with the lent card at hand
    g.state.turn.choices.append(Choice(kind="dismiss", source="tile"))
    assert "dismiss standin-starter-02" in legal(g)  # her own starter guest: yes
    refused(g, "dismiss standin-starter-05", "ruling.team-lent-guest-dismissal")


# ----------------------------------------------------------------- servant-combination limits


def test_team_no_doubled_servants_two_cooks_never_on_one_activity() -> None:
    g = hosting()
    g.apply("place cook tile")
    refused(g, "ask-servant cook", "team.no-doubled-servants")
    g = hosting()
    g.apply("ask-servant cook")
    g.apply("accept")  # two cooks available: only one may serve
    g.apply("place cook tile")
    refused(g, "place cook tile", "team.no-doubled-servants")


def two_of(servant: str, family_card: str, guests: tuple[str, ...]) -> Game:
    """Ada with her own ``servant`` and Cora's lent one, hosting Cora's ``family_card``."""
    g = hosting()
    g.state.players[ADA].servants.available.append(servant)
    g.state.players[CORA].servants.available.append(servant)
    g.state.supply.servants_for_hire[servant] -= 2
    g.apply(f"ask-servant {servant}")
    g.apply("accept")
    g.apply(f"team-guest {family_card} host")
    for card in guests:
        g.apply(f"invite {card}")
    return g


def test_team_no_doubled_servants_hall_boys_on_different_favours_only() -> None:
    g = two_of("hall_boy", "howard-husband", ("howard-husband", "york-husband", "york-daughter"))
    g.apply("place hall_boy howard-husband")
    refused(g, "place hall_boy howard-husband", "team.no-doubled-servants")
    g.apply("place hall_boy york-husband")  # a different favour: allowed
    g.apply("serve tile footman")
    g.apply("done")
    assert g.state.players[ADA].money == 300 + 200 + 100 + 200 + 100


# ----------------------------------------------------------------- team scoring


def sheet(seat: int, reputation: int, **categories: int) -> PlayerScore:
    base = dict(tiles=0, gentry=0, objectives=0, reputation=reputation, servants=0, wealth=0,
                vp_cards=0)
    return PlayerScore(seat, f"P{seat + 1}", None, {**base, **categories}, (), ())


def test_team_scoring_averaged_and_rounded_down() -> None:
    g = position()
    sheets = [sheet(0, 6, tiles=15, gentry=7, servants=13, wealth=3, vp_cards=5),
              sheet(1, 0), sheet(2, 6, tiles=10, gentry=6, servants=12, wealth=0, vp_cards=0),
              sheet(3, 0)]
    score, rulings = team_score(g.table, 0, sheets)
    assert score.categories["tiles"] == 12  # 25 / 2 = 12.5, rounded down
    assert score.categories["gentry"] == 6  # 13 / 2
    assert score.categories["servants"] == 12  # 25 / 2
    assert score.categories["wealth"] == 1  # 3 / 2
    assert score.categories["vp_cards"] == 2  # 5 / 2
    assert "team.scoring-averaged" in [r.rule for r in rulings]


def test_team_scoring_reputation_of_the_lower_partner() -> None:
    g = position()  # Ada level 3 (6 VP), Cora level 2 (3 VP)
    sheets = [sheet(0, 6), sheet(1, 0), sheet(2, 3), sheet(3, 0)]
    score, rulings = team_score(g.table, 0, sheets)
    assert score.categories["reputation"] == 3
    assert score.reputation == g.state.players[CORA].reputation
    assert "team.scoring-reputation" in [r.rule for r in rulings]


def test_team_scoring_objectives_best_three_of_the_team() -> None:
    g = position()

    def results(*vps: int) -> tuple[ObjectiveResult, ...]:
        return tuple(ObjectiveResult(f"o{v}", f"O{v}", v > 0, v, "") for v in vps)

    a = PlayerScore(0, "A", None, {**sheet(0, 0).categories, "objectives": 14}, results(4, 6, 0, 4),
                    ())
    c = PlayerScore(2, "C", None, {**sheet(2, 0).categories, "objectives": 13}, results(5, 8), ())
    score, rulings = team_score(g.table, 0, [a, sheet(1, 0), c, sheet(3, 0)])
    assert score.categories["objectives"] == 8 + 6 + 5
    assert "team.scoring-objectives" in [r.rule for r in rulings]


def team(index: int, total: int, reputation: int, fairchild: bool) -> TeamScore:
    return TeamScore(index, (index, index + 2), ("a", "b"), {"tiles": total}, reputation,
                     fairchild)


def test_ruling_team_tie_break_fairchild_then_reputation() -> None:
    rulings: list[Ruling] = []
    assert [t.index for t in winning_teams((team(0, 50, 20, False), team(1, 50, 5, True)),
                                           rulings)] == [1]
    assert "ruling.team-tie-break" in [r.rule for r in rulings]
    assert [t.index for t in winning_teams((team(0, 50, 20, False), team(1, 50, 5, False)),
                                           [])] == [0]
    assert [t.index for t in winning_teams((team(0, 50, 5, False), team(1, 50, 5, False)),
                                           [])] == [0, 1]
    assert [t.index for t in winning_teams((team(0, 49, 20, True), team(1, 50, 5, False)),
                                           [])] == [1]


def test_team_scoring_winning_team_members_are_the_winners() -> None:
    g = position()
    ts = team_sheet(g)
    winners = {s for t in ts.teams if t.index in ts.winners for s in t.seats}
    assert set(ts.individual.winners) == winners
    frame = ts.to_dataframe()
    assert list(frame.columns) == ["Team 1 (Ada & Cora)", "Team 2 (Bea & Dot)"]


def test_team_no_doubled_servants_two_head_housemaids_screen_different_favours() -> None:
    g = two_of("head_housemaid", "howard-wife", ("howard-wife", "york-daughter", "york-husband"))
    g.apply("place head_housemaid york-daughter")
    refused(g, "place head_housemaid york-daughter", "team.no-doubled-servants")
    g.apply("place head_housemaid howard-wife")
    g.apply("serve tile footman")
    g.apply("done")
    screens = [c for c in g.state.turn.choices if c.kind == "screen"]
    assert [len(c.cards) for c in screens] == [2]  # the young lady's blind draw: see 2, keep 1
    g.apply("lady screen")
    assert len(g.state.turn.choices[0].cards) == 3  # the lady's screen: see 3, keep 1
    assert sorted(g.state.turn.screened_on) == ["howard-wife", "york-daughter"]


def test_team_no_doubled_servants_useful_men_on_different_actions() -> None:
    g = position()
    for seat in (ADA, CORA):
        g.state.players[seat].servants.available.append("useful_man")
    g.state.supply.servants_for_hire["useful_man"] -= 2
    g.apply("activity")
    g.apply("ask-servant useful_man")
    g.apply("accept")
    g.apply("done")  # step 2: no Village Fair for either of them
    g.apply("place useful_man drawing-room")  # the tile's prestige rating one lower
    refused(g, "place useful_man drawing-room", "team.no-doubled-servants")
    g.apply("host drawing-room")
    for card in ("york-husband", "york-daughter", "standin-starter-02"):
        g.apply(f"invite {card}")
    g.apply("serve tile footman")
    g.apply("serve standin-starter-02 ladys_maid")
    g.apply("done")
    assert g.pending()["step"] == "buy"
    assert g.check("buy riding-stables useful_man").legal  # the other one: a discount


def test_team_format_cooperative_actions_belong_to_team_play() -> None:
    g = new_game(4, seed=1, options=Options(expansion=False))
    refused(g, "ask-gift 100", "team.format")
    refused(g, "accept", "team.format")


def test_team_scenario_records_concern_the_teammate() -> None:
    g = hosting()
    g.apply("ask-servant valet")
    assert "owner: 2" in g.to_scenario()
    text = g.to_scenario().replace("owner: 2", "owner: 1")
    with pytest.raises(ScenarioError, match=r"team\.request\.owner"):
        parse(text)


def test_option_six_prestige_guest_limit_off_by_default_in_team_play() -> None:
    assert new_game(6, seed=1).state.options.prestige_guest_limit is True
    assert new_game(6, seed=1, options=Options(mode="team")).state.options.prestige_guest_limit is False
    chosen = Options(mode="team", prestige_guest_limit=True)
    assert new_game(6, seed=1, options=chosen).state.options.prestige_guest_limit is True


def test_team_board_shows_teams_and_loans_escaped() -> None:
    g = hosting()
    g.state.players[CORA].name = "<b>Cora</b>"
    g.apply("ask-servant valet")
    mode_view = g.view()["solo"]
    assert [t["seats"] for t in mode_view["teams"]] == [[0, 2], [1, 3]]
    assert mode_view["players"][CORA]["request"] == "the loan of the Valet"
    g.apply("accept")
    g.apply("team-guest howard-wife teammate")
    mode_view = g.view()["solo"]
    assert mode_view["players"][ADA]["borrowed"] == [
        "Valet (from <b>Cora</b>)", "Lady of the house of Howard (from <b>Cora</b>)"]
    assert mode_view["players"][CORA]["lent"][0] == "Valet (to Ada)"
    html = Board(g, parts=["players"], seats=[0, 2]).static_html()
    assert "Team 1" in html and "Borrowed from the teammate" in html
    assert "<b>Cora</b>" not in html and "&lt;b&gt;Cora&lt;/b&gt;" in html
