"""`claims serve`: browse the ledger in Datasette, read-only."""

from __future__ import annotations

import socket
import sqlite3
from contextlib import closing
from pathlib import Path

import click

from claimledger.cli.failure import failure


def bring_schema_up_to_date(path: Path, read_only: bool) -> list[str]:
    """Apply migrations the ledger lacks (an older ledger has no search indexes); the names applied.

    A ledger on read-only media is browsed as it is, when it needs none.
    """
    import sqlite_utils

    from claimledger.ledger.open import connect_read_only, open_ledger
    from claimledger.ledger.schema import migrations

    with closing(connect_read_only(path, immutable=read_only)) as connection:
        pending = [migration.name for migration in migrations.pending(sqlite_utils.Database(connection))]
    if pending and read_only:
        raise click.ClickException(
            f"{path}: the ledger predates this claimledger ({', '.join(pending)} not applied) and cannot be "
            "brought up to date where it is (read-only); open it once where it can be written"
        )
    if pending:
        try:
            open_ledger(path).close()
        except sqlite3.Error as error:
            raise click.ClickException(f"{path}: cannot bring the ledger's schema up to date ({error})") from error
    return pending


def check_address(host: str, port: int) -> None:
    """Refuse an address the server could not listen on (taken port, unknown host) before starting."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # uvicorn sets SO_REUSEADDR too, so a port in TIME_WAIT is not taken.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port} ({error.strerror or error}); choose another --port or --host") from error


@click.command("serve")
@click.option("--db", "db_path", default="claims.db", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The ledger to browse.")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 exposes the ledger to the network.")
def command(db_path: Path, port: int, host: str) -> None:
    """Browse the ledger in Datasette: what changed, comparisons across vendors, histories, evidence.

    The ledger is opened read-only (a crawl may keep writing while you browse)
    as the database `ledger`; an older ledger first gets the migrations it
    lacks. The pages come from the claimledger Datasette plugin, as they do for
    plain `datasette claims.db`: What changed at /ledger (with an Atom feed at
    /ledger/-/changes.atom), Compare across vendors at /ledger/-/compare, a
    claim key's history at /ledger/-/history, the claims table with facets and
    search (Chinese too) and the canned queries.

    \b
    Example:
        claims serve --db run/claims.db --port 8001
        # then open http://127.0.0.1:8001/ledger
    """
    import uvicorn

    from claimledger.browse.app import build_datasette

    from claimledger.errors import LedgerError
    from claimledger.ledger.open import check_ledger, on_read_only_media

    try:
        check_ledger(db_path)
    except LedgerError as error:
        raise failure(error) from error
    check_address(host, port)
    read_only = on_read_only_media(db_path)
    for name in bring_schema_up_to_date(db_path, read_only):
        click.echo(f"Migrated {db_path}: {name}", err=True)
    datasette = build_datasette(db_path, immutable=read_only)
    click.echo(f"Serving {db_path} read-only at http://{host}:{port}/ledger (Ctrl-C to stop)", err=True)
    uvicorn.run(datasette.app(), host=host, port=port, log_level="warning", lifespan="on", workers=1)
