"""One `claims diff` run: bring identities and statuses up to date, incrementally.

A run reads only what changed since the last one:

1. **Pending claims** (stored since the last run, or edited: `claimledger.diff.facts`)
   get their facts and stated identity, once.
2. **Identities**: each stated identity the ledger holds is kept with the claims
   that state it; when one appears or goes, the identities that could join it (same
   subject and measure, its bare model code, its reciprocal) are resolved again
   (`claimledger.diff.identity.Resolver`), and claims follow where they resolve.
3. **Decisions** of the analyst (`claimledger.diff.decisions`) apply last.
4. **Statuses**: every identity a claim joined or left is judged again
   (`claimledger.diff.statuses`); only the rows whose status, replacement or
   comparison changed are written.

The rules version (`rules_version`: this module's `RULES_VERSION` and the data
files the rules read) is stored in the ledger; when it differs, or with
``full=True``, every claim is recomputed (in batches, so memory stays flat).
An incremental run is one transaction; a full one commits batch by batch and
stores the version last, so an interrupted full run starts again next time.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import sqlite_utils

from claimledger.diff import decisions as decisions_module
from claimledger.diff.facts import SOURCE_QUERY, claim_facts, parse_intervals, parse_round, parse_when
from claimledger.diff.identity import Identity, Resolver, parse_key
from claimledger.diff.keys import publisher
from claimledger.diff.statuses import Figure, assign_statuses
from claimledger.diff.values import midpoint, reciprocal

# Bump when a rule in code changes what a claim's identity, facts or status are.
RULES_VERSION = "10.1"
# Data files the rules read: a change in any of them recomputes every claim.
RULE_DATA = ("aliases.toml", "diff.toml", "units.toml")
BATCH = 20000
STATED_IN_FULL = "stated in full"
FACT_INDEXES = (("idx_claim_facts_stated_key", "stated_key"), ("idx_claim_facts_figure_date", "figure_date"))
CLEARED = "status = NULL, superseded_by = NULL, compared_with = NULL, change_absolute = NULL, change_relative = NULL"
UPDATE_RESOLUTION = "UPDATE identities SET resolved_key = ?, inverted = ?, reason = ? WHERE stated_key = ?"
# With more identities than this touched, the statuses are recomputed in one ordered pass.
ORDERED_PASS_AT = 20000

GROUP_COLUMNS = """
    c.id, c.document_id, f.figure_date, f.publisher, f.claimant, f.intervals, f.compare_unit, c.qualifier,
    f.revision_cue, f.says_lower, f.entry_document, f.entry_revision, f.benchmark_round, f.role, f.replaced_by,
    f.stated_key, c.claim_key, i.resolved_key, i.inverted, c.value, c.si_value,
    c.status, c.superseded_by, c.compared_with, c.change_absolute, c.change_relative
"""
GROUP_FROM = """
    FROM claims c JOIN claim_facts f ON f.claim_id = c.id
    LEFT JOIN identities i ON i.stated_key = f.stated_key
"""
WRITE_STATUS = """
    UPDATE claims SET status = ?, superseded_by = ?, compared_with = ?, change_absolute = ?, change_relative = ?
    WHERE id = ?
