"""The ledger's schema: feeds, fetches, documents and claims, built by ordered migrations.

`sqlite_utils.Migrations` records which have run, so an old ledger is brought
up to date by opening it (ledger.open).
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from claimledger.ledger.entities import STATE_TABLE, record_stated
from claimledger.ledger.indexes import create_missing_indexes
from claimledger.ledger.search_index import SEARCH_INDEX, index_pending

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


@migrations()
def m002_cjk_search(db: sqlite_utils.Database) -> None:
    """Search indexes where every CJK character is a token (replaced by m005_one_search_index).

    They were filled by triggers spacing text out in SQL; m005 drops them, so
    here they are only created for the migrations between to find.
    """
    for table, column in (("claims", "sentence"), ("documents", "title")):
        db.execute(f"CREATE VIRTUAL TABLE [{table}_search] USING fts5([{column}])")


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


@migrations()
def m005_one_search_index(db: sqlite_utils.Database) -> None:
    """One search index over distinct sentences and titles, fed by the writer; the trigger-fed indexes go.

    `claims_fts` and `documents_fts` (nothing read them) and `claims_search`,
    `documents_search` (a copy of every claim's sentence, spaced by a trigger
    per row) are dropped with their triggers; the rows already stored are
    indexed here (ledger.search_index). A sentence or title edited in place
    loses its id, and the next `open_ledger` indexes the new text.
    """
    for table in ("claims", "documents"):
        for suffix in ("ai", "ad", "au"):
            db.execute(f"DROP TRIGGER IF EXISTS [{table}_{suffix}]")
            db.execute(f"DROP TRIGGER IF EXISTS [{table}_search_{suffix}]")
        for index in (f"{table}_fts", f"{table}_search"):
            db.execute(f"DROP TABLE IF EXISTS [{index}]")
    db["sentences"].create({"id": int, "digest": bytes}, pk="id", not_null=["digest"])
    db["sentences"].create_index(["digest"], unique=True)
    # Contentless: the claims and documents tables hold the text; the index holds only its tokens.
    db.execute(f"CREATE VIRTUAL TABLE [{SEARCH_INDEX}] USING fts5(text, content='', columnsize=0)")
    db["claims"].add_column("sentence_id", int)
    db["documents"].add_column("title_sentence_id", int)
    for table, column, pointer in (("claims", "sentence", "sentence_id"), ("documents", "title", "title_sentence_id")):
        db.execute(
            f"CREATE TRIGGER [{table}_{column}_edited] AFTER UPDATE OF [{column}] ON [{table}] "
            f"BEGIN UPDATE [{table}] SET [{pointer}] = NULL WHERE id = new.id; END"
        )
    create_missing_indexes(db)
    index_pending(db)


# What a claim's identity may be changed by: an edit of one of these columns
# marks the claim pending for `claims diff` (claimledger.diff.facts).
DIFF_INPUT_COLUMNS = (
    "text", "value", "low", "high", "kind", "unit", "dimensionality", "si_value", "qualifier", "trend",
    "baseline", "subject", "metric", "condition", "sentence", "sentence_start", "start", "end", "source", "published",
)


@migrations()
def m006_incremental_diff(db: sqlite_utils.Database) -> None:
    """What `claims diff` keeps between runs, so a run recomputes only what changed.

    `claim_facts` holds each claim's stated identity and the facts the status
    rules read (claimledger.diff.facts); `claims.compared_with` names the earlier
    claim a status was judged against and `change_absolute`/`change_relative` the
    difference from it;
    `identities` every stated identity with the one it resolves to;
    `decisions` the analyst's `claims link`/`claims unlink`; `diff_state` the
    rules version and how far the claims have been read. A claim is pending when
    its id is past `diff_state.facts_through` or it is in `diff_pending`, where
    an edit of the claim (or of its document's source or date) puts it, in the
    transaction of the edit.
    """
    db["claim_facts"].create(
        {
            "claim_id": int, "stated_key": str, "figure_date": str, "intervals": str, "compare_unit": str,
            "revision_cue": int, "says_lower": int, "benchmark_round": str, "entry_document": int, "entry_revision": int,
            "publisher": str, "claimant": str, "role": str, "replaced_by": int,
        },
        pk="claim_id",
    )
    db["claims"].add_column("compared_with", int)
    db["claims"].add_column("change_absolute", float)
    db["claims"].add_column("change_relative", float)
    db["claim_facts"].create_index(["stated_key"])
    db["claim_facts"].create_index(["figure_date"])
    db["identities"].create(
        {"stated_key": str, "subject": str, "measure": str, "code": str, "first_claim": int, "claims": int,
         "resolved_key": str, "inverted": int, "reason": str},
        pk="stated_key",
    )
    db["identities"].create_index(["subject", "measure"])
    db["identities"].create_index(["code", "measure"])
    db["decisions"].create(
        {"id": int, "kind": str, "claim_id": int, "other_id": int, "decided": str},
        pk="id",
        not_null=["kind", "claim_id", "other_id", "decided"],
    )
    db["decisions"].create_index(["claim_id"])
    db["diff_state"].create({"name": str, "value": str}, pk="name")
    # A rowid table: an edit re-inserts its claim with a new rowid, so a run forgets only the marks it read.
    db["diff_pending"].create({"claim_id": int})
    db["diff_pending"].create_index(["claim_id"], unique=True)
    create_edit_trigger(db, DIFF_INPUT_COLUMNS)
    db.execute(
        "CREATE TRIGGER [documents_diff_pending] AFTER UPDATE OF [source], [published], [fetched], [entry_id] "
        "ON [documents] BEGIN INSERT OR REPLACE INTO [diff_pending] (claim_id) "
        "SELECT id FROM claims WHERE document_id = new.id; END"
    )


def create_edit_trigger(db: sqlite_utils.Database, columns: tuple[str, ...]) -> None:
    """The trigger that marks a claim pending for `claims diff` when one of `columns` is edited."""
    names = ", ".join(f"[{column}]" for column in columns)
    db.execute(
        f"CREATE TRIGGER [claims_diff_pending] AFTER UPDATE OF {names} ON [claims] "
        "BEGIN INSERT OR REPLACE INTO [diff_pending] (claim_id) VALUES (new.id); END"
    )


# What the extractor says a figure is about and when it held (issue 15), added by m007_attribution.
ATTRIBUTION_COLUMNS: dict[str, type] = {
    "subject_id": str,
    "baseline_id": str,
    "condition_id": str,
    "precision": str,
    "scenario": str,
    "benchmark": str,
    "claimant": str,
    "role": str,
    "replaced_by": int,
}


@migrations()
def m007_attribution(db: sqlite_utils.Database) -> None:
    """Entity ids, condition parts, claimant and role of each claim; the `entities` table.

    An empty claimant means the publisher (the claim's source) makes the claim.
    Claims stored before have no entity ids or condition parts (a crawl of a
    changed post stores them) and the role "current" (the column's default, so
    no row is rewritten). `replaced_by` is the id of the claim that replaces a
    previous, corrected or negated figure. The package's entities are written
    here (ledger.entities).
    """
    from claimledger.entities import package_registry

    for column, column_type in ATTRIBUTION_COLUMNS.items():
        if column == "role":
            db["claims"].add_column(column, column_type, not_null_default="current")
        else:
            db["claims"].add_column(column, column_type)
    db["entities"].create(
        {"id": str, "kind": str, "parent": str, "maker": str, "aliases": str, "origin": str},
        pk="id",
        not_null=["kind", "origin"],
    )
    record_stated(db.conn, package_registry())


@migrations()
def m008_attribution_edits(db: sqlite_utils.Database) -> None:
    """An edit of a claim's attribution (subject_id, claimant, role, replaced_by, ...) marks it pending for
    `claims diff` too: the diff reads them (claimant and role decide a status)."""
    db.execute("DROP TRIGGER IF EXISTS [claims_diff_pending]")
    create_edit_trigger(db, DIFF_INPUT_COLUMNS + tuple(ATTRIBUTION_COLUMNS))


@migrations()
def m009_ledger_state(db: sqlite_utils.Database) -> None:
    """`ledger_state`: what the ledger's own rows were written from (the digest of the package's entities file,
    so a newer package refreshes its rows of the entities table: ledger.entities.refresh_package_entities)."""
    db[STATE_TABLE].create({"name": str, "value": str}, pk="name")


@migrations()
def m010_projected_edits(db: sqlite_utils.Database) -> None:
    """An edit of a claim's `projected` marks it pending for `claims diff` too: a forecast is compared only with
    its claimant's forecasts (claimledger.diff.statuses)."""
    db.execute("DROP TRIGGER IF EXISTS [claims_diff_pending]")
    create_edit_trigger(db, (*DIFF_INPUT_COLUMNS, *ATTRIBUTION_COLUMNS, "projected"))


def schema_version(db: sqlite_utils.Database) -> list[str]:
    """Names of the migrations applied to `db`, oldest first."""
    return [m.name for m in migrations.applied(db)]
