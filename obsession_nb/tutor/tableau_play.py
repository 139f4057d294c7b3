"""Playing Tableau Obsession from a notebook or a test: a new game, the servant draft played at
random, the starter-guest draft and the Grand Ball's offers taken in order, passing turns,
playing on to a round or to a player's reaching Max, the Duel's reputation VP table (UD p.15).
The ``print_*`` functions and those that play say what happened in words (tutorial 07)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.reputation import Wheel
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.scoring import triangular
from obsession_nb.modes.tableau.records import Tableau
from obsession_nb.players.random_player import RandomPlayer

if TYPE_CHECKING:
    import pandas as pd

PASSING = (a.Pass(), a.Rents(), a.Done())
TUTORIAL_RULES = ("tableau.", "option.", "milestone.",
                  *(f"ruling.{topic}-" for topic in ("tableau", "milestone")))
"""The rule ids notebook 07 prints by default."""


def new_tableau_game(players: int = 3, seed: int = 7, *, duel: bool = False,
                     milestones: list[str] | Literal["random"] | None = None,
                     **kwargs: object) -> Game:
    """A Tableau Obsession game (a Duel with ``duel``) at the servant draft."""
    options = Options(mode="tableau-duel" if duel else "tableau", milestones=milestones)
    return new_game(players, seed=seed, options=options, **kwargs)


def servant_draft_at_random(game: Game, seed: int = 0) -> None:
    """Play the servant draft (families and servants, UD p.10) with the seeded random player."""
    player = RandomPlayer(seed)
    while game.state.turn is not None and game.state.turn.step == "draft":
        game.apply(player.next_action(game))


def pass_turn(game: Game, times: int = 1) -> None:
    """End the current turn by passing (pass, rents, done); ``times`` turns in a row."""
    for _ in range(times):
        seat = game.state.turn.player if game.state.turn else None
        while game.state.turn is not None and game.state.turn.player == seat and (
            game.state.turn.step != "mode"
        ):
            legal = game.legal_actions()
            game.apply(next((x for x in PASSING if x in legal), legal[0]))


def print_starter_draft(game: Game) -> None:
    """Print who picks first, the picking order and the deck of the starter-guest draft."""
    from obsession_nb.modes.tableau.rules import draft_order

    state = game.state
    print("first player:", state.players[state.first_player].name)
    print("picking order:", " → ".join(state.players[s].name
                                       for s in draft_order(len(state.players),
                                                            state.first_player)))
    print("the deck:", ", ".join(game.table.card_name(c) for c in _records(game).draft_deck))


def _records(game: Game) -> Tableau:
    """The game's Tableau Obsession records (empty ones before the mode's setup)."""
    return Tableau.of(game.state.tableau) or Tableau()


def take_starters(game: Game, *, quiet: bool = False) -> None:
    """Play the starter-guest draft, each player taking the deck's top card; print who took
    what (unless ``quiet``), then the next decision and the casual deck's size."""
    while game.state.turn is not None and game.state.turn.step == "mode" and (
        _records(game).draft_deck
    ):
        seat, card = game.state.turn.player, _records(game).draft_deck[0]
        game.apply(f"starter {card}")
        if not quiet:
            print(f"{game.state.players[seat].name} takes {game.table.card_name(card)}")
    if not quiet:
        print(f"\n{game.pending()['prompt']}\nCasual deck: "
              f"{len(game.state.supply.casual_deck)} cards")


def keep_first_ball_guests(game: Game) -> None:
    """At a Grand Ball, each player keeps the first guest offered; print what each saw."""
    while game.state.turn is not None and game.state.turn.step == "mode" and (
        _records(game).ball_offer
    ):
        offer, seat = _records(game).ball_offer, game.state.turn.player
        print(f"{game.state.players[seat].name} sees: "
              f"{', '.join(game.table.card_name(c) for c in offer)} — keeps "
              f"{game.table.card_name(offer[0])}")
        game.apply(f"ball {offer[0]}")
    print(game.pending()["prompt"])


def reach_max(game: Game, seat: int) -> None:
    """A what-if: put ``seat``'s reputation marker on Max (level 1 position of the last level)."""
    wheel = game.table.wheel
    game.state.players[seat].reputation = wheel.steps(wheel.max_level, 1)


