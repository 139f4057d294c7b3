"""Widgets for notebooks: the board, the turn stepper, the ruling panel, the editors, the
explorer, the quiz, the rule browser, the practice table, card entry; and the helpers that print
a game's state and rulings as text.  ``obsession_nb.widgets``, the public API, is these names.

Every widget draws from the engine's JSON view and sends actions back to the engine; no rule
lives here or in ``widgets/``.
"""

from obsession_nb.tutor.views.board import Board
from obsession_nb.tutor.views.builder import PositionBuilder
from obsession_nb.tutor.views.card_entry import CardEntry
from obsession_nb.tutor.views.editor import ScenarioEditor, game_from_text
from obsession_nb.tutor.views.explorer import Explorer
from obsession_nb.tutor.views.index import sources_legend, tutorial_index
from obsession_nb.tutor.views.practice import PracticeTable
from obsession_nb.tutor.views.quiz import Quiz
from obsession_nb.tutor.views.rule_browser import RuleBrowser
from obsession_nb.tutor.views.rulings import RulingPanel, RulingsLog
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.text import (
    RulingSteps,
    print_entries,
    print_legal,
    print_market,
    print_player,
    print_rulings,
    print_verdict,
    show_entries,
)

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
