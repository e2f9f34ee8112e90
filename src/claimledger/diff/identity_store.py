"""The ledger's identities: which stated identity resolves where, kept up to date as claims come and go.

`identities` holds every stated key with the number of claims stating it, its
earliest claim, and the key it resolves to (`claimledger.diff.identity.Resolver`);
`claims.claim_key` is that key, or what an analyst's decision says.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from claimledger.diff import decisions as decisions_module
from claimledger.diff.fact_store import BATCH
from claimledger.diff.identity import BARE_CODE, GROUP_LEFT_OUT, Resolution, Resolver, group_names, parse_key
from claimledger.diff.keys import is_organisation, maker_key

if TYPE_CHECKING:
    import sqlite_utils

STATED_IN_FULL = "stated in full"
CLEARED = "status = NULL, superseded_by = NULL, compared_with = NULL, change_absolute = NULL, change_relative = NULL"
UPDATE_RESOLUTION = "UPDATE identities SET resolved_key = ?, inverted = ?, reason = ? WHERE stated_key = ?"


def _identity_row(text: str, first: int, count: int) -> tuple[Any, ...]:
    identity = parse_key(text)
    return (text, identity.subject, identity.measure, identity.code, first, count)


def rebuild_identities(db: sqlite_utils.Database) -> None:
    """Every stated identity from the stored facts, a page of keys at a time; only rows that differ are written.

    A new identity resolves to itself until `resolve_all` says otherwise; one no
    claim states any more goes.
    """
    after = ""
    while True:
        stated = db.execute(
            "SELECT stated_key, min(claim_id), count(*) FROM claim_facts WHERE stated_key > ? "
            f"GROUP BY stated_key ORDER BY stated_key LIMIT {BATCH}", [after],
        ).fetchall()
        through = stated[-1][0] if len(stated) == BATCH else None
        _store_identities(db, stated, after, through)
        if through is None:
            return
        after = through


def _store_identities(db: sqlite_utils.Database, stated: list[tuple[str, int, int]], after: str, through: str | None) -> None:
    """Make the identities with a key in (after, through] those of `stated` (key, first claim, claims)."""
    upto = "" if through is None else " AND stated_key <= ?"
    stored = {
        text: tuple(row) for text, *row in db.execute(
            f"SELECT stated_key, subject, measure, code, first_claim, claims FROM identities WHERE stated_key > ?{upto}",
            [after] if through is None else [after, through],
        )
    }
    added, changed = [], []
    for text, first, count in stated:
        row = _identity_row(text, first, count)
        old = stored.pop(text, None)
        if old is None:
            added.append((*row, text, STATED_IN_FULL))
        elif old != row[1:]:
            changed.append((*row[1:], text))
    db.conn.executemany("DELETE FROM identities WHERE stated_key = ?", [(text,) for text in stored])
    db.conn.executemany(
        "INSERT INTO identities (stated_key, subject, measure, code, first_claim, claims, resolved_key, inverted, reason) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)", added,
    )
    db.conn.executemany(
        "UPDATE identities SET subject = ?, measure = ?, code = ?, first_claim = ?, claims = ? WHERE stated_key = ?", changed,
    )


def apply_counts(db: sqlite_utils.Database, counts: Counter[str], firsts: dict[str, int]) -> tuple[set[str], set[str]]:
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
    """Stated key -> first claim, for the identities of `blocks` (subject, measure) and those their resolution weighs.

    Those are, for a bare model code, the branded products ending in it, for a chip's
    group with its group word left out, the chip's groups ("tpu v7 pod"), and for a
    comparison with a named baseline, the block of its reciprocal (one level: the
    reciprocal's own resolution needs only its block).
    """
    found: dict[str, int] = {}
    mirrors: set[tuple[str, str]] = set()
    for subject, measure in set(blocks):
        for text, first in _block(db, subject, measure):
            found[text] = first
            mirror = parse_key(text).mirror()
            if mirror is not None:
                mirrors.add((mirror.subject, mirror.measure))
    for subject, measure in mirrors - set(blocks):
        found.update(_block(db, subject, measure))
    return found


def _block(db: sqlite_utils.Database, subject: str, measure: str) -> list[tuple[str, int]]:
    rows = db.execute(
        "SELECT stated_key, first_claim FROM identities WHERE subject = ? AND measure = ?", [subject, measure]
    ).fetchall()
    if rows and BARE_CODE.fullmatch(subject):
        rows += db.execute(
            "SELECT stated_key, first_claim FROM identities WHERE code = ? AND measure = ?", [subject, measure]
        ).fetchall()
    if rows and subject.endswith(f" {GROUP_LEFT_OUT}"):
        chip = subject[: -len(GROUP_LEFT_OUT)]
        groups = sorted(chip + word for word in group_names())
        rows += db.execute(
            f"SELECT stated_key, first_claim FROM identities WHERE subject IN ({', '.join('?' * len(groups))}) AND measure = ?",
            [*groups, measure],
        ).fetchall()
    if rows and is_organisation(subject):
        # The organisation's products measured the same way: what a figure naming only their maker may join.
        products = [other for (other,) in db.execute("SELECT DISTINCT subject FROM identities WHERE measure = ?", [measure])
                    if other != subject and maker_key(other) == subject]
        for product in products:
            rows += db.execute(
                "SELECT stated_key, first_claim FROM identities WHERE subject = ? AND measure = ?", [product, measure]
            ).fetchall()
    return rows


def resolve_blocks(db: sqlite_utils.Database, blocks: set[tuple[str, str]]) -> set[str]:
    """Resolve every identity of `blocks` again; move the claims of those that resolve elsewhere."""
    if not blocks:
        return set()
    identities = block_identities(db, blocks)
    resolver = Resolver(identities, identities)
    touched: set[str] = set()
    for text in identities:
        stated = resolver.identities[text]
        if (stated.subject, stated.measure) in blocks:
            touched |= _store_resolution(db, resolver, text)
    return touched


def _store_resolution(db: sqlite_utils.Database, resolver: Resolver, text: str) -> set[str]:
    resolution = resolver.resolve(text)
    old = db.execute("SELECT resolved_key, inverted, reason FROM identities WHERE stated_key = ?", [text]).fetchone()
    new = _resolution(resolution)
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


def resolve_all(db: sqlite_utils.Database) -> None:
    """Resolve every identity, one block (subject and measure) at a time, so memory stays flat; write the
    resolutions that differ from the stored ones.

    A block of identities stated in full with no reciprocal to look for resolves
    to itself; only the others need a `Resolver`.
    """
    updates: list[tuple[Any, ...]] = []
    rows = db.conn.execute(
        "SELECT stated_key, subject, measure, resolved_key, inverted, reason FROM identities ORDER BY subject, measure"
    )
    for (subject, measure), block in itertools.groupby(rows, key=lambda row: (row[1], row[2])):
        stored = list(block)
        identities = [parse_key(row[0]) for row in stored]
        if any(identity.left_out or identity.mirror() for identity in identities):
            known = block_identities(db, [(subject, measure)])
            resolver = Resolver(known, known)
            found = [_resolution(resolver.resolve(row[0])) for row in stored]
        else:
            found = [(row[0], 0, STATED_IN_FULL) for row in stored]
        updates += [(*resolution, row[0]) for row, resolution in zip(stored, found) if resolution != row[3:]]
        if len(updates) >= BATCH:
            db.conn.executemany(UPDATE_RESOLUTION, updates)
            updates = []
    db.conn.executemany(UPDATE_RESOLUTION, updates)


def _resolution(resolution: Resolution) -> tuple[str, int, str]:
    """A resolution as `identities` stores it: key, inverted, reason."""
    return (resolution.key, int(resolution.inverted), resolution.reason)


def resolved_elsewhere(db: sqlite_utils.Database) -> dict[str, str]:
    """Stated key -> key, for the identities that resolve to another key than their own."""
    return dict(db.execute("SELECT stated_key, resolved_key FROM identities WHERE resolved_key IS NOT stated_key"))


def key_range(db: sqlite_utils.Database, after: int, through: int, moved: Mapping[str, str]) -> None:
    """Every claim with an id in (after, through] gets the key its stated identity resolves to.

    `moved` is `resolved_elsewhere`; any other stated key is its own key, as every
    one has its identity (`rebuild_identities`), so no claim needs the identities
    looked up.
    """
    rows = db.execute(
        "SELECT c.id, c.claim_key, f.stated_key, "
        "c.status IS NOT NULL OR c.superseded_by IS NOT NULL OR c.compared_with IS NOT NULL "
        "FROM claims c LEFT JOIN claim_facts f ON f.claim_id = c.id WHERE c.id > ? AND c.id <= ?",
        [after, through],
    ).fetchall()
    keyed, cleared = [], []
    for claim_id, current, stated, judged in rows:
        key = moved.get(stated, stated)
        if key != current:
            keyed.append((key, claim_id))
        if key is None and judged:
            cleared.append((claim_id,))
    db.conn.executemany("UPDATE claims SET claim_key = ? WHERE id = ?", keyed)
    db.conn.executemany(f"UPDATE claims SET {CLEARED} WHERE id = ?", cleared)


def key_pending(db: sqlite_utils.Database, after: int, through: int, edited: list[int]) -> set[str]:
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


def apply_decisions(db: sqlite_utils.Database) -> set[str]:
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
