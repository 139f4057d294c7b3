"""The rules layer in Japanese (content/i18n/ja/: rules, glossary, casebook): every key names an
existing rule, term or case; the files are checked on loading, and a bad one is an error naming
the file and the entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from obsession_nb.data import translations
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import ask, casebook


def test_every_japanese_rule_names_a_rule_of_the_index() -> None:
    texts = translations.rule_texts("ja")
    assert texts, "content/i18n/ja/rules.yaml has no entries"
    assert set(texts) <= set(rule_index()), set(texts) - set(rule_index())


def test_every_japanese_glossary_entry_names_a_glossary_term() -> None:
    terms = {t.term for t in ask.glossary()}
    texts = translations.term_texts("ja")
    assert texts
    assert set(texts) <= terms, set(texts) - terms


def test_every_japanese_case_names_a_casebook_case() -> None:
    ids = {c.id for c in casebook.cases()}
    texts = translations.case_texts("ja")
    assert texts
    assert set(texts) <= ids, set(texts) - ids
    assert all(t.question.endswith("？") for t in texts.values())


def test_one_rule_one_term_one_case_read_in_japanese() -> None:
    rule = translations.rule_text("turn.rotate-service", "ja")
    assert rule is not None and "使用人のローテ" in rule.title
    assert "使用人のローテ" in rule.terms
    assert translations.term_text("useful man", "ja").term == "ハウスマン"  # type: ignore[union-attr]
    case = translations.case_text("hall-boy-pauper", "ja")
    assert case is not None and case.answer.startswith("いいえ")
    # English has no files: its text is the index itself
    assert translations.rule_text("turn.rotate-service", "en") is None
    assert translations.rule_texts("en") == {}


@pytest.mark.parametrize(("text", "problem"), [
    ("turn.round: {title: 'ラウンド', summary: '説明', colour: red}\n", "colour"),
    ("turn.round: {title: 'A round', summary: '説明'}\n", "has no Japanese"),
    ("turn.round: {title: '', summary: '説明'}\n", "title"),
    ("turn.round: {title: 'ラウンド'}\n", "summary"),
    ("turn.round: !!python/object/apply:os.system ['true']\n", "python"),
])
def test_a_bad_file_is_an_error_naming_it_and_the_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str) -> None:
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("OBSESSION_NB_CACHE", "off")
    monkeypatch.setattr(translations, "path", lambda lang, name: tmp_path / f"{name}.yaml")
    translations._texts.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"content/i18n/ja/rules\.yaml") as error:
            translations.rule_texts("ja")
        assert problem in str(error.value)
        assert "turn.round" in str(error.value) or "line 1" in str(error.value)
    finally:
        translations._texts.cache_clear()



def test_every_rule_term_and_case_has_japanese_text() -> None:
    """Deliver 1 of issue 45: the whole rules layer reads in Japanese."""
    assert set(rule_index()) <= set(translations.rule_texts("ja")), (
        sorted(set(rule_index()) - set(translations.rule_texts("ja"))))
    assert {t.term for t in ask.glossary()} <= set(translations.term_texts("ja"))
    assert {c.id for c in casebook.cases()} <= set(translations.case_texts("ja"))
