"""Classic solitaire as a whole game: a new game against an opponent card, its result, and
playing it to the end (rules solo.classic.*; Facts §6).

``new_classic_game(seed, opponent)`` sets up one player with the supply and monuments of a
two-player game; with the expansion the family and the drafted servant are the first decisions
(as in the Solo Estate Challenge).  :func:`classic_solo` plays a whole seeded game with the
greedy or random player and returns a :class:`ClassicGame`, whose :meth:`~ClassicGame.result`
compares the two scores and :meth:`~ClassicGame.courtship_results` tabulates the courtships.
``cards`` names a YAML file of the user's own opponent and AI cards (``catalog.overlay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from obsession_nb.data.catalog import Catalog, load_catalog, overlay
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.game import Game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import LogEntry, Player, State
from obsession_nb.engine.scoring import Scoresheet, score
from obsession_nb.engine.setup.areas import finish_player_areas
from obsession_nb.engine.setup.supply import families_available, hire_supply
from obsession_nb.engine.table import Table
from obsession_nb.modes.classic.courtship import OpponentScore, opponent_score
from obsession_nb.modes.classic.mode import ClassicSolitaire
from obsession_nb.modes.classic.records import ClassicSolo
from obsession_nb.modes.classic.strategy import make_player
from obsession_nb.players.random_player import play_out

if TYPE_CHECKING:
    import pandas as pd

MODE = ClassicSolitaire.name
PLAYER_NAME = "Solo player"
DEFAULT_OPPONENT = "eden"


def classic_options(*, expansion: bool = True, monuments: bool = False,
                    extended: bool = False, market_reserve: bool = True) -> Options:
    """Classic solitaire's options: closed courtship (the Jane Austen rule, solo.classic.setup),
    the challenging (monuments) mode, and the market system (reserves or the first printing's
    market, Facts §6.2)."""
    return Options(expansion=expansion, length="extended" if extended else "standard",
                   mode=MODE, courtship="closed",
                   solo_target="opponent-monuments" if monuments else "opponent",
                   market_reserve=market_reserve, prestige_guest_limit=False)


def catalog_with(cards: str | Path | None) -> Catalog:
    """The packaged catalog, with the user's own cards over it when ``cards`` names a file."""
    return load_catalog() if cards is None else overlay(load_catalog(), cards)


def new_classic_state(seed: int = 0, opponent: str = DEFAULT_OPPONENT, *,
                      catalog: Catalog | None = None, family: str | None = None,
                      **options: Any) -> tuple[State, list[Ruling]]:
    """Classic solitaire before its first turn (or, with the expansion, at the family choice
    and servant draft): one player, the supply of a two-player game (Facts §6.1)."""
    from obsession_nb.engine.setup.servant_draft import start_draft

    catalog = catalog or load_catalog()
    opts = classic_options(**options)
    state = State(options=opts, players=[Player(name=PLAYER_NAME)],
                  classic_solo=ClassicSolo(opponent=opponent), first_player=0)
    state.chance.seed = seed
    table = Table(state, catalog)
    problems = table.mode.check_position(state, catalog)
    if problems:
        raise ValueError("; ".join(problems))
    card = catalog.opponents[opponent]
    state.supply.servants_for_hire = hire_supply(2, opts.expansion)
    rulings = [
        ruling("solo.classic.setup", f"Classic solitaire: {PLAYER_NAME} goes first against "
               f"{card.name} ({card.difficulty}, base score {card.base}); the round track and "
               "the supply are set out as for two players."),
        ruling("solo.classic.opponent-card", f"{card.name}'s chart gives its estate VP per "
               "season and theme" + (" — a stand-in card." if card.standin else ".")),
        ruling("ud.setup.servants-for-hire" if opts.expansion else "setup.servants-for-hire",
               "Servants for Hire as for two players: " + ", ".join(
                   f"{n} {k}" for k, n in state.supply.servants_for_hire.items()) + "."),
        ruling("solo.sec.rule-exceptions", "The solo exceptions apply: the Butler's Room only "
               "hires, the Servants' Hall simply gives one reputation, gossips attack nobody."),
    ]
    if opts.solo_target == "opponent-monuments":
        rulings.append(ruling("option.solo-challenging-monuments", "Challenging mode: monuments the AI "
                              "scavenges add their VP to the opponent's score."))
    if opts.expansion:
        rulings.append(ruling("ruling.classic-expansion-draft", "With the expansion the solo "
                              "player chooses a board and drafts one servant, as in the Solo "
                              "Estate Challenge."))
        rulings += start_draft(table)
        return state, rulings
    pool = families_available(catalog, 1, False)
    state.players[0].family = family if family in pool else table.rng().choice(pool)
    rulings.append(ruling("setup.family-choice", f"{PLAYER_NAME} plays the "
                          f"{state.players[0].family} board."))
    rulings += finish_player_areas(table)
    return state, rulings


