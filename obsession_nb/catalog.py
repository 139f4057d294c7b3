"""The component catalog: typed, frozen records loaded from ``content/catalog/*.yaml``.

Every record says where it comes from (``source``).  A value that no rule source states is
listed in ``unverified`` (and the record is then ``verified: false``); components invented so
that complete games can be played are flagged ``standin``.  Views show both markers.
"""

from __future__ import annotations

import gc
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import VERSION as PYDANTIC_VERSION
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from yaml import YAMLError

from obsession_nb import content_cache, yamlio
from obsession_nb.resources import content_dir

Category = Literal["essentials", "service", "estate", "prestige", "sporting"]
CATEGORIES: tuple[Category, ...] = ("essentials", "service", "estate", "prestige", "sporting")
Expansion = Literal["base", "wessex", "suites", "hybrid", "upstairs_downstairs", "promo"]
Gender = Literal["male", "female"]


class Frozen(BaseModel):
    """An immutable record that rejects unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Sourced(Frozen):
    """A catalog entry with its provenance."""

    source: str = Field(min_length=1)
    verified: bool = True
    unverified: tuple[str, ...] = ()
    standin: bool = False
    note: str | None = None

    @model_validator(mode="after")
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

    @model_validator(mode="after")
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

    @model_validator(mode="before")
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
        return face.column if face.category == "monument" else face.category  # type: ignore[return-value]

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
    copies: int = Field(default=1, ge=1)

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


# ---------------------------------------------------------------- round tracks

EventKind = Literal[
    "village_fair",
    "objective_draw",
    "builders_holiday",
    "national_holiday",
    "grand_ball",
    "reserves_activate",
]


class RoundEvent(Sourced):
    kind: EventKind


class RoundSpace(Frozen):
    round: int
    season: int
    courtship: bool = False
    events: tuple[RoundEvent, ...] = ()
    modifier: int | None = None
    """Solo Estate Challenge score modifier printed by this space (tableau track)."""


class RoundTrack(Sourced):
    id: str
    name: str
    rounds: tuple[RoundSpace, ...]
    reputation_levels: int
    """Highest numbered level before Max (6 standard, 8 extended)."""


# ---------------------------------------------------------------- other cards


class ObjectiveCard(Sourced):
    id: str
    name: str
    category: str
    vp: int
    condition: str
    expansion: Expansion = "base"


class VPCard(Sourced):
    id: str
    vp: int
    favour: str
    copies: int = 1


class ThemeCard(Sourced):
    id: str
    category: Category
    copies: int = 1


class MilestoneCard(Sourced):
    """A public objective (UD p.15 Milestones): a requirement that ``measure`` (one of
    ``obsession_nb.milestones.MEASURES``) reaches ``at_least``, and the VP of its two places."""

    id: str
    name: str
    measure: str
    at_least: int
    vp: tuple[int, int]
    """VP of the first and the second place."""
    expansion: Literal["base", "upstairs_downstairs"] = "base"
    """``upstairs_downstairs``: needs the four new servants (not in a base-only game)."""


# ---------------------------------------------------------------- classic solitaire cards

Difficulty = Literal["beginner", "intermediate", "expert"]
SEASONS = (1, 2, 3, 4)


class OpponentCard(Sourced):
    """A classic-solitaire opponent (Facts §5.6): a base score and, per season and theme, the
    VP of its estate that the player's courtship total is compared with."""

    id: str
    name: str
    difficulty: Difficulty
    base: int
    chart: dict[int, dict[Category, int]]
    """Season (1-4) → theme → the opponent's estate VP in that theme at that courtship."""

    @field_validator("chart")
    @classmethod
    def _chart_complete(cls, chart: dict[int, dict[Category, int]]) -> dict[int, dict[Category, int]]:
        if sorted(chart) != list(SEASONS):
            raise ValueError(f"the chart needs seasons 1 to 4, not {sorted(chart)}")
        for season, row in chart.items():
            missing = [c for c in CATEGORIES if c not in row]
            if missing:
                raise ValueError(f"season {season} of the chart lacks {', '.join(missing)}")
        return chart


