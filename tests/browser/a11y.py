"""axe-core in the browser suite (issue 49): the WCAG 2.2 A/AA rules run over our widgets.

axe-core comes bundled in ``axe-playwright-python`` (its ``axe.min.js``), so a run needs no
network.  A scan covers only our outputs (``OUTPUTS``): JupyterLab's and Voilà's own chrome
(menus, side bars, cell prompts, the editor) is not ours to fix and is left out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""The axe-core tags of the WCAG 2.2 level A and AA rules."""
SERIOUS = {"serious", "critical"}
OUTPUTS = ".jp-OutputArea-output"
"""Every cell output: the widget views and the HTML the tutorials print (not the chrome)."""

FIGURES = Path(__file__).resolve().parents[2] / "test-artifacts" / "axe"
"""Each scan's figures, one JSON file per surface (rules passed, violations by impact)."""

_AXE = Axe()


def axe_scan(page: Page, surface: str, include: str = OUTPUTS) -> list[dict[str, Any]]:
    """The serious and critical WCAG 2.2 AA violations axe-core finds inside ``include``; the
    scan's figures go to test-artifacts/axe/<surface>.json."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(_AXE.axe_script)
    result = page.evaluate(
        "([include, tags]) => axe.run({include: [include]},"
        " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        [include, WCAG_AA],
    )
    violations = result["violations"]
    figures = {
        "surface": surface, "scope": include, "tags": WCAG_AA,
        "rules_passed": len(result["passes"]), "rules_incomplete": len(result["incomplete"]),
        "violations": {v["id"]: {"impact": v["impact"], "elements": len(v["nodes"]),
                                 "where": [[n["target"], n.get("failureSummary", "")]
                                           for n in v["nodes"][:40]]}
                       for v in violations},
    }
    FIGURES.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^\w.-]+", "_", surface)
    (FIGURES / f"{slug}.json").write_text(json.dumps(figures, indent=1) + "\n")
    return [v for v in violations if v.get("impact") in SERIOUS]


def report(violations: list[dict[str, Any]]) -> str:
    """One line per violated rule, with up to three of the elements it names."""
    lines = []
    for v in violations:
        nodes = v["nodes"]
        where = "; ".join(f"{n['target']} {n.get('failureSummary', '')[:300]!r}"
                          for n in nodes[:3])
        lines.append(f"{v['id']} ({v['impact']}, {len(nodes)} elements): {v['help']} — {where}")
    return "\n".join(lines)


def assert_accessible(page: Page, surface: str, include: str = OUTPUTS) -> None:
    """Fail on any serious or critical WCAG 2.2 AA violation inside ``include``."""
    found = axe_scan(page, surface, include)
    assert not found, f"{surface}: axe-core found {len(found)} serious/critical rule(s):\n" + (
        report(found))
