"""When a season's theme card is turned up: the one place that decides it.

Open courtship turns the theme up as the season starts (season.theme-reveal).  The Jane Austen
variant keeps it face down until the pawn reaches the season's courtship space
(option.closed-courtship); the Charles Dickens variant rolls a d20 as each season starts, and
the roll names the round of the season on which the theme is turned up, the last band being
the courtship space itself (option.cliffhanger, with a table for each track length).  A theme
not yet turned up stays in ``supply.theme_deck``, which no view shows; ``state.themes`` holds
only the themes turned up, so a season's courtship and the final one count exactly those.
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.steps.seasons import season_of
from obsession_nb.engine.table import Table

CLIFFHANGER: dict[str, tuple[tuple[int, int | None], ...]] = {
    "standard": ((5, 1), (10, 2), (15, 3), (20, None)),
    "extended": ((4, 1), (8, 2), (12, 3), (16, 4), (20, None)),
}
"""Per track length: (highest roll of the band, the season's round that turns the theme up,
1 = its first; ``None`` = the courtship space) — option.cliffhanger, Facts §6.5."""


def season_rounds(table: Table, season: int) -> list[int]:
    """The rounds of one season on the track in play, its courtship round last."""
    track = table.catalog.round_tracks[table.state.options.track]
    return [s.round for s in track.rounds if s.season == season]


def revealed(table: Table, season: int | None = None) -> bool:
    """Whether a season's theme (this season's by default) has been turned up."""
    return len(table.state.themes) >= (season or season_of(table, table.state.round))


def cliffhanger_place(length: str, roll: int) -> int | None:
    """The season's round (1 = first) a d20 roll turns the theme up on; ``None`` = the
    courtship space (option.cliffhanger)."""
    if not 1 <= roll <= 20:
        raise ValueError(f"a d20 roll is 1 to 20, not {roll}")
    return next(place for high, place in CLIFFHANGER[length] if roll <= high)


def reveal_round(table: Table) -> int:
    """The round on which this season's theme is turned up, under the options in play."""
    state, season = table.state, season_of(table, table.state.round)
    rounds = season_rounds(table, season) or [state.round]
    if state.options.courtship == "closed":
        return rounds[-1]
    if state.options.theme_reveal == "cliffhanger" and len(state.theme_rolls) >= season:
        place = cliffhanger_place(state.options.length, state.theme_rolls[season - 1])
        return rounds[-1] if place is None else rounds[min(place, len(rounds)) - 1]
    return rounds[0]


def round_begins(table: Table) -> list[Ruling]:
    """At setup and as each round starts: roll the cliffhanger die at a season's start, and turn
    the theme up if this is its round (season.theme-reveal, option.closed-courtship,
    option.cliffhanger)."""
    state = table.state
    if revealed(table):
        return []
    season = season_of(table, table.state.round)
    rulings: list[Ruling] = []
    if state.options.theme_reveal == "cliffhanger" and len(state.theme_rolls) < season:
        roll = table.roll_d20()
        state.theme_rolls.append(roll)
        place = cliffhanger_place(state.options.length, roll)
        moment = ("on the courtship space" if place is None else
                  "at once" if place == 1 else f"at the start of the season's round {place}")
        rulings.append(ruling("option.cliffhanger", f"Season {season}: the d20 shows {roll}, so "
                              f"the theme is turned up {moment} (round {reveal_round(table)})."))
    when = reveal_round(table)
    if state.round == when or (state.round > when and state.supply.theme_deck):
        rulings.append(reveal_theme(table))
    elif state.options.courtship == "closed" and state.round == season_rounds(table, season)[0]:
        rulings.append(ruling("option.closed-courtship", f"Season {season}: the theme card stays "
                              f"face down until the courtship space (round {when})."))
    return rulings


def reveal_theme(table: Table) -> Ruling:
    """Turn up the next theme card (season.theme-reveal)."""
    state = table.state
    deck = state.supply.theme_deck
    if not deck:
        return ruling("season.theme-reveal", "No theme card is left to reveal.")
    theme = deck.pop(0)
    state.themes.append(theme)
    category = table.catalog.themes[theme].category
    return ruling("season.theme-reveal",
                  f"Season {len(state.themes)}: the theme is {category.upper()}.")
