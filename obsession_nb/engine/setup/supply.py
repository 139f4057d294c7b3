"""What the box supplies for a table: the objective deck and how many cards are dealt, the
families to choose from, the starting compensation and the Servants for Hire (setup.objectives,
six-player.objectives, ud.objective-deck, setup.player-count, ud.family.howard,
setup.compensation-five, six-player.compensation, setup.servants-for-hire, ud.setup.servants-for-hire,
ruling.objective-deck-composition, ruling.howard-six-without-expansion,
ruling.compensation-recipient)."""

from __future__ import annotations

from obsession_nb.data.catalog import Catalog

STARTING_SERVANTS = ("butler", "housekeeper", "valet", "ladys_maid", "footman")
NEW_SERVANTS = ("cook", "hall_boy", "head_housemaid", "useful_man")
BASE_FAMILIES = ("asquith", "cavendish", "ponsonby", "york")
FAMILY_RULES = {"asquith": "setup.family.asquith", "cavendish": "setup.family.cavendish",
                "ponsonby": "setup.family.ponsonby", "york": "setup.family.york",
                "howard": "ud.family.howard"}
FIRST_PRINTING_DEALT, FIRST_PRINTING_KEPT = 5, 2
"""The 1st printing's objectives: dealt five, two kept before play (UD p.5 Objective Cards)."""
OBJECTIVES_DRAWN, FIRST_PRINTING_DRAW_KEPT = 2, 1
"""An objective-card draw on the round track: two cards, both kept (event.objective-draw); by the
1st printing one of the two is kept (ud.objectives-during-play)."""
UD_DECK_LEAVES_OUT = ("standin-objective-room-7", "standin-objective-guest-6",
                      "standin-objective-servant-4", "standin-objective-servant-5")
"""The four base objective cards the expansion's 33-card deck does not repeat: our choice, as no
source names them (ruling.objective-deck-composition)."""

# Servants for Hire with the expansion: underbutler, footman, valet, lady's maid, each new servant
# (UD p.10); six players use the five-player supply (UD p.11).
UD_HIRE = {1: (1, 4, 2, 2, 1), 2: (2, 4, 2, 2, 2), 3: (2, 6, 3, 3, 3), 4: (2, 8, 4, 4, 4),
           5: (2, 10, 5, 5, 5), 6: (2, 10, 5, 5, 5)}

def objective_deck(catalog: Catalog, expansion: bool) -> list[str]:
    """The base deck, or the expansion's: 26 of the base cards and its own 7 (ud.objective-deck,
    ruling.objective-deck-composition)."""
    if not expansion:
        return sorted(o.id for o in catalog.objectives.values() if o.expansion == "base")
    return sorted(o.id for o in catalog.objectives.values()
                  if o.expansion == "upstairs_downstairs"
                  or (o.expansion == "base" and o.id not in UD_DECK_LEAVES_OUT))


def objectives_dealt(players: int, length: str) -> int:
    """Five standard, four extended, four in every six-player game (setup.objectives,
    six-player.objectives)."""
    if players == 6:
        return 4
    return 5 if length == "standard" else 4


def families_available(catalog: Catalog, players: int, expansion: bool) -> list[str]:
    """The boards a table of this size may choose from (setup.player-count, ud.family.howard,
    ruling.howard-six-without-expansion)."""
    pool = [*BASE_FAMILIES, "wessex"]
    if expansion or players == 6:
        pool.append("howard")
    return [f for f in pool if f in catalog.families]


def compensation(players: int, first: int, rotation: str,
                 seat: str = "never-first") -> dict[int, int]:
    """Extra starting money without the expansion (setup.compensation-five,
    six-player.compensation): by default the seats that never hold the first-player pawn
    (ruling.compensation-recipient), £300 to the further of two; with ``seat="last"`` the last
    seat(s) in turn order, as UD p.11 words it (option.compensation-seat)."""
    if players not in (5, 6):
        return {}
    order = [(first + k) % players for k in range(players)]
    if seat == "last":
        chosen = order[-1:] if players == 5 else order[-2:]
    else:
        step = -1 if rotation == "counterclockwise" else 1
        holders = {(first + step * season) % players for season in range(4)}
        chosen = [s for s in order if s not in holders]
    amounts = [200] if players == 5 else [200, 300]
    return dict(zip(chosen, amounts, strict=True))


def hire_supply(players: int, expansion: bool) -> dict[str, int]:
    """Servants for Hire (setup.servants-for-hire, setup.servants-for-hire-five-six,
    ud.setup.servants-for-hire)."""
    if expansion:
        u, f, v, m, new = UD_HIRE[players]
        return {"underbutler": u, "footman": f, "valet": v, "ladys_maid": m,
                **{k: new for k in NEW_SERVANTS}}
    if players >= 5:
        return {"underbutler": 2, "footman": 10, "valet": 5, "ladys_maid": 5}
    return {"underbutler": 2, "footman": 2 * players, "valet": players, "ladys_maid": players}
