"""The size of a workload a figure was measured at: input and output sequence lengths, context
length, batch size and concurrency ("at 1K/1K input/output lengths", "128K context", "batch size
of 64", "at 32 concurrent users", "输入/输出长度 8K/1K", "在 64 并发下"). Each changes the figure
as a model does, so it is part of the condition of the figures it is written with
(extraction/conditions.py). The words are in data/cues.toml [workload].

- Input and output lengths and a concurrency are no claims (annotate.py: `condition_only`); a
  context length is also a model's own figure ("a 128K context window").
- A concurrency is a size only when introduced as the one measured at: after "at", "with",
  "for", "在" ("at a concurrency of 128", "for a single user"), before "下" or "时" ("并发数为
  128 时"), or in brackets ("1,200 tokens/s (32 concurrent users)"). "The cluster serves 10,000
  concurrent users" counts users: a claim. A single user is concurrency 1.
- A size in brackets records where its bracket opens: right after a figure, it is that
  figure's alone (conditions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.extraction.cues import alternation, any_phrase, cue_table, lowered

# A length as posts write it: 1K, 8k, 1,024, 128000, 2048 (a K is a thousand, or 1,024 as written by most).
LENGTH = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s?[Kk]?"
# A concurrency as posts write it: 32, 1,024 (no fraction, no unit after it).
COUNT = r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+(?![\d%]|\.\d)|\d+(?![\d%]|[.,]\d))"
# The kinds of size that are only a condition, their numbers no claims.
CONDITION_ONLY = ("ISL/OSL", "concurrency")
# An open bracket before a size and the close after it, with no other bracket between.
OPEN_BRACKET_BEFORE = re.compile(r"[(（][^()（）]*$")
CLOSE_BRACKET_AFTER = re.compile(r"[^()（）]*[)）]")


class WorkloadSize(NamedTuple):
    """A workload size written in a sentence: [start, end), its kind ("ISL/OSL", "context",
    "batch", "concurrency"), its condition text ("ISL/OSL 1K/1K") and where the bracket
    holding it opens (None outside brackets)."""

    start: int
    end: int
    kind: str
    text: str
    bracket: int | None = None

    @property
    def condition_only(self) -> bool:
        """Whether its numbers are the condition and no claims (input/output lengths, a concurrency)."""
        return self.kind in CONDITION_ONLY


# How a match of a size's pattern is written in the condition: "1K/1K", "32".
Reader = Callable[[re.Match[str]], str]


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str, Reader], ...]:
    """(pattern, kind, reader) for each size: a length's numbers are the groups `a` (and `b`),
    a concurrency's the group `a` (none for a single user)."""
    table = cue_table()["workload"]
    pair, context, context_before, batch = (alternation(table[group]) for group in ("pair", "context", "context_before", "batch"))
    after, before, one = (alternation(table[group]) for group in ("concurrency_after", "concurrency_before", "concurrency_one"))
    pair_numbers = rf"(?P<a>{LENGTH})\s*/\s*(?P<b>{LENGTH})"
    return (
        # "1K/1K input/output lengths", "ISL/OSL of 8K/1K", "输入/输出长度 8K/1K"
        (re.compile(rf"{pair_numbers}\s*(?:tokens?\s*)?(?:{pair})", re.IGNORECASE), "ISL/OSL", _lengths),
        (re.compile(rf"(?:{pair})\s*(?:(?:sequence\s+)?lengths?|长度)?\s*(?:of|at|为|:|：)?\s*{pair_numbers}", re.IGNORECASE), "ISL/OSL", _lengths),
        # "128K context", "a 32K-token context window", "上下文长度 128K"
        (re.compile(rf"(?P<a>{LENGTH})(?:[\s-]?tokens?)?(?:\s+of)?[\s-]?(?:{context})", re.IGNORECASE), "context", _lengths),
        (re.compile(rf"(?:{context_before})\s*(?:of|at|为|:|：)?\s*(?P<a>{LENGTH})", re.IGNORECASE), "context", _lengths),
        # "batch size of 64", "批大小为 64"
        (re.compile(rf"(?:{batch})\s*(?:of|at|为|:|：|=)?\s*(?P<a>\d+)", re.IGNORECASE), "batch", _lengths),
        # "32 concurrent users", "128 路并发"; "a concurrency of 128", "并发数为 128"; "single user"
        (re.compile(rf"(?P<a>{COUNT})\s*(?:{after})", re.IGNORECASE), "concurrency", _count),
        (re.compile(rf"(?:{before})\s*(?:of|at|为|:|：|=)?\s*(?P<a>{COUNT})", re.IGNORECASE), "concurrency", _count),
        (re.compile(one, re.IGNORECASE), "concurrency", lambda _: "1"),
    )


@cache
def _gate() -> re.Pattern[str]:
    """Whether a (lowered) sentence may write a workload size: one of the words every pattern
    holds, as a trie (most sentences have none)."""
    table = cue_table()["workload"]
    groups = ("pair", "context", "batch", "concurrency_after", "concurrency_before", "concurrency_one")
    return re.compile(any_phrase([word.lower() for group in groups for word in table[group]]))


@cache
def _introductions() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a word introducing a concurrency right before it: "at a ", "在", one right after it: "下"), on lowered text."""
    table = cue_table()["workload"]
    before = re.compile(rf"(?:{alternation(table['concurrency_intro_before'])})\s*(?:(?:an?|the|up\s+to)\s+)?$")
    after = re.compile(rf"\s*(?:{alternation(table['concurrency_intro_after'])})")
    return before, after


@lru_cache(maxsize=64)
def workload_sizes(text: str) -> tuple[WorkloadSize, ...]:
    """The workload sizes `text` writes, in order, none overlapping another (found once per sentence)."""
    low = lowered(text)
    if not _gate().search(low):
        return ()
    found: list[WorkloadSize] = []
    for pattern, kind, reader in _patterns():
        for match in pattern.finditer(text):
            if any(size.start < match.end() and match.start() < size.end for size in found):
                continue
            bracket = _bracket_opening(text, match.start(), match.end())
            if kind == "concurrency" and bracket is None and not _introduced(low, match.start(), match.end()):
                continue  # "serves 10,000 concurrent users": a count, not the size measured at
            found.append(WorkloadSize(match.start(), match.end(), kind, f"{kind} {reader(match)}", bracket))
    return tuple(sorted(found))


def _introduced(low: str, start: int, end: int) -> bool:
    """Whether the (lowered) text introduces [start, end) as the size measured at ("at 32
    concurrent users", "在 64 并发下", "并发数为 128 时")."""
    before, after = _introductions()
    return before.search(low, max(0, start - 16), start) is not None or after.match(low, end) is not None


def _bracket_opening(text: str, start: int, end: int) -> int | None:
    """Where the bracket holding [start, end) opens ("(32 concurrent users)"), None outside brackets."""
    opening = OPEN_BRACKET_BEFORE.search(text, 0, start)
    if opening is None or not CLOSE_BRACKET_AFTER.match(text, end):
        return None
    return opening.start()


def _lengths(match: re.Match[str]) -> str:
    """A length's numbers as one spelling each: "1K/1K", "128K"."""
    return "/".join(_length(match.group(group)) for group in ("a", "b") if group in match.groupdict())


def _count(match: re.Match[str]) -> str:
    """A concurrency as one spelling: "1,024" and "1024" are both "1024"."""
    return match.group("a").replace(",", "")


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
