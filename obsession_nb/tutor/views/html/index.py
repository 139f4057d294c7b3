"""The tutorial index's HTML (``notebooks/00-index.ipynb``): its heading, the tutorials as
links in reading order, and the legend of the citation sources.  Every text escaped."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from obsession_nb.base.render import element, item_list

if TYPE_CHECKING:
    from obsession_nb.tutor.rulebook import Source

_PAGE = "font-family:Georgia,serif;max-width:880px"
_LINE = "margin:2px 0"
_HEADING = "margin:4px 0"


def tutorial_links_html(tutorials: Iterable[tuple[str, str, str | None]]) -> str:
    """Each tutorial (its file, its title, a line on it if there is one) as a link."""
    return item_list(
        (element("a", escape(title), class_="onb-index-link", href=file,
                 style="color:#1d4f91;text-decoration:underline")
         + (f" — {escape(blurb)}" if blurb else "") for file, title, blurb in tutorials),
        class_="onb-index-list", style="margin:2px 0 6px;padding-left:22px")


def index_head_html(links: str) -> str:
    """The index's heading: what the package is, then the tutorials (``links``, HTML)."""
    return element("div", element("h2", "obsession-nb", style=_HEADING)
                   + element("p", "A rules tutor for <i>Obsession</i> and <i>Upstairs, "
                             "Downstairs</i>. Open the tutorials in this order:", style=_LINE)
                   + links
                   + element("p", "Below: the opening position of tutorial 01, drawn by the "
                             "board widget.", style=_LINE), style=_PAGE)


def sources_legend_html(sources: Iterable[Source]) -> str:
    """What each citation source is and how to find a passage in it."""
    rows = "".join(
        f"<dt><code>{escape(s.prefix)}</code> — <b>{escape(s.name)}</b></dt>"
        + element("dd", f"{escape(s.what)} <i>{escape(s.find)}</i> {escape(s.precedence)}",
                  style="margin:0 0 6px 18px")
        for s in sources)
    return element("div", element("h3", "What the citations mean", style=_HEADING)
                   + element("dl", rows), class_="onb-sources-legend", style=_PAGE)
