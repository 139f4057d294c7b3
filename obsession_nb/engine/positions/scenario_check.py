"""What the components of a position must satisfy beyond their field types, each problem with its
path: every id known to the catalog, no card or tile in more places than it has copies, numbers
in range, a market of identical stacks and reserves of their own kind, the milestones, both
Fairchilds in play on a track with courtships, as many objectives as the round allows (objective_count). Every
mode goes through all of these; a mode plugin adds its own (``Mode.check_position``) and only
says what differs by its attributes (``identical_stacks``, ``last_round``, ``milestones``). The
pending decision is checked one layer up, where the rules live
(:mod:`obsession_nb.engine.positions.position_check`), in every mode too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import GentryCard, Tile
from obsession_nb.engine.mode import held_records, mode_named
from obsession_nb.engine.positions.objective_count import objective_count_problems
from obsession_nb.engine.records.reputation import Wheel
from obsession_nb.engine.records.state import State
from obsession_nb.engine.setup.tiles import box_in_use, chosen_monuments
from obsession_nb.engine.steps.buying import purchase_limit
from obsession_nb.engine.steps.milestones import MARKERS, PER_GAME
from obsession_nb.engine.table import Table


def key_path(key: str) -> str:
    """``.footman`` for a plain key, ``['odd key']`` for any other (so a path stays one word)."""
    return f".{key}" if re.fullmatch(r"[A-Za-z_][\w\-]*", key) else f"[{key!r}]"


Where = str | tuple[str, int]
"""A component's path: written out, or a list's path and the index in it (written only when a
problem names it: most positions have none, and a position names hundreds of components)."""

Add = Callable[[Where, str], None]
"""A check of one component at its path (:meth:`_Components.card` …)."""


def text(path: Where) -> str:
    """The path as a problem names it: ``supply.bag[3]``."""
    return path if isinstance(path, str) else f"{path[0]}[{path[1]}]"


def check(state: State, catalog: Catalog, custom: dict[str, GentryCard],
          unchecked: Iterable[str] = (), *, whole: bool = True) -> list[str]:
    """Every problem of the components; ``unchecked`` are card ids not to report as unknown
    (the scenario's own cards that failed their own checks); ``whole=False`` leaves out what
    depends on the whole position (when some values were set aside)."""
    components = _Components(state, catalog, {**catalog.gentry, **custom}, set(unchecked))
    problems = components.run()
    if whole:
        problems += components.fairchilds()
        problems += objective_count_problems(state, catalog, components.cards)
    return problems


class _Components:
    """Ids, copies and numbers of everything in the position."""

    def __init__(self, state: State, catalog: Catalog, cards: dict[str, GentryCard],
                 unchecked: set[str]) -> None:
        self.state, self.catalog, self.cards, self.unchecked = state, catalog, cards, unchecked
        self.mode = mode_named(state.options.mode)
        self.problems: list[str] = []
        self.places: dict[str, dict[str, list[Where]]] = {
            k: {} for k in ("card", "tile", "objective", "vp", "theme")}

    # ----------------------------------------------------------------- places of components

    def card(self, path: Where, card_id: str) -> None:
        self.card_named(path, card_id)
        self.places["card"].setdefault(card_id, []).append(path)

    def card_named(self, path: Where, card_id: str) -> None:
        """A gentry card a record names without holding it (a lent card is counted where it
        is)."""
        if card_id not in self.cards and card_id not in self.unchecked:
            self.problems.append(f"{text(path)}: unknown gentry card '{card_id}'")

    def tile(self, path: Where, tile_id: str) -> None:
        if tile_id not in self.catalog.tiles:
            self.problems.append(f"{text(path)}: unknown tile '{tile_id}'")
        self.places["tile"].setdefault(tile_id, []).append(path)

    def recorded(self, path: Where, tile_id: str) -> None:
        """A tile named by a record of what happened (not a place it is in now)."""
        if tile_id not in self.catalog.tiles:
            self.problems.append(f"{text(path)}: unknown tile '{tile_id}'")

    def servant(self, path: Where, kind: str) -> None:
        if kind not in self.catalog.servants:
            self.problems.append(f"{text(path)}: unknown servant '{kind}'")

    def other(self, what: str, known: Mapping[str, object], path: Where, card_id: str) -> None:
        if card_id not in known:
            label = {"objective": "objective card", "vp": "VP card", "theme": "theme card"}[what]
            self.problems.append(f"{text(path)}: unknown {label} '{card_id}'")
        self.places[what].setdefault(card_id, []).append(path)

    def each(self, add: Add, path: str, ids: list[str]) -> None:
        for j, item in enumerate(ids):
            add((path, j), item)

    def not_negative(self, path: str, value: int) -> None:
        if value < 0:
            self.problems.append(f"{path}: cannot be negative ({value})")

    # ----------------------------------------------------------------- the checks

    def run(self) -> list[str]:
        state, catalog = self.state, self.catalog
        self.table_checks()
        objective = lambda p, c: self.other("objective", catalog.objectives, p, c)  # noqa: E731
        vp = lambda p, c: self.other("vp", catalog.vp_cards, p, c)  # noqa: E731
        theme = lambda p, c: self.other("theme", catalog.themes, p, c)  # noqa: E731
        wheel = Wheel(state.options.wheel_levels)
        names = Counter(p.name for p in state.players)
        families = Counter(p.family for p in state.players if p.family is not None)
        drafting = state.turn is not None and state.turn.step == "draft"
        for i, player in enumerate(state.players):
            base = f"players[{i}]"
            if names[player.name] > 1:
                self.problems.append(f"{base}.name: '{player.name}' is used by more than one "
                                     "player")
            if player.family is None and not drafting:
                self.problems.append(f"{base}.family: every player needs a family once setup "
                                     "is over")
            elif player.family is not None and player.family not in catalog.families:
                self.problems.append(f"{base}.family: unknown family '{player.family}'")
            elif player.family is not None and families[player.family] > 1:
                self.problems.append(f"{base}.family: the {player.family} board is used by "
                                     "more than one player")
            self.not_negative(f"{base}.money", player.money)
            if not 0 <= player.reputation <= wheel.top:
                self.problems.append(f"{base}.reputation: off the {state.options.length} "
                                     "wheel (level 1 position 1 to Max position 5)")
            self.not_negative(f"{base}.turns_taken", player.turns_taken)
            self.not_negative(f"{base}.objectives_discarded", player.objectives_discarded)
            for zone in ("available", "quarters", "expended"):
                self.each(self.servant, f"{base}.servants.{zone}", player.servants.zone(zone))
            self.each(self.servant, f"{base}.removed", player.removed)
            self.each(self.card, f"{base}.hand", player.hand)
            self.each(self.card, f"{base}.discard", player.discard)
            for j, card in enumerate(player.known):
                if card not in player.hand:
                    self.problems.append(f"{base}.known[{j}]: '{card}' is not in this hand (a "
                                         "known card is one the hand holds: "
                                         "ruling.seat-known-cards)")
            self.each(objective, f"{base}.objectives", player.objectives)
            self.each(vp, f"{base}.vp_cards", player.vp_cards)
            owned = Counter(t.tile for t in player.organiser)
            for j, owned_tile in enumerate(player.organiser):
                self.tile(f"{base}.organiser[{j}].tile", owned_tile.tile)
                if owned[owned_tile.tile] > 1:
                    self.problems.append(f"{base}.organiser[{j}].tile: duplicate "
                                         f"'{owned_tile.tile}' (no player may own two copies "
                                         "of a tile)")
        self.supply_checks(objective, vp, theme)
        self.each(theme, "themes", state.themes)
        self.turn_checks(objective)
        named: dict[str, Add] = {"card": self.card, "card-named": self.card_named, "vp": vp,
                                 "tile-named": self.recorded, "servant": self.servant}
        for field, held in held_records(state):  # what the modes' records name
            for kind, where, item in held.components(field):
                named[kind](where, item)
        self.milestone_checks()
        self.monument_choice()
        self.problems += self.mode.check_position(state, catalog)
        self.copies()
        return self.problems

    def table_checks(self) -> None:
        state, catalog = self.state, self.catalog
        if not 1 <= len(state.players) <= 6:
            self.problems.append(f"players: 1 to 6 players, not {len(state.players)}")
        if not 0 <= state.first_player < max(1, len(state.players)):
            self.problems.append(f"first_player: no seat {state.first_player}")
        track = catalog.round_tracks.get(state.options.track)
        last = self.mode.last_round or (len(track.rounds) if track is not None else None)
        if last is not None and not 1 <= state.round <= last:
            self.problems.append(f"round: must be 1 to {last}, not {state.round}")
        self.not_negative("chance.draws", state.chance.draws)
        for j, roll in enumerate(state.chance.next_rolls):
            if not 1 <= roll <= 20:
                self.problems.append(f"chance.next_rolls[{j}]: a d20 roll is 1 to 20, not {roll}")
        if state.finished and state.turn is not None:
            self.problems.append("turn: the game is over (finished), so no decision is pending")

    def supply_checks(self, objective: Add, vp: Add, theme: Add) -> None:
        state = self.state
        supply = state.supply
        for kind, count in supply.servants_for_hire.items():
            self.servant(f"supply.servants_for_hire{key_path(kind)}", kind)
            self.not_negative(f"supply.servants_for_hire{key_path(kind)}", count)
        self.each(self.servant, "supply.draft_display", supply.draft_display)
        self.each(self.card, "supply.casual_deck", supply.casual_deck)
        self.each(self.card, "supply.prestige_deck", supply.prestige_deck)
        for j, card_id in enumerate(supply.fairchilds):
            self.card(f"supply.fairchilds[{j}]", card_id)
            card = self.cards.get(card_id)
            if card is not None and card.deck != "fairchild":
                self.problems.append(f"supply.fairchilds[{j}]: '{card_id}' is not a Fairchild")
        for pile in ("bag", "service_reserve", "pr1_reserve", "removed"):
            self.each(self.tile, f"supply.{pile}", getattr(supply, pile))
        if len(supply.market) > 6:
            self.problems.append(f"supply.market: six spaces at most, not {len(supply.market)}")
        # a bought space stays empty until the turn's last purchase only where a turn may buy
        # several (market.purchases-then-slide); after a single purchase the tiles slide at once
        turn = state.turn
        shopping = (turn is not None and turn.purchases > 0  # the slide waits
                    and _several_purchases(state, self.catalog))
        for j, stack in enumerate(supply.market):
            self.each(self.tile, f"supply.market[{j}]", stack)
            if self.mode.identical_stacks and (len(set(stack)) > 1 or not (stack or shopping)):
                self.problems.append(f"supply.market[{j}]: " + (
                    "only identical tiles stack in one space (market.duplicates-stack)" if stack
                    else "an empty space (the market is refilled at the end of each turn; "
                    "market.never-empty)"))
        self.reserve("service_reserve", lambda tile: tile.front.category == "service",
                     "a service tile")
        self.reserve("pr1_reserve", lambda tile: tile.front.prestige == 1, "a prestige-1 tile")
        self.each(objective, "supply.objective_deck", supply.objective_deck)
        self.each(vp, "supply.vp_deck", supply.vp_deck)
        self.each(vp, "supply.vp_discard", supply.vp_discard)
        self.each(theme, "supply.theme_deck", supply.theme_deck)
        for j, tile_id in enumerate(state.chance.next_tiles):
            if tile_id not in supply.bag:
                self.problems.append(f"chance.next_tiles[{j}]: '{tile_id}' is not in the bag")

    def reserve(self, pile: str, fits: Callable[[Tile], bool], kind: str) -> None:
        """A market reserve holds only its kind of tile (market.reserve-activation)."""
        for j, tile_id in enumerate(getattr(self.state.supply, pile)):
            tile = self.catalog.tiles.get(tile_id)
            if tile is not None and not fits(tile):
                self.problems.append(f"supply.{pile}[{j}]: '{tile_id}' is not {kind}")

    def milestone_checks(self) -> None:
        """The milestones in play (UD p.15 Milestones): two known cards at most, in a mode
        that uses them; each claim a seat's crest on a free place of one of them
        (milestone.setup, milestone.claim)."""
        found = self.state.milestones
        if found is None:
            return
        if self.mode.milestones is False and (found.cards or found.claims):
            self.problems.append(f"milestones: {self.state.options.mode} plays without "
                                 "milestones (solo.sec.player-setup)")
        if len(found.cards) > PER_GAME:
            self.problems.append(f"milestones.cards: {PER_GAME} milestones per game, not "
                                 f"{len(found.cards)}")
        for j, card in enumerate(found.cards):
            if card not in self.catalog.milestones:
                self.problems.append(f"milestones.cards[{j}]: unknown milestone '{card}'")
            elif card in found.cards[:j]:
                self.problems.append(f"milestones.cards[{j}]: '{card}' is already in play")
        places: set[tuple[str, int]] = set()
        markers = Counter(c.seat for c in found.claims)
        for j, claim in enumerate(found.claims):
            path = f"milestones.claims[{j}]"
            if claim.card not in found.cards:
                self.problems.append(f"{path}.card: '{claim.card}' is not a milestone in play")
            if not 0 <= claim.seat < len(self.state.players):
                self.problems.append(f"{path}.seat: no seat {claim.seat}")
            elif markers[claim.seat] > MARKERS:
                self.problems.append(f"{path}.seat: each player has {MARKERS} crest markers")
            if claim.place not in (1, 2):
                self.problems.append(f"{path}.place: a milestone has places 1 and 2, not "
                                     f"{claim.place}")
            elif (claim.card, claim.place) in places:
                self.problems.append(f"{path}.place: place {claim.place} of '{claim.card}' is "
                                     "already claimed")
            places.add((claim.card, claim.place))
            self.not_negative(f"{path}.turn", claim.turn)

    def turn_checks(self, objective: Add) -> None:
        turn = self.state.turn
        if turn is None:
            return
        base = "turn"
        if not 0 <= turn.player < len(self.state.players):
            self.problems.append(f"{base}.player: no seat {turn.player}")
        self.each(self.card, f"{base}.guests", turn.guests)
        for j, choice in enumerate(turn.choices):
            self.each(self.card, f"{base}.choices[{j}].cards", choice.cards)
        for j, placement in enumerate(turn.placements):
            self.servant(f"{base}.placements[{j}].servant", placement.servant)
        # the starter-guest draft's deck (engine/setup/decisions.py), else objectives to choose from
        self.each(self.card if turn.step == "starter-draft" else objective, f"{base}.offer",
                  turn.offer)
        for name in ("hired", "purchases"):
            self.not_negative(f"{base}.{name}", getattr(turn, name))

    def copies(self) -> None:
        catalog = self.catalog
        box = box_in_use(self.state.options.expansion, len(self.state.players))
        for card_id, places in self.places["card"].items():  # every card has a copy at least
            if len(places) < 2:
                continue
            copies = self.cards[card_id].copies if card_id in self.cards else 1
            if len(places) > copies:
                self.problems.append(f"{text(places[1])}: card '{card_id}' is already at "
                                     f"{text(places[0])}")
        for tile_id, places in self.places["tile"].items():
            tile = catalog.tiles.get(tile_id)
            if tile is not None and not tile.start and len(places) > tile.copies_in_game(box):
                self.problems.append(
                    f"{text(places[-1])}: tile '{tile_id}' is in {len(places)} places "
                    f"({', '.join(map(text, places))}) but the game has "
                    f"{tile.copies_in_game(box)}")
        known: dict[str, Mapping[str, object]] = {
            "objective": catalog.objectives, "vp": catalog.vp_cards, "theme": catalog.themes}
        for what, by_id in self.places.items():
            if what in ("card", "tile"):
                continue
            for card_id, places in by_id.items():
                if len(places) < 2:
                    continue
                record = known[what].get(card_id)
                copies = getattr(record, "copies", 1)
                if len(places) > copies:
                    self.problems.append(f"{text(places[copies])}: '{card_id}' is already at "
                                         f"{', '.join(map(text, places[:copies]))} (the game "
                                         f"has {copies})")

    def monument_choice(self) -> None:
        """Monuments named by the options (option.monuments) must be a set the setup still to
        finish can put in the bag (setup.monuments-by-count)."""
        state = self.state
        drafting = state.turn is not None and state.turn.step == "draft"
        if not drafting or state.options.monuments == "random" or not state.players:
            return
        try:
            chosen_monuments(self.catalog, self.mode.setup_players or len(state.players),
                             state.options)
        except ValueError as exc:
            self.problems.append(f"options.monuments: {str(exc).removeprefix('monuments: ')}")

    def fairchilds(self) -> list[str]:
        """Both Fairchilds are in play until the last courtship: on the track or with a player
        (the winner of each courtship takes one; courtship.winner, courtship.fairchild-return)."""
        state = self.state
        drafting = state.turn is not None and state.turn.step == "draft"  # setup under way
        track = self.catalog.round_tracks.get(state.options.track)
        courting = track is not None and any(s.courtship for s in track.rounds)
        if not courting or state.finished or drafting:  # no courtship, no Fairchilds
            return []
        fairchilds = [c for c, card in self.catalog.gentry.items() if card.deck == "fairchild"]
        missing = [c for c in fairchilds if c not in self.places["card"]]
        if not missing:
            return []
        return [f"supply.fairchilds: {', '.join(missing)} must be on the courtship track or "
                "with a player (the courtship winner takes one)"]


def _several_purchases(state: State, catalog: Catalog) -> bool:
    """Whether this turn may buy more than once (market.one-purchase); a round off the track or
    an unknown mode is reported by its own check, and then counts as one purchase."""
    try:
        return purchase_limit(Table(state, catalog)) is None
    except (IndexError, KeyError, ValueError):
        return False
