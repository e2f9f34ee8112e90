"""The reliability rows (issue 13): each hostile feed crawled beside a healthy one, and `claims extract` on endless input.

Each case is its own `claims crawl --timeout 4 --workers 1` (the deadline issue
13 measured under) of the hostile feed beside a healthy feed, on the shared
loopback server: the hostile feed's span in the ledger (its fetch row, start to
end), the status and reason it was recorded with, and the crawl's peak RSS
(its largest process, itself or a worker). Then `claims extract` on /dev/zero
and on a 200 MB file, read for 40 s: peak RSS and when the first claim came.
"""

from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from xml.sax.saxutils import escape

from rich.console import Console

from benchmarks.crawl_bench import corpus_server
from benchmarks.settings import CLAIMS, Settings
from benchmarks.table import Row, Section, under

TIMEOUT = 4
RSS_LIMIT_MB = 200
# What a feed's own span may exceed its deadline by: ending a worker and writing the feed's state.
MARGIN_SECONDS = 5
# Issue 13: a 200 MB file printed nothing in 40 s.
EXTRACT_FILE_MB = 200
EXTRACT_SECONDS = 40
# Runs the command after argv[1]; prints its exit code and the peak RSS (KiB) of its largest process.
PEAK = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]); "
        "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
FIGURE = "The pod runs 4,096 GPUs."
console = Console(stderr=True)


def rss(items: list[str], title: str) -> bytes:
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
            f'xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>{title}</title>'
            f"<link>http://127.0.0.1/</link><description>bench</description>{''.join(items)}</channel></rss>\n"
            ).encode()


def item(guid: str, content: str = "", link: str = "", description: str = "") -> str:
    parts = [f"<title>{guid}</title><guid>{guid}</guid>"]
    if link:
        parts.append(f"<link>{escape(link)}</link>")
    if description:
        parts.append(f"<description>{description}</description>")
    if content:
        parts.append(f"<content:encoded><![CDATA[{content}]]></content:encoded>")
    return f"<item>{''.join(parts)}</item>"


def entity_feed(declarations: bytes, use: bytes) -> bytes:
    return (b'<?xml version="1.0"?>\n<!DOCTYPE rss [\n' + declarations + b']>\n<rss version="2.0"><channel>'
            b"<title>entities</title><item><guid>urn:entities</guid><description>" + use
            + b"</description></item></channel></rss>")


def summaries(name: str, count: int, page: Callable[[int], str]) -> bytes:
    return rss([item(f"urn:{name}:{number}", link=page(number), description=f"{name} summary {number}.")
                for number in range(count)], name)


@dataclass(frozen=True)
class Case:
    name: str
    # What issue 13 measured on it before.
    before: str
    body: Callable[[str], bytes]


CASES = [
    Case("20,000 nested <div>s (220 KB)", "54 s under --timeout 4",
         lambda base: rss([item("urn:divs", "<div>" * 20_000 + FIGURE + "</div>" * 20_000)], "divs")),
    Case("100,000 nested <div>s", "over 200 s",
         lambda base: rss([item("urn:divs", "<div>" * 100_000 + FIGURE + "</div>" * 100_000)], "divs")),
    Case("5,000 nested tables", "worse than the divs",
         lambda base: rss([item("urn:tables", "<table><tr><td>" * 5_000 + FIGURE + "</td></tr></table>" * 5_000)],
                          "tables")),
    Case("billion laughs (904 bytes)", "4 to 26 s (entity expansion)", lambda base: entity_feed(
        b'<!ENTITY l0 "lol">\n' + b"".join(b'<!ENTITY l%d "%s">\n' % (level, b"&l%d;" % (level - 1) * 10)
                                           for level in range(1, 10)), b"&l9;")),
    Case("quadratic entity blow-up (200 KB)", "4 to 26 s (entity expansion)", lambda base: entity_feed(
        b'<!ENTITY a "' + b"a" * 50_000 + b'">\n', b"&a;" * 50_000)),
    Case("100,000 entries", "still parsing after 300 s",
         lambda base: rss([item(f"urn:many:{number}", description=f"Rack {number} holds 8 GPUs.")
                           for number in range(100_000)], "many")),
    Case("10 article pages that answer after 60 s", "31 s for one feed",
         lambda base: summaries("slow", 10, lambda number: f"{base}/slow/page.html?delay=60&n={number}")),
    Case("12 entries linking to 14 MiB pages", "760 MB peak, a 176 MB ledger",
         lambda base: summaries("big", 12, lambda number: f"{base}/big.html?n={number}")),
]
HEALTHY = rss([item(f"urn:healthy:{number}", f"<p>Fleet {number} now runs {1024 * number} GPUs.</p>")
               for number in range(1, 9)], "healthy")


