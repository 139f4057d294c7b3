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
order cannot change the end are played in one order only (``_choices``); lines whose end
positions are still the same (up to the order of cards in hand and of servants in a zone) are
interchangeable and merged into one row; ``alternatives`` lists the others.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from obsession_nb import actions as a
from obsession_nb import engine, flow, service
from obsession_nb import mode_actions as ma
from obsession_nb.cloning import keyer
from obsession_nb.favours import elsewhere, independent, touches
from obsession_nb.naming import describe
from obsession_nb.scoring import score_player
from obsession_nb.state import State, Turn
from obsession_nb.table import Table

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.game import Game

SPECIAL = (a.Borrow, a.Help, a.RefreshMarket, a.UsefulManRefresh, a.UsefulManSearch,
           a.Reveal, a.RevealHire, a.RevealReclaim, ma.AskGift, ma.AskServant)
"""Action kinds taken at any moment; the explorer leaves them out (see the module docstring)."""

COLUMNS = ("actions", "money", "reputation", "level", "position", "money_after", "guests",
           "invitations", "draws", "servants", "hired", "flipped", "bought", "affordable",
           "score", "merged", "alternatives")
"""The columns of :func:`explore`'s table, in order."""
SORTABLE = tuple(c for c in COLUMNS if c not in ("actions", "alternatives"))
"""The columns a table can be sorted by (the other two hold lists of actions)."""

LIMIT = 20000
"""At most this many positions are searched; past it :class:`ExploreLimit` is raised."""


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


def lines(game: Game, *, purchases: bool = False, peek: bool = False,
          host: str | None = None) -> list[Line]:
    """Every line that completes the pending turn (only those hosting ``host``, if given),
    each with its figures.  The game itself is not changed."""
    with _cycles_uncollected():
        return _search(game, purchases, peek, host)


