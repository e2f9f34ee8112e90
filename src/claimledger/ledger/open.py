"""Opening a ledger (migrated to the latest schema) and checking that a file is one.

A ledger is stamped with the schema that migrated it (`PRAGMA user_version`
holds a checksum of schema.py), so a crawl round that finds its own stamp opens
the file with plain sqlite3: an all-304 round never loads sqlite-utils.
"""

from __future__ import annotations

import os
import sqlite3
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from claimledger.errors import LedgerError

if TYPE_CHECKING:
    import sqlite_utils

SCHEMA_SOURCE = Path(__file__).with_name("schema.py")
# Statements that open or end a transaction themselves: LedgerConnection.execute never commits after them.
TRANSACTION_CONTROL = frozenset({"BEGIN", "SAVEPOINT", "RELEASE", "ROLLBACK", "COMMIT", "END"})

# sqlite3 binds a value that is not exactly an int, float, str or bytearray (None, a bool, bytes) only after
# failing to find an adapter for it, which formats and clears an AttributeError each time: a claim row's empty
# fields and its two flags cost more to bind than all its other values, and a text's digest (bytes) is bound in
# every look-up and insert of the search index. Adapters that are C functions bind the same (None as NULL, a
# bool as the integer sqlite3 stored for it, bytes as themselves) without the failed look-up or a Python call.
sqlite3.register_adapter(type(None), {}.get)
sqlite3.register_adapter(bool, int)
sqlite3.register_adapter(bytes, bytes)


def open_ledger(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) a ledger at `path` in WAL mode, migrated to the latest schema.

    Indexes a bulk load killed half-way left unbuilt are built, rows written
    by other means than ledger.writes are indexed for search, and the package's
    rows of the entities table follow the package's entities file.
    """
    import sqlite_utils

    from claimledger.ledger.entities import refresh_package_entities
    from claimledger.ledger.indexes import create_missing_indexes
    from claimledger.ledger.schema import migrations
    from claimledger.ledger.search_index import index_pending

    db = sqlite_utils.Database(path)
    db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 30000")
    migrations.apply(db)
    with db.conn:
        refresh_package_entities(db.conn)
    create_missing_indexes(db)
    index_pending(db)
    stamp = schema_stamp()
    if db.execute("PRAGMA user_version").fetchone()[0] != stamp:
        db.execute(f"PRAGMA user_version = {stamp}")
    return db


def schema_stamp() -> int:
    """A number naming this schema.py: a ledger stamped with it has had every migration it holds."""
    return zlib.crc32(SCHEMA_SOURCE.read_bytes()) & 0x7FFFFFFF


class LedgerConnection:
    """A ledger on a plain sqlite3 connection: `conn` and `execute`, all the crawl's own writes use.

    Any other attribute is sqlite_utils.Database's over the same connection,
    so sqlite-utils is loaded only by the first write that needs it.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._database: sqlite_utils.Database | None = None
        # Search rows waiting for the open transaction's commit, when the ledger's writer thread holds the ledger.
        self.search_backlog: list[tuple[int, str]] | None = None

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        """As sqlite_utils.Database.execute: a write outside a transaction is committed at once (and one that
        fails there rolled back), so code written for a Database runs the same on this connection."""
        was_in_transaction = self.conn.in_transaction
        try:
            cursor = self.conn.execute(sql, parameters)
        except Exception:
            if not was_in_transaction and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        if (not was_in_transaction and self.conn.in_transaction and cursor.description is None
                and sql.split(None, 1)[0].upper() not in TRANSACTION_CONTROL):
            self.conn.execute("COMMIT")
        return cursor

    def close(self) -> None:
        self.conn.close()

    def __getattr__(self, name: str) -> Any:
        if self._database is None:
            import sqlite_utils

            self._database = sqlite_utils.Database(self.conn)
        return getattr(self._database, name)


def open_ledger_connection(path: str | Path) -> LedgerConnection:
    """The ledger at `path` (created if needed), migrated first, through sqlite-utils, only when it lacks this
    schema's stamp.

    A stamped ledger skips open_ledger's repairs (secondary indexes a killed bulk load left unbuilt, rows
    written by plain SQL not yet searchable): the crawl's writes need neither, and every command that reads
    the ledger opens it with open_ledger, which makes them.
    """
    connection = sqlite3.connect(path)
    try:
        stamped = connection.execute("PRAGMA user_version").fetchone()[0] == schema_stamp()
    except sqlite3.DatabaseError:
        connection.close()
        raise
    if not stamped:
        connection.close()
        open_ledger(path).close()
        connection = sqlite3.connect(path)
    for pragma in ("foreign_keys = ON", "busy_timeout = 30000", "recursive_triggers = ON"):
        connection.execute(f"PRAGMA {pragma}")
    return LedgerConnection(connection)


def open_repaired_connection(path: str | Path) -> LedgerConnection:
    """The ledger as `open_ledger` leaves it (migrated, repaired, the package's entities current), on a plain
    sqlite3 connection: sqlite-utils (and numpy with it) loads only for a migration or a repair that needs it.

    For commands that read and write with plain SQL (`claims diff`): importing sqlite-utils costs more CPU
    than a diff with nothing new to judge.
    """
    from claimledger.ledger.entities import refresh_package_entities
    from claimledger.ledger.indexes import create_missing_indexes
    from claimledger.ledger.search_index import index_pending

    ledger = open_ledger_connection(path)
    with ledger.conn:
        refresh_package_entities(ledger.conn)
    create_missing_indexes(ledger)
    index_pending(ledger)
    return ledger


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
