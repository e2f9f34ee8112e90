"""Why a claim has the identity it has: each part as written and as keyed, then how the ledger resolved it.

`claims key` prints this; the resolution is computed live against the ledger's
identities (as the next `claims diff` would), with the analyst's decisions about
the claim listed beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from claimledger.diff.decisions import load_decisions
from claimledger.diff.facts import LEAD_COLUMN, SIBLING_COLUMNS
from claimledger.diff.identity import Identity, Resolver, parse_key, stated_identity, why_no_identity
from claimledger.diff.keys import claim_round, explain_baseline, explain_measure, explain_metric, explain_name
from claimledger.diff.identity_store import block_identities
from claimledger.diff.periods import canonical_period, is_period, post_periods

if TYPE_CHECKING:
    import sqlite_utils

PARTS = ("subject", "metric", "measure", "baseline", "condition")


def explain_parts(claim: Mapping[str, Any], siblings: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The claim's stated identity, part by part: as written, in the key, and which rule made it so."""
    identity = stated_identity(claim, siblings)
    round_ = claim_round(claim)
    written = {
        "subject": claim.get("subject"),
        "metric": claim.get("metric"),
        "measure": ", ".join(filter(None, (claim.get("kind"), claim.get("dimensionality")))),
        "baseline": claim.get("baseline"),
        "condition": claim.get("condition"),
    }
    how = {
        "subject": explain_name(claim.get("subject")),
        "metric": explain_metric(claim.get("metric"), identity.measure if identity else None),
        "measure": explain_measure(claim.get("kind"), claim.get("dimensionality")),
        "baseline": explain_baseline(claim.get("baseline")),
        "condition": explain_name(claim.get("condition")),
    }
    for part in ("baseline", "condition"):
        keyed = getattr(identity, part) if identity else None
        if keyed and keyed.startswith("~"):
            how[part] = "not stated; the sentence gives other figures " + keyed[1:].strip()
    condition = identity.condition if identity else None
    if is_period(condition) and canonical_period(claim.get("condition")) != condition:
        how["condition"] = "reporting period its sentence, paragraph or post names" + (
            "; no period of the post names its year, so it is this post's own" if " of " in (condition or "") else "")
    return {
        "text": claim.get("text"),
        "key": identity.text if identity else None,
        "parts": {
            part: {"written": written[part], "key": getattr(identity, part) if identity else None, "how": how[part]}
            for part in PARTS
        },
        "round": f"{round_[0]} {'.'.join(map(str, round_[1]))}" if identity and round_ else None,
        "note": None if identity else f"{why_no_identity(claim)}, so no key: this claim is never compared",
    }


def resolve_in_ledger(db: sqlite_utils.Database, stated: Identity, claim_id: int | None = None) -> dict[str, Any]:
    """How `stated` resolves among the ledger's identities (rules 1-3), and the decisions about `claim_id`."""
    if not db["identities"].exists():
        # A ledger on read-only media, older than the identities table: nothing to resolve against.
        return {"stated": stated.text, "joins": stated.text, "candidates": [], "written_the_other_way_round": False,
                "decisions": [], "reason": "this ledger keeps no identities yet (run `claims diff` on a writable copy)"}
    blocks = Resolver.neighbours_of(stated) | {(stated.subject, stated.measure)}
    if stated.is_bare_code:
        blocks.add((stated.subject, stated.measure))
    identities = block_identities(db, blocks)
    identities.setdefault(stated.text, claim_id or 1 << 62)
    resolution = Resolver(identities, identities).resolve(stated.text)
    decisions = [
        {"decision": d.id, "kind": d.kind, "claim": d.claim_id, "other": d.other_id, "decided": d.decided}
        for d in load_decisions(db) if claim_id is not None and claim_id in (d.claim_id, d.other_id)
    ]
    return {
        "stated": stated.text,
        "joins": resolution.key,
        "reason": resolution.reason,
        "candidates": list(resolution.candidates),
        "written_the_other_way_round": resolution.inverted,
        "decisions": decisions,
    }


def explain_stored(db: sqlite_utils.Database, row: Mapping[str, Any]) -> dict[str, Any]:
    """`explain_parts` and `resolve_in_ledger` for a stored claim, with its key as the last diff left it."""
    siblings = db.execute_returning_dicts(
        f"SELECT {SIBLING_COLUMNS} FROM claims WHERE document_id = ? AND sentence_start = ?",
        [row.get("document_id"), row.get("sentence_start")],
    )
    lead = db.execute(
        f"SELECT {LEAD_COLUMN}, d.text, COALESCE(c.published, d.published, d.fetched) FROM claims c "
        "JOIN documents d ON d.id = c.document_id WHERE c.id = ?", [row.get("id")]
    ).fetchone()
    post = post_periods(lead[1], lead[2], row.get("document_id")) if lead else None
    record = explain_parts({**row, "lead": lead[0] if lead else None, "post": post}, siblings)
    record["claim_id"] = row.get("id")
    record["stored_key"] = row.get("claim_key")
    if record["key"] is not None:
        record["resolution"] = resolve_in_ledger(db, parse_key(record["key"]), row.get("id"))
    return record
