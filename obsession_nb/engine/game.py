"""The public face of the engine: a game you can ask, check and play (DESIGN "Public surface")."""

from __future__ import annotations

import pickle
import random
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from obsession_nb.base.cloning import constructor
from obsession_nb.data.catalog import Catalog, load_catalog, stated_catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.data.rules import BadNotation, IllegalAction, Ruling
from obsession_nb.engine.positions import arguments, position_check, scenario
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.records.state import LogEntry, State
from obsession_nb.engine.records.verdict import Verdict
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.seat import log as seat_log
from obsession_nb.engine.seat.redeal import redeal
from obsession_nb.engine.seat.view import SeatView, seat_view
from obsession_nb.engine.setup.new_game import new_state
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.engine.turn.opening import start_turn

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from obsession_nb.engine.positions.summary import TurnSummary


@dataclass(frozen=True)
class Snapshot:
    """A saved position (its JSON, see :meth:`Game.to_json`) and how long the log was then."""

    position: str
    log_length: int


@dataclass
class Game:
    """A position, its catalog, and the log of what has been played from it."""

    table: Table
    log: list[LogEntry] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)
    """The scenario's recorded actions (already played when loaded)."""
    origin: bytes | str | None = field(default=None, repr=False)
    """The position the game started from, pickled (kept as the engine made it, nothing
    validated or written out) or as JSON: ``to_scenario(with_actions=True)`` writes it."""
    _origin_log: int = field(default=0, repr=False)
    """Where in the log the actions played from ``origin`` begin (after a :meth:`redeal`)."""
    _base: bytes | str | None = field(default=None, repr=False)
    """The position (pickled, or as JSON) that :meth:`apply` replays from if an action fails
    half-way."""
    _since: list[Action] = field(default_factory=list, repr=False)
    """The actions applied since ``_base``."""
    _listed: tuple[State, tuple[Action, ...], dict[Any, Any]] | None = field(default=None,
                                                                              repr=False)
    """The last :meth:`legal_actions` answer: its position, the actions and the decision's
    facts, until the position changes (the trusted fast path of :meth:`apply`)."""
    explain: bool = True
    """Write into the log why each action was allowed and what the automatic steps did.
    ``False``: a game played for its outcome (``simulate``), whose log keeps every action and
    automatic step without its rulings; an action :meth:`legal_actions` listed at this very
    position is then applied without being verified again (nothing to refuse, no reason to
    write)."""

    @classmethod
    def from_state(
        cls, state: State, catalog: Catalog | None = None, custom: list[GentryCard] | None = None
    ) -> Self:
        table = _table(state, catalog, custom)
        if state.turn is None and state.players and not state.finished:
            start_turn(table, state.first_player)
        return cls(table, origin=pickle.dumps(state, pickle.HIGHEST_PROTOCOL))

    @property
    def state(self) -> State:
        return self.table.state

    # ------------------------------------------------------------------ asking

    def legal_actions(self) -> list[Action]:
        """The choices of the pending decision, special actions included.  Applying one of
        them next (:meth:`apply`) reuses the facts found here; after editing ``state`` by hand,
        list again before applying."""
        facts: dict[Any, Any] = {}
        with self.table.reading(facts):
            legal = engine.legal_actions(self.table)
        self._listed = (self.state, tuple(legal), facts) if self.table.cache is None else None
        return legal

    def candidates(self) -> list[Action]:
        """Actions worth asking about now, legal or not (a superset of ``legal_actions``);
        none once the game is over."""
        if self.state.turn is None:
            return []
        return list(dict.fromkeys(engine.candidates(self.table)))

    def pending(self, words: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, Any]:
        """Who decides what now (the prompt in ``words``, by default English:
        ``obsession_nb.engine.positions.view.PROMPT_WORDS``)."""
        from obsession_nb.engine.positions.view import PROMPT_WORDS, pending

        return pending(self.table, PROMPT_WORDS if words is None else words)

    def read(self, text: str) -> Action:
        """The action a text means: its notation, where things may be written by the names
        players see (``invite Lady Cavendish``; :mod:`obsession_nb.engine.records.names`)."""
        names = self.table.names
        notation = names.read(text)
        try:
            return parse(notation)
        except BadNotation as exc:  # words left over may be a name mistyped
            verb, *rest = notation.split() or [""]
            near = names.near(" ".join(rest), names.printed) if len(rest) > 1 else []
            if not near:
                raise
            raise exc.also("near", near=[f"'{verb} {names.printed[near[0]]}'"]) from None

    def _action(self, action: Action | str) -> Action:
        """The action, its notation parsed, each argument naming something that exists (else
        ``BadNotation``), a natural ``serve CARD SERVANT`` read as the icon it means."""
        act = self.read(action) if isinstance(action, str) else action
        arguments.check(self.table, act)
        return arguments.natural(self.table, act)

    def check(self, action: Action | str) -> Verdict:
        """Is this action legal now, and by which rules?  Changes nothing (a verifier only
        reads the position)."""
        act = self._action(action)
        try:
            with self.table.reading():
                rulings = engine.verify(self.table, act)
        except IllegalAction as exc:
            return Verdict(act.notation, False, tuple(exc.rulings))
        return Verdict(act.notation, True, tuple(rulings))

    def can(self, action: Action | str) -> bool:
        """Whether the action is legal now: the text-free check (no rulings are written)."""
        return engine.can(self.table, self._action(action))

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action | str) -> list[LogEntry]:
        """Play one action.  Raises ``BadNotation`` or ``IllegalAction``; the position is then
        exactly as it was.  Returns the log entries it produced (the action, then any
        automatic steps)."""
        act = self.read(action) if isinstance(action, str) else action
        facts = self._trusted(act)
        if facts is None:  # a listed action names only what exists, by its own notation
            act = self._action(act)
        table = self.table
        state = table.state  # the same record throughout: steps change it in place
        player = state.turn.player if state.turn else None
        if facts is not None and not self.explain:
            rulings: list[Ruling] = []  # listed legal here: nothing to refuse, no why to write
        else:
            with table.reading(facts):
                rulings = engine.verify(table, act)  # refused here: nothing has changed
        if self._base is None:
            self._base = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        table.automatic = []
        knowledge.watch(table)
        try:
            rulings += engine.perform(table, act)
        except Exception:
            table.taken_back = None
            self._replay()
            raise
        knowledge.settle(table)
        self._since.append(act)
        explain = self.explain
        entries = [_entry(player, act.notation, rulings if explain else ())]
        if table.automatic:
            entries += [_entry(player, f"({label})", rs if explain else ())
                        for label, rs in table.automatic]
        seat_log.mark(table, entries, len(state.players),
                      [rulings, *[rs for _, rs in table.automatic]] if explain else ())
        self.log += entries
        return entries

    def _trusted(self, act: Action) -> dict[Any, Any] | None:
        """The facts of the decision if ``act`` was listed legal at this very position by
        :meth:`legal_actions` (its verifier then reads them instead of searching again and
        writes its rulings as for any action; with ``explain`` off it is not verified again);
        ``None`` otherwise.  Read once: any action applied after it meets a new position."""
        listed, self._listed = self._listed, None
        if listed is None or listed[0] is not self.state:
            return None
        legal = listed[1]
        for listed_action in legal:  # a player hands back one of the listed objects
            if listed_action is act:
                return listed[2]
        return listed[2] if act in legal else None

    def _replay(self) -> None:
        """Put the position back as it was before a failed action: the last base position with
        the actions applied since.  Only an engine bug gets here (an action that passed its
        verifier and then failed); verifying first keeps ordinary refusals free of it."""
        assert self._base is not None
        self.table.state = _position(self._base)
        for done in self._since:
            engine.perform(self.table, done)

    def snapshot(self) -> Snapshot:
        """A point to come back to with :meth:`restore` (undo)."""
        return Snapshot(self.to_json(), len(self.log))

    def restore(self, point: Snapshot) -> None:
        """Return the position and the log to a :meth:`snapshot`."""
        self.table.state = State.model_validate_json(point.position)
        self._base, self._since, self._listed = point.position, [], None
        del self.log[point.log_length:]
        if point.log_length < self._origin_log:  # back before a re-deal: replay from here
            self.origin, self._origin_log = point.position, point.log_length

    def explore(self, **options: Any) -> Any:
        """Every distinct way to finish this turn, compared in a pandas DataFrame (options:
        :func:`obsession_nb.engine.explore.explorer.explore`)."""
        from obsession_nb.engine.explore.explorer import explore

        return explore(self, **options)

    def provenance(self) -> Any:
        """How many of the guest cards and tiles in play are stand-ins or carry a value no
        source states, as a pandas DataFrame (:func:`obsession_nb.engine.positions.provenance.provenance_frame`)."""
        from obsession_nb.engine.positions.provenance import provenance_frame

        return provenance_frame(self.table)

    def play(self, actions: list[str]) -> None:
        for action in actions:
            self.apply(action)

    def turn_summary(self, since: Snapshot) -> TurnSummary:
        """What the player to move at ``since`` gained since then (``obsession_nb.engine.positions.summary``)."""
        from obsession_nb.engine.positions.summary import turn_summary

        return turn_summary(self.table, since.position, self.log[since.log_length:])

    # ------------------------------------------------------------------ files and views

    def to_scenario(self, *, with_actions: bool = False) -> str:
        """The current position as scenario YAML; ``with_actions=True``: the position the game
        started from and every action played since, a file that replays to this position."""
        custom = list(self.table.custom.values())
        if with_actions and self.origin is not None:
            played = [e.action for e in self.log[self._origin_log:]
                      if not e.action.startswith("(")]
            start = _position(self.origin)
            return scenario.dump(scenario.Scenario(start, custom, played))
        return scenario.dump(scenario.Scenario(self.state, custom))

    def to_json(self) -> str:
        """The position as compact JSON, for machine round trips (undo, tests, widgets); the
        same position as :meth:`to_scenario` describes, without the YAML cost."""
        return self.state.model_dump_json()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The position as JSON-ready data (CLI, widgets) as player ``seat`` may see it, or the
        open view (``None``); ``"viewer"`` is its label (obsession_nb/engine/seat/view.py)."""
        from obsession_nb.engine.positions.view import position

        return position(self.table, seat)

    def seat_view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see of the position: the cards hidden from it and their backs."""
        return seat_view(self.table, seat)

    def log_for(self, seat: int | None, since: int = 0) -> list[LogEntry]:
        """The log (from entry ``since``) as ``seat`` reads it (seat/log.py)."""
        return seat_log.log_for(self.table, self.log[since:], seat)

    def redeal(self, seat: int, rng: random.Random) -> None:
        """Deal again in place everything ``seat`` cannot know, the chance reseeded (a practice
        take-back: seat/redeal.py); :meth:`to_scenario` replays from here on."""
        redeal(self.table, seat, rng)
        self.origin = self._base = self.to_json()
        self._since, self._listed, self._origin_log = [], None, len(self.log)

    def sample(self, seat: int, rng: random.Random) -> Game:
        """A copy re-dealt for ``seat`` (:meth:`redeal`): the same for the same ``rng`` from
        any position the seat cannot tell from this one."""
        table = self.table
        copy = Game(Table(self.state.clone(), table.catalog, table.custom),
                    log=list(self.log), recorded=list(self.recorded))
        copy.redeal(seat, rng)
        return copy

    def text(self, seat: int | None = None) -> str:
        """The position in words as ``seat`` sees it (``None``: the open view)."""
        from obsession_nb.base.render import position_text

        return position_text(self.view(seat), self.table.servant_name)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from obsession_nb.base.render import position_html

        return position_html(self.view(), self.table.servant_name)


