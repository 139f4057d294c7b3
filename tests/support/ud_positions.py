"""Expansion test positions: Ann (Cavendish) with all nine servants, extra tiles and
scenario-defined gentry cards, built on ``positions.table`` (so each is a valid scenario file).
"""

from __future__ import annotations

from typing import Any

from positions import BASE_SERVANTS, START, table

from obsession_nb import Game
from obsession_nb.engine.records.state import Player

NEW = ["cook", "hall_boy", "head_housemaid", "useful_man"]
STAFF = [*BASE_SERVANTS, *NEW]
FAMILY = ["cavendish-husband", "cavendish-wife", "cavendish-heir", "cavendish-daughter"]


def card(card_id: str, *, gender: str = "male", prestige: int = 2, service: list[str],
         favours: list[dict[str, Any]], deck: str = "prestige") -> dict[str, Any]:
    """A scenario-defined gentry card for a 'what if' position."""
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "deck": deck,
            "gender": gender, "prestige": prestige, "service": service, "favours": favours,
            "source": "test position (UD pp.7-8 ability under test)"}


BUTLER_GUEST = card("test-butler-guest", service=["butler"],
                    favours=[{"kind": "money", "amount": 300}])
HOUSEKEEPER_GUEST = card("test-housekeeper-guest", gender="female", service=["housekeeper"],
                         favours=[{"kind": "invite", "deck": "prestige"}])


def ud(*, tiles: tuple[str, ...] = (), flipped: tuple[str, ...] = (), level: int = 2,
       position: int = 1, available: list[str] | None = None, hand: list[str] | None = None,
       **me: Any) -> dict[str, Any]:
    """An expansion position: Ann (Cavendish) with all nine servants and extra tiles."""
    organiser = [{"tile": t} for t in START if t not in tiles]
    organiser += [{"tile": t, "flipped": t in flipped} for t in tiles]
    servants = {"available": list(STAFF if available is None else available)}
    for zone in ("quarters", "expended"):
        if zone in me:
            servants[zone] = me.pop(zone)
    changes: dict[str, Any] = {
        "servants": servants,
        "reputation": {"level": level, "position": position},
        "organiser": organiser,
        **me,
    }
    if hand is not None:
        changes["hand"] = hand
    extra = {k: changes.pop(k) for k in ("round", "supply", "custom_cards") if k in changes}
    return table(expansion=True, me=changes, **extra)


def legal(g: Game) -> list[str]:
    return [a.notation for a in g.legal_actions()]


def last_rules(g: Game) -> list[str]:
    """The rulings of the last action played (not of the automatic steps it led to)."""
    entry = next(e for e in reversed(g.log) if not e.action.startswith("("))
    return [r["rule"] for r in entry.rulings]


def step6(g: Game) -> list[dict[str, str]]:
    return [r for e in g.log if e.action == "(step 6: enjoy favours)" for r in e.rulings]


def me(g: Game) -> Player:
    return g.state.players[0]
