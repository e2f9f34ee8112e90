"""Measured quality: score the extractor and the number recogniser against gold sets.

Sets: NewsQuant (English news sentences with every quantity annotated), the
Microsoft Recognizers-Text number/percent/dimension specs (Chinese and English),
and gold files of a user's own in the NewsQuant format (see `load_gold`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from claimledger.errors import EvaluationError
from claimledger.evaluation.jsonl import read_jsonl
from claimledger.evaluation.quantities import (
    align_quantities,
    change_label,
    load_gold,
    predict_quantities,
    score_quantities,
)
from claimledger.evaluation.recognizers import recognizer_items, score_recognizers
from claimledger.evaluation.results import CaseErrors, Result, Score
from claimledger.evaluation.unit_names import unit_name

__all__ = [
    "CaseErrors", "Result", "Score", "align_quantities", "change_label", "count_cases", "evaluate",
    "load_gold", "predict_quantities", "recognizer_items", "resolve_path", "unit_name",
]

SHARED_BENCHMARKS = Path(__file__).resolve().parents[4] / "shared" / "benchmarks"
SETS = ("newsquant", "recognizers-zh", "recognizers-en", "gold")
DEFAULT_PATHS = {
    "newsquant": SHARED_BENCHMARKS / "newsquant" / "newsquant.jsonl",
    "recognizers-zh": SHARED_BENCHMARKS / "recognizers-text",
    "recognizers-en": SHARED_BENCHMARKS / "recognizers-text",
}
# Recognizers spec files scored for each language, in report order.
RECOGNIZER_FILES = {
    "recognizers-zh": ("zh_number", "zh_percent", "zh_dimension", "zh_currency"),
    "recognizers-en": ("en_number", "en_dimension"),
}


def resolve_path(set_name: str, path: Path | None = None) -> Path:
    """The data of `set_name`: `path`, or for a public set ../shared/benchmarks next to the checkout."""
    if set_name not in SETS:
        raise EvaluationError(f"unknown set {set_name!r}; choose one of {', '.join(SETS)}")
    if path is None:
        if set_name not in DEFAULT_PATHS:
            raise EvaluationError(f"set {set_name!r} needs a PATH to a gold file")
        path = DEFAULT_PATHS[set_name]
        if not path.exists():
            raise EvaluationError(
                f"{path}: not found; the public sets live in ../shared/benchmarks next to the "
                f"checkout, or give the PATH of the {set_name} data explicitly"
            )
    if not path.exists():
        raise EvaluationError(f"{path}: not found")
    return path


def evaluate(
    set_name: str, path: Path | None = None, advance: Callable[[int], None] | None = None
) -> list[Result]:
    """Score `set_name` ("newsquant", "recognizers-zh", "recognizers-en", "gold") at `path`.

    `advance(n)` is called after each n cases, for a progress bar.
    """
    path = resolve_path(set_name, path)
    tick = advance or (lambda n: None)
    if set_name in ("newsquant", "gold"):
        if set_name == "gold":
            return [score_quantities(path.name, load_gold(path), tick, our_units=True)]
        return [score_quantities("newsquant", load_gold(path), tick)]
    folder = path if path.is_dir() else path.parent
    names = RECOGNIZER_FILES[set_name] if path.is_dir() else (path.stem,)
    results = []
    for stem in names:
        spec_path = folder / f"{stem}.jsonl"
        if not spec_path.exists():
            raise EvaluationError(f"{spec_path}: not found")
        results.append(score_recognizers(stem, list(read_jsonl(spec_path)), tick))
    return results


def count_cases(set_name: str, path: Path | None = None) -> int:
    """How many cases `evaluate` will score (for a progress bar)."""
    path = resolve_path(set_name, path)
    if set_name in ("newsquant", "gold") or path.is_file():
        return sum(1 for line in path.open(encoding="utf-8") if line.strip())
    return sum(
        sum(1 for line in (path / f"{stem}.jsonl").open(encoding="utf-8") if line.strip())
        for stem in RECOGNIZER_FILES[set_name]
        if (path / f"{stem}.jsonl").exists()
    )

