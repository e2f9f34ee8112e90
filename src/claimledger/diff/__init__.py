"""The diff: which claims are about the same thing (keys.py), how each changed (statuses.py), reports (report.py).

It reads the ledger and writes back only claim keys and statuses.
"""
