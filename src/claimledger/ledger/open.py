"""Opening a ledger (migrated to the latest schema) and checking that a file is one."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import sqlite_utils

from claimledger.errors import LedgerError
from claimledger.ledger.indexes import create_missing_indexes
from claimledger.ledger.schema import migrations
from claimledger.ledger.search_index import index_pending


def open_ledger(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) a ledger at `path` in WAL mode, migrated to the latest schema.

    Indexes a bulk load killed half-way left unbuilt are built, and rows written
    by other means than ledger.writes are indexed for search.
    """
    db = sqlite_utils.Database(path)
    db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 30000")
    migrations.apply(db)
    create_missing_indexes(db)
    index_pending(db)
    return db


def check_ledger(path: Path, *, writing: bool = False) -> None:
    """Refuse a missing file or one that is not a claimledger ledger, before anything writes to it.

    `writing` also refuses a ledger that cannot be written (a read-only
    filesystem or folder), for commands that store what they compute.

    Raises:
        LedgerError: the reason, in one line naming `path`.
    """
    if not path.is_file():
        raise LedgerError(f"{path}: no ledger there (create one with `claims crawl --db {path}`)")
    read_only = on_read_only_media(path)
    if writing and read_only:
        raise LedgerError(
            f"{path}: the ledger cannot be written (a read-only filesystem, or a file or folder without write "
            "permission); this command stores what it computes there: copy the ledger somewhere writable"
        )
    try:
        connection = connect_read_only(path, immutable=read_only)
    except sqlite3.OperationalError as error:
        raise LedgerError(f"{path}: cannot open the ledger ({error})") from error
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError):
            raise LedgerError(f"{path}: cannot read the ledger ({error})") from error
        raise LedgerError(f"{path}: not a SQLite database ({error})") from error
    finally:
        connection.close()
    if not {"claims", "documents"} <= tables:
        raise LedgerError(f"{path}: not a claimledger ledger (no claims and documents tables)")


def on_read_only_media(path: Path) -> bool:
    """True when the ledger or its folder cannot be written: a read-only filesystem, or no write permission.

    SQLite then cannot create the WAL index a reader needs, so the file is
    opened as immutable: nobody can be changing it.
    """
    return not (os.access(path, os.W_OK) and os.access(path.resolve().parent, os.W_OK))


def connect_read_only(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A read-only connection to the ledger at `path` (immutable on read-only media)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?{'immutable=1' if immutable else 'mode=ro'}", uri=True)
