"""Judging identities: their claims read from the ledger as `Figure`s, statuses assigned, changes written."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from claimledger.diff.facts import parse_intervals, parse_round, parse_when
from claimledger.diff.identity import counts_holdings, is_lasting, is_organisation_figure, names_a_period, parse_key
from claimledger.diff.statuses import Figure, assign_statuses
from claimledger.diff.values import reciprocal
from claimledger.diff.workers import ledger_path, pool, read_only

if TYPE_CHECKING:
    import sqlite_utils

PAGE = 5000
# Each worker of a full run takes this many ranges of the key index, so none waits long for the others.
RANGES_PER_WORKER = 8
GROUP_COLUMNS = """
    c.id, c.document_id, f.figure_date, f.publisher, f.claimant, f.intervals, f.compare_unit, c.qualifier,
    f.revision_cue, f.says_lower, f.entry_document, f.entry_revision, f.benchmark_round, f.role, f.replaced_by,
    f.stated_key, c.claim_key, c.value, c.si_value,
    c.status, c.superseded_by, c.compared_with, c.change_absolute, c.change_relative, c.projected
"""
GROUP_FROM = "FROM claims c JOIN claim_facts f ON f.claim_id = c.id"
# Where each stated identity resolves: a range of the identities' key index read in one pass, or one identity.
IDENTITIES_IN_RANGE = "SELECT stated_key, resolved_key, inverted FROM identities WHERE stated_key > ? AND stated_key <= ?"
IDENTITY = "SELECT resolved_key, inverted FROM identities WHERE stated_key = ?"
UNRESOLVED = (None, None)
WRITE_STATUS = """
    UPDATE claims SET status = ?, superseded_by = ?, compared_with = ?, change_absolute = ?, change_relative = ?
    WHERE id = ?