def _search(game: Game, purchases: bool, peek: bool, host: str | None) -> list[Line]:
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
        choices = list(_choices(table, hand_order, purchases, peek, host, previous))
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
            if not purchases and table.state.turn is not None and table.turn.step == "buy" and (
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
            key = _key(table)
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > LIMIT:
                raise ExploreLimit(
                    f"more than {LIMIT} positions in this turn; explore one activity at a time "
                    "with host='TILE' (the CLI's --host TILE), or without purchases")
            stack.append((table.state, step))
    return found


def _choices(table: Table, hand_order: dict[str, int], purchases: bool, peek: bool,
             host: str | None, previous: str | None = None) -> Iterator[a.Action]:
    """The legal choices worth exploring here (``previous``: the notation of the action just
    played), each set of choices met in one order only where its order cannot change the end:

    * no special actions;
    * guests invited in every order that can change the end, and in one only where it cannot
      (:func:`_out_of_order`): step 6 resolves their invitations and choices in the order they
      came (ruling.favours-in-guest-order), and whether a guest may join depends on the party,
      not on its order (invite.exact-count, service.mandatory);
    * icons filled in a fixed order (the same sets, met once);
    * the cook placed before the first guest is invited (he lets higher guests attend and his
      +1 counts the same whenever he came: ud.cook.reputation); the head housemaid, like
      every supplemental servant in step 5, once every icon is filled (placed earlier she
      ends the same way, and only ever allows less: ud.supplemental-service,
      ud.head-housemaid.screen);
    * servants hired one after another in the order of their names (host.butlers-room);
    * the hall boy on the first guest he may serve only: his +£100 joins the one sum of money
      whichever £ favour he is on (ud.hall-boy.money, favours.money), unless a teammate's card
      sends its money elsewhere (team.family-favours);
    * with the useful man waiting on a tile, only that tile hosted (otherwise he returns: the
      same as not placing him, ud.useful-man.touch-move);
    * the first screened card only unless ``peek``; no purchase unless ``purchases``; only
      ``host`` as the activity, and no pass, when it is given."""
    turn = table.turn
    step = turn.step
    first_slot = None
    serving = False
    if step == "service":
        slots = service.open_slots(table)
        first_slot = slots[0].id if slots else None
        serving = bool(slots)
    ordered = not _order_matters(table)
    hired = previous.split()[1] if previous and previous.startswith("hire ") else None
    screen = turn.choices[0] if step == "favours" and turn.choices else None
    # the useful man waiting on an organiser tile returns unused unless that tile is hosted
    # (ud.useful-man.touch-move): hosting another, or passing, is the line without him
    waiting = {p.target for p in turn.placements if flow.idle_useful_man(table, p)} if (
        step == "host") else set()
    hall_boy_met = False
    with table.reading():
        for action in dict.fromkeys(engine.candidates(table)):
            if isinstance(action, SPECIAL):
                continue
            if (isinstance(action, a.Invite) and ordered
                    and _out_of_order(table, action.card, hand_order)):
                continue
            if isinstance(action, a.Serve) and action.slot != first_slot:
                continue
            if isinstance(action, a.Place) and (serving or _placed_later(turn, action.servant)):
                continue
            if isinstance(action, a.Hire) and hired is not None and action.servant < hired:
                continue
            if waiting and (isinstance(action, a.Pass) or (
                    isinstance(action, a.Host) and action.tile not in waiting)):
                continue
            if (isinstance(action, a.Keep) and not peek and screen is not None
                    and action.card != screen.cards[0]):
                continue
            if isinstance(action, a.Buy) and not purchases:
                continue
            if host is not None and (isinstance(action, a.Pass) or (
                    isinstance(action, a.Host) and action.tile != host)):
                continue
            if not engine.can(table, action):
                continue
            if ordered and _hall_boy_adds_to_the_sum(table, action):
                if hall_boy_met:
                    continue
                hall_boy_met = True
            yield action


def _placed_later(turn: Turn, servant: str) -> bool:
    """Whether this supplemental placement is met at another time of the turn instead: the
    cook before the first guest, the head housemaid in step 5 (see :func:`_choices`)."""
    if servant == "cook":
        return bool(turn.guests)
    return servant == "head_housemaid" and turn.step == "invite"


def _out_of_order(table: Table, card_id: str, hand_order: dict[str, int]) -> bool:
    """Whether inviting this guest now is a reordering of a line met already: it could have
    come before an earlier guest of a later place in the hand, over guests whose favours are
    all :func:`favours.independent` of its own (the one lexicographically least order of each
    class of interchangeable orders)."""
    favours = table.card(card_id).favours
    rank = hand_order.get(card_id, len(hand_order))
    for earlier in reversed(table.turn.guests):
        if not independent(table.card(earlier).favours, favours):
            return False
        if rank < hand_order.get(earlier, len(hand_order)):
            return True
    return False


def _hall_boy_adds_to_the_sum(table: Table, action: a.Action) -> bool:
    return (isinstance(action, a.Place) and action.servant == "hall_boy"
            and elsewhere(table, action.target, "money") is None)


def _free(table: Table, card_id: str) -> bool:
    """A guest whose favours depend on no other's order (:func:`favours.touches`)."""
    return not touches(table.card(card_id).favours)


def _order_matters(table: Table) -> bool:
    """The Queen's Suite doubles a favour of the first guest, so there the order counts."""
    from obsession_nb.suites import hosted

    return table.turn.tile is not None and hosted(table) is not None


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
            tiles = [b.tile for b in engine.candidates(table)
                     if isinstance(b, a.Buy) and not b.useful_man and engine.can(table, b)]
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


_POSITION = keyer(State)
_BESIDE_THE_TURN = keyer(State, frozenset({"turn"}))
_TURN_BUT_ORDERS = keyer(Turn, frozenset({"level_at_host", "placements", "guests"}))


def _key(table: Table) -> tuple[Any, ...]:
    """The position mid-turn as a key (obsession_nb/cloning.py), the same whatever order the
    same placements and guests came in."""
    state = table.state
    turn = state.turn
    assert turn is not None
    # step 3's level only matters to hosting (ruling.level-at-step-3)
    level = None if turn.passing else turn.level_at_host
    # icons are filled in a fixed order, so the filled ones are known by their number: which
    # servant covered which icon is set aside (the same servants, the same rest of the turn)
    placements = tuple(sorted(
        (p.servant, "served", p.from_quarters) if p.covers is not None
        else (p.servant, p.target, p.from_quarters)
        for p in turn.placements))
    if _order_matters(table):
        guests: tuple[Any, ...] = tuple(turn.guests)
    else:  # the order of guests whose favours touch nothing set aside
        guests = (tuple(sorted(c for c in turn.guests if _free(table, c))),
                  tuple(c for c in turn.guests if not _free(table, c)))
    return _BESIDE_THE_TURN(state), _TURN_BUT_ORDERS(turn), level, placements, guests


def _canonical(state: State) -> tuple[Any, ...]:
    """An end position as a key (sorted in place, which no figure depends on) with the order
    of hands, discards and servant zones set aside."""
    for p in state.players:
        p.hand.sort()
        p.discard.sort()
        for zone in ("available", "quarters", "expended"):
            p.servants.zone(zone).sort()
    return _POSITION(state)


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
        "score": score_player(table, seat).total - before["score"],
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
        "score": score_player(game.table, seat).total,
    }
    groups: dict[tuple[Any, ...], list[Line]] = {}
    for line in found:
        groups.setdefault(_canonical(line.state), []).append(line)
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
            peek: bool = False, host: str | None = None) -> pd.DataFrame:
    """Every distinct way to complete the current turn, one row per line (columns
    :data:`COLUMNS`), sorted by ``sort`` (ties by the other figures).

    ``uses``: only lines that place this servant kind (``"cook"``); ``query``: a pandas
    query on the columns (``"reputation >= 5"``); ``top``: the first rows only; ``purchases``:
    also explore step 7's purchases, one line per tile bought (by default each row ends the
    turn without buying and lists what it leaves ``affordable``); ``peek``:
    try every card a see-N-keep-1 invitation shows (the cards are hidden at a real table);
    ``host``: only the activities hosting this tile (a faster search)."""
    import pandas as pd

    if sort not in SORTABLE:
        raise ValueError(f"cannot sort by '{sort}': the columns to sort by are "
                         f"{', '.join(SORTABLE)}")
    if game.state.turn is None:
        return pd.DataFrame(columns=list(COLUMNS))
    with _cycles_uncollected():
        rows = _rows(game, lines(game, purchases=purchases, peek=peek, host=host))
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    if uses is not None:
        frame = frame.loc[[uses in placed.split(", ") for placed in frame["servants"]]]
    if query:
        frame = frame.query(query)
    others = [c for c in ("money", "reputation", "score", "guests") if c != sort]
    frame = frame.sort_values([sort, *others], ascending=ascending, kind="stable")
    frame = frame.reset_index(drop=True)
    return frame.head(top) if top is not None else frame


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

    return json.loads(frame.to_json(orient="records"))


class _CallableModule(types.ModuleType):
    """``obsession_nb.explore`` names both this module and its function: once the module is
    imported the package's attribute is the module, so calling it calls :func:`explore`."""

    def __call__(self, game: Game, **options: Any) -> pd.DataFrame:
        return explore(game, **options)


sys.modules[__name__].__class__ = _CallableModule
