"""The ledger: a SQLite database of feeds, fetches, documents and claims.

The schema is built by ordered migrations (`sqlite_utils.Migrations`), so an
old ledger is brought up to date by opening it.
"""

from __future__ import annotations

from pathlib import Path

import sqlite_utils
from sqlite_utils.migrations import Migrations

SCHEMA_VERSION_SET = "claimledger"
migrations = Migrations(SCHEMA_VERSION_SET)

CLAIM_COLUMNS: dict[str, type] = {
    "id": int,
    "document_id": int,
    "text": str,
    "start": int,
    "end": int,
    "value": float,
    "low": float,
    "high": float,
    "kind": str,
    "unit": str,
    "unit_text": str,
    "dimensionality": str,
    "si_value": float,
    "qualifier": str,
    "trend": str,
    "projected": int,
    "self_reported": int,
    "baseline": str,
    "subject": str,
    "metric": str,
    "condition": str,
    "sentence": str,
    "sentence_start": int,
    "sentence_end": int,
    "lang": str,
    "source": str,
    "url": str,
    "published": str,
    "claim_key": str,
    "status": str,
    "superseded_by": int,
}


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    """Feeds with their fetch state, the fetch log, documents and claims."""
    db["feeds"].create(
        {
            "id": int,
            "name": str,
            "url": str,
            "lang": str,
            "allow_private": int,
            "etag": str,
            "last_modified": str,
            "status": str,
            "error": str,
            "failures": int,
            "next_attempt": str,
            "last_fetched": str,
            "last_ok": str,
            "retired": int,
            "added": str,
        },
        pk="id",
        not_null=["name", "url"],
        defaults={"failures": 0, "retired": 0, "allow_private": 0},
    )
    db["feeds"].create_index(["url"], unique=True)
    db["fetches"].create(
        {
            "id": int,
            "feed_id": int,
            "url": str,
            "started": str,
            "finished": str,
            "http_status": int,
            "outcome": str,
            "error": str,
            "bytes": int,
            "new_documents": int,
            "new_claims": int,
        },
        pk="id",
        foreign_keys=[("feed_id", "feeds", "id")],
    )
    db["fetches"].create_index(["feed_id", "started"])
    db["documents"].create(
        {
            "id": int,
            "feed_id": int,
            "source": str,
            "entry_id": str,
            "url": str,
            "title": str,
            "published": str,
            "fetched": str,
            "lang": str,
            "text": str,
            "content_hash": str,
            "revision": int,
        },
        pk="id",
        foreign_keys=[("feed_id", "feeds", "id")],
        not_null=["entry_id", "content_hash"],
        defaults={"revision": 1},
    )
    db["documents"].create_index(["entry_id", "content_hash"], unique=True)
    db["documents"].create_index(["url"])
    db["documents"].create_index(["published"])
    db["claims"].create(
        CLAIM_COLUMNS,
        pk="id",
        foreign_keys=[
            ("document_id", "documents", "id"),
            ("superseded_by", "claims", "id"),
        ],
        not_null=["document_id", "text", "kind"],
    )
    db["claims"].create_index(["document_id", "start", "end"], unique=True)
    db["claims"].create_index(["claim_key", "published"])
    db["claims"].create_index(["subject"])
    db["claims"].create_index(["published"])
    db["claims"].enable_fts(["sentence"], create_triggers=True)
    db["documents"].enable_fts(["title"], create_triggers=True)


# The search migration spaces out Chinese and Japanese characters in SQL so the
# index stays in sync from any connection, with no Python function to register.
# Triggers cannot hold a WITH clause, so json_each over an array of zeros
# stands in for the series of character positions; text past 4,000 characters
# (far longer than a sentence or a title) is left out of the index.
_CJK_CHARACTER_TEST = (
    "unicode({c}) BETWEEN 0x3040 AND 0x30FF OR unicode({c}) BETWEEN 0x3400 AND 0x4DBF"
    " OR unicode({c}) BETWEEN 0x4E00 AND 0x9FFF OR unicode({c}) BETWEEN 0xF900 AND 0xFAFF"
    " OR unicode({c}) BETWEEN 0x20000 AND 0x2FFFF"
)


