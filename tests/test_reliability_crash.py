"""`claims crawl` killed with SIGKILL at random moments: the ledger stays whole and the next crawl completes the work.

Each run kills at a moment drawn from a seeded generator (the seed is in the
test id, the moment is printed): either a random time into start-up and schema
creation, or a random number of documents into the writes, a few milliseconds
after that many are stored. The feeds send ETags, so a crawl that saved a feed's
validators before its documents would get a 304 next time and lose them.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.config import load_feeds
from claimledger.crawl.fetch import FetchLimits
from conftest import LoopbackServer, reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
FEEDS, ENTRIES = 10, 5
SEEDS = [7, 19, 42, 1234, 2026, 8]
OPTIONS = CrawlOptions(concurrency=4, workers=1, limits=FetchLimits(host_gap=0))


def entries(feed: int) -> list[dict[str, str]]:
    return [
        {
            "title": f"Pod {feed}-{number} report",
            "guid": f"urn:kill:{feed}:{number}",
            "content": f"<p>Pod {feed}-{number} holds {512 + 8 * feed + number} accelerators.</p>"
                       f"<p>Its power draw fell {5 + number}% and it reached {40 + feed} PFLOPS.</p>",
        }
        for number in range(ENTRIES)
    ]


def feed_handler(body: bytes):
    etag = '"%s"' % hashlib.sha1(body).hexdigest()

    def answer(request: BaseHTTPRequestHandler) -> None:
        time.sleep(0.15)
        if request.headers.get("If-None-Match") == etag:
            reply(b"", content_type="", status=304, headers={"ETag": etag})(request)
        else:
            reply(body, "application/rss+xml", headers={"ETag": etag})(request)

    return answer


@pytest.fixture(scope="module")
def feeds_file(tmp_path_factory) -> Iterator[Path]:
    server = LoopbackServer()
    for feed in range(FEEDS):
        server.route(f"/pods{feed}.xml", feed_handler(rss_feed(entries(feed), title=f"Pods {feed}")))
    path = tmp_path_factory.mktemp("crash") / "feeds.toml"
    path.write_text("".join(
        f'[[feeds]]\nname = "Pods {feed}"\nurl = "{server.url(f"/pods{feed}.xml")}"\nallow_private = true\n\n'
        for feed in range(FEEDS)
    ), encoding="utf-8")
    yield path
    server.stop()


@pytest.fixture(scope="module")
def reference(feeds_file, tmp_path_factory) -> dict[str, object]:
    """What an uninterrupted crawl stores, and how long a `claims crawl` process takes for it."""
    db_path = tmp_path_factory.mktemp("reference") / "claims.db"
    started = time.monotonic()
    subprocess.run([CLAIMS, "crawl", "--feeds", str(feeds_file), "--db", str(db_path), "--workers", "2"],
                   check=True, capture_output=True, timeout=120)
    return {"contents": contents(db_path), "seconds": time.monotonic() - started}


def contents(db_path: Path) -> dict[str, object]:
    with sqlite3.connect(db_path) as connection:
        return {
            "documents": sorted(connection.execute(
                "SELECT entry_id, content_hash, revision, title, text, "
                "(SELECT count(*) FROM claims WHERE document_id = d.id) FROM documents d").fetchall()),
            "claims": sorted(connection.execute(
                "SELECT d.entry_id, c.start, c.end, c.value, c.unit, c.sentence FROM claims c "
                "JOIN documents d ON d.id = c.document_id").fetchall()),
            "entries": connection.execute("SELECT count(*) FROM feed_entries").fetchone()[0],
        }


def check_consistent(db_path: Path, expected: dict[str, object]) -> int:
    """Assert the ledger is whole and holds only complete documents; return how many it holds."""
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "documents" not in tables:
        return 0  # killed before the schema was written
    stored = contents(db_path)
    complete = {document[:2]: document for document in expected["documents"]}
    for document in stored["documents"]:
        # Present means present in full: its revision, text and every claim, as an uninterrupted crawl stores it.
        assert complete[document[:2]] == document
    assert len(stored["documents"]) == len({document[:2] for document in stored["documents"]})
    assert len(stored["claims"]) == len(set(stored["claims"]))
    assert stored["entries"] == len(stored["documents"])
    return len(stored["documents"])


def count_documents(db_path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10) as connection:
            return connection.execute("SELECT count(*) FROM documents").fetchone()[0]
    except sqlite3.Error:
        return 0  # not created yet


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


@pytest.mark.parametrize("seed", SEEDS, ids=[f"seed{seed}" for seed in SEEDS])
def test_sigkill_at_a_random_moment_leaves_a_whole_ledger_that_the_next_crawl_completes(
    seed, feeds_file, reference, tmp_path
):
    rng = random.Random(seed)
    after_documents, jitter = rng.randrange(-10, FEEDS * ENTRIES), rng.uniform(0.0, 1.0)
    db_path = tmp_path / "claims.db"
    process = subprocess.Popen(
        [CLAIMS, "crawl", "--feeds", str(feeds_file), "--db", str(db_path), "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    if after_documents < 0:
        print(f"\nseed {seed}: SIGKILL {jitter * reference['seconds']:.2f} s into a {reference['seconds']:.2f} s crawl")
        time.sleep(jitter * reference["seconds"])
    else:
        print(f"\nseed {seed}: SIGKILL {jitter * 20:.0f} ms after {after_documents} documents are stored")
        deadline = time.monotonic() + 60
        while count_documents(db_path) < after_documents and time.monotonic() < deadline:
            assert process.poll() is None, "the crawl ended before it could be killed"
            time.sleep(0.002)
        time.sleep(jitter * 0.02)
    workers = children(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "workers outlived the killed crawl"

    expected = reference["contents"]
    stored_at_kill = check_consistent(db_path, expected) if db_path.exists() else 0
    print(f"seed {seed}: {stored_at_kill} of {FEEDS * ENTRIES} documents were stored, every one whole")
    report = crawl(db_path, load_feeds(feeds_file), OPTIONS)
    assert report.new_documents == FEEDS * ENTRIES - stored_at_kill
    assert contents(db_path) == expected
    assert crawl(db_path, load_feeds(feeds_file), OPTIONS).new_documents == 0
    assert contents(db_path) == expected


def test_a_worker_killed_mid_crawl_costs_no_feed(feeds_file, reference, tmp_path):
    """The OOM killer picks the largest process, often an extraction worker: the round must finish without it."""
    db_path = tmp_path / "claims.db"
    process = subprocess.Popen(
        [CLAIMS, "crawl", "--feeds", str(feeds_file), "--db", str(db_path), "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 60
    while count_documents(db_path) < 3 and time.monotonic() < deadline:
        assert process.poll() is None, "the crawl ended before a worker could be killed"
        time.sleep(0.002)
    workers = [pid for pid in children(process.pid) if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert workers, "the crawl had started no worker processes"
    os.kill(workers[0], signal.SIGKILL)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert contents(db_path) == reference["contents"]
