"""A claim key's history: its claims from the ledger, laid out as an SVG chart.

The chart is computed here and drawn by the `claim_history.html` template as
inline SVG, so it renders offline with no JavaScript. One point per claim,
value over publication date, colour and shape per source; a range is drawn as
a bar from low to high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

WIDTH, HEIGHT = 860, 380
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 90, 30, 20, 50
# Colour-blind-safe palette (Okabe-Ito); shapes repeat after it so sources stay apart.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
SHAPES = ("circle", "square", "triangle", "diamond")

HISTORY_COLUMNS = (
    "id, text, value, low, high, unit, si_value, qualifier, subject, metric, "
    "source, published, status, superseded_by, document_id, url"
)


@dataclass(frozen=True)
class Point:
    """One claim on the chart: its position, its range bar and how it is marked."""

    claim_id: int
    x: float
    y: float
    low_y: float
    high_y: float
    colour: str
    shape: str
    label: str


@dataclass(frozen=True)
class Tick:
    """An axis tick: its position in pixels and its label."""

    position: float
    label: str


@dataclass(frozen=True)
class Series:
    """The claims of one source: their points, joined by a line, and the legend entry."""

    source: str
    colour: str
    shape: str
    points: list[Point]

    @property
    def polyline(self) -> str:
        """The SVG `points` attribute joining this source's claims in date order."""
        return " ".join(f"{point.x:.1f},{point.y:.1f}" for point in self.points)


@dataclass(frozen=True)
class Chart:
    """Everything the template needs to draw the chart."""

    width: int
    height: int
    series: list[Series]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    y_label: str
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int
    undated: int


async def claims_for_key(database: Any, key: str) -> list[dict[str, Any]]:
    """The claims with `key`, oldest first."""
    sql = f"select {HISTORY_COLUMNS} from claims where claim_key = :key order by published, id"
    return [dict(row) for row in (await database.execute(sql, {"key": key})).rows]


async def charted_keys(database: Any, limit: int = 200) -> list[dict[str, Any]]:
    """Claim keys with their claim and source counts, the most charted first."""
    sql = """
        select claim_key, count(*) as claims, count(distinct source) as sources,
          max(subject) as subject, max(metric) as metric, max(published) as latest
        from claims where claim_key is not null
        group by claim_key order by claims desc, latest desc limit :limit
    """
    return [dict(row) for row in (await database.execute(sql, {"limit": limit})).rows]


def chart(claims: list[dict[str, Any]]) -> Chart | None:
    """Lay out `claims` (one key) as a chart; None when no claim has both a date and a figure."""
    unit, scale = _common_unit(claims)
    plotted = []
    for claim in claims:
        when = _parse_date(claim["published"])
        low, value, high = (_scaled(claim, name, scale) for name in ("low", "value", "high"))
        value = value if value is not None else _midpoint(low, high)
        if when is not None and value is not None:
            plotted.append((claim, when, low if low is not None else value, value, high if high is not None else value))
    if not plotted:
        return None
    first = min(when for _, when, *_ in plotted)
    last = max(when for _, when, *_ in plotted)
    if last - first < timedelta(days=30):
        first, last = first - timedelta(days=15), last + timedelta(days=15)
    bottom, top, y_steps = _nice_range(min(low for *_, low, _, _ in plotted), max(high for *_, high in plotted))

    plot_right, plot_bottom = WIDTH - MARGIN_RIGHT, HEIGHT - MARGIN_BOTTOM

    def x_of(when: datetime) -> float:
        return MARGIN_LEFT + (when - first) / (last - first) * (plot_right - MARGIN_LEFT)

    def y_of(number: float) -> float:
        return plot_bottom - (number - bottom) / (top - bottom) * (plot_bottom - MARGIN_TOP)

    sources = sorted({claim["source"] or "(unknown source)" for claim, *_ in plotted})
    # Shape changes with colour (and shifts once the colours run out), so each source keeps its own mark.
    marks = {
        source: (COLOURS[i % len(COLOURS)], SHAPES[(i + i // len(COLOURS)) % len(SHAPES)])
        for i, source in enumerate(sources)
    }
    series = []
    for source in sources:
        colour, shape = marks[source]
        points = [
            Point(
                claim_id=claim["id"],
                x=x_of(when),
                y=y_of(value),
                low_y=y_of(low),
                high_y=y_of(high),
                colour=colour,
                shape=shape,
                label=f"{when.date().isoformat()} · {source} · {claim['text']}",
            )
            for claim, when, low, value, high in plotted
            if (claim["source"] or "(unknown source)") == source
        ]
        series.append(Series(source=source, colour=colour, shape=shape, points=points))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        series=series,
        x_ticks=_date_ticks(first, last, x_of),
        y_ticks=[Tick(y_of(number), format_number(number)) for number in y_steps],
        y_label=unit,
        plot_left=MARGIN_LEFT,
        plot_right=plot_right,
        plot_top=MARGIN_TOP,
        plot_bottom=plot_bottom,
        undated=len(claims) - len(plotted),
    )


def _common_unit(claims: list[dict[str, Any]]) -> tuple[str, bool]:
    """The y-axis label, and whether figures must be brought to base units to share an axis."""
    units = {claim["unit"] for claim in claims}
    if len(units) <= 1:
        return (units.pop() or "value (as stated)") if units else "value", False
    return "value in base units (SI)", True


def _scaled(claim: dict[str, Any], name: str, to_base_units: bool) -> float | None:
    """The claim's `name` figure (low, value or high), in base units when the key mixes units."""
    number = claim[name]
    if number is None or not to_base_units:
        return number
    if claim["si_value"] is None or not claim["value"]:
        return None
    return number * claim["si_value"] / claim["value"]


def _midpoint(low: float | None, high: float | None) -> float | None:
    """The middle of a range, for the point of a claim stated only as low-high."""
    return (low + high) / 2 if low is not None and high is not None else None


def _parse_date(text: str | None) -> datetime | None:
    """A published timestamp as an aware datetime (UTC when no zone is given); None if unreadable."""
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _nice_range(low: float, high: float) -> tuple[float, float, list[float]]:
    """Axis bounds on round numbers covering low..high (from zero when all are positive), and the ticks."""
    low = min(low, 0.0)
    if high <= low:
        high = low + (abs(low) or 1.0)
    raw_step = (high - low) / 5
    magnitude = 10 ** math.floor(math.log10(raw_step))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw_step)
    bottom = math.floor(low / step) * step
    top = math.ceil(high / step) * step
    count = round((top - bottom) / step)
    return bottom, top, [bottom + i * step for i in range(count + 1)]


def _date_ticks(first: datetime, last: datetime, x_of: Any, count: int = 5) -> list[Tick]:
    """Evenly spaced date ticks from first to last."""
    span = last - first
    moments = [first + span * i / (count - 1) for i in range(count)]
    return [Tick(x_of(moment), moment.date().isoformat()) for moment in moments]


def format_number(number: float | None) -> str:
    """A figure for people: thousands separated, scientific notation for very large or small magnitudes."""
    if number is None:
        return ""
    if number == 0:
        return "0"
    if abs(number) >= 1e7 or abs(number) < 1e-3:
        return f"{number:.3g}"
    return f"{number:,.10g}"
