"""An archive's record to a document with its claims, where extraction runs: a worker process or a Dask worker.

A record becomes the feed entry it would have been (crawl.parse.Entry) and goes
through the crawl's own preparation (crawl.prepare.prepare_document): the same
cleaning, language detection, content hash and extraction. A whole HTML page
is read as the crawl reads a summary-only entry's article page (its main text,
and its title and date where the record gives none); an HTML fragment or plain
text as an entry's content.
"""

from __future__ import annotations

import re

from claimledger.crawl.parse import Entry
from claimledger.crawl.prepare import extract_claims, prepare_document
from claimledger.crawl.store import ArticlePage, PreparedDocument
from claimledger.ingest.archive import Record

# A page, not a fragment: it has the elements only a whole page (or its article) has.
WHOLE_PAGE = re.compile(r"<(html|body|article|main)\b", re.IGNORECASE)


def prepare_batch(records: list[Record]) -> list[PreparedDocument | None | str]:
    """Each record prepared (None when it holds no text), or the error the extractor raised on it."""
    prepared: list[PreparedDocument | None | str] = []
    for record in records:
        try:
            prepared.append(prepare_record(record))
        except Exception as error:  # noqa: BLE001 - one record the extractor cannot handle must not cost the batch
            prepared.append(f"extraction failed: {type(error).__name__}: {error}")
    return prepared


def prepare_record(record: Record) -> PreparedDocument | None:
    entry, page = record_entry(record)
    document = prepare_document(entry, page, record.lang)
    if document is not None:
        # An archived page was not fetched: there is no fetch to log.
        document.article_fetch = None
    return document


def record_entry(record: Record) -> tuple[Entry, ArticlePage | None]:
    """The feed entry the record stands for, and its page when the record holds a whole HTML page."""
    html = record.html
    sample = html[:4096].decode("utf-8", "replace") if isinstance(html, bytes) else (html or "")[:4096]
    page = None
    content, content_is_html = record.text, False
    if html is not None and WHOLE_PAGE.search(sample):
        body, charset = (html, None) if isinstance(html, bytes) else (html.encode("utf-8"), "utf-8")
        page = ArticlePage(record.url or record.entry_id, None, body, charset, None)
        content = None
    elif html is not None:
        content, content_is_html = html if isinstance(html, str) else html.decode("utf-8", "replace"), True
    entry = Entry(
        entry_id=record.entry_id, url=record.url, title=record.title, title_is_html=False,
        published=record.published, content=content, content_is_html=content_is_html, summary=None,
        summary_is_html=False, source_hash=record.source_hash,
    )
    return entry, page


def warm_up() -> None:
    """Load the extractor (both languages) before the first record, as a crawl worker does."""
    extract_claims("warm-up: 1 GPU", "en")
    extract_claims("预热：1 颗 GPU", "zh")
