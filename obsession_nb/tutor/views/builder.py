"""The position builder as forms and pickers: no YAML to write.

``PositionBuilder()`` starts from :func:`obsession_nb.tutor.builder.new_position` (players and
families, round, expansion, mode, length, and printing differences and variants as
``name=value`` settings), then edits one player at a time (money, reputation, servants
by zone, hand and discard, organiser tiles and which are flipped) and the Builders' Market.
Every edit is checked at once as a scenario file would be (``scenario.parse``: each problem
with its path, shown in the rulings view); **Save as YAML** writes the file and **Open in
stepper** plays from the position.  The pickers offer the catalog's servants, cards and tiles
by name (the file keeps their ids); the engine decides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from obsession_nb.engine.mode import mode_named
from obsession_nb.tutor.builder import MODES, new_position
from obsession_nb.tutor.views.html import title_html
from obsession_nb.tutor.views.rulings import RulingsLog
from obsession_nb.tutor.views.stepper import Stepper

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game

ZONES = ("available", "quarters", "expended")


def _tags(options: list[str], label: str, *, duplicates: bool = False) -> widgets.TagsInput:
    box = widgets.TagsInput(allowed_tags=options, allow_duplicates=duplicates,
                            layout=widgets.Layout(width="640px"))
    box.add_class(f"onb-builder-{label.replace('£', 'market-')}")
    return box


class _Names:
    """The names a picker shows for the catalog ids a position keeps, both ways."""

    def __init__(self, ids: Iterable[str], name: Callable[[str], str]) -> None:
        self.of = {i: name(i) for i in ids}
        self.id = {n: i for i, n in self.of.items()}
        self.options = sorted(self.id)

    def names(self, ids: Iterable[str]) -> list[str]:
        return [self.of.get(i, i) for i in ids]

    def ids(self, names: Iterable[str]) -> list[str]:
        return [self.id.get(n, n) for n in names]


def _labelled(label: str, box: widgets.Widget) -> widgets.HBox:
    name = widgets.Label(label, layout=widgets.Layout(width="150px"))
    return widgets.HBox([name, box])


class PositionBuilder(widgets.VBox):
    """Build a position with forms, checked as you edit; ``game`` is the position built."""

    def __init__(self, players: int = 2, *, round: int = 1, expansion: bool = True,
                 families: list[str] | None = None) -> None:
        self.players = widgets.BoundedIntText(players, min=1, max=6, description="players",
                                              layout=widgets.Layout(width="160px"))
        self.families = widgets.Text(",".join(families or []), description="families",
                                     placeholder="howard,york,... (blank: at random)")
        self.round = widgets.BoundedIntText(round, min=1, max=20, description="round",
                                            layout=widgets.Layout(width="160px"))
        self.expansion = widgets.Checkbox(expansion, description="Upstairs, Downstairs",
                                          indent=False, layout=widgets.Layout(width="190px"))
        titles = {m: mode_named(m).title.removeprefix("the ") for m in MODES}
        modes = [(t[0].upper() + t[1:], m) for m, t in titles.items()]  # the games' names
        self.mode = widgets.Dropdown(options=modes, value="standard", description="game")
        self.extended = widgets.Checkbox(False, description="extended game", indent=False,
                                         layout=widgets.Layout(width="150px"))
        self.settings = widgets.Text(
            "", description="options", layout=widgets.Layout(width="640px"),
            placeholder="name=value ... e.g. courtship=closed market=seasonal (blank: standard)")
        self.settings.add_class("onb-builder-options")
        self.create = widgets.Button(description="New position")
        self.create.add_class("onb-builder-new")
        self.create.on_click(lambda _b: self.new())
        self.seat = widgets.Dropdown(description="player", options=[])
        self.money = widgets.IntText(description="money £", layout=widgets.Layout(width="200px"))
        self.level = widgets.BoundedIntText(1, min=1, max=9, description="level",
                                            layout=widgets.Layout(width="160px"))
        self.position = widgets.BoundedIntText(1, min=1, max=5, description="position",
                                               layout=widgets.Layout(width="160px"))
        self.game: Game = new_position(players, round=round, expansion=expansion,
                                       families=families)
        table = self.game.table
        self.servants = _Names(table.catalog.servants, table.servant_name)
        self.cards = _Names(table.catalog.gentry, table.card_name)
        self.tiles = _Names(table.catalog.tiles, table.tile_name)
        servants, cards, tiles = self.servants.options, self.cards.options, self.tiles.options
        self.zones = {z: _tags(servants, z, duplicates=True) for z in ZONES}
        self.hand = _tags(cards, "hand")
        self.discard = _tags(cards, "discard")
        self.organiser = _tags(tiles, "organiser")
        self.flipped = _tags(tiles, "flipped")
        self.market = [_tags(tiles, f"£{300 + 100 * i}", duplicates=True) for i in range(6)]
        self.problems = RulingsLog(heading="Checks")
        self.problems.add_class("onb-builder-checks")
        self.save_path = widgets.Text("my-position.yaml", description="file")
        self.save_button = widgets.Button(description="Save as YAML")
        self.save_button.add_class("onb-builder-save")
        self.save_button.on_click(lambda _b: self._save_click())
        self.open_button = widgets.Button(description="Open in stepper")
        self.open_button.add_class("onb-builder-open")
        self.open_button.on_click(lambda _b: self.open_in_stepper())
        self.yaml = widgets.Textarea(layout=widgets.Layout(width="860px", height="160px"),
                                     disabled=True)
        self.stepper_box = widgets.VBox()
        self.stepper: Stepper | None = None
        self._loading = False
        self.seat.observe(lambda _c: self._show_player(), names="value")
        for w in (self.money, self.level, self.position, *self.zones.values(), self.hand,
                  self.discard, self.organiser, self.flipped, *self.market):
            w.observe(lambda _c: self._edited(), names="value")
        setup = widgets.VBox([
            widgets.HBox([self.players, self.round, self.mode, self.expansion]),
            widgets.HBox([self.settings, self.extended])])
        player = widgets.VBox([
            widgets.HBox([self.seat, self.money, self.level, self.position]),
            *(_labelled(f"{z} service" if z != "quarters" else "Servants' Quarters", box)
              for z, box in self.zones.items()),
            _labelled("hand", self.hand), _labelled("discard", self.discard),
            _labelled("organiser", self.organiser), _labelled("flipped (rose side)", self.flipped)])
        market = widgets.VBox([widgets.HTML(title_html("Builders' Market")),
                               *(_labelled(f"£{300 + 100 * i}", box)
                                 for i, box in enumerate(self.market))])
        files = widgets.HBox([self.save_button, self.save_path, self.open_button])
        super().__init__([setup, widgets.HBox([self.families, self.create]), player, market,
                          self.problems, files, self.yaml, self.stepper_box],
                         layout=widgets.Layout(width="100%", max_width="890px"))
        self.add_class("onb-builder")
        self._load()

    # ------------------------------------------------------------ building

    def new(self) -> None:
        """A new position from the setup fields (a problem is shown, nothing is lost)."""
        families = [f.strip() for f in self.families.value.split(",") if f.strip()] or None
        try:
            game = new_position(self.players.value, families=families, round=self.round.value,
                                expansion=self.expansion.value, mode=self.mode.value,
                                length="extended" if self.extended.value else "standard",
                                settings=self.settings.value.split())
        except ValueError as exc:
            self.problems.problems = [str(exc)]
            self.problems.status = {"kind": "error", "text": "The position was not made."}
            return
        self.game = game
        self._load()

    def _load(self) -> None:
        state = self.game.state
        self._loading = True
        try:
            families = self.game.table.catalog.families
            self.seat.options = [(f"{self.game.table.seat_name(i)}, " + (
                f"House of {families[p.family].name}" if p.family else "no family yet"), i)
                for i, p in enumerate(state.players)]
            self.seat.value = 0
            for box, stack in zip(self.market, state.supply.market, strict=False):
                box.value = self.tiles.names(stack)
        finally:
            self._loading = False
        self._show_player()

    def _show_player(self) -> None:
        if self.seat.value is None:
            return
        p = self.game.state.players[self.seat.value]
        wheel = self.game.table.wheel
        self._loading = True
        try:
            self.money.value = p.money
            self.level.max = wheel.max_level
            self.level.value = wheel.level(p.reputation)
            self.position.value = wheel.position(p.reputation)
            for z in ZONES:
                self.zones[z].value = self.servants.names(p.servants.zone(z))
            self.hand.value = self.cards.names(p.hand)
            self.discard.value = self.cards.names(p.discard)
            self.organiser.value = self.tiles.names(t.tile for t in p.organiser)
            self.flipped.value = self.tiles.names(t.tile for t in p.organiser if t.flipped)
        finally:
            self._loading = False
        self.check()

    def _edited(self) -> None:
        if self._loading or self.seat.value is None:
            return
        from obsession_nb.engine.records.state import OwnedTile

        state = self.game.state
        p = state.players[self.seat.value]
        p.money = self.money.value
        p.reputation = self.game.table.wheel.steps(self.level.value, self.position.value)
        for z in ZONES:
            p.servants.zone(z)[:] = self.servants.ids(self.zones[z].value)
        p.hand = self.cards.ids(self.hand.value)
        p.discard = self.cards.ids(self.discard.value)
        flipped = set(self.tiles.ids(self.flipped.value))
        p.organiser = [OwnedTile(tile=t, flipped=t in flipped)
                       for t in self.tiles.ids(self.organiser.value)]
        state.supply.market = [self.tiles.ids(box.value) for box in self.market]
        self.check()

    # ------------------------------------------------------------ checking and files

    def to_yaml(self) -> str:
        return self.game.to_scenario()

    def check(self) -> list[str]:
        """Check the position as a scenario file is checked; show and return the problems."""
        from obsession_nb.engine.positions.scenario import ScenarioError, parse

        text = self.to_yaml()
        self.yaml.value = text
        try:
            parse(text, source="builder")
        except ScenarioError as exc:
            self.problems.problems = list(exc.problems)
            self.problems.status = {"kind": "error",
                                    "text": f"{len(exc.problems)} problem(s) to fix."}
            return list(exc.problems)
        self.problems.problems = []
        self.problems.status = {"kind": "ok", "text": "A legal position: "
                                f"{self.game.pending()['prompt']}."}
        return []

    def save(self, path: str | Path) -> Path:
        """Write the position as scenario YAML (refused while it has problems)."""
        problems = self.check()
        if problems:
            raise ValueError(f"the position has {len(problems)} problem(s): {problems[0]}")
        target = Path(path)
        target.write_text(self.to_yaml(), encoding="utf-8")
        return target

    def _save_click(self) -> None:
        try:
            target = self.save(self.save_path.value)
        except (OSError, ValueError) as exc:
            self.problems.status = {"kind": "error", "text": f"Not saved: {exc}"}
            return
        self.problems.status = {"kind": "ok", "text": f"Saved to {target}"}

    def open_in_stepper(self) -> Stepper | None:
        """Play from the position in a turn stepper below the builder."""
        from obsession_nb.engine.game import load_scenario_text

        if self.check():
            return None
        game = load_scenario_text(self.to_yaml(), source="builder")
        if self.stepper is None:
            self.stepper = Stepper(game)
            self.stepper_box.children = (self.stepper,)
        else:
            self.stepper.set_game(game)
        return self.stepper

    def __repr__(self) -> str:
        return f"<PositionBuilder: {self.game.pending()['prompt']!r}>"
