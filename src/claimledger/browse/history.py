"""A claim key's history: its claims from the ledger, laid out as an SVG chart.

The chart is computed here and drawn by the `claim_history.html` template as
inline SVG, so it renders offline with no JavaScript. One point per claim,
value over publication date, colour and shape per source; a range is a bar
from low to high with caps; a hedged figure carries its hedge on the mark (an
arrow toward where the value may lie for "up to" and "more than", a hollow mark
for "about"). Figures one source published on the same day stand side by side,
joined to the source's line once, so they never read as a range.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from claimledger.browse.chart import (
    Hedge,
    base_factor,
    format_number,
    hedge_of,
    marks_for,
    nice_range,
    published_moment,
)
from claimledger.browse.ledgers import query_sql

WIDTH, HEIGHT = 860, 380
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 90, 30, 20, 50
SAME_DAY_SPACING = 9.0
UNKNOWN_SOURCE = "(unknown source)"


@dataclass(frozen=True)
class Point:
    """One claim on the chart: its position, its range bar, its hedge and how it is marked."""

    claim_id: int
    x: float
    y: float
    low_y: float
    high_y: float
    colour: str
    shape: str
    label: str
    hedge: Hedge | None

    @property
    def is_range(self) -> bool:
        return self.low_y != self.high_y


@dataclass(frozen=True)
class Tick:
    """An axis tick: its position in pixels and its label."""

    position: float
    label: str


@dataclass(frozen=True)
class Series:
    """The claims of one source: their points, its line (one point per day) and the legend entry."""

    source: str
    colour: str
    shape: str
    points: list[Point]
    line: list[Point]

    @property
    def polyline(self) -> str:
        """The SVG `points` attribute joining this source's days in date order."""
        return " ".join(f"{point.x:.1f},{point.y:.1f}" for point in self.line)


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
    baseline: str | None
    hedges: list[Hedge]


async def claims_for_key(database: Any, key: str) -> list[dict[str, Any]]:
    """The claims with `key`, oldest first: the rows of the `key_history` canned query."""
    return [dict(row) for row in (await database.execute(query_sql("key_history"), {"key": key})).rows]


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
    unit, factors = _common_unit(claims)
    plotted = []
    for claim in claims:
        when = published_moment(claim["published"])
        low, value, high = (_scaled(claim, name, factors) for name in ("low", "value", "high"))
        value = value if value is not None else _midpoint(low, high)
        if when is not None and value is not None:
            plotted.append((claim, when, low if low is not None else value, value, high if high is not None else value))
    if not plotted:
        return None
    first = min(when for _, when, *_ in plotted)
    last = max(when for _, when, *_ in plotted)
    if last - first < timedelta(days=30):
        first, last = first - timedelta(days=15), last + timedelta(days=15)
    bottom, top, y_steps = nice_range(min(low for *_, low, _, _ in plotted), max(high for *_, high in plotted))

    plot_right, plot_bottom = WIDTH - MARGIN_RIGHT, HEIGHT - MARGIN_BOTTOM

    def x_of(when: datetime) -> float:
        return MARGIN_LEFT + (when - first) / (last - first) * (plot_right - MARGIN_LEFT)

    def y_of(number: float) -> float:
        return plot_bottom - (number - bottom) / (top - bottom) * (plot_bottom - MARGIN_TOP)

    sources = sorted({claim["source"] or UNKNOWN_SOURCE for claim, *_ in plotted})
    marks = marks_for(sources)
    series = []
    for source in sources:
        colour, shape = marks[source]
        by_day: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
        for entry in plotted:
            if (entry[0]["source"] or UNKNOWN_SOURCE) == source:
                by_day[entry[1].date().isoformat()].append(entry)
        points, line = [], []
        for day in sorted(by_day):
            same_day = by_day[day]
            for index, (claim, when, low, value, high) in enumerate(same_day):
                offset = (index - (len(same_day) - 1) / 2) * SAME_DAY_SPACING
                hedge = hedge_of(claim["qualifier"])
                figure = f"{hedge.words} " if hedge else ""
                points.append(Point(
                    claim_id=claim["claim_id"],
                    x=x_of(when) + offset,
                    y=y_of(value),
                    low_y=y_of(low),
                    high_y=y_of(high),
                    colour=colour,
                    shape=shape,
                    label=f"{day} · {source} · {claim['figure']}" + (f" ({figure.strip()})" if hedge else ""),
                    hedge=hedge,
                ))
            line.append(points[-1])
        series.append(Series(source=source, colour=colour, shape=shape, points=points, line=line))
    baselines = {claim.get("baseline") for claim, *_ in plotted if claim.get("baseline")}
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
        baseline=" / ".join(sorted(baselines)) or None,
        hedges=sorted({p.hedge for s in series for p in s.points if p.hedge}, key=lambda h: h.words),
    )


def _common_unit(claims: list[dict[str, Any]]) -> tuple[str, dict[str | None, float] | None]:
    """The y-axis label, and the base factor per unit when the key mixes units (None when it does not)."""
    units = {claim["unit"] for claim in claims}
    if len(units) <= 1:
        only = next(iter(units), None)
        return only or "value (as stated)", None
    factors = {claim["unit"]: factor for claim in claims if (factor := base_factor(claim)) is not None}
    return "value in base units (SI)", factors


def _scaled(claim: dict[str, Any], name: str, factors: dict[str | None, float] | None) -> float | None:
    """The claim's `name` figure (low, value or high), in base units when the key mixes units."""
    number = claim[name]
    if number is None or factors is None:
        return number
    factor = factors.get(claim["unit"])
    return None if factor is None else number * factor


def _midpoint(low: float | None, high: float | None) -> float | None:
    """The middle of a range, for the point of a claim stated only as low-high."""
    return (low + high) / 2 if low is not None and high is not None else None


def _date_ticks(first: datetime, last: datetime, x_of: Any, count: int = 5) -> list[Tick]:
    """Evenly spaced date ticks from first to last."""
    span = last - first
    moments = [first + span * i / (count - 1) for i in range(count)]
    return [Tick(x_of(moment), moment.date().isoformat()) for moment in moments]
