"""Hostile feeds beside two healthy ones, in one `claims crawl --timeout 60` process: time and memory per feed.

Every case of issue 13 that a feed can send: markup nested 20,000 deep, 5,000
nested tables, 20,000 paragraphs side by side, unclosed tags and comments, a
billion-laughs DOCTYPE, a quadratic entity blow-up, 100,000 entries, ten
article pages that never answer, and twelve entries linking to 14 MiB pages.
Asserted: the run ends well, the healthy feeds are stored in full, every
hostile feed is recorded with its reason, the largest process stays under
200 MB. Wall time is printed (`pytest -s`), never asserted.
"""

from __future__ import annotations

import re
import select
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from claimledger.crawl.documents import PAGES_AT_ONCE
from claimledger.crawl.limits import MAX_ENTRIES
from claimledger.crawl.schedule import parse_iso
from claimledger.text.budget import PAGE_CAP, TEXT_CAP
from conftest import CLAIMS, STALL_AT_MOST, CrawlRun, LoopbackServer, reply, rss_feed, run_measured, write_feeds
from test_reliability_limits import BILLION_LAUGHS, QUADRATIC_ENTITY

# `claims crawl --timeout`: each feed's deadline. The costliest entry here (20,000 paragraphs, cut to the text cap)
# takes 4 s of CPU; half the deadline, what one entry may use, leaves room for a machine at load 10.
TIMEOUT = 60
RSS_LIMIT_MB = 200
FIGURE = "The pod runs 4,096 GPUs."
HEALTHY = [{"title": f"Fleet report {number}", "guid": f"urn:healthy:{number}",
            "content": f"<p>Fleet {number} now runs {1024 * number} GPUs and draws {40 + number} kW.</p>"}
           for number in range(1, 9)]
BIG_PAGE = ("<html><body><article>" + "".join(
    f"<p>The team reviewed the cluster design for the project in week {number} and the notes were kept.</p>"
    for number in range(145_000)) + "</article></body></html>").encode()


def content_feed(title: str, content: str) -> bytes:
    return rss_feed([{"title": title, "guid": f"urn:{title}", "content": content}], title=title)


def summaries(server: LoopbackServer, name: str, count: int, path: str) -> bytes:
    return rss_feed([{"title": f"{name} {number}", "guid": f"urn:{name}:{number}",
                      "link": server.url(f"{path}{number}.html"), "description": f"{name} summary {number}."}
                     for number in range(count)], title=name)


class StalledPages:
    """Article pages that never answer, counting how many of them the crawl asks for at once.

    A request counts as asked for until the crawl closes its connection (its read timeout or the feed's
    deadline); the server's thread may wait on after that, which does not count.
    """

    def __init__(self, server: LoopbackServer) -> None:
        self.server = server
        self.lock = threading.Lock()
        self.open: set[socket.socket] = set()
        self.most_at_once = self.requests = 0

    def __call__(self, request: BaseHTTPRequestHandler) -> None:
        with self.lock:
            self.open = {connection for connection in self.open if not closed_by_the_client(connection)}
            self.open.add(request.connection)
            self.requests += 1
            self.most_at_once = max(self.most_at_once, len(self.open))
        self.server.stopping.wait(STALL_AT_MOST)
        with self.lock:
            self.open.discard(request.connection)


def closed_by_the_client(connection: socket.socket) -> bool:
    """True once the other end has closed: the socket reads as ended (or is gone)."""
    try:
        readable, _, _ = select.select([connection], [], [], 0)
        return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


HOSTILE = {
    "nested-divs": lambda server: content_feed("nested-divs", "<div>" * 20_000 + FIGURE + "</div>" * 20_000),
    "nested-tables": lambda server: content_feed(
        "nested-tables", "<table><tr><td>" * 5_000 + FIGURE + "</td></tr></table>" * 5_000),
    "paragraphs": lambda server: content_feed("paragraphs", f"<p>{FIGURE}</p>" * 20_000),
    "unclosed-markup": lambda server: content_feed("unclosed-markup", f"<p>{FIGURE}</p>" + "<x " * 20_000 + "<!--x" * 40_000),
    "billion-laughs": lambda server: BILLION_LAUGHS,
    "quadratic-entity": lambda server: QUADRATIC_ENTITY,
    "many-entries": lambda server: rss_feed([{"title": f"Post {number}", "guid": f"urn:many:{number}",
                                              "description": f"Rack {number} holds 8 GPUs."}
                                             for number in range(100_000)], title="many"),
    "stalled-pages": lambda server: summaries(server, "stalled", 10, "/stall/"),
    "big-pages": lambda server: summaries(server, "big", 12, "/big/"),
}


