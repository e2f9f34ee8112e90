"""`claims link` and `claims unlink`: the analyst's word on which claims are about the same thing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click

from claimledger.cli.failure import UNREADABLE_LEDGER, failure

DB_OPTION = click.option(
    "--db", "db_path", default="claims.db", show_default=True,
    type=click.Path(dir_okay=False, path_type=Path), help="The ledger holding both claims.",
)
UNDO_OPTION = click.option("--undo", is_flag=True, help="Remove the decision stored for these two claims.")


def _decide(kind: str, db_path: Path, anchor: int, moved: int, undo: bool) -> None:
    from claimledger.diff.decisions import decide
    from claimledger.errors import LedgerError
    from claimledger.ledger.open import check_ledger, open_ledger

    try:
        check_ledger(db_path, writing=True)
        db = open_ledger(db_path)
        decision = decide(db, kind, anchor, moved, undo=undo)
    except LedgerError as error:
        raise failure(error, UNREADABLE_LEDGER) from error
    except sqlite3.DatabaseError as error:
        raise failure(LedgerError(f"{db_path}: {error}"), UNREADABLE_LEDGER) from error
    if decision is None:
        click.echo(f"claims {anchor} and {moved}: no decision stored any more; the rules decide again at the next `claims diff`")
    elif kind == "link":
        click.echo(f"claim {moved} now joins the identity of claim {anchor} (decision {decision.id}); run `claims diff` to compare them")
    else:
        click.echo(f"claim {moved} no longer shares the identity of claim {anchor} (decision {decision.id}); run `claims diff`")


@click.command("link")
@click.argument("anchor", type=int)
@click.argument("moved", type=int)
@DB_OPTION
@UNDO_OPTION
def link(anchor: int, moved: int, db_path: Path, undo: bool) -> None:
    """Compare claim MOVED as the same figure as claim ANCHOR, whatever the rules say.

    The decision is stored in the ledger and every later `claims diff` respects
    it; `claims key --claim MOVED` shows it. See `claims key` for the ids.

    \b
    Example:
        claims link 12 40 --db claims.db     # claim 40 joins claim 12's identity
    """
    _decide("link", db_path, anchor, moved, undo)


@click.command("unlink")
@click.argument("anchor", type=int)
@click.argument("moved", type=int)
@DB_OPTION
@UNDO_OPTION
def unlink(anchor: int, moved: int, db_path: Path, undo: bool) -> None:
    """Never compare claim MOVED with claim ANCHOR's identity, whatever the rules say.

    Claim MOVED goes back to the identity it states, or to one of its own when
    that is ANCHOR's too. Stored in the ledger; every later `claims diff` respects it.

    \b
    Example:
        claims unlink 12 40 --db claims.db   # 40 is not the figure 12 is about
    """
    _decide("unlink", db_path, anchor, moved, undo)


commands = [link, unlink]
