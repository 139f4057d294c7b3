"""obsession-nb: an interactive rules tutor for Obsession and its Upstairs, Downstairs expansion.

The rules engine is the single source of truth; notebooks and widgets ask it.
"""

from obsession_nb.actions import Action, parse
from obsession_nb.game import (
    Game,
    Verdict,
    load_json,
    load_position,
    load_scenario,
    load_scenario_text,
    new_game,
)
from obsession_nb.rules import BadNotation, IllegalAction, Ruling
from obsession_nb.scenario import ScenarioError

__all__ = [
    "Action",
    "BadNotation",
    "Game",
    "IllegalAction",
    "Ruling",
    "ScenarioError",
    "Verdict",
    "load_json",
    "load_position",
    "load_scenario",
    "load_scenario_text",
    "new_game",
    "parse",
]