"""


@dataclass
class Judged:
    """What judging did: identities and claims judged, rows written, claims whose status or comparison changed."""

    identities: int = 0
    claims: int = 0
    rows_written: int = 0
    changed: int = 0


@dataclass(slots=True)
class Stored:
    """What the ledger holds for one judged claim, to write only what changed."""

    status: str | None
    superseded_by: int | None
    comparison: tuple[int | None, float | None, float | None]
    value: float | None
    si_value: float | None


def group(db: sqlite_utils.Database, key: str) -> list[tuple[Figure, Stored]]:
    lasting, organisational = is_lasting(key), is_organisation_figure(key)
    rows = db.execute(f"SELECT {GROUP_COLUMNS} {GROUP_FROM} WHERE c.claim_key = ?", [key]).fetchall()
    resolutions = _resolutions(db.conn, rows)
    return [_figure(row, key, lasting, organisational, resolutions) for row in rows]


def ordered_groups(db: Any, after: str = "", through: str | None = None) -> Iterator[list[tuple[Figure, Stored]]]:
    """Every keyed claim (with a key in (after, through]), one identity at a time, read through the key index in pages.

    Each page is read whole before its groups are judged, so no statement stays
    open across the commits between pages (an open one would keep the WAL from
    being checkpointed); the last group of a full page is read again with the next.
    """
    upto = "" if through is None else " AND c.claim_key <= ?"
    while True:
        rows = db.conn.execute(
            f"SELECT {GROUP_COLUMNS} {GROUP_FROM} WHERE c.claim_key > ?{upto} ORDER BY c.claim_key LIMIT {PAGE}",
            [after] if through is None else [after, through],
        ).fetchall()
        if not rows:
            return
        groups = [list(group) for _, group in itertools.groupby(rows, key=lambda row: row[16])]
        if len(rows) == PAGE and len(groups) > 1:
            groups.pop()
        elif len(rows) == PAGE:
            # One identity fills the page: read all of it.
            key = rows[0][16]
            groups = [db.conn.execute(f"SELECT {GROUP_COLUMNS} {GROUP_FROM} WHERE c.claim_key = ?", [key]).fetchall()]
        resolutions = _resolutions(db.conn, list(itertools.chain.from_iterable(groups)), after, groups[-1][0][16])
        for group in groups:
            key = group[0][16]
            lasting, organisational = is_lasting(key), is_organisation_figure(key)
            yield [_figure(row, key, lasting, organisational, resolutions) for row in group]
        if len(rows) < PAGE:
            return
        after = groups[-1][0][16]


def _resolutions(
    connection: Any, rows: list[tuple[Any, ...]], after: str | None = None, through: str | None = None
) -> dict[str | None, tuple[str | None, int | None]]:
    """Stated key -> (resolved key, inverted) for the claims of `rows` ((None, None): no identity).

    A claim mostly states the key it is judged under, so the identities with a key in
    (after, through], the range `rows` were read from, are read in one pass of their
    index (a look-up per claim cost a third of reading the claims); any other is looked up alone.
    """
    found: dict[str | None, tuple[str | None, int | None]] = {}
    if after is not None:
        found = {stated: (resolved, inverted) for stated, resolved, inverted in connection.execute(
            IDENTITIES_IN_RANGE, [after, through])}
    for stated in {row[15] for row in rows} - found.keys():
        found[stated] = (connection.execute(IDENTITY, [stated]).fetchone() or UNRESOLVED) if stated else UNRESOLVED
    return found


def _figure(
    row: tuple[Any, ...], key: str, lasting: bool, organisational: bool,
    resolutions: dict[str | None, tuple[str | None, int | None]],
) -> tuple[Figure, Stored]:
    """A claim of identity `key` (`lasting`: `claimledger.diff.identity.is_lasting`; `organisational`:
    `is_organisation_figure`, where a forecast is apart from actual figures) and what the ledger holds for it;
    `resolutions` are those of the claims' stated identities (`_resolutions`)."""
    (claim_id, document_id, figure_date, source, claimant, intervals, unit, qualifier, revision_cue, lower, entry,
     revision, round_, role, replaced_by, stated_key, _, value, si_value,
     status, superseded_by, compared_with, absolute, relative, projected) = row
    resolved_key, inverted = resolutions[stated_key]
    ends = parse_intervals(intervals)
    written_backwards = _is_inverted(stated_key, resolved_key, bool(inverted), key)
    if written_backwards:
        ends = reciprocal(ends)
    figure = Figure(
        id=claim_id, document_id=document_id, when=parse_when(figure_date), publisher=source, claimant=claimant,
        intervals=ends, unit=unit, qualifier=qualifier, revision_cue=bool(revision_cue), entry=entry,
        revision=revision or 1, round=parse_round(round_), role=role, replaced_by=replaced_by,
        comparable=not (written_backwards and lower), lasting=lasting and round_ is None,
        projected=bool(projected) and (organisational or counts_holdings(key)), periodic=organisational,
        undated=organisational and not names_a_period(key),
    )
    return figure, Stored(status, superseded_by, (compared_with, absolute, relative), value, si_value)


def _is_inverted(stated_key: str | None, resolved_key: str | None, inverted: bool, key: str) -> bool:
    """Whether a claim is written the other way round from its identity (rule 3 of the resolver)."""
    if key == resolved_key or stated_key is None:
        return inverted
    # Moved by a decision: compare the written sides with the identity's.
    stated, identity = parse_key(stated_key), parse_key(key)
    return (stated.subject, stated.baseline) == (identity.baseline, identity.subject) and stated.subject != stated.baseline


