"""Reading pending claims and storing their facts (`claimledger.diff.facts`) in `claim_facts`.

When every claim's facts are computed again (a new rules version), a large ledger has
them computed on every core: workers read ranges of claim ids from the ledger read-only
and return the rows; this process writes them, in id order, a commit per range.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from claimledger.diff.facts import LEAD_COLUMN, SIBLING_COLUMNS, SIBLING_PARTS, SOURCE_QUERY, claim_facts
from claimledger.diff.identity import reads_post
from claimledger.diff.keys import claimant_of, publisher, use_entities, user_entities
from claimledger.diff.periods import PostPeriods, post_periods
from claimledger.diff.workers import Reader, ledger_path, pool, read_only

if TYPE_CHECKING:
    import sqlite_utils

    from claimledger.entities import Entity

    Readable = sqlite_utils.Database | Reader

BATCH = 5000
# Claims per range a worker computes the facts of (one commit each).
RANGE = 20000
FACT_INDEXES = (("idx_claim_facts_stated_key", "stated_key"), ("idx_claim_facts_figure_date", "figure_date"))
FACT_UPSERT = """
    INSERT INTO claim_facts (claim_id, stated_key, figure_date, intervals, compare_unit, revision_cue,
        says_lower, benchmark_round, entry_document, entry_revision, publisher, claimant, role, replaced_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (claim_id) DO UPDATE SET stated_key = excluded.stated_key, figure_date = excluded.figure_date,
        intervals = excluded.intervals, compare_unit = excluded.compare_unit, revision_cue = excluded.revision_cue,
        says_lower = excluded.says_lower,
        benchmark_round = excluded.benchmark_round, entry_document = excluded.entry_document,
        entry_revision = excluded.entry_revision, publisher = excluded.publisher, claimant = excluded.claimant,
        role = excluded.role, replaced_by = excluded.replaced_by
"""


def pending_batches(db: Readable, after: int, through: int, edited: list[int]) -> Iterator[list[dict[str, Any]]]:
    """The pending claims' source rows, in batches: new ones by id range, edited ones by id."""
    query = source_query(db)
    start = after
    while start < through:
        rows = _dicts(db, f"{query} WHERE c.id > ? AND c.id <= ? ORDER BY c.id LIMIT {BATCH}", [start, through])
        if not rows:
            break
        yield rows
        start = rows[-1]["id"]
    old = [claim_id for claim_id in edited if claim_id <= after]
    for offset in range(0, len(old), 500):
        batch = old[offset : offset + 500]
        yield _dicts(db, f"{query} WHERE c.id IN ({', '.join('?' * len(batch))})", batch)


def _dicts(db: Readable, sql: str, arguments: list[Any]) -> list[dict[str, Any]]:
    cursor = db.conn.execute(sql, arguments)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row)) for row in cursor]


def source_query(db: Readable) -> str:
    """`SOURCE_QUERY` with the attribution columns this ledger has (claimant, role, replaced_by)."""
    columns = {row[1] for row in db.conn.execute("PRAGMA table_info(claims)")}
    extra = [f"c.{name}" if name in columns else f"NULL AS {name}" for name in ("claimant", "role", "replaced_by")]
    return SOURCE_QUERY.replace("FROM claims c", f", {', '.join(extra)} FROM claims c", 1)


def store_facts(
    db: sqlite_utils.Database, rows: list[dict[str, Any]],
    counts: Counter[str] | None = None, firsts: dict[str, int] | None = None, touched: set[str] | None = None,
) -> None:
    """Compute and store the facts of `rows`; with `counts`, count the stated identities they leave and join.

    `firsts` gets each stated identity's earliest claim, `touched` the keys the claims had.
    """
    old = _old_stated(db, [row["id"] for row in rows]) if counts is not None else {}
    upserts = fact_rows(db, rows)
    if counts is not None and firsts is not None and touched is not None:
        for row, upsert in zip(rows, upserts, strict=True):
            before, stated_key = old.get(row["id"]), upsert[1]
            if before is not None:
                counts[before] -= 1
            if stated_key is not None:
                counts[stated_key] += 1
                firsts[stated_key] = min(firsts.get(stated_key, row["id"]), row["id"])
            if row.get("claim_key"):
                touched.add(row["claim_key"])
    db.conn.executemany(FACT_UPSERT, upserts)


