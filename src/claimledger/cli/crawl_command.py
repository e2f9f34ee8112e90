"""`claims crawl`: crawl the feeds into the ledger, once or on a schedule, with progress and a summary."""

from __future__ import annotations

import signal
import sqlite3
import threading
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import click

from claimledger.cli.entities_option import beside_feeds, entities_option, user_entities
from claimledger.cli.failure import failure

if TYPE_CHECKING:
    from rich.console import Console

    from claimledger.crawl.round import CrawlOptions, CrawlReport, FeedReport
    from claimledger.crawl.config import FeedConfig

# Past this many feeds the summary lists only the feeds that need attention.
LIST_EVERY_FEED_UP_TO = 30


@click.command("crawl")
@click.option("--feeds", "feeds_path", default="feeds/feeds.toml", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The feeds file (TOML).")
@click.option("--db", "db_path", default="claims.db", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The ledger (SQLite).")
@click.option("--concurrency", default=16, show_default=True, type=click.IntRange(1, 512),
              help="Feeds fetched at once (still one request at a time per host).")
@click.option("--every", default=None, metavar="INTERVAL",
              help="Keep crawling every INTERVAL (a number and its unit: 90s, 30m, 2h, 1d; at most 365d) "
                   "until SIGTERM or Ctrl-C.")
@click.option("--workers", default=0, show_default=True, type=click.IntRange(0, 64),
              help="Worker processes that parse feeds, clean text and extract claims (0: one per CPU from 20 due "
                   "feeds up, else one).")
@click.option("--wait", is_flag=True, help="Wait for another crawl of the same ledger to finish instead of exiting.")
@click.option("--timeout", default=60.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds one feed may take in all: its fetch, article pages, parsing and text cleaning "
                   "(waiting for a free worker not counted).")
@entities_option
def command(
    feeds_path: Path, db_path: Path, concurrency: int, every: str | None, workers: int, wait: bool, timeout: float,
    entities_path: Path | None,
) -> None:
    """Crawl the feeds into the ledger: fetch, parse, extract claims, store.

    Unchanged feeds cost one conditional request; failing feeds back off;
    a feed that is down never makes the run fail. An entities.toml beside the
    feeds file (or --entities PATH) adds your own names to the package's. Exits non-zero only when
    the run itself cannot proceed (bad feeds or entities file, unusable ledger, locked).

    Example:

    \b
        claims crawl --feeds feeds/demo.toml --db run/claims.db
        claims crawl --every 30m
    """
    from rich.console import Console

    from claimledger.crawl.config import load_feeds
    from claimledger.crawl.fetch import FetchLimits
    from claimledger.crawl.lock import crawl_lock
    from claimledger.crawl.round import CrawlOptions
    from claimledger.crawl.schedule import iso, parse_interval, sleep_unless_stopped, utc_now
    from claimledger.errors import CrawlLockedError, FeedsConfigError

    try:
        interval = parse_interval(every)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--every") from None
    try:
        feeds = load_feeds(feeds_path)
    except FeedsConfigError as error:
        raise failure(error) from None
    entities = tuple(user_entities(beside_feeds(entities_path, feeds_path)))
    options = CrawlOptions(
        concurrency=concurrency, workers=workers, limits=FetchLimits(deadline=timeout), entities=entities
    )
    console = Console()
    stop = threading.Event()
    previous_handlers = install_stop_handlers(stop, console)
    try:
        with crawl_lock(db_path, wait=wait):
            while True:
                if interval is not None:
                    console.print(f"Round started at {iso(utc_now())}", highlight=False)
                report = run_round(db_path, feeds, options, stop, console)
                print_summary(report, console)
                if interval is None or sleep_unless_stopped(stop, interval):
                    break
    except CrawlLockedError as error:
        raise failure(error) from None
    except (sqlite3.Error, OSError) as error:
        raise click.ClickException(f"{db_path}: cannot use the ledger: {error}") from None
    except ImportError as error:
        raise click.ClickException(f"the claim extractor cannot be loaded: {error}") from None
    finally:
        for signum, handler in previous_handlers.items():
            signal.signal(signum, handler)
    if stop.is_set():
        console.print("Stopped on request; everything fetched so far is stored.")


def install_stop_handlers(stop: threading.Event, console: Console) -> dict[int, object]:
    """SIGTERM and the first Ctrl-C stop after the feeds in flight; a second Ctrl-C interrupts at once.

    Returns the handlers they replace.
    """

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        console.print(f"[yellow]{signal.Signals(signum).name}: finishing the feeds in flight, then stopping[/]")

    return {signum: signal.signal(signum, request_stop) for signum in (signal.SIGTERM, signal.SIGINT)}


def run_round(
    db_path: Path, feeds: list[FeedConfig], options: CrawlOptions, stop: threading.Event, console: Console
) -> CrawlReport:
    """One crawl round behind a progress bar (shown only on a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from claimledger.crawl.round import crawl

    # Off the terminal there is nothing to show: disabled, it starts no thread redrawing the bar ten times a second.
    progress = Progress(
        TextColumn("crawling"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.fields[last]}"), console=console, transient=True, disable=not console.is_terminal,
    )
    with progress:
        task = progress.add_task("crawl", total=None, last="")

        def started(total: int) -> None:
            progress.update(task, total=total)

        def finished(feed_report: FeedReport) -> None:
            progress.update(task, advance=1, last=f"{feed_report.name[:40]}: {feed_report.status}")

        return crawl(db_path, feeds, options, on_start=started, on_feed=finished, stop=stop)


def print_summary(report: CrawlReport, console: Console) -> None:
    """The per-feed table (or only the feeds needing attention, for long lists) and the totals."""
    from rich.markup import escape
    from rich.table import Table

    from claimledger.terminal import printable
    from claimledger.text.english import counted

    shown = report.feeds
    if len(shown) > LIST_EVERY_FEED_UP_TO:
        shown = [feed for feed in shown if feed.status not in ("ok", "not_modified")]
    if shown:
        table = Table(title="claims crawl", title_justify="left")
        table.add_column("feed", overflow="fold")
        table.add_column("status")
        table.add_column("docs", justify="right")
        table.add_column("claims", justify="right")
        table.add_column("reason", overflow="fold")
        for feed in shown:
            detail = feed.reason or ""
            if feed.status == "failed" and feed.next_attempt:
                detail += f" (next attempt {feed.next_attempt})"
            table.add_row(
                escape(printable(feed.name)), STATUS_STYLE.get(feed.status, feed.status).format(feed.status),
                str(feed.new_documents), str(feed.new_claims), escape(printable(detail)),
            )
        console.print(table)
    counts = ", ".join(
        f"{report.count(status)} {label}" for status, label in STATUS_LABELS if report.count(status)
    )
    unread = report.unread_languages
    in_unread = (
        f" ({unread.total()} in languages the extractor does not read: "
        + ", ".join(f"{lang} {count}" for lang, count in sorted(unread.items())) + ")"
        if unread else ""
    )
    console.print(
        f"{counted(len(report.feeds), 'feed')}: {counts or 'none'}. "
        f"{counted(report.new_documents, 'new document')}{in_unread}, {counted(report.new_claims, 'new claim')} "
        f"in {report.seconds:.1f} s.",
        highlight=False,
    )


STATUS_LABELS = [("ok", "ok"), ("not_modified", "not modified"), ("partial", "partial"), ("failed", "failed"),
                 ("gone", "gone"), ("skipped", "skipped")]
STATUS_STYLE = {"ok": "[green]{}[/]", "not_modified": "[green]{}[/]", "partial": "[yellow]{}[/]",
                "failed": "[red]{}[/]", "gone": "[magenta]{}[/]", "skipped": "[dim]{}[/]"}
