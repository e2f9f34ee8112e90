"""Language of a text: Chinese when Han characters carry a fair share of its letters.

Chinese posts are full of Latin product names (GB200 NVL72, DeepSeek R1), so the
rule counts Han characters against Latin letters rather than against all text.
"""

from __future__ import annotations

import re

from claimledger.text.scripts import HAN

HAN_CHARACTER = re.compile(f"[{HAN}]")
LATIN_WORD = re.compile(r"[A-Za-z]+")

# A Han character carries about as much as a short Latin word.
HAN_SHARE_FOR_CHINESE = 0.3


def detect_lang(text: str, default: str = "en") -> str:
    """Return "zh" or "en" for `text`; `default` when it has no letters at all."""
    han = len(HAN_CHARACTER.findall(text))
    latin_words = len(LATIN_WORD.findall(text))
    if han == 0 and latin_words == 0:
        return default
    return "zh" if han / (han + latin_words) >= HAN_SHARE_FOR_CHINESE else "en"