class ClassicGame(Game):
    """A classic-solitaire game: the engine's :class:`Game` with the result against the
    opponent and the courtships as a table."""

    def result(self) -> ClassicResult:
        return classic_result(self.table)

    def to_summary(self) -> dict[str, Any]:
        """The game's outcome as JSON-ready data (the CLI's ``solo --classic --json``): the
        opponent card, each courtship, every AI roll, both final scores and the winner."""
        state = self.state
        classic = ClassicSolo.of(state.classic_solo) or ClassicSolo()
        view = self.table.mode.view(self.table) or {}
        return {"mode": MODE, "seed": state.chance.seed, "family": state.players[0].family,
                "expansion": state.options.expansion, "length": state.options.length,
                "opponent_card": {k: view["opponent"][k]
                                  for k in ("id", "name", "difficulty", "base", "standin")},
                "ai_card_standin": view["ai_card"]["standin"],
                "challenging": view["challenging"], "finished": state.finished,
                "courtships": [c.model_dump() for c in classic.courtships],
                **self.result().to_json(),
                "rolls": [r.model_dump() for r in classic.rolls]}

    def courtship_results(self) -> pd.DataFrame:
        """One row per courtship: season, themes, both totals, the outcome for the player."""
        import pandas as pd

        classic = ClassicSolo.of(self.state.classic_solo) or ClassicSolo()
        rows = [{"season": c.season, "themes": " + ".join(t.upper() for t in c.themes),
                 "player": c.player, "opponent": c.opponent, "outcome": c.outcome}
                for c in classic.courtships]
        return pd.DataFrame(rows, columns=["season", "themes", "player", "opponent",
                                           "outcome"]).set_index("season")


def new_classic_game(seed: int = 0, opponent: str = DEFAULT_OPPONENT, *,
                     cards: str | Path | None = None, family: str | None = None,
                     servant: str | None = None, **options: Any) -> ClassicGame:
    """A new game at its first decision; with the expansion, ``family`` and ``servant`` play
    the board choice and the draft (a Wessex board takes the first tile it offers)."""
    catalog = catalog_with(cards)
    state, rulings = new_classic_state(seed, opponent, catalog=catalog, family=family,
                                       **options)
    game = ClassicGame.from_state(state, catalog)
    game.log.insert(0, LogEntry(action="(setup)", rulings=[r.to_json() for r in rulings]))
    if state.options.expansion and family is not None:
        game.apply(f"family {family}")
        offered = [x.notation for x in game.legal_actions() if x.verb == "start-tile"]
        if offered:
            game.apply(offered[0])
    if servant is not None:
        game.apply(f"draft {servant}")
    return game


# ----------------------------------------------------------------- the result


@dataclass(frozen=True)
class ClassicResult:
    """Both final scores and the winner; the solo player wins ties (solo.classic.scoring)."""

    scoresheet: Scoresheet
    opponent: OpponentScore
    rulings: tuple[Ruling, ...] = field(default=())

    @property
    def score(self) -> int:
        return self.scoresheet.players[0].total

    @property
    def winner(self) -> str:
        return "player" if self.score >= self.opponent.total else "opponent"

    def to_json(self) -> dict[str, Any]:
        return {"player_score": self.score, "categories": dict(self.scoresheet.players[0].categories),
                "opponent_score": self.opponent.total,
                "opponent": {"name": self.opponent.name, "base": self.opponent.base,
                             "vp_cards": self.opponent.vp_cards,
                             "fairchild": self.opponent.fairchild,
                             "monuments": self.opponent.monuments},
                "winner": self.winner}

    def __str__(self) -> str:
        who = "the solo player wins" if self.winner == "player" else f"{self.opponent.name} wins"
        return (f"Solo player {self.score}, {self.opponent.name} {self.opponent.total}: {who}"
                + (" (a tie goes to the solo player)." if self.score == self.opponent.total
                   else "."))


def classic_result(table: Table) -> ClassicResult:
    sheet = score(table)
    rival = opponent_score(table)
    mine = sheet.players[0].total
    verdict = ("ties" if mine == rival.total else "beats" if mine > rival.total
               else "falls short of")
    rulings = [*rival.rulings,
               ruling("solo.classic.solo-wins-ties", f"The solo player's {mine} {verdict} "
                      f"{rival.name}'s {rival.total}" + (": a tie goes to the solo player."
                                                         if mine == rival.total else "."))]
    return ClassicResult(sheet, rival, tuple(rulings))


# ----------------------------------------------------------------- playing whole games


def classic_solo(seed: int = 0, opponent: str = DEFAULT_OPPONENT, *, strategy: str = "greedy",
                 cards: str | Path | None = None, rolls: Sequence[int] | None = None,
                 **options: Any) -> ClassicGame:
    """A whole seeded game of classic solitaire, played to the end: ``game.result()`` and
    ``game.courtship_results()`` tell how it went.  ``options``: ``expansion``, ``monuments``
    (the challenging mode), ``extended``, ``market_reserve``."""
    game = new_classic_game(seed, opponent, cards=cards, **options)
    if rolls is not None:
        game.state.chance.next_rolls = list(rolls)
    play_out(game, make_player(strategy, seed))
    return game