@dataclass
class HostileRun:
    crawl: CrawlRun
    db_path: Path
    stalled: StalledPages


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Iterator[HostileRun]:
    server = LoopbackServer()
    folder = tmp_path_factory.mktemp("hostile")
    stalled = StalledPages(server)
    server.route("/stall/", stalled, prefix=True)
    server.route("/big/", reply(BIG_PAGE, "text/html; charset=utf-8"), prefix=True)
    server.route("/pages/", reply("<html><body><article><p>Pod page: 96 racks of 72 GPUs.</p></article></body></html>",
                                  "text/html; charset=utf-8"), prefix=True)
    server.route("/healthy-a.xml", reply(rss_feed(HEALTHY, title="A"), "application/rss+xml"))
    server.route("/healthy-b.xml", reply(summaries(server, "pod", 4, "/pages/"), "application/rss+xml"))
    for name, make in HOSTILE.items():
        server.route(f"/{name}.xml", reply(make(server), "application/rss+xml"))
    names = ["healthy-a", *HOSTILE, "healthy-b"]
    feeds = write_feeds(folder / "feeds.toml", {name: server.url(f"/{name}.xml") for name in names})
    db_path = folder / "claims.db"
    try:
        crawl = run_measured(feeds, db_path, "--timeout", str(TIMEOUT), "--workers", "2", timeout=900)
    finally:
        server.stop()
    durations = rows(db_path, "SELECT f.name, x.started, x.finished FROM fetches x JOIN feeds f ON f.id = x.feed_id "
                              "WHERE x.outcome NOT LIKE 'article%'")
    longest = max(durations, key=lambda row: parse_iso(row[2]) - parse_iso(row[1]))
    print(f"\nhostile: {crawl.seconds:.1f} s in all, peak RSS {crawl.peak_rss_mb:.0f} MB; longest feed {longest[0]} "
          f"{(parse_iso(longest[2]) - parse_iso(longest[1])).total_seconds():.0f} s (timeout {TIMEOUT} s)")
    yield HostileRun(crawl, db_path, stalled)