def fact_rows(db: Readable, rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The `claim_facts` row (FACT_UPSERT's values) of each claim of `rows`."""
    sentences = _sentence_siblings(db, rows)
    reading = [row for row in rows if reads_post(row)]
    leads = _leads(db, [row["id"] for row in reading])
    posts = _posts(db, reading)
    upserts = []
    for row in rows:
        claim = {**row, "lead": leads[row["id"]], "post": posts[row["id"]]} if row["id"] in leads else row
        facts = claim_facts(claim, sentences.get((row["document_id"], row["sentence_start"]), ()))
        source = publisher(row.get("source"))
        claimant = claimant_of(row.get("claimant"), row.get("subject"), row.get("source"))
        upserts.append((row["id"], *facts.row(), source, claimant, row.get("role"), row.get("replaced_by")))
    return upserts


def store_pending(
    db: sqlite_utils.Database, after: int, through: int, edited: list[int], progress: Callable[[int], None] | None = None,
) -> int:
    """The facts of the pending claims (`pending_batches`), a commit per batch; the count stored."""
    done = 0
    for rows in pending_batches(db, after, through, edited):
        with db.conn:
            store_facts(db, rows)
        done += len(rows)
        if progress:
            progress(done)
    return done


def store_every_fact(
    db: sqlite_utils.Database, through: int, workers: int, progress: Callable[[int], None] | None = None,
) -> int:
    """The facts of every claim up to id `through`, computed in `workers` processes (one: here); the count stored.

    `progress` is told the claims stored so far after each commit.
    """
    path = ledger_path(db)
    if workers < 2 or path is None:
        return store_pending(db, 0, through, [], progress)
    starts = range(0, through, RANGE)
    done = 0
    with pool(workers) as processes:
        ranges = processes.map(
            facts_of_range, [path] * len(starts), starts, [min(start + RANGE, through) for start in starts],
            [user_entities()] * len(starts),
        )
        for upserts in ranges:
            with db.conn:
                db.conn.executemany(FACT_UPSERT, upserts)
            done += len(upserts)
            if progress:
                progress(done)
    return done


def facts_of_range(path: str, after: int, through: int, entities: tuple[Entity, ...]) -> list[tuple[Any, ...]]:
    """A worker's share: the fact rows of the claims with an id in (after, through], names resolved
    through the package's entities and the user's `entities`, as in the run that asked."""
    with read_only(path) as reader, use_entities(entities):
        return [upsert for rows in pending_batches(reader, after, through, []) for upsert in fact_rows(reader, rows)]


def _sentence_siblings(db: Readable, rows: list[dict[str, Any]]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """The SIBLING_PARTS of the claims of each sentence of `rows`, by (document, sentence start).

    A document whose claims are all in `rows` (counted on the document index) needs
    none of them read again.
    """
    held = Counter(row["document_id"] for row in rows)
    ids = sorted(held)
    partial = []
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        partial += [document_id for document_id, count in db.conn.execute(
            f"SELECT document_id, count(*) FROM claims WHERE document_id IN ({', '.join('?' * len(batch))}) "
            "GROUP BY document_id", batch,
        ) if count != held[document_id]]
    found: dict[tuple[int, int], list[dict[str, Any]]] = {}
    whole = held.keys() - set(partial)
    for row in rows:
        if row["document_id"] in whole:
            found.setdefault((row["document_id"], row["sentence_start"]), []).append(
                {part: row[part] for part in SIBLING_PARTS}
            )
    for offset in range(0, len(partial), 500):
        batch = partial[offset : offset + 500]
        for document_id, sentence_start, *parts in db.conn.execute(
            f"SELECT document_id, sentence_start, {SIBLING_COLUMNS} FROM claims "
            f"WHERE document_id IN ({', '.join('?' * len(batch))})",
            batch,
        ):
            found.setdefault((document_id, sentence_start), []).append(dict(zip(SIBLING_PARTS, parts, strict=True)))
    return found


def _leads(db: Readable, ids: list[int]) -> dict[int, str]:
    """The text before the sentence of each claim of `ids` (`LEAD_COLUMN`)."""
    found: dict[int, str] = {}
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        found.update(db.conn.execute(
            f"SELECT c.id, {LEAD_COLUMN} FROM claims c JOIN documents d ON d.id = c.document_id "
            f"WHERE c.id IN ({', '.join('?' * len(batch))})", batch,
        ).fetchall())
    return found


def _posts(db: Readable, rows: list[dict[str, Any]]) -> dict[int, PostPeriods]:
    """The periods of the post of each claim of `rows` (`periods.post_periods`), each document read once."""
    texts: dict[int, str] = {}
    ids = sorted({row["document_id"] for row in rows})
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        texts.update(db.conn.execute(
            f"SELECT id, text FROM documents WHERE id IN ({', '.join('?' * len(batch))})", batch,
        ).fetchall())
    return {row["id"]: post_periods(texts.get(row["document_id"]), row.get("dated"), row["document_id"]) for row in rows}


def _old_stated(db: sqlite_utils.Database, ids: list[int]) -> dict[int, str]:
    found: dict[int, str] = {}
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        found.update(db.execute(
            f"SELECT claim_id, stated_key FROM claim_facts WHERE stated_key IS NOT NULL "
            f"AND claim_id IN ({', '.join('?' * len(batch))})", batch,
        ).fetchall())
    return found
