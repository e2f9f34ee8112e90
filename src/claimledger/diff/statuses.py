"""Statuses from the ledger: which figures are new, updated, superseded or contradicted.

Two passes over the claims table: the first stores each claim's key
(`claimledger.diff.keys`; a bare model code such as "K4" takes the one branded name
the ledger has for it, "Kestrel K4"), the second streams the claims ordered by key through the
ledger's key index, so only one key's claims are in memory at a time.

Every keyed claim is compared with what the ledger held before it (claims of the
same key from earlier documents), in publication order:

- ``new``: no earlier claim has its key.
- ``superseded``: it replaces a different earlier figure from an older benchmark round
  (MLPerf v6.0 -> v6.1, otherwise the same key; the round comes from the claim's
  condition, or else from the one round its sentence names), or it is an explicit
  revision (a revision cue such as "revised" or "更正" in its sentence, or a later
  revision of the same feed entry) of a different earlier figure, whoever
  publishes it.
- ``updated``: the same publisher states a different value for the key, or anyone
  does after every earlier figure has expired (see the period below).
- ``conflict``: a different publisher states a different value while an earlier
  figure is current.
- ``reaffirmed``: the same value again, in either language, whatever its round or
  publisher: an equal value is never ``updated`` or ``superseded``.
- ``qualifier_changed``: the same value with a different kind of hedge (``up to 10x``
  -> ``10x``): an upper bound, a lower bound or a point estimate (exact, about,
  nearly; ``about 10x`` -> ``9.8x`` is reaffirmed).

An ``updated`` or ``superseded`` figure marks the earlier one in the ledger
(``claims.superseded_by``), and with it every figure that only restated it
(reaffirmed it): a report of a replaced figure is replaced too.

The order of the checks: a later round first; then whether the publisher changed
its own figure (``updated``, even when the new value agrees with someone else's);
then agreement with any current figure (``reaffirmed``, ``qualifier_changed``, against
the latest that agrees); then disagreement (``conflict``, or ``superseded`` with a
revision cue); with no current figure left, against the latest earlier one.

The period of a figure: it is current from its publication date until its
publisher states the key again, a later benchmark round replaces it, or
`CURRENT_FOR` has passed, whichever comes first. Two figures overlap when the later
one is published while the earlier one is current. The publication date is the
claim's, else its document's, else the fetch date; a claim with none sorts first.

The publisher of a figure is the vendor named in its source's name (``CoreWeave
Blog`` and ``CoreWeave 中文`` are one publisher, see `claimledger.diff.keys.publisher`),
otherwise the source itself.

Equality is rounding-aware. A written figure stands for an interval:

1. Its written precision: half a unit in its last significant digit. Decimals count
   every written digit (``9.8`` -> ±0.05, ``1.60`` -> ±0.005). Trailing zeros of a
   whole number are not significant, but at least two digits are (``12,000`` ->
   ±500, ``200`` -> ±5, ``10`` -> ±0.5, ``3`` -> ±0.5). Scale words carry it along
   (``1.2 million`` -> ±50,000). A figure written without digits (``百分之二十``,
   ``a dozen``) is taken to two significant digits.
2. ``approximately`` and ``nearly`` widen it by `APPROXIMATE_WIDENING` of the value
   (``about 10x`` -> 9 to 11). Bounds (``up to``, ``at least``, ...) state their
   figure exactly; a change of bound is a qualifier change, not a new value.
3. Quantities are compared in SI units (``1.6 Tb/s`` equals ``200 GB/s``).

Two figures are equal when their intervals overlap (touching is not enough);
ranges when both ends do; a range never equals a single value. So ``about 10x`` and ``9.8x`` agree, while
``12,000`` (11,500 to 12,500) and ``14,500`` (14,450 to 14,550) differ.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, NamedTuple

import sqlite_utils

from claimledger.diff.keys import (
    ClaimKey,
    fold,
    has_revision_cue,
    key_of_parts,
    normalise_name,
    publisher,
    round_in_sentence,
)

STATUSES = ("new", "updated", "superseded", "conflict", "reaffirmed", "qualifier_changed")
CURRENT_FOR = timedelta(days=365)
APPROXIMATE_WIDENING = 0.05
APPROXIMATE_QUALIFIERS = frozenset({"approximately", "nearly"})
# Hedges that say the same thing about a figure: an exact and an approximate
# figure are both point estimates; a bound is a different statement.
HEDGE_CLASS = {
    None: "point",
    "approximately": "point",
    "nearly": "point",
    "up_to": "upper bound",
    "at_most": "upper bound",
    "less_than": "upper bound",
    "at_least": "lower bound",
    "more_than": "lower bound",
}
BARE_CODE = re.compile(r"[a-z]{1,2}\d{1,3}[a-z]?")
WRITTEN_NUMBER = re.compile(r"\d+(?:[,，]\d{3})*(?:\.\d+)?")
ID_BATCH = 500
OUTPUT_BATCH = 2000

# The first pass reads what a key is made of; the second reads, key by key, what the rules need.
KEY_PARTS_QUERY = """
    SELECT id, subject, metric, kind, dimensionality, baseline, condition, claim_key, status, superseded_by
    FROM claims
