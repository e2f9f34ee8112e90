"""The crawl: feeds fetched, parsed and turned into documents with claims, stored in the ledger.

round.py runs one round, lock.py keeps two crawls off one ledger, schedule.py
says when a feed is due and repeats rounds (`--every`).
"""
