"""HTML to clean text: a feed entry's content, or the main text of an article page.

Block elements become line breaks, scripts and styles are dropped, entities are
decoded. On article pages (the fallback when trafilatura finds nothing, see
text/article.py), navigation, headers, footers, asides and forms are left out
and the text comes from <article> or <main> when they hold the text, else from
the block that holds the most paragraph text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Set as AbstractSet

import charset_normalizer
from bs4 import BeautifulSoup, Comment, NavigableString, PageElement, Tag

from claimledger.text.lang import detect_lang
from claimledger.text.scripts import CJK_PUNCTUATION_RANGES, FULLWIDTH_RANGES, HAN_RANGES, character_class
from claimledger.text.tree import is_text, parse_html, preorder, tables_holding_tables, text_lengths

NEVER_TEXT = frozenset({"script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "canvas", "head"})
BOILERPLATE = frozenset({"nav", "header", "footer", "aside", "form", "button", "select", "menu", "dialog"})
BOILERPLATE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "dialog"}
BLOCKS = {
    "address", "article", "blockquote", "caption", "dd", "details", "div", "dl", "dt", "figcaption",
    "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "ol", "p",
    "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul",
}
CELLS = {"td", "th"}
# Between the cells of a table row: a row is one line, and the extractor reads consecutive such lines as a table.
CELL_SEPARATOR = " | "
PARAGRAPHS = frozenset({"p", "li", "pre", "blockquote", "td", "h2", "h3", "h4"})
# Where a table row sits: header rows first, footer rows last, whatever their order in the source.
SECTION_ORDER = {"thead": 0, "tbody": 1, "tfoot": 2}
BODY_ROWS = SECTION_ORDER["tbody"]
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
    return element_text(parse_html(html))


def main_text(html: str | bytes, charset: str | None = None) -> str:
    """The main text of an article page, without navigation, header, footer, asides and forms.

    Bytes are decoded with `decode_page` (`charset` is the HTTP header's).
    """
    soup = parse_html(decode_page(html, charset) if isinstance(html, bytes) else html)
    removed = boilerplate(soup)

    def kept(tag: Tag) -> bool:
        return tag.name not in NEVER_TEXT and id(tag) not in removed

    return element_text(main_element(soup, kept), removed)


def visible(tag: Tag) -> bool:
    """False for the elements whose contents are never text (scripts, styles, the head...)."""
    return tag.name not in NEVER_TEXT


def boilerplate(soup: BeautifulSoup) -> set[int]:
    """ids of the navigation, headers, footers, asides, forms and elements with those roles, to leave out.

    A form holding most of the page's text wraps the page (ASP.NET puts the
    whole body in one), so it stays.
    """
    lengths = text_lengths(soup, visible)
    page_length = lengths[id(soup)][1]
    removed: set[int] = set()

    def keep(tag: Tag) -> bool:
        if tag.name in NEVER_TEXT:
            return False
        wraps_page = tag.name == "form" and 2 * lengths[id(tag)][1] > page_length
        role = tag.get("role", "")
        boilerplate_role = isinstance(role, str) and role.lower() in BOILERPLATE_ROLES
        if (tag.name in BOILERPLATE and not wraps_page) or boilerplate_role:
            removed.add(id(tag))
            return False
        return True

    for _tag in preorder(soup, keep):
        pass
    return removed


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


def main_element(soup: BeautifulSoup, kept: Callable[[Tag], bool]) -> Tag:
    """<article> (the longest), else <main>, when it holds a fair share of the text; else the best paragraph block.

    Only the tags `kept` lets in count, with their text.
    """
    lengths = text_lengths(soup, kept)
    articles: list[Tag] = []
    main: Tag | None = None
    role_main: Tag | None = None
    for tag in preorder(soup, kept):
        if tag.name == "article":
            articles.append(tag)
        elif tag.name == "main" and main is None:
            main = tag
        if role_main is None and tag.get("role") == "main":
            role_main = tag
    block = best_block(soup, kept, lengths)
    block_length = lengths[id(block)][1] if block is not None else 0
    candidates = [max(articles, key=lambda article: lengths[id(article)][0]) if articles else None, main or role_main]
    for candidate in candidates:
        if candidate is not None and lengths[id(candidate)][1] >= ARTICLE_SHARE * block_length > 0:
            return candidate
    return block if block is not None else soup.body or soup


def best_block(soup: BeautifulSoup, kept: Callable[[Tag], bool], lengths: dict[int, tuple[int, int]]) -> Tag | None:
    """The element whose own paragraphs hold the most text; a <div> with text of its own is a paragraph too.

    Pages that write their text straight into <div>s (with <br> between
    lines) have no <p> at all.
    """
    scores: dict[int, tuple[int, Tag]] = {}

    def credit(element: Tag, length: int) -> None:
        previous = scores.get(id(element), (0, element))[0]
        scores[id(element)] = (previous + length, element)

    for element in preorder(soup, kept):
        if element.name == "div":
            length = own_text_length(element, lengths)
        elif element.name in PARAGRAPHS:
            length = lengths[id(element)][1]
        else:
            continue
        if not length:
            continue
        if element.name == "div":
            credit(element, length)
        if isinstance(element.parent, Tag):
            credit(element.parent, length)
    if not scores:
        return None
    return max(scores.values(), key=lambda scored: scored[0])[1]


def own_text_length(element: Tag, lengths: dict[int, tuple[int, int]]) -> int:
    """Length of the text directly in `element`, not inside its block children (tags left out count nothing)."""
    length = 0
    for child in element.children:
        if isinstance(child, Tag):
            if child.name not in BLOCKS:
                length += lengths.get(id(child), (0, 0))[1]
        elif isinstance(child, NavigableString) and not isinstance(child, Comment):
            length += len(child.strip())
    return length


def element_text(element: Tag, removed: AbstractSet[int] = frozenset()) -> str:
    """Text of `element` with paragraph breaks at block boundaries, line breaks at <br>, and each data table
    one line per row; never-text elements and the tags in `removed` are left out with their contents."""

    def enter(tag: Tag) -> bool:
        return tag.name not in NEVER_TEXT and id(tag) not in removed

    layout = tables_holding_tables(element, enter)

    def data_table(table: Tag) -> str | None:
        return None if id(table) in layout else table_text(table, enter)

    pieces = text_pieces(element, enter, line_break=LINE_BREAK, block_break=PARAGRAPH_BREAK, cell_end=" ",
                         table=data_table)
    # Whitespace in HTML source is layout, not text: only the markup's breaks survive.
    text = ANY_WHITESPACE.sub(" ", "".join(pieces))
    return normalize_whitespace(text.replace(LINE_BREAK, "\n").replace(PARAGRAPH_BREAK, "\n\n"))


def text_pieces(
    root: Tag,
    enter: Callable[[Tag], bool],
    *,
    line_break: str,
    block_break: str,
    cell_end: str,
    table: Callable[[Tag], str | None] = lambda _table: None,
) -> list[str]:
    """The text nodes under `root` in order, with `line_break` at each <br>, `block_break` around each block,
    `cell_end` after each cell, and a <table> replaced by what `table` makes of it (None: walked like a block).
    Iterative, so deep nesting costs no recursion."""
    pieces: list[str] = []
    stack: list[tuple[Tag | None, Iterator[PageElement]]] = [(None, iter(root.contents))]
    while stack:
        tag, children = stack[-1]
        for node in children:
            if isinstance(node, Tag):
                if not enter(node):
                    continue
                if node.name == "br":
                    pieces.append(line_break)
                elif node.name == "table" and (rendered := table(node)) is not None:
                    pieces.append(rendered)
                else:
                    if node.name in BLOCKS:
                        pieces.append(block_break)
                    stack.append((node, iter(node.contents)))
                    break
            elif is_text(node):
                pieces.append(node)
        else:
            stack.pop()
            if tag is not None and tag.name in BLOCKS:
                pieces.append(block_break)
            elif tag is not None and tag.name in CELLS:
                pieces.append(cell_end)
    return pieces


def table_text(table: Tag, enter: Callable[[Tag], bool]) -> str:
    """A data table as one line per row, cells joined by CELL_SEPARATOR, header rows first, footer rows last; its
    caption a paragraph before it. Empty cells keep their place, so every row's cells line up with the header's."""
    rows: list[tuple[int, list[str]]] = []
    caption: Tag | None = None
    # Each open tag's children, with the section (SECTION_ORDER) its rows belong to.
    stack: list[tuple[Iterator[PageElement], int]] = [(iter(table.contents), BODY_ROWS)]
    while stack:
        children, section = stack[-1]
        for node in children:
            if not (isinstance(node, Tag) and enter(node)):
                continue
            if node.name == "tr":
                cells = [child for child in node.children if isinstance(child, Tag) and child.name in CELLS]
                rows.append((section, [cell_text(cell, enter) for cell in cells if enter(cell)]))
            elif node.name == "caption" and caption is None:
                caption = node
            stack.append((iter(node.contents), SECTION_ORDER.get(node.name, section)))
            break
        else:
            stack.pop()
    rows.sort(key=lambda row: row[0])
    lines = [CELL_SEPARATOR.join(cells) for _section, cells in rows if any(cells)]
    paragraphs = [cell_text(caption, enter)] if caption else []
    return PARAGRAPH_BREAK + PARAGRAPH_BREAK.join([*paragraphs, LINE_BREAK.join(lines)]) + PARAGRAPH_BREAK


def cell_text(cell: Tag, enter: Callable[[Tag], bool]) -> str:
    """A cell's text on one line: blocks and line breaks inside it become spaces."""
    return " ".join("".join(text_pieces(cell, enter, line_break=" ", block_break=" ", cell_end="")).split())


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
