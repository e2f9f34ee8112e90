"""Rounding-aware equality of figures: the interval a written figure stands for.

1. Its written precision: half a unit in its last significant digit. Decimals count
   every written digit (``9.8`` -> ±0.05, ``1.60`` -> ±0.005). A whole number of up
   to three digits is exact to its last digit (``200`` -> ±0.5, ``10`` -> ±0.5: a
   spec of 200 TOPS is not 196 TOPS); in a longer one trailing zeros are not
   significant, but at least two digits are (``12,000`` -> ±500, ``1,800`` -> ±50).
   Scale words carry it along (``1.2 million`` -> ±50,000), and a whole number before one is read as
   the long number it writes (``$980 million`` is 980,000,000: ±5 million, so it agrees with
   ``$981.6 million``; ``100k`` is ±5,000 as ``100,000`` is). A figure written without digits (``百分之二十``,
   ``a dozen``) is taken to two significant digits.
2. ``approximately`` and ``nearly`` widen it by `APPROXIMATE_WIDENING` of the value
   (``about 10x`` -> 9 to 11). Bounds (``up to``, ``at least``, ...) state their
   figure exactly; a change of bound is a qualifier change, not a new value.
3. Quantities are compared in SI units (``1.6 Tb/s`` equals ``200 GB/s``); a figure
   with a unit but no SI value only equals figures of the same unit.
4. A ratio written the other way round ("B is half of A" beside "A is 2x B") is
   compared by its reciprocal: its interval is inverted.
5. A percentage that states an increase over a baseline ("40% better") is compared
   as the ratio it stands for: 39.5% to 40.5% is 1.395x to 1.405x.

Two figures are equal when their intervals overlap (touching is not enough);
ranges when both ends do; a range never equals a single value. So ``about 10x`` and ``9.8x`` agree, while
``12,000`` (11,500 to 12,500) and ``14,500`` (14,450 to 14,550) differ.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache

APPROXIMATE_WIDENING = 0.05
# A whole number of at most this many digits is exact to its last digit (rule 1).
EXACT_DIGITS = 3
APPROXIMATE_QUALIFIERS = frozenset({"approximately", "nearly"})
WRITTEN_NUMBER = re.compile(r"\d+(?:[,，]\d{3})*(?:\.\d+)?")
Intervals = tuple[tuple[float, float], ...]


def value_intervals(
    text: str, value: float | None, low: float | None, high: float | None, qualifier: str | None,
    si_value: float | None, unit: str | None,
) -> tuple[Intervals, str | None]:
    """The interval each written end of a figure stands for (rules 1-3), and the unit to match (None: SI)."""
    if value and si_value is not None:
        scale, compare_unit = si_value / value, None
    else:
        scale, compare_unit = 1.0, unit
    written = written_intervals(text, value, low, high, qualifier)
    if scale == 1.0:
        return written, compare_unit
    return tuple(tuple(sorted((lo * scale, hi * scale))) for lo, hi in written), compare_unit  # type: ignore[misc]


@lru_cache(maxsize=1 << 14)
def written_intervals(text: str, value: float | None, low: float | None, high: float | None, qualifier: str | None) -> Intervals:
    """The intervals of a figure in its written unit; ledgers repeat figures, so this is cached."""
    written = WRITTEN_NUMBER.findall(unicodedata.normalize("NFKC", text))
    numbers = [number.replace(",", "").replace("，", "") for number in written]
    if value is not None:
        ends = [(value, numbers[0] if numbers else None)]
    elif low is not None and high is not None:
        ends = [(low, numbers[0] if numbers else None), (high, numbers[-1] if numbers else None)]
    else:
        return ()
    widening = APPROXIMATE_WIDENING if qualifier in APPROXIMATE_QUALIFIERS else 0.0
    intervals = []
    for end, digits in ends:
        half_width = rounding_half_width(end, float(digits) if digits else None, digits) + abs(end) * widening
        intervals.append((end - half_width, end + half_width))
    return tuple(intervals)


def rounding_half_width(value: float, mantissa: float | None, digits: str | None) -> float:
    """Half a unit in the last significant digit of a figure, in the units of `value`.

    `digits` is the number as written (``12000``, ``9.8``), `mantissa` its value;
    `value` may be scaled from it by a scale word (``1.2 million``).
    """
    if digits is None or not mantissa:
        if value == 0:
            return 0.0
        return 10 ** (math.floor(math.log10(abs(value))) - 1) / 2
    if "." in digits:
        resolution = 10.0 ** -len(digits.split(".")[1])
    else:
        # Read as the long number a scale word writes ("980 million": 980000000), in the written digits' unit.
        zeros = _scale_zeros(value, mantissa)
        whole = (digits.lstrip("0") or "0") + "0" * zeros
        trailing_zeros = len(whole) - len(whole.rstrip("0"))
        # Up to three digits a figure is written as it is ("200 TOPS" is not 196); rounded ones are longer.
        resolution = 1.0 if len(whole) <= EXACT_DIGITS else 10.0 ** (min(trailing_zeros, len(whole) - 2) - zeros)
    return resolution / 2 * abs(value / mantissa)


def _scale_zeros(value: float, mantissa: float) -> int:
    """How many zeros a scale word adds to a whole number (``980 million``: 6); 0 without one."""
    scale = abs(value / mantissa)
    zeros = round(math.log10(scale)) if scale >= 10 else 0
    return zeros if zeros > 0 and math.isclose(scale, 10.0 ** zeros, rel_tol=1e-9) else 0


def ratio_of_percent(intervals: Intervals, unit: str | None) -> Intervals:
    """Rule 5: the intervals of the ratio an increase of this many percent stands for (40% better: 1.4x).

    Percentages are compared as fractions (SI) unless they lack an SI value (`unit` "percent")."""
    scale = 0.01 if unit == "percent" else 1.0
    return tuple((1 + low * scale, 1 + high * scale) for low, high in intervals)


def reciprocal(intervals: Intervals) -> Intervals:
    """Rule 4: the intervals of the reciprocal figure; a figure reaching zero has none."""
    if any(low <= 0 <= high for low, high in intervals):
        return ()
    return tuple((1 / high, 1 / low) for low, high in reversed(intervals))


def intervals_agree(a: Intervals, b: Intervals) -> bool:
    """Whether two figures' intervals overlap end by end (touching is not enough; equal points agree)."""
    if len(a) != len(b) or not a:
        return False
    return all(
        (a_low < b_high and b_low < a_high) or (a_low, a_high) == (b_low, b_high)
        for (a_low, a_high), (b_low, b_high) in zip(a, b, strict=True)
    )


def midpoint(intervals: Intervals) -> float | None:
    """The middle of a figure's intervals: what a change in percent is measured from."""
    if not intervals:
        return None
    return sum((low + high) / 2 for low, high in intervals) / len(intervals)
