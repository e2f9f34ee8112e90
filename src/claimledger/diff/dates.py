"""A post's publication date as the ledger stores it: ISO 8601, or a feed's RFC 2822 date."""

from __future__ import annotations

from datetime import datetime
from email.utils import parsedate_to_datetime


def published_moment(published: str | None) -> datetime | None:
    """The moment `published` names, in the time zone it is written in; None when absent or unreadable."""
    if not published:
        return None
    try:
        return datetime.fromisoformat(published.strip().replace("Z", "+00:00"))
    except ValueError:
        try:
            return parsedate_to_datetime(published)
        except (TypeError, ValueError):
            return None
