"""`claims text`: the text the crawl keeps from article pages, to see why a figure was or was not found."""

from __future__ import annotations

import gzip
import json
import sys
import zlib
from typing import IO

import click

from claimledger.cli.inputs import input_name, read_input
from claimledger.terminal import printable

GZIP_MAGIC = b"\x1f\x8b"
# From this many files on, a progress bar on a terminal's standard error.
PROGRESS_FROM = 20


class UnreadablePage(Exception):
    """A page file that cannot be read or decompressed; the message names the file."""


def read_page(source: str) -> bytes:
    """The bytes of the page `source` ("-" for standard input), `.gz` files and gzip on standard input decompressed.

    Raises:
        UnreadablePage: the file cannot be opened or read, or is not valid gzip.
    """
    name = input_name(source)
    try:
        data = read_input(source)
    except OSError as error:
        raise UnreadablePage(f"cannot read {name}: {error.strerror or error}") from error
    if source.endswith(".gz") or (source == "-" and data.startswith(GZIP_MAGIC)):
        try:
            return gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise UnreadablePage(f"cannot read {name}: not valid gzip ({error})") from error
    return data


def page_record(source: str, data: bytes) -> tuple[dict, tuple[str, ...]]:
    """The JSON record of one page (file, title, published, text, extractor), and its extraction problems."""
    from claimledger.text.article import page_text
    from claimledger.text.clean import body_after_title

    page = page_text(data)
    record = {
        "file": source,
        "title": page.title,
        "published": page.published,
        "text": body_after_title(page.title, page.text),
        "extractor": page.extractor,
    }
    return record, page.problems


def write_page(out: IO[str], record: dict, output_format: str, several: bool) -> None:
    if output_format == "jsonl":
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        return
    from claimledger.text.clean import document_text

    if several:
        out.write(f"==> {printable(record['file'])} <==\n")
    # Plain text may reach a terminal: what a page writes must not drive it.
    lines = [printable(line) for line in document_text(record["title"], record["text"]).split("\n")]
    out.write("\n".join(lines) + "\n" + ("\n" if several else ""))


@click.command(name="text")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "output_format", type=click.Choice(["text", "jsonl"]), default="text", show_default=True,
              help="The text as the ledger keeps it (title, blank line, body), or one JSON object per file.")
def command(files: tuple[str, ...], output_format: str) -> None:
    """Print the main text the crawl keeps from each article page FILE.

    FILE is an HTML page as fetched (`.gz` files are read as gzip; `-` is
    standard input). The text comes from trafilatura, else from the built-in
    heuristic, exactly as `claims crawl` reads a summary-only entry's page.
    `--format jsonl` gives one object per file with `file`, `title`,
    `published` (from the page's markup), `text` (the body, without the
    title) and `extractor`. A file that cannot be read is reported on standard
    error and the others are still printed; the exit status is then 1.

    \b
        claims text saved-post.html
        claims text --format jsonl pages/*.html.gz > pages.jsonl
        curl -s https://example.com/post | claims text -
    """
    from rich.console import Console
    from rich.progress import Progress

    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    failed = 0
    several = len(files) > 1
    quiet = len(files) < PROGRESS_FROM or not errors.is_terminal
    with Progress(console=errors, transient=True, disable=quiet) as bar:
        task = bar.add_task("reading pages", total=len(files))
        for source in files:
            try:
                data = read_page(source)
            except UnreadablePage as error:
                failed += 1
                errors.print(printable(str(error)), markup=False)
                bar.advance(task)
                continue
            record, problems = page_record(source, data)
            for problem in problems:
                errors.print(printable(f"{source}: {problem}"), markup=False)
            write_page(sys.stdout, record, output_format, several)
            sys.stdout.flush()
            bar.advance(task)
    if failed:
        raise SystemExit(1)
