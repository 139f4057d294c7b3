"""What a question asks beyond its words: the way of playing it names (issue 45).

Every rule belongs to the standard game or to one mode, read from its id
(``solo.sec.*`` and ``ruling.sec-*`` are the Solo Estate Challenge, ``solo.classic.*`` classic
solitaire, ``team.*`` Competitive Team Play, ``tableau.*`` Tableau Obsession and its Duel,
``milestone.*`` the Milestones); a casebook case or a glossary term belongs to the mode of the
first rule it cites.  :func:`named_mode` finds the mode a question names, in English or in
Japanese ("solo ai rolls a 19", "ソロのAIが19を出したら"); ``ask`` then answers from that mode
(and the standard game beneath it) only, and a question naming none puts the standard game
first and labels any other mode's entry with the mode's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STANDARD = "standard"


@dataclass(frozen=True)
class Mode:
    """One way of playing as a question may name it."""

    key: str
    """The engine's ``options.mode`` name (``milestones`` is the option of that name)."""
    label: str
    label_ja: str
    prefixes: tuple[str, ...]
    """Rule ids starting with one of these belong to the mode."""
    names: tuple[str, ...]
    """What players call it, in English (normalised) and in Japanese; the longest match wins."""
    includes: tuple[str, ...] = ()
    """Other modes a question naming this one may also be answered from (Tableau and Duel)."""


MODES = (
    Mode("classic-solo", "Classic solitaire", "クラシック・ソリティア",
         ("solo.classic.", "ruling.classic-", "option.solo-"),
         ("classic solitaire", "classic solo", "solitaire", "old solo", "2e solo",
          "ソリティア", "クラシックソロ", "旧ソロ")),
    Mode("solo-estate-challenge", "Solo Estate Challenge", "ソロ・エステートチャレンジ",
         ("solo.sec.", "solo.exception.", "ruling.sec-"),
         ("solo estate challenge", "estate challenge", "sec", "solo", "single player",
          "one player", "1 player", "by myself", "play alone", "playing alone",
          "エステートチャレンジ", "ソロ", "一人用", "1人用", "一人プレイ", "1人プレイ")),
    Mode("team", "Competitive Team Play", "チーム戦",
         ("team.", "ruling.team-"),
         ("competitive team play", "team play", "team game", "teams", "team", "teammates",
          "teammate", "team mate", "partners", "partner", "チーム", "味方", "相方", "パートナー")),
    Mode("tableau-duel", "Tableau Duel", "タブロー・デュエル",
         ("tableau.duel", "ruling.duel-"),
         ("tableau duel", "duel", "デュエル"), includes=("tableau",)),
    Mode("tableau", "Tableau Obsession", "タブロー",
         ("tableau.", "ruling.tableau-", "round-track.tableau"),
         ("tableau obsession", "tableau", "low luck", "タブロー"), includes=("tableau-duel",)),
    Mode("milestones", "Milestones", "マイルストーン",
         ("milestone.", "ruling.milestone-", "option.milestones"),
         ("milestones", "milestone", "マイルストーン")),
)
BY_KEY = {m.key: m for m in MODES}


def rule_mode(rule_id: str) -> str:
    """The mode a rule belongs to (:data:`STANDARD` for the standard game)."""
    for mode in MODES:
        if rule_id.startswith(mode.prefixes):
            return mode.key
    return STANDARD


def label(mode: str, lang: str = "en") -> str:
    """The mode's name as a player reads it (empty for the standard game)."""
    found = BY_KEY.get(mode)
    if found is None:
        return ""
    return found.label_ja if lang == "ja" else found.label


def _pattern(mode: Mode) -> re.Pattern[str]:
    names = sorted(mode.names, key=len, reverse=True)
    return re.compile("|".join(rf"(?<![a-z0-9]){re.escape(n)}(?![a-z0-9])" for n in names))


_PATTERNS = tuple((m.key, _pattern(m)) for m in MODES)


def named_mode(question: str) -> str | None:
    """The mode the question names, or None; of several, the one listed first in
    :data:`MODES` ("a complete tableau in solo" is the Solo Estate Challenge's tableau)."""
    text = re.sub(r"['’`]", "", question.lower())
    text = re.sub(r"[^\w]+", " ", text)
    return next((key for key, pattern in _PATTERNS if pattern.search(text)), None)


def allowed(mode: str | None) -> frozenset[str]:
    """The modes whose entries may answer a question naming ``mode`` (every mode for none)."""
    if mode is None:
        return frozenset({STANDARD, *BY_KEY})
    return frozenset({STANDARD, mode, *BY_KEY[mode].includes})
