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

from claimledger.browse import chart, history, ledgers
from claimledger.browse.app import build_datasette
from claimledger.browse.evidence import percent
from claimledger.ledger.open import open_ledger
from claimledger.ledger.search_index import index_pending

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
                metric = None if is_ratio else ("每 GPU 每秒 token 数" if lang == "zh" else "tokens per second per GPU")
                db["claims"].insert({
                    "id": claim_id, "document_id": document_id, "text": figure,
                    "start": start, "end": start + len(figure),
                    "value": value, "low": value, "high": value,
                    "kind": "ratio" if is_ratio else "quantity",
                    "unit": None if is_ratio else "token / gpu / second",
                    "dimensionality": None if is_ratio else "[token] / [time] / [gpu]",
                    "si_value": value, "qualifier": qualifier, "projected": 0,
                    "self_reported": self_reported, "baseline": "GB200 NVL72" if is_ratio else None,
                    "subject": "GB300 NVL72", "metric": metric,
                    "sentence": sentence, "sentence_start": sentence_start,
                    "sentence_end": sentence_start + len(sentence), "lang": lang,
                    "source": source, "url": url, "published": published,
                    "claim_key": key, "status": status,
                })
    db["claims"].update(1, {"superseded_by": 2})
    # Rows written directly, not through ledger.writes: index them as open_ledger would.
    index_pending(db)
    db.close()
    return path


# Text a feed could send to break out of an attribute, an SVG or a script; the
# browser tests look for data-xss="ran", which any of it sets if it ever runs.
BREAKOUT = "\"'></svg><script>document.documentElement.dataset.xss='ran'</script><img src=x onerror=\"document.documentElement.dataset.xss='ran'\">"
HOSTILE_SUBJECT = f"Rack {BREAKOUT} NVL72"
HOSTILE_KEY = f"rack {BREAKOUT} nvl72 | token per second per gpu | [token] / [time] / [gpu] | - | -"
HOSTILE_CLAIMS = (6, 7)


def add_hostile_claims(path: Path) -> Path:
    """A feed whose name, post titles, sentences, subject, metric and key carry BREAKOUT; one figure updates another."""
    db = open_ledger(path)
    db["feeds"].insert({"id": 9, "name": f"Hostile {BREAKOUT} feed", "url": "http://127.0.0.1:8765/9/feed.xml",
                        "lang": "en", "allow_private": 1, "status": "ok"})
    for claim_id, figure, value, published, status in ((6, "9,000", 9000, "2025-05-01T00:00:00+00:00", "new"),
                                                       (7, "9,900", 9900, "2025-05-21T00:00:00+00:00", "updated")):
        sentence = f"{HOSTILE_SUBJECT} serves {figure} tokens per second per GPU {BREAKOUT}."
        title = f"{BREAKOUT} post {claim_id}"
        text = f"{title}\n\n{sentence}"
        url = f"http://127.0.0.1:8765/9/posts/{claim_id}.html"
        db["documents"].insert({"id": 10 + claim_id, "feed_id": 9, "source": f"Hostile {BREAKOUT} feed",
                                "entry_id": url, "url": url, "title": title, "published": published,
                                "lang": "en", "text": text, "content_hash": f"hostile-{claim_id}"})
        start = text.index(figure)
        db["claims"].insert({
            "id": claim_id, "document_id": 10 + claim_id, "text": figure, "start": start, "end": start + len(figure),
            "value": value, "low": value, "high": value, "kind": "quantity", "unit": "token / gpu / second",
            "dimensionality": "[token] / [time] / [gpu]", "si_value": value, "projected": 0, "self_reported": 0,
            "subject": HOSTILE_SUBJECT, "metric": f"tokens {BREAKOUT}", "baseline": None,
            "sentence": sentence, "sentence_start": text.index(sentence), "sentence_end": len(text), "lang": "en",
            "source": f"Hostile {BREAKOUT} feed", "url": url, "published": published,
            "claim_key": HOSTILE_KEY, "status": status,
        })
    db["claims"].update(6, {"superseded_by": 7})
    db.close()
    return path


@pytest.fixture
def datasette(tmp_path):
    return build_datasette(build_sample_ledger(tmp_path / "ledger.db"))


@pytest.fixture
def hostile_datasette(tmp_path):
    return build_datasette(add_hostile_claims(build_sample_ledger(tmp_path / "ledger.db")))


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
    for link, label in (("/ledger", "What changed"), ("/ledger/-/compare", "Compare across vendors"),
                        ("/ledger/-/history", "Claim histories")):
        assert f'<a href="{link}">{label}</a>' in index
    for table in ("claims", "documents", "feeds", "fetches"):
        assert f'href="/ledger/{table}"' in database
    for query in ("changes", "key_history", "compare_subjects", "latest_figures", "superseded_figures",
                  "conflicts", "subject_history", "hedged_claims", "search"):
        assert f'href="/ledger/{query}"' in database
    assert 'href="/ledger/_sqlite_migrations"' not in database
    assert 'href="/ledger/claims_search"' not in database


