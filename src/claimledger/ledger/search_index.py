"""The SQL that keeps the search indexes Chinese-aware: every CJK character spaced out as a token of its own.

The search migration spaces out Chinese and Japanese characters in SQL so the
index stays in sync from any connection, with no Python function to register.
Triggers cannot hold a WITH clause, so json_each over an array of zeros stands
in for the series of character positions; text past 4,000 characters (far
longer than a sentence or a title) is left out of the index.
"""

from __future__ import annotations

from claimledger.text.scripts import SEARCH_TOKEN_RANGES, sql_test


def spaced_sql(text: str) -> str:
    """SQL for `text` with a space on both sides of every CJK character."""
    character = f"substr({text}, key + 1, 1)"
    test = sql_test(character, SEARCH_TOKEN_RANGES)
    positions = f"'[' || rtrim(replace(hex(zeroblob(min(length({text}), 4000))), '00', '0,'), ',') || ']'"
    return (
        f"(SELECT group_concat(CASE WHEN {test} THEN ' ' || {character} || ' '"
        f" ELSE {character} END, '') FROM json_each({positions}))"
    )
