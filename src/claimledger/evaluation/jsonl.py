"""Reading the gold and spec files: one JSON object per line, each error naming its file and line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from claimledger.errors import EvaluationError


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The records of `path`, each with its line number as `_line`."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise EvaluationError(f"{path}: cannot read ({error})") from error
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise EvaluationError(f"{path}:{number}: not JSON ({error.msg})") from error
        if not isinstance(record, dict):
            raise EvaluationError(f"{path}:{number}: expected a JSON object")
        record.setdefault("_line", number)
        yield record
