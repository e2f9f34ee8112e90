"""What the number finders share: the match they return, the atom they build it from, the arithmetic."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Context, Decimal
from typing import NamedTuple

from claimledger.data_files import data_table

_DATA = data_table("numbers.toml")
EN = _DATA["english"]
ZH = _DATA["chinese"]
# Values are exact decimals; one with no place in a float (亿亿亿…) becomes inf
# instead of raising, and 1/3 keeps more digits than a float holds.
ARITHMETIC = Context(prec=34, Emax=999_999, Emin=-999_999, traps=[])


class NumberMatch(NamedTuple):
    """One number expression found in a text (a named tuple: one is made for every number, and
    a frozen dataclass costs four times as much to make)."""

    start: int
    end: int
    text: str  # == input[start:end]
    value: float | None  # None for a range
    low: float | None  # both == value for a point; a range's ends, sorted
    high: float | None
    percent: bool  # 20%, 20 percent, 百分之二十, 三成 (= 30)
    multiplier: bool  # 10x, 10-fold, ten times, 10 倍, an order of magnitude (= 10)
    # Written with a magnitude: a scale word or suffix from thousand up (3.5 billion, 1T, 256K)
    # or 万, 亿, 兆 (1 万亿, 43兆): an amount even with nothing counted after it.
    scaled: bool = False


@dataclass(slots=True)
class Atom:
    """A single number before markers and ranges are attached."""

    start: int
    end: int
    value: Decimal
    scale: Decimal  # the scale word or suffix applied, 1 when none
    percent: bool = False
    multiplier: bool = False
    marked: bool = False  # a %, x, 倍, 成 marker is attached
    high: Decimal | None = None  # upper end of a vague range ("thousands of": 1000..10000)
    bare: bool = False  # Arabic digits alone: no sign, separator, scale or marker (2019, 11)
