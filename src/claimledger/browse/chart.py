"""What the server-side SVG charts share: marks per source, hedges on marks, round axes, readable figures."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

# Colour-blind-safe palette (Okabe-Ito); shapes repeat after it so sources stay apart.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
SHAPES = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Hedge:
    """How a qualified figure is drawn: a symbol before it, and where the true value may lie.

    `direction` is "down" for a ceiling (up to 10x: at most 10), "up" for a floor
    (more than 200: above it); an approximate figure has none and is drawn hollow.
    """

    symbol: str
    words: str
    direction: str | None

    @property
    def hollow(self) -> bool:
        return self.direction is None


# The qualifiers the extractor writes (claims.qualifier).
HEDGES = {
    "up_to": Hedge("≤", "up to", "down"),
    "at_most": Hedge("≤", "at most", "down"),
    "less_than": Hedge("<", "less than", "down"),
    "nearly": Hedge("≈", "nearly", None),
    "approximately": Hedge("≈", "about", None),
    "more_than": Hedge(">", "more than", "up"),
    "at_least": Hedge("≥", "at least", "up"),
}


def hedge_of(qualifier: str | None) -> Hedge | None:
    return HEDGES.get(qualifier or "")


def marks_for(sources: list[str]) -> dict[str, tuple[str, str]]:
    """A colour and a shape per source; the shape shifts once the colours run out, so each keeps its own mark."""
    return {
        source: (COLOURS[i % len(COLOURS)], SHAPES[(i + i // len(COLOURS)) % len(SHAPES)])
        for i, source in enumerate(sources)
    }


def nice_range(low: float, high: float) -> tuple[float, float, list[float]]:
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


def format_number(number: float | None) -> str:
    """A figure for people: thousands separated, scientific notation for very large or small magnitudes."""
    if number is None:
        return ""
    if number == 0:
        return "0"
    if abs(number) >= 1e7 or abs(number) < 1e-3:
        return f"{number:.3g}"
    return f"{number:,.10g}"


def base_factor(claim: dict[str, Any]) -> float | None:
    """How many base (SI) units one unit of the claim's figure is: si_value / value; None when unknown."""
    if claim.get("si_value") is None or not claim.get("value"):
        return None
    return claim["si_value"] / claim["value"]


def published_moment(text: str | None) -> datetime | None:
    """A published timestamp as an aware datetime (UTC when no zone is given); None if unreadable."""
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
