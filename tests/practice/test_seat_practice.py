"""Issue 43 at the practice table: the widget and ``obsession-nb practice`` never show the learner
a card their seat cannot see (ruling.seat-view, ruling.seat-log), and a take-back cannot be used
to look at a deck (ruling.seat-undo)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from obsession_nb.base.i18n import tr
from obsession_nb.cli.practice_text import run
from obsession_nb.engine.game import Game
from obsession_nb.engine.seat.places import hidden_cards
from obsession_nb.engine.seat.words import card_words, words_for
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.practice.session import UNDONE, Practice
from obsession_nb.tutor.views.html.board import position_words
from obsession_nb.tutor.views.practice import PracticeTable
from obsession_nb.tutor.views.words import panel_words

GAMES = [(3, "standard"), (5, "standard"), (4, "team"), (3, "tableau"), (2, "tableau-duel"),
         (4, "standard-milestones"), (6, "team")]
"""A practice game of every mode with opponents (the milestones as the objectives' stand-in)."""


class Watch:
    """Every card the learner's seat could not see at any moment of the game so far: the cards
    no screen of theirs may ever name."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self.never: set[str] = set()
        self.dealt = False
        """Whether the cards are dealt yet (before, in the servant draft, nothing is hidden)."""
        self.names = {c: w for c in card_words(game.table).ids if (w := words_for(game.table, c))}
        catalog = game.table.catalog
        self.japanese = {c: ja for c in self.names
                         if (card := catalog.gentry.get(c) or catalog.objectives.get(c))
                         and (ja := tr(card.name, "ja")) != card.name}
        """The cards whose names a Japanese screen says in Japanese, by those words."""
        self._moment()
        apply = game.apply

        def watched(action: Any) -> Any:
            entries = apply(action)
            self._moment()
            return entries

        game.apply = watched  # type: ignore[method-assign]

    def _moment(self) -> None:
        hidden = self._hidden()
        if not self.dealt:
            self.dealt, self.never = bool(hidden), hidden
        else:
            self.never &= hidden

    def _hidden(self) -> set[str]:
        return {c for c, b in hidden_cards(self.game.table, self.seat).items()
                if b in ("casual", "prestige", "objective")}

    def leaks(self, text: str) -> list[str]:
        """The cards never seen so far that ``text`` names (a card seen once may be shown
        again: a servant's placement on a guest since dismissed to the deck)."""
        cards = self.never
        by_id = cards.intersection(re.findall(r"[\w-]+", text))
        by_name = {c for c in cards if (words := self.names.get(c)) and words in text
                   and re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text)}
        in_japanese = {c for c in cards if c in self.japanese and self.japanese[c] in text}
        return sorted(by_id | by_name | in_japanese)


def options(mode: str) -> dict[str, Any]:
    if mode == "standard-milestones":
        from obsession_nb.engine.game import new_game
        from obsession_nb.engine.records.options import Options

        return {"game": new_game(4, seed=3, options=Options(objectives="milestones"))}
    return {"mode": mode}


def widget_state(table: PracticeTable) -> str:
    """Everything the practice table sends to the browser, as text."""
    stepper = table.stepper
    parts = [stepper.board.view if stepper.board else {}, stepper.rulings.entries,
             stepper.rulings.status, stepper.choices.groups, stepper.choices.message,
             stepper.header.pending, stepper.header.script, table.status.value,
             table.coach.value, table.hint_box.value, table.review.value]
    return json.dumps(parts, ensure_ascii=False)


@pytest.mark.rule("ruling.seat-view")
@pytest.mark.parametrize("players, mode, lang", [(*g, "en") for g in GAMES]
                         + [(4, "team", "ja"), (4, "standard-milestones", "ja")])
def test_the_practice_widget_never_sends_a_hidden_card(players: int, mode: str, lang: str
                                                       ) -> None:
    table = PracticeTable(players, seat=2, opponents="random", delay=0, coach=False, seed=players,
                          lang=lang, **options(mode))
    watch = Watch(table.practice.game, table.practice.seat)
    sent: list[str] = []
    refresh = table.stepper.refresh

    def refreshed() -> None:
        refresh()
        state = widget_state(table)
        sent.append(state)
        board = json.dumps(table.stepper.board.view if table.stepper.board else {})
        assert not watch.leaks(board), (mode, watch.leaks(board))

    table.stepper.refresh = refreshed  # type: ignore[method-assign]
    learner = RandomPlayer(11)
    hints = 0
    while not table.practice.over:
        action = learner.choose(table.practice.game)
        assert action is not None
        table.stepper.choose(action)
        if hints < 2 and table.practice.your_move() and table.practice.game.state.turn.step == "buy":
            table.show_hint()
            hints += 1
        sent.append(widget_state(table))
    leaked = sorted({c for state in sent for c in watch.leaks(state)})
    assert not leaked, f"{mode}: the widget sent {leaked}"
    assert len(watch.never) > 10  # the check had cards to look for


@pytest.mark.rule("ruling.seat-view")
@pytest.mark.parametrize("players, mode, lang", [(*g, "en") for g in GAMES[:4]]
                         + [(3, "standard", "ja"), (4, "team", "ja")])
def test_practice_in_the_terminal_never_prints_a_hidden_card(players: int, mode: str,
                                                            lang: str) -> None:
    """Its board and its refusals too, in each language (read from the seat's view)."""
    practice = Practice(players, seat=1, opponents="random", coach=False, seed=players + 20,
                        **options(mode))
    watch = Watch(practice.game, practice.seat)
    learner = RandomPlayer(5)
    out = io.StringIO()
    asked = 0

    def read(_prompt: str) -> str:
        nonlocal asked
        asked += 1
        if asked % 7 == 0:
            return "board"
        game = practice.game
        if asked % 11 == 0:  # refused: an action the rules forbid now, or a mistyped name
            forbidden = [a.notation for a in game.candidates() if not game.can(a)]
            return forbidden[0] if forbidden and asked % 22 == 0 else "invit Lady"
        action = learner.choose(game)
        return action.notation if action is not None else "quit"

    assert run(practice, read, out, lang) == 0
    text = out.getvalue()
    assert not watch.leaks(text), f"{mode}: printed {watch.leaks(text)}"
    board = position_words(lang)["market"].split("{")[0]
    assert text.count(board) >= asked // 7 > 3  # the board, in the table's language
    refused = panel_words("terminal", lang)["refused"].split("{")[0]
    assert text.count(refused) >= asked // 22 > 1  # the refusals, in it too
    assert panel_words("terminal", lang)["over"].split("{")[0] in text and len(watch.never) > 10


def revealed(game: Game, seat: int, start: set[str], act: Callable[[], bool]) -> list[str]:
    """The cards hidden from ``seat`` at ``start`` that it sees while ``act`` plays (until it
    returns ``False``), in the order they show."""
    seen: list[str] = []
    while act():
        now = set(hidden_cards(game.table, seat))
        seen += [c for c in sorted(start - now) if c not in seen]
    return seen


def play_turn(practice: Practice, learner: RandomPlayer, moves: list[str]) -> Callable[[], bool]:
    """One action of the learner's turn at a time (noted in ``moves``), until the turn ends."""
    game = practice.game

    def step() -> bool:
        if not practice.your_move() or (game.state.turn.step == "begin" and moves):
            return False
        action = learner.choose(game)
        moves.append(action.notation)
        practice.apply(action)
        return True

    return step


def replay(practice: Practice, moves: list[str]) -> Callable[[], bool]:
    """The same moves again, one at a time, while they are legal."""
    left = iter(moves)

    def step() -> bool:
        move = next(left, None)
        if move is None or not practice.your_move() or not practice.game.can(move):
            return False
        practice.apply(move)
        return True

    return step


@pytest.mark.rule("ruling.seat-undo")
def test_a_take_back_does_not_show_the_same_hidden_cards_again() -> None:
    """Done when: replaying the same moves after an undo reproduces the revealed hidden cards
    in at most 2 of 20 tries, from a deck of at least 20 cards."""
    for seed in range(30):
        practice = Practice(3, seat=1, opponents="random", coach=False, seed=seed)
        game = practice.game
        learner = RandomPlayer(seed)
        practice.play_opponents()
        while not practice.over and game.state.round < 3:
            practice.apply(learner.choose(game))
            practice.play_opponents()
        if practice.over:
            continue
        start = set(hidden_cards(game.table, 0))
        decks = min(len(game.state.supply.casual_deck), len(game.state.supply.prestige_deck))
        moves: list[str] = []
        first = revealed(game, 0, start, play_turn(practice, learner, moves))
        if not first or decks < 20:
            continue
        same = 0
        for _ in range(20):
            assert practice.undo()
            assert set(hidden_cards(game.table, 0)) == start  # the same cards hidden, re-dealt
            same += revealed(game, 0, start, replay(practice, moves)) == first
        print(f"\nseed {seed}: {len(first)} hidden card(s) seen; the same again in {same} of 20 "
              f"take-backs (decks of {decks}+ cards)")
        assert same <= 2, f"seed {seed}: the same hidden cards came again in {same} of 20"
        assert practice.undos == 20
        return
    pytest.fail("no turn showed a hidden card in 30 seeded games")


def test_the_practice_table_says_what_a_take_back_did() -> None:
    table = PracticeTable(3, seat=1, opponents="random", delay=0, coach=False, seed=4)
    learner = RandomPlayer(4)
    while table.practice.game.state.round < 2:
        table.stepper.choose(learner.choose(table.practice.game))
    table.undo()
    assert "shuffled and dealt again" in table.status.value and UNDONE.split(".")[0] in \
        table.status.value
    again = PracticeTable(3, seat=1, opponents="random", delay=0, coach=False, seed=4)
    learner = RandomPlayer(4)
    while again.practice.game.state.round < 2:
        again.stepper.choose(learner.choose(again.practice.game))
    again.undo()
    assert again.practice.game.to_json() == table.practice.game.to_json()  # seeded
