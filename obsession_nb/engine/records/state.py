"""The whole position of a game as plain, serialisable records (DESIGN principle 5).

These records hold data only; the rules that change them live in the engine modules.  Every
field dumps to YAML/JSON and loads back to an equal record, so a position is a file.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal, TypeGuard, get_args

from obsession_nb.base.checked import Limits
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.record import ModeRecord, Record, pydantic_hook, record
from obsession_nb.engine.records.registry import ModeSlot
from obsession_nb.engine.records.reputation import POSITIONS
from obsession_nb.engine.records.variant_records import Milestones

ZONES = ("available", "quarters", "expended")
Zone = Literal["available", "quarters", "expended"]

Step = Literal[
    "draft",
    "begin", "step2", "host", "invite", "service", "favours", "buy", "pass-option", "end",
    "fairchild", "discard", "reveal", "keep-objective", "prestige-limit", "mode",
    "starter-draft", "opening-market", "choose-objectives",
]
"""Where a turn is (``Turn.step``): its pending decision."""

STEPS: frozenset[str] = frozenset(get_args(Step))


def is_step(name: str | None) -> TypeGuard[Step]:
    """Whether ``name`` is a :data:`Step`."""
    return name in STEPS

@record
class Servants(Record):
    """A player's servants in the three zones of the board."""

    available: list[str] = field(default_factory=list)
    quarters: list[str] = field(default_factory=list)
    expended: list[str] = field(default_factory=list)

    def zone(self, name: str) -> list[str]:
        servants: list[str] = getattr(self, name)
        return servants

    def all(self) -> list[str]:
        return [*self.available, *self.quarters, *self.expended]


@record(frozen=True)
class OwnedTile(Record):
    """A tile in a player's Country Estate Organiser; ``flipped`` = rose side up.  A value:
    turning a tile over replaces its record (:meth:`Player.flip`), so copies of a position
    share these records (obsession_nb/base/cloning.py)."""

    tile: str
    flipped: bool = False


