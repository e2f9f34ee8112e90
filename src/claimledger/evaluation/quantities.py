"""Scoring quantities: NewsQuant and users' gold files in its format, against every quantity we find."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from claimledger.errors import EvaluationError
from claimledger.evaluation.jsonl import read_jsonl
from claimledger.evaluation.results import CaseErrors, Result, Score
from claimledger.evaluation.unit_names import unit_key, unit_name

# Relative tolerance for value equality (NewsQuant values are already scaled floats).
QUANTITY_TOLERANCE = 1e-6
# Our qualifiers in NewsQuant's change vocabulary. A hedge wins over a trend word,
# as the set annotates "rose more than 5%" as ">" (and "rose about 5%" mostly as
# "~"). "nearly"/"almost" is "~" there; "just under" is "<" (the set's README).
CHANGE_OF_QUALIFIER = {
    "approximately": "~",
    "up_to": "<",
    "less_than": "<",
    "at_most": "<",
    "nearly": "~",
    "more_than": ">",
    "at_least": ">",
}
CHANGE_LABELS = ("=", "~", "<", ">", "up", "down")

# "from $2,415 to $2,315": the words around the first end of a from-to movement.
_FROM_BEFORE = re.compile(r"\bfrom\s*$", re.IGNORECASE)
_TO_BETWEEN = re.compile(r"\s+(?:[a-z]+\s+)?to\s+", re.IGNORECASE)


def load_gold(path: Path) -> list[dict[str, Any]]:
    """Read a gold file in the NewsQuant format, checking every line.

    One JSON object per line: ``{"id": optional, "text": "...", "lang": optional
    "en"|"zh", "quantities": [{"value": 3.0 | null, "value_low": null,
    "value_high": null, "unit": "percentage" | null, "change": "=" | "~" | "<" |
    ">" | "up" | "down"}]}``. A range has `value` null and both ends set.
    """
    cases = []
    for record in read_jsonl(path):
        where = f"{path}:{record['_line']}"
        if not isinstance(record.get("text"), str):
            raise EvaluationError(f"{where}: missing \"text\"")
        if record.get("lang") not in (None, "en", "zh"):
            raise EvaluationError(f"{where}: lang {record['lang']!r} is not \"en\" or \"zh\"")
        quantities = record.get("quantities")
        if not isinstance(quantities, list):
            raise EvaluationError(f"{where}: missing \"quantities\" list")
        for quantity in quantities:
            if not isinstance(quantity, dict) or _quantity_value(quantity) is None:
                raise EvaluationError(f"{where}: a quantity needs \"value\" or both \"value_low\" and \"value_high\"")
            change = quantity.get("change")
            if change is not None and change not in CHANGE_LABELS:
                raise EvaluationError(f"{where}: change {change!r} is not one of {' '.join(CHANGE_LABELS)}")
        record.setdefault("id", f"line-{record['_line']}")
        cases.append(record)
    return cases


# --- quantities (NewsQuant and users' gold files) -------------------------------------


def predict_quantities(text: str, lang: str | None = None) -> list[dict[str, Any]]:
    """Every quantity the extractor finds, as NewsQuant-style records.

    A figure before a change and the one after it, written "from X to Y" ("fell from
    $2,415 to $2,315": previous, replaced by current), are one from-to range there,
    as the set writes such movements."""
    found = extractor()(text, lang=lang, all_quantities=True)
    records = []
    index = 0
    while index < len(found):
        claim = found[index].claim
        following = found[index + 1].claim if index + 1 < len(found) else None
        if following is not None and _from_to_change(text, claim, following):
            records.append(_range_record(text, claim, following))
            index += 2
            continue
        records.append(quantity_record(claim, found[index].trend_by_noun))
        index += 1
    return records


def _from_to_change(text: str, before: Any, after: Any) -> bool:
    """Whether `before` is the previous value that `after` replaces, written "from before to after"."""
    return (
        before.role == "previous"
        and before.replaced_by == after.start
        and before.value is not None
        and after.value is not None
        and _FROM_BEFORE.search(text, max(0, before.start - 8), before.start) is not None
        and _TO_BETWEEN.fullmatch(text, before.end, after.start) is not None
    )


def _range_record(text: str, before: Any, after: Any) -> dict[str, Any]:
    record = quantity_record(after)
    low, high = sorted((before.value, after.value))
    record.update(text=text[before.start:after.end], value=None, value_low=low, value_high=high)
    return record


def extractor() -> Callable[..., list[Any]]:
    """The extractor, or a clear error while it cannot be imported."""
    try:
        from claimledger.extraction import extract_found
    except ImportError as error:
        raise EvaluationError(f"the extractor is not available ({error})") from error
    return extract_found


def quantity_record(claim: Any, trend_by_noun: bool = False) -> dict[str, Any]:
    """A claim as a NewsQuant-style quantity: value or range, unit name and change label.

    The set's `up`/`down` say a verb moves the figure ("rose 5%", "fell by 3"); a figure
    that a noun names as a change ("a 5% rise", "an increase of 60,000") is `=` there."""
    is_range = claim.value is None and claim.low is not None and claim.high is not None
    return {
        "text": claim.text,
        "value": None if is_range else claim.value,
        "value_low": claim.low if is_range else None,
        "value_high": claim.high if is_range else None,
        "unit": _fraction_name(claim) or unit_name(claim.kind, claim.unit, claim.unit_text),
        "our_unit": claim.unit,
        "change": change_label(claim.qualifier, None if trend_by_noun else claim.trend),
    }


def _fraction_name(claim: Any) -> str | None:
    """A fraction of a group in words ("one out of three Germans", "almost half") is
    named as the set names it: "%" and the group ("% german"), "% -" without one."""
    if claim.kind != "count" or claim.unit or claim.value is None or not 0 < claim.value < 1:
        return None
    if any(character.isdigit() for character in claim.text):
        return None
    return f"% {unit_name('count', None, claim.unit_text) or '-'}"


def change_label(qualifier: str | None, trend: str | None) -> str:
    """Our qualifier and trend as one NewsQuant change label."""
    if qualifier in CHANGE_OF_QUALIFIER:
        return CHANGE_OF_QUALIFIER[qualifier]
    if trend in ("up", "down"):
        return trend
    return "="


def _quantity_value(quantity: dict[str, Any]) -> tuple[float, ...] | None:
    """(value,) for a single value, (low, high) for a range, None when unusable."""
    low, high = quantity.get("value_low"), quantity.get("value_high")
    if isinstance(low, (int, float)) and isinstance(high, (int, float)):
        return tuple(sorted((float(low), float(high))))
    value = quantity.get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value):
        return (float(value),)
    return None


def _same_value(gold: tuple[float, ...] | None, predicted: tuple[float, ...] | None) -> bool:
    if gold is None or predicted is None or len(gold) != len(predicted):
        return False
    return all(math.isclose(g, p, rel_tol=QUANTITY_TOLERANCE, abs_tol=1e-9) for g, p in zip(gold, predicted, strict=True))



def _same_unit(gold: dict[str, Any], predicted: dict[str, Any], our_units: bool) -> bool:
    gold_unit = unit_key(gold.get("unit"))
    if gold_unit == unit_key(predicted.get("unit")):
        return True
    return our_units and gold_unit == unit_key(predicted.get("our_unit"))


def align_quantities(
    gold: list[dict[str, Any]], predicted: list[dict[str, Any]], our_units: bool = False
) -> list[tuple[int, int, bool]]:
    """One-to-one (gold index, prediction index, unit agrees) pairs.

    Greedy in gold order: first pairs agreeing on value and unit, then on value alone.
    `our_units` also accepts our own (pint) unit names in the gold.
    """
    gold_values = [_quantity_value(q) for q in gold]
    predicted_values = [_quantity_value(q) for q in predicted]
    used_gold: set[int] = set()
    used_predicted: set[int] = set()
    pairs = []
    for unit_required in (True, False):
        for g, gold_value in enumerate(gold_values):
            if g in used_gold:
                continue
            for p, predicted_value in enumerate(predicted_values):
                if p in used_predicted or not _same_value(gold_value, predicted_value):
                    continue
                unit_ok = _same_unit(gold[g], predicted[p], our_units)
                if unit_required and not unit_ok:
                    continue
                used_gold.add(g)
                used_predicted.add(p)
                pairs.append((g, p, unit_ok))
                break
    return pairs


def score_quantities(
    name: str, cases: Iterable[dict[str, Any]], tick: Callable[[int], None], our_units: bool = False
) -> Result:
    """Value, value+unit and value+change P/R/F1 of the extractor on gold sentences.

    `our_units`: gold units may also be written as our pint names (users' gold files).
    """
    scores = {measure: Score() for measure in ("value", "value+unit", "change")}
    result = Result(name=name, cases=0, scores=scores)
    for case in cases:
        gold = case["quantities"]
        predicted = predict_quantities(case["text"], case.get("lang"))
        pairs = align_quantities(gold, predicted, our_units)
        for score in scores.values():
            score.gold += len(gold)
            score.predicted += len(predicted)
        for g, p, unit_ok in pairs:
            scores["value"].true_positives += 1
            scores["value+unit"].true_positives += unit_ok
            scores["change"].true_positives += (gold[g].get("change") or "=") == predicted[p]["change"]
        matched_gold = {g for g, _, _ in pairs}
        matched_predicted = {p for _, p, _ in pairs}
        missed = [_describe(q) for i, q in enumerate(gold) if i not in matched_gold]
        false_hits = [_describe(q) for i, q in enumerate(predicted) if i not in matched_predicted]
        missed += [
            f"{_describe(gold[g])} (we said unit {predicted[p]['unit'] or '-'})"
            for g, p, unit_ok in pairs
            if not unit_ok
        ]
        if missed or false_hits:
            result.errors.append(CaseErrors(case["id"], case["text"], missed, false_hits))
        result.predictions.append(
            {"id": case["id"], "quantities": [{k: v for k, v in q.items() if k != "our_unit"} for q in predicted]}
        )
        result.cases += 1
        tick(1)
    return result


def _describe(quantity: dict[str, Any]) -> str:
    value = _quantity_value(quantity)
    shown = "?" if value is None else "..".join(f"{v:g}" for v in value)
    change = quantity.get("change")
    written = f" «{quantity['text']}»" if quantity.get("text") else ""
    return f"{shown} {quantity.get('unit') or '-'}{f' [{change}]' if change not in (None, '=') else ''}{written}"


