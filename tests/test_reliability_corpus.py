"""All ~2,123 documents of the feedparser corpus, served by serve_corpus.py and crawled by one `claims crawl` process.

The peer (reader 3.26) recorded an error for 1,400 of them: 1,121 because
entries lack an id, 263 XML errors mostly from HTML entities feedparser
recovers. Here a feed fails only when it is no feed at all; entries without an
id get a stable one; malformed feeds keep what feedparser recovers, with its
complaint. Skipped when ../shared is absent.
"""

from __future__ import annotations

import datetime
import json
import re
import socket
import sqlite3
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import feedparser
import pytest
from bs4 import BeautifulSoup

from claimledger.crawl.parse import parse_feed, run_feedparser
from conftest import CrawlRun, run_measured, write_feeds
from test_reliability_faults import start_server

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SERVE_CORPUS = SHARED / "tools" / "serve_corpus.py"
CORPUS = SHARED / "benchmarks" / "feedparser-corpus"
pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(not (SERVE_CORPUS.exists() and CORPUS.exists()), reason="../shared is absent"),
]
UNSAFE_TAGS = {"script", "iframe", "object", "embed", "applet", "frame", "frameset"}
UNSAFE_TEXT = re.compile(r"<\s*(script|iframe|object|embed)\b|javascript\s*:|\bon[a-z]+\s*=\s*[\"']", re.IGNORECASE)


@dataclass
class CorpusRounds:
    base_url: str
    paths: list[str]
    db_path: Path
    first: CrawlRun
    second: CrawlRun
    counts_after_first: list[tuple]


