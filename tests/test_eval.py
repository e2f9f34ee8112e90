"""`claims eval`: scoring rules, users' gold files, errors, and the public sets when present."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimledger.cli import cli
from claimledger.evaluation import (
    Score,
    align_quantities,
    change_label,
    evaluate,
    predict_quantities,
    recognizer_items,
    unit_name,
)

SHARED = Path(__file__).parents[1].parent / "shared"
BENCHMARKS = SHARED / "benchmarks"
needs_shared = pytest.mark.skipif(not BENCHMARKS.exists(), reason="../shared/benchmarks is absent")


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def quantity(value=None, low=None, high=None, unit=None, change="="):
    return {"value": value, "value_low": low, "value_high": high, "unit": unit, "change": change}


# --- scoring rules ---------------------------------------------------------------------


def test_score_precision_recall_f1() -> None:
    score = Score(true_positives=3, predicted=4, gold=6)
    assert score.precision == 0.75
    assert score.recall == 0.5
    assert score.f1 == pytest.approx(0.6)
    assert Score().f1 == 0.0


def test_alignment_prefers_value_and_unit_then_value_alone() -> None:
    gold = [quantity(5, unit="dollar"), quantity(5, unit="percentage")]
    predicted = [quantity(5, unit="percentage"), quantity(5, unit="euro")]
    pairs = sorted(align_quantities(gold, predicted))
    assert pairs == [(0, 1, False), (1, 0, True)]


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("Two out of five adults agree.", 0.4, "% adult"),
        ("It has 600 staff, almost half of which are in Texas.", 0.5, "% -"),
        ("It shipped 3/4 of the racks.", 0.75, None),
    ],
)
def test_a_fraction_of_a_group_in_words_is_named_as_a_share(text, value, name) -> None:
    record = next(q for q in predict_quantities(text) if q["value"] == pytest.approx(value))
    if name is None:
        assert not (record["unit"] or "").startswith("%")
    else:
        assert record["unit"] == name


def test_names_the_set_uses_for_one_unit_match_each_other() -> None:
    gold = [quantity(300, unit="brake horsepower"), quantity(20, unit="pound-foot"), quantity(3, unit="virus")]
    predicted = [quantity(20, unit="foot pound-force"), quantity(300, unit="horsepower"), quantity(3, unit="viruses")]
    assert sorted(align_quantities(gold, predicted)) == [(0, 1, True), (1, 0, True), (2, 2, True)]


def test_ranges_match_only_ranges_with_both_ends() -> None:
    gold = [quantity(low=10, high=20)]
    assert align_quantities(gold, [quantity(low=20, high=10)]) == [(0, 0, True)]
    assert align_quantities(gold, [quantity(15)]) == []
    assert align_quantities(gold, [quantity(low=10, high=21)]) == []


def test_values_match_within_a_relative_tolerance() -> None:
    assert align_quantities([quantity(1.3e6)], [quantity(1_300_000.0000001)]) != []
    assert align_quantities([quantity(1.3e6)], [quantity(1.31e6)]) == []


@pytest.mark.parametrize(
    ("kind", "unit", "unit_text", "name"),
    [
        ("percent", "percent", "%", "percentage"),
        ("ratio", None, "x", "count"),
        ("quantity", "dollar", "$", "dollar"),
        ("quantity", "yen", "yen", "japanese yen"),
        ("quantity", "kilometer_per_hour", "km/h", "kilometre per hour"),
        ("quantity", "kilometer / hour", "km per hour", "kilometre per hour"),
        ("quantity", "dollar / barrel", "$ a barrel", "dollar per barrel"),
        ("quantity", "square_meter", "sq m", "square metre"),
        ("quantity", "year_of_age", "year-old", "year of age"),
        ("count", None, "goals", "goal"),
        ("count", None, "cities", "city"),
        ("count", None, "ppg", "point per game"),
        ("count", None, "gigatonnes", "gigaton"),
        ("count", None, None, None),
        ("quantity", "penny", "p", "point"),
        ("quantity", "foot_pound", "lb-ft", "foot pound-force"),
        ("quantity", "1 / day", "tests per day", "test per day"),
        ("quantity", "1 / second", "metric samples per second", "metric sample per second"),
        ("quantity", "dollar / million_british_thermal_unit", "$ per mmBtu", "dollar per mega british thermal unit"),
        ("count", None, "best screens", "good screen"),
        ("count", None, "most gifted players", "gifted player"),
        ("count", None, "hottest cars", "hot car"),
        ("count", None, "largest cities", "large city"),
        ("count", None, "interest payments", "interest payment"),
        ("count", None, "tests", "test"),
    ],
)
def test_unit_names_in_the_newsquant_vocabulary(kind, unit, unit_text, name) -> None:
    assert unit_name(kind, unit, unit_text) == name


@pytest.mark.parametrize(
    ("qualifier", "trend", "label"),
    [
        (None, None, "="),
        ("approximately", None, "~"),
        ("up_to", None, "<"),
        ("less_than", None, "<"),
        ("more_than", None, ">"),
        ("at_least", None, ">"),
        (None, "up", "up"),
        ("approximately", "down", "~"),
        ("more_than", "up", ">"),
        ("nearly", None, "~"),
        ("nearly", "up", "~"),
    ],
)
def test_change_labels(qualifier, trend, label) -> None:
    assert change_label(qualifier, trend) == label


def test_recognizer_items_per_model() -> None:
    text = "增长百分之五，2.4个百分点，共 30 台"
    numbers = [item["value"] for item in recognizer_items(text, "zh", "NumberModel")]
    percents = [(item["value"], item["unit"]) for item in recognizer_items(text, "zh", "PercentModel")]
    assert numbers == [5, 2.4, 30]
    assert percents == [(5, "%"), (2.4, "%")]


def test_recognizer_ranges_give_both_ends() -> None:
    assert recognizer_items("3-5 units", "en", "NumberModel")[0]["value"] == [3, 5]


# --- a gold file of one's own ------------------------------------------------------------

GOLD = [
    {
        "id": "a",
        "text": "Throughput rose 20% to 1,200 tokens per second.",
        "quantities": [quantity(20, unit="percentage", change="up"), quantity(1200, unit="token per second")],
    },
    {"id": "b", "text": "The cluster has 72 GPUs.", "quantities": [quantity(72, unit="gpu")]},
    {"id": "c", "lang": "zh", "text": "性能提升 3 至 5 倍。", "quantities": [quantity(low=3, high=5, unit="count")]},
    {"id": "d", "text": "We shipped 7 racks.", "quantities": [quantity(8, unit="rack")]},
]


def test_gold_file_scores(tmp_path: Path) -> None:
    results = evaluate("gold", write_jsonl(tmp_path / "mine.jsonl", GOLD))
    assert len(results) == 1
    result = results[0]
    value = result.scores["value"]
    assert result.cases == 4
    assert value.gold == 5
    assert value.true_positives == 4  # everything but the 8 racks the text never says
    assert [case.case_id for case in result.errors] == ["d"]
    assert result.errors[0].missed[0].startswith("8 rack")
    assert result.errors[0].false_hits[0].startswith("7 ")


def test_eval_command_on_a_gold_file(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "mine.jsonl", GOLD)
    predictions = tmp_path / "predictions"
    result = CliRunner().invoke(cli, ["eval", "gold", str(path), "--errors", "1", "--predictions", str(predictions)])
    assert result.exit_code == 0, result.output
    assert "mine.jsonl: 4 cases" in result.output
    assert re.search(r"value\s+0\.800\s+0\.800\s+0\.800\s+4\s+5\s+5", result.output)
    assert "worst 1 cases" in result.output
    assert "missed 8 rack" in result.output
    lines = (predictions / "mine.pred.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["a", "b", "c", "d"]


def test_gold_file_without_path_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["eval", "gold"])
    assert result.exit_code == 2
    assert "needs a PATH" in result.output


def test_missing_gold_file_names_the_path(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", "gold", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 1
    assert "nope.jsonl: not found" in result.output


def test_bad_json_line_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(GOLD[1]) + "\n{not json\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["eval", "gold", str(path)])
    assert result.exit_code == 1
    assert f"{path}:2: not JSON" in result.output


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"quantities": []}, 'missing "text"'),
        ({"text": "x"}, 'missing "quantities"'),
        ({"text": "x", "quantities": [{"unit": "gpu"}]}, 'needs "value"'),
        ({"text": "x", "quantities": [quantity(3, change="rose")]}, "change 'rose'"),
        ({"text": "x", "quantities": [3]}, 'needs "value"'),
        ({"text": "x", "lang": "fr", "quantities": []}, "lang 'fr'"),
    ],
)
def test_invalid_gold_records_are_rejected_with_their_line(tmp_path: Path, record: dict, message: str) -> None:
    path = write_jsonl(tmp_path / "gold.jsonl", [GOLD[1], record])
    result = CliRunner().invoke(cli, ["eval", "gold", str(path)])
    assert result.exit_code == 1
    assert f"{path}:2:" in result.output
    assert message in result.output


def test_absent_public_set_says_where_it_was_looked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import claimledger.evaluation as evaluate_module

    missing = tmp_path / "shared" / "benchmarks" / "newsquant" / "newsquant.jsonl"
    monkeypatch.setitem(evaluate_module.DEFAULT_PATHS, "newsquant", missing)
    result = CliRunner().invoke(cli, ["eval", "newsquant"])
    assert result.exit_code == 1
    assert f"{missing}: not found" in result.output
    assert "../shared/benchmarks" in result.output


def test_unknown_set_is_refused() -> None:
    result = CliRunner().invoke(cli, ["eval", "squad"])
    assert result.exit_code == 2
    assert "squad" in result.output


# --- the public sets (../shared), checked against the reference scorers --------------------


def reference_f1(script: str, gold: Path, predictions: Path, *extra: str) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, str(SHARED / "tools" / script), str(gold), str(predictions), *extra],
        capture_output=True, text=True, check=True,
    ).stdout
    return {name: float(value) for name, value in re.findall(r"F1\(([\w+]+)\)=([\d.]+)", output)}


@needs_shared
@pytest.mark.shared
def test_recognizers_chinese_numbers_and_percents_agree_with_the_reference(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", "recognizers-zh", "--predictions", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for stem in ("zh_number", "zh_percent"):
        ours = float(re.search(rf"{stem}: .*?\n.*?\n\s+value\s+\S+\s+\S+\s+(\S+)", result.output).group(1))
        reference = reference_f1(
            "score_numbers.py", BENCHMARKS / "recognizers-text" / f"{stem}.jsonl", tmp_path / f"{stem}.pred.jsonl"
        )
        assert ours == pytest.approx(reference["value"], abs=0.0005)
        assert ours >= 0.97


@needs_shared
@pytest.mark.shared
def test_newsquant_value_scores_agree_with_the_reference(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", "newsquant", "--predictions", str(tmp_path)])
    assert result.exit_code == 0, result.output
    ours = float(re.search(r"value\s+\S+\s+\S+\s+(\S+)", result.output).group(1))
    reference = reference_f1(
        "score_quantities.py", BENCHMARKS / "newsquant" / "newsquant.jsonl", tmp_path / "newsquant.pred.jsonl"
    )
    assert ours == pytest.approx(reference["value"], abs=0.0005)
    assert ours >= 0.9
