"""What a feed yields, as plain data: its entries and its problems, and the plan the crawl works from.

Kept apart from parse.py so the crawl's own process can receive a parsed feed
from a worker (and name an Entry) without loading feedparser.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Entry:
    """One feed entry as the feed gives it, before any text cleaning."""

    entry_id: str
    url: str | None
    title: str
    title_is_html: bool
    published: str | None
    content: str | None
    content_is_html: bool
    summary: str | None
    summary_is_html: bool
    # Changes whenever anything the feed says about the entry changes.
    source_hash: str

    @property
    def summary_only(self) -> bool:
        """True when the feed gives no content, so the text must come from the article page."""
        return not (self.content or "").strip()


@dataclass(slots=True)
class ParsedFeed:
    """What a feed body yielded: its entries, and what was wrong with it."""

    entries: list[Entry] = field(default_factory=list)
    title: str = ""
    lang: str | None = None
    # Set when the body is not a usable feed at all (nothing is stored).
    error: str | None = None
    # Problems that still left entries to use (malformed XML, a charset decoded again).
    problems: list[str] = field(default_factory=list)


@dataclass(slots=True)
class FeedPlan:
    """A parsed feed as the crawl's process needs it while a worker prepares its entries."""

    # The new and edited entries, in feed order.
    entry_ids: list[str] = field(default_factory=list)
    # The summary-only entries with an article page, by position: their pages are the crawl's to fetch.
    page_entries: dict[int, Entry] = field(default_factory=dict)
    lang: str | None = None
    error: str | None = None
    problems: list[str] = field(default_factory=list)