class AIRange(Frozen):
    """Rolls ``low``-``high`` of one AI-card column and the market position they scavenge
    (1 = the £300 space), or ``monument``: the cheapest monument showing."""

    low: int = Field(ge=1, le=15)
    high: int = Field(ge=1, le=15)
    target: int | Literal["monument"]

    @model_validator(mode="after")
    def _ordered(self) -> AIRange:
        if self.low > self.high:
            raise ValueError("low must not exceed high")
        if isinstance(self.target, int) and not 1 <= self.target <= 6:
            raise ValueError("a market position is 1 to 6")
        return self


class AICard(Sourced):
    """The classic-solitaire AI card (Facts §6.2): rolls 1-15 to market positions, one column
    with no monument in the market and one with a monument showing."""

    id: str
    name: str
    standard: tuple[AIRange, ...]
    monument: tuple[AIRange, ...]

    @field_validator("standard", "monument")
    @classmethod
    def _column_covers_1_to_15(cls, ranges: tuple[AIRange, ...],
                               info: ValidationInfo) -> tuple[AIRange, ...]:
        rolls = sorted(r for x in ranges for r in range(x.low, x.high + 1))
        if rolls != list(range(1, 16)):
            raise ValueError("the column must give each roll 1 to 15 exactly once")
        if info.field_name == "standard" and any(x.target == "monument" for x in ranges):
            raise ValueError("the standard column is read when no monument shows, so it cannot "
                             "target one")
        return ranges

    def target(self, column: Literal["standard", "monument"], roll: int) -> int | str:
        """The position (or ``monument``) a roll of 1-15 names in a column."""
        return next(x.target for x in getattr(self, column) if x.low <= roll <= x.high)


# ---------------------------------------------------------------- the catalog


class Catalog(Frozen):
    """All components, keyed by id."""

    servants: dict[str, ServantKind]
    families: dict[str, Family]
    gentry: dict[str, GentryCard]
    tiles: dict[str, Tile]
    round_tracks: dict[str, RoundTrack]
    objectives: dict[str, ObjectiveCard] = {}
    vp_cards: dict[str, VPCard] = {}
    themes: dict[str, ThemeCard] = {}
    milestones: dict[str, MilestoneCard] = {}
    opponents: dict[str, OpponentCard] = {}
    ai_cards: dict[str, AICard] = {}

    @model_validator(mode="after")
    def _references_resolve(self) -> Catalog:
        problems: list[str] = []
        for fam in self.families.values():
            problems += [
                f"families.{fam.id}.family_cards: unknown card '{c}'"
                for c in fam.family_cards
                if c not in self.gentry
            ]
            problems += [
                f"families.{fam.id}.extra_servants: unknown servant '{s}'"
                for s in fam.extra_servants
                if s not in self.servants
            ]
        for card in self.gentry.values():
            problems += [
                f"gentry.{card.id}.service: unknown servant '{s}'"
                for s in card.service
                if s not in self.servants
            ]
        for tile in self.tiles.values():
            for side in (tile.front, tile.back):
                if side is not None:
                    problems += [
                        f"tiles.{tile.id}.servants: unknown servant '{s}'"
                        for s in side.servants
                        if s not in self.servants
                    ]
        if problems:
            raise ValueError("; ".join(problems))
        return self


_SECTIONS = {
    "servants": ServantKind,
    "families": Family,
    "gentry": GentryCard,
    "tiles": Tile,
    "round_tracks": RoundTrack,
    "objectives": ObjectiveCard,
    "vp_cards": VPCard,
    "themes": ThemeCard,
    "milestones": MilestoneCard,
    "opponents": OpponentCard,
    "ai_cards": AICard,
}
OVERLAY_SECTIONS = ("opponents", "ai_cards")
"""The sections a user's own cards may replace or add to (:func:`overlay`)."""


