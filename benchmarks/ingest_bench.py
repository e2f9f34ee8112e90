"""The `claims ingest` rows: the crawl benchmark's posts as a JSONL archive, ingested on this machine's
cores and on a Dask LocalCluster of two workers, beside the first crawl of the same posts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from benchmarks.crawl_bench import ledger_counts, stored_counts
from benchmarks.feeds import write_archive
from benchmarks.ledger_bench import remove_ledger
from benchmarks.measure import Measured, run_measured
from benchmarks.settings import CLAIMS, ENTRIES_PER_FEED, REPO, Settings
from benchmarks.table import Row, Section, failed, speed_ratio

console = Console(stderr=True)


def ingest_section(settings: Settings, results: dict) -> Section:
    section = Section(f"`claims ingest` ({settings.documents:,} documents)")
    archive = settings.work / "archive.jsonl"
    lines = write_archive(archive, settings.feeds, ENTRIES_PER_FEED, "http://127.0.0.1:8765")
    section.notes.append(
        f"ingest: the crawl benchmark's {lines:,} posts as a JSONL archive (their HTML, {archive.stat().st_size / 1e6:.0f} "
        "MB) into a fresh ledger; local = `claims ingest` with its default workers (one process per CPU), "
        f"dask = `--dask` on a LocalCluster of {settings.dask_workers} worker processes of one thread on loopback, "
        "started before the timing; peak memory is the `claims ingest` process's")
    crawl_seconds = results.get("first_crawl_seconds")
    local_db = settings.work / "ingest-local.db"
    local = run_ingest([str(archive), "--db", str(local_db)], local_db, "local")
    crawl_peer = (f"{crawl_seconds:.1f} s (first crawl of the same posts)", crawl_seconds) if crawl_seconds else None
    section.rows.append(ingest_row("local, every core", local, settings.documents, local_db, section, crawl_peer,
                                   "with its workers"))
    dask_db = settings.work / "ingest-dask.db"
    dask, workers_mb = run_dask_ingest(settings, archive, dask_db, section)
    if dask is not None:
        local_peer = (f"{local.seconds:.1f} s (local)", local.seconds) if local.ok else None
        row = ingest_row(f"--dask, LocalCluster of {settings.dask_workers} workers", dask, settings.documents,
                         dask_db, section, local_peer, "in the client")
        if workers_mb:
            row.ours += f"; workers {', '.join(f'{mb:.0f}' for mb in workers_mb)} MB"
        section.rows.append(row)
    return section


def run_ingest(arguments: list[str], db_path: Path, label: str) -> Measured:
    remove_ledger(db_path)
    console.log(f"ingest: claims ingest, {label}")
    return run_measured([str(CLAIMS), "ingest", *arguments], cwd=REPO)


def ingest_row(label: str, measured: Measured, documents: int, db_path: Path, section: Section,
               peer: tuple[str, float] | None, cpu_label: str) -> Row:
    figure = f"`claims ingest`, {label}"
    if not measured.ok:
        section.notes.append(failed(measured))
        return Row(figure, "failed")
    section.notes.append(f"ingest {label}: stored {ledger_counts(db_path)}; {measured.stdout.strip()}")
    _, claims = stored_counts(db_path)
    ours = (f"{measured.seconds:.1f} s (CPU {measured.cpu_seconds:.1f} s {cpu_label}), "
            f"{documents / measured.seconds:,.0f} documents/s, {claims / measured.seconds:,.0f} claims/s, "
            f"{measured.peak_rss_mb:.0f} MB")
    if not peer:
        return Row(figure, ours)
    peer_text, peer_seconds = peer
    return Row(figure, ours, peer_text, speed_ratio(peer_seconds, measured.seconds))


def run_dask_ingest(settings: Settings, archive: Path, db_path: Path,
                    section: Section) -> tuple[Measured | None, list[float]]:
    """`claims ingest --dask` on a LocalCluster started (untimed) by benchmarks.dask_cluster."""
    console.log(f"ingest: starting a Dask LocalCluster of {settings.dask_workers} workers")
    cluster = subprocess.Popen([sys.executable, "-m", "benchmarks.dask_cluster", str(settings.dask_workers)],
                               cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    try:
        first_line = cluster.stdout.readline() if cluster.stdout else ""
        if not first_line.strip():
            section.notes.append("dask: the LocalCluster did not start (is claimledger[dask] installed?)")
            return None, []
        address = json.loads(first_line)["address"]
        measured = run_ingest([str(archive), "--db", str(db_path), "--dask", address], db_path, "dask")
        out, _ = cluster.communicate("", timeout=120)
        workers = json.loads(out.strip().splitlines()[-1])["worker_peak_rss_mb"] if out.strip() else []
        return measured, workers
    finally:
        if cluster.poll() is None:
            cluster.kill()
            cluster.wait()
