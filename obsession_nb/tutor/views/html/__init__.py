"""The tutor layer's renderer: every piece of HTML its widgets show is written here, one
concern a module; the view modules compose widgets and call these functions.  The HTML of the
layers below comes through here too: the log's panels (base/render.py) and the coach's hint
and review (practice/coach_html.py).  Every text from a scenario, a file or a player is escaped
before it reaches the page.

- board.py: the static pictures (the board as plain HTML, the note of a widget without one),
  and the board as text in a language;
- practice.py: the practice table's status line, the coach's box, a finished game's block;
- result.py: a finished game's result chart;
- index.py: the tutorial index and the citation sources' legend;
- blocks.py: a line in a block of its own, a short title.
"""

from obsession_nb.base.render import steps_html
from obsession_nb.practice.coach_html import hint_html
from obsession_nb.tutor.views.html.blocks import block_html, title_html
from obsession_nb.tutor.views.html.board import board_html, board_text, note_html
from obsession_nb.tutor.views.html.index import (
    index_head_html,
    sources_legend_html,
    tutorial_links_html,
)
from obsession_nb.tutor.views.html.practice import (
    coach_box_html,
    coach_speech,
    coach_words,
    final_html,
    status_html,
)
from obsession_nb.tutor.views.html.result import result_html

__all__ = [
    "block_html",
    "board_html",
    "board_text",
    "coach_box_html",
    "coach_speech",
    "coach_words",
    "final_html",
    "hint_html",
    "index_head_html",
    "note_html",
    "result_html",
    "sources_legend_html",
    "status_html",
    "steps_html",
    "title_html",
    "tutorial_links_html",
]
