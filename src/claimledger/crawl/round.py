"""One crawl round: fetch every due feed, parse it, turn new entries into documents with claims, store them.

Fetching runs on asyncio across hosts (polite per host, see fetch.py); text
cleaning and extraction run in worker processes (prepare.py); all writes go
through one writer thread that owns the ledger connection and groups commits
while writes queue up (ledger.writer; the writes themselves are in store.py). Entries
whose feed content has not changed since the last crawl cost no work at all.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime
from difflib import SequenceMatcher
from multiprocessing import get_context
from pathlib import Path

import sqlite_utils

from claimledger.crawl.config import FeedConfig
from claimledger.crawl.addresses import origin
from claimledger.crawl.fetch import Fetcher, FetchLimits, FetchResult
from claimledger.crawl.parse import Entry, ParsedFeed, codec_name, parse_feed
from claimledger.crawl.schedule import freshness, parse_retry_after, skip_reason, utc_now
from claimledger.crawl.store import (
    ArticlePage,
    FeedOutcome,
    PreparedDocument,
    known_entries,
    previous_title,
    record_outcome,
    store_document,
    sync_feeds,
)
from claimledger.errors import FetchError, RefusedAddressError
from claimledger.ledger.open import open_ledger
from claimledger.ledger.writer import LedgerWriter
from claimledger.text.lang import SUPPORTED

POOL_FROM_FEEDS = 20
# The ledger writer's page cache (KiB).
WRITER_CACHE_KIB = 64 * 1024
# Below this similarity between an entry's old and new title, its id may have been reused for another post.
REUSED_ID_SIMILARITY = 0.3


@dataclass(slots=True)
class CrawlOptions:
    """How a round is run."""

    concurrency: int = 16
    limits: FetchLimits = field(default_factory=FetchLimits)
    # Processes that clean text and extract claims; 1 means in this process, 0 means one per
    # CPU for rounds of at least POOL_FROM_FEEDS feeds (starting processes costs more than small rounds save).
    workers: int = 0


@dataclass(slots=True)
class FeedReport:
    """What happened to one feed in a round, for the summary."""

    name: str
    url: str
    status: str  # ok | not_modified | partial | failed | gone | skipped
    reason: str | None = None
    new_documents: int = 0
    new_claims: int = 0
    next_attempt: str | None = None
    unread_languages: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class CrawlReport:
    """The feeds of one round and what each yielded."""

    feeds: list[FeedReport] = field(default_factory=list)
    stopped: bool = False
    seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(report.status == status for report in self.feeds)

    @property
    def new_documents(self) -> int:
        return sum(report.new_documents for report in self.feeds)

    @property
    def new_claims(self) -> int:
        return sum(report.new_claims for report in self.feeds)

    @property
    def unread_languages(self) -> Counter[str]:
        """New documents in languages the extractor does not read, by language."""
        return sum((Counter(report.unread_languages) for report in self.feeds), Counter())


def crawl(
    db_path: str | Path,
    feeds: list[FeedConfig],
    options: CrawlOptions | None = None,
    *,
    on_start: Callable[[int], None] | None = None,
    on_feed: Callable[[FeedReport], None] | None = None,
    stop: threading.Event | None = None,
) -> CrawlReport:
    """Crawl the due feeds among `feeds` into the ledger at `db_path` (one round).

    `on_start` gets the number of feeds, `on_feed` each feed's report as it
    ends; once `stop` is set no new feed is started and the round ends when
    the feeds in flight are stored. Worker processes are spawned, so a script
    calling this needs the usual `if __name__ == "__main__":` guard.
    """
    options = options or CrawlOptions()
    started = time.monotonic()
    writer = LedgerWriter(lambda: open_crawl_ledger(db_path))
    crawler = Crawler(writer, options, stop or threading.Event())
    try:
        report = asyncio.run(crawler.run(feeds, on_start, on_feed))
    finally:
        crawler.close()
        writer.close()
    report.seconds = time.monotonic() - started
    return report


def open_crawl_ledger(db_path: str | Path) -> sqlite_utils.Database:
    """The ledger, committing without an fsync per transaction, with a page cache for a writer.

    In WAL mode that keeps the ledger consistent through any crash of this
    process; only a power cut may lose the last few commits, which the next
    crawl fetches again. 64 MiB of cache keep the index pages a long run of
    writes touches in memory (writes per CPU-second +21% at 300k claims).
    """
    db = open_ledger(db_path)
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute(f"PRAGMA cache_size = -{WRITER_CACHE_KIB}")
    return db


class Crawler:
    """The state of one round: the ledger writer, the fetcher, and what is already stored."""

    def __init__(self, writer: LedgerWriter, options: CrawlOptions, stop: threading.Event) -> None:
        self.writer = writer
        self.options = options
        self.stop = stop
        self.known: dict[int, dict[str, str]] = {}
        self._workers: Executor | None = None
        self.due_feeds = 0

    @property
    def workers(self) -> Executor:
        """The pool that prepares documents, started when the first changed entry needs it."""
        if self._workers is None:
            automatic = (os.cpu_count() or 1) if self.due_feeds >= POOL_FROM_FEEDS else 1
            count = self.options.workers or automatic
            if count == 1:
                self._workers = ThreadPoolExecutor(1, thread_name_prefix="prepare")
            else:
                from claimledger.crawl.prepare import start_worker

                # spawn, not fork: this process already runs threads (the ledger writer).
                self._workers = ProcessPoolExecutor(
                    count, get_context("spawn"), initializer=start_worker, initargs=(os.getpid(),)
                )
        return self._workers

    def close(self) -> None:
        if self._workers is not None:
            self._workers.shutdown(cancel_futures=True)

    async def prepare(
        self, entry: Entry, article: ArticlePage | None, lang_hint: str | None
    ) -> PreparedDocument | None:
        """`prepare_document` in the pool; a pool broken by a worker's death (OOM killer, SIGKILL) is replaced once.

        Without that, one lost worker failed every entry still in flight and,
        once broken, the pool refused the entries of every later feed.
        """
        from claimledger.crawl.prepare import prepare_document

        pool = self.workers
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, prepare_document, entry, article, lang_hint)
        except BrokenProcessPool:
            if self._workers is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                self._workers = None
        return await asyncio.get_running_loop().run_in_executor(
            self.workers, prepare_document, entry, article, lang_hint
        )

    async def write(self, function: Callable, *arguments: object) -> object:
        return await asyncio.wrap_future(self.writer.submit(function, *arguments))

    async def run(
        self,
        feeds: list[FeedConfig],
        on_start: Callable[[int], None] | None,
        on_feed: Callable[[FeedReport], None] | None,
    ) -> CrawlReport:
        now = utc_now()
        rows = await self.write(sync_feeds, feeds, now)
        self.known = await self.write(known_entries, [row["id"] for row in rows])
        configs = {feed.name: feed for feed in feeds}
        self.due_feeds = sum(skip_reason(row, now) is None for row in rows)
        if on_start:
            on_start(len(rows))
        semaphore = asyncio.Semaphore(self.options.concurrency)
        report = CrawlReport()
        async with Fetcher(self.options.limits, max_connections=self.options.concurrency * 2) as fetcher:

            async def one(row: dict) -> None:
                async with semaphore:
                    feed_report = await self.crawl_feed(fetcher, row, configs[row["name"]], now)
                report.feeds.append(feed_report)
                if on_feed:
                    on_feed(feed_report)

            await asyncio.gather(*(one(row) for row in rows))
        order = {row["name"]: index for index, row in enumerate(rows)}
        report.feeds.sort(key=lambda feed_report: order[feed_report.name])
        report.stopped = self.stop.is_set()
        return report

    async def crawl_feed(self, fetcher: Fetcher, row: dict, config: FeedConfig, now: datetime) -> FeedReport:
        """Fetch, parse and store one feed; never raises for anything the feed or its server does."""
        skip = skip_reason(row, now)
        if skip is None and self.stop.is_set():
            skip = "stopped before this feed was fetched"
        if skip:
            return FeedReport(row["name"], row["url"], "skipped", skip, next_attempt=row["next_attempt"])
        started = utc_now()
        outcome = FeedOutcome(status="failed", url=row["url"], started=started, finished=started)
        try:
            await self.fetch_and_store(fetcher, row, config, outcome)
        except sqlite3.OperationalError:
            # The ledger itself (disk full, I/O error) is not this feed's doing: the round cannot go on.
            raise
        except Exception as error:  # noqa: BLE001 - whatever a feed makes us do wrong ends that feed, never the round
            outcome.status = "failed"
            outcome.error = f"internal error while handling this feed: {type(error).__name__}: {error}"
            outcome.save_validators = False
            outcome.finished = utc_now()
        if outcome.notes:
            outcome.error = "; ".join(filter(None, [outcome.error, *outcome.notes]))
        next_attempt = await self.write(record_outcome, row, outcome)
        return FeedReport(
            row["name"], row["url"], outcome.status, outcome.error,
            outcome.new_documents, outcome.new_claims, next_attempt, outcome.unread_languages,
        )

    async def fetch_and_store(self, fetcher: Fetcher, row: dict, config: FeedConfig, outcome: FeedOutcome) -> None:
        private_at = row["url"] if config.allow_private else None
        try:
            result = await fetcher.fetch(
                row["url"], etag=row["etag"], last_modified=row["last_modified"], allow_private_at=private_at
            )
        except FetchError as error:
            outcome.error = explain_refusal(error, row["url"], config)
            outcome.finished = utc_now()
            return
        outcome.http_status = result.status
        outcome.bytes = len(result.body)
        outcome.permanent_url = result.permanent_url
        outcome.fresh_for = freshness(result.headers)
        if result.status == 200:
            await self.store_feed(fetcher, row, config, result, outcome)
        else:
            judge_status(result, outcome, fetcher)
        outcome.finished = utc_now()

    async def store_feed(
        self, fetcher: Fetcher, row: dict, config: FeedConfig, result: FetchResult, outcome: FeedOutcome
    ) -> None:
        parsed: ParsedFeed = await asyncio.to_thread(parse_feed, result.body, result.headers, result.url)
        if parsed.error:
            outcome.error = parsed.error
            return
        outcome.status = "partial" if parsed.problems else "ok"
        outcome.notes.extend(parsed.problems)
        outcome.etag, outcome.last_modified = result.etag, result.last_modified
        known = self.known.get(row["id"], {})
        changed = [entry for entry in parsed.entries if known.get(entry.entry_id) != entry.source_hash]
        lang_hint = config.lang or parsed.lang
        articles = []
        for entry in changed:
            if self.stop.is_set():
                break
            articles.append(await self.fetch_article(fetcher, entry, row["url"] if config.allow_private else None))
        complete = len(articles) == len(changed)
        if not complete:
            outcome.notes.append("stopped before every entry was stored")
        prepared = [
            asyncio.ensure_future(self.prepare(entry, article, lang_hint)) for entry, article in zip(changed, articles)
        ]
        for entry, future in zip(changed, prepared):
            try:
                document = await future
            except Exception as error:  # noqa: BLE001 - one entry the extractor cannot handle must not stop the feed
                complete = False
                outcome.status = "partial"
                outcome.notes.append(f"entry {entry.entry_id}: extraction failed: {type(error).__name__}: {error}")
                continue
            if document is None:
                continue
            outcome.notes.extend(f"entry {entry.entry_id}: {note}" for note in document.notes)
            if entry.entry_id in known:
                await self.flag_reused_id(row, document, outcome)
            new_documents, new_claims = await self.write(store_document, row, document, utc_now())
            outcome.new_documents += new_documents
            outcome.new_claims += new_claims
            if new_documents and document.lang not in SUPPORTED:
                outcome.unread_languages[document.lang] = outcome.unread_languages.get(document.lang, 0) + 1
        outcome.save_validators = complete

    async def flag_reused_id(self, row: dict, document: PreparedDocument, outcome: FeedOutcome) -> None:
        """Note an edit whose title has nothing in common with the last one: the publisher may have reused the id.

        The entry is still stored as a new revision; the note lets a reader tell
        a corrected post from a different post under an old id.
        """
        before = await self.write(previous_title, row["id"], document.entry.entry_id)
        if before and SequenceMatcher(None, before, document.title).ratio() < REUSED_ID_SIMILARITY:
            outcome.notes.append(
                f"entry {document.entry.entry_id}: new title {document.title!r} after {before!r}; "
                "stored as a new revision, but the id may have been reused for another post"
            )

    async def fetch_article(self, fetcher: Fetcher, entry: Entry, private_at: str | None) -> ArticlePage | None:
        """The article page of a summary-only entry (or why it could not be had)."""
        if not entry.summary_only or not entry.url:
            return None
        try:
            result = await fetcher.fetch(entry.url, allow_private_at=private_at)
        except FetchError as error:
            return ArticlePage(entry.url, None, None, None, str(error))
        if result.status != 200:
            return ArticlePage(entry.url, result.status, None, None, f"HTTP {result.status}")
        return ArticlePage(entry.url, 200, result.body, response_charset(result.headers), None)


def explain_refusal(error: FetchError, feed_url: str, config: FeedConfig) -> str:
    """The reason a feed's fetch failed; a feed refused for its own private address is told how to allow it."""
    if isinstance(error, RefusedAddressError) and not config.allow_private and same_origin(error.url, feed_url):
        return f"{error}; if the feed is served on this machine or your own network, `allow_private = true` in its [[feeds]] entry allows it"
    return str(error)


def same_origin(url: str, other: str) -> bool:
    try:
        return origin(url) == origin(other)
    except FetchError:
        return False


def response_charset(headers: dict[str, str]) -> str | None:
    """The charset the Content-Type header names, if Python knows it."""
    match = re.search(r"charset=[\"']?([\w.:-]+)", headers.get("content-type", ""), re.IGNORECASE)
    return codec_name(match.group(1)) if match else None


def judge_status(result: FetchResult, outcome: FeedOutcome, fetcher: Fetcher) -> None:
    """The outcome of a non-200 final status."""
    if result.status == 304:
        outcome.status = "not_modified"
        outcome.etag, outcome.last_modified = result.etag, result.last_modified
    elif result.status == 410:
        outcome.status = "gone"
        outcome.error = "HTTP 410 Gone: the feed is retired"
    else:
        outcome.error = f"HTTP {result.status}"
        retry_after = parse_retry_after(result.headers)
        if retry_after:
            outcome.retry_after = retry_after
            outcome.error += f" (Retry-After {int(retry_after.total_seconds())} s)"
            if result.status in (429, 503):
                host, _port = origin(result.url)
                fetcher.gate.pause(host, time.time() + retry_after.total_seconds())


