"""Bounds on what one feed, page or document may cost: cleaning linear in its input, entity expansion, entries, caps.

Linear time is asserted without a clock: the Python lines run for an input
four times longer must be at most about four times as many (a quadratic
walk gives 8 to 13 times). The count is the same on any machine and under
any load. Before this, 20,000 nested <div>s took 54 s to clean and 20,000
paragraphs side by side over 200 s.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from claimledger.crawl.limits import ENTITY_EXPANSION_CAP, MAX_ENTRIES, check_body
from claimledger.crawl.parse import parse_feed
from claimledger.text.article import page_text
from claimledger.text.budget import PAGE_CAP, TEXT_CAP, cap_text, trim_page
from claimledger.text.clean import html_to_text, main_text
from conftest import rss_feed

HOSTILE_MARKUP = {
    "nested divs": lambda n: "<div>" * n + "The pod runs 512 GPUs." + "</div>" * n,
    "nested tables": lambda n: "<table><tr><td>" * n + "512 GPUs" + "</td></tr></table>" * n,
    "paragraphs side by side": lambda n: "<p>The pod runs 512 GPUs.</p>" * n,
    "rows inside cells": lambda n: "<table>" + "<tr><td>512 GPUs" * n + "</table>",
    "line breaks then closing tags": lambda n: "<br>" * n + "<p>512 GPUs</p>" * n,
    "unclosed tags": lambda n: "<p>512 GPUs</p>" + "<x " * n,
    "unclosed comments": lambda n: "<p>512 GPUs</p>" + "<!--x" * n,
}
CLEANERS: dict[str, Callable[[str], str]] = {
    "feed content": html_to_text,
    "article heuristic": main_text,
    "article page": lambda html: page_text(html.encode("utf-8")).text,
}


def lines_run(function: Callable[[str], object], argument: str) -> int:
    """How many Python lines `function(argument)` runs: a measure of work that no machine's speed changes."""
    count = 0

    def trace(_frame, event, _arg):
        nonlocal count
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        function(argument)
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("cleaner", CLEANERS)
@pytest.mark.parametrize("markup", HOSTILE_MARKUP)
def test_cleaning_is_linear_in_the_input(markup, cleaner):
    make, clean = HOSTILE_MARKUP[markup], CLEANERS[cleaner]
    small, large = lines_run(clean, make(300)), lines_run(clean, make(1200))
    assert large <= 4.5 * small, f"{markup}: {small} lines for 300, {large} for 1,200"


def test_deep_and_wide_markup_still_gives_its_text():
    assert html_to_text(HOSTILE_MARKUP["nested divs"](20_000)) == "The pod runs 512 GPUs."
    assert html_to_text(HOSTILE_MARKUP["paragraphs side by side"](3)) == "\n\n".join(["The pod runs 512 GPUs."] * 3)
    # A row inside a cell starts a new row, as browsers read it, instead of nesting rows.
    assert html_to_text(HOSTILE_MARKUP["rows inside cells"](3)) == "512 GPUs\n512 GPUs\n512 GPUs"


QUADRATIC_ENTITY = (
    b'<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY a "' + b"a" * 50_000 + b'">\n]>\n'
    b'<rss version="2.0"><channel><title>x</title><item><guid>g</guid><description>'
    + b"&a;" * 3_000 + b"</description></item></channel></rss>"
)
BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY lol0 "lol">\n'
    + b"".join(b'<!ENTITY lol%d "%s">\n' % (level, b"&lol%d;" % (level - 1) * 10) for level in range(1, 10))
    + b']>\n<rss version="2.0"><channel><title>x</title><item><guid>g</guid><description>&lol9;</description>'
    b"</item></channel></rss>"
)


@pytest.mark.parametrize(("body", "total"), [
    (QUADRATIC_ENTITY, "150,000,000"),
    (BILLION_LAUGHS, f"{ENTITY_EXPANSION_CAP + 1:,}"),  # counted up to just over the limit
])
def test_entity_expansion_over_the_limit_is_refused_before_parsing(body, total):
    parsed = parse_feed(body, {}, "http://127.0.0.1/feed.xml")
    assert parsed.entries == []
    assert parsed.error == (f"entity expansion: the entities its DOCTYPE declares would expand to {total} characters "
                            f"(the limit is {ENTITY_EXPANSION_CAP:,}); not parsed")


