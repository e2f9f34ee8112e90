"""The ledger rows: writes through the crawl's write path at 10k, 100k and 1M claims, and `claims diff` on each:
the first run, after a crawl round touching 1,000 keys, a repeat with nothing new, and `--full`."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from rich.console import Console

from benchmarks.ledgers import CLAIMS_PER_DOCUMENT
from benchmarks.measure import Measured, run_measured
from benchmarks.settings import BASELINE_COMMIT, CLAIMS, REPO, Settings
from benchmarks.table import Row, Section, at_least, failed, rate, speed_ratio, under

# `claims diff` reports one month, as after a monthly look at the ledger.
DIFF_WINDOW_DAYS = 30
# Issue 11's goals.
CLAIMS_PER_SECOND = 20_000
BUILD_SECONDS = {1_000_000: 90.0}
DIFF_SECONDS = {"after a round": 1.0, "repeat": 0.5, "--full": 40.0}
DIFF_GOAL_SIZE = 1_000_000
DIFF_PEAK_MB = 300.0
# Ledgers at least this large are built as `claims ingest` builds one: secondary indexes after the load.
BULK_FROM = 1_000_000
BASELINE_CLAIMS = 10_000
console = Console(stderr=True)


def ledger_section(settings: Settings) -> Section:
    section = Section("Ledger writes and `claims diff`")
    section.notes.append(
        f"ingest: generated documents of {CLAIMS_PER_DOCUMENT} claims each through the crawl's write path "
        "(crawl.store.store_document run by the crawl's writer thread, ledger.writer: a savepoint per document, "
        "commits grouped while writes queue); claims/s counts the writer's busy time, CPU-s its thread's CPU "
        f"time; from {BULK_FROM:,} claims the secondary indexes are built after the load, as `claims ingest` "
        "does into a smaller ledger, and the build time counts writes and indexes")
    diff_help = subprocess.run([str(CLAIMS), "diff", "--help"], capture_output=True, text=True).stdout
    diff_full = "--full" in diff_help
    # What a job after each crawl asks for: the changes the round brought, not a month of report.
    only_changed = ["--only-changed"] if "--only-changed" in diff_help else []
    for size in settings.ledger_sizes:
        db_path = settings.work / f"ledger-{size}.db"
        if ingest_rows(settings, size, db_path, section):
            section.rows += diff_rows(settings, size, db_path, diff_full, only_changed, section)
    section.notes.append(
        "`claims diff --format json --since <30 days before the newest post>`: the first run judges every claim "
        f"of a fresh ledger; then a crawl round adds one claim to each of {settings.round_keys:,} keys already "
        "held (benchmarks/round_worker.py, through the crawl's writer) and the diff runs again, then once more "
        "with nothing new" + (", those reporting --only-changed" if only_changed else ", reporting the same 30 days")
        + ("" if diff_full else "; `claims diff` has no --full option yet, so every run is a full one"))
    return section


def remove_ledger(db_path: Path) -> None:
    for stale in db_path.parent.glob(f"{db_path.name}*"):
        stale.unlink()


def ingest_rows(settings: Settings, size: int, db_path: Path, section: Section) -> bool:
    """The ingest row (and the 1M build row); False when the ledger could not be built."""
    remove_ledger(db_path)
    bulk = size >= BULK_FROM
    console.log(f"ledger: ingest {size:,} claims" + (" (indexes after the load)" if bulk else ""))
    command = [sys.executable, "-m", "benchmarks.ingest_worker", str(db_path), str(size)] + (["--bulk"] if bulk else [])
    ingest = run_measured(command, cwd=REPO)
    label = f"{size:,} claims: ingest, crawl's write path" + (", indexes after" if bulk else "")
    if not ingest.ok:
        section.notes.append(failed(ingest))
        section.rows.append(Row(label, "failed"))
        return False
    figures = ingest.json()
    peer = versus = ""
    if size == BASELINE_CLAIMS:
        peer, versus = baseline_ingest(settings, figures["claims_per_second"], section)
    section.rows.append(Row(
        label,
        f"{rate(figures['claims_per_second'], 'claims/s')} ({figures['write_seconds']:.1f} s; "
        f"{figures['claims_per_cpu_second']:,.0f} per CPU-s; {figures['commits']:,} commits; "
        f"{ingest.peak_rss_mb:.0f} MB, database {figures['database_mb']:,.0f} MB)",
        peer, versus, at_least(figures["claims_per_second"], CLAIMS_PER_SECOND, "claims/s")))
    if size in BUILD_SECONDS:
        section.rows.append(Row(
            f"{size:,}-claim ledger built (writes + indexes, generation apart)",
            f"{figures['build_seconds']:.1f} s ({figures['write_seconds']:.1f} s writes, "
            f"{figures['index_seconds']:.1f} s indexes)", "", "",
            under(figures["build_seconds"], BUILD_SECONDS[size], "s")))
    return True


def baseline_ingest(settings: Settings, claims_per_second: float, section: Section) -> tuple[str, str]:
    """The same claims written by claimledger at the baseline commit, in this run: (peer text, ratio)."""
    if not settings.has_baseline:
        return f"no baseline at {settings.baseline_tree}", ""
    db_path = settings.work / "ledger-baseline.db"
    remove_ledger(db_path)
    console.log(f"ledger: ingest {BASELINE_CLAIMS:,} claims with claimledger at {BASELINE_COMMIT}")
    # Its own ingest worker, on the connection settings its crawl used (synchronous = NORMAL), not its bench's.
    code = ("import sys, benchmarks.ingest_worker as worker, claimledger.crawl.round as crawl_round; "
            "worker.open_ledger = crawl_round.open_crawl_ledger; worker.main()")
    baseline = run_measured([str(settings.baseline_python), "-c", code, str(db_path), str(BASELINE_CLAIMS)],
                            cwd=settings.baseline_tree)
    remove_ledger(db_path)
    if not baseline.ok:
        section.notes.append(failed(baseline))
        return f"{BASELINE_COMMIT}: failed", ""
    then = baseline.json()["claims_per_second"]
    return f"{rate(then, 'claims/s')} (claimledger at {BASELINE_COMMIT})", speed_ratio(claims_per_second, then)


def diff_rows(settings: Settings, size: int, db_path: Path, diff_full: bool, only_changed: list[str],
              section: Section) -> list[Row]:
    """`claims diff` first, after a round touching `round_keys` keys, repeated, and --full.

    The first run reports 30 days; the later ones report only what changed (`--only-changed`) where the
    command has that option, else the same 30 days.
    """
    since = diff_window_start(db_path)
    command = [str(CLAIMS), "diff", "--db", str(db_path), "--format", "json", "--since", since]
    later = [str(CLAIMS), "diff", "--db", str(db_path), "--format", "json", *only_changed] if only_changed else command
    output = settings.work / f"diff-{size}.json"
    rows = []
    first = run_diff(command, size, "first run", output)
    if not first.ok:
        section.notes.append(failed(first))
        return [Row(f"{size:,} claims: `claims diff`", "failed")]
    rows.append(diff_row(size, "first run, every claim new", first, f" ({diff_summary(output)} in the window)"))
    console.log(f"ledger: a crawl round touching {settings.round_keys:,} keys")
    round_run = run_measured([sys.executable, "-m", "benchmarks.round_worker", str(db_path),
                              str(settings.round_keys)], cwd=REPO)
    if not round_run.ok:
        section.notes.append(failed(round_run))
        return rows
    touched = round_run.json()
    runs = [("after a round", f"after a crawl round touching {touched['keys']:,} keys", later),
            ("repeat", "repeat, nothing new", later)]
    if diff_full:
        runs.append(("--full", "--full", [*later, "--full"]))
    for name, label, run_command in runs:
        measured = run_diff(run_command, size, label, output)
        if not measured.ok:
            section.notes.append(failed(measured))
            rows.append(Row(f"{size:,} claims: `claims diff` {label}", "failed"))
            continue
        rows.append(diff_row(size, label, measured, "", DIFF_SECONDS[name] if size >= DIFF_GOAL_SIZE else None))
    if not diff_full:
        rows.append(Row(f"{size:,} claims: `claims diff --full`", "no --full option yet",
                        goal=f"< {DIFF_SECONDS['--full']:g} s" if size >= DIFF_GOAL_SIZE else ""))
    output.unlink(missing_ok=True)
    return rows


def run_diff(command: list[str], size: int, label: str, output: Path) -> Measured:
    console.log(f"ledger: claims diff on {size:,} claims, {label}")
    return run_measured(command, cwd=REPO, stdout_path=output)


def diff_row(size: int, label: str, measured: Measured, detail: str, seconds_goal: float | None = None) -> Row:
    goals = []
    if seconds_goal is not None:
        goals.append(under(measured.seconds, seconds_goal, "s"))
    goals.append(under(measured.peak_rss_mb, DIFF_PEAK_MB, "MB"))
    return Row(f"{size:,} claims: `claims diff` {label}",
               f"{measured.seconds:.2f} s (CPU {measured.cpu_seconds:.2f} s), {measured.peak_rss_mb:.0f} MB{detail}",
               goal="; ".join(goals))


def diff_window_start(db_path: Path) -> str:
    """The date `DIFF_WINDOW_DAYS` before the ledger's newest document."""
    with sqlite3.connect(db_path) as db:
        (newest,) = db.execute("select max(published) from documents").fetchone()
    start = datetime.fromisoformat(newest.replace("Z", "+00:00")) - timedelta(days=DIFF_WINDOW_DAYS)
    return start.date().isoformat()


def diff_summary(path: Path) -> str:
    """Changes by status, from a `claims diff --format json` report (read in a child: see report_worker)."""
    counted = run_measured([sys.executable, "-m", "benchmarks.report_worker", str(path)], cwd=REPO)
    if not counted.ok:
        return f"report not read: {counted.failure()}"
    return ", ".join(f"{count:,} {status}" for status, count in json.loads(counted.stdout))
