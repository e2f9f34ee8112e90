"""Crawl rounds against real servers on 127.0.0.1: each HTTP outcome ends in its documented state, nothing stored is lost."""

from __future__ import annotations

from datetime import timedelta
from http.server import BaseHTTPRequestHandler

import pytest
import sqlite_utils

from claimledger.crawl.lock import crawl_lock
from claimledger.crawl.round import CrawlOptions, crawl
from claimledger.crawl.schedule import freshness, parse_iso, parse_retry_after, utc_now
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.fetch import FetchLimits
from claimledger.errors import CrawlLockedError
from conftest import redirect, reply, rss_feed

# Loopback timeouts of at least 10 s, and a feed deadline far above them: the deadline also covers
# parsing and cleaning in a worker that may be starting up, and a loaded machine must never make a
# healthy feed miss it.
OPTIONS = CrawlOptions(
    concurrency=4, workers=1, limits=FetchLimits(host_gap=0, read_timeout=10, connect_timeout=10, deadline=60)
)
POST = {
    "title": "Stratus expands its H100 fleet",
    "link": "http://127.0.0.1/posts/fleet.html",
    "guid": "urn:post:fleet",
    "pubDate": "Tue, 03 Mar 2026 09:30:00 GMT",
    "content": "<p>The new cluster runs 16,384 H100 GPUs.</p><p>Training throughput rose 30%.</p>",
}
OTHER = {
    "title": "Kestrel K3 sampling",
    "guid": "urn:post:k3",
    "content": "<p>The K3 carries 192 GB of HBM3e.</p>",
}


def feed(server, path: str = "/feed.xml", name: str = "Vendor", allow_private: bool = True) -> FeedConfig:
    return FeedConfig(name=name, url=server.url(path), lang="en", allow_private=allow_private)


def run(tmp_path, *feeds: FeedConfig, options: CrawlOptions = OPTIONS):
    return crawl(tmp_path / "claims.db", list(feeds), options)


def ledger(tmp_path) -> sqlite_utils.Database:
    return sqlite_utils.Database(tmp_path / "claims.db")


def feed_row(tmp_path, name: str = "Vendor") -> dict:
    return next(ledger(tmp_path)["feeds"].rows_where("name = ?", [name]))


def etag_handler(body: bytes):
    def handle(request: BaseHTTPRequestHandler) -> None:
        if request.headers.get("If-None-Match") == '"v1"':
            reply(b"", status=304)(request)
        else:
            reply(body, "application/rss+xml", headers={"ETag": '"v1"'})(request)

    return handle


def test_ok_stores_documents_claims_state_and_the_fetch(tmp_path, http_server):
    http_server.route("/feed.xml", etag_handler(rss_feed([POST, OTHER])))
    report = run(tmp_path, feed(http_server))
    assert [(f.status, f.new_documents) for f in report.feeds] == [("ok", 2)]
    db = ledger(tmp_path)
    document = next(db["documents"].rows_where("entry_id = ?", ["urn:post:fleet"]))
    assert document["text"] == (
        "Stratus expands its H100 fleet\n\nThe new cluster runs 16,384 H100 GPUs.\n\nTraining throughput rose 30%."
    )
    assert (document["published"], document["lang"], document["revision"]) == ("2026-03-03T09:30:00Z", "en", 1)
    claims = list(db["claims"].rows_where("document_id = ?", [document["id"]]))
    assert any(claim["value"] == 16384 for claim in claims)
    for claim in claims:
        assert document["text"][claim["start"]:claim["end"]] == claim["text"]
        assert (claim["source"], claim["url"]) == ("Vendor", POST["link"])
    assert report.new_claims == db["claims"].count
    row = feed_row(tmp_path)
    assert (row["status"], row["etag"], row["failures"], row["error"]) == ("ok", '"v1"', 0, None)
    (fetch,) = db["fetches"].rows
    assert (fetch["outcome"], fetch["http_status"], fetch["new_documents"]) == ("ok", 200, 2)


