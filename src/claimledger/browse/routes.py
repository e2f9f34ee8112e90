"""The plugin's pages: a key's history (and its JSON), Compare across vendors, the Atom feed, What changed.

Each works for any ledger the Datasette serves, under any name and any
`base_url`: links are built with `datasette.urls`, never written as paths.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlencode

from datasette.utils.asgi import BadRequest, NotFound, Response

from claimledger.browse import changes, compare, feed, history, ledgers
from claimledger.browse.chart import format_number
from claimledger.browse.evidence import marked, percent, web_url
from claimledger.browse.terms import label


def ledger_name(datasette: Any, request: Any) -> str:
    """The name of the ledger the URL names; 404 for a database that is missing or not a ledger."""
    route = request.url_vars["database"]
    try:
        name = datasette.get_database(route=route).name
    except KeyError:
        raise NotFound(f"Database not found: {route}") from None
    if not ledgers.is_ledger(datasette, name):
        raise NotFound(f"{name} is not a claimledger ledger (it has no claims and documents tables)")
    return name


def _helpers() -> dict[str, Any]:
    return {"number": format_number, "percent": percent, "marked": marked, "web_url": web_url, "label": label}


async def history_page(datasette: Any, request: Any) -> Response:
    """A claim key's figures over time as an SVG chart, one point per claim, marked by source (or as JSON)."""
    name = ledger_name(datasette, request)
    database = datasette.get_database(name)
    key = request.args.get("key", "")
    claims = await history.claims_for_key(database, key) if key else []
    status = 404 if key and not claims else 200
    if request.url_vars.get("format") == ".json":
        if not key:
            return Response.json({"database": name, "keys": await history.charted_keys(database)})
        body = {"database": name, "key": key, "claims": claims}
        if not claims:
            body["error"] = f"No claims with the key {key}"
        return Response.json(body, status=status)
    context = {
        "database": name,
        "key": key,
        "claims": claims,
        "chart": history.chart(claims) if claims else None,
        "keys": await history.charted_keys(database),
        "json_url": f"{datasette.urls.database(name)}/-/history.json?" + urlencode({"key": key}),
        "query_url": datasette.urls.database(name) + "/key_history?" + urlencode({"key": key}),
        **_helpers(),
    }
    html = await datasette.render_template("claimledger_history.html", context, request=request)
    return Response.html(html, status=status)


async def compare_page(datasette: Any, request: Any) -> Response:
    """For one metric concept, the latest figure of every subject, as a table and a bar chart in one unit."""
    name = ledger_name(datasette, request)
    database = datasette.get_database(name)
    known = await compare.concepts(database)
    wanted = request.args.get("concept", "")
    chosen = next((c for c in known if c.text == wanted), None) if wanted else (known[0] if known else None)
    figures, unit, drawn = [], None, None
    if chosen is not None:
        unit, figures = compare.in_one_unit(await compare.latest_figures(database, chosen.text))
        names = compare.subject_names(figures)
        drawn = compare.chart(figures, unit, names)
        for figure in figures:
            figure["name"] = names[figure["claim_id"]]
    context = {
        "database": name,
        "concepts": known,
        "chosen": chosen,
        "wanted": wanted,
        "figures": figures,
        "unit": unit,
        "chart": drawn,
        "query_url": (datasette.urls.database(name) + "/compare_subjects?" + urlencode({"concept": chosen.text}))
        if chosen else None,
        **_helpers(),
    }
    html = await datasette.render_template("claimledger_compare.html", context, request=request)
    return Response.html(html, status=404 if wanted and chosen is None else 200)


async def changes_feed(datasette: Any, request: Any) -> Response:
    """The Atom feed of the changes, optionally for one subject (?subject=) or metric (?metric=)."""
    name = ledger_name(datasette, request)
    document = await feed.changes_feed(datasette, request, name)
    return Response(document, content_type="application/atom+xml; charset=utf-8")


async def changes_context(datasette: Any, request: Any, database: str) -> dict[str, Any]:
    """What the ledger's page shows first: the changes in the window the request asks for, by subject."""
    today = datetime.now(timezone.utc).date()
    try:
        window = changes.window_from(request.args, today)
    except changes.BadWindow as error:
        raise BadRequest(str(error)) from None
    db = datasette.get_database(database)
    found = await changes.changes_in(db, **window.params())
    base = datasette.urls.database(database)
    return {
        "window": window,
        "choices": changes.WINDOW_CHOICES,
        "groups": changes.by_subject(found, await changes.entity_names(db, {row["entity"] for row in found})),
        "count": len(found),
        "latest_day": None if found else await changes.latest_change_day(db),
        "feed_url": f"{base}/-/changes.atom",
        "json_url": f"{base}/changes.json?" + urlencode(window.params()),
        "history_url": f"{base}/-/history",
        "compare_url": f"{base}/-/compare",
        "subject_url": f"{base}/subject_history",
        "until_given": bool(request.args.get("until")),
        **_helpers(),
    }
