"""Add one crawl round's worth of new claims to a generated ledger, through the crawl's writer; print JSON.

    python -m benchmarks.round_worker DB_PATH KEYS

The round brings one new English claim for each of KEYS (subject, metric)
pairs the ledger already holds, in documents of the usual size published after
its newest, written as the crawl writes (`crawl.store.store_document` through
`ledger.writer.LedgerWriter`). What `claims diff` does next is what the
"after a round" figure of the bench measures.
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.ingest_worker import prepared
from benchmarks.ledgers import round_documents
from claimledger.crawl.config import FeedConfig
from claimledger.crawl.round import open_crawl_ledger
from claimledger.crawl.schedule import utc_now
from claimledger.crawl.store import store_document, sync_feeds
from claimledger.ledger.writer import LedgerWriter


def existing_keys(db, count: int) -> tuple[list[tuple[str, str]], datetime]:
    """`count` (subject, metric) pairs of English claims in the ledger, and its newest publication time."""
    keys = db.execute(
        "SELECT DISTINCT subject, metric FROM claims WHERE lang = 'en' AND subject IS NOT NULL "
        "ORDER BY subject, metric LIMIT ?", [count]
    ).fetchall()
    (newest,) = db.execute("SELECT max(published) FROM documents").fetchone()
    return [tuple(key) for key in keys], datetime.strptime(newest, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("keys", type=int)
    args = parser.parse_args()
    now = utc_now()
    started = time.perf_counter()
    with LedgerWriter(lambda: open_crawl_ledger(args.db)) as writer:
        keys, newest = writer.submit(existing_keys, args.keys).result()
        feeds: dict[str, dict] = {}
        results = []
        for document in round_documents(keys, newest):
            if document.source not in feeds:
                config = FeedConfig(name=document.source, url=f"https://round-{len(feeds)}.example/feed")
                feeds[document.source] = writer.submit(sync_feeds, [config], now).result()[0]
            results.append(writer.submit(store_document, feeds[document.source], prepared(document), now))
        stored = [future.result() for future in results]
    print(json.dumps({
        "keys": len(keys),
        "documents": sum(documents for documents, _ in stored),
        "claims": sum(claims for _, claims in stored),
        "seconds": time.perf_counter() - started,
    }))


if __name__ == "__main__":
    main()
