"""`make bench`: claimledger's speed beside its peers', measured in one run, printed as one table.

    .venv/bin/python -m benchmarks.bench [--quick] [--only PART ...] [--peers-python PATH] [--markdown PATH]

1. Extraction on the NewsQuant sentences and a Chinese set of the same length,
   against quantulum3; Chinese posts against claimledger at the baseline commit
   (issue 11's "today"); start-up time of `claims extract` on one line
   (extraction_bench.py).
2. A crawl of 1,000 generated feeds of 20 entries (half English, half Chinese)
   on a loopback server with ETag support, then a second crawl that gets 304
   everywhere, against reader 3.26 on the same feeds and server (crawl_bench.py).
3. Writes through the crawl's write path on generated ledgers of 10k, 100k and
   1M claims (beside the baseline commit at 10k), and `claims diff` on each:
   first run, after a crawl round touching 1,000 keys, a repeat with nothing
   new, `--full` (ledger_bench.py).
4. `claims ingest` of the crawl's 20,000 posts as an archive, on this
   machine's cores and on a Dask LocalCluster of two workers (ingest_bench.py).
5. Each hostile feed of issue 13 crawled beside a healthy one under
   `--timeout 4`, and `claims extract` on /dev/zero and a 200 MB file
   (reliability_bench.py).

Peers run under `--peers-python` (the bench's own environment, made by `make
bench`), the baseline under `--baseline-python` with its tree, claimledger under
this Python. Every figure comes from a child process of its own, so peak memory
is that process's alone. A part that fails says so in its row and the run goes on.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.crawl_bench import crawl_section
from benchmarks.extraction_bench import extraction_section
from benchmarks.ingest_bench import ingest_section
from benchmarks.ledger_bench import ledger_section
from benchmarks.reliability_bench import reliability_section
from benchmarks.sentences import SHARED
from benchmarks.settings import BASELINE_COMMIT, REPO, Settings
from benchmarks.table import Row, Section, render_markdown, under

# Issue 11: the whole run.
RUN_SECONDS = 15 * 60
console = Console(stderr=True)
PARTS = {
    "extraction": lambda settings, results: extraction_section(settings),
    "crawl": crawl_section,
    "ledger": lambda settings, results: ledger_section(settings),
    "ingest": ingest_section,
    "reliability": reliability_section,
}


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
    parser.add_argument("--baseline-python", type=Path, default=REPO / ".bench" / "baseline" / "venv" / "bin" / "python")
    parser.add_argument("--baseline-tree", type=Path, default=REPO / ".bench" / "baseline" / "tree")
    parser.add_argument("--work", type=Path, default=REPO / ".bench" / "work")
    parser.add_argument("--markdown", type=Path, default=REPO / ".bench" / "results.md")
    parser.add_argument("--only", choices=list(PARTS), action="append")
    args = parser.parse_args()
    if not SHARED.is_dir():
        raise SystemExit(f"bench: {SHARED} is missing: the benchmark sets and the corpus server live there")
    if not args.peers_python.exists():
        raise SystemExit(f"bench: no peers environment at {args.peers_python}: run `make bench`")
    args.work.mkdir(parents=True, exist_ok=True)
    settings = Settings(quick=args.quick, peers_python=args.peers_python, baseline_python=args.baseline_python,
                        baseline_tree=args.baseline_tree, work=args.work)
    started, load_before = time.perf_counter(), os.getloadavg()[0]
    results: dict = {}
    sections = [build(settings, results) for name, build in PARTS.items() if not args.only or name in args.only]
    seconds = time.perf_counter() - started
    run_row = Row(f"the whole run ({'quick' if args.quick else 'full'}"
                  f"{', ' + ', '.join(args.only) if args.only else ''})", f"{seconds:.0f} s",
                  goal=under(seconds, RUN_SECONDS, "s") if not args.quick and not args.only else "")
    sections.append(Section("`make bench`", [run_row]))
    header = (f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}; "
              f"peers: {peer_versions(settings.peers_python)}; baseline: claimledger at {BASELINE_COMMIT}; "
              f"{'quick' if args.quick else 'full'} run"
              f"{' of ' + ', '.join(args.only) if args.only else ''}, {seconds:.0f} s; "
              f"1-minute load average {load_before:.1f} before the run, "
              f"{os.getloadavg()[0]:.1f} after it (the bench itself keeps one or two cores busy).")
    # A log file or pipe gets a wide table rather than rich's 80 columns.
    output = Console() if sys.stdout.isatty() else Console(width=240)
    output.print(render_table(sections))
    for section in sections:
        for note in section.notes:
            output.print(f"- {note}", markup=False, highlight=False)
    output.print(header, markup=False, highlight=False)
    args.markdown.write_text(render_markdown(sections, header), encoding="utf-8")
    console.log(f"markdown table written to {args.markdown}")


if __name__ == "__main__":
    main()
