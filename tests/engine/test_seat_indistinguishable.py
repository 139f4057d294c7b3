"""Issue 43, Deliver 6: every seat's view is a function of what that seat may know.

At positions of seeded games of every mode, for every seat, everything the seat cannot know is
dealt again (``Game.sample``: the other players' hidden cards, what another seat is looking at,
every deck, the dice to come) at least :data:`REDEALS` times; what the seat is shown must not
change: the position rendered for it as JSON, text and HTML, the log as it reads it, the
sample the AI players, the coach and the explorer plan on, the choice the AI player makes for
it, and the explorer's rows and values (ruling.seat-view, ruling.ai-hidden-information).

The log is re-dealt entry by entry: each entry's mentions of the cards hidden from the seat
when it was made (found from the position then, not from the entry's own marks) are swapped
for other cards of the same back, and the seat must read the same words (ruling.seat-log).
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from mode_games import Kind, start

from obsession_nb.base.render import position_html, position_text
from obsession_nb.engine.explore.explorer import ExploreLimit
from obsession_nb.engine.game import Game
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.seat.log import entry_for
from obsession_nb.engine.seat.places import hidden_cards
from obsession_nb.engine.seat.words import card_words, words_for
from obsession_nb.practice.coach import explore_values
from obsession_nb.practice.determinise import sample
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.plans import Level

REDEALS = 8
KINDS = [
    Kind("standard", 2), Kind("standard", 3), Kind("standard", 4), Kind("standard", 5),
    Kind("standard", 6), Kind("team", 4), Kind("team", 6), Kind("tableau", 3),
    Kind("tableau", 5), Kind("tableau-duel", 2),
    Kind("standard", 4, settings=("objectives=milestones",)),
    Kind("standard", 2, settings=("milestones=random",)),
    Kind("standard", 4, settings=("starter_guests=draft",)),
    Kind("solo-estate-challenge", 1), Kind("classic-solo", 1),
]
"""Every mode: the standard game at 2-6, team play at 4 and 6, Tableau, its Duel, milestones,
the starter-guest draft, the Solo Estate Challenge and classic solitaire."""
POSITIONS = 15
"""Positions taken from each kind's game, spread evenly over it."""
VALUED = 2
"""Positions of each kind at which the AI's choice and the explorer's rows and values are
compared too: the first where a seat decides its favours or its purchases (the explorer's
search from there is short)."""



def card_hidden(game: Game, seat: int) -> dict[str, str]:
    """The guests and objectives hidden from ``seat`` now (they have names a log may show)."""
    return {c: b for c, b in hidden_cards(game.table, seat).items()
            if b in ("casual", "prestige", "objective")}


def length(kind: Kind, seed: int) -> int:
    """How many actions the seeded game of ``kind`` lasts."""
    game, player = start(kind, seed)
    actions = 0
    while not game.state.finished and (action := player.choose(game)) is not None:
        game.apply(action)
        actions += 1
    return actions


