"""A chart shown with words a screen reader reads: a matplotlib figure as a PNG ``<img>`` with
alt text (a notebook's plain image output carries none)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from obsession_nb.base.render import image_html

if TYPE_CHECKING:
    from matplotlib.figure import Figure


class Described:
    """``Described(fig, alt)``: the figure, drawn once as a PNG, with ``alt`` as its text
    alternative; the figure is closed so that the notebook does not show it a second time."""

    def __init__(self, fig: Figure, alt: str) -> None:
        import matplotlib.pyplot as plt

        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100)
        plt.close(fig)
        self.png = buffer.getvalue()
        self.alt = alt

    def _repr_html_(self) -> str:
        return image_html(self.png, self.alt)

    def __repr__(self) -> str:
        return f"<chart: {self.alt}>"


def described(fig: Figure, alt: str) -> Described:
    """Show ``fig`` with ``alt`` as the words a screen reader reads in its place."""
    return Described(fig, alt)
