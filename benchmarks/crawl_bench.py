"""The crawl rows: `claims crawl` of generated feeds on a loopback server, first round and all-304, beside reader."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
import sys
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console

from benchmarks.feeds import feed_urls, write_feeds, write_feeds_toml
from benchmarks.measure import Measured, run_measured
from benchmarks.sentences import SHARED
from benchmarks.settings import CLAIMS, ENTRIES_PER_FEED, REPO, Settings
from benchmarks.table import Row, Section, failed, speed_ratio

SERVE_CORPUS = SHARED / "tools" / "serve_corpus.py"
# Issue 11: the first crawl (extraction included) within this time and at least this share of reader's speed.
FIRST_CRAWL_SECONDS = 100.0
FIRST_CRAWL_RATIO = 0.2
console = Console(stderr=True)


@contextmanager
def corpus_server(root: Path) -> Iterator[str]:
    """The shared loopback server on a free port, serving `root`; yields its base URL."""
    # --lifetime: a server orphaned by a killed bench still goes away by itself.
    process = subprocess.Popen(
        [sys.executable, str(SERVE_CORPUS), "0", "--root", str(root), "--quiet",
         "--lifetime", "3600"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        first_line = process.stdout.readline() if process.stdout else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", first_line)
        if not match:
            raise SystemExit(f"bench: {SERVE_CORPUS} did not start: {first_line!r}")
        yield f"http://127.0.0.1:{match.group(1)}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def served_statuses(base_url: str) -> Counter[int]:
    """Statuses the server answered since the last call (its log is then cleared)."""
    with urllib.request.urlopen(f"{base_url}/_log?clear=1", timeout=30) as response:
        return Counter(entry["status"] for entry in json.load(response))


def describe(statuses: Counter[int]) -> str:
    return ", ".join(f"{count:,} x {status}" for status, count in sorted(statuses.items()))


def stored_counts(db_path: Path) -> tuple[int, int]:
    """(documents, claims) in a ledger."""
    with sqlite3.connect(db_path) as db:
        documents = db.execute("select count(*) from documents").fetchone()[0]
        claims = db.execute("select count(*) from claims").fetchone()[0]
    return documents, claims


def ledger_counts(db_path: Path) -> str:
    documents, claims = stored_counts(db_path)
    return f"{documents:,} documents, {claims:,} claims"


def crawl_section(settings: Settings, results: dict) -> Section:
    """The crawl rows; the first round's seconds go to `results["first_crawl_seconds"]` for the ingest rows."""
    count = settings.feeds
    section = Section(f"Crawl ({count:,} feeds x {ENTRIES_PER_FEED} entries)")
    section.notes.append(
        f"crawl: {count:,} generated feeds (RSS and Atom, half English, half Chinese, full "
        "content) on the shared loopback server's /etag/ path; claimledger = `claims crawl` "
        "(fetch, parse, text, extraction, ledger), reader = update_feeds(scheduled=False), "
        "its default single worker")
    root = settings.work / "crawl"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    with corpus_server(root) as base_url:
        write_feeds(root, count, ENTRIES_PER_FEED, base_url)
        urls, feeds_toml = root / "urls.txt", root / "feeds.toml"
        urls.write_text("\n".join(feed_urls(count, base_url)), encoding="utf-8")
        write_feeds_toml(feeds_toml, count, base_url)
        console.log("crawl: reader 3.26, two rounds")
        reader = run_measured([str(settings.peers_python), "-m", "benchmarks.reader_worker",
                               str(urls), str(root / "reader.db")], cwd=REPO)
        section.notes.append(f"reader, both rounds: server answered {describe(served_statuses(base_url))}")
        ours = []
        for round_name in ("first", "all-304"):
            console.log(f"crawl: claimledger, {round_name} round")
            ours.append(run_measured([str(CLAIMS), "crawl", "--feeds", str(feeds_toml),
                                      "--db", str(root / "claims.db")], cwd=REPO))
            section.notes.append(f"claimledger, {round_name} round: server answered "
                                 f"{describe(served_statuses(base_url))}")
    if ours[0].ok:
        section.notes.append(f"claimledger stored {ledger_counts(root / 'claims.db')}")
        results["first_crawl_seconds"] = ours[0].seconds
    peer = reader.json() if reader.ok else None
    if peer:
        section.notes.append(f"reader stored {peer['entries']:,} entries, "
                             f"{peer['broken_feeds']} feeds with errors")
    else:
        section.notes.append(failed(reader))
    section.rows.append(crawl_row("first crawl", count, ours[0], peer["first_seconds"] if peer else None,
                                  section, first_round_goal))
    section.rows.append(crawl_row("all-304 crawl", count, ours[1], peer["second_seconds"] if peer else None,
                                  section, lambda seconds, ratio: ratio_goal(ratio, 1.0)))
    peak = max(run.peak_rss_mb for run in ours) if all(run.ok for run in ours) else None
    section.rows.append(Row("crawl: peak memory",
                            f"{peak:.0f} MB" if peak else "failed",
                            f"{peer['peak_rss_mb']:.0f} MB" if peer else "failed"))
    return section


def ratio_goal(ratio: float, needed: float) -> str:
    return f">= {needed:g}x reader: " + ("met" if ratio >= needed else f"not met ({ratio / needed:.0%} of it)")


def first_round_goal(seconds: float, ratio: float) -> str:
    """Issue 11: at most FIRST_CRAWL_SECONDS and at least FIRST_CRAWL_RATIO of reader's crawl-only speed."""
    time_goal = f"<= {FIRST_CRAWL_SECONDS:g} s: " + ("met" if seconds <= FIRST_CRAWL_SECONDS else "not met")
    return f"{time_goal}; {ratio_goal(ratio, FIRST_CRAWL_RATIO)}"


def crawl_row(label: str, count: int, ours: Measured, peer_seconds: float | None,
              section: Section, goal) -> Row:
    peer_text = f"{peer_seconds:.2f} s, {count / peer_seconds:,.0f} feeds/s" if peer_seconds else "failed"
    figure = f"{label} (claimledger with extraction, reader without)"
    if not ours.ok:
        section.notes.append(failed(ours))
        return Row(figure, "failed", peer_text)
    ratio = peer_seconds / ours.seconds if peer_seconds else 0.0
    return Row(figure, f"{ours.seconds:.2f} s (CPU {ours.cpu_seconds:.1f} s, workers included), "
               f"{count / ours.seconds:,.0f} feeds/s", peer_text,
               speed_ratio(peer_seconds or 0.0, ours.seconds) if peer_seconds else "",
               goal(ours.seconds, ratio) if peer_seconds else "")
