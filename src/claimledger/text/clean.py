"""HTML to clean text: a feed entry's content, or the main text of an article page.

Block elements become line breaks, scripts and styles are dropped, entities are
decoded. On article pages (the fallback when trafilatura finds nothing, see
text/article.py), navigation, headers, footers, asides and forms are left out
and the text comes from <article> or <main> when they hold the text, else from
the block that holds the most paragraph text.
"""

from __future__ import annotations

import re
import warnings

import charset_normalizer
from bs4 import BeautifulSoup, Comment, Tag, XMLParsedAsHTMLWarning

from claimledger.text.lang import detect_lang
from claimledger.text.scripts import CJK_PUNCTUATION_RANGES, FULLWIDTH_RANGES, HAN_RANGES, character_class

NEVER_TEXT = ["script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "canvas", "head"]
BOILERPLATE = ["nav", "header", "footer", "aside", "form", "button", "select", "menu", "dialog"]
BOILERPLATE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "dialog"}
BLOCKS = {
    "address", "article", "blockquote", "caption", "dd", "details", "div", "dl", "dt", "figcaption",
    "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "ol", "p",
    "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul",
}
CELLS = {"td", "th"}
# Between the cells of a table row: a row is one line, and the extractor reads consecutive such lines as a table.
CELL_SEPARATOR = " | "
PARAGRAPHS = ["p", "li", "pre", "blockquote", "td", "h2", "h3", "h4"]
# An <article> or <main> holding less than this share of the best block's text is a teaser, an ad slot
# or an empty shell, not the article.
ARTICLE_SHARE = 0.25
# The charsets of English and Chinese pages that are not UTF-8.
LIKELY_CHARSETS = ["gb18030", "big5", "cp1252"]
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)

CJK = character_class(CJK_PUNCTUATION_RANGES + HAN_RANGES + FULLWIDTH_RANGES)
SPACE_BETWEEN_CJK = re.compile(f"(?<=[{CJK}])[ \t]+(?=[{CJK}])")
SPACES = re.compile(r"[ \t\f\v\u00a0\u2000-\u200b\u202f\u205f]+")
BLANK_LINES = re.compile(r"\n{3,}")
ANY_WHITESPACE = re.compile(r"[ \t\n\r\f\v]+")
LINE_BREAK, PARAGRAPH_BREAK = "\u2028", "\u2029"


def html_to_text(html: str) -> str:
    """Clean text of an HTML fragment: one paragraph per block, entities decoded, no markup."""
    soup = BeautifulSoup(html, "html.parser")
    drop(soup, NEVER_TEXT)
    return element_text(soup)


def main_text(html: str | bytes, charset: str | None = None) -> str:
    """The main text of an article page, without navigation, header, footer, asides and forms.

    Bytes are decoded with `decode_page` (`charset` is the HTTP header's).
    """
    with warnings.catch_warnings():
        # Whatever a server sent as the article page is read as HTML, XHTML and stray XML alike.
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(decode_page(html, charset) if isinstance(html, bytes) else html, "html.parser")
    drop(soup, NEVER_TEXT)
    drop_boilerplate(soup)
    return element_text(main_element(soup))


def drop_boilerplate(soup: BeautifulSoup) -> None:
    """Remove navigation, headers, footers, asides, forms and the elements with those roles.

    A form holding most of the page's text wraps the page (ASP.NET puts the
    whole body in one), so it stays.
    """
    page_length = len(soup.get_text(strip=True))
    for element in soup.find_all(BOILERPLATE):
        # Found before its ancestor was removed: a removed element has no attributes left to read.
        if element.decomposed:
            continue
        if element.name == "form" and 2 * len(element.get_text(strip=True)) > page_length:
            continue
        element.decompose()
    for element in soup.find_all(attrs={"role": True}):
        if not element.decomposed and element.get("role", "").lower() in BOILERPLATE_ROLES:
            element.decompose()


def decode_page(body: bytes, charset: str | None) -> str:
    """A page's text: the header's charset, the page's own <meta> or UTF-8, whichever decodes it
    strictly first; else the likeliest of the charsets English and Chinese pages use.

    Unrestricted detection reads a short GB2312 page as EUC-KR; restricted to
    the charsets of this project's sources it does not.
    """
    for candidate in (charset, meta_charset(body), "utf-8"):
        if candidate:
            try:
                return body.decode(candidate)
            except (UnicodeDecodeError, LookupError):
                continue
    guess = charset_normalizer.from_bytes(body, cp_isolation=LIKELY_CHARSETS).best()
    # Nothing fits: replacement characters mark what could not be read, rather than a silent wrong guess.
    return str(guess) if guess else body.decode("utf-8", errors="replace")


def meta_charset(body: bytes) -> str | None:
    """The charset a page declares in its first 2 KB (<meta charset> or http-equiv)."""
    match = META_CHARSET.search(body[:2048])
    return match.group(1).decode("ascii") if match else None


