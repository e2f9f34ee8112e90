"""The Datasette plugin's hooks: metadata for every ledger, Chinese search, evidence, links, facets, pages.

Datasette loads the package `claimledger.browse` through the `datasette` entry
point, which exposes these hooks and ships the templates beside them, so plain
`datasette claims.db` serves every page. A database counts as a ledger when it
has the ledger's tables (`ledgers`), whatever its name; other databases are
left as Datasette shows them. All text from feeds is escaped before it is
wrapped in markup.
"""

from __future__ import annotations

import pdb
import sqlite3
import traceback
from typing import Any
from urllib.parse import urlencode

from datasette import hookimpl
from datasette.utils import add_cors_headers
from datasette.utils.asgi import Base400, BadRequest, Response
from datasette.views.base import DatasetteError
from markupsafe import Markup

from claimledger.browse import ledgers, routes
from claimledger.browse.evidence import marked, percent
from claimledger.browse.facets import FACET_CLASSES, term_filters
from claimledger.browse.search import fts_query
from claimledger.ledger.search_index import SEARCH_INDEX
from claimledger.browse.tables import column_order, evidence_for
from claimledger.browse.terms import register_functions

DATASETTE_ERROR_HANDLER = "datasette.handle_exception"

# Query result columns that hold a claim's or a document's id, linked to its row page.
_ID_COLUMNS = {
    "claim_id": "claims",
    "old_claim_id": "claims",
    "new_claim_id": "claims",
    "other_claim_id": "claims",
    "document_id": "documents",
}


@hookimpl
async def startup(datasette: Any) -> None:
    """Find the ledgers among the databases, so they get the package's metadata and pages.

    Also takes the place of Datasette's own error handler (see `handle_exception`).
    """
    # Imported here: importing datasette.plugins loads every plugin's entry point,
    # this package's included, which must not happen while this module is half imported.
    from datasette.plugins import pm

    if pm.has_plugin(DATASETTE_ERROR_HANDLER):
        pm.unregister(name=DATASETTE_ERROR_HANDLER)
    await ledgers.find_ledgers(datasette)


@hookimpl
def get_metadata(datasette: Any, key: str, database: str | None, table: str | None) -> dict[str, Any]:
    """The package's descriptions, table options and queries for every ledger (Datasette 0.65's hook)."""
    return ledgers.metadata_for(datasette)


@hookimpl(trylast=True)
def prepare_connection(conn: sqlite3.Connection) -> None:
    """The SQL functions the queries use, and search that matches the ledger's spaced CJK indexes.

    Runs after Datasette's own hook so that its `escape_fts` (used by every
    table's search box) is replaced with one that also spaces CJK characters;
    canned queries call `ledger_fts_query` directly.
    """
    register_functions(conn)
    conn.create_function("ledger_fts_query", 1, _fts_query_or_nothing, deterministic=True)
    if _has_spaced_indexes(conn):
        conn.create_function("escape_fts", 1, _fts_query_or_nothing, deterministic=True)


def _fts_query_or_nothing(query: str | None) -> str:
    """`fts_query`, with an empty search turned into a phrase that matches nothing rather than an error."""
    return fts_query(query or "") or '""'


def _has_spaced_indexes(conn: sqlite3.Connection) -> bool:
    """True when the connection is to a ledger with the spaced search index (migration m005_one_search_index)."""
    found = conn.execute("select count(*) from sqlite_master where name = ?", [SEARCH_INDEX]).fetchone()[0]
    return found == 1


@hookimpl
def render_cell(row: Any, value: Any, column: str, table: str | None, database: str, datasette: Any) -> Any:
    """Highlight the figure in its sentence, link ids and claim keys, show changes in percent."""
    if not ledgers.is_ledger(datasette, database):
        return None
    if column in ("sentence", "new_sentence", "old_sentence") and isinstance(value, str):
        return _highlighted_sentence(row, column, value, table, database, datasette)
    if column == "claim_key" and isinstance(value, str) and value:
        url = datasette.urls.database(database) + "/-/history?" + urlencode({"key": value})
        return Markup('<a href="{}">{}</a>').format(url, value)
    if column == "change_percent" and isinstance(value, (int, float)):
        return percent(value)
    if table is None and column in _ID_COLUMNS and isinstance(value, int):
        url = datasette.urls.row(database, _ID_COLUMNS[column], str(value))
        return Markup('<a href="{}">{}</a>').format(url, value)
    if table is not None and isinstance(value, int) and (column.endswith("_id") or column == "superseded_by"):
        return _labelled_link(datasette, database, table, column, value)
    return None


def _labelled_link(datasette: Any, database: str, table: str, column: str, value: int) -> Any:
    """On a row page, where Datasette shows a foreign key as a bare id, link it with its row's label."""

    async def inner() -> Markup | None:
        db = datasette.get_database(database)
        foreign_keys = {fk["column"]: fk for fk in await db.foreign_keys_for_table(table)}
        if column not in foreign_keys:
            return None
        other_table, other_column = foreign_keys[column]["other_table"], foreign_keys[column]["other_column"]
        url = datasette.urls.row(database, other_table, str(value))
        label_column = await db.label_column_for_table(other_table)
        if not label_column:
            return Markup('<a href="{}">{}</a>').format(url, value)
        found = await db.execute(
            f"select [{label_column}] from [{other_table}] where [{other_column}] = ?", [value]
        )
        label = (found.first()[0] if found.rows else None) or value
        return Markup('<a href="{}">{}</a>&nbsp;<em>{}</em>').format(url, label, value)

    return inner