def test_a_small_declared_entity_still_expands():
    body = (b'<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY vendor "Kestrel Silicon">\n]>\n'
            b'<rss version="2.0"><channel><title>x</title><item><guid>g</guid><title>&vendor; ships K3</title>'
            b"</item></channel></rss>")
    assert check_body(body).refusal is None
    entries = parse_feed(body, {}, "http://127.0.0.1/feed.xml").entries
    assert [entry.title for entry in entries] == ["Kestrel Silicon ships K3"]


def test_a_feed_is_read_up_to_its_entry_limit_and_says_so():
    items = [{"title": f"Post {number}", "guid": f"urn:post:{number}", "description": "d"} for number in range(1_500)]
    parsed = parse_feed(rss_feed(items), {}, "http://127.0.0.1/feed.xml")
    assert [entry.entry_id for entry in parsed.entries] == [f"urn:post:{number}" for number in range(MAX_ENTRIES)]
    assert parsed.problems == [f"entry limit: the first {MAX_ENTRIES:,} of its 1,500 entries were read"]
    assert parsed.error is None


def test_a_big_page_is_read_without_scripts_and_within_its_cap():
    script = b"<script>" + b"var x = 1;" * 400_000 + b"</script>"
    ld_json = b'<script type="application/ld+json">{"datePublished": "2026-03-02"}</script>'
    body = b"<body><article><p>K3 carries 192 GB.</p></article></body>"
    page = b"<html><head>" + ld_json + script + b"</head>" + body + b"</html>"
    trimmed = trim_page(page)
    assert b"var x" not in trimmed.value and ld_json in trimmed.value and len(trimmed.value) < PAGE_CAP
    assert trimmed.note == f"markup over {PAGE_CAP:,} bytes read without its scripts, styles and comments"
    endless = b"<html><body>" + b"<p>The pod runs 512 GPUs.</p>" * (PAGE_CAP // 10)
    trimmed = trim_page(endless)
    assert len(trimmed.value) <= PAGE_CAP and trimmed.value.endswith(b"</p>")
    assert trimmed.note == f"markup cut to its first {PAGE_CAP:,} bytes, without scripts, styles and comments"
    assert trim_page(b"<p>small</p>").note is None


def test_a_document_s_text_is_cut_at_a_paragraph_before_its_cap():
    paragraph = "The pod runs 512 GPUs. " * 20
    text = "\n\n".join([paragraph] * (2 * TEXT_CAP // len(paragraph)))
    capped = cap_text(text)
    assert len(capped.value) <= TEXT_CAP and capped.value.endswith("GPUs.")
    assert text.startswith(capped.value)
    assert capped.note == f"text cut to {TEXT_CAP:,} characters"


def test_feedparser_s_sanitizer_finds_the_same_comment_ends_in_one_pass():
    """crawl/sanitizer.py's comment_end against the pattern feedparser used, on seeded random markup."""
    import random
    import re

    from feedparser.sanitizer import _HTMLSanitizer

    from claimledger.crawl.sanitizer import comment_end

    feedparsers_own = re.compile(r"--[^>]*>")
    generator = random.Random(13)
    sanitizer = _HTMLSanitizer("utf-8", "text/html")
    for _ in range(3_000):
        rawdata = "<!--" + "".join(generator.choice(["-", "--", ">", "x", " ", "<!--", "- >"])
                                   for _ in range(generator.randrange(12)))
        sanitizer.rawdata = rawdata
        closed = re.search(r"--\s*>", rawdata[4:])
        own = feedparsers_own.search(rawdata, 4)
        expected = 4 + closed.end() if closed else own.end() if own else len(rawdata)
        assert comment_end(sanitizer, 0) == expected, rawdata


def test_an_entry_of_unclosed_comments_keeps_its_text_before_them():
    """Through feedparser itself, with comment_end in place: the text before the first unclosed comment, the rest
    left out, as feedparser meant (40,000 of them took its own pattern 8.9 s)."""
    for count in (10_000, 40_000):
        body = rss_feed([{"title": "t", "guid": "urn:c", "content": "<p>512 GPUs</p>" + "<!--x" * count}])
        (entry,) = parse_feed(body, {}, "http://127.0.0.1/feed.xml").entries
        assert entry.content == "<p>512 GPUs</p>"
