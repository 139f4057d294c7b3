"""The explorer: every distinct way to finish the current turn, played on copies and compared.

From the pending decision, each line of play that completes the turn (an activity: tile, guests,
service, supplemental placements and the favour choices; or a pass option, with its hiring and
shopping) is played on a copy of the position (copy-on-branch: of the choices met at a position,
each but the last plays on a ``State.clone`` of it, the last on the position itself), and its
figures are read from the position it leaves: the change in money and reputation, guests
gained, cards drawn unseen, servants used, tiles flipped or bought, what is left affordable, and
the change in the scoresheet total.  Special actions (borrowing, a market
refresh, asking for help, the useful man's removals, VP-card reveals, and in team play asking a
teammate for a gift or a servant) are not explored: they can be taken at any moment and would
multiply every line (play one in the stepper first, then explore).  A teammate's answer to a
request already made is explored, as the line goes on from it.

Honest about chance: a blind draw is counted (``draws``), never named in a column; the card
kept from a see-N-keep-1 invitation is the first one offered unless ``peek=True`` (its name
appears only in the replayable line, as the position's deck order gives it).  Choices whose
order cannot change the end are played in one order only (choices.py); lines whose end
positions are still the same (up to the order of cards in hand and of servants in a zone) are
interchangeable and merged into one row; ``alternatives`` lists the others.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from obsession_nb.engine.explore.choices import Scope, explored_choices
from obsession_nb.engine.explore.keys import end_position_key, position_key
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.naming import describe
from obsession_nb.engine.records.state import State
from obsession_nb.engine.scoring import score_player
from obsession_nb.engine.seat.log import hide_cards
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.engine.records.state import State
    from obsession_nb.engine.seat.view import SeatView
    from obsession_nb.engine.table import Table


class Game(Protocol):
    """What the explorer reads of a game (an ``engine.game.Game``): its position with its
    catalog, whose decision it is, what a seat may see, and a copy re-dealt for a seat."""

    @property
    def table(self) -> Table: ...
    @property
    def state(self) -> State: ...
    def pending(self) -> dict[str, Any]: ...
    def seat_view(self, seat: int | None) -> SeatView: ...
    def sample(self, seat: int, rng: random.Random) -> Self: ...


G = TypeVar("G", bound=Game)


COLUMNS = ("actions", "money", "reputation", "level", "position", "money_after", "guests",
           "invitations", "draws", "servants", "hired", "flipped", "bought", "affordable",
           "score", "merged", "alternatives")
"""The columns of :func:`explore`'s table, in order."""
SORTABLE = tuple(c for c in COLUMNS if c not in ("actions", "alternatives"))
"""The columns a table can be sorted by (the other two hold lists of actions)."""

LIMIT = 20000
"""At most this many positions are searched (unless a search is given its own ``limit``); past
it :class:`ExploreLimit` is raised."""


class ExploreLimit(RuntimeError):
    """The turn has more distinct positions than the explorer searches."""


@dataclass
class _Path:
    """A line being played: its actions and what it has met on the way."""

    actions: tuple[str, ...] = ()
    invitations: int = 0
    draws: int = 0
    placed: tuple[str, ...] = ()
    affordable: tuple[str, ...] = ()


@dataclass
class Line:
    """One way to finish the turn and the position it leaves."""

    actions: list[str]
    state: State = field(repr=False, compare=False)
    """The end position, to read the figures from."""
    figures: dict[str, Any] = field(default_factory=dict)


