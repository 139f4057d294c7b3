"""Widgets for notebooks: the board, the turn stepper, the ruling panel, the scenario editor.

Every widget draws from the engine's JSON view and sends actions back to the engine; no rule
lives here or in ``widgets/``.
"""

from obsession_nb.views.board import Board

__all__ = ["Board"]
