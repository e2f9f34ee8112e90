"""Build the Datasette app on a ledger: read-only, with the package's metadata, configuration and plugin."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from datasette.app import Datasette
from datasette.database import Database
from datasette.plugins import pm

from claimledger.browse import plugin
from claimledger.browse.plugin import DATABASE_NAME

BROWSE_DIR = Path(__file__).parent


def load_metadata() -> dict[str, Any]:
    """metadata.yaml with config.yaml's table options and queries merged in, as Datasette 0.65 reads them."""
    metadata = yaml.safe_load((BROWSE_DIR / "metadata.yaml").read_text(encoding="utf-8"))
    config = yaml.safe_load((BROWSE_DIR / "config.yaml").read_text(encoding="utf-8"))
    return _merged(metadata, config)


def _merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """A deep merge of two nested dicts; `extra` wins where both hold a plain value."""
    merged = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merged(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def build_datasette(ledger_path: str | Path) -> Datasette:
    """A Datasette serving the ledger at `ledger_path` read-only as the database `ledger`.

    The file is opened with `mode=ro`, not as immutable, so a crawl can keep
    writing while it is browsed and each page sees the latest commit.
    """
    if not pm.is_registered(plugin):
        pm.register(plugin, name="claimledger")
    datasette = Datasette(
        metadata=load_metadata(),
        template_dir=str(BROWSE_DIR / "templates"),
        settings={"default_page_size": 50, "truncate_cells_html": 400, "suggest_facets": False},
    )
    # With no files given Datasette adds an in-memory database; the ledger is the only one to show.
    datasette.remove_database("_memory")
    database = Database(datasette, path=str(ledger_path), is_mutable=True)
    datasette.add_database(database, name=DATABASE_NAME)
    return datasette
