"""Invariants of a position that hold after every action of a whole game.

``inventory`` lists where every component is; a component never appears or vanishes once setup
is over, so two inventories of the same game compare equal.  ``check_position`` asserts the
per-position rules: no player owns two copies of a tile, money is never negative, reputation
stays on the wheel, market spaces hold one kind of tile each (in solo: tiles of the space's
category), reserves hold only their kind.
"""

from __future__ import annotations

from collections import Counter

from obsession_nb import Game, load_json, load_scenario_text
from obsession_nb.engine.positions import position_check, scenario
from obsession_nb.engine.positions.scenario import Scenario, parse
from obsession_nb.engine.setup.tiles import box_in_use


def inventory(game: Game) -> dict[str, Counter[str]]:
    state = game.state
    inv: dict[str, Counter[str]] = {k: Counter() for k in
                                    ("cards", "tiles", "objectives", "vp", "themes", "servants")}
    for p in state.players:
        inv["cards"].update([*p.hand, *p.discard])
        inv["tiles"].update(o.tile for o in p.organiser)
        inv["objectives"].update(p.objectives)
        inv["vp"].update(p.vp_cards)
        inv["servants"].update(p.servants.all())
        inv["servants"].update(p.removed)
    turn = state.turn
    if turn is not None:
        inv["cards"].update(turn.guests)
        for choice in turn.choices:
            inv["cards"].update(choice.cards)
        # a useful man removed from the game is marked by a placement until the turn ends
        inv["servants"].update(p.servant for p in turn.placements if p.target != "removed")
        # the starter-guest draft's deck (engine/setup/decisions.py), else objectives to choose from
        inv["cards" if turn.step == "starter-draft" else "objectives"].update(turn.offer)
    s = state.supply
    inv["cards"].update([*s.casual_deck, *s.prestige_deck, *s.fairchilds])
    inv["tiles"].update([*s.bag, *s.service_reserve, *s.pr1_reserve, *s.removed])
    for stack in s.market:
        inv["tiles"].update(stack)
    inv["objectives"].update(s.objective_deck)
    inv["vp"].update([*s.vp_deck, *s.vp_discard])
    inv["themes"].update([*s.theme_deck, *state.themes])
    inv["servants"].update({k: n for k, n in s.servants_for_hire.items() if n})
    inv["servants"].update(s.draft_display)
    if state.solo is not None:  # the Grand Ball's prestige guests, one to keep (solo step 2)
        inv["cards"].update(state.solo.ball_offer)
    if state.tableau is not None:  # the starter-guest draft's deck, the Grand Ball's guests
        inv["cards"].update([*state.tableau.draft_deck, *state.tableau.ball_offer])
    if state.classic_solo is not None:  # the opponent's VP cards and Fairchild (classic solo)
        inv["vp"].update(state.classic_solo.opponent_vp)
        if state.classic_solo.opponent_fairchild is not None:
            inv["cards"][state.classic_solo.opponent_fairchild] += 1
    return inv


def check_position(game: Game) -> None:
    state, table = game.state, game.table
    catalog = table.catalog
    inv = inventory(game)
    for card, n in inv["cards"].items():
        assert n <= table.card(card).copies, f"card {card} is in {n} places"
    for tile, n in inv["tiles"].items():
        if not catalog.tiles[tile].start:
            allowed = catalog.tiles[tile].copies_in_game(
                box_in_use(state.options.expansion, len(state.players)))
            assert n <= allowed, f"tile {tile} is in {n} places"
    for card, n in inv["objectives"].items():
        assert n == 1, f"objective {card} is in {n} places"
    for card, n in inv["vp"].items():
        assert n <= catalog.vp_cards[card].copies, f"VP card {card} is in {n} places"
    top = table.wheel.top
    for p in state.players:
        owned = [o.tile for o in p.organiser]
        assert len(owned) == len(set(owned)), f"{p.name} owns a tile twice: {owned}"
        assert p.money >= 0, f"{p.name} has £{p.money}"
        assert 0 <= p.reputation <= top, f"{p.name} reputation {p.reputation} off the wheel"
        assert set(p.known) <= set(p.hand), f"{p.name} knows {p.known} outside the hand"
    s = state.supply
    assert len(s.market) <= 6
    if state.options.mode == "solo-estate-challenge":  # six category stacks, which may run
        # out (solo.sec.market-stacks)
        from obsession_nb.modes.solo.market import STACKS, stack_of

        for name, stack in zip(STACKS, s.market):
            assert all(stack_of(catalog.tiles[t]) == name for t in stack), f"{name} stack {stack}"
    else:
        # a space bought empty waits for the slide only during a turn of several purchases
        shopping = state.turn is not None and state.turn.purchases > 0
        for stack in s.market:
            assert (stack or shopping) and len(set(stack)) <= 1, f"market stack {stack}"
    assert all(catalog.tiles[t].front.category == "service" for t in s.service_reserve)
    assert all(catalog.tiles[t].front.prestige == 1 for t in s.pr1_reserve)
    assert all(n >= 0 for n in s.servants_for_hire.values())


def in_setup(game: Game) -> bool:
    turn = game.state.turn
    return turn is not None and turn.step == "draft"


class Watch:
    """Every invariant after every action of one game: the per-position rules, the position's
    JSON round trip, and — from the end of setup on — that no component appears or vanishes."""

    def __init__(self, game: Game) -> None:
        self.baseline = None if in_setup(game) else inventory(game)

    def check(self, game: Game, *, json: bool = True) -> None:
        """``json=False`` leaves out the JSON round trip (when the caller reloads the position
        through the file checks anyway)."""
        check_position(game)
        if json:
            model_round_trip(game)
        if self.baseline is None:
            if not in_setup(game):
                self.baseline = inventory(game)
        else:
            assert inventory(game) == self.baseline, "a component appeared or vanished"


def round_trip(game: Game) -> None:
    """``load(dump(s)) == s`` for the position as it stands."""
    text = game.to_scenario()
    again = parse(text)
    assert again.state == game.state
    assert Game.from_state(again.state).to_scenario() == text


def model_round_trip(game: Game) -> None:
    """The cheap half of the round trip, for every action: the position's JSON form loads back
    to an equal position (the YAML text and file checks are ``round_trip``)."""
    assert load_json(game.to_json(), custom=list(game.table.custom.values())).state == game.state


def file_round_trip(game: Game, *, text: bool = True) -> None:
    """Save the position as a scenario file and load it back through every check of a file
    (``load_scenario_text``): it is accepted, equal, and saves to the same text.  With
    ``text=False`` the saved data goes through the same checks without being written as YAML
    (``scenario.parse_data``), several times faster."""
    saved = Scenario(game.state, list(game.table.custom.values()))
    try:
        if text:
            written = scenario.dump(saved)
            again = load_scenario_text(written, play_recorded=False).state
            assert scenario.dump(Scenario(again, saved.custom_cards)) == written, \
                "the reloaded position saves to other text"
        else:
            again = scenario.parse_data(scenario.dump_data(saved), game.table.catalog,
                                        decision=position_check.check).state
    except ValueError as exc:  # ScenarioError: the engine's own position refused
        raise AssertionError(f"the saved position is refused: {exc}") from None
    assert again == game.state, "the reloaded position differs"
