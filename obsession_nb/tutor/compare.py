"""The same seeded game under the expansion's rules and under a printing or variant, side by side
(tutorial 08; issue 14 item 6).

``compare_options(players, seed, "courtship=closed")`` plays the game twice with the seeded
random player — once with the default options (plus ``base``), once with the setting too — and
returns a pandas DataFrame of what differs where the option acts: the themes and when they were
turned up, the market as each round starts, the objectives, the Servants' Hall, the scores.
Each row names the ruling that decides it (the option's entry in content/rules.yaml, or the rule
the game applied).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from obsession_nb.data.rules import rule
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.facts import can_use_hall, decision_actions
from obsession_nb.engine.positions.option_index import (
    options_with,
    parse_setting,
    selections,
    selector,
)
from obsession_nb.engine.scoring import score
from obsession_nb.players.random_player import RandomPlayer

OBSERVED = {
    "objectives": ("objectives", "scores"),
    "servants_hall": ("hall", "scores"),
    "courtship": ("themes", "scores"),
    "theme_reveal": ("themes",),
    "market": ("market",),
    "intensive_service": ("market",),
    "market_redraw": ("market",),
}
"""What each option changes, so what its comparison shows (else the scores)."""


@dataclass
class Played:
    """A seeded random game played to its end, with what was seen as each round began."""

    game: Game
    markets: dict[int, str] = field(default_factory=dict)
    turned_up: dict[int, int] = field(default_factory=dict)
    """Season → the round in which its theme was turned up."""
    first_objectives: list[int] = field(default_factory=list)


def play(players: int, seed: int, settings: Sequence[str]) -> Played:
    """Play the seeded game to its end under ``settings``, watching each round's start."""
    game = new_game(players, seed=seed, options=options_with(settings))
    player = RandomPlayer(seed)
    seen = Played(game)
    while not game.state.finished:
        state = game.state
        turn = state.turn
        at_turn = turn is not None and turn.step == "begin"
        if at_turn and not seen.first_objectives:
            seen.first_objectives = [len(p.objectives) for p in state.players]
        if at_turn and state.round not in seen.markets:
            seen.markets[state.round] = market_text(game)
        game.apply(player.next_action(game))
        for season in range(1, len(game.state.themes) + 1):
            seen.turned_up.setdefault(season, game.state.round)
    return seen


def market_text(game: Game) -> str:
    table = game.table
    return ", ".join(table.tile_name(s[0]) + (" ×2" if len(s) > 1 else "")
                     for s in game.state.supply.market)


def describe(setting: str) -> str:
    """``name=value`` with the option entry and choice that select it (rules.yaml)."""
    name, value = parse_setting(setting)
    entry = selector(name, value)
    if entry is None:
        return setting
    choice = next((c for c, v in selections(entry).items() if v == value), None)
    text = dict(entry.choices).get(choice or "", "the players' list")
    return f"{entry.id} — {entry.title}: {text}"


def _rolls(game: Game) -> dict[int, int]:
    return dict(enumerate(game.state.theme_rolls, start=1))


def _rows(kind: str, base: Played, variant: Played) -> list[tuple[str, ...]]:
    """(what, expansion's rules, the variant, the ruling) rows of one kind of observation."""
    rows: list[tuple[str, ...]] = []
    games = (base.game, variant.game)
    names = [p.name for p in base.game.state.players]
    if kind == "themes":
        for season in range(1, 5):
            cells = []
            for seen in (base, variant):
                themes = seen.game.state.themes
                theme = (seen.game.table.catalog.themes[themes[season - 1]].category.upper()
                         if len(themes) >= season else "—")
                roll = _rolls(seen.game).get(season)
                cells.append(f"{theme}, turned up in round {seen.turned_up.get(season, '—')}"
                             + (f" (d20: {roll})" if roll else ""))
            rows.append((f"season {season} theme", *cells, "season.theme-reveal"))
    elif kind == "market":
        for number in sorted(set(base.markets) & set(variant.markets))[:6]:
            rows.append((f"market as round {number} begins", base.markets[number],
                         variant.markets[number], "market.tsn-order"))
    elif kind == "objectives":
        sheets = [score(g) for g in games]
        for i, name in enumerate(names):
            rows.append((f"{name}: objectives at the first turn",
                         *(str(s.first_objectives[i]) for s in (base, variant)),
                         "ud.objectives-during-play"))
            rows.append((f"{name}: objectives held at the end",
                         *(str(len(g.state.players[i].objectives)) for g in games),
                         "season.objective-discard"))
            rows.append((f"{name}: objective VP at the end",
                         *(str(s.players[i].categories["objectives"]) for s in sheets),
                         "scoring.categories"))
    elif kind == "hall":
        for i, name in enumerate(names):
            rows.append((f"{name}: Servants' Hall steals", *(str(_hall_steals(g, i))
                                                             for g in games),
                         "turn.servants-hall"))
            rows.append((f"{name}: servants placed on the Hall",
                         *(str(_hall_servants(g, i)) for g in games), "ud.servants-hall"))
    elif kind == "scores":
        sheets = [score(g) for g in games]
        for i, name in enumerate(names):
            rows.append((f"{name}: total VP", *(str(s.players[i].total) for s in sheets),
                         "scoring.categories"))
    return rows


