"""Game modes as plugins: the one interface through which the core meets a way of playing.

The standard competitive game is :class:`Mode` itself: every hook answers "nothing different"
(``None``, ``False`` or nothing), and the core then does what the rules of the standard game say.
A mode — the Solo Estate Challenge, Tableau Obsession and Competitive Team Play
(``obsession_nb/modes/``) — overrides only the hooks it changes.  The core never
imports a mode: it asks ``table.mode`` (the plugin named by ``options.mode``), which this module
loads by name.

How a new mode plugs in:

1. Subclass :class:`Mode` in a module of its own (``obsession_nb/modes/<name>.py``, or any
   package) and override the hooks it needs.  Hooks receive the :class:`~obsession_nb.engine.table.Table`
   and may use anything at or below the sequencer (``flow``); an action kind of its own is a
   record in the mode's ``actions.py`` plus an entry in :attr:`Mode.handlers` (the notation then
   reads it in any game, and every other mode refuses it); what it adds to a position is a
   record in the mode's ``records.py`` (a :class:`~obsession_nb.engine.records.record.ModeRecord`)
   plus an entry in :attr:`Mode.records` under the name of the ``State`` field that holds it.
2. Register it under its ``options.mode`` name: in :data:`BUILTIN` for the package's own modes, or
   in the ``obsession_nb.modes`` entry-point group of your package's metadata.
3. Add the name to the choices of ``Options.mode`` (``obsession_nb/engine/records/options.py``).

Hooks by moment of play:

* setup — :meth:`central_setup` (the central area after the player areas),
  :attr:`setup_players` (the table size the supply is set out for);
* a turn — :meth:`refuse` and :meth:`candidates` (what the mode forbids or adds at any
  decision), :attr:`handlers` (its own action kinds), :meth:`step2_effects` and
  :meth:`step2_pending` (step 2), :meth:`offers`, :meth:`take`, :meth:`verify_purchase` and
  :meth:`after_purchase` (step 7);
* whose decision — :meth:`decision_owner` (a seat other than the active player's answers);
* favours — :meth:`favour_seat` (a favour of the activity that another player receives);
* the end of a turn — :meth:`after_cleanup` (after step 8 has cleared the board) and
  :meth:`end_of_turn` (instead of passing to the next seat: an immediate end, a market variant
  at the end of a round, the next round);
* a courtship round — :meth:`courtship` (whom the players' totals are compared with);
* the end of the game — :meth:`scoresheet` (what counts, the tie-breaks), :meth:`result_json`;
  :attr:`milestones`;
* files and views — :meth:`check_position` (scenario validation) and :meth:`view`;
* what each seat sees — :meth:`allies` (who shares a player's cards) and
  :meth:`private_places` (the mode's own face-down cards).

Design notes for the modes to come: a decision whose owner is not the active player (a teammate
answering a request) is a pending decision like any other, offered by :meth:`candidates`,
refused by :meth:`refuse` and named by :meth:`decision_owner`; a mode that ends the game
mid-round does so in :meth:`end_of_turn`; something claimable at any time of a turn (a
milestone) is an action kind whose handler lists every step of the turn.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

    from obsession_nb.data.catalog import Catalog
    from obsession_nb.data.rules import Ruling
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.record import ModeRecord
    from obsession_nb.engine.records.state import State
    from obsession_nb.engine.scoring import Scoresheet
    from obsession_nb.engine.seat.places import Holding
    from obsession_nb.engine.steps.market import Offer
    from obsession_nb.engine.table import Table

BUILTIN = {"solo-estate-challenge": "obsession_nb.modes.solo.mode:SoloEstateChallenge",
           "tableau": "obsession_nb.modes.tableau.mode:TableauObsession",
           "tableau-duel": "obsession_nb.modes.tableau.mode:TableauDuel",
           "classic-solo": "obsession_nb.modes.classic.mode:ClassicSolitaire",
           "team": "obsession_nb.modes.team.mode:CompetitiveTeamPlay"}
"""The package's own modes, by ``options.mode`` name (``module:class``)."""

RECORDS = {"solo": "obsession_nb.modes.solo.records:Solo",
           "classic_solo": "obsession_nb.modes.classic.records:ClassicSolo",
           "tableau": "obsession_nb.modes.tableau.records:Tableau",
           "team": "obsession_nb.modes.team.records:TeamPlay"}
"""The record class each mode field of ``State`` holds (``module:class``, the class the mode
registers in :attr:`Mode.records`), loaded when a position is first read from a file or JSON:
the mode's records module alone, not the mode with its rules and players, which a game in
another mode never needs (``play --json`` imports no mode)."""

