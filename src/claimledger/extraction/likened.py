"""The thing a sentence likens its subject to: "峰值性能与典型 ARM 64 核处理器相当", "相当于 10 万块
H100", "performance comparable to a typical 64-core Arm chip".

A figure describing that thing ("64 核", "10 万块") is not the subject's: it takes no subject from a
name outside the thing, nor one carried over (extraction/__init__.py). Only figures that go with a
noun written after them, or count things ("10 万块 H100"), are read so: a ratio, a percentage or an
amount of money restates the subject's own measure ("相当于 H100 的 3 倍", "equivalent to $2 billion"),
and so does a measure closing the clause ("算力相当于 1000P").
"""

from __future__ import annotations

import re
from functools import cache

from claimledger.extraction.cues import alternation, cue_table, lowered

Span = tuple[int, int]
# What ends the thing: a clause break (not the comma or point inside a number: "700,000").
CLAUSE_BREAK = r"(?:[,.](?!\d)|[，。；;:：!！?？])"
# The longest thing read between "与" and "相当".
REACH = 30


@cache
def _between() -> re.Pattern[str]:
    table = cue_table()["likened"]
    return re.compile(
        rf"(?:{alternation(table['zh_open'])})((?:(?!{CLAUSE_BREAK}|{alternation(table['zh_open'])}).){{1,{REACH}}}?)"
        rf"(?:{alternation(table['zh_close'])})"
    )


@cache
def _cue() -> re.Pattern[str]:
    table = cue_table()["likened"]
    return re.compile(alternation(table["zh_close"] + table["before"]))


@cache
def _after() -> re.Pattern[str]:
    return re.compile(rf"(?:{alternation(cue_table()['likened']['before'])})((?:(?!{CLAUSE_BREAK}).)+)")


def likened_things(folded: str) -> list[Span]:
    """Spans of the things the (folded) sentence likens something to."""
    low = lowered(folded)
    if not _cue().search(low):
        return []
    return [match.span(1) for pattern in (_between(), _after()) for match in pattern.finditer(low)]


def describes_likened(folded: str, things: list[Span], start: int, end: int, restates: bool, counts: bool) -> Span | None:
    """The likened thing the figure at [start, end) describes, if any; `restates`: the figure is a
    ratio, percentage or amount of money, which restates the subject's own measure; `counts`: it
    counts things ("2 万块 H100"), which are the likened thing even when they close the clause."""
    if restates:
        return None
    for low, high in things:
        if low <= start and end <= high and (counts or folded[end:high].strip()):
            return low, high
    return None
