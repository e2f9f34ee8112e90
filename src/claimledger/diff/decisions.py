"""The analyst's word on identity: `claims link` and `claims unlink`, stored in the ledger.

A decision is about two claims and names which one moves:

- ``link A B``: claim B is compared as part of claim A's identity, whatever the
  rules say (A keeps its own).
- ``unlink A B``: claim B never shares claim A's identity: it goes back to the
  identity it states, or, when that is A's too, to one of its own
  (``<its key> | apart from claim B``), where later links may join it.

A later decision about the same two claims replaces the earlier one; ``--undo``
removes it. Deciding marks both claims pending (`diff_pending`), so the next `claims diff`
re-judges both identities, and every later diff applies the decisions after
the rules (`apply`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from claimledger.errors import LedgerError

if TYPE_CHECKING:
    import sqlite_utils

KINDS = ("link", "unlink")
APART = " | apart from claim "


@dataclass(frozen=True, slots=True)
class Decision:
    """One stored decision: `claim_id` moves, relative to `other_id`."""

    id: int
    kind: str
    claim_id: int
    other_id: int
    decided: str


def decide(db: sqlite_utils.Database, kind: str, anchor: int, moved: int, undo: bool = False) -> Decision | None:
    """Store (or with `undo` remove) a decision about two claims; both become pending for the next diff.

    Raises:
        LedgerError: a claim id the ledger does not hold, or a claim linked to itself.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown decision {kind!r}")
    if anchor == moved:
        raise LedgerError(f"claim {anchor} is always its own identity: give two different claims")
    missing = [str(claim_id) for claim_id in (anchor, moved)
               if db.execute("SELECT 1 FROM claims WHERE id = ?", [claim_id]).fetchone() is None]
    if missing:
        raise LedgerError(f"{db.conn.execute('PRAGMA database_list').fetchone()[2]}: no claim with id {', '.join(missing)}")
    with db.conn:
        db.conn.execute(
            "DELETE FROM decisions WHERE (claim_id = ? AND other_id = ?) OR (claim_id = ? AND other_id = ?)",
            [moved, anchor, anchor, moved],
        )
        decision = None
        if not undo:
            decided = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            cursor = db.conn.execute(
                "INSERT INTO decisions (kind, claim_id, other_id, decided) VALUES (?, ?, ?, ?)",
                [kind, moved, anchor, decided],
            )
            decision = Decision(cursor.lastrowid or 0, kind, moved, anchor, decided)
        # Pending: the next diff recomputes both claims and the identities they leave and join.
        db.conn.executemany("INSERT OR REPLACE INTO diff_pending (claim_id) VALUES (?)", [(anchor,), (moved,)])
    return decision


def load_decisions(db: sqlite_utils.Database) -> list[Decision]:
    """Every stored decision, oldest first."""
    return [Decision(*row) for row in db.execute(
        "SELECT id, kind, claim_id, other_id, decided FROM decisions ORDER BY id"
    )]


def decided_claims(decisions: Iterable[Decision]) -> set[int]:
    """The claims whose identity a decision may change (the ones that move, and their anchors)."""
    return {claim_id for decision in decisions for claim_id in (decision.claim_id, decision.other_id)}


def apply(
    decisions: list[Decision], ruled_key: Callable[[int], str | None], stated_key: Callable[[int], str | None]
) -> dict[int, str | None]:
    """The key of every claim a decision moves: `ruled_key(id)` is its key by the rules alone."""
    by_claim: dict[int, list[Decision]] = {}
    for decision in decisions:
        by_claim.setdefault(decision.claim_id, []).append(decision)
    keys: dict[int, str | None] = {}

    def final(claim_id: int, visiting: frozenset[int]) -> str | None:
        if claim_id in keys:
            return keys[claim_id]
        key = ruled_key(claim_id)
        for decision in by_claim.get(claim_id, []):
            if decision.other_id in visiting:
                continue  # a ring of links: the rules' key stands
            other = final(decision.other_id, visiting | {claim_id})
            if other is None or key is None:
                continue
            if decision.kind == "link":
                key = other
            elif key == other:
                own = stated_key(claim_id)
                key = own if own and own != other else f"{key.split(APART)[0]}{APART}{claim_id}"
        keys[claim_id] = key
        return key

    for claim_id in by_claim:
        final(claim_id, frozenset())
    return {claim_id: keys[claim_id] for claim_id in by_claim}
