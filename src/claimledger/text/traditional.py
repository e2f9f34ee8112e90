"""Traditional Chinese written simplified, character for character, so one set of rules reads both scripts.

The table is OpenCC's traditional-to-simplified character conversion (`t2s`)
applied to each Han character alone: one character for one, so a text keeps
its length and every offset found in the simplified text holds in the original
("高達 25 億" is read as "高达 25 亿", "張"/"個"/"臺" as 张/个/台).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from claimledger.text.scripts import HAN_RANGES


@cache
def _table() -> dict[int, str]:
    """Traditional character -> its simplified form, for every Han character OpenCC changes alone."""
    import opencc

    characters = [chr(code) for low, high in HAN_RANGES for code in range(low, high + 1)]
    # One character per line: phrases never span a line, so each is converted by itself.
    converted = opencc.OpenCC("t2s").convert("\n".join(characters)).split("\n")
    return {ord(old): new for old, new in zip(characters, converted, strict=True) if old != new and len(new) == 1}


@cache
def _traditional() -> re.Pattern[str]:
    """Any character the table changes: a text with none (most Chinese posts) is not translated,
    which costs a dictionary lookup per character."""
    return re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_table())) + "]")


@lru_cache(maxsize=256)
def simplified(text: str) -> str:
    """`text` with its traditional characters written simplified; the same length (cached:
    every stage of a sentence's extraction asks for it)."""
    if text.isascii() or not _traditional().search(text):
        return text
    return text.translate(_table())


def restorer(original: str, folded: str) -> dict[int, str]:
    """A translation table that writes pieces of `folded` back in `original`'s characters."""
    return {ord(new): old for old, new in zip(original, folded) if old != new}
