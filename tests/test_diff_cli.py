"""`claims diff` and `claims key` on the command line: formats, --fail-on, windows and errors."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_diff import Ledger, per_gpu, rubin_tps_mw

from claimledger.cli import cli
from claimledger.types import Claim


@pytest.fixture
def demo_ledger(tmp_path: Path) -> Ledger:
    """One of each change: new, reaffirmed (in Chinese), updated, conflict, superseded."""
    ledger = Ledger(tmp_path / "claims.db")
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    ledger.post("AI 基础设施周报", "2026-08-12", rubin_tps_mw("最高达 10 倍", metric="每 MW 每秒 token 数"), lang="zh")
    ledger.post("CoreWeave Blog", "2026-09-01", rubin_tps_mw("up to 12x", 12.0))
    ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    ledger.post("Chip Weekly", "2026-04-20", per_gpu("14,500 tokens per second per GPU\x1b[2J\x07", 14500, "v6.0"))
    ledger.post("CoreWeave Blog", "2026-09-16", per_gpu("16,635 tokens per second per GPU", 16635, "v6.1"))
    return ledger


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_has_every_change_with_full_claim_objects(demo_ledger):
    code, out, _ = run("diff", "--db", str(demo_ledger.path), "--format", "json")
    assert code == 0
    changes = json.loads(out)["changes"]
    assert sorted(change["status"] for change in changes) == ["conflict", "new", "new", "reaffirmed", "superseded", "updated"]
    expected_fields = set(Claim.field_names()) | {"source", "url", "published", "document_id", "claim_id"}
    for change in changes:
        assert set(change) == {"status", "key", "subject", "metric", "old", "new", "change"}
        assert set(change["new"]) == expected_fields
        assert (change["old"] is None) == (change["status"] == "new")
    updated = next(change for change in changes if change["status"] == "updated")
    assert updated["old"]["text"] == "up to 10x"
    assert updated["new"]["text"] == "up to 12x"
    assert updated["change"] == {"absolute": pytest.approx(2.0), "relative": pytest.approx(0.2)}
    assert updated["new"]["projected"] is False
    assert updated["subject"] == "vera rubin nvl72"


def test_table_groups_by_subject_with_dates_changes_and_sources(demo_ledger):
    code, out, _ = run("diff", "--db", str(demo_ledger.path))
    assert code == 0
    assert out.index("GB300 NVL72") < out.index("Vera Rubin NVL72")
    assert "up to 12x (2026-09-01)" in out
    assert "+20.0%" in out
    assert "NVIDIA Newsroom -> Chip Weekly" in out
    assert "v6.1)" in out


def test_table_has_no_colours_or_control_characters_off_a_terminal(demo_ledger):
    _, out, _ = run("diff", "--db", str(demo_ledger.path))
    assert "\x1b" not in out
    assert "\x07" not in out
    assert "14,500 tokens per second per GPU" in out


def test_markdown_report_has_a_table_per_subject_and_links(demo_ledger):
    code, out, _ = run("diff", "--db", str(demo_ledger.path), "--format", "markdown")
    assert code == 0
    assert out.startswith("# Claims diff")
    assert "## Vera Rubin NVL72" in out
    assert "| **conflict** |" in out
    assert "[Chip Weekly](<http://127.0.0.1/posts/5.html>)" in out
    assert "\x1b" not in out


def test_markdown_escapes_table_breaking_text(tmp_path):
    ledger = Ledger(tmp_path / "claims.db")
    ledger.post("Evil | Feed", "2026-07-23", rubin_tps_mw("up to 10x | <script>alert(1)</script>"))
    _, out, _ = run("diff", "--db", str(ledger.path), "--format", "markdown")
    row = next(line for line in out.splitlines() if line.startswith("| new"))
    assert row.count(" | ") == 5
    assert "<script>" not in out


@pytest.mark.parametrize(("fail_on", "code"), [("updated,conflict", 1), ("conflict", 1), ("qualifier_changed", 0), ("", 0)])
def test_fail_on_exits_one_only_when_such_a_change_is_found(demo_ledger, fail_on, code):
    assert run("diff", "--db", str(demo_ledger.path), "--fail-on", fail_on)[0] == code


def test_fail_on_looks_only_at_the_window(demo_ledger):
    assert run("diff", "--db", str(demo_ledger.path), "--since", "2026-09-10", "--fail-on", "updated,conflict")[0] == 0
    assert run("diff", "--db", str(demo_ledger.path), "--since", "2026-09-10", "--fail-on", "superseded")[0] == 1


def test_since_and_until_select_the_window(demo_ledger):
    _, out, _ = run("diff", "--db", str(demo_ledger.path), "--format", "json", "--since", "2026-08-01", "--until", "2026-09-01")
    assert [(c["status"], c["new"]["published"]) for c in json.loads(out)["changes"]] == [
        ("reaffirmed", "2026-08-12"),
        ("updated", "2026-09-01"),
    ]


def test_subject_option(demo_ledger):
    _, out, _ = run("diff", "--db", str(demo_ledger.path), "--format", "json", "--subject", "gb300")
    assert {c["subject"] for c in json.loads(out)["changes"]} == {"gb300 nvl72"}


def test_unknown_status_is_a_clear_error(demo_ledger):
    code, _, err = run("diff", "--db", str(demo_ledger.path), "--fail-on", "updated,changed")
    assert code == 2
    assert "unknown status changed" in err


def test_bad_date_is_a_clear_error(demo_ledger):
    code, _, err = run("diff", "--db", str(demo_ledger.path), "--since", "last week")
    assert code == 2
    assert "--since" in err and "'last week'" in err


def test_missing_ledger_is_an_error_and_is_not_created(tmp_path):
    path = tmp_path / "nowhere.db"
    code, _, err = run("diff", "--db", str(path))
    assert code == 2
    assert "no ledger there" in err
    assert not path.exists()


def test_file_that_is_not_sqlite_is_an_error_and_is_left_alone(tmp_path):
    path = tmp_path / "claims.db"
    path.write_bytes(b"this is not a database, just some text " * 100)
    code, _, err = run("diff", "--db", str(path))
    assert code == 2
    assert "not a SQLite database" in err
    assert path.read_bytes() == b"this is not a database, just some text " * 100


def test_other_sqlite_database_is_refused_without_being_changed(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
    code, _, err = run("diff", "--db", str(path))
    assert code == 2
    assert "not a claimledger ledger" in err
    with sqlite3.connect(path) as connection:
        assert [row[0] for row in connection.execute("SELECT name FROM sqlite_master")] == ["notes"]


def test_key_of_stored_claims_shows_every_part(demo_ledger):
    code, out, _ = run("key", "--db", str(demo_ledger.path), "--claim", "1", "--claim", "2", "--format", "json")
    assert code == 0
    english, chinese = json.loads(out)
    assert english["key"] == chinese["key"] == "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1"
    assert chinese["parts"]["metric"] == {
        "written": "每 MW 每秒 token 数", "key": "token per second per mw", "how": "synonym of tokens per second per MW",
    }
    assert chinese["resolution"]["reason"] == "stated in full"


def test_key_table_names_the_round(demo_ledger):
    code, out, _ = run("key", "--db", str(demo_ledger.path), "--claim", "6")
    assert code == 0
    assert "mlperf inference 6.1" in out
    assert "key: gb300 nvl72 | token per second per gpu | [token] / [gpu] / [time] | - | mlperf inference" in out


def test_key_of_a_missing_claim_is_an_error(demo_ledger):
    code, _, err = run("key", "--db", str(demo_ledger.path), "--claim", "999")
    assert code == 1
    assert "no claim with id 999" in err


def test_key_needs_a_sentence_or_a_claim():
    code, _, err = run("key")
    assert code == 2
    assert "give a SENTENCE" in err


def test_key_of_a_sentence_in_either_language():
    english = run("key", "Vera Rubin NVL72 is up to 10x faster than GB200 NVL72 in tokens per second per MW on DeepSeek R1.", "--format", "json")
    chinese = run("key", "在 DeepSeek R1 推理负载上，Vera Rubin NVL72 每 MW 每秒 token 数最高达到 GB200 NVL72 的 10 倍。", "--format", "json")
    assert english[0] == chinese[0] == 0
    (english_record,), (chinese_record,) = json.loads(english[1]), json.loads(chinese[1])
    assert english_record["key"] == chinese_record["key"] == "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1"
    assert chinese_record["parts"]["metric"]["key"] == "token per second per mw"


def test_key_table_for_a_sentence_shows_parts_and_key():
    code, out, _ = run("key", "In MLPerf Inference v6.1, GB300 NVL72 delivered 16,635 tokens per second per GPU on GPT-OSS-120B offline.")
    assert code == 0
    assert "16,635 tokens per second per GPU" in out
    # The table wraps long cells, so the round is looked for in the round row's words.
    round_row = " ".join(line for line in out.splitlines() if "│" in line)
    assert "round" in out and "6.1" in round_row and "kept apart from the" in round_row
    assert "key: gb300 nvl72 | token per second per gpu" in out


def test_key_reads_standard_input_and_explains_a_missing_key():
    result = CliRunner().invoke(cli, ["key", "-", "--format", "json"], input="It grew 10x last year.\n")
    assert result.exit_code == 0
    records = json.loads(result.stdout)
    assert records and all(record["key"] is None and "no subject" in record["note"] for record in records)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("\x1b[31m10x\x1b[0m", "10x"),  # colours
        ("\x1b]0;owned\x0710x", "10x"),  # a window title
        ("10\u202ex", "10 x"),  # a right-to-left override
        ("[bold]10x[/bold]", "[bold]10x[/bold]"),  # rich markup stays text
    ],
)
def test_feed_text_is_cleaned_before_it_is_shown(text, shown):
    from claimledger.diff.report import clean

    assert clean(text) == shown


def test_a_diff_with_nothing_to_repair_never_loads_sqlite_utils(demo_ledger):
    # Importing sqlite-utils (and the numpy it loads) costs more CPU than a diff with nothing new to judge.
    command = [sys.executable, "-X", "importtime", str(Path(sys.executable).parent / "claims"), "diff",
               "--db", str(demo_ledger.path), "--format", "json"]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300)
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert first.returncode == again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)
    imported = {line.split("|")[-1].strip() for line in again.stderr.splitlines() if line.startswith("import time:")}
    assert "claimledger.diff.run" in imported
    assert "sqlite_utils" not in imported and "numpy" not in imported


def test_judging_loads_neither_pint_nor_the_extractor(demo_ledger):
    # Whether a figure is an organisation's is read from the data files: loading pint and the extractor for it
    # cost a diff after a crawl round more than the judging itself.
    command = [sys.executable, "-X", "importtime", str(Path(sys.executable).parent / "claims"), "diff",
               "--db", str(demo_ledger.path), "--format", "json"]
    judged = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert judged.returncode == 0, judged.stderr
    assert json.loads(judged.stdout)["changes"]
    imported = {line.split("|")[-1].strip() for line in judged.stderr.splitlines() if line.startswith("import time:")}
    assert "claimledger.diff.judging" in imported
    assert "pint" not in imported and "claimledger.extraction" not in imported


def test_currencies_are_the_dimensions_pint_gives_them():
    from claimledger.extraction.units import unit_info, unit_table
    from claimledger.organisation import currency_dimensionalities

    assert currency_dimensionalities() == {unit_info(name).dimensionality for name in unit_table()["currencies"]}