async def test_database_metadata_has_licence_source_and_about(datasette):
    data = (await datasette.client.get("/-/metadata.json")).json()
    for level in (data, data["databases"]["ledger"]):
        assert level["license"].startswith("Apache-2.0") and level["license_url"].startswith("https://")
        assert level["source"] and level["about"] == "claimledger" and level["about_url"].startswith("https://")
    page = await html(datasette, "/ledger")
    assert "Data license:" in page and "Data source:" in page and "About:" in page


async def test_every_column_is_described(datasette):
    await datasette.invoke_startup()
    tables = ledgers.database_metadata()["tables"]
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
    assert set(data["facet_results"]) == {"subject", "metric", "status", "role", "qualifier", "source", "lang", "published"}
    statuses = {item["value"]: item["count"] for item in data["facet_results"]["status"]["results"]}
    assert statuses == {"new": 2, "reaffirmed": 1, "conflict": 1, "updated": 1}
    days = {item["value"]: item["count"] for item in data["facet_results"]["published"]["results"]}
    assert days == {"2025-02-10": 1, "2025-03-01": 2, "2025-04-02": 1, "2025-05-20": 1}
    assert [row["id"] for row in await rows(datasette, "/ledger/documents")] == [2, 4, 3, 1]


async def test_entity_and_metric_concept_facets_merge_languages_and_aliases(datasette):
    data = (await datasette.client.get("/ledger/claims.json")).json()
    entity = data["facet_results"]["subject"]
    assert entity["type"] == "entity"
    assert [(item["value"], item["label"], item["count"]) for item in entity["results"]] == [
        ("gb300 nvl72", "GB300 NVL72", 5),
    ]
    concepts = {item["value"]: (item["label"], item["count"]) for item in data["facet_results"]["metric"]["results"]}
    assert concepts == {"token per second per gpu": ("tokens per second per GPU (每 GPU 每秒 token 数)", 4),
                        "ratio": ("ratio", 1)}
    chosen = await rows(datasette, f"/ledger/claims?_metric_concept={quote('token per second per gpu')}&_sort=id")
    assert [row["id"] for row in chosen] == [1, 2, 3, 5]
    page = await html(datasette, f"/ledger/claims?_metric_concept={quote('token per second per gpu')}")
    assert "4 rows" in page and "metric concept is &#34;tokens per second per GPU&#34;" in page


async def test_claims_columns_come_in_reading_order(datasette):
    page = await html(datasette, "/ledger/claims")
    head = page[page.index("<thead>"):page.index("</thead>")]
    columns = re.findall(r'data-column="([^"]+)"', head)
    assert columns[:12] == ["id", "subject", "metric", "text", "qualifier", "baseline", "status", "role", "claimant",
                            "published", "source", "sentence"]
    assert set(columns) == set(open_ledger(Path(datasette.get_database("ledger").path))["claims"].columns_dict)
    first_row = page[page.index("<tbody>"):page.index("</tr>", page.index("<tbody>"))]
    assert re.findall(r'<td class="col-([a-z_]+)', first_row)[:4] == ["id", "subject", "metric", "text"]


async def test_a_claims_page_shows_its_evidence_at_normal_width(datasette):
    page = await html(datasette, "/ledger/claims/2")
    evidence = page[page.index('<section class="claimledger evidence"'):page.index("</section>", page.index('id="evidence"'))]
    assert '<blockquote class="evidence">After tuning, GB300 NVL72 now delivers <mark>18,200 tokens per second per GPU</mark>.</blockquote>' in evidence
    assert 'href="http://127.0.0.1:8765/1/posts/2.html">Stratus Cloud Blog</a>' in evidence
    assert f'href="/ledger/-/history?key={quote(THROUGHPUT_KEY, safe="").replace("%20", "+")}"' in evidence
    assert 'class="rows-and-columns claimledger-row"' in page, "one row is shown as a list of its columns"


@pytest.mark.parametrize(
    "path, message",
    [("/ledger/claims?_sort=zzz", "Cannot sort claims by zzz"),
     ("/ledger/claims.json?_sort_desc=zzz", "Cannot sort claims by zzz"),
     ("/ledger/claims?_sort=id&_sort_desc=id", "not both"),
     ("/ledger/x/-/history", "Page not found"),
     ("/nowhere/-/history?key=x", "Database not found"),
     ("/ledger?days=soon", "days must be a whole number"),
     ("/ledger?until=tomorrow", "until must be a date"),
     ("/ledger?since=2025-05-02&until=2025-05-01", "is after until")],
)
async def test_client_errors_are_4xx_with_a_reason(datasette, path, message):
    response = await datasette.client.get(path)
    assert 400 <= response.status_code < 500, response.text
    assert message.lower() in response.text.lower()


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


