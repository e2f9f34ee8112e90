"""The crawl's writes to the ledger: feed state, the fetch log, and documents with their claims.

Each document is written with its claims and its feed-entry link in one
transaction, and a feed's new state (validators, status, back-off) only after
its documents, so a crash at any moment leaves a ledger the next crawl completes
without duplicates.

Every function takes the ledger as the writer holds it (ledger.open's
LedgerConnection, or a sqlite_utils.Database) and uses plain SQL on it: the
feed state of an all-304 round is written without sqlite-utils.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from claimledger.crawl.schedule import RETRY_AFTER_CAP, backoff, iso
from claimledger.ledger.savepoint import atomic
from claimledger.types import Claim, Document

if TYPE_CHECKING:
    from claimledger.crawl.config import FeedConfig
    from claimledger.crawl.entries import Entry
    from claimledger.entities import Entity

# The ledger as the writer hands it over: anything with `conn` and `execute` (LedgerConnection, sqlite_utils.Database).
Ledger = Any


@dataclass(slots=True)
class ArticlePage:
    """An entry's article page as fetched: its HTML, or the reason there is none."""

    url: str
    http_status: int | None
    # The page's bytes, decoded where its text is made (the header's charset is only a hint: pages lie too).
    html: bytes | None
    charset: str | None
    error: str | None
    # What was cut from the page to keep it within text.budget's cap, if anything.
    note: str | None = None


@dataclass(slots=True, frozen=True)
class ArticleFetch:
    """An article page's line in the fetch log: `outcome` is article or article_failed, `error` why."""

    url: str
    http_status: int | None
    outcome: str
    error: str | None


@dataclass(slots=True)
class PreparedDocument:
    """An entry turned into the text claims are extracted from, with those claims."""

    entry: Entry
    title: str
    # The title, a blank line, then the body: the string claim offsets refer to.
    text: str
    lang: str
    content_hash: str
    claims: list[Claim]
    # The feed's date, else the article page's.
    published: str | None
    article_fetch: ArticleFetch | None = None
    # What was cut to keep the document within its caps (text.budget), one line each.
    notes: tuple[str, ...] = ()
    # New names the claims are about (entities of origin "seen"), for the ledger's entities table.
    entities: list[Entity] = field(default_factory=list)

    def document(self, source: str) -> Document:
        """The document the ledger stores for this entry, credited to the feed `source`."""
        entry = self.entry
        return Document(
            url=entry.url, title=self.title, text=self.text, lang=self.lang, source=source,
            entry_id=entry.entry_id, published=self.published, content_hash=self.content_hash, claims=self.claims,
            entities=self.entities,
        )


@dataclass(slots=True)
class FeedOutcome:
    """How one fetch of a feed ended, as the feeds and fetches tables record it."""

    status: str  # ok | not_modified | partial | failed | gone
    url: str
    started: datetime
    finished: datetime
    http_status: int | None = None
    error: str | None = None
    etag: str | None = None
    last_modified: str | None = None
    # Validators are saved only when every entry was stored, so a later 304 never hides an unstored entry.
    save_validators: bool = False
    permanent_url: str | None = None
    retry_after: timedelta | None = None
    # How long the server says the feed stays fresh (Cache-Control max-age, Expires), at most FRESH_CAP.
    fresh_for: timedelta | None = None
    bytes: int = 0
    new_documents: int = 0
    new_claims: int = 0
    # New documents in a language the extractor does not read (no claims taken), by language.
    unread_languages: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def rows(db: Ledger, sql: str, parameters: list | tuple = ()) -> list[dict]:
    """The rows `sql` selects, as dicts."""
    cursor = db.execute(sql, parameters)
    columns = [description[0] for description in cursor.description]
    return [dict(zip(columns, row)) for row in cursor]


def update_row(db: Ledger, table: str, row_id: int, changes: dict) -> None:
    assignments = ", ".join(f"[{column}] = ?" for column in changes)
    db.execute(f"UPDATE [{table}] SET {assignments} WHERE id = ?", [*changes.values(), row_id])


def sync_feeds(db: Ledger, feeds: list[FeedConfig], now: datetime) -> list[dict]:
    """Add or update the feeds the feeds file lists; return their rows in file order.

    A stored feed is found by name, else by URL; a feed whose settings have
    not changed costs no write.
    """
    stored = rows(db, "SELECT * FROM feeds ORDER BY id")
    by_name = {row["name"]: row for row in reversed(stored)}
    by_url = {url: row for row in reversed(stored) for url in (row["url"], row["config_url"])}
    ids = []
    with atomic(db):
        for feed in feeds:
            row = by_name.get(feed.name) or by_url.get(feed.url)
            if row is None:
                ids.append(insert_feed(db, feed, now))
                continue
            ids.append(row["id"])
            wanted = {"name": feed.name, "lang": feed.lang, "allow_private": int(feed.allow_private)}
            changes = {column: value for column, value in wanted.items() if row[column] != value}
            if row["config_url"] != feed.url:
                # The user gave a new address: start that feed afresh.
                changes |= {"url": feed.url, "config_url": feed.url, "retired": 0, "failures": 0,
                            "next_attempt": None, "etag": None, "last_modified": None}
            if changes:
                update_row(db, "feeds", row["id"], changes)
    current = {row["id"]: row for row in rows(db, "SELECT * FROM feeds ORDER BY id")}
    return [current[feed_id] for feed_id in ids]


def insert_feed(db: Ledger, feed: FeedConfig, now: datetime) -> int:
    return db.execute(
        "INSERT INTO feeds (name, url, config_url, lang, allow_private, status, added) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [feed.name, feed.url, feed.url, feed.lang, int(feed.allow_private), "new", iso(now)],
    ).lastrowid


