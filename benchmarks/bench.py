"""`make bench`: claimledger's speed beside its peers', measured in one run, printed as one table.

    .venv/bin/python -m benchmarks.bench [--quick] [--peers-python PATH] [--markdown PATH]

1. Extraction on the NewsQuant sentences and a Chinese set of the same length,
   against quantulum3; start-up time of `claims extract` on one line.
2. A crawl of 1,000 generated feeds of 20 entries (half English, half Chinese)
   on a loopback server with ETag support, then a second crawl that gets 304
   everywhere, against reader 3.26 on the same feeds and server.
3. Ledger ingest and `claims diff` on generated ledgers of 10k, 100k and 1M claims.

Peers run under `--peers-python` (the bench's own environment, made by `make
bench`), claimledger under this Python. Every figure comes from a child process
of its own, so peak memory is that process's alone.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.feeds import feed_urls, write_feeds, write_feeds_toml
from benchmarks.ledgers import CLAIMS_PER_DOCUMENT
from benchmarks.measure import Measured, run_measured
from benchmarks.sentences import SHARED, chinese_sentences, newsquant_sentences

REPO = Path(__file__).resolve().parents[1]
SERVE_CORPUS = SHARED / "tools" / "serve_corpus.py"
CLAIMS = Path(sys.executable).parent / "claims"
ONE_LINE = "The new rack draws up to 120 kW and serves 1,196 queries per second.\n"
ENTRIES_PER_FEED = 20
# `claims diff` reports one month, as after a monthly look at the ledger.
DIFF_WINDOW_DAYS = 30
console = Console(stderr=True)


@dataclass(frozen=True)
class Settings:
    """How much work each part does: the full run, or `--quick` for a first look."""

    quick: bool
    peers_python: Path
    work: Path
    min_seconds: float = field(init=False)
    startup_runs: int = field(init=False)
    feeds: int = field(init=False)
    ledger_sizes: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        full = not self.quick
        object.__setattr__(self, "min_seconds", 3.0 if full else 1.0)
        object.__setattr__(self, "startup_runs", 5 if full else 3)
        object.__setattr__(self, "feeds", 1000 if full else 100)
        object.__setattr__(
            self, "ledger_sizes", (10_000, 100_000, 1_000_000) if full else (10_000,)
        )


@dataclass
class Row:
    """One line of the table: claimledger's figure beside its peer's."""

    figure: str
    ours: str
    peer: str = ""
    versus: str = ""
    goal: str = ""


@dataclass
class Section:
    """A titled group of rows, with notes on what was checked or what failed."""

    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def rate(value: float, unit: str) -> str:
    return f"{value:,.0f} {unit}" if value >= 100 else f"{value:,.2f} {unit}"


def speed_ratio(ours: float, peer: float) -> str:
    """How many times as fast as the peer (both figures higher-is-better)."""
    return f"{ours / peer:.2f}x" if peer else ""


def goal_mark(ratio: float, needed: float) -> str:
    met = "met" if ratio >= needed else f"not met ({ratio / needed:.0%} of it)"
    return f">= {needed:g}x: {met}"


def failed(measured: Measured) -> str:
    return "failed: " + measured.failure()


# --- extraction ---------------------------------------------------------------------------


def extraction_worker(settings: Settings, python: Path, engine: str, sentences: Path) -> Measured:
    command = [str(python), "-m", "benchmarks.extract_worker", engine, str(sentences),
               "--min-seconds", str(settings.min_seconds)]
    if engine == "quantulum3":
        command += ["--classifier", str(quantulum3_classifier(settings))]
    console.log(f"extraction: {engine} on {sentences.stem}")
    return run_measured(command, cwd=REPO)


def quantulum3_classifier(settings: Settings) -> Path:
    """quantulum3's unit classifier, retrained once from the training set it ships.

    The classifier file in its wheel was pickled by an older scikit-learn and no
    longer loads; retraining on the same data with its own settings takes seconds.
    """
    path = settings.work.parent / "quantulum3-clf.joblib"
    if not path.exists():
        console.log("training quantulum3's unit classifier (once)")
        code = ("import sys; from quantulum3 import classifier; "
                "classifier.train_classifier(store=True, output_path=sys.argv[1])")
        subprocess.run([str(settings.peers_python), "-W", "ignore", "-c", code, str(path)],
                       check=True, capture_output=True)
    return path


def extraction_section(settings: Settings) -> Section:
    section = Section("Extraction")
    section.notes.append(
        "extraction: one process per engine and set, one untimed warm-up pass, then whole "
        f"passes for at least {settings.min_seconds:g} s; quantulum3 with its unit classifier "
        "(retrained from its shipped training set)")
    english = newsquant_sentences()
    sets = {"NewsQuant EN": english, "Chinese": chinese_sentences(len(english))}
    goal = 10.0
    for name, sentences in sets.items():
        path = settings.work / f"sentences-{name.split()[0].lower()}.json"
        path.write_text(json.dumps(sentences, ensure_ascii=False), encoding="utf-8")
        size_mb = sum(len(text.encode("utf-8")) for text in sentences) / 1e6
        label = f"{name} ({len(sentences)} sentences, {size_mb:.3f} MB)"
        peer = extraction_worker(settings, settings.peers_python, "quantulum3", path)
        peer_plain = extraction_worker(settings, settings.peers_python, "quantulum3-noclf", path)
        peer_figures = peer.json() if peer.ok else None
        if not peer.ok:
            section.notes.append(failed(peer))
        if peer_plain.ok:
            plain = peer_plain.json()
            section.notes.append(
                f"{name}: quantulum3 without its unit classifier does "
                f"{plain['sentences_per_second']:,.0f} sentences/s, "
                f"{plain['peak_rss_mb']:.0f} MB"
            )
        for engine, mode in (("claimledger", "claims"), ("claimledger-all", "all quantities")):
            ours = extraction_worker(settings, Path(sys.executable), engine, path)
            section.rows += extraction_rows(f"{label}, {mode}", ours, peer_figures, goal, section)
    section.rows.append(startup_row(settings))
    return section


def extraction_rows(label: str, ours: Measured, peer: dict | None, goal: float,
                    section: Section) -> list[Row]:
    peer_rate = peer["sentences_per_second"] if peer else 0.0
    peer_text = rate(peer_rate, "sent/s") if peer else "failed"
    if not ours.ok:
        section.notes.append(failed(ours))
        return [Row(f"{label}: speed", "failed", peer_text)]
    figures = ours.json()
    if figures["errors"]:
        section.notes.append(f"{label}: {figures['errors']} sentences raised in claimledger, "
                             f"e.g. {figures['first_error']}")
    ratio = figures["sentences_per_second"] / peer_rate if peer_rate else 0.0
    return [
        Row(f"{label}: speed",
            f"{rate(figures['sentences_per_second'], 'sent/s')}, "
            f"{figures['megabytes_per_second']:.3f} MB/s",
            f"{peer_text}, {peer['megabytes_per_second']:.3f} MB/s" if peer else peer_text,
            speed_ratio(figures["sentences_per_second"], peer_rate),
            goal_mark(ratio, goal) if peer else ""),
        Row(f"{label}: peak memory, figures found",
            f"{figures['peak_rss_mb']:.0f} MB, {figures['found']:,}",
            f"{peer['peak_rss_mb']:.0f} MB, {peer['found']:,}" if peer else ""),
    ]


def startup_row(settings: Settings) -> Row:
    """Median wall time of `claims extract` on one line, after one run that fills caches."""
    ours_command = [str(CLAIMS), "extract", "-", "--format", "jsonl"]
    peer_command = [str(settings.peers_python), "-W", "ignore", "-c",
                    "import sys; from quantulum3 import parser; "
                    "parser.parse(sys.stdin.read(), classifier_path=sys.argv[1])",
                    str(quantulum3_classifier(settings))]
    console.log(f"start-up: {settings.startup_runs} runs each")
    figures = []
    for command in (ours_command, peer_command):
        runs = [run_measured(command, cwd=REPO, stdin=ONE_LINE)
                for _ in range(settings.startup_runs + 1)]
        if not all(run.ok for run in runs):
            return Row("start-up on one line (median)", failed(runs[-1]))
        figures.append((statistics.median(run.seconds for run in runs[1:]),
                        max(run.peak_rss_mb for run in runs)))
    (ours, ours_rss), (peer, peer_rss) = figures
    return Row(f"`claims extract` on one line: start-up (median of {settings.startup_runs})",
               f"{ours:.2f} s, {ours_rss:.0f} MB", f"{peer:.2f} s, {peer_rss:.0f} MB (quantulum3)",
               speed_ratio(peer, ours))


# --- crawl ---------------------------------------------------------------------------------


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


def ledger_counts(db_path: Path) -> str:
    with sqlite3.connect(db_path) as db:
        documents = db.execute("select count(*) from documents").fetchone()[0]
        claims = db.execute("select count(*) from claims").fetchone()[0]
    return f"{documents:,} documents, {claims:,} claims"


def crawl_section(settings: Settings) -> Section:
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
    peer = reader.json() if reader.ok else None
    if peer:
        section.notes.append(f"reader stored {peer['entries']:,} entries, "
                             f"{peer['broken_feeds']} feeds with errors")
    else:
        section.notes.append(failed(reader))
    for index, (label, key) in enumerate((("first crawl", "first_seconds"),
                                          ("all-304 crawl", "second_seconds"))):
        section.rows.append(crawl_row(label, count, ours[index], peer[key] if peer else None,
                                      section))
    peak = max(run.peak_rss_mb for run in ours) if all(run.ok for run in ours) else None
    section.rows.append(Row("crawl: peak memory",
                            f"{peak:.0f} MB" if peak else "failed",
                            f"{peer['peak_rss_mb']:.0f} MB" if peer else "failed"))
    return section


def crawl_row(label: str, count: int, ours: Measured, peer_seconds: float | None,
              section: Section) -> Row:
    peer_text = f"{peer_seconds:.2f} s, {count / peer_seconds:,.0f} feeds/s" if peer_seconds else "failed"
    figure = f"{label} (claimledger with extraction, reader without)"
    if not ours.ok:
        section.notes.append(failed(ours))
        return Row(figure, "failed", peer_text)
    ratio = peer_seconds / ours.seconds if peer_seconds else 0.0
    return Row(figure, f"{ours.seconds:.2f} s, {count / ours.seconds:,.0f} feeds/s", peer_text,
               speed_ratio(peer_seconds or 0.0, ours.seconds) if peer_seconds else "",
               goal_mark(ratio, 1.0) if peer_seconds else "")


# --- ledger and diff -----------------------------------------------------------------------


def ledger_section(settings: Settings) -> Section:
    section = Section("Ledger and diff")
    section.notes.append(
        f"ingest: generated documents of {CLAIMS_PER_DOCUMENT} claims each through the crawl's "
        "write path (crawl.store.store_document, one transaction per document); claims/s counts the time "
        "inside it only")
    for size in settings.ledger_sizes:
        db_path = settings.work / f"ledger-{size}.db"
        for stale in settings.work.glob(f"ledger-{size}.db*"):
            stale.unlink()
        console.log(f"ledger: ingest {size:,} claims")
        ingest = run_measured([sys.executable, "-m", "benchmarks.ingest_worker", str(db_path),
                               str(size)], cwd=REPO)
        if not ingest.ok:
            section.notes.append(failed(ingest))
            section.rows.append(Row(f"{size:,} claims: ingest", "failed"))
            continue
        figures = ingest.json()
        section.rows.append(Row(
            f"{size:,} claims: ingest",
            f"{rate(figures['claims_per_second'], 'claims/s')} ({figures['seconds']:.1f} s, "
            f"{ingest.peak_rss_mb:.0f} MB, database {figures['database_mb']:,.0f} MB)"))
        section.rows.append(diff_row(settings, size, db_path, section))
    section.notes.append(
        "`claims diff` assigns statuses to every claim in the ledger and writes them back; "
        "the first run after ingest writes them all, the second finds them in place; "
        f"the JSON report covers the claims of the last {DIFF_WINDOW_DAYS} days")
    return section


def diff_row(settings: Settings, size: int, db_path: Path, section: Section) -> Row:
    """Two runs of `claims diff` on a fresh ledger: the first writes every status, the next none."""
    since = diff_window_start(db_path)
    command = [str(CLAIMS), "diff", "--db", str(db_path), "--format", "json", "--since", since]
    output = settings.work / f"diff-{size}.json"
    runs = []
    for _ in range(2):
        console.log(f"ledger: claims diff on {size:,} claims")
        runs.append(run_measured(command, cwd=REPO, stdout_path=output))
        if not runs[-1].ok:
            section.notes.append(failed(runs[-1]))
            return Row(f"{size:,} claims: `claims diff`", "failed")
    changes = diff_summary(output)
    output.unlink()
    first, again = runs
    return Row(f"{size:,} claims: `claims diff`, first run / again",
               f"{first.seconds:.1f} s / {again.seconds:.1f} s, "
               f"{max(first.peak_rss_mb, again.peak_rss_mb):.0f} MB ({changes} in the window)")


def diff_window_start(db_path: Path) -> str:
    """The date `DIFF_WINDOW_DAYS` before the ledger's newest document."""
    with sqlite3.connect(db_path) as db:
        (newest,) = db.execute("select max(published) from documents").fetchone()
    start = datetime.fromisoformat(newest.replace("Z", "+00:00")) - timedelta(days=DIFF_WINDOW_DAYS)
    return start.date().isoformat()


