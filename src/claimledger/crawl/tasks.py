"""The work the crawl hands its worker processes, nameable without loading what it runs.

A task travels to a worker as a reference to one of these functions; each
imports crawl.prepare (feedparser, BeautifulSoup, the extractor) when it runs,
in the worker, which loaded that module before its first task. The crawl's own
process imports only this module, so it never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

    from claimledger.crawl.entries import Entry, FeedPlan
    from claimledger.crawl.store import ArticlePage, PreparedDocument


def prepare_feed(
    body: bytes, headers: dict[str, str], url: str, known: dict[str, str], lang: str | None, start: int = 0
) -> Iterator[FeedPlan | PreparedDocument | str | None]:
    """crawl.prepare.prepare_feed, in the worker."""
    from claimledger.crawl.prepare import prepare_feed

    return prepare_feed(body, headers, url, known, lang, start)


def prepare_document(entry: Entry, article: ArticlePage | None, lang_hint: str | None) -> PreparedDocument | None:
    """crawl.prepare.prepare_document, in the worker."""
    from claimledger.crawl.prepare import prepare_document

    return prepare_document(entry, article, lang_hint)
