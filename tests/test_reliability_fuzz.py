"""Hostile input everywhere: feeds built from arbitrary Unicode, control characters, very long lines, mixed scripts.

The feed-parser glue, the document preparation behind it, the extractor, the
key normaliser and the terminal cleaning must never raise, and every offset
they give must slice the text it claims to. (Known limit, see the README's
Reliability section: the extractor's time grows with the square of the figures
in one unbroken sentence, so the long lines here are long in text, not in figures.)
"""

from __future__ import annotations

import unicodedata
from xml.sax.saxutils import escape

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimledger import extract
from claimledger.crawl.prepare import prepare_document
from claimledger.crawl.parse import parse_feed
from claimledger.text.lang import LANGUAGES
from claimledger.diff.keys import (
    canonical_dimensionality,
    claim_key,
    fold,
    has_revision_cue,
    key_of_parts,
    normalise_metric,
    normalise_name,
    publisher,
    round_in_sentence,
    split_round,
)
from claimledger.diff.report import clean
from claimledger.terminal import printable

SLOW = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEADERS = {"Content-Type": "application/rss+xml; charset=utf-8"}

# Pieces of the scripts and characters feeds really carry, and the ones that break naive code.
HOSTILE = st.sampled_from([
    "\x00", "\x07", "\x1b[31m", "\x1b]0;title\x07", "\x9b2J", "\r", "\u202e", "\u200b", "\ufeff", "\u2028",
    "e\u0301", "\U0001f680", "한국어", "русский", "عربي", "שלום", "新一代芯片", "百分之三十", "１２３", "٣٤٥",
    "&amp;", "&nbsp;", "&bogus;", "<![CDATA[", "]]>", "<script>alert(1)</script>", "<b>", "</p>", "\"'",
    "javascript:alert(1)", " onload=x ", "10x", "3.2 TB/s", "up to 40%", "最高 2.5 倍", "$4.99/hour", "\n\n",
])
TEXT = st.lists(st.one_of(st.text(max_size=30), HOSTILE), max_size=15).map("".join)
LONG_LINE = st.tuples(TEXT, st.integers(1000, 4000), TEXT).map(
    lambda parts: parts[0] + "x9 GPU " * parts[1] + parts[2]
)
ANY_TEXT = st.one_of(TEXT, LONG_LINE, st.text())


@st.composite
def hostile_feeds(draw) -> bytes:
    """An RSS document whose items carry hostile text, raw (often malformed XML) or escaped."""
    items = []
    for number in range(draw(st.integers(0, 4))):
        raw = draw(st.booleans())
        put = (lambda text: text) if raw else escape
        guid = draw(st.sampled_from([None, "", "   ", "urn:same", f"urn:item:{number}"]) | TEXT)
        link = draw(st.sampled_from([None, "", "https://v.example/post", "javascript:alert(1)", "/relative"]) | TEXT)
        parts = [f"<title>{put(draw(TEXT))}</title>"]
        if guid is not None:
            parts.append(f"<guid>{put(guid)}</guid>")
        if link is not None:
            parts.append(f"<link>{put(link)}</link>")
        body = draw(ANY_TEXT)
        if draw(st.booleans()):
            parts.append(f"<content:encoded><![CDATA[<p>{body}</p>]]></content:encoded>")
        else:
            parts.append(f"<description>{put(body)}</description>")
        items.append("<item>" + "".join(parts) + "</item>")
    document = (
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
        'xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Fuzz</title>'
        + "".join(items) + "</channel></rss>\n"
    )
    return document.encode("utf-8", errors="surrogatepass" if draw(st.booleans()) else "replace")


def check_claims(text: str, claims: list) -> None:
    for claim in claims:
        assert text[claim.start:claim.end] == claim.text
        assert text[claim.sentence_start:claim.sentence_end] == claim.sentence
        assert claim.sentence_start <= claim.start <= claim.end <= claim.sentence_end


@SLOW
@given(hostile_feeds())
def test_hostile_feeds_give_stable_ids_and_documents_whose_claims_slice_their_text(body):
    parsed = parse_feed(body, HEADERS, "https://v.example/feed.xml")
    again = parse_feed(body, HEADERS, "https://v.example/feed.xml")
    assert (parsed.error is None) or parsed.entries == []
    ids = [entry.entry_id for entry in parsed.entries]
    # The same bytes always name their entries the same way, and no two entries share a name.
    assert ids == [entry.entry_id for entry in again.entries]
    assert len(ids) == len(set(ids)) and all(entry_id.strip() for entry_id in ids)
    assert [entry.source_hash for entry in parsed.entries] == [entry.source_hash for entry in again.entries]
    for entry in parsed.entries:
        document = prepare_document(entry, None, None)
        if document is None:
            continue
        assert document.text and document.lang in LANGUAGES
        check_claims(document.text, document.claims)


@SLOW
@given(st.binary(max_size=3000), st.sampled_from([
    {}, HEADERS, {"Content-Type": "text/html"}, {"Content-Type": "application/xml; charset=gb2312"},
    {"Content-Type": "text/xml; charset=bogus"}, {"Content-Encoding": "gzip"},
]))
def test_any_bytes_with_any_headers_give_entries_or_a_reason(body, headers):
    parsed = parse_feed(body, headers, "https://v.example/feed.xml")
    assert parsed.entries or parsed.error or parsed.problems is not None
    if parsed.error:
        assert "\n" not in parsed.error


@SLOW
@given(ANY_TEXT, st.sampled_from([None, "en", "zh"]))
def test_extractor_offsets_hold_on_long_lines_controls_and_mixed_scripts(text, lang):
    check_claims(text, extract(text, lang=lang))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_key_normaliser_never_raises_and_folding_is_idempotent(text):
    folded = fold(text)
    assert fold(folded) == folded
    normalise_name(text)
    normalise_metric(text)
    split_round(text)
    round_in_sentence(text)
    has_revision_cue(text)
    publisher(text)
    canonical_dimensionality(text)


@FAST
@given(ANY_TEXT, ANY_TEXT | st.none(), st.sampled_from(["quantity", "ratio", "percent", "count", None]),
       st.sampled_from(["[length]", "[mass] / [time] ** 3", "bogus ** x", "", None]) | TEXT, ANY_TEXT | st.none(),
       ANY_TEXT | st.none())
def test_any_parts_give_the_same_key_every_time(subject, metric, kind, dimensionality, baseline, condition):
    key = key_of_parts(subject, metric, kind, dimensionality, baseline, condition)
    row = {"subject": subject, "metric": metric, "kind": kind, "dimensionality": dimensionality,
           "baseline": baseline, "condition": condition}
    assert claim_key(row) == key
    if key is not None:
        assert isinstance(key.text, str) and key.text


def is_terminal_control(char: str) -> bool:
    return char not in "\n\t" and unicodedata.category(char) == "Cc"


@FAST
@given(ANY_TEXT)
def test_nothing_from_a_feed_reaches_the_terminal_as_a_control_character(text):
    for cleaned in (printable(text), clean(text)):
        assert not any(is_terminal_control(char) for char in cleaned), repr(cleaned)
