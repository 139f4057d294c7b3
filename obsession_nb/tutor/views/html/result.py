"""The result of a finished game, as a table shows it first: who won (and the tie-break, if
one decided), then each scoring category as a bar per player, so that where the points came
from can be seen at a glance (scoring.categories, scoring.tie-break).  Every text escaped."""

from __future__ import annotations

import html

from obsession_nb.base.render import element
from obsession_nb.engine.scoring import LABELS, Scoresheet

COLOURS = ("#1f5f8b", "#b5542b", "#3d7a3d", "#7a4f9a", "#8a6a10", "#2f7f7f")
"""One colour per seat, in seat order (bars and their legend)."""


def result_html(sheet: Scoresheet) -> str:
    """The winner, then a bar chart of each category per player (each value written beside its
    bar, so that the chart reads without its colours too)."""
    e = html.escape
    top = max((v for p in sheet.players for v in p.categories.values()), default=0) or 1
    legend = " ".join(
        f"<span class='onb-result-key' style='white-space:nowrap'><span style='display:"
        f"inline-block;width:12px;height:12px;background:{COLOURS[p.seat % 6]}'></span> "
        f"{e(p.name)}: <b>{p.total} VP</b></span>" for p in sheet.players)
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
                    f"{e(LABELS[category])}</div><div class='onb-result-bars'>{bars}</div>"
                    f"</div>")
    return (f"<div class='onb-result'>{element('h3', e(sheet.result), class_='onb-result-winner')}"
            f"<div class='onb-result-legend'>{legend}</div>"
            f"<div class='onb-result-chart' role='img' aria-label='Points per category and "
            f"player' style='max-width:720px'>{''.join(rows)}</div></div>")
