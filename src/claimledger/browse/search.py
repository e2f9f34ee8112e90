"""Full-text search that works for Chinese: every CJK character is its own token.

SQLite's unicode61 tokenizer reads an unspaced Chinese run as a single token,
so `每秒` would never match inside `每秒生成`, and the trigram tokenizer ignores
queries under three characters. The ledger's search index (`sentence_search`,
ledger.search_index: one row per distinct sentence or title) holds the text
with a space on both sides of every CJK character; a query is spaced the same
way here, so a quoted word becomes a phrase of adjacent characters.
"""

from __future__ import annotations

from datasette.utils import escape_fts

from claimledger.ledger.search_index import space_cjk


def fts_query(query: str) -> str:
    """A user's search words as an FTS5 MATCH expression against the spaced indexes.

    Each word is quoted (FTS5 operators in user input are taken literally), and
    a Chinese word becomes a phrase of its characters: `每秒` -> `" 每  秒 "`.
    """
    return space_cjk(escape_fts(query))
