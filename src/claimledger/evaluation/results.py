"""Scores of one scored file: precision/recall counts per measure and the cases that went wrong."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Score:
    """Counts behind precision, recall and F1 for one measure."""

    true_positives: int = 0
    predicted: int = 0
    gold: int = 0

    @property
    def precision(self) -> float:
        return self.true_positives / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_positives / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(slots=True)
class CaseErrors:
    """What went wrong in one sentence: gold items missed, predictions not in the gold."""

    case_id: str
    text: str
    missed: list[str]
    false_hits: list[str]

    @property
    def count(self) -> int:
        return len(self.missed) + len(self.false_hits)


@dataclass(slots=True)
class Result:
    """Scores of one scored file, its error cases, and the predictions that were scored."""

    name: str
    cases: int
    scores: dict[str, Score]
    errors: list[CaseErrors] = field(default_factory=list)
    predictions: list[dict[str, Any]] = field(default_factory=list)
    skipped: int = 0

    def worst(self, count: int) -> list[CaseErrors]:
        """The `count` cases with the most misses and false hits."""
        return sorted(self.errors, key=lambda case: -case.count)[:count]
