"""The engine core's contracts (DESIGN principle 9, the engine-core issue):

* a verifier only reads the position (checked by fingerprinting it around every verify);
* move generation and the verifier cannot drift: at every decision, the legal actions are exactly
  the candidates the full verifier allows, and the text-free check agrees with both;
* JSON and YAML describe the same position;
* an action that fails half-way (an engine bug) leaves the position as it was;
* game modes are plugins found by name.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsession_nb import Game, load_json, load_position, load_scenario_text, new_game
from obsession_nb.base.resources import content_dir
from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.mode import STANDARD, Mode, mode_named
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.steps.choices import BOXES
from obsession_nb.engine.steps.service import open_slots
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import simulate

SCENARIOS = sorted(p.stem for p in (content_dir() / "scenarios").glob("*.yaml"))


def seeded_games() -> Iterator[tuple[str, Game]]:
    yield "2p", new_game(2, seed=11)
    yield "3p-base-extended", new_game(3, seed=12, options=Options(expansion=False,
                                                                   length="extended"))
    yield "5p", new_game(5, seed=13)
    yield "solo", new_solo_game(14)


def decisions(game: Game, seed: int, limit: int = 400) -> Iterator[Game]:
    """The game at each of its decisions, played by the seeded random player."""
    player = RandomPlayer(seed)
    for _ in range(limit):
        if game.state.finished:
            return
        yield game
        game.apply(player.choose(game))


def recorded_decisions(name: str) -> Iterator[Game]:
    game = load_position(name)
    for action in game.recorded:
        yield game
        game.apply(action)
    yield game


@pytest.fixture
def pure_verifiers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "PURE_VERIFY_CHECK", True)


@pytest.mark.parametrize("label,game", list(seeded_games()), ids=lambda x: x if isinstance(x, str) else "")
def test_verifiers_never_change_the_position(pure_verifiers: None, label: str, game: Game) -> None:
    seen = 0
    for g in decisions(game, seed=len(label), limit=60 if label == "solo" else 120):
        g.candidates()  # generation only reads too
        for action in g.candidates():
            g.check(action)  # raises engine.ImpureVerifier if a verifier changed the position
            seen += 1
    assert seen > 300


def test_the_purity_check_catches_a_verifier_that_writes(pure_verifiers: None,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_position("refresher-round-6")

    def writing_verifier(table, *args):  # type: ignore[no-untyped-def]
        table.me.money += 1
        return []

    kind = engine.HANDLERS[type(game.legal_actions()[0])]
    monkeypatch.setitem(engine.HANDLERS, type(game.legal_actions()[0]),
                        engine.Handler(kind.steps, writing_verifier, kind.apply))
    with pytest.raises(engine.ImpureVerifier):
        game.check(game.legal_actions()[0])


def _agree(game: Game) -> None:
    candidates = game.candidates()
    by_verifier = [c for c in candidates if game.check(c).legal]
    assert game.legal_actions() == by_verifier
    assert [c for c in candidates if game.can(c)] == by_verifier


@pytest.mark.parametrize("name", SCENARIOS)
def test_legal_actions_are_the_candidates_the_verifier_allows_in_scenarios(name: str) -> None:
    for game in recorded_decisions(name):
        _agree(game)


@pytest.mark.parametrize("label,game", list(seeded_games()), ids=lambda x: x if isinstance(x, str) else "")
def test_legal_actions_are_the_candidates_the_verifier_allows_in_random_games(label: str,
                                                                                game: Game) -> None:
    for g in decisions(game, seed=7, limit=150):
        _agree(g)


def _every_kind_of(game: Game) -> Iterator[a.Action]:
    """Supplemental placements on every target, the Carriage House and Kitchen, every servant
    on every open icon and every recruit: wider than move generation, which narrows these by
    what each verifier could ever allow."""
    table = game.table
    if table.state.turn is None:
        return
    me, turn = table.me, table.turn
    targets = ["tile", "study", *turn.guests, *(t.tile for t in me.organiser)]
    kinds = list(table.catalog.servants)
    yield from (a.Place(s, t) for s in kinds for t in targets)
    yield from (a.Carriage(s, c) for s in kinds for c in ("more", "fewer"))
    yield a.Kitchen()
    if turn.step == "service":
        yield from (a.Serve(slot.id, k) for slot in open_slots(table) for k in kinds)
    seats = [s for s in range(len(table.state.players)) if s != turn.player]
    yield from (a.Recruit(s, k, z) for s in seats for k in kinds for z in BOXES)


def _nothing_missed(game: Game) -> int:
    legal = set(game.legal_actions())
    allowed = [x for x in _every_kind_of(game) if game.can(x)]
    missed = [x.notation for x in allowed if x not in legal]
    assert not missed, f"legal but never generated: {missed}"
    return len(allowed)


def test_move_generation_misses_no_placement_serve_or_recruit_the_verifier_allows() -> None:
    allowed = 0
    for name in ("howard-supplemental-service", "refresher-round-6"):
        allowed += sum(_nothing_missed(g) for g in recorded_decisions(name))
    for _label, game in seeded_games():
        allowed += sum(_nothing_missed(g) for g in decisions(game, seed=5, limit=150))
    assert allowed > 100  # the wide set did meet legal ones


def _same_position(game: Game) -> None:
    by_json = load_json(game.to_json(), custom=list(game.table.custom.values()))
    assert by_json.state == game.state
    by_yaml = load_scenario_text(game.to_scenario(), play_recorded=False)
    assert by_yaml.state == game.state
    assert by_yaml.to_json() == game.to_json()


@pytest.mark.parametrize("name", SCENARIOS)
def test_json_and_yaml_describe_the_same_position_in_scenarios(name: str) -> None:
    for game in recorded_decisions(name):
        _same_position(game)


def test_json_and_yaml_describe_the_same_position_in_random_games() -> None:
    for _label, game in seeded_games():
        for i, g in enumerate(decisions(game, seed=3, limit=300)):
            if i % 20 == 0:
                _same_position(g)


def test_a_failed_action_leaves_the_position_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_scenario_text(load_position("refresher-round-6").to_scenario())
    game.apply("activity")
    before = game.to_json()
    action = game.legal_actions()[0]
    kind = engine.HANDLERS[type(action)]

    def failing_apply(table, *args):  # type: ignore[no-untyped-def]
        table.me.money += 500
        table.state.supply.bag.clear()
        raise RuntimeError("a bug half-way through")

    monkeypatch.setitem(engine.HANDLERS, type(action),
                        engine.Handler(kind.steps, kind.verify, failing_apply))
    with pytest.raises(RuntimeError):
        game.apply(action)
    assert game.to_json() == before
    monkeypatch.undo()
    game.apply(action)  # and play goes on
    assert game.to_json() != before


def test_a_refused_action_changes_nothing_and_costs_no_copy() -> None:
    game = load_position("howard-supplemental-service")
    before = game.to_json()
    with pytest.raises(ValueError):
        game.apply("buy gazebo")
    assert game.to_json() == before


def test_a_game_played_for_its_outcome_keeps_the_actions_without_their_rulings() -> None:
    """``Game.explain = False`` (what ``simulate`` plays): the same game, action for action and
    automatic step for step, with no ruling written; ``simulate(explain=True)`` writes them."""
    quiet, explained = simulate(3, 7), simulate(3, 7, explain=True)
    assert not quiet.game.explain and explained.game.explain
    assert quiet.game.to_json() == explained.game.to_json()
    assert [e.action for e in quiet.game.log] == [e.action for e in explained.game.log]
    assert all(e.rulings == [] for e in quiet.game.log[1:])  # the setup's are written first
    assert all(e.rulings for e in explained.game.log if not e.action.startswith("("))


def test_a_quiet_game_verifies_every_action_it_did_not_list(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Only an action listed legal at this very position skips the verifier: any other is
    checked, and an illegal one refused with its rule, the position unchanged."""
    game = load_position("howard-supplemental-service")
    game.explain = False
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply("buy gazebo")
    assert refused.value.rulings and game.to_json() == before
    checked: list[a.Action] = []
    verify = engine.verify
    monkeypatch.setattr(engine, "verify", lambda table, act: checked.append(act) or verify(table, act))
    unlisted = load_position("howard-supplemental-service").legal_actions()[0]
    game.apply(unlisted)
    assert checked == [unlisted]
    listed = game.legal_actions()[0]
    checked.clear()
    game.apply(listed)
    assert checked == []


