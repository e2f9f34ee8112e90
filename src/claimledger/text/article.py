"""An article page's main text, title and publication date: trafilatura first, the heuristic as fallback.

trafilatura is imported on the first page to clean, so an all-304 crawl round
and `claims --help` never load it. No page raises out of `page_text`: an
extractor that fails or finds nothing hands over to the next one, and the
reason is kept for the fetch log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime


from claimledger.errors import describe
from claimledger.text.clean import decode_page, element_text, main_text
from claimledger.text.tree import parse_html

# Measured on the Article Extraction Benchmark through `claims text` (README "Article pages"):
# favor_precision F1 0.966 against 0.961 for the defaults; without tables 0.961, deduplicate 0.965.
# Comments are left out because a reader's figure is not the vendor's. HTML output keeps paragraphs apart.
TRAFILATURA_SETTINGS = {
    "favor_precision": True,
    "include_comments": False,
    "include_tables": True,
    "deduplicate": False,
    "output_format": "html",
}
# Dates from the page's markup only (meta tags, <time>, JSON-LD, date-classed elements): the extensive
# search also reads dates out of the prose and takes a copyright line "© 2025" for 2025-01-01.
DATE_SETTINGS = {"original_date": True, "extensive_search": False, "outputformat": "%Y-%m-%dT%H:%M:%S%z"}
# trafilatura's HTML output writes inline code as a <pre> inside its paragraph.
INLINE_PRE = ", ".join(f"{block} pre" for block in ("p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"))


@dataclass(frozen=True, slots=True)
class PageText:
    """What an article page yields: its main text, title and publication date, and how they were had."""

    text: str
    title: str
    # ISO 8601: a UTC timestamp when the page gives a time with its zone, else the day alone.
    published: str | None
    # The extractor the text came from ("trafilatura", "heuristic"), None when none found any.
    extractor: str | None
    # Why an extractor was passed over, one line each ("trafilatura: ValueError: ...").
    problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Extracted:
    """One extractor's answer: text, and the title and date when it finds them."""

    text: str
    title: str = ""
    published: str | None = None


Extractor = Callable[[str], Extracted]


def page_text(
    html: str | bytes, charset: str | None = None, extractors: Sequence[tuple[str, Extractor]] | None = None
) -> PageText:
    """The main text, title and date of an article page; never raises.

    Bytes are decoded with `decode_page` (`charset` is the HTTP header's).
    `extractors` (name, function) are tried in order until one finds text; by
    default trafilatura, then the heuristic `main_text`. The title and date are
    the first ones any extractor found.
    """
    problems: list[str] = []
    try:
        page = decode_page(html, charset) if isinstance(html, bytes) else html
    except Exception as error:  # noqa: BLE001 - no page may raise out of text extraction
        return PageText("", "", None, None, (f"decoding: {describe(error)}",))
    title, published = "", None
    for name, extractor in extractors or EXTRACTORS:
        try:
            found = extractor(page)
        except Exception as error:  # noqa: BLE001 - the next extractor takes over, the reason is kept
            problems.append(f"{name}: {describe(error)}")
            continue
        title, published = title or found.title, published or found.published
        if found.text:
            return PageText(found.text, title, published, name, tuple(problems))
    return PageText("", title, published, None, tuple(problems))


def trafilatura_text(page: str) -> Extracted:
    """trafilatura's main text, with the page's title and date (metadata alone when it keeps no text)."""
    import trafilatura

    document = trafilatura.extract_with_metadata(page, date_extraction_params=DATE_SETTINGS, **TRAFILATURA_SETTINGS)
    text = extracted_html_text(document.text or "") if document else ""
    if document is None:
        document = trafilatura.extract_metadata(page, date_config=DATE_SETTINGS)
    return Extracted(text, clean_title(document.title), iso_published(document.date))


def extracted_html_text(html: str) -> str:
    """The text of trafilatura's HTML output, paragraphs apart as in feed content."""
    soup = parse_html(html)
    for pre in soup.select(INLINE_PRE):
        pre.name = "code"
    return element_text(soup)


def heuristic_text(page: str) -> Extracted:
    """The built-in heuristic's main text (`text.clean.main_text`); it finds no title or date."""
    return Extracted(main_text(page))


EXTRACTORS: tuple[tuple[str, Extractor], ...] = (("trafilatura", trafilatura_text), ("heuristic", heuristic_text))


def clean_title(title: str | None) -> str:
    """A title on one line, with single spaces."""
    return " ".join((title or "").split())


def iso_published(date: str | None) -> str | None:
    """htmldate's answer as ISO 8601: UTC when it has a zone, else the day alone (its time is then 00:00)."""
    try:
        moment = datetime.fromisoformat(date or "")
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.strftime("%Y-%m-%d")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
