"""A stock's or an index's move of the day, written signed in brackets after its level.

"收盘报 128.5 元（+2.41%）", "股价收于 56 元/股(-1.2%)": the move of the share price written before it;
"创业板指收于 2100 点（-1.2%）", "上证指数收报 3300 点(+0.8%)": the index's. Neither is measured against
the year before (no baseline, none shared from a change earlier in the sentence) nor is it a change of
the revenue or profit the sentence names; an index move is about no company of the sentence.
A signed change after revenue ("营收 58.50 亿元(+2.41%)") has no price word before it: not a move.
"""

from __future__ import annotations

import re

# A price cue and its level in the figure's clause, or a price per share, then the opening bracket: "收盘报 128.5 元（",
# "股价收于56元(", "报 56.20 元/股（".
PRICE_LEVEL = re.compile(
    r"(?:(?:收盘价?|收于|收报|报收|股价|每股)[^，,。；;%％]{0,12}?\d[\d.,]*\s*[^\s\d（(，,。；;]{0,4}|\d[\d.,]*\s*(?:元|美元|港元)/股)\s*[（(]\s*$"
)
# An index and its level in points, then the opening bracket: "创业板指收于 2100 点（", "纳斯达克指数 15000 点(".
INDEX_LEVEL = re.compile(r"(?:指数|综指|成指|[\u4e00-\u9fff]指)[^，,。；;%％\d]{0,4}\d[\d.,]*\s*点?\s*[（(]\s*$")
SIGNS = "+-−﹢﹣"
# How far before the bracket its level and cue are read.
REACH = 30


def bracketed_move(text: str, start: int) -> str | None:
    """"share price" or "index" when the signed figure at `start` is the day's move, in brackets, of the
    price or index level right before it; else None."""
    if start >= len(text) or text[start] not in SIGNS:
        return None
    opening = start - 1
    while opening >= 0 and text[opening] in " \t":
        opening -= 1
    if opening < 0 or text[opening] not in "(（":
        return None
    window = max(0, start - REACH)
    if INDEX_LEVEL.search(text, window, start):
        return "index"
    if PRICE_LEVEL.search(text, window, start):
        return "share price"
    return None
