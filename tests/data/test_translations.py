"""The rules layer in Japanese (content/i18n/ja/: rules, glossary, casebook): every key names an
existing rule, term or case; the files are checked on loading, and a bad one is an error naming
the file and the entry."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest

from obsession_nb.cli import main
from obsession_nb.data import translations
from obsession_nb.data.rules import IllegalAction, rule_index
from obsession_nb.engine.game import Game, load_scenario
from obsession_nb.tutor import ask, casebook
from obsession_nb.tutor.views import RulingPanel, Stepper


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


# ------------------------------------------------------------------ rulings in Japanese


def _refresher() -> Game:
    game = load_scenario("refresher-round-6", play_recorded=False)
    for action in ("activity", "host standin-estate-pr2"):
        game.apply(action)
    return game


def test_a_ruling_in_japanese_is_its_rule_title_with_the_verdicts_particulars() -> None:
    title = translations.rule_text("service.underbutler", "ja").title  # type: ignore[union-attr]
    verdict = "The underbutler stands in for the Footman on a gentleman paying £200."
    said = translations.ruling_text("service.underbutler", verdict, "ja")
    assert said.startswith(title)
    assert "£200" in said  # the verdict's sum of money, and no name already in the title
    refused = translations.ruling_text("ud.hall-boy.butler", "The Hall Boy cannot stand in for "
                                       "the butler on the activity tile.", "ja", refused=True)
    assert refused.startswith("できません：「ホールボーイ")
    assert refused.endswith("（アクティビティタイル）")
    assert translations.ruling_text("service.underbutler", verdict, "en") == verdict


def test_a_verdict_reads_in_japanese_and_keeps_the_english_record() -> None:
    game = _refresher()
    verdict = game.check("invite standin-pauper-gentleman")
    assert verdict.legal
    text = verdict.text("ja")
    assert text.startswith("invite standin-pauper-gentleman: できます")
    assert "ゲストの評判は自分の評判レベルを超えてはならない [invite.prestige]" in text
    assert all(r.verdict in text for r in verdict.rulings)  # the English record stays
    assert str(verdict) == verdict.text("en") and "できます" not in str(verdict)
    refused = game.check("host gazebo")
    assert "できません：「" in refused.text("ja")


def test_the_stepper_and_the_ruling_panel_show_rulings_in_japanese() -> None:
    stepper = Stepper.from_scenario("refresher-round-6", lang="ja")
    stepper.play_script(2)
    rulings = [r for e in stepper.rulings.entries for r in e["rulings"]]
    assert rulings and all("text" in r for r in rulings)
    host = next(r for r in rulings if r["rule"] == "host.choose-tile")
    assert host["text"] == translations.rule_text("host.choose-tile", "ja").title  # type: ignore[union-attr]
    assert host["verdict"].startswith("Ada hosts")  # the English verdict kept beside it
    assert stepper.rulings.rules["host.choose-tile"]["summary"].startswith("主催するには")
    assert all("text" not in r for e in stepper.game.log for r in e.rulings)  # the record
    with pytest.raises(IllegalAction):
        stepper.choose("pass")
    assert "できません：「" in stepper.rulings.status["text"]

    panel = RulingPanel.beside(stepper)
    panel.check("host gazebo")
    shown = panel.result.verdict
    assert shown["word"] == "できません" and shown["rulings"][0]["text"].startswith("できません：「")
    english = RulingPanel(stepper.game)
    english.check("host gazebo")
    assert "word" not in english.result.verdict
    assert all("text" not in r for r in english.result.verdict["rulings"])


def test_play_with_lang_ja_prints_rulings_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "refresher-round-6", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "ステップ１：使用人のローテ（副執事、メイド）  [turn.rotate-service]" in out
    assert "  = Servants' Quarters → Available Service (Underbutler)" in out
    assert main(["play", "refresher-round-6", "host gazebo", "--lang", "ja", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["refused"]["rulings"][0]["text"].startswith("できません：「")
    assert all("text" in r for e in data["log"] for r in e["rulings"])
    assert main(["play", "refresher-round-6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all("text" not in r for e in data["log"] for r in e["rulings"])


def test_the_quiz_reveals_its_rulings_in_japanese() -> None:
    from obsession_nb.tutor.views import Quiz

    quiz = Quiz(seed=2, count=2, lang="ja")
    quiz.answer(quiz.current.answer)  # type: ignore[union-attr]
    shown = quiz.view.result["rulings"]
    assert shown and all(r["text"] and r["verdict"] for r in shown)
    first = translations.rule_text(shown[0]["rule"], "ja")
    assert first is not None
    assert (shown[0]["title"], shown[0]["summary"]) == (first.title, first.summary)


def test_the_rule_browser_opens_an_entry_in_japanese() -> None:
    from obsession_nb.tutor.views import RuleBrowser

    browser = RuleBrowser(rule="ud.hall-boy.butler", lang="ja")
    shown = browser.view.entry
    said = translations.rule_text("ud.hall-boy.butler", "ja")
    assert said is not None and shown["title"] == said.title and shown["summary"] == said.summary
    assert shown["english"]["title"].startswith("Hall Boy")
    assert all(r["title"] == translations.rule_text(r["id"], "ja").title  # type: ignore[union-attr]
               for r in shown["related"])
    cases = [d for d in shown["demonstrations"] if d["kind"] == "case"]
    assert cases and all(d["title"] == translations.case_text(d["name"], "ja").question  # type: ignore[union-attr]
                         for d in cases)
    assert "english" not in RuleBrowser(rule="ud.hall-boy.butler").view.entry


def test_a_verdict_in_a_notebook_follows_the_language_setting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``obsession-nb lab --lang ja`` sets OBSESSION_NB_LANG: ``game.check(...)`` shows Japanese."""
    game = _refresher()
    refused = game.check("host gazebo")
    assert "できません" not in refused._repr_html_()
    monkeypatch.setenv("OBSESSION_NB_LANG", "ja")
    html = refused._repr_html_()
    assert "できません：「" in html and 'class="onb-record" lang="en"' in html
    assert escape(refused.rulings[0].verdict) in html  # the English record stays


def test_a_folded_line_break_joins_japanese_without_a_space(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules.yaml").write_text(
        "turn.round:\n  title: ラウンド\n  summary: >-\n    白い駒を\n    次のマスへ進める（UD p.5\n"
        "    参照）。 see\n    the track\n", encoding="utf-8")
    monkeypatch.setenv("OBSESSION_NB_CACHE", "off")
    monkeypatch.setattr(translations, "path", lambda lang, name: tmp_path / f"{name}.yaml")
    translations._texts.cache_clear()
    try:
        said = translations.rule_texts("ja")["turn.round"].summary
    finally:
        translations._texts.cache_clear()
    assert said == "白い駒を次のマスへ進める（UD p.5 参照）。 see the track"


def test_every_reading_is_in_japanese_and_sets_aside_what_the_english_does() -> None:
    ja = translations.rule_texts("ja")
    for r in rule_index().values():
        said = ja[r.id]
        assert (said.reading is None) == (r.reading is None), r.id
        if r.reading:
            chosen, rejected = said.reading_parts()
            assert chosen, r.id
            assert (rejected is None) == ("Rejected:" not in r.reading), r.id


def test_the_rule_browser_shows_a_rulings_reading_in_japanese() -> None:
    from obsession_nb.tutor.views import RuleBrowser

    shown = RuleBrowser(rule="ruling.lady-dismiss-nobody", lang="ja").view.entry
    assert shown["chosen"].startswith("日本語の要約は")
    assert shown["rejected"].startswith("縁切りを断った後で")