def _hall_steals(game: Game, seat: int) -> int:
    name = game.state.players[seat].name
    return sum(1 for e in game.log for r in e.rulings
               if r["rule"] == "turn.servants-hall" and r["verdict"].startswith(
                   f"{name} gains from the Hall"))


def _hall_servants(game: Game, seat: int) -> int:
    return sum(1 for e in game.log if e.player == seat for r in e.rulings
               if r["rule"] == "ud.servants-hall" and "goes on the Servants' Hall" in r["verdict"])


def first_moment(players: int, seed: int, settings: Sequence[str],
                 when: Callable[[Game], bool]) -> Game:
    """The seeded game under ``settings``, played by the random player until ``when`` holds (or
    to its end)."""
    game = new_game(players, seed=seed, options=options_with(settings))
    player = RandomPlayer(seed)
    while not when(game) and not game.state.finished:
        game.apply(player.next_action(game))
    return game


def at_round(number: int) -> Callable[[Game], bool]:
    """For :func:`first_moment`: the moment round ``number`` has begun."""
    return lambda game: game.state.round >= number


def hall_decision(game: Game) -> bool:
    """The Servants' Hall may be used now (step 2 of its owner's turn; turn.servants-hall)."""
    return game.state.turn is not None and game.state.turn.step == "step2" and can_use_hall(
        game.table)


def choices_side_by_side(games: dict[str, Game]) -> pd.DataFrame:
    """The legal choices of each game's pending decision (special actions, open at any point of
    a turn, left out), one column per game."""
    import pandas as pd

    columns = {label: [a.notation for a in decision_actions(g.table, g.legal_actions())]
               for label, g in games.items()}
    longest = max(len(c) for c in columns.values())
    return pd.DataFrame({k: v + [""] * (longest - len(v)) for k, v in columns.items()})


class WideFrame(pd.DataFrame):
    """A table shown with every cell in full: a market's tile names are never cut short."""

    @property
    def _constructor(self) -> type[WideFrame]:
        return WideFrame

    def __repr__(self) -> str:
        with pd.option_context("display.max_colwidth", None, "display.width", 1000):
            return super().__repr__()

    def _repr_html_(self) -> Any:
        with pd.option_context("display.max_colwidth", None):
            return super()._repr_html_()  # type: ignore[misc]  # not in pandas-stubs


def compare_options(players: int, seed: int, setting: str, *,
                    base: Sequence[str] = ()) -> pd.DataFrame:
    """The seeded game under the expansion's rules (with ``base``) and under ``setting`` as
    well, side by side: one row per thing the option changes, with the ruling behind it (a
    :class:`WideFrame`: nothing cut short)."""
    name, _value = parse_setting(setting)
    before = play(players, seed, base)
    after = play(players, seed, [*base, setting])
    rows = [row for kind in OBSERVED.get(name, ("scores",)) for row in _rows(kind, before, after)]
    frame = pd.DataFrame(rows, columns=["what", "expansion's rules", setting, "ruling"])
    frame["ruling"] = [f"{r} ({rule(r).citation})" for r in frame["ruling"]]
    wide = WideFrame(frame.set_index("what"))
    wide.attrs["option"] = describe(setting)
    return wide