def test_modes_are_plugins_found_by_name() -> None:
    assert mode_named("standard") is STANDARD
    solo = mode_named("solo-estate-challenge")
    assert isinstance(solo, Mode) and solo.name == "solo-estate-challenge"
    assert solo.unlimited_purchases and not STANDARD.unlimited_purchases
    with pytest.raises(KeyError):
        mode_named("chess")
    assert new_solo_game(1).table.mode is solo
    assert new_game(2, seed=1).table.mode is STANDARD


def test_a_mode_action_outside_its_mode_is_refused_by_the_mode_itself() -> None:
    game = new_game(2, seed=1)
    verdict = game.check("ball lady-suffolk")
    assert not verdict.legal
    assert verdict.rulings[0].rule.startswith(("solo.", "turn."))


def test_one_party_search_answers_like_a_search_per_guest() -> None:
    """``party_search.joins_party`` (one search per group of interchangeable cards, as a single
    check makes) and ``party_search.joining`` (one pass for every group, as a listing makes)
    give, for every card of the hand, the answer of a search for a party with that very
    card."""
    from obsession_nb.engine.steps import guests, party_search

    compared = 0
    for _label, game in seeded_games():
        for g in decisions(game, seed=5, limit=400):
            turn = g.state.turn
            if turn is None or turn.step != "invite":
                continue
            table, invited = g.table, tuple(turn.guests)
            with table.reading():
                together = party_search.joining(table, invited)
                groups = party_search.party_problem(table, invited).groups.group_of
            for card in dict.fromkeys(g.state.players[turn.player].hand):
                with table.reading():
                    alone = guests.refusal(table, card) is None and party_search.party_possible(
                        table, (*invited, card))
                with table.reading():
                    assert party_search.joins_party(table, invited, card) == alone, card
                assert (card in groups and together[groups[card]]) == alone, card
                compared += 1
    assert compared > 20


