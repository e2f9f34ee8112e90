"""The bench's table: rows of claimledger's figure beside its peer's, grouped in sections, and how goals read."""

from __future__ import annotations

from dataclasses import dataclass, field

from benchmarks.measure import Measured


@dataclass
class Row:
    """One line of the table: claimledger's figure beside its peer's."""

    figure: str
    ours: str
    peer: str = ""
    versus: str = ""
    goal: str = ""


@dataclass
class Section:
    """A titled group of rows, with notes on what was checked or what failed."""

    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def rate(value: float, unit: str) -> str:
    return f"{value:,.0f} {unit}" if value >= 100 else f"{value:,.2f} {unit}"


def speed_ratio(ours: float, peer: float) -> str:
    """How many times as fast as the peer (both figures higher-is-better)."""
    return f"{ours / peer:.2f}x" if peer else ""


def goal_mark(ratio: float, needed: float) -> str:
    """A ratio goal: at least `needed` times the peer."""
    met = "met" if ratio >= needed else f"not met ({ratio / needed:.0%} of it)"
    return f">= {needed:g}x: {met}"


def at_least(value: float, needed: float, unit: str) -> str:
    """A throughput goal."""
    met = "met" if value >= needed else f"not met ({value / needed:.0%} of it)"
    return f">= {needed:,g} {unit}: {met}"


def under(value: float, limit: float, unit: str) -> str:
    """A time or memory goal: below `limit`."""
    met = "met" if value < limit else f"not met ({value / limit:.1f}x the limit)"
    return f"< {limit:,g} {unit}: {met}"


def failed(measured: Measured) -> str:
    return "failed: " + measured.failure()


def render_markdown(sections: list[Section], header: str) -> str:
    lines = [header, "", "| Figure | claimledger | Peer | Speed vs peer | Goal |",
             "| --- | --- | --- | --- | --- |"]
    for section in sections:
        lines.append(f"| **{section.title}** | | | | |")
        lines += [f"| {row.figure} | {row.ours} | {row.peer} | {row.versus} | {row.goal} |"
                  for row in section.rows]
    notes = [note for section in sections for note in section.notes]
    return "\n".join(lines + [""] + [f"- {note}" for note in notes]) + "\n"
