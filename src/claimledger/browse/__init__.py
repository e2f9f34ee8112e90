"""Browsing the ledger in Datasette: the package's metadata, configuration and plugin."""
