"""Game modes as plugins: the one interface through which the core meets a way of playing.

The standard competitive game is :class:`Mode` itself: every hook answers "nothing different"
(``None``, ``False`` or nothing), and the core then does what the rules of the standard game say.
A mode — the Solo Estate Challenge, Tableau Obsession and Competitive Team Play
(``obsession_nb/modes/``) — overrides only the hooks it changes.  The core never
imports a mode: it asks ``table.mode`` (the plugin named by ``options.mode``), which the registry
(``obsession_nb/engine/records/registry.py``) loads by name.

How a new mode plugs in:

1. Subclass ``Mode[Table]`` in a module of its own (``obsession_nb/modes/<name>.py``, or any
   package) and override the hooks it needs.  Hooks receive the :class:`~obsession_nb.engine.table.Table`
   and may use anything at or below the sequencer (``flow``); an action kind of its own is a
   record in the mode's ``actions.py`` plus an entry in :attr:`Mode.handlers` (the notation then
   reads it in any game, and every other mode refuses it); what it adds to a position is a
   record in the mode's ``records.py`` (a :class:`~obsession_nb.engine.records.record.ModeRecord`)
   plus an entry in :attr:`Mode.records` under the name of the ``State`` field that holds it
   (and, for the package's own modes, in ``RECORDS`` of the registry).
2. Register it under its ``options.mode`` name: in ``BUILTIN`` of
   ``obsession_nb/engine/records/registry.py`` for the package's own modes, or
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
* the end of the game — :meth:`scoresheet` (what counts, the tie-breaks) and :meth:`seat_score`
  (a seat's line of it), :meth:`result_json`;
  :attr:`milestones`;
* files and views — :meth:`check_position` (scenario validation; what a mode's records name
  is each record's :meth:`~obsession_nb.engine.records.record.ModeRecord.components`),
  :attr:`market_reserves` and :meth:`view`;
* what each seat sees — :meth:`allies` (who shares a player's cards) and
  :meth:`private_places` (the mode's own face-down cards).

Design notes for the modes to come: a decision whose owner is not the active player (a teammate
answering a request) is a pending decision like any other, offered by :meth:`candidates`,
refused by :meth:`refuse` and named by :meth:`decision_owner`; a mode that ends the game
mid-round does so in :meth:`end_of_turn`; something claimable at any time of a turn (a
milestone) is an action kind whose handler lists every step of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from obsession_nb.engine.records.registry import RECORDS, plugin

if TYPE_CHECKING:
    from obsession_nb.data.catalog import Catalog
    from obsession_nb.data.rules import Ruling
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.holding import Holding
    from obsession_nb.engine.records.offer import Offer
    from obsession_nb.engine.records.record import ModeRecord
    from obsession_nb.engine.records.scoresheet import PlayerScore, Scoresheet
    from obsession_nb.engine.records.state import State

T = TypeVar("T")
"""The table a mode's hooks receive: ``engine.table.Table`` (``Table.mode`` is a
``Mode[Table]``), a parameter here so that this module needs nothing above the records."""


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


@dataclass(frozen=True)
class Decision:
    """The choices worth checking at one kind of pending decision (a step), registered once by
    the module that holds its rules (a module's ``DECISIONS``, beside its ``KINDS``):
    ``candidates`` lists them, a superset of the legal ones, in the order a player reads them
    (a new list at every call); ``in_turn``: a decision of a player's turn, to which dispatch
    adds what is open at every decision of a turn (the mode's own choices, milestones,
    placements, VP-card reveals and special actions)."""

    candidates: Callable[[Any], list[Action]]
    """The decision's choices for the table (an ``engine.table.Table``)."""
    in_turn: bool = True


def no_rulings(*_args: Any) -> list[Ruling]:
    """The verifier of a kind that its steps alone allow: nothing more to check or say."""
    return []


class Mode(Generic[T]):
    """The standard game; a mode overrides the hooks it changes (see the module docstring).
    ``T`` is the table the hooks receive: a mode subclasses ``Mode[Table]``."""

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
    class (``registry.ModeSlot``)."""
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
    deals_objectives = True
    """Whether player setup deals objective cards (setup.objectives); ``False``: none are dealt,
    though the Main Library and VP cards can still draw them (solo.sec.player-setup,
    tableau.player-setup)."""
    milestones: bool | None = None
    """Milestones (UD p.15): ``True`` always used (two at random unless ``options.milestones``
    names them), ``False`` never, ``None`` as ``options.milestones`` says."""
    identical_stacks = True
    """Each Builders' Market space holds copies of one tile and is refilled at the end of every
    turn (market.*); ``False``: the mode's market is of another shape, which its
    :meth:`check_position` checks (the Solo Estate Challenge's category stacks)."""
    last_round: int | None = None
    """The last round a position may be at; ``None``: the round track's last space."""
    sudden_end = False
    """Whether the players race to end the game: it may end after any turn, as soon as a player
    reaches a goal (tableau.end: a turn ended at Max reputation), rather than after the last
    round.  Who gets there first then decides much of the score, so the strong search plays
    its playouts on to the end of the game (``practice.tree``)."""
    market_reserves = True
    """Whether the game has the Builders' Market's two reserves (market.reserve-activation):
    the Solo Estate Challenge's has none, and its round track then shows no reserve events."""

    def refuse(self, table: T, action: Action) -> None:
        """Raise ``IllegalAction`` for an action the mode forbids (checked before the core's
        own verifier)."""

    def candidates(self, table: T) -> Iterable[Action]:
        """Actions of the mode worth checking at the pending decision."""
        return ()

    def central_setup(self, table: T, rulings: list[Ruling]) -> list[Ruling] | None:
        """Set out the mode's central area after the player areas and return all the setup
        rulings; ``None``: the standard opening market and first theme."""
        return None

    def step2_effects(self, table: T) -> list[Ruling]:
        """Step-2 effects of the mode, after the round track's and the monuments'."""
        return []

    def step2_pending(self, table: T) -> bool:
        """Whether the mode still has a step-2 decision for the player."""
        return False

    def step_name(self, table: T, words: Mapping[str, str] | None = None) -> str | None:
        """Words for the mode's own decision (the ``mode`` step) in the pending prompt (from
        ``words`` by the decision's key, for a view in another language); ``None``: the
        engine's generic words."""
        return None

    def decision_owner(self, table: T) -> int | None:
        """The seat that answers the pending decision when it is not the active player's (a
        teammate answering a request); ``None``: the active player."""
        return None

    def favour_seat(self, table: T, source: str, kind: str) -> int | None:
        """The seat that receives the favour of kind ``kind`` (``money``, ``reputation``,
        ``admirer``, ``invite``, ``lady``, ``dismiss``) of the guest ``source``; ``None``: the
        active player."""
        return None

    def after_cleanup(self, table: T) -> list[Ruling]:
        """What follows step 8's clearing of the board, before the next turn (things lent for
        the activity going back)."""
        return []

    def end_of_turn(self, table: T) -> bool:
        """Take over what follows a finished turn (return ``True``), or leave the standard
        next seat / end of round (``False``)."""
        return False

    def offers(self, table: T) -> list[Offer] | None:
        """Every tile the player could buy now; ``None``: the Builders' Market and reserves."""
        return None

    def take(self, table: T, tile_id: str) -> bool:
        """Remove a bought tile from where the mode keeps it (``True``), or leave the standard
        market (``False``)."""
        return False

    def verify_purchase(self, table: T, tile_id: str, column: str | None) -> list[Ruling] | None:
        """The mode's purchase limits (raise to refuse); ``None``: the standard game's, in which
        no tile chooses an organiser column."""
        return None

    def after_purchase(self, table: T, tile_id: str, column: str | None) -> list[Ruling]:
        """What follows a purchase in the mode."""
        return []

    def courtship(self, table: T, rulings: list[Ruling]) -> bool:
        """Score this round's courtship the mode's way and set the decision that follows
        (``True``; ``rulings`` holds the round's rulings so far, to be logged), or leave the
        standard comparison of the players' totals (``False``)."""
        return False

    def scoresheet(self, table: T) -> Scoresheet | None:
        """The mode's end-game scoring and tie-breaks; ``None``: the standard seven categories
        (scoring.py)."""
        return None

    def seat_score(self, table: T, seat: int) -> PlayerScore | None:
        """A mode with a :meth:`scoresheet` of its own: the seat's line of it, numbers only (no
        rulings), if that line reads the seat's own record alone as ``scoring.score_player``
        does (scoring.categories): the player, the guests of its activity under way, the
        options, the milestones, the catalog (the AI's values remember each seat's line by
        those, practice/scores.py); ``None``: the sheet is scored whole."""
        return None

    def result_json(self, table: T) -> dict[str, Any]:
        """The mode's part of a finished game's JSON (``obsession-nb simulate --json``)."""
        return {}

    def check_position(self, state: State, catalog: Catalog) -> list[str]:
        """Scenario-validation problems of the mode's own records, each with its path; the
        shared checks of every position (``scenario_check``, ``position_check``) run first,
        whatever the mode, and this only adds to them."""
        return []

    def view(self, table: T) -> dict[str, Any] | None:
        """The mode's part of the JSON view of the position."""
        return None

    def allies(self, state: State, seat: int) -> tuple[int, ...]:
        """The seats that may see this seat's hand, objectives and VP cards: its own
        (ruling.seat-own-cards)."""
        return (seat,)

    def private_places(self, table: T) -> Iterable[Holding]:
        """The mode's own cards face down or shown to some seats only
        (obsession_nb/engine/seat/places.py)."""
        return ()


STANDARD: Mode[Any] = Mode()


@cache
def mode_named(name: str) -> Mode[Any]:
    """The mode registered as ``name`` (``obsession_nb/engine/records/registry.py``; the
    standard game for ``"standard"``); ``KeyError`` for a name no mode is registered under."""
    if name == STANDARD.name:
        return STANDARD
    mode = plugin(name)
    if not isinstance(mode, Mode):
        raise TypeError(f"the game mode registered as '{name}' is not a Mode")
    return mode


def held_records(state: State) -> Iterator[tuple[str, ModeRecord]]:
    """Each mode record the position holds, with the ``State`` field that holds it (the record
    of another mode than the game's too: a file may hold one); no mode's module is loaded to
    find them."""
    for field in RECORDS:
        held: ModeRecord | None = getattr(state, field)
        if held is not None:
            yield field, held
