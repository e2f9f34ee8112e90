"""HTML to clean text: blocks, scripts, entities, Chinese spacing, article main text, terminal safety."""

from __future__ import annotations

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


def test_table_cells_stay_apart():
    assert html_to_text("<table><tr><td>H100</td><td>700 W</td></tr></table>") == "H100 700 W"


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
