"""Japanese text cut into the words a search compares, by a morphological analyser: SudachiPy
with its core dictionary (``sudachidict-core``).

``words("ホールボーイは執事の代わりになる？")`` → ``["ホール", "ボーイ", "執事", "代わり"]``:
each word in its normalised form (``割引`` and ``割り引き`` alike, full-width digits made
ASCII, ``引き抜けますか`` → ``引き抜く``), particles, auxiliaries, symbols and a few empty
verbs and nouns dropped.  A long compound is also given in its short units (SplitMode C and A),
so ``使用人部屋`` finds ``使用人`` and ``部屋`` both.

Why SudachiPy rather than fugashi with unidic-lite (measured on this machine, issue 45; figures
in docs/rule-sources.md): both cut the game's words the same way, but Sudachi's normalised forms
fold spelling variants that players type (送り仮名, full-width digits, long-vowel marks) onto
one word, it gives several granularities of one analysis, and its dictionary is released
regularly (unidic-lite has not changed since 2021 and ships only as a source archive).  Its
costs: ~160 ms to load the dictionary (fugashi ~25 ms) and a 77 MB wheel (47 MB).  The
dictionary is loaded only when a text with Japanese in it is first analysed, so English
questions never pay for it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff10-\uff19\uff21-\uff5a]")
"""A kana, kanji or full-width letter or digit: the text is (partly) Japanese."""

JAPANESE_KANA = re.compile(r"[\u3041-\u3096]")
"""A hiragana letter."""

_KEPT = frozenset({"名詞", "動詞", "形容詞", "形状詞", "副詞", "接尾辞"})
"""Parts of speech that carry meaning; particles, auxiliaries, symbols and spaces do not."""

_NOUNS = frozenset({"名詞", "接尾辞"})
"""Parts of speech whose runs make one compound word."""

_EMPTY = frozenset([
    "為る", "成る", "出来る", "有る", "居る", "言う", "思う", "事", "物", "時", "方", "何", "此れ", "其れ", "良い",
    "下さる", "貰う", "遣る", "的", "等", "こと", "もの", "とき", "ため", "よう", "ない", "様", "場合", "どう",
])
"""Words too common in questions to say anything (する, なる, できる, こと, とき …)."""


def has_japanese(text: str) -> bool:
    """Whether ``text`` has Japanese in it (then :func:`words` should analyse it)."""
    return JAPANESE.search(text) is not None


@cache
def _tokenizer() -> Any:
    from sudachipy import Dictionary  # here: loading the dictionary costs ~160 ms

    return Dictionary(dict="core").tokenizer()


@cache
def _modes() -> tuple[Any, Any]:
    from sudachipy import SplitMode

    return SplitMode.C, SplitMode.A


def words(text: str) -> list[str]:
    """The meaningful words of ``text``, normalised, compounds followed by their short units
    and runs of nouns joined into one word as well (``目標`` ``点`` → ``目標点``, so that a
    compound finds the compound before its parts; a prefix is kept only in its run: ``副執事``,
    the underbutler, is not the butler ``執事`` alone); latin letters are lower-cased (English
    words in a Japanese question stay words)."""
    tokenizer = _tokenizer()
    long_mode, short_mode = _modes()
    out: list[str] = []
    run: list[str] = []
    for morpheme in tokenizer.tokenize(text, long_mode):
        if morpheme.part_of_speech()[0] == "接頭辞" and morpheme.surface().strip():
            out += ["".join(run)] if len(run) > 1 else []
            run = [morpheme.normalized_form()]  # 副 of 副執事: a prefix starts a compound
            continue
        word = _word(morpheme)
        noun = word is not None and morpheme.part_of_speech()[0] in _NOUNS
        if not noun:
            out += ["".join(run)] if len(run) > 1 else []
            run = []
        if word is None:
            continue
        out.append(_stem(morpheme, word) or word)
        if noun:
            run.append(word)
        surface = morpheme.surface()
        if len(surface) > 2:
            parts = [_stem(m, w) or w for m in tokenizer.tokenize(surface, short_mode)
                     if (w := _word(m))]
            out += [p for p in parts if p != word] if len(parts) > 1 else []
    out += ["".join(run)] if len(run) > 1 else []
    return out


_KANJI_THEN_KANA = re.compile(r"([\u3400-\u9fff]+)[\u3040-\u309f]+")

_INFLECTED = frozenset({"動詞", "形容詞"})


def _stem(morpheme: Any, word: str) -> str | None:
    """A verb's or adjective's kanji stem, marked (``始まる`` and ``始める`` → ``始~``,
    ``高い`` and ``高める`` → ``高~``): the intransitive, transitive and adjective forms of one
    root find each other, as players use them interchangeably; so do a compound verb's parts
    (``受け取る`` → ``受~`` and ``取~``: ``受けないと`` finds it)."""
    if morpheme.part_of_speech()[0] not in _INFLECTED:
        return None
    found = _KANJI_THEN_KANA.fullmatch(word)
    return f"{found.group(1)}~" if found else None


def _word(morpheme: Any) -> str | None:
    if morpheme.part_of_speech()[0] not in _KEPT:
        return None
    surface = morpheme.surface()
    if surface.isascii():
        return surface.lower() if surface.strip() else None
    word = morpheme.normalized_form()
    return None if word in _EMPTY else word


_HIRAGANA = re.compile(r"[\u3041-\u3096ー]{3,}")
_PARTICLE_AFTER = re.compile(r"(?:って|から|まで|より|では|には|とは|を|は|が|に|で|の|と|も|へ|や)$")
"""A particle the run of hiragana ends with (``はうすまんで``: ``で``)."""
_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
_TO_HIRAGANA = {code + 0x60: code for code in range(0x3041, 0x3097)}


def hiragana(text: str) -> str:
    """``text`` with its katakana letters written in hiragana (``ハウスマン`` → ``はうすまん``;
    the long-vowel mark ``ー`` is shared by both)."""
    return text.translate(_TO_HIRAGANA)


def kana_readings(text: str) -> list[str]:
    """What a question typed in hiragana may mean in katakana, where the texts write the game's
    loanwords (``はうすまん`` → ``ハウスマン``, ``ほーるぼーい`` → ``ホールボーイ``): each run of
    nouns with hiragana in it read as one word (the analyser's readings), and each run of three
    or more hiragana as it is, both in katakana."""
    tokenizer = _tokenizer()
    long_mode, _short = _modes()
    out: list[str] = []
    run: list[Any] = []
    for morpheme in [*tokenizer.tokenize(text, long_mode), None]:
        if morpheme is not None and morpheme.part_of_speech()[0] in _NOUNS:
            run.append(morpheme)
            continue
        if run and JAPANESE_KANA.search("".join(m.surface() for m in run)):
            out.append("".join(m.reading_form() for m in run))
        run = []
    for found in _HIRAGANA.findall(text):
        word = _PARTICLE_AFTER.sub("", found)
        out += [w.translate(_TO_KATAKANA) for w in (found, word) if len(w) > 2]
    return list(dict.fromkeys(out))
