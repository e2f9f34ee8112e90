"""The one thread that writes a ledger: every write is atomic, and commits are grouped while writes queue up.

A commit costs a write of every page the transaction touched (the claims
table, its indexes, the search index), so committing each document alone
rewrites the same pages over and over. The writer keeps a transaction open
while more writes are waiting, each write in a savepoint of its own (a write
that fails is undone alone), and commits as soon as its queue runs dry or
`max_batch_seconds` have passed. So a quiet crawl commits each write at once,
a busy one commits a few hundred together, and writes are committed in the
order they were submitted: a feed's new state never reaches the ledger
before its documents. A process killed at any moment loses only writes whose
commit had not happened; nothing committed is lost (WAL).

A write submitted with `submit_grouped` (the crawl's documents, which arrive a
few milliseconds apart as the workers prepare them) does not commit alone when
the queue runs dry: its batch waits up to `group_seconds` for more writes, so a
first crawl commits a few dozen documents at a time rather than each on its own
(a commit writes every page it touched to the WAL again: 3,700 commits of 4,000
documents cost the writer a third of its CPU). Any other write commits its batch
as soon as the queue runs dry, as before.

The texts a batch adds to the search index wait in the ledger's
`search_backlog` and are indexed together just before the commit, in the same
transaction (FTS5 would otherwise write a segment of its own per document:
ledger.search_index). A WAL ledger's checkpoints run on a thread of their own
(ledger.checkpoints), asked for after each commit.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from claimledger.ledger.checkpoints import Checkpointer, keep_wal_bounded, start_checkpointer
from claimledger.ledger.search_index import index_texts

if TYPE_CHECKING:
    # Only for hints: an all-304 crawl round must not import sqlite-utils (issue 11 item 2).
    import sqlite_utils

# How long a batch may stay uncommitted: what a crash can cost and how late a reader sees a write.
MAX_BATCH_SECONDS = 0.5
# How long a batch of grouped writes alone waits for more writes to share its commit.
GROUP_SECONDS = 0.1
# Writes waiting at most; a caller submitting faster than the ledger writes is held back.
MAX_QUEUED = 256
_CLOSE = object()


class LedgerWriter:
    """A thread owning the ledger connection; `submit(function, *args)` runs `function(db, *args)` there."""

    def __init__(
        self,
        open_db: Callable[[], sqlite_utils.Database],
        max_batch_seconds: float = MAX_BATCH_SECONDS,
        max_queued: int = MAX_QUEUED,
        group_seconds: float = GROUP_SECONDS,
    ) -> None:
        self.max_batch_seconds = max_batch_seconds
        self.group_seconds = group_seconds
        # Seconds spent writing and committing (wall and this thread's CPU): the write path's own time.
        self.busy_seconds = 0.0
        self.busy_cpu_seconds = 0.0
        self.commits = 0
        self._queue: queue.Queue = queue.Queue(max_queued)
        self._settled: list[tuple[Future, Any, bool]] = []
        # Search rows of the open transaction's writes (ledger.search_index), indexed just before it commits.
        self._backlog: list[tuple[int, str]] = []
        self._checkpointer: Checkpointer | None = None
        self._opened: Future = Future()
        self._thread = threading.Thread(target=self._run, args=(open_db,), name="ledger-writer", daemon=True)
        self._thread.start()
        self._opened.result()

    def submit(self, function: Callable[..., Any], *args: Any) -> Future:
        """Queue `function(db, *args)`; its future holds the result once the write is committed."""
        future: Future = Future()
        self._queue.put((future, function, args, False))
        return future

    def submit_grouped(self, function: Callable[..., Any], *args: Any) -> Future:
        """As `submit`, but a batch of such writes waits up to `group_seconds` for more writes before it commits."""
        future: Future = Future()
        self._queue.put((future, function, args, True))
        return future

    def flush(self) -> None:
        """Wait until every write submitted so far is committed."""
        self.submit(lambda db: None).result()

    def close(self) -> None:
        """Commit what is pending, close the ledger and end the thread."""
        if self._thread.is_alive():
            self._queue.put(_CLOSE)
            self._thread.join()

    def __enter__(self) -> LedgerWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, open_db: Callable[[], sqlite_utils.Database]) -> None:
        try:
            db = open_db()
            self._checkpointer = start_checkpointer(db.conn)
        except BaseException as error:  # noqa: BLE001 - handed to the thread that opened the writer
            self._opened.set_exception(error)
            return
        self._opened.set_result(None)
        connection = db.conn
        db.search_backlog = self._backlog
        # Writes done in the open transaction, with their results, settled when it commits.
        done: list[tuple[Future, Any]] = []
        batch_started = 0.0
        # True when the open transaction holds a write that is not grouped: it commits once the queue runs dry.
        urgent = False
        try:
            while True:
                # A batch of grouped writes alone waits out the rest of its group_seconds for more, then commits.
                wait = max(0.0, batch_started + self.group_seconds - time.perf_counter()) if done else None
                try:
                    item = self._queue.get(timeout=wait)
                except queue.Empty:
                    item = None
                if item is _CLOSE:
                    break
                started, cpu_started = time.perf_counter(), time.thread_time()
                if item is None:
                    self._commit(connection, done)
                else:
                    if not done:
                        batch_started, urgent = started, False
                    *write, grouped = item
                    urgent = urgent or not grouped
                    self._write(db, done, *write)
                    age = started - batch_started
                    if done and (self._queue.empty() and (urgent or age >= self.group_seconds)
                                 or age >= self.max_batch_seconds):
                        self._commit(connection, done)
                self.busy_seconds += time.perf_counter() - started
                self.busy_cpu_seconds += time.thread_time() - cpu_started
                # Settled only now, so a caller woken by its future reads busy_seconds with its write counted.
                self._settle()
        finally:
            if done:
                self._commit(connection, done)
                self._settle()
            if self._checkpointer:
                self._checkpointer.close()
            db.close()

    def _write(self, db: sqlite_utils.Database, done: list, future: Future, function: Callable, args: tuple) -> None:
        """Run one write in a savepoint of the open transaction: it is undone alone if it fails."""
        if not future.set_running_or_notify_cancel():
            return
        connection = db.conn
        if not connection.in_transaction:
            connection.execute("BEGIN")
        connection.execute("SAVEPOINT ledger_write")
        backlog_before = len(self._backlog)
        try:
            result = function(db, *args)
        except BaseException as error:  # noqa: BLE001 - the caller of submit gets it
            if connection.in_transaction:
                connection.execute("ROLLBACK TO ledger_write")
                connection.execute("RELEASE ledger_write")
                del self._backlog[backlog_before:]
                if not done:
                    connection.execute("ROLLBACK")
            else:
                # The error ended the whole transaction (SQLITE_FULL, an I/O error): the batch went with it.
                self._settled += [(earlier, error, True) for earlier, _ in done]
                done.clear()
                self._backlog.clear()
            self._settled.append((future, error, True))
            return
        connection.execute("RELEASE ledger_write")
        done.append((future, result))

    def _commit(self, connection: Any, done: list[tuple[Future, Any]]) -> None:
        """Index the batch's new texts and commit the open transaction; its writes' outcomes wait in `_settled`."""
        try:
            if self._backlog:
                index_texts(connection, self._backlog)
            connection.execute("COMMIT")
        except BaseException as error:  # noqa: BLE001 - every write of the batch failed with it
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            self._settled += [(future, error, True) for future, _ in done]
        else:
            self.commits += 1
            self._settled += [(future, result, False) for future, result in done]
            if self._checkpointer:
                self._checkpointer.request()
                keep_wal_bounded(connection, self._checkpointer)
        done.clear()
        self._backlog.clear()

    def _settle(self) -> None:
        """Tell the callers of committed (or failed) writes how they ended."""
        for future, outcome, failed in self._settled:
            if failed:
                future.set_exception(outcome)
            else:
                future.set_result(outcome)
        self._settled.clear()