def manifest() -> list[dict]:
    with open(CORPUS / "MANIFEST.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def table_counts(db_path: Path) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return [(table, connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                for table in ("documents", "claims", "feed_entries")]


def rows(db_path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute(sql).fetchall()


@pytest.fixture(scope="module")
def rounds(tmp_path_factory) -> Iterator[CorpusRounds]:
    work = tmp_path_factory.mktemp("corpus")
    paths = [item["path"] for item in manifest()]
    process, base_url = start_server(CORPUS)
    try:
        feeds_file = write_feeds(work / "feeds.toml", {path: f"{base_url}/declared/{path}" for path in paths})
        db_path = work / "claims.db"
        first = run_measured(feeds_file, db_path, "--timeout", "60", timeout=400)
        counts = table_counts(db_path)
        second = run_measured(feeds_file, db_path, "--timeout", "60", timeout=400)
        yield CorpusRounds(base_url, paths, db_path, first, second, counts)
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_one_run_over_the_whole_corpus_ends_cleanly_in_bounded_time_and_memory(rounds):
    assert len(rounds.paths) > 2000
    assert rounds.first.returncode == 0, rounds.first.output[-3000:]
    assert "Traceback" not in rounds.first.output
    assert f"{len(rounds.paths):,} feeds:" in rounds.first.output
    assert rounds.first.peak_rss_mb < 600
    print(f"\ncorpus: {len(rounds.paths)} feeds in {rounds.first.seconds:.1f} s, "
          f"peak RSS {rounds.first.peak_rss_mb:.0f} MB; rerun {rounds.second.seconds:.1f} s")


def test_every_feed_ends_in_a_recorded_state(rounds):
    feeds = rows(rounds.db_path, "SELECT name, status, error FROM feeds")
    assert len(feeds) == len(rounds.paths)
    statuses = Counter(status for _name, status, _error in feeds)
    assert set(statuses) <= {"ok", "partial", "failed"}, statuses
    for name, status, error in feeds:
        assert (status == "ok") == (not error), (name, status, error)
    fetched = rows(rounds.db_path, "SELECT count(DISTINCT feed_id) FROM fetches WHERE outcome NOT LIKE 'article%'")
    assert fetched == [(len(rounds.paths),)]
    print(f"\ncorpus statuses: {dict(statuses)}")


def test_only_what_is_no_feed_at_all_fails(rounds):
    """The peer's 1,400 errors come down to the few documents that hold no RSS, Atom or RDF at all."""
    failed = rows(rounds.db_path, "SELECT name, error FROM feeds WHERE status = 'failed'")
    assert len(failed) < 0.01 * len(rounds.paths), failed
    for name, error in failed:
        assert error.startswith(("not a feed", "empty body")), (name, error)


def test_entries_without_an_id_are_stored_under_a_stable_one(rounds):
    without_guid = rows(rounds.db_path, "SELECT count(*) FROM feed_entries WHERE entry_key LIKE 'sha256:%' "
                                        "OR entry_key LIKE 'http%'")[0][0]
    assert without_guid > 0
    assert rows(rounds.db_path, "SELECT count(*) FROM feeds WHERE error LIKE '%id%' AND error NOT LIKE '%valid%' "
                                "AND status = 'failed'") == [(0,)]


def test_malformed_feeds_keep_what_feedparser_recovers_with_its_complaint(rounds):
    partial = rows(rounds.db_path, "SELECT name, error FROM feeds WHERE status = 'partial'")
    assert partial
    for name, error in partial:
        assert error.startswith(("malformed XML", "charset:", "the document ends early")), (name, error)
    # Feeds that are not well-formed XML still yield their entries.
    recovered = rows(rounds.db_path, "SELECT count(DISTINCT e.feed_id) FROM feed_entries e JOIN feeds f "
                                     "ON f.id = e.feed_id WHERE f.error LIKE 'malformed XML%'")[0][0]
    assert recovered > 0


def test_a_rerun_adds_nothing(rounds):
    assert rounds.second.returncode == 0, rounds.second.output[-3000:]
    assert "0 new documents, 0 new claims" in " ".join(rounds.second.output.split())
    assert table_counts(rounds.db_path) == rounds.counts_after_first
    assert rows(rounds.db_path, "PRAGMA integrity_check") == [("ok",)]
    assert rows(rounds.db_path, "SELECT count(*) FROM (SELECT entry_id, content_hash FROM documents "
                                "GROUP BY 1, 2 HAVING count(*) > 1)") == [(0,)]


def test_nothing_stored_from_the_sanitizer_cases_can_run(rounds):
    stored = rows(rounds.db_path, "SELECT d.title, d.text FROM documents d JOIN feeds f ON f.id = d.feed_id "
                                  "WHERE f.name LIKE 'wellformed/sanitize/%'")
    sentences = rows(rounds.db_path, "SELECT c.sentence FROM claims c JOIN documents d ON d.id = c.document_id "
                                     "JOIN feeds f ON f.id = d.feed_id WHERE f.name LIKE 'wellformed/sanitize/%'")
    for values in stored + sentences:
        for value in values:
            assert not UNSAFE_TEXT.search(value or ""), value


def unsafe_markup(html: str) -> list[str]:
    """Tags, event handlers and javascript: URLs in `html` that a browser would run."""
    found = []
    for tag in BeautifulSoup(html, "html.parser").find_all(True):
        if tag.name in UNSAFE_TAGS:
            found.append(f"<{tag.name}>")
        for attribute, value in tag.attrs.items():
            value = " ".join(value) if isinstance(value, list) else str(value)
            if attribute.lower().startswith("on"):
                found.append(f"{attribute}=")
            if re.sub(r"[\s\x00-\x1f]", "", value).lower().startswith(("javascript:", "vbscript:")):
                found.append(f"{attribute}={value}")
    return found


def test_the_html_the_parser_glue_hands_on_is_sanitized_in_all_sanitizer_cases(rounds):
    cases = [path for path in rounds.paths if path.startswith("wellformed/sanitize/")]
    assert len(cases) > 700
    checked = 0
    for path in cases:
        url = f"{rounds.base_url}/declared/{path}"
        with urllib.request.urlopen(url, timeout=10) as response:
            parsed = parse_feed(response.read(), dict(response.headers.items()), url)
        for entry in parsed.entries:
            for html, is_html in ((entry.content, entry.content_is_html), (entry.summary, entry.summary_is_html),
                                  (entry.title, entry.title_is_html)):
                if html and is_html:
                    assert not unsafe_markup(html), (path, html)
                    checked += 1
    # The other cases put their markup in feed-level elements, which the crawl does not store.
    assert checked > 500
    print(f"\nsanitizer: {checked} HTML values of {len(cases)} cases checked")


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.skipif(not port_is_free(8097), reason="port 8097, where the corpus's document URIs point, is taken")
def test_the_parser_glue_meets_the_corpus_expectations_with_the_http_context():
    """Checklist item 12: every file through /tests/ on port 8097, parsed as the crawl parses it, its Expect checked.

    The three HTTP-header cases (etag, modified) expect feedparser to fetch the feed itself,
    which the crawl never lets it do.
    """
    process, base_url = start_server(CORPUS, port="8097")
    held = failed = 0
    try:
        for item in manifest():
            if not item["expect"] or (item["skip_unless"] and not skip_unless_holds(item["skip_unless"])):
                continue
            url = f"{base_url}/tests/{item['path']}"
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    body, headers = response.read(), dict(response.headers.items())
            except urllib.error.HTTPError as error:
                body, headers = error.read(), dict(error.headers.items())
            parsed = run_feedparser(body, {name.lower(): value for name, value in headers.items()}, url)
            try:
                # The corpus's own checks, evaluated as its harness does.
                holds = eval(item["expect"], {"feedparser": feedparser, "datetime": datetime}, parsed)  # noqa: S307
            except Exception:  # noqa: BLE001 - an expectation naming what a parse of bytes lacks is not met
                holds = False
            held, failed = held + bool(holds), failed + (not holds)
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(f"\ncorpus expectations: {held} of {held + failed} hold")
    assert held + failed > 2000 and held >= 2078


def skip_unless_holds(condition: str) -> bool:
    try:
        return bool(eval(condition))  # noqa: S307 - the corpus's own conditions (a codec that must exist)
    except Exception:  # noqa: BLE001 - a missing codec or module means the case does not apply here
        return False