async def test_latest_figure_is_never_one_a_claim_replaced(datasette):
    """A past figure a post marks as replaced can be its key's newest claim; it is never the latest figure."""
    db = open_ledger(Path(datasette.get_database("ledger").path))
    db["claims"].update(2, {"superseded_by": 5})
    db.close()
    found = pick(await rows(datasette, "/ledger/latest_figures"), claim_key=THROUGHPUT_KEY)
    assert [(row["claim_id"], row["claims_with_key"]) for row in found] == [(5, 4)]


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
    assert '<td class="col-change_percent">+9.4%</td>' in page
    assert "Stratus serves <mark>16,635 tokens per second per GPU</mark> on GB300 NVL72." in page, "the old sentence too"


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


async def test_history_chart_has_a_point_per_claim_marked_by_source(datasette):
    page = await html(datasette, f"/ledger/-/history?key={quote(THROUGHPUT_KEY)}")
    begin = page.index('<svg class="chart history-chart"')
    chart = page[begin:page.index("</svg>", begin)]
    assert sorted(int(claim_id) for claim_id in re.findall(r'data-claim-id="(\d+)"', chart)) == [1, 2, 3, 5]
    sources = re.findall(r'<g class="series" data-source="([^"]+)"', chart)
    assert sources == ["Stratus Cloud Blog", "The Rack Report", "算力前哨"]
    assert "2025-02-10 · Stratus Cloud Blog · 16,635 tokens per second per GPU" in chart
    assert "token / gpu / second" in chart
    for source, count in (("Stratus Cloud Blog", 2), ("The Rack Report", 1), ("算力前哨", 1)):
        assert f"{source} ({count})" in page


async def test_history_shows_hedges_and_the_baseline_on_the_marks(datasette):
    page = await html(datasette, f"/ledger/-/history?key={quote(SPEEDUP_KEY)}")
    chart = page[page.index('<svg class="chart history-chart"'):page.index("</svg>", page.index('id="history-chart"'))]
    assert 'data-hedge="up to"' in chart and '<g class="hedge hedge-down" data-hedge="up to">' in chart
    assert "2025-03-01 · 算力前哨 · 10 倍 (up to)" in chart
    assert "(vs GB200 NVL72)" in chart and "Compared with <strong>GB200 NVL72</strong>" in page
    assert "≤ up to: arrow down, the figure is a ceiling" in page


async def test_history_json_and_the_canned_query_give_the_same_series(datasette):
    response = await datasette.client.get(f"/ledger/-/history.json?key={quote(THROUGHPUT_KEY)}")
    assert response.status_code == 200
    data = response.json()
    assert data["key"] == THROUGHPUT_KEY and [claim["claim_id"] for claim in data["claims"]] == [1, 3, 5, 2]
    assert data["claims"][0]["figure"] == "16,635 tokens per second per GPU"
    assert data["claims"] == await rows(datasette, f"/ledger/key_history?key={quote(THROUGHPUT_KEY)}")
    page = await html(datasette, f"/ledger/-/history?key={quote(THROUGHPUT_KEY)}")
    assert f'href="/ledger/-/history.json?key={quote(THROUGHPUT_KEY, safe="").replace("%20", "+")}"' in page


async def test_history_json_lists_keys_and_refuses_unknown_ones(datasette):
    listed = (await datasette.client.get("/ledger/-/history.json")).json()
    assert {row["claim_key"] for row in listed["keys"]} == {THROUGHPUT_KEY, SPEEDUP_KEY}
    missing = await datasette.client.get("/ledger/-/history.json?key=nothing")
    assert missing.status_code == 404 and missing.json()["claims"] == []


async def test_history_page_lists_keys_and_refuses_unknown_ones(datasette):
    page = await html(datasette, "/ledger/-/history")
    assert f'<option value="{THROUGHPUT_KEY}"' in page and "(4 claims, 3 sources)" in page
    page = await html(datasette, "/ledger/-/history?key=no+such+key", status=404)
    assert "No claims with the key no such key." in page
    await html(datasette, "/nowhere/-/history?key=x", status=404)


def series_claim(claim_id, figure, value, source, published, unit="token / gpu / second", si=None, qualifier=None,
                 low=None, high=None):
    return {"claim_id": claim_id, "figure": figure, "value": value, "low": value if low is None else low,
            "high": value if high is None else high, "unit": unit, "si_value": value if si is None else si,
            "source": source, "published": published, "qualifier": qualifier, "baseline": None}


def test_chart_brings_mixed_units_to_base_units():
    claims = [
        series_claim(1, "1.6 Tb/s", 1.6, "A", "2025-01-01T00:00:00+00:00", unit="terabit / second", si=1.6e12),
        series_claim(2, "200 GB/s", 200, "B", "2025-03-01T00:00:00+00:00", unit="gigabyte / second", si=1.6e12),
        series_claim(3, "3–5x", None, "A", None, unit="terabit / second", low=3, high=5),
    ]
    drawn = history.chart(claims)
    assert drawn.y_label == "value in base units (SI)"
    first, second = drawn.series[0].points[0], drawn.series[1].points[0]
    assert first.y == second.y
    assert drawn.undated == 1