def _position(kept: bytes | str) -> State:
    """A position of its own from one kept (``Game.origin``, ``Game._base``): pickled by this
    process, or JSON this engine wrote."""
    if isinstance(kept, bytes):
        position: State = pickle.loads(kept)
        return position
    return State.model_validate_json(kept)


_trusted_entry = constructor(LogEntry)


def _entry(player: int | None, action: str, rulings: Sequence[Ruling]) -> LogEntry:
    """A log entry of the engine's own making: its fields are known good, so not validated
    again (``LogEntry.model_construct``'s constructor); the same record as ``LogEntry(...)``
    would make."""
    return _trusted_entry(player=player, action=action, rulings=[r.to_json() for r in rulings])


def new_game(players: int, *, seed: int = 0, **kwargs: Any) -> Game:
    """A new game at its first turn; the setup rulings are the first log entry
    (``setup.new_state`` takes the options, families and choices)."""
    state, rulings = new_state(players, seed=seed, **kwargs)
    game = Game.from_state(state)
    game.log.insert(0, _entry(None, "(setup)", rulings))
    return game


def load_scenario(path_or_name: str | Path, *, play_recorded: bool = True) -> Game:
    """Load a scenario file (or a packaged scenario by name) and play its recorded actions."""
    return _from_scenario(scenario.read(path_or_name, decision=position_check.check),
                          play_recorded,
                          str(scenario.scenario_path(path_or_name)))


