"""Browsing the ledger: Datasette pages, canned queries, search, highlighting, escaping, the history chart.

These tests drive the real Datasette app `claims serve` runs, through its own
client, on a ledger written with `open_ledger` (rows as the crawl and the diff
write them).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from urllib.parse import quote

import pytest

from claimledger.browse import history
from claimledger.browse.app import build_datasette
from claimledger.ledger.open import open_ledger

THROUGHPUT_KEY = "gb300 nvl72 | token per second per gpu | [token] / [time] / [gpu] | - | -"
SPEEDUP_KEY = "gb300 nvl72 | - | ratio | gb200 nvl72 | -"
# Marks the page if it ever runs, which the browser test looks for.
SCRIPT = "<script>document.documentElement.dataset.xss = 'ran'</script>"

# (document id, feed id, source, title, published, lang, sentences with their claims)
DOCUMENTS = [
    (1, 1, "Stratus Cloud Blog", "Stratus brings GB300 NVL72 to its cloud", "2025-02-10T09:00:00+00:00", "en",
     [("Stratus serves 16,635 tokens per second per GPU on GB300 NVL72.",
       [(1, "16,635 tokens per second per GPU", 16635, THROUGHPUT_KEY, "new", None, 0)])]),
    (3, 2, "算力前哨", "Stratus 上线 GB300 NVL72：推理性能最高达 GB200 的 10 倍", "2025-03-01T08:00:00+08:00", "zh",
     [("据 Stratus 自家平台上的测量，GB300 NVL72 每秒每 GPU 生成 16,635 个 token，最高达 GB200 NVL72 的 10 倍。",
       [(3, "16,635", 16635, THROUGHPUT_KEY, "reaffirmed", None, 1),
        (4, "10 倍", 10, SPEEDUP_KEY, "new", "up_to", 1)])]),
    (4, 3, "The Rack Report", f"{SCRIPT} Rack density notes", "2025-04-02T12:00:00+00:00", "en",
     [(f"Our own test of GB300 NVL72 measured 14,500 tokens per second per GPU {SCRIPT}.",
       [(5, "14,500 tokens per second per GPU", 14500, THROUGHPUT_KEY, "conflict", None, 0)])]),
    (2, 1, "Stratus Cloud Blog", "GB300 NVL72 inference, revised", "2025-05-20T09:00:00+00:00", "en",
     [("After tuning, GB300 NVL72 now delivers 18,200 tokens per second per GPU.",
       [(2, "18,200 tokens per second per GPU", 18200, THROUGHPUT_KEY, "updated", None, 0)])]),
]
FEEDS = [
    (1, "Stratus Cloud Blog", "en"),
    (2, "算力前哨", "zh"),
    (3, "The Rack Report", "en"),
]


def build_sample_ledger(path: Path) -> Path:
    """A ledger with four documents in English and Chinese, their claims, keys and diff statuses."""
    db = open_ledger(path)
    for feed_id, name, lang in FEEDS:
        db["feeds"].insert({"id": feed_id, "name": name, "url": f"http://127.0.0.1:8765/{feed_id}/feed.xml",
                            "lang": lang, "allow_private": 1, "status": "ok"})
    for document_id, feed_id, source, title, published, lang, sentences in DOCUMENTS:
        text = f"{title}\n\n" + " ".join(sentence for sentence, _ in sentences)
        url = f"http://127.0.0.1:8765/{feed_id}/posts/{document_id}.html"
        db["documents"].insert({
            "id": document_id, "feed_id": feed_id, "source": source, "entry_id": url, "url": url,
            "title": title, "published": published, "fetched": "2025-06-01T00:00:00+00:00",
            "lang": lang, "text": text, "content_hash": f"hash-{document_id}", "revision": 1,
        })
        for sentence, claims in sentences:
            sentence_start = text.index(sentence)
            for claim_id, figure, value, key, status, qualifier, self_reported in claims:
                start = text.index(figure, sentence_start)
                is_ratio = figure.endswith("倍")
                db["claims"].insert({
                    "id": claim_id, "document_id": document_id, "text": figure,
                    "start": start, "end": start + len(figure),
                    "value": value, "low": value, "high": value,
                    "kind": "ratio" if is_ratio else "quantity",
                    "unit": None if is_ratio else "token / gpu / second",
                    "dimensionality": None if is_ratio else "[token] / [time] / [gpu]",
                    "si_value": value, "qualifier": qualifier, "projected": 0,
                    "self_reported": self_reported, "baseline": "GB200 NVL72" if is_ratio else None,
                    "subject": "GB300 NVL72", "metric": None if is_ratio else "tokens per second per GPU",
                    "sentence": sentence, "sentence_start": sentence_start,
                    "sentence_end": sentence_start + len(sentence), "lang": lang,
                    "source": source, "url": url, "published": published,
                    "claim_key": key, "status": status,
                })
    db["claims"].update(1, {"superseded_by": 2})
    db.close()
    return path


@pytest.fixture
def datasette(tmp_path):
    return build_datasette(build_sample_ledger(tmp_path / "ledger.db"))


async def rows(datasette, path: str) -> list[dict]:
    """The rows a page answers with, through the JSON API."""
    separator = "&" if "?" in path else "?"
    response = await datasette.client.get(_json_path(path) + separator + "_shape=array")
    assert response.status_code == 200, response.text
    return response.json()


def _json_path(path: str) -> str:
    """`/ledger/claims?x=1` -> `/ledger/claims.json?x=1`."""
    page, _, query = path.partition("?")
    return f"{page}.json" + (f"?{query}" if query else "")


async def html(datasette, path: str, status: int = 200) -> str:
    response = await datasette.client.get(path)
    assert response.status_code == status, response.text
    return response.text


def test_ledger_is_opened_read_only(datasette):
    connection = datasette.get_database("ledger").connect()
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("update claims set value = 0")


async def test_index_and_database_pages_describe_the_ledger(datasette):
    index = await html(datasette, "/")
    assert "claimledger" in index and "Numeric claims that technology vendors publish" in index
    database = await html(datasette, "/ledger")
    assert "The claims ledger" in database
    assert '<a href="/ledger/-/history">claim histories</a>' in database
    assert '<a href="/ledger/-/history">Claim histories</a>' in index
    for table in ("claims", "documents", "feeds", "fetches"):
        assert f'href="/ledger/{table}"' in database
    for query in ("latest_figures", "superseded_figures", "conflicts", "subject_history", "hedged_claims", "search"):
        assert f'href="/ledger/{query}"' in database
    assert 'href="/ledger/_sqlite_migrations"' not in database
    assert 'href="/ledger/claims_search"' not in database


async def test_every_column_is_described(datasette):
    from claimledger.browse.app import load_metadata

    tables = load_metadata()["databases"]["ledger"]["tables"]
    db = open_ledger(Path(datasette.get_database("ledger").path))
    hidden = set(await datasette.get_database("ledger").hidden_table_names())
    for table in set(db.table_names()) - hidden:
        assert set(tables[table]["columns"]) == set(db[table].columns_dict), table
        assert tables[table]["title"] and tables[table]["description"]
    page = await html(datasette, "/ledger/claims")
    assert "The value in base units (bits, seconds, watts ...)" in page
    assert "dl.column-descriptions {" in page, "the column list is kept compact"


async def test_claims_are_newest_first_with_facets(datasette):
    response = await datasette.client.get("/ledger/claims.json")
    data = response.json()
    assert [row[0] for row in data["rows"]] == [2, 5, 4, 3, 1]
    assert set(data["facet_results"]) == {
        "subject", "metric", "kind", "qualifier", "self_reported", "projected", "lang", "source", "status",
    }
    statuses = {item["value"]: item["count"] for item in data["facet_results"]["status"]["results"]}
    assert statuses == {"new": 2, "reaffirmed": 1, "conflict": 1, "updated": 1}
    assert [row["id"] for row in await rows(datasette, "/ledger/documents")] == [2, 4, 3, 1]


async def test_foreign_keys_show_labels(datasette):
    page = await html(datasette, "/ledger/claims")
    assert '<a href="/ledger/documents/2">GB300 NVL72 inference, revised</a>' in page
    assert '<a href="/ledger/claims/2">18,200 tokens per second per GPU</a>' in page
    documents = await html(datasette, "/ledger/documents")
    assert '<a href="/ledger/feeds/2">算力前哨</a>' in documents


@pytest.mark.parametrize(
    "query, expected",
    [("每秒", [3, 4]), ("倍", [3, 4]), ("自家平台", [3, 4]), ("tokens", [1, 2, 5]), ("GB300 每秒", [3, 4]), ("每分", []), ("秒每 GPU", [3, 4])],
)
async def test_table_search_finds_chinese_words(datasette, query, expected):
    found = await rows(datasette, f"/ledger/claims?_search={quote(query)}&_sort=id")
    assert [row["id"] for row in found] == expected


async def test_document_titles_are_searchable(datasette):
    found = await rows(datasette, f"/ledger/documents?_search={quote('推理性能')}")
    assert [row["id"] for row in found] == [3]


async def test_search_query_covers_sentences_and_titles(datasette):
    found = await rows(datasette, f"/ledger/search?q={quote('倍')}")
    assert sorted((row["found_in"], row["claim_id"] or row["document_id"]) for row in found) == [
        ("claim", 3), ("claim", 4), ("title", 3),
    ]
    assert await rows(datasette, "/ledger/search?q=") == []


async def test_latest_figure_for_every_key(datasette):
    found = await rows(datasette, "/ledger/latest_figures")
    assert [(row["claim_key"], row["claim_id"], row["claims_with_key"]) for row in found] == [
        (THROUGHPUT_KEY, 2, 4),
        (SPEEDUP_KEY, 4, 1),
    ]
    page = await html(datasette, "/ledger/latest_figures")
    assert "最高达 GB200 NVL72 的 <mark>10 倍</mark>。" in page


async def test_superseded_figures_beside_their_replacements(datasette):
    found = await rows(datasette, "/ledger/superseded_figures")
    assert len(found) == 1
    row = found[0]
    assert (row["old_claim_id"], row["new_claim_id"], row["how"]) == (1, 2, "updated")
    assert (row["old_figure"], row["new_figure"]) == ("16,635 tokens per second per GPU", "18,200 tokens per second per GPU")
    assert row["change_percent"] == 9.4
    page = await html(datasette, "/ledger/superseded_figures")
    assert '<a href="/ledger/claims/1">1</a>' in page
    assert "now delivers <mark>18,200 tokens per second per GPU</mark>." in page


async def test_conflicts_between_sources(datasette):
    found = await rows(datasette, "/ledger/conflicts")
    assert [(row["claim_id"], row["other_claim_id"], row["other_source"]) for row in found] == [
        (5, 3, "算力前哨"),
        (5, 1, "Stratus Cloud Blog"),
    ]


async def test_one_subjects_claims_over_time(datasette):
    found = await rows(datasette, "/ledger/subject_history?subject=gb300")
    assert [row["claim_id"] for row in found] == [1, 3, 4, 5, 2]
    assert await rows(datasette, "/ledger/subject_history?subject=Rubin") == []


async def test_hedged_and_self_reported_claims(datasette):
    found = await rows(datasette, "/ledger/hedged_claims")
    assert [(row["claim_id"], row["qualifier"], row["self_reported"]) for row in found] == [
        (4, "up_to", 1),
        (3, None, 1),
    ]


async def test_evidence_sentence_highlights_the_figure(datasette):
    page = await html(datasette, "/ledger/claims/4")
    assert "GB300 NVL72 每秒每 GPU 生成 16,635 个 token，最高达 GB200 NVL72 的 <mark>10 倍</mark>。" in page
    page = await html(datasette, "/ledger/claims")
    assert "Stratus serves <mark>16,635 tokens per second per GPU</mark> on GB300 NVL72." in page


async def test_claims_link_to_document_source_url_and_history(datasette):
    page = await html(datasette, "/ledger/claims/3")
    assert '<a href="/ledger/documents/3">Stratus 上线 GB300 NVL72：推理性能最高达 GB200 的 10 倍</a>' in page
    assert 'href="http://127.0.0.1:8765/2/posts/3.html"' in page
    assert f'href="/ledger/-/history?key={quote(THROUGHPUT_KEY, safe="")}"'.replace("%20", "+") in page


@pytest.mark.parametrize(
    "path",
    ["/ledger/claims", "/ledger/claims/5", "/ledger/documents", "/ledger/documents/4", "/ledger/conflicts",
     "/ledger/subject_history?subject=GB300", f"/ledger/search?q={quote('density')}"],
)
async def test_text_from_feeds_is_escaped(datasette, path):
    page = await html(datasette, path)
    assert "<script>document" not in page
    assert "&lt;script&gt;document" in page


async def test_history_page_escapes_sources_and_figures(datasette):
    db = open_ledger(Path(datasette.get_database("ledger").path))
    db["claims"].update(5, {"source": SCRIPT, "text": f"14,500 {SCRIPT}"})
    page = await html(datasette, f"/ledger/-/history?key={quote(THROUGHPUT_KEY)}")
    assert "<script>document" not in page
    assert page.count("&lt;script&gt;document") >= 3


async def test_history_chart_has_a_point_per_claim_marked_by_source(datasette):
    page = await html(datasette, f"/ledger/-/history?key={quote(THROUGHPUT_KEY)}")
    begin = page.index('<svg class="history-chart"')
    chart = page[begin:page.index("</svg>", begin)]
    assert sorted(int(claim_id) for claim_id in re.findall(r'data-claim-id="(\d+)"', chart)) == [1, 2, 3, 5]
    sources = re.findall(r'<g class="series" data-source="([^"]+)"', chart)
    assert sources == ["Stratus Cloud Blog", "The Rack Report", "算力前哨"]
    assert "2025-02-10 · Stratus Cloud Blog · 16,635 tokens per second per GPU" in chart
    assert "token / gpu / second" in chart
    for source, count in (("Stratus Cloud Blog", 2), ("The Rack Report", 1), ("算力前哨", 1)):
        assert f"{source} ({count})" in page


async def test_history_page_lists_keys_and_refuses_unknown_ones(datasette):
    page = await html(datasette, "/ledger/-/history")
    assert f'<option value="{THROUGHPUT_KEY}"' in page and "(4 claims, 3 sources)" in page
    page = await html(datasette, "/ledger/-/history?key=no+such+key", status=404)
    assert "No claims with the key no such key." in page
    await html(datasette, "/nowhere/-/history?key=x", status=404)


def test_chart_brings_mixed_units_to_base_units():
    claims = [
        {"id": 1, "text": "1.6 Tb/s", "value": 1.6, "low": 1.6, "high": 1.6, "unit": "terabit / second",
         "si_value": 1.6e12, "source": "A", "published": "2025-01-01T00:00:00+00:00"},
        {"id": 2, "text": "200 GB/s", "value": 200, "low": 200, "high": 200, "unit": "gigabyte / second",
         "si_value": 1.6e12, "source": "B", "published": "2025-03-01T00:00:00+00:00"},
        {"id": 3, "text": "3–5x", "value": None, "low": 3, "high": 5, "unit": "terabit / second",
         "si_value": None, "source": "A", "published": None},
    ]
    drawn = history.chart(claims)
    assert drawn.y_label == "value in base units (SI)"
    first, second = drawn.series[0].points[0], drawn.series[1].points[0]
    assert first.y == second.y
    assert drawn.undated == 1


def test_chart_draws_a_range_as_a_bar():
    claims = [{"id": 1, "text": "3–5x", "value": None, "low": 3, "high": 5, "unit": None, "si_value": None,
               "source": "A", "published": "2025-01-01"}]
    point = history.chart(claims).series[0].points[0]
    assert point.high_y < point.y < point.low_y


def test_axis_ranges_are_round():
    assert history._nice_range(0, 16635)[:2] == (0, 20000)
    assert history._nice_range(3, 12)[2] == [0, 2.5, 5, 7.5, 10, 12.5]
    assert history.chart([]) is None


def test_figures_are_formatted_for_people():
    assert [history.format_number(n) for n in (800000.0, 1.6e12, 0.5, 0, None)] == ["800,000", "1.6e+12", "0.5", "0", ""]


# The same pages on a ledger built the way `make run` builds it: corpus/ served on
# loopback, feeds/demo.toml crawled, then `claims diff`.

REPOSITORY = Path(__file__).parents[1]
CORPUS_ORIGIN = "127.0.0.1:8765"


def tps_per_mw_key(ledger: Path) -> str:
    """The claim key `claims diff` gave Vera Rubin NVL72's tokens per second per MW on DeepSeek R1."""
    connection = sqlite3.connect(f"{ledger.resolve().as_uri()}?mode=ro", uri=True)
    try:
        found = connection.execute(
            "select claim_key from claims where text = '880,000 TPS/MW' and source = 'Stratus Cloud Blog'"
        ).fetchone()
    finally:
        connection.close()
    assert found and found[0], "the Stratus 880,000 TPS/MW claim has a key"
    return found[0]


