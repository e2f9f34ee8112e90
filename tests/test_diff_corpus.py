"""The demo corpus's expected diff (corpus/README.md, "Expected diff") holds row by row after `make run`'s crawl.

The table is read from corpus/README.md itself, so the story told there is the one
tested: each step "<source> <figure> **<status>**" must be a claim of that
source with that value and that status, and no claim may be a conflict the table
does not list.
"""

from __future__ import annotations

import re
import sqlite3
import tomllib
from pathlib import Path

import pytest
from test_browse import corpus_ledger  # noqa: F401 (the session's corpus ledger)

REPOSITORY = Path(__file__).resolve().parents[1]
STEP = re.compile(r"(.*?)\*\*(\w+)\*\*")
NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(万|亿|million|billion)?")
MAGNITUDE = {"万": 1e4, "亿": 1e8, "million": 1e6, "billion": 1e9, None: 1}


def expected_steps() -> list[tuple[str, str, str, float, str]]:
    """(row key, source name, figure as written, value, status) for every figure of the table."""
    readme = (REPOSITORY / "corpus" / "README.md").read_text("utf-8")
    table = readme[readme.index("## Expected diff"):]
    sources = {source["slug"]: source["name"] for source in
               tomllib.loads((REPOSITORY / "corpus" / "_posts" / "sources.toml").read_text("utf-8"))["sources"]}
    steps = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or "**" not in cells[1]:
            continue
        row_key = cells[0]
        for step in cells[1].split(" → "):
            slug, _, rest = step.partition(" ")
            for chunk, status in STEP.findall(rest):
                for figure in chunk.strip(" ,").split(", "):
                    # "2,304 (32)": the racks of the same post, in brackets.
                    written = [re.sub(r"\([^)]*\)|v6\.\d|\"[^\"]*\"", " ", figure), *re.findall(r"\((\d[\d,]*)\)", figure)]
                    for plain in written:
                        number = NUMBER.search(plain)
                        if number:
                            value = float(number.group(1).replace(",", "")) * MAGNITUDE[number.group(2)]
                            steps.append((row_key, sources[slug], figure.strip(), value, status))
    return steps


STEPS = expected_steps()


@pytest.fixture(scope="module")
def corpus_claims(tmp_path_factory):
    connection = sqlite3.connect(corpus_ledger(tmp_path_factory))
    connection.row_factory = sqlite3.Row
    return [dict(row) for row in connection.execute("SELECT id, text, value, low, high, source, status, claim_key FROM claims")]


def test_the_table_is_read_whole():
    assert len(STEPS) > 80
    assert {status for *_, status in STEPS} == {"new", "reaffirmed", "superseded", "updated", "conflict", "qualifier_changed"}


@pytest.mark.parametrize(("row", "source", "figure", "value", "status"), STEPS,
                         ids=[f"{row} | {source} {figure}" for row, source, figure, _, _ in STEPS])
def test_each_figure_of_the_story_has_its_status(corpus_claims, row, source, figure, value, status):
    found = [claim for claim in corpus_claims if claim["source"] == source
             and any(claim[field] is not None and abs(claim[field] - value) <= 1e-6 * max(1, value)
                     for field in ("value", "low", "high"))]
    assert found, f"{source} states no {figure!r}"
    assert status in {claim["status"] for claim in found}, [(c["text"], c["status"], c["claim_key"]) for c in found]


def test_no_conflict_the_story_does_not_tell(corpus_claims):
    told = {(source, value) for _, source, _, value, status in STEPS if status == "conflict"}
    conflicts = [claim for claim in corpus_claims if claim["status"] == "conflict"]
    untold = [(c["source"], c["text"], c["claim_key"]) for c in conflicts if (c["source"], c["value"]) not in told]
    assert conflicts and not untold
