"""`claims diff`: which figures in the ledger are new, updated, superseded or contradicted."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from claimledger.cli.entities_option import beside_feeds, entities_option, user_entities
from claimledger.cli.failure import UNREADABLE_LEDGER, failure

# Without --entities, the entities file beside the feeds file `claims crawl` reads by default.
CRAWL_FEEDS = Path("feeds/feeds.toml")


def parse_statuses(text: str | None, option: str = "--fail-on") -> set[str]:
    """A --fail-on or --status list, checked against the known statuses."""
    from claimledger.diff.statuses import STATUSES

    if not text:
        return set()
    statuses = {part.strip() for part in text.split(",") if part.strip()}
    unknown = sorted(statuses - set(STATUSES))
    if unknown:
        raise click.BadParameter(
            f"unknown status {', '.join(unknown)}; choose from {', '.join(STATUSES)}", param_hint=option
        )
    return statuses


@click.command("diff")
@click.option("--db", "db_path", default="claims.db", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The ledger to compare.")
@click.option("--since", help="Report claims published on or after this date (2026-08-01 or an ISO timestamp).")
@click.option("--until", help="Report claims published on or before this date (inclusive).")
@click.option("--subject", help="Only keys whose subject contains this text (folded, aliases resolved).")
@click.option("--status", "status_filter", help="Comma-separated statuses to report (e.g. updated,superseded,conflict).")
@click.option("--only-changed", is_flag=True,
              help="Report only the claims whose status this run assigned or changed (after a crawl: what it brought).")
@click.option("--full", is_flag=True, help="Recompute every claim's identity and status, not only what changed.")
@click.option("--format", "output_format", type=click.Choice(["table", "json", "markdown"]),
              default="table", show_default=True)
@click.option("--fail-on", help="Comma-separated statuses; exit 1 when any change has one (e.g. updated,conflict).")
@entities_option
def command(
    db_path: Path,
    since: str | None,
    until: str | None,
    subject: str | None,
    status_filter: str | None,
    only_changed: bool,
    full: bool,
    output_format: str,
    fail_on: str | None,
    entities_path: Path | None,
) -> None:
    """Show which figures changed: new, updated, superseded, conflict, reaffirmed, qualifier_changed.

    Every claim is compared with what the ledger held before it; statuses and
    superseded_by are written back to the claims table, and the claims published
    in the window are reported. Only what changed since the last run is
    recomputed (everything with --full, or when the identity rules changed).
    Names resolve through your own entities too: --entities PATH, else
    feeds/entities.toml when there is one (as `claims crawl` reads it); a
    changed file recomputes everything.

    \b
    Example:
        claims diff --db claims.db --since 2026-08-01 --format markdown
        claims diff --status updated,superseded,conflict --only-changed
        claims diff --fail-on updated,conflict   # exit 1 when a figure changed
    """
    from claimledger.diff.changes import run_diff
    from claimledger.diff.statuses import parse_date_option
    from claimledger.errors import LedgerError
    from claimledger.ledger.open import check_ledger, open_repaired_connection
    from claimledger.diff.report import RENDERERS

    failing = parse_statuses(fail_on)
    reported = parse_statuses(status_filter, "--status")
    entities = user_entities(beside_feeds(entities_path, CRAWL_FEEDS))
    window = []
    for option, text, end_of_day in (("--since", since, False), ("--until", until, True)):
        try:
            window.append(parse_date_option(text, end_of_day) if text else None)
        except ValueError as error:
            raise click.BadParameter(f"{text!r} is not a date like 2026-08-12 ({error})", param_hint=option) from error
    try:
        check_ledger(db_path, writing=True)
        db = open_repaired_connection(db_path)
        with _progress(f"Comparing the claims in {db_path}") as progress:
            result = run_diff(db, since=window[0], until=window[1], subject=subject, statuses=reported,
                              full=full, only_changed=only_changed, progress=progress, entities=entities)
    except LedgerError as error:
        raise failure(error, UNREADABLE_LEDGER) from error
    except sqlite3.DatabaseError as error:
        raise failure(LedgerError(f"{db_path}: {error}"), UNREADABLE_LEDGER) from error
    try:
        RENDERERS[output_format](result, sys.stdout)
    except BrokenPipeError:
        # The reader (head, less) stopped early: stop writing, quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if any(result.counts.get(status) for status in failing):
        sys.exit(1)


@contextmanager
def _progress(message: str) -> Iterator[Callable[[str, int, int], None] | None]:
    """A progress bar on stderr while the diff runs, when stderr is a terminal; None otherwise."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(message, total=None)

        def advance(what: str, done: int, total: int) -> None:
            bar.update(task, description=f"{message}: {what}", completed=done, total=total or None)

        yield advance
