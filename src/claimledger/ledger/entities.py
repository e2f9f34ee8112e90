"""The ledger's `entities` table: the package's entities, a user's, and the names seen in posts.

One row per entity id (its canonical name) with its kind, parent, maker, aliases
(a JSON list) and origin. The package's rows are written by the migration that
creates the table; a user's file (`--entities`) overwrites the rows it states;
a name the extractor recognised by its shape is added once, as "seen", and
never overwrites a row the package or a user gave.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

from claimledger.entities.model import Entity

ENTITY_COLUMNS = ("id", "kind", "parent", "maker", "aliases", "origin")
_COLUMNS = ", ".join(f"[{column}]" for column in ENTITY_COLUMNS)
_VALUES = ", ".join("?" for _ in ENTITY_COLUMNS)
INSERT_SEEN = f"INSERT OR IGNORE INTO entities ({_COLUMNS}) VALUES ({_VALUES})"
UPSERT_STATED = (
    f"INSERT INTO entities ({_COLUMNS}) VALUES ({_VALUES}) ON CONFLICT(id) DO UPDATE SET "
    + ", ".join(f"[{column}] = excluded.[{column}]" for column in ENTITY_COLUMNS[1:])
)


def entity_row(entity: Entity) -> tuple[str, str, str | None, str | None, str, str]:
    return (entity.id, entity.kind, entity.parent, entity.maker, json.dumps(list(entity.aliases), ensure_ascii=False), entity.origin)


def record_stated(connection: sqlite3.Connection, entities: Iterable[Entity]) -> None:
    """Write the package's or a user's entities, over what the table held for them."""
    connection.executemany(UPSERT_STATED, [entity_row(entity) for entity in entities])


def record_seen(connection: sqlite3.Connection, entities: Iterable[Entity]) -> None:
    """Add the names first seen in a post; a known id keeps its row."""
    rows = [entity_row(entity) for entity in entities]
    if rows:
        connection.executemany(INSERT_SEEN, rows)
