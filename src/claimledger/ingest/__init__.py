"""`claims ingest`: backfill an archive (JSONL, HTML files) through the crawl's preparation and writer.

archive.py reads the records, prepare.py turns one into a document with its
claims where extraction runs, run.py schedules them on local worker processes
or a Dask cluster and writes them in order.
"""