def diff_summary(path: Path) -> str:
    """Changes by status, from a `claims diff --format json` report."""
    changes = json.loads(path.read_text(encoding="utf-8"))["changes"]
    statuses = Counter(change["status"] for change in changes)
    return ", ".join(f"{count:,} {status}" for status, count in statuses.most_common())


# --- report --------------------------------------------------------------------------------


def machine() -> str:
    """The machine the figures come from: cores, memory, CPU model, Python."""
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                     if line.startswith("MemTotal"))
    return (f"{len(os.sched_getaffinity(0))} cores ({cpu}), {memory_kb / 1024 ** 2:.0f} GiB memory, "
            f"Python {platform.python_version()}, {platform.system()} {platform.release()}")


def render_table(sections: list[Section]) -> Table:
    table = Table(title="claimledger beside its peers", show_lines=False)
    for column in ("Figure", "claimledger", "Peer", "Speed vs peer", "Goal"):
        table.add_column(column)
    for section in sections:
        table.add_row(f"[bold]{section.title}[/bold]", "", "", "", "")
        for row in section.rows:
            table.add_row(row.figure, row.ours, row.peer, row.versus, row.goal)
    return table


def render_markdown(sections: list[Section], header: str) -> str:
    lines = [header, "", "| Figure | claimledger | Peer | Speed vs peer | Goal |",
             "| --- | --- | --- | --- | --- |"]
    for section in sections:
        lines.append(f"| **{section.title}** | | | | |")
        lines += [f"| {row.figure} | {row.ours} | {row.peer} | {row.versus} | {row.goal} |"
                  for row in section.rows]
    notes = [note for section in sections for note in section.notes]
    return "\n".join(lines + [""] + [f"- {note}" for note in notes]) + "\n"


