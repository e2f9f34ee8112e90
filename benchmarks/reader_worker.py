"""Crawl the benchmark feeds twice with the `reader` library; print JSON.

    python -m benchmarks.reader_worker URLS.txt DB_PATH

Runs in the bench's own environment, where reader 3.26 is installed. Both
rounds update every feed (`scheduled=False`) with reader's default single
worker; the second round finds every feed unchanged (the server answers 304
to reader's conditional GET). Peak memory is this process's `ru_maxrss`.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from reader import make_reader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("urls", type=Path)
    parser.add_argument("db", type=Path)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    reader = make_reader(str(args.db))
    for url in args.urls.read_text(encoding="utf-8").split():
        reader.add_feed(url)
    rounds = []
    for _ in range(2):
        started = time.perf_counter()
        reader.update_feeds(scheduled=False, workers=args.workers)
        rounds.append(time.perf_counter() - started)
    counts = reader.get_entry_counts()
    broken = sum(1 for feed in reader.get_feeds() if feed.last_exception)
    print(
        json.dumps(
            {
                "first_seconds": rounds[0],
                "second_seconds": rounds[1],
                "entries": counts.total,
                "broken_feeds": broken,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )
    reader.close()


if __name__ == "__main__":
    main()
