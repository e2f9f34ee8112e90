"""Compare across vendors: for one metric concept, the latest figure of every subject, in one unit.

A concept is a claim key without its subject (metric, measure, baseline and
condition), so "tokens per second per GPU on Llama 3.1 405B offline" collects
every system the ledger has that figure for. Each subject's latest standing
figure (no later claim replaced it) comes from the `compare_subjects` canned
query; figures are converted to the unit most of them are written in, and laid
out as horizontal bars, hedges and the baseline on the marks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from claimledger.browse.chart import Hedge, base_factor, format_number, hedge_of, nice_range
from claimledger.browse.ledgers import query_sql
from claimledger.browse.terms import concept_parts, label, measure_label

WIDTH = 860
ROW_HEIGHT = 34
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 200, 150, 10, 40
BAR_COLOUR = "#0072B2"


@dataclass(frozen=True)
class Concept:
    """A claim key without its subject, and how many subjects and claims the ledger has for it."""

    text: str
    subjects: int
    claims: int
    metric: str | None

    @property
    def title(self) -> str:
        """The concept as people say it: metric (or what is measured), baseline and condition."""
        parts = concept_parts(self.text)
        what = self.metric or parts["metric"] or measure_label(parts["measure"]) or "figure"
        if parts["baseline"]:
            what += f" vs {label(parts['baseline']) or parts['baseline']}"
        if parts["condition"]:
            what += f" on {label(parts['condition']) or parts['condition']}"
        return what


@dataclass(frozen=True)
class Bar:
    """One subject's latest figure on the chart."""

    claim_id: int
    name: str
    y: float
    x_from: float
    x_to: float
    value_label: str
    hedge: Hedge | None
    colour: str


@dataclass(frozen=True)
class CompareChart:
    width: int
    height: int
    bars: list[Bar]
    ticks: list[tuple[float, str]]
    unit: str
    baseline: str | None
    plot_left: int
    plot_right: int
    plot_bottom: int
    left_out: int


async def concepts(database: Any) -> list[Concept]:
    """Every concept in the ledger: named metrics that several subjects share first, then by subjects."""
    sql = """
        select claimledger_concept(claim_key) as concept,
          count(distinct claimledger_key_part(claim_key, 'subject')) as subjects,
          count(*) as claims, group_concat(metric, char(31)) as metrics
        from claims where claim_key is not null
        group by concept order by subjects desc, claims desc, concept
    """
    found = []
    for row in (await database.execute(sql)).rows:
        written = Counter(filter(None, (row["metrics"] or "").split("\x1f"))).most_common(1)
        metric = concept_parts(row["concept"])["metric"]
        found.append(Concept(text=row["concept"], subjects=row["subjects"], claims=row["claims"],
                             metric=(label(metric) or written[0][0]) if metric and written else label(metric)))
    named_and_shared = [c for c in found if c.subjects > 1 and concept_parts(c.text)["metric"]]
    return named_and_shared + [c for c in found if c not in named_and_shared]


async def latest_figures(database: Any, concept: str) -> list[dict[str, Any]]:
    """Each subject's latest standing figure for `concept`: the rows of the `compare_subjects` query."""
    return [dict(row) for row in (await database.execute(query_sql("compare_subjects"), {"concept": concept})).rows]


def in_one_unit(figures: list[dict[str, Any]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The unit most figures are written in, and each figure with `shown_low`/`shown_high` in it.

    Both are None for a figure whose unit cannot be converted to it.
    """
    units = Counter(figure["unit"] for figure in figures)
    unit = units.most_common(1)[0][0] if units else None
    factors = {figure["unit"]: factor for figure in figures if (factor := base_factor(figure)) is not None}
    target = factors.get(unit)
    converted = []
    for figure in figures:
        low = figure["low"] if figure["low"] is not None else figure["value"]
        high = figure["high"] if figure["high"] is not None else figure["value"]
        if figure["unit"] == unit:
            scale = 1.0
        elif target and factors.get(figure["unit"]):
            scale = factors[figure["unit"]] / target
        else:
            scale = None
        shown = (None, None) if scale is None or low is None else (low * scale, high * scale)
        converted.append({**figure, "shown_low": shown[0], "shown_high": shown[1]})
    return unit, converted


def chart(figures: list[dict[str, Any]], unit: str | None, names: dict[int, str]) -> CompareChart | None:
    """Horizontal bars, one per subject, largest first; None when no figure could be placed on one axis."""
    drawn = [figure for figure in figures if figure["shown_high"] is not None]
    if not drawn:
        return None
    drawn.sort(key=lambda figure: -figure["shown_high"])
    bottom, top, steps = nice_range(min(f["shown_low"] for f in drawn), max(f["shown_high"] for f in drawn))
    plot_right = WIDTH - MARGIN_RIGHT
    height = MARGIN_TOP + ROW_HEIGHT * len(drawn) + MARGIN_BOTTOM

    def x_of(number: float) -> float:
        return MARGIN_LEFT + (number - bottom) / (top - bottom) * (plot_right - MARGIN_LEFT)

    bars = []
    for index, figure in enumerate(drawn):
        hedge = hedge_of(figure["qualifier"])
        is_range = figure["shown_low"] != figure["shown_high"]
        value = (f"{format_number(figure['shown_low'])}–{format_number(figure['shown_high'])}" if is_range
                 else format_number(figure["shown_high"]))
        bars.append(Bar(
            claim_id=figure["claim_id"],
            name=names[figure["claim_id"]],
            y=MARGIN_TOP + ROW_HEIGHT * index + ROW_HEIGHT / 2,
            x_from=x_of(figure["shown_low"] if is_range else max(bottom, 0.0)),
            x_to=x_of(figure["shown_high"]),
            value_label=(f"{hedge.symbol} " if hedge else "") + value,
            hedge=hedge,
            colour=BAR_COLOUR,
        ))
    baselines = {figure["baseline"] for figure in drawn if figure["baseline"]}
    return CompareChart(
        width=WIDTH,
        height=height,
        bars=bars,
        ticks=[(x_of(step), format_number(step)) for step in steps],
        unit=unit or "value (as stated)",
        baseline=" / ".join(sorted(baselines)) or None,
        plot_left=MARGIN_LEFT,
        plot_right=plot_right,
        plot_bottom=height - MARGIN_BOTTOM,
        left_out=len(figures) - len(drawn),
    )


def subject_names(figures: list[dict[str, Any]]) -> dict[int, str]:
    """Each figure's subject as the alias file writes its entity, else as the claim wrote it."""
    return {figure["claim_id"]: label(figure["entity"]) or figure["subject"] or figure["entity"] for figure in figures}
