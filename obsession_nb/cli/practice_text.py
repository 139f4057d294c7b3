"""``obsession-nb practice``: a practice game in the terminal (practice.py).

Each of your decisions lists its legal actions by number; answer with the number or the
action's notation, or one of the words of :data:`COMMANDS`.  The opponents' actions are shown
with their first ruling, the coach's review after each of your turns, the final scoresheet and
the turns that cost the most at the end.  In another language (``--lang ja``) the decision,
the actions, the rulings, the refusals, the coach's advice, the board, the result and these
sentences are said in it (``content/i18n/<lang>/widgets.yaml``); the notation to type stays as
it is.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from obsession_nb.base.i18n import resolve
from obsession_nb.data.rules import BadNotation, IllegalAction, citation
from obsession_nb.data.translations import ruling_text
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.state import LogEntry
from obsession_nb.engine.scoring import score
from obsession_nb.engine.seat.log import entry_for
from obsession_nb.practice.session import Practice
from obsession_nb.tutor.views.engine_words import auto_label, described, notation_words, prompt
from obsession_nb.tutor.views.html import board_text, coach_speech
from obsession_nb.tutor.views.html.result import sheet_text, winner_line
from obsession_nb.tutor.views.words import panel_words

COMMANDS = {
    "hint": "the coach's best plan now, and why",
    "undo": "take back your turn (the one under way, else the last)",
    "board": "the whole position",
    "save FILE": "save the game, to go on with it later (practice --load FILE)",
    "quit": "stop",
}


def entry_line(practice: Practice, entry: LogEntry, lang: str = "en") -> str:
    """One action of the log in a line, as your seat reads it (ruling.seat-log): who, what,
    and its first ruling (in ``lang``)."""
    entry = entry_for(practice.game.table, entry, practice.seat)
    who = (panel_words("terminal", lang)["you"] if entry.player == practice.seat
           else practice.game.table.seat_name(entry.player) if entry.player is not None else "")
    first = entry.rulings[0] if entry.rulings else None
    why = (f"  — {ruling_text(first['rule'], first['verdict'], lang)} [{first['rule']}]"
           if first else "")
    auto = entry.action.startswith("(") and auto_label(entry.action.strip("()"), lang)
    return f"  {who}: {f'（{auto}）' if auto else entry.action}{why}"


def terminal_input(prompt: str) -> str:
    """``input``, with a closed standard input read as the end of input."""
    try:
        return input(prompt)
    except RuntimeError:  # started with standard input closed (`<&-`): "lost sys.stdin"
        raise EOFError from None


def run(practice: Practice, read: Callable[[str], str], out: TextIO,
        lang: str | None = None) -> int:
    """Play to the end (or ``quit``, the end of input, Ctrl-C); 0 when the game was finished.
    A game left unfinished and changed since it was last saved is saved first, so that
    nothing is lost.  Everything is said in ``lang`` (by default ``OBSESSION_NB_LANG``'s, or
    English)."""
    return TextTable(practice, read, out, resolve(lang)).run()


class TextTable:
    """The terminal's practice table: what is shown, what is typed, what was saved."""

    def __init__(self, practice: Practice, read: Callable[[str], str], out: TextIO,
                 lang: str = "en") -> None:
        self.practice = practice
        self.read = read
        self.say = out.write
        self.lang = lang
        self.words = panel_words("terminal", lang)
        self.speech = coach_speech(lang)
        self.saved = self.yours()
        """How many of your actions the game held when it was last saved (or loaded)."""

    def run(self) -> int:
        practice, say, words = self.practice, self.say, self.words
        say(words["intro"].format(player=practice.game.table.seat_name(practice.seat),
                                  commands=", ".join(COMMANDS)) + "\n")
        try:
            if not self._play():
                self.keep()
                return 1
        except KeyboardInterrupt:
            say(f"\n{words['interrupted']}\n")
            self.keep()
            return 130
        sheet = score(practice.game)
        say(f"\n{words['over'].format(result=winner_line(sheet, self.lang))}\n"
            f"{sheet_text(sheet, self.lang)}\n")
        for team in practice.team_results(panel_words("result", self.lang)):
            say(team + "\n")
        worst = practice.post_game()
        if worst:
            say(f"\n{words['costliest']}\n")
            for review in worst:
                cost = "" if review.close else f"{review.cost:.1f} VP — "
                say(f"  {words['turn'].format(round=review.round)}{cost}"
                    f"{review.summary(self.speech)}\n")
        return 0

    def _play(self) -> bool:
        """Your decisions until the game is over (``True``) or you leave (``False``)."""
        practice, say = self.practice, self.say
        while not practice.over:
            for entry in practice.play_opponents():
                say(entry_line(practice, entry, self.lang) + "\n")
            if practice.over:
                break
            legal = practice.game.legal_actions()
            say(f"\n{prompt(practice.game, self.lang)}\n")
            width = max((len(a.notation) for a in legal), default=0)
            for i, action in enumerate(legal, start=1):  # what to type, then what it is
                say(f"  {i:>2}. {action.notation:<{width}}  "
                    f"{described(practice.game, action, self.lang)}\n")
            try:
                answer = self.read("> ").strip()
            except EOFError:
                say(f"\n{self.words['end_of_input']}\n")
                return False
            if answer in ("quit", "exit"):
                return False
            if answer:
                self._answer(answer, legal)
        return True

    def yours(self) -> int:
        """How many of the game's actions are yours."""
        seat = self.practice.seat
        return sum(1 for e in self.practice.game.log if e.player == seat
                   and not e.action.startswith("("))

    def save(self, name: str) -> bool:
        """``save FILE``: a file that cannot be written is reported and the game goes on."""
        try:
            Path(name).write_text(self.practice.save(), encoding="utf-8")
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
            self.say(self.words["not_saved"].format(
                name=name, error=getattr(exc, "strerror", None) or exc) + "\n")
            return False
        self.saved = self.yours()
        self.say(self.words["saved"].format(name=name, command=self.resume(name)) + "\n")
        return True

    def resume(self, name: object) -> str:
        """The command that goes on with a game saved in ``name``."""
        return f"obsession-nb practice --load {name}" + (
            f" --lang {self.lang}" if self.lang != "en" else "")

    def keep(self) -> Path | None:
        """Save a game you played on since it was last saved to the first free
        ``practice-unfinished*.yaml`` here (else in the temporary folder)."""
        if self.yours() == self.saved:
            return None
        for folder in (Path.cwd(), Path(tempfile.gettempdir())):
            for n in range(1, 1000):
                target = folder / f"practice-unfinished{'' if n == 1 else f'-{n}'}.yaml"
                try:
                    with target.open("x", encoding="utf-8") as f:  # never over another file
                        f.write(self.practice.save())
                except FileExistsError:
                    continue
                except OSError:
                    break
                self.say(self.words["kept"].format(name=target, command=self.resume(target))
                         + "\n")
                return target
        self.say(self.words["not_kept"] + "\n")
        return None

    def refusal(self, exc: ValueError) -> str:
        """A refused answer in the table's language: an illegal action by the rules that forbid
        it (each rule's name, id and where it is written: ``ruling_text``, ``citation``), bad
        notation by its reason and the nearest names to type (``BadNotation.said``)."""
        words = self.words
        if isinstance(exc, IllegalAction):
            return words["forbidden"].format(rulings=words["rulings"].join(
                words["ruling"].format(rule=r.rule, citation=citation(r.rule), ruling=ruling_text(
                    r.rule, r.verdict, self.lang, refused=True)) for r in exc.rulings))
        said = exc.said(notation_words(self.lang)) if isinstance(exc, BadNotation) else exc
        return words["refused"].format(error=said)

    def _answer(self, answer: str, legal: list[Action]) -> None:
        practice, say = self.practice, self.say
        if answer == "hint":
            say(practice.hint().text(self.speech) + "\n")
            return
        if answer == "undo":
            table = panel_words("practice", self.lang)
            say(table["undone" if practice.undo() else "nothing_to_undo"] + "\n")
            return
        if answer == "board":
            say(board_text(practice.game, practice.seat, self.lang) + "\n")
            return
        if answer.startswith("save"):
            name = answer[4:].strip()
            if name:
                self.save(name)
            else:
                say(self.words["name_file"] + "\n")
            return
        number = int(answer) if answer.isascii() and answer.isdigit() else None
        action = legal[number - 1].notation if number and number <= len(legal) else answer
        reviewed = len(practice.reviews)
        try:
            entries = practice.apply(action)
        except (BadNotation, IllegalAction, ValueError) as exc:
            say(self.refusal(exc) + "\n")
            return
        for entry in entries:
            say(entry_line(practice, entry, self.lang) + "\n")
        if len(practice.reviews) > reviewed:
            say(f"\n{self.words['coach']}\n" + practice.reviews[-1].text(self.speech) + "\n")
