"""Static pictures of the widgets, saved in a notebook's outputs so that its boards show when it
is opened without being run (issue: "every widget is blank when a notebook opens").

A live widget's display bundle carries both its view and, under ``text/html``, a plain HTML
picture (drawn by tutor/views/html/board.py from the same JSON view the live widget draws).  A
running front end shows the live view; ``tests/refresh_notebooks.py`` keeps only the picture in
the saved notebook.
"""

from __future__ import annotations

from typing import Any


class StaticPicture:
    """Mixin for widgets: adds ``static_html()`` to the display bundle as ``text/html``."""

    def static_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]  # the widget's
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = self.static_html()
        return bundle
