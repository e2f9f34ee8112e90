"""`claims ingest`: an archive into the ledger, prepared on every core (or a Dask cluster), written here.

Records are read in order; one already stored (its feed entry has the same
source hash) is skipped before any work, so an interrupted ingest resumes
where it stopped. The rest go in batches to the preparers (crawl worker
processes, or Dask workers running the same code) and come back in order to
the crawl's writer (ledger.writer, crawl.store.store_document), which never
re-credits or rewrites a stored document. Loading an archive larger than the
ledger drops the secondary indexes first and builds them at the end
(ledger.indexes), also when the run is interrupted.

Each source (the record's `source`, else the archive's name) is a feed row of
its own, `archive:<source>`, unless a crawled feed has that name.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Protocol

import sqlite_utils

from claimledger.crawl.round import open_crawl_ledger
from claimledger.crawl.schedule import iso, utc_now
from claimledger.crawl.store import store_document
from claimledger.errors import ConfigError
from claimledger.ingest.archive import BadLine, Record, count_records, read_archives
from claimledger.ledger.indexes import create_missing_indexes, drop_deferrable_indexes
from claimledger.ledger.open import connect_read_only
from claimledger.ledger.writer import LedgerWriter

# Records per task: large enough that handing one over costs little beside extracting it.
BATCH_RECORDS = 8
# Batches waiting or in work per preparer, so every preparer always has the next one at hand.
BATCHES_PER_PREPARER = 3
ARCHIVE_SCHEME = "archive:"
# How long to keep trying to reach a Dask scheduler.
DASK_CONNECT_SECONDS = 30


@dataclass(slots=True)
class IngestOptions:
    """How an ingest is run."""

    # Preparing processes on this machine; 0 means one per CPU. Ignored with `dask`.
    workers: int = 0
    # The address of a Dask scheduler (tcp://host:8786): prepare there instead.
    dask: str | None = None
    # The source of documents that name none (default: the archive file's or folder's name).
    source: str | None = None


@dataclass(slots=True)
class IngestReport:
    """What an ingest read and stored."""

    records: int = 0
    new_documents: int = 0
    new_claims: int = 0
    already_stored: int = 0
    # Records that held no text once cleaned.
    empty: int = 0
    bad_lines: list[BadLine] = field(default_factory=list)
    failures: list[BadLine] = field(default_factory=list)
    # True when the secondary indexes were dropped for the load and built after it.
    bulk: bool = False
    preparers: str = ""


class Preparers(Protocol):
    """Where records are prepared: `submit` returns a future of `prepare_batch(records)`."""

    description: str

    def submit(self, records: list[Record]) -> Any: ...

    def count(self) -> int: ...

    def close(self) -> None: ...


class LocalPreparers:
    """Crawl worker processes on this machine, started with the first batch (a resumed ingest may need none).

    One worker means this process (a thread), as `claims crawl --workers 1` does.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.pool: Executor | None = None
        self.description = f"on {self.workers} local worker processes" if self.workers > 1 else "in this process"

    def submit(self, records: list[Record]) -> Future:
        from claimledger.crawl.prepare import start_worker
        from claimledger.ingest.prepare import prepare_batch

        if self.pool is None and self.workers == 1:
            self.pool = ThreadPoolExecutor(1, thread_name_prefix="prepare")
        elif self.pool is None:
            # spawn, not fork: this process already runs threads (the ledger writer).
            self.pool = ProcessPoolExecutor(
                self.workers, get_context("spawn"), initializer=start_worker, initargs=(os.getpid(),)
            )
        return self.pool.submit(prepare_batch, records)

    def count(self) -> int:
        return self.workers

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


