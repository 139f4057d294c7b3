"""``obsession-nb practice --lang ja``: the decision, the actions, the rulings, the coach's hint
and reviews, the result and the terminal's sentences in Japanese (issue 44: advice in a
player's words); the notation to type stays as it is, and English is the default."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from obsession_nb.cli.parsing import Refused, parser
from obsession_nb.cli.practice_text import run
from obsession_nb.data.rules import citation
from obsession_nb.data.translations import rule_text
from obsession_nb.practice.arena import make_player
from obsession_nb.practice.plans import Level
from obsession_nb.practice.session import Practice
from obsession_nb.tutor.views.html.board import position_words
from obsession_nb.tutor.views.words import panel_words

QUICK = Level("quick", 400, 6)
ENGLISH_ADVICE = ("Try:", "why:", "host the", "pass and", "too close to call", "Better:",
                  "You played", "The game is over", "Your turns that cost", "Coach:",
                  "wins with", "Improvement tiles")


def test_the_flag_takes_en_or_ja() -> None:
    assert parser().parse_args(["practice", "--lang", "ja"]).lang == "ja"
    assert parser().parse_args(["practice"]).lang is None
    with pytest.raises(Refused, match="invalid choice: 'fr'"):
        parser().parse_args(["practice", "--lang", "fr"])


def test_a_whole_game_in_japanese_on_scripted_input() -> None:
    practice = Practice(players=2, seat=1, opponents="random", seed=2, level=QUICK)
    me = make_player("heuristic", 3)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) in (1, 12):
            return "hint"
        if len(asked) == 2:
            return "undo"
        return me.choose(practice.game).notation

    out = io.StringIO()
    assert run(practice, read, out, "ja") == 0
    text = out.getvalue()
    words = panel_words("terminal", "ja")
    assert text.startswith(words["intro"].split("{")[0])
    assert text.count("おすすめ：") == 2 and "理由：" in text and "比べたプラン：" in text
    assert words["coach"] in text and words["costliest"] in text
    assert "ゲーム終了。" in text and "の勝ち" in text and "合計" in text
    assert "拡充タイル" in text  # the scoresheet's rows
    assert re.search(r"ステップ[１-８]", text)  # the actions in words
    assert not [w for w in ENGLISH_ADVICE if w in text]


def test_the_command_with_lang_ja_on_piped_stdin(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    script = f"hint\nboard\n1\nsave {saved}\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "practice", "--players", "2",
                           "--opponents", "random", "--seed", "4", "--level", "easy",
                           "--lang", "ja"], input=script, capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr  # quit before the end
    assert "おすすめ：" in proc.stdout and "Try:" not in proc.stdout
    frames = position_words("ja")  # the board, its frames in Japanese, not English
    assert frames["market"].split("{")[0] in proc.stdout and "［" in proc.stdout
    assert not [w for w in ("reputation level", "; hand", "market:", "no family yet", "'s view")
                if w in proc.stdout]
    assert f"{saved}に保存した。" in proc.stdout
    assert f"obsession-nb practice --load {saved} --lang ja" in proc.stdout


MISTYPED = ["foo", "hots", "host Bowlin Green", "draft cook", "gossip p9", "hire valett"]
"""Answers the table refuses at the first decision (the family board): no action, a mistyped
verb, a mistyped name, an action the rules forbid there, no such player, no such servant."""


def _refusals(lang: str) -> list[str]:
    practice = Practice(players=4, seat=1, opponents="random", seed=3, level=QUICK)
    answers = iter([*MISTYPED, "quit"])
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)  # as the terminal shows it: the answer's line starts with "> "
        return next(answers)

    assert run(practice, read, out, lang) == 1
    said = re.findall(r"^> (.*)$", out.getvalue(), re.M)
    assert len(said) == len(MISTYPED) + 1 and said[-1] == ""  # one line each, then quit
    return said[:-1]


def test_refusals_at_the_prompt_in_japanese_name_the_rule_and_what_to_type() -> None:
    english, japanese = _refusals("en"), _refusals("ja")
    words = panel_words("terminal", "ja")
    for typed, en, ja in zip(MISTYPED, english, japanese, strict=True):
        assert en.startswith("Refused: ") and ja != en
        ids = re.findall(r"\[([a-z0-9_.-]+): ", en)  # an illegal action: the rules' ids
        for rule in ids:
            title = rule_text(rule, "ja")
            assert title is not None and f"「{title.title}」" in ja
            assert f"［{rule}：{citation(rule)}］" in ja and f"[{rule}: {citation(rule)}]" in en
        if not ids:
            assert ja.startswith(words["refused"].split("{")[0])
        near = re.findall(r"'[^']+'(?: \([a-z_]+\))?(?=\?| or )", en)  # did you mean …
        for name in near:
            assert name in ja
        left = ja
        for kept in (*[citation(r) for r in ids], *ids, *near, typed, *typed.split(), "<tile>"):
            left = left.replace(kept, " ")
        assert not re.findall(r"[A-Za-z]{2,}", left), ja  # Japanese, but what is typed
    assert any(re.search(r"\[[a-z]", en) for en in english)  # a rule refused one of them
    assert sum("did you mean" in en for en in english) >= 3
