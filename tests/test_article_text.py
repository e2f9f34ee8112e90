"""Article pages to text, title and date: trafilatura first, the heuristic as fallback, and never an exception.

The pages in tests/data/pages/ are written for these tests, each in the shape
of a page that broke text extraction on real sites.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.text.article import EXTRACTORS, Extracted, heuristic_text, iso_published, page_text

PAGES = Path(__file__).parent / "data" / "pages"


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()


def test_article_kept_and_banner_teasers_comments_newsletter_footer_left_out():
    result = page_text(page("boilerplate-around-article.html"))
    assert result.extractor == "trafilatura" and result.problems == ()
    assert result.text.split("\n\n") == [
        "Finch Cloud opens its Lisbon region",
        "Finch Cloud customers can now run workloads in Lisbon, our ninth region and the second in southern Europe.",
        "The region opens with 2,048 GPUs in three availability zones, each zone with its own power feed and 12 MW "
        "of capacity.",
        "Network",
        "Lisbon connects to our Madrid region over two diverse fibre paths, with a round-trip latency of 9 ms "
        "between the two.",
        "Zone | GPUs\nlis-1a | 1,024\nlis-1b | 512\nlis-1c | 512",
        "Reserved capacity in Lisbon is priced 8% below our Frankfurt region until the end of the year.",
    ]


def test_title_and_date_from_the_page_markup():
    result = page_text(page("boilerplate-around-article.html"))
    assert result.title == "Finch Cloud opens its Lisbon region"
    # 22:30 at UTC-4 is the next day in UTC.
    assert result.published == "2025-10-01T02:30:00Z"
    # A <time> without a zone gives the day alone, not an invented midnight.
    assert page_text(page("empty-article.html")).published == "2025-02-11"


def test_a_copyright_line_is_not_a_publication_date():
    result = page_text(page("nested-roles.html"))
    assert result.published is None and result.title == ""


def test_pages_that_broke_the_heuristic_give_their_main_text():
    expected = {
        "nested-roles.html": "The Osprey accelerator draws 450 W at full load and ships with 96 GB of memory.\n\n"
                             "A rack of 32 Ospreys fits within a 15 kW budget.",
        "empty-article.html": "Larkspur cuts idle power\n\nLarkspur Systems says its new firmware cuts the idle power "
                              "of its storage nodes by 35%, from 80 W to 52 W.\n\n"
                              "The update ships to all 1,200 customer sites next month.",
        "div-only.html": "Heron 2 ships\n\nHeron Labs began shipping the Heron 2 switch today.\n\nEach switch moves "
                         "51.2 Tb/s across 64 ports of 800 Gb/s, twice the bandwidth of Heron 1.\n\n"
                         "Orders placed this quarter ship within 6 weeks.",
        "page-in-a-form.html": "The Osprey accelerator draws 450 W.\n\nIt ships in 3 configurations.",
    }
    for name, text in expected.items():
        result = page_text(page(name))
        assert (result.text, result.problems) == (text, ()), name


def test_the_heuristic_answers_when_trafilatura_keeps_nothing():
    result = page_text("<html><body><ul><li>8 GPUs</li><li>64 GB</li></ul></body></html>")
    assert (result.extractor, result.text) == ("heuristic", "8 GPUs\n\n64 GB")


def test_nothing_found_anywhere_is_an_empty_text_not_an_error():
    result = page_text("<html><body><aside><p>Related: the K3 carries 192 GB.</p></aside></body></html>")
    assert (result.text, result.extractor, result.problems) == ("", None, ())


def failing_extractor(page: str) -> Extracted:
    raise RuntimeError(f"cannot handle a page of {len(page)} characters")


def test_an_extractor_that_raises_hands_over_and_the_reason_is_kept():
    html = page("nested-roles.html")
    result = page_text(html, extractors=[("first", failing_extractor), ("heuristic", heuristic_text)])
    assert result.extractor == "heuristic"
    assert result.text.startswith("The Osprey accelerator draws 450 W")
    assert result.problems == (f"first: RuntimeError: cannot handle a page of {len(html.decode())} characters",)
    nothing = page_text(html, extractors=[("first", failing_extractor), ("second", failing_extractor)])
    assert (nothing.text, nothing.extractor, len(nothing.problems)) == ("", None, 2)


def test_default_chain_is_trafilatura_then_the_heuristic():
    assert [name for name, _ in EXTRACTORS] == ["trafilatura", "heuristic"]


def test_chinese_page_in_an_undeclared_charset_keeps_its_characters_together():
    html = ("<html><head><title>新品发布</title></head><body><nav>首页 · 新闻</nav><article><h1>新品发布</h1>"
            "<p>新一代加速卡的推理吞吐量提升百分之三十，功耗降低百分之十五。</p>"
            "<p>每台服务器配备 8 张加速卡，显存共 768 GB。</p></article></body></html>")
    result = page_text(html.encode("gb18030"), "utf-8")
    assert "新一代加速卡的推理吞吐量提升百分之三十，功耗降低百分之十五。" in result.text
    assert "每台服务器配备 8 张加速卡，显存共 768 GB。" in result.text
    assert "首页" not in result.text


def test_publication_dates_as_iso():
    assert iso_published("2025-03-24T09:30:00+0200") == "2025-03-24T07:30:00Z"
    assert iso_published("2025-03-24T00:00:00") == "2025-03-24"
    assert iso_published(None) is None and iso_published("not a date") is None


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.text(), st.binary(), st.lists(st.sampled_from(
    ["<p>", "</p>", "<div role='navigation'>", "</div>", "<article>", "</article>", "<main>", "<nav>", "<form>",
     "<br>", "<table><tr><td>", "3.2 GB/s", "功耗", "\x00", "<!--", "-->", "<script>", "&amp;", "<?xml ?>"]
)).map("".join)))
def test_no_page_raises_out_of_text_extraction(html):
    result = page_text(html)
    assert result.text == result.text.strip()
    assert "\n\n\n" not in result.text
