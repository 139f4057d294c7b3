"""How players' words are analysed before a search (obsession_nb/base/wordsearch.py and
japanese.py): phrasal verbs split around their object, katakana typed in hiragana, prefixed
compounds in Japanese."""

from __future__ import annotations

from obsession_nb.base import japanese
from obsession_nb.base.wordsearch import Document, JapaneseIndex, WordIndex

SYNONYMS = {"give back": "return", "turn on": "activate", "bring down": "lower"}
OTHERS = [Document(str(i), ((text, 1),), ()) for i, text in enumerate(
    ["a tile costs money", "servants rest", "guests attend", "ゲストが来る", "タイルを買う",
     "使用人が休む"])]
"""Texts about something else: BM25 needs a few documents to tell a rare word."""


def _index() -> WordIndex:
    docs = [Document("a", (("the fairchild is returned", 1),), ()),
            Document("b", (("the reserves activate after a courtship", 1),), ())]
    return WordIndex(docs + OTHERS, SYNONYMS)


def test_a_phrasal_verb_split_by_its_object_finds_the_texts_word() -> None:
    index = _index()
    assert index.fold("do i have to give the fairchild back") \
        == "do i have to give the fairchild back return"
    assert index.fold("they turned the reserves on").endswith("on activate")
    assert index.fold("bring a tiles prestige down").endswith("down lower")
    assert index.search("give the fairchild back").hits[0].key == "a"


def test_a_particle_without_its_verb_adds_nothing() -> None:
    index = _index()
    assert index.fold("the card goes face down") == "the card goes face down"
    assert index.fold("give me the money") == "give me the money"  # no particle
    assert index.fold("give one two three four back") == "give one two three four back"


def test_hiragana_finds_the_texts_katakana() -> None:
    assert "ハウスマン" in japanese.kana_readings("はうすまんの割引")
    assert "ホールボーイ" in japanese.kana_readings("ほーるぼーいを置く")
    docs = [Document("man", (("ハウスマンの割引は100ポンド", 1),), ()),
            Document("boy", (("ホールボーイはお金を増やす", 1),), ())]
    index = JapaneseIndex(docs + OTHERS, {}, {})
    assert index.search("はうすまんの割引").hits[0].key == "man"
    assert index.search("ほーるぼーい").hits[0].key == "boy"
    # readings no text has are not searched (they would only be noise)
    assert "ハモラエル" not in index.query_tokens("ゲストはもらえる？")


def test_hiragana_is_searched_as_the_texts_katakana_not_as_its_own_words() -> None:
    """The analyser cuts はうすまん into はうす + まん (ハウス, a word of ハウスメイド): the
    question is searched as if typed in katakana."""
    docs = [Document("man", (("ハウスマンの割引", 1),), ()),
            Document("maid", (("ハウスメイドはハウスの仕事をする", 1),), ())]
    index = JapaneseIndex(docs + OTHERS, {}, {})
    tokens = index.query_tokens("はうすまんで値引き")
    assert "ハウスマン" in tokens and "ハウス" not in tokens
    assert index.search("はうすまんで値引き").hits[0].key == "man"


def test_a_prefix_stays_with_its_noun() -> None:
    words = japanese.words("副執事は何の代わりになる")
    assert "副執事" in words and "副" not in words
    docs = [Document("under", (("副執事は執事の代わりになれる", 1),), ()),
            Document("butler", (("執事は雇えない", 1),), ())]
    assert JapaneseIndex(docs + OTHERS, {}, {}).search("副執事").hits[0].key == "under"


def test_irregular_verbs_find_their_other_forms() -> None:
    index = _index()
    assert index.tokens("milestones are never lost") == index.tokens("milestones are never lose")
    assert "draw" in index.tokens("the tile drawn")


def test_a_document_whose_name_holds_the_question_comes_first() -> None:
    docs = [Document("body", (("Reserves", 3), ("the market opens; a market reserve opens after "
                                                "an opening courtship", 1)), ()),
            Document("name", (("Opening market", 3), ("only tiles rated one or two and four "
                                                      "service tiles qualify for the first "
                                                      "draw of the game", 1)), ())]

    class Unnamed(WordIndex):
        name_bonus = 0.0

    assert Unnamed(docs + OTHERS, {}).search("opening market").hits[0].key == "body"
    assert WordIndex(docs + OTHERS, {}).search("opening market").hits[0].key == "name"


def test_a_compound_verb_is_found_by_its_first_verb() -> None:
    assert {"受~", "取~"} <= set(japanese.words("恩恵を受け取る"))
    docs = [Document("all", (("恩恵はすべて受け取らなければならない", 1),), ()),
            Document("some", (("恩恵の一部を倍にする", 1),), ())]
    assert JapaneseIndex(docs + OTHERS, {}, {}).search("恩恵を受けないと").hits[0].key == "all"


def test_hiragana_finds_katakana_the_analyser_normalises() -> None:
    """めいど is read as メイド, which the texts' analysis writes メード: the reading counts as
    known when the texts have its words, and the question is searched as メイド長."""
    docs = [Document("maid", (("メイド長は１枚多く見る", 1),), ()),
            Document("other", (("長い手番", 1),), ())]
    index = JapaneseIndex(docs + OTHERS, {}, {})
    assert "メード" in index.query_tokens("めいど長の能力")
    assert index.search("めいど長の能力").hits[0].key == "maid"
