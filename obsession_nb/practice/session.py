"""A practice game: one seat is yours, the others are AI opponents (arena.make_player), and the
coach reviews each of your turns (coach.review_turn).  The practice table widget
(``tutor/views/practice.py``) and ``obsession-nb practice`` (``cli/practice_text.py``) are two
faces of it.

The session keeps a point to come back to at the start of each of your turns, with the
opponents' generators as they were, so :meth:`Practice.undo` takes a turn back; it then deals
again everything your seat cannot see (ruling.seat-undo: the decks, the others' hidden cards,
the dice to come), from a generator seeded by the game's seed and the number of take-backs, so
that a look at a deck cannot be taken back and used and a game stays reproducible;
:meth:`Practice.save` writes the game as a scenario that replays to this position;
:meth:`Practice.post_game` lists the turns that cost the most.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace

from obsession_nb.engine.game import Game, Snapshot, new_game
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.seat.log import entry_for
from obsession_nb.practice.arena import Player, make_player
from obsession_nb.practice.coach import Hint, TurnReview, hint, review_turn
from obsession_nb.practice.search import PLAYOUTS

WORST = 5
"""Turns the post-game review lists."""
UNDONE = ("Taken back to the start of your turn. The cards you cannot see were shuffled and "
          "dealt again, so what you saw since may not come again (ruling.seat-undo).")
"""What the practice table and ``obsession-nb practice`` say after a take-back."""


@dataclass
class _Mark:
    """The start of one of your turns: the position, the opponents' generators, the reviews."""

    snapshot: Snapshot
    opponents: dict[int, Player]
    reviews: int
    turn: bool
    """A turn (reviewed when it ends), not a setup decision."""


class Practice:
    """A game at which ``seat`` (1-based, as ``p1``…) is yours and the rest are played by
    ``opponents`` (``random``, ``heuristic`` or ``search``)."""

    def __init__(self, players: int = 4, seat: int = 1, opponents: str = "search",
                 mode: str = "standard", *, seed: int = 0, playouts: int = PLAYOUTS,
                 coach: bool = True, game: Game | None = None) -> None:
        if not 1 <= seat <= players:
            raise ValueError(f"seat must be 1 to {players}, not {seat}")
        self.game = game or new_game(players, seed=seed, options=Options(mode=mode))  # type: ignore[arg-type]
        self.seat = seat - 1
        self.seed = seed
        self.playouts = playouts
        self.coach = coach
        budget = {"playouts": playouts} if opponents == "search" else {}
        self.opponents: dict[int, Player] = {
            s: make_player(opponents, seed * 8 + s, **budget)
            for s in range(players) if s != self.seat}
        self.marks: list[_Mark] = []
        self.reviews: list[TurnReview] = []
        self.undos = 0
        """Take-backs so far: each re-deals from its own seeded generator."""
        self._mark_turn()

    # ------------------------------------------------------------ whose move

    @property
    def over(self) -> bool:
        return self.game.state.finished

    def owner(self) -> int | None:
        """The seat that decides now (``None`` once the game is over)."""
        return None if self.over else self.game.pending()["owner"]

    def your_move(self) -> bool:
        return self.owner() == self.seat

    def opponent_step(self) -> list[LogEntry]:
        """One opponent decision (nothing if it is your move or the game is over); its log
        entries as your seat reads them."""
        owner = self.owner()
        if owner is None or owner == self.seat:
            return []
        action = self.opponents[owner].choose(self.game)
        if action is None:
            raise RuntimeError(f"no legal action at {self.game.pending()['prompt']}")
        entries = self._as_read(self.game.apply(action))
        self._mark_turn()
        return entries

    def _as_read(self, entries: list[LogEntry]) -> list[LogEntry]:
        """The entries as your seat reads them (ruling.seat-log)."""
        return [entry_for(self.game.table, e, self.seat) for e in entries]

    def play_opponents(self) -> list[LogEntry]:
        """Every opponent decision until it is your move or the game is over."""
        entries: list[LogEntry] = []
        while not self.over and not self.your_move():
            entries += self.opponent_step()
        self._mark_turn()
        return entries

    def _mark_turn(self) -> None:
        """At the start of your turn, keep a point to come back to (once per turn)."""
        turn = self.game.state.turn
        if turn is None or turn.player != self.seat or turn.step not in ("begin", "draft"):
            return
        if self.marks and self.marks[-1].snapshot.log_length == len(self.game.log):
            return
        self.marks.append(_Mark(self.game.snapshot(), copy.deepcopy(self.opponents),
                                len(self.reviews), turn.step == "begin"))

    # ------------------------------------------------------------ your move

    def apply(self, action: Action | str) -> list[LogEntry]:
        """Play your action (refused with the rule, nothing changed, if illegal; an
        opponent's decision is refused too).  When it ends your turn the coach reviews it."""
        if not self.your_move():
            raise ValueError("it is not your move: let the opponents play first")
        self._mark_turn()
        entries = self._as_read(self.game.apply(action))
        self.after_your_action()
        return entries

    def after_your_action(self) -> None:
        """Once your action is played (here or by a stepper on the same game): the coach's
        review if it ended your turn, and the mark of your next turn if it begins."""
        turn = self.game.state.turn
        ended = turn is None or turn.player != self.seat or turn.step == "begin"
        mark = self.marks[-1] if self.marks else None
        if ended and self.coach and mark and mark.turn and mark.reviews == len(self.reviews):
            start = mark.snapshot
            if start.log_length < len(self.game.log):
                self.reviews.append(review_turn(self.game, start, playouts=self.playouts,
                                                seed=self.seed))
        self._mark_turn()

    def last_review(self) -> TurnReview | None:
        return self.reviews[-1] if self.reviews else None

    def hint(self) -> Hint:
        """What the search would do at your decision (never reading hidden cards)."""
        if not self.your_move():
            raise ValueError("it is not your move")
        return hint(self.game, playouts=self.playouts, seed=self.seed)

    def undo(self) -> bool:
        """Back to the start of your current turn, or of your previous one if this one has not
        started, with every card your seat cannot see dealt again (ruling.seat-undo); ``False``
        if there is nothing to undo."""
        while self.marks:
            mark = self.marks[-1]
            if mark.snapshot.log_length < len(self.game.log):
                self.game.restore(mark.snapshot)
                self.undos += 1
                self.game.redeal(self.seat, random.Random(f"undo:{self.seed}:{self.undos}"))
                self.marks[-1] = replace(mark, snapshot=self.game.snapshot())
                self.opponents = copy.deepcopy(mark.opponents)
                del self.reviews[mark.reviews:]
                return True
            self.marks.pop()
        return False

    # ------------------------------------------------------------ files and the end

    def save(self) -> str:
        """The game as scenario YAML: the starting position and every action played."""
        return self.game.to_scenario(with_actions=True)

    def post_game(self, worst: int = WORST) -> list[TurnReview]:
        """Your turns that cost the most value, costliest first."""
        return sorted(self.reviews, key=lambda r: -r.cost)[:worst]
