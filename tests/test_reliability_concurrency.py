"""Readers and rival crawls next to a `claims crawl` process writing the ledger.

A plain SQLite reader in another process's view sees only whole documents
(every claim, its feed link) and never an error; crawls started at the same
moment either run one after another (`--wait`) or the later ones exit with one
clear line, and nothing is written twice.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from claimledger.ledger.open import open_ledger
from conftest import LoopbackServer, reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
FEEDS, ENTRIES = 8, 6
LOCKED = re.compile(r"^Error: another crawl \(pid \d+\) is writing to .*claims\.db; use --wait to wait for it$")


def entries(feed: int) -> list[dict[str, str]]:
    return [
        {
            "title": f"Region {feed}-{number} capacity",
            "guid": f"urn:reader:{feed}:{number}",
            "content": f"<p>Region {feed}-{number} adds {2048 + feed * 64 + number} GPUs.</p>"
                       f"<p>Latency fell {3 + number}% and bandwidth reached {400 + number} Gb/s.</p>",
        }
        for number in range(ENTRIES)
    ]


@pytest.fixture(scope="module")
def feeds_file(tmp_path_factory) -> Iterator[Path]:
    server = LoopbackServer()
    for feed in range(FEEDS):
        body = rss_feed(entries(feed), title=f"Regions {feed}")

        def answer(request: BaseHTTPRequestHandler, body: bytes = body) -> None:
            time.sleep(0.2)
            reply(body, "application/rss+xml")(request)

        server.route(f"/regions{feed}.xml", answer)
    path = tmp_path_factory.mktemp("concurrency") / "feeds.toml"
    path.write_text("".join(
        f'[[feeds]]\nname = "Regions {feed}"\nurl = "{server.url(f"/regions{feed}.xml")}"\nallow_private = true\n\n'
        for feed in range(FEEDS)
    ), encoding="utf-8")
    yield path
    server.stop()


def crawl_command(feeds_file: Path, db_path: Path, *options: str) -> list[str]:
    return [CLAIMS, "crawl", "--feeds", str(feeds_file), "--db", str(db_path), *options]


def new_documents(output: str) -> int:
    match = re.search(r"(\d+) new documents", " ".join(output.split()))
    assert match, output
    return int(match.group(1))


def test_a_reader_in_another_process_never_sees_an_error_or_a_partial_document(feeds_file, tmp_path):
    db_path = tmp_path / "claims.db"
    open_ledger(db_path).close()  # the schema exists before the reader starts
    process = subprocess.Popen(crawl_command(feeds_file, db_path, "--workers", "2"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen: dict[int, set[tuple[int, int]]] = {}
    errors: list[str] = []
    queries = 0
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5) as reader:
        while process.poll() is None:
            try:
                for document_id, claims, linked in reader.execute(
                    "SELECT d.id, (SELECT count(*) FROM claims WHERE document_id = d.id), "
                    "(SELECT count(*) FROM feed_entries WHERE document_id = d.id) FROM documents d"
                ):
                    seen.setdefault(document_id, set()).add((claims, linked))
                queries += 1
            except sqlite3.Error as error:
                errors.append(str(error))
            time.sleep(0.002)
    assert process.returncode == 0
    assert errors == []
    with sqlite3.connect(db_path) as connection:
        final = dict(connection.execute(
            "SELECT id, (SELECT count(*) FROM claims WHERE document_id = d.id) FROM documents d").fetchall())
    assert len(final) == FEEDS * ENTRIES and len(seen) > 1
    for document_id, views in seen.items():
        assert views == {(final[document_id], 1)}, document_id
    print(f"\nreader: {queries} queries during the crawl, {len(seen)} documents seen, 0 errors, 0 partial")


def test_three_crawls_started_at_once_one_writes_the_others_exit_with_one_line(feeds_file, tmp_path):
    db_path = tmp_path / "claims.db"
    processes = [subprocess.Popen(crawl_command(feeds_file, db_path, "--workers", "1"), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(3)]
    results = [(process.wait(timeout=120), *process.communicate()) for process in processes]
    ran = [(stdout, stderr) for code, stdout, stderr in results if code == 0]
    refused = [(code, stderr) for code, _stdout, stderr in results if code != 0]
    assert ran, results
    for code, stderr in refused:
        assert code == 1 and LOCKED.match(stderr.strip()), stderr
    # Whoever ran first stored everything; a crawl that ran after it found nothing new.
    assert sorted(new_documents(stdout) for stdout, _ in ran) == [0] * (len(ran) - 1) + [FEEDS * ENTRIES]
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT count(*), count(DISTINCT entry_id) FROM documents").fetchone() == (
            FEEDS * ENTRIES, FEEDS * ENTRIES)


def test_crawls_started_at_once_with_wait_run_one_after_another(feeds_file, tmp_path):
    db_path = tmp_path / "claims.db"
    processes = [subprocess.Popen(crawl_command(feeds_file, db_path, "--workers", "1", "--wait"),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(3)]
    outputs = [process.communicate(timeout=180)[0] for process in processes]
    assert [process.returncode for process in processes] == [0, 0, 0], outputs
    assert sorted(new_documents(output) for output in outputs) == [0, 0, FEEDS * ENTRIES]
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT count(*), count(DISTINCT entry_id) FROM documents").fetchone() == (
            FEEDS * ENTRIES, FEEDS * ENTRIES)
        # Each waiting crawl fetched after the one before had finished: the fetch log holds three rounds.
        assert connection.execute("SELECT count(*) FROM fetches").fetchone()[0] == 3 * FEEDS