def rows(db_path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute(sql).fetchall()


def recorded(run: HostileRun) -> dict[str, tuple[str, str, int]]:
    return {name: (status, error or "", failures) for name, status, error, failures in rows(
        run.db_path, "SELECT name, status, error, failures FROM feeds")}


def texts(run: HostileRun, feed: str) -> list[str]:
    return [text for (text,) in rows(run.db_path, f"SELECT d.text FROM documents d JOIN feed_entries e ON "
                                                  f"e.document_id = d.id JOIN feeds f ON f.id = e.feed_id "
                                                  f"WHERE f.name = '{feed}'")]


def test_the_run_ends_well_and_the_healthy_feeds_are_stored_in_full(hostile):
    assert hostile.crawl.returncode == 0, hostile.crawl.output
    assert "Traceback" not in hostile.crawl.output
    assert recorded(hostile)["healthy-a"][0] == "ok" and recorded(hostile)["healthy-b"][0] == "ok"
    assert len(texts(hostile, "healthy-a")) == len(HEALTHY)
    pages = texts(hostile, "healthy-b")
    assert len(pages) == 4 and all("96 racks of 72 GPUs" in text for text in pages)


@pytest.mark.parametrize("feed", ["nested-divs", "nested-tables", "paragraphs", "unclosed-markup"])
def test_markup_built_to_be_slow_is_cleaned_and_stored(hostile, feed):
    status, error, _failures = recorded(hostile)[feed]
    assert status == "ok", error
    (text,) = texts(hostile, feed)
    assert FIGURE in text and len(text) <= TEXT_CAP


def test_a_document_s_text_stops_at_its_cap(hostile):
    assert recorded(hostile)["paragraphs"][1] == (
        f"text cut to {TEXT_CAP:,} characters in 1 entry (urn:paragraphs)")


@pytest.mark.parametrize("feed", ["billion-laughs", "quadratic-entity"])
def test_entity_expansion_is_refused_with_its_reason_and_a_back_off(hostile, feed):
    status, error, failures = recorded(hostile)[feed]
    assert (status, failures) == ("failed", 1)
    assert error.startswith("entity expansion: the entities its DOCTYPE declares would expand to ")


def test_a_feed_of_100_000_entries_is_read_to_its_limit(hostile):
    status, error, _failures = recorded(hostile)["many-entries"]
    assert status == "partial"
    assert f"entry limit: the first {MAX_ENTRIES:,} of its 100,000 entries were read" in error
    stored = len(texts(hostile, "many-entries"))
    assert 0 < stored <= MAX_ENTRIES
    # What the deadline did not leave time for waits for the next round, and says so.
    if stored < MAX_ENTRIES:
        assert f"deadline of {TIMEOUT} s reached: {MAX_ENTRIES - stored} of {MAX_ENTRIES} new or edited" in error


def test_pages_that_never_answer_are_fetched_a_few_at_a_time_and_end_at_the_deadline(hostile):
    """Each page ends at the read timeout (the entry keeps its summary) or at the feed's deadline, whichever is
    first; how many of each depends on the machine's speed, so the test counts that both add up."""
    status, error, _failures = recorded(hostile)["stalled-pages"]
    assert status == "partial"
    left = re.fullmatch(rf"deadline of {TIMEOUT} s reached: (\d+) of 10 new or edited entries left for the next "
                        "round", error)
    assert left, error
    stored = texts(hostile, "stalled-pages")
    assert len(stored) + int(left.group(1)) == 10
    assert all(re.fullmatch(r"stalled (\d)\n\nstalled summary \1\.", text) for text in stored), stored
    failed_pages = rows(hostile.db_path, "SELECT x.error FROM fetches x JOIN feeds f ON f.id = x.feed_id "
                                         "WHERE f.name = 'stalled-pages' AND x.outcome = 'article_failed'")
    assert len(failed_pages) == len(stored)
    assert hostile.stalled.most_at_once == PAGES_AT_ONCE and hostile.stalled.requests <= 10


def test_twelve_entries_of_14_mib_pages_stay_within_their_caps_and_200_mb(hostile):
    status, error, _failures = recorded(hostile)["big-pages"]
    assert status in ("ok", "partial"), error
    assert f"article page: markup cut to its first {PAGE_CAP:,} bytes" in error
    stored = texts(hostile, "big-pages")
    assert stored and all(len(text) <= TEXT_CAP for text in stored)
    if status == "partial":
        assert re.search(rf"deadline of {TIMEOUT} s reached: \d+ of 12 new or edited entries", error)
    assert hostile.crawl.peak_rss_mb < RSS_LIMIT_MB


def test_every_feed_is_recorded_once_with_its_fetch(hostile):
    fetched = dict(rows(hostile.db_path, "SELECT f.name, count(*) FROM fetches x JOIN feeds f ON f.id = x.feed_id "
                                         "WHERE x.outcome NOT LIKE 'article%' GROUP BY f.name"))
    assert fetched == {name: 1 for name in ["healthy-a", *HOSTILE, "healthy-b"]}
    assert f"{len(HOSTILE) + 2} feeds:" in hostile.crawl.output


def test_a_round_where_every_feed_answers_304_loads_no_parser_no_cleaner_and_no_sqlite_utils(tmp_path, http_server):
    etag = '"v1"'

    def conditional(request: BaseHTTPRequestHandler) -> None:
        if request.headers.get("If-None-Match") == etag:
            reply(b"", content_type="", status=304, headers={"ETag": etag})(request)
        else:
            reply(rss_feed(HEALTHY), "application/rss+xml", headers={"ETag": etag})(request)

    http_server.route("/feed.xml", conditional)
    feeds = write_feeds(tmp_path / "feeds.toml", {"vendor": http_server.url("/feed.xml")})
    command = [sys.executable, "-X", "importtime", CLAIMS, "crawl", "--feeds", str(feeds),
               "--db", str(tmp_path / "claims.db")]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300)
    second = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert "1 feed: 1 ok." in first.stdout and "1 feed: 1 not modified." in second.stdout
    imported = {line.split("|")[-1].strip() for line in second.stderr.splitlines() if line.startswith("import time:")}
    for heavy in ("sqlite_utils", "numpy", "feedparser", "bs4", "lxml", "trafilatura", "spacy",
                  "claimledger.extraction", "claimledger.crawl.parse"):
        assert heavy not in imported, heavy
    assert "httpx" in imported and "claimledger.crawl.round" in imported
    # The first round did load them, in its worker: the ledger holds the posts.
    assert len(rows(tmp_path / "claims.db", "SELECT id FROM documents")) == len(HEALTHY)


# Crawls the feeds file argv[1] into the ledger argv[2], then prints which heavy modules this process loaded.
LOADED_BY_A_ROUND = """
import sys
from claimledger.crawl.config import load_feeds
from claimledger.crawl.round import crawl
report = crawl(sys.argv[2], load_feeds(sys.argv[1]))
print(report.new_documents, sorted(name for name in sys.modules if name.split(".")[0] in sys.argv[3:]
                                   or name in sys.argv[3:]))
"""


def test_parsing_cleaning_and_extraction_run_in_the_workers_never_in_the_crawl_s_own_process(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed(HEALTHY), "application/rss+xml"))
    feeds = write_feeds(tmp_path / "feeds.toml", {"vendor": http_server.url("/feed.xml")})
    # sqlite-utils (and the numpy it loads) comes with the first document written; the parsers never do.
    heavy = ["feedparser", "bs4", "lxml", "trafilatura", "spacy", "claimledger.extraction",
             "claimledger.crawl.parse", "claimledger.crawl.prepare", "claimledger.text.clean"]
    process = subprocess.run([sys.executable, "-c", LOADED_BY_A_ROUND, str(feeds), str(tmp_path / "claims.db"), *heavy],
                             capture_output=True, text=True, timeout=300)
    assert process.returncode == 0, process.stderr
    assert process.stdout.strip() == f"{len(HEALTHY)} []"
