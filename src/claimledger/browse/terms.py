"""What the pages call a claim's entity, metric concept and claimant, and the SQL functions behind them.

The ledger does not store these yet, so they are derived here, in one place:

- entity: the subject part of the claim key `claims diff` stores, so names are
  merged across languages and aliases ("Rubin NVL72" and "Vera Rubin NVL72");
- metric concept: the key's metric part (延迟 = latency, TPS/MW = 每 MW 每秒 token 数),
  else what the figure measures (its dimensionality as people say it);
- claimant: who the post says makes the claim, else the publisher of the source (the vendor its feed's name mentions).

`CLAIM_TERMS` holds them as SQL over a row of `claims`. Every query reads them
from `ledger_claims` (the claims with these columns, `with_claim_terms`), and the
entity and metric-concept facets read the same expressions, so a column the
ledger stores later replaces its line here and nothing else changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from claimledger.diff.keys import (
    KEY_SEPARATOR,
    MISSING,
    display_name,
    measure_name,
    named_vendor,
    normalise_metric,
    normalise_name,
)

KEY_PARTS = ("subject", "metric", "measure", "baseline", "condition")

CLAIM_TERMS: dict[str, str] = {
    "entity": "claimledger_key_part(claim_key, 'subject')",
    "metric_concept": "claimledger_metric_concept(claim_key)",
    "claimant": "coalesce(claims.claimant, claimledger_publisher(source))",
}


def with_claim_terms(sql: str) -> str:
    """`sql` with `ledger_claims` defined (the claims with the derived terms) when it reads it."""
    if "ledger_claims" not in sql:
        return sql
    # The terms come before claims.*: where the ledger stores a column of the same
    # name, SQLite renames the stored one ("claimant:1") and the term keeps the name.
    terms = ", ".join(f"{expression} as {name}" for name, expression in CLAIM_TERMS.items())
    definition = f"ledger_claims as (select {terms}, claims.* from claims)"
    if sql.lstrip().lower().startswith("with "):
        return f"with {definition},\n{sql.lstrip()[5:]}"
    return f"with {definition}\n{sql}"


def key_part(key: str | None, part: str) -> str | None:
    """One normalised part of a stored claim key ("subject", "metric", ...); None when it is missing."""
    if not key:
        return None
    parts = key.split(KEY_SEPARATOR)
    if len(parts) != len(KEY_PARTS) or part not in KEY_PARTS:
        return None
    value = parts[KEY_PARTS.index(part)]
    return None if value == MISSING else value


def concept_parts(text: str) -> dict[str, str | None]:
    """The parts of a concept (`concept`), by name; None for a missing part."""
    values = text.split(KEY_SEPARATOR)
    return {name: (None if value == MISSING else value) for name, value in zip(KEY_PARTS[1:], values)}


def measure_label(measure: str | None) -> str | None:
    """What a key's measure is, as people say it ("[gpu]" -> "GPUs")."""
    return measure_name(measure) if measure else None


def concept(key: str | None) -> str | None:
    """What a key measures, without its subject: the metric, measure, baseline and condition parts."""
    if not key or key.count(KEY_SEPARATOR) != len(KEY_PARTS) - 1:
        return None
    return key.split(KEY_SEPARATOR, 1)[1]


def metric_concept(key: str | None) -> str | None:
    """The key's metric, else what its figure measures as people say it ("GPUs", "power", "ratio")."""
    metric = key_part(key, "metric")
    if metric is not None:
        return metric
    return measure_label(key_part(key, "measure"))


@lru_cache(maxsize=4096)
def publisher(source: str | None) -> str | None:
    """Who published a figure: the vendor the source's name mentions (as the alias file writes it), else the source."""
    vendor = named_vendor(source)
    if vendor is None:
        return source
    return display_name(vendor) or vendor


def label(folded: str | None) -> str | None:
    """A normalised name or metric as the alias file writes it ("gb300 nvl72" -> "GB300 NVL72"), if it has one."""
    return display_name(folded)


SQL_FUNCTIONS: dict[str, tuple[int, Callable[..., Any]]] = {
    "claimledger_key_part": (2, key_part),
    "claimledger_concept": (1, concept),
    "claimledger_metric_concept": (1, metric_concept),
    "claimledger_publisher": (1, publisher),
    "claimledger_name": (1, normalise_name),
    "claimledger_metric": (1, normalise_metric),
}


def register_functions(conn: sqlite3.Connection) -> None:
    """Make the SQL functions the queries use available on a connection."""
    for name, (arity, function) in SQL_FUNCTIONS.items():
        conn.create_function(name, arity, function, deterministic=True)