"""
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


@dataclass
class RunSummary:
    """What a run did: how many claims it read and judged, how many rows it wrote, whose status changed.

    The ids of the claims whose status or comparison the run set or changed are in
    the connection's temporary table `diff_changed` (a report of "what changed").
    """

    full: bool = False
    facts_recomputed: bool = False
    claims_read: int = 0
    identities_judged: int = 0
    claims_compared: int = 0
    rows_written: int = 0
    changed: int = 0


@cache
def rules_version() -> str:
    """`RULES_VERSION` and a digest of the data files the rules read."""
    digest = hashlib.sha256(RULES_VERSION.encode())
    for name in RULE_DATA:
        digest.update(resources.files("claimledger").joinpath("data", name).read_bytes())
    return digest.hexdigest()[:16]


def update_ledger(
    db: sqlite_utils.Database, full: bool = False, progress: Callable[[str, int, int], None] | None = None
) -> RunSummary:
    """Bring claim facts, identities, keys and statuses up to date; return what changed.

    A changed rules version recomputes every claim's facts too; `full` alone
    resolves every identity and judges every claim again from the stored facts.
    """
    state = dict(db.execute("SELECT name, value FROM diff_state").fetchall())
    version = rules_version()
    stale = state.get("rules_version") != version
    summary = RunSummary(full=full or stale, facts_recomputed=stale)
    db.execute("CREATE TEMP TABLE IF NOT EXISTS diff_changed (claim_id INTEGER PRIMARY KEY)")
    db.execute("DELETE FROM temp.diff_changed")
    facts_through = 0 if stale else int(state.get("facts_through") or 0)
    (synchronous,) = db.execute("PRAGMA synchronous").fetchone()
    (foreign_keys,) = db.execute("PRAGMA foreign_keys").fetchone()
    # Everything a run writes can be computed again, so its commits need not wait for the disk (WAL stays consistent).
    db.execute("PRAGMA synchronous = NORMAL")
    # Every superseded_by and compared_with written is the id of a claim just read, and SQLite's
    # check of that self-reference costs ten times the update itself.
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        if summary.full:
            _rebuild(db, version, facts_through, summary, progress)
        else:
            with immediate(db):
                _incremental_run(db, facts_through, summary)
    finally:
        db.execute(f"PRAGMA synchronous = {int(synchronous)}")
        db.execute(f"PRAGMA foreign_keys = {int(foreign_keys)}")
    return summary


class immediate:
    """A write transaction taken at once, so no crawl commits claims halfway through a run."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.connection = db.conn

    def __enter__(self) -> None:
        self.connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *exc: object) -> None:
        self.connection.execute("COMMIT" if kind is None else "ROLLBACK")


def _marks(db: sqlite_utils.Database, facts_through: int) -> tuple[int, int, list[int]]:
    """The newest claim id, the last pending mark, and the claims edited since the last run."""
    (newest,) = db.execute("SELECT coalesce(max(id), 0) FROM claims").fetchone()
    (last_mark,) = db.execute("SELECT coalesce(max(rowid), 0) FROM diff_pending").fetchone()
    edited = [claim_id for (claim_id,) in db.execute(
        "SELECT claim_id FROM diff_pending WHERE claim_id <= ? AND rowid <= ?", [facts_through, last_mark]
    )]
    return newest, last_mark, edited


def _incremental_run(db: sqlite_utils.Database, facts_through: int, summary: RunSummary) -> None:
    newest, last_mark, edited = _marks(db, facts_through)
    touched: set[str] = set()
    counts: Counter[str] = Counter()
    firsts: dict[str, int] = {}
    for rows in _pending_batches(db, facts_through, newest, edited):
        _store_facts(db, rows, summary, counts, firsts, touched)
    appeared, gone = _apply_counts(db, counts, firsts)
    blocks = {block for text in appeared | gone for block in Resolver.neighbours_of(parse_key(text))}
    touched |= _resolve_blocks(db, blocks)
    touched |= _key_pending(db, facts_through, newest, edited)
    touched |= _apply_decisions(db)
    touched.discard(None)  # type: ignore[arg-type]
    summary.identities_judged = len(touched)
    if len(touched) > ORDERED_PASS_AT:
        _judge_groups(db, _ordered_groups(db), summary)
    else:
        _judge_groups(db, (_group(db, key) for key in sorted(touched)), summary)
    db.execute("DELETE FROM diff_pending WHERE rowid <= ?", [last_mark])
    _save_state(db, {"facts_through": str(newest)})


