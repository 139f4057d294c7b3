"""``obsession-nb cards enter``: cards typed one at a time, keyboard first.

Per card: the deck, the name as printed, which card it is (the name of a catalog card; else
Enter for the deck's next stand-in, a stand-in's number or name, or ``new``), then each field
with its allowed range and the value it starts from (Enter keeps it).  Tab completes names.
Each field ends with Enter, so a guest card takes 11 keystrokes beyond its values (deck, name,
which card, then kind, reputation, VP, service, favours, traits, copies, box); a mistyped name
adds one (Enter accepts the "did you mean").  The card is checked with the whole pack and saved
at once; ``done`` or Ctrl-D stops.
"""

from __future__ import annotations

import sys
from typing import Any

from obsession_nb.data import pack, pack_entry, pack_store
from obsession_nb.data.catalog import load_catalog, reload_catalog, stated_catalog
from obsession_nb.data.pack_fields import range_of, section_of
from obsession_nb.data.rules import nearest

_choices: list[str] = []


def _complete(text: str, state: int) -> str | None:
    found = [c for c in _choices if c.casefold().startswith(text.casefold())]
    return found[state] if state < len(found) else None


def _keyboard() -> None:
    """Line editing and Tab completion when the terminal has readline."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return
    readline.set_completer(_complete)
    readline.set_completer_delims("\t\n")
    readline.parse_and_bind("tab: complete")


def ask(prompt: str, choices: list[str] | None = None) -> str:
    """One line from the keyboard (``EOFError`` at Ctrl-D), Tab completing ``choices``."""
    _choices[:] = choices or []
    return input(prompt).strip()


def _which(catalog: Any, deck: str, name: str) -> tuple[Any | None, bool]:
    """The catalog card this one is (``None``: a new card) and whether it fills it by name."""
    entry, near = pack_entry.find(catalog, deck, name)
    if entry is not None:
        return entry, True
    if near and ask(f"  did you mean {near[0]!r}? [Y/n] ").casefold() in ("", "y", "yes"):
        return pack_entry.find(catalog, deck, near[0])[0], True
    left = pack_entry.standins(catalog, deck)
    hint = f"Enter: the next stand-in, {left[0].name!r}; " if left else ""
    while True:
        word = ask(f"  which card is it? ({hint}a stand-in's number or name; new: a card the "
                   "catalog lacks) ", [e.name for e in left])
        if not word and left:
            return left[0], False
        if word.casefold() == "new":
            return None, False
        entry, near = pack_entry.find(catalog, deck, word)
        if entry is not None:
            return entry, False
        print(f"  no {deck} card is {word!r}" +
              (f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""))


def _replaced(section: str, entry: Any) -> bool:
    """Whether a card found by name is one the pack already put in a stand-in's place."""
    stated = getattr(stated_catalog(), section).get(entry.id)
    return stated is not None and stated.standin

def _field(catalog: Any, section: str, field: str, start: Any) -> Any:
    servants = [s.name for s in catalog.servants.values()]
    while True:
        default = pack_entry.shown(start)
        text = ask(f"  {field} ({range_of(section, field)}) [{default}]: ",
                   servants if field == "service" else None)
        value = pack_entry.typed(section, field, text) if text else start
        problem = pack_entry.check_field(catalog, section, field, value)
        if problem is None:
            return value
        print(f"  {problem}")


def _save(data: dict[str, Any], card: dict[str, Any]) -> dict[str, Any] | None:
    """The pack with the card, checked and saved; ``None`` when it is dropped."""
    while True:
        candidate = pack_entry.with_card(data, card)
        try:
            pack.overlay(stated_catalog(), candidate, "your card")
        except pack.PackError as exc:
            print("  " + "\n  ".join(exc.problems))
            if not any("'printing'" in p for p in exc.problems) or card.get("printing"):
                print("  card not saved")
                return None
            reason = ask("  printing (why your card differs; Enter: drop this card): ")
            if not reason:
                return None
            card = {**card, "printing": reason}
            continue
        pack_store.use(candidate)
        return candidate


def enter(deck: str | None = None) -> int:
    """Enter cards until an empty deck or Ctrl-D; each saved into the pack in use."""
    _keyboard()
    decks = pack_entry.decks()
    data = pack_entry.in_use()
    print(f"Entering cards into {pack_store.pack_path()} (Tab completes; Enter keeps the value "
          "in brackets; done or Ctrl-D stops).")
    try:
        while True:
            catalog = load_catalog()
            word = ask(f"deck ({' / '.join(decks)}; done stops) [{deck or ''}]: ", decks) or deck
            if not word or word == "done":
                return 0
            if word not in decks:
                near = nearest(word, decks)
                print(f"  no deck {word!r}" + (f"; did you mean {near[0]}?" if near else ""))
                continue
            deck = word
            section = section_of(deck)
            assert section is not None
            name = ask("  name as printed: ", [e.name for e in getattr(catalog, section).values()])
            if not name:
                continue
            entry, by_name = _which(catalog, deck, name)
            card: dict[str, Any] = {"name": entry.name if by_name and entry else name,
                                    "deck": deck}
            if entry is not None and (not by_name or _replaced(section, entry)):
                card["replaces"] = entry.id
            start = pack_entry.start_values(catalog, section, entry)
            for field in pack_entry.ASKED[section]:
                card[field] = _field(catalog, section, field, start.get(field))
            saved = _save(data, card)
            if saved is not None:
                data = saved
                left = len(pack_entry.standins(reload_catalog(), deck))
                print(f"  saved: {len(data['cards'])} cards in your pack; {left} stand-ins "
                      f"left in the {deck} deck")
    except (EOFError, KeyboardInterrupt):
        print(file=sys.stderr)
        return 0
