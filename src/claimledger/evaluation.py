"""Measured quality: score the extractor and the number recogniser against gold sets.

Sets: NewsQuant (English news sentences with every quantity annotated), the
Microsoft Recognizers-Text number/percent/dimension specs (Chinese and English),
and gold files of a user's own in the NewsQuant format (see `load_gold`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claimledger.data_files import data_table
from claimledger.errors import EvaluationError
from claimledger.text.english import singular

SHARED_BENCHMARKS = Path(__file__).resolve().parents[3] / "shared" / "benchmarks"
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
# Relative tolerance for value equality (NewsQuant values are already scaled floats).
QUANTITY_TOLERANCE = 1e-6
# The Recognizers specs truncate repeating fractions to 15 significant digits.
RECOGNIZER_TOLERANCE = 1e-9
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
# A Latin unit glued to a number: the number specs count 180ml as a dimension.
_GLUED_UNIT = re.compile(r"[A-Za-z]")
# Percentages the Recognizers number specs read as numbers: 百分之五十 is 50.
_WRITTEN_AS_FRACTION = re.compile(r"[负負]?[ \t]*[百千万萬佰仟][ \t]*分[ \t]*之")

# "from $2,415 to $2,315": the words around the first end of a from-to movement.
_FROM_BEFORE = re.compile(r"\bfrom\s*$", re.IGNORECASE)
_TO_BETWEEN = re.compile(r"\s+(?:[a-z]+\s+)?to\s+", re.IGNORECASE)

_UNITS = data_table("eval_units.toml")
_NOT_SUPERLATIVES = frozenset(_UNITS["not_superlatives"]["words"])
_SAME_UNIT: dict[str, str] = {alias: name for name, aliases in _UNITS["same_unit"].items() for alias in aliases}


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
        results.append(score_recognizers(stem, list(_read_jsonl(spec_path)), tick))
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


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise EvaluationError(f"{path}: cannot read ({error})") from error
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise EvaluationError(f"{path}:{number}: not JSON ({error.msg})") from error
        if not isinstance(record, dict):
            raise EvaluationError(f"{path}:{number}: expected a JSON object")
        record.setdefault("_line", number)
        yield record


def load_gold(path: Path) -> list[dict[str, Any]]:
    """Read a gold file in the NewsQuant format, checking every line.

    One JSON object per line: ``{"id": optional, "text": "...", "lang": optional
    "en"|"zh", "quantities": [{"value": 3.0 | null, "value_low": null,
    "value_high": null, "unit": "percentage" | null, "change": "=" | "~" | "<" |
    ">" | "up" | "down"}]}``. A range has `value` null and both ends set.
    """
    cases = []
    for record in _read_jsonl(path):
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
    found = _extractor()(text, lang=lang, all_quantities=True)
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


def _extractor() -> Callable[..., list[Any]]:
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


def unit_name(kind: str, unit: str | None, unit_text: str | None) -> str | None:
    """Our unit in NewsQuant's vocabulary (rules in data/eval_units.toml)."""
    if kind == "percent":
        return "percentage"
    if kind == "ratio":
        return "count"
    if unit and unit.startswith("1 / ") and unit_text:
        # A counted noun over time ("tests per day"): named by its words.
        return " ".join(_british(singular(word)) for word in unit_text.lower().split())
    if unit:
        return " per ".join(_unit_part_name(part.strip("() ")) for part in unit.split("/"))
    if unit_text:
        written = unit_text.lower()
        if written in _UNITS["counted"]:
            return _UNITS["counted"][written]
        words = written.split()
        # The set lemmatises the adjectives of a counted noun: "best screens" -> "good screen".
        adjectives = [_positive(word) for word in words[:-1] if word not in ("most", "least")]
        return " ".join(_british(singular(word)) for word in [*filter(None, adjectives), words[-1]])
    return None


def _positive(adjective: str) -> str:
    """A superlative adjective in its plain form (best -> good, hottest -> hot, largest -> large)."""
    if adjective in _UNITS["superlatives"]:
        return _UNITS["superlatives"][adjective]
    if len(adjective) < 6 or not adjective.endswith("est") or adjective in _NOT_SUPERLATIVES:
        return adjective
    stem = adjective[:-3]
    if stem.endswith("i"):
        return stem[:-1] + "y"  # happiest
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]  # hottest, biggest
    if stem[-1] in "cgvsz" and not stem.endswith("ng"):
        return stem + "e"  # largest, closest
    return stem


def _unit_part_name(unit: str) -> str:
    """One numerator or denominator unit: its name in [units], or word by word."""
    if unit in _UNITS["units"]:
        return _UNITS["units"][unit]
    return " ".join(_british(_UNITS["words"].get(word, word)) for word in unit.replace("_", " ").split())


def _british(word: str) -> str:
    for ending, british in _UNITS["spelling"].items():
        if word.endswith(ending):
            return word[: -len(ending)] + british
    return word


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


def _unit_key(unit: str | None) -> str:
    if not unit:
        return ""
    key = " ".join(singular(word) for word in re.sub(r"\s+", " ", unit.strip().lower()).split(" "))
    return _SAME_UNIT.get(key, key)


def _same_unit(gold: dict[str, Any], predicted: dict[str, Any], our_units: bool) -> bool:
    gold_unit = _unit_key(gold.get("unit"))
    if gold_unit == _unit_key(predicted.get("unit")):
        return True
    return our_units and gold_unit == _unit_key(predicted.get("our_unit"))


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


# --- Recognizers-Text specs ------------------------------------------------------------


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
    for claim in (found.claim for found in _extractor()(text, lang=lang, all_quantities=True)):
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