def test_chart_draws_a_range_as_a_bar():
    claims = [series_claim(1, "3–5x", None, "A", "2025-01-01", unit=None, low=3, high=5)]
    point = history.chart(claims).series[0].points[0]
    assert point.is_range and point.high_y < point.y < point.low_y


def test_same_day_figures_of_one_source_stand_side_by_side_not_as_a_range():
    claims = [
        series_claim(1, "100", 100, "A", "2025-01-01T09:00:00+00:00"),
        series_claim(2, "140", 140, "A", "2025-02-01T09:00:00+00:00"),
        series_claim(3, "180", 180, "A", "2025-02-01T09:00:00+00:00"),
    ]
    series = history.chart(claims).series[0]
    same_day = [point for point in series.points if point.claim_id in (2, 3)]
    assert same_day[0].x != same_day[1].x, "dodged apart"
    assert not any(point.is_range for point in series.points)
    assert [point.claim_id for point in series.line] == [1, 3], "the line meets each day once"
    assert len({point.x for point in series.line}) == len(series.line), "no vertical segment"


def test_hedges_are_drawn_on_the_marks():
    claims = [
        series_claim(1, "up to 10x", 10, "A", "2025-01-01", qualifier="up_to"),
        series_claim(2, "more than 200", 200, "A", "2025-02-01", qualifier="more_than"),
        series_claim(3, "about 8x", 8, "A", "2025-03-01", qualifier="approximately"),
        series_claim(4, "9x", 9, "A", "2025-04-01"),
    ]
    points = history.chart(claims).series[0].points
    assert [(p.hedge.symbol, p.hedge.direction) if p.hedge else None for p in points] == [
        ("≤", "down"), (">", "up"), ("≈", None), None,
    ]
    assert points[2].hedge.hollow and "(about)" in points[2].label


def test_axis_ranges_are_round():
    assert chart.nice_range(0, 16635)[:2] == (0, 20000)
    assert chart.nice_range(3, 12)[2] == [0, 2.5, 5, 7.5, 10, 12.5]
    assert history.chart([]) is None


def test_figures_are_formatted_for_people():
    assert [chart.format_number(n) for n in (800000.0, 1.6e12, 0.5, 0, None)] == ["800,000", "1.6e+12", "0.5", "0", ""]
    assert [percent(n) for n in (9.44, -18.75, 0.0, None)] == ["+9.4%", "-18.8%", "0%", ""]


# What changed, its query and its Atom feed.

async def test_what_changed_leads_the_ledgers_page(datasette):
    page = await html(datasette, "/ledger?until=2025-05-31&days=120")
    section = page[page.index('<section class="claimledger what-changed"'):page.index("</section>", page.index('id="what-changed"'))]
    assert "published from 2025-02-01 to 2025-05-31 (120 days): 2 changes about 1 subject." in section
    assert re.findall(r'<h3 class="subject" data-entity="([^"]+)">([^<]+) ', section) == [("gb300 nvl72", "GB300 NVL72")]
    assert re.findall(r'<tr class="change" data-claim-id="(\d+)">', section) == ["2", "5"]
    updated = section[section.index('data-claim-id="2"'):section.index('data-claim-id="5"')]
    assert '<span class="status status-updated">updated</span>' in updated
    assert "Stratus serves <mark>16,635 tokens per second per GPU</mark> on GB300 NVL72." in updated
    assert "now delivers <mark>18,200 tokens per second per GPU</mark>." in updated
    assert '<td class="percent">+9.4%</td>' in updated
    assert 'href="http://127.0.0.1:8765/1/posts/1.html"' in updated and 'href="http://127.0.0.1:8765/1/posts/2.html"' in updated
    assert f'href="/ledger/-/history?key={quote(THROUGHPUT_KEY, safe="").replace("%20", "+")}"' in updated
    conflict = section[section.index('data-claim-id="5"'):]
    assert "2025-03-01 · " in conflict and ">算力前哨</a>" in conflict, "against the other claimant's standing figure"
    assert '<td class="percent">-12.8%</td>' in conflict
    assert 'rel="alternate" type="application/atom+xml"' in page and 'href="/ledger/-/changes.atom"' in page
    assert page.index('id="what-changed"') < page.index('<h2 id="queries">'), "before the queries and tables"


async def test_what_changed_with_an_empty_window_points_to_the_latest_change(datasette):
    page = await html(datasette, "/ledger?until=2025-01-31")
    assert "published from 2025-01-25 to 2025-01-31 (7 days): 0 changes" in page
    assert "The latest change in the ledger was published on 2025-05-20" in page
    assert 'href="?until=2025-05-20&amp;days=7"' in page


