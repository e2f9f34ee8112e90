"""A user's own entities file: `--entities PATH` on extract and crawl, and feeds/entities.toml beside the feeds file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlite_utils
from click.testing import CliRunner

from claimledger.cli import cli
from conftest import reply, rss_feed

OWN = """\
[[entity]]
name = "Kite Labs"
kind = "organisation"
aliases = ["风筝实验室"]

[[entity]]
name = "Kite K2"
kind = "chip"
maker = "Kite Labs"
aliases = ["风筝 K2", "KK2"]
"""
MISTAKE = """\
[[entity]]
name = "Kite K2"
kind = "gizmo"
"""
POST = {"title": "Kite K2 launch", "guid": "urn:kite-k2",
        "content": "<p>KK2 加速卡的功耗为 300 W。</p><p>The KK2 reaches 2 PFLOPS of FP8 compute.</p>"}


def run(*arguments: str):
    return CliRunner().invoke(cli, list(arguments), catch_exceptions=False)


def own_file(folder: Path, text: str = OWN) -> Path:
    path = folder / "entities.toml"
    path.write_text(text, encoding="utf-8")
    return path


def feeds_file(folder: Path, server) -> Path:
    path = folder / "feeds.toml"
    path.write_text(f'[[feeds]]\nname = "Kite News"\nurl = "{server.url("/kite.xml")}"\nallow_private = true\n',
                    encoding="utf-8")
    return path


def test_extract_reads_the_users_names_and_aliases(tmp_path):
    post = tmp_path / "post.txt"
    post.write_text("风筝 K2 的功耗为 300 W。", encoding="utf-8")
    result = run("extract", str(post), "--entities", str(own_file(tmp_path)))
    assert result.exit_code == 0, result.output
    (claim,) = [json.loads(line) for line in result.output.splitlines()]
    assert (claim["subject"], claim["subject_id"]) == ("风筝 K2", "Kite K2")


def test_a_mistake_in_the_file_is_one_line_naming_file_and_line_and_exit_1(tmp_path):
    post = tmp_path / "post.txt"
    post.write_text("The KK2 draws 300 W.", encoding="utf-8")
    bad = own_file(tmp_path, MISTAKE)
    result = run("extract", str(post), "--entities", str(bad))
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"Error: {bad}:3: unknown kind 'gizmo' (use one of organisation, "
                                                  "product_family, system, chip, cloud_instance, model, software, "
                                                  "component, benchmark)"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_crawl_takes_the_entities_file_beside_the_feeds_file(tmp_path, http_server, workers):
    """In this process and in worker processes alike."""
    http_server.route("/kite.xml", reply(rss_feed([POST])))
    feeds = feeds_file(tmp_path, http_server)
    own_file(tmp_path)
    ledger = tmp_path / "claims.db"
    result = run("crawl", "--workers", workers, "--feeds", str(feeds), "--db", str(ledger))
    assert result.exit_code == 0, result.output
    db = sqlite_utils.Database(ledger)
    assert {row["text"]: row["subject_id"] for row in db["claims"].rows} == {"300 W": "Kite K2", "2 PFLOPS": "Kite K2"}
    assert db["entities"].get("Kite K2")["origin"] == "user"
    assert db["entities"].get("Kite K2")["maker"] == "Kite Labs"


def test_a_bad_entities_file_stops_the_crawl_before_the_ledger_is_touched(tmp_path, http_server):
    http_server.route("/kite.xml", reply(rss_feed([POST])))
    feeds = feeds_file(tmp_path, http_server)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    bad = own_file(elsewhere, MISTAKE)
    ledger = tmp_path / "claims.db"
    result = run("crawl", "--workers", "1", "--feeds", str(feeds), "--db", str(ledger), "--entities", str(bad))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {bad}:3: unknown kind 'gizmo' (use one of organisation, product_family, " \
                                    "system, chip, cloud_instance, model, software, component, benchmark)"
    assert not ledger.exists()
    assert http_server.hits("/kite.xml") == []


def kite_ledger(folder: Path):
    """A report naming the chip by its short alias, then the maker's own, different figure under its full name."""
    from test_diff import Ledger, rubin_tps_mw

    ledger = Ledger(folder / "claims.db")
    ledger.post("Chip Weekly", "2026-07-01", rubin_tps_mw(subject="KK2"))
    (own,) = ledger.post("Kite Labs Blog", "2026-07-20", rubin_tps_mw("up to 12x", 12.0, subject="Kite K2"))
    return ledger, own


def diff_statuses(*arguments: str) -> tuple[int, list[str]]:
    result = run("diff", "--format", "json", *arguments)
    return result.exit_code, sorted(change["status"] for change in json.loads(result.output)["changes"])


def test_diff_resolves_names_through_the_users_file(tmp_path):
    ledger, _ = kite_ledger(tmp_path)
    assert diff_statuses("--db", str(ledger.path)) == (0, ["new", "new"]), "KK2 and Kite K2: two names"
    assert diff_statuses("--db", str(ledger.path), "--entities", str(own_file(tmp_path))) == (0, ["conflict", "new"])
    assert ledger.db["entities"].get("Kite K2")["origin"] == "user"


def test_diff_reads_feeds_entities_toml_as_crawl_does(tmp_path, monkeypatch):
    ledger, _ = kite_ledger(tmp_path)
    (tmp_path / "feeds").mkdir()
    own_file(tmp_path / "feeds")
    monkeypatch.chdir(tmp_path)
    assert diff_statuses("--db", str(ledger.path)) == (0, ["conflict", "new"])


def test_a_changed_entities_file_rejudges_everything(tmp_path):
    from claimledger.diff.changes import run_diff
    from claimledger.entities import read_entities_file

    ledger, own = kite_ledger(tmp_path)
    entities = read_entities_file(own_file(tmp_path))
    first = run_diff(ledger.db, entities=entities)
    assert first.summary.facts_recomputed and {c.new_id: c.status for c in first.changes}[own] == "conflict"
    assert not run_diff(ledger.db, entities=entities).summary.full, "the same file: nothing to recompute"
    without_alias = read_entities_file(own_file(tmp_path, OWN.replace(', "KK2"', "")))
    again = run_diff(ledger.db, entities=without_alias)
    assert again.summary.facts_recomputed and again.summary.claims_read == 2
    assert {c.new_id: c.status for c in again.changes}[own] == "new"
    assert run_diff(ledger.db).summary.facts_recomputed, "no file at all is a change too"


def test_a_bad_entities_file_stops_the_diff_before_the_ledger_is_touched(tmp_path):
    ledger, _ = kite_ledger(tmp_path)
    ledger.db.close()
    before = ledger.path.read_bytes()
    bad = own_file(tmp_path, MISTAKE)
    result = run("diff", "--db", str(ledger.path), "--entities", str(bad))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {bad}:3: unknown kind 'gizmo' (use one of organisation, product_family, " \
                                    "system, chip, cloud_instance, model, software, component, benchmark)"
    assert ledger.path.read_bytes() == before


def test_key_explains_a_name_through_the_users_file(tmp_path):
    sentence = "Tests put the KK2 at 2 PFLOPS of FP8 compute."
    plain = json.loads(run("key", sentence, "--format", "json").output)
    own = json.loads(run("key", sentence, "--format", "json", "--entities", str(own_file(tmp_path))).output)
    assert plain[0]["parts"]["subject"]["key"] is None, "an unknown short name is no subject"
    assert own[0]["parts"]["subject"] == {"written": "KK2", "key": "kite k2", "how": "entity Kite K2 (chip)"}
