"""The whole position of a game as plain, serialisable records (DESIGN principle 5).

These records hold data only; the rules that change them live in the engine modules.  Every
field dumps to YAML/JSON and loads back to an equal record, so a position is a file.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_serializer,
    field_validator,
    model_validator,
)

from obsession_nb.cloning import cloner
from obsession_nb.reputation import POSITIONS

ZONES = ("available", "quarters", "expended")
Zone = Literal["available", "quarters", "expended"]


class Record(BaseModel):
    """Mutable engine record that refuses unknown fields (typos in scenario files)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    def clone(self) -> Self:
        """An equal copy sharing no mutable part with this record (obsession_nb/cloning.py):
        how a line of play is tried on a position without touching it."""
        return cloner(type(self))(self)


class Options(Record):
    """Rules variants (DESIGN principle 6); the defaults are the expansion rulebook's rules."""

    expansion: bool = True
    """Upstairs, Downstairs servants, pass/hire rule and servant draft."""
    length: Literal["standard", "extended"] = "standard"
    first_player_rotation: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    market_reserve: bool = True
    pass_hire: bool | None = None
    """Hiring as a pass option; ``None`` follows ``expansion`` (UD p.9)."""
    low_vp_monuments: bool = False
    prestige_guest_limit: bool | None = None
    """At most six prestige guests per player (UD p.11); ``None`` = on in six-player individual
    play only."""
    mode: Literal["standard", "solo-estate-challenge", "tableau", "tableau-duel",
                  "classic-solo", "team"] = "standard"
    """``solo-estate-challenge``: the expansion's solo mode (UD p.13-14); ``tableau`` and
    ``tableau-duel``: Tableau Obsession and its two-player Duel (UD p.15); ``classic-solo``:
    the base game's solitaire against an opponent card (Facts §6); ``team``: Competitive Team
    Play (UD p.12; obsession_nb/modes)."""
    teams: list[list[int]] | None = None
    """Competitive Team Play: the seats of each team of two (``[[0, 3], [1, 4], [2, 5]]``);
    ``None``: teammates across the table (team.seating)."""
    solo_target: Literal["printed", "expert-monuments", "opponent",
                         "opponent-monuments"] = "printed"
    """The solo target: the Solo Estate Challenge's printed score, or plus scavenged monument VP
    (UD p.13); an opponent card's base score, or plus scavenged monument VP (UD p.14; in
    classic solitaire the challenging mode, Facts §6.4).  The card is a setup choice, kept in
    ``solo.opponent`` or ``classic_solo.opponent``."""
    compensation_seat: Literal["never-first", "last"] = "never-first"
    """Who gets the 5–6-player money without the expansion: the seats that never hold the pawn,
    or literally the last seat(s) (UD p.11; option.compensation-seat)."""

    courtship: Literal["open", "closed"] = "open"
    """``closed``: the Jane Austen variant, each theme turned up on its courtship space
    (option.closed-courtship; obsession_nb/themes.py)."""
    theme_reveal: Literal["open", "cliffhanger"] = "open"
    """``cliffhanger``: the Charles Dickens variant, a d20 per season says when the theme is
    turned up (option.cliffhanger; obsession_nb/themes.py)."""

    objectives: Literal["during-play", "choose-at-setup", "milestones"] = "during-play"
    """``choose-at-setup``: the 1st printing's five dealt, two kept before play
    (ud.objectives-during-play; obsession_nb/setup_choices.py); ``milestones``: the milestones
    serve instead of private objectives, which leave the game (option.milestones)."""
    servants_hall: Literal["place-servant", "automatic"] = "place-servant"
    """``automatic``: the 1st-printing Hall steals one reputation every turn without a servant
    (ud.servants-hall)."""
    market: Literal["standard", "seasonal", "building-boom"] = "standard"
    """Emily Brontë's seasonal refresh or Queen Victoria's building boom (option.seasonal-market,
    option.queen-victoria-market; obsession_nb/market.py)."""
    intensive_service: Literal["off", "standard"] | list[str] = "off"
    """Intensive Service: the opening market seeded with three service tiles (``standard``), or
    the three or four the players name (option.intensive-service; obsession_nb/opening.py)."""
    garden: Literal["sculpture-garden", "garden-maze"] = "sculpture-garden"
    """The monument two- and three-player games must use (option.garden-maze)."""
    starter_guests: Literal["deal", "draft"] = "deal"
    """``draft``: the starter-guest draft before the first turn (option.starter-guest-draft;
    Tableau Obsession always drafts)."""
    market_redraw: Literal["keep", "offer"] = "keep"
    """``offer``: the players vote on redrawing the opening market (option.market-redraw)."""
    monuments: Literal["random"] | list[str] = "random"
    """The monuments put in the bag: the players' list, or chosen at random
    (setup.monuments-by-count, option.monuments)."""
    universal_tiles: bool | None = None
    """The expansion box's universal tiles; ``None`` = whenever the box is in use
    (ruling.universal-tiles-with-expansion, option.universal-tiles)."""

    milestones: list[str] | Literal["random"] | None = None
    """Milestone cards in play (UD p.15 Milestones): two card ids, ``"random"`` for two at random,
    or ``None`` for none — Tableau Obsession always uses two, at random unless named."""

    @model_validator(mode="after")
    def _one_reveal_rule(self) -> Options:
        if self.courtship == "closed" and self.theme_reveal == "cliffhanger":
            raise ValueError("courtship=closed and theme_reveal=cliffhanger both decide when "
                             "a theme is turned up; choose one (option.closed-courtship, "
                             "option.cliffhanger)")
        if self.garden == "garden-maze" and self.low_vp_monuments:
            raise ValueError("garden=garden-maze is a base-game monument; the low-VP set is "
                             "never mixed with it (option.garden-maze, ud.monuments.low-vp)")
        if self.objectives == "milestones" and self.milestones is None:
            self.milestones = "random"  # two at random, unless named (option.milestones)
        return self

    def prestige_limit(self, players: int) -> bool:
        """Whether the six-prestige-guest limit applies: as set, else in six-player individual
        play only (option.six-prestige-guest-limit)."""
        if self.prestige_guest_limit is not None:
            return self.prestige_guest_limit
        return players == 6 and self.mode != "team"

    @property
    def hire_on_pass(self) -> bool:
        return self.expansion if self.pass_hire is None else self.pass_hire

    @property
    def track(self) -> str:
        """The round track in play: the tableau track in solo, else the length's side."""
        return "tableau" if self.mode in TABLEAU_TRACK_MODES else self.length

    @property
    def wheel_levels(self) -> int:
        """Numbered reputation levels below Max: 6 standard, 8 extended (the 7/8 counter), 10 in
        Tableau Duel (the 9/10 counters, UD p.15)."""
        if self.mode == "tableau-duel":
            return 10
        return 8 if self.length == "extended" else 6


