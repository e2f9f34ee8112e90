"""A full run's share of work done in other processes, each reading the ledger read-only.

WAL lets a worker read while the run's own process writes what the workers return.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils


@dataclass
class Reader:
    """What the run's readers read through (`db.conn`), in a worker: a read-only connection."""

    conn: sqlite3.Connection


@contextmanager
def read_only(path: str) -> Iterator[Reader]:
    """The ledger at `path`, read-only, for the block."""
    connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        yield Reader(connection)
    finally:
        connection.close()


def pool(workers: int) -> ProcessPoolExecutor:
    """`workers` fresh processes (spawned: nothing of this one's state is inherited)."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def ledger_path(db: sqlite_utils.Database) -> str | None:
    """The file of an open ledger; None for one in memory."""
    for _, name, file in db.conn.execute("PRAGMA database_list"):
        if name == "main":
            return file or None
    return None