"""
STATUS_QUERY = """
    SELECT c.id, c.document_id, c.subject, c.metric, c.kind, c.dimensionality, c.baseline,
           c.condition, c.value, c.low, c.high, c.si_value, c.unit, c.qualifier, c.text,
           c.sentence, c.source, COALESCE(c.published, d.published, d.fetched), d.entry_id,
           d.revision, c.claim_key, c.status, c.superseded_by
    FROM claims c LEFT JOIN documents d ON d.id = c.document_id
    WHERE c.claim_key IS NOT NULL
    ORDER BY c.claim_key
"""


class LedgerRow(NamedTuple):
    """A claim as `STATUS_QUERY` reads it."""

    id: int
    document_id: int
    subject: str | None
    metric: str | None
    kind: str | None
    dimensionality: str | None
    baseline: str | None
    condition: str | None
    value: float | None
    low: float | None
    high: float | None
    si_value: float | None
    unit: str | None
    qualifier: str | None
    text: str | None
    sentence: str | None
    source: str | None
    published: str | None
    entry_id: str | None
    revision: int | None
    claim_key: str | None
    status: str | None
    superseded_by: int | None


@dataclass(slots=True)
class Figure:
    """One keyed claim as the status rules see it."""

    id: int
    document_id: int
    key: ClaimKey
    when: datetime
    publisher: str | None
    ends: tuple[tuple[float, float], ...]
    unit: str | None
    qualifier: str | None
    midpoint: float | None
    scale: float
    revision_cue: bool
    entry_id: str | None
    revision: int
    stored: tuple[str | None, int | None]
    round: tuple[int, ...] | None = None
    status: str = "new"
    superseded_by: int | None = None
    old: Figure | None = None


@dataclass(slots=True)
class Change:
    """A claim's status against the earlier figure it was compared with."""

    status: str
    key: ClaimKey
    new_id: int
    old_id: int | None
    absolute: float | None
    relative: float | None


@dataclass(slots=True)
class DiffResult:
    """The changes in the window, ordered by key (so a subject's changes are together); claims read in batches."""

    changes: list[Change]
    db: sqlite_utils.Database
    rows_written: int = 0
    claims_compared: int = 0

    def batches(self, size: int = OUTPUT_BATCH) -> Iterator[tuple[list[Change], dict[int, dict[str, Any]]]]:
        """The changes in runs of about `size`, never splitting a subject, each with its claims by id."""
        batch: list[Change] = []
        for change in self.changes:
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
) -> DiffResult:
    """Assign statuses to every keyed claim, store them, and return the window's changes.

    Args:
        db: an open ledger.
        since, until: the window of publication dates (inclusive) whose claims are reported.
        subject: report only keys whose subject contains this text (after folding).
    """
    codes = bare_codes(db)
    touched = refresh_keys(db, codes)
    changes: list[Change] = []
    updates: list[tuple[str, int | None, int]] = []
    compared = 0
    for figures in key_groups(db, codes):
        assign_statuses(figures)
        compared += len(figures)
        updates += [(f.status, f.superseded_by, f.id) for f in figures if (f.status, f.superseded_by) != f.stored]
        if subject_matches(figures[0].key, subject):
            changes += [change_of(figure) for figure in figures if in_window(figure, since, until)]
    write_updates(db, "UPDATE claims SET status = ?, superseded_by = ? WHERE id = ?", updates)
    touched.update(claim_id for *_, claim_id in updates)
    return DiffResult(changes=changes, db=db, rows_written=len(touched), claims_compared=compared)