TABLEAU_TRACK_MODES = ("solo-estate-challenge", "tableau", "tableau-duel")


class Servants(Record):
    """A player's servants in the three zones of the board."""

    available: list[str] = []
    quarters: list[str] = []
    expended: list[str] = []

    def zone(self, name: str) -> list[str]:
        return getattr(self, name)

    def all(self) -> list[str]:
        return [*self.available, *self.quarters, *self.expended]


class OwnedTile(Record):
    """A tile in a player's Country Estate Organiser; ``flipped`` = rose side up.  A value:
    turning a tile over replaces its record (:meth:`Player.flip`), so copies of a position
    share these records (obsession_nb/cloning.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tile: str
    flipped: bool = False


class Player(Record):
    name: str = Field(min_length=1)
    family: str | None = None
    """``None`` only before the player has chosen a board (servant draft)."""
    money: int = 0
    reputation: int = 0
    """Steps above level 1 position 1; written in files as ``{level, position}``."""
    servants: Servants = Servants()
    hand: list[str] = []
    discard: list[str] = []
    organiser: list[OwnedTile] = []
    objectives: list[str] = []
    vp_cards: list[str] = []
    reminder: bool = False
    removed: list[str] = []
    """Servants of this player removed from the game (a useful man used up)."""
    turns_taken: int = 0
    objectives_discarded: int = 0
    """Objective cards this player has discarded at the ends of seasons (season.objective-discard)."""

    @field_validator("reputation", mode="before")
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

    @field_serializer("reputation")
    def _reputation_to_wheel(self, steps: int) -> dict[str, int]:
        return {"level": steps // POSITIONS + 1, "position": steps % POSITIONS + 1}

    def owned(self, tile_id: str) -> OwnedTile | None:
        return next((t for t in self.organiser if t.tile == tile_id), None)

    def flip(self, tile_id: str, flipped: bool = True) -> OwnedTile:
        """Put this organiser tile rose side up (``flipped``) or back; returns its new record."""
        index = next(i for i, t in enumerate(self.organiser) if t.tile == tile_id)
        self.organiser[index] = OwnedTile(tile=tile_id, flipped=flipped)
        return self.organiser[index]


class Supply(Record):
    """The supply board, decks, tile bag, Builders' Market and its reserves."""

    servants_for_hire: dict[str, int] = {}
    casual_deck: list[str] = []
    prestige_deck: list[str] = []
    objective_deck: list[str] = []
    vp_deck: list[str] = []
    theme_deck: list[str] = []
    fairchilds: list[str] = []
    bag: list[str] = []
    market: list[list[str]] = []
    """Six spaces (£300 … £800), each a stack of identical tiles."""
    service_reserve: list[str] = []
    pr1_reserve: list[str] = []
    service_reserve_active: bool = False
    pr1_reserve_active: bool = False
    removed: list[str] = []
    """Tiles removed from the game."""
    vp_discard: list[str] = []
    """VP cards revealed for their favour (out of play, face up)."""
    draft_display: list[str] = []
    """The short servants displayed for the servant draft (UD p.10)."""