def end_at_max(game: Game) -> None:
    """Pass to the first player's turn, pass it, then the next player reaches Max and passes:
    the game ends with the round (tableau.end); print how many turns each took that round."""
    while game.state.turn is not None and game.state.turn.player != game.state.first_player:
        pass_turn(game)
    before = [p.turns_taken for p in game.state.players]
    pass_turn(game)  # the first player's turn
    reach_max(game, game.table.turn.player)
    pass_turn(game)  # ends at Max
    print("finished:", game.state.finished, "· round", game.state.round)
    print("turns taken in round", game.state.round, "by each player:",
          [p.turns_taken - b for p, b in zip(game.state.players, before)])


def play_to_max(game: Game, seat: int, seed: int = 0) -> None:
    """Pass every turn to the end of the game, ``seat`` reaching Max at the first of its turns
    (a Grand Ball in progress keeps the first guests); print how the game ended."""
    while game.state.turn is not None and game.state.turn.step == "mode":
        game.apply(game.legal_actions()[0])
    while not game.state.finished:
        if game.table.turn.player == seat:
            reach_max(game, seat)
        pass_turn(game)
    t = _records(game)
    who = "nobody" if t.reached_max is None else game.state.players[t.reached_max].name
    print(f"ended on round {game.state.round}: {t.end_reason}, {who} reached Max")


def print_reputation_vp(game: Game, levels: tuple[int, ...]) -> None:
    """Print the reputation VP the first player would score at each of these levels (position 1;
    a level past the wheel's numbered ones is Max)."""
    from obsession_nb.engine.scoring import score

    wheel = game.table.wheel
    me = game.state.players[0]
    for level in levels:
        me.reputation = wheel.steps(min(level, wheel.max_level), 1)
        print(f"{wheel.describe(me.reputation)}: "
              f"{score(game).players[0].categories['reputation']} VP")


def print_milestones(game: Game) -> None:
    """Print the two milestones in play: what each needs and the VP of its two places."""
    for card in game.state.milestones.cards if game.state.milestones else ():
        m = game.table.catalog.milestones[card]
        print(f"  {m.name}: needs {m.measure} ≥ {m.at_least} (1st {m.vp[0]} VP, 2nd {m.vp[1]} VP)")


def deal_for_milestones(game: Game, money: int = 1500, vp_cards: int = 2) -> None:
    """A what-if: the player to move gets at least ``money`` and the VP deck's top cards."""
    me = game.table.me
    supply = game.state.supply
    me.money = max(me.money, money)
    me.vp_cards = me.vp_cards + supply.vp_deck[:vp_cards]
    supply.vp_deck = supply.vp_deck[vp_cards:]


def play_to_round(game: Game, round_number: int, seed: int = 0) -> None:
    """Let the seeded random player play until the round begins (or the game ends)."""
    player = RandomPlayer(seed)
    while not game.state.finished and game.state.round < round_number:
        game.apply(player.next_action(game))


def reputation_vp_frame() -> pd.DataFrame:
    """Reputation VP at each level on the standard wheel and on the Duel's (9/10 counters):
    triangular numbers, Max counting as the level above the highest numbered one."""
    import pandas as pd

    standard, duel = Wheel(6), Wheel(10)
    labels = [*(str(n) for n in range(1, duel.levels + 1)), "Max"]

    def vp(wheel: Wheel, label: str) -> str:
        level = wheel.max_level if label == "Max" else int(label)
        return str(triangular(level)) if level <= wheel.max_level and (
            label == "Max" or level <= wheel.levels) else "–"

    return pd.DataFrame({"standard wheel": [vp(standard, x) for x in labels],
                         "Tableau Duel": [vp(duel, x) for x in labels]},
                        index=pd.Index(labels, name="level")).T


def market_names(game: Game) -> list[str]:
    """The Builders' Market, £300 space first, as tile names (×2 for a stacked pair)."""
    return [game.table.tile_name(s[0]) + (" ×2" if len(s) > 1 else "")
            for s in game.state.supply.market]


def print_rulings(entries: list[LogEntry], prefixes: tuple[str, ...] = TUTORIAL_RULES, *,
                  action: str | None = None) -> None:
    """Print the rulings of these log entries whose rule id starts with one of ``prefixes``
    (only the entries of ``action``, e.g. ``"(end of the round)"``, if given)."""
    for entry in entries:
        if action is not None and entry.action != action:
            continue
        for r in entry.rulings:
            if r["rule"].startswith(prefixes):
                print(f"- {r['verdict']}\n      [{r['rule']}] {r['citation']}")
