"""Small pieces of the widgets' HTML: a line of text in a block of its own (a demonstration's
heading, a scenario file's comments) and a short bold title.  Every text escaped."""

from __future__ import annotations

from html import escape

from obsession_nb.base.render import element


def block_html(text: str, cls: str) -> str:
    """``text`` in a block of its own, named ``cls`` for the page's style and tests."""
    return element("div", escape(text), class_=cls)


def title_html(text: str) -> str:
    """A short title in bold, above the fields it names."""
    return element("b", escape(text, quote=False))