@record
class Player(Record):
    """One player's side of the table: family, money, reputation, servants, cards and tiles."""

    name: Annotated[str, Limits(min_length=1)]
    family: str | None = None
    """``None`` only before the player has chosen a board (servant draft)."""
    money: int = 0
    reputation: int = 0
    """Steps above level 1 position 1; written in files as ``{level, position}``."""
    servants: Servants = field(default_factory=Servants)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    organiser: list[OwnedTile] = field(default_factory=list)
    objectives: list[str] = field(default_factory=list)
    vp_cards: list[str] = field(default_factory=list)
    reminder: bool = False
    removed: list[str] = field(default_factory=list)
    """Servants of this player removed from the game (a useful man used up)."""
    turns_taken: int = 0
    objectives_discarded: int = 0
    """Objective cards this player has discarded at the ends of seasons (season.objective-discard)."""
    known: list[str] = field(default_factory=list)
    """Cards in this hand that every player saw go into it (returned face up from a discard
    pile, reclaimed, taken from the activity): public until they leave the hand
    (ruling.seat-known-cards; obsession_nb/engine/seat/knowledge.py)."""

    @pydantic_hook("field_validator", "reputation", mode="before")
    @classmethod
    def _reputation_from_wheel(cls, value: object) -> object:
        if isinstance(value, dict) and set(value) == {"level", "position"}:
            level, position = value["level"], value["position"]
            if isinstance(level, int) and isinstance(position, int):
                if not 1 <= position <= POSITIONS:
                    raise ValueError(f"position must be 1 to {POSITIONS}, not {position}")
                if level < 1:
                    raise ValueError(f"level must be at least 1, not {level}")
                return (level - 1) * POSITIONS + position - 1
        if isinstance(value, int):
            return value
        raise ValueError("reputation must be {level: N, position: 1-5}")

    @pydantic_hook("field_serializer", "reputation")
    def _reputation_to_wheel(self, steps: int) -> dict[str, int]:
        return {"level": steps // POSITIONS + 1, "position": steps % POSITIONS + 1}

    def owned_tile(self, tile_id: str) -> OwnedTile:
        """The organiser's record of a tile the player owns (``KeyError`` if none)."""
        owned = self.owned(tile_id)
        if owned is None:
            raise KeyError(f"{self.name} owns no tile '{tile_id}'")
        return owned

    def owned(self, tile_id: str) -> OwnedTile | None:
        for owned in self.organiser:
            if owned.tile == tile_id:
                return owned
        return None

    def flip(self, tile_id: str, flipped: bool = True) -> OwnedTile:
        """Put this organiser tile rose side up (``flipped``) or back; returns its new record."""
        index = next(i for i, t in enumerate(self.organiser) if t.tile == tile_id)
        self.organiser[index] = OwnedTile.model_construct(tile=tile_id, flipped=flipped)
        return self.organiser[index]


@record
class Supply(Record):
    """The supply board, decks, tile bag, Builders' Market and its reserves."""

    servants_for_hire: dict[str, int] = field(default_factory=dict)
    casual_deck: list[str] = field(default_factory=list)
    prestige_deck: list[str] = field(default_factory=list)
    objective_deck: list[str] = field(default_factory=list)
    vp_deck: list[str] = field(default_factory=list)
    theme_deck: list[str] = field(default_factory=list)
    fairchilds: list[str] = field(default_factory=list)
    bag: list[str] = field(default_factory=list)
    market: list[list[str]] = field(default_factory=list)
    """Six spaces (£300 … £800), each a stack of identical tiles."""
    service_reserve: list[str] = field(default_factory=list)
    pr1_reserve: list[str] = field(default_factory=list)
    service_reserve_active: bool = False
    pr1_reserve_active: bool = False
    removed: list[str] = field(default_factory=list)
    """Tiles removed from the game."""
    vp_discard: list[str] = field(default_factory=list)
    """VP cards revealed for their favour (out of play, face up)."""
    draft_display: list[str] = field(default_factory=list)
    """The short servants displayed for the servant draft (UD p.10)."""


@record
class Chance(Record):
    """The seeded source of chance (DESIGN principle 7)."""

    seed: int = 0
    draws: int = 0
    next_tiles: list[str] = field(default_factory=list)
    """Tiles the next bag draws must produce, in order (pinned by a scenario)."""
    next_rolls: list[int] = field(default_factory=list)
    """Results the next d20 rolls must produce, in order (pinned by a scenario)."""


@record
class Placement(Record):
    """A servant placed during the current turn."""

    servant: str
    target: str
    """``tile`` (the activity tile), a gentry card id, ``study``, ``hall``, an organiser tile id,
    ``market``, or ``carriage-house``."""
    covers: str | None = None
    """The servant icon this placement fills (mandatory service); ``None`` = supplemental."""
    from_quarters: bool = False


@record
class Choice(Record):
    """A favour that waits for the player's decision in step 6."""

    kind: Literal["screen", "lady", "dismiss", "gossip", "reclaim", "hire"]
    source: str
    cards: list[str] = field(default_factory=list)
    keep: int = 1
    deck: Literal["casual", "prestige"] | None = None
    count: int = 1
    seat: int | None = None
    """The player whose hand or deck the favour serves; ``None``: the active player (a
    teammate's, in Competitive Team Play: team.family-favours)."""


@record
class Turn(Record):
    """The turn in progress and its pending decision (DESIGN principle 4)."""

    player: int
    step: Step = "begin"
    """The last six are the season's decisions (courtship, objective discards, the final VP-card
    window), an objective kept from a VP card, the six-prestige-guest limit (seasons.py), and a
    decision of the game mode outside any turn (its own actions: the Tableau Obsession drafts);
    then the decisions of a variant's setup before the first turn (engine/setup/decisions.py)."""
    passing: bool = False
    tile: str | None = None
    level_at_host: int | None = None
    guests: list[str] = field(default_factory=list)
    guest_adjust: int = 0
    """Guest-count change from the Carriage House (±1) and the Renovated Kitchen (+1)."""
    placements: list[Placement] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    dismissed: list[str] = field(default_factory=list)
    hall_used: bool = False
    church_done: bool = False
    step2_done: bool = False
    doubled: int | None = None
    """Queen's Suite: the 1-based position of the guest's favour chosen to be doubled."""
    quarters_used: bool = False
    market_refreshed: bool = False
    screened: bool = False
    screened_on: list[str] = field(default_factory=list)
    """Targets whose head housemaid has screened this turn (two, with a teammate's lent one)."""
    kitchen_used: bool = False
    purchases: int = 0
    hired: int = 0
    unlimited_purchases: bool = False
    """A VP card's favour: buy as on a Builders' Holiday this turn."""
    offer: list[str] = field(default_factory=list)
    """Objective cards drawn by a VP card, one to keep (step ``keep-objective``)."""
    resume: str | None = None
    """The step to return to after ``keep-objective`` (a file's is checked by
    ``position_check``)."""


@record
class LogEntry(Record):
    """What happened: an action (or an automatic step) and the rulings it produced."""

    player: int | None = None
    action: str
    rulings: list[dict[str, str]] = field(default_factory=list)
    seen_by: dict[str, list[int]] = field(default_factory=dict)
    """Cards the entry names that were not face up for every seat when it was made, each with
    the seats that could see it; the others read the entry without them (ruling.seat-log;
    obsession_nb/engine/seat/log.py)."""


@record
class State(Record):
    """A whole position."""

    title: str = ""
    description: str = ""
    notes: list[str] = field(default_factory=list)
    """Provenance of the position: what a source states and what was reconstructed."""
    options: Options = field(default_factory=Options)
    round: int = 1
    first_player: int = 0
    players: list[Player]
    supply: Supply = field(default_factory=Supply)
    themes: list[str] = field(default_factory=list)
    """The theme cards turned up so far, one per season (obsession_nb/engine/steps/themes.py)."""
    theme_rolls: list[int] = field(default_factory=list)
    """The cliffhanger d20 of each season so far (option.cliffhanger)."""
    chance: Chance = field(default_factory=Chance)
    turn: Turn | None = None
    finished: bool = False
    """The game is over (after the final courtship); no turn follows."""
    solo: Annotated[ModeRecord | None, ModeSlot("solo")] = None
    """Solo Estate Challenge records (``options.mode == "solo-estate-challenge"``)."""
    classic_solo: Annotated[ModeRecord | None, ModeSlot("classic_solo")] = None
    """Classic solitaire records (``options.mode == "classic-solo"``)."""
    tableau: Annotated[ModeRecord | None, ModeSlot("tableau")] = None
    """Tableau Obsession records (``options.mode`` ``tableau`` or ``tableau-duel``)."""
    milestones: Milestones | None = None
    """The milestones of this game, if any are used."""
    team: Annotated[ModeRecord | None, ModeSlot("team")] = None
    """Competitive Team Play records (``options.mode == "team"``)."""