def main_element(soup: BeautifulSoup) -> Tag:
    """<article> (the longest), else <main>, when it holds a fair share of the text; else the best paragraph block."""
    block = best_block(soup)
    block_length = len(block.get_text(strip=True)) if block is not None else 0
    articles = soup.find_all("article")
    candidates = [max(articles, key=lambda article: len(article.get_text())) if articles else None,
                  soup.find("main") or soup.find(attrs={"role": "main"})]
    for candidate in candidates:
        if candidate is not None and len(candidate.get_text(strip=True)) >= ARTICLE_SHARE * block_length > 0:
            return candidate
    return block if block is not None else soup.body or soup


def best_block(soup: BeautifulSoup) -> Tag | None:
    """The element whose own paragraphs hold the most text; a <div> with text of its own is a paragraph too.

    Pages that write their text straight into <div>s (with <br> between
    lines) have no <p> at all.
    """
    scores: dict[int, tuple[int, Tag]] = {}

    def credit(element: Tag, length: int) -> None:
        previous = scores.get(id(element), (0, element))[0]
        scores[id(element)] = (previous + length, element)

    for element in soup.find_all([*PARAGRAPHS, "div"]):
        length = own_text_length(element) if element.name == "div" else len(element.get_text(strip=True))
        if not length:
            continue
        if element.name == "div":
            credit(element, length)
        if isinstance(element.parent, Tag):
            credit(element.parent, length)
    if not scores:
        return None
    return max(scores.values(), key=lambda scored: scored[0])[1]


def own_text_length(element: Tag) -> int:
    """Length of the text directly in `element`, not inside its block children."""
    length = 0
    for child in element.children:
        if isinstance(child, Tag):
            if child.name not in BLOCKS:
                length += len(child.get_text(strip=True))
        elif not isinstance(child, Comment):
            length += len(child.strip())
    return length


def drop(soup: BeautifulSoup, names: list[str]) -> None:
    """Remove every element named in `names`, and comments, with their contents."""
    for element in soup.find_all(names):
        element.decompose()
    for comment in soup.find_all(string=lambda string: isinstance(string, Comment)):
        comment.extract()


def element_text(element: Tag) -> str:
    """Text of `element` with paragraph breaks at block boundaries, line breaks at <br>, and each data table
    one line per row."""
    for table in data_tables(element):
        table.replace_with(table_text(table))
    for line_break in element.find_all("br"):
        line_break.replace_with(LINE_BREAK)
    for block in element.find_all(BLOCKS):
        block.insert_before(PARAGRAPH_BREAK)
        block.insert_after(PARAGRAPH_BREAK)
    for cell in element.find_all(CELLS):
        cell.insert_after(" ")
    # Whitespace in HTML source is layout, not text: only the markup's breaks survive.
    text = ANY_WHITESPACE.sub(" ", element.get_text())
    return normalize_whitespace(text.replace(LINE_BREAK, "\n").replace(PARAGRAPH_BREAK, "\n\n"))


def data_tables(element: Tag) -> list[Tag]:
    """The tables in `element` that hold data: a table holding another table lays out a page, its cells stay blocks."""
    return [table for table in element.find_all("table") if table.find("table") is None]


def table_text(table: Tag) -> str:
    """A data table as one line per row, cells joined by CELL_SEPARATOR, header rows first; its caption a
    paragraph before it. Empty cells keep their place, so every row's cells line up with the header's."""
    rows = [[cell_text(cell) for cell in row.find_all(CELLS, recursive=False)] for row in header_first(table)]
    lines = [CELL_SEPARATOR.join(cells) for cells in rows if any(cells)]
    caption = table.find("caption")
    paragraphs = [cell_text(caption)] if caption else []
    return PARAGRAPH_BREAK + PARAGRAPH_BREAK.join([*paragraphs, LINE_BREAK.join(lines)]) + PARAGRAPH_BREAK


def header_first(table: Tag) -> list[Tag]:
    """The rows of `table`: <thead> rows, then the body's, then <tfoot> rows, whatever their order in the source."""
    order = {"thead": 0, "tfoot": 2}
    rows = table.find_all("tr")
    return sorted(rows, key=lambda row: order.get(row.find_parent(["thead", "tbody", "tfoot", "table"]).name, 1))


def cell_text(cell: Tag) -> str:
    """A cell's text on one line."""
    for line_break in cell.find_all("br"):
        line_break.replace_with(" ")
    for block in cell.find_all(BLOCKS):
        block.insert_before(" ")
        block.insert_after(" ")
    return " ".join(cell.get_text().split())


def normalize_whitespace(text: str) -> str:
    """One space between words, none between Chinese characters, at most one blank line between paragraphs."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = SPACES.sub(" ", line).strip()
        lines.append(SPACE_BETWEEN_CJK.sub("", line))
    return BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def document_text(title: str, body: str) -> str:
    """A document as the ledger keeps it: the title, a blank line, then the body."""
    return "\n\n".join(part for part in (title, body_after_title(title, body)) if part)


def body_after_title(title: str, body: str) -> str:
    """`body` without its first line when that line is the title: article pages repeat it as their heading."""
    first_line, _, rest = body.partition("\n")
    return rest.strip() if title and first_line.strip() == title else body


def plain_text(text: str) -> str:
    """Plain text from a feed (text/plain content), with its whitespace normalized."""
    return normalize_whitespace(text)


def document_lang(text: str, hint: str | None = None) -> str:
    """The language of a document's text; the feed's `hint` when the text has no letters."""
    return detect_lang(text, default=hint or "en")
