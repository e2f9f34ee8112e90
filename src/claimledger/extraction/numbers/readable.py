"""The text the number finders read: full-width forms as ASCII, traditional Chinese as simplified.

Both keep every character in place, so offsets found in the readable text hold
in the original. Computed once per sentence: the number finder and the
non-claim filter read the same copy (and the same not-a-number spans).
"""

from __future__ import annotations

import re
from functools import lru_cache

from claimledger.text.scripts import HAN
from claimledger.text.traditional import simplified

# Full-width forms map one-to-one onto ASCII, so offsets survive the translation.
# The full-width comma stays: in Chinese it separates clauses, not digit groups.
FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF0C}
FULLWIDTH.update({0x3000: 0x20, 0x2212: ord("-")})
# What FULLWIDTH changes: not the comma, which nearly every Chinese sentence has.
NEEDS_TRANSLATION = re.compile("[\uff01-\uff0b\uff0d-\uff5e\u3000\u2212]")
# The comma first and the digit before it looked back at: the regex engine skips to each comma.
FULLWIDTH_GROUP_COMMA = re.compile(r"，(?<=\d，)(?=\d{3}(?!\d))")
HAN_CHARACTER = re.compile(f"[{HAN}]")


def has_han(text: str) -> bool:
    """Whether `text` has a Chinese character: never when it is ASCII, which Python knows at once."""
    return not text.isascii() and HAN_CHARACTER.search(text) is not None


@lru_cache(maxsize=256)
def readable(text: str) -> str:
    """`text` as the finders read it (see the module docstring); the same length."""
    if text.isascii():
        return text  # nothing to translate, simplify or read as a group comma
    plain = text.translate(FULLWIDTH) if NEEDS_TRANSLATION.search(text) else text
    if HAN_CHARACTER.search(plain):
        plain = simplified(plain)  # 兩萬, 億, 個百分點 read as 两万, 亿, 个百分点
    if "，" in plain:
        plain = FULLWIDTH_GROUP_COMMA.sub(",", plain)
    return plain
