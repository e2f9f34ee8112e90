"""Dimensions of a unit written in pint's notation, in one fixed order, read and written without pint.

The extractor stores a claim's dimensionality with `ordered_dimensionality`; the
diff reads stored text back with `parse_dimensionality`. This module imports
nothing heavy, so `claims diff` does not load the extractor or pint to read keys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# "[length] ** 2", "[token]", "1", with the operators between them.
TERM = re.compile(r"\s*(\[[^\]]+\]|[A-Za-z_]+|\d+(?:\.\d+)?)\s*(?:\*\*\s*(-?\d+(?:\.\d+)?))?\s*")


def ordered_dimensionality(exponents: Mapping[str, float]) -> str | None:
    """Dimensions in pint's notation and one fixed order ("[token] / [gpu] / [time]"); None when there are none.

    pint writes them in the order its process first met them, so without this the
    same unit could be stored as "[token] / [time] / [gpu]" by one crawl and
    "[token] / [gpu] / [time]" by the next.
    """
    exponents = {name: power for name, power in exponents.items() if power and name != "dimensionless"}
    if not exponents:
        return None
    upper = sorted((name, power) for name, power in exponents.items() if power > 0)
    lower = sorted((name, -power) for name, power in exponents.items() if power < 0)
    text = " * ".join(_power(name, power) for name, power in upper) or "1"
    return "".join([text, *(f" / {_power(name, power)}" for name, power in lower)])


def _power(name: str, power: float) -> str:
    power_text = f"{power:g}"
    return name if power_text == "1" else f"{name} ** {power_text}"


def parse_dimensionality(text: str) -> dict[str, float]:
    """Exponents of a dimensionality as pint writes it ("[length] ** 2 * [mass] / [time] ** 3").

    Raises:
        ValueError: for text that is not a product and quotient of dimensions.
    """
    exponents: dict[str, float] = {}
    sign, position = 1.0, 0
    while position < len(text):
        match = TERM.match(text, position)
        if match is None or match.end() == position:
            raise ValueError(f"not a dimensionality: {text!r}")
        name, power = match.group(1), float(match.group(2) or 1)
        if not re.fullmatch(r"\d+(?:\.\d+)?", name):
            exponents[name] = exponents.get(name, 0.0) + sign * power
        position = match.end()
        if position < len(text):
            operator = text[position]
            if operator not in "*/":
                raise ValueError(f"not a dimensionality: {text!r}")
            sign = -1.0 if operator == "/" else 1.0
            position += 1
    return exponents
