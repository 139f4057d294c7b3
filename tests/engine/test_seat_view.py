"""Issue 43: a seat's view of a position — its own cards, the others' as backs, the cards that
became public (ruling.seat-view, ruling.seat-own-cards, ruling.seat-known-cards,
ruling.seat-open-view), the log as each seat reads it (ruling.seat-log) and the re-deal of what a
seat cannot know (ruling.ai-hidden-information)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from mode_games import Kind, start

from obsession_nb.data.rules import Ruling
from obsession_nb.engine.game import Game, load_json, load_scenario_text, new_game
from obsession_nb.engine.positions.scenario import ScenarioError
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.seat import log as seat_log
from obsession_nb.engine.seat import words as seat_words
from obsession_nb.engine.seat.places import hidden_cards, holdings
from obsession_nb.engine.seat.words import card_words, words_for
from obsession_nb.players.random_player import RandomPlayer, play_to_round
from obsession_nb.practice.determinise import sample


def played(players: int = 4, seed: int = 3, round_: int = 6, mode: str = "standard") -> Game:
    game = new_game(players, seed=seed, options=Options(mode=mode))  # type: ignore[arg-type]
    return play_to_round(game, round_)


@pytest.mark.rule("ruling.seat-own-cards", "ruling.seat-view")
def test_a_seat_sees_its_own_hand_and_the_others_as_backs_in_place() -> None:
    game = played()
    for seat in range(4):
        view = game.view(seat)
        assert view["viewer"]["seat"] == seat and not view["viewer"]["open"]
        text = json.dumps(view)
        for other, player in enumerate(game.state.players):
            shown = view["players"][other]["hand"]
            assert len(shown) == len(player.hand)
            for card, drawn in zip(player.hand, shown, strict=True):
                deck = game.table.card(card).deck
                if other == seat or deck in ("family", "fairchild") or card in player.known:
                    assert drawn["id"] == card
                else:
                    assert drawn == {"id": None, "hidden": True, "back": drawn["back"],
                                     "deck": drawn["back"], "name": drawn["name"]}
                    assert drawn["back"] == ("prestige" if deck == "prestige" else "casual")
                    assert f'"{card}"' not in text


@pytest.mark.rule("ruling.seat-open-view")
def test_the_open_view_shows_every_card_and_says_so() -> None:
    game = played()
    view = game.view()
    assert view["viewer"]["open"] and "Open view" in view["viewer"]["label"]
    assert [c["id"] for c in view["players"][1]["hand"]] == game.state.players[1].hand
    assert "Open view" in game.text() and "Open view" not in game.text(0)


@pytest.mark.rule("ruling.seat-known-cards")
def test_a_guest_returned_face_up_to_the_hand_is_known_to_every_seat() -> None:
    """ruling.seat-known-cards: a pass returns the discard pile to the hand in view of all."""
    for seed in range(4):
        game = new_game(3, seed=seed)
        player = RandomPlayer(seed)
        while not any(p.known for p in game.state.players) and not game.state.finished:
            game.apply(player.choose(game))
        holder = next(i for i, p in enumerate(game.state.players) if p.known)
        known = game.state.players[holder].known
        assert set(known) <= set(game.state.players[holder].hand)
        for seat in range(3):
            assert not set(known) & set(hidden_cards(game.table, seat))
        copy = load_json(game.to_json())
        assert copy.state.players[holder].known == known
        again = load_scenario_text(game.to_scenario())
        assert again.state.players[holder].known == known


@pytest.mark.rule("ruling.seat-known-cards")
@pytest.mark.parametrize("mode, players", [("standard", 4), ("team", 4), ("tableau", 3)])
def test_known_cards_follow_the_hands_as_the_plain_definition_says(mode: str, players: int) -> None:
    """ruling.seat-known-cards, noted where the cards move (seat/knowledge.py): after every
    action each hand's known cards are those it knew that it still holds, then the cards that
    came into it from a discard pile or the activity, in the hand's order."""
    came_in = 0
    for seed in range(2):
        game = new_game(players, seed=seed, options=Options(mode=mode))  # type: ignore[arg-type]
        player = RandomPlayer(seed)
        while not game.state.finished:
            state = game.state
            face_up = {c for p in state.players for c in p.discard}
            face_up.update(state.turn.guests if state.turn is not None else [])
            before = [(p.hand[:], p.known[:]) for p in state.players]
            game.apply(player.choose(game))
            for now, (hand, known) in zip(game.state.players, before, strict=True):
                came = [c for c in now.hand if c not in hand and c in face_up]
                came_in += len(came)
                assert now.known == [c for c in dict.fromkeys([*known, *came]) if c in now.hand]
    assert came_in > 0


