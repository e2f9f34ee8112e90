"""The lock file beside a ledger: one crawl writes a ledger at a time."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from claimledger.errors import CrawlLockedError



@contextmanager
def crawl_lock(db_path: str | Path, wait: bool = False) -> Iterator[None]:
    """Hold `<db>.lock` for the duration, so two crawls never write one ledger at once.

    Raises:
        CrawlLockedError: another crawl holds the lock and `wait` is false.
    """
    lock_path = Path(f"{db_path}.lock")
    with open(lock_path, "a+") as lock_file:
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            lock_file.seek(0)
            holder = lock_file.read().strip() or "?"
            raise CrawlLockedError(
                f"another crawl (pid {holder}) is writing to {db_path}; use --wait to wait for it"
            ) from None
        lock_file.seek(0)
        lock_file.truncate()
        lock_file.write(str(os.getpid()))
        lock_file.flush()
        try:
            yield
        finally:
            lock_file.seek(0)
            lock_file.truncate()
            fcntl.flock(lock_file, fcntl.LOCK_UN)
