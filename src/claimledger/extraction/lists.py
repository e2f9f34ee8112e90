"""Lists paired item by item: "其在 FP32、TF32、FP16 精度下的算力分别为 25、49、98 TFLOPS",
"25, 50 and 100 TFLOPS at FP32, TF32 and FP16, respectively".

A list of items (precisions, names) and a list of figures of the same length (two or
more), with a "respectively" cue (data/cues.toml [lists]) between them (Chinese: "A、B 分别为
X、Y") or right after the later one (English: "X and Y for A and B, respectively"), pair
in order: the first figure takes the first item. Items of one list are joined only by list
words ("、", ",", "and", "/"); anything else ends the list. A list of measures needs no cue when
the figures follow it right after "of" or "were" ("revenue and net income of $5 billion and $1.2
billion").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from claimledger.extraction.cues import alternation, cue_table, lowered

if TYPE_CHECKING:
    from claimledger.extraction.candidates import Quantity
    from claimledger.extraction.names import Name

Span = tuple[int, int]
# How far after the later list an English "respectively" may stand: ", respectively".
CUE_AFTER_REACH = 24
# What stands between a figure and the name labelling it: "59.8 for the Vireo-5", and in a list "58.3 Vireo-3".
LABEL_FOR = re.compile(r"\s+for\s+(?:the\s+)?", re.IGNORECASE)
# The rest of a word a name is glued to ("LLaMA-30B-Supercot" named LLaMA-30B).
GLUED_REST = re.compile(r"[\w.-]*(?<![.-])")
# What joins a list of measures to its figures with no cue: "revenue and net income of $5B and $1.2B".
MEASURES_TO_FIGURES = re.compile(r"\s+(?:of|were)\s+", re.IGNORECASE)
LABEL_NEXT = re.compile(r"\s+(?:(?:for|by)\s+)?(?:the\s+)?", re.IGNORECASE)


@cache
def _cue() -> re.Pattern[str]:
    return re.compile(alternation(cue_table()["lists"]["respectively"]))


@cache
def _gap() -> re.Pattern[str]:
    return re.compile(cue_table()["lists"]["gap"], re.IGNORECASE)


def runs(folded: str, spans: Sequence[Span]) -> list[list[int]]:
    """Indices of `spans` grouped into lists: consecutive spans joined by list words."""
    groups: list[list[int]] = []
    for index, (start, _) in enumerate(spans):
        if groups and _gap().fullmatch(folded, spans[groups[-1][-1]][1], start):
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def respective(folded: str, items: Sequence[Span], figures: Sequence[Span], measures: bool = False) -> dict[int, int]:
    """{figure index: item index} for a list of figures paired with a list of items (of `measures`:
    also with no cue, figures right after "of" or "were")."""
    if len(items) < 2 or len(figures) < 2:
        return {}
    cues = [match.start() for match in _cue().finditer(lowered(folded))]
    if not cues and not (measures and (" of " in folded or " were " in folded)):
        return {}  # no cue, and no word that could join measures to their figures
    paired: dict[int, int] = {}
    for item_run in runs(folded, items):
        item_span = (items[item_run[0]][0], items[item_run[-1]][1])
        for figure_run in runs(folded, figures):
            if len(item_run) != len(figure_run) or len(item_run) < 2:
                continue
            figure_span = (figures[figure_run[0]][0], figures[figure_run[-1]][1])
            later_end = max(item_span[1], figure_span[1])
            between = item_span[1] <= figure_span[0] and any(item_span[1] <= cue <= figure_span[0] for cue in cues)
            after = any(later_end <= cue <= later_end + CUE_AFTER_REACH for cue in cues)
            joined = measures and MEASURES_TO_FIGURES.fullmatch(folded, item_span[1], figure_span[0]) is not None
            if between or after or joined:
                paired.update(zip(figure_run, item_run, strict=True))
    return paired


def labelled(folded: str, quantities: Sequence[Quantity], names: Sequence[Name]) -> dict[int, int | None]:
    """{quantity index: name index} for figures labelled one by one by the name right after each (after
    its number or after its unit: "58.3 Vireo-3" read as a count of Vireos): the first by "for" ("the 59.8
    for Vireo-5"), each later one joined to the one before by a list word. A later one labelled by a
    capitalised word that is no name ("and 1.2 PFLOPS for the K3") maps to None."""
    if "for" not in lowered(folded):
        return {}  # a list's first label follows "for": most sentences (every Chinese one) have none
    starts = {name.start: index for index, name in enumerate(names)}
    paired: dict[int, int | None] = {}
    chain_end: int | None = None
    for index, quantity in enumerate(quantities):
        start, end = quantity.start, quantity.end
        chained = chain_end is not None and _gap().fullmatch(folded, chain_end, start) is not None
        label = LABEL_NEXT if chained else LABEL_FOR
        matches = [match for at in dict.fromkeys((quantity.number.end, end)) if (match := label.match(folded, at))]
        name = next((starts[match.end()] for match in matches if match.end() in starts), None)
        chain_end = GLUED_REST.match(folded, names[name].end).end() if name is not None else None
        if name is not None:
            paired[index] = name
        elif chained and any(match.end() > end and folded[match.end():match.end() + 1].isupper() for match in matches):
            paired[index] = None
    return paired
