"""The lean writer: grouped commits, each write atomic, the search index fed once per text, indexes after bulk loads."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
import sqlite_utils

from claimledger.crawl.round import defer_indexes_if_empty, open_crawl_ledger
from claimledger.ledger import checkpoints
from claimledger.ledger.indexes import DEFERRABLE_INDEXES, drop_deferrable_indexes, missing_indexes
from claimledger.ledger.open import open_ledger, open_ledger_connection
from claimledger.ledger.schema import migrations
from claimledger.ledger.writer import LedgerWriter
from claimledger.ledger.writes import insert_document
from claimledger.types import Claim, Document

SENTENCE = "Blackwell delivers 16,635 tokens per second per GPU, 3x the previous generation."


def claim(figure: str, sentence: str = SENTENCE) -> Claim:
    start = sentence.index(figure)
    return Claim(text=figure, start=start, end=start + len(figure), value=1.0, low=1.0, high=1.0, kind="ratio",
                 sentence=sentence, sentence_end=len(sentence))


def document(entry: str, claims: list[Claim] | None = None, text: str = SENTENCE) -> Document:
    return Document(url=f"https://example.com/{entry}", title=f"Post {entry}", text=text, lang="en",
                    source="demo", entry_id=entry, content_hash=f"hash-{entry}", claims=claims or [])


def store(db: sqlite_utils.Database, stored: Document) -> int:
    return insert_document(db, None, stored, "2025-01-01T00:00:00Z")[0]


def committed(path: Path, sql: str, *, ledger_file_only: bool = False) -> list[tuple]:
    """What another connection sees: only committed rows (with `ledger_file_only`, only those a checkpoint has
    copied from the WAL into the ledger file)."""
    connection = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True) if ledger_file_only else sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_a_write_is_committed_when_its_future_is_done(tmp_path):
    path = tmp_path / "ledger.db"
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        writer.submit(store, document("a", [claim("16,635 tokens per second per GPU")])).result()
        assert committed(path, "select entry_id from documents") == [("a",)]
        assert committed(path, "select text from claims") == [("16,635 tokens per second per GPU",)]


def test_writes_queued_together_share_a_commit_and_keep_their_order(tmp_path):
    path = tmp_path / "ledger.db"
    gate = threading.Event()
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        # Hold the writer until 50 writes are queued behind it.
        writer.submit(lambda db: gate.wait())
        futures = [writer.submit(store, document(f"e{number:02}")) for number in range(50)]
        commits_before = writer.commits
        gate.set()
        ids = [future.result() for future in futures]
        assert writer.commits - commits_before == 1
    assert ids == sorted(ids)
    assert committed(path, "select entry_id from documents order by id") == [(f"e{n:02}",) for n in range(50)]


def test_grouped_writes_arriving_apart_wait_for_each_other_and_commit_with_the_next_plain_write(tmp_path):
    path = tmp_path / "ledger.db"
    # Neither the group time nor the longest a batch may stay open runs out while the test waits, however busy the machine.
    with LedgerWriter(lambda: open_crawl_ledger(path), max_batch_seconds=600.0, group_seconds=600.0) as writer:
        commits_before = writer.commits
        grouped = []
        for number in range(3):
            grouped.append(writer.submit_grouped(store, document(f"g{number}")))
            # Each one written before the next comes: the queue runs dry between them.
            time.sleep(0.05)
        assert not any(future.done() for future in grouped)
        assert committed(path, "select count(*) from documents") == [(0,)]
        writer.submit(store, document("plain")).result()
        assert all(future.done() for future in grouped)
        assert writer.commits - commits_before == 1
    assert committed(path, "select entry_id from documents order by id") == [("g0",), ("g1",), ("g2",), ("plain",)]


def test_a_grouped_batch_alone_commits_once_its_group_time_has_passed(tmp_path):
    path = tmp_path / "ledger.db"
    with LedgerWriter(lambda: open_crawl_ledger(path), group_seconds=0.05) as writer:
        writer.submit_grouped(store, document("a")).result(timeout=30)
        assert committed(path, "select entry_id from documents") == [("a",)]


def test_a_failing_write_is_undone_alone(tmp_path):
    path = tmp_path / "ledger.db"
    gate = threading.Event()

    def half_then_fail(db: sqlite_utils.Database) -> None:
        store(db, document("broken"))
        raise ValueError("the extractor's document was malformed")

    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        writer.submit(lambda db: gate.wait())
        before = writer.submit(store, document("before"))
        failing = writer.submit(half_then_fail)
        after = writer.submit(store, document("after"))
        gate.set()
        with pytest.raises(ValueError, match="malformed"):
            failing.result()
        before.result(), after.result()
    assert committed(path, "select entry_id from documents order by id") == [("before",), ("after",)]


def test_an_error_that_ends_the_transaction_fails_the_whole_batch(tmp_path):
    path = tmp_path / "ledger.db"
    gate = threading.Event()
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        writer.submit(lambda db: gate.wait())
        earlier = writer.submit(store, document("earlier"))
        ending = writer.submit(lambda db: (db.conn.execute("ROLLBACK"), 1 / 0))
        later = writer.submit(store, document("later"))
        gate.set()
        for future in (earlier, ending):
            with pytest.raises((ZeroDivisionError, sqlite3.Error)):
                future.result()
        later.result()
    # Nothing reported stored was lost: the earlier write failed with the batch, the later one stands.
    assert committed(path, "select entry_id from documents") == [("later",)]


def searched(path: Path, word: str) -> list[tuple]:
    """Committed claims whose sentence the search index finds `word` in."""
    return committed(path, "select text from claims where sentence_id in (select rowid from sentence_search "
                           f"where sentence_search match '{word}') order by id")


def test_a_batch_is_searchable_once_committed_and_a_failed_write_leaves_nothing_in_the_index(tmp_path):
    path = tmp_path / "ledger.db"
    gate = threading.Event()

    def half_then_fail(db: sqlite_utils.Database) -> None:
        store(db, document("broken", [claim("7x", "Rubin trains 7x faster than Orion.")]))
        raise ValueError("the extractor's document was malformed")

    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        writer.submit(lambda db: gate.wait())
        first = writer.submit(store, document("a", [claim("3x")]))
        failing = writer.submit(half_then_fail)
        last = writer.submit(store, document("b", [claim("5x", "Orion serves 5x more users than Vega.")]))
        gate.set()
        first.result(), last.result()
        with pytest.raises(ValueError):
            failing.result()
        assert searched(path, "Blackwell") == [("3x",)]
        assert searched(path, "Orion") == [("5x",)]
        assert searched(path, "Rubin") == []
        # The two titles and two sentences; the failed write's text went with it.
        assert committed(path, "select count(*) from sentences") == [(4,)]
        assert committed(path, "select count(*) from sentence_search where sentence_search match 'Post'") == [(2,)]


def test_each_distinct_sentence_is_indexed_once(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    claims = [claim("16,635 tokens per second per GPU"), claim("3x")]
    with db.atomic():
        store(db, document("a", claims))
        store(db, document("b", claims))
    # One sentence shared by four claims, and the two titles.
    assert db["sentences"].count == 3
    assert db.execute("select count(distinct sentence_id) from claims").fetchone() == (1,)


def test_an_extractor_reporting_a_span_twice_stores_it_once(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    with db.atomic():
        _, stored = insert_document(db, None, document("a", [claim("3x"), claim("3x")]), "2025-01-01T00:00:00Z")
    assert stored == 1 and db["claims"].count == 1


def test_indexes_dropped_for_a_bulk_load_are_rebuilt_when_the_ledger_is_next_opened(tmp_path):
    path = tmp_path / "ledger.db"
    db = open_ledger(path)
    drop_deferrable_indexes(db)
    assert missing_indexes(db) == list(DEFERRABLE_INDEXES)
    db.close()
    # As after a bulk load killed before it built them.
    reopened = open_ledger(path)
    assert missing_indexes(reopened) == []
    unique = reopened.execute(
        "select sql from sqlite_master where name = 'idx_claims_document_id_start_end'"
    ).fetchone()[0]
    assert unique.startswith("CREATE UNIQUE INDEX")


def test_the_migration_drops_the_trigger_fed_indexes_and_indexes_what_is_stored(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    migrations.apply(old, stop_before="m005_one_search_index")
    old["documents"].insert({"id": 1, "entry_id": "a", "content_hash": "1", "title": "英伟达发布 GB300"})
    old["claims"].insert({"id": 9, "document_id": 1, "text": "10 倍", "kind": "ratio", "start": 0, "end": 4,
                          "sentence": "推理性能最高达 GB200 NVL72 的 10 倍。"})
    assert old["claims_fts"].count == 1
    old.close()
    db = open_ledger(path)
    names = {row[0] for row in db.execute("select name from sqlite_master")}
    assert not names & {"claims_fts", "documents_fts", "claims_search", "documents_search"}
    # What triggers stay run on an edit only (a search pointer reset, the diff's pending mark), never on an insert.
    triggers = dict(db.execute("select name, sql from sqlite_master where type = 'trigger'").fetchall())
    assert set(triggers) == {"claims_sentence_edited", "documents_title_edited", "claims_diff_pending", "documents_diff_pending"}
    assert all(" AFTER UPDATE OF " in sql for sql in triggers.values())
    found = db.execute(
        "select id from claims where sentence_id in "
        "(select rowid from sentence_search where sentence_search match '\" 推  理 \"')"
    ).fetchall()
    assert found == [(9,)]


def test_the_plain_connection_commits_a_write_outside_a_transaction_as_sqlite_utils_does(tmp_path):
    path = tmp_path / "claims.db"
    open_ledger(path).close()
    ledger = open_ledger_connection(path)
    ledger.execute("INSERT INTO diff_state (name, value) VALUES ('alone', '1')")
    assert committed(path, "SELECT value FROM diff_state WHERE name = 'alone'") == [("1",)]
    ledger.execute("BEGIN")
    ledger.execute("INSERT INTO diff_state (name, value) VALUES ('held', '2')")
    assert committed(path, "SELECT value FROM diff_state WHERE name = 'held'") == []
    ledger.conn.rollback()
    with pytest.raises(sqlite3.IntegrityError):
        ledger.execute("INSERT INTO diff_state (name, value) VALUES ('alone', '3')")
    # The failed statement's implicit transaction is gone: nothing holds the ledger's write lock.
    assert not ledger.conn.in_transaction
    assert committed(path, "SELECT value FROM diff_state WHERE name = 'alone'") == [("1",)]


def test_committed_pages_are_checkpointed_while_the_writer_goes_on(tmp_path):
    path = tmp_path / "ledger.db"
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        writer.submit(store, document("a")).result()
        # SQLite would wait for 1,000 pages in the WAL; the checkpointer copies a small commit too.
        deadline = time.monotonic() + 10
        while not committed(path, "select entry_id from documents", ledger_file_only=True) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert committed(path, "select entry_id from documents", ledger_file_only=True) == [("a",)]
        assert writer.submit(lambda db: db.execute("PRAGMA wal_autocheckpoint").fetchone()).result() == (0,)


def test_a_writer_that_never_pauses_keeps_the_wal_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoints, "WAL_LIMIT_BYTES", 100 * 4096)
    path = tmp_path / "ledger.db"
    # A commit after every write, each one starting while the last is being checkpointed.
    with LedgerWriter(lambda: open_crawl_ledger(path), max_batch_seconds=0.0) as writer:
        futures = [writer.submit(store, document(f"e{number:03}", [claim("3x")])) for number in range(300)]
        for future in futures:
            future.result()
        wal_pages = path.with_name("ledger.db-wal").stat().st_size // 4096
        assert writer.commits >= 300
    # Without a fresh start the WAL would hold every commit's pages, over 3,000.
    assert wal_pages < 300


def test_a_first_crawl_writes_without_the_secondary_indexes_and_a_later_one_keeps_them(tmp_path):
    path = tmp_path / "ledger.db"
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        assert writer.submit(defer_indexes_if_empty).result() is True
        assert {index.name for index in writer.submit(missing_indexes).result()} == {
            index.name for index in DEFERRABLE_INDEXES}
        writer.submit(store, document("a", [claim("3x")])).result()
    # The next command that opens the ledger builds what the first crawl left out.
    assert missing_indexes(open_ledger(path)) == []
    with LedgerWriter(lambda: open_crawl_ledger(path)) as writer:
        assert writer.submit(defer_indexes_if_empty).result() is False
        assert writer.submit(missing_indexes).result() == []
