"""`claims diff` end to end: feeds of our own in English and Chinese, served on loopback, crawled, diffed.

Three publishers: a GPU cloud's blog (English), a Chinese outlet and an English
outlet. The first crawl sees the posts up to June; the second adds the autumn posts.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import LoopbackServer, reply, rss_feed

from claimledger.cli import cli

FIRST_ROUND = {
    "nimbus": [
        ("2026-03-02", "mlperf-v6-0", "In MLPerf Inference v6.0, GB300 NVL72 delivered 14,210 tokens per second per GPU on GPT-OSS-120B offline."),
        ("2026-04-01", "training", "Training on GB300 NVL72 reached an MFU of about 40%."),
        ("2026-05-01", "training-revised", "Revised figure: GB300 NVL72 reached an MFU of 45%."),
        (
            "2026-06-10",
            "rubin-first-results",
            "Vera Rubin NVL72 is up to 10x faster than GB200 NVL72 in tokens per second per MW on DeepSeek R1. "
            "Each Vera Rubin NVL72 rack draws up to 190 kW. Each Rubin GPU has 1.6 Tb/s of bandwidth.",
        ),
    ],
    "xinwen": [
        ("2026-04-05", "mfu", "GB300 NVL72 训练的 MFU 为 41%。"),
        (
            "2026-06-12",
            "rubin-10x",
            "在 DeepSeek R1 推理负载上，Vera Rubin NVL72 每 MW 每秒 token 数最高达到 GB200 NVL72 的 10 倍。每颗 Rubin GPU 的带宽为 200 GB/s。",
        ),
    ],
    "ledger": [
        ("2026-06-20", "checking-rubin", "Our own tests show Rubin NVL72 is about 8x faster than GB200 NVL72 in tokens per second per MW on DeepSeek R1."),
    ],
}
SECOND_ROUND = {
    "nimbus": [
        (
            "2026-09-16",
            "mlperf-v6-1",
            "In MLPerf Inference v6.1, GB300 NVL72 delivered 16,635 tokens per second per GPU on GPT-OSS-120B offline. "
            "Each Vera Rubin NVL72 rack now draws up to 210 kW.",
        ),
        ("2026-10-01", "rubin-tuned", "Vera Rubin NVL72 is 10x faster than GB200 NVL72 in tokens per second per MW on DeepSeek R1."),
    ],
}
FEEDS = {"nimbus": ("Nimbus Cloud Blog", "en"), "xinwen": ("芯闻速递", "zh"), "ledger": ("The Silicon Ledger", "en")}


def serve_feeds(server: LoopbackServer, posts: dict[str, list[tuple[str, str, str]]]) -> None:
    """Each publisher's feed on `server`, with full content, newest first."""
    for slug, (name, _) in FEEDS.items():
        items = [
            {
                "title": f"{name}: {post}",
                "link": server.url(f"/{slug}/{post}.html"),
                "guid": f"{slug}-{post}",
                "pubDate": format_datetime(datetime.fromisoformat(date).replace(hour=9, tzinfo=UTC)),
                "content": f"<p>{text}</p>",
            }
            for date, post, text in sorted(posts.get(slug, []), reverse=True)
        ]
        server.route(f"/{slug}/feed.xml", reply(rss_feed(items, title=name), "application/rss+xml"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout + result.stderr


def changes(db: Path, *options: str) -> list[dict]:
    code, out = run("diff", "--db", str(db), "--format", "json", *options)
    assert code == 0, out
    return json.loads(out)["changes"]


def status_of(found: list[dict], new_text: str, source: str | None = None) -> str:
    (match,) = [c for c in found if c["new"]["text"] == new_text and source in (None, c["new"]["source"])]
    return match["status"]


@pytest.fixture(scope="module")
def crawled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict], list[dict]]:
    """The ledger after both crawls, the diff after the first crawl, and the full diff after the second."""
    folder = tmp_path_factory.mktemp("diff_crawl")
    server = LoopbackServer()
    try:
        feeds = folder / "feeds.toml"
        feeds.write_text(
            "".join(
                f'[[feeds]]\nname = "{name}"\nurl = "{server.url(f"/{slug}/feed.xml")}"\nlang = "{lang}"\nallow_private = true\n\n'
                for slug, (name, lang) in FEEDS.items()
            ),
            encoding="utf-8",
        )
        db = folder / "claims.db"
        serve_feeds(server, FIRST_ROUND)
        code, out = run("crawl", "--feeds", str(feeds), "--db", str(db))
        assert code == 0, out
        after_first = changes(db)
        serve_feeds(server, {slug: FIRST_ROUND.get(slug, []) + SECOND_ROUND.get(slug, []) for slug in FEEDS})
        code, out = run("crawl", "--feeds", str(feeds), "--db", str(db))
        assert code == 0, out
        return db, after_first, changes(db)
    finally:
        server.stop()


