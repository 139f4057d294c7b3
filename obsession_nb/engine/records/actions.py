"""Actions as small frozen records with a canonical, typable notation (DESIGN principle 3):
the base game's actions; the variants' are in variant_actions.py, each mode's own in its package
(``modes/<mode>/actions.py``), the parser in notation.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, dataclass_transform


@dataclass_transform(frozen_default=True, eq_default=False)
@dataclass(frozen=True, eq=False, repr=False)
class Action:
    """Base class: ``verb`` followed by the fields, in order.

    Each subclass is an action kind, made a frozen dataclass as it is defined, its docstring
    its :attr:`summary` unless it has its own.  Equality (same kind, equal fields), the hash
    (of the fields' tuple) and ``repr`` are a dataclass's, written once here rather than
    generated for each kind: each generated method is source text compiled as the class is
    made, and making the ~50 kinds was the largest part of importing the engine (issue 48)."""

    verb: ClassVar[str]
    summary: ClassVar[str]
    heading: ClassVar[str | None] = None
    """The heading of the kind's group of choices in the widgets and the CLI (``naming``)."""
    label: ClassVar[str | None] = None
    """A choice button's words (``naming.action_label``): a template whose ``{0}``, ``{1}``…
    are the written arguments named, used when it has as many (none: the words as they are);
    else the names are joined."""

    @property
    def notation(self) -> str:
        parts = [self.verb]
        for name, kind, default in specs(type(self)):
            value = getattr(self, name)
            if kind in ("bool",):
                if value:
                    parts.append(name)
            elif kind == "Seat":
                parts.append(f"p{value + 1}")
            elif value == default == "":
                continue  # an optional trailing word left out
            else:
                parts.append(str(value))
        return " ".join(parts)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__doc__ is None:
            cls.__doc__ = getattr(cls, "summary", None)
        dataclass(frozen=True, eq=False, repr=False)(cls)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return arguments(self) == arguments(other)

    def __hash__(self) -> int:
        return hash(arguments(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{spec[0]}={getattr(self, spec[0])!r}" for spec in specs(type(self)))
        return f"{type(self).__qualname__}({shown})"

    def __str__(self) -> str:
        return self.notation

    def _repr_html_(self) -> str:
        from obsession_nb.base.render import action_html

        return action_html(self)


_SPECS: dict[type[Action], tuple[tuple[str, Any, Any], ...]] = {}


def specs(kind: type[Action]) -> tuple[tuple[str, Any, Any], ...]:
    """(name, type, default) of each field of an action kind, read once per kind."""
    found = _SPECS.get(kind)
    if found is None:
        found = _SPECS[kind] = tuple((f.name, f.type, f.default) for f in fields(kind))
    return found


Reader = tuple[int, Callable[[Action], Any]]
"""How many fields an action kind has, and a getter of them: an ``attrgetter`` returning a bare
value for one field, a tuple for more; for none, the empty tuple."""

_READERS: dict[type[Action], Reader] = {}


def reader(kind: type[Action]) -> Reader:
    """The :data:`Reader` of an action kind, made once per kind (a getter written in C, so
    that move generation reads a candidate's fields without a Python call)."""
    found = _READERS.get(kind)
    if found is None:
        names = tuple(spec[0] for spec in specs(kind))
        found = _READERS[kind] = (len(names), attrgetter(*names) if names else _no_fields)
    return found


def _no_fields(action: Action) -> tuple[()]:
    return ()


def arguments(action: Action) -> tuple[Any, ...]:
    """The action's fields in order: the arguments its verifier and apply take, and what two
    actions of a kind are compared and hashed by (dispatch reads them fast, without a Python
    call per field)."""
    count, get = _READERS.get(type(action)) or reader(type(action))
    return (get(action),) if count == 1 else get(action)


SomeAction = TypeVar("SomeAction", bound=Action)
"""Actions of some one kind (a function keeping some of its arguments returns the same kind)."""


Seat = int

SPECIAL = "Special actions"
"""The heading of the special actions, open at any moment of a turn and shown together
(turn.special-actions-any-time)."""


class Family(Action):
    verb = "family"
    heading = "Choose a family board"
    summary = "Setup: choose a family board."
    family: str


class StartTile(Action):
    verb = "start-tile"
    heading = "Wessex: choose the extra starting tile"
    summary = "Setup (Wessex): choose the extra starting tile."
    tile: str


class Draft(Action):
    verb = "draft"
    heading = "Draft a servant"
    summary = "Setup: draft one servant from the display."
    servant: str


class Activity(Action):
    verb = "activity"
    heading = "Host an activity or pass"
    label = "Host an activity"
    summary = "Host an activity this turn (rather than pass)."


class Pass(Action):
    verb = "pass"
    heading = "Host an activity or pass"
    label = "Pass"
    summary = "Pass this turn: refresh all servants and reclaim the discard pile."


class Done(Action):
    verb = "done"
    heading = "Finish this step"
    label = "Done"
    summary = "Finish this step."


class Hall(Action):
    verb = "hall"
    heading = "Servants' Hall"
    label = "{0} → {1}"
    summary = "Place a servant on the Servants' Hall to gossip about another player."
    servant: str
    target: Seat


class Church(Action):
    verb = "church"
    heading = "Parish Church"
    summary = "The Parish Church monument: take £100 or one reputation in step 2."
    choice: str


class Place(Action):
    verb = "place"
    heading = "Supplemental service"
    label = "{0} → {1}"
    summary = "Place a new servant for supplemental service."
    servant: str
    target: str


class Host(Action):
    verb = "host"
    heading = "Host a tile (step 3)"
    summary = "Host the activity of a tile in your organiser."
    tile: str


class Invite(Action):
    verb = "invite"
    heading = "Invite a guest (step 4)"
    summary = "Invite a guest from your active hand."
    card: str


class Carriage(Action):
    verb = "carriage"
    heading = "Carriage House"
    label = "{0}: one guest {1}"
    summary = "Activate the Carriage House to add or remove one guest."
    servant: str
    change: str


class Kitchen(Action):
    verb = "kitchen"
    heading = "Renovated Kitchen"
    label = "Use the kitchen"
    summary = "Use the flipped Renovated Kitchen: the cook adds one guest."


class Serve(Action):
    verb = "serve"
    heading = "Provide service (step 5)"
    label = "{1} → {0}"
    summary = "Provide mandatory service for one servant icon."
    slot: str
    servant: str


class Double(Action):
    verb = "double"
    heading = "Queen's Suite: the favour to double"
    summary = "Queen's Suite: choose which of the guest's favours is doubled (1 = first)."
    favour: str


class Keep(Action):
    verb = "keep"
    heading = "Keep a guest"
    summary = "Keep a screened guest."
    card: str


class Lady(Action):
    verb = "lady"
    heading = "The lady of the house"
    summary = "Choose the lady of the house's favour."
    choice: str


class Dismiss(Action):
    verb = "dismiss"
    heading = "Dismiss a guest"
    summary = "Dismiss a non-family guest to the bottom of its deck."
    card: str


class Gossip(Action):
    verb = "gossip"
    heading = "Gossip about"
    summary = "Aim a gossip at another player."
    target: Seat


class Reclaim(Action):
    verb = "reclaim"
    heading = "Reclaim a guest"
    summary = "Return a card from your discard pile to your active hand."
    card: str


class Hire(Action):
    verb = "hire"
    heading = "Hire a servant"
    summary = "Hire a servant from Servants for Hire."
    servant: str


class Recruit(Action):
    verb = "recruit"
    heading = "Recruit a servant"
    label = "{1} from {0}"
    summary = "Recruit a servant from another player's board (from the box named, if the "
    "servant stands in more than one)."
    target: Seat
    servant: str
    box: str = ""


class Rents(Action):
    verb = "rents"
    heading = "Pass option"
    label = "Collect rents"
    summary = "Collect £200 in tenant rents."


class FreeRefresh(Action):
    verb = "free-refresh"
    heading = "Pass option"
    label = "Free market refresh"
    summary = "Refresh the Builders' Market for free instead of collecting rents."


class HireServants(Action):
    verb = "hire-servants"
    heading = "Pass option"
    label = "Hire with the Butler's Room"
    summary = "Use the Butler's Room to hire servants as your pass option (staffed by the "
    "butler, or by an underbutler if named)."
    underbutler: bool = False


class Buy(Action):
    verb = "buy"
    heading = "Buy a tile (step 7)"
    summary = "Buy a tile from the Builders' Market or a reserve."
    tile: str
    useful_man: bool = False


class Borrow(Action):
    verb = "borrow"
    heading = SPECIAL
    label = "Borrow"
    summary = "Special action: two reputation for £100."


class Help(Action):
    verb = "help"
    heading = SPECIAL
    label = "Refresh {0}"
    summary = "Special action: three reputation to refresh one servant."
    servant: str


class RefreshMarket(Action):
    verb = "refresh-market"
    heading = SPECIAL
    label = "Refresh the market"
    summary = "Special action: four reputation to refresh the Builders' Market."


class UsefulManRefresh(Action):
    verb = "useful-man-refresh"
    heading = SPECIAL
    label = "Useful man: refresh the market"
    summary = "Remove your useful man from the game to refresh the Builders' Market."


class UsefulManSearch(Action):
    verb = "useful-man-search"
    heading = SPECIAL
    label = "Useful man: fetch {0}"
    summary = "Remove your useful man from the game to fetch a tile from the bag."
    tile: str


# ----------------------------------------------------------------- seasons, VP cards, limits


class Fairchild(Action):
    verb = "fairchild"
    heading = "Courtship: choose a Fairchild"
    summary = "Courtship winner: take Charles or Elizabeth Fairchild."
    card: str


class DiscardObjective(Action):
    verb = "discard-objective"
    heading = "End of season: discard an objective"
    summary = "End of season: discard one objective card."
    card: str


class Reveal(Action):
    verb = "reveal"
    heading = "Reveal a VP card for its favour"
    summary = "Reveal a VP card and take its favour instead of its points."
    card: str


class RevealHire(Action):
    verb = "reveal-hire"
    heading = "Reveal a VP card for its favour"
    summary = "Reveal a VP card to hire one servant from Servants for Hire."
    card: str
    servant: str


class RevealReclaim(Action):
    verb = "reveal-reclaim"
    heading = "Reveal a VP card for its favour"
    summary = "Reveal a VP card to return one guest from the discard pile to the hand."
    card: str
    guest: str


class KeepObjective(Action):
    verb = "keep-objective"
    heading = "Keep an objective card"
    summary = "Keep one of the objective cards drawn for a VP card."
    card: str


class KeepVPCards(Action):
    verb = "keep-vp-cards"
    heading = "Keep your VP cards"
    label = "Keep my VP cards face down"
    summary = "Keep the remaining VP cards face down for scoring."


class DiscardPrestige(Action):
    verb = "discard-prestige"
    heading = "Six-guest limit: discard a prestige guest"
    summary = "Over the six-prestige-guest limit: remove one prestige guest."
    card: str
