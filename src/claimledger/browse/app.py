"""The Datasette `claims serve` runs: the ledger read-only, named `ledger`, with the reader's settings.

Everything else (metadata, templates, pages) comes from the plugin, which
Datasette loads through the package's entry point, exactly as it does for
`datasette claims.db`.
"""

from __future__ import annotations

from pathlib import Path

from datasette.app import Datasette
from datasette.database import Database
from datasette.plugins import pm

import claimledger.browse as plugin

DATABASE_NAME = "ledger"
SETTINGS = {"default_page_size": 50, "truncate_cells_html": 400, "suggest_facets": False}


def build_datasette(ledger_path: str | Path, immutable: bool = False) -> Datasette:
    """A Datasette serving the ledger at `ledger_path` read-only as the database `ledger`.

    The file is opened with `mode=ro`, not as immutable, so a crawl can keep
    writing while it is browsed and each page sees the latest commit; on
    read-only media (`immutable`), where SQLite could not create the index
    such a reader needs, as immutable.
    """
    if not pm.is_registered(plugin):
        # Only when the package runs uninstalled (no entry point): load the plugin all the same.
        pm.register(plugin, name="claimledger")
    datasette = Datasette(settings=SETTINGS)
    # With no files given Datasette adds an in-memory database; the ledger is the only one to show.
    datasette.remove_database("_memory")
    datasette.add_database(Database(datasette, path=str(ledger_path), is_mutable=not immutable), name=DATABASE_NAME)
    return datasette
