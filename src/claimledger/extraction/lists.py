"""Lists paired item by item: "其在 FP32、TF32、FP16 精度下的算力分别为 25、49、98 TFLOPS",
"25, 50 and 100 TFLOPS at FP32, TF32 and FP16, respectively".

A list of items (precisions, names) and a list of figures of the same length (two or
more), with a "respectively" cue (data/cues.toml [lists]) between them (Chinese: "A、B 分别为
X、Y") or right after the later one (English: "X and Y for A and B, respectively"), pair
in order: the first figure takes the first item. Items of one list are joined only by list
words ("、", ",", "and", "/"); anything else ends the list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from claimledger.extraction.cues import alternation, cue_table, lowered

Span = tuple[int, int]
# How far after the later list an English "respectively" may stand: ", respectively".
CUE_AFTER_REACH = 24


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


def respective(folded: str, items: Sequence[Span], figures: Sequence[Span]) -> dict[int, int]:
    """{figure index: item index} for a list of figures paired with a list of items."""
    if len(items) < 2 or len(figures) < 2:
        return {}
    cues = [match.start() for match in _cue().finditer(lowered(folded))]
    if not cues:
        return {}
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
            if between or after:
                paired.update(zip(figure_run, item_run, strict=True))
    return paired
