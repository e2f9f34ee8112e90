"""`claims extract`: numeric claims in a text file, as JSON lines or a table."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from claimledger.cli.inputs import input_name, read_input
from claimledger.terminal import printable

if TYPE_CHECKING:
    from claimledger.types import Claim

TABLE_COLUMNS = ("text", "value", "kind", "unit", "qualifier", "trend", "baseline", "subject", "metric", "condition", "notes", "lang")
PIPED_WIDTH = 200
# Inputs above this size get a spinner while the extractor works.
LARGE_INPUT = 1_000_000


def read_text(source: str) -> str:
    """The text of `source` ("-" for standard input), decoded as UTF-8.

    Raises:
        click.ClickException: the file cannot be read or is not UTF-8 (names the
            file and the byte offset of the first bad byte).
    """
    name = input_name(source)
    try:
        data = read_input(source)
    except OSError as error:
        raise click.ClickException(f"cannot read {name}: {error.strerror or error}") from error
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise click.ClickException(
            f"{name} is not UTF-8: byte offset {error.start} (0x{data[error.start]:02x}) cannot be decoded"
        ) from error


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
    if not claims:
        console.print("no claims found")
        return
    table = Table(show_lines=False)
    for column in TABLE_COLUMNS:
        table.add_column(column, overflow="fold")
    for claim in claims:
        record = claim.to_dict()
        if record["value"] is None and record["low"] is not None:
            record["value"] = f"{record['low']:g}–{record['high']:g}"
        record["notes"] = ", ".join(
            note for note, flag in (("projected", claim.projected), ("self-reported", claim.self_reported)) if flag
        )
        table.add_row(*(Text(clean(record[column])) for column in TABLE_COLUMNS))
    console.print(table)


@click.command(name="extract")
@click.argument("source", default="-", metavar="[FILE|-]")
@click.option("--lang", type=click.Choice(["auto", "en", "zh"]), default="auto", show_default=True,
              help="Language of the text; auto decides per sentence.")
@click.option("--format", "output_format", type=click.Choice(["jsonl", "table"]), default="jsonl",
              show_default=True, help="One JSON object per claim, or a table for people.")
@click.option("--all-quantities", is_flag=True,
              help="Every quantity, counted nouns and bare numbers too, not only claims.")
def command(source: str, lang: str, output_format: str, all_quantities: bool) -> None:
    """Extract the numeric claims in FILE (or standard input).

    Each claim comes with its value, unit, qualifier, trend, baseline, subject,
    metric and condition, and its offsets in the input. Example:

    \b
        echo "Rubin delivers up to 10x the TPS/MW of GB200 NVL72." | claims extract --format table
        claims extract post.txt --lang zh > claims.jsonl
    """
    text = read_text(source)
    from claimledger.extraction import extract

    forced = None if lang == "auto" else lang
    if len(text) > LARGE_INPUT:
        from rich.console import Console

        with Console(stderr=True).status(f"extracting claims from {len(text):,} characters"):
            claims = extract(text, lang=forced, all_quantities=all_quantities)
    else:
        claims = extract(text, lang=forced, all_quantities=all_quantities)
    if output_format == "table":
        render_table(claims)
        return
    out = sys.stdout
    for claim in claims:
        out.write(json.dumps(claim.to_dict(), ensure_ascii=False) + "\n")