def played(kind: Kind, seed: int) -> tuple[list[Game], dict[int, list[dict[str, str]]]]:
    """Copies of a seeded game of ``kind`` at :data:`POSITIONS` points spread over it, and for
    each log entry the cards hidden from each seat when it was made."""
    stride = max(1, length(kind, seed) // (POSITIONS + 1))
    game, player = start(kind, seed)
    seats = len(game.state.players)
    hidden_then: dict[int, list[dict[str, str]]] = {}
    games: list[Game] = []
    steps = 0
    while len(games) < POSITIONS and not game.state.finished:
        action = player.choose(game)
        if action is None:
            break
        at = len(game.log)
        game.apply(action)
        now = [card_hidden(game, s) for s in range(seats)]
        for i in range(at, len(game.log)):
            hidden_then[i] = now
        steps += 1
        if steps % stride == 0:
            games.append(_copy(game))
    return games, hidden_then


def _copy(game: Game) -> Game:
    from obsession_nb.engine.game import load_json

    copy = load_json(game.to_json(), custom=list(game.table.custom.values()),
                     catalog=game.table.catalog)
    copy.log = list(game.log)
    return copy


def renderings(game: Game, seat: int) -> tuple[object, ...]:
    """The seat's view as JSON, text and HTML (``Game.text`` and ``Game.html`` render the same
    JSON view)."""
    view = game.view(seat)
    names = game.table.servant_name
    return view, position_text(view, names), position_html(view, names)


def mentioned(names: dict[str, str], entry: LogEntry, hidden: dict[str, str]) -> list[str]:
    """The cards of ``hidden`` the entry names: by id in its action, by name in its rulings."""
    tokens = set(entry.action.split())
    texts = [r["verdict"] for r in entry.rulings]
    return sorted(c for c in hidden if c in tokens
                  or (c in names and any(names[c] in t for t in texts)))


def swapped(names: dict[str, str], entry: LogEntry, hidden: dict[str, str], named: list[str],
            rng: random.Random) -> LogEntry:
    """The entry with each card of ``named`` (hidden from the seat) swapped for a card of the
    same back drawn from ``hidden``: the log of a position the seat could not tell apart."""
    pools: dict[str, list[str]] = defaultdict(list)
    for card, back in sorted(hidden.items()):
        pools[back].append(card)
    swap = {c: rng.choice(pools[hidden[c]]) for c in named}
    action = " ".join(swap.get(t, t) for t in entry.action.split())
    by_length = sorted((c for c in named if c in names), key=lambda c: -len(names[c]))
    rulings = []
    for r in entry.rulings:
        words = r["verdict"]
        for n, c in enumerate(by_length):
            words = words.replace(names[c], f"\0{n}\0")
        for n, c in enumerate(by_length):
            words = words.replace(f"\0{n}\0", names[swap[c]])
        rulings.append({**r, "verdict": words})
    seen = {swap.get(c, c): s for c, s in entry.seen_by.items()}
    return LogEntry(player=entry.player, action=action, rulings=rulings, seen_by=seen)


@pytest.mark.rule("ruling.seat-log", "ruling.seat-view", "ruling.ai-hidden-information")
@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_what_a_seat_is_shown_does_not_change_when_what_it_cannot_know_is_dealt_again(
        kind: Kind) -> None:
    games, hidden_then = played(kind, seed=KINDS.index(kind) + 43)
    assert len(games) == POSITIONS, f"{kind}: the game ended after {len(games)} positions"
    differences: list[str] = []
    found: dict[str, int] = defaultdict(int)
    valued_left = VALUED
    for index, game in enumerate(games):
        turn = game.state.turn
        valued = valued_left > 0 and turn is not None and turn.step in ("favours", "buy")
        valued_left -= valued
        for seat in range(len(game.state.players)):
            shown = renderings(game, seat)
            guess = sample(game.table, seat, random.Random(7)).state.model_dump_json()
            log = game.log_for(seat)
            owner = game.pending().get("owner")
            mine = valued and owner == seat and not game.state.finished
            ai = HeuristicPlayer(5).choose(game) if mine else None
            values = _values(game, seat) if mine else None
            for k in range(REDEALS):
                other = game.sample(seat, random.Random(f"redeal:{k}"))
                found["re-deals"] += 1
                if renderings(other, seat) != shown:
                    differences.append(f"{kind} #{index} p{seat + 1} re-deal {k}: the view")
                if sample(other.table, seat, random.Random(7)).state.model_dump_json() != guess:
                    differences.append(f"{kind} #{index} p{seat + 1} re-deal {k}: the sample")
                if mine:
                    found["valued re-deals"] += 1
                    if HeuristicPlayer(5).choose(other) != ai:
                        differences.append(f"{kind} #{index} p{seat + 1} re-deal {k}: the AI")
                    if _values(other, seat) != values:
                        differences.append(f"{kind} #{index} p{seat + 1} re-deal {k}: values")
    last = games[-1]  # its log holds every entry of the others'
    names = {c: w for c in card_words(last.table).ids if (w := words_for(last.table, c))}
    for seat in range(len(last.state.players)):
        rng = random.Random(f"log:{seat}")
        log = last.log_for(seat)
        for i, entry in enumerate(last.log):
            hidden = hidden_then.get(i, [{}] * (seat + 1))[seat]
            named = mentioned(names, entry, hidden)
            if not named:
                continue
            found["log entries re-dealt"] += 1
            for _ in range(REDEALS):
                if entry_for(last.table, swapped(names, entry, hidden, named, rng),
                             seat) != log[i]:
                    differences.append(f"{kind} p{seat + 1} log[{i}] {entry.action!r}")
                    break
    print(f"\n{kind}: {POSITIONS} positions, {dict(found)}, {len(differences)} differences")
    assert not differences, differences[:10]


def _values(game: Game, seat: int) -> object:
    """The explorer's rows and values as the seat may ask for them (a small budget)."""
    if game.state.options.mode in ("solo-estate-challenge", "classic-solo"):
        return None  # the opponents' search is for games of several seats
    try:
        frame = explore_values(game, top=3, level=Level("test", 300, 4), seat=seat)
    except (ValueError, ExploreLimit) as exc:
        return str(exc)
    return frame.to_json()
