"""The crawl's writes to the ledger: feed state, the fetch log, and documents with their claims.

Each document is written with its claims and its feed-entry link in one
transaction, and a feed's new state (validators, status, back-off) only after
its documents, so a crash at any moment leaves a ledger the next crawl completes
without duplicates.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import sqlite_utils

from claimledger.feed_parse import Entry
from claimledger.feeds_config import FeedConfig
from claimledger.keys import claim_key
from claimledger.types import Claim

BACKOFF_BASE = timedelta(minutes=15)
BACKOFF_CAP = timedelta(days=1)
RETRY_AFTER_CAP = timedelta(days=30)
FRESH_CAP = timedelta(days=1)


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def iso(moment: datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def parse_iso(text: str | None) -> datetime | None:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC) if text else None


@dataclass(slots=True)
class ArticlePage:
    """An entry's article page as fetched: its HTML, or the reason there is none."""

    url: str
    http_status: int | None
    # The page's bytes, decoded where its text is made (the header's charset is only a hint: pages lie too).
    html: bytes | None
    charset: str | None
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
    article_fetch: tuple[str, int | None, str | None] | None = None


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
    notes: list[str] = field(default_factory=list)


def sync_feeds(db: sqlite_utils.Database, feeds: list[FeedConfig], now: datetime) -> list[dict]:
    """Add or update the feeds the feeds file lists; return their rows in file order.

    A stored feed is found by name, else by URL; a feed whose settings have
    not changed costs no write.
    """
    stored = list(db["feeds"].rows_where(order_by="id"))
    by_name = {row["name"]: row for row in reversed(stored)}
    by_url = {url: row for row in reversed(stored) for url in (row["url"], row["config_url"])}
    ids = []
    with db.atomic():
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
                db["feeds"].update(row["id"], changes)
    current = {row["id"]: row for row in db["feeds"].rows_where(order_by="id")}
    return [current[feed_id] for feed_id in ids]


def insert_feed(db: sqlite_utils.Database, feed: FeedConfig, now: datetime) -> int:
    return db["feeds"].insert(
        {
            "name": feed.name,
            "url": feed.url,
            "config_url": feed.url,
            "lang": feed.lang,
            "allow_private": int(feed.allow_private),
            "status": "new",
            "added": iso(now),
        }
    ).last_pk


def known_entries(db: sqlite_utils.Database, feed_ids: list[int]) -> dict[int, dict[str, str]]:
    """For each feed, the source hash of every entry already stored: what needs no work again."""
    known: dict[int, dict[str, str]] = {feed_id: {} for feed_id in feed_ids}
    for feed_id, entry_key, source_hash in db.execute("SELECT feed_id, entry_key, source_hash FROM feed_entries"):
        if feed_id in known:
            known[feed_id][entry_key] = source_hash
    return known


def previous_title(db: sqlite_utils.Database, feed_id: int, entry_key: str) -> str | None:
    """The title of the document this feed's entry last became, if any."""
    row = db.execute(
        "SELECT d.title FROM feed_entries e JOIN documents d ON d.id = e.document_id "
        "WHERE e.feed_id = ? AND e.entry_key = ?",
        [feed_id, entry_key],
    ).fetchone()
    return row[0] if row else None


def store_document(
    db: sqlite_utils.Database, feed: dict, document: PreparedDocument, now: datetime
) -> tuple[int, int]:
    """Write one document, its claims and its feed-entry link atomically; return (new documents, new claims).

    The same text already stored (another feed's copy of the post, or an entry
    reverting to an earlier text) links to that document, credited to the
    feed listed first; a changed text is a new document whose revision follows
    the entry's highest.
    """
    entry = document.entry
    with db.atomic():
        if document.article_fetch:
            log_article_fetch(db, feed["id"], document.article_fetch, now)
        existing = db.execute(
            "SELECT id, feed_id FROM documents WHERE content_hash = ? ORDER BY id LIMIT 1", [document.content_hash]
        ).fetchone()
        new_documents = new_claims = 0
        if existing:
            document_id = existing[0]
            if feed["id"] < existing[1]:
                attribute_to(db, document_id, feed)
        else:
            (latest,) = db.execute(
                "SELECT coalesce(max(revision), 0) FROM documents WHERE entry_id = ?", [entry.entry_id]
            ).fetchone()
            document_id = db["documents"].insert(
                {
                    "feed_id": feed["id"],
                    "source": feed["name"],
                    "entry_id": entry.entry_id,
                    "url": entry.url,
                    "title": document.title,
                    "published": entry.published,
                    "fetched": iso(now),
                    "lang": document.lang,
                    "text": document.text,
                    "content_hash": document.content_hash,
                    "revision": latest + 1,
                }
            ).last_pk
            new_documents = 1
            new_claims = insert_claims(db, document_id, feed["name"], entry, document.claims)
        link_entry(db, feed["id"], entry, document_id, now)
    return new_documents, new_claims


