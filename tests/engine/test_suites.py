"""Suites tiles (rules tile.suites, tile.heritage-suite, tile.queens-suite, tile.lionheart-suite)."""

from positions import game, refuse, rules_of, table

SUITES = [{"tile": "lionheart-suite"}, {"tile": "queens-suite"}, {"tile": "heritage-suite"}]


def suites_table(**supply):
    return table(me={"reputation": {"level": 6, "position": 1}, "organiser": SUITES,
                     "hand": ["standin-casual-18", "lady-suffolk", "cavendish-husband",
                              "miss-hawkins"]},
                 supply={"prestige_deck": ["duke-of-langford", "marchioness-of-easton"],
                         "vp_deck": ["vp-reputation", "vp-money", "vp-hire"], **supply})


def test_tile_lionheart_suite_top_prestige_guest_unserved_all_favours_doubled() -> None:
    g = game(suites_table(), "activity", "host lionheart-suite")
    assert g.state.turn.guests == ["duke-of-langford"]  # from the supply, not the hand
    g.apply("done")  # no service is needed; nothing to buy
    me = g.state.players[0]
    assert me.vp_cards == ["vp-reputation", "vp-money"]  # one VP card, doubled
    assert g.view()["players"][0]["reputation"] == {"level": "max", "position": 2}  # +3 doubled
    assert "duke-of-langford" in me.discard
    assert me.owned("lionheart-suite").flipped is True
    assert "tile.suites" in rules_of(g)  # now a monument
    refuse(g, "host lionheart-suite", "turn.order-of-play")


def test_tile_queens_suite_doubles_the_one_favour_chosen() -> None:
    g = game(suites_table(), "activity", "host queens-suite", "invite lady-suffolk",
             "serve lady-suffolk ladys_maid")
    refuse(g, "done", "tile.queens-suite")
    refuse(g, "double 4", "tile.queens-suite")
    g.apply("double 1")  # her £300
    assert g.view()["players"][0]["money"] == 300 + 600
    assert g.view()["players"][0]["reputation"] == {"level": 6, "position": 2}  # +1 not doubled


def test_tile_heritage_suite_doubles_everything_penalties_too() -> None:
    g = game(suites_table(), "activity", "host heritage-suite", "invite miss-hawkins",
             "serve miss-hawkins ladys_maid")
    assert g.view()["players"][0]["reputation"] == {"level": 5, "position": 2}  # −2 doubled
    g2 = game(suites_table(), "activity", "host heritage-suite", "invite standin-casual-18",
              "serve standin-casual-18 valet")
    assert g2.view()["players"][0]["money"] == 300 + 400
    assert "tile.heritage-suite" in rules_of(g2)


def test_tile_heritage_suite_takes_a_casual_guest_only() -> None:
    g = game(suites_table(), "activity", "host heritage-suite")
    refuse(g, "invite lady-suffolk", "invite.kind")
    refuse(g, "invite cavendish-husband", "invite.kind")
