"""What changed: the figures updated, superseded or contradicted in a window, grouped by subject.

The rows come from the package's `changes` canned query (so the page, its JSON
and the Atom feed agree); this module chooses the window and groups the rows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from claimledger.browse.ledgers import query_sql
from claimledger.browse.terms import label
from claimledger.diff.keys import KEY_SEPARATOR, normalise_name

DEFAULT_DAYS = 7
WINDOW_CHOICES = (7, 30, 90, 365)
MAX_DAYS = 36_600


class BadWindow(ValueError):
    """A window the user asked for that cannot be read."""


@dataclass(frozen=True)
class Window:
    """Publication dates from `since` to `until`, both included."""

    since: date
    until: date

    @property
    def days(self) -> int:
        return (self.until - self.since).days + 1

    def params(self) -> dict[str, str]:
        return {"since": self.since.isoformat(), "until": self.until.isoformat()}


def window_from(args: Any, today: date) -> Window:
    """The window a request asks for: `until` (a date, default today) and `days` (default 7) or `since`."""
    until = _date(args.get("until"), "until") or today
    since = _date(args.get("since"), "since")
    if since is None:
        days_text = (args.get("days") or "").strip()
        if days_text and not days_text.isdigit():
            raise BadWindow(f"days must be a whole number of days, not {days_text!r}")
        days = int(days_text) if days_text else DEFAULT_DAYS
        if not 1 <= days <= MAX_DAYS:
            raise BadWindow(f"days must be between 1 and {MAX_DAYS}")
        since = until - timedelta(days=days - 1)
    if since > until:
        raise BadWindow(f"since ({since}) is after until ({until})")
    return Window(since, until)


def _date(text: str | None, name: str) -> date | None:
    if not text or not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise BadWindow(f"{name} must be a date written YYYY-MM-DD, not {text!r}") from None


@dataclass
class SubjectChanges:
    """The changes about one entity, newest first, under the name its claims use most."""

    entity: str
    name: str
    changes: list[dict[str, Any]] = field(default_factory=list)


async def changes_in(
    database: Any, since: str, until: str, subject: str = "", metric: str = "", limit: int | None = None
) -> list[dict[str, Any]]:
    """The rows of the `changes` query for a window (ISO dates) and optional subject or metric, newest first."""
    sql = query_sql("changes") + (f"\nlimit {int(limit)}" if limit else "")
    params = {"since": since, "until": until, "subject": subject, "metric": metric}
    return [dict(row) for row in (await database.execute(sql, params)).rows]


def by_subject(changes: list[dict[str, Any]], names: dict[str, str] | None = None) -> list[SubjectChanges]:
    """Changes grouped by entity, the group with the most recent change first, each under its name.

    `names` (from `entity_names`) gives the name; without one, the subject the
    group's claims write most often.
    """
    groups: dict[str, SubjectChanges] = {}
    for change in changes:
        entity = change["entity"] or change["subject"] or ""
        groups.setdefault(entity, SubjectChanges(entity=entity, name="")).changes.append(change)
    for group in groups.values():
        written = Counter(change["subject"] for change in group.changes if change["subject"])
        group.name = (names or {}).get(group.entity) or (written.most_common(1)[0][0] if written else group.entity)
    return list(groups.values())


async def entity_names(database: Any, entities: set[str]) -> dict[str, str]:
    """How people write each entity: as the alias file does, else the ledger's most common spelling that means it.

    A spelling means the entity when it normalises to it ("Kestrel K4" for
    "kestrel k4"); a bare code the diff named in full ("K4") comes last.
    """
    names = {}
    for entity in filter(None, entities):
        if label(entity):
            names[entity] = label(entity)
            continue
        # The key index, by range: every key that starts with the entity and the separator.
        sql = """select subject, count(*) as claims from claims
                 where claim_key >= :low and claim_key < :high and subject is not null
                 group by subject order by claims desc, subject"""
        prefix = entity + KEY_SEPARATOR
        found = (await database.execute(sql, {"low": prefix, "high": prefix + "\U0010ffff"})).rows
        meaning = [row["subject"] for row in found if normalise_name(row["subject"]) == entity]
        if meaning or found:
            names[entity] = (meaning or [found[0]["subject"]])[0]
    return names


async def latest_change_day(database: Any) -> str | None:
    """The publication date of the most recent change in the ledger, for an empty window's hint."""
    sql = "select max(date(published)) from claims where status in ('updated', 'superseded', 'conflict')"
    return (await database.execute(sql)).first()[0]
