"""The Datasette plugin: Chinese search, highlighted evidence, links between claims, the history chart.

Registered by `claimledger.browse.app.build_datasette`, so `claims serve` always
loads it. All text from feeds is escaped before it is wrapped in markup.
"""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import urlencode

from datasette import hookimpl
from datasette.utils.asgi import Response
from markupsafe import Markup, escape

from claimledger.browse import history
from claimledger.browse.search import fts_query

# The name `claims serve` gives the ledger (claimledger.browse.app).
DATABASE_NAME = "ledger"

# Query result columns that hold a claim's or a document's id, linked to its row page.
_ID_COLUMNS = {
    "claim_id": "claims",
    "old_claim_id": "claims",
    "new_claim_id": "claims",
    "other_claim_id": "claims",
    "document_id": "documents",
}


@hookimpl(trylast=True)
def prepare_connection(conn: sqlite3.Connection) -> None:
    """Make search queries match the ledger's spaced CJK indexes.

    Runs after Datasette's own hook so that its `escape_fts` (used by every
    table's search box) is replaced with one that also spaces CJK characters;
    canned queries call `ledger_fts_query` directly.
    """
    conn.create_function("ledger_fts_query", 1, _fts_query_or_nothing, deterministic=True)
    if _has_spaced_indexes(conn):
        conn.create_function("escape_fts", 1, _fts_query_or_nothing, deterministic=True)


def _fts_query_or_nothing(query: str | None) -> str:
    """`fts_query`, with an empty search turned into a phrase that matches nothing rather than an error."""
    return fts_query(query or "") or '""'


def _has_spaced_indexes(conn: sqlite3.Connection) -> bool:
    """True when the connection is to a ledger with the m002_cjk_search indexes."""
    found = conn.execute(
        "select count(*) from sqlite_master where name in ('claims_search', 'documents_search')"
    ).fetchone()[0]
    return found == 2


@hookimpl
def render_cell(row: Any, value: Any, column: str, table: str | None, database: str, datasette: Any) -> Any:
    """Highlight the figure in its sentence, and link ids and claim keys (markup, an awaitable of it, or None)."""
    if column in ("sentence", "new_sentence", "old_sentence") and isinstance(value, str):
        return _highlighted_sentence(row, column, value, table, database, datasette)
    if column == "claim_key" and isinstance(value, str) and value:
        url = datasette.urls.database(database) + "/-/history?" + urlencode({"key": value})
        return Markup('<a href="{}">{}</a>').format(url, value)
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


def _highlighted_sentence(row: Any, column: str, sentence: str, table: str | None, database: str, datasette: Any) -> Any:
    """The sentence escaped, with the claim's figure (start-sentence_start .. end-sentence_start) in <mark>.

    The offsets come from the row (`start`, `end`, `sentence_start`; `new_start`
    ... for `new_sentence`) or, in a query that leaves them out, from the claim
    named by its `claim_id` (`new_claim_id` ...) column.
    """
    prefix = column.removesuffix("sentence")
    keys = row.keys()
    names = [prefix + name for name in ("start", "end", "sentence_start")]
    if all(name in keys for name in names):
        return _marked(sentence, *(row[name] for name in names))
    id_column = "id" if table == "claims" and not prefix else f"{prefix}claim_id"
    if id_column not in keys or row[id_column] is None:
        return Markup("{}").format(sentence)
    claim_id = row[id_column]

    async def inner() -> Markup:
        found = await datasette.get_database(database).execute(
            "select start, [end], sentence_start from claims where id = ?", [claim_id]
        )
        return _marked(sentence, *found.first()) if found.rows else Markup("{}").format(sentence)

    return inner


def _marked(sentence: str, start: int | None, end: int | None, sentence_start: int | None) -> Markup:
    """`sentence` escaped, the span start..end (offsets in the document) wrapped in <mark> when it fits."""
    if None in (start, end, sentence_start):
        return Markup("{}").format(sentence)
    begin, finish = start - sentence_start, end - sentence_start
    if not 0 <= begin <= finish <= len(sentence):
        return Markup("{}").format(sentence)
    return Markup("{}<mark>{}</mark>{}").format(sentence[:begin], sentence[begin:finish], sentence[finish:])


@hookimpl
def menu_links(datasette: Any) -> list[dict[str, str]]:
    """A link to the claim histories in the navigation menu."""
    return [{"href": datasette.urls.database(DATABASE_NAME) + "/-/history", "label": "Claim histories"}]


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    """The history chart page: /<database>/-/history?key=CLAIM_KEY."""
    return [(r"^/(?P<database>[^/]+)/-/history$", history_page)]


async def history_page(datasette: Any, request: Any) -> Response:
    """A claim key's figures over time as an SVG chart, one point per claim, marked by source."""
    database_name = request.url_vars["database"]
    try:
        database = datasette.get_database(database_name)
    except KeyError:
        return Response.html(f"Database not found: {escape(database_name)}", status=404)
    key = request.args.get("key", "")
    claims = await history.claims_for_key(database, key) if key else []
    context = {
        "database": database_name,
        "key": key,
        "claims": claims,
        "chart": history.chart(claims) if claims else None,
        "keys": await history.charted_keys(database),
        "number": history.format_number,
    }
    status = 404 if key and not claims else 200
    html = await datasette.render_template("claim_history.html", context, request=request)
    return Response.html(html, status=status)
