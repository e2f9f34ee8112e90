"""What the crawl's worker processes do: a feed body to its new and edited entries, an entry to its document.

Workers are spawned by the crawl (workers.py) and import this module, so the
crawl's own process never loads feedparser, BeautifulSoup or the extractor;
trafilatura loads only once an article page must be read. `prepare_document`
is a plain function of an entry (and its page's bytes), so `claims ingest`
prepares its records with it too.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from claimledger.crawl.entries import Entry, FeedPlan, ParsedFeed
from claimledger.crawl.parse import parse_feed
from claimledger.crawl.store import ArticleFetch, ArticlePage, PreparedDocument
from claimledger.text.article import PageText, page_text
from claimledger.text.budget import PAGE_CAP, cap_text, trim_page
from claimledger.errors import describe
from claimledger.text.clean import document_lang, document_text, html_to_text, normalize_whitespace
from claimledger.types import Claim

if TYPE_CHECKING:
    from claimledger.entities import Entity, Registry

# The vocabulary this process extracts with: the package's, or with a user's entities (use_entities).
_registry: Registry | None = None


def use_entities(entities: tuple[Entity, ...]) -> None:
    """Extract with the package's entities and these (a user's file) over them; none: the package's."""
    global _registry
    if not entities:
        _registry = None
        return
    from claimledger.entities import package_registry

    _registry = package_registry().with_entities(entities)


def extract_claims(text: str, lang: str) -> list[Claim]:
    """The extractor, imported on first use: an all-304 round never loads it."""
    return extract_claims_and_names(text, lang)[0]


def extract_claims_and_names(text: str, lang: str) -> tuple[list[Claim], list[Entity]]:
    """The claims in `text` and the new names they are about (entities of origin "seen")."""
    from claimledger.extraction import extract_found, seen_entities

    found = extract_found(text, lang=lang, registry=_registry)
    return [item.claim for item in found], seen_entities(found)


def start_worker(parent: int, entities: tuple[Entity, ...] = ()) -> None:
    """Ready a worker process of the crawl whose pid is `parent`, extracting with a user's `entities` too.

    Ctrl-C is the parent's to handle, and the extractor loads before the first entry.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use_entities(entities)
    # The parent's pid comes from the parent: a parent killed while this worker started is gone already.
    threading.Thread(target=exit_with_parent, args=(parent,), daemon=True).start()
    extract_claims("warm-up: 1 GPU", "en")
    extract_claims("预热：1 颗 GPU", "zh")


def exit_with_parent(parent: int) -> None:
    """End this worker once its crawl is gone: a crawl killed with SIGKILL must not leave workers behind."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def parse_changed(body: bytes, headers: dict[str, str], url: str, known: dict[str, str]) -> ParsedFeed:
    """The feed `body` parsed, keeping only the entries that are new or changed since `known` (id -> source hash)."""
    parsed = parse_feed(body, headers, url)
    parsed.entries = [entry for entry in parsed.entries if known.get(entry.entry_id) != entry.source_hash]
    return parsed


def prepare_feed(
    body: bytes, headers: dict[str, str], url: str, known: dict[str, str], lang: str | None, start: int = 0
) -> Iterator[FeedPlan | PreparedDocument | str | None]:
    """The feed `body` parsed, then its new and edited entries from position `start` on prepared, one item each.

    The feed's plan comes first. An entry whose article
    page must be fetched is left to the crawl and yields nothing; one whose
    preparation raises yields the error's text, and the entries after it are
    still prepared. `lang` is the feed's configured language, if any.
    """
    parsed = parse_changed(body, headers, url, known)
    pages = {position: entry for position, entry in enumerate(parsed.entries) if entry.summary_only and entry.url}
    yield FeedPlan([entry.entry_id for entry in parsed.entries], pages, parsed.lang, parsed.error, parsed.problems)
    lang_hint = lang or parsed.lang
    for position in range(start, len(parsed.entries)):
        if position in pages:
            continue
        try:
            yield prepare_document(parsed.entries[position], None, lang_hint)
        except Exception as error:  # noqa: BLE001 - one entry's failure is its own, noted by the crawl
            yield describe(error)


def prepare_document(entry: Entry, article: ArticlePage | None, lang_hint: str | None) -> PreparedDocument | None:
    """Clean text, language, content hash and claims of one entry; None when it has no text at all.

    A summary-only entry takes its article page's main text, and the page's
    title and date where the feed gives none.
    """
    notes: list[str] = []
    page = read_article(article, notes)
    title = feed_text(entry.title, entry.title_is_html, notes) or (page.title if page else "")
    body = (
        feed_text(entry.content, entry.content_is_html, notes)
        or (page.text if page else "")
        or feed_text(entry.summary, entry.summary_is_html, notes)
    )
    capped = cap_text(document_text(title, body))
    text = capped.value
    if capped.note:
        notes.append(capped.note)
    if not text:
        return None
    lang = document_lang(text, lang_hint)
    claims, entities = extract_claims_and_names(text, lang)
    return PreparedDocument(
        entry=entry,
        title=title,
        text=text,
        lang=lang,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        claims=claims,
        entities=entities,
        published=entry.published or (page.published if page else None),
        article_fetch=article_fetch(article, page),
        notes=tuple(notes),
    )


def read_article(article: ArticlePage | None, notes: list[str]) -> PageText | None:
    """The text, title and date of the article page fetched for a summary-only entry (its markup within the cap)."""
    if article is None or article.html is None:
        return None
    trimmed = trim_page(article.html)
    note = article.note or trimmed.note
    if note:
        notes.append(f"article page: {note}")
    return page_text(trimmed.value, article.charset)


def feed_text(value: str | None, is_html: bool, notes: list[str]) -> str:
    """A feed field's clean text; markup over the page cap is trimmed as a page's is."""
    if not value:
        return ""
    if not is_html:
        return normalize_whitespace(value)
    if len(value) > PAGE_CAP:
        trimmed = trim_page(value.encode("utf-8", "replace"))
        notes.append(f"feed content: {trimmed.note}")
        value = trimmed.value.decode("utf-8", "ignore")
    return html_to_text(value)


def article_fetch(article: ArticlePage | None, page: PageText | None) -> ArticleFetch | None:
    """How the article page is logged: fetched and read, or why its text is not the document's."""
    if article is None:
        return None
    if page is None:
        return ArticleFetch(article.url, article.http_status, "article_failed", article.error)
    problems = "; ".join(page.problems)
    if not page.text:
        found = f"no main text in the page ({problems})" if problems else "no main text in the page"
        reason = f"{found}; the document keeps the feed's summary"
        return ArticleFetch(article.url, article.http_status, "article_failed", reason)
    note = f"main text from the {page.extractor} after {problems}" if problems else None
    return ArticleFetch(article.url, article.http_status, "article", note)
