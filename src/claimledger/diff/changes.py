"""`run_diff`: update the ledger, then select the changes to report from the stored statuses.

A change is one judged claim: its status, its identity, the earlier claim it was
compared with and the difference. Reports read them from the ledger (nothing is
judged again to print them), in identity order and, within an identity, in
publication order. A figure that is not a change (a past value, a repeat in the
same post or revision) has no status and is never reported.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any


from claimledger.diff.identity import Identity, parse_key
from claimledger.diff.keys import fold, normalise_name, use_entities
from claimledger.diff.run import RunSummary, update_ledger

if TYPE_CHECKING:
    import sqlite_utils
    from claimledger.entities import Entity

ID_BATCH = 500
OUTPUT_BATCH = 2000
DATE_FORMAT = "%Y-%m-%dT%H:%M:%S%z"
SELECT_CHANGES = """
    SELECT c.id, c.claim_key, c.status, c.compared_with, c.change_absolute, c.change_relative
    FROM claims c JOIN claim_facts f ON f.claim_id = c.id
    WHERE c.status IS NOT NULL AND c.claim_key IS NOT NULL
"""


@dataclass(slots=True)
class Change:
    """A claim's status against the earlier figure it was compared with."""

    status: str
    key: Identity
    claim_key: str
    new_id: int
    old_id: int | None
    absolute: float | None
    relative: float | None


@dataclass(slots=True)
class DiffResult:
    """The changes selected for the report, read from the ledger in identity order, in batches.

    `counts` holds how many changes of each status the selection has; `batches`
    streams them, so a report of a million rows never holds them all.
    """

    db: sqlite_utils.Database
    summary: RunSummary
    selection: str
    arguments: list[Any]
    counts: dict[str, int]

    @property
    def rows_written(self) -> int:
        return self.summary.rows_written

    @property
    def claims_compared(self) -> int:
        return self.summary.claims_compared

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def changes(self) -> list[Change]:
        """Every selected change, in a list (for small selections and tests)."""
        return list(self.iter_changes())

    def iter_changes(self) -> Iterator[Change]:
        keys: dict[str, Identity] = {}
        for claim_id, claim_key, status, old_id, absolute, relative in self.db.conn.execute(
            f"{SELECT_CHANGES} {self.selection} ORDER BY c.claim_key, f.figure_date, c.document_id, c.id", self.arguments
        ):
            key = keys.get(claim_key)
            if key is None:
                if len(keys) > OUTPUT_BATCH:
                    keys.clear()
                key = keys[claim_key] = parse_key(claim_key)
            yield Change(status, key, claim_key, claim_id, old_id, absolute, relative)

    def batches(self, size: int = OUTPUT_BATCH) -> Iterator[tuple[list[Change], dict[int, dict[str, Any]]]]:
        """The changes in runs of about `size`, never splitting a subject, each with its claims by id."""
        batch: list[Change] = []
        for change in self.iter_changes():
            if len(batch) >= size and change.key.subject != batch[-1].key.subject:
                yield batch, self.claims_of(batch)
                batch = []
            batch.append(change)
        if batch:
            yield batch, self.claims_of(batch)

    def claims_of(self, changes: Iterable[Change]) -> dict[int, dict[str, Any]]:
        """The full ledger rows of the old and new claims of `changes`, by id."""
        ids = {id_ for change in changes for id_ in (change.new_id, change.old_id) if id_ is not None}
        return load_claims(self.db, ids)


def run_diff(
    db: sqlite_utils.Database,
    since: datetime | None = None,
    until: datetime | None = None,
    subject: str | None = None,
    statuses: Collection[str] | None = None,
    full: bool = False,
    only_changed: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    entities: Sequence[Entity] = (),
) -> DiffResult:
    """Bring the ledger's statuses up to date, then select the changes to report.

    Args:
        db: an open ledger.
        since, until: the window of publication dates (inclusive) whose claims are reported.
        subject: report only identities whose subject contains this text (after folding).
        statuses: report only changes with one of these statuses.
        full: recompute every claim, not only what changed since the last run.
        only_changed: report only the claims whose status or comparison this run changed.
        progress: called with (what, done, total) during a full run.
        entities: a user's own entities (`--entities`), over the package's.
    """
    summary = update_ledger(db, full=full, progress=progress, entities=entities)
    with use_entities(entities):
        wanted = sorted({text for text in (fold(subject), normalise_name(subject)) if text}) if subject else []
    selection, arguments = "", []
    for operator, when in ((">=", since), ("<=", until)):
        if when is not None:
            selection += f" AND f.figure_date {operator} ?"
            arguments.append(when.strftime(DATE_FORMAT))
    if statuses:
        selection += f" AND c.status IN ({', '.join('?' * len(statuses))})"
        arguments += sorted(statuses)
    if subject:
        subject_part = "substr(c.claim_key, 1, instr(c.claim_key, ' | ') - 1)"
        selection += " AND (" + " OR ".join(f"instr({subject_part}, ?) > 0" for _ in wanted) + ")"
        arguments += wanted
    if only_changed:
        # Read from the run's changes, not through every claim.
        selection += " AND c.id IN (SELECT claim_id FROM temp.diff_changed)"
    counts = dict(db.execute(
        f"SELECT c.status, count(*) FROM claims c JOIN claim_facts f ON f.claim_id = c.id "
        f"WHERE c.status IS NOT NULL AND c.claim_key IS NOT NULL {selection} GROUP BY c.status", arguments,
    ).fetchall())
    return DiffResult(db=db, summary=summary, selection=selection, arguments=arguments, counts=counts)


def load_claims(db: sqlite_utils.Database, claim_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Full ledger rows (with the document's URL and date where the claim lacks them), by id."""
    ids = sorted(claim_ids)
    claims: dict[int, dict[str, Any]] = {}
    for start in range(0, len(ids), ID_BATCH):
        batch = ids[start : start + ID_BATCH]
        placeholders = ", ".join("?" for _ in batch)
        sql = f"""
            SELECT c.*, COALESCE(c.url, d.url) AS url, COALESCE(c.source, d.source) AS source,
                   COALESCE(c.published, d.published) AS published
            FROM claims c LEFT JOIN documents d ON d.id = c.document_id
            WHERE c.id IN ({placeholders})
        """
        cursor = db.conn.execute(sql, batch)
        names = [column[0] for column in cursor.description]
        for values in cursor:
            row = dict(zip(names, values))
            claims[row["id"]] = row
    return claims
