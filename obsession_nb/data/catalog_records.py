"""The catalog's component records: servants, favours, guest requirements, tiles, gentry cards
and families, each a frozen record with its provenance (``source``, ``verified``, ``standin``).

Conventions for the fields are in :mod:`obsession_nb.data.catalog`.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, dataclass_transform

from obsession_nb.base.checked import Checked, Limits, pydantic_hook, record

Category = Literal["essentials", "service", "estate", "prestige", "sporting"]
CATEGORIES: tuple[Category, ...] = ("essentials", "service", "estate", "prestige", "sporting")
Expansion = Literal["base", "wessex", "suites", "hybrid", "upstairs_downstairs", "promo"]
Gender = Literal["male", "female"]


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Frozen(Checked):
    """An immutable record that rejects unknown fields: each subclass is a frozen checked record
    (obsession_nb/base/checked.py), validated only where it comes from a file; the catalog in use
    is read from the cache unvalidated (catalog.py)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        record(cls, frozen=True, slots=False)

    def stated(self) -> dict[str, object]:
        """The fields whose values differ from their defaults (``model_dump(exclude_defaults=
        True)`` of a record of plain values)."""
        return {f.name: value for f in dataclasses.fields(self)  # type: ignore[arg-type]  # a record
                if (value := getattr(self, f.name)) != (
                    f.default if f.default_factory is dataclasses.MISSING else f.default_factory())}


class Sourced(Frozen):
    """A catalog entry with its provenance."""

    source: Annotated[str, Limits(min_length=1)]
    verified: bool = True
    unverified: tuple[str, ...] = ()
    standin: bool = False
    note: str | None = None
    entered: tuple[str, ...] = ()
    """The fields an owner entered from their own box (a card pack, obsession_nb/data/pack.py)."""
    printing: str | None = None
    """Why the owner's card differs from a value the sources state (their printing)."""

    @pydantic_hook("model_validator", mode="after")
    def _verified_matches_fields(self) -> Sourced:
        if self.verified == bool(self.unverified):
            raise ValueError(
                "verified must be false exactly when some fields are listed in 'unverified'"
            )
        if self.standin and self.verified:
            raise ValueError("a stand-in component cannot be verified")
        return self


# ---------------------------------------------------------------- servants


class ServantKind(Sourced):
    """A kind of servant meeple (butler, footman, cook, ...)."""

    id: str
    name: str
    height: Literal["tall", "short"]
    gender: Gender
    colour: str
    expansion: Expansion
    loyal: bool = False
    """Loyal servants can never be recruited away (butler, housekeeper, underbutler)."""
    hireable: bool = True
    """Whether the Butler's Room can hire this kind from Servants for Hire."""
    copies: int = 0
    """Meeples of this kind in the base box (Facts §1.1)."""
    ud_copies: int = 0
    """Meeples of this kind in the Upstairs, Downstairs box (UD p.3)."""


# ---------------------------------------------------------------- favours and requirements

FavourKind = Literal[
    "money",  # amount in pounds; negative = a pauper's cost
    "reputation",  # amount in wheel steps; negative = a penalty
    "invite",  # draw from deck; see/keep (blind draw = see 1 keep 1)
    "lady",  # lady of the house: screen (see 2 keep 1 casual) or dismiss
    "dismiss",  # optional: dismiss `amount` non-family guests
    "vp_card",  # draw `amount` VP cards
    "gossip",  # another player loses `amount` reputation
    "admirer",  # +amount reputation when attending with a male prestige guest
    "objective",  # draw `amount` objective cards (Main Library)
    "vp_card_draw",  # draw the top VP card (Main Library back)
    "reclaim",  # put a card from the discard pile into the active hand
    "hire",  # Butler's Room: hire `amount` servants from the supply
    "recruit",  # flipped Butler's Room: alternatively recruit one from another player
]


class Favour(Frozen):
    """One favour icon on a tile or gentry card."""

    kind: FavourKind
    amount: int = 1
    deck: Literal["casual", "prestige"] | None = None
    see: int = 1
    keep: int = 1

    @pydantic_hook("model_validator", mode="after")
    def _invite_has_deck(self) -> Favour:
        if (self.kind == "invite") != (self.deck is not None):
            raise ValueError("'deck' is required for invite favours and only for them")
        if self.keep > self.see:
            raise ValueError("cannot keep more cards than are seen")
        return self