def load_scenario_text(text: str, *, play_recorded: bool = True,
                       source: str = "scenario") -> Game:
    """The same as :func:`load_scenario`, from scenario YAML text (an editor's contents)."""
    return _from_scenario(scenario.parse(text, source=source, decision=position_check.check),
                          play_recorded, source)


def load_json(text: str, *, custom: list[GentryCard] | None = None,
              catalog: Catalog | None = None) -> Game:
    """A game from :meth:`Game.to_json` text (a position this engine wrote; hand-written
    positions go through :func:`load_scenario_text`, which reports every problem)."""
    state = State.model_validate_json(text)
    if state.turn is None and not state.finished:
        return Game.from_state(state, catalog, custom)  # the first turn is yet to start
    # ready to play: the text is both the starting position and the one to replay from,
    # should an action fail half-way
    return Game(_table(state, catalog, custom), origin=text, _base=text)


def _table(state: State, catalog: Catalog | None, custom: list[GentryCard] | None) -> Table:
    """The position with its catalog (the packaged one unless given) and its own cards."""
    return Table(state, catalog or load_catalog(), {c.id: c for c in custom or []})


def load_position(path_or_name: str | Path) -> Game:
    """The scenario's position before its recorded actions."""
    return load_scenario(path_or_name, play_recorded=False)


