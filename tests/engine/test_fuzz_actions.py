"""Action fuzzing (issues 11 and 26, every mode and option set): random notation, unknown ids in
every argument of every action kind, legal notations of other decisions and the candidates of
this one are each refused as bad notation or an illegal action with the position byte-identical
(``to_scenario()`` before and after), or — when legal — applied; never another exception.
Hypothesis draws the actions, with a fixed seed (``derandomize``) so that CI runs the same
examples every time.
"""

from __future__ import annotations

import contextlib
import random
import string
from collections import Counter
from dataclasses import fields

import mode_games
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from obsession_nb import load_scenario_text
from obsession_nb.base.resources import content_dir
from obsession_nb.data.catalog import load_catalog
from obsession_nb.data.rules import BadNotation, IllegalAction
from obsession_nb.engine.game import Game
from obsession_nb.engine.records.notation import action_types, parse
from obsession_nb.players.random_player import RandomPlayer

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
OUTCOMES: Counter[str] = Counter()
PER_POSITION = 15


def _positions() -> list[str]:
    """Every packaged scenario as loaded, and positions a seeded random game reaches from it
    (every 20th action), so that many kinds of decision are pending; then a position of every
    mode and option set (tests/support/mode_games.py) after 40 random actions."""
    texts = mode_games.positions(mode_games.every_kind(), 26, after=(40,))
    for path in sorted((content_dir() / "scenarios").glob("*.yaml")):
        game = load_scenario_text(path.read_text(encoding="utf-8"))
        player = RandomPlayer(7)
        for played in range(100):
            if played % 20 == 0:
                texts.append(game.to_scenario())
            action = player.choose(game)
            if action is None:
                break
            game.apply(action)
    return texts


POSITIONS = _positions()
GAMES: dict[int, Game] = {}
CAT = load_catalog()
IDS = sorted({*CAT.servants, *CAT.tiles, *CAT.gentry, *CAT.objectives, *CAT.vp_cards,
              *CAT.families})
UNKNOWN = ["nobody", "cooke", "nonesuch", "x", "0", "p0", "p7", "p9", "tile", "-", "99"]
WORDS = ["tile", "study", "hall", "market", "carriage-house", "more", "fewer", "money",
         "reputation", "screen", "dismiss", "useful_man", "1", "2", "3", "p1", "p2", "p3", "p6",
         *CAT.servants]


def game_at(index: int) -> Game:
    if index not in GAMES:
        GAMES[index] = load_scenario_text(POSITIONS[index], play_recorded=False)
    return GAMES[index]


def try_action(index: int, text: str) -> str:
    """Apply ``text`` at position ``index``: refused with the position unchanged, or legal (then
    undone).  Returns the outcome."""
    game = game_at(index)
    before = game.to_scenario()
    point = game.snapshot()
    with contextlib.suppress(BadNotation):
        game.check(text)
    assert game.to_json() == point.position, f"check('{text}') changed the position"
    try:
        game.apply(text)
    except BadNotation:
        outcome = "bad notation"
    except IllegalAction as exc:
        assert exc.rulings, f"'{text}' refused without a ruling"
        outcome = "illegal"
    else:
        game.restore(point)
        assert parse(text) in game.legal_actions(), f"'{text}' applied but not listed as legal"
        outcome = "legal"
    assert game.to_scenario() == before, f"'{text}' changed the position"
    OUTCOMES[outcome] += 1
    return outcome


positions = st.integers(min_value=0, max_value=len(POSITIONS) - 1)
tokens = st.one_of(st.sampled_from(IDS), st.sampled_from(UNKNOWN), st.sampled_from(WORDS),
                   st.text(alphabet=string.ascii_lowercase + string.digits + "_-'.:", min_size=1,
                           max_size=12))


@st.composite
def typed_actions(draw: st.DrawFn) -> str:
    """A known verb with the right number of arguments, each from ids, unknown ids or words."""
    cls = draw(st.sampled_from(sorted(action_types().values(), key=lambda c: c.verb)))
    args = [draw(tokens) for f in fields(cls) if f.type != "bool"]
    flags = [f.name for f in fields(cls) if f.type == "bool" and draw(st.booleans())]
    return " ".join([cls.verb, *args, *flags])


def report(capsys: pytest.CaptureFixture[str], what: str) -> None:
    with capsys.disabled():
        print(f"\naction fuzz, {what}: {sum(OUTCOMES.values())} actions at "
              f"{len(POSITIONS)} positions: "
              + ", ".join(f"{k} {v}" for k, v in sorted(OUTCOMES.items())))
    OUTCOMES.clear()


@SETTINGS
@given(positions, st.text(max_size=40))
def random_text(index: int, text: str) -> None:
    try_action(index, text)


@SETTINGS
@given(positions, typed_actions())
def typed(index: int, text: str) -> None:
    try_action(index, text)


def _notations() -> list[str]:
    seen: set[str] = set()
    for i in range(len(POSITIONS)):
        seen.update(a.notation for a in game_at(i).candidates())
    return sorted(seen)


@SETTINGS
@given(positions, st.data())
def elsewhere(index: int, data: st.DataObject) -> None:
    try_action(index, data.draw(st.sampled_from(_NOTATIONS)))


_NOTATIONS: list[str] = []


def test_fuzz_random_text_is_refused_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    OUTCOMES.clear()
    random_text()
    report(capsys, "random text")


def test_fuzz_every_argument_of_every_action_kind_is_checked(
        capsys: pytest.CaptureFixture[str]) -> None:
    OUTCOMES.clear()
    typed()
    report(capsys, "typed actions with unknown ids and words")


def test_fuzz_notations_of_other_decisions_are_refused_cleanly(
        capsys: pytest.CaptureFixture[str]) -> None:
    OUTCOMES.clear()
    _NOTATIONS[:] = _notations()
    elsewhere()
    report(capsys, f"notations of other decisions ({len(_NOTATIONS)})")


def test_fuzz_candidates_are_legal_or_refused_with_their_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    OUTCOMES.clear()
    rng = random.Random(11)
    for index in range(len(POSITIONS)):
        game = game_at(index)
        legal = {a.notation for a in game.legal_actions()}
        candidates = game.candidates()
        for action in rng.sample(candidates, min(PER_POSITION, len(candidates))):
            outcome = try_action(index, action.notation)
            assert (outcome == "legal") == (action.notation in legal), action.notation
    report(capsys, f"candidates of each position (up to {PER_POSITION})")
