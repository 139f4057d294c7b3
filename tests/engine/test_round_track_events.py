"""Every event of the standard and extended round tracks (issue 4, item 2), and the objective
counts of whole games: 7 held, 4 discarded, 3 scored (standard); 8, 4, 4 (extended)."""

from __future__ import annotations

import pytest
from positions import START, game, refuse, rules_of, table
from season_positions import event_round

from obsession_nb import Game
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.game import new_game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.players.random_player import RandomPlayer, play_out

CAT = load_catalog()


def events(length: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for space in CAT.round_tracks[length].rounds:
        for e in space.events:
            out.setdefault(e.kind, []).append(space.round)
    return out


@pytest.mark.rule("round-track.standard", "round-track.standard-events")
def test_round_track_standard_events() -> None:
    ev = events("standard")
    assert [s.round for s in CAT.round_tracks["standard"].rounds if s.courtship] == [4, 8, 12, 16]
    assert len(ev["village_fair"]) == 2 and ev["village_fair"][0] == 3
    assert len(ev["objective_draw"]) == 1
    assert ev["builders_holiday"] == [11] and ev["national_holiday"] == [14]
    assert ev["reserves_activate"] == [5, 9]


@pytest.mark.rule("round-track.extended", "round-track.extended-events")
def test_round_track_extended_events() -> None:
    ev = events("extended")
    assert [s.round for s in CAT.round_tracks["extended"].rounds if s.courtship] == [
        5, 10, 15, 20]
    assert len(ev["village_fair"]) == 3
    assert ev["objective_draw"] == [7, 18]
    assert ev["national_holiday"] == [11] and ev["builders_holiday"] == [13]
    assert ev["reserves_activate"] == [6, 11]


# ----------------------------------------------------------------- Village Fair


def study(flipped: bool) -> list[dict]:
    return [{"tile": t, "flipped": flipped and t == "private-study"} for t in START]


@pytest.mark.parametrize("fair", events("standard")["village_fair"])
def test_event_village_fair_flipped_study_two_reputation_and_300(fair) -> None:
    g = game(table(round=fair, me={"organiser": study(True)}), "activity")
    ann = g.view()["players"][0]
    assert ann["money"] == 600
    assert ann["reputation"] == {"level": 2, "position": 3}
    assert "event.village-fair" in rules_of(g)


def test_event_village_fair_unflipped_study_gives_nothing() -> None:
    g = game(table(round=event_round("village_fair"), me={"organiser": study(False)}),
             "activity")
    assert g.state.players[0].money == 300
    assert "event.village-fair" in rules_of(g)


def test_event_village_fair_also_on_a_pass() -> None:
    g = game(table(round=event_round("village_fair"), me={"organiser": study(True)}), "pass")
    assert g.state.players[0].money == 600


# ----------------------------------------------------------------- objective draw


@pytest.mark.parametrize("length", ["standard", "extended"])
def test_event_objective_draw_two_kept(length) -> None:
    data = table(round=event_round("objective_draw", length),
                 supply={"objective_deck": ["objective-wealth-1200", "objective-max-reputation",
                                            "standin-objective-room-1"]})
    data["options"]["length"] = length
    held = game(data).state.players[0].objectives  # as many as the round allows before it
    g = game(data, "activity")
    assert g.state.players[0].objectives == [*held, "objective-wealth-1200",
                                             "objective-max-reputation"]
    assert g.state.supply.objective_deck == ["standin-objective-room-1"]
    assert "event.objective-draw" in rules_of(g)


# ----------------------------------------------------------------- Builders' Holiday


def test_event_builders_holiday_purchases_first_then_slide_and_fill_in_tsn_order() -> None:
    data = table(round=event_round("builders_holiday"), me={"money": 3000},
                 supply={"service_reserve_active": True, "service_reserve": ["barn"]})
    data["chance"]["next_tiles"] = ["music-room", "gallery", "drawing-room"]
    g = game(data, "pass", "rents", "buy riding-stables", "buy tennis-court")
    market = g.state.supply.market
    assert [s[0] for s in market if s] == ["fenced-paddock", "croquet-lawn", "english-garden",
                                           "french-garden"]  # no tile drawn between purchases
    g.apply("buy barn")  # several purchases, the reserves included
    assert g.state.supply.service_reserve == []
    g.apply("buy croquet-lawn")
    assert len([s for s in g.state.supply.market if s]) == 3
    g.apply("done")
    assert [s[0] for s in g.state.supply.market] == [
        "fenced-paddock", "english-garden", "french-garden", "drawing-room", "music-room",
        "gallery"]
    assert "event.builders-holiday" in rules_of(g)
    owned = {o.tile for o in g.state.players[0].organiser}
    assert {"riding-stables", "tennis-court", "barn", "croquet-lawn"} <= owned


def test_market_one_purchase_outside_the_builders_holiday() -> None:
    g = game(table(me={"money": 3000}), "pass", "rents", "buy riding-stables")
    refuse(g, "buy tennis-court", "market.one-purchase")


# ----------------------------------------------------------------- National Holiday


def music_room(round_: int):
    me = {"reputation": {"level": 1, "position": 1},
          "organiser": [{"tile": t} for t in [*START, "music-room"]],
          "hand": ["cavendish-husband", "cavendish-wife", "cavendish-heir", "cavendish-daughter",
                   "marquess-of-tetbury"]}
    return game(table(round=round_, me=me), "activity")


def test_event_national_holiday_lifts_reputation_limits_for_tiles_and_guests() -> None:
    g = music_room(event_round("national_holiday"))
    g.apply("host music-room")
    assert "event.national-holiday" in rules_of(g)
    g.play(["invite marquess-of-tetbury", "invite cavendish-husband", "invite cavendish-wife",
            "invite cavendish-heir"])
    assert "marquess-of-tetbury" in g.state.turn.guests
    while g.pending()["step"] == "service":  # service is still required: butler and valet
        g.apply(next(x for x in g.legal_actions() if isinstance(x, a.Serve)))
    money = [r["verdict"] for e in g.log for r in e.rulings if r["rule"] == "favours.money"]
    assert any("Tetbury" in v and "£500" in v for v in money)  # he attended
    assert {"butler", "valet"} <= {p.servant for p in g.state.turn.placements}


def test_event_national_holiday_only_on_its_round() -> None:
    refuse(music_room(event_round("national_holiday") - 1), "host music-room", "host.prestige")


def test_event_national_holiday_extended_is_round_11() -> None:
    assert event_round("national_holiday", "extended") == 11


# ----------------------------------------------------------------- objective counts


class Passer(RandomPlayer):
    """Passes for rents every turn and reveals nothing: no objective comes from a tile or a card,
    so the counts are exactly the track's."""

    def choose(self, game: Game) -> a.Action | None:
        legal = game.legal_actions()
        for kind in (a.Pass, a.Rents, a.KeepVPCards):
            for action in legal:
                if isinstance(action, kind):
                    return action
        if game.pending()["step"] in ("step2", "buy"):
            return a.Done()
        return legal[0]


@pytest.mark.parametrize(("length", "held", "discarded"), [("standard", 3, 4),
                                                           ("extended", 4, 4)])
def test_ud_objectives_during_play_counts(length, held, discarded) -> None:
    g = new_game(3, seed=2, options=Options(expansion=False, length=length))
    play_out(g, Passer())
    for p in g.state.players:
        assert (len(p.objectives), p.objectives_discarded) == (held, discarded)
    sheet = score(g)
    assert all(len(s.objectives) == held for s in sheet.players)
    assert "ud.first-player-counterclockwise" in rules_of(g)
