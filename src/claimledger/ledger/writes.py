"""Writing a document and its claims to the ledger.

Claims are stored without a claim key: keys are the diff's rules, and
`claims diff` computes them for every claim that lacks one (or whose key the
rules or the alias file have since changed) before it compares anything.
"""

from __future__ import annotations

import sqlite_utils

from claimledger.types import Claim, Document

CLAIM_FIELDS = Claim.field_names()
CLAIM_ROW = [*CLAIM_FIELDS, "document_id", "source", "url", "published"]
# OR IGNORE: an extractor reporting one span twice must not abort the document.
INSERT_CLAIM = (
    f"INSERT OR IGNORE INTO claims ({', '.join(f'[{column}]' for column in CLAIM_ROW)}) "
    f"VALUES ({', '.join('?' for _ in CLAIM_ROW)})"
)


def document_with_text(db: sqlite_utils.Database, content_hash: str) -> tuple[int, int] | None:
    """(id, feed id) of the first document stored with this text, if any."""
    return db.execute(
        "SELECT id, feed_id FROM documents WHERE content_hash = ? ORDER BY id LIMIT 1", [content_hash]
    ).fetchone()


def insert_document(db: sqlite_utils.Database, feed_id: int, document: Document, fetched: str) -> tuple[int, int]:
    """Store `document` as the next revision of its entry, with its claims; return (its id, claims stored)."""
    (latest,) = db.execute(
        "SELECT coalesce(max(revision), 0) FROM documents WHERE entry_id = ?", [document.entry_id]
    ).fetchone()
    document_id = db["documents"].insert(
        {
            "feed_id": feed_id,
            "source": document.source,
            "entry_id": document.entry_id,
            "url": document.url,
            "title": document.title,
            "published": document.published,
            "fetched": fetched,
            "lang": document.lang,
            "text": document.text,
            "content_hash": document.content_hash,
            "revision": latest + 1,
        }
    ).last_pk
    return document_id, insert_claims(db, document_id, document)


def insert_claims(db: sqlite_utils.Database, document_id: int, document: Document) -> int:
    """Insert a document's claims with their provenance; return how many were stored."""
    rows = [
        [*(getattr(claim, name) for name in CLAIM_FIELDS), document_id, document.source, document.url, document.published]
        for claim in document.claims
    ]
    if not rows:
        return 0
    # Plain executemany: sqlite-utils' insert_all costs more than the insert itself at this size.
    return db.conn.executemany(INSERT_CLAIM, rows).rowcount


def credit_document(db: sqlite_utils.Database, document_id: int, feed_id: int, source: str) -> None:
    """Credit a stored document and its claims to another feed."""
    db.execute("UPDATE documents SET feed_id = ?, source = ? WHERE id = ?", [feed_id, source, document_id])
    db.execute("UPDATE claims SET source = ? WHERE document_id = ?", [source, document_id])
