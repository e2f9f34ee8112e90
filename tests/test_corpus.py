"""The demo corpus: feeds/demo.toml, the feeds and article pages under corpus/.

These read files only (plus one loopback server of their own), so they hold
whatever state the crawler and the extractor are in.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import threading
import tomllib
from collections import defaultdict
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import feedparser
import pytest
from bs4 import BeautifulSoup

from claimledger.text.lang import detect_lang

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
DEMO_FEEDS = ROOT / "feeds" / "demo.toml"
CORPUS_ORIGIN = "http://127.0.0.1:8765"
# No loopback request in the tests waits less: a loaded machine is slow, not broken.
LOOPBACK_TIMEOUT = 10


def corpus_file(url: str) -> Path:
    """The file under corpus/ that `make run` serves at `url`."""
    assert url.startswith(CORPUS_ORIGIN + "/"), url
    return CORPUS / urlsplit(url).path.lstrip("/")


def demo_feeds() -> list[dict]:
    return tomllib.loads(DEMO_FEEDS.read_text(encoding="utf-8"))["feeds"]


@functools.cache
def parsed_feeds() -> dict[str, feedparser.FeedParserDict]:
    """Every demo feed parsed from its file, by feed name."""
    return {
        feed["name"]: feedparser.parse(corpus_file(feed["url"]).read_bytes())
        for feed in demo_feeds()
    }


def all_entries() -> Iterator[tuple[str, feedparser.FeedParserDict]]:
    for name, parsed in parsed_feeds().items():
        for entry in parsed.entries:
            yield name, entry


def entry_text(entry: feedparser.FeedParserDict) -> str:
    """The entry's HTML: its content where the feed has it, else its article page."""
    if "content" in entry:
        return entry.content[0].value
    return corpus_file(entry.link).read_text(encoding="utf-8")


