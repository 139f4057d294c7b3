"""The public face of the engine: a game you can ask, check and play (DESIGN "Public surface")."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from obsession_nb import arguments, engine, scenario
from obsession_nb.actions import Action, parse
from obsession_nb.catalog import Catalog, GentryCard, load_catalog
from obsession_nb.flow import STEP_NAMES, start_turn
from obsession_nb.rules import IllegalAction, Ruling
from obsession_nb.state import LogEntry, State
from obsession_nb.table import Table


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal here, with the rulings that say why."""

    action: str
    legal: bool
    rulings: tuple[Ruling, ...]

    def __str__(self) -> str:
        head = f"{self.action}: {'legal' if self.legal else 'illegal'}"
        return "\n".join([head, *(f"  - {r}" for r in self.rulings)])

    def _repr_html_(self) -> str:
        from obsession_nb.render import verdict_html

        return verdict_html(self)


@dataclass(frozen=True)
class Snapshot:
    """A saved position and how long the log was then."""

    state: State
    log_length: int


@dataclass
class Game:
    """A position, its catalog, and the log of what has been played from it."""

    table: Table
    log: list[LogEntry] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)
    """The scenario's recorded actions (already played when loaded)."""
    origin: State | None = None
    """The position the game started from (``to_scenario(with_actions=True)`` writes it)."""

    @classmethod
    def from_state(
        cls, state: State, catalog: Catalog | None = None, custom: list[GentryCard] | None = None
    ) -> Game:
        table = Table(state, catalog or load_catalog(), {c.id: c for c in custom or []})
        if state.turn is None and state.players and not state.finished:
            start_turn(table, state.first_player)
        return cls(table, origin=state.model_copy(deep=True))

    @property
    def state(self) -> State:
        return self.table.state

    # ------------------------------------------------------------------ asking

    def legal_actions(self) -> list[Action]:
        """The choices of the pending decision, special actions included."""
        return engine.legal_actions(self.table)

    def candidates(self) -> list[Action]:
        """Actions worth asking about now, legal or not (a superset of ``legal_actions``);
        none once the game is over."""
        if self.state.turn is None:
            return []
        return list(dict.fromkeys(engine.candidates(self.table)))

    def pending(self) -> dict[str, Any]:
        """Who decides what now."""
        turn = self.state.turn
        if turn is None:
            return {"player": None, "step": "game-over", "prompt": "The game is over."}
        player = self.state.players[turn.player]
        prompt = f"{player.name} (p{turn.player + 1}): {STEP_NAMES[turn.step]}"
        if turn.step == "favours" and turn.choices:
            prompt += f" — decide: {turn.choices[0].kind}"
        return {"player": turn.player, "step": turn.step, "prompt": prompt}

    def _action(self, action: Action | str) -> Action:
        """The action, its notation parsed, each argument naming something that exists (else
        ``BadNotation``)."""
        act = parse(action) if isinstance(action, str) else action
        arguments.check(self.table, act)
        return act

    def check(self, action: Action | str) -> Verdict:
        """Is this action legal now, and by which rules?  Changes nothing."""
        act = self._action(action)
        snapshot = self.state.model_copy(deep=True)
        try:
            rulings = engine.verify(self.table, act)
        except IllegalAction as exc:
            return Verdict(act.notation, False, tuple(exc.rulings))
        finally:
            self.table.state = snapshot
        return Verdict(act.notation, True, tuple(rulings))

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action | str) -> list[LogEntry]:
        """Play one action.  Raises ``BadNotation`` or ``IllegalAction``; the position is then
        exactly as it was.  Returns the log entries it produced (the action, then any
        automatic steps)."""
        act = self._action(action)
        before = self.state.model_copy(deep=True)
        player = self.state.turn.player if self.state.turn else None
        self.table.automatic = []
        try:
            rulings = engine.apply(self.table, act)
        except Exception:
            self.table.state = before
            raise
        entries = [LogEntry(player=player, action=act.notation,
                            rulings=[r.to_json() for r in rulings])]
        entries += [
            LogEntry(player=player, action=f"({label})", rulings=[r.to_json() for r in rs])
            for label, rs in self.table.automatic
        ]
        self.log += entries
        return entries

    def snapshot(self) -> Snapshot:
        """A point to come back to with :meth:`restore` (undo)."""
        return Snapshot(self.state.model_copy(deep=True), len(self.log))

    def restore(self, point: Snapshot) -> None:
        """Return the position and the log to a :meth:`snapshot`."""
        self.table.state = point.state.model_copy(deep=True)
        del self.log[point.log_length:]

    def play(self, actions: list[str]) -> None:
        for action in actions:
            self.apply(action)

    # ------------------------------------------------------------------ files and views

    def to_scenario(self, *, with_actions: bool = False) -> str:
        """The current position as scenario YAML; ``with_actions=True``: the position the game
        started from and every action played since, a file that replays to this position."""
        custom = list(self.table.custom.values())
        if with_actions and self.origin is not None:
            played = [e.action for e in self.log if not e.action.startswith("(")]
            return scenario.dump(scenario.Scenario(self.origin, custom, played))
        return scenario.dump(scenario.Scenario(self.state, custom))

    def view(self) -> dict[str, Any]:
        """The position as JSON-ready data, for the CLI and the widgets."""
        from obsession_nb.view import position

        return position(self)

    def __str__(self) -> str:
        from obsession_nb.render import game_text

        return game_text(self)

    def _repr_html_(self) -> str:
        from obsession_nb.render import game_html

        return game_html(self)


def load_scenario(path_or_name: str | Path, *, play_recorded: bool = True) -> Game:
    """Load a scenario file (or a packaged scenario by name) and play its recorded actions."""
    return _from_scenario(scenario.read(path_or_name), play_recorded,
                          str(scenario.scenario_path(path_or_name)))


def load_scenario_text(text: str, *, play_recorded: bool = True,
                       source: str = "scenario") -> Game:
    """The same as :func:`load_scenario`, from scenario YAML text (an editor's contents)."""
    return _from_scenario(scenario.parse(text, source=source), play_recorded, source)


def load_position(path_or_name: str | Path) -> Game:
    """The scenario's position before its recorded actions."""
    return load_scenario(path_or_name, play_recorded=False)


def _from_scenario(sc: scenario.Scenario, play_recorded: bool, source: str) -> Game:
    game = Game.from_state(sc.state, custom=sc.custom_cards)
    game.recorded = list(sc.actions)
    if play_recorded:
        for i, action in enumerate(sc.actions):
            try:
                game.apply(action)
            except ValueError as exc:
                raise scenario.ScenarioError([f"actions[{i}]: '{action}': {exc}"], source) from None
    return game
