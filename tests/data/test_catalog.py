"""The component catalog (content/catalog/*.yaml): it loads, its counts match the rule sources,
its references resolve, invented values are flagged, and the values the worked examples rely on
hold.  Sources: UD = Upstairs, Downstairs rulebook, Refresher = base-game refresher, Facts = the
base-game fact sheet (see each entry's ``source``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from obsession_nb.base.checked import Checked, is_checked
from obsession_nb.data.catalog import Catalog, read_catalog
from obsession_nb.data.catalog_records import CATEGORIES, Favour, Tile

CATALOG_DIR = Path(__file__).resolve().parents[2] / "content" / "catalog"

SERVANT_KINDS = {
    "butler", "housekeeper", "valet", "ladys_maid", "footman",
    "underbutler", "cook", "hall_boy", "head_housemaid", "useful_man",
}
TILE_ABILITIES = {
    "barn", "brushing_room", "butlers_pantry", "servants_quarters", "servants_hall",
    "monument", "suite_monument", "carriage_house", "housekeepers_room",
    "renovated_kitchen_cook", "parish_church_monument", "village_fair_study",
    "heritage_suite", "queens_suite", "lionheart_suite", "none-standin",
}


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return read_catalog(CATALOG_DIR)


def _sections(cat: Catalog):
    for name in ("servants", "families", "gentry", "tiles", "round_tracks", "objectives",
                 "vp_cards", "themes"):
        yield name, getattr(cat, name)


def _all_sourced(cat: Catalog):
    """Every Sourced record, including round-track events."""
    for _, entries in _sections(cat):
        yield from entries.values()
    for track in cat.round_tracks.values():
        for space in track.rounds:
            yield from space.events


def _fav(kind: str, amount: int = 1, deck: str | None = None, see: int = 1, keep: int = 1):
    return Favour(kind=kind, amount=amount, deck=deck, see=see, keep=keep)


def _copies(tiles, pred) -> int:
    return sum(t.copies for t in tiles if pred(t))


# ------------------------------------------------------------------------------ loading, ids


def test_catalog_loads_every_section(cat):
    sizes = {name: len(entries) for name, entries in _sections(cat)}
    assert all(sizes.values()), sizes
    assert set(cat.round_tracks) == {"standard", "extended", "tableau"}


def test_ids_follow_the_conventions(cat):
    assert set(cat.servants) == SERVANT_KINDS
    for name, entries in _sections(cat):
        if name == "servants":
            continue
        for key, entry in entries.items():
            assert key == entry.id
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key), (name, key)


# ------------------------------------------------------------------------------ honesty markers


def test_verified_exactly_when_nothing_is_unverified(cat):
    for entry in _all_sourced(cat):
        assert entry.source.strip()
        assert entry.verified == (not entry.unverified), entry


def test_every_standin_is_unverified_and_says_so(cat):
    standins = [e for e in _all_sourced(cat) if e.standin]
    assert len(standins) > 100
    for entry in standins:
        assert not entry.verified and entry.unverified
        name = getattr(entry, "name", None)
        if name is not None:
            assert "stand-in" in name.lower(), entry.id
        assert entry.id.startswith("standin-"), entry.id


def _field_exists(model: type[Checked], path: str) -> bool:
    head, _, rest = path.partition(".")
    field = model.model_fields.get(head)
    if field is None:
        return False
    if not rest:
        return True
    annotation = field.annotation
    for candidate in getattr(annotation, "__args__", (annotation,)):
        if is_checked(candidate):
            return _field_exists(candidate, rest)
        inner = getattr(candidate, "__args__", ())
        for sub in inner:
            if is_checked(sub):
                return _field_exists(sub, rest)
    return False


def test_unverified_lists_name_real_fields(cat):
    for entry in _all_sourced(cat):
        for path in entry.unverified:
            if type(entry).__name__ == "RoundEvent" and path == "round":
                continue  # the event's placement on the track
            assert _field_exists(type(entry), path), (getattr(entry, "id", entry.kind), path)


# ------------------------------------------------------------------------------ servants, families


@pytest.mark.rule("ud.components.servants")
def test_servants(cat):
    s = cat.servants
    assert {k for k, v in s.items() if v.height == "tall"} == {"butler", "housekeeper",
                                                                "underbutler"}
    assert {k for k, v in s.items() if not v.hireable} == {"butler", "housekeeper",
                                                            "underbutler"}
    assert all(s[k].loyal for k in ("butler", "housekeeper", "underbutler"))
    assert {k for k, v in s.items() if v.expansion == "upstairs_downstairs"} == {
        "cook", "hall_boy", "head_housemaid", "useful_man"}
    colours = {k: v.colour for k, v in s.items()}
    assert colours["cook"] == "orange" and colours["head_housemaid"] == "pink"
    assert colours["useful_man"] == "brown" and "blue" in colours["hall_boy"]
    assert colours["valet"] == "green" and colours["ladys_maid"] == "purple"
    assert colours["footman"] == "white" and colours["housekeeper"] == "red"


def test_family_bonuses(cat):
    f = cat.families
    assert set(f) == {"asquith", "cavendish", "ponsonby", "york", "wessex", "howard"}
    assert f["cavendish"].start_position == 4
    assert f["ponsonby"].start_money == 300
    assert f["york"].extra_servants == ("footman",)
    assert f["howard"].extra_servants == ("cook",)
    assert f["howard"].expansion == "upstairs_downstairs"
    assert f["wessex"].expansion == "wessex"
    assert set(f["wessex"].start_tile_choice) == {"breakfast-room", "tennis-court"}
    for fam in f.values():
        assert all(t in cat.tiles for t in fam.start_tile_choice)


@pytest.mark.rule("favours.family-cards")
def test_family_cards(cat):
    for fam in cat.families.values():
        cards = [cat.gentry[c] for c in fam.family_cards]
        roles = Counter(c.role for c in cards)
        assert roles == Counter(["husband", "wife", "heir", "daughter"]
                                + (["aunt"] if fam.id == "asquith" else []))
        assert sum(c.vp for c in cards) == (9 if fam.id == "asquith" else 8)
        for c in cards:
            assert c.deck == "family" and c.family == fam.id
            assert c.prestige is None and c.rating == 1 and c.service == ()
        by_role = {c.role: c for c in cards}
        assert by_role["husband"].favours == (_fav("money", 200),)
        assert by_role["wife"].favours == (_fav("lady"),)
        assert _fav("money", 100) in by_role["heir"].favours
        assert any(x.kind == "reputation" for x in by_role["heir"].favours)
        assert _fav("admirer", 2) in by_role["daughter"].favours
        assert any(x.kind == "invite" for x in by_role["daughter"].favours)
    assert cat.gentry["asquith-aunt"].vp == 1
    assert cat.gentry["ponsonby-wife"].name == "Mabel, Countess of Ponsonby"


# ------------------------------------------------------------------------------ gentry decks


@pytest.mark.rule("ruling.component-counts", "ud.guest-cards")
def test_deck_sizes(cat):
    sizes = Counter((g.expansion, g.deck) for g in cat.gentry.values() for _ in range(g.copies))
    # Facts §1.1: 17 family, 2 Fairchild, 15 starter, 35 casual, 26 prestige = 95 gentry
    assert sizes[("base", "family")] == 17
    assert sizes[("base", "fairchild")] == 2
    assert sizes[("base", "starter")] == 15
    assert sizes[("base", "casual")] == 35
    assert sizes[("base", "prestige")] == 26
    assert sum(v for (exp, _), v in sizes.items() if exp == "base") == 95
    # UD p.3: Howard 4, starter 7, other casual 10, prestige 16 (37 cards)
    ud = {deck: v for (exp, deck), v in sizes.items() if exp == "upstairs_downstairs"}
    assert ud == {"family": 4, "starter": 7, "casual": 10, "prestige": 16}
    assert sizes[("wessex", "family")] == 4


def test_deck_character(cat):
    guests = [g for g in cat.gentry.values() if g.deck in ("starter", "casual", "prestige")]
    genders = Counter(g.gender for g in guests)
    assert abs(genders["male"] - genders["female"]) <= 10
    base_casual = [g for g in guests if g.expansion == "base" and g.deck == "casual"]
    # Facts §1.2: 20 of the 50 casual+starter cards carry a negative trait, never a starter
    assert sum(1 for g in base_casual if g.traits) == 20
    for g in guests:
        if g.deck == "starter":
            assert not g.traits and g.vp >= 0 and g.prestige == 1
            assert all(f.amount > 0 for f in g.favours)
        if g.deck == "casual":
            assert g.prestige in (1, 2) and -4 <= g.vp <= 2
        if g.deck == "prestige":
            assert 2 <= g.prestige <= 6 and 2 <= g.vp <= 8
        if "pauper" in g.traits:
            assert any(f.kind == "money" and f.amount < 0 for f in g.favours)
        assert g.service, g.id
        if g.gender == "male":
            assert "ladys_maid" not in g.service
        else:
            assert "valet" not in g.service


@pytest.mark.rule("courtship.fairchild-favours")
def test_fairchilds(cat):
    charles, elizabeth = cat.gentry["charles-fairchild"], cat.gentry["elizabeth-fairchild"]
    assert charles.deck == elizabeth.deck == "fairchild"
    assert charles.vp == elizabeth.vp == 8
    assert charles.prestige is None and charles.rating == 1 and charles.is_prestige_guest
    assert charles.gender == "male" and elizabeth.gender == "female"
    assert charles.favours == (_fav("reputation", 3),)
    assert set(elizabeth.favours) == {_fav("reputation", 2), _fav("invite", deck="prestige")}


def test_named_guests_keep_stated_values(cat):
    g = cat.gentry
    tetbury = g["marquess-of-tetbury"]
    assert tetbury.prestige == 5 and _fav("money", 500) in tetbury.favours
    assert tetbury.gender == "male"
    assert _fav("invite", deck="prestige") in g["lady-marianne-turner"].favours
    assert _fav("reputation", 3) in g["hon-albert-plantagenet"].favours
    assert g["hon-albert-plantagenet"].service == ("valet",)
    assert g["miss-anne-harlow"].service == ("ladys_maid",)
    assert _fav("money", 300) in g["peter-viscount-townshend"].favours
    assert _fav("reputation", 3) in g["major-anthony-cole"].favours
    washburn = g["hon-regina-washburn"].favours
    assert _fav("reputation", 1) in washburn and _fav("invite", deck="prestige") in washburn
    oliver = g["miss-oliver"]
    assert oliver.deck == "casual" and any(f.kind == "gossip" for f in oliver.favours)
    assert any(f.kind == "reputation" and f.amount < 0 for f in g["miss-hawkins"].favours)
    assert g["dowager-countess-holt"].prestige == 5
    for elite in ("duke-of-langford", "marchioness-of-easton"):
        assert g[elite].deck == "prestige"
        assert any(f.kind == "vp_card" for f in g[elite].favours)


def test_refresher_standin_gentry(cat):
    """Refresher 'A turn, played out' — the three gentlemen in the hand."""
    g = cat.gentry
    c = g["standin-casual-gentleman-200"]
    assert (c.deck, c.gender, c.prestige, c.service, c.favours, c.vp) == (
        "casual", "male", 1, ("valet",), (_fav("money", 200),), 1)
    p = g["standin-pauper-gentleman"]
    assert (p.deck, p.gender, p.prestige, p.service, p.vp, p.traits) == (
        "casual", "male", 2, ("footman",), -1, ("pauper",))
    assert p.favours == (_fav("money", -100), _fav("reputation", 2))
    h = g["standin-prestige-gentleman-pr3"]
    assert (h.deck, h.gender, h.prestige, h.service, h.favours, h.vp) == (
        "prestige", "male", 3, ("valet",), (_fav("reputation", 2),), 3)
    assert all(x.standin for x in (c, p, h))


# ------------------------------------------------------------------------------ tiles


def _column(t: Tile) -> str:
    if t.kind in ("suite", "hybrid"):
        return "suite/hybrid"
    if t.kind == "monument":
        return "monument"
    return t.front.category


def test_base_tile_category_counts(cat):
    """Facts §1.1, counting the four START sets (4 Butler's Rooms + 10 service tiles = 14)."""
    base = [t for t in cat.tiles.values() if t.expansion == "base"]
    counts = Counter()
    for t in base:
        counts[_column(t)] += t.copies
    assert counts["essentials"] == 13
    assert counts["service"] == 14
    assert counts["estate"] == 14
    assert counts["prestige"] == 13
    assert counts["sporting"] == 15
    # UD p.2 speaks of 'the 6 monument tiles in the base game'; Facts §1.1 lists 15 (conflict,
    # recorded in the monuments' notes) — only the six named monuments are catalogued.
    assert counts["monument"] == 6
    suites_hybrids = [t for t in cat.tiles.values() if t.expansion in ("suites", "hybrid")]
    assert sum(t.copies for t in suites_hybrids) == 5


def test_ud_box_tile_count(cat):
    """UD p.2-4 and the contents list: 32 improvement tiles = 10 START + 6 PR5 + 4 updated
    service tiles (these three groups duplicate base tiles) + the UD-only tiles below."""
    ud = {t.id: t.copies for t in cat.tiles.values() if t.expansion == "upstairs_downstairs"}
    assert ud == {
        "carriage-house": 2, "housekeepers-room": 2, "renovated-kitchen": 1,
        "stocked-lake": 1, "parish-church": 1, "babbling-brook": 1,
        "trophy-room-low-vp": 1, "marble-floor-low-vp": 1, "manor-gargoyles-low-vp": 1,
        "sculpture-garden-low-vp": 1,
    }
    pr5 = [t for t in cat.tiles.values()
           if t.expansion == "base" and t.front.prestige == 5 and t.kind != "suite"]
    assert {t.id for t in pr5} == {"main-library", "west-saloon", "west-terrace", "gallery",
                                   "cabinet-of-curiosities", "cricket-field"}
    assert all(t.copies == 1 for t in pr5)
    start = [t for t in cat.tiles.values() if t.start]
    assert 2 * len(start) + len(pr5) + 2 + 2 + sum(ud.values()) == 32


def test_start_tiles(cat):
    start = {t.id: t for t in cat.tiles.values() if t.start}
    assert set(start) == {"private-study", "butlers-room", "gazebo", "front-parlour",
                          "bowling-green"}
    assert sorted(t.front.category for t in start.values()) == sorted(CATEGORIES)
    for t in start.values():
        assert t.tsn is None
        assert t.front.prestige == 1 and t.copies == 4


def test_every_market_tile_has_a_distinct_tsn(cat):
    market = [t for t in cat.tiles.values() if not t.start]
    assert all(t.tsn is not None for t in market)
    tsns = [t.tsn for t in market]
    assert len(tsns) == len(set(tsns))


def _order(cat, ids):
    return [cat.tiles[i].tsn for i in ids] == sorted(cat.tiles[i].tsn for i in ids)


def test_stack_orders_follow_ud_p13(cat):
    sporting = ["riding-stables", "croquet-lawn", "tennis-court", "hillside-kennels",
                "billiards-room", "cricket-field", "stocked-lake"]
    assert _order(cat, sporting)
    market_sporting = {t.id for t in cat.tiles.values()
                       if not t.start and t.kind == "improvement" and t.expansion in
                       ("base", "upstairs_downstairs") and t.front.category == "sporting"}
    assert market_sporting == set(sporting)
    monuments = ["trophy-room", "wine-cellar", "marble-floor", "manor-gargoyles",
                 "sculpture-garden"]
    assert _order(cat, monuments)
    assert _order(cat, ["trophy-room-low-vp", "marble-floor-low-vp", "manor-gargoyles-low-vp",
                        "sculpture-garden-low-vp"])


@pytest.mark.rule("tile.servants-hall")
def test_servants_hall_sits_at_the_expensive_end(cat):
    hall = cat.tiles["servants-hall"].tsn
    others = [t.tsn for t in cat.tiles.values()
              if t.tsn is not None and t.kind not in ("monument",) and t.id != "servants-hall"]
    assert hall > max(others)


@pytest.mark.rule("tile.service-tiles")
def test_faces_are_complete(cat):
    for t in cat.tiles.values():
        faces = [t.front] + ([t.back] if t.back is not None else [])
        for face in faces:
            for s in face.servants:
                assert s in cat.servants
            if face.ability is not None:
                assert face.ability in TILE_ABILITIES, (t.id, face.ability)
            if face.playable:
                assert face.activity and face.prestige is not None, t.id
                assert 1 <= face.prestige <= 6
                if t.id != "butlers-room":
                    assert face.guests is not None, t.id
                if t.kind == "improvement" or t.kind == "hybrid":
                    assert face.servants or t.id == "parish-church", t.id
            else:
                assert face.ability is not None, t.id
        if t.kind in ("monument",):
            assert t.back is None and t.front.ability == "monument"
            assert t.front.category == "monument"
        if t.kind == "service" and t.id not in ("butlers-room", "renovated-kitchen"):
            assert t.back is None and not t.front.playable and t.front.category == "service"
        if t.kind == "hybrid":
            assert t.back is not None and t.back.category != t.front.category
            assert t.front.playable and t.back.playable


def test_category_favour_rules(cat):
    """Facts §4.7: sporting gives money, estate invitations, prestige reputation."""
    for t in cat.tiles.values():
        for face in (t.front, t.back):
            if face is None or not face.playable or t.kind == "suite":
                continue
            kinds = {f.kind for f in face.favours}
            if face.category == "sporting":
                assert "money" in kinds, t.id
            if face.category == "prestige" and t.id != "butlers-room":
                assert "reputation" in kinds, t.id
            if face.category == "estate":
                assert kinds & {"invite", "reclaim"}, t.id


def test_stated_tile_values(cat):
    T = cat.tiles
    barn = T["barn"]
    assert (barn.kind, barn.cost_modifier, barn.front.vp, barn.front.ability, barn.copies) == (
        "service", -100, 2, "barn", 2)
    assert T["brushing-room"].cost_modifier == -200
    assert T["butlers-pantry"].cost_modifier == 100
    assert T["servants-quarters"].cost_modifier == 100
    hall = T["servants-hall"]
    assert (hall.cost_modifier, hall.front.ability, hall.copies) == (200, "servants_hall", 2)
    room = T["butlers-room"]
    assert (room.front.vp, room.back.vp, room.front.servants) == (0, 1, ("butler",))
    assert room.front.guests is None and _fav("hire", 2) in room.front.favours
    assert _fav("recruit", 1) in room.back.favours
    study = T["private-study"]
    assert (study.front.vp, study.back.vp, study.back.ability) == (3, 0, "village_fair_study")
    assert T["front-parlour"].back.vp == 2 and T["front-parlour"].front.category == "prestige"
    assert T["sculpture-garden"].front.vp == 10
    assert T["garden-maze"].front.vp == 7
    assert max(t.front.vp for t in T.values()) == 10
    assert T["music-room"].front.prestige == 4 and T["music-room"].front.category == "prestige"
    assert T["music-room"].front.guests.kind == "gentry"
    assert T["drawing-room"].front.prestige == 3
    assert T["great-hall"].front.prestige == 6 and T["great-hall"].front.activity == "Ball"
    lib = T["main-library"]
    assert lib.front.guests.kind == "family" and lib.front.prestige == 5
    assert [f.kind for f in lib.front.favours] == ["objective"]
    assert [f.kind for f in lib.back.favours] == ["vp_card_draw"]
    assert T["english-garden"].front.servants == ("footman",)
    assert T["tennis-court"].front.servants == ("footman",)
    assert T["dining-room"].front.servants == ("housekeeper",)
    assert T["breakfast-room"].front.servants == ("housekeeper",)
    assert T["morning-room"].front.guests.count == (1, 2, 3)
    assert T["fenced-paddock"].front.prestige == 1


def test_stated_ud_tile_values(cat):
    T = cat.tiles
    lake = T["stocked-lake"]
    assert (lake.front.category, lake.front.prestige, lake.front.activity) == (
        "sporting", 6, "Fly Fishing")
    assert lake.front.guests.count == (4,) and lake.front.guests.kind == "gentry"
    brook = T["babbling-brook"]
    assert brook.kind == "hybrid"
    assert (brook.front.category, brook.front.prestige, brook.front.activity) == (
        "sporting", 2, "Fly Fishing")
    assert (brook.front.guests.count, brook.front.guests.kind) == ((4,), "gentlemen")
    assert brook.front.favours == (_fav("money", 400),)
    assert (brook.back.category, brook.back.prestige, brook.back.activity) == (
        "estate", 3, "Watercolor Landscapes")
    assert (brook.back.guests.count, brook.back.guests.kind) == ((4,), "ladies")
    assert [f.kind for f in brook.back.favours] == ["reclaim"]
    church = T["parish-church"]
    assert (church.front.category, church.front.prestige, church.front.activity) == (
        "essentials", 4, "Establish Living")
    assert (church.front.guests.count, church.front.guests.kind) == ((1,), "gentlemen")
    assert church.front.servants == ()
    assert (church.back.category, church.back.ability) == ("monument",
                                                           "parish_church_monument")
    kitchen = T["renovated-kitchen"]
    assert kitchen.front.playable and kitchen.front.servants == ("cook",)
    assert kitchen.front.guests.any_prestige and kitchen.front.guests.count == (2,)
    assert kitchen.back.ability == "renovated_kitchen_cook" and not kitchen.back.playable
    assert T["carriage-house"].front.ability == "carriage_house"
    assert T["housekeepers-room"].front.ability == "housekeepers_room"
    lion = T["lionheart-suite"].front.guests
    assert lion.from_supply and lion.kind == "prestige"
    for suite in ("queens-suite", "lionheart-suite"):
        assert T[suite].back.ability == "suite_monument"
    assert T["green-room"].front.category == "essentials"
    assert T["green-room"].back.category == "prestige"


def test_refresher_standin_tiles(cat):
    """Refresher 'A turn, played out': the hosted estate tile, the bought one, the reserve's."""
    T = cat.tiles
    pr2 = T["standin-estate-pr2"]
    assert (pr2.kind, pr2.cost_modifier) == ("improvement", 0)
    for face, vp, favours in ((pr2.front, 1, (_fav("invite", deck="casual"),)),
                              (pr2.back, 2, (_fav("invite", deck="casual"), _fav("dismiss", 1)))):
        assert (face.category, face.prestige, face.servants, face.vp) == (
            "estate", 2, ("footman",), vp)
        assert (face.guests.count, face.guests.kind) == ((2,), "gentlemen")
        assert face.favours == favours and face.playable
    m100 = T["standin-estate-minus100"]
    assert (m100.cost_modifier, m100.front.category, m100.front.prestige) == (-100, "estate", 1)
    assert m100.front.servants == ("footman",) and m100.front.guests.count == (2,)
    assert m100.front.favours == (_fav("invite", deck="casual"),) and m100.back.vp == 2
    svc = T["standin-service-minus100"]
    assert (svc.kind, svc.cost_modifier, svc.front.vp, svc.front.ability) == (
        "service", -100, 1, "none-standin")
    assert all(T[i].standin for i in ("standin-estate-pr2", "standin-estate-minus100",
                                      "standin-service-minus100"))
    # distinct TSNs, and no other PR-2 estate tile shares the hosted one's face
    assert len({pr2.tsn, m100.tsn, svc.tsn}) == 3
    # 400 space - 100 = 300 paid (Refresher); the reserve tile costs 300 - 100 = 200
    assert 400 + m100.cost_modifier == 300 and 300 + svc.cost_modifier == 200


# ------------------------------------------------------------------------------ round tracks


def _events(track):
    return [(s.round, e.kind) for s in track.rounds for e in s.events]


@pytest.mark.rule("round-track.standard", "round-track.standard-events")
def test_standard_track(cat):
    t = cat.round_tracks["standard"]
    assert [s.round for s in t.rounds] == list(range(1, 17))
    assert [s.round for s in t.rounds if s.courtship] == [4, 8, 12, 16]
    assert [s.season for s in t.rounds] == [r // 4 + 1 for r in range(16)]
    assert t.reputation_levels == 6
    ev = _events(t)
    assert (3, "village_fair") in ev and (11, "builders_holiday") in ev
    assert (14, "national_holiday") in ev
    assert sum(k == "village_fair" for _, k in ev) == 2
    assert sum(k == "objective_draw" for _, k in ev) == 1
    assert [r for r, k in ev if k == "reserves_activate"] == [5, 9]
    courtships = {s.round for s in t.rounds if s.courtship}
    assert not any(r in courtships for r, _ in ev)


@pytest.mark.rule("round-track.first-edition", "round-track.extended", "round-track.extended-events")
def test_extended_track(cat):
    t = cat.round_tracks["extended"]
    assert [s.round for s in t.rounds] == list(range(1, 21))
    assert [s.round for s in t.rounds if s.courtship] == [5, 10, 15, 20]
    assert t.reputation_levels == 8
    ev = _events(t)
    assert [r for r, k in ev if k == "objective_draw"] == [7, 18]
    assert [r for r, k in ev if k == "national_holiday"] == [11]
    assert [r for r, k in ev if k == "builders_holiday"] == [13]
    assert sum(k == "village_fair" for _, k in ev) == 3
    assert [r for r, k in ev if k == "reserves_activate"] == [6, 11]


@pytest.mark.rule("round-track.tableau", "tableau.overview")
def test_tableau_track(cat):
    t = cat.round_tracks["tableau"]
    spaces = {s.round: s for s in t.rounds}
    assert not any(s.courtship for s in t.rounds)
    ev = _events(t)
    assert (5, "grand_ball") in ev and (11, "builders_holiday") in ev
    assert (13, "village_fair") in ev
    assert [r for r, k in ev if k == "reserves_activate"] == [4, 4]
    assert spaces[12].modifier == 0
    assert spaces[11].modifier == 5 and spaces[10].modifier == 10
    assert spaces[13].modifier == -5
    # UD p.14: ending on round 14 costs 15 VP; ending on round 17 costs 75 VP
    assert sum(spaces[r].modifier for r in range(13, 15)) == -15
    assert sum(spaces[r].modifier for r in range(13, 18)) == -75


# ------------------------------------------------------------------------------ cards


def test_themes(cat):
    assert sum(t.copies for t in cat.themes.values()) == 10
    per = Counter()
    for t in cat.themes.values():
        per[t.category] += t.copies
    assert per == {c: 2 for c in CATEGORIES}


def test_vp_cards(cat):
    assert sum(v.copies for v in cat.vp_cards.values()) == 30
    assert all(v.vp in (3, 4, 5) for v in cat.vp_cards.values())
    assert cat.vp_cards["vp-objective"].vp == 4
    assert cat.vp_cards["vp-unlimited-purchases"].vp == 3
    assert cat.vp_cards["vp-refresh-market"].vp == 5


def test_objectives(cat):
    objs = list(cat.objectives.values())
    base = [o for o in objs if o.expansion == "base"]
    ud = [o for o in objs if o.expansion == "upstairs_downstairs"]
    assert len(base) == 30 and len(ud) == 7
    assert sum(o.category == "miscellaneous" for o in base) == 3
    assert any(o.category == "group_bonus" for o in base)
    assert Counter(o.category for o in ud) == {"servant_bonus": 5, "tableau": 2}
    for o in objs:
        for tile_id in re.findall(r"\(([a-z-]+)\)", o.condition):
            assert tile_id in cat.tiles, (o.id, tile_id)
