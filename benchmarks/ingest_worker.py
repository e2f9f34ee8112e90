"""Write a generated ledger through the crawl's own write path, in a process of its own; print JSON.

    python -m benchmarks.ingest_worker DB_PATH CLAIM_COUNT

Every document is stored as the crawl stores one (`crawl.store.store_document`:
one transaction per document, search triggers firing; keys are left to the diff),
one feed per source. Only the time inside the write path counts towards
claims per second; generating the documents is timed apart.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from benchmarks.ledgers import generate_documents
from claimledger.crawl.schedule import utc_now
from claimledger.crawl.store import PreparedDocument, store_document, sync_feeds
from claimledger.crawl.parse import Entry
from claimledger.crawl.config import FeedConfig
from claimledger.ledger.open import open_ledger
from claimledger.types import Document


def prepared(document: Document) -> PreparedDocument:
    """A generated document as the crawl hands one to the write path."""
    entry = Entry(
        entry_id=document.entry_id, url=document.url, title=document.title,
        title_is_html=False, published=document.published, content=document.text,
        content_is_html=False, summary=None, summary_is_html=False,
        source_hash=document.content_hash,
    )
    return PreparedDocument(entry=entry, title=document.title, text=document.text,
                            lang=document.lang, content_hash=document.content_hash,
                            claims=document.claims, published=document.published)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("claims", type=int)
    args = parser.parse_args()
    db = open_ledger(args.db)
    now = utc_now()
    feeds: dict[str, dict] = {}
    stored_claims = documents = 0
    writing = 0.0
    started = time.perf_counter()
    for document in generate_documents(args.claims):
        if document.source not in feeds:
            config = FeedConfig(name=document.source, url=f"https://{len(feeds)}.example/feed")
            feeds[document.source] = sync_feeds(db, [config], now)[0]
        before = time.perf_counter()
        new_documents, new_claims = store_document(db, feeds[document.source], prepared(document), now)
        writing += time.perf_counter() - before
        documents += new_documents
        stored_claims += new_claims
    total = time.perf_counter() - started
    print(json.dumps({
        "documents": documents,
        "claims": stored_claims,
        "seconds": writing,
        "generate_seconds": total - writing,
        "claims_per_second": stored_claims / writing,
        "database_mb": args.db.stat().st_size / 1e6,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))


if __name__ == "__main__":
    main()
