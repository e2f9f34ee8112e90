"""One feed's new and edited entries to stored documents, in feed order, within the feed's deadline.

Article pages of summary-only entries are fetched ahead, a few at a time
(PAGES_AT_ONCE, and the host's politeness on top), and each page goes to a
worker as soon as its turn comes, so memory holds a few pages, never all of
them. A feed fetches at most PAGES_PER_FEED pages per round; the entries whose
page is over that, or that the deadline leaves unprepared, are not stored and
the feed keeps no validators, so the next round takes them up. One entry's
preparation may use at most ENTRY_SHARE of the deadline: a pathological entry
is left out with its reason and the entries after it are still stored.
"""

from __future__ import annotations

import asyncio
import re
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from claimledger.crawl.deadline import Deadline
from claimledger.crawl.schedule import utc_now
from claimledger.crawl.store import ArticlePage, FeedOutcome, PreparedDocument, previous_title, store_document
from claimledger.crawl.tasks import prepare_document
from claimledger.crawl.workers import TaskFailed, TaskTimeout, WorkerLost
from claimledger.errors import FetchError
from claimledger.text.budget import trim_page
from claimledger.text.english import counted
from claimledger.text.lang import SUPPORTED

if TYPE_CHECKING:
    from claimledger.crawl.config import FeedConfig
    from claimledger.crawl.fetch import Fetcher
    from claimledger.crawl.entries import Entry
    from claimledger.crawl.round import Crawler

PAGES_PER_FEED = 50
PAGES_AT_ONCE = 3
ENTRY_SHARE = 0.5
# Below this similarity between an entry's old and new title, its id may have been reused for another post.
REUSED_ID_SIMILARITY = 0.3
CHARSET = re.compile(r"charset=[\"']?([\w.:-]+)", re.IGNORECASE)