@given(sizes=st.lists(st.integers(1, 3), max_size=5), need=st.integers(0, 6),
       must=st.integers(-1, 4))
def test_selections_list_every_way_to_take_the_cards_once(sizes: list[int], need: int,
                                                          must: int) -> None:
    """The party search's ways of taking ``need`` cards from groups of interchangeable cards:
    each count per group (up to the group's size) adding up to ``need``, each exactly once;
    with ``must``, exactly those taking a card of that group."""
    from itertools import product

    from obsession_nb.engine.steps import party_search

    must = must if must < len(sizes) else -1
    order = [(((f"s{i}",), i), [f"c{i}-{n}" for n in range(size)])
             for i, size in enumerate(sizes)]
    found = [tuple(dict(choice).get(key, 0) for key, _cards in order)
             for choice in party_search._selections(order, need, must)]
    every = {counts for counts in product(*(range(size + 1) for size in sizes))
             if sum(counts) == need and (must < 0 or counts[must] > 0)}
    assert len(found) == len(set(found))
    assert set(found) == every


def test_legal_actions_of_some_kinds_are_the_whole_lists_of_those_kinds() -> None:
    """``legal_actions(table, kinds)`` (what a player looking for its purchases or its hosts
    asks) lists what filtering the whole list gives, in its order, at every decision."""
    wanted = [(a.Buy,), (a.Host,), (a.Invite, a.Serve), (a.Pass, a.Done)]
    found = 0
    for _label, game in seeded_games():
        for g in decisions(game, seed=3, limit=300):
            whole = engine.legal_actions(g.table)
            for kinds in wanted:
                some = engine.legal_actions(g.table, kinds)
                assert some == [x for x in whole if isinstance(x, kinds)]
                found += len(some)
    assert found > 100


def test_play_applies_as_apply_does_and_refuses_with_the_rule() -> None:
    """``dispatch.play`` (the AI's apply, no verifier text unless refusing): every legal action
    leaves the position ``apply`` leaves; an illegal one is refused by the verifier's rule and
    changes nothing."""
    from obsession_nb.data.rules import IllegalAction
    from obsession_nb.engine.table import Table

    played = 0
    for _label, game in seeded_games():
        for g in decisions(game, seed=9, limit=150):
            for action in engine.legal_actions(g.table)[:3]:
                mine = Table(g.state.clone(), g.table.catalog)
                theirs = Table(g.state.clone(), g.table.catalog)
                engine.play(mine, action)
                engine.apply(theirs, action)
                assert mine.state == theirs.state, action.notation
                played += 1
    assert played > 300
    game = new_game(2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        engine.play(game.table, a.Buy("barn"))
    assert refused.value.rulings[0].rule.startswith("turn.")
    assert game.to_json() == before


def test_play_decided_checks_in_the_reading_it_decided_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dispatch.play_decided``: the decided action is played as ``apply`` plays it, its check
    reading the facts the decision worked out (the same cache); nothing decided, nothing
    played; an illegal decision refused by its rule with the position unchanged."""
    from obsession_nb.data.rules import IllegalAction
    from obsession_nb.engine.table import Table
    from obsession_nb.engine.turn import movegen

    seen: list[object] = []
    legal = movegen.legal

    def watched(table: Table, *args: object) -> list[a.Action]:
        seen.append(table.cache)
        return legal(table, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(movegen, "legal", watched)
    played = 0
    for _label, game in seeded_games():
        for g in decisions(game, seed=4, limit=60):
            choices = engine.legal_actions(g.table)
            mine = Table(g.state.clone(), g.table.catalog)
            theirs = Table(g.state.clone(), g.table.catalog)
            decided: list[object] = []

            def decide(table: Table = mine, decided: list[object] = decided,
                       choice: a.Action = choices[-1]) -> a.Action:
                engine.legal_actions(table)  # what a player reads before choosing
                decided.append((table.cache, len(seen)))
                return choice

            seen.clear()
            assert engine.play_decided(mine, decide) == choices[-1]
            cache, checks = decided[0]  # type: ignore[misc]
            assert cache is not None and len(seen) > checks and seen[-1] is cache
            engine.apply(theirs, choices[-1])
            assert mine.state == theirs.state, choices[-1].notation
            played += 1
    assert played > 100
    game = new_game(2, seed=1)
    before = game.to_json()
    assert engine.play_decided(game.table, lambda: None) is None
    assert game.to_json() == before
    with pytest.raises(IllegalAction) as refused:
        engine.play_decided(game.table, lambda: a.Buy("barn"))
    assert refused.value.rulings[0].rule.startswith("turn.")
    assert game.to_json() == before
