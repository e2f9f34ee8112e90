"""WAL checkpoints off the writer's thread: a thread of their own copies committed pages into the ledger file.

SQLite checkpoints a WAL ledger in the connection that commits, once the WAL
holds 1,000 pages: a long load spent about a sixth of the writer's time there,
copying pages and waiting for two fsyncs. The writer turns those automatic
checkpoints off and asks a `Checkpointer` after each commit instead; it runs a
PASSIVE checkpoint on a connection of its own, at most once per
MIN_INTERVAL_SECONDS, while the writer goes on writing (SQLite releases the GIL
while it copies). A checkpoint never changes what is committed, so a crash at
any moment loses nothing the WAL holds, and the last connection to close
checkpoints what is left.

SQLite starts the WAL afresh only when a write transaction begins with every
page already copied, which a writer that never pauses does not give it: once
the WAL file is past WAL_LIMIT_BYTES the writer checkpoints once itself between
two transactions (cheap: the checkpointer has copied all but the last batch),
and SQLite cuts the file back to that size when it starts afresh
(journal_size_limit), so the WAL stays bounded however long the load.
"""

from __future__ import annotations

import os
import sqlite3
import threading

MIN_INTERVAL_SECONDS = 1.0
# The WAL's size past which the writer makes SQLite start it afresh.
WAL_LIMIT_BYTES = 64 * 1024 * 1024
CHECKPOINT = "PRAGMA wal_checkpoint(PASSIVE)"


class Checkpointer:
    """A thread checkpointing the WAL ledger at `path` when asked (`request`), until `close`."""

    def __init__(self, path: str, min_interval: float = MIN_INTERVAL_SECONDS) -> None:
        self.path = path
        self.wal_path = f"{path}-wal"
        self.min_interval = min_interval
        self._requested = threading.Event()
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ledger-checkpointer", daemon=True)
        self._thread.start()

    def request(self) -> None:
        """Ask for a checkpoint of what is committed so far."""
        self._requested.set()

    def close(self) -> None:
        """End the thread (after the checkpoint under way, if any)."""
        self._closing.set()
        self._requested.set()
        self._thread.join()

    def _run(self) -> None:
        connection = sqlite3.connect(self.path)
        try:
            while self._requested.wait() and not self._closing.is_set():
                self._requested.clear()
                try:
                    connection.execute(CHECKPOINT).fetchone()
                except sqlite3.Error:
                    # Opportunistic: the next request tries again, and the writer's own commits report a full disk.
                    pass
                self._closing.wait(self.min_interval)
        finally:
            connection.close()


def start_checkpointer(connection: sqlite3.Connection) -> Checkpointer | None:
    """Move the checkpoints of `connection`'s WAL ledger to a Checkpointer; None for a ledger in another mode."""
    (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    path = connection.execute("PRAGMA database_list").fetchone()[2]
    if mode != "wal" or not path:
        return None
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    connection.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT_BYTES}")
    return Checkpointer(path, MIN_INTERVAL_SECONDS)


def keep_wal_bounded(connection: sqlite3.Connection, checkpointer: Checkpointer) -> None:
    """Between two transactions: checkpoint here once the WAL file is past WAL_LIMIT_BYTES, so the next
    transaction starts it afresh (if the checkpointer is busy copying, after a later commit)."""
    if os.path.getsize(checkpointer.wal_path) <= WAL_LIMIT_BYTES:
        return
    try:
        connection.execute(CHECKPOINT).fetchone()
    except sqlite3.Error:
        pass  # as in Checkpointer._run: tried again after the next commit