def test_unchanged_feed_costs_one_304_and_writes_nothing(tmp_path, http_server):
    http_server.route("/feed.xml", etag_handler(rss_feed([POST, OTHER])))
    run(tmp_path, feed(http_server))
    documents = list(ledger(tmp_path)["documents"].rows)
    report = run(tmp_path, feed(http_server))
    assert [(f.status, f.new_documents, f.new_claims) for f in report.feeds] == [("not_modified", 0, 0)]
    assert http_server.hits("/feed.xml")[1].headers["If-None-Match"] == '"v1"'
    assert list(ledger(tmp_path)["documents"].rows) == documents
    assert feed_row(tmp_path)["status"] == "not_modified"


def test_rerun_without_validators_adds_nothing(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST, OTHER])))
    run(tmp_path, feed(http_server))
    before = (ledger(tmp_path)["documents"].count, ledger(tmp_path)["claims"].count)
    report = run(tmp_path, feed(http_server))
    assert [(f.status, f.new_documents) for f in report.feeds] == [("ok", 0)]
    assert (ledger(tmp_path)["documents"].count, ledger(tmp_path)["claims"].count) == before


@pytest.mark.parametrize(("status", "moves"), [(301, True), (308, True), (302, False), (307, False)])
def test_permanent_redirect_updates_the_stored_url(tmp_path, http_server, status, moves):
    http_server.route("/old.xml", redirect("/new.xml", status))
    http_server.route("/new.xml", reply(rss_feed([POST])))
    report = run(tmp_path, feed(http_server, "/old.xml"))
    assert report.feeds[0].status == "ok"
    row = feed_row(tmp_path)
    assert row["url"] == http_server.url("/new.xml" if moves else "/old.xml")
    assert row["config_url"] == http_server.url("/old.xml")
    run(tmp_path, feed(http_server, "/old.xml"))
    assert len(http_server.hits("/old.xml")) == (1 if moves else 2)


