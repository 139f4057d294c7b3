"""What some tiles do and when they come into play, rules of the index the engine applies
without a ruling of their own (tile.private-study, tile.main-library, tile.hybrid,
tile.brushing-room, tile.servants-quarters, tile.servants-hall), and the expansion's guests in
the decks (ud.guest-cards)."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import game, refuse, table

from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.setup.new_game import new_state
from obsession_nb.engine.setup.tiles import qualifies_for_opening

CAT = load_catalog()


@pytest.mark.rule("tile.private-study")
def test_tile_private_study_hosted_once_then_flipped_for_good_at_0_vp() -> None:
    """Hosting the Study flips it: its 3 VP drop to 0 and it cannot be hosted again."""
    before = game(table())
    g = game(table(), "activity", "host private-study", "invite cavendish-husband",
             "serve tile butler", "done")
    assert g.state.players[0].owned("private-study").flipped is True
    assert score(before).players[0].categories["tiles"] - score(
        g).players[0].categories["tiles"] == 3
    g.play(["activity", "host bowling-green", "invite york-husband", "invite york-heir",
            "serve tile footman", "done", "activity"])
    assert g.pending()["player"] == 0
    refuse(g, "host private-study", "host.not-service-or-monument")  # its back: no activity


@pytest.mark.rule("tile.main-library")
def test_tile_main_library_family_only_and_its_back_draws_a_vp_card() -> None:
    """The Main Library hosts family guests only; on its back it pays the top VP card, kept
    face down in the host's VP cards."""
    data = table(me={"reputation": {"level": 5, "position": 1},
                     "organiser": [{"tile": "main-library", "flipped": True}],
                     "hand": ["cavendish-husband", "cavendish-wife", "duke-of-langford"]},
                 supply={"vp_deck": ["vp-reputation", "vp-refresh-market"],
                         "prestige_deck": ["marchioness-of-easton", "lady-suffolk"]})
    g = game(data, "activity", "host main-library")
    refuse(g, "invite duke-of-langford", "invite.kind")
    held = list(g.state.players[0].vp_cards)
    g.play(["invite cavendish-husband", "invite cavendish-wife", "serve tile butler"])
    assert g.state.players[0].vp_cards == [*held, "vp-reputation"]


@pytest.mark.rule("tile.hybrid")
def test_tile_hybrid_is_bought_and_placed_on_its_marked_front() -> None:
    """A hybrid bought from the market goes into the organiser front side up, in its front's
    column."""
    data = table(supply={"market": [["green-room"], ["riding-stables"], ["croquet-lawn"],
                                    ["english-garden"], ["tennis-court"], ["french-garden"]]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy green-room", "done")
    assert g.state.players[0].owned("green-room").flipped is False
    shown = next(t for t in g.view()["players"][0]["organiser"] if t["id"] == "green-room")
    assert not shown["flipped"]
    assert shown["column"] == CAT.tiles["green-room"].front.category == "essentials"


@pytest.mark.rule("tile.brushing-room", "tile.servants-quarters", "tile.servants-hall")
def test_tile_cheap_service_tiles_open_the_market_and_the_servants_hall_does_not() -> None:
    """The Brushing Room and the Servants' Quarters may be drawn into the opening market; the
    Servants' Hall (a £200 premium) may not."""
    assert qualifies_for_opening(CAT, "brushing-room")
    assert qualifies_for_opening(CAT, "servants-quarters")
    assert not qualifies_for_opening(CAT, "servants-hall")
    assert CAT.tiles["servants-hall"].cost_modifier == 200
    for seed in range(20):
        state, _ = new_state(4, seed=seed, options=Options(expansion=False))
        assert "servants-hall" not in {t for stack in state.supply.market for t in stack}


@pytest.mark.rule("ud.guest-cards")
def test_ud_guest_cards_join_the_decks_with_or_without_the_new_servants() -> None:
    """The expansion's 7 starter, 10 casual and 16 prestige guests are in the decks (or dealt)
    of a game with the new servants and of one without them."""
    ud_guests = Counter(g.deck for g in CAT.gentry.values() if g.expansion ==
                        "upstairs_downstairs" and g.deck != "family" for _ in range(g.copies))
    assert ud_guests == {"starter": 7, "casual": 10, "prestige": 16}

    def guests_in(state) -> set[str]:
        dealt = {c for p in state.players for c in p.hand}
        return dealt | set(state.supply.casual_deck) | set(state.supply.prestige_deck)

    expansion, _ = new_state(4, seed=3, draft=False)
    base, _ = new_state(4, seed=3, options=Options(expansion=False))
    ids = {g.id for g in CAT.gentry.values() if g.expansion == "upstairs_downstairs"
           and g.deck != "family"}
    assert ids <= guests_in(expansion)
    assert ids <= guests_in(base)
