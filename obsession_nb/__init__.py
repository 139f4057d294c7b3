"""obsession-nb: an interactive rules tutor for Obsession and its Upstairs, Downstairs expansion.

The rules engine is the single source of truth; notebooks and widgets ask it.  The public names
below load on first use (PEP 562), so ``obsession-nb --help`` and other light commands start
without importing the engine.
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a fast --help)
if TYPE_CHECKING:
    from typing import Any

    from obsession_nb.data.rules import BadNotation, IllegalAction, Ruling
    from obsession_nb.engine.explore.explorer import explore, find_line, line_text
    from obsession_nb.engine.game import (
        Game,
        Verdict,
        load_json,
        load_position,
        load_scenario,
        load_scenario_text,
        new_game,
    )
    from obsession_nb.engine.positions.scenario import ScenarioError
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.notation import parse
    from obsession_nb.modes.classic.game import classic_solo
    from obsession_nb.modes.solo.game import new_solo_game, play_solo, solo_position
    from obsession_nb.tutor.builder import new_position, set_aside_servants
    from obsession_nb.tutor.solo_odds import compare_strategies

_HOME = {
    "Action": "engine.records.actions", "parse": "engine.records.notation",
    "explore": "engine.explore.explorer", "new_position": "tutor.builder",
    "Game": "engine.game", "Verdict": "engine.game", "load_json": "engine.game", "load_position": "engine.game",
    "load_scenario": "engine.game", "load_scenario_text": "engine.game", "new_game": "engine.game",
    "BadNotation": "data.rules", "IllegalAction": "data.rules", "Ruling": "data.rules",
    "ScenarioError": "engine.positions.scenario",
    "classic_solo": "modes.classic.game",
    # for the tutorials' cells
    "find_line": "engine.explore.explorer", "line_text": "engine.explore.explorer",
    "set_aside_servants": "tutor.builder",
    "compare_strategies": "tutor.solo_odds", "new_solo_game": "modes.solo.game",
    "play_solo": "modes.solo.game", "solo_position": "modes.solo.game",
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
    module = __import__(f"obsession_nb.{home}", fromlist=[name])  # importlib is not loaded yet
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
