"""Per-claim facts the status rules need, computed once for each claim and stored beside it.

`claims diff` computes them the first time it sees a claim, and never again
unless the claim is edited, the identity rules change
(`claimledger.diff.run.rules_version`) or it runs with ``--full``. A claim is
*pending* when it was stored after the last run (its id is past
`diff_state.facts_through`: the crawl's insert is the mark, in the transaction
that stores its document) or edited since (a trigger puts it in `diff_pending`,
in the transaction of the edit).


- ``stated_key``: the identity the claim states (`claimledger.diff.identity`).
- ``figure_date``: when the figure was published, as ISO UTC: the claim's date,
  else its document's, else the fetch date; undated figures sort first.
- ``intervals``: the value interval(s) the written figure stands for, in SI units
  when it has them (rules in `claimledger.diff.statuses`), as ``"low high"`` or
  ``"low high low high"`` for a range; ``compare_unit`` is the unit to match
  when the figure has no SI value. A percentage stated as a ratio ("40% better",
  `claimledger.diff.identity.percent_as_ratio`) has the ratio's intervals (1.4x).
- ``revision_cue``: its sentence says it revises an earlier figure ("revised", "更正").
- ``says_lower``: a relative figure whose words run the other way ("4x lower latency").
- ``benchmark_round``: the benchmark round it belongs to (``6.1``), from its
  condition or else the one round its sentence names.
- ``entry_document`` and ``entry_revision``: the first document of its feed entry and
  which revision of that entry it comes from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from claimledger.diff.dates import published_moment
from claimledger.diff.identity import says_lower, stated_identity
from claimledger.diff.keys import has_revision_cue, round_in_sentence, split_round
from claimledger.diff.periods import LEAD_REACH
from claimledger.diff.values import ratio_of_percent, value_intervals

EPOCH = datetime.fromtimestamp(0, UTC)
FACT_COLUMNS = (
    "stated_key", "figure_date", "intervals", "compare_unit", "revision_cue", "says_lower", "benchmark_round",
    "entry_document", "entry_revision",
)
# The text before a claim's sentence that `periods.lead_period` reads (offsets are 0-based, substr 1-based);
# read only for the claims that need it (`identity.reads_post`), with their post (`periods.post_periods`).
LEAD_COLUMN = f"substr(d.text, max(1, c.sentence_start - {LEAD_REACH - 1}), min(c.sentence_start, {LEAD_REACH})) AS lead"
# What `identity.stated_identity` reads of the other claims of a claim's sentence.
SIBLING_PARTS = ("condition", "baseline", "start", "end", "metric", "dimensionality")
# SIBLING_PARTS as a column list ("end" is a keyword of SQL).
SIBLING_COLUMNS = ", ".join(f'"{part}"' for part in SIBLING_PARTS)
# What the facts are computed from: the claim's columns, and its document's.
SOURCE_QUERY = """
    SELECT c.id, c.document_id, c.text, c.start, c."end", c.value, c.low, c.high, c.kind, c.unit, c.dimensionality,
           c.si_value, c.qualifier, c.projected, c.trend, c.baseline, c.subject, c.metric, c.condition, c.sentence,
           c.sentence_start, c.source, c.claim_key, COALESCE(c.published, d.published, d.fetched) AS dated,
           (SELECT min(e.id) FROM documents e WHERE e.entry_id = d.entry_id) AS entry_document, d.revision
    FROM claims c JOIN documents d ON d.id = c.document_id
"""


@dataclass(frozen=True, slots=True)
class ClaimFacts:
    """The stored facts of one claim, in `FACT_COLUMNS` order."""

    stated_key: str | None
    figure_date: str
    intervals: str | None
    compare_unit: str | None
    revision_cue: int
    says_lower: int
    benchmark_round: str | None
    entry_document: int | None
    entry_revision: int

    def row(self) -> tuple[Any, ...]:
        return (self.stated_key, self.figure_date, self.intervals, self.compare_unit, self.revision_cue,
                self.says_lower, self.benchmark_round, self.entry_document, self.entry_revision)


def claim_facts(claim: Mapping[str, Any], siblings: Iterable[Mapping[str, Any]] = ()) -> ClaimFacts:
    """The facts of one claim, from a row of `SOURCE_QUERY` (or any mapping with those names).

    `siblings` are the claims of the same sentence (`claimledger.diff.identity.stated_identity`).
    """
    identity = stated_identity(claim, siblings)
    intervals, unit = value_intervals(
        claim.get("text") or "", claim.get("value"), claim.get("low"), claim.get("high"),
        claim.get("qualifier"), claim.get("si_value"), claim.get("unit"),
    )
    if identity is not None and identity.measure == "ratio" and claim.get("kind") == "percent":
        intervals, unit = ratio_of_percent(intervals, unit), None
    return ClaimFacts(
        stated_key=identity.text if identity else None,
        figure_date=iso_date(claim.get("dated")),
        intervals=" ".join(repr(end) for pair in intervals for end in pair) or None,
        compare_unit=unit,
        revision_cue=int(has_revision_cue(claim.get("sentence"))),
        says_lower=int(says_lower(claim)),
        benchmark_round=benchmark_round(claim.get("condition"), claim.get("sentence")),
        entry_document=claim.get("entry_document"),
        entry_revision=claim.get("revision") or 1,
    )


def benchmark_round(condition: str | None, sentence: str | None) -> str | None:
    """The round from the condition ("MLPerf Inference v6.1"), else the one round the sentence names."""
    _, benchmark, round_ = split_round(condition)
    if benchmark is None or round_ is None:
        found = round_in_sentence(sentence)
        round_ = found[1] if found else None
    return ".".join(map(str, round_)) if round_ else None


@lru_cache(maxsize=1024)
def parse_round(text: str | None) -> tuple[int, ...] | None:
    """A stored round back as a comparable tuple: "6.10" -> (6, 10)."""
    return tuple(int(part) for part in text.split(".")) if text else None


@lru_cache(maxsize=8192)
def parse_intervals(text: str | None) -> tuple[tuple[float, float], ...]:
    """Stored intervals back as pairs of floats."""
    if not text:
        return ()
    ends = [float(end) for end in text.split(" ")]
    return tuple(zip(ends[::2], ends[1::2], strict=True))


@lru_cache(maxsize=8192)
def iso_date(published: str | None) -> str:
    """A publication date as sortable ISO UTC text; the epoch when absent or unreadable."""
    return parse_when(published).strftime("%Y-%m-%dT%H:%M:%S%z")


@lru_cache(maxsize=8192)
def parse_when(published: str | None) -> datetime:
    """A publication date as an aware UTC datetime; the epoch when absent or unreadable."""
    when = published_moment(published)
    if when is None:
        return EPOCH
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
