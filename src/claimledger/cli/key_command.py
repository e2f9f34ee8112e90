"""`claims key`: the identity each claim gets, part by part, and which identity of the ledger it joins."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from claimledger.cli.entities_option import beside_feeds, entities_option, user_entities
from claimledger.cli.failure import UNREADABLE_LEDGER, failure

if TYPE_CHECKING:
    from claimledger.entities import Entity

# Without --entities, the entities file beside the feeds file `claims crawl` reads by default.
CRAWL_FEEDS = Path("feeds/feeds.toml")


def render_table(records: list[dict[str, Any]]) -> None:
    """One small table per claim (part, as written, in the key, how), then how the ledger resolved it."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from claimledger.diff.report import clean

    console = Console(highlight=False)
    if not records:
        console.print("no claims found")
    for record in records:
        title = clean(record["text"])
        if record.get("claim_id") is not None:
            title = f"claim {record['claim_id']}: {title}"
        table = Table(title=Text(title, style="bold"), title_justify="left")
        for column in ("part", "as written", "in the key", "how"):
            table.add_column(column, overflow="fold")
        for part, values in record["parts"].items():
            table.add_row(part, Text(clean(values["written"])), Text(clean(values["key"])), Text(clean(values["how"])))
        if record["round"]:
            table.add_row("round", "", Text(clean(record["round"])), "kept apart from the key")
        console.print(table)
        console.print(Text(f"key: {clean(record['key'])}" if record["key"] else record["note"]), soft_wrap=True)
        for line in resolution_lines(record):
            console.print(Text(clean(line)), soft_wrap=True)


def resolution_lines(record: dict[str, Any]) -> list[str]:
    """How the ledger resolved the claim: what it joins and why, the candidates weighed, the decisions."""
    resolution = record.get("resolution")
    if not resolution:
        return []
    lines = []
    if resolution["joins"] != resolution["stated"]:
        lines.append(f"joins: {resolution['joins']}")
    lines.append(f"why: {resolution['reason']}")
    if resolution["written_the_other_way_round"]:
        lines.append("compared by its reciprocal: the identity is written the other way round")
    lines += [f"candidate: {candidate}" for candidate in resolution["candidates"]]
    for decision in resolution["decisions"]:
        verb = "joins" if decision["kind"] == "link" else "never shares"
        lines.append(f"decision {decision['decision']} ({decision['decided'][:10]}): claim {decision['claim']} "
                     f"{verb} the identity of claim {decision['other']}")
    stored = record.get("stored_key")
    if stored and stored != resolution["joins"]:
        lines.append(f"the last `claims diff` compared it as: {stored}")
    return lines


def claims_from_text(text: str, lang: str, entities: list[Entity] | None = None) -> list[dict[str, Any]]:
    """Run the extractor on a sentence (with a user's `entities` over the package's); its claims as plain dicts."""
    try:
        from claimledger.entities import package_registry
        from claimledger.extraction import extract
    except ImportError as error:
        raise click.ClickException(f"the extractor is not available ({error})") from error
    registry = package_registry().with_entities(entities) if entities else None
    from claimledger.diff.periods import lead_before, post_periods

    claims = [claim.to_dict() for claim in extract(text, lang=None if lang == "auto" else lang, registry=registry)]
    post = post_periods(text)
    return [{**claim, "lead": lead_before(text, claim["sentence_start"]), "post": post} for claim in claims]


def open_checked(db_path: Path) -> Any:
    """The ledger at `db_path`, refused with exit 2 when it is not one.

    Only reading: a ledger on read-only media is read as it is, any other is brought up to date first.
    """
    import sqlite_utils

    from claimledger.errors import LedgerError
    from claimledger.ledger.open import check_ledger, connect_read_only, on_read_only_media, open_ledger

    try:
        check_ledger(db_path)
    except LedgerError as error:
        raise failure(error, UNREADABLE_LEDGER) from error
    if on_read_only_media(db_path):
        return sqlite_utils.Database(connect_read_only(db_path, immutable=True))
    return open_ledger(db_path)


def claims_from_ledger(db: Any, db_path: Path, claim_ids: tuple[int, ...]) -> list[dict[str, Any]]:
    """Stored claims by id, in the order asked."""
    placeholders = ", ".join("?" for _ in claim_ids)
    rows = {row["id"]: row for row in db.query(f"SELECT * FROM claims WHERE id IN ({placeholders})", claim_ids)}
    missing = [str(claim_id) for claim_id in claim_ids if claim_id not in rows]
    if missing:
        raise click.ClickException(f"{db_path}: no claim with id {', '.join(missing)}")
    return [rows[claim_id] for claim_id in claim_ids]


@click.command("key")
@click.argument("sentence", required=False)
@click.option("--lang", type=click.Choice(["auto", "en", "zh"]), default="auto", show_default=True)
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A ledger: resolve against its identities (default claims.db with --claim).")
@click.option("--claim", "claim_ids", type=int, multiple=True,
              help="Show the key of a stored claim by id (repeatable).")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table", show_default=True)
@entities_option
def command(
    sentence: str | None, lang: str, db_path: Path | None, claim_ids: tuple[int, ...], output_format: str,
    entities_path: Path | None,
) -> None:
    """Show the identity each claim in SENTENCE gets (SENTENCE "-" reads standard input).

    The table shows each part as written, as it enters the key (after folding,
    aliases and metric synonyms) and which rule made it so. With a ledger
    (--db, or --claim ID), it also shows which identity of the ledger the claim
    joins and why: a claim that leaves a part out joins the one identity that
    fits what it does state, and for a claim left on its own the candidates it
    could have joined; decisions stored by `claims link`/`claims unlink` are listed.
    Names resolve as `claims diff` resolves them: with --entities PATH, else
    feeds/entities.toml when there is one.

    \b
    Example:
        claims key "Vera Rubin NVL72 delivers up to 10x the TPS/MW of GB200 NVL72"
        claims key --db claims.db --claim 12 --claim 40
    """
    from claimledger.diff.explain import explain_parts, explain_stored, resolve_in_ledger
    from claimledger.diff.identity import parse_key

    from claimledger.diff.keys import use_entities

    if sentence is None and not claim_ids:
        raise click.UsageError("give a SENTENCE, or --claim ID with --db")
    entities = user_entities(beside_feeds(entities_path, CRAWL_FEEDS))
    db = open_checked(db_path or Path("claims.db")) if claim_ids or db_path else None
    records = []
    with use_entities(entities):
        if sentence is not None:
            text = sys.stdin.read() if sentence == "-" else sentence
            claims = claims_from_text(text, lang, entities)
            for claim in claims:
                siblings = [other for other in claims if other["sentence_start"] == claim["sentence_start"]]
                record = explain_parts(claim, siblings)
                if db is not None and record["key"]:
                    record["resolution"] = resolve_in_ledger(db, parse_key(record["key"]))
                records.append(record)
        if claim_ids:
            rows = claims_from_ledger(db, db_path or Path("claims.db"), claim_ids)
            records += [explain_stored(db, row) for row in rows]
    if output_format == "json":
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
    else:
        render_table(records)