@dataclass
class Verdicts:
    """Judged groups' rows to write: status updates and the ids whose status or comparison changed."""

    statuses: list[tuple[Any, ...]] = field(default_factory=list)
    changed: list[tuple[int]] = field(default_factory=list)
    identities: int = 0
    claims: int = 0

    def judge(self, group: list[tuple[Figure, Stored]]) -> None:
        assign_statuses([figure for figure, _ in group])
        self.identities += 1
        self.claims += len(group)
        for figure, stored in group:
            comparison = _comparison(figure, stored)
            if (figure.status, figure.superseded_by, comparison) != (stored.status, stored.superseded_by, stored.comparison):
                self.statuses.append((figure.status, figure.superseded_by, *comparison, figure.id))
            if figure.status != stored.status or comparison[0] != stored.comparison[0]:
                self.changed.append((figure.id,))

    def write(self, db: sqlite_utils.Database, judged: Judged) -> None:
        """Write the rows and count them into `judged`; the verdicts start empty again."""
        db.conn.executemany(WRITE_STATUS, self.statuses)
        db.conn.executemany("INSERT OR IGNORE INTO temp.diff_changed (claim_id) VALUES (?)", self.changed)
        judged.rows_written += len(self.statuses)
        judged.changed += len(self.changed)
        judged.identities += self.identities
        judged.claims += self.claims
        self.statuses, self.changed, self.identities, self.claims = [], [], 0, 0


def judge_groups(
    db: sqlite_utils.Database, groups: Iterable[list[tuple[Figure, Stored]]],
    commit_every: int | None = None, progress: Callable[[str, int, int], None] | None = None, total: int = 0,
) -> Judged:
    """Assign statuses group by group; write the rows that changed, each id whose status changed to `diff_changed`."""
    judged, verdicts, done = Judged(), Verdicts(), 0
    for group in groups:
        verdicts.judge(group)
        done += len(group)
        if commit_every and len(verdicts.statuses) + len(verdicts.changed) >= commit_every:
            with db.conn:
                verdicts.write(db, judged)
            if progress:
                progress("claims judged", done, total)
    if commit_every:
        with db.conn:
            verdicts.write(db, judged)
    else:
        verdicts.write(db, judged)
    return judged


def judge_everything(
    db: sqlite_utils.Database, workers: int, commit_every: int,
    progress: Callable[[str, int, int], None] | None = None, total: int = 0,
) -> Judged:
    """Every identity judged, in `workers` processes reading ranges of the key index, the writes done here.

    Each worker opens the ledger read-only (WAL lets it read while this process
    writes); a range holds whole identities, so no identity is split.
    """
    path = ledger_path(db)
    if workers < 2 or path is None:
        return judge_groups(db, ordered_groups(db), commit_every=commit_every, progress=progress, total=total)
    ranges = key_ranges(db, workers * RANGES_PER_WORKER)
    judged, done = Judged(), 0
    with pool(workers) as processes:
        for verdicts in processes.map(judge_range, [path] * len(ranges), *zip(*ranges, strict=True)):
            done += verdicts.claims
            with db.conn:
                verdicts.write(db, judged)
            if progress:
                progress("claims judged", done, total)
    return judged


def judge_range(path: str, after: str, through: str | None) -> Verdicts:
    """A worker's share: the identities with a key in (after, through], judged against a read-only ledger."""
    with read_only(path) as reader:
        verdicts = Verdicts()
        for group_ in ordered_groups(reader, after, through):
            verdicts.judge(group_)
        return verdicts


def key_ranges(db: sqlite_utils.Database, pieces: int) -> list[tuple[str, str | None]]:
    """About `pieces` ranges (after, through] of claim keys covering every key, of about equal claim counts.

    Each bound is found by skipping a share of claims along the key index from the
    bound before, so the index is walked once.
    """
    (keyed,) = db.execute("SELECT count(*) FROM claims WHERE claim_key IS NOT NULL").fetchone()
    step = max(1, keyed // pieces)
    starts = [""]
    while bound := db.execute(
        "SELECT claim_key FROM claims WHERE claim_key > ? ORDER BY claim_key LIMIT 1 OFFSET ?", [starts[-1], step - 1]
    ).fetchone():
        starts.append(bound[0])
    return [(start, end) for start, end in zip(starts, [*starts[1:], None], strict=True)]


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