def _catalog_for(sc: scenario.Scenario, source: str) -> Catalog:
    """The catalog in use, unless the owner's card pack changes a card that the scenario's
    recorded play needs (a worked example written with the rulebooks' values): then the stated
    content, with a warning saying why."""
    catalog = load_catalog()
    if not sc.actions or catalog is stated_catalog():
        return catalog
    trial = Game.from_state(sc.state.clone(), catalog, custom=sc.custom_cards)
    for i, action in enumerate(sc.actions):
        try:
            trial.apply(action)
        except ValueError as exc:
            warnings.warn(f"{source}: shown with the stated cards, not your card pack's: its "
                          f"recorded play was written with the rulebooks' values, and with your "
                          f"cards actions[{i}] '{action}' is refused ({exc})", stacklevel=4)
            return stated_catalog()
    return catalog


def _from_scenario(sc: scenario.Scenario, play_recorded: bool, source: str) -> Game:
    game = Game.from_state(sc.state, _catalog_for(sc, source), custom=sc.custom_cards)
    game.recorded = list(sc.actions)
    if play_recorded:
        for i, action in enumerate(sc.actions):
            try:
                game.apply(action)
            except ValueError as exc:
                raise scenario.ScenarioError([f"actions[{i}]: '{action}': {exc}"], source) from None
    return game
