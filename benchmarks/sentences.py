"""The extraction benchmark's sentence sets, English and Chinese, of equal length.

English: the 590 NewsQuant sentences. Chinese: every Chinese Recognizers-Text
spec input (numbers, percents, dimensions, currencies) of at least
`MIN_SPEC_CHARS` characters, topped up to the English set's sentence count
with template-built sentences (`benchmarks.posts`, fixed seed). Both sets are
read at bench time from `../shared/benchmarks/` next to the checkout, never
copied into the repository.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from benchmarks.posts import sentence

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
NEWSQUANT = SHARED / "benchmarks" / "newsquant" / "newsquant.jsonl"
RECOGNIZERS = SHARED / "benchmarks" / "recognizers-text"
CHINESE_SPECS = ["zh_number", "zh_percent", "zh_dimension", "zh_currency"]
# Shorter spec inputs are bare numerals ("两百"), not sentences.
MIN_SPEC_CHARS = 10


def _jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def newsquant_sentences(path: Path = NEWSQUANT) -> list[str]:
    """The NewsQuant sentences, in file order."""
    return [case["text"] for case in _jsonl(path)]


def chinese_sentences(
    count: int, recognizers: Path = RECOGNIZERS, seed: int = 6
) -> list[str]:
    """`count` Chinese sentences: the longer spec inputs first, then template-built ones."""
    spec_inputs = [
        case["input"]
        for name in CHINESE_SPECS
        for case in _jsonl(recognizers / f"{name}.jsonl")
        if len(case["input"]) >= MIN_SPEC_CHARS
    ][:count]
    rng = random.Random(seed)
    built = [sentence(rng, "zh") for _ in range(count - len(spec_inputs))]
    return spec_inputs + built
