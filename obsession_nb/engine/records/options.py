"""The rules variants a game is played with (DESIGN principle 6): the ``Options`` record of a
position; its defaults are the expansion rulebook's rules."""

from __future__ import annotations

from typing import Literal

from obsession_nb.engine.records.record import Record, pydantic_hook, record

ModeName = Literal["standard", "solo-estate-challenge", "tableau", "tableau-duel", "classic-solo",
                   "team"]
"""The game modes an ``Options`` may name (``obsession_nb/engine/mode.py``)."""

Rotation = Literal["counterclockwise", "clockwise"]
"""Which way the first-player pawn passes (``Options.first_player_rotation``)."""

SoloTarget = Literal["printed", "expert-monuments", "opponent", "opponent-monuments"]
"""What a solo game's target score is (``Options.solo_target``)."""


@record
class Options(Record):
    """Rules variants (DESIGN principle 6); the defaults are the expansion rulebook's rules."""

    expansion: bool = True
    """Upstairs, Downstairs servants, pass/hire rule and servant draft."""
    length: Literal["standard", "extended"] = "standard"
    first_player_rotation: Rotation = "counterclockwise"
    market_reserve: bool = True
    pass_hire: bool | None = None
    """Hiring as a pass option; ``None`` follows ``expansion`` (UD p.9)."""
    low_vp_monuments: bool = False
    prestige_guest_limit: bool | None = None
    """At most six prestige guests per player (UD p.11); ``None`` = on in six-player individual
    play only."""
    mode: ModeName = "standard"
    """``solo-estate-challenge``: the expansion's solo mode (UD p.13-14); ``tableau`` and
    ``tableau-duel``: Tableau Obsession and its two-player Duel (UD p.15); ``classic-solo``:
    the base game's solitaire against an opponent card (Facts §6); ``team``: Competitive Team
    Play (UD p.12; obsession_nb/modes)."""
    teams: list[list[int]] | None = None
    """Competitive Team Play: the seats of each team of two (``[[0, 3], [1, 4], [2, 5]]``);
    ``None``: teammates across the table (team.seating)."""
    solo_target: SoloTarget = "printed"
    """The solo target: the Solo Estate Challenge's printed score, or plus scavenged monument VP
    (UD p.13); an opponent card's base score, or plus scavenged monument VP (UD p.14; in
    classic solitaire the challenging mode, Facts §6.4).  The card is a setup choice, kept in
    ``solo.opponent`` or ``classic_solo.opponent``."""
    compensation_seat: Literal["never-first", "last"] = "never-first"
    """Who gets the 5–6-player money without the expansion: the seats that never hold the pawn,
    or literally the last seat(s) (UD p.11; option.compensation-seat)."""

    courtship: Literal["open", "closed"] = "open"
    """``closed``: the Jane Austen variant, each theme turned up on its courtship space
    (option.closed-courtship; obsession_nb/engine/steps/themes.py)."""
    theme_reveal: Literal["open", "cliffhanger"] = "open"
    """``cliffhanger``: the Charles Dickens variant, a d20 per season says when the theme is
    turned up (option.cliffhanger; obsession_nb/engine/steps/themes.py)."""

    objectives: Literal["during-play", "choose-at-setup", "milestones"] = "during-play"
    """``choose-at-setup``: the 1st printing's five dealt, two kept before play
    (ud.objectives-during-play; obsession_nb/engine/setup/decisions.py); ``milestones``: the milestones
    serve instead of private objectives, which leave the game (option.milestones)."""
    servants_hall: Literal["place-servant", "automatic"] = "place-servant"
    """``automatic``: the 1st-printing Hall steals one reputation every turn without a servant
    (ud.servants-hall)."""
    market: Literal["standard", "seasonal", "building-boom"] = "standard"
    """Emily Brontë's seasonal refresh or Queen Victoria's building boom (option.seasonal-market,
    option.queen-victoria-market; obsession_nb/engine/steps/market.py)."""
    intensive_service: Literal["off", "standard"] | list[str] = "off"
    """Intensive Service: the opening market seeded with three service tiles (``standard``), or
    the three or four the players name (option.intensive-service; engine/setup/tiles.py)."""
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

    @pydantic_hook("model_validator", mode="after")
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
