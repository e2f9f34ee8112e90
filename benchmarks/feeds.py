"""Generate the crawl benchmark's feeds: a folder of RSS 2.0 and Atom files.

Feed `i` is English when `i` is even and Chinese when odd; RSS and Atom
alternate within each language. Every entry carries its full HTML content,
so a crawler needs one request per feed. The same seed gives the same bytes.
`write_archive` writes the same posts as a `claims ingest` archive.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from html import escape
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from benchmarks.posts import Post, post

FIRST_PUBLISHED = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)


def feed_path(index: int) -> str:
    """The feed's path under the served root, e.g. `feeds/0007.xml`."""
    return f"feeds/{index:04d}.xml"


def feed_lang(index: int) -> str:
    """Half the feeds English, half Chinese."""
    return "en" if index % 2 == 0 else "zh"


def _entry_html(entry: Post) -> str:
    return "".join(f"<p>{escape(paragraph)}</p>" for paragraph in entry.paragraphs)


def _rss(index: int, base_url: str, entries: list[tuple[Post, datetime]]) -> str:
    items = "".join(
        f"<item><title>{xml_escape(entry.title)}</title>"
        f"<link>{base_url}/posts/{index:04d}/{number}.html</link>"
        f'<guid isPermaLink="false">bench-{index:04d}-{number}</guid>'
        f"<pubDate>{format_datetime(published)}</pubDate>"
        f"<description>{xml_escape(entry.paragraphs[0])}</description>"
        f"<content:encoded><![CDATA[{_entry_html(entry)}]]></content:encoded></item>\n"
        for number, (entry, published) in enumerate(entries)
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
        f"<channel><title>Bench feed {index:04d}</title>"
        f"<link>{base_url}/posts/{index:04d}/</link>"
        f"<description>Generated vendor posts</description>"
        f"<language>{feed_lang(index)}</language>\n{items}</channel></rss>\n"
    )


def _atom(index: int, base_url: str, entries: list[tuple[Post, datetime]]) -> str:
    items = "".join(
        f"<entry><title>{xml_escape(entry.title)}</title>"
        f'<link href="{base_url}/posts/{index:04d}/{number}.html"/>'
        f"<id>urn:bench:{index:04d}:{number}</id>"
        f"<updated>{published.isoformat()}</updated>"
        f'<content type="html">{xml_escape(_entry_html(entry))}</content></entry>\n'
        for number, (entry, published) in enumerate(entries)
    )
    newest = max(published for _, published in entries)
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="{feed_lang(index)}">'
        f"<title>Bench feed {index:04d}</title><id>urn:bench:{index:04d}</id>"
        f"<updated>{newest.isoformat()}</updated>"
        f'<link href="{base_url}/posts/{index:04d}/"/>\n{items}</feed>\n'
    )


def feed_posts(index: int, entries_per_feed: int, seed: int) -> list[tuple[Post, datetime]]:
    """The posts of feed `index` with their publication times, one to ten days apart, newest last."""
    rng = random.Random(f"{seed}:{index}")
    lang = feed_lang(index)
    published = FIRST_PUBLISHED + timedelta(hours=rng.randint(0, 24 * 90))
    entries = []
    for _ in range(entries_per_feed):
        published += timedelta(days=rng.randint(1, 10), minutes=rng.randint(0, 600))
        entries.append((post(rng, lang), published))
    return entries


def feed_document(index: int, entries_per_feed: int, base_url: str, seed: int) -> str:
    """The XML text of feed `index`."""
    render = _rss if (index // 2) % 2 == 0 else _atom
    return render(index, base_url, feed_posts(index, entries_per_feed, seed))


def write_archive(path: Path, count: int, entries_per_feed: int, base_url: str, seed: int = 2026) -> int:
    """The posts of the `count` feeds as a `claims ingest` archive (JSONL, their HTML); how many lines."""
    lines = 0
    with path.open("w", encoding="utf-8") as archive:
        for index in range(count):
            for number, (entry, published) in enumerate(feed_posts(index, entries_per_feed, seed)):
                record = {"url": f"{base_url}/posts/{index:04d}/{number}.html", "title": entry.title,
                          "published": published.isoformat(), "source": f"bench-{index:04d}",
                          "lang": feed_lang(index), "html": _entry_html(entry)}
                archive.write(json.dumps(record, ensure_ascii=False) + "\n")
                lines += 1
    return lines


def write_feeds(
    root: Path, count: int, entries_per_feed: int, base_url: str, seed: int = 2026
) -> list[Path]:
    """Write `count` feeds under `root/feeds/`; returns their paths."""
    (root / "feeds").mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        path = root / feed_path(index)
        path.write_text(feed_document(index, entries_per_feed, base_url, seed), encoding="utf-8")
        paths.append(path)
    return paths


def feed_urls(count: int, base_url: str) -> list[str]:
    """The URLs the feeds are served at, through the server's ETag prefix."""
    return [f"{base_url}/etag/{feed_path(index)}" for index in range(count)]


def write_feeds_toml(path: Path, count: int, base_url: str) -> None:
    """A claimledger feeds file listing every generated feed (loopback, so allow_private)."""
    blocks = [
        f'[[feeds]]\nname = "bench-{index:04d}"\nurl = "{url}"\n'
        f'lang = "{feed_lang(index)}"\nallow_private = true\n'
        for index, url in enumerate(feed_urls(count, base_url))
    ]
    path.write_text("\n".join(blocks), encoding="utf-8")
