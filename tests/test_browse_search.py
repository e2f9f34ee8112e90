"""Chinese full-text search: the ledger's spaced index and the query rewrite agree."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.browse.search import fts_query
from claimledger.ledger.open import open_ledger
from claimledger.ledger.schema import migrations
from claimledger.ledger.search_index import index_pending
from claimledger.ledger.writes import insert_document
from claimledger.types import Claim, Document

SENTENCES = {
    1: "GB300 NVL72 每秒生成 16,635 个 token，最高达 GB200 NVL72 的 10 倍。",
    2: "Blackwell delivers 16,635 tokens per second per GPU on GPT-OSS-120B.",
    3: "新一代机柜的能效比上一代提升三成。",
    4: "Rubin is expected to reach 3.6 exaflops of NVFP4 inference.",
}


@pytest.fixture
def ledger(tmp_path: Path) -> sqlite_utils.Database:
    """Rows written with sqlite-utils, as other tools would, then indexed as `open_ledger` does."""
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
    index_pending(db)
    return db


# Which rows of each table the search index finds, as Datasette's table search asks (fts_pk in config.yaml).
POINTERS = {"claims": "sentence_id", "documents": "title_sentence_id"}


def matching(db: sqlite_utils.Database, table: str, query: str) -> list[int]:
    sql = (
        f"select id from [{table}] where [{POINTERS[table]}] in "
        "(select rowid from sentence_search where sentence_search match :q) order by id"
    )
    return [row["id"] for row in db.query(sql, {"q": fts_query(query)})]


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
    assert matching(ledger, "claims", query) == expected


def test_document_titles_are_searchable_in_chinese(ledger):
    assert matching(ledger, "documents", "推理") == [1]
    assert matching(ledger, "documents", "records") == [2]


def test_index_follows_updates_and_deletes(ledger):
    ledger["claims"].update(3, {"sentence": "每瓦性能提升 2 倍"})
    assert matching(ledger, "claims", "三成") == []
    index_pending(ledger)
    assert matching(ledger, "claims", "每瓦") == [3]
    ledger["claims"].delete(1)
    assert matching(ledger, "claims", "倍") == [3]


def test_the_writer_indexes_each_distinct_sentence_once(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    sentence = SENTENCES[1]
    claims = [
        Claim(text=figure, start=sentence.index(figure), end=sentence.index(figure) + len(figure), value=1.0,
              low=1.0, high=1.0, kind="ratio", sentence=sentence, sentence_end=len(sentence), lang="zh")
        for figure in ("16,635", "10 倍")
    ]
    for entry, title in (("a", "英伟达发布 GB300"), ("b", "英伟达发布 GB300")):
        document = Document(url=entry, title=title, text=sentence, lang="zh", source="demo", entry_id=entry,
                            content_hash=entry, claims=claims)
        with db.atomic():
            insert_document(db, None, document, "2025-01-01T00:00:00Z")
    assert db["sentences"].count == 2
    assert matching(db, "claims", "每秒") == [1, 2, 3, 4]
    assert matching(db, "documents", "发布") == [1, 2]


def test_migration_indexes_rows_written_before_it(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite_utils.Database(path)
    migrations.apply(db, stop_before="m002_cjk_search")
    db["feeds"].insert({"id": 1, "name": "demo", "url": "http://127.0.0.1/feed.xml"})
    db["documents"].insert({"id": 1, "feed_id": 1, "entry_id": "a", "content_hash": "1", "title": "每秒"})
    db["claims"].insert({"id": 7, "document_id": 1, "text": "10 倍", "kind": "ratio", "sentence": SENTENCES[1]})
    db.close()
    upgraded = open_ledger(path)
    assert matching(upgraded, "claims", "每秒") == [7]
    assert matching(upgraded, "documents", "每秒") == [1]


@functools.cache
def spacing_ledger() -> sqlite_utils.Database:
    """An in-memory ledger, shared by the property test's examples (each stores a document of its own)."""
    db = sqlite_utils.Database(memory=True)
    migrations.apply(db)
    return db


CJK_SAMPLE = "每秒倍推理性能三成上一代英伟达发布ひらがなカタカナ\u3400\uf900\U00020000"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(f"{CJK_SAMPLE}abcXYZ059 ,.-，。：%"), min_size=1, max_size=40))
def test_every_cjk_character_and_the_whole_title_find_the_title(text):
    db = spacing_ledger()
    document = Document(url="u", title=text, text=text, lang="zh", source="demo", entry_id="e", content_hash=text)
    document_id, _ = insert_document(db, None, document, "2025-01-01T00:00:00Z")
    found = functools.partial(matching, db, "documents")
    for character in set(text) & set(CJK_SAMPLE):
        assert document_id in found(character)
    if any(character.isalnum() for character in text):
        assert document_id in found(text)
