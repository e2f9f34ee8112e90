"""The Unicode ranges of the scripts claimledger treats apart from Latin: Han, kana, hangul.

Every regex character class and SQL test for these scripts is built from here,
so language detection, search spacing, claim keys and the number finder agree
on what a Chinese character is.
"""

from __future__ import annotations

Ranges = tuple[tuple[int, int], ...]

# CJK Unified Ideographs Extension A, the unified ideographs, the compatibility ideographs.
HAN_RANGES: Ranges = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))
# Extensions B to F and the compatibility supplement: rare in posts, kept for search.
HAN_SUPPLEMENT_RANGES: Ranges = ((0x20000, 0x2FFFF),)
# Hiragana and katakana.
HIRAGANA_RANGES: Ranges = ((0x3040, 0x309F),)
KANA_RANGES: Ranges = ((0x3040, 0x30FF),)
# Hangul syllables, jamo and compatibility jamo.
HANGUL_RANGES: Ranges = ((0xAC00, 0xD7AF), (0x1100, 0x11FF), (0x3130, 0x318F))
# Scripts that name the language they are mostly written in (text/lang.py).
OTHER_SCRIPTS: dict[str, Ranges] = {
    "ru": ((0x0400, 0x052F),),  # Cyrillic
    "el": ((0x0370, 0x03FF),),  # Greek
    "ar": ((0x0600, 0x06FF), (0x0750, 0x077F)),  # Arabic
    "he": ((0x0590, 0x05FF),),  # Hebrew
    "th": ((0x0E00, 0x0E7F),),  # Thai
    "hi": ((0x0900, 0x097F),),  # Devanagari
}
# CJK symbols and punctuation (、。「」), and the full-width and half-width forms (，：１).
CJK_PUNCTUATION_RANGES: Ranges = ((0x3000, 0x303F),)
FULLWIDTH_RANGES: Ranges = ((0xFF00, 0xFFEF),)
# The characters the search indexes make a token each (see ledger.search_index).
SEARCH_TOKEN_RANGES: Ranges = KANA_RANGES + HAN_RANGES + HAN_SUPPLEMENT_RANGES


def character_class(ranges: Ranges) -> str:
    """The inside of a regex character class matching `ranges`: use as f"[{character_class(...)}]"."""
    return "".join(f"\\U{low:08x}-\\U{high:08x}" if high > 0xFFFF else f"\\u{low:04x}-\\u{high:04x}" for low, high in ranges)


def sql_test(character: str, ranges: Ranges) -> str:
    """A SQL expression true when the one-character SQL expression `character` falls in `ranges`."""
    return " OR ".join(f"unicode({character}) BETWEEN 0x{low:X} AND 0x{high:X}" for low, high in sorted(ranges))


HAN = character_class(HAN_RANGES)


def expand_scripts(pattern: str) -> str:
    """A pattern from a data file with `\\p{Han}` (inside a character class) written out as the Han ranges."""
    return pattern.replace("\\p{Han}", HAN)
