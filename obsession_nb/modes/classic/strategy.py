"""Players for whole games of classic solitaire: the seeded random player
(``random_player.RandomPlayer``) and a greedy one.  Both choose only among legal actions."""

from __future__ import annotations

from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.steps.market import offers
from obsession_nb.players.random_player import RandomPlayer


class GreedyClassic(RandomPlayer):
    """The random player with three greedy habits: it hosts an activity whenever it can (the
    tile of the highest prestige), invites every guest it may, and in step 7 buys the tile whose
    VP count most towards courtship — a revealed theme's column counts again at the final
    courtship — for the lowest price."""

    name = "greedy"

    def choose(self, game: Game) -> a.Action | None:
        legal = game.legal_actions()
        table = game.table
        buys = [x for x in legal if isinstance(x, a.Buy) and not x.useful_man]
        if buys:
            prices = {o.tile: o.price for o in offers(table)}
            themes = [table.catalog.themes[t].category for t in game.state.themes]

            def worth(buy: a.Buy) -> tuple[int, int, str]:
                tile = table.tile(buy.tile)
                best = max(tile.front.vp, tile.back.vp if tile.back else 0)
                column = tile.column(False)
                shown = themes.count(column) if column else 0
                return best * (1 + shown), -prices.get(buy.tile, 0), buy.tile

            return max(buys, key=worth)
        hosts = [x for x in legal if isinstance(x, a.Host)]
        if hosts:
            return max(hosts, key=lambda h: (table.tile(h.tile).front.prestige or 0, h.tile))
        for kind in (a.Activity, a.Invite):
            found = [x for x in legal if isinstance(x, kind)]
            if found:
                return found[0] if kind is a.Activity else self.rng.choice(found)
        return super().choose(game)


def make_player(strategy: str, seed: int) -> RandomPlayer:
    if strategy == "greedy":
        return GreedyClassic(seed)
    if strategy == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown strategy '{strategy}'; choose greedy or random")
