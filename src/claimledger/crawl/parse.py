"""Fetched feed bytes to entries: feedparser with the HTTP context, problems recorded, charsets checked.

A malformed feed still yields the entries feedparser recovers, with the complaint
kept; a feed whose bytes are not in the charset it declares is decoded again in
the charset they are really in, or refused, so mojibake never reaches the ledger.
"""

from __future__ import annotations

import calendar
import codecs
import datetime
import hashlib
import io
import json
import re
from urllib.parse import urlsplit
from xml.sax import SAXParseException

import charset_normalizer
import feedparser

from claimledger.crawl.entries import Entry, ParsedFeed
from claimledger.crawl.limits import check_body
from claimledger.crawl.sanitizer import make_linear

# Parse warnings after which feedparser's result is as good as a clean parse.
HARMLESS_BOZO = (feedparser.NonXMLContentType,)
CLOSING_ROOT = re.compile(rb"</\s*(rss|feed|rdf:RDF|RDF)\s*>\s*$", re.IGNORECASE)
XML_DECLARATION_ENCODING = re.compile(rb"""^(\s*<\?xml[^>]*?encoding=)["'][^"']*["']""")
HTML_START = re.compile(rb"^\s*(<!doctype\s+html|<html)", re.IGNORECASE)
HTML_TYPES = ("text/html", "application/xhtml+xml")

make_linear()


def parse_feed(body: bytes, headers: dict[str, str], url: str) -> ParsedFeed:
    """Parse a fetched feed `body` with its response `headers`, fetched from `url`."""
    if not body.strip():
        return ParsedFeed(error="empty body: the server sent no feed")
    checked = check_body(body)
    if checked.refusal:
        return ParsedFeed(error=checked.refusal)
    body = checked.body
    headers = {name.lower(): value for name, value in headers.items()}
    parsed = run_feedparser(body, headers, url)
    problems = [checked.note] if checked.note else []
    if isinstance(parsed.get("bozo_exception"), feedparser.CharacterEncodingOverride):
        redecoded = redecode(body, headers, url, parsed)
        if redecoded is None:
            return ParsedFeed(error=charset_complaint(parsed))
        parsed, note = redecoded
        problems.append(note)
    if not parsed.get("version") and not parsed.entries:
        return ParsedFeed(error=not_a_feed_reason(body, headers, parsed))
    entries = feed_entries(parsed)
    complaint = bozo_complaint(parsed)
    if complaint:
        problems.append(complaint)
        if entries and not CLOSING_ROOT.search(body[-400:]):
            # A body that stops before its closing tag may have cut its last entry short.
            entries.pop()
            problems.append("the document ends early; its last entry was left out")
    feed = parsed.get("feed", {})
    return ParsedFeed(
        entries=entries,
        title=feed.get("title", ""),
        lang=(feed.get("language") or "")[:2].lower() or None,
        problems=problems,
    )


def run_feedparser(body: bytes, headers: dict[str, str], url: str) -> feedparser.FeedParserDict:
    # feedparser must get a file object: given bytes or str it may open a local file of that name.
    # Relative links resolve against the URL fetched, unless the server names the document's own (Content-Location).
    return feedparser.parse(
        io.BytesIO(body),
        response_headers={"content-location": url, **headers},
        sanitize_html=True,
        resolve_relative_uris=True,
    )


def redecode(
    body: bytes, headers: dict[str, str], url: str, parsed: feedparser.FeedParserDict
) -> tuple[feedparser.FeedParserDict, str] | None:
    """Parse again in the charset the bytes are really in; None when it cannot be identified.

    When feedparser's fallback is what the bytes are (plain ASCII, or text that
    decodes as UTF-8), its parse stands, with a note.
    """
    declared = declared_charset(headers, body)
    fallback = codec_name(parsed.get("encoding"))
    guess = charset_normalizer.from_bytes(body).best()
    guessed = codec_name(guess.encoding) if guess else None
    if guessed in (fallback, "ascii") or (fallback == "utf-8" and guessed is None):
        return parsed, f"charset: declared {declared or 'none'}, which does not fit the bytes; read as {fallback}"
    if guess is None or guessed == codec_name(declared):
        return None
    text = str(guess)
    utf8_body = XML_DECLARATION_ENCODING.sub(rb'\1"utf-8"', text.encode("utf-8"), count=1)
    reparsed = run_feedparser(utf8_body, {**headers, "content-type": "application/xml; charset=utf-8"}, url)
    if reparsed.get("bozo") and isinstance(reparsed.get("bozo_exception"), feedparser.CharacterEncodingOverride):
        return None
    note = f"charset: declared {declared or 'none'} but the bytes are {guessed}; decoded as {guessed}"
    return reparsed, note