def bare_codes(db: sqlite_utils.Database) -> dict[str, str]:
    """Bare model codes ("k4") that name exactly one branded product in the ledger ("kestrel k4").

    Posts name a product in full once and by its code after that ("a K4 rack");
    a code two brands share ("k2") stays as it is.
    """
    branded: dict[str, set[str]] = defaultdict(set)
    for (subject,) in db.execute("SELECT DISTINCT subject FROM claims WHERE subject IS NOT NULL"):
        name = normalise_name(subject) or ""
        head, _, code = name.rpartition(" ")
        if head and BARE_CODE.fullmatch(code):
            branded[code].add(name)
    return {code: names.pop() for code, names in branded.items() if len(names) == 1}


def ledger_key(parts: tuple[Any, ...], codes: dict[str, str]) -> ClaimKey | None:
    """A claim's key in this ledger: `key_of_parts`, with a bare model code named in full."""
    key = key_of_parts(*parts)
    if key is not None and key.subject in codes:
        return replace(key, subject=codes[key.subject])
    return key


def refresh_keys(db: sqlite_utils.Database, codes: dict[str, str] | None = None) -> set[int]:
    """First pass: store every claim's key as the current rules make it; return the ids changed.

    A claim without a key (no subject) has its stored key and status cleared.
    Keys change when the rules or the alias file do, or for claims stored
    without one.
    """
    new_keys: list[tuple[str, int]] = []
    cleared: list[tuple[int]] = []
    for claim_id, *parts, stored_key, status, superseded_by in db.execute(KEY_PARTS_QUERY):
        key = ledger_key(tuple(parts), codes or {})
        if key is None:
            if (stored_key, status, superseded_by) != (None, None, None):
                cleared.append((claim_id,))
        elif key.text != stored_key:
            new_keys.append((key.text, claim_id))
    write_updates(db, "UPDATE claims SET claim_key = ? WHERE id = ?", new_keys)
    write_updates(db, "UPDATE claims SET claim_key = NULL, status = NULL, superseded_by = NULL WHERE id = ?", cleared)
    return {claim_id for *_, claim_id in new_keys} | {claim_id for (claim_id,) in cleared}


def key_groups(db: sqlite_utils.Database, codes: dict[str, str] | None = None) -> Iterator[list[Figure]]:
    """Second pass: the keyed claims one key at a time, streamed from the ledger's key index."""
    group: list[Figure] = []
    for row in map(LedgerRow._make, db.execute(STATUS_QUERY)):
        parts = (row.subject, row.metric, row.kind, row.dimensionality, row.baseline, row.condition)
        key = ledger_key(parts, codes or {})
        if key is None or key.text != row.claim_key:
            continue  # stored by a crawl that ran after the first pass: the next diff keys it
        if group and group[0].key.text != row.claim_key:
            yield group
            group = []
        group.append(figure_of(row, key))
    if group:
        yield group