def corpus_serve_module() -> ModuleType:
    """corpus/serve.py, the demo corpus server `make run` uses (it lives beside the corpus, not in the package)."""
    spec = importlib.util.spec_from_file_location("corpus_serve", REPOSITORY / "corpus" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def serving_corpus(folder: Path) -> Iterator[Path]:
    """corpus/ copied into `folder`, its origin moved to a free loopback port, served; yields the feeds file."""
    make_server = corpus_serve_module().make_server
    root = folder / "corpus"
    shutil.copytree(REPOSITORY / "corpus", root)
    server = make_server(root, 0)
    origin = f"127.0.0.1:{server.server_address[1]}"
    for file in [*root.rglob("*.xml"), *root.rglob("*.html")]:
        file.write_text(file.read_text(encoding="utf-8").replace(CORPUS_ORIGIN, origin), encoding="utf-8")
    feeds = folder / "demo.toml"
    feeds.write_text((REPOSITORY / "feeds" / "demo.toml").read_text(encoding="utf-8").replace(CORPUS_ORIGIN, origin),
                     encoding="utf-8")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield feeds
    finally:
        server.shutdown()
        server.server_close()


def build_corpus_ledger(folder: Path) -> Path:
    """The `make run` ledger, built in `folder`: the demo feeds crawled from loopback, then diffed."""
    from click.testing import CliRunner

    from claimledger.cli import cli

    ledger = folder / "claims.db"
    with serving_corpus(folder) as feeds:
        crawled = CliRunner().invoke(cli, ["crawl", "--feeds", str(feeds), "--db", str(ledger)])
    assert crawled.exit_code == 0, crawled.output
    diffed = CliRunner().invoke(cli, ["diff", "--db", str(ledger)])
    assert diffed.exit_code == 0, diffed.output
    return ledger


_corpus_ledgers: dict[Path, Path] = {}


def corpus_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus ledger, built once per test session (every reader here opens it read-only)."""
    session = tmp_path_factory.getbasetemp()
    if session not in _corpus_ledgers:
        _corpus_ledgers[session] = build_corpus_ledger(tmp_path_factory.mktemp("corpus"))
    return _corpus_ledgers[session]


@pytest.fixture(scope="module")
def corpus_datasette(tmp_path_factory):
    return build_datasette(corpus_ledger(tmp_path_factory))


def pick(found: list[dict], **wanted) -> list[dict]:
    """The rows whose columns hold the `wanted` values."""
    return [row for row in found if all(row[column] == value for column, value in wanted.items())]


@pytest.mark.parametrize(
    "path",
    ["/ledger/claims", "/ledger/documents", "/ledger/feeds", "/ledger/fetches", "/ledger/feed_entries",
     "/ledger/latest_figures", "/ledger/superseded_figures", "/ledger/conflicts", "/ledger/hedged_claims",
     "/ledger/subject_history?subject=Rubin", f"/ledger/search?q={quote('每秒')}"],
)
async def test_corpus_ledger_pages_answer_with_rows(corpus_datasette, path):
    assert await rows(corpus_datasette, path)
    await html(corpus_datasette, path)


async def test_corpus_claims_come_from_every_feed_in_both_languages(corpus_datasette):
    data = (await corpus_datasette.client.get("/ledger/claims.json")).json()
    sources = {item["value"] for item in data["facet_results"]["source"]["results"]}
    assert sources == {"Stratus Cloud Blog", "Kestrel Silicon Newsroom", "澄言智能实验室 · 技术博客",
                       "The Rack Report", "算力前哨"}
    assert {item["value"] for item in data["facet_results"]["lang"]["results"]} == {"en", "zh"}


async def test_corpus_superseded_figures_show_later_benchmark_rounds_and_updates(corpus_datasette):
    found = await rows(corpus_datasette, "/ledger/superseded_figures")
    assert pick(found, old_figure="14,210 tokens per second per GPU", old_source="Stratus Cloud Blog",
                new_figure="16,635 tokens per second per GPU", new_published="2026-09-16", how="superseded")
    assert pick(found, old_figure="1,020 queries per second", new_figure="1,196 queries per second", how="superseded")
    updated = pick(found, old_figure="800,000 TPS/MW", old_source="Stratus Cloud Blog", new_figure="880,000 TPS/MW")
    assert [(row["how"], row["change_percent"]) for row in updated] == [("updated", 10.0)]


async def test_corpus_conflicts_pair_the_figures_that_disagree(corpus_datasette):
    found = await rows(corpus_datasette, "/ledger/conflicts")
    disagreeing = pick(found, figure="about 650,000 TPS/MW", source="The Rack Report")
    assert {(row["other_figure"], row["other_source"]) for row in disagreeing} == {
        ("800,000 TPS/MW", "Stratus Cloud Blog"), ("800,000 TPS/MW", "算力前哨"),
    }


async def test_corpus_latest_figure_is_the_chinese_restatement(corpus_datasette):
    key = tps_per_mw_key(Path(corpus_datasette.get_database("ledger").path))
    found = pick(await rows(corpus_datasette, "/ledger/latest_figures"), claim_key=key)
    assert [(row["text"], row["source"], row["published_on"], row["claims_with_key"]) for row in found] == [
        ("88 万 TPS/MW", "算力前哨", "2026-10-23", 5),
    ]


async def test_corpus_search_finds_two_character_chinese_words(corpus_datasette):
    found = await rows(corpus_datasette, f"/ledger/search?q={quote('每秒')}")
    assert any("每 GPU 每秒 16,635 个 token" in (row["sentence"] or "") for row in found)
    found = await rows(corpus_datasette, f"/ledger/search?q={quote('倍')}")
    assert pick(found, found_in="title", source="算力前哨")
    assert any("最高达 GB200 NVL72 的 10 倍" in (row["sentence"] or "") for row in found)


async def test_corpus_hedged_claims_include_the_up_to_figures(corpus_datasette):
    found = await rows(corpus_datasette, "/ledger/hedged_claims")
    assert pick(found, text="up to 10x", qualifier="up_to", source="Stratus Cloud Blog")
    assert all(row["qualifier"] == "up_to" or row["self_reported"] == 1 for row in found)


async def test_corpus_subject_history_runs_oldest_first(corpus_datasette):
    found = await rows(corpus_datasette, f"/ledger/subject_history?subject={quote('vera rubin')}")
    dates = [row["published_on"] for row in found]
    assert dates == sorted(dates) and dates[0] == "2026-06-09"
    assert all("vera rubin" in row["subject"].lower() for row in found)


async def test_corpus_history_chart_marks_each_source(corpus_datasette):
    key = tps_per_mw_key(Path(corpus_datasette.get_database("ledger").path))
    page = await html(corpus_datasette, f"/ledger/-/history?key={quote(key)}")
    assert len(re.findall(r'data-claim-id="\d+"', page)) == 5
    assert re.findall(r'<g class="series" data-source="([^"]+)"', page) == [
        "Stratus Cloud Blog", "The Rack Report", "算力前哨",
    ]


async def test_corpus_script_quoted_in_a_post_is_shown_not_run(corpus_datasette):
    found = await rows(corpus_datasette, f"/ledger/documents?_search={quote('checked')}")
    page = await html(corpus_datasette, f"/ledger/documents/{found[0]['id']}")
    assert "&lt;script&gt;window.stratusCharts.push" in page
    assert "<script>window.stratusCharts" not in page


def test_every_plugin_hook_is_documented():
    from claimledger.browse import plugin

    hooks = [value for value in vars(plugin).values() if callable(value) and hasattr(value, "datasette_impl")]
    assert {hook.__name__ for hook in hooks} == {"prepare_connection", "render_cell", "menu_links", "register_routes"}
    assert all(hook.__doc__ for hook in hooks)


def test_configuration_keeps_to_keys_datasette_1_accepts():
    """Descriptions in metadata.yaml; table options and queries in config.yaml, laid out as datasette.yaml."""
    import yaml

    from claimledger.browse.app import BROWSE_DIR

    metadata = yaml.safe_load((BROWSE_DIR / "metadata.yaml").read_text(encoding="utf-8"))
    config = yaml.safe_load((BROWSE_DIR / "config.yaml").read_text(encoding="utf-8"))
    descriptive = {"title", "description", "description_html", "columns", "source", "source_url", "license", "license_url"}
    for table in metadata["databases"]["ledger"]["tables"].values():
        assert set(table) <= descriptive
    table_options = {"sort", "sort_desc", "facets", "label_column", "fts_table", "fts_pk", "hidden", "size", "searchmode"}
    for table in config["databases"]["ledger"]["tables"].values():
        assert set(table) <= table_options
    for query in config["databases"]["ledger"]["queries"].values():
        assert set(query) <= {"sql", "title", "description", "hide_sql"}
