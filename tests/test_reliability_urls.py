"""No URL a feed or a server sends can stop a round: `claims crawl` as a subprocess beside two healthy feeds.

A redirect's Location, a feed's own URL and an entry's link with a port out
of range, a signed port, a host that is not valid IDNA or an IPv6 literal
left open each end that feed (or that entry's page) with a recorded reason
and the feed's back-off. Before, each of them raised out of the fetcher and
ended the whole round with a traceback, storing nothing for the healthy
feeds, and the next round died the same way.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import LoopbackServer, redirect, reply, rss_feed, write_feeds

CLAIMS = str(Path(sys.executable).parent / "claims")
HEALTHY = [
    {"title": f"Fleet report {number}", "guid": f"urn:healthy:{number}",
     "content": f"<p>The fleet now runs {2048 * number} GPUs.</p>"}
    for number in range(1, 4)
]
BAD_LOCATIONS = {
    "port-out-of-range": "http://127.0.0.1:99999/feed.xml",
    "signed-port": "http://127.0.0.1:+43333/feed.xml",
    "invalid-idna": "http://xn--a.com/feed.xml",
    "empty-label": "http://a..b/feed.xml",
    "open-ipv6-literal": "http://[::1/feed.xml",
}
BAD_LINKS = ["http://127.0.0.1:99999/post", "http://xn--a.com/post", "http://[::1]:99999/post", "http://a..b/post"]


def crawl(feeds_file: Path, db_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([CLAIMS, "crawl", "--feeds", str(feeds_file), "--db", str(db_path), "--workers", "1"],
                          capture_output=True, text=True, timeout=300)


def rows(db_path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute(sql).fetchall()


@pytest.fixture(scope="module")
def hostile_round(tmp_path_factory):
    http_server = LoopbackServer()
    tmp_path = tmp_path_factory.mktemp("urls")
    http_server.route("/healthy-a.xml", reply(rss_feed(HEALTHY, title="A"), "application/rss+xml"))
    http_server.route("/healthy-b.xml", reply(rss_feed(HEALTHY[:2], title="B"), "application/rss+xml"))
    for name, location in BAD_LOCATIONS.items():
        http_server.route(f"/{name}.xml", redirect(location, status=302))
    summaries = [{"title": f"Summary {number}", "guid": f"urn:link:{number}", "link": link,
                  "description": f"The summary says {number + 1} racks."} for number, link in enumerate(BAD_LINKS)]
    http_server.route("/bad-links.xml", reply(rss_feed(summaries), "application/rss+xml"))
    feeds = {"healthy-a": http_server.url("/healthy-a.xml"),
             **{name: http_server.url(f"/{name}.xml") for name in BAD_LOCATIONS},
             "bad-links": http_server.url("/bad-links.xml"),
             "invalid-idna-feed": "http://xn--a.com/feed.xml",
             "healthy-b": http_server.url("/healthy-b.xml")}
    feeds_file = write_feeds(tmp_path / "feeds.toml", feeds)
    db_path = tmp_path / "claims.db"
    try:
        yield crawl(feeds_file, db_path), crawl(feeds_file, db_path), db_path
    finally:
        http_server.stop()


def test_the_round_survives_and_stores_the_healthy_feeds_in_full(hostile_round):
    first, _second, db_path = hostile_round
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Traceback" not in first.stdout + first.stderr
    stored = dict(rows(db_path, "SELECT f.name, count(*) FROM documents d JOIN feeds f ON f.id = d.feed_id "
                                "GROUP BY f.name"))
    assert stored["healthy-a"] == len(HEALTHY)
    # healthy-b carries two of healthy-a's posts: one document each, credited to the feed listed first.
    assert rows(db_path, "SELECT count(*) FROM feed_entries e JOIN feeds f ON f.id = e.feed_id "
                         "WHERE f.name = 'healthy-b'") == [(2,)]


def test_each_bad_location_fails_its_feed_with_a_reason_and_a_back_off(hostile_round):
    _first, _second, db_path = hostile_round
    feeds = {name: (status, error, failures, next_attempt) for name, status, error, failures, next_attempt in rows(
        db_path, "SELECT name, status, error, failures, next_attempt FROM feeds")}
    for name in BAD_LOCATIONS:
        status, error, failures, next_attempt = feeds[name]
        assert (status, failures) == ("failed", 1) and next_attempt, (name, error)
    assert feeds["port-out-of-range"][1].startswith(
        f"refused URL '{BAD_LOCATIONS['port-out-of-range']}': Port out of range 0-65535")
    assert feeds["signed-port"][1].startswith(f"refused URL '{BAD_LOCATIONS['signed-port']}': Port could not be cast")
    assert feeds["empty-label"][1].startswith(
        f"refused URL '{BAD_LOCATIONS['empty-label']}': the host is not a valid domain name")
    assert "invalid-idna.xml is not a valid URL: Codepoint U+0080" in feeds["invalid-idna"][1]
    assert "Invalid URL in location header" in feeds["open-ipv6-literal"][1]
    status, error, failures, _next = feeds["invalid-idna-feed"]
    assert (status, failures) == ("failed", 1) and "not a valid domain name" in error


def test_a_bad_entry_link_costs_only_that_page_and_the_summary_is_kept(hostile_round):
    _first, _second, db_path = hostile_round
    assert rows(db_path, "SELECT status FROM feeds WHERE name = 'bad-links'") == [("ok",)]
    texts = sorted(text for (text,) in rows(db_path, "SELECT d.text FROM documents d JOIN feeds f "
                                                     "ON f.id = d.feed_id WHERE f.name = 'bad-links'"))
    assert texts == [f"Summary {number}\n\nThe summary says {number + 1} racks." for number in range(len(BAD_LINKS))]
    failed_pages = dict(rows(db_path, "SELECT url, error FROM fetches WHERE outcome = 'article_failed'"))
    assert set(failed_pages) == set(BAD_LINKS)
    assert all(error.startswith("refused URL") for error in failed_pages.values())


def test_the_next_round_runs_too_and_leaves_the_failed_feeds_to_their_back_off(hostile_round):
    _first, second, db_path = hostile_round
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Traceback" not in second.stdout + second.stderr
    assert rows(db_path, "SELECT count(*) FROM feeds WHERE failures = 1") == [(len(BAD_LOCATIONS) + 1,)]
    assert f"{len(BAD_LOCATIONS) + 1} skipped" in second.stdout
    fetches = dict(rows(db_path, "SELECT f.name, count(*) FROM fetches x JOIN feeds f ON f.id = x.feed_id "
                                 "WHERE x.outcome NOT LIKE 'article%' GROUP BY f.name"))
    assert all(fetches[name] == 1 for name in [*BAD_LOCATIONS, "invalid-idna-feed"])
    assert fetches["healthy-a"] == 2
