"""Setting up a new game for two to six players, standard or extended, with or without the
expansion: the seats, first player, families and draft (rules setup.*, ud.setup.*, six-player.*);
the areas are set out by areas.py, the box's supplies are in supply.py.

``new_game`` returns a :class:`~obsession_nb.engine.game.Game` at the first player's first turn, with
the setup rulings as the first log entry.  Every random choice (first player, families, the
dealt cards, the monuments, the opening market) comes from the seeded source in the state.

With the expansion the families and the servant draft (UD p.10) are pending decisions of the
new game (servant_draft.py); when the last player has drafted,
:func:`~obsession_nb.engine.setup.areas.finish_player_areas` completes the player areas and the
central area.  ``draft=False`` skips the draft (no servant is drafted, and
the setup log says so).
"""

from __future__ import annotations

from collections.abc import Sequence

from obsession_nb.data.catalog import Catalog, load_catalog
from obsession_nb.data.rules import Ruling, ruling, unknown
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import Player, State
from obsession_nb.engine.setup.areas import finish_player_areas
from obsession_nb.engine.setup.supply import families_available, hire_supply
from obsession_nb.engine.steps import milestones
from obsession_nb.engine.table import Table


def new_state(
    players: int,
    *,
    seed: int = 0,
    options: Options | None = None,
    names: Sequence[str] | None = None,
    families: Sequence[str] | None = None,
    first_player: int | None = None,
    monuments: Sequence[str] | None = None,
    wessex_tile: str | None = None,
    draft: bool | None = None,
    catalog: Catalog | None = None,
) -> tuple[State, list[Ruling]]:
    """A freshly set-up position and the rulings of every setup step.

    With the expansion (and ``draft`` not ``False``) the position stops at the servant draft:
    families and drafted servants are pending decisions (servant_draft.py), and the draft's end calls
    :func:`finish_player_areas`.  Otherwise families are ``families`` or chosen at random in
    choosing order, and the whole setup is done.
    """
    catalog = catalog or load_catalog()
    options = (options or Options()).model_copy()
    if not 2 <= players <= 6:
        raise ValueError(f"setup handles 2 to 6 players, not {players}")
    options.prestige_guest_limit = options.prestige_limit(players)  # written in the file
    names = list(names or [f"Player {i + 1}" for i in range(players)])
    if len(names) != players or len(set(names)) != players:
        raise ValueError("give one distinct name per player")
    state = State(options=options, players=[Player(name=n) for n in names])
    state.chance.seed = seed
    table = Table(state, catalog)
    problems = table.mode.check_position(state, catalog)  # e.g. Tableau Duel's two players
    if problems:
        raise ValueError("; ".join(problems))
    rulings: list[Ruling] = []
    expansion = options.expansion

    # --- first player (setup.first-player); Servants for Hire first (setup.order)
    first = table.rng().randrange(players) if first_player is None else first_player
    state.first_player = first
    rulings.append(ruling("setup.player-count", f"{players} players."))
    if players == 6 and options.mode != "team":  # team play's own rulings: modes/team/
        rulings.append(ruling("six-player.official-mode", "Six-player individual play, with "
                              "the adjustments of the rulebook (the official six-player game is "
                              "team play)."))
    rulings.append(ruling("setup.first-player",
                          f"{names[first]} receives the first-player pawn."))
    rulings.append(ruling("setup.order", "Servants for Hire are set out first (for the draft), "
                          "then the player areas, then the rest of the central area."))
    state.supply.servants_for_hire = hire_supply(players, expansion)
    rulings.append(ruling(
        "ud.setup.servants-for-hire" if expansion else (
            "setup.servants-for-hire-five-six" if players >= 5 else "setup.servants-for-hire"),
        "Servants for Hire: " + ", ".join(
            f"{n} {k}" for k, n in state.supply.servants_for_hire.items()) + "."))
    if players == 6:
        rulings.append(ruling("six-player.central-setup", "Six players use the five-player "
                              "supply: servants for hire are scarce."))
    rulings += milestones.set_out(table)  # before the player areas (milestone.setup)
    if families is not None:
        families = list(families)
        pool = families_available(catalog, players, expansion)
        for f in families:
            if f not in pool:
                raise ValueError(f"{unknown('family board', f, pool)} (families must be "
                                 f"{players} distinct boards from {', '.join(pool)})")
        if len(set(families)) != players:
            raise ValueError(f"families must be {players} distinct boards from "
                             f"{', '.join(pool)}; got {', '.join(families)}")
        for player, family in zip(state.players, families, strict=True):
            player.family = family

    # --- families and the servant draft (setup.family-choice, ud.setup.draft)
    if expansion and draft is not False:
        from obsession_nb.engine.setup.servant_draft import start_draft

        rulings += start_draft(table)
        return state, rulings
    if families is None:
        rng = table.rng()
        pool = families_available(catalog, players, expansion)
        for seat in choosing_order(state):
            state.players[seat].family = rng.choice(
                [f for f in pool if f not in {p.family for p in state.players}])
    rulings.append(ruling("setup.family-choice", "Boards are chosen from the first player's left, "
                          "clockwise: " + ", ".join(
                              f"{state.players[s].name} {state.players[s].family}"
                              for s in choosing_order(state)) + "."))
    if expansion:
        rulings.append(ruling("ud.setup.draft", "The servant draft is not played in this setup: "
                              "no servant is drafted."))
    rulings += finish_player_areas(table, monuments=monuments, wessex_tile=wessex_tile)
    return state, rulings


def choosing_order(state: State) -> list[int]:
    """From the first player's left, clockwise; the first player chooses last."""
    n = len(state.players)
    return [(state.first_player + k) % n for k in range(1, n + 1)]
