"""Entries without dates (checklist item 19): first seen once, kept in feed order, never un-dated by a later fetch."""

from __future__ import annotations

import sqlite3
import time

from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.fetch import FetchLimits
from conftest import reply, rss_feed

OPTIONS = CrawlOptions(workers=1, limits=FetchLimits(host_gap=0))
DATE = "Tue, 03 Mar 2026 09:00:00 GMT"


def posts(dated: bool = False) -> list[dict[str, str]]:
    # Listed in an order that is neither alphabetical nor by guid, so feed order is what is kept.
    items = [
        {"title": f"Post {name}", "guid": f"urn:undated:{name}", "content": f"<p>Post {name} reports {count} nodes.</p>"}
        for name, count in (("c", 30), ("a", 10), ("b", 20))
    ]
    if dated:
        items[1]["pubDate"] = DATE
    return items


def query(db_path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute(sql).fetchall()


def test_undated_entries_are_first_seen_once_in_feed_order_and_a_date_is_never_lost(tmp_path, http_server):
    db_path = tmp_path / "claims.db"
    feed = [FeedConfig("Undated", http_server.url("/feed.xml"), allow_private=True)]
    http_server.route("/feed.xml", reply(rss_feed(posts(dated=True)), "application/rss+xml"))
    assert crawl(db_path, feed, OPTIONS).new_documents == 3
    assert [entry for (entry,) in query(db_path, "SELECT entry_id FROM documents ORDER BY id")] == [
        "urn:undated:c", "urn:undated:a", "urn:undated:b"]
    assert query(db_path, "SELECT entry_id, published FROM documents WHERE published IS NOT NULL") == [
        ("urn:undated:a", "2026-03-03T09:00:00Z")]
    first = dict(query(db_path, "SELECT entry_key, first_seen FROM feed_entries"))
    assert len(first) == 3 and all(first.values())

    for _round in range(2):
        time.sleep(1.1)  # stored times have a resolution of one second
        # The date is gone from the feed: no new document, and the stored date stays.
        http_server.route("/feed.xml", reply(rss_feed(posts()), "application/rss+xml"))
        assert crawl(db_path, feed, OPTIONS).new_documents == 0
        assert dict(query(db_path, "SELECT entry_key, first_seen FROM feed_entries")) == first
        assert query(db_path, "SELECT published FROM documents WHERE entry_id = 'urn:undated:a'") == [
            ("2026-03-03T09:00:00Z",)]
        assert query(db_path, "SELECT count(DISTINCT published) FROM claims WHERE published IS NOT NULL") == [(1,)]
    # Only the entry that changed was written again; unchanged entries cost no write at all.
    assert query(db_path, "SELECT entry_key FROM feed_entries WHERE last_seen > first_seen") == [("urn:undated:a",)]
