"""HTML to clean text: blocks, scripts, entities, Chinese spacing, article main text, terminal safety."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from claimledger.terminal import printable
from claimledger.text.clean import document_lang, html_to_text, main_text


def test_blocks_become_paragraphs_and_breaks_lines():
    html = "<h2>Results</h2><p>Up to <b>3.2x</b>\n faster</p><ul><li>8 GPUs</li><li>64 GB<br>HBM3e</li></ul>"
    assert html_to_text(html) == "Results\n\nUp to 3.2x faster\n\n8 GPUs\n\n64 GB\nHBM3e"


def test_scripts_styles_and_comments_are_dropped_entities_decoded():
    html = "<style>p{}</style><p>A&amp;B &lt;fast&gt; &mdash; 5&nbsp;ms</p><script>alert(1)</script><!-- 99 -->"
    assert html_to_text(html) == "A&B <fast> \u2014 5 ms"


def test_no_spaces_between_chinese_characters_from_layout():
    assert html_to_text("<p>推理吞吐量\n    提升 <b>百分之三十</b></p>") == "推理吞吐量提升百分之三十"
    assert html_to_text("<p>GB200 NVL72 的 10 倍</p>") == "GB200 NVL72 的 10 倍"


def test_a_table_is_one_line_per_row_cells_apart_header_first():
    assert html_to_text("<table><tr><td>H100</td><td>700 W</td></tr></table>") == "H100 | 700 W"
    table = ("<p>Before</p><table><caption>Parts</caption><tbody><tr><td>H100</td><td></td><td>700&nbsp;W</td></tr>"
             "</tbody><thead><tr><th>GPU</th><th>Memory</th><th>Power</th></tr></thead>"
             "<tr><td></td><td></td></tr><tfoot><tr><td>Total</td><td>80 GB</td><td>1.4<br>kW</td></tr></tfoot>"
             "</table><p>After</p>")
    assert html_to_text(table) == (
        "Before\n\nParts\n\nGPU | Memory | Power\nH100 | | 700 W\nTotal | 80 GB | 1.4 kW\n\nAfter"
    )
    assert html_to_text("<table><tr><th>型号</th><th>功耗</th></tr><tr><td>加速卡\n甲</td><td>700 W</td></tr></table>") == (
        "型号 | 功耗\n加速卡甲 | 700 W"
    )


def test_a_layout_table_holding_another_table_keeps_its_cells_as_blocks():
    page = "<table><tr><td><p>The post, 3 GPUs.</p><table><tr><td>a</td><td>1 W</td></tr></table></td><td>Menu</td></tr></table>"
    assert html_to_text(page) == "The post, 3 GPUs.\n\na | 1 W\n\nMenu"


PAGE = """<!doctype html><html><head><title>Post</title><script>var x = 1;</script></head><body>
<header><a href="/">Stratus</a> <nav><a href="/blog">Blog</a> <a href="/about">About 500 people</a></nav></header>
<div class="layout"><aside>Related: 10 other posts</aside>
<div class="post"><p>The rack delivers 1.1 exaflops.</p><p>Power draw is 132 kW.</p></div>
<form><input name="q"> Subscribe for 2 emails a week</form></div>
<footer>&copy; 2026 Stratus. 3 offices.</footer></body></html>"""


def test_article_main_text_leaves_out_boilerplate():
    assert main_text(PAGE) == "The rack delivers 1.1 exaflops.\n\nPower draw is 132 kW."


def test_article_element_is_preferred():
    page = "<body><div><p>Sidebar text that is long enough to win on length alone, really.</p></div>" \
           "<article><h1>Title</h1><p>Short body: 4 GPUs.</p></article></body>"
    assert main_text(page) == "Title\n\nShort body: 4 GPUs."


def test_main_element_and_role_main():
    assert main_text("<body><div role='navigation'>Menu</div><main><p>Body 7%</p></main></body>") == "Body 7%"
    assert main_text("<body><div role='main'><p>Body 8%</p></div><div role='contentinfo'>x</div></body>") == "Body 8%"


def test_language_per_document_with_hint_for_letterless_text():
    assert document_lang("新一代芯片性能提升百分之三十 GB200") == "zh"
    assert document_lang("The GB200 NVL72 is 30x faster") == "en"
    assert document_lang("2026 · 30%", hint="zh") == "zh"


def test_printable_strips_terminal_control_sequences():
    assert printable("ok\x1b[31mred\x1b[0m\x07\x9b \x1b]0;title\x07done") == "okred done"


@given(st.text())
def test_any_fragment_gives_normalized_text(fragment):
    text = html_to_text(fragment)
    assert isinstance(text, str)
    assert text == text.strip()
    assert "\n\n\n" not in text


def test_article_bytes_in_another_charset_than_declared_are_decoded_right():
    page = "<html><body><nav>菜单</nav><article><p>功耗降低百分之十五。</p></article></body></html>"
    assert main_text(page.encode("gb2312"), "utf-8") == "功耗降低百分之十五。"
    assert main_text(page.encode("utf-8"), "utf-8") == "功耗降低百分之十五。"


def test_undeclared_page_charsets_of_english_and_chinese_pages():
    assert "繁體中文的頁面" in main_text("<p>繁體中文的頁面，效能提升百分之三十。</p>".encode("big5"))
    assert main_text("<p>naïve café, résumé.</p>".encode("cp1252"), "utf-8") == "naïve café, résumé."
    assert main_text('<meta charset="big5"><p>頁面</p>'.encode("big5"), "utf-8") == "頁面"


def test_printable_drops_bidirectional_overrides_or_replaces_them():
    assert printable("rate\u202e 5 GB/s\u2066") == "rate 5 GB/s"
    assert printable("a\u202eb", replacement=" ") == "a b"


# Pages in the shapes that broke the heuristic on real sites, written for these tests.
PAGES = Path(__file__).parent / "data" / "pages"


def page(name: str) -> str:
    return (PAGES / name).read_text(encoding="utf-8")


AD_SLOT_MAIN = """<html><body><main><section class="billboard">Advertisement</section></main>
<div class="article-body"><p>Wren Networks doubled its backbone to 400 Gb/s between its 6 data centers.</p>
<p>Latency between the two largest sites fell to 2.1 ms.</p></div><div class="rail"><p>Sign up</p></div></body></html>"""


def test_boilerplate_nested_in_boilerplate_is_removed_without_reading_a_removed_element():
    assert main_text(page("nested-roles.html")) == (
        "The Osprey accelerator draws 450 W at full load and ships with 96 GB of memory.\n\n"
        "A rack of 32 Ospreys fits within a 15 kW budget."
    )


def test_an_empty_article_or_an_ad_slot_main_is_passed_over_for_the_text():
    assert main_text(page("empty-article.html")) == (
        "Larkspur cuts idle power\n\nBy the news desk, 11 February 2025\n\nLarkspur Systems says its new firmware cuts the idle power of its storage nodes "
        "by 35%, from 80 W to 52 W.\n\nThe update ships to all 1,200 customer sites next month."
    )
    assert main_text(AD_SLOT_MAIN) == (
        "Wren Networks doubled its backbone to 400 Gb/s between its 6 data centers.\n\n"
        "Latency between the two largest sites fell to 2.1 ms."
    )


def test_text_written_straight_into_divs_is_found():
    assert main_text(page("div-only.html")) == (
        "Heron 2 ships\n\nHeron Labs began shipping the Heron 2 switch today.\n\nEach switch moves 51.2 Tb/s "
        "across 64 ports of 800 Gb/s, twice the bandwidth of Heron 1.\n\nOrders placed this quarter ship within 6 weeks."
    )


def test_a_form_wrapping_the_whole_page_is_not_boilerplate_but_a_form_inside_it_is():
    assert main_text(page("page-in-a-form.html")) == "The Osprey accelerator draws 450 W.\n\nIt ships in 3 configurations."
