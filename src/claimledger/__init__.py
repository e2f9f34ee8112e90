"""claimledger: a ledger of the numeric claims technology vendors publish."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from claimledger.types import Claim, Document

if TYPE_CHECKING:
    from claimledger.extraction import extract

__all__ = ["Claim", "Document", "extract"]


def __getattr__(name: str) -> Any:
    """Import the extractor on first use: it loads spaCy and pint."""
    if name == "extract":
        from claimledger.extraction import extract

        return extract
    raise AttributeError(name)