def figure_of(row: LedgerRow, key: ClaimKey) -> Figure:
    """A ledger row as a `Figure`: its period start, publisher and value interval."""
    scale, unit = _scale_and_unit(row)
    ends = value_intervals(row, scale)
    midpoint = None
    if ends:
        midpoint = sum((low + high) / 2 for low, high in ends) / len(ends)
    return Figure(
        id=row.id,
        document_id=row.document_id,
        key=key,
        when=parse_when(row.published),
        publisher=publisher(row.source),
        ends=ends,
        unit=unit,
        qualifier=row.qualifier,
        midpoint=midpoint,
        scale=scale,
        revision_cue=has_revision_cue(row.sentence),
        entry_id=row.entry_id,
        revision=row.revision or 1,
        stored=(row.status, row.superseded_by),
        round=key.round if key.round is not None else _sentence_round(row.sentence),
    )


def _sentence_round(sentence: str | None) -> tuple[int, ...] | None:
    found = round_in_sentence(sentence)
    return found[1] if found else None


def _scale_and_unit(row: LedgerRow) -> tuple[float, str | None]:
    """SI units per written unit, and the unit to match when there is no SI value."""
    if row.value and row.si_value is not None:
        return row.si_value / row.value, None
    return 1.0, row.unit


def value_intervals(row: LedgerRow, scale: float) -> tuple[tuple[float, float], ...]:
    """The interval each written end of a figure stands for, in SI units (tolerance rules 1-3)."""
    written = written_intervals(row.text or "", row.value, row.low, row.high, row.qualifier)
    if scale == 1.0:
        return written
    return tuple(sorted((low * scale, high * scale)) for low, high in written)  # type: ignore[misc]


@lru_cache(maxsize=1 << 16)
def written_intervals(
    text: str, value: float | None, low: float | None, high: float | None, qualifier: str | None
) -> tuple[tuple[float, float], ...]:
    """The intervals of a figure in its written unit; ledgers repeat figures, so this is cached."""
    written = WRITTEN_NUMBER.findall(unicodedata.normalize("NFKC", text))
    numbers = [number.replace(",", "").replace("，", "") for number in written]
    if value is not None:
        ends = [(value, numbers[0] if numbers else None)]
    elif low is not None and high is not None:
        ends = [(low, numbers[0] if numbers else None), (high, numbers[-1] if numbers else None)]
    else:
        return ()
    widening = APPROXIMATE_WIDENING if qualifier in APPROXIMATE_QUALIFIERS else 0.0
    intervals = []
    for end, digits in ends:
        half_width = rounding_half_width(end, float(digits) if digits else None, digits) + abs(end) * widening
        intervals.append((end - half_width, end + half_width))
    return tuple(intervals)


def rounding_half_width(value: float, mantissa: float | None, digits: str | None) -> float:
    """Half a unit in the last significant digit of a figure, in the units of `value`.

    `digits` is the number as written (``12000``, ``9.8``), `mantissa` its value;
    `value` may be scaled from it by a scale word (``1.2 million``).
    """
    if digits is None or not mantissa:
        if value == 0:
            return 0.0
        return 10 ** (math.floor(math.log10(abs(value))) - 1) / 2
    if "." in digits:
        resolution = 10.0 ** -len(digits.split(".")[1])
    else:
        whole = digits.lstrip("0") or "0"
        trailing_zeros = len(whole) - len(whole.rstrip("0"))
        resolution = 10.0 ** min(trailing_zeros, max(len(whole) - 2, 0))
    return resolution / 2 * abs(value / mantissa)


@lru_cache(maxsize=65536)
def parse_when(published: str | None) -> datetime:
    """A publication date as an aware UTC datetime; the epoch when absent or unreadable."""
    if not published:
        return datetime.fromtimestamp(0, UTC)
    try:
        when = datetime.fromisoformat(published.strip())
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            when = parsedate_to_datetime(published)
        except (TypeError, ValueError):
            return datetime.fromtimestamp(0, UTC)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def assign_statuses(figures: list[Figure]) -> None:
    """Set status, the compared earlier figure and superseded_by for one key's figures."""
    figures.sort(key=lambda f: (f.when, f.document_id, f.id))
    history = KeyHistory()
    for batch in _by_document(figures):
        for figure in batch:
            history.judge(figure)
        history.record(batch)