def attribute_to(db: sqlite_utils.Database, document_id: int, feed: dict) -> None:
    """Credit a post several feeds carry to the one listed first, whichever was crawled first."""
    db.execute("UPDATE documents SET feed_id = ?, source = ? WHERE id = ?", [feed["id"], feed["name"], document_id])
    db.execute("UPDATE claims SET source = ? WHERE document_id = ?", [feed["name"], document_id])


CLAIM_FIELDS = Claim.field_names()
CLAIM_ROW = [*CLAIM_FIELDS, "document_id", "source", "url", "published", "claim_key"]
# OR IGNORE: an extractor reporting one span twice must not abort the document.
INSERT_CLAIM = (
    f"INSERT OR IGNORE INTO claims ({', '.join(f'[{column}]' for column in CLAIM_ROW)}) "
    f"VALUES ({', '.join('?' for _ in CLAIM_ROW)})"
)


def insert_claims(db: sqlite_utils.Database, document_id: int, source: str, entry: Entry, claims: list[Claim]) -> int:
    """Insert a document's claims with their provenance and keys; return how many were stored."""
    rows = []
    for claim in claims:
        key = claim_key(claim)
        rows.append([
            *(getattr(claim, name) for name in CLAIM_FIELDS),
            document_id, source, entry.url, entry.published, key.text if key else None,
        ])
    if not rows:
        return 0
    # Plain executemany: sqlite-utils' insert_all costs more than the insert itself at this size.
    return db.conn.executemany(INSERT_CLAIM, rows).rowcount


def link_entry(db: sqlite_utils.Database, feed_id: int, entry: Entry, document_id: int, now: datetime) -> None:
    db.execute(
        "INSERT INTO feed_entries (feed_id, entry_key, source_hash, document_id, first_seen, last_seen) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (feed_id, entry_key) DO UPDATE SET "
        "source_hash = excluded.source_hash, document_id = excluded.document_id, last_seen = excluded.last_seen",
        [feed_id, entry.entry_id, entry.source_hash, document_id, iso(now), iso(now)],
    )


def log_article_fetch(db: sqlite_utils.Database, feed_id: int, fetch: tuple, now: datetime) -> None:
    url, http_status, error = fetch
    db["fetches"].insert(
        {
            "feed_id": feed_id,
            "url": url,
            "started": iso(now),
            "finished": iso(now),
            "http_status": http_status,
            "outcome": "article" if error is None else "article_failed",
            "error": error,
        }
    )


def record_outcome(db: sqlite_utils.Database, feed: dict, outcome: FeedOutcome) -> str | None:
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
    with db.atomic():
        db.execute(
            "INSERT INTO fetches (feed_id, url, started, finished, http_status, outcome, error, bytes, "
            "new_documents, new_claims) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [feed["id"], outcome.url, iso(outcome.started), iso(outcome.finished), outcome.http_status,
             outcome.status, outcome.error, outcome.bytes, outcome.new_documents, outcome.new_claims],
        )
        assignments = ", ".join(f"[{column}] = ?" for column in changes)
        db.execute(f"UPDATE feeds SET {assignments} WHERE id = ?", [*changes.values(), feed["id"]])
        if outcome.permanent_url:
            move_feed(db, feed, outcome)
    return next_attempt


def move_feed(db: sqlite_utils.Database, feed: dict, outcome: FeedOutcome) -> None:
    """Store the URL a permanent redirect led to, unless another feed already has it."""
    try:
        with db.atomic():
            db["feeds"].update(feed["id"], {"url": outcome.permanent_url})
    except sqlite3.IntegrityError:
        outcome.notes.append(f"moved permanently to {outcome.permanent_url}, which another feed already has")


def backoff(failures: int) -> timedelta:
    """How long to wait after `failures` failures in a row: doubling from 15 minutes, at most a day."""
    return min(BACKOFF_BASE * 2 ** (failures - 1), BACKOFF_CAP)
