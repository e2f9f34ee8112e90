"""The registry of known entities: lookup by any alias, parents, makers.

Built from `data/entities.toml` (the package's knowledge), then a user's file
on top. A name not in the registry is still an entity when the extractor
recognises it by shape: `Registry.entity_for` gives it one of origin "seen".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache

from claimledger.data_files import data_table
from claimledger.entities.folding import fold_name
from claimledger.entities.model import KINDS, Entity


KIND_SUFFIX = re.compile(r"\s*(?:racks?|systems?|GPUs?|CPUs?|chips?|superchips?|accelerators?|机架|芯片|加速卡)$", re.IGNORECASE)


class Registry:
    """Entities by id and by every folded alias."""

    def __init__(self, entities: Iterable[Entity]) -> None:
        self._by_id: dict[str, Entity] = {}
        self._by_alias: dict[str, str] = {}
        self._spellings: dict[str, str] = {}
        for entity in entities:
            self._add(entity)
        # Each listed entity's ancestors and maker, found when first asked for: framing asks
        # for the same few products' chains for every name of every sentence.
        self._ancestors: dict[str, tuple[Entity, ...]] = {}
        self._makers: dict[str, Entity | None] = {}

    def _add(self, entity: Entity) -> None:
        previous = self._by_id.get(entity.id)
        if previous is not None:
            entity = _merged(previous, entity)
        self._by_id[entity.id] = entity
        for alias in (entity.id, *entity.aliases):
            self._by_alias[fold_name(alias)] = entity.id
            self._spellings[alias] = entity.id

    def __iter__(self) -> Iterator[Entity]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, entity_id: object) -> bool:
        return entity_id in self._by_id

    def spellings(self) -> list[tuple[str, str]]:
        """(alias as written, entity id) for every name and alias; an alias a later entity took goes to it."""
        return [(alias, entity_id) for alias, entity_id in self._spellings.items() if self._by_alias[fold_name(alias)] == entity_id]

    def get(self, entity_id: str | None) -> Entity | None:
        return self._by_id.get(entity_id) if entity_id else None

    def resolve(self, text: str) -> Entity | None:
        """The entity `text` names through any alias, in any spelling, also with a word for
        its kind after it ("GB300 NVL72 rack", "H100 GPU"); None when unknown."""
        entity_id = self._by_alias.get(fold_name(text))
        if entity_id is None:
            stripped = KIND_SUFFIX.sub("", text)
            entity_id = self._by_alias.get(fold_name(stripped)) if stripped != text else None
        return self._by_id[entity_id] if entity_id else None

    def entity_for(self, text: str, kind: str, parent: str | None = None, maker: str | None = None) -> Entity:
        """The known entity `text` names, else a new one of origin "seen" with the given kind."""
        known = self.resolve(text)
        if known is not None:
            return known
        return Entity(id=" ".join(text.split()), kind=kind, parent=parent, maker=maker, origin="seen")

    def ancestors(self, entity: Entity) -> tuple[Entity, ...]:
        """Parent, grandparent, ...: nearest first (cycles cut)."""
        if not self._listed(entity):
            return self._chain(entity)
        found = self._ancestors.get(entity.id)
        if found is None:
            found = self._ancestors[entity.id] = self._chain(entity)
        return found

    def _listed(self, entity: Entity) -> bool:
        """Whether `entity` is this registry's own (not one seen in text under a listed id)."""
        return self._by_id.get(entity.id) is entity

    def _chain(self, entity: Entity) -> tuple[Entity, ...]:
        """`entity`'s ancestors, walked up its parents."""
        found: list[Entity] = []
        current = self.get(entity.parent)
        while current is not None and current not in found and current.id != entity.id:
            found.append(current)
            current = self.get(current.parent)
        return tuple(found)

    def maker(self, entity: Entity | None) -> Entity | None:
        """The organisation that makes `entity`: its own `maker`, else the nearest organisation up its parents."""
        if entity is None:
            return None
        if entity.kind == "organisation":
            return entity
        if not self._listed(entity):
            return self._maker_of(entity)
        if entity.id not in self._makers:
            self._makers[entity.id] = self._maker_of(entity)
        return self._makers[entity.id]

    def _maker_of(self, entity: Entity) -> Entity | None:
        """`entity`'s maker, found from it and its ancestors."""
        if entity.maker:
            return self.get(entity.maker) or Entity(entity.maker, "organisation", origin="seen")
        for ancestor in self.ancestors(entity):
            if ancestor.maker:
                return self.get(ancestor.maker)
            if ancestor.kind == "organisation":
                return ancestor
        return None

    def with_entities(self, entities: Iterable[Entity]) -> Registry:
        """A new registry: this one's entities, then `entities` added or merged over them."""
        return Registry([*self, *entities])


def _merged(old: Entity, new: Entity) -> Entity:
    """`new` over `old`: stated fields win, aliases add up."""
    aliases = tuple(dict.fromkeys((*old.aliases, *new.aliases)))
    return replace(
        old,
        kind=new.kind or old.kind,
        parent=new.parent if new.parent is not None else old.parent,
        maker=new.maker if new.maker is not None else old.maker,
        aliases=aliases,
        origin=new.origin,
    )


def entities_from_table(table: dict, origin: str) -> list[Entity]:
    """Entities from a parsed entities file (`[[entity]]` tables)."""
    return [
        Entity(
            id=item["name"],
            kind=item.get("kind", ""),
            parent=item.get("parent"),
            maker=item.get("maker"),
            aliases=tuple(item.get("aliases", ())),
            origin=origin,
        )
        for item in table.get("entity", [])
    ]


@cache
def package_registry() -> Registry:
    """The package's entities (`data/entities.toml`), built once per process."""
    entities = entities_from_table(data_table("entities.toml"), "package")
    unknown = sorted({entity.kind for entity in entities} - set(KINDS))
    if unknown:
        raise ValueError(f"data/entities.toml: unknown kinds {unknown}")
    return Registry(entities)
