"""Japanese labels (lang="ja"): terms from the Japanese summary, English for anything else
(never an id); rulings in Japanese are tested in tests/data/test_translations.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from obsession_nb.base.i18n import glossary, mixed, phrases, tr
from obsession_nb.cli.parsing import parser
from obsession_nb.tutor.views import Board, Stepper

JA_SUMMARY = Path("/work/shared/seeds/002_a00f0f1e5348d5d9.txt")


@pytest.mark.skipif(not JA_SUMMARY.exists(), reason="the rule sources are not on this machine")
def test_every_japanese_term_is_the_summarys_own_word() -> None:
    text = JA_SUMMARY.read_text(encoding="utf-8")
    missing = {en: ja for en, ja in glossary("ja").items() if ja not in text}
    assert not missing
    templates = {en: ja for en, ja in phrases("ja").items() if ja.replace("{}", "") not in text}
    assert not templates


def test_servant_and_step_names_translate_and_the_rest_stays_english() -> None:
    assert tr("Hall Boy", "ja") == "ホールボーイ"
    assert tr("4 Invite", "ja") == "ステップ４：ゲストの招待"
    assert tr("Hall Boy → Lady Marianne Turner", "ja") == "ホールボーイ → Lady Marianne Turner"
    assert tr("Lord of the house of Howard", "ja") == "Lord of the house of Howard"
    assert tr("Host or pass", "ja") == "Host or pass"  # not in the summary: English
    assert tr("Hall Boy", "en") == "Hall Boy"
    assert tr("Cook → the activity tile", "ja") == "コック → アクティビティタイル"
    assert tr("Refresh Lady's Maid", "ja") == "メイドの回復"


def test_a_label_that_would_mix_languages_stays_english() -> None:
    """Issue 28: "Refresh メイド" and "コック → the activity tile" mixed two languages."""
    for label in ("Refresh Lady's Maid before lending (special action)", "for Hall Boy",
                  "Hall Boy: one guest fewer", "Refresh Lord Howard"):
        assert tr(label, "ja") == label
        assert not mixed(tr(label, "ja"))
    assert mixed("for ホールボーイ") and not mixed("ホールボーイ → Lady Marianne Turner")
    # a lowercase word inside a name is part of the name, not English glue
    assert tr("Valet → Marquess of Tetbury", "ja") == "バレット → Marquess of Tetbury"
    assert tr("Hall Boy → Heir of the house of Howard", "ja") == (
        "ホールボーイ → Heir of the house of Howard")
    with pytest.raises(ValueError, match="unknown language"):
        tr("Hall Boy", "fr")


def test_board_and_stepper_take_lang() -> None:
    board = Board(None, lang="ja")
    assert board.labels["Butler"] == "執事"
    assert Board(None).labels == {}
    s = Stepper.from_scenario("refresher-round-6", lang="ja")
    s.play_script(1)
    headings = [group["title"] for group in s.choices.groups]
    assert "ステップ３：アクティビティの主催" in headings
    labels = [st["label"] for st in s.header.steps]
    assert "ステップ１：使用人のローテ" in labels
    # rulings show in Japanese beside the English verdict, which stays (tests/data/test_translations.py)
    english = Stepper.from_scenario("refresher-round-6")
    english.play_script(1)
    assert [[{k: v for k, v in r.items() if k != "text"} for r in e["rulings"]]
            for e in s.rulings.entries] == [e["rulings"] for e in english.rulings.entries]
    assert all("text" in r for e in s.rulings.entries for r in e["rulings"])


def test_lang_default_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``obsession-nb lab --lang ja`` sets OBSESSION_NB_LANG for the widgets it opens."""
    monkeypatch.setenv("OBSESSION_NB_LANG", "ja")
    assert Board(None).labels["Hall Boy"] == "ホールボーイ"
    assert Stepper.from_scenario("refresher-round-6").lang == "ja"
    args = parser().parse_args(["lab", "--lang", "ja"])
    assert args.lang == "ja"
