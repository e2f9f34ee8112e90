"""Pairs of posts -> the change `claims diff` reports, one case per rule (tests/data/diff/pairs.toml).

Each case runs the whole way a user's posts do: the real extractor on the post's
text, the crawl's write path into a real SQLite ledger, then `run_diff`. The
cases are written in our own words, in English and Chinese.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Any

import pytest

from claimledger.diff.changes import run_diff
from claimledger.extraction import extract
from claimledger.ledger.open import open_ledger
from claimledger.ledger.writes import insert_document
from claimledger.types import Document

PAIRS = tomllib.loads((Path(__file__).parent / "data" / "diff" / "pairs.toml").read_text("utf-8"))["pair"]
FLAGGED = {"updated", "superseded", "conflict"}


def diffed_ledger(path: Path, posts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Store every post as the crawl would, run the diff, return the claims with their status."""
    db = open_ledger(path)
    for number, post in enumerate(posts):
        feed_id = db["feeds"].lookup({"name": post["source"]}, {"url": f"http://127.0.0.1/{number}/feed.xml"})
        document = Document(
            url=f"http://127.0.0.1/posts/{number}.html", title=f"Post {number}", text=post["text"],
            lang=post["lang"], source=post["source"], entry_id=post.get("entry", f"post-{number}"),
            published=post["date"], content_hash=hashlib.sha256(post["text"].encode()).hexdigest(),
            claims=extract(post["text"], lang=post["lang"]),
        )
        with db.conn:
            insert_document(db, feed_id, document, post["date"])
    run_diff(db)
    return list(db.query("SELECT id, text, status, compared_with, claim_key FROM claims ORDER BY id"))


def figures(claims: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    found = [claim for claim in claims if claim["text"] == text]
    assert found, f"no figure {text!r} among {[claim['text'] for claim in claims]}"
    return found


def story(claims: list[dict[str, Any]]) -> str:
    return "\n".join(f"{c['id']} {c['text']!r} {c['status']} vs {c['compared_with']}: {c['claim_key']}" for c in claims)


@pytest.mark.parametrize("case", PAIRS, ids=[case["name"] for case in PAIRS])
def test_pair_of_posts_gives_the_expected_change(case, tmp_path):
    claims = diffed_ledger(tmp_path / "claims.db", case["posts"])
    if "expect" in case:
        expect = case["expect"]
        new = [claim for claim in figures(claims, expect["new"]) if claim["status"] == expect["status"]]
        assert new, f"no {expect['new']!r} is {expect['status']}:\n{story(claims)}"
        if "old" in expect:
            old_ids = {claim["id"] for claim in figures(claims, expect["old"])}
            assert new[-1]["compared_with"] in old_ids, story(claims)
    if "must_not_link" in case:
        first = {claim["id"] for claim in figures(claims, case["must_not_link"]["a"])}
        second = {claim["id"] for claim in figures(claims, case["must_not_link"]["b"])}
        for claim in claims:
            pair = {claim["id"], claim["compared_with"]}
            assert not (claim["status"] in FLAGGED and pair & first and pair & second), story(claims)
    if "one_row" in case:
        reported = [claim for claim in figures(claims, case["one_row"]) if claim["status"] is not None]
        assert len(reported) == 1, story(claims)


def test_the_pairs_cover_every_rule_in_both_languages():
    rules = {case["rule"] for case in PAIRS}
    assert rules == {"identity", "ledger decides", "claimants", "corrections", "reciprocal", "reports", "must not link"}
    for rule in rules:
        languages = {post["lang"] for case in PAIRS if case["rule"] == rule for post in case["posts"]}
        assert languages == {"en", "zh"}, rule
    assert sum("must_not_link" in case for case in PAIRS) >= 20
