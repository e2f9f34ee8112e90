"""`claims extract` on the command line: formats, languages, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimledger.cli import cli
from claimledger.types import Claim

SHARED = Path(__file__).parents[1].parent / "shared"


def run(*args: str, input: str | bytes | None = None) -> object:
    return CliRunner().invoke(cli, ["extract", *args], input=input)


def test_jsonl_from_a_file(tmp_path: Path) -> None:
    post = tmp_path / "post.txt"
    post.write_text("The rack draws 132 kW.\n推理吞吐最高达到 H100 的 4 倍。\n", encoding="utf-8")
    result = run(str(post))
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["text"] for r in records] == ["132 kW", "4 倍"]
    assert all(list(r) == Claim.field_names() for r in records)
    assert records[1]["baseline"] == "H100" and records[1]["qualifier"] == "up_to"
    assert records[0]["condition"] is None


def test_standard_input_and_forced_language() -> None:
    result = run("-", "--lang", "en", input="Chips are 10x faster.")
    assert result.exit_code == 0
    assert json.loads(result.output)["lang"] == "en"


def test_table_format_strips_control_characters() -> None:
    result = run("--format", "table", input="The \x1b[31mrack\x1b[0m draws 132 kW\x07.")
    assert result.exit_code == 0
    assert "132 kW" in result.output
    assert "\x1b[31m" not in result.output and "\x07" not in result.output


def test_table_says_when_nothing_was_found() -> None:
    result = run("--format", "table", input="Nothing to see on September 16.")
    assert result.exit_code == 0
    assert "no claims found" in result.output


def test_all_quantities_flag() -> None:
    plain = run(input="He scored 22 goals in 2019.")
    every = run("--all-quantities", input="He scored 22 goals in 2019.")
    assert [json.loads(line)["text"] for line in plain.output.splitlines()] == ["22 goals"]
    assert [json.loads(line)["text"] for line in every.output.splitlines()] == ["22 goals"]
    bare = run(input="Room 4 is at the back, row 12.")
    assert bare.output == ""
    assert [json.loads(line)["text"] for line in run("--all-quantities", input="It came to 4, then 12.").output.splitlines()] == ["4", "12"]


def test_unreadable_file_is_named(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.txt"))
    assert result.exit_code != 0
    assert "missing.txt" in result.output and "cannot read" in result.output


def test_a_directory_is_not_a_file(tmp_path: Path) -> None:
    result = run(str(tmp_path))
    assert result.exit_code != 0
    assert str(tmp_path) in result.output


def test_bad_encoding_names_the_file_and_byte_offset(tmp_path: Path) -> None:
    post = tmp_path / "latin1.txt"
    post.write_bytes("Gr\u00fc\u00dfe: 10 GB".encode("latin-1"))
    result = run(str(post))
    assert result.exit_code != 0
    assert "latin1.txt" in result.output and "byte offset 2" in result.output


def test_unknown_language_is_refused() -> None:
    result = run("--lang", "fr", input="10 GB")
    assert result.exit_code != 0
    assert "'fr' is not one of" in result.output


def test_byte_order_mark_is_not_text(tmp_path: Path) -> None:
    post = tmp_path / "bom.txt"
    post.write_bytes("\ufeffThe rack draws 132 kW.".encode("utf-8"))
    record = json.loads(run(str(post)).output)
    assert record["start"] == 15 and record["text"] == "132 kW"


def test_console_script_starts_without_loading_spacy() -> None:
    # Names are matched on a spaCy Doc, built only for a sentence with a token some known name starts with.
    probe = (
        "import sys; from claimledger.cli import cli; "
        "from click.testing import CliRunner; "
        "r = CliRunner().invoke(cli, ['extract'], input='The rack draws 132 kW'); "
        "print(len(r.output.splitlines()), 'spacy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1", "False"]


@pytest.mark.shared
@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="../shared/seeds is absent")
def test_seed_articles() -> None:
    """The seed posts' figures, with the right frame, and nothing from names or dates."""
    found: dict[str, list[dict]] = {}
    for seed in sorted((SHARED / "seeds").glob("*.txt")):
        result = run(str(seed))
        assert result.exit_code == 0
        for line in result.output.splitlines():
            record = json.loads(line)
            found.setdefault(record["text"], []).append(record)
    tps = found["16,635 tokens per second per GPU"][0]
    assert (tps["subject"], tps["condition"], tps["metric"]) == (
        "GB300 NVL72", "GPT-OSS-120B offline, MLPerf Inference v6.1 Datacenter Closed", "tokens per second per GPU")
    assert found["1.6 Tb/s"][0]["si_value"] == pytest.approx(1.6e12)
    # "up to roughly 128,000": the cue nearest the number wins.
    assert found["roughly 128,000 GPUs per rail"][0]["qualifier"] == "approximately"
    assert found["1,196 queries per second"][0]["unit"] == "query / second"
    assert found["900 nanoseconds"][0]["si_value"] == pytest.approx(9e-7)
    title = found["10 倍"][0]
    assert (title["qualifier"], title["baseline"], title["metric"]) == ("up_to", "GB200 NVL72", "tokens per second per MW")
    assert found["80,000"][0]["unit"] == found["800,000 TPS/MW"][0]["unit"] == "token / megawatt / second"
    assert found["72 颗 Rubin GPU"][0]["kind"] == "count"
    assert found["260 TB/s"][0]["si_value"] == pytest.approx(2.08e15)
    assert found["100%"][0]["kind"] == "percent"
    assert found["约 90 倍"][0]["baseline"] == "Blackwell"
    goodput = found["最高 96%"][0]
    assert (goodput["subject"], goodput["metric"], goodput["qualifier"]) == ("Hopper", "goodput", "up_to")
    assert found["1,024 卡"][0]["unit"] == "gpu"
    assert found["20%"][0]["metric"] == "model FLOPs utilization"
    assert found["约 10 倍"][0]["metric"] == "mean time between failures"
    assert found["最高 98%"][0]["qualifier"] == "up_to"
    assert found["超过 2 亿个指标采样"][0]["qualifier"] == "more_than"
    assert found["2.8 倍"][0]["baseline"] == "a year earlier"
    chinese = [r for records in found.values() for r in records if r["lang"] == "zh"]
    assert chinese and all(r["self_reported"] for r in chinese)
    for text in found:
        for name in ("GB200", "NVL72", "H100", "120B", "405B", "v6.1", "R1", "ConnectX-9", "NVLink 6", "月", "日", "September"):
            assert name not in text, text