def _rebuild(
    db: sqlite_utils.Database, version: str, facts_through: int, summary: RunSummary,
    progress: Callable[[str, int, int], None] | None,
) -> None:
    """Every identity resolved and every claim judged again, committed batch by batch.

    Facts are computed for the pending claims only, unless `facts_through` is 0
    (a new rules version): then for every claim.
    """
    newest, last_mark, edited = _marks(db, facts_through)
    (total,) = db.execute("SELECT count(*) FROM claims").fetchone()
    done = 0
    if facts_through == 0:
        # Every claim's facts are written again: the indexes are built once, after.
        with db.conn:
            db.execute("DELETE FROM claim_facts")
            for name, _ in FACT_INDEXES:
                db.execute(f"DROP INDEX IF EXISTS [{name}]")
    for rows in _pending_batches(db, facts_through, newest, edited):
        with db.conn:
            _store_facts(db, rows, summary)
        done += len(rows)
        if progress:
            progress("claim facts", done, total)
    with db.conn:
        for name, column in FACT_INDEXES:
            db.execute(f"CREATE INDEX IF NOT EXISTS [{name}] ON claim_facts ([{column}])")
        _rebuild_identities(db)
        _resolve_all(db)
        db.execute(
            """UPDATE claims SET claim_key = keyed.key FROM (
                   SELECT c.id AS id, i.resolved_key AS key FROM claims c
                   LEFT JOIN claim_facts f ON f.claim_id = c.id
                   LEFT JOIN identities i ON i.stated_key = f.stated_key) AS keyed
               WHERE claims.id = keyed.id AND claims.claim_key IS NOT keyed.key"""
        )
        db.execute(
            f"UPDATE claims SET {CLEARED} WHERE claim_key IS NULL "
            "AND (status IS NOT NULL OR superseded_by IS NOT NULL OR compared_with IS NOT NULL)"
        )
        _apply_decisions(db)
    (summary.identities_judged,) = db.execute("SELECT count(DISTINCT claim_key) FROM claims").fetchone()
    _judge_groups(db, _ordered_groups(db), summary, commit_every=BATCH, progress=progress, total=total)
    with db.conn:
        db.execute("DELETE FROM diff_pending WHERE rowid <= ?", [last_mark])
        _save_state(db, {"facts_through": str(newest), "rules_version": version})


def _rebuild_identities(db: sqlite_utils.Database) -> None:
    """Every stated identity from the stored facts, each resolved to itself until `_resolve_all` says otherwise."""
    db.execute("DELETE FROM identities")
    rows = db.execute(
        "SELECT stated_key, min(claim_id), count(*) FROM claim_facts WHERE stated_key IS NOT NULL GROUP BY stated_key"
    )
    db.conn.executemany(
        "INSERT INTO identities (stated_key, subject, measure, code, first_claim, claims, resolved_key, inverted, reason) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
        ((*_identity_row(text, first, count), text, STATED_IN_FULL) for text, first, count in rows),
    )


def _pending_batches(db: sqlite_utils.Database, after: int, through: int, edited: list[int]) -> Iterator[list[dict[str, Any]]]:
    """The pending claims' source rows, in batches: new ones by id range, edited ones by id."""
    query = source_query(db)
    start = after
    while start < through:
        rows = db.execute_returning_dicts(
            f"{query} WHERE c.id > ? AND c.id <= ? ORDER BY c.id LIMIT {BATCH}", [start, through]
        )
        if not rows:
            break
        yield rows
        start = rows[-1]["id"]
    old = [claim_id for claim_id in edited if claim_id <= after]
    for offset in range(0, len(old), 500):
        batch = old[offset : offset + 500]
        yield db.execute_returning_dicts(f"{query} WHERE c.id IN ({', '.join('?' * len(batch))})", batch)