ENTRY_POINTS = "obsession_nb.modes"


@dataclass(frozen=True)
class Handler:
    """How one action kind is checked and played, registered once where its rules live (a step
    module's ``KINDS``, a mode's :attr:`Mode.handlers`): the steps it belongs to, its verifier
    (raising ``IllegalAction``, never changing the position) and its apply; optionally its
    text-free test, the verifier's answer without a word written (move generation uses it;
    tests/engine/test_movegen_oracle.py holds the two equal), and the test a listing of every candidate
    uses, reading an answer worked out for all of them at once."""

    steps: frozenset[str]
    verify: Callable[..., list[Ruling]]
    apply: Callable[..., list[Ruling]]
    test: Callable[..., bool] | None = None
    listing: Callable[..., bool] | None = None

    @classmethod
    def at(cls, steps: Iterable[str], verify: Callable[..., list[Ruling]],
           apply: Callable[..., list[Ruling]], test: Callable[..., bool] | None = None,
           listing: Callable[..., bool] | None = None) -> Handler:
        """The handler of a kind played at ``steps`` (the registrations' shorthand)."""
        return cls(frozenset(steps), verify, apply, test, listing)


def no_rulings(*_args: Any) -> list[Ruling]:
    """The verifier of a kind that its steps alone allow: nothing more to check or say."""
    return []


class Mode:
    """The standard game; a mode overrides the hooks it changes (see the module docstring)."""

    name = "standard"
    title = "the standard game"
    """The mode's name as a player reads it."""
    rule = "turn.order-of-play"
    """The rule that describes the mode as a whole, cited when one of its own action kinds is
    refused in another mode."""
    handlers: dict[type[Action], Handler] = {}
    """The mode's own action kinds (its words: ``modes/<mode>/actions.py``), each refused in any
    mode that did not register it."""
    records: dict[str, type[ModeRecord]] = {}
    """The mode's records in a position (its words: ``modes/<mode>/records.py``), by the
    ``State`` field that holds each (``solo``, ``tableau`` …): a file's field is read as this
    class (:class:`ModeSlot`)."""
    specials: frozenset[str] = frozenset()
    """Verbs of the mode's own actions taken at any moment of a turn (the explorer leaves them
    out, as it does the standard game's special actions)."""
    unlimited_purchases = False
    """Any number of purchases in every turn (market.one-purchase otherwise)."""
    refills_market = True
    """Whether step 8 refills the Builders' Market after a holiday's purchases."""
    setup_players: int | None = None
    """Set the monuments out as for this many players (classic solitaire: two); ``None``: the
    players at the table."""
    milestones: bool | None = None
    """Milestones (UD p.15): ``True`` always used (two at random unless ``options.milestones``
    names them), ``False`` never, ``None`` as ``options.milestones`` says."""
    identical_stacks = True
    """Each Builders' Market space holds copies of one tile and is refilled at the end of every
    turn (market.*); ``False``: the mode's market is of another shape, which its
    :meth:`check_position` checks (the Solo Estate Challenge's category stacks)."""
    last_round: int | None = None
    """The last round a position may be at; ``None``: the round track's last space."""

    def refuse(self, table: Table, action: Action) -> None:
        """Raise ``IllegalAction`` for an action the mode forbids (checked before the core's
        own verifier)."""

    def candidates(self, table: Table) -> Iterable[Action]:
        """Actions of the mode worth checking at the pending decision."""
        return ()

    def central_setup(self, table: Table, rulings: list[Ruling]) -> list[Ruling] | None:
        """Set out the mode's central area after the player areas and return all the setup
        rulings; ``None``: the standard opening market and first theme."""
        return None

    def step2_effects(self, table: Table) -> list[Ruling]:
        """Step-2 effects of the mode, after the round track's and the monuments'."""
        return []

    def step2_pending(self, table: Table) -> bool:
        """Whether the mode still has a step-2 decision for the player."""
        return False

    def step_name(self, table: Table) -> str | None:
        """Words for the mode's own decision (the ``mode`` step) in the pending prompt;
        ``None``: the engine's generic words."""
        return None

    def decision_owner(self, table: Table) -> int | None:
        """The seat that answers the pending decision when it is not the active player's (a
        teammate answering a request); ``None``: the active player."""
        return None

    def favour_seat(self, table: Table, source: str, kind: str) -> int | None:
        """The seat that receives the favour of kind ``kind`` (``money``, ``reputation``,
        ``admirer``, ``invite``, ``lady``, ``dismiss``) of the guest ``source``; ``None``: the
        active player."""
        return None

    def after_cleanup(self, table: Table) -> list[Ruling]:
        """What follows step 8's clearing of the board, before the next turn (things lent for
        the activity going back)."""
        return []

    def end_of_turn(self, table: Table) -> bool:
        """Take over what follows a finished turn (return ``True``), or leave the standard
        next seat / end of round (``False``)."""
        return False

    def offers(self, table: Table) -> list[Offer] | None:
        """Every tile the player could buy now; ``None``: the Builders' Market and reserves."""
        return None

    def take(self, table: Table, tile_id: str) -> bool:
        """Remove a bought tile from where the mode keeps it (``True``), or leave the standard
        market (``False``)."""
        return False

    def verify_purchase(self, table: Table, tile_id: str, column: str | None) -> list[Ruling] | None:
        """The mode's purchase limits (raise to refuse); ``None``: the standard game's, in which
        no tile chooses an organiser column."""
        return None

    def after_purchase(self, table: Table, tile_id: str, column: str | None) -> list[Ruling]:
        """What follows a purchase in the mode."""
        return []

    def courtship(self, table: Table, rulings: list[Ruling]) -> bool:
        """Score this round's courtship the mode's way and set the decision that follows
        (``True``; ``rulings`` holds the round's rulings so far, to be logged), or leave the
        standard comparison of the players' totals (``False``)."""
        return False

    def scoresheet(self, table: Table) -> Scoresheet | None:
        """The mode's end-game scoring and tie-breaks; ``None``: the standard seven categories
        (scoring.py)."""
        return None

    def result_json(self, table: Table) -> dict[str, Any]:
        """The mode's part of a finished game's JSON (``obsession-nb simulate --json``)."""
        return {}

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        """Scenario-validation problems of the mode's own records, each with its path; the
        shared checks of every position (``scenario_check``, ``position_check``) run first,
        whatever the mode, and this only adds to them."""
        return []

    def view(self, table: Table) -> dict[str, Any] | None:
        """The mode's part of the JSON view of the position."""
        return None

    def allies(self, state: State, seat: int) -> tuple[int, ...]:
        """The seats that may see this seat's hand, objectives and VP cards: its own
        (ruling.seat-own-cards)."""
        return (seat,)

    def private_places(self, table: Table) -> Iterable[Holding]:
        """The mode's own cards face down or shown to some seats only
        (obsession_nb/engine/seat/places.py)."""
        return ()