def test_a_known_card_must_be_in_the_hand() -> None:
    game = played(players=2, round_=2)
    text = game.to_scenario().replace("  hand:", "  known: [nobody]\n  hand:", 1)
    with pytest.raises(ScenarioError, match=r"players\[0\]\.known\[0\]: 'nobody' is not in "
                       r"this hand"):
        load_scenario_text(text)


@pytest.mark.rule("ruling.seat-known-cards", "ruling.ai-hidden-information")
@pytest.mark.parametrize("mode, players", [("standard", 4), ("team", 4), ("tableau", 3)])
def test_samples_keep_every_publicly_known_card(mode: str, players: int) -> None:
    """Issue 43, Done when: samples keep 100 % of the publicly known cards (counted)."""
    kept = total = 0
    for seed in range(3):
        game = played(players, seed, 7, mode)
        for seat in range(players):
            for k in range(8):
                guess = sample(game.table, seat, random.Random(k)).state
                for real, dealt in zip(game.state.players, guess.players, strict=True):
                    for card in real.known:
                        total += 1
                        kept += real.hand.index(card) == dealt.hand.index(card)
    assert total > 0 and kept == total


@pytest.mark.rule("ruling.seat-log", "ruling.seat-looked-at")
def test_the_others_read_a_private_pick_without_the_card() -> None:
    """ruling.seat-log: "keep CARD" after a screen names the card to its owner only."""
    for seed in range(40):
        game = new_game(3, seed=seed)
        player = RandomPlayer(seed)
        while not game.state.finished:
            entry = game.apply(player.choose(game))[0]
            if entry.action.startswith("keep ") and entry.seen_by:
                break
        else:
            continue
        card = entry.action.split()[1]
        owner = entry.seen_by[card]
        at = game.log.index(entry)
        for seat in range(3):
            read = game.log_for(seat)[at]
            shown = json.dumps([read.action, read.rulings])
            if seat in owner:
                assert read == entry
            else:
                assert card not in shown and game.table.card_name(card) not in shown
                assert read.action.startswith("keep hidden-")
        return
    pytest.fail("no screened pick in 40 seeded games")


@pytest.mark.rule("ruling.seat-log")
def test_the_cards_a_notation_names_are_its_card_ids_after_the_verb(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """ruling.seat-log: the seat log looks up the cards each entry's notation names (kept per
    notation); a word that is a card id names it, the verb never does, and the answer is the
    same once the kept notations are full."""
    game = played()
    words = card_words(game.table)
    guest = sorted(game.state.players[0].hand)[0]
    objective = sorted(game.table.catalog.objectives)[0]
    cases = {f"invite {guest}": {guest}, f"serve {guest}:2 butler": set(),
             f"discard-objective {objective}": {objective}, "pass": set(),
             f"{guest} {objective}": {objective}, "(round 7 begins)": set()}
    monkeypatch.setattr(seat_words, "KEPT_NOTATIONS", len(words.named_in) + 2)
    for _ in range(2):  # the first time worked out, then read back (or worked out again)
        for notation, named in cases.items():
            assert words.named_in[notation] == named, notation
    assert len(words.named_in) <= seat_words.KEPT_NOTATIONS


@pytest.mark.rule("ruling.seat-log")
def test_each_ruling_written_says_which_cards_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """ruling.seat-log: every ruling an action writes into the log carries the ids of exactly
    the guests and objectives whose words its verdict holds (``Ruling.cards``, which the seat
    log reads instead of the words) — in a game of every mode."""
    written: list[Ruling] = []
    mark = seat_log.mark

    def noting(table: Any, entries: Any, seats: int, rulings: Any = ()) -> None:
        written.extend(r for said in rulings for r in said)
        mark(table, entries, seats, rulings)

    monkeypatch.setattr(seat_log, "mark", noting)
    kinds = [Kind("standard", 4), Kind("team", 4), Kind("tableau", 3),
             Kind("standard", 4, settings=("starter_guests=draft",)),
             Kind("solo-estate-challenge", 1), Kind("classic-solo", 1)]
    named = 0
    for seed, kind in enumerate(kinds):
        game, player = start(kind, seed)
        words = {c: w for c in card_words(game.table).ids if (w := words_for(game.table, c))}
        written.clear()
        while not game.state.finished:
            game.apply(player.choose(game))
        for said in written:
            text = said.verdict
            holds = {c for c, w in words.items()
                     if w in text and re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)}
            assert set(said.cards) == holds, (said.rule, text, said.cards)
            named += bool(holds)
    assert named > 1000


