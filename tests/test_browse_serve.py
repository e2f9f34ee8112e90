"""`claims serve` as a user runs it: a real server on a loopback port, and pages in headless Chromium."""

from __future__ import annotations

import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import httpx
from re import findall as re_findall
import pytest
from click.testing import CliRunner

from claimledger.cli import cli
from claimledger.ledger.open import open_ledger
from claimledger.ledger.writes import insert_document
from claimledger.types import Claim, Document
from test_browse import (
    BREAKOUT,
    HOSTILE_KEY,
    add_hostile_claims,
    build_sample_ledger,
    corpus_ledger,
    serving_corpus,
    tps_per_mw_key,
)

CHROMIUM = shutil.which("chromium")
LOOPBACK_TIMEOUT = 10
STARTUP_DEADLINE = 60
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(command: list[str], ready_path: str, port: int, log: Path | None = None) -> Iterator[str]:
    """`command` (a server on `port`) in its own process until `ready_path` answers 200; yields its base URL.

    The server's output goes to `log` (or is discarded), so a test can read what it printed.
    """
    output = open(log, "w", encoding="utf-8") if log else subprocess.DEVNULL
    server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_DEADLINE
        while True:
            if server.poll() is not None:
                raise AssertionError(f"{command[:4]} exited: {log.read_text() if log else server.returncode}")
            try:
                if httpx.get(f"{base}{ready_path}", timeout=LOOPBACK_TIMEOUT).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{command[:4]} did not answer within {STARTUP_DEADLINE} s")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=LOOPBACK_TIMEOUT)
        if log:
            output.close()


@contextmanager
def running_server(ledger: Path, log: Path | None = None) -> Iterator[str]:
    """`claims serve` on a free loopback port, in its own process; yields its base URL."""
    port = free_port()
    command = [sys.executable, "-c", "from claimledger.cli import cli; cli()",
               "serve", "--db", str(ledger), "--port", str(port)]
    with serving(command, "/ledger", port, log) as base:
        yield base


@contextmanager
def plain_datasette(ledger: Path, *options: str, log: Path | None = None, ready_path: str | None = None) -> Iterator[str]:
    """`datasette LEDGER` as a user runs it with the package installed (no claimledger code but the plugin)."""
    port = free_port()
    command = [sys.executable, "-m", "datasette", "serve", str(ledger), "--port", str(port), *options]
    with serving(command, ready_path or f"/{ledger.stem}", port, log) as base:
        yield base


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    return build_sample_ledger(tmp_path_factory.mktemp("serve") / "ledger.db")


@pytest.fixture(scope="module")
def server(ledger) -> Iterator[str]:
    with running_server(ledger) as base:
        yield base


@pytest.fixture(scope="module")
def corpus_server(tmp_path_factory) -> Iterator[str]:
    """`claims serve` on the ledger `make run` builds from corpus/."""
    with running_server(corpus_ledger(tmp_path_factory)) as base:
        yield base


@pytest.fixture(scope="module")
def corpus_key(tmp_path_factory) -> str:
    return tps_per_mw_key(corpus_ledger(tmp_path_factory))


def test_missing_ledger_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "nowhere.db")])
    assert result.exit_code == 1
    assert f"{tmp_path / 'nowhere.db'}: no ledger there" in result.output


def test_a_file_that_is_not_a_ledger_is_refused(tmp_path):
    (tmp_path / "notes.db").write_text("not a database")
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "notes.db")])
    assert result.exit_code == 1 and "not a SQLite database" in result.output
    sqlite3.connect(tmp_path / "other.db").execute("create table t (x)").connection.commit()
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "other.db")])
    assert result.exit_code == 1 and "not a claimledger ledger" in result.output


def test_a_taken_port_is_a_clear_error(ledger):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--db", str(ledger), "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output


def test_help_shows_the_options():
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--db", "--port", "--host", "127.0.0.1"):
        assert option in result.output


def test_server_answers_on_loopback_and_refuses_writes(server, ledger):
    assert httpx.get(f"{server}/ledger/claims.json?_shape=array&_col=id", timeout=LOOPBACK_TIMEOUT).json()[0]["id"] == 2
    attempt = httpx.get(f"{server}/ledger.json", params={"sql": "update claims set value = 0"}, timeout=LOOPBACK_TIMEOUT)
    assert attempt.status_code == 400
    assert sqlite3.connect(ledger).execute("select count(*) from claims where value = 0").fetchone() == (0,)


