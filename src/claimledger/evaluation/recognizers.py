"""Scoring our numbers on the Microsoft Recognizers-Text number, percent, dimension and currency specs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from claimledger.evaluation.quantities import extractor
from claimledger.evaluation.results import CaseErrors, Result, Score

# The Recognizers specs truncate repeating fractions to 15 significant digits.
RECOGNIZER_TOLERANCE = 1e-9
# A Latin unit glued to a number: the number specs count 180ml as a dimension.
_GLUED_UNIT = re.compile(r"[A-Za-z]")
# Percentages the Recognizers number specs read as numbers: 百分之五十 is 50.
_WRITTEN_AS_FRACTION = re.compile(r"[负負]?[ \t]*[百千万萬佰仟][ \t]*分[ \t]*之")


def recognizer_items(text: str, lang: str, model: str) -> list[dict[str, Any]]:
    """Our numbers in `text` as Recognizers-style items for `model`.

    NumberModel: every number that is not a percentage (a range gives both
    ends); the specs read 百分之五 as the number 5, so those count, and a
    number with a unit glued on (180ml) as a dimension, so those do not. PercentModel: the
    percentages, counting percentage points as the specs do (2.4个百分点 = 2.4%).
    Dimension and currency models: numbers the extractor gives a unit.
    """
    from claimledger.extraction.numbers import PERCENTAGE_POINTS, find_numbers

    if model in ("DimensionModel", "CurrencyModel"):
        return _unit_items(text, lang)
    items = []
    for match in find_numbers(text, lang):
        value: Any = match.value if match.value is not None else [match.low, match.high]
        if model == "PercentModel":
            points = PERCENTAGE_POINTS.match(text, match.end)
            if not match.percent and not points:
                continue
            items.append({"text": text[match.start : points.end() if points else match.end], "value": value, "unit": "%"})
        elif _GLUED_UNIT.match(text, match.end):
            continue
        elif not match.percent or _WRITTEN_AS_FRACTION.match(match.text):
            items.append({"text": match.text, "value": value, "unit": None})
    return items


def _unit_items(text: str, lang: str) -> list[dict[str, Any]]:
    items = []
    for claim in (found.claim for found in extractor()(text, lang=lang, all_quantities=True)):
        if claim.kind == "quantity" and claim.unit:
            value: Any = claim.value if claim.value is not None else [claim.low, claim.high]
            items.append({"text": claim.text, "value": value, "unit": claim.unit})
    return items


def _recognizer_key(value: Any, unit: str | None = None) -> tuple[float, bool] | None:
    """(number, is_percent) of a spec or predicted value; None when not a number."""
    percent = unit == "%"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value), percent
    written = str(value).strip().replace(",", "")
    if written.endswith("%"):
        percent, written = True, written[:-1]
    try:
        return float(written), percent
    except ValueError:
        return None


def _recognizer_keys(items: list[dict[str, Any]], use_written: bool) -> list[tuple[float, bool] | None]:
    keys = []
    for item in items:
        value = item.get("value_str", item.get("value")) if use_written else item.get("value")
        for part in value if isinstance(value, list) else [value]:
            keys.append(_recognizer_key(part, item.get("unit") if not use_written else None))
    return keys


def _same_key(gold: tuple[float, bool] | None, predicted: tuple[float, bool] | None) -> bool:
    if gold is None or predicted is None or gold[1] != predicted[1]:
        return False
    return abs(gold[0] - predicted[0]) <= RECOGNIZER_TOLERANCE * max(1.0, abs(gold[0]), abs(predicted[0]))


def score_recognizers(name: str, cases: list[dict[str, Any]], tick: Callable[[int], None]) -> Result:
    """Value P/R/F1 of our numbers on one Recognizers spec file.

    Cases the spec marks as not supported on Python are skipped, as in the
    upstream test runner; percent values only match percent values.
    """
    score = Score()
    result = Result(name=name, cases=0, scores={"value": score})
    for case in cases:
        tick(1)
        unsupported = [*case.get("not_supported", []), *case.get("not_supported_by_design", [])]
        if "python" in unsupported:
            result.skipped += 1
            continue
        gold_items = case.get("expected") or []
        predicted_items = recognizer_items(case["input"], case.get("lang", "en"), case.get("model", "NumberModel"))
        gold = _recognizer_keys(gold_items, use_written=True)
        predicted = _recognizer_keys(predicted_items, use_written=False)
        used: set[int] = set()
        missed = []
        for gold_key in gold:
            match = next((p for p, key in enumerate(predicted) if p not in used and _same_key(gold_key, key)), None)
            if match is None:
                missed.append(_describe_key(gold_key))
            else:
                used.add(match)
        score.true_positives += len(used)
        score.predicted += len(predicted)
        score.gold += len(gold)
        false_hits = [_describe_key(key) for p, key in enumerate(predicted) if p not in used]
        if missed or false_hits:
            result.errors.append(CaseErrors(case["id"], case["input"], missed, false_hits))
        result.predictions.append({"id": case["id"], "found": predicted_items})
        result.cases += 1
    return result


def _describe_key(key: tuple[float, bool] | None) -> str:
    if key is None:
        return "(no value)"
    return f"{key[0]:g}{'%' if key[1] else ''}"