@pytest.mark.rule("ruling.seat-face-down")
def test_ruling_seat_face_down_no_seat_sees_a_card_of_a_deck() -> None:
    """Every card of the casual, prestige, objective, VP and theme decks is hidden from every
    seat, and the view shows a deck by its size only."""
    game = played()
    supply = game.state.supply
    decks = [*supply.casual_deck, *supply.prestige_deck, *supply.objective_deck,
             *supply.vp_deck, *supply.theme_deck]
    assert decks
    for seat in range(4):
        assert set(decks) <= set(hidden_cards(game.table, seat))
        shown = game.view(seat)["supply"]["decks"]
        assert shown == {"casual": len(supply.casual_deck), "prestige": len(supply.prestige_deck),
                         "objective": len(supply.objective_deck), "vp": len(supply.vp_deck),
                         "bag": len(supply.bag)}


@pytest.mark.rule("ruling.seat-looked-at")
def test_ruling_seat_looked_at_the_screened_guests_are_seen_by_the_chooser_only() -> None:
    """While a player chooses among the guests a screen shows, she sees them and the others
    do not."""
    for seed in range(40):
        game = new_game(3, seed=seed)
        player = RandomPlayer(seed)
        while not game.state.finished and not (
                game.state.turn and any(c.cards for c in game.state.turn.choices)):
            game.apply(player.choose(game))
        if game.state.finished:
            continue
        turn = game.state.turn
        assert turn is not None
        choice = next(c for c in turn.choices if c.cards)
        chooser = turn.player if choice.seat is None else choice.seat
        assert not set(choice.cards) & set(hidden_cards(game.table, chooser))
        for seat in set(range(3)) - {chooser}:
            assert set(choice.cards) <= set(hidden_cards(game.table, seat))
        return
    pytest.fail("no screen in 40 seeded games")


@pytest.mark.rule("ruling.seat-team-hands")
def test_ruling_seat_team_hands_partners_see_each_others_cards() -> None:
    """In team play a player sees her partner's hand, objectives and VP cards; the other
    team's show their backs (a family guest or a card known to all excepted)."""
    game = played(mode="team")
    state = game.state
    for seat in range(4):
        partners = set(game.table.mode.allies(state, seat))
        assert seat in partners and len(partners) == 2
        view = game.view(seat)
        for other, player in enumerate(state.players):
            shown = [c["id"] for c in view["players"][other]["hand"]]
            secret = [c not in player.known and game.table.card(c).deck not in (
                "family", "fairchild") for c in player.hand]
            assert any(secret)
            if other in partners:
                assert shown == player.hand
            else:
                assert shown == [None if s else c for c, s in zip(player.hand, secret,
                                                                  strict=True)]
        own = {id(h.cards): h.seats for h in holdings(game.table) if h.rule ==
               "ruling.seat-own-cards"}
        for other, player in enumerate(state.players):
            for cards in (player.hand, player.objectives, player.vp_cards):
                assert (seat in own[id(cards)]) == (other in partners)
