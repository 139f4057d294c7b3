"""The result of a finished game, as a table shows it first: who won (and the tie-break, if
one decided), then each scoring category as a bar per player, so that where the points came
from can be seen at a glance (scoring.categories, scoring.tie-break); the scoresheet itself.
Their words in a view's language (PANELS ``result`` and ``scoresheet``,
``obsession_nb/tutor/views/words.py``).  Every text escaped."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from obsession_nb.base.render import element
from obsession_nb.data.translations import ruling_text
from obsession_nb.engine.scoring import LABELS, Scoresheet
from obsession_nb.tutor.views.words import panel_words

if TYPE_CHECKING:
    import pandas as pd

COLOURS = ("#1f5f8b", "#b5542b", "#3d7a3d", "#7a4f9a", "#8a6a10", "#2f7f7f")
"""One colour per seat, in seat order (bars and their legend)."""


def winner_line(sheet: Scoresheet, lang: str = "en") -> str:
    """Who won, with how many VP (or a shared win), then the tie-break that decided, if one did
    (scoring.tie-break), in ``lang``."""
    words = panel_words("result", lang)
    best = max((p.total for p in sheet.players), default=0)
    winners = [p.name for p in sheet.players if p.seat in sheet.winners]
    line = words["wins" if len(winners) == 1 else "shared"].format(
        names=words["and"].join(winners), vp=best)
    broken = [ruling_text(r.rule, r.verdict, lang) for r in sheet.rulings
              if r.rule == "scoring.tie-break"]
    return line + (f" {broken[0]}" if broken else "")


def result_html(sheet: Scoresheet, lang: str = "en") -> str:
    """The winner, then a bar chart of each category per player (each value written beside its
    bar, so that the chart reads without its colours too), in ``lang``."""
    e = html.escape
    words, rows_said = panel_words("result", lang), panel_words("scoresheet", lang)
    top = max((v for p in sheet.players for v in p.categories.values()), default=0) or 1
    legend = " ".join(
        f"<span class='onb-result-key' style='white-space:nowrap'><span style='display:"
        f"inline-block;width:12px;height:12px;background:{COLOURS[p.seat % 6]}'></span> "
        f"{e(p.name)}: <b>{e(words['total'].format(vp=p.total))}</b></span>"
        for p in sheet.players)
    rows = []
    for category in (sheet.players[0].categories if sheet.players else {}):
        bars = "".join(
            f"<div class='onb-result-bar' data-seat='{p.seat}' style='display:flex;"
            f"align-items:center;gap:6px;font-size:12px;line-height:15px'><div style='height:"
            f"11px;background:{COLOURS[p.seat % 6]};width:"
            f"{max(p.categories[category], 0) / top * 70:.1f}%'></div>"
            f"<span>{e(p.name)} {p.categories[category]}</span></div>" for p in sheet.players)
        rows.append(f"<div class='onb-result-row' data-category='{e(category)}' style='display:"
                    f"grid;grid-template-columns:10.5em 1fr;gap:8px;margin:3px 0'>"
                    f"<div class='onb-result-label' style='font-size:13px'>"
                    f"{e(rows_said.get(category) or LABELS[category])}</div>"
                    f"<div class='onb-result-bars'>{bars}</div></div>")
    return (f"<div class='onb-result'>"
            f"{element('h3', e(winner_line(sheet, lang)), class_='onb-result-winner')}"
            f"<div class='onb-result-legend'>{legend}</div>"
            f"<div class='onb-result-chart' role='img' aria-label='{e(words['chart'])}' "
            f"style='max-width:720px'>{''.join(rows)}</div></div>")


def sheet_frame(sheet: Scoresheet, lang: str = "en") -> pd.DataFrame:
    """The scorepad (``Scoresheet.to_dataframe``), its rows named in ``lang``."""
    rows, words = panel_words("scoresheet", lang), panel_words("result", lang)
    return sheet.to_dataframe().rename(index={**{LABELS[k]: rows[k] for k in LABELS},
                                              "Total": words["total_row"]})


def sheet_html(sheet: Scoresheet, lang: str = "en") -> str:
    """The scoresheet as a table, its rows named in ``lang`` (text where pandas' HTML display
    is turned off)."""
    frame = sheet_frame(sheet, lang)
    table: str | None = frame._repr_html_()  # type: ignore[operator]  # not in pandas-stubs
    return table or html.escape(frame.to_string())


def sheet_text(sheet: Scoresheet, lang: str = "en") -> str:
    """The scoresheet as text, its rows named in ``lang`` (Japanese columns aligned as a
    terminal draws them: two cells a character)."""
    import pandas as pd

    with pd.option_context("display.unicode.east_asian_width", lang != "en"):
        return sheet_frame(sheet, lang).to_string()
