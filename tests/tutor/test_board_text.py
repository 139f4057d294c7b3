"""The ``board`` text of ``obsession-nb practice`` in each language (issue 44, every ruling and
explanation in English and Japanese): one renderer (``base.render.position_text``) with its
words in the text's language (``POSITION_WORDS``; ``content/i18n/ja/widgets.yaml``
``position``), read from the same seat view in both (``tutor/views/html/board.py``
``board_text``); the English is ``Game.text`` as it was."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from obsession_nb.base.i18n import tr
from obsession_nb.base.render import POSITION_WORDS
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.seat.places import hidden_cards
from obsession_nb.players.random_player import play_to_round
from obsession_nb.tutor.views.engine_words import prompt
from obsession_nb.tutor.views.html import board_text
from obsession_nb.tutor.views.html.board import position_words

GAMES = [(4, "standard", 5), (3, "tableau", 3), (4, "team", 4)]


def _game(players: int, mode: str, round_: int) -> Game:
    return play_to_round(new_game(players, seed=players + round_,
                                  options=Options.model_validate({"mode": mode})), round_)


def _names(data: Any) -> set[str]:
    """Every name the view holds (cards, tiles, servants, players, families), and each as the
    glossary says it in Japanese."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "family_name") and isinstance(value, str):
                found |= {value, tr(value, "ja")}
            else:
                found |= _names(value)
    elif isinstance(data, list):
        for value in data:
            found |= _names(value)
    return found


def _without(text: str, names: set[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _figures(text: str) -> Counter[str]:
    return Counter(re.findall(r"[0-9]+", text))


@pytest.mark.rule("ruling.seat-view")
@pytest.mark.parametrize(("players", "mode", "round_"), GAMES)
def test_the_board_text_in_english_and_japanese_from_one_seat_view(
        players: int, mode: str, round_: int) -> None:
    game = _game(players, mode, round_)
    for seat in (*range(players), None):
        english, japanese = board_text(game, seat, "en"), board_text(game, seat, "ja")
        assert english == game.text(seat)  # the English as it was: one renderer, two tables
        view = game.view(seat)
        names = _names(view) | {game.table.servant_name(k) for k in game.table.catalog.servants}
        names |= {tr(n, "ja") for n in names}
        left = _without(japanese.replace(prompt(game, "ja"), " "), names)
        english_left = [w for w in re.findall(r"[A-Za-z]{2,}", left) if w != "VP"]  # VPカード
        assert english_left == [], left  # no English word but names
        # the same figures: round, season, seats, money, reputation, prices, counts
        assert _figures(_without(english.replace(prompt(game, "en"), " ").replace(
            f"({view['length']})", " "), names)) == _figures(left)
        assert japanese.count("\n") == english.count("\n")
        if seat is None:
            continue
        hidden = hidden_cards(game.table, seat)
        catalog = game.table.catalog
        secret = {n for c in hidden if (card := catalog.gentry.get(c) or catalog.objectives.get(c))
                  for n in (card.name, tr(card.name, "ja"))}
        assert not [n for n in secret if n in japanese]  # a hidden card by its back only
        faces = sum(1 for p in view["players"] for c in p["hand"] if c.get("hidden"))
        backs = re.findall(r"伏せた\S+?×(\d+)", japanese)
        assert sum(map(int, backs)) == faces and faces == sum(
            int(n) for n in re.findall(r"(\d+) × \S+ guest \(face down\)", english))


def test_every_board_word_has_its_japanese_with_the_same_fields() -> None:
    japanese = position_words("ja")
    assert set(japanese) == set(POSITION_WORDS) and position_words("en") == POSITION_WORDS
    for key, text in POSITION_WORDS.items():
        fields = set(re.findall(r"\{(\w+)\}", text))
        said = set(re.findall(r"\{(\w+)\}", japanese[key]))
        assert said == fields or (key == "where" and said == fields - {"length"}), key
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", japanese[key])), key
