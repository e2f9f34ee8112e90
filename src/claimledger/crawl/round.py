"""One crawl round: fetch every due feed, parse it, turn new entries into documents with claims, store them.

Fetching runs on asyncio across hosts (polite per host, see fetch.py). Parsing,
text cleaning and extraction run in worker processes (workers.py, prepare.py)
that a feed's deadline can end (deadline.py); this process only fetches and
writes. All writes go through one writer thread that owns the ledger connection
and groups commits while writes queue up (ledger.writer; the writes themselves
are in store.py). Entries whose feed content has not changed since the last
crawl cost no work at all, and a round where every feed answers 304 loads
neither feedparser, BeautifulSoup, the extractor nor sqlite-utils.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from claimledger.crawl.addresses import origin
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.deadline import Deadline
from claimledger.crawl.documents import PAGES_PER_FEED, FeedDocuments
from claimledger.crawl.fetch import Fetcher, FetchLimits, FetchResult
from claimledger.crawl.preparation import FeedPreparation
from claimledger.crawl.schedule import freshness, parse_retry_after, skip_reason, utc_now
from claimledger.crawl.store import FeedOutcome, known_entries, record_outcome, sync_feeds
from claimledger.crawl.workers import TaskFailed, TaskTimeout, WorkerLost, WorkerPool
from claimledger.errors import FetchError, RefusedAddressError
from claimledger.ledger.entities import record_stated, refresh_package_entities
from claimledger.ledger.indexes import create_missing_indexes, drop_deferrable_indexes
from claimledger.ledger.open import LedgerConnection, open_ledger_connection
from claimledger.ledger.writer import LedgerWriter

if TYPE_CHECKING:
    from claimledger.entities import Entity

POOL_FROM_FEEDS = 20
# The ledger writer's page cache (KiB).
WRITER_CACHE_KIB = 64 * 1024


@dataclass(slots=True)
class CrawlOptions:
    """How a round is run."""

    concurrency: int = 16
    # `deadline` is each feed's: its fetch, article pages, parsing and text cleaning in all.
    limits: FetchLimits = field(default_factory=FetchLimits)
    # Worker processes that parse feeds, clean text and extract claims; 0 means one per CPU for rounds of
    # at least POOL_FROM_FEEDS due feeds, else one (starting processes costs more than small rounds save).
    workers: int = 0
    # Article pages fetched for one feed in one round; entries whose page is over it wait for the next round.
    pages_per_feed: int = PAGES_PER_FEED
    # A user's own entities (--entities, feeds/entities.toml), added to the package's for extraction
    # and written to the ledger's entities table.
    entities: tuple[Entity, ...] = ()


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
    first_crawl = False
    try:
        writer.submit(record_entities, options.entities).result()
        first_crawl = writer.submit(defer_indexes_if_empty).result()
        report = asyncio.run(crawler.run(feeds, on_start, on_feed))
    finally:
        crawler.close()
        if first_crawl:
            writer.submit(create_missing_indexes)
        writer.close()
    report.seconds = time.monotonic() - started
    return report


def record_entities(ledger: LedgerConnection, entities: tuple[Entity, ...]) -> None:
    """The package's rows of the entities table as its entities file is now (a ledger stamped with this schema
    was opened without `open_ledger`), then the user's entities over the rows they correct."""
    refresh_package_entities(ledger.conn)
    if entities:
        record_stated(ledger.conn, entities)


def defer_indexes_if_empty(ledger: LedgerConnection) -> bool:
    """Into a ledger with no document yet (a first crawl), drop the secondary indexes the writer does without; True
    when they were dropped. create_missing_indexes puts them back when the round ends (after a SIGKILL, the next
    command that opens the ledger does)."""
    if ledger.execute("SELECT 1 FROM documents LIMIT 1").fetchone():
        return False
    drop_deferrable_indexes(ledger)
    return True


def open_crawl_ledger(db_path: str | Path) -> LedgerConnection:
    """The ledger on a plain connection, committing without an fsync per transaction, with a page cache for a writer.

    In WAL mode that keeps the ledger consistent through any crash of this
    process; only a power cut may lose the last few commits, which the next
    crawl fetches again. 64 MiB of cache keep the index pages a long run of
    writes touches in memory (writes per CPU-second +21% at 300k claims).
    """
    ledger = open_ledger_connection(db_path)
    ledger.execute("PRAGMA synchronous = NORMAL")
    ledger.execute(f"PRAGMA cache_size = -{WRITER_CACHE_KIB}")
    return ledger


class Crawler:
    """The state of one round: the ledger writer, the worker processes, and what is already stored."""

    def __init__(self, writer: LedgerWriter, options: CrawlOptions, stop: threading.Event) -> None:
        self.writer = writer
        self.options = options
        self.stop = stop
        self.known: dict[int, dict[str, str]] = {}
        self._workers: WorkerPool | None = None
        self.due_feeds = 0

    @property
    def workers(self) -> WorkerPool:
        """The worker processes, the first of them started when the first feed answers 200."""
        if self._workers is None:
            automatic = (os.cpu_count() or 1) if self.due_feeds >= POOL_FROM_FEEDS else 1
            self._workers = WorkerPool(self.options.workers or automatic, self.options.entities)
        return self._workers

    def close(self) -> None:
        if self._workers is not None:
            self._workers.close()

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
        """Fetch, parse and store one feed within its deadline; never raises for anything the feed or its server does."""
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
        deadline = Deadline(self.options.limits.deadline)
        private_at = row["url"] if config.allow_private else None
        try:
            result = await fetcher.fetch(
                row["url"], etag=row["etag"], last_modified=row["last_modified"], allow_private_at=private_at,
                deadline=deadline,
            )
        except FetchError as error:
            outcome.error = explain_refusal(error, row["url"], config)
            return
        outcome.http_status = result.status
        outcome.bytes = len(result.body)
        outcome.permanent_url = result.permanent_url
        outcome.fresh_for = freshness(result.headers)
        if result.status == 200:
            await self.store_feed(fetcher, row, config, result, outcome, deadline)
        else:
            judge_status(result, outcome, fetcher)

    async def store_feed(
        self, fetcher: Fetcher, row: dict, config: FeedConfig, result: FetchResult, outcome: FeedOutcome,
        deadline: Deadline,
    ) -> None:
        """Parse the feed in a worker and store its new and edited entries as the worker prepares them."""
        known = self.known.get(row["id"], {})
        preparation = FeedPreparation(self.workers, deadline, result, known, config.lang)
        try:
            try:
                plan = await preparation.start()
            except TaskTimeout:
                outcome.error = f"parsing did not finish within the feed's deadline of {deadline.seconds:g} s"
                return
            except (TaskFailed, WorkerLost) as error:
                outcome.error = f"parsing failed: {error}"
                return
            if plan.error:
                outcome.error = plan.error
                return
            outcome.status = "partial" if plan.problems else "ok"
            outcome.notes.extend(plan.problems)
            outcome.etag, outcome.last_modified = result.etag, result.last_modified
            documents = FeedDocuments(self, fetcher, row, config, deadline, outcome, preparation)
            outcome.save_validators = await documents.store(plan, config.lang or plan.lang, known)
        finally:
            await preparation.close()


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


