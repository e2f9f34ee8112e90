"""Every network fault of ../shared/tools/serve_corpus.py in one crawl round: each ends in its recorded state.

Skipped when ../shared (next to the checkout) is absent.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import sqlite_utils

from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.schedule import parse_iso, utc_now
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.fetch import USER_AGENT, FetchLimits
from conftest import rss_feed

SERVE_CORPUS = Path(__file__).parents[1].parent / "shared" / "tools" / "serve_corpus.py"
pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(not SERVE_CORPUS.exists(), reason="../shared/tools/serve_corpus.py is absent"),
]
OPTIONS = CrawlOptions(
    concurrency=16, workers=1,
    limits=FetchLimits(host_gap=0, connect_timeout=10, read_timeout=10, deadline=60, max_bytes=8 << 20),
)
POSTS = [
    {"title": "Rack update", "guid": "urn:fault:1", "content": "<p>The rack draws 132 kW.</p>"},
    {"title": "Fleet update", "guid": "urn:fault:2", "content": "<p>The fleet has 16,384 GPUs.</p>"},
]

# name -> (path on the server, expected status, a fragment of the reason or None)
FAULTS = {
    "etag": ("/etag/feed.xml", "ok", None),
    "moved": ("/301/feed.xml", "ok", None),
    "found": ("/302/feed.xml", "ok", None),
    "gone": ("/410/feed.xml", "gone", "HTTP 410 Gone"),
    "loop": ("/redirect-loop/0", "failed", "more than 5 redirects"),
    "chain": ("/redirect-chain/3/feed.xml", "ok", None),
    "slow": ("/slow/feed.xml?delay=30", "failed", "read timeout: no data for 10 s"),
    "error": ("/500/feed.xml", "failed", "HTTP 500"),
    "missing": ("/404/feed.xml", "failed", "HTTP 404"),
    "limited": ("/429/feed.xml", "failed", "HTTP 429 (Retry-After 120 s)"),
    "unavailable": ("/503/feed.xml?retry_after=300", "failed", "HTTP 503 (Retry-After 300 s)"),
    "bomb": ("/gzip-bomb?mb=64", "failed", "over the cap of 8388608 bytes (decompressed)"),
    "huge": ("/huge?mb=64&kbps=1000000", "failed", "over the cap of 8388608 bytes"),
    "huge-declared": ("/huge?mb=64&cl=1", "failed", "(Content-Length) is over the cap"),
    "charset": ("/wrong-charset/", "partial", "declared utf-8 but the bytes are gb18030"),
    "charset-xmldecl": ("/wrong-charset/?xmldecl=gb2312", None, None),
    "truncated": ("/truncated/feed.xml", "failed", "connection broken"),
    "html": ("/html/feed.xml", "failed", "not a feed: an HTML page"),
    "empty": ("/empty/feed.xml", "failed", "empty body"),
}


@pytest.fixture(scope="module")
def fault_server(tmp_path_factory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("served")
    (root / "feed.xml").write_bytes(rss_feed(POSTS))
    process = subprocess.Popen([sys.executable, str(SERVE_CORPUS), "0", "--root", str(root), "--quiet"],
                               stdout=subprocess.PIPE, text=True)
    try:
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert match, "serve_corpus.py did not start"
        base_url = f"http://127.0.0.1:{match.group(1)}"
        # The server builds a bomb on first request; build it now so the crawl's timeouts measure the crawl.
        urllib.request.urlopen(f"{base_url}/gzip-bomb?mb=64", timeout=60).close()
        urllib.request.urlopen(f"{base_url}/_log?clear=1", timeout=10).close()
        yield base_url
    finally:
        process.terminate()
        process.wait(timeout=10)


def server_log(base_url: str) -> list[dict]:
    with urllib.request.urlopen(f"{base_url}/_log", timeout=10) as response:
        return json.load(response)


def test_every_fault_ends_in_its_recorded_state_and_the_others_go_on(tmp_path, fault_server):
    feeds = [FeedConfig(name, fault_server + path, allow_private=True) for name, (path, _, _) in FAULTS.items()]
    db_path = tmp_path / "claims.db"
    started_at = utc_now()
    report = crawl(db_path, feeds, OPTIONS)
    outcomes = {feed.name: feed for feed in report.feeds}
    for name, (_path, status, reason) in FAULTS.items():
        if status:
            assert outcomes[name].status == status, (name, outcomes[name])
        if reason:
            assert reason in outcomes[name].reason, (name, outcomes[name].reason)
    db = sqlite_utils.Database(db_path)
    assert db["fetches"].count == len(FAULTS)
    rows = {row["name"]: row for row in db["feeds"].rows}
    assert rows["moved"]["url"] == fault_server + "/feed.xml"
    assert rows["found"]["url"] == fault_server + "/302/feed.xml"
    assert rows["gone"]["retired"] == 1
    assert parse_iso(rows["limited"]["next_attempt"]) - started_at >= timedelta(seconds=120)
    assert parse_iso(rows["unavailable"]["next_attempt"]) - started_at >= timedelta(seconds=300)
    texts = [row["text"] for row in db["documents"].rows]
    assert sum("新一代芯片性能提升百分之三十" in text for text in texts) == 1
    assert not any("Ð" in text or "Â" in text for text in texts)
    assert db["documents"].count == 3
    for entry in server_log(fault_server):
        assert entry["headers"]["User-Agent"] == USER_AGENT
        assert "gzip" in entry["headers"]["Accept-Encoding"]


def test_second_round_gets_304_and_never_asks_a_gone_feed_again(tmp_path, fault_server):
    feeds = [FeedConfig(name, fault_server + FAULTS[name][0], allow_private=True) for name in ("etag", "gone")]
    crawl(tmp_path / "claims.db", feeds, OPTIONS)
    urllib.request.urlopen(f"{fault_server}/_log?clear=1", timeout=10).close()
    report = crawl(tmp_path / "claims.db", feeds, OPTIONS)
    assert [(feed.name, feed.status) for feed in report.feeds] == [("etag", "not_modified"), ("gone", "skipped")]
    (request,) = server_log(fault_server)
    assert request["path"] == "/etag/feed.xml" and request["status"] == 304
    assert request["headers"]["If-None-Match"] and request["headers"]["If-Modified-Since"]