def codec_name(name: str | None) -> str | None:
    """The canonical name of a charset ("GB2312" and "gb_2312" alike), or None when unknown."""
    try:
        return codecs.lookup(name).name if name else None
    except LookupError:
        return None


def declared_charset(headers: dict[str, str], body: bytes) -> str | None:
    """The charset the HTTP header (or else the XML declaration) claims."""
    match = re.search(r"charset=[\"']?([\w.:-]+)", headers.get("content-type", ""), re.IGNORECASE)
    if match:
        return match.group(1).lower()
    declaration = re.match(rb"""\s*<\?xml[^>]*?encoding=["']([\w.:-]+)""", body)
    return declaration.group(1).decode("ascii").lower() if declaration else None


def charset_complaint(parsed: feedparser.FeedParserDict) -> str:
    return (
        f"charset: the bytes are not in the declared charset and could not be identified "
        f"(feedparser fell back to {parsed.get('encoding', '?')}); entries not stored rather than stored as mojibake"
    )


def not_a_feed_reason(body: bytes, headers: dict[str, str], parsed: feedparser.FeedParserDict) -> str:
    content_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type in HTML_TYPES or HTML_START.match(body[:512]):
        return f"not a feed: an HTML page ({content_type or 'no Content-Type'})"
    complaint = bozo_complaint(parsed)
    return f"not a feed: {complaint}" if complaint else "not a feed: no RSS, Atom or RDF document found"


def bozo_complaint(parsed: feedparser.FeedParserDict) -> str | None:
    """The parser's complaint in one line, or None when the feed parsed cleanly enough."""
    exception = parsed.get("bozo_exception")
    if not parsed.get("bozo") or exception is None or isinstance(exception, HARMLESS_BOZO):
        return None
    if isinstance(exception, feedparser.CharacterEncodingOverride):
        return None
    where = f" at line {exception.getLineNumber()}" if isinstance(exception, SAXParseException) else ""
    return f"malformed XML{where}: {exception.getMessage() if isinstance(exception, SAXParseException) else exception}"


def feed_entries(parsed: feedparser.FeedParserDict) -> list[Entry]:
    """Entries in feed order; an id repeated within the feed keeps its first entry."""
    entries: dict[str, Entry] = {}
    for raw in parsed.entries:
        entry = to_entry(raw)
        entries.setdefault(entry.entry_id, entry)
    return list(entries.values())


def to_entry(raw: feedparser.FeedParserDict) -> Entry:
    title_detail = raw.get("title_detail") or {}
    content, content_type = best_content(raw)
    summary_detail = raw.get("summary_detail") or {}
    summary = raw.get("summary")
    title = raw.get("title", "") or ""
    link = web_link(raw.get("link"))
    published = iso_time(raw.get("published_parsed") or raw.get("updated_parsed"))
    source_hash = digest([title, link, content, summary, published])
    guid = (raw.get("id") or "").strip()
    # Without a guid the link names the entry; without a link, its title and text do.
    entry_id = guid or link or f"sha256:{digest([title, content or summary or ''])[:32]}"
    return Entry(
        entry_id=entry_id,
        url=link,
        title=title,
        title_is_html=is_html(title_detail.get("type")),
        published=published,
        content=content,
        content_is_html=is_html(content_type),
        summary=summary if summary != content else None,
        summary_is_html=is_html(summary_detail.get("type")),
        source_hash=source_hash,
    )


def web_link(link: str | None) -> str | None:
    """An entry's link when it is a web address (feedparser also copies a `urn:` guid into `link`)."""
    link = (link or "").strip()
    try:
        scheme = urlsplit(link).scheme
    except ValueError:
        return None
    return link if scheme in ("http", "https") else None


def best_content(raw: feedparser.FeedParserDict) -> tuple[str | None, str | None]:
    """The entry's longest full-content value and its type (RSS content:encoded, Atom content)."""
    contents = [item for item in raw.get("content", []) if (item.get("value") or "").strip()]
    if not contents:
        return None, None
    best = max(contents, key=lambda item: len(item["value"]))
    return best["value"], best.get("type")


def is_html(content_type: str | None) -> bool:
    return content_type in (None, "text/html", "application/xhtml+xml")


def iso_time(parsed_time: object) -> str | None:
    """feedparser's UTC time tuple as ISO 8601, or None."""
    if not parsed_time:
        return None
    try:
        seconds = calendar.timegm(parsed_time)  # type: ignore[arg-type]
        moment = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def digest(parts: list[object]) -> str:
    """A stable SHA-256 of `parts`."""
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()
