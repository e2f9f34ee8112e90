"""Text from feeds made safe to print: nothing a feed writes may drive a terminal."""

from __future__ import annotations

import re
import unicodedata

# CSI and OSC sequences and the two-character escapes.
ESCAPE_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def printable(text: str, replacement: str = "") -> str:
    """`text` without escape sequences, and with control and format characters
    (C0, C1, bidirectional overrides) replaced by `replacement`."""
    text = ESCAPE_SEQUENCE.sub("", text)
    return "".join(replacement if unicodedata.category(char)[0] == "C" else char for char in text)
