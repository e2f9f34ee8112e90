"""Golden pairs for feeds -> entries: each tests/data/feeds/<name>.xml (or .html) beside <name>.entries.json,
what the crawl's parser glue (crawl.parse.parse_feed) makes of it.

A feed is parsed as if fetched from https://feeds.example/<file name> with a
Content-Type for its suffix, unless <name>.http.json gives {"url", "headers"}.
A new case is one feed file: `pytest tests/test_feed_golden.py --regen-golden`
writes its entries file, which is then read and checked by hand.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import feedparser
import pytest
from conftest import GoldenFiles

from claimledger.crawl.parse import ParsedFeed, parse_feed

DATA = Path(__file__).parent / "data" / "feeds"
CONTENT_TYPES = {".xml": "application/xml", ".html": "text/html; charset=utf-8"}
FEEDS = sorted(path for path in DATA.iterdir() if path.suffix in CONTENT_TYPES)


def fetched_as(feed: Path) -> tuple[str, dict[str, str]]:
    """The URL and response headers `feed` is parsed with."""
    http = feed.with_suffix(".http.json")
    if http.exists():
        context = json.loads(http.read_text(encoding="utf-8"))
        return context["url"], context["headers"]
    return f"https://feeds.example/{feed.name}", {"Content-Type": CONTENT_TYPES[feed.suffix]}


def as_golden(parsed: ParsedFeed) -> dict[str, object]:
    """What a parse gives, in the golden files' shape: every field, each entry with `summary_only` too."""
    return {
        "title": parsed.title,
        "lang": parsed.lang,
        "error": parsed.error,
        "problems": parsed.problems,
        "entries": [{**dataclasses.asdict(entry), "summary_only": entry.summary_only} for entry in parsed.entries],
    }


def parsed(feed: Path) -> dict[str, object]:
    url, headers = fetched_as(feed)
    return as_golden(parse_feed(feed.read_bytes(), headers, url))


@pytest.mark.parametrize("feed", FEEDS, ids=[feed.stem for feed in FEEDS])
def test_the_feed_gives_its_golden_entries(feed: Path, golden: GoldenFiles) -> None:
    actual = parsed(feed)
    assert actual == golden.expected(feed.with_suffix(".entries.json"), actual)


def test_every_entries_file_has_its_feed() -> None:
    stems = {feed.stem for feed in FEEDS}
    orphans = [path.name for path in DATA.glob("*.json") if path.name.split(".")[0] not in stems]
    assert orphans == []


def golden_entries() -> list[dict[str, object]]:
    return [
        entry
        for feed in FEEDS if feed.with_suffix(".entries.json").exists()
        for entry in json.loads(feed.with_suffix(".entries.json").read_text(encoding="utf-8"))["entries"]
    ]


def test_the_pairs_cover_the_formats_and_the_rough_edges() -> None:
    """The set keeps a case of each kind the crawl meets, so an edit cannot quietly drop one."""
    versions = {feedparser.parse(feed.read_bytes()).version for feed in FEEDS}
    assert {"rss20", "atom10", "rss10"} <= versions
    golden = {feed.stem: json.loads(feed.with_suffix(".entries.json").read_text(encoding="utf-8")) for feed in FEEDS}
    assert any(case["error"] for case in golden.values()), "a body that is not a feed"
    assert any(case["problems"] and case["entries"] for case in golden.values()), "a bozo feed with entries"
    assert any(case["lang"] == "zh" for case in golden.values()), "a Chinese feed"
    entries = golden_entries()
    assert any(entry["summary_only"] for entry in entries), "a summary-only entry"
    assert any(entry["published"] is None for entry in entries), "an entry without a date"
    assert any(entry["entry_id"].startswith("sha256:") for entry in entries), "an entry without id or link"
    assert any(entry["entry_id"] == entry["url"] for entry in entries if entry["url"]), "an entry named by its link"
