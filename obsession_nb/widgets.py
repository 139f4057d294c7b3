"""The widgets of the public API: the board, the turn stepper, the ruling panel, the editors,
the explorer, the quiz, the rule browser, the practice table, card entry; and the helpers that
print a game's state and rulings as text in a notebook.

Every widget draws from the engine's JSON view and sends actions back to the engine; no rule
lives here.  (The front-end files the widgets load are the top-level ``widgets/`` folder.)
The names are those of ``obsession_nb.tutor.views``, listed once there.
"""

from __future__ import annotations

from obsession_nb.tutor.views import *  # noqa: F403  (the names of its __all__)
from obsession_nb.tutor.views import __all__ as __all__
