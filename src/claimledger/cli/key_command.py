"""`claims key`: the key each claim gets, part by part, so a user sees why two claims match."""

from __future__ import annotations

import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import click

from claimledger.cli.failure import UNREADABLE_LEDGER, failure

PARTS = ("subject", "metric", "measure", "baseline", "condition")


def key_record(claim: dict[str, Any]) -> dict[str, Any]:
    """A claim's figure, its key, and each key part beside the text it came from."""
    from claimledger.diff.keys import claim_key, claim_round

    key = claim_key(claim)
    round_ = claim_round(claim)
    written = {
        "subject": claim.get("subject"),
        "metric": claim.get("metric"),
        "measure": ", ".join(filter(None, (claim.get("kind"), claim.get("dimensionality")))),
        "baseline": claim.get("baseline"),
        "condition": claim.get("condition"),
    }
    return {
        "text": claim.get("text"),
        "key": key.text if key else None,
        "parts": {part: {"written": written[part], "key": getattr(key, part) if key else None} for part in PARTS},
        "round": f"{round_[0]} {'.'.join(map(str, round_[1]))}" if key and round_ else None,
        "note": None if key else "no subject, so no key: this claim is never compared",
    }


def render_table(records: list[dict[str, Any]]) -> None:
    """One small table per claim: part, as written, in the key."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from claimledger.diff.report import clean

    console = Console(highlight=False)
    if not records:
        console.print("no claims found")
    for record in records:
        table = Table(title=Text(clean(record["text"]), style="bold"), title_justify="left")
        for column in ("part", "as written", "in the key"):
            table.add_column(column, overflow="fold")
        for part, values in record["parts"].items():
            table.add_row(part, Text(clean(values["written"])), Text(clean(values["key"])))
        if record["round"]:
            table.add_row("round", "", Text(clean(record["round"])))
        console.print(table)
        console.print(Text(f"key: {clean(record['key'])}" if record["key"] else record["note"]), soft_wrap=True)


def claims_from_text(text: str, lang: str) -> list[dict[str, Any]]:
    """Run the extractor on a sentence; its claims as plain dicts."""
    try:
        from claimledger.extraction import extract
    except ImportError as error:
        raise click.ClickException(f"the extractor is not available ({error})") from error
    return [claim.to_dict() for claim in extract(text, lang=None if lang == "auto" else lang)]


def claims_from_ledger(db_path: Path, claim_ids: tuple[int, ...]) -> list[dict[str, Any]]:
    """Stored claims by id, in the order asked."""
    from claimledger.errors import LedgerError
    from claimledger.ledger.open import check_ledger, connect_read_only, on_read_only_media, open_ledger

    try:
        check_ledger(db_path)
    except LedgerError as error:
        raise failure(error, UNREADABLE_LEDGER) from error
    # Only reading: a ledger on read-only media is read as it is, any other is brought up to date first.
    if on_read_only_media(db_path):
        connection = connect_read_only(db_path, immutable=True)
    else:
        connection = open_ledger(db_path).conn
    connection.row_factory = sqlite3.Row
    placeholders = ", ".join("?" for _ in claim_ids)
    with closing(connection):
        found = connection.execute(f"SELECT * FROM claims WHERE id IN ({placeholders})", claim_ids).fetchall()
    rows = {row["id"]: dict(row) for row in found}
    missing = [str(claim_id) for claim_id in claim_ids if claim_id not in rows]
    if missing:
        raise click.ClickException(f"{db_path}: no claim with id {', '.join(missing)}")
    return [rows[claim_id] for claim_id in claim_ids]


@click.command("key")
@click.argument("sentence", required=False)
@click.option("--lang", type=click.Choice(["auto", "en", "zh"]), default="auto", show_default=True)
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default="claims.db",
              show_default=True, help="The ledger for --claim.")
@click.option("--claim", "claim_ids", type=int, multiple=True,
              help="Show the key of a stored claim by id (repeatable).")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table", show_default=True)
def command(sentence: str | None, lang: str, db_path: Path, claim_ids: tuple[int, ...], output_format: str) -> None:
    """Show the key each claim in SENTENCE gets (SENTENCE "-" reads standard input).

    Two claims are compared only when their keys are equal; the table shows each
    part as written and as it enters the key, after folding and aliases.

    \b
    Example:
        claims key "Vera Rubin NVL72 delivers up to 10x the TPS/MW of GB200 NVL72"
        claims key --db claims.db --claim 12 --claim 40
    """
    if sentence is None and not claim_ids:
        raise click.UsageError("give a SENTENCE, or --claim ID with --db")
    records = []
    if sentence is not None:
        text = sys.stdin.read() if sentence == "-" else sentence
        records += [key_record(claim) for claim in claims_from_text(text, lang)]
    if claim_ids:
        records += [key_record(claim) for claim in claims_from_ledger(db_path, claim_ids)]
    if output_format == "json":
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
    else:
        render_table(records)
