"""`claims extract`: numeric claims in a text file, as JSON lines or a table."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from claimledger.cli.entities_option import entities_option, user_entities
from claimledger.cli.inputs import input_name
from claimledger.cli.windows import MAX_LINE_BYTES, WINDOW, UnreadableText, Window, input_windows
from claimledger.terminal import printable

if TYPE_CHECKING:
    from claimledger.types import Claim

TABLE_COLUMNS = (
    "text", "value", "kind", "unit", "qualifier", "trend", "baseline", "subject", "metric", "condition", "claimant", "notes", "lang",
)
PIPED_WIDTH = 200


def clean(value: object) -> str:
    """A value as table text, with terminal control characters removed."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return printable(str(value))


def render_table(claims: list[Claim]) -> None:
    """Claims as a rich table on standard output."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    # Piped output has no terminal width to fit; keep rows whole rather than 80 columns.
    console = Console(highlight=False, width=None if sys.stdout.isatty() else PIPED_WIDTH)
    table = Table(show_lines=False)
    for column in TABLE_COLUMNS:
        table.add_column(column, overflow="fold")
    for claim in claims:
        record = claim.to_dict()
        if record["value"] is None and record["low"] is not None:
            record["value"] = f"{record['low']:g}–{record['high']:g}"
        notes = [note for note, flag in (("projected", claim.projected), ("self-reported", claim.self_reported)) if flag]
        if claim.role != "current":
            notes.insert(0, claim.role)  # previous, corrected, negated: not the figure that holds now
        record["notes"] = ", ".join(notes)
        table.add_row(*(Text(clean(record[column])) for column in TABLE_COLUMNS))
    console.print(table)


HELP = f"""Extract the numeric claims in FILE (or standard input).

Each claim comes with its value, unit, qualifier, trend, baseline, subject,
metric and condition (with the entity ids of subject, baseline and workload,
and the precision, scenario and benchmark), who claims it, its role (current,
previous, corrected, negated; the offset of the replacing figure) and its
offsets in the input. Example:

\b
    echo "Rubin delivers up to 10x the TPS/MW of GB200 NVL72." | claims extract --format table
    claims extract post.txt --lang zh > claims.jsonl

The input is read as it comes, up to {WINDOW:,} characters of whole paragraphs
at a time, and the claims of each part are printed once it is read (a table
per part); a line over {MAX_LINE_BYTES:,} bytes is refused.
"""


@click.command(name="extract", help=HELP)
@click.argument("source", default="-", metavar="[FILE|-]")
@click.option("--lang", type=click.Choice(["auto", "en", "zh"]), default="auto", show_default=True,
              help="Language of the text; auto decides per sentence.")
@click.option("--format", "output_format", type=click.Choice(["jsonl", "table"]), default="jsonl",
              show_default=True, help="One JSON object per claim, or a table for people.")
@click.option("--all-quantities", is_flag=True,
              help="Every quantity, counted nouns and bare numbers too, not only claims.")
@entities_option
def command(source: str, lang: str, output_format: str, all_quantities: bool, entities_path: Path | None) -> None:
    added = user_entities(entities_path)
    from claimledger.entities import package_registry
    from claimledger.extraction import extract

    registry = package_registry().with_entities(added) if added else None
    name = input_name(source)
    forced = None if lang == "auto" else lang
    found_any = False
    progress = Progress()
    try:
        for window in input_windows(source, name):
            progress.reading(window)
            claims = [shifted(claim, window) for claim in extract(window.text, lang=forced,
                                                                   all_quantities=all_quantities, registry=registry)]
            found_any = found_any or bool(claims)
            write(claims, output_format)
    except BrokenPipeError:
        # The reader (head, less) stopped early: stop reading and writing, quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return
    except OSError as error:
        raise click.ClickException(f"cannot read {name}: {error.strerror or error}") from error
    except UnreadableText as error:
        raise click.ClickException(str(error)) from error
    finally:
        progress.stop()
    if output_format == "table" and not found_any:
        click.echo("no claims found")


def write(claims: list[Claim], output_format: str) -> None:
    """One part's claims on standard output, at once (a pipe's reader sees them before the next part is read)."""
    if output_format == "table":
        if claims:
            render_table(claims)
        return
    sys.stdout.writelines(json.dumps(claim.to_dict(), ensure_ascii=False) + "\n" for claim in claims)
    sys.stdout.flush()


class Progress:
    """How much of the input has been read, on standard error, once it is more than one window."""

    def __init__(self) -> None:
        self._status = None

    def reading(self, window: Window) -> None:
        if window.offset and self._status is None:
            from rich.console import Console

            self._status = Console(stderr=True).status("extracting claims")
            self._status.start()
        if self._status is not None:
            self._status.update(f"extracting claims: {window.offset + len(window.text):,} characters read")

    def stop(self) -> None:
        if self._status is not None:
            self._status.stop()


def shifted(claim: Claim, window: Window) -> Claim:
    """`claim` with its offsets counted from the start of the whole input rather than its window."""
    if window.offset:
        claim.start += window.offset
        claim.end += window.offset
        claim.sentence_start += window.offset
        claim.sentence_end += window.offset
        if claim.replaced_by is not None:
            claim.replaced_by += window.offset
    return claim
