"""The ledger: a SQLite database of feeds, fetches, documents and claims.

schema.py builds it by migrations, search_index.py holds the SQL of its
Chinese-aware search indexes, writes.py stores documents with their claims,
open.py opens and checks a ledger. Nothing here knows about HTTP or the crawl.
"""