def test_server_sees_what_a_crawl_writes_meanwhile(server, ledger):
    writer = sqlite3.connect(ledger)
    writer.execute("update claims set metric = 'tokens per second per GPU, tuned' where id = 2")
    writer.commit()
    row = httpx.get(f"{server}/ledger/claims/2.json?_shape=array", timeout=LOOPBACK_TIMEOUT).json()[0]
    assert row["metric"] == "tokens per second per GPU, tuned"
    writer.execute("update claims set metric = 'tokens per second per GPU' where id = 2")
    writer.commit()


def test_pages_never_see_a_half_written_document(tmp_path):
    """Pages read while a writer adds documents with three claims each, a transaction per document."""
    ledger = build_sample_ledger(tmp_path / "busy.db")
    documents = 40
    done = threading.Event()
    # One per page read: the writer waits for a read between two documents, whatever the machine's load.
    pages_read = threading.Semaphore(0)

    def write() -> None:
        # The ledger's own writer, which indexes each sentence for search in the document's transaction.
        db = open_ledger(ledger)
        for number in range(documents):
            sentences = [f"每秒 {claim}" for claim in range(3)]
            text = " ".join(sentences)
            claims = [Claim(text=str(claim), start=text.index(sentence) + 3, end=text.index(sentence) + 4,
                            value=float(claim), low=float(claim), high=float(claim), kind="count",
                            sentence=sentence, lang="zh") for claim, sentence in enumerate(sentences)]
            document = Document(url=f"e{number}", title=f"每秒 post {number}", text=text, lang="zh",
                                source="busy", entry_id=f"e{number}", content_hash=f"h{number}", claims=claims)
            with db.atomic():
                insert_document(db, 1, document, "2025-06-01T00:00:00+00:00")
            pages_read.acquire(timeout=30)
        db.close()
        done.set()

    partial = "select document_id from claims where source = 'busy' group by document_id having count(*) != 3"
    with running_server(ledger) as base:
        writer = threading.Thread(target=write)
        writer.start()
        seen = []
        while not done.is_set() or not seen or seen[-1] < documents * 3:
            answer = httpx.get(f"{base}/ledger.json", params={"sql": partial, "_shape": "array"}, timeout=10)
            assert answer.status_code == 200 and answer.json() == []
            search = httpx.get(f"{base}/ledger/claims.json", params={"_search": "每秒", "_shape": "array", "_size": "max",
                                                                      "source__exact": "busy"}, timeout=10)
            assert search.status_code == 200
            seen.append(len(search.json()))
            assert seen[-1] % 3 == 0
            pages_read.release()
        writer.join()
    assert seen == sorted(seen) and seen[-1] == documents * 3
    assert len(set(seen)) >= 3, "the pages were read while the writer was at work"