def _by_document(figures: list[Figure]) -> Iterator[list[Figure]]:
    """Figures from one document are judged together: they never compare with each other."""
    batch: list[Figure] = []
    for figure in figures:
        if batch and figure.document_id != batch[0].document_id:
            yield batch
            batch = []
        batch.append(figure)
    if batch:
        yield batch


class KeyHistory:
    """What the ledger held for one key: each publisher's latest figures, and the latest of all."""

    def __init__(self) -> None:
        self.current: dict[str | None, list[Figure]] = {}
        self.latest: list[Figure] = []
        self.echoes: dict[int, list[Figure]] = defaultdict(list)
        self.pending: list[tuple[Figure, int]] = []

    def judge(self, figure: Figure) -> None:
        """Give `figure` its status against the figures recorded so far."""
        if not self.latest:
            return
        live = [earlier for earlier in self._live(figure) if _same_round_or_older(earlier, figure)]
        # The same value in a later round restates the figure: never a replacement.
        older_rounds = [e for e in live if _older_round(e, figure) and not same_value(e, figure)]
        if older_rounds:
            return self._set(figure, "superseded", _nearest(older_rounds, figure), replaces=older_rounds)
        own = [earlier for earlier in live if earlier.publisher == figure.publisher]
        equal = [earlier for earlier in live if same_value(earlier, figure)]
        if own and not any(earlier in equal for earlier in own):
            # The publisher changed its own figure, even if it now agrees with someone else.
            old = _nearest(own, figure)
            status = "superseded" if _is_revision(figure, old) else "updated"
            return self._set(figure, status, old, replaces=[old])
        if equal:
            return self._set_equal(figure, equal)
        if live:
            old = _nearest(live, figure)
            if figure.revision_cue:
                return self._set(figure, "superseded", old, replaces=[old])
            return self._set(figure, "conflict", old, replaces=[])
        self._against_expired(figure)

    def _against_expired(self, figure: Figure) -> None:
        candidates = [f for f in self.latest if _same_round_or_older(f, figure)] or self.latest
        equal = [earlier for earlier in candidates if same_value(earlier, figure)]
        if equal:
            return self._set_equal(figure, equal)
        old = _nearest(candidates, figure)
        status = "superseded" if _is_revision(figure, old) or _older_round(old, figure) else "updated"
        replaces = [old] if old.superseded_by is None else []
        self._set(figure, status, old, replaces=replaces)

    def _set_equal(self, figure: Figure, equal: list[Figure]) -> None:
        old = max(equal, key=lambda earlier: (earlier.when, earlier.id))
        same_hedge = HEDGE_CLASS.get(old.qualifier) == HEDGE_CLASS.get(figure.qualifier)
        status = "reaffirmed" if same_hedge else "qualifier_changed"
        self._set(figure, status, old, replaces=[])
        self.echoes[old.id].append(figure)

    def _set(self, figure: Figure, status: str, old: Figure, replaces: list[Figure]) -> None:
        figure.status, figure.old = status, old
        # Applied once the whole document is judged: its figures all see the same history.
        self.pending += [(earlier, figure.id) for earlier in replaces]

    def _supersede(self, earlier: Figure, by: int) -> None:
        """Mark a replaced figure, and the figures that only restated it (echoes) with it."""
        # A loop, not recursion: a figure may be restated thousands of times in a row.
        waiting = [earlier]
        while waiting:
            figure = waiting.pop()
            if figure.superseded_by is None:
                figure.superseded_by = by
                waiting += self.echoes.pop(figure.id, [])

    def _live(self, figure: Figure) -> list[Figure]:
        """Earlier figures still current when `figure` was published."""
        return [
            earlier
            for figures in self.current.values()
            for earlier in figures
            if earlier.superseded_by is None and figure.when - earlier.when <= CURRENT_FOR
        ]

    def record(self, batch: list[Figure]) -> None:
        """A document's figures become its publisher's latest word on the key; its replacements apply."""
        for earlier, by in self.pending:
            self._supersede(earlier, by)
        self.pending = []
        self.current[batch[0].publisher] = list(batch)
        self.latest = list(batch)


