"""Spans whose digits are never claims: names, and what the number finder already knows is not a
number (dates, times, URLs, versions, years naming a generation, citation marks, phone and
registration numbers: numbers.not_numbers, the one place for those rules, read here from the
same per-sentence cache); digits glued into names (GB200, ConnectX-9); durations that place
the sentence in time ("six months ago", "the three months ended June 30", "过去三年", "相比前一年", "截至6月底的3个月"); the
periods of a streak ("连续六个季度"); margins written with ± ("（±2%）");
and the width of a number format ("8-bit floating point").
"""

from __future__ import annotations

import re
from functools import cache
from collections.abc import Iterable

from claimledger.extraction.cues import alternation, cue_table, lowered
from claimledger.extraction.names import Name
from claimledger.extraction.numbers.arabic import POWER_OF_UNIT, glued_to_name, mangled_pound
from claimledger.extraction.numbers.not_numbers import not_number_spans
from claimledger.extraction.numbers.readable import readable

GLUED_AFTER = re.compile(r"[-_]?[A-Za-z]+\d")
TIME = "[time]"


@cache
def _time_reference(lang: str, side: str) -> re.Pattern[str]:
    """cues.toml [time_reference]: the words after a duration's unit, right before its number,
    or of lasting a few words before it."""
    words = alternation(cue_table()["time_reference"][f"{lang}_{side}"])
    if side == "lasting":
        return re.compile(words + (r"(?:\s+[a-z]+){0,3}\s*$" if lang == "en" else r".{0,3}$"))
    if side == "after":
        return re.compile(r"\s*(?:just\s+)?" + words + (r"(?!\s+than\b)" if lang == "en" else ""))
    return re.compile(words + r"\s*$")


@cache
def _period_ended_after() -> re.Pattern[str]:
    """cues.toml [time_reference] en_period_ending, right after a duration: "the three months ending in July"."""
    return re.compile(r"\s+" + alternation(cue_table()["time_reference"]["en_period_ending"]) + r"\b")


@cache
def _period_ending() -> re.Pattern[str]:
    """cues.toml [time_reference] zh_period_ending, a date and 的 before a duration: "截至6月底的3个月"."""
    words = alternation(cue_table()["time_reference"]["zh_period_ending"])
    return re.compile(words + r"[^，,。；;]{1,10}的\s*$")


# "64 x 800 GbE", "144 × 800 Gbps = 115.2 Tbps": a factor of a product written out.
TIMES_A_NUMBER = re.compile(r"\s*[x×*]\s*\d")
A_NUMBER = re.compile(r"\s*\d")


def a_factor(text: str, number_end: int, multiplier: bool) -> bool:
    """Whether the number ending at `number_end` multiplies the next one ("64 x 800 GbE"; as
    "144 ×" when the sign is read as its multiplier): the product's figure is the claim."""
    return (A_NUMBER if multiplier else TIMES_A_NUMBER).match(text, number_end) is not None


# "8-bit floating point", "a 4-bit format": the width of a number format, no amount of information.
BIT_WIDTH = re.compile(r"\d+[-‐‑]bits?$")
NUMBER_FORMAT_AFTER = re.compile(
    r"\s*(?:floating[- ]point|floats?\b|integers?\b|fixed[- ]point|precision|formats?\b|quantiz|quantis|weights?\b|FP\d|INT\d)",
    re.IGNORECASE,
)


def a_number_format(text: str, start: int, end: int) -> bool:
    """Whether the figure at [start, end) is the width of a number format ("using 8-bit floating-point")."""
    return BIT_WIDTH.search(text, start, end) is not None and NUMBER_FORMAT_AFTER.match(text, end) is not None