class Chance(Record):
    """The seeded source of chance (DESIGN principle 7)."""

    seed: int = 0
    draws: int = 0
    next_tiles: list[str] = []
    """Tiles the next bag draws must produce, in order (pinned by a scenario)."""
    next_rolls: list[int] = []
    """Results the next d20 rolls must produce, in order (pinned by a scenario)."""


class Placement(Record):
    """A servant placed during the current turn."""

    servant: str
    target: str
    """``tile`` (the activity tile), a gentry card id, ``study``, ``hall``, an organiser tile id,
    ``market``, or ``carriage-house``."""
    covers: str | None = None
    """The servant icon this placement fills (mandatory service); ``None`` = supplemental."""
    from_quarters: bool = False


class Choice(Record):
    """A favour that waits for the player's decision in step 6."""

    kind: Literal["screen", "lady", "dismiss", "gossip", "reclaim", "hire"]
    source: str
    cards: list[str] = []
    keep: int = 1
    deck: Literal["casual", "prestige"] | None = None
    count: int = 1
    seat: int | None = None
    """The player whose hand or deck the favour serves; ``None``: the active player (a
    teammate's, in Competitive Team Play: team.family-favours)."""


class Turn(Record):
    """The turn in progress and its pending decision (DESIGN principle 4)."""

    player: int
    step: Literal[
        "draft",
        "begin", "step2", "host", "invite", "service", "favours", "buy", "pass-option", "end",
        "fairchild", "discard", "reveal", "keep-objective", "prestige-limit", "mode",
        "starter-draft", "opening-market", "choose-objectives",
    ] = "begin"
    """The last six are the season's decisions (courtship, objective discards, the final VP-card
    window), an objective kept from a VP card, the six-prestige-guest limit (seasons.py), and a
    decision of the game mode outside any turn (its own actions: the Tableau Obsession drafts);
    then the decisions of a variant's setup before the first turn (setup_choices.py)."""
    passing: bool = False
    tile: str | None = None
    level_at_host: int | None = None
    guests: list[str] = []
    guest_adjust: int = 0
    """Guest-count change from the Carriage House (±1) and the Renovated Kitchen (+1)."""
    placements: list[Placement] = []
    choices: list[Choice] = []
    dismissed: list[str] = []
    hall_used: bool = False
    church_done: bool = False
    step2_done: bool = False
    doubled: int | None = None
    """Queen's Suite: the 1-based position of the guest's favour chosen to be doubled."""
    quarters_used: bool = False
    market_refreshed: bool = False
    screened: bool = False
    screened_on: list[str] = []
    """Targets whose head housemaid has screened this turn (two, with a teammate's lent one)."""
    kitchen_used: bool = False
    purchases: int = 0
    hired: int = 0
    unlimited_purchases: bool = False
    """A VP card's favour: buy as on a Builders' Holiday this turn."""
    offer: list[str] = []
    """Objective cards drawn by a VP card, one to keep (step ``keep-objective``)."""
    resume: str | None = None
    """The step to return to after ``keep-objective``."""


