"""Every prefix of ../shared/tools/serve_corpus.py, crawled by a real `claims crawl` process at full size.

One round crawls two healthy feeds next to every fault; a second round checks
what a scheduler must remember (304, 410, Retry-After, back-off). The crawl runs
as a subprocess so its peak RSS (workers included) can be measured: the gzip
bomb inflates to 1 GiB and /huge streams 200 MiB, both cut at the default cap of
15 MiB of decompressed bytes. Skipped when ../shared is absent.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from claimledger.crawl.schedule import parse_iso
from claimledger.crawl.fetch import USER_AGENT
from conftest import CrawlRun, rss_feed, run_measured, write_feeds

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SERVE_CORPUS = SHARED / "tools" / "serve_corpus.py"
pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(not SERVE_CORPUS.exists(), reason="../shared/tools/serve_corpus.py is absent"),
]
# `claims crawl --timeout`: one feed's deadline; at least 10 s, so a loaded machine never fails a healthy feed.
TIMEOUT = 10
CAP = 15 * 1024 * 1024  # the default body cap of FetchLimits
POSTS = [
    {"title": f"Cluster {number} update", "guid": f"urn:fault:{number}",
     "content": f"<p>Cluster {number} now runs {1024 * (number + 1)} GPUs and draws {100 + number} kW.</p>"}
    for number in range(8)
]
GB2312_FEED = (
    '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>芯片博客</title>'
    "<link>http://127.0.0.1/</link><description>测试</description>"
    "<item><title>推理集群扩容</title><guid>urn:fault:zh</guid>"
    "<description>集群现有 4096 颗加速卡，吞吐量提升百分之四十。</description></item></channel></rss>\n"
).encode("gb2312")

# name -> (path on the server, status after the first round, a fragment of the reason or None)
FAULTS = {
    "healthy": ("/feed.xml", "ok", None),
    "healthy-declared": ("/declared/feed.xml", "ok", None),
    "slow": ("/slow/feed.xml?delay=30", "failed", f"deadline of {TIMEOUT} s exceeded"),
    "error-500": ("/500/feed.xml", "failed", "HTTP 500"),
    "missing-404": ("/404/feed.xml", "failed", "HTTP 404"),
    "gone-410": ("/410/feed.xml", "gone", "HTTP 410 Gone"),
    "limited-429": ("/429/feed.xml", "failed", "HTTP 429 (Retry-After 120 s)"),
    "unavailable-503": ("/503/feed.xml?retry_after=7200", "failed", "HTTP 503 (Retry-After 7200 s)"),
    "moved-301": ("/301/moved.xml", "ok", None),
    "found-302": ("/302/feed.xml", "ok", None),
    "redirect-loop": ("/redirect-loop/0", "failed", "more than 5 redirects"),
    "redirect-chain": ("/redirect-chain/3/feed.xml", "ok", None),
    "gzip-bomb": ("/gzip-bomb", "failed", f"body over the cap of {CAP} bytes (decompressed)"),
    "huge": ("/huge?kbps=0", "failed", f"body over the cap of {CAP} bytes"),
    "huge-declared": ("/huge?cl=1", "failed", f"(Content-Length) is over the cap of {CAP} bytes"),
    "huge-trickled": ("/huge?kbps=64", "failed", f"deadline of {TIMEOUT} s exceeded"),
    "etag": ("/etag/feed.xml", "ok", None),
    "wrong-charset": ("/wrong-charset/", "partial", "declared utf-8 but the bytes are gb18030"),
    # The header's charset=utf-8 outranks the honest declaration (RFC 3023); the bytes win and the clash is noted.
    "wrong-charset-xmldecl": (
        "/wrong-charset/?xmldecl=gb2312", "partial", "the bytes are gb2312; decoded as gb2312"
    ),
    "wrong-charset-file": ("/wrong-charset/zh.xml", "partial", "declared utf-8 but the bytes are gb18030"),
    "truncated": ("/truncated/feed.xml", "failed", "connection broken"),
    "truncated-no-length": ("/truncated/feed.xml?cl=0", "partial", "malformed XML"),
    "html": ("/html/feed.xml", "failed", "not a feed: an HTML page (text/html)"),
    "empty": ("/empty/feed.xml", "failed", "empty body: the server sent no feed"),
}


def start_server(root: Path, *arguments: str, port: str = "0") -> tuple[subprocess.Popen, str]:
    """serve_corpus.py on a loopback port (by default a free one); the port is read from its first line."""
    process = subprocess.Popen([sys.executable, str(SERVE_CORPUS), port, "--root", str(root), "--quiet", *arguments],
                               stdout=subprocess.PIPE, text=True)
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
    if not match:
        process.kill()
        raise AssertionError("serve_corpus.py did not start")
    return process, f"http://127.0.0.1:{match.group(1)}"


def server_log(base_url: str, clear: bool = False) -> list[dict]:
    with urllib.request.urlopen(f"{base_url}/_log{'?clear=1' if clear else ''}", timeout=10) as response:
        return json.load(response)


@dataclass
class FaultRounds:
    base_url: str
    db_path: Path
    baseline: CrawlRun
    first: CrawlRun
    first_log: list[dict]
    second: CrawlRun
    second_log: list[dict]
    documents_after_first: list[tuple]


def rows(db_path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute(sql).fetchall()


@pytest.fixture(scope="module")
def rounds(tmp_path_factory) -> Iterator[FaultRounds]:
    root = tmp_path_factory.mktemp("served")
    (root / "feed.xml").write_bytes(rss_feed(POSTS))
    (root / "moved.xml").write_bytes(rss_feed(POSTS, title="Moved"))
    (root / "zh.xml").write_bytes(GB2312_FEED)
    work = tmp_path_factory.mktemp("faults")
    process, base_url = start_server(root, "--warm-bomb")
    try:
        # The server builds its 1 GiB bomb at start-up; wait for it so the crawl's timeout measures the crawl.
        urllib.request.urlopen(f"{base_url}/gzip-bomb", timeout=120).close()
        baseline = run_measured(write_feeds(work / "baseline.toml", {"healthy": f"{base_url}/feed.xml"}),
                                work / "baseline.db", "--timeout", str(TIMEOUT))
        feeds_file = write_feeds(work / "faults.toml", {name: base_url + path for name, (path, _, _) in FAULTS.items()})
        server_log(base_url, clear=True)
        db_path = work / "claims.db"
        first = run_measured(feeds_file, db_path, "--timeout", str(TIMEOUT))
        first_log = server_log(base_url, clear=True)
        documents = rows(db_path, "SELECT * FROM documents ORDER BY id")
        second = run_measured(feeds_file, db_path, "--timeout", str(TIMEOUT))
        second_log = server_log(base_url)
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(f"\nfaults: first round {first.seconds:.1f} s, peak RSS {first.peak_rss_mb:.0f} MB "
          f"(healthy feed alone: {baseline.peak_rss_mb:.0f} MB)")
    yield FaultRounds(base_url, db_path, baseline, first, first_log, second, second_log, documents)


def feed_rows(db_path: Path) -> dict[str, dict]:
    with sqlite3.connect(db_path) as connection:
        connection.row_factory = sqlite3.Row
        return {row["name"]: dict(row) for row in connection.execute("SELECT * FROM feeds")}


def test_the_run_succeeds_and_every_fault_is_recorded_with_its_reason(rounds):
    assert rounds.first.returncode == 0, rounds.first.output
    assert "Traceback" not in rounds.first.output
    first_fetches = rows(rounds.db_path, "SELECT f.name, x.outcome, x.error FROM fetches x JOIN feeds f "
                                         "ON f.id = x.feed_id WHERE x.id IN (SELECT min(id) FROM fetches "
                                         "WHERE outcome NOT LIKE 'article%' GROUP BY feed_id)")
    recorded = {name: (outcome, error) for name, outcome, error in first_fetches}
    for name, (_path, status, reason) in FAULTS.items():
        assert recorded[name][0] == status, (name, recorded[name])
        if reason:
            assert reason in recorded[name][1], (name, recorded[name])
    assert f"{len(FAULTS)} feeds:" in rounds.first.output


def test_the_healthy_feeds_are_crawled_in_full_beside_the_faults(rounds):
    stored = rows(rounds.db_path, "SELECT f.name, count(*) FROM documents d JOIN feeds f ON f.id = d.feed_id "
                                  "GROUP BY f.name")
    # The same posts reached through several URLs are one document each, credited to the first feed.
    assert dict(stored)["healthy"] == len(POSTS)
    assert rows(rounds.db_path, "SELECT count(*) FROM documents WHERE text LIKE '%Cluster%'") == [(len(POSTS),)]
    assert rows(rounds.db_path, "SELECT count(*) FROM claims")[0][0] >= 2 * len(POSTS)


def test_the_slow_faults_end_at_the_configured_deadline(rounds):
    """Asserted on the recorded reasons, never on wall time: a loaded machine must not fail this.

    The slow answer (30 s) and the body trickled over minutes are each cut by
    the feed's own deadline, which the reason names; how long the round took
    is printed by the fixture and measured in `make bench`.
    """
    recorded = dict(rows(rounds.db_path, "SELECT f.name, x.error FROM fetches x JOIN feeds f ON f.id = x.feed_id "
                                         "WHERE x.outcome = 'failed'"))
    for name in ("slow", "huge-trickled"):
        assert recorded[name].startswith(f"deadline of {TIMEOUT} s exceeded"), (name, recorded[name])


def test_memory_stays_bounded_on_the_bomb_and_the_endless_body(rounds):
    """The peer took 2.09 GB on the bomb and 886 MB on /huge; here the whole hostile round stays
    under issue 13's 200 MB, a few caps over the healthy feed's round (measured: 139 MB against
    75 MB; the healthy round fell from 89 MB when parsing moved into workers, the hostile one did
    not move)."""
    assert rounds.first.peak_rss_mb < 200
    assert rounds.first.peak_rss_mb < rounds.baseline.peak_rss_mb + 5 * CAP / 2**20


def test_nothing_from_an_oversized_body_is_stored(rounds):
    for name in ("gzip-bomb", "huge", "huge-declared", "huge-trickled"):
        assert rows(rounds.db_path, f"SELECT count(*) FROM documents d JOIN feeds f ON f.id = d.feed_id "
                                    f"WHERE f.name = '{name}'") == [(0,)], name
        assert feed_rows(rounds.db_path)[name]["failures"] == 1, name


def test_a_mislabelled_chinese_feed_is_stored_in_chinese_never_as_mojibake(rounds):
    texts = [text for (text,) in rows(rounds.db_path, "SELECT title || ' ' || text FROM documents")]
    assert sum("新一代芯片性能提升百分之三十" in text for text in texts) == 1
    assert sum("集群现有 4096 颗加速卡" in text for text in texts) == 1
    assert not any(re.search("[ÐÂÒ´ÃÄ]", text) for text in texts)
    sentences = [sentence for (sentence,) in rows(rounds.db_path, "SELECT sentence FROM claims WHERE lang = 'zh'")]
    assert any("4096" in sentence for sentence in sentences)


def test_a_body_cut_short_without_a_length_stores_only_whole_entries(rounds):
    full = {(entry_id, content_hash) for entry_id, content_hash in rows(
        rounds.db_path, "SELECT d.entry_id, d.content_hash FROM documents d JOIN feeds f ON f.id = d.feed_id "
                        "WHERE f.name = 'healthy'")}
    cut = rows(rounds.db_path, "SELECT e.entry_key, d.content_hash FROM feed_entries e "
                               "JOIN documents d ON d.id = e.document_id JOIN feeds f ON f.id = e.feed_id "
                               "WHERE f.name = 'truncated-no-length'")
    assert 0 < len(cut) < len(POSTS)
    assert set(cut) <= full
    assert "its last entry was left out" in feed_rows(rounds.db_path)["truncated-no-length"]["error"]


def test_redirects_permanent_moves_the_url_temporary_keeps_it(rounds):
    feeds = feed_rows(rounds.db_path)
    assert feeds["moved-301"]["url"] == f"{rounds.base_url}/moved.xml"
    assert feeds["found-302"]["url"] == f"{rounds.base_url}/302/feed.xml"
    assert feeds["redirect-chain"]["url"] == f"{rounds.base_url}/redirect-chain/3/feed.xml"
    loop_hits = [entry for entry in rounds.first_log if entry["path"].startswith("/redirect-loop/")]
    assert len(loop_hits) == 6  # the first request and 5 redirects followed


def test_every_request_carries_the_user_agent_and_accepts_gzip(rounds):
    assert rounds.first_log and rounds.second_log
    for entry in rounds.first_log + rounds.second_log:
        assert entry["headers"]["User-Agent"] == USER_AGENT
        assert "gzip" in entry["headers"]["Accept-Encoding"]


def test_second_round_asks_only_what_is_due_and_changes_nothing(rounds):
    assert rounds.second.returncode == 0, rounds.second.output
    assert "0 new documents, 0 new claims" in " ".join(rounds.second.output.split())
    assert rows(rounds.db_path, "SELECT * FROM documents ORDER BY id") == rounds.documents_after_first
    asked = {entry["path"] for entry in rounds.second_log}
    # Gone, rate-limited and failing feeds are not asked again this soon.
    for name in ("gone-410", "limited-429", "unavailable-503", "error-500", "missing-404", "slow", "gzip-bomb",
                 "huge", "html", "empty", "redirect-loop", "truncated"):
        assert FAULTS[name][0] not in asked, name
    (etag,) = [entry for entry in rounds.second_log if entry["path"] == "/etag/feed.xml"]
    assert etag["status"] == 304
    assert etag["headers"]["If-None-Match"] and etag["headers"]["If-Modified-Since"]


def test_the_scheduler_remembers_retry_after_back_off_and_gone(rounds):
    feeds = feed_rows(rounds.db_path)

    def wait(name: str) -> timedelta:
        """How long after its own fetch the scheduler will try a feed again."""
        return parse_iso(feeds[name]["next_attempt"]) - parse_iso(feeds[name]["last_fetched"])

    assert wait("limited-429") >= timedelta(seconds=120)
    assert wait("unavailable-503") >= timedelta(seconds=7200)
    assert feeds["gone-410"]["retired"] == 1
    assert feeds["etag"]["status"] == "not_modified" and feeds["etag"]["failures"] == 0
    for name in ("error-500", "missing-404", "slow", "html"):
        assert feeds[name]["failures"] == 1 and feeds[name]["next_attempt"] > feeds[name]["last_fetched"], name
