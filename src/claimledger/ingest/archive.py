"""Reading an archive for `claims ingest`: JSONL files of documents, or folders of HTML files.

A JSONL line is one document: {"url", "title", "published", "source", "lang",
"html" or "text"}; only `url` and one of `html`/`text` are required, other keys
are ignored. A folder is read for its *.html and *.htm files, recursively, in
name order. A line that is not a document becomes a `BadLine` naming the file
and line, and reading goes on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from claimledger.crawl.config import LANGUAGES
from claimledger.errors import ConfigError

HTML_SUFFIXES = {".html", ".htm"}
OPTIONAL_TEXT_FIELDS = ("title", "published", "source", "lang", "html", "text")


@dataclass(slots=True)
class Record:
    """One document of an archive as read, before any cleaning or extraction."""

    # Where it was read: "posts.jsonl:12", or the HTML file's path.
    origin: str
    # The document's identity in the ledger: its URL, or the HTML file's file: URI.
    entry_id: str
    source: str
    url: str | None
    title: str
    published: str | None
    lang: str | None
    # An HTML page or fragment (bytes for a file, decoded as a fetched page is), else plain text.
    html: str | bytes | None
    text: str | None

    @property
    def source_hash(self) -> str:
        """Changes whenever anything the archive says about the document changes (what resuming compares)."""
        digest = hashlib.sha256()
        for part in (self.source, self.url, self.title, self.published, self.lang, self.text):
            digest.update(json.dumps(part, ensure_ascii=False).encode("utf-8"))
        html = self.html.encode("utf-8") if isinstance(self.html, str) else self.html
        digest.update(html or b"")
        return digest.hexdigest()


@dataclass(slots=True)
class BadLine:
    """A line (or file) that is not a document, and why."""

    origin: str
    reason: str


def check_paths(paths: list[Path]) -> None:
    """Refuse a path that is neither a file nor a folder, before anything is read or written.

    A file is read as JSONL unless its name ends in .html or .htm.

    Raises:
        ConfigError: naming the path.
    """
    for path in paths:
        if not path.is_dir() and not path.is_file():
            raise ConfigError(f"{path}: no such file or folder")


def count_records(paths: list[Path]) -> int:
    """How many documents the archive holds at most (non-blank lines and HTML files), for the progress bar."""
    total = 0
    for path in paths:
        if path.is_dir():
            total += sum(1 for _ in html_files(path))
        elif path.suffix.lower() in HTML_SUFFIXES:
            total += 1
        else:
            with path.open("rb") as lines:
                total += sum(1 for line in lines if line.strip())
    return total


def read_archives(paths: list[Path], source: str | None = None) -> Iterator[Record | BadLine]:
    """Every document of every path in order; `source` is used where a document names none."""
    for path in paths:
        if path.is_dir():
            for file in html_files(path):
                yield html_record(file, source or path.resolve().name)
        elif path.suffix.lower() in HTML_SUFFIXES:
            yield html_record(path, source or path.resolve().parent.name)
        else:
            yield from jsonl_records(path, source or path.stem)


def html_files(folder: Path) -> Iterator[Path]:
    yield from sorted(file for file in folder.rglob("*") if file.suffix.lower() in HTML_SUFFIXES and file.is_file())


def html_record(path: Path, source: str) -> Record | BadLine:
    """An HTML file as a document: its title and date are read from the page where it is prepared."""
    try:
        html = path.read_bytes()
    except OSError as error:
        return BadLine(str(path), f"cannot read: {error.strerror}")
    uri = path.resolve().as_uri()
    return Record(origin=str(path), entry_id=uri, source=source, url=uri, title="", published=None, lang=None,
                  html=html, text=None)


def jsonl_records(path: Path, source: str) -> Iterator[Record | BadLine]:
    with path.open("rb") as lines:
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            origin = f"{path}:{number}"
            try:
                yield jsonl_record(raw, origin, source)
            except ValueError as error:
                yield BadLine(origin, f"not a document: {error}")


def jsonl_record(raw: bytes, origin: str, source: str) -> Record:
    """One JSONL line as a record.

    Raises:
        ValueError: why the line is not a document.
    """
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 (byte {error.start})") from None
    try:
        fields = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(fields, dict):
        raise ValueError(f"{json_type(fields)}, not an object")
    url = fields.get("url")
    if not isinstance(url, str) or not url.strip():
        raise ValueError('no "url"')
    for name in OPTIONAL_TEXT_FIELDS:
        if fields.get(name) is not None and not isinstance(fields[name], str):
            raise ValueError(f'"{name}" is {json_type(fields[name])}, not a string')
    html, text = fields.get("html"), fields.get("text")
    if not (html or "").strip() and not (text or "").strip():
        raise ValueError('neither "html" nor "text"')
    lang = fields.get("lang") or None
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f'"lang" is {lang!r}, not one of {", ".join(sorted(LANGUAGES))}')
    url = url.strip()
    return Record(
        origin=origin, entry_id=url, source=(fields.get("source") or "").strip() or source, url=url,
        title=fields.get("title") or "", published=published_iso(fields.get("published")), lang=lang,
        html=html if (html or "").strip() else None, text=None if (html or "").strip() else text,
    )


def json_type(value: object) -> str:
    """What a JSON value is, as a message names it: "a number", "an array"."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return {list: "an array", dict: "an object", str: "a string"}.get(type(value), "null")


def published_iso(value: str | None) -> str | None:
    """An ISO 8601 date or time as the ledger stores it (UTC, to the second); a time without zone is UTC.

    Raises:
        ValueError: not an ISO 8601 date or time.
    """
    if not value or not value.strip():
        return None
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f'"published" is {value!r}, not an ISO 8601 date or time') from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