class LogEntry(Record):
    """What happened: an action (or an automatic step) and the rulings it produced."""

    player: int | None = None
    action: str
    rulings: list[dict[str, str]] = []


class Scavenge(Record):
    """One AI scavenging roll of the Solo Estate Challenge (UD p.14) and what it did."""

    round: int
    roll: int
    stack: str | None = None
    """The market stack the roll points at (``service`` … ``monument``); ``None`` on 19-20."""
    depth: int | None = None
    """Which tile from the top (1 = the top tile)."""
    tile: str | None = None
    """The tile removed from the game, or ``None``."""
    reason: Literal["taken", "empty-depth", "critical-rule", "no-scavenging"]


class AIRoll(Record):
    """One d20 roll of the classic-solitaire AI card after the player's turn (Facts §6.2)."""

    round: int
    roll: int
    """The die as rolled."""
    result: int
    """The roll after the −5 that follows a no-purchase roll (never below 1)."""
    column: Literal["standard", "monument"]
    position: int | None = None
    """The market position hit (1 = the £300 space); ``None`` on 16-20."""
    tiles: list[str] = []
    """The tiles removed from the game (two when a stacked duplicate is scavenged)."""
    reason: Literal["taken", "empty-position", "no-purchase", "refresh"]


class CourtshipResult(Record):
    """One courtship of classic solitaire against the opponent card (Facts §6.3)."""

    season: int
    themes: list[str]
    player: int
    """The solo player's courtship total."""
    opponent: int
    """The opponent chart's value (at the final courtship: its four themes added)."""
    outcome: Literal["win", "loss", "tie"]


class ClassicSolo(Record):
    """What classic solitaire adds to a position (obsession_nb/modes/classic*.py)."""

    opponent: str | None = None
    """The opponent card (``opponents`` in the catalog), chosen at setup."""
    rolls: list[AIRoll] = []
    minus_five: bool = False
    """The next roll has 5 subtracted (after a roll of 16-20)."""
    opponent_vp: list[str] = []
    """VP cards the opponent took, face down beside its card."""
    opponent_fairchild: str | None = None
    """The Fairchild the opponent took at the final courtship (8 VP)."""
    courtships: list[CourtshipResult] = []


class Solo(Record):
    """What the Solo Estate Challenge adds to a position (obsession_nb/modes/solo*.py)."""

    opponent: str | None = None
    """The opponent card whose base score is the target (``options.solo_target`` opponent or
    opponent-monuments; UD p.14 Target Score Variants)."""

    columns: dict[str, str] = {}
    """Monuments in the organiser and the column the player put each in."""
    scavenged: list[Scavenge] = []
    ball_offer: list[str] = []
    """Prestige guests seen at the Grand Ball, one to keep (step 2 of round 5)."""
    ball_done: bool = False
    discarded: list[str] = []
    """Tiles the player removed from the tableau to make room."""
    finished_round: int | None = None
    """The round whose turn ended with the end conditions met; ``None`` while playing or when
    the track ran out first."""


