"""``obsession-nb practice``: a practice game in the terminal (practice.py).

Each of your decisions lists its legal actions by number; answer with the number or the
action's notation, or one of the words of :data:`COMMANDS`.  The opponents' actions are shown
with their first ruling, the coach's review after each of your turns, the final scoresheet and
the turns that cost the most at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from obsession_nb.data.rules import BadNotation, IllegalAction
from obsession_nb.engine.records.naming import describe
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.scoring import score
from obsession_nb.engine.seat.log import entry_for
from obsession_nb.practice.session import UNDONE, Practice

COMMANDS = {
    "hint": "what the search would do now",
    "undo": "take back your turn (the one under way, else the last)",
    "board": "the whole position",
    "save FILE": "save the game as a scenario that replays to here",
    "quit": "stop",
}


def entry_line(practice: Practice, entry: LogEntry) -> str:
    """One action of the log in a line, as your seat reads it (ruling.seat-log): who, what,
    and its first ruling."""
    entry = entry_for(practice.game.table, entry, practice.seat)
    who = ("you" if entry.player == practice.seat
           else practice.game.table.seat_name(entry.player) if entry.player is not None else "")
    first = entry.rulings[0] if entry.rulings else None
    why = f"  — {first['verdict']} [{first['rule']}]" if first else ""
    return f"  {who}: {entry.action}{why}"


def run(practice: Practice, read: Callable[[str], str], out: TextIO) -> int:
    """Play to the end (or ``quit``/end of input); 0 when the game was finished."""
    say = out.write
    say(f"You are {practice.game.table.seat_name(practice.seat)}. Type a number, an action, "
        f"or one of: {', '.join(COMMANDS)}.\n")
    while not practice.over:
        for entry in practice.play_opponents():
            say(entry_line(practice, entry) + "\n")
        if practice.over:
            break
        legal = practice.game.legal_actions()
        say(f"\n{practice.game.pending()['prompt']}\n")
        width = max((len(a.notation) for a in legal), default=0)
        for i, action in enumerate(legal, start=1):  # what to type, then what it is
            say(f"  {i:>2}. {action.notation:<{width}}  {describe(practice.game, action)}\n")
        try:
            answer = read("> ").strip()
        except EOFError:
            say("\n(end of input)\n")
            return 1
        if answer in ("quit", "exit"):
            return 1
        if not answer:
            continue
        _answer(practice, answer, legal, say)
    say("\nThe game is over.\n" + str(score(practice.game)) + "\n")
    worst = practice.post_game()
    if worst:
        say("\nYour turns that cost the most:\n")
        for review in worst:
            say(f"  round {review.round}: {review.cost:.1f} VP — you: "
                f"{review.yours.read()}\n")
    return 0


def _answer(practice: Practice, answer: str, legal: list, say: Callable[[str], object]) -> None:
    if answer == "hint":
        say(str(practice.hint()) + "\n")
        return
    if answer == "undo":
        say(UNDONE + "\n" if practice.undo() else "Nothing to undo.\n")
        return
    if answer == "board":
        say(practice.game.text(practice.seat) + "\n")
        return
    if answer.startswith("save"):
        name = answer[4:].strip()
        if not name:
            say("save FILE: name the file\n")
            return
        Path(name).write_text(practice.save(), encoding="utf-8")
        say(f"Saved to {name}.\n")
        return
    action = legal[int(answer) - 1].notation if answer.isdigit() and 0 < int(answer) <= len(
        legal) else answer
    reviewed = len(practice.reviews)
    try:
        entries = practice.apply(action)
    except (BadNotation, IllegalAction, ValueError) as exc:
        say(f"Refused: {exc}\n")
        return
    for entry in entries:
        say(entry_line(practice, entry) + "\n")
    if len(practice.reviews) > reviewed:
        say("\nCoach:\n" + str(practice.reviews[-1]) + "\n")
