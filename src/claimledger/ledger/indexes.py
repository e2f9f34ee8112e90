"""The ledger's secondary indexes: what the writer can do without during a bulk load, and putting them back.

Writing a row into a table with five indexes costs five B-tree inserts at
random places; building an index once over a loaded table is a sort. A bulk
load (`claims ingest` into a ledger smaller than the archive, a crawl into a
ledger with no document yet) drops these indexes first and builds them when it
ends. A load killed half-way leaves them missing, so `open_ledger` builds any
that are missing before anything else reads the ledger.

The writer itself needs none of these: it looks documents up by entry id and
content hash, texts by digest, feed entries by their key and a document's new
claims by rowid, all indexes that stay. The names are those sqlite-utils gave the indexes it created.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from claimledger.ledger.savepoint import atomic

if TYPE_CHECKING:
    import sqlite_utils

    from claimledger.ledger.open import LedgerConnection


@dataclass(frozen=True)
class Index:
    """One secondary index: its table, columns and whether it is unique."""

    table: str
    columns: tuple[str, ...]
    unique: bool = False

    @property
    def name(self) -> str:
        return f"idx_{self.table}_{'_'.join(self.columns)}"

    def create_sql(self) -> str:
        columns = ", ".join(f"[{column}]" for column in self.columns)
        unique = "UNIQUE " if self.unique else ""
        return f"CREATE {unique}INDEX IF NOT EXISTS [{self.name}] ON [{self.table}] ({columns})"


DEFERRABLE_INDEXES = (
    # The writer keeps a document's spans unique itself (ledger.writes), so this holds while it is gone.
    Index("claims", ("document_id", "start", "end"), unique=True),
    Index("claims", ("claim_key", "published")),
    Index("claims", ("subject",)),
    Index("claims", ("published",)),
    Index("claims", ("sentence_id",)),
    Index("documents", ("url",)),
    Index("documents", ("published",)),
    Index("documents", ("title_sentence_id",)),
)


def missing_indexes(db: sqlite_utils.Database | LedgerConnection) -> list[Index]:
    present = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    return [index for index in DEFERRABLE_INDEXES if index.name not in present]


def create_missing_indexes(db: sqlite_utils.Database | LedgerConnection) -> list[str]:
    """Build every deferrable index the ledger lacks, each in a savepoint of its own; their names."""
    missing = missing_indexes(db)
    for index in missing:
        with atomic(db):
            db.conn.execute(index.create_sql())
    return [index.name for index in missing]


def drop_deferrable_indexes(db: sqlite_utils.Database | LedgerConnection) -> None:
    """Drop the indexes the writer can do without, before a bulk load (create_missing_indexes puts them back)."""
    with atomic(db):
        for index in DEFERRABLE_INDEXES:
            db.conn.execute(f"DROP INDEX IF EXISTS [{index.name}]")