def test_the_window_is_seven_days_to_today_unless_chosen():
    from datetime import date

    from claimledger.browse.changes import BadWindow, window_from

    today = date(2026, 3, 10)
    assert window_from({}, today).params() == {"since": "2026-03-04", "until": "2026-03-10"}
    assert window_from({"days": "30", "until": "2026-02-28"}, today).params() == {"since": "2026-01-30", "until": "2026-02-28"}
    assert window_from({"since": "2026-01-01"}, today).days == 69
    for bad in ({"days": "0"}, {"days": "-3"}, {"until": "2026-13-01"}, {"since": "2026-03-11"}):
        with pytest.raises(BadWindow):
            window_from(bad, today)


async def test_changes_query_is_the_pages_json(datasette):
    found = await rows(datasette, "/ledger/changes?since=2025-02-01&until=2025-05-31")
    assert [(row["new_claim_id"], row["old_claim_id"], row["change"], row["change_percent"]) for row in found] == [
        (2, 1, "updated", 9.4), (5, 3, "conflict", -12.8),
    ]
    assert {row["entity"] for row in found} == {"gb300 nvl72"}
    assert found[0]["claimant"] == "Stratus Cloud Blog" and found[1]["claimant"] == "The Rack Report"
    by_alias = await rows(datasette, f"/ledger/changes?since=2025-02-01&until=2025-05-31&subject={quote('Blackwell Ultra NVL72')}")
    assert [row["new_claim_id"] for row in by_alias] == [2, 5]
    by_metric = await rows(datasette, f"/ledger/changes?since=2025-02-01&until=2025-05-31&metric={quote('TPS/GPU')}")
    assert [row["new_claim_id"] for row in by_metric] == [2, 5]
    assert await rows(datasette, "/ledger/changes?since=2025-02-01&until=2025-05-31&subject=Rubin") == []


async def test_the_claimant_a_post_names_shows_else_the_publisher(tmp_path):
    """claims.claimant (issue 15) is who the post says makes the claim; empty, the publisher does."""
    ledger = build_sample_ledger(tmp_path / "ledger.db")
    db = open_ledger(ledger)
    db.execute("UPDATE claims SET claimant = 'Kestrel Silicon' WHERE source = 'The Rack Report'")
    db.conn.commit()
    db.close()
    served = build_datasette(ledger)
    found = await rows(served, "/ledger/changes?since=2025-02-01&until=2025-05-31")
    assert [row["claimant"] for row in found] == ["Stratus Cloud Blog", "Kestrel Silicon"]


def parsed_feed(response):
    import feedparser

    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/atom+xml")
    feed = feedparser.parse(response.content)
    assert not feed.bozo, feed.get("bozo_exception")
    return feed


async def test_atom_feed_has_an_entry_per_change(datasette):
    feed = parsed_feed(await datasette.client.get("/ledger/-/changes.atom"))
    assert feed.version == "atom10" and feed.feed.title == "What changed in the claims ledger"
    assert [entry.title for entry in feed.entries] == [
        "GB300 NVL72 · tokens per second per GPU: 16,635 tokens per second per GPU → 18,200 tokens per second per GPU (updated, +9.4%)",
        "GB300 NVL72 · tokens per second per GPU: 16,635 → 14,500 tokens per second per GPU (conflict, -12.8%)",
    ]
    first = feed.entries[0]
    assert first.id == "http://localhost/ledger/claims/2#updated"
    assert first.link == "http://127.0.0.1:8765/1/posts/2.html"
    assert first.author == "Stratus Cloud Blog" and first.updated == "2025-05-20T09:00:00+00:00"
    assert "now delivers <strong>18,200 tokens per second per GPU</strong>." in first.content[0].value
    assert 'href="http://localhost/ledger/-/history?key=' in first.content[0].value


async def test_atom_feed_for_one_subject_or_metric_and_an_empty_one(datasette):
    feed = parsed_feed(await datasette.client.get(f"/ledger/-/changes.atom?subject={quote('gb300 nvl72')}"))
    assert len(feed.entries) == 2 and feed.feed.title.endswith(": gb300 nvl72")
    feed = parsed_feed(await datasette.client.get(f"/ledger/-/changes.atom?metric={quote('每 GPU 每秒 token 数')}"))
    assert len(feed.entries) == 2
    empty = parsed_feed(await datasette.client.get("/ledger/-/changes.atom?subject=Rubin"))
    assert empty.entries == [] and empty.feed.updated == "2025-06-01T00:00:00+00:00"


async def test_atom_feed_escapes_everything_from_feeds(hostile_datasette):
    from xml.etree import ElementTree

    response = await hostile_datasette.client.get("/ledger/-/changes.atom")
    feed = parsed_feed(response)
    hostile = feed.entries[0]
    assert BREAKOUT in hostile.title and hostile.title_detail.type == "text/plain"
    namespace = {"atom": "http://www.w3.org/2005/Atom"}
    contents = [element.text for element in ElementTree.fromstring(response.content).iterfind(".//atom:content", namespace)]
    assert len(contents) == 3
    for content in contents:
        assert "<script" not in content and "<img" not in content and "</svg>" not in content
    assert "&lt;script&gt;document" in contents[0]


