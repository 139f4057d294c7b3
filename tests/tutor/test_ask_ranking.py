"""How `ask` orders entries that match a question about equally well
(obsession_nb/tutor/ask.py, ``_rules_first``): a rule before the ruling, casebook case or
glossary term that stands on it; a glossary term first when the question only asks a word."""

from __future__ import annotations

from obsession_nb.base.wordsearch import Hit
from obsession_nb.tutor import ask
from obsession_nb.tutor.ask_index import parents


def _order(question: str, *scored: tuple[str, float] | tuple[str, float, float]) -> list[str]:
    """The keys in the order `ask` puts hits of these (key, score[, share of the question's
    words the name holds]) in."""
    hits = tuple(Hit(k, s, "", *named) for k, s, *named in scored)
    return [h.key for h in ask._rules_first(hits, question)]


def test_the_entries_a_ruling_a_case_and_a_term_stand_on() -> None:
    of = parents()
    assert of["case:pass-rents"] == ["rule:pass.rents"]
    assert "rule:pass.rents" in of["term:pass"]
    assert "rule:ud.useful-man.market-discount" in of["rule:ruling.useful-man-discount-floor"]
    assert "rule:pass.rents" not in of  # a rule stands on nothing


def test_a_rule_comes_before_a_case_that_scores_about_as_well() -> None:
    question = "how much money do rents bring on a passing turn"
    assert _order(question, ("case:pass-rents", 10.0, 0.25), ("rule:other", 9.8),
                  ("rule:pass.rents", 9.5, 0.5)) == ["rule:pass.rents", "case:pass-rents",
                                                     "rule:other"]
    # a case scoring clearly better answers its own question first
    assert _order(question, ("case:pass-rents", 10.0), ("rule:pass.rents", 8.0))[0] \
        == "case:pass-rents"


def test_a_rule_comes_before_a_ruling_on_the_same_heading() -> None:
    assert _order("useful man discount on a cheap tile",
                  ("rule:ruling.useful-man-discount-floor", 10.0),
                  ("rule:ud.useful-man.market-discount", 9.2))[0] \
        == "rule:ud.useful-man.market-discount"


def test_a_term_the_question_asks_for_keeps_its_place() -> None:
    assert _order("what happens when I pass", ("term:pass", 10.0),
                  ("rule:pass.rents", 9.5))[0] == "term:pass"
    assert _order("when I pass can I collect the rents and hire someone", ("term:pass", 10.0),
                  ("rule:pass.rents", 9.5))[0] == "rule:pass.rents"


def test_a_japanese_question_asks_a_word_only_when_it_says_so_or_is_a_bare_name() -> None:
    """Japanese has no spaces to count words by: 'what is X' is said, or the question is a
    name alone; any other question is answered by rules first, as in English."""
    assert ask._asks_a_word("メイド長って何？") and ask._asks_a_word("ハウスマンとは")
    assert ask._asks_a_word("使用人部屋") and ask._asks_a_word("パスの手番")
    assert not ask._asks_a_word("相方のフットマンを借りられる？")
    assert not ask._asks_a_word("国民の祝日って何が変わる")


def test_a_case_that_names_the_question_as_well_as_its_rule_answers_it_first() -> None:
    """A case's question is its name: when it holds as many of the asked words as the rule's
    name, the case answers the question itself (the rule browser opens its rule)."""
    question = "rents on a passing turn how much"
    assert _order(question, ("case:pass-rents", 10.0, 0.5), ("rule:pass.rents", 9.5, 0.5))[0] \
        == "case:pass-rents"
    assert _order(question, ("case:pass-rents", 10.0, 0.5), ("rule:pass.rents", 9.5, 0.75))[0] \
        == "rule:pass.rents"
    first = ask.search("can the hal boi stand in for the butler?").hits[0]
    assert first.kind == "case" and first.rule == "ud.hall-boy.butler"
