"""Renderers for a diff: a rich table for people, JSON for programs, Markdown for notes.

Text from feeds reaches a terminal or a document here, so every string taken from
a claim is cleaned of control characters and escape sequences first, and rich
markup in it is never interpreted.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import IO, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from claimledger.diff.changes import Change, DiffResult
from claimledger.diff.keys import display_name, measure_name, split_round
from claimledger.diff.statuses import STATUSES
from claimledger.terminal import printable
from claimledger.types import Claim

BOOLEAN_FIELDS = ("projected", "self_reported")
CLAIM_FIELDS = tuple(Claim.field_names())
STATUS_STYLES = {
    "new": "green",
    "updated": "yellow",
    "superseded": "magenta",
    "conflict": "bold red",
    "reaffirmed": "dim",
    "qualifier_changed": "cyan",
}
MARKDOWN_HEADER = "| Status | Metric | Old | New | Change | Sources |"
# Tables printed to a file or a pipe are read later, not squeezed into 80 columns.
PIPE_WIDTH = 160


class ReportConsole(Console):
    """A console for which a closed pipe (``claims diff | head``) ends the report like any other writer.

    rich's own console exits with status 1 instead, which `--fail-on` gives a meaning.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def clean(text: Any) -> str:
    """Feed text made safe to print: escape sequences gone, control characters as spaces."""
    if text is None:
        return ""
    return printable(str(text), replacement=" ").strip()


