"""Known names in a sentence: organisations, products, components, models, benchmarks, metrics.

Read from data/gazetteer.toml. Names tell the extractor what a figure is about,
and their digits (GB200, NVL72, Llama 3.1 405B) are never claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from claimledger.data_files import data_table
from claimledger.extraction.cues import lowered
from claimledger.text.scripts import expand_scripts

NAME_KINDS = ("organization", "product", "component", "model", "benchmark")
# A Latin name is a whole word: no letter or digit glued to either end.
PLACEHOLDER = re.compile(r"\{(\d)\}")
SPACES = re.compile(r"\s+")
AFTER_WORD = r"(?![A-Za-z0-9_])"
GLUED_LEFT = re.compile(r"[A-Za-z0-9_$]")


@dataclass(frozen=True, slots=True)
class Name:
    """A name found in text: [start, end), what kind of thing it names."""

    start: int
    end: int
    text: str
    kind: str
    canonical: str = ""


def gazetteer() -> dict[str, Any]:
    """data/gazetteer.toml, parsed."""
    return data_table("gazetteer.toml")


def _alternation(names: list[str]) -> str:
    return "|".join(
        r"\s+".join(map(re.escape, name.split())) for name in sorted(names, key=len, reverse=True)
    )


@lru_cache(maxsize=1)
def name_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """(kind, pattern) pairs: each kind's families, then its plain names.

    Kept apart so the longest match at a position wins ("Rubin CPX" over the
    family "Rubin"), which one alternation would not guarantee.
    """
    compiled = []
    for kind in NAME_KINDS:
        section = gazetteer()[kind]
        if section.get("patterns"):
            compiled.append((kind, re.compile("(?:" + expand_scripts("|".join(section["patterns"])) + ")" + AFTER_WORD)))
        if section.get("names"):
            compiled.append((kind, re.compile(f"(?:{_alternation(section['names'])})" + AFTER_WORD)))
    return compiled


@lru_cache(maxsize=1)
def accelerator_pattern() -> re.Pattern[str]:
    """Accelerator model names that stand for GPUs when counted ("10 万张 H100")."""
    patterns = gazetteer()["accelerator"]["patterns"]
    return re.compile("(?:" + "|".join(patterns) + ")" + AFTER_WORD)


@lru_cache(maxsize=1)
def metric_patterns() -> list[tuple[re.Pattern[str], str]]:
    """Metric patterns with their canonical template, then plain metric names."""
    section = gazetteer()["metric"]
    patterns = [
        (re.compile(pattern + AFTER_WORD, re.IGNORECASE), template)
        for pattern, template in section["patterns"]
    ]
    names = re.compile(f"(?:{_alternation([lowered(n) for n in section['names']])})" + AFTER_WORD)
    patterns.append((names, ""))
    return patterns


@lru_cache(maxsize=1)
def condition_modifiers() -> re.Pattern[str]:
    """Workload words that extend a model or benchmark name ("offline", "推理")."""
    words = gazetteer()["condition"]["modifiers"]
    return re.compile(r"[ \t]*(?:" + _alternation(words) + r")" + AFTER_WORD, re.IGNORECASE)


@lru_cache(maxsize=64)
def find_names(text: str) -> tuple[Name, ...]:
    """Non-overlapping names in `text`, longest first where two overlap (cached:
    every figure of a sentence asks)."""
    found = [
        Name(match.start(), match.end(), match.group(0), kind)
        for kind, pattern in name_patterns()
        for match in _whole_words(pattern, text)
    ]
    return _joined_products(text, _without_overlaps(found))


def _joined_products(text: str, names: tuple[Name, ...]) -> tuple[Name, ...]:
    """Product names written side by side are one name ("Ironwood TPU", "Gaudi 3 HL-325L")."""
    joined: list[Name] = []
    for name in names:
        previous = joined[-1] if joined else None
        if (
            previous is not None
            and previous.kind == name.kind == "product"
            and text[previous.end:name.start] in (" ", "\u00a0")
        ):
            joined[-1] = Name(previous.start, name.end, text[previous.start:name.end], "product")
        else:
            joined.append(name)
    return tuple(joined)


@lru_cache(maxsize=64)
def find_metrics(text: str) -> tuple[Name, ...]:
    """Metric mentions in `text` with their canonical form ("每 MW 每秒 token 数" -> TPS/MW)."""
    found = []
    folded = lowered(text)
    for pattern, template in metric_patterns():
        for match in _whole_words(pattern, text if template else folded):
            canonical = _fill(template, match) if template else text[match.start():match.end()]
            found.append(Name(match.start(), match.end(), text[match.start():match.end()], "metric", canonical))
    return _without_overlaps(found)


def _whole_words(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """Non-empty matches of `pattern` not glued to a Latin letter or digit on the left.

    Checked here rather than by a look-behind in the pattern: a leading look-behind
    stops Python's re from skipping ahead by first character.
    """
    return [
        match
        for match in pattern.finditer(text)
        if match.end() > match.start() and not GLUED_LEFT.match(text[match.start() - 1:match.start()])
    ]


def _fill(template: str, match: re.Match[str]) -> str:
    return PLACEHOLDER.sub(lambda ref: SPACES.sub(" ", match.group(int(ref.group(1))) or ""), template)


def _without_overlaps(names: list[Name]) -> tuple[Name, ...]:
    names.sort(key=lambda name: (name.start, -(name.end - name.start)))
    kept: list[Name] = []
    for name in names:
        if kept and name.start < kept[-1].end:
            continue
        kept.append(name)
    return tuple(kept)
