"""How names are compared: width, case, traditional characters, spacing and hyphens folded.

Traditional Chinese is folded to simplified character for character
(text/traditional.py, OpenCC's `t2s` table), which keeps a text's length, so
offsets found on the folded text hold in the original ("約可達" is read as
"约可达", "摩爾線程" as "摩尔线程").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from claimledger.text.traditional import simplified

NAME_SEPARATORS = re.compile(r"[\s\-‐‑–_·・]+")


def simplified_table(table: Any) -> Any:
    """A parsed data table with every string in it written simplified: patterns and
    word lists are matched against simplified text, so they must be read that way too."""
    if isinstance(table, str):
        return simplified(table)
    if isinstance(table, dict):
        return {simplified(key): simplified_table(value) for key, value in table.items()}
    if isinstance(table, list):
        return [simplified_table(item) for item in table]
    return table


def fold_name(text: str) -> str:
    """The form two spellings of one name share: "GB200-NVL72" = "gb200 nvl72", "摩爾線程" = "摩尔线程"."""
    text = simplified(unicodedata.normalize("NFKC", text)).casefold()
    text = text.replace("’", "'")
    return NAME_SEPARATORS.sub("", text)
