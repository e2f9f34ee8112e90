"""The ledger's `entities` table: the package's entities, a user's, and the names seen in posts.

One row per entity id (its canonical name) with its kind, parent, maker, aliases
(a JSON list) and origin. The package's rows are written by the migration that
creates the table and refreshed whenever the package's `data/entities.toml`
changes (`refresh_package_entities`, on opening the ledger and at the start of a
crawl: a newer package adds, renames or corrects entities); a user's file
(`--entities`) overwrites the rows it states; a name the extractor recognised by
its shape is added once, as "seen", and never overwrites a row the package or a
user gave.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from importlib import resources

from claimledger.entities.model import Entity

# The table (m009_ledger_state) that holds the digest of the entities file the package rows were written from.
STATE_TABLE = "ledger_state"
PACKAGE_DIGEST = "package_entities_digest"

ENTITY_COLUMNS = ("id", "kind", "parent", "maker", "aliases", "origin")
_COLUMNS = ", ".join(f"[{column}]" for column in ENTITY_COLUMNS)
_VALUES = ", ".join("?" for _ in ENTITY_COLUMNS)
INSERT_SEEN = f"INSERT OR IGNORE INTO entities ({_COLUMNS}) VALUES ({_VALUES})"
UPSERT_STATED = (
    f"INSERT INTO entities ({_COLUMNS}) VALUES ({_VALUES}) ON CONFLICT(id) DO UPDATE SET "
    + ", ".join(f"[{column}] = excluded.[{column}]" for column in ENTITY_COLUMNS[1:])
)


# A package row replaces a row of the package or a name first seen in a post, never a user's.
REFRESH_PACKAGE = (
    f"INSERT INTO entities ({_COLUMNS}) VALUES ({_VALUES}) ON CONFLICT(id) DO UPDATE SET "
    + ", ".join(f"[{column}] = excluded.[{column}]" for column in ENTITY_COLUMNS[1:])
    + " WHERE entities.origin != 'user'"
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


def package_digest() -> str:
    """The digest of the package's `data/entities.toml`."""
    data = resources.files("claimledger").joinpath("data", "entities.toml").read_bytes()
    return hashlib.sha256(data).hexdigest()


def refresh_package_entities(connection: sqlite3.Connection) -> bool:
    """Rewrite the package's rows when `data/entities.toml` changed since they were written; True when it did.

    Rows of entities the package no longer has go; a name first seen in a post that the
    package now knows becomes the package's row; a user's rows and the other seen rows stay.
    Cheap when nothing changed: one read of the file and one of the stored digest. The caller
    commits (the crawl's writer does, in its own transaction).
    """
    digest = package_digest()
    stored = connection.execute(f"SELECT value FROM {STATE_TABLE} WHERE name = ?", [PACKAGE_DIGEST]).fetchone()
    if stored is not None and stored[0] == digest:
        return False
    from claimledger.entities import package_registry

    package = list(package_registry())
    connection.execute("CREATE TEMP TABLE IF NOT EXISTS package_entity_ids (id TEXT PRIMARY KEY)")
    connection.execute("DELETE FROM temp.package_entity_ids")
    connection.executemany("INSERT OR IGNORE INTO temp.package_entity_ids (id) VALUES (?)", [(e.id,) for e in package])
    connection.execute("DELETE FROM entities WHERE origin = 'package' AND id NOT IN (SELECT id FROM temp.package_entity_ids)")
    connection.execute("DELETE FROM temp.package_entity_ids")
    connection.executemany(REFRESH_PACKAGE, [entity_row(entity) for entity in package])
    connection.execute(
        f"INSERT INTO {STATE_TABLE} (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        [PACKAGE_DIGEST, digest],
    )
    return True
