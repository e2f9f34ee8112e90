"""The entity record and its kinds."""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = (
    "organisation",
    "product_family",
    "system",
    "chip",
    "cloud_instance",
    "model",
    "software",
    "component",
    "benchmark",
)
# Kinds a hardware figure can be about, most specific first.
HARDWARE_KINDS = ("system", "cloud_instance", "chip", "product_family")
ORIGINS = ("package", "user", "seen")


@dataclass(frozen=True, slots=True)
class Entity:
    """A named thing: `id` is its canonical name, `parent` the id of what it is built on or part of."""

    id: str
    kind: str
    parent: str | None = None
    maker: str | None = None
    aliases: tuple[str, ...] = field(default=())
    origin: str = "package"

    @property
    def name(self) -> str:
        return self.id
