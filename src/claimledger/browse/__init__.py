"""Browsing the ledger in Datasette: the plugin Datasette loads through the `datasette` entry point.

Datasette registers this package (so it also finds the templates beside it)
and calls the hooks it exposes, which live in `claimledger.browse.plugin`.
"""

from claimledger.browse.plugin import (
    extra_template_vars,
    filters_from_request,
    get_metadata,
    handle_exception,
    menu_links,
    prepare_connection,
    register_facet_classes,
    register_routes,
    render_cell,
    startup,
)

__all__ = [
    "extra_template_vars",
    "filters_from_request",
    "get_metadata",
    "handle_exception",
    "menu_links",
    "prepare_connection",
    "register_facet_classes",
    "register_routes",
    "render_cell",
    "startup",
]
