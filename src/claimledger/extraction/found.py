"""A framed claim with what framing learnt beyond its fields."""

from __future__ import annotations

from dataclasses import dataclass

from claimledger.entities import Entity
from claimledger.extraction.held import CURRENT, Held
from claimledger.types import Claim


@dataclass(slots=True)
class Found:
    """A claim with what framing learnt beyond its fields: the entity of its subject and
    the role each name of its sentence plays for it ({name as written: role})."""

    claim: Claim
    subject_id: str | None
    roles: dict[str, str]
    # The subject is the figure's speaker for want of another name: a product the previous
    # sentence is about takes its place.
    speaker_subject: bool = False
    subject_kind: str | None = None
    # Entities of its subject, baseline and condition (new ones are of origin "seen").
    entities: tuple[Entity, ...] = ()
    held: Held = CURRENT
    # Its trend is a noun naming the change ("a 5% rise"), not a verb moving it ("rose 5%").
    trend_by_noun: bool = False
    # The subject came from an earlier sentence or the post's topic, not from its own.
    carried: bool = False
    # It describes the thing its sentence likens the subject to ("与典型 ARM 64 核处理器相当"):
    # it is nobody's figure, not even one carried over (extraction/likened.py).
    likened: bool = False