STANDARD = Mode()


def registered() -> list[str]:
    """The name of every mode a game may be played in: the package's own, then any installed."""
    return [*BUILTIN, *sorted({ep.name for ep in entry_points(group=ENTRY_POINTS)} - set(BUILTIN))]


@cache
def mode_kinds() -> dict[str, type[Action]]:
    """Every mode's own action kinds by verb (:attr:`Mode.handlers`): the notation reads them in
    any game, and dispatch refuses one in a mode that did not register it."""
    return {kind.verb: kind for name in registered() for kind in mode_named(name).handlers}


@cache
def mode_records() -> dict[str, type[ModeRecord]]:
    """Every mode's record class by the ``State`` field that holds it (:data:`RECORDS`)."""
    return {field: _load(target) for field, target in RECORDS.items()}


def _load(target: str) -> Any:
    """The object a ``module:name`` string names, its module imported."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class ModeSlot:
    """The mark of a position's field that holds a mode's record (``State.solo`` …): pydantic
    reads it as the record class a mode registered under the field's name, found when a position
    first comes from outside (a file, JSON), so that the core never imports a mode."""

    def __init__(self, field: str) -> None:
        self.field = field

    def record(self) -> type[ModeRecord]:
        """The mode's record class for this field."""
        return mode_records()[self.field]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return handler.generate_schema(self.record() | None)

    def __repr__(self) -> str:
        return f"ModeSlot({self.field!r})"


def owners(kind: type[Action]) -> list[Mode]:
    """The modes that registered ``kind`` (none for a kind of the standard game)."""
    return [mode for mode in map(mode_named, registered()) if kind in mode.handlers]


@cache
def mode_named(name: str) -> Mode:
    """The mode registered as ``name`` (the standard game for ``"standard"``)."""
    if name == STANDARD.name:
        return STANDARD
    target = BUILTIN.get(name)
    if target is None:
        found = [ep for ep in entry_points(group=ENTRY_POINTS) if ep.name == name]
        if not found:
            raise KeyError(f"no game mode '{name}' is registered")
        return found[0].load()()
    return _load(target)()
