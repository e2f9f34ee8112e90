"""Write a generated ledger through the crawl's own write path, in a process of its own; print JSON.

    python -m benchmarks.ingest_worker DB_PATH CLAIM_COUNT [--bulk]

Every document is stored as the crawl stores one: `crawl.store.store_document`
(one savepoint per document, its claims and their search rows with it; keys are
left to the diff) run by the crawl's writer thread (`ledger.writer.LedgerWriter`,
which commits whenever its queue runs dry), one feed per source. `--bulk` drops
the secondary indexes first and builds them at the end, as `claims ingest` does
into a ledger smaller than its archive.

Documents are generated in chunks of CHUNK_CLAIMS claims while the writer is
idle, then handed to it all at once, so generating them never competes with
writing: claims per second counts the writer's busy time (and its thread's CPU
time, which other load on the machine does not inflate), `build_seconds` the
writes and the index build, generation apart.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from itertools import islice

from benchmarks.ledgers import CLAIMS_PER_DOCUMENT, generate_documents
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.parse import Entry
from claimledger.crawl.round import open_crawl_ledger
from claimledger.crawl.schedule import utc_now
from claimledger.crawl.store import PreparedDocument, store_document, sync_feeds
from claimledger.ledger.indexes import create_missing_indexes, drop_deferrable_indexes
from claimledger.ledger.writer import LedgerWriter
from claimledger.types import Document

CHUNK_CLAIMS = 20_000


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
    parser.add_argument("--bulk", action="store_true", help="build the secondary indexes after the load")
    args = parser.parse_args()
    now = utc_now()
    feeds: dict[str, dict] = {}
    documents = claims = 0
    generating = 0.0
    with LedgerWriter(lambda: open_crawl_ledger(args.db)) as writer:
        if args.bulk:
            writer.submit(drop_deferrable_indexes).result()
        generated = generate_documents(args.claims)
        while True:
            before = time.perf_counter()
            chunk = [(document.source, prepared(document))
                     for document in islice(generated, CHUNK_CLAIMS // CLAIMS_PER_DOCUMENT)]
            generating += time.perf_counter() - before
            if not chunk:
                break
            results = []
            for source, document in chunk:
                if source not in feeds:
                    config = FeedConfig(name=source, url=f"https://{len(feeds)}.example/feed")
                    feeds[source] = writer.submit(sync_feeds, [config], now).result()[0]
                results.append(writer.submit(store_document, feeds[source], document, now))
            for future in results:
                new_documents, new_claims = future.result()
                documents += new_documents
                claims += new_claims
        writing, writing_cpu = writer.busy_seconds, writer.busy_cpu_seconds
        writer.submit(create_missing_indexes).result()
        indexing = writer.busy_seconds - writing
    print(json.dumps({
        "documents": documents,
        "claims": claims,
        "write_seconds": writing,
        "write_cpu_seconds": writing_cpu,
        "index_seconds": indexing,
        "build_seconds": writing + indexing,
        "generate_seconds": generating,
        "commits": writer.commits,
        "claims_per_second": claims / writing,
        "claims_per_cpu_second": claims / writing_cpu,
        "database_mb": args.db.stat().st_size / 1e6,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))


if __name__ == "__main__":
    main()
