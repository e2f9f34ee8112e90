"""Reporting periods: the quarter or half a company's figure is reported for.

A revenue of one quarter and the revenue of another are two figures, so the period
a figure's sentence gives it is part of its identity (`period_of`): "Q3 FY2026",
"the third quarter of fiscal 2026" and "2026财年第三财季" are ``fy2026 q3``;
"2025年第三季度" and "Q3 2025" are ``2025 q3``; "2025年上半年" is ``2025 h1``; a
period without its year ("第三财季", "上半年") is ``fy q3`` or ``h1``. A fiscal and a
calendar period are never taken for one another. Which period is the figure's: the
one that follows it in its clause with no other figure between ("$45.0 billion in
Q2 FY2026"), else the last one before it in its sentence ("2025年第三季度实现收入
2477.95亿元"), else the one period its paragraph named before its sentence (`lead_period`:
"Orbis reported results for Q3 FY2031. Revenue was $80 billion.").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.data_files import data_table

# Where a clause ends: a period named after a figure past one of these is another clause's.
CLAUSE_END = re.compile(r"[,;:，；：。、()（）]")
# Words right before a period that make it what a figure is compared with ("up 25% from Q2",
# "compared with Q3 2030", "较2030年上半年"), not the figure's own.
BASELINE_BEFORE = re.compile(
    r"(?:(?<![a-z])(?:from|than|over|versus|vs\.?|against|since|compared\s+(?:with|to))\s+(?:(?:the|in|during)\s+)*|(?:较|比|相比|相较|对比)\s*)$",
    re.IGNORECASE,
)
# How much of the text before a figure's sentence is read for its paragraph's period (`lead_period`).
LEAD_REACH = 400
# A period as `_canonical` writes it: "fy2026 q3", "2025 h1", "fy q4", "q3".
CANONICAL = re.compile(r"(?:fy(?:\d{4})? |\d{4} )?[qh][1-4]")
# How many characters before a period the words above are looked for.
BASELINE_REACH = 24
# Words that point at a period without being part of its name ("the third quarter").
POINTER = re.compile(r"^(?:the|this|that|本|该|該)\s*", re.IGNORECASE)


# Shapes whose words make a period fiscal whatever else is written.
FISCAL_SHAPES = frozenset({"q_fy", "fy_q", "ord_fy", "fy_ord"})


class NamedPeriod(NamedTuple):
    """A period a sentence names: where, and its canonical text."""

    start: int
    end: int
    text: str


@cache
def period_pattern() -> re.Pattern[str]:
    """Every way a period is written, one named group per shape."""
    table = data_table("diff.toml")["periods"]
    ordinal = "|".join(table["ordinals_en"])
    ordinal_zh = "".join(table["ordinals_zh"])
    fiscal_zh = "|".join(map(re.escape, table["fiscal_zh"]))
    year = r"(?:19|20)\d\d"
    fiscal = r"(?:fiscal(?:\s+year)?|fy)\s*'?"
    shapes = (
        rf"(?P<q_fy>q([1-4])\s*(?:of\s+)?{fiscal}(\d\d(?:\d\d)?))",
        rf"(?P<fy_q>fy\s*'?(\d\d(?:\d\d)?)\s*q([1-4]))",
        rf"(?P<ord_fy>({ordinal})[\s-]+quarter\s+of\s+(?:the\s+)?{fiscal}({year}))",
        rf"(?P<fy_ord>{fiscal}({year})\s+({ordinal})[\s-]+quarter)",
        rf"(?P<ord_cal>({ordinal})[\s-]+quarter\s+of\s+({year}))",
        rf"(?P<q_cal>q([1-4])\s*[-']?\s*({year}))",
        r"(?P<q_bare>q([1-4]))",
        rf"(?P<half_en>({ordinal})\s+half\s+of\s+(?:fiscal\s+(?:year\s+)?)?({year}))",
        rf"(?P<zh_fy_q>(?:({year})\s*(?:{fiscal_zh})\s*)?第\s*([{ordinal_zh}])\s*(?:财季|財季|财政季度|財政季度|季度|季))",
        rf"(?P<zh_q>({year})\s*年\s*第\s*([{ordinal_zh}])\s*季度)",
        rf"(?P<zh_half>(?:({year})\s*(?:年|{fiscal_zh})\s*)?([上下])半(?:财)?年)",
    )
    return re.compile(r"(?<![a-z0-9_])(?:" + "|".join(shapes) + r")(?![a-z0-9_])", re.IGNORECASE)


def _canonical(match: re.Match[str]) -> str:
    """A matched period written one way: "fy2026 q3", "2025 h1", "fy q4", "q3"."""
    table = data_table("diff.toml")["periods"]
    shape = match.lastgroup or ""
    first = match.re.groupindex[shape]
    groups = [group for group in match.groups()[first:first + 3] if group is not None]
    number = {**table["ordinals_en"], **table["ordinals_zh"], **table["halves_zh"]}
    years = [group for group in groups if group not in number and group.isdigit()]
    ordinal = next(group for group in groups if group not in years)
    year = f"20{years[0]}" if years and len(years[0]) == 2 else (years[0] if years else "")
    which = ("h" if "half" in shape else "q") + str(number[ordinal.casefold()])
    written = match.group(0).casefold()
    if shape in FISCAL_SHAPES or any(word in written for word in table["fiscal_words"]):
        return f"fy{year} {which}"
    return f"{year} {which}".strip()


@lru_cache(maxsize=4096)
def periods_in(sentence: str) -> tuple[NamedPeriod, ...]:
    """Every period a sentence names, in order, with its canonical text."""
    return tuple(NamedPeriod(m.start(), m.end(), _canonical(m)) for m in period_pattern().finditer(sentence))


@lru_cache(maxsize=4096)
def canonical_period(text: str | None) -> str | None:
    """The canonical text of a name that is nothing but a period ("Q3 FY2026" -> "fy2026 q3"), else None."""
    if not text:
        return None
    match = period_pattern().fullmatch(POINTER.sub("", text.strip()))
    return _canonical(match) if match else None


def period_of(sentence: str | None, start: int, end: int, others: Iterable[int] = ()) -> str | None:
    """The period of the figure at `start`:`end` of `sentence` (`others`: where the sentence's other
    figures start); a period named as a baseline ("up 25% from Q2", "较2024年上半年") is none."""
    if not sentence:
        return None
    found = [period for period in periods_in(sentence) if not _is_baseline(sentence, period)]
    after = next((period for period in found if period.start >= end), None)
    if after is not None and _same_clause(sentence, end, after.start, others):
        return after.text
    before = [period for period in found if period.end <= start]
    return before[-1].text if before else None


def _is_baseline(sentence: str, period: NamedPeriod) -> bool:
    return BASELINE_BEFORE.search(sentence, max(0, period.start - BASELINE_REACH), period.start) is not None


def _same_clause(sentence: str, end: int, period_start: int, others: Iterable[int]) -> bool:
    """Whether nothing separates a figure from a period after it: no clause break, no other figure."""
    return CLAUSE_END.search(sentence, end, period_start) is None and not any(end <= other < period_start for other in others)


def is_period(condition: str | None) -> bool:
    """Whether a key's condition is a reporting period (as `period_of` writes one)."""
    return condition is not None and CANONICAL.fullmatch(condition) is not None


def lead_period(lead: str | None) -> str | None:
    """The one period (not a baseline) the paragraph names before a sentence; `lead` is the text
    before the sentence (up to `LEAD_REACH` characters), cut at its last line break. None for
    none, or for several (which one the sentence goes on about is unclear)."""
    if not lead:
        return None
    paragraph = lead[lead.rfind("\n") + 1:]
    named = {period.text for period in periods_in(paragraph) if not _is_baseline(paragraph, period)}
    return named.pop() if len(named) == 1 else None


def lead_before(text: str, sentence_start: int) -> str:
    """The text `lead_period` reads before a sentence starting at `sentence_start` of `text`."""
    return text[max(0, sentence_start - LEAD_REACH):sentence_start]