def _older_round(earlier: Figure, later: Figure) -> bool:
    return earlier.round is not None and later.round is not None and earlier.round < later.round


def _same_round_or_older(earlier: Figure, later: Figure) -> bool:
    """A figure about an old round is not compared with a newer round's figures."""
    return not (earlier.round and later.round and earlier.round > later.round)


def _is_revision(figure: Figure, old: Figure) -> bool:
    """An explicit revision: a revision cue, or a later revision of the same feed entry."""
    same_entry = figure.entry_id is not None and figure.entry_id == old.entry_id
    return figure.revision_cue or (same_entry and figure.revision > old.revision)


def _nearest(candidates: list[Figure], figure: Figure) -> Figure:
    """The earlier figure closest in value (the latest among equals)."""
    def distance(earlier: Figure) -> float:
        if earlier.midpoint is None or figure.midpoint is None:
            return math.inf
        return abs(earlier.midpoint - figure.midpoint) / (abs(earlier.midpoint) or 1.0)

    return min(reversed(candidates), key=distance)


def same_value(a: Figure, b: Figure) -> bool:
    """Whether two figures agree within their rounding and hedging intervals."""
    if a.unit != b.unit or len(a.ends) != len(b.ends) or not a.ends:
        return False
    # Strict: 9 (8.5 to 9.5) and 10 (9.5 to 10.5) only touch, they do not agree.
    return all(
        (a_low < b_high and b_low < a_high) or (a_low, a_high) == (b_low, b_high)
        for (a_low, a_high), (b_low, b_high) in zip(a.ends, b.ends, strict=True)
    )


def change_of(figure: Figure) -> Change:
    """The reportable change of a judged figure: absolute (in its unit) and relative difference."""
    old = figure.old
    absolute = relative = None
    if old is not None and old.midpoint is not None and figure.midpoint is not None and old.unit == figure.unit:
        difference = figure.midpoint - old.midpoint
        absolute = difference / figure.scale
        relative = difference / old.midpoint if old.midpoint else None
    return Change(figure.status, figure.key, figure.id, old.id if old else None, absolute, relative)


def write_updates(db: sqlite_utils.Database, sql: str, rows: list[tuple[Any, ...]]) -> None:
    """Run one UPDATE for many rows in a single transaction."""
    if not rows:
        return
    # sqlite-utils' upserts need every NOT NULL column in each record, so a bulk
    # update of a few columns goes through its connection in one transaction.
    # Every superseded_by written is the id of a claim just read, and SQLite's
    # check of that self-reference costs four times the update itself, so the
    # check is off for this transaction only.
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        with db.conn:
            db.conn.executemany(sql, rows)
    finally:
        db.execute("PRAGMA foreign_keys = ON")


def in_window(figure: Figure, since: datetime | None, until: datetime | None) -> bool:
    """Whether a figure was published inside the reported window (both ends inclusive)."""
    return (since is None or figure.when >= since) and (until is None or figure.when <= until)


def subject_matches(key: ClaimKey, subject: str | None) -> bool:
    """Whether a key's subject contains `subject` once both are folded the same way."""
    if not subject:
        return True
    wanted = {fold(subject), normalise_name(subject) or ""}
    return any(text and text in (key.subject or "") for text in wanted)


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
        for row in db.query(sql, batch):
            claims[row["id"]] = row
    return claims


def parse_date_option(text: str, end_of_day: bool = False) -> datetime:
    """A --since/--until value (``2026-08-12`` or a full ISO timestamp) as a UTC datetime.

    Raises:
        ValueError: when the text is not an ISO date.
    """
    when = datetime.fromisoformat(text.strip())
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    if end_of_day and len(text.strip()) == 10:
        when += timedelta(days=1) - timedelta(microseconds=1)
    return when