# Compare across vendors.

def test_figures_are_brought_to_the_unit_most_of_them_use():
    from claimledger.browse.compare import in_one_unit

    figures = [
        {"claim_id": 1, "value": 1.6, "low": 1.6, "high": 1.6, "unit": "terabit / gpu / second", "si_value": 1.6e12},
        {"claim_id": 2, "value": 200, "low": 200, "high": 200, "unit": "gigabyte / gpu / second", "si_value": 1.6e12},
        {"claim_id": 3, "value": 0.8, "low": 0.8, "high": 0.8, "unit": "terabit / gpu / second", "si_value": 8e11},
        {"claim_id": 4, "value": None, "low": 100, "high": 150, "unit": "gigabyte / gpu / second", "si_value": None},
        {"claim_id": 5, "value": 7, "low": 7, "high": 7, "unit": "furlong / gpu / second", "si_value": None},
    ]
    unit, shown = in_one_unit(figures)
    assert unit == "terabit / gpu / second"
    assert [(f["shown_low"], f["shown_high"]) for f in shown] == [
        (1.6, 1.6), (1.6, 1.6), (0.8, 0.8), (0.8, 1.2), (None, None),
    ]


async def test_compare_page_lists_concepts_and_the_latest_figure_per_subject(hostile_datasette):
    from claimledger.browse.terms import concept

    page = await html(hostile_datasette, "/ledger/-/compare")
    assert f'<option value="{concept(THROUGHPUT_KEY)}" selected>tokens per second per GPU (2 subjects, 6 claims)</option>' in page
    figures = re.findall(r'<a href="/ledger/claims/(\d+)" class="bar" data-claim-id="\d+"', page)
    assert figures == ["2", "7"], "the standing figures, largest first (1 and 6 were replaced)"
    await html(hostile_datasette, "/ledger/-/compare?concept=nothing", status=404)


@pytest.mark.parametrize(
    "path",
    ["/ledger?until=2025-05-31&days=30", f"/ledger/-/history?key={quote(HOSTILE_KEY)}", "/ledger/-/history",
     "/ledger/-/compare", "/ledger/claims/7", "/ledger/claims", "/ledger/documents/17",
     "/ledger/changes?since=2025-05-01&until=2025-05-31", f"/ledger/key_history?key={quote(HOSTILE_KEY)}",
     "/ledger/compare_subjects?concept=" + quote("token per second per gpu | [token] / [time] / [gpu] | - | -")],
)
async def test_every_page_escapes_breakouts_from_feeds(hostile_datasette, path):
    page = await html(hostile_datasette, path)
    for raw in ("<script>document", "</svg><script", "<img src=x", "\"'></svg>"):
        assert raw not in page, raw
    assert "&lt;script&gt;document" in page


# The plugin as Datasette loads it: any database name, any base_url, its version.

async def test_plain_datasette_lists_the_plugin_with_its_version(tmp_path):
    from importlib.metadata import version

    from datasette.app import Datasette

    plain = Datasette([str(build_sample_ledger(tmp_path / "claims.db"))])
    plugins = (await plain.client.get("/-/plugins.json")).json()
    ours = [plugin for plugin in plugins if plugin["name"] == "claimledger"]
    assert ours and ours[0]["version"] == version("claimledger") and ours[0]["templates"] is True
    assert {"get_metadata", "register_routes", "render_cell", "handle_exception"} <= set(ours[0]["hooks"])


async def test_a_public_deploy_serves_every_page_immutable_without_arbitrary_sql(tmp_path):
    """The README's publish recipe: the file immutable, a query time limit, allow_sql off."""
    from datasette.app import Datasette

    public = Datasette(immutables=[str(build_sample_ledger(tmp_path / "claims.db"))], metadata={"allow_sql": False},
                       settings={"sql_time_limit_ms": 3500, "allow_download": False})
    assert (await public.client.get("/claims.json?sql=select+1")).status_code == 403
    for path in ("/claims?until=2025-05-31&days=120", "/claims/-/compare", "/claims/-/history",
                 f"/claims/-/history.json?key={quote(THROUGHPUT_KEY)}", "/claims/claims/2",
                 "/claims/changes?since=2025-02-01&until=2025-05-31", f"/claims/search?q={quote('倍')}"):
        await html(public, path)
    assert len(parsed_feed(await public.client.get("/claims/-/changes.atom")).entries) == 2


