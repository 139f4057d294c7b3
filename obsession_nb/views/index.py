"""The tutorial index widget shown by ``notebooks/00-index.ipynb``."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from obsession_nb.views.board import Board
from obsession_nb.views.static import StaticPicture

TUTORIALS = [
    ("01-a-base-game-turn.ipynb", "01 · A base-game turn",
     "The refresher's worked turn in round 6, step by step."),
    ("02-howard-supplemental-service.ipynb", "02 · Howard and supplemental service",
     "The Drawing Room turn beside the Music Room turn with the four new servants."),
    ("03-first-player-rotation.ipynb", "03 · First-player rotation",
     "Five players: counterclockwise beside the old clockwise rule."),
    ("04-servant-draft-and-hiring.ipynb", "04 · The servant draft and hiring",
     "The page-10 draft, a pass with hiring, a refused recruitment."),
    ("05-solo-estate-challenge.ipynb", "05 · The Solo Estate Challenge",
     "The six stacks, the d20 AI and its critical rule, scoring against the target, odds."),
    ("07-tableau-obsession.ipynb", "07 · Tableau Obsession, the Duel and Milestones",
     "The starter-guest draft, Queen Victoria, the Grand Ball, a milestone, the end at Max."),
    ("08-variants.ipynb", "08 · Printings and variants, side by side",
     "Objectives at setup, the old Servants' Hall, a Dickens season, a Queen Victoria round."),
    ("09-what-if.ipynb", "09 · What if?",
     "Every option of a turn compared, a position built from scratch, the solo odds."),
    ("10-rulings-casebook.ipynb", "10 · The rulings casebook",
     "Questions players ask, each answered live by the engine; the rule browser."),
    ("11-practice-table.ipynb", "11 · The practice table",
     "A whole game against AI opponents, with a coach after each of your turns."),
]


class TutorialIndex(StaticPicture, widgets.VBox):
    """The index: its heading and list, and a preview board (a static picture when saved)."""

    def static_html(self) -> str:
        return "".join(c.value if isinstance(c, widgets.HTML) else c.static_html()
                       for c in self.children)


def tutorial_index(preview: str | None = "refresher-round-6") -> TutorialIndex:
    """A heading, the tutorials in reading order, and a preview board of ``preview``."""
    rows = "".join(
        f"<li><b>{escape(title)}</b> — {escape(blurb)} <code>{escape(name)}</code></li>"
        for name, title, blurb in TUTORIALS
    )
    head = widgets.HTML(
        "<div style='font-family:Georgia,serif;width:880px'>"
        "<h2 style='margin:4px 0'>obsession-nb</h2>"
        "<p style='margin:2px 0'>A rules tutor for <i>Obsession</i> and <i>Upstairs, "
        "Downstairs</i>. Open the tutorials in this order:</p>"
        f"<ol style='margin:2px 0 6px'>{rows}</ol>"
        "<p style='margin:2px 0'>Below: the opening position of tutorial 01, drawn by the "
        "board widget.</p></div>"
    )
    children: list[widgets.Widget] = [head]
    if preview:
        from obsession_nb.game import load_position

        children.append(Board(load_position(preview), parts=["pending", "track", "players"],
                              seats=[0]))
    return TutorialIndex(children)


def sources_legend() -> widgets.HTML:
    """What each citation source is and how to find a passage (``content/sources.yaml``)."""
    from obsession_nb.rulebook import sources

    rows = "".join(
        f"<dt><code>{escape(s.prefix)}</code> — <b>{escape(s.name)}</b></dt>"
        f"<dd style='margin:0 0 6px 18px'>{escape(s.what)} <i>{escape(s.find)}</i> "
        f"{escape(s.precedence)}</dd>"
        for s in sources()
    )
    return widgets.HTML(
        "<div class='onb-sources-legend' style='font-family:Georgia,serif;width:880px'>"
        f"<h3 style='margin:4px 0'>What the citations mean</h3><dl>{rows}</dl></div>")
