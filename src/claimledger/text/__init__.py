"""Text: HTML made clean text, the language of a text, and the Unicode ranges of its scripts.

Nothing here knows about feeds, the ledger or claims.
"""
