"""`claims ingest`: store the documents of an archive (JSONL or HTML files), on every core or a Dask cluster."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from claimledger.cli.failure import failure

if TYPE_CHECKING:
    from rich.console import Console

    from claimledger.ingest.archive import BadLine
    from claimledger.ingest.run import IngestOptions, IngestReport


@click.command("ingest")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--db", "db_path", default="claims.db", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The ledger (SQLite).")
@click.option("--workers", default=0, show_default=True, type=click.IntRange(0, 256),
              help="Processes that prepare documents (0: one per CPU; 1: none besides this one).")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Prepare on this Dask scheduler's workers (tcp://host:8786) instead; needs claimledger[dask].")
@click.option("--source", default=None, help="Source of documents that name none (default: the file's or folder's name).")
@click.option("--wait", is_flag=True, help="Wait for a crawl of the same ledger to finish instead of exiting.")
def command(
    paths: tuple[Path, ...], db_path: Path, workers: int, dask_address: str | None, source: str | None, wait: bool
) -> None:
    """Store the documents of an archive: clean text, language, claims, as the crawl does.

    PATHS are JSONL files, one document per line ({"url", "title",
    "published", "source", "lang", "html" or "text"}; url and html or text
    are required), HTML files, or folders of them. A document already stored
    is skipped, so an interrupted ingest resumes; nothing stored is changed.
    A line that is not a document is reported with its line number and
    skipped, and the exit status is then 1.

    \b
    Example:
        claims ingest archive/posts.jsonl --db claims.db
        claims ingest saved-pages/ --source "NVIDIA Blog" --dask tcp://10.0.0.5:8786
    """
    from rich.console import Console

    from claimledger.crawl.lock import crawl_lock
    from claimledger.errors import ConfigError, CrawlLockedError
    from claimledger.ingest.archive import check_paths
    from claimledger.ingest.run import IngestOptions

    try:
        check_paths(list(paths))
    except ConfigError as error:
        raise failure(error) from None
    console = Console(stderr=True)
    options = IngestOptions(workers=workers, dask=dask_address, source=source)
    started = time.monotonic()
    try:
        with crawl_lock(db_path, wait=wait):
            report = run_ingest(db_path, list(paths), options, console)
    except (ConfigError, CrawlLockedError) as error:
        raise failure(error) from None
    except (sqlite3.Error, OSError) as error:
        raise click.ClickException(f"{db_path}: cannot use the ledger: {error}") from None
    print_summary(report, time.monotonic() - started)
    if report.bad_lines or report.failures:
        raise SystemExit(1)


def run_ingest(db_path: Path, paths: list[Path], options: IngestOptions, console: Console) -> IngestReport:
    """The ingest behind a progress bar (shown only on a terminal); problems are printed as they come."""
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from claimledger.ingest.run import ingest
    from claimledger.terminal import printable

    progress = Progress(
        TextColumn("ingesting"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    )
    with progress:
        task = progress.add_task("ingest", total=None)

        def started(total: int, preparers: str) -> None:
            progress.update(task, total=total)
            progress.console.print(f"Preparing {escape(preparers)}", highlight=False, soft_wrap=True)

        def problem(bad: BadLine) -> None:
            progress.console.print(f"{escape(printable(bad.origin))}: {escape(printable(bad.reason))}",
                                   highlight=False, soft_wrap=True)

        return ingest(db_path, paths, options, on_start=started,
                      on_progress=lambda count: progress.advance(task, count), on_problem=problem)


def print_summary(report: IngestReport, seconds: float) -> None:
    """One line, as the crawl's: what was read, then what was stored."""
    details = []
    if report.already_stored:
        details.append(f"{report.already_stored} already stored")
    if report.empty:
        details.append(f"{report.empty} without text")
    if report.bad_lines:
        details.append(f"{len(report.bad_lines)} bad line{'s' if len(report.bad_lines) > 1 else ''}")
    if report.failures:
        details.append(f"{len(report.failures)} failed")
    read = f"{report.records} records" + (f" ({', '.join(details)})" if details else "")
    click.echo(f"{read}: {report.new_documents} new documents, {report.new_claims} new claims in {seconds:.1f} s.")