# "650 亿美元（±2%）", "$65 billion, plus or minus 2%": the margin of the figure before, no claim.
# (The number finder reads "minus 3%" as a signed number: its "plus or" is before it.)
TOLERANCE_BEFORE = re.compile(r"(?:±|\+/-|\+-|\bplus or minus|上下(?:浮动|浮動|波动|波動|净动|淨動)(?:约|約)?|正负|正負)\s*$", re.IGNORECASE)
# What a margin's window holds before TOLERANCE_BEFORE can match.
TOLERANCE_HINT = re.compile(r"[±+]|plus|上下|正[负負]", re.IGNORECASE)
PLUS_OR_BEFORE = re.compile(r"\bplus or\s+$", re.IGNORECASE)


def a_tolerance(text: str, number_start: int) -> bool:
    """Whether the number starting at `number_start` is a margin written with ± ("±2%", "上下浮动2%").
    Most numbers have no ±, + , "plus" nor 上下 before them, which a look at the window says first."""
    if text.startswith(("负", "負"), number_start) and text.endswith("正", 0, number_start):
        return True  # "正负 0.5 个百分点": the 负 was read as the number's sign
    window = max(0, number_start - 16)
    if not TOLERANCE_HINT.search(text, window, number_start):
        return False  # neither pattern can match
    if TOLERANCE_BEFORE.search(text, window, number_start):
        return True
    return text.startswith("minus", number_start) and PLUS_OR_BEFORE.search(text, window, number_start) is not None


def places_in_time(text: str, start: int, end: int, dimensionality: str | None, lang: str) -> bool:
    """Whether the duration text[start:end] says when, not how long: "six months ago",
    "two years later", "the past three years", "最近两天", "三年前", "创三年新高", "the three months ending in July"; else not when a verb of lasting
    comes before it ("took 20 minutes before", "spent the last 200 days")."""
    if dimensionality != TIME:
        return False
    low = lowered(text)
    if lang == "en" and _period_ended_after().match(low, end):
        return True
    window = max(0, start - 24)
    if not (
        _time_reference(lang, "after").match(low, end) or _time_reference(lang, "before").search(low, window, start)
        or lang == "zh" and _period_ending().search(low, window, start)
    ):
        return False
    return _time_reference(lang, "lasting").search(low, window, start) is None


# A streak of periods: "连续六个季度", "连续第三个季度", "连续 12 个月", "连续两年" (how long a result held, never a figure).
STREAK_BEFORE = re.compile(r"连续\s*第?\s*$")
STREAK_PERIOD = re.compile(r"\s*个?\s*(?:季度|财季|财年|年度|年|月|周|星期|天|日|交易日)")


def a_streak(text: str, number_start: int, number_end: int) -> bool:
    """Whether the number at [number_start, number_end) counts the periods of a streak ("连续六个季度增长")."""
    window = max(0, number_start - 4)
    return (text.find("连续", window, number_start) >= 0 and STREAK_BEFORE.search(text, window, number_start) is not None
            and STREAK_PERIOD.match(text, number_end) is not None)


def non_claim_spans(text: str, names: Iterable[Name] = ()) -> list[tuple[int, int]]:
    """Spans of `text` whose numbers are not claims: the `names` found in it, dates, URLs and the like."""
    spans = [(name.start, name.end) for name in names]
    spans.extend(not_number_spans(readable(text)))
    spans.sort()
    return spans


def inside_any(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Whether [start, end) overlaps one of `spans`."""
    return any(span_start < end and start < span_end for span_start, span_end in spans)


def glued_into_name(text: str, start: int, end: int) -> bool:
    """Digits that are part of a word: NVL72, Qwen3, R1, ConnectX-9, 4o-mini.

    A number is glued when a Latin letter touches it on the left (not a currency
    code: "USD10m", nor a £ a lossy encoding turned into "PS": "PS8m"), or a hyphen joins it to a word on the left (not a prefix:
    "sub-7"), the number finder's rule; or when letters-then-digits follow it
    (not a unit's power: "32m2").
    """
    plain = readable(text)
    if glued_to_name(plain, start) and not mangled_pound(plain, start, end):
        return True
    return GLUED_AFTER.match(plain, end) is not None and POWER_OF_UNIT.match(plain, end) is None
