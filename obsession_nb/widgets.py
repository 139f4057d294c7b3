"""The widgets of the public API: the board, the turn stepper, the ruling panel, the editors,
the explorer, the quiz, the rule browser, the practice table, card entry; and the helpers that
print a game's state and rulings as text in a notebook.

Every widget draws from the engine's JSON view and sends actions back to the engine; no rule
lives here.  (The front-end files the widgets load are the top-level ``widgets/`` folder.)
"""

from __future__ import annotations

from obsession_nb.tutor.views import (
    Board,
    CardEntry,
    Explorer,
    PositionBuilder,
    PracticeTable,
    Quiz,
    RuleBrowser,
    RulingPanel,
    RulingsLog,
    RulingSteps,
    ScenarioEditor,
    Stepper,
    game_from_text,
    print_entries,
    print_legal,
    print_market,
    print_player,
    print_rulings,
    print_verdict,
    show_entries,
)
from obsession_nb.tutor.views.index import sources_legend, tutorial_index

__all__ = [
    # widgets
    "Board",
    "Stepper",
    "RulingPanel",
    "RulingsLog",
    "RulingSteps",
    "ScenarioEditor",
    "PositionBuilder",
    "Explorer",
    "Quiz",
    "RuleBrowser",
    "PracticeTable",
    "CardEntry",
    "tutorial_index",
    "sources_legend",
    # text in a notebook
    "game_from_text",
    "print_entries",
    "print_legal",
    "print_market",
    "print_player",
    "print_rulings",
    "print_verdict",
    "show_entries",
]
