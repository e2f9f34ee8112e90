"""A `claims crawl` killed with SIGKILL mid-run leaves an intact ledger that the next run completes without duplicates."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.config import load_feeds
from claimledger.crawl.fetch import FetchLimits
from conftest import reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
FEEDS, ENTRIES = 12, 6
OPTIONS = CrawlOptions(concurrency=4, workers=2, limits=FetchLimits(host_gap=0))


def entries(feed: int) -> list[dict[str, str]]:
    return [
        {
            "title": f"Cluster {feed}-{number} update",
            "guid": f"urn:crash:{feed}:{number}",
            "content": f"<p>Cluster {feed}-{number} now runs {1000 + 16 * feed + number} GPUs.</p>"
                       f"<p>Throughput rose {10 + number}% over the last quarter.</p>",
        }
        for number in range(ENTRIES)
    ]


@pytest.fixture
def slow_feeds(http_server, tmp_path) -> Path:
    """FEEDS feeds that each take a moment to answer, so a crawl is still running when it is killed."""
    for feed in range(FEEDS):
        body = rss_feed(entries(feed), title=f"Feed {feed}")

        def answer(request: BaseHTTPRequestHandler, body: bytes = body) -> None:
            time.sleep(0.3)
            reply(body, "application/rss+xml")(request)

        http_server.route(f"/feed{feed}.xml", answer)
    path = tmp_path / "feeds.toml"
    path.write_text("".join(
        f'[[feeds]]\nname = "Feed {feed}"\nurl = "{http_server.url(f"/feed{feed}.xml")}"\nallow_private = true\n\n'
        for feed in range(FEEDS)
    ), encoding="utf-8")
    return path


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def count_documents(db_path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10) as connection:
            return connection.execute("SELECT count(*) FROM documents").fetchone()[0]
    except sqlite3.Error:
        return 0


def contents(db_path: Path) -> dict[str, object]:
    with sqlite3.connect(db_path) as connection:
        return {
            "integrity": connection.execute("PRAGMA integrity_check").fetchall(),
            "foreign_keys": connection.execute("PRAGMA foreign_key_check").fetchall(),
            "documents": sorted(connection.execute(
                "SELECT entry_id, content_hash, revision, (SELECT count(*) FROM claims WHERE document_id = d.id) "
                "FROM documents d").fetchall()),
            "claims": connection.execute("SELECT count(*), count(DISTINCT document_id || ':' || start) "
                                         "FROM claims").fetchone(),
            "entries": connection.execute("SELECT count(*) FROM feed_entries").fetchone()[0],
            "feeds": connection.execute("SELECT count(*), group_concat(DISTINCT status) FROM feeds").fetchone(),
        }


@pytest.mark.parametrize("kill_after_documents", [1, FEEDS * ENTRIES // 2])
def test_sigkill_mid_crawl_then_rerun_completes_without_duplicates(tmp_path, slow_feeds, kill_after_documents):
    reference = tmp_path / "reference.db"
    crawl(reference, load_feeds(slow_feeds), OPTIONS)
    killed = tmp_path / "killed.db"
    process = subprocess.Popen(
        [CLAIMS, "crawl", "--feeds", str(slow_feeds), "--db", str(killed), "--concurrency", "4", "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while count_documents(killed) < kill_after_documents and time.monotonic() < deadline:
            assert process.poll() is None, "the crawl ended before it could be killed"
            time.sleep(0.01)
        workers = children(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert workers, "the crawl had started no worker processes"
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "workers outlived their killed crawl"
    # A read-write connection: after a kill only a writer may recover the WAL.
    with sqlite3.connect(killed) as connection:
        stored_at_kill = connection.execute("SELECT count(*) FROM documents").fetchone()[0]
    assert kill_after_documents <= stored_at_kill < FEEDS * ENTRIES
    interrupted = contents(killed)
    assert interrupted["integrity"] == [("ok",)] and interrupted["foreign_keys"] == []

    report = crawl(killed, load_feeds(slow_feeds), OPTIONS)
    assert report.new_documents == FEEDS * ENTRIES - stored_at_kill
    after, expected = contents(killed), contents(reference)
    assert after == expected
    assert after["claims"][0] == after["claims"][1] > 0
    assert crawl(killed, load_feeds(slow_feeds), OPTIONS).new_documents == 0


def test_a_reader_querying_during_a_crawl_never_sees_a_partial_document(tmp_path, slow_feeds):
    db_path = tmp_path / "claims.db"
    crawl(db_path, [], OPTIONS)
    crawler = threading.Thread(target=crawl, args=(db_path, load_feeds(slow_feeds), OPTIONS))
    crawler.start()
    seen: list[tuple[int, int, int]] = []
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as reader:
        while crawler.is_alive():
            seen.extend(reader.execute(
                "SELECT id, (SELECT count(*) FROM claims WHERE document_id = d.id), "
                "EXISTS (SELECT 1 FROM feed_entries WHERE document_id = d.id) FROM documents d").fetchall())
            time.sleep(0.005)
    crawler.join()
    with sqlite3.connect(db_path) as connection:
        final = dict(connection.execute(
            "SELECT id, (SELECT count(*) FROM claims WHERE document_id = d.id) FROM documents d").fetchall())
    assert len(final) == FEEDS * ENTRIES and len({row[0] for row in seen}) > 1
    for document_id, claims, linked in seen:
        assert (claims, linked) == (final[document_id], 1)


def test_two_crawls_started_at_once_one_runs_the_other_exits_or_waits(tmp_path, slow_feeds):
    db_path = tmp_path / "claims.db"
    command = [CLAIMS, "crawl", "--feeds", str(slow_feeds), "--db", str(db_path), "--workers", "1"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while not Path(f"{db_path}.lock").exists() or not Path(f"{db_path}.lock").read_text():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    second = subprocess.run(command, capture_output=True, text=True, timeout=60)
    waiting = subprocess.Popen([*command, "--wait"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first_output, _ = first.communicate(timeout=120)
    waiting_output, _ = waiting.communicate(timeout=120)
    assert second.returncode == 1
    assert f"another crawl (pid {first.pid}) is writing to {db_path}; use --wait" in second.stderr
    assert first.returncode == 0 and f"{FEEDS * ENTRIES} new documents" in first_output
    assert waiting.returncode == 0 and "0 new documents" in waiting_output
    documents = contents(db_path)["documents"]
    assert len(documents) == len(set(documents)) == FEEDS * ENTRIES


def test_workers_still_starting_when_their_crawl_is_killed_end_too(tmp_path, slow_feeds):
    process = subprocess.Popen(
        [CLAIMS, "crawl", "--feeds", str(slow_feeds), "--db", str(tmp_path / "claims.db"), "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = [pid for pid in children(process.pid)
                       if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
            time.sleep(0.005)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert len(workers) == 2
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "workers outlived their killed crawl"
