"""Writing a document and its claims to the ledger: plain prepared statements, the search index fed here.

Claims are stored without a claim key: keys are the diff's rules, and
`claims diff` computes them for every claim that lacks one (or whose key the
rules or the alias file have since changed) before it compares anything.

The statements are built once from the `Claim` fields, so nothing asks SQLite
for a table's columns per row; each distinct sentence and the title are indexed
for search in the same transaction (ledger.search_index; the writer thread
indexes a batch's texts together, just before its commit).

A claim's `claimant` is the one the post names (empty: the publisher, the
document's source, makes the claim); `replaced_by` is stored as the id of the
replacing claim (the extractor gives its offset). New names the extractor saw go to the
`entities` table (ledger.entities).
"""

from __future__ import annotations

import sqlite3
from operator import attrgetter
from typing import TYPE_CHECKING

from claimledger.ledger.entities import record_seen
from claimledger.ledger.search_index import sentence_ids
from claimledger.types import Claim, Document

if TYPE_CHECKING:
    # Only for hints: the crawl's writer imports this module with its first document, and sqlite-utils (numpy
    # with it) would cost that write a quarter of a second.
    import sqlite_utils

# replaced_by is an offset in the Claim and a claim id in the ledger: set once the claims have ids.
CLAIM_FIELDS = [name for name in Claim.field_names() if name != "replaced_by"]
_claim_values = attrgetter(*CLAIM_FIELDS)
CLAIM_ROW = [*CLAIM_FIELDS, "sentence_id", "document_id", "source", "url", "published"]
INSERT_CLAIM = (
    f"INSERT INTO claims ({', '.join(f'[{column}]' for column in CLAIM_ROW)}) "
    f"VALUES ({', '.join('?' for _ in CLAIM_ROW)})"
)
DOCUMENT_ROW = [
    "feed_id", "source", "entry_id", "url", "title", "title_sentence_id", "published",
    "fetched", "lang", "text", "content_hash", "revision",
]
INSERT_DOCUMENT = (
    f"INSERT INTO documents ({', '.join(f'[{column}]' for column in DOCUMENT_ROW)}) "
    f"VALUES ({', '.join('?' for _ in DOCUMENT_ROW)})"
)


def document_with_text(db: sqlite_utils.Database, content_hash: str) -> tuple[int, int] | None:
    """(id, feed id) of the first document stored with this text, if any."""
    return db.conn.execute(
        "SELECT id, feed_id FROM documents WHERE content_hash = ? ORDER BY id LIMIT 1", [content_hash]
    ).fetchone()


def insert_document(db: sqlite_utils.Database, feed_id: int | None, document: Document, fetched: str) -> tuple[int, int]:
    """Store `document` as the next revision of its entry, with its claims; return (its id, claims stored).

    The caller holds the transaction: a document is never stored without its claims.
    """
    connection = db.conn
    (latest,) = connection.execute(
        "SELECT coalesce(max(revision), 0) FROM documents WHERE entry_id = ?", [document.entry_id]
    ).fetchone()
    claims = distinct_spans(document.claims)
    # The ledger's writer thread indexes a batch's new texts at its commit (ledger.search_index); others at once.
    backlog = getattr(db, "search_backlog", None)
    ids = sentence_ids(connection, [document.title, *(claim.sentence for claim in claims)], backlog)
    document_id = connection.execute(
        INSERT_DOCUMENT,
        [feed_id, document.source, document.entry_id, document.url, document.title, ids.get(document.title),
         document.published, fetched, document.lang, document.text, document.content_hash, latest + 1],
    ).lastrowid
    provenance = (document_id, document.source, document.url, document.published)
    rows = [(*_claim_values(claim), ids.get(claim.sentence), *provenance) for claim in claims]
    if rows:
        (last_before,) = connection.execute("SELECT coalesce(max(id), 0) FROM claims").fetchone()
        connection.executemany(INSERT_CLAIM, rows)
        _link_replacements(connection, last_before, claims)
    record_seen(connection, document.entities)
    return document_id, len(rows)


def _link_replacements(connection: sqlite3.Connection, last_before: int, claims: list[Claim]) -> None:
    """Point each replaced figure at the id of the claim that replaces it (the one starting at its `replaced_by`).

    The document's claims are the rows after `last_before`, the highest claim id before they were inserted (one
    writer at a time): found by rowid, so without the secondary indexes a bulk load drops.
    """
    replaced = [claim for claim in claims if claim.replaced_by is not None]
    if not replaced:
        return
    ids: dict[int, int] = {}
    for claim_id, start in connection.execute("SELECT id, start FROM claims WHERE id > ? ORDER BY id", [last_before]):
        ids.setdefault(start, claim_id)
    updates = [(ids[claim.replaced_by], ids[claim.start]) for claim in replaced if claim.replaced_by in ids and claim.start in ids]
    connection.executemany("UPDATE claims SET replaced_by = ? WHERE id = ?", updates)


def distinct_spans(claims: list[Claim]) -> list[Claim]:
    """The claims with one per (start, end): an extractor reporting a span twice must not abort the document."""
    seen: set[tuple[int, int]] = set()
    kept = []
    for claim in claims:
        span = (claim.start, claim.end)
        if span not in seen:
            seen.add(span)
            kept.append(claim)
    return kept


def credit_document(db: sqlite_utils.Database, document_id: int, feed_id: int, source: str) -> None:
    """Credit a stored document and its claims to another feed."""
    db.execute("UPDATE documents SET feed_id = ?, source = ? WHERE id = ?", [feed_id, source, document_id])
    db.execute("UPDATE claims SET source = ? WHERE document_id = ?", [source, document_id])
