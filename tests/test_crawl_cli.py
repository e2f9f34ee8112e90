"""`claims crawl` on the command line: summary, exit codes, bad input, the lock, --every with SIGTERM."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlite_utils
from click.testing import CliRunner

from claimledger.cli import cli
from claimledger.crawl.lock import crawl_lock
from claimledger.crawl.schedule import parse_interval
from conftest import reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
POST = {"title": "Fleet update", "guid": "urn:fleet", "content": "<p>The fleet has 16,384 GPUs.</p>"}


def feeds_file(tmp_path: Path, server, *paths: str) -> Path:
    text = "".join(
        f'[[feeds]]\nname = "Feed {path}"\nurl = "{server.url(path)}"\nallow_private = true\n\n' for path in paths
    )
    path = tmp_path / "feeds.toml"
    path.write_text(text, encoding="utf-8")
    return path


def invoke(*arguments: str):
    return CliRunner().invoke(cli, ["crawl", "--workers", "1", *arguments], catch_exceptions=False)


def test_summary_table_and_totals(tmp_path, http_server):
    http_server.route("/ok.xml", reply(rss_feed([POST])))
    http_server.route("/down.xml", reply(b"", status=503))
    result = invoke("--feeds", str(feeds_file(tmp_path, http_server, "/ok.xml", "/down.xml")),
                    "--db", str(tmp_path / "claims.db"))
    assert result.exit_code == 0, result.output
    assert "Feed /down.xml" in result.output and "HTTP 503" in result.output
    assert "2 feeds: 1 ok, 1 failed. 1 new document, 1 new claim in" in result.output


def test_documents_in_languages_the_extractor_does_not_read_are_stored_and_noted(tmp_path, http_server):
    posts = [
        POST,
        {"title": "新型ラック", "guid": "urn:ja", "content": "<p>新しいラックは最大3倍の性能を発揮します。</p>"},
        {"title": "새 랙", "guid": "urn:ko", "content": "<p>새 랙의 성능은 최대 3배 향상되었습니다.</p>"},
        {"title": "Nouveau serveur", "guid": "urn:fr",
         "content": "<p>Les performances sont 4 fois plus élevées que la génération précédente.</p>"},
    ]
    http_server.route("/mixed.xml", reply(rss_feed(posts)))
    db_path = tmp_path / "claims.db"
    result = invoke("--feeds", str(feeds_file(tmp_path, http_server, "/mixed.xml")), "--db", str(db_path))
    assert result.exit_code == 0, result.output
    summary = " ".join(result.output.split())
    assert "4 new documents (3 in languages the extractor does not read: fr 1, ja 1, ko 1), 1 new claim " in summary
    db = sqlite_utils.Database(db_path)
    langs = {row["entry_id"]: row["lang"] for row in db["documents"].rows}
    assert langs == {"urn:fleet": "en", "urn:ja": "ja", "urn:ko": "ko", "urn:fr": "fr"}
    assert [row["text"] for row in db["claims"].rows] == ["16,384 GPUs"]


@pytest.mark.parametrize(("text", "message"), [
    ('[[feeds]]\nname = "a"\nurl = "gopher://x"\n', "must start with http:// or https://"),
    ('[[feeds]\n', "invalid TOML"),
])
def test_bad_feeds_file_is_one_line_and_exit_1(tmp_path, text, message):
    path = tmp_path / "feeds.toml"
    path.write_text(text, encoding="utf-8")
    result = invoke("--feeds", str(path), "--db", str(tmp_path / "claims.db"))
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {path}:") and message in result.output
    assert result.output.count("\n") == 1
    assert not (tmp_path / "claims.db").exists()


def test_missing_feeds_file(tmp_path):
    result = invoke("--feeds", str(tmp_path / "none.toml"), "--db", str(tmp_path / "claims.db"))
    assert (result.exit_code, result.output) == (1, f"Error: {tmp_path / 'none.toml'}: no such feeds file\n")


def test_a_file_that_is_not_a_ledger_is_refused_and_left_alone(tmp_path, http_server):
    http_server.route("/ok.xml", reply(rss_feed([POST])))
    not_a_ledger = tmp_path / "notes.db"
    not_a_ledger.write_bytes(b"my notes, not SQLite" * 100)
    result = invoke("--feeds", str(feeds_file(tmp_path, http_server, "/ok.xml")), "--db", str(not_a_ledger))
    assert result.exit_code == 1
    assert f"Error: {not_a_ledger}: cannot use the ledger: file is not a database" in result.output
    assert not_a_ledger.read_bytes() == b"my notes, not SQLite" * 100


def test_a_ledger_in_a_missing_folder_is_a_clear_error(tmp_path, http_server):
    http_server.route("/ok.xml", reply(rss_feed([POST])))
    result = invoke("--feeds", str(feeds_file(tmp_path, http_server, "/ok.xml")),
                    "--db", str(tmp_path / "absent" / "claims.db"))
    assert result.exit_code == 1 and "cannot use the ledger" in result.output


def test_a_locked_ledger_exits_with_a_clear_message(tmp_path, http_server):
    http_server.route("/ok.xml", reply(rss_feed([POST])))
    with crawl_lock(tmp_path / "claims.db"):
        result = invoke("--feeds", str(feeds_file(tmp_path, http_server, "/ok.xml")),
                        "--db", str(tmp_path / "claims.db"))
    assert result.exit_code == 1 and "another crawl" in result.output and "--wait" in result.output
    assert http_server.hits("/ok.xml") == []


def test_interval_parsing():
    assert [parse_interval(text) for text in ("90s", "30m", "2h", "1d", "1.5h", "365d")] == [
        90, 1800, 7200, 86400, 5400, 365 * 86400]
    for bad in ("", "soon", "0m", "-5m", "5w", "90", "1.5"):
        with pytest.raises(ValueError, match="is not an interval"):
            parse_interval(bad)
    for too_long in ("366d", "99999999999d", "9" * 400 + "s"):
        with pytest.raises(ValueError, match="is longer than 365d; schedule rarer crawls with cron or a timer"):
            parse_interval(too_long)


@pytest.mark.parametrize(("value", "message"), [
    ("90", "'90' is not an interval: a number and its unit, such as 90s, 30m, 2h or 1d"),
    ("99999999999d", "'99999999999d' is longer than 365d"),
])
def test_every_without_a_unit_or_beyond_a_year_is_refused(tmp_path, value, message):
    result = invoke("--feeds", str(tmp_path / "feeds.toml"), "--db", str(tmp_path / "claims.db"), "--every", value)
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "claims.db").exists()


def test_every_keeps_crawling_until_sigterm(tmp_path, http_server):
    http_server.route("/ok.xml", reply(rss_feed([POST])))
    process = subprocess.Popen(
        [CLAIMS, "crawl", "--feeds", str(feeds_file(tmp_path, http_server, "/ok.xml")),
         "--db", str(tmp_path / "claims.db"), "--every", "1s"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(http_server.hits("/ok.xml")) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(http_server.hits("/ok.xml")) >= 2
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, output
    assert "SIGTERM: finishing the feeds in flight" in output
    assert output.rstrip().endswith("Stopped on request; everything fetched so far is stored.")
    assert "1 feed: 1 ok. 1 new document, " in output
    assert "1 feeds" not in output
    starts = re.findall(r"^Round started at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)$", output, re.MULTILINE)
    assert len(starts) >= 2 and starts == sorted(starts)


def test_names_and_reasons_reach_the_terminal_without_markup_or_escape_sequences(tmp_path, http_server):
    http_server.route("/feed.xml", reply(b"", status=500))
    path = tmp_path / "feeds.toml"
    path.write_text(f'[[feeds]]\nname = "[bold red]Evil\\u001b[31m feed\\u0007"\n'
                    f'url = "{http_server.url("/feed.xml")}"\nallow_private = true\n', encoding="utf-8")
    result = invoke("--feeds", str(path), "--db", str(tmp_path / "claims.db"))
    assert result.exit_code == 0
    assert "[bold red]Evil feed" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