@contextmanager
def _cycles_uncollected() -> Iterator[None]:
    """Pause Python's cycle collector: a search makes tens of thousands of short-lived
    positions, freed by reference counting, and the collector's passes over a notebook's
    heap would cost it a fifth of its time.  Bounded by :data:`LIMIT`."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def lines(game: Game, *, purchases: bool = False, peek: bool = False, host: str | None = None,
          party: Collection[str] | None = None, passing: bool = False,
          limit: int | None = None) -> list[Line]:
    """Every line that completes the pending turn (only those hosting ``host``, inviting
    ``party`` or passing, if given: :class:`~obsession_nb.engine.explore.choices.Scope`), each
    with its figures; :class:`ExploreLimit` past ``limit`` positions (:data:`LIMIT` if not
    given).  The game itself is not changed."""
    scope = Scope(purchases, peek, host, None if party is None else frozenset(party), passing)
    with _cycles_uncollected():
        return _search(game, scope, LIMIT if limit is None else limit)


def _search(game: Game, scope: Scope, limit: int) -> list[Line]:
    table = Table(game.state.clone(), game.table.catalog, dict(game.table.custom))
    if table.state.turn is None:
        return []
    seat = table.turn.player
    turns = table.me.turns_taken
    hand_order = {c: i for i, c in enumerate(table.me.hand)}
    seen: set[tuple[Any, ...]] = set()
    known: dict[tuple[Any, ...], tuple[str, ...]] = {}
    found: list[Line] = []
    stack: list[tuple[State, _Path]] = [(table.state, _Path())]
    while stack:
        position, path = stack.pop()
        table.state = position
        previous = path.actions[-1] if path.actions else None
        choices = list(explored_choices(table, hand_order, scope, previous))
        last = len(choices) - 1
        if table.turn.step == "buy":
            path = _with_affordable(table, path, known)
        for n, action in enumerate(choices):
            # the last choice plays on the position itself, the others each on a copy of it
            table.state = position.clone() if n < last else position
            hand = list(table.me.hand)
            placed = tuple(p.servant for p in table.turn.placements)
            screens = _screens(table)
            table.automatic = []
            engine.perform(table, action)
            step = _Path((*path.actions, action.notation), path.invitations, path.draws,
                         placed, path.affordable)
            _count_cards(table, seat, hand, action, step)
            if not _finished(table, seat, turns):
                step.placed = tuple(p.servant for p in table.turn.placements)
            if not scope.purchases and table.state.turn is not None and table.turn.step == "buy" and (
                table.turn.player == seat
            ):
                step = _with_affordable(table, step, known)
                engine.perform(table, a.Done())
                step.actions = (*step.actions, "done")
            if _finished(table, seat, turns):
                found.append(Line(list(step.actions), table.state,
                                  {"invitations": step.invitations, "draws": step.draws,
                                   "placed": step.placed, "affordable": step.affordable}))
                continue
            step.invitations += _screens(table) - screens if _screens(table) > screens else 0
            key = position_key(table)
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > limit:
                raise ExploreLimit(
                    f"more than {limit} positions in this turn; explore one activity at a time "
                    "with host='TILE' (the CLI's --host TILE), one party of it with "
                    "party=[GUESTS], or without purchases")
            stack.append((table.state, step))
    return found



def _with_affordable(table: Table, path: _Path,
                     known: dict[tuple[Any, ...], tuple[str, ...]]) -> _Path:
    """The path with the tiles the player could buy now (``known``: found before, by the
    money, organiser and market they depend on)."""
    me, supply = table.me, table.state.supply
    key = (me.money, tuple(t.tile for t in me.organiser), tuple(me.servants.available),
           tuple(map(tuple, supply.market)), tuple(supply.service_reserve),
           tuple(supply.pr1_reserve), supply.service_reserve_active, supply.pr1_reserve_active,
           table.turn.purchases, table.turn.unlimited_purchases)
    if key not in known:
        with table.reading():
            buys = [b for b in engine.candidates(table) if isinstance(b, a.Buy) and not b.useful_man]
            tiles = [b.tile for b in engine.allowed(table, buys)]
        known[key] = tuple(dict.fromkeys(tiles))
    return _Path(path.actions, path.invitations, path.draws, path.placed, known[key])


def _screens(table: Table) -> int:
    turn = table.state.turn
    if turn is None:
        return 0
    return sum(1 for c in turn.choices if c.kind == "screen")


def _count_cards(table: Table, seat: int, hand_before: list[str], action: a.Action,
                 path: _Path) -> None:
    """Cards that came into the hand: kept from a screen (seen) or drawn blind."""
    hand = table.state.players[seat].hand
    new = len(hand) - len(hand_before) + (1 if isinstance(action, a.Invite) else 0)
    if new > 0 and not isinstance(action, a.Keep):
        path.draws += new


def _finished(table: Table, seat: int, turns: int) -> bool:
    state = table.state
    return state.turn is None or state.players[seat].turns_taken > turns


def _row(game: Game, line: Line, before: dict[str, Any]) -> dict[str, Any]:
    table = Table(line.state, game.table.catalog, dict(game.table.custom))
    seat = before["seat"]
    me = table.state.players[seat]
    wheel = table.wheel
    old_tiles = before["tiles"]
    level, position = wheel.level(me.reputation), wheel.position(me.reputation)
    return {
        "actions": line.actions,
        "money": me.money - before["money"],
        "reputation": me.reputation - before["reputation"],
        "level": level,
        "position": position,
        "money_after": me.money,
        "guests": len(me.hand) + len(me.discard) - before["cards"],
        "invitations": line.figures["invitations"],
        "draws": line.figures["draws"],
        "servants": ", ".join(sorted(line.figures["placed"])),
        "hired": len(me.servants.all()) + len(me.removed) - before["servants"],
        "flipped": ", ".join(t.tile for t in me.organiser
                             if t.tile in old_tiles and t.flipped != old_tiles[t.tile]),
        "bought": ", ".join(t.tile for t in me.organiser if t.tile not in old_tiles),
        "affordable": ", ".join(line.figures["affordable"]),
        "score": score_player(table, seat, explain=False).total - before["score"],
    }


def _rows(game: Game, found: list[Line]) -> list[dict[str, Any]]:
    """One row per group of interchangeable lines (the same end position), figures read
    against the position before the turn."""
    state = game.state
    assert state.turn is not None
    seat = state.turn.player
    me = state.players[seat]
    before = {
        "seat": seat, "money": me.money, "reputation": me.reputation,
        "cards": len(me.hand) + len(me.discard),
        "servants": len(me.servants.all()) + len(me.removed),
        "tiles": {t.tile: t.flipped for t in me.organiser},
        "score": score_player(game.table, seat, explain=False).total,
    }
    groups: dict[tuple[Any, ...], list[Line]] = {}
    for line in found:
        groups.setdefault(end_position_key(line.state), []).append(line)
    rows = []
    for same in groups.values():
        same.sort(key=lambda ln: (len(ln.actions), ln.actions))
        row = _row(game, same[0], before)
        row["merged"] = len(same)
        row["alternatives"] = [ln.actions for ln in same[1:]]
        rows.append(row)
    return rows


def explore(game: Game, *, sort: str = "money", ascending: bool = False, top: int | None = None,
            uses: str | None = None, query: str | None = None, purchases: bool = False,
            peek: bool = False, host: str | None = None, party: Collection[str] | None = None,
            passing: bool = False, limit: int | None = None,
            seat: int | None = None) -> pd.DataFrame:
    """Every distinct way to complete the current turn, one row per line (columns
    :data:`COLUMNS`), sorted by ``sort`` (ties by the other figures).

    ``uses``: only lines that place this servant kind (``"cook"``); ``query``: a pandas
    query on the columns (``"reputation >= 5"``); ``top``: the first rows only; ``purchases``:
    also explore step 7's purchases, one line per tile bought (by default each row ends the
    turn without buying and lists what it leaves ``affordable``); ``peek``:
    try every card a see-N-keep-1 invitation shows (the cards are hidden at a real table);
    ``host``: only the activities hosting this tile (a faster search); ``party``: only the
    activities inviting exactly these guests (in any order); ``passing``: only the lines that
    pass; ``limit``: the positions searched at most (:data:`LIMIT` if not given; past it
    :class:`ExploreLimit`); ``seat``: as that player, whose decision it must be, may explore
    it (:func:`for_seat`)."""
    import pandas as pd

    if seat is not None:
        return for_seat(game, seat, lambda guess: explore(
            guess, sort=sort, ascending=ascending, top=top, uses=uses, query=query,
            purchases=purchases, peek=peek, host=host, party=party, passing=passing,
            limit=limit))

    _check_order(sort, top)
    if game.state.turn is None:
        return pd.DataFrame(columns=list(COLUMNS))
    found = lines(game, purchases=purchases, peek=peek, host=host, party=party, passing=passing,
                  limit=limit)
    return line_table(game, found, sort=sort, ascending=ascending, top=top, uses=uses,
                      query=query)


def line_table(game: Game, found: list[Line], *, sort: str = "money", ascending: bool = False,
               top: int | None = None, uses: str | None = None,
               query: str | None = None) -> pd.DataFrame:
    """The table of :func:`explore` for lines ``found`` in the game's pending turn (by
    :func:`lines`, one search or several): one row per end position, the options as
    :func:`explore`'s."""
    import pandas as pd

    _check_order(sort, top)
    with _cycles_uncollected():
        rows = _rows(game, found)
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    if uses is not None:
        frame = frame.loc[[uses in placed.split(", ") for placed in frame["servants"]]]
    if query:
        frame = _queried(frame, query)
    others = [c for c in ("money", "reputation", "score", "guests") if c != sort]
    frame = frame.sort_values([sort, *others], ascending=ascending, kind="stable")
    frame = frame.reset_index(drop=True)
    return frame.head(top) if top is not None else frame


