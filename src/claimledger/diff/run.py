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

The rules version (`rules_version`: this module's `RULES_VERSION`, the data
files the rules read and a user's entities file, `--entities`) is stored in the
ledger; when it differs, or with
``full=True``, every claim is recomputed (in batches, so memory stays flat).
An incremental run is one transaction; a full one commits batch by batch and
stores the version last, so an interrupted full run starts again next time.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING


from claimledger.diff.fact_store import FACT_INDEXES, pending_batches, store_every_fact, store_facts, store_pending
from claimledger.diff.identity import Resolver, parse_key
from claimledger.diff.identity_store import (
    apply_counts,
    apply_decisions,
    key_pending,
    key_range,
    rebuild_identities,
    resolve_all,
    resolve_blocks,
    resolved_elsewhere,
)
from claimledger.diff.judging import Judged, group, judge_everything, judge_groups, ordered_groups
from claimledger.diff.keys import use_entities
from claimledger.ledger.entities import entity_row, record_stated

if TYPE_CHECKING:
    import sqlite_utils
    from claimledger.entities import Entity

# Bump when a rule in code changes what a claim's identity, facts or status are.
RULES_VERSION = "15.0"
# Data files the rules read: a change in any of them recomputes every claim.
RULE_DATA = ("aliases.toml", "diff.toml", "entities.toml", "metrics.toml", "units.toml")
# Statuses written per commit of a full run; claims read per page of the key index.
COMMIT_EVERY = 20000
# With more identities than this touched, the statuses are recomputed in one ordered pass.
ORDERED_PASS_AT = 20000
# A full run of a ledger this large judges on every core (at most MAX_WORKERS processes).
PARALLEL_AT = 200_000
MAX_WORKERS = 4


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

    def add(self, judged: Judged) -> None:
        self.identities_judged += judged.identities
        self.claims_compared += judged.claims
        self.rows_written += judged.rows_written
        self.changed += judged.changed


def rules_version(entities: Sequence[Entity] = ()) -> str:
    """`RULES_VERSION` and a digest of the data files the rules read, and of a user's `entities` when given."""
    if not entities:
        return package_rules_version()
    stated = json.dumps([entity_row(entity) for entity in entities], ensure_ascii=False)
    return hashlib.sha256(f"{package_rules_version()} {stated}".encode()).hexdigest()[:16]


@cache
def package_rules_version() -> str:
    """`RULES_VERSION` and a digest of the package's data files the rules read."""
    digest = hashlib.sha256(RULES_VERSION.encode())
    for name in RULE_DATA:
        digest.update(resources.files("claimledger").joinpath("data", name).read_bytes())
    return digest.hexdigest()[:16]


def update_ledger(
    db: sqlite_utils.Database, full: bool = False, progress: Callable[[str, int, int], None] | None = None,
    entities: Sequence[Entity] = (),
) -> RunSummary:
    """Bring claim facts, identities, keys and statuses up to date; return what changed.

    A changed rules version recomputes every claim's facts too; `full` alone
    resolves every identity and judges every claim again from the stored facts.
    Names resolve through the package's entities and a user's `entities` over
    them, which go into the ledger's entities table too.
    """
    if entities:
        with db.conn:
            record_stated(db.conn, entities)
    with use_entities(entities):
        return _update(db, full, progress, rules_version(entities))


def _update(
    db: sqlite_utils.Database, full: bool, progress: Callable[[str, int, int], None] | None, version: str
) -> RunSummary:
    state = dict(db.execute("SELECT name, value FROM diff_state").fetchall())
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
    for rows in pending_batches(db, facts_through, newest, edited):
        store_facts(db, rows, counts, firsts, touched)
        summary.claims_read += len(rows)
    appeared, gone = apply_counts(db, counts, firsts)
    blocks = {block for text in appeared | gone for block in Resolver.neighbours_of(parse_key(text))}
    touched |= resolve_blocks(db, blocks)
    touched |= key_pending(db, facts_through, newest, edited)
    touched |= apply_decisions(db)
    touched.discard(None)  # type: ignore[arg-type]
    if len(touched) > ORDERED_PASS_AT:
        summary.add(judge_groups(db, ordered_groups(db)))
    else:
        summary.add(judge_groups(db, (group(db, key) for key in sorted(touched))))
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
    workers = min(MAX_WORKERS, len(os.sched_getaffinity(0))) if total >= PARALLEL_AT else 1
    report = (lambda done: progress("claim facts", done, total)) if progress else None
    if facts_through == 0:
        # Every claim's facts are written again: the indexes are built once, after.
        with db.conn:
            db.execute("DELETE FROM claim_facts")
            for name, _ in FACT_INDEXES:
                db.execute(f"DROP INDEX IF EXISTS [{name}]")
        summary.claims_read += store_every_fact(db, newest, workers, report)
    else:
        summary.claims_read += store_pending(db, facts_through, newest, edited, report)
    with db.conn:
        for name, column in FACT_INDEXES:
            db.execute(f"CREATE INDEX IF NOT EXISTS [{name}] ON claim_facts ([{column}])")
        rebuild_identities(db)
        resolve_all(db)
    moved = resolved_elsewhere(db)
    for start in range(0, newest, COMMIT_EVERY):
        with db.conn:
            key_range(db, start, start + COMMIT_EVERY, moved)
    with db.conn:
        apply_decisions(db)
    summary.add(judge_everything(db, workers, COMMIT_EVERY, progress=progress, total=total))
    with db.conn:
        db.execute("DELETE FROM diff_pending WHERE rowid <= ?", [last_mark])
        _save_state(db, {"facts_through": str(newest), "rules_version": version})


def _save_state(db: sqlite_utils.Database, values: dict[str, str]) -> None:
    db.conn.executemany(
        "INSERT INTO diff_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        list(values.items()),
    )
