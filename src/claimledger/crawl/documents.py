"""One feed's new and edited entries to stored documents, in feed order, within the feed's deadline.

A worker prepares the entries that need no article page one after another
(crawl.preparation) while the documents it has sent are written, a batch at
a time: the documents that came while the last batch was being written, each
in a savepoint of its own, in feed order (DocumentWrites). Article pages of
summary-only entries are fetched ahead, a few at a time
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
from claimledger.crawl.store import ArticlePage, FeedOutcome, PreparedDocument, previous_title, store_documents
from claimledger.crawl.tasks import prepare_document
from claimledger.crawl.workers import TaskFailed, TaskTimeout, WorkerLost
from claimledger.errors import FetchError
from claimledger.text.budget import trim_page
from claimledger.text.english import counted
from claimledger.text.lang import SUPPORTED

if TYPE_CHECKING:
    from concurrent.futures import Future

    from claimledger.crawl.config import FeedConfig
    from claimledger.crawl.entries import Entry, FeedPlan
    from claimledger.crawl.fetch import Fetcher
    from claimledger.crawl.preparation import FeedPreparation
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
        outcome: FeedOutcome, preparation: FeedPreparation,
    ) -> None:
        self.crawler = crawler
        self.preparation = preparation
        self.writes = DocumentWrites(crawler, row, outcome)
        self.fetcher = fetcher
        self.row = row
        self.private_at = row["url"] if config.allow_private else None
        self.deadline = deadline
        self.outcome = outcome
        self.page_budget = crawler.options.pages_per_feed
        # What was cut to keep documents within their caps, with the entries it was cut from.
        self.cuts: dict[str, list[str]] = {}

    async def store(self, plan: FeedPlan, lang_hint: str | None, known: dict[str, str]) -> bool:
        """Prepare and store the plan's entries (the new and edited ones) in order; True when every one was stored."""
        pages = PagesAhead(self, [plan.page_entries[position] for position in sorted(plan.page_entries)])
        try:
            complete = await self.store_entries(plan, pages, lang_hint, known)
        finally:
            pages.cancel()
            self.note_cuts()
        await self.writes.flush()
        await self.writes.wait()
        skipped = pages.over_budget_count
        if skipped:
            self.note(f"page budget: {self.page_budget} article pages fetched; {skipped} more entries that need one "
                      "are left for the next round")
        return complete

    async def store_entries(self, plan: FeedPlan, pages: PagesAhead, lang_hint: str | None, known: dict[str, str]) -> bool:
        complete = True
        entry_ids = plan.entry_ids
        for position, entry_id in enumerate(entry_ids):
            if self.crawler.stop.is_set():
                self.note("stopped before every entry was stored")
                return False
            entry = plan.page_entries.get(position)
            if entry is not None and pages.over_budget(entry):
                complete = False
                continue
            if not self.preparation.ready:
                await self.writes.flush()
            article = await pages.page(entry) if entry is not None else None
            stored = not self.deadline.expired and await self.store_entry(
                position, entry_id, entry, article, lang_hint, entry_id in known)
            left = len(entry_ids) - position - stored
            if self.deadline.expired and left:
                self.note(f"deadline of {self.deadline.seconds:g} s reached: {left} of {len(entry_ids)} new or "
                          "edited entries left for the next round")
                return False
            complete &= stored
        return complete

    async def store_entry(
        self, position: int, entry_id: str, entry: Entry | None, article: ArticlePage | None, lang_hint: str | None,
        edit: bool,
    ) -> bool:
        """Have one entry prepared in a worker (its page's, if it has one) and queue it for writing; False when it
        could not be prepared."""
        limit = ENTRY_SHARE * self.deadline.seconds
        try:
            if entry is None:
                document = await self.preparation.document(position, limit)
            else:
                document = await self.crawler.workers.run(
                    self.deadline.within(limit), prepare_document, entry, article, lang_hint)
        except TaskTimeout:
            if not self.deadline.expired:
                self.note(f"entry {entry_id}: not prepared within {limit:g} s (half the feed's deadline); "
                          "left for the next round")
            return False
        except (TaskFailed, WorkerLost) as error:
            self.note(f"entry {entry_id}: extraction failed: {error}")
            return False
        if document is None:
            return True
        for note in document.notes:
            self.cuts.setdefault(note, []).append(entry_id)
        if edit:
            await self.flag_reused_id(document)
        self.writes.add(document)
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


class DocumentWrites:
    """A feed's prepared documents on their way to the ledger: one batch written while the next one gathers."""

    def __init__(self, crawler: Crawler, row: dict, outcome: FeedOutcome) -> None:
        self.crawler = crawler
        self.row = row
        self.outcome = outcome
        self.gathered: list[PreparedDocument] = []
        self.writing: tuple[Future, list[PreparedDocument]] | None = None

    def add(self, document: PreparedDocument) -> None:
        self.gathered.append(document)

    async def flush(self) -> None:
        """Send the documents gathered so far to the writer, once the batch before them is written."""
        if not self.gathered:
            return
        await self.wait()
        batch, self.gathered = self.gathered, []
        # Grouped: documents come a few milliseconds apart, and a commit each would rewrite the same pages.
        self.writing = (self.crawler.writer.submit_grouped(store_documents, self.row, batch, utc_now()), batch)

    async def wait(self) -> None:
        """Wait for the batch being written to be committed, and count what it stored."""
        if self.writing is None:
            return
        future, batch = self.writing
        self.writing = None
        stored = await asyncio.wrap_future(future)
        outcome = self.outcome
        for document, (new_documents, new_claims) in zip(batch, stored):
            outcome.new_documents += new_documents
            outcome.new_claims += new_claims
            if new_documents and document.lang not in SUPPORTED:
                outcome.unread_languages[document.lang] = outcome.unread_languages.get(document.lang, 0) + 1


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