async def test_pages_work_under_base_url_with_any_database_name(tmp_path):
    import sqlite_utils
    from datasette.app import Datasette

    ledger = build_sample_ledger(tmp_path / "vendor-claims.db")
    sqlite_utils.Database(tmp_path / "notes.db")["notes"].insert({"text": "not a ledger"})
    served = Datasette([str(ledger), str(tmp_path / "notes.db")], settings={"base_url": "/base/"})
    for path in ("/vendor-claims?until=2025-05-31&days=120", "/vendor-claims/-/history", "/vendor-claims/-/compare",
                 f"/vendor-claims/-/history?key={quote(THROUGHPUT_KEY)}", "/vendor-claims/claims", "/vendor-claims/claims/2",
                 "/vendor-claims/changes?since=2025-02-01&until=2025-05-31", "/vendor-claims/superseded_figures"):
        page = await html(served, path)
        links = re.findall(r'(?:href|src|action)="(/[^"]*)"', page)
        assert links and all(link.startswith("/base/") for link in links), (path, [link for link in links if not link.startswith("/base/")])
    page = await html(served, "/vendor-claims?until=2025-05-31&days=120")
    assert 'href="/base/vendor-claims/-/history?key=' in page and "What changed" in page
    feed = parsed_feed(await served.client.get("/vendor-claims/-/changes.atom"))
    assert feed.entries[0].id == "http://localhost/base/vendor-claims/claims/2#updated"
    assert feed.feed.links[0].href == "http://localhost/base/vendor-claims/-/changes.atom"
    notes = await html(served, "/notes")
    assert 'id="what-changed"' not in notes and "The claims ledger" not in notes
    missing = await served.client.get("/notes/-/history")
    assert missing.status_code == 404 and "not a claimledger ledger" in missing.text


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
     "/ledger/changes?since=2026-01-01&until=2026-12-31", "/ledger/latest_figures", "/ledger/superseded_figures", "/ledger/conflicts", "/ledger/hedged_claims",
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
        ("88 万 TPS/MW", "算力前哨", "2026-10-23", 6),
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


# corpus/README.md's expected story: every change `make run`'s diff flags, as (status, old figure, new figure).
CORPUS_STORY_CHANGES = {
    ("superseded", "14,210 tokens per second per GPU", "16,635 tokens per second per GPU"),
    ("superseded", "1,020 queries per second", "1,196 queries per second"),
    ("superseded", "312 tokens per second per GPU", "371 tokens per second per GPU"),
    ("superseded", "268 tokens per second per GPU", "322 tokens per second per GPU"),
    ("conflict", "10 倍", "about 8x"),
    ("conflict", "800,000 TPS/MW", "about 650,000 TPS/MW"),
    ("updated", "800,000 TPS/MW", "880,000 TPS/MW"),
    ("conflict", "up to 190 kW", "about 230 kW"),
    ("conflict", "2,016 Rubin GPUs", "2,304 Rubin GPUs"),
    ("conflict", "28 racks", "32 racks"),
    ("superseded", "2,016 Rubin GPUs", "2,304 Rubin GPUs"),
    ("superseded", "28 racks", "32 racks"),
    ("updated", "more than 200 million metric samples per second", "more than 250 million metric samples per second"),
    ("superseded", "650 ns", "780 ns"),
    ("conflict", "140 kW", "about 160 kW"),
    ("conflict", "41%", "约为 38%"),
    ("updated", "41%", "45%"),
    ("updated", "94%", "96%"),
    ("updated", "约 31 小时", "约 52 小时"),
    ("updated", "4,096 颗 Hopper GPU", "6,144 颗 Hopper GPU"),
    ("updated", "约 5,200 个 token", "6,100 个 token"),
    ("updated", "3.4 倍", "4 倍"),
    ("updated", "180 ms", "140 ms"),
}


def test_corpus_diff_flags_exactly_the_changes_of_the_corpus_story(tmp_path_factory):
    """Every updated, superseded and conflict row of corpus/README.md's story, and no other (no false conflict)."""
    with sqlite3.connect(corpus_ledger(tmp_path_factory)) as connection:
        flagged = set(connection.execute(
            "SELECT claim.status, old.text, claim.text FROM claims claim JOIN claims old ON old.id = claim.compared_with "
            "WHERE claim.status IN ('updated', 'superseded', 'conflict')"
        ))
    assert flagged == CORPUS_STORY_CHANGES


async def test_corpus_subject_history_runs_oldest_first(corpus_datasette):
    found = await rows(corpus_datasette, f"/ledger/subject_history?subject={quote('vera rubin')}")
    dates = [row["published_on"] for row in found]
    assert dates == sorted(dates) and dates[0] == "2026-06-09"
    assert all("vera rubin" in row["subject"].lower() for row in found)


async def test_corpus_history_chart_marks_each_source(corpus_datasette):
    key = tps_per_mw_key(Path(corpus_datasette.get_database("ledger").path))
    page = await html(corpus_datasette, f"/ledger/-/history?key={quote(key)}")
    chart = page[page.index('id="history-chart"'):page.index("</svg>", page.index('id="history-chart"'))]
    # Six claims: the Chinese update states 88 万 twice (one change, two points).
    assert len(re.findall(r'class="point" data-claim-id="\d+"', chart)) == 6
    assert chart.count('data-hedge="up to"') >= 4 and chart.count('data-hedge="about"') >= 1
    assert re.findall(r'<g class="series" data-source="([^"]+)"', page) == [
        "Stratus Cloud Blog", "The Rack Report", "算力前哨",
    ]