def read_catalog(directory: Path) -> Catalog:
    """Load every ``*.yaml`` file of a catalog directory (safe YAML).

    Each file holds one or more top-level sections named as in :class:`Catalog`, each a list
    of entries with an ``id``.  Later files may not redefine an id.
    """
    merged: dict[str, dict[str, object]] = {name: {} for name in _SECTIONS}
    for path in sorted(directory.glob("*.yaml")):
        data = yamlio.load(path.read_text(encoding="utf-8")) or {}
        for section, entries in data.items():
            if section not in _SECTIONS:
                raise ValueError(f"{path.name}: unknown section '{section}'")
            for entry in entries:
                key = entry["id"]
                if key in merged[section]:
                    raise ValueError(f"{path.name}: {section} '{key}' defined twice")
                merged[section][key] = entry
    return Catalog.model_validate(merged)


class CardsError(ValueError):
    """A user's card file with problems, each with its path in the file."""

    def __init__(self, problems: list[str], source: str) -> None:
        self.problems, self.source = problems, source
        super().__init__(f"{source}: " + "; ".join(problems))


MAX_CARDS_BYTES = 2_000_000
"""A cards file larger than this (2 MB) is refused before it is parsed."""


def overlay(catalog: Catalog, path: str | Path) -> Catalog:
    """The catalog with a user's own cards (YAML, sections ``opponents`` and ``ai_cards``)
    replacing the entries of the same id or joining them; every problem is reported at once
    with its path (``opponents[2].chart.3: ...``), and nothing is changed then."""
    source = str(path)
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_CARDS_BYTES + 1)  # never more: /dev/zero is a "file" too
    except OSError as exc:
        raise CardsError([str(exc)], source) from None
    if len(raw) > MAX_CARDS_BYTES:
        raise CardsError([f"the file is larger than {MAX_CARDS_BYTES // 1_000_000} MB, the "
                          "limit for a cards file"], source)
    try:
        data = yamlio.load(raw.decode("utf-8")) or {}
    except (ValueError, YAMLError) as exc:
        raise CardsError([str(exc)], source) from None
    problems: list[str] = []
    if not isinstance(data, dict):
        raise CardsError([f"the file must map {' / '.join(OVERLAY_SECTIONS)} to lists"], source)
    update: dict[str, dict[str, object]] = {}
    for section, entries in data.items():
        if section not in OVERLAY_SECTIONS:
            problems.append(f"{section}: unknown section (use {', '.join(OVERLAY_SECTIONS)})")
            continue
        if not isinstance(entries, list):
            problems.append(f"{section}: must be a list of cards")
            continue
        found = dict(getattr(catalog, section))
        for i, entry in enumerate(entries):
            try:
                card = _SECTIONS[section].model_validate(entry)
            except ValidationError as exc:
                problems += [f"{section}[{i}]" + "".join(f".{x}" for x in e["loc"]) +
                             f": {e['msg']}" for e in exc.errors()]
                continue
            found[card.id] = card  # type: ignore[attr-defined]
        update[section] = found
    if problems:
        raise CardsError(problems, source)
    return catalog.model_copy(update=update)


@cache
def load_catalog() -> Catalog:
    """The packaged catalog (``content/catalog``), loaded once per process: from its parsed
    copy in the user's cache while the files and this module are unchanged, else from the
    YAML (obsession_nb/content_cache.py).

    Its records live as long as the process, so they are moved out of the garbage collector's
    reach (``gc.freeze``): whole games allocate many short-lived objects, and each collection
    would otherwise walk the catalog's thousands of records again."""
    catalog = cached_catalog(content_dir() / "catalog")
    gc.freeze()
    return catalog


def cached_catalog(directory: Path) -> Catalog:
    """:func:`read_catalog`, or its cached copy (validated again, from JSON) when there is
    one for these very files."""
    entry = content_cache.key([*sorted(directory.glob("*.yaml")), Path(__file__)],
                              PYDANTIC_VERSION)
    text = content_cache.read("catalog", entry)
    if text is not None:
        try:
            return Catalog.model_validate_json(text)
        except ValidationError:
            pass  # damaged: parse the files again
    catalog = read_catalog(directory)
    content_cache.write("catalog", entry, catalog.model_dump_json())
    return catalog
