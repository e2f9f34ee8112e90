"""Opening a ledger (migrated to the latest schema) and checking that a file is one."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from claimledger.errors import LedgerError
from claimledger.ledger.schema import migrations


def open_ledger(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) a ledger at `path` in WAL mode, migrated to the latest schema."""
    db = sqlite_utils.Database(path)
    db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 30000")
    migrations.apply(db)
    return db


def check_ledger(path: Path) -> None:
    """Refuse a missing file or one that is not a claimledger ledger, before anything writes to it.

    Raises:
        LedgerError: the reason, in one line naming `path`.
    """
    if not path.is_file():
        raise LedgerError(f"{path}: no ledger there (create one with `claims crawl --db {path}`)")
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        raise LedgerError(f"{path}: not a SQLite database ({error})") from error
    finally:
        connection.close()
    if not {"claims", "documents"} <= tables:
        raise LedgerError(f"{path}: not a claimledger ledger (no claims and documents tables)")