def _highlighted_sentence(
    row: Any, column: str, sentence: str, table: str | None, database: str, datasette: Any
) -> Any:
    """The sentence escaped, with the claim's figure (start-sentence_start .. end-sentence_start) in <mark>.

    The offsets come from the row (`start`, `end`, `sentence_start`; `new_start`
    ... for `new_sentence`) or, in a query that leaves them out, from the claim
    named by its `claim_id` (`new_claim_id` ...) column.
    """
    prefix = column.removesuffix("sentence")
    keys = row.keys()
    names = [prefix + name for name in ("start", "end", "sentence_start")]
    if all(name in keys for name in names):
        return marked(sentence, *(row[name] for name in names))
    id_column = "id" if table == "claims" and not prefix else f"{prefix}claim_id"
    if id_column not in keys or row[id_column] is None:
        return Markup("{}").format(sentence)
    claim_id = row[id_column]

    async def inner() -> Markup:
        found = await datasette.get_database(database).execute(
            "select start, [end], sentence_start from claims where id = ?", [claim_id]
        )
        return marked(sentence, *found.first()) if found.rows else Markup("{}").format(sentence)

    return inner


@hookimpl
def menu_links(datasette: Any) -> list[dict[str, str]]:
    """What changed, Compare across vendors and the claim histories of every ledger, in the navigation menu."""
    names = sorted(ledgers.ledger_names(datasette))
    links = []
    for name in names:
        prefix = f"{name}: " if len(names) > 1 else ""
        base = datasette.urls.database(name)
        links += [
            {"href": base, "label": f"{prefix}What changed"},
            {"href": f"{base}/-/compare", "label": f"{prefix}Compare across vendors"},
            {"href": f"{base}/-/history", "label": f"{prefix}Claim histories"},
        ]
    return links


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    """The history (and its JSON), the comparison across vendors and the Atom feed of changes."""
    return [
        (r"^/(?P<database>[^/]+)/-/history(?P<format>\.json)?$", routes.history_page),
        (r"^/(?P<database>[^/]+)/-/compare$", routes.compare_page),
        (r"^/(?P<database>[^/]+)/-/changes\.atom$", routes.changes_feed),
    ]


@hookimpl
def extra_template_vars(template: str, database: str | None, table: str | None, request: Any,
                        view_name: str, datasette: Any) -> Any:
    """What changed on a ledger's page, the evidence on a claim's page, and the readers' column order."""

    async def inner() -> dict[str, Any]:
        if not ledgers.is_ledger(datasette, database):
            return {}
        found: dict[str, Any] = {"claimledger_columns": column_order(datasette, database, table)}
        if view_name == "database" and request is not None:
            found["claimledger_changes"] = await routes.changes_context(datasette, request, database)
        if view_name == "row":
            found["claimledger_transpose"] = True
            if table == "claims" and request is not None:
                found["claimledger_evidence"] = await evidence_for(datasette, database, request)
        return found

    return inner


@hookimpl
def register_facet_classes() -> list[type]:
    """Facets on entity and metric concept, one value across languages and aliases."""
    return FACET_CLASSES


@hookimpl
def filters_from_request(request: Any, database: str, table: str, datasette: Any) -> Any:
    """The chosen entity or metric concept; a sort by a column the table lacks is a 400, not a 500."""
    if not ledgers.is_ledger(datasette, database):
        return None

    async def inner() -> Any:
        sort, sort_desc = request.args.get("_sort"), request.args.get("_sort_desc")
        if sort and sort_desc:
            raise BadRequest("Sort by _sort or by _sort_desc, not both")
        wanted = sort or sort_desc
        if wanted and wanted != "rowid":
            columns = await datasette.get_database(database).table_columns(table)
            if wanted not in columns:
                raise BadRequest(f"Cannot sort {table} by {wanted}: it has no such column")
        return term_filters(request) if table == "claims" else None

    return inner


@hookimpl
def handle_exception(datasette: Any, request: Any, exception: Exception) -> Any:
    """Datasette's error page for every error; a traceback in the server's log for server errors only.

    Replaces Datasette 0.65's handler (`startup` unregisters it), which prints
    every error, 404s included, with its local variables, and fails with a 500
    of its own on a 404 it did not raise.
    """
    info: dict[str, Any] = {}
    title = None
    if isinstance(exception, Base400):
        status, message = exception.status, exception.args[0] if exception.args else ""
        if message == "404":  # what Datasette says of a path no route matched
            message = "Page not found"
    elif isinstance(exception, DatasetteError):
        status, title, info = exception.status, exception.title, dict(exception.error_dict)
        message = Markup(exception.message) if exception.message_is_html else exception.message
    else:
        status, message = 500, str(exception)

    async def inner() -> Response:
        if datasette.pdb:
            pdb.post_mortem(exception.__traceback__)
        if status >= 500:
            traceback.print_exception(exception)
        body = {**info, "ok": False, "error": message, "status": status, "title": title}
        headers = {}
        if datasette.cors:
            add_cors_headers(headers)
        if request.path.split("?")[0].endswith(".json"):
            return Response.json({**body, "error": str(message)}, status=status, headers=headers)
        html = await datasette.render_template([f"{status}.html", "error.html"], body, request=request)
        return Response.html(html, status=status, headers=headers)

    return inner
