"""The errors claimledger raises on purpose: each message names the file, feed, URL or ledger at fault."""

from __future__ import annotations


def describe(error: BaseException) -> str:
    """An error in one line: its type and message."""
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


class ClaimledgerError(Exception):
    """Base of every error claimledger raises for bad input or an unusable resource."""


class ConfigError(ClaimledgerError):
    """A file the user gave cannot be used."""


class FeedsConfigError(ConfigError):
    """The feeds file cannot be used; the message names the file and the problem."""


class EvaluationError(ConfigError):
    """A set or gold file that cannot be read; the message names the file (and line)."""


class LedgerError(ClaimledgerError):
    """A ledger that cannot be read or written."""


class CrawlLockedError(LedgerError):
    """Another crawl holds the ledger's lock."""


class FetchError(ClaimledgerError):
    """A fetch that produced no usable response; the message says why in one line."""


class RefusedAddressError(FetchError):
    """A URL refused because its host is on a private, loopback or reserved address."""

    def __init__(self, message: str, url: str) -> None:
        super().__init__(message)
        self.url = url
