"""Which databases are ledgers, and the metadata and queries Datasette gets for them.

A database is a ledger when it has the `claims` and `documents` tables,
whatever it is called (`datasette claims.db` names it `claims`, `claims serve`
names it `ledger`). The package's metadata.yaml and config.yaml describe one
ledger under the name `ledger`; every ledger a Datasette serves gets a copy.
"""

from __future__ import annotations

import copy
import weakref
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from claimledger.browse.terms import with_claim_terms

BROWSE_DIR = Path(__file__).parent
LEDGER_TABLES = frozenset({"claims", "documents"})
TEMPLATE_NAME = "ledger"

# The ledgers each Datasette serves, found when it starts (`find_ledgers`).
_ledgers: weakref.WeakKeyDictionary[Any, frozenset[str]] = weakref.WeakKeyDictionary()


async def find_ledgers(datasette: Any) -> frozenset[str]:
    """Look at every database Datasette serves and remember which are ledgers."""
    found = set()
    for name, database in datasette.databases.items():
        if LEDGER_TABLES <= set(await database.table_names()):
            found.add(name)
    _ledgers[datasette] = frozenset(found)
    return _ledgers[datasette]


def ledger_names(datasette: Any) -> frozenset[str]:
    """The names of the ledgers among the databases (empty before Datasette has started)."""
    return _ledgers.get(datasette, frozenset())


def is_ledger(datasette: Any, database: str | None) -> bool:
    """True when `database` is one of the ledgers `datasette` serves."""
    return database is not None and database in ledger_names(datasette)


def _read(name: str) -> dict[str, Any]:
    return yaml.safe_load((BROWSE_DIR / name).read_text(encoding="utf-8"))


def _merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """A deep merge of two nested dicts; `extra` wins where both hold a plain value."""
    merged = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merged(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@cache
def package_metadata() -> dict[str, Any]:
    """metadata.yaml with config.yaml's table options and queries merged in, as Datasette 0.65 reads them."""
    metadata = _merged(_read("metadata.yaml"), _read("config.yaml"))
    for query in metadata["databases"][TEMPLATE_NAME]["queries"].values():
        query["sql"] = with_claim_terms(query["sql"])
    return metadata


def database_metadata() -> dict[str, Any]:
    """What every ledger database gets: titles, descriptions, table options and queries."""
    return package_metadata()["databases"][TEMPLATE_NAME]


def query_sql(name: str) -> str:
    """The SQL of one of the package's canned queries, as Datasette runs it."""
    return database_metadata()["queries"][name]["sql"]


def metadata_for(datasette: Any) -> dict[str, Any]:
    """The metadata for the ledgers `datasette` serves: nothing when it serves none.

    A fresh copy each time, since Datasette merges it into dicts it then changes.
    """
    names = ledger_names(datasette)
    if not names:
        return {}
    instance = {key: value for key, value in package_metadata().items() if key != "databases"}
    return copy.deepcopy({**instance, "databases": {name: database_metadata() for name in names}})
