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