def _cjk_spaced_sql(text: str) -> str:
    """SQL for `text` with a space on both sides of every CJK character."""
    character = f"substr({text}, key + 1, 1)"
    test = _CJK_CHARACTER_TEST.format(c=character)
    positions = f"'[' || rtrim(replace(hex(zeroblob(min(length({text}), 4000))), '00', '0,'), ',') || ']'"
    return (
        f"(SELECT group_concat(CASE WHEN {test} THEN ' ' || {character} || ' '"
        f" ELSE {character} END, '') FROM json_each({positions}))"
    )


@migrations()
def m002_cjk_search(db: sqlite_utils.Database) -> None:
    """Search indexes where every CJK character is a token, so 每秒 or 倍 find their sentences.

    `claims_search` indexes claims.sentence and `documents_search` documents.title
    (rowid = the row's id), kept in sync by triggers.
    """
    for table, column in (("claims", "sentence"), ("documents", "title")):
        index = f"{table}_search"
        db.execute(f"CREATE VIRTUAL TABLE [{index}] USING fts5([{column}])")
        db.execute(
            f"INSERT INTO [{index}](rowid, [{column}]) "
            f"SELECT id, {_cjk_spaced_sql(f'[{column}]')} FROM [{table}]"
        )
        insert = (
            f"INSERT INTO [{index}](rowid, [{column}]) "
            f"VALUES (new.id, {_cjk_spaced_sql(f'new.[{column}]')});"
        )
        delete = f"DELETE FROM [{index}] WHERE rowid = old.id;"
        db.execute(f"CREATE TRIGGER [{index}_ai] AFTER INSERT ON [{table}] BEGIN {insert} END")
        db.execute(f"CREATE TRIGGER [{index}_ad] AFTER DELETE ON [{table}] BEGIN {delete} END")
        db.execute(
            f"CREATE TRIGGER [{index}_au] AFTER UPDATE OF [{column}] ON [{table}] "
            f"BEGIN {delete} {insert} END"
        )


@migrations()
def m003_feed_entries(db: sqlite_utils.Database) -> None:
    """Which document each feed's entry became, so an unchanged entry costs no work and two feeds share a post.

    `feeds.config_url` keeps the URL the feeds file gave, so a URL moved by a
    301 is told apart from one the user edited.
    """
    db["feeds"].add_column("config_url", str)
    db.execute("UPDATE feeds SET config_url = url")
    db["feed_entries"].create(
        {
            "feed_id": int,
            "entry_key": str,
            "source_hash": str,
            "document_id": int,
            "first_seen": str,
            "last_seen": str,
        },
        pk=("feed_id", "entry_key"),
        foreign_keys=[("feed_id", "feeds", "id"), ("document_id", "documents", "id")],
        not_null=["source_hash", "document_id"],
    )
    db["feed_entries"].create_index(["document_id"])
    db["documents"].create_index(["content_hash"])


@migrations()
def m004_claims_fts_on_sentence_only(db: sqlite_utils.Database) -> None:
    """Re-index a claim's sentence only when the sentence changes, not when `claims diff` writes statuses."""
    db.execute("DROP TRIGGER IF EXISTS [claims_au]")
    db.execute(
        "CREATE TRIGGER [claims_au] AFTER UPDATE OF [sentence] ON [claims] BEGIN "
        "INSERT INTO [claims_fts] ([claims_fts], rowid, [sentence]) VALUES ('delete', old.rowid, old.[sentence]); "
        "INSERT INTO [claims_fts] (rowid, [sentence]) VALUES (new.rowid, new.[sentence]); END"
    )


def open_ledger(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) a ledger at `path` in WAL mode, migrated to the latest schema."""
    db = sqlite_utils.Database(path)
    db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 30000")
    migrations.apply(db)
    return db


def schema_version(db: sqlite_utils.Database) -> list[str]:
    """Names of the migrations applied to `db`, oldest first."""
    return [m.name for m in migrations.applied(db)]
