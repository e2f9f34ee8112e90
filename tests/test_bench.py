"""The benchmark's generators and its process measurement (no timings asserted)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import feedparser
import pytest

# The benchmarks live beside the package, not in it; `pytest` alone does not put
# the checkout on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.feeds import feed_document, feed_urls, write_archive, write_feeds, write_feeds_toml  # noqa: E402
from benchmarks.ledgers import generate_documents, round_documents  # noqa: E402
from benchmarks.ledger_bench import diff_summary  # noqa: E402
from benchmarks.measure import run_measured  # noqa: E402
from benchmarks.posts import chinese_numeral, post  # noqa: E402
from benchmarks.sentences import chinese_sentences  # noqa: E402
from benchmarks.table import at_least, goal_mark, under  # noqa: E402
from claimledger.crawl.config import load_feeds  # noqa: E402
from claimledger.ingest.archive import Record, read_archives  # noqa: E402
from claimledger.text.lang import detect_lang  # noqa: E402

BASE = "http://127.0.0.1:8123"


def test_generated_feeds_parse_cleanly_in_rss_and_atom(tmp_path: Path) -> None:
    paths = write_feeds(tmp_path, count=4, entries_per_feed=20, base_url=BASE)
    parsed = [feedparser.parse(path.read_bytes()) for path in paths]
    assert [feed.version for feed in parsed] == ["rss20", "rss20", "atom10", "atom10"]
    for index, feed in enumerate(parsed):
        assert not feed.bozo, feed.bozo_exception
        assert len(feed.entries) == 20
        assert len({entry.id for entry in feed.entries}) == 20
        content = feed.entries[0].content[0].value
        assert content.startswith("<p>") and any(char.isdigit() for char in content)
        assert detect_lang(feed.entries[0].title + content) == ("en" if index % 2 == 0 else "zh")


def test_feeds_are_the_same_for_the_same_seed_and_differ_across_seeds() -> None:
    assert feed_document(7, 20, BASE, seed=1) == feed_document(7, 20, BASE, seed=1)
    assert feed_document(7, 20, BASE, seed=1) != feed_document(7, 20, BASE, seed=2)


def test_feeds_toml_loads_with_claimledgers_own_reader(tmp_path: Path) -> None:
    path = tmp_path / "feeds.toml"
    write_feeds_toml(path, count=6, base_url=BASE)
    feeds = load_feeds(path)
    assert [feed.url for feed in feeds] == feed_urls(6, BASE)
    assert [feed.lang for feed in feeds] == ["en", "zh"] * 3
    assert all(feed.allow_private for feed in feeds)


def test_chinese_numerals() -> None:
    assert [chinese_numeral(n) for n in (1, 10, 12, 20, 35, 99)] == [
        "一", "十", "十二", "二十", "三十五", "九十九"
    ]


def test_posts_have_two_to_four_paragraphs_in_their_language() -> None:
    rng = random.Random(3)
    for lang in ("en", "zh") * 20:
        generated = post(rng, lang)
        assert 2 <= len(generated.paragraphs) <= 4
        assert detect_lang(" ".join(generated.paragraphs)) == lang


def test_chinese_set_takes_long_spec_inputs_then_fills_with_templates(tmp_path: Path) -> None:
    specs = {
        "zh_number": ["两百", "今年的营收超过了三百五十亿元人民币"],
        "zh_percent": ["百分之五十", "毛利率同比提升了百分之十二点五"],
        "zh_dimension": [],
        "zh_currency": ["兑换１．０７５３美元"],
    }
    for name, inputs in specs.items():
        lines = [json.dumps({"input": text}, ensure_ascii=False) for text in inputs]
        (tmp_path / f"{name}.jsonl").write_text("\n".join(lines), encoding="utf-8")
    sentences = chinese_sentences(10, recognizers=tmp_path)
    assert sentences[:3] == [
        "今年的营收超过了三百五十亿元人民币", "毛利率同比提升了百分之十二点五", "兑换１．０７５３美元"
    ]
    assert len(sentences) == 10
    assert all(detect_lang(text) == "zh" for text in sentences[3:])
    assert chinese_sentences(10, recognizers=tmp_path) == sentences


def test_generated_ledger_documents_hold_their_claims_at_their_offsets() -> None:
    documents = list(generate_documents(claim_count=95, claims_per_document=10))
    assert sum(len(document.claims) for document in documents) == 95
    assert len(documents) == 10 and len(documents[-1].claims) == 5
    assert len({document.entry_id for document in documents}) == 10
    for document in documents:
        for claim in document.claims:
            assert document.text[claim.start:claim.end] == claim.text
            assert document.text[claim.sentence_start:claim.sentence_end] == claim.sentence
            assert claim.lang == document.lang
    published = [document.published for document in documents]
    assert published == sorted(published)


def test_run_measured_reports_the_childs_own_peak_memory_and_output() -> None:
    code = "import sys; block = bytearray(80 * 1024 * 1024); print(sys.stdin.read().upper())"
    measured = run_measured([sys.executable, "-c", code], stdin="hello")
    assert measured.ok and measured.stdout.strip() == "HELLO"
    assert measured.peak_rss_mb >= 80


def test_run_measured_counts_the_cpu_time_of_the_child_and_its_workers() -> None:
    spin = "import time; end = time.process_time() + 0.3\nwhile time.process_time() < end: pass"
    code = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {spin!r}])"
    measured = run_measured([sys.executable, "-c", code])
    assert measured.ok and measured.cpu_seconds >= 0.3


def test_a_diff_report_is_summarised_by_status_outside_the_bench_process(tmp_path: Path) -> None:
    # Parsed in a child, so the bench's own peak memory (inherited by every later child) stays small.
    report = tmp_path / "diff.json"
    statuses = ["new", "updated", "new", "conflict", "new", "updated"]
    report.write_text(json.dumps({"changes": [{"status": status} for status in statuses]}), encoding="utf-8")
    assert diff_summary(report) == "3 new, 2 updated, 1 conflict"
    assert diff_summary(tmp_path / "missing.json").startswith("report not read: ")


def test_run_measured_names_the_failure() -> None:
    measured = run_measured([sys.executable, "-c", "raise SystemExit('no such feed: x.toml')"])
    assert not measured.ok
    assert "no such feed: x.toml" in measured.failure()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_posts_are_deterministic(lang: str) -> None:
    assert post(random.Random(9), lang) == post(random.Random(9), lang)


def test_a_round_brings_one_new_claim_per_key_after_the_ledger_s_newest_post() -> None:
    from datetime import UTC, datetime

    keys = [("H200", "rack power"), ("H200 Pro", "MFU"), ("MI355X", "HBM capacity")] * 10
    newest = datetime(2026, 5, 1, tzinfo=UTC)
    documents = list(round_documents(keys, newest, claims_per_document=14))
    claims = [claim for document in documents for claim in document.claims]
    assert [(claim.subject, claim.metric) for claim in claims] == keys
    assert all(document.published > "2026-05-01T00:00:00Z" for document in documents)
    assert len({document.entry_id for document in documents}) == len(documents) == 3


def test_the_ingest_archive_holds_the_crawl_s_posts_as_documents(tmp_path: Path) -> None:
    archive = tmp_path / "archive.jsonl"
    assert write_archive(archive, count=2, entries_per_feed=3, base_url=BASE) == 6
    records = list(read_archives([archive]))
    assert all(isinstance(record, Record) for record in records)
    assert [record.lang for record in records] == ["en"] * 3 + ["zh"] * 3
    assert records[0].html.startswith("<p>") and records[0].source == "bench-0000"
    feed = feedparser.parse(feed_document(0, 3, BASE, seed=2026))
    assert [record.title for record in records[:3]] == [entry.title for entry in feed.entries]


def test_goals_read_as_met_or_by_how_much_not() -> None:
    assert under(0.4, 0.5, "s") == "< 0.5 s: met"
    assert under(1.5, 1.0, "s") == "< 1 s: not met (1.5x the limit)"
    assert at_least(10_000, 20_000, "claims/s") == ">= 20,000 claims/s: not met (50% of it)"
    assert goal_mark(12.0, 10.0) == ">= 10x: met"
