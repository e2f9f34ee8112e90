"""The size of a workload a figure was measured at: input and output sequence lengths, context
length and batch size ("at 1K/1K input/output lengths", "128K context", "batch size of 64",
"输入/输出长度 8K/1K"). Each changes the figure as a model does, so it is part of the
condition of the figures it is written with (extraction/conditions.py). Input and output
lengths are no claims (annotate.py); a context length is also a model's own figure
("a 128K context window"). The words are in data/cues.toml [workload].
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.extraction.cues import alternation, any_phrase, cue_table, lowered

# A length as posts write it: 1K, 8k, 1,024, 128000, 2048 (a K is a thousand, or 1,024 as written by most).
LENGTH = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s?[Kk]?"


class WorkloadSize(NamedTuple):
    """A workload size written in a sentence: [start, end), its condition text ("ISL/OSL 1K/1K")
    and whether it is input and output lengths."""

    start: int
    end: int
    text: str
    lengths: bool


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, label) for each size: its numbers are the groups `a` (and `b`)."""
    table = cue_table()["workload"]
    pair, context, context_before, batch = (alternation(table[group]) for group in ("pair", "context", "context_before", "batch"))
    pair_numbers = rf"(?P<a>{LENGTH})\s*/\s*(?P<b>{LENGTH})"
    return (
        # "1K/1K input/output lengths", "ISL/OSL of 8K/1K", "输入/输出长度 8K/1K"
        (re.compile(rf"{pair_numbers}\s*(?:tokens?\s*)?(?:{pair})", re.IGNORECASE), "ISL/OSL"),
        (re.compile(rf"(?:{pair})\s*(?:(?:sequence\s+)?lengths?|长度)?\s*(?:of|at|为|:|：)?\s*{pair_numbers}", re.IGNORECASE), "ISL/OSL"),
        # "128K context", "a 32K-token context window", "上下文长度 128K"
        (re.compile(rf"(?P<a>{LENGTH})(?:[\s-]?tokens?)?(?:\s+of)?[\s-]?(?:{context})", re.IGNORECASE), "context"),
        (re.compile(rf"(?:{context_before})\s*(?:of|at|为|:|：)?\s*(?P<a>{LENGTH})", re.IGNORECASE), "context"),
        # "batch size of 64", "批大小为 64"
        (re.compile(rf"(?:{batch})\s*(?:of|at|为|:|：|=)?\s*(?P<a>\d+)", re.IGNORECASE), "batch"),
    )


@cache
def _gate() -> re.Pattern[str]:
    """Whether a (lowered) sentence may write a workload size: one of the words every pattern
    holds, as a trie (most sentences have none)."""
    table = cue_table()["workload"]
    return re.compile(any_phrase([word.lower() for word in (*table["pair"], *table["context"], *table["batch"])]))


@lru_cache(maxsize=64)
def workload_sizes(text: str) -> tuple[WorkloadSize, ...]:
    """The workload sizes `text` writes, in order, none overlapping another (found once per sentence)."""
    if not _gate().search(lowered(text)):
        return ()
    found: list[WorkloadSize] = []
    for pattern, label in _patterns():
        for match in pattern.finditer(text):
            if any(size.start < match.end() and match.start() < size.end for size in found):
                continue
            numbers = "/".join(_length(match.group(group)) for group in ("a", "b") if group in match.groupdict())
            found.append(WorkloadSize(match.start(), match.end(), f"{label} {numbers}", label == "ISL/OSL"))
    return tuple(sorted(found))


def _length(written: str) -> str:
    """A length as one spelling: "1,024", "1K", "1k" and "1024" are all "1K", "128000" and
    "131072" both "128K"; "512" stays "512"."""
    plain = written.replace(",", "").replace(" ", "")
    if plain[-1] in "Kk":
        return f"{float(plain[:-1]):g}K"
    value = float(plain)
    for unit in (1000, 1024):
        if value >= unit and value % unit == 0:
            return f"{value / unit:g}K"
    return f"{value:g}"
