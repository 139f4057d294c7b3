"""obsession-nb: an interactive rules tutor for Obsession and its Upstairs, Downstairs expansion.

The rules engine is the single source of truth; notebooks and widgets ask it.  The public names
below load on first use (PEP 562), so ``obsession-nb --help`` and other light commands start
without importing the engine.
"""

from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a fast --help)
if TYPE_CHECKING:
    from typing import Any

    from obsession_nb.actions import Action
    from obsession_nb.builder import new_position, set_aside_servants
    from obsession_nb.explore import explore, find_line, line_text
    from obsession_nb.game import (
        Game,
        Verdict,
        load_json,
        load_position,
        load_scenario,
        load_scenario_text,
        new_game,
    )
    from obsession_nb.modes.classic import classic_solo
    from obsession_nb.modes.solo import new_solo_game, play_solo, solo_position
    from obsession_nb.modes.solo_odds import compare_strategies
    from obsession_nb.notation import parse
    from obsession_nb.rules import BadNotation, IllegalAction, Ruling
    from obsession_nb.scenario import ScenarioError

_HOME = {
    "Action": "actions", "parse": "notation",
    "explore": "explore", "new_position": "builder",
    "Game": "game", "Verdict": "game", "load_json": "game", "load_position": "game",
    "load_scenario": "game", "load_scenario_text": "game", "new_game": "game",
    "BadNotation": "rules", "IllegalAction": "rules", "Ruling": "rules",
    "ScenarioError": "scenario",
    "classic_solo": "modes.classic",
    # for the tutorials' cells
    "find_line": "explore", "line_text": "explore", "set_aside_servants": "builder",
    "compare_strategies": "modes.solo_odds", "new_solo_game": "modes.solo",
    "play_solo": "modes.solo", "solo_position": "modes.solo",
}

__all__ = [
    "Action",
    "BadNotation",
    "Game",
    "IllegalAction",
    "Ruling",
    "ScenarioError",
    "Verdict",
    "classic_solo",
    "compare_strategies",
    "explore",
    "find_line",
    "line_text",
    "load_json",
    "load_position",
    "load_scenario",
    "load_scenario_text",
    "new_game",
    "new_position",
    "new_solo_game",
    "parse",
    "play_solo",
    "set_aside_servants",
    "solo_position",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'obsession_nb' has no attribute '{name}'")
    value = getattr(import_module(f"obsession_nb.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
