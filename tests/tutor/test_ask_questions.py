"""Players' own questions (tests/tutor/ask_questions.yaml), in English and in Japanese: how often
`ask` finds an entry that answers them first (top-1) and among the first three (top-3).

The set was written for issue 45 before the search changed and is split: every third question is
the *check* part, never looked at while tuning.  A *fresh* part (the file's ``fresh`` section),
written before the second sitting's changes and never tuned to, is reported apart.  The figures
of every part are printed (``pytest -s``); issue 45's targets hold over each language's set
(tune and check).  No suggestion may replace a valid word (a negation included) in any question
of either language, fresh ones included.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path

import pytest

from obsession_nb.base import yamlio
from obsession_nb.base.japanese import has_japanese
from obsession_nb.base.wordforms import normalise
from obsession_nb.base.wordsearch import NEGATIONS, STOP_WORDS
from obsession_nb.data.lexicon import is_english
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import ask
from obsession_nb.tutor.casebook import cases

QUESTIONS = Path(__file__).with_name("ask_questions.yaml")
TARGETS = {"en": {"top1": 0.80, "top3": 0.92}, "ja": {"top3": 0.90}}
"""Issue 45's targets, asserted over each language's set (tune and check).  Before issue 45
changed the search: English top-1 68.0 %, top-3 83.1 %; Japanese top-1 2.4 %, top-3 4.9 %."""

PARTS = ("tune", "check", "fresh")


@cache
def questions() -> dict[str, list[tuple[str, frozenset[str], str]]]:
    """Per language: (question, the entries that answer it, "tune", "check" or "fresh")."""
    data = yamlio.load(QUESTIONS.read_text(encoding="utf-8"))
    fresh = data.pop("fresh")
    return {lang: [(e["q"], frozenset(e["a"]), "check" if i % 3 == 2 else "tune")
                   for i, e in enumerate(entries)]
            + [(e["q"], frozenset(e["a"]), "fresh") for e in fresh[lang]]
            for lang, entries in data.items()}


@cache
def _top(question: str, lang: str) -> tuple[str, ...]:
    return tuple(h.id for h in ask.search(question, limit=3, lang=lang).hits)


def figures(lang: str, part: str | None = None) -> dict[str, float]:
    """Top-1 and top-3 rates of one language's questions (one part, or tune and check)."""
    rows = [(q, right) for q, right, p in questions()[lang]
            if p == part or (part is None and p != "fresh")]
    top1 = sum(bool(_top(q, lang)[:1]) and _top(q, lang)[0] in right for q, right in rows)
    top3 = sum(bool(right & set(_top(q, lang))) for q, right in rows)
    return {"n": len(rows), "top1": top1 / len(rows), "top3": top3 / len(rows)}


def report(lang: str) -> str:
    lines = []
    for part in (*PARTS, None):
        f = figures(lang, part)
        lines.append(f"{lang} {part or 'all':5} n={f['n']:3}  top-1 {f['top1']:.1%}  "
                     f"top-3 {f['top3']:.1%}")
    misses = [f"  {q!r}: {list(_top(q, lang))}" for q, right, p in questions()[lang]
              if p == "tune" and not right & set(_top(q, lang))]
    return "\n".join([*lines, "misses of the tune part (the others are not looked at):", *misses])


def test_the_set_is_large_and_names_real_entries() -> None:
    known = set(rule_index()) | {c.id for c in cases()} | {t.term for t in ask.glossary()}
    sets = questions()
    assert len(sets["en"]) >= 150 and len(sets["ja"]) >= 60
    assert {p for rows in sets.values() for _q, _a, p in rows} == set(PARTS)
    for lang, rows in sets.items():
        assert len({q for q, _a, _p in rows}) == len(rows), lang
        unknown = {x for _q, right, _p in rows for x in right} - known
        assert not unknown, f"{lang}: {sorted(unknown)}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_questions_find_an_answering_entry(lang: str) -> None:
    text = report(lang)
    print("\n" + text)
    whole = figures(lang)
    for measure, least in TARGETS[lang].items():
        assert whole[measure] >= least, f"{measure} {whole[measure]:.1%} < {least:.0%}\n{text}"


ISSUE_EXAMPLES = ["pauper cant pay", "must I be able to pay", "if I don't buy",
                  "can't I host twice", "i dont want to dismiss anyone"]
"""Questions issue 45 saw rewritten into their opposite."""


def _valid(word: str) -> bool:
    vocabulary = ask._index()._vocabulary
    return (word in vocabulary or word in STOP_WORDS or word in NEGATIONS or is_english(word)
            or word.isdigit())


