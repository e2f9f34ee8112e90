"""A savepoint on a ledger connection: writes that happen together or not at all, in plain SQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def atomic(db: Any) -> Iterator[None]:
    """A savepoint on `db.conn` (a LedgerConnection's or a sqlite_utils.Database's): its writes happen together or
    not at all, inside or outside an open transaction."""
    connection = db.conn
    connection.execute("SAVEPOINT ledger_atomic")
    try:
        yield
    except BaseException:
        # An error such as a full disk may have ended the whole transaction, savepoint included.
        if connection.in_transaction:
            connection.execute("ROLLBACK TO ledger_atomic")
            connection.execute("RELEASE ledger_atomic")
        raise
    connection.execute("RELEASE ledger_atomic")