def test_gone_retires_the_feed_and_keeps_its_documents(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    http_server.route("/feed.xml", reply(b"gone", "text/plain", status=410))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "gone"
    assert (feed_row(tmp_path)["retired"], feed_row(tmp_path)["status"]) == (1, "gone")
    again = run(tmp_path, feed(http_server))
    assert again.feeds[0].status == "skipped" and "gone" in again.feeds[0].reason
    assert len(http_server.hits("/feed.xml")) == 2
    assert ledger(tmp_path)["documents"].count == 1


def test_server_error_backs_off_exponentially_and_recovers(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    http_server.route("/feed.xml", reply(b"oops", "text/plain", status=500))
    started = utc_now()
    report = run(tmp_path, feed(http_server))
    assert (report.feeds[0].status, report.feeds[0].reason) == ("failed", "HTTP 500")
    row = feed_row(tmp_path)
    assert row["failures"] == 1
    assert timedelta(minutes=14) < parse_iso(row["next_attempt"]) - started <= timedelta(minutes=16)
    skipped = run(tmp_path, feed(http_server))
    assert skipped.feeds[0].status == "skipped" and "backing off after 1 failure" in skipped.feeds[0].reason
    assert len(http_server.hits("/feed.xml")) == 2
    ledger(tmp_path)["feeds"].update(row["id"], {"next_attempt": "2000-01-01T00:00:00Z"})
    run(tmp_path, feed(http_server))
    row = feed_row(tmp_path)
    assert row["failures"] == 2
    assert timedelta(minutes=29) < parse_iso(row["next_attempt"]) - started <= timedelta(minutes=31)
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    ledger(tmp_path)["feeds"].update(row["id"], {"next_attempt": "2000-01-01T00:00:00Z"})
    recovered = run(tmp_path, feed(http_server))
    assert recovered.feeds[0].status == "ok"
    row = feed_row(tmp_path)
    assert (row["failures"], row["next_attempt"], row["error"]) == (0, None, None)
    assert ledger(tmp_path)["documents"].count == 1
    assert [f["outcome"] for f in ledger(tmp_path)["fetches"].rows] == ["ok", "failed", "failed", "ok"]


def test_retry_after_is_honoured(tmp_path, http_server):
    http_server.route("/feed.xml", reply(b"slow down", "text/plain", status=429, headers={"Retry-After": "7200"}))
    started = utc_now()
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].reason == "HTTP 429 (Retry-After 7200 s)"
    assert parse_iso(feed_row(tmp_path)["next_attempt"]) - started >= timedelta(hours=2)


def test_retry_after_as_an_http_date():
    headers = {"retry-after": "Wed, 21 Oct 2026 07:30:00 GMT", "date": "Wed, 21 Oct 2026 07:28:00 GMT"}
    assert parse_retry_after(headers) == timedelta(minutes=2)
    assert parse_retry_after({"retry-after": "120"}) == timedelta(seconds=120)
    assert parse_retry_after({"retry-after": "soon"}) is None


def test_a_slow_feed_times_out_and_the_others_are_still_crawled(tmp_path, http_server):
    http_server.route("/slow.xml", http_server.stall())
    http_server.route("/feed.xml", reply(rss_feed([OTHER])))
    report = run(tmp_path, feed(http_server, "/slow.xml", "Slow"), feed(http_server))
    statuses = {f.name: (f.status, f.reason) for f in report.feeds}
    assert statuses["Slow"][0] == "failed"
    assert statuses["Slow"][1].startswith(f"read timeout: no data for {OPTIONS.limits.read_timeout:g} s")
    assert statuses["Vendor"] == ("ok", None)


def test_a_trickled_body_is_stopped_at_the_deadline(tmp_path, http_server):
    def trickle(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.end_headers()
        # A byte every 0.2 s never lets the read timeout fire; only the deadline ends it.
        while not http_server.stopping.wait(0.2):
            request.wfile.write(b" ")
            request.wfile.flush()

    http_server.route("/feed.xml", trickle)
    options = CrawlOptions(workers=1, limits=FetchLimits(host_gap=0, read_timeout=10, connect_timeout=10, deadline=15))
    report = run(tmp_path, feed(http_server), options=options)
    assert report.feeds[0].status == "failed"
    assert report.feeds[0].reason.startswith(f"deadline of {options.limits.deadline:g} s exceeded")


@pytest.mark.parametrize("encoding", [None, "gzip"])
def test_oversized_bodies_and_gzip_bombs_fail_at_the_cap(tmp_path, http_server, encoding):
    import zlib

    if encoding:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        body = b"".join(compressor.compress(bytes(1 << 20)) for _ in range(64)) + compressor.flush()
        http_server.route("/feed.xml", reply(body, headers={"Content-Encoding": "gzip"}))
    else:
        http_server.route("/feed.xml", reply(b"<rss>" + b" " * (3 << 20)))
    options = CrawlOptions(workers=1, limits=FetchLimits(host_gap=0, deadline=15, max_bytes=1 << 20))
    report = run(tmp_path, feed(http_server), options=options)
    assert report.feeds[0].status == "failed" and "over the cap of 1048576 bytes" in report.feeds[0].reason


def test_malformed_xml_is_partial_with_the_complaint(tmp_path, http_server):
    body = rss_feed([POST]).replace(b"Stratus expands", b"Stratus &nbsp; expands")
    http_server.route("/feed.xml", reply(body))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "partial"
    assert report.feeds[0].reason.startswith("malformed XML at line")
    assert report.feeds[0].new_documents == 1
    row = feed_row(tmp_path)
    assert (row["status"], row["error"]) == ("partial", report.feeds[0].reason)


def test_wrong_charset_is_decoded_right_and_flagged(tmp_path, http_server):
    post = {"title": "新一代芯片性能提升百分之三十", "guid": "urn:zh:1",
            "description": "推理吞吐量达到每秒一万二千个令牌，功耗降低百分之十五。"}
    body = rss_feed([post]).decode("utf-8").encode("gb2312")
    http_server.route("/feed.xml", reply(body, "application/xml; charset=utf-8"))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "partial"
    assert "declared utf-8 but the bytes are gb18030" in report.feeds[0].reason
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["text"] == "新一代芯片性能提升百分之三十\n\n推理吞吐量达到每秒一万二千个令牌，功耗降低百分之十五。"
    assert document["lang"] == "zh"


ARTICLE = """<html><body><nav>Home · Blog · 12 careers</nav>
<article><h1>K3 sampling</h1><p>The K3 carries 192 GB of HBM3e at 8 TB/s.</p></article>
<footer>© 2026 Kestrel · 4 offices</footer></body></html>"""


def test_summary_only_entry_takes_the_article_page_main_text(tmp_path, http_server):
    http_server.route("/posts/k3.html", reply(ARTICLE, "text/html; charset=utf-8"))
    teaser = {"title": "K3 sampling", "guid": "urn:k3", "link": http_server.url("/posts/k3.html"),
              "description": "Kestrel begins sampling."}
    http_server.route("/feed.xml", reply(rss_feed([teaser])))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "ok"
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["text"] == "K3 sampling\n\nThe K3 carries 192 GB of HBM3e at 8 TB/s."
    assert [f["outcome"] for f in ledger(tmp_path)["fetches"].rows] == ["article", "ok"]


DATED_ARTICLE = """<!DOCTYPE html><html><head><title>Wren doubles its backbone | Wren Networks</title>
<meta property="article:published_time" content="2025-06-02T10:00:00+02:00"></head><body>
<div class="cookie-banner"><p>We use 3 kinds of cookies. <button>Accept</button></p></div>
<nav><a href="/">Home</a> <a href="/jobs">12 open roles</a></nav>
<article><h1>Wren doubles its backbone</h1>
<p>Wren Networks doubled its backbone to 400 Gb/s between its 6 data centers this spring.</p>
<p>Latency between the two largest sites fell to 2.1 ms, down from 3.4 ms a year ago.</p></article>
<section class="related"><h3>Related posts</h3><ul><li><a href="/a">Wren adds 900 km of fibre</a></li>
<li><a href="/b">Prices cut by 15%</a></li></ul></section>
<footer>© 2025 Wren Networks</footer></body></html>"""
UNTITLED_POST_PAGE = """<html><head><title>Wren adds 900 km of fibre | Wren Networks</title></head><body><nav>Home</nav>
<div class="post"><p>Wren Networks added 900 km of dark fibre to its northern ring, linking 4 new sites.</p>
<p>The ring now spans 2,300 km.</p></div></body></html>"""


def test_summary_only_entry_without_a_date_takes_the_page_text_and_date(tmp_path, http_server):
    http_server.route("/posts/backbone.html", reply(DATED_ARTICLE, "text/html; charset=utf-8"))
    http_server.route("/posts/fibre.html", reply(UNTITLED_POST_PAGE, "text/html; charset=utf-8"))
    teaser = {"title": "Wren doubles its backbone", "guid": "urn:wren",
              "link": http_server.url("/posts/backbone.html"), "description": "Faster links between sites."}
    untitled = {"guid": "urn:wren-2", "link": http_server.url("/posts/fibre.html"), "description": "More fibre."}
    http_server.route("/feed.xml", reply(rss_feed([teaser, untitled])))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "ok"
    document = next(ledger(tmp_path)["documents"].rows_where("entry_id = 'urn:wren'"))
    assert document["text"] == (
        "Wren doubles its backbone\n\n"
        "Wren Networks doubled its backbone to 400 Gb/s between its 6 data centers this spring.\n\n"
        "Latency between the two largest sites fell to 2.1 ms, down from 3.4 ms a year ago."
    )
    assert document["published"] == "2025-06-02T08:00:00Z"
    claims = list(ledger(tmp_path)["claims"].rows_where("document_id = ?", [document["id"]]))
    assert claims and {claim["published"] for claim in claims} == {"2025-06-02T08:00:00Z"}
    # An entry the feed gives no title takes the page's, without the site's name; a page without a date leaves none.
    untitled_document = next(ledger(tmp_path)["documents"].rows_where("entry_id = 'urn:wren-2'"))
    assert (untitled_document["title"], untitled_document["published"]) == ("Wren adds 900 km of fibre", None)
    assert untitled_document["text"].startswith("Wren adds 900 km of fibre\n\nWren Networks added 900 km")
    fetches = list(ledger(tmp_path)["fetches"].rows_where("outcome = 'article'"))
    assert [(f["http_status"], f["error"]) for f in fetches] == [(200, None), (200, None)]


def test_a_page_without_main_text_keeps_the_summary_and_says_so(tmp_path, http_server):
    http_server.route("/posts/empty.html", reply("<html><body><aside><p>Related: 3 posts</p></aside></body></html>", "text/html"))
    teaser = {"title": "K3", "guid": "urn:k3", "link": http_server.url("/posts/empty.html"),
              "pubDate": "Tue, 03 Mar 2026 09:30:00 GMT", "description": "Kestrel begins sampling 3 parts."}
    http_server.route("/feed.xml", reply(rss_feed([teaser])))
    run(tmp_path, feed(http_server))
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["text"] == "K3\n\nKestrel begins sampling 3 parts."
    assert document["published"] == "2026-03-03T09:30:00Z"
    article_fetch = next(ledger(tmp_path)["fetches"].rows_where("outcome = 'article_failed'"))
    assert (article_fetch["http_status"], article_fetch["error"]) == (
        200, "no main text in the page; the document keeps the feed's summary"
    )


def test_article_link_to_another_private_host_is_refused_and_the_summary_kept(tmp_path, http_server):
    teaser = {"title": "K3", "guid": "urn:k3", "link": f"http://localhost:{http_server.port}/posts/k3.html",
              "description": "Kestrel begins sampling 3 parts."}
    http_server.route("/feed.xml", reply(rss_feed([teaser])))
    run(tmp_path, feed(http_server))
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["text"] == "K3\n\nKestrel begins sampling 3 parts."
    article_fetch = next(ledger(tmp_path)["fetches"].rows_where("outcome = 'article_failed'"))
    assert "refused localhost" in article_fetch["error"]
    assert http_server.hits("/posts/k3.html") == []


def test_redirect_to_a_private_address_is_refused(tmp_path, http_server):
    http_server.route("/feed.xml", redirect(f"http://localhost:{http_server.port}/inside.xml", 302))
    http_server.route("/inside.xml", reply(rss_feed([POST])))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "failed"
    assert "refused localhost: it resolves to the private or reserved address" in report.feeds[0].reason
    assert http_server.hits("/inside.xml") == []


def test_loopback_feed_without_allow_private_is_refused(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    report = run(tmp_path, feed(http_server, allow_private=False))
    assert report.feeds[0].status == "failed" and "refused 127.0.0.1" in report.feeds[0].reason
    assert report.feeds[0].reason.endswith(
        "if the feed is served on this machine or your own network, `allow_private = true` in its [[feeds]] entry "
        "allows it")
    assert http_server.hits("/feed.xml") == []


def test_the_allow_private_hint_is_only_for_the_feed_s_own_address(tmp_path, http_server):
    http_server.route("/feed.xml", redirect(f"http://localhost:{http_server.port}/inside.xml", 302))
    report = run(tmp_path, feed(http_server))
    assert "refused localhost" in report.feeds[0].reason and "allow_private" not in report.feeds[0].reason


def test_edited_entry_is_a_new_revision_and_the_old_one_stays(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    edited = POST | {"content": POST["content"].replace("16,384", "24,576")}
    http_server.route("/feed.xml", reply(rss_feed([edited])))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].new_documents == 1
    documents = list(ledger(tmp_path)["documents"].rows_where(order_by="id"))
    assert [(d["entry_id"], d["revision"]) for d in documents] == [("urn:post:fleet", 1), ("urn:post:fleet", 2)]
    assert "16,384" in documents[0]["text"] and "24,576" in documents[1]["text"]
    values = {(c["document_id"], c["value"]) for c in ledger(tmp_path)["claims"].rows}
    assert (documents[0]["id"], 16384) in values and (documents[1]["id"], 24576) in values
    link = next(ledger(tmp_path)["feed_entries"].rows)
    assert link["document_id"] == documents[1]["id"]


def test_the_same_post_in_two_feeds_is_one_document(tmp_path, http_server):
    http_server.route("/a.xml", reply(rss_feed([POST, OTHER])))
    http_server.route("/b.xml", reply(rss_feed([POST])))
    report = run(tmp_path, feed(http_server, "/a.xml", "A"), feed(http_server, "/b.xml", "B"))
    assert report.new_documents == 2
    db = ledger(tmp_path)
    assert db["documents"].count == 2
    links = db.execute("SELECT count(*), count(DISTINCT document_id) FROM feed_entries").fetchone()
    assert links == (3, 2)


@pytest.mark.parametrize(("body", "content_type", "reason"), [
    (b"", "application/xml", "empty body: the server sent no feed"),
    (b"<!DOCTYPE html><html><body>Just a moment...</body></html>", "text/html", "not a feed: an HTML page (text/html)"),
])
def test_non_feed_answers_fail_and_keep_what_was_stored(tmp_path, http_server, body, content_type, reason):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    http_server.route("/feed.xml", reply(body, content_type))
    report = run(tmp_path, feed(http_server))
    assert (report.feeds[0].status, report.feeds[0].reason) == ("failed", reason)
    assert ledger(tmp_path)["documents"].count == 1 and feed_row(tmp_path)["failures"] == 1


def test_body_cut_off_halfway_fails_and_stores_nothing(tmp_path, http_server):
    body = rss_feed([POST, OTHER])

    def truncated(request: BaseHTTPRequestHandler) -> None:
        request.send_response(200)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body[: len(body) // 2])
        request.close_connection = True

    http_server.route("/feed.xml", truncated)
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "failed" and "connection broken" in report.feeds[0].reason
    assert ledger(tmp_path)["documents"].count == 0


def test_the_user_changing_a_feed_url_starts_it_afresh(tmp_path, http_server):
    http_server.route("/feed.xml", reply(b"", status=410))
    run(tmp_path, feed(http_server))
    http_server.route("/new.xml", reply(rss_feed([POST])))
    report = run(tmp_path, feed(http_server, "/new.xml"))
    assert report.feeds[0].status == "ok"
    assert (feed_row(tmp_path)["retired"], ledger(tmp_path)["feeds"].count) == (0, 1)


def test_a_second_crawl_of_the_same_ledger_is_refused(tmp_path):
    with crawl_lock(tmp_path / "claims.db"):
        with pytest.raises(CrawlLockedError, match=r"another crawl \(pid \d+\) is writing to .*use --wait"):
            with crawl_lock(tmp_path / "claims.db"):
                pass
    with crawl_lock(tmp_path / "claims.db"):
        pass


def test_a_429_pauses_every_feed_on_that_host_where_politeness_applies(tmp_path, http_server):
    http_server.route("/a.xml", reply(b"", status=429, headers={"Retry-After": "600"}))
    http_server.route("/b.xml", reply(rss_feed([POST])))
    polite = CrawlOptions(concurrency=1, workers=1, limits=FetchLimits(host_gap=0.1, polite_to_private_hosts=True))
    report = run(tmp_path, feed(http_server, "/a.xml", "A"), feed(http_server, "/b.xml", "B"), options=polite)
    assert [(f.name, f.status) for f in report.feeds] == [("A", "failed"), ("B", "failed")]
    assert "host 127.0.0.1 asked us to wait" in report.feeds[1].reason
    assert http_server.hits("/b.xml") == []


def test_a_shared_post_is_credited_to_the_feed_listed_first(tmp_path, http_server):
    http_server.route("/a.xml", reply(b"down", "text/plain", status=500))
    http_server.route("/b.xml", reply(rss_feed([POST])))
    feeds = [feed(http_server, "/a.xml", "A"), feed(http_server, "/b.xml", "B")]
    run(tmp_path, *feeds)
    assert {d["source"] for d in ledger(tmp_path)["documents"].rows} == {"B"}
    http_server.route("/a.xml", reply(rss_feed([POST])))
    ledger(tmp_path)["feeds"].update(feed_row(tmp_path, "A")["id"], {"next_attempt": None})
    report = run(tmp_path, *feeds)
    assert report.new_documents == 0
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["source"] == "A" and document["feed_id"] == feed_row(tmp_path, "A")["id"]
    assert {c["source"] for c in ledger(tmp_path)["claims"].rows} == {"A"}


def test_a_feed_the_server_calls_fresh_is_not_asked_again_until_then(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST]), headers={"Cache-Control": "public, max-age=600"}))
    started = utc_now()
    run(tmp_path, feed(http_server))
    fresh_until = parse_iso(feed_row(tmp_path)["next_attempt"])
    assert timedelta(minutes=9) < fresh_until - started <= timedelta(minutes=11)
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "skipped" and report.feeds[0].reason.startswith("fresh until")
    assert len(http_server.hits("/feed.xml")) == 1
    ledger(tmp_path)["feeds"].update(feed_row(tmp_path)["id"], {"next_attempt": "2000-01-01T00:00:00Z"})
    assert run(tmp_path, feed(http_server)).feeds[0].status == "ok"
    assert len(http_server.hits("/feed.xml")) == 2


def test_freshness_headers():
    assert freshness({"cache-control": "public, max-age=600"}) == timedelta(minutes=10)
    assert freshness({"expires": "Wed, 21 Oct 2026 08:00:00 GMT", "date": "Wed, 21 Oct 2026 07:30:00 GMT"}) == \
        timedelta(minutes=30)
    assert freshness({"cache-control": "max-age=99999999"}) == timedelta(days=1)
    for headers in ({"cache-control": "max-age=0"}, {"cache-control": "no-cache, max-age=60"}, {"expires": "0"}, {}):
        assert freshness(headers) is None


def test_an_article_page_in_a_wrongly_declared_charset_is_read_right(tmp_path, http_server):
    page = "<html><body><nav>首页</nav><article><p>推理吞吐量达到每秒一万二千个令牌。</p></article></body></html>"
    http_server.route("/posts/zh.html", reply(page.encode("gb2312"), "text/html; charset=utf-8"))
    teaser = {"title": "新品发布", "guid": "urn:zh", "link": http_server.url("/posts/zh.html"), "description": "摘要"}
    http_server.route("/feed.xml", reply(rss_feed([teaser])))
    run(tmp_path, feed(http_server))
    (document,) = ledger(tmp_path)["documents"].rows
    assert document["text"] == "新品发布\n\n推理吞吐量达到每秒一万二千个令牌。"


def test_an_id_reused_for_another_post_is_stored_and_flagged(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    other = {"title": "Quarterly dividend announced", "guid": POST["guid"], "content": "<p>A 2% dividend.</p>"}
    http_server.route("/feed.xml", reply(rss_feed([other])))
    report = run(tmp_path, feed(http_server))
    assert report.feeds[0].status == "ok" and report.feeds[0].new_documents == 1
    assert "the id may have been reused for another post" in report.feeds[0].reason
    assert [d["revision"] for d in ledger(tmp_path)["documents"].rows_where(order_by="id")] == [1, 2]


def test_an_ordinary_edit_is_not_flagged(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed([POST])))
    run(tmp_path, feed(http_server))
    edited = POST | {"title": "Stratus expands its H100 fleet again"}
    http_server.route("/feed.xml", reply(rss_feed([edited])))
    report = run(tmp_path, feed(http_server))
    assert (report.feeds[0].new_documents, report.feeds[0].reason) == (1, None)


def test_an_exception_anywhere_in_one_feed_ends_that_feed_and_every_other_feed_is_stored(
    tmp_path, http_server, monkeypatch
):
    """Fault injection at the round level: whatever goes wrong inside one feed's handling stays in that feed."""
    import claimledger.crawl.store as store_module
    from claimledger.crawl.fetch import Fetcher

    names = ["first", "fetch-raises", "store-raises", "last"]
    for number, name in enumerate(names):
        http_server.route(f"/{name}.xml", reply(rss_feed([{**OTHER, "guid": f"urn:{name}",
                                                           "content": f"<p>{name} has {number + 2} GB.</p>"}])))
    real_fetch, real_store = Fetcher.fetch, store_module.store_document

    async def fetch(self, url, **options):
        if url.endswith("/fetch-raises.xml"):
            raise RuntimeError("injected into the fetch")
        return await real_fetch(self, url, **options)

    def store_document(db, feed_row, prepared, now):
        if feed_row["name"] == "store-raises":
            raise KeyError("injected into the writer")
        return real_store(db, feed_row, prepared, now)

    monkeypatch.setattr(Fetcher, "fetch", fetch)
    monkeypatch.setattr(store_module, "store_document", store_document)
    report = run(tmp_path, *(feed(http_server, f"/{name}.xml", name) for name in names))
    statuses = {feed_report.name: (feed_report.status, feed_report.reason) for feed_report in report.feeds}
    assert statuses["first"] == ("ok", None) and statuses["last"] == ("ok", None)
    assert statuses["fetch-raises"] == (
        "failed", "internal error while handling this feed: RuntimeError: injected into the fetch")
    assert statuses["store-raises"] == (
        "failed", "internal error while handling this feed: KeyError: 'injected into the writer'")
    stored = {row["source"] for row in ledger(tmp_path)["documents"].rows}
    assert stored == {"first", "last"}
    for name in ("fetch-raises", "store-raises"):
        row = feed_row(tmp_path, name)
        assert row["failures"] == 1 and row["next_attempt"] > row["last_fetched"], name
        assert row["etag"] is None