class DaskPreparers:
    """The workers of a Dask distributed cluster; every worker loads the extractor before the first batch.

    Raises:
        ConfigError: `distributed` is not installed, the scheduler cannot be
            reached, or its workers cannot run claimledger.
    """

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ConfigError("--dask needs Dask distributed: pip install 'claimledger[dask]'") from None
        from claimledger.ingest.prepare import warm_up

        try:
            self.client = Client(address, timeout=DASK_CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise ConfigError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        try:
            workers = self.client.run(warm_up)
        except Exception as error:  # noqa: BLE001 - whatever a worker raised, the cluster cannot prepare records
            self.client.close()
            raise ConfigError(f"the Dask workers at {address} cannot run claimledger: {error}") from None
        if not workers:
            self.client.close()
            raise ConfigError(f"the Dask scheduler at {address} has no workers")
        self.workers = len(workers)
        self.description = f"on {self.workers} Dask worker{'s' if self.workers > 1 else ''} at {address}"

    def submit(self, records: list[Record]) -> Any:
        from claimledger.ingest.prepare import prepare_batch

        return self.client.submit(prepare_batch, records, pure=False)

    def count(self) -> int:
        return self.workers

    def close(self) -> None:
        self.client.close()


def ingest(
    db_path: str | Path,
    paths: list[Path],
    options: IngestOptions | None = None,
    *,
    on_start: Callable[[int, str], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_problem: Callable[[BadLine], None] | None = None,
) -> IngestReport:
    """Store every document of the archives `paths` in the ledger at `db_path`, skipping those already stored.

    `on_start` gets the number of records and where they are prepared,
    `on_progress` the number of records just handled, `on_problem` each line
    that is not a document and each record that could not be prepared. Worker
    processes are spawned, so a script calling this needs the usual
    `if __name__ == "__main__":` guard.
    """
    options = options or IngestOptions()
    report = IngestReport(records=count_records(paths))
    # The cluster first: a scheduler that cannot be reached leaves the ledger as it was (or uncreated).
    preparers: Preparers = DaskPreparers(options.dask) if options.dask else LocalPreparers(options.workers)
    writer = None
    try:
        writer = LedgerWriter(lambda: open_crawl_ledger(db_path))
        stored = writer.submit(lambda db: db.execute("SELECT count(*) FROM documents").fetchone()[0]).result()
        report.bulk = report.records > stored
        if report.bulk:
            writer.submit(drop_deferrable_indexes).result()
        report.preparers = preparers.description
        if on_start:
            on_start(report.records, preparers.description)
        Ingest(db_path, writer, preparers, report, on_progress, on_problem).run(read_archives(paths, options.source))
    finally:
        preparers.close()
        if writer is not None:
            if report.bulk:
                writer.submit(create_missing_indexes)
            writer.close()
    return report


class Ingest:
    """One run: what is stored already, batches at the preparers, and writes at the writer."""

    def __init__(
        self,
        db_path: str | Path,
        writer: LedgerWriter,
        preparers: Preparers,
        report: IngestReport,
        on_progress: Callable[[int], None] | None,
        on_problem: Callable[[BadLine], None] | None,
    ) -> None:
        self.writer = writer
        self.preparers = preparers
        self.report = report
        self.on_progress = on_progress or (lambda count: None)
        self.on_problem = on_problem or (lambda problem: None)
        self.now = utc_now()
        self.feeds: dict[str, dict] = {}
        # Read-only, beside the writer's connection: WAL lets it read what the writer has committed.
        self.reader = connect_read_only(Path(db_path))
        self.preparing: deque[tuple[list[tuple[dict, Record]], Any]] = deque()
        self.writing: deque[tuple[Record, Future]] = deque()

    def run(self, items: Iterator[Record | BadLine]) -> None:
        batch: list[tuple[dict, Record]] = []
        seen: set[tuple[int, str, str]] = set()
        try:
            for item in items:
                if isinstance(item, BadLine):
                    self.problem(item, self.report.bad_lines)
                    continue
                feed = self.feed(item.source)
                key = (feed["id"], item.entry_id, item.source_hash)
                if key in seen or self.stored(key):
                    self.report.already_stored += 1
                    self.on_progress(1)
                    continue
                seen.add(key)
                batch.append((feed, item))
                if len(batch) == BATCH_RECORDS:
                    self.send(batch)
                    batch = []
            if batch:
                self.send(batch)
            while self.preparing:
                self.receive()
            while self.writing:
                self.settle(*self.writing.popleft())
        finally:
            self.reader.close()

    def feed(self, source: str) -> dict:
        """The feed row of a source: a crawled feed of that name, else the archive's own."""
        if source not in self.feeds:
            self.feeds[source] = self.writer.submit(archive_feed, source, self.now).result()
        return self.feeds[source]

    def stored(self, key: tuple[int, str, str]) -> bool:
        feed_id, entry_id, source_hash = key
        row = self.reader.execute(
            "SELECT source_hash FROM feed_entries WHERE feed_id = ? AND entry_key = ?", [feed_id, entry_id]
        ).fetchone()
        return row is not None and row[0] == source_hash

    def send(self, batch: list[tuple[dict, Record]]) -> None:
        self.preparing.append((batch, self.preparers.submit([record for _, record in batch])))
        while len(self.preparing) > BATCHES_PER_PREPARER * self.preparers.count():
            self.receive()

    def receive(self) -> None:
        """Wait for the oldest batch and hand its documents to the writer, in archive order."""
        batch, future = self.preparing.popleft()
        try:
            results = future.result()
        except Exception as error:  # noqa: BLE001 - a lost worker costs its batch, reported, not the run
            results = [f"preparation failed: {type(error).__name__}: {error}"] * len(batch)
        for (feed, record), result in zip(batch, results):
            if isinstance(result, str):
                self.problem(BadLine(record.origin, result), self.report.failures)
            elif result is None:
                self.report.empty += 1
                self.on_progress(1)
            else:
                self.writing.append((record, self.writer.submit(store_document, feed, result, self.now, False)))
        while self.writing and self.writing[0][1].done():
            self.settle(*self.writing.popleft())

    def settle(self, record: Record, future: Future) -> None:
        try:
            new_documents, new_claims = future.result()
        except Exception as error:  # noqa: BLE001 - one document the ledger refused, reported
            self.problem(BadLine(record.origin, f"not stored: {type(error).__name__}: {error}"), self.report.failures)
            return
        self.report.new_documents += new_documents
        self.report.new_claims += new_claims
        self.on_progress(1)

    def problem(self, problem: BadLine, kept: list[BadLine]) -> None:
        kept.append(problem)
        self.on_problem(problem)
        self.on_progress(1)


def archive_feed(db: sqlite_utils.Database, source: str, now: Any) -> dict:
    """The feed named `source`, created as `archive:<source>` when the ledger has none of that name."""
    row = db.execute("SELECT id, name FROM feeds WHERE name = ? ORDER BY id LIMIT 1", [source]).fetchone()
    if row is None:
        url = ARCHIVE_SCHEME + source
        row = db.execute("SELECT id, name FROM feeds WHERE url = ? ORDER BY id LIMIT 1", [url]).fetchone()
    if row is None:
        cursor = db.execute(
            "INSERT INTO feeds (name, url, config_url, status, added) VALUES (?, ?, ?, 'archive', ?)",
            [source, url, url, iso(now)],
        )
        row = (cursor.lastrowid, source)
    return {"id": row[0], "name": row[1]}