class FeedDocuments:
    """The documents of one feed in one round."""

    def __init__(
        self, crawler: Crawler, fetcher: Fetcher, row: dict, config: FeedConfig, deadline: Deadline,
        outcome: FeedOutcome,
    ) -> None:
        self.crawler = crawler
        self.fetcher = fetcher
        self.row = row
        self.private_at = row["url"] if config.allow_private else None
        self.deadline = deadline
        self.outcome = outcome
        self.page_budget = crawler.options.pages_per_feed
        # What was cut to keep documents within their caps, with the entries it was cut from.
        self.cuts: dict[str, list[str]] = {}

    async def store(self, entries: list[Entry], lang_hint: str | None, known: dict[str, str]) -> bool:
        """Prepare and store `entries` (the new and edited ones) in order; True when every one was stored."""
        pages = PagesAhead(self, [entry for entry in entries if entry.summary_only and entry.url])
        complete = True
        try:
            for position, entry in enumerate(entries):
                if self.crawler.stop.is_set():
                    self.note("stopped before every entry was stored")
                    return False
                if pages.over_budget(entry):
                    complete = False
                    continue
                article = await pages.page(entry)
                stored = not self.deadline.expired and await self.store_entry(
                    entry, article, lang_hint, entry.entry_id in known)
                left = len(entries) - position - stored
                if self.deadline.expired and left:
                    self.note(f"deadline of {self.deadline.seconds:g} s reached: {left} of {len(entries)} new or "
                              "edited entries left for the next round")
                    return False
                complete &= stored
        finally:
            pages.cancel()
            self.note_cuts()
        skipped = pages.over_budget_count
        if skipped:
            self.note(f"page budget: {self.page_budget} article pages fetched; {skipped} more entries that need one "
                      "are left for the next round")
        return complete

    async def store_entry(self, entry: Entry, article: ArticlePage | None, lang_hint: str | None, edit: bool) -> bool:
        """Prepare one entry in a worker and store it; False when it could not be."""
        limit = ENTRY_SHARE * self.deadline.seconds
        entry_deadline = self.deadline.within(limit)
        try:
            document = await self.crawler.workers.run(entry_deadline, prepare_document, entry, article, lang_hint)
        except TaskTimeout:
            if not self.deadline.expired:
                self.note(f"entry {entry.entry_id}: not prepared within {limit:g} s (half the feed's deadline); "
                          "left for the next round")
            return False
        except (TaskFailed, WorkerLost) as error:
            self.note(f"entry {entry.entry_id}: extraction failed: {error}")
            return False
        if document is None:
            return True
        for note in document.notes:
            self.cuts.setdefault(note, []).append(entry.entry_id)
        if edit:
            await self.flag_reused_id(document)
        new_documents, new_claims = await self.crawler.write(store_document, self.row, document, utc_now())
        self.outcome.new_documents += new_documents
        self.outcome.new_claims += new_claims
        if new_documents and document.lang not in SUPPORTED:
            self.outcome.unread_languages[document.lang] = self.outcome.unread_languages.get(document.lang, 0) + 1
        return True

    def note_cuts(self) -> None:
        """One note per kind of cut, naming the first entries it was made in."""
        for cut, entry_ids in self.cuts.items():
            more = f" and {len(entry_ids) - 3} more" if len(entry_ids) > 3 else ""
            self.outcome.notes.append(f"{cut} in {counted(len(entry_ids), 'entry', 'entries')} ({', '.join(entry_ids[:3])}{more})")

    def note(self, text: str) -> None:
        """Record why not everything was stored; the feed is then partial."""
        self.outcome.status = "partial"
        self.outcome.notes.append(text)

    async def flag_reused_id(self, document: PreparedDocument) -> None:
        """Note an edit whose title has nothing in common with the last one: the publisher may have reused the id.

        The entry is still stored as a new revision; the note lets a reader tell
        a corrected post from a different post under an old id.
        """
        before = await self.crawler.write(previous_title, self.row["id"], document.entry.entry_id)
        if before and SequenceMatcher(None, before, document.title).ratio() < REUSED_ID_SIMILARITY:
            self.outcome.notes.append(
                f"entry {document.entry.entry_id}: new title {document.title!r} after {before!r}; "
                "stored as a new revision, but the id may have been reused for another post"
            )

    async def fetch_page(self, url: str) -> ArticlePage:
        """The article page at `url`, or why it could not be had."""
        try:
            result = await self.fetcher.fetch(url, allow_private_at=self.private_at, deadline=self.deadline)
        except FetchError as error:
            return ArticlePage(url, None, None, None, str(error))
        if result.status != 200:
            return ArticlePage(url, result.status, None, None, f"HTTP {result.status}")
        # The header's charset is only a hint, checked where the page is decoded: pages lie too.
        charset = CHARSET.search(result.headers.get("content-type", ""))
        # Cut to what a worker will read before it waits its turn: a few pages held ahead cost little memory.
        trimmed = trim_page(result.body)
        return ArticlePage(url, 200, trimmed.value, charset.group(1) if charset else None, None, trimmed.note)


class PagesAhead:
    """The article pages a feed's entries need, fetched ahead in feed order, PAGES_AT_ONCE held at a time."""

    def __init__(self, documents: FeedDocuments, entries: list[Entry]) -> None:
        self.documents = documents
        budget = documents.page_budget
        self.urls = [entry.url for entry in entries[:budget]]
        self.position = {entry.entry_id: position for position, entry in enumerate(entries[:budget])}
        self.beyond = {entry.entry_id for entry in entries[budget:]}
        self.over_budget_count = 0
        self.fetches: dict[int, asyncio.Task] = {}
        self.started = 0

    def over_budget(self, entry: Entry) -> bool:
        """True (and counted) for an entry whose page is past the feed's page budget this round."""
        if entry.entry_id in self.beyond:
            self.over_budget_count += 1
            return True
        return False

    async def page(self, entry: Entry) -> ArticlePage | None:
        """The entry's article page, if it needs one; the next pages start fetching meanwhile."""
        position = self.position.get(entry.entry_id)
        if position is None:
            return None
        while self.started < min(position + PAGES_AT_ONCE, len(self.urls)):
            self.fetches[self.started] = asyncio.ensure_future(self.documents.fetch_page(self.urls[self.started]))
            self.started += 1
        return await self.fetches.pop(position)

    def cancel(self) -> None:
        """Stop the fetches no entry will wait for (the deadline passed, or the round stops)."""
        for fetch in self.fetches.values():
            fetch.cancel()
        self.fetches.clear()
