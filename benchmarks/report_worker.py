"""Count a `claims diff --format json` report's changes by status, in a process of its own; print JSON.

    python -m benchmarks.report_worker REPORT.json

The bench reads large reports here rather than in its own process: a child
started later inherits its parent's peak memory in `ru_maxrss`, so a 1M-claim
report parsed by the bench would be charged to every `claims diff` after it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    report = json.loads(parser.parse_args().report.read_text(encoding="utf-8"))
    print(json.dumps(Counter(change["status"] for change in report["changes"]).most_common()))


if __name__ == "__main__":
    main()
