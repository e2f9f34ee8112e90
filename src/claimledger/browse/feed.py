"""The Atom feed of changes: /<database>/-/changes.atom, optionally ?subject= or ?metric=.

Built with feedgen from the `changes` query, newest first. Titles are text and
the content is HTML made from escaped text only (the figure in <strong>), so
nothing a feed published can run in a reader. The ecosystem's datasette-atom
renders a canned query too, but answers 500 on an empty result (a subject with
no change yet), which a filtered feed must survive.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlencode

from feedgen.feed import FeedGenerator
from markupsafe import Markup

from claimledger.browse.changes import changes_in
from claimledger.browse.chart import published_moment
from claimledger.browse.evidence import marked, percent, web_url

FEED_ENTRIES = 100
EARLIEST, LATEST = "0001-01-01", "9999-12-31"
# When nothing says when: a change with no publication date, a ledger with nothing fetched.
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def entry_title(change: dict[str, Any]) -> str:
    """One line: subject, metric, old and new figure, what happened and by how much."""
    about = " · ".join(part for part in (change["subject"], change["metric"]) if part)
    figures = f"{change['old_figure']} → {change['new_figure']}" if change["old_figure"] else change["new_figure"]
    how = ", ".join(part for part in (change["change"], percent(change["change_percent"])) if part)
    return f"{about}: {figures} ({how})"


def entry_html(change: dict[str, Any], history_url: str) -> Markup:
    """Both figures with their sources and sentences, and links to both posts and the key's history."""
    claimant = change["claimant"] or change["new_source"]
    parts = [Markup("<p><strong>{}</strong> by {}</p>").format(change["change"], claimant)]
    for side, heading in (("old", "Before"), ("new", "Now")):
        if not change[f"{side}_figure"]:
            continue
        sentence = marked(change[f"{side}_sentence"], change[f"{side}_start"], change[f"{side}_end"],
                          change[f"{side}_sentence_start"], tag="strong")
        url = web_url(change[f"{side}_url"])
        source = change[f"{side}_source"]
        if url:
            source = Markup('<a href="{}">{}</a>').format(url, source)
        parts.append(Markup("<p>{}: <strong>{}</strong> ({}, {})</p><blockquote>{}</blockquote>").format(
            heading, change[f"{side}_figure"], source, change[f"{side}_published"], sentence))
    parts.append(Markup('<p><a href="{}">History of this figure</a></p>').format(history_url))
    return Markup("").join(parts)


async def changes_feed(datasette: Any, request: Any, database_name: str) -> bytes:
    """The Atom document for the changes in `database_name`."""
    database = datasette.get_database(database_name)
    subject = request.args.get("subject", "").strip()
    metric = request.args.get("metric", "").strip()
    changes = await changes_in(database, EARLIEST, LATEST, subject, metric, limit=FEED_ENTRIES)

    def absolute(path: str) -> str:
        return datasette.absolute_url(request, path)

    database_url = datasette.urls.database(database_name)
    self_url = absolute(f"{database_url}/-/changes.atom" + (f"?{request.query_string}" if request.query_string else ""))
    feed = FeedGenerator()
    feed.id(self_url)
    title = "What changed in the claims ledger"
    scope = " · ".join(part for part in (subject, metric) if part)
    feed.title(f"{title}: {scope}" if scope else title)
    feed.author({"name": "claimledger"})
    feed.link(href=self_url, rel="self", type="application/atom+xml")
    feed.link(href=absolute(database_url), rel="alternate", type="text/html")
    feed.generator("claimledger")
    updated = [moment for change in changes if (moment := published_moment(change["new_published_at"]))]
    latest_fetch = (await database.execute("select max(fetched) from documents")).first()[0]
    feed.updated(max(updated) if updated else published_moment(latest_fetch) or EPOCH)
    for change in changes:
        claim_url = absolute(datasette.urls.row(database_name, "claims", str(change["new_claim_id"])))
        history_url = absolute(f"{database_url}/-/history?" + urlencode({"key": change["claim_key"]}))
        entry = feed.add_entry(order="append")
        entry.id(f"{claim_url}#{change['change']}")
        entry.title(entry_title(change))
        moment = published_moment(change["new_published_at"]) or EPOCH
        entry.updated(moment)
        entry.published(moment)
        entry.author({"name": change["claimant"] or change["new_source"] or "unknown"})
        # One link only: feedgen 1.0 drops the rel of an entry's links, so a second would read as alternate too.
        entry.link(href=web_url(change["new_url"]) or claim_url)
        entry.content(str(entry_html(change, history_url)), type="html")
    return feed.atom_str(pretty=True)