async def test_corpus_script_quoted_in_a_post_is_shown_not_run(corpus_datasette):
    found = await rows(corpus_datasette, f"/ledger/documents?_search={quote('checked')}")
    page = await html(corpus_datasette, f"/ledger/documents/{found[0]['id']}")
    assert "&lt;script&gt;window.stratusCharts.push" in page
    assert "<script>window.stratusCharts" not in page


async def test_corpus_what_changed_this_autumn(corpus_datasette):
    page = await html(corpus_datasette, "/ledger?until=2026-11-18&days=30")
    assert "(30 days): 9 changes about 6 subjects." in page
    assert '<h3 class="subject" data-entity="kestrel k4">Kestrel K4 ' in page, "named in full, not by its bare code K4"
    row = page[page.index("<mark>880,000 TPS/MW</mark>") - 3000:page.index("<mark>880,000 TPS/MW</mark>")]
    assert '<span class="status status-updated">updated</span>' in row and "800,000 TPS/MW" in row
    found = await rows(corpus_datasette, "/ledger/changes?since=2026-10-20&until=2026-11-18")
    update = pick(found, new_figure="880,000 TPS/MW")
    assert [(row["old_figure"], row["old_source"], row["change_percent"]) for row in update] == [
        ("800,000 TPS/MW", "Stratus Cloud Blog", 10.0),
    ]


async def test_corpus_conflicts_in_what_changed_pair_what_claims_diff_paired(corpus_datasette):
    found = await rows(corpus_datasette, "/ledger/changes?since=2026-07-01&until=2026-07-31")
    assert {(row["old_figure"], row["old_source"], row["new_figure"]) for row in pick(found, change="conflict")} == {
        ("800,000 TPS/MW", "算力前哨", "about 650,000 TPS/MW"), ("10 倍", "算力前哨", "about 8x"),
    }


async def test_corpus_compare_tokens_per_megawatt_on_deepseek_r1(corpus_datasette):
    from claimledger.browse.terms import concept

    key = tps_per_mw_key(Path(corpus_datasette.get_database("ledger").path))
    page = await html(corpus_datasette, f"/ledger/-/compare?concept={quote(concept(key))}")
    assert "Compare across vendors: tokens per second per MW on DeepSeek R1" in page
    bars = page[page.index('id="compare-chart"'):page.index("</svg>", page.index('id="compare-chart"'))]
    assert re.findall(r'<text x="[\d.]+" y="[\d.]+">([^<]+)</text>', bars) == ["≤ 880,000", "80,000"]
    assert 'data-hedge="up to"' in bars and "token / megawatt / second" in bars
    assert "<td>Vera Rubin NVL72</td>" in page and "<td>GB200 NVL72</td>" in page


async def test_corpus_feed_has_an_entry_per_change(corpus_datasette):
    feed = parsed_feed(await corpus_datasette.client.get("/ledger/-/changes.atom"))
    every = await rows(corpus_datasette, "/ledger/changes?since=2000-01-01&until=2100-01-01")
    assert len(feed.entries) == len(every) >= 20
    assert len({entry.id for entry in feed.entries}) == len(feed.entries)


def test_every_plugin_hook_is_documented():
    import claimledger.browse as plugin

    hooks = [value for value in vars(plugin).values() if callable(value) and hasattr(value, "datasette_impl")]
    assert {hook.__name__ for hook in hooks} == {
        "startup", "get_metadata", "prepare_connection", "render_cell", "menu_links", "register_routes",
        "extra_template_vars", "register_facet_classes", "filters_from_request", "handle_exception",
    }
    assert all(hook.__doc__ for hook in hooks)


def test_configuration_keeps_to_keys_datasette_1_accepts():
    """Descriptions in metadata.yaml; table options and queries in config.yaml, laid out as datasette.yaml."""
    import yaml

    from claimledger.browse.ledgers import BROWSE_DIR

    metadata = yaml.safe_load((BROWSE_DIR / "metadata.yaml").read_text(encoding="utf-8"))
    config = yaml.safe_load((BROWSE_DIR / "config.yaml").read_text(encoding="utf-8"))
    descriptive = {"title", "description", "description_html", "columns", "source", "source_url", "license",
                   "license_url", "about", "about_url"}
    assert set(metadata) - {"databases"} <= descriptive
    assert set(metadata["databases"]["ledger"]) - {"tables"} <= descriptive
    for table in metadata["databases"]["ledger"]["tables"].values():
        assert set(table) <= descriptive
    table_options = {"sort", "sort_desc", "facets", "facet_size", "label_column", "fts_table", "fts_pk", "hidden",
                     "size", "searchmode", "plugins"}
    for table in config["databases"]["ledger"]["tables"].values():
        assert set(table) <= table_options
    for query in config["databases"]["ledger"]["queries"].values():
        assert set(query) <= {"sql", "title", "description", "hide_sql"}
