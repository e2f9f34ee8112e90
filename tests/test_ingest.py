"""`claims ingest`: an archive through the crawl's preparation and writer, resumable, locally and on Dask."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claimledger.browse.search import fts_query
from claimledger.crawl.parse import Entry
from claimledger.crawl.round import open_crawl_ledger
from claimledger.crawl.schedule import utc_now
from claimledger.crawl.store import PreparedDocument, store_document, sync_feeds
from claimledger.crawl.config import FeedConfig
from claimledger.errors import ConfigError
from claimledger.ingest.archive import BadLine, check_paths, jsonl_record, published_iso, read_archives
from claimledger.ingest.run import IngestOptions, ingest
from claimledger.ledger.indexes import missing_indexes
from claimledger.ledger.open import open_ledger

CLAIMS = [sys.executable, "-c", "from claimledger.cli import cli; cli()"]

POSTS = [
    {"url": "https://stratus.example/posts/rack", "title": "Stratus racks", "published": "2025-03-01T08:00:00+08:00",
     "source": "Stratus Blog", "lang": "en",
     "text": "Each Stratus rack draws up to 132 kW and serves 1,250 queries per second on Llama 3.1 405B."},
    {"url": "https://suanli.example/posts/gb300", "title": "算力周报：GB300 上线", "source": "算力周报",
     "html": "<p>据官方测试，GB300 NVL72 集群每秒生成 18,400 个 token，是上一代的 3 倍。</p>"},
    {"url": "https://stratus.example/posts/page", "source": "Stratus Blog",
     "html": "<html><head><title>Fleet update</title>"
             "<meta property='article:published_time' content='2025-04-02T12:00:00Z'></head>"
             "<body><nav>Home | Blog</nav><article><h1>Fleet update</h1>"
             "<p>The fleet grew to 48,000 GPUs, up 2x from a year earlier.</p></article></body></html>"},
]


def write_jsonl(path: Path, lines: list[dict | str]) -> Path:
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)
                              for line in lines) + "\n", encoding="utf-8")
    return path


def rows(db_path: Path, sql: str) -> list[tuple]:
    connection = sqlite3.connect(db_path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def snapshot(db_path: Path) -> dict[str, list[tuple]]:
    """Every stored row of the tables an ingest must not change once written."""
    return {table: rows(db_path, f"select * from {table} order by 1")
            for table in ("documents", "claims", "sentences")}


def run_ingest(db_path: Path, *paths: Path, **options) -> tuple:
    problems: list[BadLine] = []
    report = ingest(db_path, list(paths), IngestOptions(workers=1, **options), on_problem=problems.append)
    return report, problems


def test_a_jsonl_archive_is_stored_as_the_crawl_stores_documents(tmp_path):
    archive = write_jsonl(tmp_path / "posts.jsonl", POSTS)
    db_path = tmp_path / "claims.db"
    report, problems = run_ingest(db_path, archive)
    assert problems == []
    assert (report.records, report.new_documents) == (3, 3)
    documents = rows(db_path, "select url, source, title, published, lang, revision from documents order by id")
    assert documents == [
        ("https://stratus.example/posts/rack", "Stratus Blog", "Stratus racks", "2025-03-01T00:00:00Z", "en", 1),
        ("https://suanli.example/posts/gb300", "算力周报", "算力周报：GB300 上线", None, "zh", 1),
        ("https://stratus.example/posts/page", "Stratus Blog", "Fleet update", "2025-04-02T12:00:00Z", "en", 1),
    ]
    # The whole page is read as the crawl reads an article page: no navigation, the heading not repeated.
    (page_text,) = rows(db_path, "select text from documents where url like '%/page'")[0]
    assert page_text == "Fleet update\n\nThe fleet grew to 48,000 GPUs, up 2x from a year earlier."
    figures = {text for (text,) in rows(db_path, "select text from claims")}
    assert {"up to 132 kW", "18,400 个 token", "3 倍", "48,000 GPUs"} <= figures
    assert report.new_claims == len(rows(db_path, "select id from claims"))
    feeds = rows(db_path, "select name, url, status from feeds order by id")
    assert feeds == [("Stratus Blog", "archive:Stratus Blog", "archive"), ("算力周报", "archive:算力周报", "archive")]


def test_ingested_sentences_are_found_by_search_in_both_languages(tmp_path):
    db_path = tmp_path / "claims.db"
    run_ingest(db_path, write_jsonl(tmp_path / "posts.jsonl", POSTS))
    db = open_ledger(db_path)

    def found(query: str) -> set[str]:
        sql = ("select text from claims where sentence_id in "
               "(select rowid from sentence_search where sentence_search match ?)")
        return {text for (text,) in db.execute(sql, [fts_query(query)])}

    assert found("每秒") == {"18,400 个 token", "3 倍"}
    assert "up to 132 kW" in found("queries")


def test_lines_that_are_not_documents_are_reported_with_their_number_and_skipped(tmp_path):
    lines = [POSTS[0], "{not json", "[1, 2]", {"title": "no address", "text": "1 GPU"},
             {"url": "https://a.example/x"}, {"url": "https://a.example/y", "text": "5 kW", "lang": "fr"},
             {"url": "https://a.example/z", "text": "5 kW", "published": "last Tuesday"},
             {"url": "https://a.example/w", "text": 5}, "", POSTS[1]]
    archive = write_jsonl(tmp_path / "mixed.jsonl", lines)
    report, problems = run_ingest(tmp_path / "claims.db", archive)
    assert [(problem.origin, problem.reason) for problem in problems] == [
        (f"{archive}:2", "not a document: not JSON (Expecting property name enclosed in double quotes at column 2)"),
        (f"{archive}:3", "not a document: an array, not an object"),
        (f"{archive}:4", 'not a document: no "url"'),
        (f"{archive}:5", 'not a document: neither "html" nor "text"'),
        (f"{archive}:6", "not a document: \"lang\" is 'fr', not one of en, zh"),
        (f"{archive}:7", "not a document: \"published\" is 'last Tuesday', not an ISO 8601 date or time"),
        (f"{archive}:8", 'not a document: "text" is a number, not a string'),
    ]
    assert report.new_documents == 2 and len(report.bad_lines) == 7


def test_an_interrupted_ingest_resumes_and_nothing_stored_is_touched(tmp_path):
    db_path = tmp_path / "claims.db"
    first = write_jsonl(tmp_path / "first.jsonl", POSTS[:2])
    run_ingest(db_path, first)
    before = snapshot(db_path)
    report, _ = run_ingest(db_path, write_jsonl(tmp_path / "all.jsonl", POSTS))
    assert (report.already_stored, report.new_documents) == (2, 1)
    after = snapshot(db_path)
    for table, stored in before.items():
        assert after[table][:len(stored)] == stored, table
    again, _ = run_ingest(db_path, tmp_path / "all.jsonl")
    assert (again.already_stored, again.new_documents, again.new_claims) == (3, 0, 0)
    assert snapshot(db_path) == after


def test_a_changed_record_is_a_new_revision_beside_the_old_one(tmp_path):
    db_path = tmp_path / "claims.db"
    run_ingest(db_path, write_jsonl(tmp_path / "v1.jsonl", POSTS[:1]))
    edited = dict(POSTS[0], text=POSTS[0]["text"].replace("132 kW", "140 kW"))
    run_ingest(db_path, write_jsonl(tmp_path / "v2.jsonl", [edited]))
    assert rows(db_path, "select revision, text like '%132 kW%' from documents order by id") == [(1, 1), (2, 0)]


def test_a_document_the_crawl_stored_keeps_its_feed_and_source(tmp_path):
    db_path = tmp_path / "claims.db"
    run_ingest(db_path, write_jsonl(tmp_path / "seed.jsonl", POSTS[1:2]))  # feed 1: the archive's "算力周报"
    db = open_crawl_ledger(db_path)
    crawled = sync_feeds(db, [FeedConfig(name="Stratus Crawled", url="https://stratus.example/feed")], utc_now())[0]
    text = f"{POSTS[0]['title']}\n\n{POSTS[0]['text']}"
    import hashlib

    entry = Entry(entry_id="crawled-1", url=POSTS[0]["url"], title=POSTS[0]["title"], title_is_html=False,
                  published=None, content=POSTS[0]["text"], content_is_html=False, summary=None,
                  summary_is_html=False, source_hash="x")
    prepared = PreparedDocument(entry=entry, title=POSTS[0]["title"], text=text, lang="en",
                                content_hash=hashlib.sha256(text.encode()).hexdigest(), claims=[], published=None)
    with db.atomic():
        store_document(db, crawled, prepared, utc_now())
    db.close()
    before = snapshot(db_path)
    # The same text, from the archive's feed whose id (1) is lower than the crawled feed's (2).
    report, _ = run_ingest(db_path, write_jsonl(tmp_path / "again.jsonl", [dict(POSTS[0], source="算力周报")]))
    assert report.new_documents == 0
    assert snapshot(db_path) == before
    assert rows(db_path, "select feed_id, source from documents where entry_id = 'crawled-1'") == [(2, "Stratus Crawled")]


def test_a_folder_of_html_files(tmp_path):
    folder = tmp_path / "saved"
    (folder / "2025").mkdir(parents=True)
    (folder / "2025" / "gpu-fleet.html").write_text(POSTS[2]["html"], encoding="utf-8")
    chinese = ("<html><head><meta charset='gb18030'><title>新品发布</title></head><body><article>"
               "<p>新一代机柜的功耗约 120 千瓦，能效提升 40%。</p></article></body></html>")
    (folder / "launch.htm").write_bytes(chinese.encode("gb18030"))
    (folder / "notes.txt").write_text("not a page", encoding="utf-8")
    report, problems = run_ingest(tmp_path / "claims.db", folder)
    assert problems == [] and report.new_documents == 2
    stored = rows(tmp_path / "claims.db", "select url, source, title, published, lang from documents order by id")
    assert stored == [
        ((folder / "2025" / "gpu-fleet.html").resolve().as_uri(), "saved", "Fleet update", "2025-04-02T12:00:00Z", "en"),
        ((folder / "launch.htm").resolve().as_uri(), "saved", "新品发布", None, "zh"),
    ]
    assert ("40%",) in rows(tmp_path / "claims.db", "select text from claims")


def test_a_bulk_load_builds_the_secondary_indexes_at_the_end(tmp_path):
    db_path = tmp_path / "claims.db"
    report, _ = run_ingest(db_path, write_jsonl(tmp_path / "posts.jsonl", POSTS))
    assert report.bulk
    assert missing_indexes(open_ledger(db_path)) == []
    smaller, _ = run_ingest(db_path, write_jsonl(tmp_path / "one.jsonl", [dict(POSTS[0], url="https://b.example/1")]))
    assert not smaller.bulk


def test_archive_dates_are_stored_in_utc():
    assert published_iso("2025-03-01") == "2025-03-01T00:00:00Z"
    assert published_iso("2025-03-01T08:30:00+08:00") == "2025-03-01T00:30:00Z"
    assert published_iso("2025-03-01T08:30:00Z") == "2025-03-01T08:30:00Z"
    assert published_iso(None) is None


def test_a_record_names_its_source_else_the_archive_does(tmp_path):
    archive = write_jsonl(tmp_path / "vendor-posts.jsonl", [POSTS[0], dict(POSTS[0], source=None)])
    assert [record.source for record in read_archives([archive])] == ["Stratus Blog", "vendor-posts"]
    assert [record.source for record in read_archives([archive], "Given")] == ["Stratus Blog", "Given"]
    assert jsonl_record(b'{"url": " u ", "text": "t"}', "x:1", "s").entry_id == "u"


def test_a_missing_path_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(ConfigError, match="nope.jsonl: no such file or folder"):
        check_paths([tmp_path / "nope.jsonl"])
    done = subprocess.run([*CLAIMS, "ingest", str(tmp_path / "nope.jsonl"), "--db", str(tmp_path / "c.db")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "nope.jsonl: no such file or folder" in done.stderr
    assert not (tmp_path / "c.db").exists()


def test_the_command_prepares_on_worker_processes_and_exits_1_after_a_bad_line(tmp_path):
    archive = write_jsonl(tmp_path / "posts.jsonl", [POSTS[0], "oops", *POSTS[1:]])
    db_path = tmp_path / "claims.db"
    done = subprocess.run([*CLAIMS, "ingest", str(archive), "--db", str(db_path), "--workers", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert "Preparing on 2 local worker processes" in done.stderr
    assert f"{archive}:2: not a document: not JSON" in done.stderr
    assert done.stdout.strip().startswith("4 records (1 bad line): 3 new documents,")


def test_sigkill_mid_ingest_loses_nothing_committed_and_the_next_run_completes(tmp_path):
    posts = [dict(POSTS[index % 3], url=f"https://bulk.example/{index}",
                  title=f"Post {index}", text=f"Post {index} reports {index + 10} GPUs online, up {index % 7 + 2}x.")
             for index in range(300)]
    for post in posts:
        post.pop("html", None)
    archive = write_jsonl(tmp_path / "bulk.jsonl", posts)
    db_path = tmp_path / "claims.db"
    process = subprocess.Popen([*CLAIMS, "ingest", str(archive), "--db", str(db_path), "--workers", "2"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    stored = 0
    while time.monotonic() < deadline and process.poll() is None:
        if db_path.exists():
            try:
                stored = rows(db_path, "select count(*) from documents")[0][0]
            except sqlite3.OperationalError:
                stored = 0
            if stored:
                break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    assert stored > 0
    killed = rows(db_path, "select entry_id, count(*) from documents group by entry_id having count(*) > 1")
    assert killed == []
    done = subprocess.run([*CLAIMS, "ingest", str(archive), "--db", str(db_path), "--workers", "2"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert rows(db_path, "select count(*), count(distinct entry_id) from documents") == [(300, 300)]
    assert missing_indexes(open_ledger(db_path)) == []
    # Every document has its claims: none was stored half.
    assert rows(db_path, "select count(*) from documents where id not in (select document_id from claims)") == [(0,)]


def test_dask_workers_prepare_what_local_workers_do(tmp_path):
    from distributed import LocalCluster

    archive = write_jsonl(tmp_path / "posts.jsonl", [*POSTS, "oops"])
    local_db, dask_db = tmp_path / "local.db", tmp_path / "dask.db"
    run_ingest(local_db, archive)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, worker_dashboard_address=None) as cluster:
        done = subprocess.run([*CLAIMS, "ingest", str(archive), "--db", str(dask_db), "--dask",
                               cluster.scheduler_address], capture_output=True, text=True, timeout=600,
                              env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 1, done.stderr
    assert f"Preparing on 2 Dask workers at {cluster.scheduler_address}" in done.stderr
    assert f"{archive}:4: not a document: not JSON" in done.stderr
    same = ("select d.url, d.title, d.text, d.lang, c.text, c.start, c.value, c.unit, c.subject "
            "from claims c join documents d on d.id = c.document_id order by d.url, c.start")
    assert rows(dask_db, same) == rows(local_db, same)


def test_an_unreachable_dask_scheduler_is_a_clear_error(tmp_path, monkeypatch):
    import claimledger.ingest.run as run

    monkeypatch.setattr(run, "DASK_CONNECT_SECONDS", 10)
    with pytest.raises(ConfigError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        ingest(tmp_path / "c.db", [write_jsonl(tmp_path / "p.jsonl", POSTS[:1])],
               IngestOptions(dask="tcp://127.0.0.1:9"))
    assert not (tmp_path / "c.db").exists()
