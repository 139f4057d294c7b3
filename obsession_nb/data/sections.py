"""The catalog's sections as ``obsession-nb components`` lists them, in a module that imports
nothing: the CLI's ``--kind`` choices cost nothing at start (``obsession-nb --help``)."""

SECTIONS = (
    ("servants", "servant meeples"), ("families", "family boards"), ("gentry", "gentry cards"),
    ("tiles", "improvement tiles"), ("round_tracks", "round-track sides"),
    ("objectives", "objective cards"), ("vp_cards", "VP cards"), ("themes", "theme cards"),
    ("milestones", "milestone cards"), ("opponents", "solitaire opponent cards"),
    ("ai_cards", "solitaire AI cards"),
)
"""Catalog sections in the order they are listed, with what their entries are."""