def load_build_module():
    spec = importlib.util.spec_from_file_location("corpus_build", CORPUS / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_rendered_files_match_the_post_sources():
    build = load_build_module()
    stale = [
        str(path.relative_to(CORPUS))
        for path, text in build.render_corpus().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run python corpus/build.py"


def test_demo_toml_lists_every_feed_of_the_corpus_on_loopback():
    feeds = demo_feeds()
    listed = {corpus_file(feed["url"]) for feed in feeds}
    on_disk = set(CORPUS.glob("*/feed.xml")) | set(CORPUS.glob("*/atom.xml"))
    assert listed == on_disk
    assert all(feed["allow_private"] is True and feed["lang"] in {"en", "zh"} for feed in feeds)
    assert len({feed["name"] for feed in feeds}) == len(feeds)


@pytest.mark.parametrize("feed", demo_feeds(), ids=lambda feed: feed["url"].rsplit("/", 2)[1])
def test_feed_parses_without_bozo(feed):
    parsed = parsed_feeds()[feed["name"]]
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version in {"rss20", "atom10"}
    assert parsed.entries


def test_both_feed_formats_are_present():
    assert {parsed.version for parsed in parsed_feeds().values()} == {"rss20", "atom10"}


def test_every_entry_links_to_an_existing_article_page():
    for name, entry in all_entries():
        page = corpus_file(entry.link)
        assert page.is_file(), f"{name}: {entry.link}"


def test_every_entry_has_an_id_a_title_and_a_date_within_the_demo_period():
    months = set()
    for name, entry in all_entries():
        assert entry.get("id") and entry.get("title"), f"{name}: {entry.link}"
        assert entry.get("published_parsed"), f"{name}: {entry.link} has no date"
        year, month = entry.published_parsed[:2]
        assert year == 2026 and 3 <= month <= 11, f"{name}: {entry.link}"
        months.add(month)
    assert len(months) >= 6, "posts should spread over months"


def test_post_count_is_in_the_planned_range():
    links = {entry.link for _, entry in all_entries()}
    assert 20 <= len(links) <= 30


def test_some_entries_carry_full_content_and_some_only_a_summary():
    with_content = [entry for _, entry in all_entries() if "content" in entry]
    summary_only = [entry for _, entry in all_entries() if "content" not in entry]
    assert with_content and summary_only
    assert all(entry.get("summary") for entry in summary_only)


def test_article_pages_have_boilerplate_around_the_article_body():
    for name, entry in all_entries():
        page = BeautifulSoup(corpus_file(entry.link).read_text(encoding="utf-8"), "html.parser")
        assert page.find("nav"), f"{name}: {entry.link} has no nav"
        assert page.find("h1"), f"{name}: {entry.link} has no headline"
        footer = page.find("footer") or page.find(id="footer") or page.find(class_="footer")
        assert footer, f"{name}: {entry.link} has no footer"
        assert "<p>" in entry_text(entry)


def test_both_languages_are_present_in_the_post_texts():
    languages = defaultdict(int)
    for _, entry in all_entries():
        text = BeautifulSoup(entry_text(entry), "html.parser").get_text(" ")
        languages[detect_lang(text)] += 1
    assert languages["en"] >= 5 and languages["zh"] >= 5


def test_one_post_is_repeated_in_two_feeds_with_the_same_link_and_id():
    feeds_by_link = defaultdict(set)
    ids_by_link = defaultdict(set)
    for name, entry in all_entries():
        feeds_by_link[entry.link].add(name)
        ids_by_link[entry.link].add(entry.id)
    repeated = [link for link, names in feeds_by_link.items() if len(names) >= 2]
    assert repeated
    assert all(len(ids_by_link[link]) == 1 for link in repeated)


def test_the_chinese_report_restates_the_english_announcement():
    english = corpus_file(f"{CORPUS_ORIGIN}/stratus/posts/vera-rubin-nvl72-first-results.html")
    chinese = corpus_file(f"{CORPUS_ORIGIN}/suanli/posts/stratus-rubin-10x.html")
    english_text = BeautifulSoup(english.read_text(encoding="utf-8"), "html.parser").get_text(" ")
    chinese_text = BeautifulSoup(chinese.read_text(encoding="utf-8"), "html.parser").get_text(" ")
    assert detect_lang(english_text) == "en" and detect_lang(chinese_text) == "zh"
    for figure in ("10x", "800,000 TPS/MW", "80,000 TPS/MW", "DeepSeek R1", "GB200 NVL72"):
        assert figure in english_text
    for figure in ("10 倍", "800,000 TPS/MW", "80,000 TPS/MW", "DeepSeek R1", "GB200 NVL72"):
        assert figure in chinese_text


def test_hostile_touches_are_in_place():
    # feedparser strips <script> from content, so look at the files as served.
    raw_feeds = [corpus_file(feed["url"]).read_text(encoding="utf-8") for feed in demo_feeds()]
    assert any("<script>" in feed for feed in raw_feeds), "a feed body with a live <script>"
    pages = [
        BeautifulSoup(corpus_file(entry.link).read_text(encoding="utf-8"), "html.parser")
        for _, entry in all_entries()
    ]
    assert any(page.select("article script") for page in pages), "an article body with a <script>"
    contents = [entry_text(entry) for _, entry in all_entries()]
    assert any("&lt;script&gt;" in html for html in contents), "a post quoting <script> as text"
    assert any("&nbsp;" in html for html in contents), "an HTML entity between number and unit"
    titles = [entry.title for _, entry in all_entries()]
    assert any("&" in title for title in titles), "an escaped ampersand in a title"


@pytest.fixture
def corpus_server() -> Iterator[str]:
    """corpus/ served as a static web root on a free loopback port."""
    handler = functools.partial(QuietHandler, directory=str(CORPUS))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output clean."""


def test_feeds_and_pages_are_served_as_a_static_web_root(corpus_server):
    for feed in demo_feeds():
        url = feed["url"].replace(CORPUS_ORIGIN, corpus_server)
        with urlopen(url, timeout=LOOPBACK_TIMEOUT) as response:
            parsed = feedparser.parse(response.read())
        assert not parsed.bozo and parsed.entries, url
        article = parsed.entries[-1].link.replace(CORPUS_ORIGIN, corpus_server)
        with urlopen(article, timeout=LOOPBACK_TIMEOUT) as response:
            assert response.status == 200
            assert b"</html>" in response.read()