def _check_order(sort: str, top: int | None) -> None:
    if sort not in SORTABLE:
        raise ValueError(f"cannot sort by '{sort}': the columns to sort by are "
                         f"{', '.join(SORTABLE)}")
    if top is not None and top < 1:
        raise ValueError(f"top must be at least 1, not {top}")


def for_seat(game: G, seat: int, search: Callable[[G], pd.DataFrame]) -> pd.DataFrame:
    """``search`` run as ``seat`` may run it (ruling.seat-view): on a copy of the position with
    everything the seat cannot know dealt again from a fixed seed (``Game.sample``), so that
    no row, its order nor its figures depend on a hidden card, and every card the seat cannot
    see named in the rows by its back (``hidden-casual``): a card a line draws is a guess."""
    owner = game.pending().get("owner")
    if owner != seat:
        who = "nobody's (the game is over)" if owner is None else game.table.seat_name(owner) + "'s"
        raise ValueError(f"the decision is {who}: {game.table.seat_name(seat)} explores only "
                         "her own decisions")
    hidden = game.seat_view(seat).hidden
    frame = search(game.sample(seat, random.Random(f"explore-sample:{seat}"))).copy()
    for column in ("actions", "alternatives"):
        frame[column] = [_hidden_in(cell, hidden) for cell in frame[column]]
    return frame