def test_pages_stay_whole_while_the_corpus_is_crawled(tmp_path):
    """`claims serve` open on a ledger while `claims crawl` fills it: every answer is a set of whole documents."""
    ledger = tmp_path / "claims.db"
    open_ledger(ledger).close()
    per_document = "select document_id, count(*) as claims from claims group by document_id"
    snapshots = []
    with running_server(ledger) as base, serving_corpus(tmp_path) as feeds:
        crawl = subprocess.Popen(
            [sys.executable, "-c", "from claimledger.cli import cli; cli()", "crawl", "--feeds", str(feeds), "--db", str(ledger)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        while crawl.poll() is None:
            answer = httpx.get(f"{base}/ledger.json", params={"sql": per_document, "_shape": "array"}, timeout=10)
            assert answer.status_code == 200, answer.text
            snapshots.append({row["document_id"]: row["claims"] for row in answer.json()})
        assert crawl.returncode == 0, crawl.stdout.read()
    final = dict(sqlite3.connect(ledger).execute(per_document).fetchall())
    for snapshot in snapshots:
        assert all(final[document_id] == claims for document_id, claims in snapshot.items())
    assert any(0 < len(snapshot) < len(final) for snapshot in snapshots), "no page was read mid-crawl"


def test_an_older_ledger_gets_its_search_indexes(tmp_path):
    import sqlite_utils

    from claimledger.ledger.schema import migrations

    path = tmp_path / "old.db"
    migrations.apply(sqlite_utils.Database(path), stop_before="m002_cjk_search")
    with running_server(path) as base:
        assert httpx.get(f"{base}/ledger/search.json?q=x", timeout=LOOPBACK_TIMEOUT).status_code == 200
    assert "m002_cjk_search" in {m.name for m in migrations.applied(sqlite_utils.Database(path))}


def chromium(*arguments: str, profile: Path) -> str:
    """Run headless Chromium with a fresh profile; its stdout."""
    done = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *arguments],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def screenshot(url: str, path: Path, profile: Path) -> None:
    """A 1280x900 PNG of the page at `url`."""
    chromium(f"--screenshot={path}", "--window-size=1280,900", url, profile=profile)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000


@pytest.fixture(scope="module")
def plain_corpus_server(tmp_path_factory) -> Iterator[str]:
    """Plain `datasette claims.db` on the corpus ledger: every page comes from the installed plugin."""
    with plain_datasette(corpus_ledger(tmp_path_factory)) as base:
        yield base


@pytest.mark.browser
@needs_chromium
def test_superseded_figures_page_in_a_browser(corpus_server, tmp_path):
    url = f"{corpus_server}/ledger/superseded_figures"
    dom = chromium("--dump-dom", url, profile=tmp_path / "profile")
    assert "Superseded figures beside what replaced them" in dom
    rows = dom[dom.index("<tbody>"):dom.index("</tbody>")]
    assert "14,210 tokens per second per GPU" in rows
    assert "<mark>16,635 tokens per second per GPU</mark>" in rows
    assert "800,000 TPS/MW" in rows and "<mark>880,000 TPS/MW</mark>" in rows
    assert ">superseded<" in rows and ">updated<" in rows and ">+10.0%<" in rows
    screenshot(url, tmp_path / "superseded.png", tmp_path / "profile")


@pytest.mark.browser
@needs_chromium
def test_history_chart_in_a_browser(corpus_server, corpus_key, tmp_path):
    url = f"{corpus_server}/ledger/-/history?key={quote(corpus_key)}"
    dom = chromium("--dump-dom", url, profile=tmp_path / "profile")
    chart = dom[dom.index('id="history-chart"'):dom.index("</svg>", dom.index('id="history-chart"'))]
    assert chart.count('class="point"') == 6
    assert "2026-07-29 · The Rack Report · about 650,000 TPS/MW (about)" in chart
    assert 'class="hedge hedge-down"' in chart
    assert "Stratus Cloud Blog (2)" in dom and "The Rack Report (1)" in dom and "算力前哨 (3)" in dom
    screenshot(url, tmp_path / "history.png", tmp_path / "profile")


@pytest.mark.browser
@needs_chromium
def test_what_changed_through_plain_datasette(plain_corpus_server, tmp_path):
    url = f"{plain_corpus_server}/claims?until=2026-11-18&days=30"
    dom = chromium("--dump-dom", url, profile=tmp_path / "profile")
    section = dom[dom.index('id="what-changed"'):dom.index("</section>", dom.index('id="what-changed"'))]
    assert "(30 days): 9 changes about 6 subjects." in section
    assert len(re_findall(r'<tr class="change" data-claim-id="\d+">', section)) == 9
    assert "<mark>880,000 TPS/MW</mark>" in section and "<mark>800,000 TPS/MW</mark>" in section
    assert '<td class="percent">+10.0%</td>' in section
    assert 'href="/claims/-/changes.atom"' in dom and "Compare across vendors" in dom
    screenshot(url, tmp_path / "changes.png", tmp_path / "profile")


@pytest.mark.browser
@needs_chromium
def test_compare_across_vendors_through_plain_datasette(plain_corpus_server, corpus_key, tmp_path):
    from claimledger.browse.terms import concept

    url = f"{plain_corpus_server}/claims/-/compare?concept={quote(concept(corpus_key))}"
    dom = chromium("--dump-dom", url, profile=tmp_path / "profile")
    chart = dom[dom.index('id="compare-chart"'):dom.index("</svg>", dom.index('id="compare-chart"'))]
    assert chart.count('class="bar"') == 2 and "≤ 880,000" in chart and "80,000" in chart
    assert "Compare across vendors: tokens per second per MW on DeepSeek R1" in dom
    screenshot(url, tmp_path / "compare.png", tmp_path / "profile")


@pytest.mark.browser
@needs_chromium
def test_claim_page_and_facets_through_plain_datasette(plain_corpus_server, tmp_path):
    claims = httpx.get(f"{plain_corpus_server}/claims/claims.json", params={"text": "880,000 TPS/MW", "_shape": "array"},
                       timeout=LOOPBACK_TIMEOUT).json()
    dom = chromium("--dump-dom", f"{plain_corpus_server}/claims/claims/{claims[0]['id']}", profile=tmp_path / "profile")
    assert '<blockquote class="evidence">Vera Rubin NVL72 now peaks at <mark>880,000 TPS/MW</mark> on DeepSeek R1.</blockquote>' in dom
    table = chromium("--dump-dom", f"{plain_corpus_server}/claims/claims?_facet_size=max", profile=tmp_path / "profile")
    facets = httpx.get(f"{plain_corpus_server}/claims/claims.json", params={"_facet_size": "max"},
                       timeout=LOOPBACK_TIMEOUT).json()["facet_results"]
    facets = facets.get("results", facets)  # Datasette 1.0 nests the facets one level down
    metrics = [row["label"] for row in facets["metric"]["results"]]
    # The extractor names a metric by its concept in both languages: 延迟 and 吞吐 are no values of their own.
    assert "latency" in metrics and "throughput" in metrics, metrics
    assert not [label for label in metrics if "延迟" in label or "吞吐" in label], "one metric across languages"
    assert "published (date)" in table


def test_the_atom_feed_over_http_parses_with_an_entry_per_change(plain_corpus_server):
    import feedparser

    response = httpx.get(f"{plain_corpus_server}/claims/-/changes.atom", timeout=LOOPBACK_TIMEOUT)
    feed = feedparser.parse(response.content)
    assert response.status_code == 200 and not feed.bozo
    every = httpx.get(f"{plain_corpus_server}/claims/changes.json",
                      params={"since": "2000-01-01", "until": "2100-01-01", "_shape": "array", "_size": "max"},
                      timeout=LOOPBACK_TIMEOUT).json()
    assert len(feed.entries) == len(every)
    one = feedparser.parse(httpx.get(f"{plain_corpus_server}/claims/-/changes.atom", params={"subject": "Rubin NVL72"},
                                     timeout=LOOPBACK_TIMEOUT).content)
    assert one.entries and all(entry.title.startswith("Vera Rubin NVL72") for entry in one.entries)


@pytest.mark.browser
@needs_chromium
def test_pages_under_a_base_url_through_plain_datasette(ledger, tmp_path):
    with plain_datasette(ledger, "--setting", "base_url", "/claims-ledger/", ready_path="/claims-ledger/ledger") as base:
        dom = chromium("--dump-dom", f"{base}/claims-ledger/ledger?until=2025-05-31&days=120", profile=tmp_path / "profile")
        assert "2 changes about 1 subject" in dom
        assert 'href="/claims-ledger/ledger/-/history?key=' in dom
        history = chromium("--dump-dom", f"{base}/claims-ledger/ledger/-/history", profile=tmp_path / "profile")
        assert 'class="crumbs"><a href="/claims-ledger/">home</a>' in history


def test_client_errors_leave_no_traceback_in_the_log(ledger, tmp_path):
    log = tmp_path / "datasette.log"
    with plain_datasette(ledger, log=log) as base:
        for path, status in (("/ledger/x/-/history", 404), ("/ledger/claims?_sort=zzz", 400), ("/nowhere", 404),
                             ("/ledger/-/history?key=none", 404), ("/ledger?days=soon", 400)):
            assert httpx.get(base + path, timeout=LOOPBACK_TIMEOUT).status_code == status, path
    printed = log.read_text(encoding="utf-8")
    assert "Traceback" not in printed and "locals" not in printed, printed[-2000:]


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory) -> Iterator[str]:
    """Plain `datasette` on a ledger whose feed, titles, sentences, names and keys carry breakouts."""
    path = add_hostile_claims(build_sample_ledger(tmp_path_factory.mktemp("hostile") / "ledger.db"))
    with plain_datasette(path) as base:
        yield base


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("page", [
    "/ledger?until=2025-05-31&days=30", f"/ledger/-/history?key={quote(HOSTILE_KEY)}", "/ledger/-/compare",
    "/ledger/claims/7", "/ledger/claims", "/ledger/documents/17",
])
def test_breakouts_from_feeds_never_run_on_the_new_pages(hostile_server, tmp_path, page):
    dom = chromium("--dump-dom", f"{hostile_server}{page}", profile=tmp_path / "profile")
    assert "document.documentElement.dataset.xss" in dom, "the hostile text is on the page"
    assert 'data-xss="ran"' not in dom
    assert BREAKOUT not in dom


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("page", ["/ledger/claims", "/ledger/claims/5", "/ledger/documents/4", "/ledger/conflicts"])
def test_scripts_from_feeds_never_run(server, tmp_path, page):
    dom = chromium("--dump-dom", f"{server}{page}", profile=tmp_path / "profile")
    assert "&lt;script&gt;document.documentElement.dataset.xss" in dom
    assert 'data-xss="ran"' not in dom
