"""Shared types: a `Claim` found in text and a `Document` it came from."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from claimledger.entities.model import Entity

Kind = Literal["quantity", "ratio", "percent", "count"]
Qualifier = Literal[
    "up_to", "approximately", "more_than", "at_least", "nearly", "less_than", "at_most"
]
Trend = Literal["up", "down"]
# When a figure held: the current one, or one the post gives as past, wrong or denied.
Role = Literal["current", "previous", "corrected", "negated"]
ROLES: tuple[str, ...] = ("current", "previous", "corrected", "negated")


@dataclass(slots=True)
class Claim:
    """One numeric figure found in text, with what it is about and how it is hedged.

    Offsets are Python string indices into the extractor's input:
    ``input[start:end] == text`` and ``input[sentence_start:sentence_end] == sentence``.

    `subject_id`, `baseline_id` and `condition_id` are entity ids (claimledger.entities);
    `claimant` is who states the figure when the text names them (None: the publisher does); `role` says whether the figure is current or one the post gives as
    previous, corrected or negated, and `replaced_by` is then the `start` of the figure
    that replaces it in the same input (in the ledger: that claim's id).
    """

    text: str
    start: int
    end: int
    value: float | None
    low: float | None
    high: float | None
    kind: Kind
    unit: str | None = None
    unit_text: str | None = None
    dimensionality: str | None = None
    si_value: float | None = None
    qualifier: Qualifier | None = None
    trend: Trend | None = None
    projected: bool = False
    self_reported: bool = False
    baseline: str | None = None
    subject: str | None = None
    metric: str | None = None
    condition: str | None = None
    subject_id: str | None = None
    baseline_id: str | None = None
    condition_id: str | None = None
    precision: str | None = None
    scenario: str | None = None
    benchmark: str | None = None
    claimant: str | None = None
    role: Role = "current"
    replaced_by: int | None = None
    sentence: str = ""
    sentence_start: int = 0
    sentence_end: int = 0
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        """All fields as a plain dict (the `jsonl` output shape)."""
        return asdict(self)

    @classmethod
    def field_names(cls) -> list[str]:
        """Field names in declaration order."""
        return [f.name for f in fields(cls)]

    def __reduce__(self) -> tuple[type[Claim], tuple[Any, ...]]:
        """Pickled as its field values in order: crawl workers send every claim they find to the
        crawl's process, and the dataclass's own state (a list built field by field in Python,
        set back the same way) costs that process twice the time and a third more bytes."""
        return (Claim, _claim_values(self))


_claim_values = attrgetter(*Claim.field_names())


@dataclass(slots=True)
class Document:
    """A post as the ledger stores it: where it came from, its clean text and its claims.

    The crawl builds one per new text (crawl.store) and ledger.writes stores it.
    """

    url: str
    title: str
    text: str
    lang: str
    source: str
    entry_id: str
    published: str | None = None
    content_hash: str = ""
    claims: list[Claim] = field(default_factory=list)
    # Names its claims are about that no entities file knew (origin "seen"): the ledger adds them.
    entities: list[Entity] = field(default_factory=list)