def test_first_figures_are_new(crawled):
    _, first, _ = crawled
    assert status_of(first, "14,210 tokens per second per GPU") == "new"
    assert status_of(first, "about 40%") == "new"


def test_chinese_report_of_the_same_figure_is_reaffirmed(crawled):
    _, first, _ = crawled
    assert status_of(first, "10 倍") == "reaffirmed"
    assert status_of(first, "41%") == "reaffirmed"  # about 40% and 41% agree


def test_units_are_compared_across_languages(crawled):
    _, first, _ = crawled
    (report,) = [c for c in first if c["new"]["text"] == "200 GB/s"]
    assert report["status"] == "reaffirmed"
    assert report["old"]["text"] == "1.6 Tb/s"


def test_alias_and_another_source_make_a_conflict(crawled):
    _, first, _ = crawled
    (outlet,) = [c for c in first if c["new"]["text"] == "about 8x"]
    assert outlet["status"] == "conflict"
    assert outlet["new"]["subject"] == "Rubin NVL72"
    assert outlet["key"] == "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1"


def test_explicit_revision_supersedes_the_figure_and_its_restatement(crawled):
    db, first, _ = crawled
    (revised,) = [c for c in first if c["new"]["text"] == "45%"]
    assert revised["status"] == "superseded"
    assert revised["old"]["text"] == "about 40%"
    with sqlite3.connect(db) as connection:
        marked = dict(connection.execute("SELECT text, superseded_by FROM claims WHERE text IN ('about 40%', '41%')"))
    assert marked == {"about 40%": revised["new"]["claim_id"], "41%": revised["new"]["claim_id"]}


def test_later_benchmark_round_supersedes(crawled):
    _, _, full = crawled
    (round_61,) = [c for c in full if c["new"]["text"] == "16,635 tokens per second per GPU"]
    assert round_61["status"] == "superseded"
    assert round_61["old"]["text"] == "14,210 tokens per second per GPU"
    assert round_61["change"]["relative"] == pytest.approx(16635 / 14210 - 1)


def test_same_source_new_value_is_updated(crawled):
    _, _, full = crawled
    assert status_of(full, "up to 210 kW") == "updated"


def test_dropped_hedge_is_a_qualifier_change(crawled):
    _, _, full = crawled
    assert status_of(full, "10x", "Nimbus Cloud Blog") == "qualifier_changed"


def test_window_shows_only_the_second_crawl(crawled):
    db, _, _ = crawled
    recent = changes(db, "--since", "2026-09-01")
    assert sorted((c["status"], c["new"]["text"]) for c in recent) == [
        ("qualifier_changed", "10x"),
        ("superseded", "16,635 tokens per second per GPU"),
        ("updated", "up to 210 kW"),
    ]
    assert changes(db, "--until", "2026-03-31") == [c for c in changes(db) if c["new"]["published"] < "2026-04"]


def test_statuses_from_the_first_crawl_hold_after_the_second(crawled):
    _, first, full = crawled
    before = {c["new"]["claim_id"]: c["status"] for c in first}
    after = {c["new"]["claim_id"]: c["status"] for c in full}
    assert {claim: after[claim] for claim in before} == before


def test_fail_on_after_a_crawl(crawled):
    db, _, _ = crawled
    assert run("diff", "--db", str(db), "--since", "2026-09-01", "--fail-on", "conflict")[0] == 0
    assert run("diff", "--db", str(db), "--since", "2026-09-01", "--fail-on", "updated,conflict")[0] == 1


def test_table_and_markdown_show_both_languages(crawled):
    db, _, _ = crawled
    code, table = run("diff", "--db", str(db))
    assert code == 0
    assert "Vera Rubin NVL72" in table and "芯闻速递" in table
    code, markdown = run("diff", "--db", str(db), "--format", "markdown")
    assert code == 0
    assert "## Vera Rubin NVL72" in markdown
    assert "| **superseded** |" in markdown
