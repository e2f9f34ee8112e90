"""Entry to document, in a worker process: clean text, language, content hash and the claims in it.

Workers are spawned by the crawl (round.py) and import this module only, so a
round whose entries have not changed never loads BeautifulSoup or the extractor.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time

from claimledger.crawl.store import ArticlePage, PreparedDocument
from claimledger.crawl.parse import Entry
from claimledger.text.clean import document_lang, html_to_text, main_text, normalize_whitespace
from claimledger.types import Claim


def extract_claims(text: str, lang: str) -> list[Claim]:
    """The extractor, imported on first use: an all-304 round never loads it."""
    from claimledger import extract

    return extract(text, lang=lang)


def start_worker(parent: int) -> None:
    """Ready a worker process of the crawl whose pid is `parent`.

    Ctrl-C is the parent's to handle, and the extractor loads before the first entry.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent's pid comes from the parent: a parent killed while this worker started is gone already.
    threading.Thread(target=exit_with_parent, args=(parent,), daemon=True).start()
    extract_claims("warm-up: 1 GPU", "en")
    extract_claims("预热：1 颗 GPU", "zh")


def exit_with_parent(parent: int) -> None:
    """End this worker once its crawl is gone: a crawl killed with SIGKILL must not leave workers behind."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def prepare_document(entry: Entry, article: ArticlePage | None, lang_hint: str | None) -> PreparedDocument | None:
    """Clean text, language, content hash and claims of one entry; None when it has no text at all."""
    title = html_to_text(entry.title) if entry.title_is_html else normalize_whitespace(entry.title)
    body = entry_body(entry, article)
    first_line, _, rest = body.partition("\n")
    if title and first_line.strip() == title:
        # Article pages repeat the title as their heading.
        body = rest.strip()
    text = "\n\n".join(part for part in (title, body) if part)
    if not text:
        return None
    lang = document_lang(text, lang_hint)
    return PreparedDocument(
        entry=entry,
        title=title,
        text=text,
        lang=lang,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        claims=extract_claims(text, lang),
        article_fetch=(article.url, article.http_status, article.error) if article else None,
    )


def entry_body(entry: Entry, article: ArticlePage | None) -> str:
    """The entry's full content, else its article page's main text, else its summary."""
    if entry.content:
        return html_to_text(entry.content) if entry.content_is_html else normalize_whitespace(entry.content)
    if article and article.html:
        page_text = main_text(article.html, article.charset)
        if page_text:
            return page_text
    if entry.summary:
        return html_to_text(entry.summary) if entry.summary_is_html else normalize_whitespace(entry.summary)
    return ""
