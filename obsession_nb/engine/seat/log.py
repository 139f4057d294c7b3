"""The log as each seat reads it (ruling.seat-log): the full fact is kept in every entry, and
the cards it names that a seat could not see when it was made are replaced, for that seat, by
their backs — in the action (``keep hidden-casual``: "keeps one of the guests looked at") and in
every ruling's words ("a hidden casual guest").  :func:`mark` notes, as an entry is made
(``Game.apply``), which seats could see each card it names; :func:`entry_for` renders an entry
for one seat (``None``: the open view).  Every rendering of the log — text, HTML, the widgets'
JSON — goes through :func:`log_for`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from obsession_nb.data.rules import Ruling
from obsession_nb.engine.records.naming import BACKS, HIDDEN_TOKEN
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.seat.places import each_holding, hidden_cards
from obsession_nb.engine.seat.words import card_words, words_for
from obsession_nb.engine.table import Table

PHRASES = {back: f"a hidden {words}" for back, words in BACKS.items()}
PHRASES["objective"] = "objective card (hidden)"  # named "objective NAME" (seat/words.py)
"""A hidden card in a ruling's words, by its back."""


def mark(table: Table, entries: Iterable[LogEntry], seats: int,
         written: Sequence[Sequence[Ruling]] = ()) -> None:
    """Note in each entry the cards it names that some seat could not see (after the action,
    which is when the entry is read), with the seats that could: those its action names, and
    those each of its rulings says it names (``Ruling.cards``; the words are not read).
    ``written``: the rulings each entry was written from, in order (none if the log keeps no
    rulings)."""
    named_in = card_words(table).named_in
    marking: list[tuple[LogEntry, frozenset[str]]]
    if not written:  # the notations alone: most name no card
        marking = [(entry, named) for entry in entries if (named := named_in[entry.action])]
    else:
        marking = []
        for entry, rulings in zip(entries, written, strict=True):
            named = named_in[entry.action]
            for said in rulings:
                if said.cards:  # most name none: no set made
                    named = named.union(said.cards)
            if named:
                marking.append((entry, named))
    if not marking:
        return
    private = _private(table, frozenset().union(*[named for _, named in marking]), seats)
    if not private:
        return
    for entry, named in marking:
        shown = named.intersection(private)
        if shown:
            entry.seen_by = {c: [*private[c]] for c in sorted(shown)}




def _private(table: Table, named: frozenset[str], seats: int) -> dict[str, tuple[int, ...]]:
    """Those of the ``named`` guests and objectives not face up for every seat, with the seats
    that see them (VP and theme cards share ids between copies, and the rules name them only
    once they are face up).  The guests of the activity, which most actions name, and those
    of the discard piles, which most rulings name, lie face up (the places are not looked
    through for them)."""
    state = table.state
    turn = state.turn
    if turn is not None and turn.guests:
        named = named.difference(turn.guests)
    if named:
        named = named.difference(*[p.discard for p in state.players])
    if not named:
        return {}
    private: dict[str, tuple[int, ...]] = {}
    for holding in each_holding(table, named):
        held = named.intersection(holding.cards)
        if held:
            if len(holding.seats) < seats and holding.kind in ("guest", "objective"):
                for card in held.difference(holding.public):
                    private[card] = holding.seats
            named = named.difference(held)
            if not named:  # each card lies in one place: the rest cannot hold it
                break
    return private


def entry_for(table: Table, entry: LogEntry, seat: int | None) -> LogEntry:
    """The entry as ``seat`` reads it: the same entry if it may read all of it."""
    if seat is None or not entry.seen_by:
        return entry
    hidden = [c for c, seats in entry.seen_by.items() if seat not in seats]
    if not hidden:
        return entry
    backs = {c: _back(table, c) for c in hidden}
    return LogEntry(player=entry.player, action=hide_cards(entry.action, backs),
                    rulings=_hide_words(table, entry.rulings, backs))


def hide_in_rulings(table: Table, rulings: list[dict[str, str]], seat: int | None,
                    typed: Iterable[str] = ()) -> list[dict[str, str]]:
    """Rulings (a refusal's) as ``seat`` may read them at this position: every card hidden from
    it named by its back, but for the cards it named itself (``typed``)."""
    if seat is None:
        return rulings
    named = set(typed)
    backs = {c: b for c, b in hidden_cards(table, seat).items() if c not in named}
    return _hide_words(table, rulings, backs)


def _hide_words(table: Table, rulings: list[dict[str, str]],
                backs: Mapping[str, str]) -> list[dict[str, str]]:
    by_words = {w: c for c in backs if (w := words_for(table, c))}
    if not by_words:
        return [dict(r) for r in rulings]
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)"
                                  for w in sorted(by_words, key=len, reverse=True)))
    return [{**r, "verdict": pattern.sub(lambda m: PHRASES[backs[by_words[m.group(0)]]],
                                         r.get("verdict", ""))} for r in rulings]


def hide_cards(notation: str, backs: Mapping[str, str]) -> str:
    """An action's notation with each card of ``backs`` named by its back (``hidden-casual``)."""
    return " ".join(f"{HIDDEN_TOKEN}{backs[t]}" if t in backs else t for t in notation.split())


def log_for(table: Table, entries: Iterable[LogEntry], seat: int | None) -> list[LogEntry]:
    """The entries as ``seat`` reads them (all of them as they are for the open view)."""
    return [entry_for(table, e, seat) for e in entries]


def _back(table: Table, card: str) -> str:
    if table.has_card(card):
        return "prestige" if table.card(card).deck == "prestige" else "casual"
    if card in table.catalog.objectives:
        return "objective"
    return "vp" if card in table.catalog.vp_cards else "theme"

