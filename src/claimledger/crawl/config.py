"""The feeds file: which feeds to crawl, read from TOML and checked before any fetch.

    [[feeds]]
    name = "NVIDIA Developer Blog"
    url = "https://developer.nvidia.com/blog/feed"
    lang = "en"            # optional hint
    allow_private = false  # optional; true only for feeds served on this machine
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit

from claimledger.errors import FeedsConfigError

LANGUAGES = ("en", "zh")


@dataclass(frozen=True, slots=True)
class FeedConfig:
    """One feed as the feeds file lists it.

    Each field is a key of a [[feeds]] table; its metadata says what the key
    takes and means, and the README's table of keys is generated from it.
    """

    name: str = field(metadata={
        "takes": "string",
        "means": "What the crawl summary, the ledger and the reports call the feed; unique in the file. "
                 "The publisher is the vendor the name contains (`NVIDIA Blog` and `英伟达 中文` are one, "
                 "by `data/aliases.toml`), else the feed. Renaming a feed keeps its history when its URL stays.",
    })
    url: str = field(metadata={
        "takes": "http:// or https:// URL",
        "means": "The feed (RSS 2.0, Atom or RDF); unique in the file. A 301/308 moves the stored URL; "
                 "a new URL here starts the feed afresh (no validators, no back-off, not retired).",
    })
    lang: str | None = field(default=None, metadata={
        "takes": " or ".join(f'`"{code}"`' for code in LANGUAGES),
        "means": "A hint: each document's language is detected from its text; this (else the feed's own "
                 "`<language>`, else English) is used only for text without letters.",
    })
    allow_private: bool = field(default=False, metadata={
        "takes": "boolean",
        "means": "Let this feed's own host and port be a private or loopback address (a feed served on this "
                 "machine); redirects and article links to any other private address are still refused.",
    })


FEED_KEYS = frozenset(key.name for key in fields(FeedConfig))


def load_feeds(path: str | Path) -> list[FeedConfig]:
    """Read and validate the feeds file at `path`.

    Raises:
        FeedsConfigError: the file is missing, is not TOML, or lists a feed
            that is invalid (unknown keys, a URL that is not http(s), a
            duplicate name or URL).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FeedsConfigError(f"{path}: no such feeds file") from None
    except OSError as error:
        raise FeedsConfigError(f"{path}: cannot read: {error.strerror}") from None
    try:
        document = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise FeedsConfigError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        raise FeedsConfigError(f"{path}: invalid TOML: {error}") from None
    return parse_feeds(document, path)


def parse_feeds(document: dict, path: str | Path) -> list[FeedConfig]:
    """Validate the parsed TOML `document` of the feeds file at `path`."""
    unknown_top = set(document) - {"feeds"}
    if unknown_top:
        raise FeedsConfigError(f"{path}: unknown top-level key {sorted(unknown_top)[0]!r} (expected [[feeds]])")
    entries = document.get("feeds", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise FeedsConfigError(f"{path}: 'feeds' must be an array of tables ([[feeds]])")
    feeds = [parse_feed(entry, f"{path}: feed #{number}") for number, entry in enumerate(entries, 1)]
    reject_duplicates(feeds, path)
    return feeds


def parse_feed(entry: dict, where: str) -> FeedConfig:
    """Validate one [[feeds]] table; `where` prefixes every error message."""
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise FeedsConfigError(f"{where}: 'name' is required and must be a non-empty string")
    where = f"{where} ({name!r})"
    unknown = set(entry) - FEED_KEYS
    if unknown:
        raise FeedsConfigError(f"{where}: unknown key {sorted(unknown)[0]!r} (allowed: {', '.join(sorted(FEED_KEYS))})")
    url = entry.get("url")
    if not isinstance(url, str):
        raise FeedsConfigError(f"{where}: 'url' is required and must be a string")
    check_url(url, where)
    lang = entry.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise FeedsConfigError(f"{where}: 'lang' must be one of {list(LANGUAGES)}, not {lang!r}")
    allow_private = entry.get("allow_private", False)
    if not isinstance(allow_private, bool):
        raise FeedsConfigError(f"{where}: 'allow_private' must be true or false")
    return FeedConfig(name=name.strip(), url=url, lang=lang, allow_private=allow_private)


def check_url(url: str, where: str) -> None:
    """Raise FeedsConfigError unless `url` is an absolute http(s) URL with a host."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a bad port only raises when read
    except ValueError as error:
        raise FeedsConfigError(f"{where}: invalid URL {url!r}: {error}") from None
    if parts.scheme not in ("http", "https"):
        raise FeedsConfigError(f"{where}: URL {url!r} must start with http:// or https://")
    if not parts.hostname or any(character.isspace() for character in url):
        raise FeedsConfigError(f"{where}: invalid URL {url!r}")


def reject_duplicates(feeds: list[FeedConfig], path: str | Path) -> None:
    """Raise FeedsConfigError when two feeds share a name or a URL."""
    seen_names: set[str] = set()
    seen_urls: set[str] = set()
    for feed in feeds:
        if feed.name in seen_names:
            raise FeedsConfigError(f"{path}: duplicate feed name {feed.name!r}")
        if feed.url in seen_urls:
            raise FeedsConfigError(f"{path}: duplicate feed URL {feed.url!r} (feed {feed.name!r})")
        seen_names.add(feed.name)
        seen_urls.add(feed.url)