class QueenVictoria(Record):
    """One Queen Victoria removal at the end of a round (Facts §6.5 Variation #3)."""

    round: int
    removed: list[str]
    """The tile(s) taken from the £300 space and returned to the bag."""
    drawn: list[str] = []
    """Tiles drawn to refill the market (diverted ones included)."""


class Tableau(Record):
    """What Tableau Obsession adds to a position (UD p.15; obsession_nb/modes/tableau*.py)."""

    draft_deck: list[str] = []
    """Starter guests still to be picked in the starter-guest draft (Facts §6.5)."""
    draft_order: list[int] = []
    """Seats still to pick in the starter-guest draft, in order."""
    ball_offer: list[str] = []
    """Prestige guests the player in ``ball_order[0]`` sees at the Grand Ball."""
    ball_order: list[int] = []
    """Seats still to keep a guest at the Grand Ball (round 5), in turn order."""
    queen_victoria: list[QueenVictoria] = []
    reached_max: int | None = None
    """The seat whose turn ended at Max reputation (tableau.end)."""
    end_reason: Literal["max", "track-end"] | None = None


class Loan(Record):
    """A servant or gentry card a teammate lends for the current activity (UD p.12)."""

    kind: Literal["servant", "guest"]
    item: str
    lender: int
    route: Literal["host", "teammate"] = "host"
    """Who receives a lent family card's favours that may go to either (team.family-favours)."""


class TeamRequest(Record):
    """A request of the active player that her teammate answers (team.money-gift,
    team.servant-loan)."""

    kind: Literal["gift", "servant"]
    owner: int
    """The teammate, whose decision it is."""
    amount: int = 0
    servant: str | None = None


class TeamPlay(Record):
    """What Competitive Team Play adds to a position (obsession_nb/modes/team*.py)."""

    request: TeamRequest | None = None
    loans: list[Loan] = []
    asked: list[str] = []
    """Requests already made this turn (``gift``, ``servant:<kind>``): each is made once."""


class MilestoneClaim(Record):
    """A crest marker on a milestone (UD p.15 Milestones)."""

    card: str
    seat: int
    place: int
    """1 or 2: the first or second place of the card."""
    round: int
    turn: int
    """The claimer's turns taken before this turn (identifies the turn of the claim)."""


class Milestones(Record):
    """The milestones in play and their claims (obsession_nb/milestones.py)."""

    cards: list[str] = []
    claims: list[MilestoneClaim] = []


class State(Record):
    """A whole position."""

    title: str = ""
    description: str = ""
    notes: list[str] = []
    """Provenance of the position: what a source states and what was reconstructed."""
    options: Options = Options()
    round: int = 1
    first_player: int = 0
    players: list[Player]
    supply: Supply = Supply()
    themes: list[str] = []
    """The theme cards turned up so far, one per season (obsession_nb/themes.py)."""
    theme_rolls: list[int] = []
    """The cliffhanger d20 of each season so far (option.cliffhanger)."""
    chance: Chance = Chance()
    turn: Turn | None = None
    finished: bool = False
    """The game is over (after the final courtship); no turn follows."""
    solo: Solo | None = None
    """Solo Estate Challenge records (``options.mode == "solo-estate-challenge"``)."""
    classic_solo: ClassicSolo | None = None
    """Classic solitaire records (``options.mode == "classic-solo"``)."""
    tableau: Tableau | None = None
    """Tableau Obsession records (``options.mode`` ``tableau`` or ``tableau-duel``)."""
    milestones: Milestones | None = None
    """The milestones of this game, if any are used."""
    team: TeamPlay | None = None
    """Competitive Team Play records (``options.mode == "team"``)."""
