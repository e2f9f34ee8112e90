"""The ledger's search index: one FTS5 row per distinct sentence or title, fed from Python.

`sentences` gives every distinct text (a claim's sentence, a document's title)
an id, found by a digest of the text; `sentence_search` is a contentless FTS5
index whose rowid is that id, holding the text with a space on both sides of
every CJK character, so each character is a token (SQLite's unicode61 tokenizer
reads an unspaced Chinese run as one word). Claims point at their sentence
(`claims.sentence_id`), documents at their title (`documents.title_sentence_id`):
a search is `sentence_id in (select rowid from sentence_search where ... match ...)`.
A text shared by many claims is indexed once, and no trigger runs per row.

Rows written by other means (plain SQL, sqlite-utils) or edited afterwards have
no id; `index_pending` gives them one, and `open_ledger` runs it.

FTS5 writes the terms it holds in memory out as a new segment whenever a
statement opens a savepoint, so indexing each document's texts as it is stored
writes one small segment per document (and merges them over and over). The
ledger's writer thread (ledger.writer) collects a batch's new texts in a backlog
instead and indexes them together just before its commit: one segment per
commit, in the same transaction as the rows that point at them.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from claimledger.text.scripts import SEARCH_TOKEN_RANGES

if TYPE_CHECKING:
    # Only for hints: the crawl's writer imports this module, and an all-304 round must not load sqlite-utils.
    import sqlite_utils

SEARCH_INDEX = "sentence_search"
# Bound parameters per lookup, well under SQLite's limit of 32,766.
LOOKUP_CHUNK = 500
# Rows read per round by index_pending, so a large backlog never sits in memory at once.
PENDING_BATCH = 20_000
INSERT_INDEXED = f"INSERT INTO {SEARCH_INDEX} (rowid, text) VALUES (?, ?)"

# Which rows point at a text, and through which column.
_POINTERS = (("claims", "sentence", "sentence_id"), ("documents", "title", "title_sentence_id"))


class _Spacing(dict):
    """A str.translate table filled on first sight of each character: a CJK one spaced out, any other kept."""

    def __missing__(self, code: int) -> str | int:
        spaced = f" {chr(code)} " if any(low <= code <= high for low, high in SEARCH_TOKEN_RANGES) else code
        self[code] = spaced
        return spaced


_SPACING = _Spacing()


def space_cjk(text: str) -> str:
    """`text` with a space on both sides of every CJK character, as the search index holds it."""
    # translate, not re.sub: a Chinese sentence is nearly all matches, and translate is 4x faster on it.
    # An ASCII text (most English ones; isascii reads a flag CPython keeps) has none to look up.
    return text if text.isascii() else text.translate(_SPACING)


def text_digest(text: str) -> bytes:
    """The 128-bit digest that identifies a text in `sentences`."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def sentence_ids(
    connection: sqlite3.Connection, texts: Iterable[str], backlog: list[tuple[int, str]] | None = None
) -> dict[str, int]:
    """The id of each distinct non-empty text, indexing the texts the ledger has not seen before.

    Runs in the caller's transaction, so a text is indexed in the same commit
    as the rows that point at it. Given a `backlog`, the new texts' index rows
    are added to it instead, for the caller to pass to `index_texts` before it
    commits.
    """
    digests = {text: text_digest(text) for text in texts if text}
    known: dict[bytes, int] = {}
    values = list(digests.values())
    for start in range(0, len(values), LOOKUP_CHUNK):
        chunk = values[start:start + LOOKUP_CHUNK]
        marks = ", ".join("?" * len(chunk))
        known.update(connection.execute(f"SELECT digest, id FROM sentences WHERE digest IN ({marks})", chunk))
    new = [(text, digest) for text, digest in digests.items() if digest not in known]
    if new:
        # One writer at a time (the caller's transaction), so the next ids are free; one statement for them all.
        (last,) = connection.execute("SELECT coalesce(max(id), 0) FROM sentences").fetchone()
        rows = [(last + number, digest) for number, (_, digest) in enumerate(new, 1)]
        connection.executemany("INSERT INTO sentences (id, digest) VALUES (?, ?)", rows)
        known.update((digest, sentence_id) for sentence_id, digest in rows)
        indexed = [(sentence_id, space_cjk(text)) for (sentence_id, _), (text, _) in zip(rows, new)]
        if backlog is None:
            index_texts(connection, indexed)
        else:
            backlog += indexed
    return {text: known[digest] for text, digest in digests.items()}


def index_texts(connection: sqlite3.Connection, rows: list[tuple[int, str]]) -> None:
    """Add (sentence id, spaced text) rows to the search index, in the caller's transaction."""
    connection.executemany(INSERT_INDEXED, rows)


def index_pending(db: sqlite_utils.Database) -> int:
    """Point every claim and document that has text but no id at its indexed text; how many rows were.

    Works in batches of PENDING_BATCH rows, each in a transaction of its own
    (a savepoint inside the caller's, such as a migration's).
    """
    done = 0
    for table, column, pointer in _POINTERS:
        select = (
            f"SELECT id, [{column}] FROM [{table}] WHERE [{pointer}] IS NULL "
            f"AND [{column}] IS NOT NULL AND [{column}] != '' LIMIT {PENDING_BATCH}"
        )
        while rows := db.conn.execute(select).fetchall():
            with db.atomic():
                ids = sentence_ids(db.conn, (text for _, text in rows))
                db.conn.executemany(
                    f"UPDATE [{table}] SET [{pointer}] = ? WHERE id = ?", [(ids[text], row_id) for row_id, text in rows]
                )
            done += len(rows)
    return done