def known_entries(db: Ledger, feed_ids: list[int]) -> dict[int, dict[str, str]]:
    """For each feed, the source hash of every entry already stored: what needs no work again."""
    known: dict[int, dict[str, str]] = {feed_id: {} for feed_id in feed_ids}
    for feed_id, entry_key, source_hash in db.execute("SELECT feed_id, entry_key, source_hash FROM feed_entries"):
        if feed_id in known:
            known[feed_id][entry_key] = source_hash
    return known


def previous_title(db: Ledger, feed_id: int, entry_key: str) -> str | None:
    """The title of the document this feed's entry last became, if any."""
    row = db.execute(
        "SELECT d.title FROM feed_entries e JOIN documents d ON d.id = e.document_id "
        "WHERE e.feed_id = ? AND e.entry_key = ?",
        [feed_id, entry_key],
    ).fetchone()
    return row[0] if row else None


def store_document(
    db: Ledger, feed: dict, prepared: PreparedDocument, now: datetime, credit: bool = True
) -> tuple[int, int]:
    """Write one document, its claims and its feed-entry link atomically; return (new documents, new claims).

    The same text already stored (another feed's copy of the post, or an entry
    reverting to an earlier text) links to that document, credited to the
    feed listed first, whichever was crawled first (unless `credit` is false:
    `claims ingest` never touches what is stored); a changed text is a new
    document whose revision follows the entry's highest.
    """
    from claimledger.ledger.writes import credit_document, document_with_text, insert_document

    entry = prepared.entry
    stamp = iso(now)
    with atomic(db):
        if prepared.article_fetch:
            log_article_fetch(db, feed["id"], prepared.article_fetch, stamp)
        existing = document_with_text(db, prepared.content_hash)
        new_documents = new_claims = 0
        if existing:
            document_id = existing[0]
            if credit and feed["id"] < existing[1]:
                credit_document(db, document_id, feed["id"], feed["name"])
        else:
            document_id, new_claims = insert_document(db, feed["id"], prepared.document(feed["name"]), stamp)
            new_documents = 1
        link_entry(db, feed["id"], entry, document_id, stamp)
    return new_documents, new_claims


def store_documents(db: Ledger, feed: dict, documents: list[PreparedDocument], now: datetime) -> list[tuple[int, int]]:
    """store_document for each of a feed's `documents`, in order, each atomic on its own."""
    return [store_document(db, feed, prepared, now) for prepared in documents]


def link_entry(db: Ledger, feed_id: int, entry: Entry, document_id: int, stamp: str) -> None:
    """Point the feed's entry at the document it is now; `stamp` is the time (ISO) it was seen."""
    db.execute(
        "INSERT INTO feed_entries (feed_id, entry_key, source_hash, document_id, first_seen, last_seen) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (feed_id, entry_key) DO UPDATE SET "
        "source_hash = excluded.source_hash, document_id = excluded.document_id, last_seen = excluded.last_seen",
        [feed_id, entry.entry_id, entry.source_hash, document_id, stamp, stamp],
    )


def log_article_fetch(db: Ledger, feed_id: int, fetch: ArticleFetch, stamp: str) -> None:
    db.execute(
        "INSERT INTO fetches (feed_id, url, started, finished, http_status, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [feed_id, fetch.url, stamp, stamp, fetch.http_status, fetch.outcome, fetch.error],
    )


def record_outcome(db: Ledger, feed: dict, outcome: FeedOutcome) -> str | None:
    """Log the fetch and move the feed to its new state; return when it is next due (ISO), if later than now."""
    changes: dict = {"status": outcome.status, "error": outcome.error, "last_fetched": iso(outcome.finished)}
    next_attempt = None
    if outcome.status in ("ok", "partial", "not_modified"):
        # A feed with an entry left to store is not left alone for its freshness.
        settled = outcome.save_validators or outcome.status == "not_modified"
        fresh_until = outcome.finished + outcome.fresh_for if outcome.fresh_for and settled else None
        changes |= {"failures": 0, "next_attempt": iso(fresh_until)}
        if outcome.status != "not_modified":
            changes["last_ok"] = iso(outcome.finished)
        if outcome.save_validators:
            changes |= {"etag": outcome.etag, "last_modified": outcome.last_modified}
    elif outcome.status == "gone":
        changes |= {"retired": 1}
    else:
        failures = (feed.get("failures") or 0) + 1
        wait = backoff(failures)
        if outcome.retry_after:
            wait = max(wait, min(outcome.retry_after, RETRY_AFTER_CAP))
        next_attempt = iso(outcome.finished + wait)
        changes |= {"failures": failures, "next_attempt": next_attempt}
    # Plain SQL: this runs once per feed per round, and an all-304 round is nothing else.
    with atomic(db):
        db.execute(
            "INSERT INTO fetches (feed_id, url, started, finished, http_status, outcome, error, bytes, "
            "new_documents, new_claims) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [feed["id"], outcome.url, iso(outcome.started), iso(outcome.finished), outcome.http_status,
             outcome.status, outcome.error, outcome.bytes, outcome.new_documents, outcome.new_claims],
        )
        update_row(db, "feeds", feed["id"], changes)
        if outcome.permanent_url:
            move_feed(db, feed, outcome)
    return next_attempt


def move_feed(db: Ledger, feed: dict, outcome: FeedOutcome) -> None:
    """Store the URL a permanent redirect led to, unless another feed already has it."""
    try:
        with atomic(db):
            update_row(db, "feeds", feed["id"], {"url": outcome.permanent_url})
    except sqlite3.IntegrityError:
        outcome.notes.append(f"moved permanently to {outcome.permanent_url}, which another feed already has")


