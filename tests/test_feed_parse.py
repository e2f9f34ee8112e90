"""Feed bytes to entries: ids, summaries, malformed XML kept with the complaint, charsets repaired or refused."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.crawl.parse import parse_feed

XML = {"Content-Type": "application/rss+xml; charset=utf-8"}


def rss(items: str, declaration: str = '<?xml version="1.0" encoding="utf-8"?>') -> bytes:
    return (
        f'{declaration}\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
        f"<channel><title>Vendor</title><link>https://vendor.example/</link><language>en-us</language>"
        f"{items}</channel></rss>"
    ).encode("utf-8")


FULL = (
    "<item><title>H100 cluster</title><link>https://vendor.example/p/1</link><guid>urn:p:1</guid>"
    "<pubDate>Tue, 03 Mar 2026 09:30:00 +0100</pubDate><description>Teaser</description>"
    "<content:encoded><![CDATA[<p>We run 16,384 GPUs.</p><script>alert(1)</script>"
    "<a href='/p/2'>next</a>]]></content:encoded></item>"
)


def test_full_entry():
    parsed = parse_feed(rss(FULL), XML, "https://vendor.example/feed.xml")
    (entry,) = parsed.entries
    assert (parsed.error, parsed.problems, parsed.lang) == (None, [], "en")
    assert (entry.entry_id, entry.url, entry.title) == ("urn:p:1", "https://vendor.example/p/1", "H100 cluster")
    assert entry.published == "2026-03-03T08:30:00Z"
    assert "16,384 GPUs" in entry.content and not entry.summary_only
    assert "<script" not in entry.content
    assert 'href="https://vendor.example/p/2"' in entry.content
    assert entry.summary == "Teaser"


def test_summary_only_entry():
    parsed = parse_feed(rss("<item><title>T</title><link>https://v.example/a</link><description>Short</description></item>"),
                        XML, "https://v.example/feed")
    assert parsed.entries[0].summary_only
    assert parsed.entries[0].summary == "Short"


def test_ids_fall_back_to_link_then_to_a_stable_hash():
    items = ("<item><title>A</title><guid>  </guid><link>https://v.example/a</link><description>x</description></item>"
             "<item><title>B</title><description>only text</description></item>")
    first = parse_feed(rss(items), XML, "https://v.example/feed").entries
    second = parse_feed(rss(items), XML, "https://v.example/feed").entries
    assert first[0].entry_id == "https://v.example/a"
    assert first[1].entry_id.startswith("sha256:") and first[1].entry_id == second[1].entry_id


def test_repeated_id_keeps_the_first_entry():
    items = "<item><guid>g</guid><title>first</title></item><item><guid>g</guid><title>second</title></item>"
    assert [entry.title for entry in parse_feed(rss(items), XML, "https://v.example/").entries] == ["first"]


def test_source_hash_follows_the_content():
    before = parse_feed(rss(FULL), XML, "https://v.example/").entries[0]
    after = parse_feed(rss(FULL.replace("16,384", "24,576")), XML, "https://v.example/").entries[0]
    again = parse_feed(rss(FULL), XML, "https://v.example/").entries[0]
    assert before.source_hash != after.source_hash and before.source_hash == again.source_hash


def test_malformed_xml_keeps_entries_with_the_complaint():
    items = "<item><guid>1</guid><title>a &nbsp; b</title><description>5 &mdash; 6</description></item>"
    parsed = parse_feed(rss(items), XML, "https://v.example/")
    assert parsed.error is None
    assert parsed.problems == ["malformed XML at line 2: undefined entity"]
    assert parsed.entries[0].summary == "5 \u2014 6"


def test_document_cut_short_loses_only_its_last_entry():
    body = rss("<item><guid>urn:1</guid><title>one</title></item><item><guid>urn:2</guid><title>two</title>"
               "<description>cut her")[:-len("</channel></rss>")]
    parsed = parse_feed(body, XML, "https://v.example/")
    assert [entry.entry_id for entry in parsed.entries] == ["urn:1"]
    assert "the document ends early; its last entry was left out" in parsed.problems


def test_gb2312_declared_as_utf8_is_decoded_right_and_flagged():
    items = "<item><guid>1</guid><title>新一代芯片性能提升百分之三十</title><description>推理吞吐量达到每秒一万二千个令牌，功耗降低百分之十五。</description></item>"
    body = rss(items).decode("utf-8").encode("gb2312")
    parsed = parse_feed(body, XML, "https://v.example/")
    assert parsed.entries[0].title == "新一代芯片性能提升百分之三十"
    assert "功耗降低百分之十五" in parsed.entries[0].summary
    assert parsed.problems == ["charset: declared utf-8 but the bytes are gb18030; decoded as gb18030"]


def test_honest_gb2312_declaration_needs_no_repair():
    items = "<item><guid>1</guid><title>性能提升百分之三十</title></item>"
    body = rss(items, '<?xml version="1.0" encoding="gb2312"?>').decode("utf-8").encode("gb2312")
    parsed = parse_feed(body, {"Content-Type": "application/xml"}, "https://v.example/")
    assert (parsed.entries[0].title, parsed.problems) == ("性能提升百分之三十", [])


def test_not_feeds_are_errors():
    assert parse_feed(b"", XML, "u").error == "empty body: the server sent no feed"
    assert parse_feed(b"  \n", XML, "u").error == "empty body: the server sent no feed"
    page = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>x</body></html>"
    assert parse_feed(page, {"Content-Type": "text/html"}, "u").error == "not a feed: an HTML page (text/html)"
    assert parse_feed(b'{"feed": 1}', {"Content-Type": "application/json"}, "u").error.startswith("not a feed")


def test_a_body_naming_a_local_file_is_never_read_as_that_file(tmp_path):
    secret = tmp_path / "secret.xml"
    secret.write_bytes(rss("<item><guid>secret</guid><title>secret</title></item>"))
    parsed = parse_feed(str(secret).encode(), XML, "https://v.example/")
    assert parsed.entries == [] and parsed.error.startswith("not a feed")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000) | st.text(max_size=500).map(lambda text: rss(f"<item><title>{text}</title></item>")))
def test_any_bytes_give_entries_or_an_error_never_an_exception(body):
    parsed = parse_feed(body, XML, "https://v.example/")
    assert parsed.error is not None or isinstance(parsed.entries, list)
    for entry in parsed.entries:
        assert entry.entry_id