def _replaced(question: str, corrected: str) -> list[str]:
    """The words of ``question`` that ``corrected`` replaced or dropped."""
    before, after = normalise(question).split(), normalise(corrected).split()
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    return [w for op, i1, i2, _j1, _j2 in matcher.get_opcodes() if op in ("replace", "delete")
            for w in before[i1:i2]]


def test_no_suggestion_replaces_a_valid_word() -> None:
    asked = [q for rows in questions().values() for q, _a, _p in rows] + ISSUE_EXAMPLES
    wrong = {}
    corrected = 0
    for q in asked:
        answer = ask.search(q)
        if answer.corrected:
            corrected += 1
            valid = [w for w in _replaced(q, answer.corrected) if _valid(w)]
            if valid:
                wrong[q] = (answer.corrected, valid)
    print(f"\n{corrected} of {len(asked)} questions corrected; "
          f"{len(wrong)} replaced a valid word")
    assert not wrong, wrong
    for q in ISSUE_EXAMPLES:
        assert ask.search(q).corrected is None, q


def test_misspellings_are_still_corrected() -> None:
    assert ask.search("servents quarters").corrected == "servants quarters"
    assert ask.search("usefull man discount").corrected == "useful man discount"
    assert ask.search("recieve favours").corrected == "receive favours"


# ------------------------------------------------------------------ the mode a question names


@pytest.mark.parametrize(("question", "mode"), [
    ("solo ai rolls a 19", "solo-estate-challenge"),
    ("in the Solo Estate Challenge can I refresh the market", "solo-estate-challenge"),
    ("classic solitaire ai rolls a 17", "classic-solo"),
    ("can my teammate lend me a valet", "team"),
    ("tableau duel reputation points", "tableau-duel"),
    ("when does a tableau game end", "tableau"),
    ("how do I claim a milestone", "milestones"),
    ("a complete tableau in solo", "solo-estate-challenge"),
    ("ソロのAIが19を出したら", "solo-estate-challenge"),
    ("チーム戦で味方にお金をもらえる？", "team"),
    ("タブローのゲーム終了", "tableau"),
    ("マイルストーンは1ターンにいくつ", "milestones"),
    ("ソリティアで17", "classic-solo"),
])
def test_the_mode_a_question_names_restricts_the_answer_to_it(question: str, mode: str) -> None:
    answer = ask.search(question)
    assert answer.mode == mode
    allowed = {"standard", mode} | ({"tableau", "tableau-duel"} if "tableau" in mode else set())
    assert answer.hits and {h.mode for h in answer.hits} <= allowed
    assert answer.hits[0].mode != "standard"


def test_a_question_naming_no_mode_puts_the_standard_game_first_and_labels_the_others() -> None:
    answer = ask.search("tie at the end who wins")
    assert answer.mode is None and answer.hits[0].id == "scoring.tie-break"
    assert "solo.classic.solo-wins-ties" not in [h.id for h in answer.hits[:3]]
    solo = ask.search("what does the ai do on a 17")
    assert solo.hits[0].mode == "classic-solo"
    assert ask.answer_sentence(solo).startswith("In Classic solitaire: ")
    assert "(Classic solitaire)" in solo.text()


def test_solo_ai_19_answers_from_the_solo_estate_challenge() -> None:
    """Issue 45: "solo ai rolls a 19" got only classic-solitaire rules."""
    answer = ask.search("solo ai rolls a 19")
    top = [h.id for h in answer.hits[:3]]
    assert "solo.sec.market-counters" in top and not any("classic" in i for i in top)
    assert ask.answer_sentence(answer).startswith("In the Solo Estate Challenge: ")


# ------------------------------------------------------------------ answers first


def test_ask_opens_with_one_sentence_answering_the_question(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from obsession_nb import cli

    assert cli.main(["ask", "can I buy two tiles in one turn?"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "No: one purchase per turn, except on the Builders' Holiday."
    assert lines[1] == "Rules:" and lines[-1].startswith("Show me:")
    assert cli.main(["ask", "ハウスマンの割引はいくら？"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert has_japanese(out[0]) and "ルール：" in out
    assert cli.main(["ask", "hall boy pauper", "--lang", "ja", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lang"] == "ja" and has_japanese(data["answer"])


def test_the_rule_browser_shows_the_answer_and_the_modes_in_its_language() -> None:
    from obsession_nb.tutor.views.rule_browser import RuleBrowser

    browser = RuleBrowser("solo ai rolls a 19")
    assert browser.view.answer.startswith("In the Solo Estate Challenge: ")
    assert browser.view.results[0]["mode"] == "Solo Estate Challenge"
    japanese = RuleBrowser("hall boy", lang="ja")
    assert has_japanese(japanese.view.results[0]["title"])
    assert has_japanese(japanese.view.answer)
