"""ruling.monuments-in-courtship: a monument counts in its organiser column's courtship total."""

from positions import game, table

from obsession_nb.engine.steps.seasons import column_vp


def test_ruling_monuments_in_courtship_sculpture_garden_counts_for_estate() -> None:
    organiser = [{"tile": "gazebo"}, {"tile": "sculpture-garden"}, {"tile": "wine-cellar"}]
    g = game(table(me={"organiser": organiser}))
    me = g.state.players[0]
    gazebo = g.table.tile("gazebo").front.vp
    assert column_vp(g.table, me, "estate") == gazebo + 10
    assert column_vp(g.table, me, "service") == g.table.tile("wine-cellar").front.vp
    assert column_vp(g.table, me, "prestige") == 0


def test_ruling_monuments_in_courtship_a_used_suite_keeps_its_column() -> None:
    organiser = [{"tile": "queens-suite", "flipped": True}]
    g = game(table(me={"organiser": organiser}))
    face = g.table.tile("queens-suite").back
    assert face.category == "monument"
    assert column_vp(g.table, g.state.players[0], "prestige") == face.vp
    assert g.view()["players"][0]["organiser"][0]["column"] == "prestige"
