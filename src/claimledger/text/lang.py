"""Language of a text, from its scripts and, in Latin letters, its function words.

- Kana make it Japanese (hiragana among the kanji, or mostly katakana: a
  Chinese sentence may name a Japanese brand in katakana), hangul Korean: both
  are written with Han characters too, so they are looked at first.
- Han characters carrying a fair share of the letters make it Chinese. Chinese
  posts are full of Latin product names (GB200 NVL72, DeepSeek R1), so Han
  characters count against Latin words rather than against all text.
- Other scripts with a language of their own (Cyrillic, Greek, Arabic, Hebrew,
  Thai, Devanagari) name that language when they carry most of the words.
- Latin letters are English unless the function words of another language
  (data/languages.toml: "les", "und", "para") outnumber the English ones.

Codes are ISO 639-1: `LANGUAGES` are the ones detected, `SUPPORTED` the ones
the extractor reads (a sentence in any other gives no claims).
"""

from __future__ import annotations

import re
from collections import Counter

from claimledger.data_files import data_table
from claimledger.text.alternation import any_of
from claimledger.text.scripts import HAN, HANGUL_RANGES, HIRAGANA_RANGES, KANA_RANGES, OTHER_SCRIPTS, character_class

_DATA = data_table("languages.toml")
SUPPORTED = tuple(_DATA["supported"])
# Han characters are counted by runs: a list of a few runs is cheaper than one of every character.
HAN_RUN = re.compile(f"[{HAN}]+")
KANA = re.compile(f"[{character_class(KANA_RANGES)}]")
HIRAGANA = re.compile(f"[{character_class(HIRAGANA_RANGES)}]")
HANGUL_WORD = re.compile(f"[{character_class(HANGUL_RANGES)}]+")
LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+")
SCRIPT_WORDS = {lang: re.compile(f"[{character_class(ranges)}]+") for lang, ranges in OTHER_SCRIPTS.items()}
# Any letter of the scripts above: most texts have none, and skip counting them.
OTHER_LETTER = re.compile(
    f"[{character_class(KANA_RANGES + HANGUL_RANGES + tuple(r for ranges in OTHER_SCRIPTS.values() for r in ranges))}]"
)

# A Han character carries about as much as a short Latin word.
HAN_SHARE_FOR_CHINESE = 0.3
# Japanese sentences have hiragana (particles, endings) among their kanji; a headline may
# have katakana only, and a Chinese sentence may name a Japanese brand in a few.
HIRAGANA_SHARE_FOR_JAPANESE = 0.1
KATAKANA_SHARE_FOR_JAPANESE = 0.5
# Hangul words against all words for Korean, another script's words for its language.
SCRIPT_SHARE = 0.3
# Another language needs this many of its function words, and more than English has.
LEAST_FUNCTION_WORDS = 2


def _function_words() -> dict[str, tuple[str, ...]]:
    """Word -> the languages it is a function word of; English words belong to English alone."""
    english = set(_DATA["function_words"]["en"])
    languages: dict[str, list[str]] = {word: ["en"] for word in english}
    for lang, words in _DATA["function_words"].items():
        if lang == "en":
            continue
        for word in words:
            if word not in english:
                languages.setdefault(word, []).append(lang)
    return {word: tuple(langs) for word, langs in languages.items()}


FUNCTION_WORDS = _function_words()
# Any function word of a language other than English: most English text has none, and is done.
OTHER_FUNCTION_WORD = re.compile(
    r"(?i)(?<![A-Za-z\u00c0-\u024f])"
    + any_of(word for word, langs in FUNCTION_WORDS.items() if langs != ("en",) and len(word) > 1)
    + r"(?![A-Za-z\u00c0-\u024f])"
)
# The same words, looked up by word in ASCII text: there a Latin word matches that pattern
# exactly when its lower case is one of them.
OTHER_FUNCTION_WORDS = frozenset(word for word, langs in FUNCTION_WORDS.items() if langs != ("en",) and len(word) > 1)
LANGUAGES = ("en", "zh", "ja", "ko", *(lang for lang in _DATA["function_words"] if lang != "en"), *OTHER_SCRIPTS)


def detect_lang(text: str, default: str = "en") -> str:
    """The language code of `text`; `default` when it has no letters at all. ASCII text (most
    English) has no Han or other script to count, and its function words are looked up by word."""
    ascii_text = text.isascii()
    han = 0 if ascii_text else sum(map(len, HAN_RUN.findall(text)))
    # Lower case keeps an ASCII text's words where they are, and gives them as the function words are written.
    latin_words = LATIN_WORD.findall(text.lower() if ascii_text else text)
    if not ascii_text and OTHER_LETTER.search(text):
        other = _other_script(text, han, len(latin_words))
        if other is not None:
            return other
    if han == 0 and not latin_words:
        return default
    if han / (han + len(latin_words)) >= HAN_SHARE_FOR_CHINESE:
        return "zh"
    if ascii_text:
        if OTHER_FUNCTION_WORDS.isdisjoint(latin_words):
            return "en"
    elif not OTHER_FUNCTION_WORD.search(text):
        return "en"
    return _latin_language(latin_words)


def _other_script(text: str, han: int, latin_words: int) -> str | None:
    """Japanese, Korean or another script's language, when its characters carry the text."""
    kana = len(KANA.findall(text))
    if kana and (kana + han) / (kana + han + latin_words) >= HAN_SHARE_FOR_CHINESE:
        hiragana = len(HIRAGANA.findall(text))
        if hiragana / (kana + han) >= HIRAGANA_SHARE_FOR_JAPANESE or kana / (kana + han) >= KATAKANA_SHARE_FOR_JAPANESE:
            return "ja"
    words = {"ko": len(HANGUL_WORD.findall(text))}
    words.update((lang, len(pattern.findall(text))) for lang, pattern in SCRIPT_WORDS.items())
    lang, count = max(words.items(), key=lambda item: item[1])
    if count and count / (count + han + latin_words) >= SCRIPT_SHARE:
        return lang
    return None


def _latin_language(words: list[str]) -> str:
    """English, unless another language's function words outnumber English's."""
    counts: Counter[str] = Counter()
    for word in words:
        if len(word) < 2:
            continue  # a letter alone is an initial, a unit or a code more often than a word
        for lang in FUNCTION_WORDS.get(word.lower(), ()):
            counts[lang] += 1
    english = counts.pop("en", 0)
    if not counts:
        return "en"
    lang, count = counts.most_common(1)[0]
    return lang if count >= LEAST_FUNCTION_WORDS and count > english else "en"
