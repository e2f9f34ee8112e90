"""Tables people can read: the columns a reader needs first, and a claim's evidence at normal width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from datasette.utils import urlsafe_components

from claimledger.browse.evidence import marked, web_url
from claimledger.browse.terms import with_claim_terms

PLUGIN_NAME = "claimledger"


def column_order(datasette: Any, database: str | None, table: str | None) -> Callable[[list, list], tuple[list, list]]:
    """A function putting a table's columns (and every row's cells) in the order its configuration gives.

    The order is the `column_order` of the table's claimledger plugin
    configuration; columns it does not name follow in table order, names the
    table lacks (a column a later ledger adds) are skipped.
    """
    config = (datasette.plugin_config(PLUGIN_NAME, database=database, table=table) or {}) if table else {}
    wanted = config.get("column_order") or []

    def ordered(columns: list[dict[str, Any]], rows: list[Any]) -> tuple[list, list]:
        names = [column["name"] for column in columns]
        first = [names.index(name) for name in wanted if name in names]
        order = first + [index for index in range(len(names)) if index not in first]
        return [columns[i] for i in order], [[list(row)[i] for i in order] for row in rows]

    return ordered


async def evidence_for(datasette: Any, database: str, request: Any) -> dict[str, Any] | None:
    """A claim's sentence with the figure marked, where and when it was published, and its links."""
    components = urlsafe_components(request.url_vars.get("pks", ""))
    if len(components) != 1 or not components[0].isdigit():
        return None
    sql = with_claim_terms("""
        select c.*, d.title as document_title from ledger_claims as c
        left join documents as d on d.id = c.document_id where c.id = :id
    """)
    found = (await datasette.get_database(database).execute(sql, {"id": int(components[0])})).rows
    if not found:
        return None
    claim = dict(found[0])
    return {
        "claim": claim,
        "sentence": marked(claim["sentence"], claim["start"], claim["end"], claim["sentence_start"]),
        "post_url": web_url(claim["url"]),
    }