def peer_versions(peers_python: Path) -> str:
    code = ("from importlib.metadata import version as v; "
            "print(f\"quantulum3 {v('quantulum3')}, reader {v('reader')}, "
            "scikit-learn {v('scikit-learn')}\")")
    return subprocess.run([str(peers_python), "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    parser.add_argument("--peers-python", type=Path, default=REPO / ".bench" / "venv" / "bin" / "python")
    parser.add_argument("--work", type=Path, default=REPO / ".bench" / "work")
    parser.add_argument("--markdown", type=Path, default=REPO / ".bench" / "results.md")
    parser.add_argument("--only", choices=["extraction", "crawl", "ledger"], action="append")
    args = parser.parse_args()
    if not SHARED.is_dir():
        raise SystemExit(f"bench: {SHARED} is missing: the benchmark sets and the corpus server live there")
    if not args.peers_python.exists():
        raise SystemExit(f"bench: no peers environment at {args.peers_python}: run `make bench`")
    args.work.mkdir(parents=True, exist_ok=True)
    settings = Settings(quick=args.quick, peers_python=args.peers_python, work=args.work)
    started, load_before = time.perf_counter(), os.getloadavg()[0]
    parts = {"extraction": extraction_section, "crawl": crawl_section, "ledger": ledger_section}
    sections = [build(settings) for name, build in parts.items()
                if not args.only or name in args.only]
    header = (f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}; "
              f"peers: {peer_versions(settings.peers_python)}; "
              f"{'quick' if args.quick else 'full'} run"
              f"{' of ' + ', '.join(args.only) if args.only else ''}, "
              f"{time.perf_counter() - started:.0f} s; "
              f"1-minute load average {load_before:.1f} before the run, "
              f"{os.getloadavg()[0]:.1f} after it (the bench itself keeps one or two cores busy).")
    # A log file or pipe gets a wide table rather than rich's 80 columns.
    output = Console() if sys.stdout.isatty() else Console(width=200)
    output.print(render_table(sections))
    for section in sections:
        for note in section.notes:
            output.print(f"- {note}", markup=False, highlight=False)
    output.print(header, markup=False, highlight=False)
    args.markdown.write_text(render_markdown(sections, header), encoding="utf-8")
    console.log(f"markdown table written to {args.markdown}")


if __name__ == "__main__":
    main()
