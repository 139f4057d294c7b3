"""The explorer beside the board: every line of the turn in a sortable table
(``widgets/explorer.js``); a click on a row loads that line into the turn stepper, to step through
it with its rulings; two ticked rows are compared (the figures that differ, the actions only one
line takes, and the rulings only one line meets).  The lines and figures come from
:func:`obsession_nb.engine.explore.explorer.explore`; nothing is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.engine.records.naming import describe
from obsession_nb.tutor.views.stepper import Stepper
from obsession_nb.tutor.views.words import LABELS

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.engine.game import Game

SHOWN = [("money", "£"), ("reputation", "reputation"), ("level", "level"),
         ("position", "position"), ("guests", "guests"), ("invitations", "see-N-keep-1"),
         ("draws", "blind draws"), ("servants", "servants used"), ("bought", "bought"),
         ("score", "score"), ("merged", "lines")]
"""The columns the table shows, with their headings."""
VALUE = [("value", "value"), ("value_error", "±")]
"""Shown too when the table has the coach's value column (``coach.explore_values``)."""

HIDDEN = {"favours.invite", "ruling.screen-deck-short", "favours.screen", "tile.lionheart-suite"}
"""Rulings that name a card drawn from a deck: the comparison shows the rule, not the card
(at a table nobody knows it before the draw)."""


class ExplorerTable(anywidget.AnyWidget):
    """The table itself (traits documented in ``widgets/explorer.js``)."""

    _esm = widget_module("explorer.js")
    _css = widget_style("explorer.css")

    columns = traitlets.List(traitlets.Dict()).tag(sync=True)
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    sort = traitlets.Dict().tag(sync=True)
    selected = traitlets.Int(-1).tag(sync=True)
    compare = traitlets.List(traitlets.Int()).tag(sync=True)
    comparison = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict(LABELS["explorer"]).tag(sync=True)
    """Its words (``obsession_nb/tutor/views/words.py`` LABELS; the explorer speaks English)."""


class Explorer(widgets.VBox):
    """``Explorer(game, top=20, sort="money", ...)``: the explorer's table for the game's
    pending turn (options as :func:`obsession_nb.engine.explore.explorer.explore`, or ``frame=`` a table it
    already made for this game) above a turn stepper (``stepper=`` to drive one you already
    show).  The game itself is not changed."""

    def __init__(self, game: Game, *, stepper: Stepper | None = None,
                 frame: pd.DataFrame | None = None, **options: Any) -> None:
        from obsession_nb.engine.explore.explorer import explore, rows_json

        self.position = game.to_json()
        self.custom = list(game.table.custom.values())
        self.catalog = game.table.catalog  # the stated cards or the pack's, as the game has them
        self.frame = explore(game, **options) if frame is None else frame.reset_index(drop=True)
        self.shown = SHOWN + (VALUE if "value" in self.frame.columns else [])
        rows = rows_json(self.frame)
        for i, row in enumerate(rows):
            row["id"] = i
            row["actions"] = [describe(game, x) for x in row["actions"]]  # names, not ids
            row["servants"] = ", ".join(game.table.servant_name(s)
                                        for s in row["servants"].split(", ") if s)
        sort = options.get("sort", "money")
        self.table = ExplorerTable(
            columns=[{"key": k, "label": label} for k, label in self.shown], rows=rows,
            sort={"key": sort, "descending": not options.get("ascending", False)},
            status=f"{game.pending()['prompt']}: {len(rows)} distinct line(s). Click a row to "
                   "step through it; tick two to compare them.")
        self.stepper = stepper or Stepper(self._fresh())
        self.table.observe(lambda change: self.load(change["new"]), names="selected")
        self.table.observe(lambda change: self.compare(*change["new"]), names="compare")
        super().__init__([self.table, self.stepper], layout=widgets.Layout(width="100%"))
        self.add_class("onb-explorer-box")

    def _fresh(self) -> Game:
        from obsession_nb.engine.game import load_json

        return load_json(self.position, custom=self.custom, catalog=self.catalog)

    def line(self, index: int) -> list[str]:
        return list(self.frame.iloc[index]["actions"])

    def load(self, index: int) -> None:
        """Load line ``index`` (a row of :attr:`frame`) into the stepper, as its script."""
        if not 0 <= index < len(self.frame):
            return
        self.stepper.set_game(self._fresh(), script=self.line(index))
        self.table.selected = index
        self.table.status = (f"Line {index + 1} is in the stepper below: Next ▶ plays it one "
                             "action at a time.")

    def compare(self, first: int, second: int) -> dict[str, Any]:
        """What differs between two lines, and the rulings only one of them meets."""
        rows = self.frame.iloc[[first, second]]
        a, b = rows.iloc[0], rows.iloc[1]
        differences = [{"key": k, "label": label, "a": str(a[k]), "b": str(b[k])}
                       for k, label in self.shown if a[k] != b[k]]
        rulings_a, rulings_b = self._rulings(self.line(first)), self._rulings(self.line(second))
        game = self._fresh()
        result = {
            "a": first, "b": second, "differences": differences,
            "only_a": [describe(game, x) for x in a["actions"] if x not in b["actions"]],
            "only_b": [describe(game, x) for x in b["actions"] if x not in a["actions"]],
            "rulings_a": [r for r in rulings_a if r not in rulings_b],
            "rulings_b": [r for r in rulings_b if r not in rulings_a],
        }
        self.table.comparison = result
        return result

    def _rulings(self, line: list[str]) -> list[dict[str, str]]:
        game = self._fresh()
        for action in line:
            game.apply(action)
        found: list[dict[str, str]] = []
        for entry in game.log:
            for r in entry.rulings:
                verdict = ("A card comes from a deck (unknown until it is drawn)."
                           if r["rule"] in HIDDEN else r["verdict"])
                item = {"rule": r["rule"], "verdict": verdict}
                if item not in found:
                    found.append(item)
        return found

    def __repr__(self) -> str:
        return f"<Explorer: {len(self.frame)} lines>"
