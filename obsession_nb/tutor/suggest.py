""""Did you mean …?" for mistyped scenario names, action verbs and component ids.

Suggestions only: they never change what is accepted (the parser and the engine decide that).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from obsession_nb.base.resources import content_dir
from obsession_nb.data.rules import nearest
from obsession_nb.engine.records.notation import action_types

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game


def close(word: str, candidates: list[str], n: int = 3) -> list[str]:
    """The candidates nearest to ``word``, best first (none if nothing is near)."""
    return nearest(word, candidates, n)


def packaged_scenarios() -> list[str]:
    """The names of the scenarios that ship with the package."""
    return sorted(p.stem for p in (content_dir() / "scenarios").glob("*.yaml"))


def scenario_hint(name: str) -> str:
    """For a scenario that was not found: the nearest packaged names and the full list."""
    names = packaged_scenarios()
    near = close(name, names)
    guess = f"did you mean {' or '.join(repr(x) for x in near)}? " if near else ""
    return f"{guess}packaged scenarios: {', '.join(names)}"


def notation_hint(game: Game, text: str, *, near_legal: bool = True) -> list[str]:
    """For a refused action: the text with mistyped verbs and ids replaced by the nearest known
    ones, then (``near_legal``, for text that is not an action) the nearest legal actions."""
    table = game.table
    catalog = table.catalog
    ids = sorted({*catalog.tiles, *catalog.servants, *catalog.families, *catalog.objectives,
                  *catalog.vp_cards, *table.custom, *(c for c in _cards(game))})
    words = text.split()
    fixed = list(words)
    for i, word in enumerate(words):
        pool = sorted(action_types()) if i == 0 else ids
        if word in pool or (i and (word in ("tile", "useful_man") or re.fullmatch(r"p\d", word))):
            continue
        near = close(word, pool, n=1)
        if near:
            fixed[i] = near[0]
    hints = []
    if fixed != words:
        hints.append(" ".join(fixed))
    if not near_legal:
        return hints
    legal = [a.notation for a in game.legal_actions()] if game.state.turn else []
    hints += [n for n in close(" ".join(fixed), legal) if n not in hints]
    return hints


def _cards(game: Game) -> set[str]:
    state = game.state
    cards: set[str] = set()
    for p in state.players:
        cards.update(p.hand, p.discard)
    if state.turn is not None:
        cards.update(state.turn.guests)
    return cards
