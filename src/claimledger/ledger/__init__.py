"""The ledger: a SQLite database of feeds, fetches, documents and claims.

schema.py builds it by migrations, search_index.py feeds its Chinese-aware
search index (one row per distinct sentence or title), indexes.py holds the
secondary indexes a bulk load builds last, writes.py stores documents with
their claims, open.py opens and checks a ledger. Nothing here knows about HTTP
or the crawl.
"""