GuestKind = Literal["gentry", "family", "gentlemen", "ladies", "casual", "prestige"]


class GuestRequirement(Frozen):
    """The guests a tile asks for: how many (one or several allowed counts) and which kind."""

    count: tuple[int, ...]
    kind: GuestKind = "gentry"
    any_prestige: bool = False
    """Guests of any prestige rating may attend (Renovated Kitchen front)."""
    from_supply: bool = False
    """The guest comes from the top of the supply deck, not the hand (Lionheart Suite)."""

    @pydantic_hook("model_validator", mode="before")
    @classmethod
    def _count_as_tuple(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("count"), int):
            data = {**data, "count": (data["count"],)}
        return data


# ---------------------------------------------------------------- tiles

TileKind = Literal["improvement", "service", "monument", "suite", "hybrid"]


class TileSide(Frozen):
    """One face of an improvement tile."""

    activity: str | None = None
    category: Category | Literal["monument"]
    vp: int
    prestige: int | None = None
    """Prestige rating shown on this face; ``None`` when the face cannot be hosted."""
    guests: GuestRequirement | None = None
    servants: tuple[str, ...] = ()
    favours: tuple[Favour, ...] = ()
    ability: str | None = None
    """Id of a permanent ability of this face (``barn``, ``brushing_room``, ``monument`` ...)."""
    column: Category | None = None
    """For a monument face: the organiser column whose courtship total it counts in."""
    playable: bool = False
    """Whether this face can be hosted as an activity (step 3)."""


class Tile(Sourced):
    """An improvement tile (including START, service, monument, suite and hybrid tiles)."""

    id: str
    name: str
    kind: TileKind
    tsn: int | None = None
    cost_modifier: int = 0
    start: bool = False
    expansion: Expansion = "base"
    copies: int = 1
    ud_copies: int = 0
    """Further copies in the Upstairs, Downstairs box (the second set of rating-5 tiles)."""
    front: TileSide
    back: TileSide | None = None
    """The rose side; ``None`` when the tile never flips (service tiles, monuments)."""

    @property
    def flips(self) -> bool:
        return self.back is not None

    def copies_in_game(self, expansion: bool) -> int:
        """Copies in play: the base box's, plus the expansion box's (rule setup.pr5-tiles)."""
        return self.copies + (self.ud_copies if expansion else 0)

    def column(self, flipped: bool) -> Category | None:
        """The organiser column of the face that is up (courtship.scoring)."""
        face = self.side(flipped)
        return face.column if face.category == "monument" else face.category

    def side(self, flipped: bool) -> TileSide:
        """The face that is up: the rose side once flipped (rule cleanup.flip-first-use)."""
        return self.back if flipped and self.back is not None else self.front


# ---------------------------------------------------------------- gentry

Deck = Literal["family", "fairchild", "starter", "casual", "prestige"]


class GentryCard(Sourced):
    """A gentry card: family member, Fairchild, starter, casual or prestige guest."""

    id: str
    name: str
    deck: Deck
    family: str | None = None
    role: Literal["husband", "wife", "heir", "daughter", "aunt"] | None = None
    gender: Gender
    prestige: int | None = None
    """Printed prestige rating; ``None`` for a crest (family and Fairchilds count as 1)."""
    vp: int = 0
    service: tuple[str, ...] = ()
    favours: tuple[Favour, ...] = ()
    traits: tuple[str, ...] = ()
    expansion: Expansion = "base"
    copies: Annotated[int, Limits(ge=1)] = 1

    @property
    def rating(self) -> int:
        """Prestige rating for attendance checks (rule invite.family-fairchild-prestige-one)."""
        return 1 if self.prestige is None else self.prestige

    @property
    def is_prestige_guest(self) -> bool:
        """Two fleur-de-lis: prestige deck cards and the Fairchilds."""
        return self.deck in ("prestige", "fairchild")


# ---------------------------------------------------------------- families


class Family(Sourced):
    """A family board and its bonus."""

    id: str
    name: str
    bonus: str
    start_money: int = 0
    start_position: int = 1
    extra_servants: tuple[str, ...] = ()
    family_cards: tuple[str, ...]
    start_tile_choice: tuple[str, ...] = ()
    expansion: Expansion = "base"
