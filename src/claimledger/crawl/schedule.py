"""When a feed is due (the server's freshness, Retry-After, back-off after failures), and rounds repeated `--every` interval."""

from __future__ import annotations

import re
import threading
import time
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

BACKOFF_BASE = timedelta(minutes=15)
BACKOFF_CAP = timedelta(days=1)
RETRY_AFTER_CAP = timedelta(days=30)
FRESH_CAP = timedelta(days=1)
INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)\s*$")
# A longer pause between rounds is a job for cron or a timer, and beyond this a datetime overflows.
LONGEST_INTERVAL = timedelta(days=365)
SECONDS_PER_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def iso(moment: datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def parse_iso(text: str | None) -> datetime | None:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC) if text else None


def skip_reason(row: dict, now: datetime) -> str | None:
    """Why a feed is not fetched this round: retired, still fresh, or backing off after failures."""
    if row["retired"]:
        return "gone (HTTP 410): no longer fetched; give it a new URL in the feeds file to resume"
    next_attempt = parse_iso(row["next_attempt"])
    if next_attempt and next_attempt > now:
        if not row["failures"]:
            return f"fresh until {row['next_attempt']} (the server's Cache-Control or Expires)"
        return f"backing off after {row['failures']} failure(s): next attempt {row['next_attempt']}"
    return None


def freshness(headers: dict[str, str]) -> timedelta | None:
    """How long the response says it stays fresh: Cache-Control max-age, else Expires against Date; at most a day."""
    cache_control = headers.get("cache-control", "").lower()
    if "no-cache" in cache_control or "no-store" in cache_control:
        return None
    max_age = re.search(r"(?:^|[,\s])max-age\s*=\s*\"?(\d+)", cache_control)
    if max_age:
        fresh = timedelta(seconds=int(max_age.group(1)))
    elif "expires" in headers:
        try:
            expires = parsedate_to_datetime(headers["expires"])
            reference = parsedate_to_datetime(headers["date"]) if "date" in headers else utc_now()
            fresh = expires - reference
        except (TypeError, ValueError, IndexError):
            return None
    else:
        return None
    return min(fresh, FRESH_CAP) if fresh > timedelta(0) else None


def parse_retry_after(headers: dict[str, str]) -> timedelta | None:
    """Retry-After as a delay: seconds, or an HTTP date relative to the response's Date."""
    value = headers.get("retry-after", "").strip()
    if not value:
        return None
    if value.isdigit():
        return timedelta(seconds=int(value))
    try:
        when = parsedate_to_datetime(value)
        reference = parsedate_to_datetime(headers["date"]) if "date" in headers else utc_now()
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None or reference.tzinfo is None:
        return None
    return max(when - reference, timedelta(0))


def backoff(failures: int) -> timedelta:
    """How long to wait after `failures` failures in a row: doubling from 15 minutes, at most a day."""
    return min(BACKOFF_BASE * 2 ** (failures - 1), BACKOFF_CAP)


def parse_interval(value: str | None) -> float | None:
    """'30m' -> 1800.0: a number and its unit (s, m, h or d), above zero and at most a year.

    Raises:
        ValueError: `value` is not such an interval.
    """
    if value is None:
        return None
    match = INTERVAL.match(value)
    if not match:
        raise ValueError(f"{value!r} is not an interval: a number and its unit, such as 90s, 30m, 2h or 1d")
    seconds = float(match.group(1)) * SECONDS_PER_UNIT[match.group(2)]
    if seconds <= 0:
        raise ValueError(f"{value!r} is not an interval: it must be longer than zero")
    if seconds > LONGEST_INTERVAL.total_seconds():
        raise ValueError(f"{value!r} is longer than {LONGEST_INTERVAL.days}d; schedule rarer crawls with cron or a timer")
    return seconds


def sleep_unless_stopped(stop: threading.Event, seconds: float) -> bool:
    """Sleep `seconds` or until `stop` is set; True when stopped.

    Polls rather than `stop.wait()`: the signal handler that sets `stop` runs
    on this same thread and must never find the event's lock held.
    """
    deadline = time.monotonic() + seconds
    while not stop.is_set() and time.monotonic() < deadline:
        time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
    return stop.is_set()
