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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from obsession_nb.engine.game import Game, Snapshot, load_scenario_text, new_game
from obsession_nb.engine.positions.scenario import read_text
from obsession_nb.engine.records.actions import Action, Activity
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.seat.log import entry_for
from obsession_nb.practice.advice_records import Hint, TurnReview
from obsession_nb.practice.arena import Player, make_player
from obsession_nb.practice.coach import compare, hint, review_turn
from obsession_nb.practice.plans import DEFAULT_LEVEL, Comparison, Level, level_named
from obsession_nb.practice.search import SearchPlayer
from obsession_nb.practice.turn_plan import Plan, plan_of

TEAM_WORDS = {"team": "Team {team} ({names}): {total}",
              "team_won": "Team {team} ({names}): {total} (winner)", "partners": " & "}
"""How :meth:`Practice.team_results` says a team's total, in English (a view in another
language passes them in it: PANELS ``result``, ``obsession_nb/tutor/views/words.py``)."""
WORST = 5
"""Turns the post-game review lists."""
UNDONE = ("Taken back to the start of your turn. The cards you cannot see were shuffled and "
          "dealt again, so what you saw since may not come again (ruling.seat-undo).")
"""What the practice table and ``obsession-nb practice`` say after a take-back."""
SETTINGS = "# obsession-nb practice: "
"""The first line of a saved practice game, before the table's settings."""


@dataclass
class _Mark:
    """The start of one of your turns: the position, the opponents' generators, the reviews."""

    snapshot: Snapshot
    opponents: dict[int, Player]
    reviews: int
    turn: bool
    """A turn (reviewed when it ends), not a setup decision."""
    comparison: Comparison | None = None
    """The coach's comparison at this point, once a hint or the review has made it."""


class Practice:
    """A game at which ``seat`` (1-based, as ``p1``…) is yours and the rest are played by
    ``opponents`` (``random``, ``heuristic`` or ``search``); ``level`` is the coach's and the
    search opponents' (``plans.LEVELS``); ``options`` a game's options (``Options``: the
    variants, ``--option`` settings and milestones, see ``option_index.options_with``)."""

    def __init__(self, players: int = 4, seat: int = 1, opponents: str = "search",
                 mode: str = "standard", *, seed: int = 0, level: str | Level = DEFAULT_LEVEL,
                 coach: bool = True, game: Game | None = None,
                 options: Options | None = None) -> None:
        if not 1 <= seat <= players:
            raise ValueError(f"seat must be 1 to {players}, not {seat}")
        options = options or Options.model_validate({"mode": mode})
        self.game = game or new_game(players, seed=seed, options=options)
        self.seat = seat - 1
        self.strategy = opponents
        self.seed = seed
        self.level = level_named(level)
        self.coach = coach
        budget = {"level": self.level} if opponents == "search" else {}
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
                self.reviews.append(review_turn(self.game, start, level=self.level,
                                                seed=self.seed, comparison=mark.comparison))
        self._mark_turn()

    def last_review(self) -> TurnReview | None:
        return self.reviews[-1] if self.reviews else None

    def hint(self) -> Hint:
        """The coach's best plan at your decision (never reading hidden cards).  At the start
        of your turn it is the plan the review will compare yours with; later in a turn that
        has followed that plan so far, the plan's next step."""
        if not self.your_move():
            raise ValueError("it is not your move")
        mark = self.marks[-1] if self.marks else None
        if mark is not None and mark.turn and mark.snapshot.log_length == len(self.game.log):
            if mark.comparison is None:
                mark.comparison = compare(self.game, level=self.level, seed=self.seed)
            return hint(self.game, comparison=mark.comparison)
        if mark is not None and mark.turn and mark.comparison is not None:
            plan = mark.comparison.best.plan
            if self._following(mark, plan):
                return hint(self.game, comparison=mark.comparison, plan=plan)
        return hint(self.game, level=self.level, seed=self.seed)

    def _following(self, mark: _Mark, plan: Plan) -> bool:
        """Your actions since the start of the turn are the plan's so far."""
        played = [e.action for e in self.game.log[mark.snapshot.log_length:]
                  if e.player == self.seat and not e.action.startswith("(")]
        actions = [parse(x) for x in played]
        if actions and isinstance(actions[0], Activity) != (plan.kind == "host"):
            return False
        so_far = plan_of(self.game.table, actions)
        if plan.kind != so_far.kind and so_far.kind != "line":
            return False
        return (so_far.tile in (None, plan.tile) and set(so_far.party) <= set(plan.party)
                and so_far.buy in (None, plan.buy))

    def set_level(self, name: str | Level) -> None:
        """The coach's and the search opponents' level from now on."""
        self.level = level_named(name)
        for player in self.opponents.values():
            if isinstance(player, SearchPlayer):
                player.level = self.level
        for mark in self.marks:
            mark.comparison = None

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
        """The game as scenario YAML: the starting position and every action played, after a
        comment line with the table's settings that :meth:`load` reads back."""
        settings = (f"seat={self.seat + 1} opponents={self.strategy} seed={self.seed} "
                    f"level={self.level.name} coach={'yes' if self.coach else 'no'}")
        return f"{SETTINGS}{settings}\n" + self.game.to_scenario(with_actions=True)

    @classmethod
    def load(cls, path: str | Path, **overrides: Any) -> Practice:
        """Continue a game :meth:`save` wrote (any scenario file will do: its recorded actions
        are played first); its settings line gives the seat, opponents, seed and level
        unless ``overrides`` say otherwise.  The reviews of the turns before are not kept."""
        text = read_text(path)
        first = text.partition("\n")[0]
        settings: dict[str, Any] = {}
        if first.startswith(SETTINGS):
            for word in first[len(SETTINGS):].split():
                name, _, value = word.partition("=")
                if name in ("seat", "seed") and value.lstrip("-").isdecimal():
                    settings[name] = int(value)
                elif name in ("opponents", "level"):
                    settings[name] = value
                elif name == "coach":
                    settings[name] = value != "no"
        settings.update({k: v for k, v in overrides.items() if v is not None})
        game = load_scenario_text(text, source=str(path))
        if game.state.finished:
            raise ValueError(f"{path}: this game is over; there is nothing left to play")
        return cls(len(game.state.players), game=game, **settings)

    def team_results(self, words: Mapping[str, str] = TEAM_WORDS) -> list[str]:
        """Competitive Team Play: each team's total, winners marked (team.scoring); else none
        (in ``words``: :data:`TEAM_WORDS` in a view's language)."""
        found = self.game.table.mode.result_json(self.game.table).get("teams", [])
        return [words["team_won" if t["winner"] else "team"].format(
            team=t["team"], names=words["partners"].join(t["names"]), total=t["total"])
            for t in found]

    def post_game(self, worst: int = WORST) -> list[TurnReview]:
        """Your turns that cost the most value, costliest first."""
        return sorted(self.reviews, key=lambda r: -r.cost)[:worst]