def source_query(db: sqlite_utils.Database) -> str:
    """`SOURCE_QUERY` with the attribution columns this ledger has (claimant, role, replaced_by)."""
    columns = db["claims"].columns_dict
    extra = [f"c.{name}" if name in columns else f"NULL AS {name}" for name in ("claimant", "role", "replaced_by")]
    return SOURCE_QUERY.replace("FROM claims c", f", {', '.join(extra)} FROM claims c", 1)


def _store_facts(
    db: sqlite_utils.Database, rows: list[dict[str, Any]], summary: RunSummary,
    counts: Counter[str] | None = None, firsts: dict[str, int] | None = None, touched: set[str] | None = None,
) -> None:
    """Compute and store the facts of `rows`; with `counts`, count the stated identities they leave and join."""
    old = _old_stated(db, [row["id"] for row in rows]) if counts is not None else {}
    sentences = _sentence_siblings(db, {row["document_id"] for row in rows})
    upserts = []
    for row in rows:
        facts = claim_facts(row, sentences.get((row["document_id"], row["sentence_start"]), ()))
        source = publisher(row.get("source"))
        claimant = publisher(row.get("claimant")) if row.get("claimant") else source
        upserts.append((row["id"], *facts.row(), source, claimant, row.get("role"), row.get("replaced_by")))
        if counts is None or firsts is None or touched is None:
            continue
        before = old.get(row["id"])
        if before is not None:
            counts[before] -= 1
        if facts.stated_key is not None:
            counts[facts.stated_key] += 1
            firsts[facts.stated_key] = min(firsts.get(facts.stated_key, row["id"]), row["id"])
        if row.get("claim_key"):
            touched.add(row["claim_key"])
    db.conn.executemany(FACT_UPSERT, upserts)
    summary.claims_read += len(rows)


