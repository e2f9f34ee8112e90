"""Metric concepts (data/metrics.toml): what a figure measures, one canonical name for
every way posts write it ("tokens/sec", "TPS" and "tok/s" are tokens per second;
"每 MW 每秒 token 数" is tokens per second per MW), found by spaCy's PhraseMatcher
on the annotation Doc, and, where no word names it, from the figure's unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from claimledger.data_files import data_table
from claimledger.entities.folding import simplified_table
from claimledger.extraction.names import Name, whole

if TYPE_CHECKING:
    from spacy.matcher import PhraseMatcher
    from spacy.tokens import Doc


@dataclass(frozen=True, slots=True)
class Metric:
    """A metric mention: [start, end), as written, and its concept (canonical name)."""

    start: int
    end: int
    text: str
    concept: str


@cache
def metric_table() -> dict:
    """data/metrics.toml, parsed, written simplified (it is matched on simplified text)."""
    return simplified_table(data_table("metrics.toml"))


@cache
def metric_matcher() -> PhraseMatcher:
    """A PhraseMatcher for every metric concept's name and aliases, keyed by the concept."""
    from spacy.matcher import PhraseMatcher

    from claimledger.extraction.annotate import folded, make_doc, vocab

    matcher = PhraseMatcher(vocab(), attr="LOWER")
    for concept in metric_table()["concept"]:
        spellings = [concept["name"], *concept.get("aliases", ())]
        matcher.add(concept["name"], [make_doc(folded(spelling)) for spelling in spellings])
    return matcher


@cache
def metric_patterns() -> list[tuple[re.Pattern[str], str]]:
    return [
        (re.compile(item["pattern"] + r"(?![A-Za-z0-9_])", re.IGNORECASE), item["concept"])
        for item in metric_table()["pattern"]
    ]


@cache
def metric_words() -> frozenset[str]:
    """Every metric concept's name and alias, lower-cased: a word that names a measure
    ("Efficiency", "Throughput", "能效") is never a figure's subject."""
    spellings = [spelling.lower() for concept in metric_table()["concept"] for spelling in (concept["name"], *concept.get("aliases", ()))]
    # The head word of a measure alone names it too: "Efficiency" (energy efficiency), "Bandwidth".
    heads = [spelling.split()[-1] for spelling in spellings if " " in spelling and spelling.split()[-1].isalpha()]
    return frozenset(spellings + heads)


@cache
def metric_openers() -> frozenset[tuple[str, ...]]:
    """How every metric's name and alias opens: its first token, or its first two."""
    from claimledger.extraction.annotate import openers

    return openers(spelling for concept in metric_table()["concept"] for spelling in (concept["name"], *concept.get("aliases", ())))


def find_metrics(text: str, fold: str, doc: Doc | None, names: list[Name]) -> list[Metric]:
    """Metric mentions (on `doc`; None: no alias can match), longest first where they overlap,
    never inside a name ("HBM" in "HBM3E")."""
    found = []
    if doc is not None:
        strings = doc.vocab.strings
        found = [
            (doc[start].idx, doc[end - 1].idx + len(doc[end - 1]), strings[key])
            for key, start, end in metric_matcher()(doc)
        ]
    for pattern, template in metric_patterns():
        for match in pattern.finditer(fold):
            found.append((match.start(), match.end(), _filled(template, match)))
    found = [
        (start, end, concept)
        for start, end, concept in found
        if whole(fold, start, end) and not any(_clash(name, start, end) for name in names)
    ]
    found.sort(key=lambda item: (item[0], -(item[1] - item[0])))
    kept: list[Metric] = []
    for start, end, concept in found:
        if kept and start < kept[-1].end:
            continue
        kept.append(Metric(start, end, text[start:end], concept))
    return kept


def _clash(name: Name, start: int, end: int) -> bool:
    """A metric overlapping a name is no metric ("HBM" in "HBM3E", a model's name), unless it
    holds a component's name whole ("NVLink bandwidth", "HBM 带宽")."""
    if not (name.start < end and start < name.end):
        return False
    return not (name.kind == "component" and start <= name.start and name.end <= end and end - start > name.end - name.start)


PLACEHOLDER = re.compile(r"\{(\d)\}")


def _filled(template: str, match: re.Match[str]) -> str:
    words = metric_table().get("pattern_words", {})

    def value(ref: re.Match[str]) -> str:
        written = " ".join((match.group(int(ref.group(1))) or "").split())
        return words.get(written, written)

    return PLACEHOLDER.sub(value, template)
