"""Chinese full-text search: the ledger's spaced indexes and the query rewrite agree."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.browse.search import fts_query, space_cjk
from claimledger.ledger.open import open_ledger
from claimledger.ledger.schema import migrations

SENTENCES = {
    1: "GB300 NVL72 每秒生成 16,635 个 token，最高达 GB200 NVL72 的 10 倍。",
    2: "Blackwell delivers 16,635 tokens per second per GPU on GPT-OSS-120B.",
    3: "新一代机柜的能效比上一代提升三成。",
    4: "Rubin is expected to reach 3.6 exaflops of NVFP4 inference.",
}


@pytest.fixture
def ledger(tmp_path: Path) -> sqlite_utils.Database:
    db = open_ledger(tmp_path / "ledger.db")
    db["feeds"].insert({"id": 1, "name": "demo", "url": "http://127.0.0.1/feed.xml"})
    db["documents"].insert_all(
        [
            {"id": 1, "feed_id": 1, "entry_id": "a", "content_hash": "1", "title": "英伟达发布 GB300 推理性能"},
            {"id": 2, "feed_id": 1, "entry_id": "b", "content_hash": "2", "title": "Blackwell sets records"},
        ]
    )
    db["claims"].insert_all(
        {"id": claim_id, "document_id": 1 if claim_id % 2 else 2, "text": "x", "kind": "ratio",
         "start": claim_id, "end": claim_id + 1, "sentence": sentence}
        for claim_id, sentence in SENTENCES.items()
    )
    return db


def matching(db: sqlite_utils.Database, index: str, query: str) -> list[int]:
    sql = f"select rowid from [{index}] where [{index}] match :q order by rowid"
    return [row["rowid"] for row in db.query(sql, {"q": fts_query(query)})]


@pytest.mark.parametrize(
    "query, expected",
    [
        ("每秒", [1]),
        ("倍", [1]),
        ("三成", [3]),
        ("上一代", [3]),
        ("秒每", []),
        ("tokens", [2]),
        ("GB300 每秒", [1]),
        ("16,635", [1, 2]),
        ('NVFP4 "OR" x', []),
    ],
)
def test_short_chinese_queries_find_their_sentences(ledger, query, expected):
    assert matching(ledger, "claims_search", query) == expected


def test_document_titles_are_searchable_in_chinese(ledger):
    assert matching(ledger, "documents_search", "推理") == [1]
    assert matching(ledger, "documents_search", "records") == [2]


def test_index_follows_updates_and_deletes(ledger):
    ledger["claims"].update(3, {"sentence": "每瓦性能提升 2 倍"})
    assert matching(ledger, "claims_search", "三成") == []
    assert matching(ledger, "claims_search", "每瓦") == [3]
    ledger["claims"].delete(1)
    assert matching(ledger, "claims_search", "倍") == [3]


def test_migration_indexes_rows_written_before_it(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite_utils.Database(path)
    migrations.apply(db, stop_before="m002_cjk_search")
    db["feeds"].insert({"id": 1, "name": "demo", "url": "http://127.0.0.1/feed.xml"})
    db["documents"].insert({"id": 1, "feed_id": 1, "entry_id": "a", "content_hash": "1", "title": "每秒"})
    db["claims"].insert({"id": 7, "document_id": 1, "text": "10 倍", "kind": "ratio", "sentence": SENTENCES[1]})
    db.close()
    upgraded = open_ledger(path)
    assert matching(upgraded, "claims_search", "每秒") == [7]
    assert matching(upgraded, "documents_search", "每秒") == [1]


@functools.cache
def spacing_ledger() -> sqlite_utils.Database:
    """An in-memory ledger with one feed, shared by the property test's examples."""
    db = sqlite_utils.Database(memory=True)
    migrations.apply(db)
    db["feeds"].insert({"id": 1, "name": "demo", "url": "u"})
    return db


# SQLite's length() stops at a NUL character, so text with NUL is left out here.
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=60))
def test_sql_spacing_in_the_ledger_equals_python_spacing(text):
    db = spacing_ledger()
    db["documents"].delete_where()
    db["documents"].insert({"id": 1, "feed_id": 1, "entry_id": "a", "content_hash": "1", "title": text})
    stored = db.execute("select title from documents_search where rowid = 1").fetchone()[0]
    assert (stored or "") == space_cjk(text)
