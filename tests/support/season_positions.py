"""Positions just before the end of a round: the last player of the round is in step 7, so
``done`` ends the round and the next one begins — for courtship, season-end and round-track
tests.  Built as scenario data and loaded through the scenario parser."""

from __future__ import annotations

from typing import Any

from positions import BASE_SERVANTS, START, game, player

from obsession_nb import Game
from obsession_nb.data.catalog import load_catalog

NAMES = ("Ann", "Bob", "Cat")
FAMILIES = ("cavendish", "york", "ponsonby")
OBJECTIVES = [o for o in load_catalog().objectives]


def track(length: str = "standard") -> list[Any]:
    return list(load_catalog().round_tracks[length].rounds)


def courtship_rounds(length: str = "standard") -> list[int]:
    return [s.round for s in track(length) if s.courtship]


def event_round(kind: str, length: str = "standard") -> int:
    """The first round whose space carries ``kind`` (taken from the catalog, not hard-coded)."""
    return next(s.round for s in track(length) if any(e.kind == kind for e in s.events))


def organiser(*extra: str | tuple[str, bool]) -> list[dict[str, Any]]:
    tiles: list[dict[str, Any]] = [{"tile": t} for t in START]
    for item in extra:
        tile, flipped = (item, False) if isinstance(item, str) else item
        tiles.append({"tile": tile, "flipped": flipped})
    return tiles


def before_round(next_round: int, *, players: int = 3, length: str = "standard",
                 themes: list[str] | None = None, people: list[dict[str, Any]] | None = None,
                 first_player: int = 0, supply: dict[str, Any] | None = None,
                 **extra: Any) -> dict[str, Any]:
    """The last turn of round ``next_round - 1`` is at step 7 (buy)."""
    season_rounds = [s.season for s in track(length) if s.round <= next_round - 1]
    season = season_rounds[-1] if season_rounds else 1
    themes = themes if themes is not None else ["theme-estate", "theme-prestige",
                                                 "theme-sporting", "theme-service"][:season]
    data_players = []
    for i in range(players):
        base = player(NAMES[i], FAMILIES[i], turns_taken=next_round - 1)
        base.update((people or [{}] * players)[i])
        data_players.append(base)
    last = (first_player - 1) % players
    data: dict[str, Any] = {
        "options": {"length": length},
        "round": next_round - 1,
        "first_player": first_player,
        "themes": themes,
        "players": data_players,
        "supply": {
            "servants_for_hire": {"underbutler": 2, "footman": 6, "valet": 3, "ladys_maid": 3},
            "casual_deck": ["standin-casual-01", "standin-casual-02"],
            "prestige_deck": ["duke-of-langford", "marchioness-of-easton"],
            "fairchilds": ["charles-fairchild", "elizabeth-fairchild"],
            "objective_deck": OBJECTIVES[12:20],
            "vp_deck": ["vp-reputation", "vp-money", "vp-refresh-service", "vp-objective",
                        "vp-hire", "vp-reclaim-guest"],
            "theme_deck": ["theme-essentials", "theme-service", "theme-estate"],
            "market": [["fenced-paddock"], ["riding-stables"], ["croquet-lawn"],
                       ["english-garden"], ["tennis-court"], ["french-garden"]],
            "bag": ["drawing-room", "music-room", "dining-room", "hillside-kennels",
                    "billiards-room", "gallery"],
        },
        "chance": {"seed": 7},
        "turn": {"player": last, "step": "buy"},
    }
    if supply:
        data["supply"].update(supply)
    revealed = data["themes"]  # two cards of each theme: the deck holds none beyond that
    data["supply"]["theme_deck"] = [
        t for i, t in enumerate(data["supply"]["theme_deck"])
        if revealed.count(t) + data["supply"]["theme_deck"][:i + 1].count(t) <= 2]
    data.update(extra)
    return data


def end_round(data: dict[str, Any], *actions: str) -> Game:
    """Load the position and finish the round (``done`` in step 7), then play ``actions``."""
    return game(data, "done", *actions)


__all__ = ["BASE_SERVANTS", "courtship_rounds", "end_round", "event_round", "organiser",
           "before_round"]