def write_root(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "healthy.xml").write_bytes(HEALTHY)
    (root / "page.html").write_text("<html><body><article><p>Pod page: 96 racks of 72 GPUs.</p></article></body>"
                                    "</html>", encoding="utf-8")
    paragraph = "<p>The team reviewed the cluster design for the project and the notes were kept.</p>"
    big = root / "big.html"
    if not big.exists() or big.stat().st_size < 14 * 2**20:
        big.write_text("<html><body><article>" + paragraph * (14 * 2**20 // len(paragraph) + 1)
                       + "</article></body></html>", encoding="utf-8")


@dataclass(frozen=True)
class CaseResult:
    span_seconds: float
    status: str
    reason: str
    healthy_stored: int
    peak_rss_mb: float
    returncode: int


def crawl_case(case: Case, number: int, base: str, work: Path) -> CaseResult:
    folder = work / f"case{number}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "claims.db").unlink(missing_ok=True)
    feed = work / "root" / f"hostile{number}.xml"
    feed.write_bytes(case.body(base))
    feeds = folder / "feeds.toml"
    feeds.write_text(f'[[feeds]]\nname = "hostile"\nurl = "{base}/{feed.name}"\nallow_private = true\n\n'
                     f'[[feeds]]\nname = "healthy"\nurl = "{base}/healthy.xml"\nallow_private = true\n',
                     encoding="utf-8")
    db = folder / "claims.db"
    process = subprocess.run([sys.executable, "-c", PEAK, str(CLAIMS), "crawl", "--feeds", str(feeds), "--db", str(db),
                              "--timeout", str(TIMEOUT), "--workers", "1"], capture_output=True, text=True)
    code, peak_kib = map(int, process.stdout.split()[-2:])
    with sqlite3.connect(db) as connection:
        started, finished, status, reason = connection.execute(
            "SELECT x.started, x.finished, f.status, f.error FROM fetches x JOIN feeds f ON f.id = x.feed_id "
            "WHERE f.name = 'hostile' AND x.outcome NOT LIKE 'article%'").fetchone()
        (healthy,) = connection.execute("SELECT count(*) FROM feed_entries e JOIN feeds f ON f.id = e.feed_id "
                                        "WHERE f.name = 'healthy'").fetchone()
    span = (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()
    return CaseResult(span, status, reason or "", healthy, peak_kib / 1024, code)


def extract_dev_zero() -> tuple[int, float, str]:
    """`claims extract < /dev/zero`: exit code, peak RSS (MB), the message."""
    with open("/dev/zero", "rb") as zeros:
        process = subprocess.run([sys.executable, "-c", PEAK, str(CLAIMS), "extract"], stdin=zeros,
                                 capture_output=True, text=True)
    code, peak_kib = map(int, process.stdout.split()[-2:])
    return code, peak_kib / 1024, process.stderr.strip().splitlines()[-1]


def write_big_text(path: Path) -> None:
    if path.exists() and path.stat().st_size >= EXTRACT_FILE_MB * 2**20:
        return
    block = "".join(f"Cluster {number} now runs {1024 + number} GPUs and draws {100 + number % 50} kW.\n\n"
                    for number in range(10_000))
    with path.open("w", encoding="utf-8") as handle:
        for _ in range(EXTRACT_FILE_MB * 2**20 // len(block) + 1):
            handle.write(block)


def extract_big_file(path: Path) -> tuple[float | None, int, float]:
    """`claims extract` of a 200 MB file for EXTRACT_SECONDS: when the first claim came, claims printed, peak RSS."""
    with path.open("rb") as source:
        process = subprocess.Popen([str(CLAIMS), "extract"], stdin=source, stdout=subprocess.PIPE)
    started = time.perf_counter()
    first: list[float] = []
    lines = [0]

    def read() -> None:
        for _line in process.stdout:
            if not first:
                first.append(time.perf_counter() - started)
            lines[0] += 1

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(EXTRACT_SECONDS)
    peak_kib = peak_rss_kib(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait()
    reader.join(10)
    return (first[0] if first else None), lines[0], peak_kib / 1024


def peak_rss_kib(pid: int) -> int:
    """The process's peak RSS so far (VmHWM)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+)", status).group(1))


def reliability_section(settings: Settings, results: dict) -> Section:
    section = Section(f"Reliability (issue 13): each hostile feed beside a healthy one, `claims crawl --timeout "
                      f"{TIMEOUT} --workers 1`")
    work = settings.work / "reliability"
    write_root(work / "root")
    with corpus_server(work / "root") as base:
        for number, case in enumerate(CASES):
            console.log(f"reliability: {case.name}")
            result = crawl_case(case, number, base, work)
            healthy = "healthy feed stored" if result.healthy_stored == 8 else f"healthy: {result.healthy_stored} of 8"
            reason = result.reason if len(result.reason) <= 110 else result.reason[:107] + "..."
            section.rows.append(Row(
                f"{case.name}: the feed's span, status, reason (before: {case.before})",
                f"{result.span_seconds:.1f} s, {result.status}: {reason}; {result.peak_rss_mb:.0f} MB peak; {healthy}"
                + ("" if result.returncode == 0 else f"; exit {result.returncode}"),
                goal=f"{under(result.span_seconds, TIMEOUT + MARGIN_SECONDS, 's')}; "
                     f"{under(result.peak_rss_mb, RSS_LIMIT_MB, 'MB')}"))
    code, peak_mb, message = extract_dev_zero()
    section.rows.append(Row("`claims extract < /dev/zero` (before: 12.9 GB, then killed)",
                            f"exit {code}, {peak_mb:.0f} MB peak: {message}", goal=under(peak_mb, 100, "MB")))
    big = work / "big.txt"
    write_big_text(big)
    first, printed, peak_mb = extract_big_file(big)
    section.rows.append(Row(
        f"`claims extract` of a {EXTRACT_FILE_MB} MB file, {EXTRACT_SECONDS} s (before: nothing printed, 663 MB)",
        f"first claim after {first:.1f} s, {printed:,} claims, {peak_mb:.0f} MB peak" if first is not None
        else f"nothing printed, {peak_mb:.0f} MB peak", goal=under(peak_mb, RSS_LIMIT_MB, "MB")))
    section.notes.append(f"Reliability: a feed's span is its fetch row in the ledger (first request to its state "
                         f"written, in whole seconds); --timeout bounds the feed's own time, so waiting for the one "
                         f"worker (its start, or the healthy feed holding it), ending a worker and writing the "
                         f"state come on top (goal: within {MARGIN_SECONDS} s of it).")
    return section
