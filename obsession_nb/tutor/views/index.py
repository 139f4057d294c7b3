"""The tutorial index widget shown by ``notebooks/00-index.ipynb``."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

from obsession_nb.tutor.tutorials import index_folder, tutorials_in
from obsession_nb.tutor.views.board import Board
from obsession_nb.tutor.views.html import (
    index_head_html,
    sources_legend_html,
    tutorial_links_html,
)
from obsession_nb.tutor.views.static import StaticPicture

# One line on each tutorial; the list itself (files, titles, order) is read from the folder.
BLURBS = {
    "00-index.ipynb":
        "This page: the tutorials, how to read the boards, what the citations mean.",
    "01-a-base-game-turn.ipynb":
        "The refresher's worked turn in round 6, step by step.",
    "02-howard-supplemental-service.ipynb":
        "The Drawing Room turn beside the Music Room turn with the four new servants.",
    "03-first-player-rotation.ipynb":
        "Five players: counterclockwise beside the old clockwise rule.",
    "04-servant-draft-and-hiring.ipynb":
        "The page-10 draft, a pass with hiring, a refused recruitment.",
    "05-solo-estate-challenge.ipynb":
        "The six stacks, the d20 AI and its critical rule, scoring against the target, odds.",
    "06-competitive-team-play.ipynb":
        "Partners across the table: a borrowed valet, the teammate's guests, the team scoresheet.",
    "07-tableau-obsession.ipynb":
        "The starter-guest draft, Queen Victoria, the Grand Ball, a milestone, the end at Max.",
    "08-variants.ipynb":
        "Objectives at setup, the old Servants' Hall, a Dickens season, a Queen Victoria round.",
    "09-what-if.ipynb":
        "Every option of a turn compared, a position built from scratch, the solo odds.",
    "10-rulings-casebook.ipynb":
        "Questions players ask, each answered live by the engine; the rule browser.",
    "11-practice-table.ipynb":
        "A whole game against AI opponents, with a coach after each of your turns.",
    "12-your-own-box.ipynb":
        "Enter the cards of your own box once; every board, game and odds then uses them.",
}


class TutorialIndex(StaticPicture, widgets.VBox):
    """The index: its heading and list, and a preview board (a static picture when saved)."""

    def static_html(self) -> str:
        return "".join(c.value if isinstance(c, widgets.HTML) else c.static_html()
                       for c in self.children)


def tutorial_list_html(folder: Path | None = None) -> str:
    """The tutorials of ``folder`` (see :func:`index_folder`) as a list of links, in order."""
    folder = folder or index_folder()
    return tutorial_links_html((t.file, t.title, BLURBS.get(t.file))
                               for t in (tutorials_in(folder) if folder is not None else []))


def tutorial_index(preview: str | None = "refresher-round-6") -> TutorialIndex:
    """A heading, the tutorials in reading order (links), and a preview board of ``preview``."""
    head = widgets.HTML(index_head_html(tutorial_list_html()))
    children: list[widgets.Widget] = [head]
    if preview:
        from obsession_nb.engine.game import load_position

        children.append(Board(load_position(preview), parts=["pending", "track", "players"],
                              seats=[0]))
    return TutorialIndex(children)


def sources_legend() -> widgets.HTML:
    """What each citation source is and how to find a passage (``content/sources.yaml``)."""
    from obsession_nb.tutor.rulebook import sources

    return widgets.HTML(sources_legend_html(sources()))