def _sentence_siblings(db: sqlite_utils.Database, documents: set[int]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """The conditions and baselines the claims of each sentence state, by (document, sentence start)."""
    found: dict[tuple[int, int], list[dict[str, Any]]] = {}
    ids = sorted(documents)
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        for document_id, start, condition, baseline in db.execute(
            f"SELECT document_id, sentence_start, condition, baseline FROM claims "
            f"WHERE document_id IN ({', '.join('?' * len(batch))}) AND (condition IS NOT NULL OR baseline IS NOT NULL)",
            batch,
        ):
            found.setdefault((document_id, start), []).append({"condition": condition, "baseline": baseline})
    return found


def _old_stated(db: sqlite_utils.Database, ids: list[int]) -> dict[int, str]:
    found: dict[int, str] = {}
    for offset in range(0, len(ids), 500):
        batch = ids[offset : offset + 500]
        found.update(db.execute(
            f"SELECT claim_id, stated_key FROM claim_facts WHERE stated_key IS NOT NULL "
            f"AND claim_id IN ({', '.join('?' * len(batch))})", batch,
        ).fetchall())
    return found


def _identity_row(text: str, first: int, count: int) -> tuple[Any, ...]:
    identity = parse_key(text)
    return (text, identity.subject, identity.measure, identity.code, first, count)


def _apply_counts(db: sqlite_utils.Database, counts: Counter[str], firsts: dict[str, int]) -> tuple[set[str], set[str]]:
    """Add the claims counted to each identity; return the identities that appeared and those now gone."""
    appeared, gone = set(), set()
    for text, delta in counts.items():
        if delta == 0:
            continue
        row = db.execute("SELECT claims, first_claim FROM identities WHERE stated_key = ?", [text]).fetchone()
        if row is None:
            if delta > 0:
                db.execute(
                    "INSERT INTO identities (stated_key, subject, measure, code, first_claim, claims) "
                    "VALUES (?, ?, ?, ?, ?, ?)", _identity_row(text, firsts[text], delta),
                )
                appeared.add(text)
            continue
        remaining = row[0] + delta
        if remaining <= 0:
            db.execute("DELETE FROM identities WHERE stated_key = ?", [text])
            gone.add(text)
        else:
            first = min(row[1], firsts.get(text, row[1]))
            db.execute("UPDATE identities SET claims = ?, first_claim = ? WHERE stated_key = ?", [remaining, first, text])
    return appeared, gone


def block_identities(db: sqlite_utils.Database, blocks: Iterable[tuple[str, str]]) -> dict[str, int]:
    """Stated key -> first claim, for every identity in `blocks` and the blocks their resolution reads."""
    found: dict[str, int] = {}
    waiting = set(blocks)
    done: set[tuple[str, str]] = set()
    while waiting:
        subject, measure = block = waiting.pop()
        done.add(block)
        rows = db.execute(
            "SELECT stated_key, first_claim FROM identities WHERE measure = ? AND (subject = ? OR code = ?)",
            [measure, subject, subject],
        ).fetchall()
        for text, first in rows:
            if text in found:
                continue
            found[text] = first
            # A reciprocal's own resolution is read from its block.
            mirror = parse_key(text).mirror()
            if mirror is not None and (mirror.subject, mirror.measure) not in done:
                waiting.add((mirror.subject, mirror.measure))
    return found


def _resolve_blocks(db: sqlite_utils.Database, blocks: set[tuple[str, str]]) -> set[str]:
    """Resolve every identity of `blocks` again; move the claims of those that resolve elsewhere."""
    if not blocks:
        return set()
    identities = block_identities(db, blocks)
    resolver = Resolver(identities, identities)
    touched: set[str] = set()
    for text in identities:
        stated = resolver.identities[text]
        if (stated.subject, stated.measure) not in blocks and not (stated.code and (stated.code, stated.measure) in blocks):
            continue
        touched |= _store_resolution(db, resolver, text)
    return touched


def _store_resolution(db: sqlite_utils.Database, resolver: Resolver, text: str) -> set[str]:
    resolution = resolver.resolve(text)
    old = db.execute("SELECT resolved_key, inverted, reason FROM identities WHERE stated_key = ?", [text]).fetchone()
    new = (resolution.key, int(resolution.inverted), resolution.reason)
    if old is None or tuple(old) == new:
        return set()
    db.execute("UPDATE identities SET resolved_key = ?, inverted = ?, reason = ? WHERE stated_key = ?", [*new, text])
    if old[0] == resolution.key:
        return {resolution.key}
    moved = db.execute(
        "SELECT DISTINCT c.claim_key FROM claims c JOIN claim_facts f ON f.claim_id = c.id WHERE f.stated_key = ?", [text]
    ).fetchall()
    db.execute(
        "UPDATE claims SET claim_key = ? WHERE id IN (SELECT claim_id FROM claim_facts WHERE stated_key = ?)",
        [resolution.key, text],
    )
    return {resolution.key, *(key for (key,) in moved if key)}


def _resolve_all(db: sqlite_utils.Database) -> None:
    """Resolve every identity, one block (subject and measure) at a time, so memory stays flat.

    A block of identities stated in full with no reciprocal to look for resolves
    to itself, as `_rebuild_identities` left it; only the others are resolved.
    """
    updates: list[tuple[Any, ...]] = []
    rows = db.conn.execute("SELECT stated_key, subject, measure FROM identities ORDER BY subject, measure")
    for (subject, measure), block in itertools.groupby(rows, key=lambda row: (row[1], row[2])):
        identities = [parse_key(text) for text, _, _ in block]
        if not any(identity.left_out or identity.mirror() for identity in identities):
            continue
        known = block_identities(db, [(subject, measure)])
        resolver = Resolver(known, known)
        for identity in identities:
            resolution = resolver.resolve(identity.text)
            if (resolution.key, resolution.inverted, resolution.reason) != (identity.text, False, STATED_IN_FULL):
                updates.append((resolution.key, int(resolution.inverted), resolution.reason, identity.text))
        if len(updates) >= BATCH:
            db.conn.executemany(UPDATE_RESOLUTION, updates)
            updates = []
    db.conn.executemany(UPDATE_RESOLUTION, updates)


def _key_pending(db: sqlite_utils.Database, after: int, through: int, edited: list[int]) -> set[str]:
    """Give each pending claim the key its stated identity resolves to; return the keys it left and joined."""
    pending = "(c.id > ? AND c.id <= ?)"
    arguments: list[Any] = [after, through]
    if edited:
        pending = f"({pending} OR c.id IN (SELECT claim_id FROM diff_pending))"
    rows = db.execute(
        f"""SELECT c.id, c.claim_key, i.resolved_key FROM claims c
            LEFT JOIN claim_facts f ON f.claim_id = c.id LEFT JOIN identities i ON i.stated_key = f.stated_key
            WHERE {pending} AND c.claim_key IS NOT i.resolved_key""",
        arguments,
    ).fetchall()
    db.conn.executemany("UPDATE claims SET claim_key = ? WHERE id = ?", [(new, claim_id) for claim_id, _, new in rows])
    cleared = [(claim_id,) for claim_id, _, new in rows if new is None]
    db.conn.executemany(f"UPDATE claims SET {CLEARED} WHERE id = ?", cleared)
    return {key for _, old, new in rows for key in (old, new) if key}


def _apply_decisions(db: sqlite_utils.Database) -> set[str]:
    """Rule 4: the analyst's decisions over the rules' keys; return the keys claims left and joined."""
    decisions = decisions_module.load_decisions(db)
    if not decisions:
        return set()
    ids = decisions_module.decided_claims(decisions)
    placeholders = ", ".join("?" * len(ids))
    rows = {
        claim_id: (claim_key, stated, resolved)
        for claim_id, claim_key, stated, resolved in db.execute(
            f"""SELECT c.id, c.claim_key, f.stated_key, i.resolved_key FROM claims c
                LEFT JOIN claim_facts f ON f.claim_id = c.id LEFT JOIN identities i ON i.stated_key = f.stated_key
                WHERE c.id IN ({placeholders})""", list(ids),
        )
    }
    keys = decisions_module.apply(
        [d for d in decisions if d.claim_id in rows and d.other_id in rows],
        ruled_key=lambda claim_id: rows[claim_id][2],
        stated_key=lambda claim_id: rows[claim_id][1],
    )
    # A claim whose decisions no longer move it goes back to the rules' key.
    for claim_id, (_, _, resolved) in rows.items():
        keys.setdefault(claim_id, resolved)
    touched: set[str] = set()
    for claim_id, key in keys.items():
        current = rows[claim_id][0]
        if key != current:
            db.execute("UPDATE claims SET claim_key = ? WHERE id = ?", [key, claim_id])
            touched |= {k for k in (key, current) if k}
    return touched


@dataclass(slots=True)
class Stored:
    """What the ledger holds for one judged claim, to write only what changed."""

    status: str | None
    superseded_by: int | None
    comparison: tuple[int | None, float | None, float | None]
    value: float | None
    si_value: float | None


def _group(db: sqlite_utils.Database, key: str) -> list[tuple[Figure, Stored]]:
    return [_figure(row, key) for row in db.execute(f"SELECT {GROUP_COLUMNS} {GROUP_FROM} WHERE c.claim_key = ?", [key])]


def _ordered_groups(db: sqlite_utils.Database) -> Iterator[list[tuple[Figure, Stored]]]:
    """Every keyed claim, one identity at a time, streamed through the key index."""
    group: list[tuple[Figure, Stored]] = []
    current = None
    rows = db.conn.execute(f"SELECT {GROUP_COLUMNS} {GROUP_FROM} WHERE c.claim_key IS NOT NULL ORDER BY c.claim_key")
    for row in rows:
        key = row[16]
        if group and key != current:
            yield group
            group = []
        current = key
        group.append(_figure(row, key))
    if group:
        yield group


def _figure(row: tuple[Any, ...], key: str) -> tuple[Figure, Stored]:
    (claim_id, document_id, figure_date, source, claimant, intervals, unit, qualifier, revision_cue, lower, entry,
     revision, round_, role, replaced_by, stated_key, _, resolved_key, inverted, value, si_value,
     status, superseded_by, compared_with, absolute, relative) = row
    ends = parse_intervals(intervals)
    written_backwards = _is_inverted(stated_key, resolved_key, bool(inverted), key)
    if written_backwards:
        ends = reciprocal(ends)
    figure = Figure(
        id=claim_id, document_id=document_id, when=parse_when(figure_date), publisher=source, claimant=claimant,
        intervals=ends, unit=unit, qualifier=qualifier, revision_cue=bool(revision_cue), entry=entry,
        revision=revision or 1, round=parse_round(round_), role=role, replaced_by=replaced_by,
        comparable=not (written_backwards and lower),
    )
    return figure, Stored(status, superseded_by, (compared_with, absolute, relative), value, si_value)


def _is_inverted(stated_key: str | None, resolved_key: str | None, inverted: bool, key: str) -> bool:
    """Whether a claim is written the other way round from its identity (rule 3 of the resolver)."""
    if key == resolved_key or stated_key is None:
        return inverted
    # Moved by a decision: compare the written sides with the identity's.
    stated, identity = parse_key(stated_key), parse_key(key)
    return (stated.subject, stated.baseline) == (identity.baseline, identity.subject) and stated.subject != stated.baseline


def _judge_groups(
    db: sqlite_utils.Database, groups: Iterable[list[tuple[Figure, Stored]]], summary: RunSummary,
    commit_every: int | None = None, progress: Callable[[str, int, int], None] | None = None, total: int = 0,
) -> None:
    """Assign statuses group by group; write the rows that changed."""
    statuses: list[tuple[Any, ...]] = []
    changed: list[tuple[int]] = []
    done = 0

    def flush() -> None:
        db.conn.executemany(WRITE_STATUS, statuses)
        db.conn.executemany("INSERT OR IGNORE INTO temp.diff_changed (claim_id) VALUES (?)", changed)
        summary.rows_written += len(statuses)
        summary.changed += len(changed)
        statuses.clear()
        changed.clear()

    for group in groups:
        figures = [figure for figure, _ in group]
        assign_statuses(figures)
        for figure, stored in group:
            comparison = _comparison(figure, stored)
            if (figure.status, figure.superseded_by, comparison) != (stored.status, stored.superseded_by, stored.comparison):
                statuses.append((figure.status, figure.superseded_by, *comparison, figure.id))
            if figure.status != stored.status or comparison[0] != stored.comparison[0]:
                changed.append((figure.id,))
        summary.claims_compared += len(group)
        done += len(group)
        if commit_every and len(statuses) + len(changed) >= commit_every:
            with db.conn:
                flush()
            if progress:
                progress("claims judged", done, total)
    if commit_every:
        with db.conn:
            flush()
    else:
        flush()


def _comparison(figure: Figure, stored: Stored) -> tuple[int | None, float | None, float | None]:
    """The earlier claim `figure` was judged against, and the change from it (absolute in its written unit)."""
    old = figure.old
    if old is None:
        return (None, None, None)
    new_mid, old_mid = figure.midpoint, old.midpoint
    if new_mid is None or old_mid is None or old.unit != figure.unit:
        return (old.id, None, None)
    scale = stored.si_value / stored.value if stored.value and stored.si_value is not None and figure.unit is None else 1.0
    difference = new_mid - old_mid
    relative = difference / old_mid if old_mid else None
    return (old.id, difference / scale, relative)


def _save_state(db: sqlite_utils.Database, values: dict[str, str]) -> None:
    db.conn.executemany(
        "INSERT INTO diff_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        list(values.items()),
    )