def claim_object(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A ledger row as the JSON claim object: every extractor field plus its provenance."""
    if row is None:
        return None
    claim = {name: row.get(name) for name in CLAIM_FIELDS}
    for name in BOOLEAN_FIELDS:
        claim[name] = None if claim[name] is None else bool(claim[name])
    claim.update(
        source=row.get("source"),
        url=row.get("url"),
        published=row.get("published"),
        document_id=row.get("document_id"),
        claim_id=row.get("id"),
    )
    return claim


def change_object(change: Change, claims: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """One change as JSON: status, key, its subject and metric, both claims and the difference."""
    difference = None
    if change.absolute is not None or change.relative is not None:
        difference = {"absolute": change.absolute, "relative": change.relative}
    return {
        "status": change.status,
        "key": change.claim_key,
        "subject": change.key.subject,
        "metric": change.key.metric,
        "old": claim_object(claims.get(change.old_id)) if change.old_id else None,
        "new": claim_object(claims.get(change.new_id)),
        "change": difference,
    }


def render_json(result: DiffResult, out: IO[str]) -> None:
    """``{"changes": [...]}``, one object per change, UTF-8 kept readable; written as it is read."""
    out.write('{"changes": [')
    separator = "\n"
    for changes, claims in result.batches():
        for change in changes:
            out.write(separator + json.dumps(change_object(change, claims), ensure_ascii=False))
            separator = ",\n"
    out.write("\n]}\n")


def claims_count(total: int) -> str:
    """``1 claim``, ``6 claims``."""
    return f"{total} claim" if total == 1 else f"{total} claims"


def status_counts(counts: dict[str, int]) -> str:
    """``2 updated, 1 conflict, ...`` in the order of `STATUSES`."""
    return ", ".join(f"{counts[status]} {status}" for status in STATUSES if counts.get(status)) or "no claims"


def by_subject(changes: Iterable[Change], claims: dict[int, dict[str, Any]]) -> dict[str, list[Change]]:
    """Changes grouped by subject, in the key's order; each group named as people write it."""
    groups: dict[str, list[Change]] = defaultdict(list)
    names: dict[str, str] = {}
    for change in changes:
        subject = change.key.subject or "-"
        groups[subject].append(change)
        written = claims.get(change.new_id, {}).get("subject")
        names[subject] = display_name(subject) or clean(written) or subject
    return {names[subject]: group for subject, group in groups.items()}


def figure_text(row: dict[str, Any] | None) -> str:
    """A claim as written, its date and its benchmark round: ``16,635 tokens/s (2026-09-16, mlperf 6.1)``."""
    if row is None:
        return ""
    _, benchmark, round_ = split_round(row.get("condition"))
    details = [clean(row.get("published"))[:10]]
    if round_:
        details.append(f"{display_name(benchmark) or benchmark} v{'.'.join(map(str, round_))}")
    text = clean(row.get("text"))
    shown = ", ".join(detail for detail in details if detail)
    return f"{text} ({shown})" if shown else text


def percent_text(change: Change) -> str:
    """The relative change as a signed percentage, empty when there is none."""
    if change.relative is None:
        return ""
    return f"{change.relative * 100:+.1f}%"


def sources_text(change: Change, claims: dict[int, dict[str, Any]]) -> str:
    """Where the old and the new figure were published."""
    new_source = clean(claims.get(change.new_id, {}).get("source"))
    if change.old_id is None:
        return new_source
    old_source = clean(claims.get(change.old_id, {}).get("source"))
    return new_source if old_source == new_source else f"{old_source} -> {new_source}"


def metric_text(change: Change, claims: dict[int, dict[str, Any]]) -> str:
    """The key's metric and condition as people write them; the measure when both are unknown.

    A canonical name from the alias file where there is one, else the new claim's own words.
    """
    written = claims.get(change.new_id, {})
    parts = [
        display_name(part) or clean(written.get(field)) or part
        for field, part in (("metric", change.key.metric), ("condition", change.key.condition))
        if part
    ]
    return clean(" / ".join(parts) or measure_name(change.key.measure))


def render_table(result: DiffResult, out: IO[str]) -> None:
    """Rich tables, one per subject; colours only when `out` is a terminal."""
    console = ReportConsole(file=out, highlight=False, width=None if out.isatty() else PIPE_WIDTH)
    console.print(Text(f"claims diff: {claims_count(result.total)}: {status_counts(result.counts)}"))
    for batch, claims in result.batches():
        for subject, changes in by_subject(batch, claims).items():
            table = Table(title=Text(clean(subject), style="bold"), title_justify="left", expand=False)
            for column in ("status", "metric", "old", "new", "change", "sources"):
                table.add_column(column, overflow="fold")
            for change in changes:
                table.add_row(
                    Text(change.status, style=STATUS_STYLES[change.status]),
                    Text(metric_text(change, claims)),
                    Text(figure_text(claims.get(change.old_id)) if change.old_id else ""),
                    Text(figure_text(claims.get(change.new_id))),
                    Text(percent_text(change)),
                    Text(sources_text(change, claims)),
                )
            console.print(table)


def markdown_cell(text: str) -> str:
    """Text safe inside a Markdown table cell: pipes, markup characters and HTML escaped."""
    text = clean(text).replace("\\", "\\\\")
    for char in "|*_`[]<>#":
        text = text.replace(char, "\\" + char)
    return text


def markdown_source(row: dict[str, Any] | None) -> str:
    """A source name linked to the post it came from."""
    if row is None:
        return ""
    name = markdown_cell(row.get("source") or "source")
    url = clean(row.get("url")).replace(")", "%29").replace(" ", "%20")
    return f"[{name}](<{url}>)" if url.startswith(("http://", "https://")) else name


def render_markdown(result: DiffResult, out: IO[str]) -> None:
    """A report to paste into a note or a pull request: a summary and a table per subject."""
    out.write(f"# Claims diff\n\n{claims_count(result.total)}: {status_counts(result.counts)}.\n")
    for batch, claims in result.batches():
        for subject, changes in by_subject(batch, claims).items():
            lines = ["", f"## {markdown_cell(subject)}", "", MARKDOWN_HEADER, "|---|---|---|---|---|---|"]
            lines += [markdown_row(change, claims) for change in changes]
            out.write("\n".join(lines) + "\n")


def markdown_row(change: Change, claims: dict[int, dict[str, Any]]) -> str:
    """One change as a Markdown table row; the statuses that need attention in bold."""
    old = claims.get(change.old_id) if change.old_id else None
    new = claims.get(change.new_id)
    cells = [
        f"**{change.status}**" if change.status in ("updated", "superseded", "conflict") else change.status,
        markdown_cell(metric_text(change, claims)),
        markdown_cell(figure_text(old)),
        markdown_cell(figure_text(new)),
        percent_text(change),
        " → ".join(filter(None, (markdown_source(old), markdown_source(new)))),
    ]
    return "| " + " | ".join(cells) + " |"


RENDERERS = {"table": render_table, "json": render_json, "markdown": render_markdown}
