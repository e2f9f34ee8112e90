"""The whole feedparser corpus (../shared/benchmarks/feedparser-corpus) crawled in one round from a loopback server.

Every file is a feed: none may raise, each ends in a recorded state (ok,
partial with the parser's complaint, or failed with a reason), and crawling
them again adds nothing. Skipped when ../shared is absent.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlite_utils

from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.fetch import FetchLimits

SHARED = Path(__file__).parents[1].parent / "shared"
SERVE_CORPUS = SHARED / "tools" / "serve_corpus.py"
CORPUS = SHARED / "benchmarks" / "feedparser-corpus"
pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(not (SERVE_CORPUS.exists() and CORPUS.exists()), reason="../shared is absent"),
]
OPTIONS = CrawlOptions(concurrency=32, limits=FetchLimits(host_gap=0, read_timeout=10, deadline=60))


def corpus_paths() -> list[str]:
    with open(CORPUS / "MANIFEST.jsonl", encoding="utf-8") as manifest:
        return [json.loads(line)["path"] for line in manifest if line.strip()]


def test_the_whole_corpus_in_one_round_every_feed_recorded_and_a_rerun_adds_nothing(tmp_path):
    process = subprocess.Popen([sys.executable, str(SERVE_CORPUS), "0", "--root", str(CORPUS), "--quiet"],
                               stdout=subprocess.PIPE, text=True)
    try:
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert match, "serve_corpus.py did not start"
        base_url = f"http://127.0.0.1:{match.group(1)}"
        paths = corpus_paths()
        feeds = [FeedConfig(path, f"{base_url}/declared/{path}", allow_private=True) for path in paths]
        started = time.monotonic()
        first = crawl(tmp_path / "claims.db", feeds, OPTIONS)
        assert time.monotonic() - started < 600
        second = crawl(tmp_path / "claims.db", feeds, OPTIONS)
    finally:
        process.terminate()
        process.wait(timeout=10)
    statuses = Counter(feed.status for feed in first.feeds)
    assert len(first.feeds) == len(paths) and set(statuses) <= {"ok", "partial", "failed"}
    for feed in first.feeds:
        assert feed.status == "ok" or feed.reason, feed
    assert statuses["ok"] + statuses["partial"] > len(paths) * 0.8, statuses
    assert second.new_documents == 0 and second.new_claims == 0
    # Feeds that failed back off: the second round skips them.
    assert second.count("skipped") == statuses["failed"]
    db = sqlite_utils.Database(tmp_path / "claims.db")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    recorded = dict(db.execute("SELECT outcome, count(*) FROM fetches WHERE outcome NOT LIKE 'article%' "
                               "GROUP BY outcome").fetchall())
    assert sum(recorded.values()) == 2 * len(paths) - statuses["failed"]