def _hidden_in(cell: Any, hidden: Mapping[str, str]) -> Any:
    """A line's notations (or a list of lines) with each hidden card named by its back."""
    if isinstance(cell, str):
        return hide_cards(cell, hidden)
    return type(cell)(_hidden_in(x, hidden) for x in cell)


def _queried(frame: pd.DataFrame, query: str) -> pd.DataFrame:
    """The rows a pandas query keeps; a query pandas cannot run (a misspelt column, bad
    syntax, a comparison of a text column with a number) is a ``ValueError`` naming the
    columns, never pandas' own error."""
    try:
        found = frame.query(query)
    except Exception as exc:  # pandas raises many kinds: NameError, SyntaxError, TypeError...
        raise ValueError(f"the query {query!r} cannot be run ({type(exc).__name__}: {exc}); "
                         f"the columns are {', '.join(COLUMNS)}") from None
    if not isinstance(found, type(frame)):
        raise ValueError(f"the query {query!r} must compare columns (e.g. 'money >= 500')")
    return found


def find_line(frame: pd.DataFrame, **figures: Any) -> pd.Series:
    """The first line of an explored table whose figures are all as given
    (``find_line(table, money=700, draws=0)``); ``LookupError`` naming them if there is none."""
    unknown = sorted(set(figures) - set(COLUMNS))
    if unknown:
        raise ValueError(f"no column {', '.join(unknown)}; the columns are {', '.join(COLUMNS)}")
    found = frame
    for column, value in figures.items():
        found = found[found[column] == value]
    if found.empty:
        wanted = ", ".join(f"{k} {v}" for k, v in figures.items())
        raise LookupError(f"no line of the {len(frame)} has {wanted}")
    return found.iloc[0]


def line_text(row: Any, game: Game | None = None) -> str:
    """One explored line's figures in words (a table row or :func:`find_line`'s answer); given
    the ``game`` explored, then the servants it places and its actions, named, one a line."""
    text = (f"£{row.money:+d}, reputation {row.reputation:+d} (level {row.level} position "
            f"{row.position}), guests {row.guests:+d}, {row.invitations} see-N-keep-1 "
            f"invitation(s), {row.draws} blind draw(s), score {row.score:+d}")
    if game is not None:
        servants = [game.table.servant_name(s) for s in row.servants.split(", ") if s]
        text += "\nservants: " + (", ".join(servants) or "none")
        text += "".join(f"\n  {describe(game, action)}" for action in row.actions)
    return text


def rows_json(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The table as JSON-ready rows (the CLI's ``--json``)."""
    import json

    rows: list[dict[str, Any]] = json.loads(frame.to_json(orient="records"))
    return rows

