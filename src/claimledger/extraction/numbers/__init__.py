"""Numbers in English and Chinese text: where each one is and what it is worth.

`find_numbers` finds Arabic numbers (separators, decimals, full-width digits,
scale words and K/M/B/T suffixes), Chinese numerals in either script (两百,
一千零五, 1.5万, 百分之二十, 三成, 兩萬), English number words (twenty-five, a dozen), ranges,
percentages and multipliers. It leaves out digits inside names and versions,
dates and times, ordinals, URLs, e-mails, phone and registration numbers.

Each finder (arabic, chinese, english) yields atoms; not_numbers drops those
inside dates, URLs and the like; markers attaches %, x, 倍 and 成; combine
joins atoms into one number or a range.
"""

from __future__ import annotations

import re
from decimal import Decimal, getcontext, setcontext

from claimledger.extraction.numbers.arabic import arabic_atoms, fraction_atoms
from claimledger.extraction.numbers.atoms import ARITHMETIC, Atom, NumberMatch
from claimledger.extraction.numbers.chinese import chinese_atoms
from claimledger.extraction.numbers.combine import compose, non_overlapping, ranges
from claimledger.extraction.numbers.english import word_atoms
from claimledger.extraction.numbers.markers import (
    HALF_PERCENT,
    PERCENTAGE_POINTS,
    ZH_HALF,
    attach_marker,
    magnitude_atoms,
    multiplier_word_atoms,
)
from claimledger.extraction.numbers.not_numbers import drop_not_numbers, is_label, is_model_size, is_year
from claimledger.extraction.numbers.readable import has_han, readable

__all__ = ["PERCENTAGE_POINTS", "NumberMatch", "find_numbers", "parse_number"]

# A scale from this up, or a Chinese magnitude character, makes a number an amount by itself.
SCALED_FROM = 1000
MAGNITUDE = re.compile("[万萬亿億兆]")


def find_numbers(text: str, lang: str | None = None) -> list[NumberMatch]:
    """Every number expression in `text`, in order, with value, range and markers.

    `lang` "en" skips Chinese numerals, "zh" skips English number words; None
    decides from the characters present.
    """
    # ARITHMETIC itself is made the current context, not a copy of it (as localcontext makes, once
    # per sentence): its settings never change and nothing reads the flags it gathers.
    outer = getcontext()
    setcontext(ARITHMETIC)
    try:
        return _find_numbers(text, lang)
    finally:
        setcontext(outer)


def _find_numbers(text: str, lang: str | None) -> list[NumberMatch]:
    plain = readable(text)
    han = has_han(plain)
    atoms = arabic_atoms(plain)
    if "/" in plain or "⁄" in plain:
        atoms += fraction_atoms(plain)
    if lang != "en" and han:
        atoms += chinese_atoms(plain)
        if "折" in plain or "半成" in plain:  # what every half percentage is written with
            atoms += [
                Atom(m.start(), m.end(), Decimal(5 if m.group().endswith("成") else 50), Decimal(1), percent=True, marked=True)
                for m in HALF_PERCENT.finditer(plain)
            ]
        if "一半" in plain:
            atoms += [Atom(m.start(), m.end(), Decimal("0.5"), Decimal(1)) for m in ZH_HALF.finditer(plain)]
    if lang != "zh":
        atoms += word_atoms(plain)
    atoms += magnitude_atoms(plain)
    atoms += multiplier_word_atoms(plain)
    if not atoms:
        return []
    atoms = compose(plain, drop_not_numbers(plain, non_overlapping(atoms), han))
    marked: list[Atom] = []
    for atom in atoms:
        if marked and atom.start < marked[-1].end:
            continue  # swallowed by the marker before it (七成六)
        attach_marker(plain, atom)
        if atom.bare and not atom.marked and (is_year(plain, atom) or is_label(plain, atom)):
            continue
        if is_model_size(plain, atom):
            continue
        marked.append(atom)
    atoms = marked
    return [_to_match(text, group) for group in ranges(plain, atoms)]


def parse_number(text: str) -> float | None:
    """The value of one number expression ("1.2万", "两百", "a dozen", "3.5 billion").

    None when `text` is not exactly one number (a range counts as not one).
    """
    stripped = text.strip()
    matches = find_numbers(stripped)
    if len(matches) != 1 or matches[0].start != 0 or matches[0].end != len(stripped):
        return None
    return matches[0].value


def _to_match(original: str, group: tuple[Atom, ...]) -> NumberMatch:
    first, last = group[0], group[-1]
    text = original[first.start : last.end]
    scaled = first.scale >= SCALED_FROM or last.scale >= SCALED_FROM or MAGNITUDE.search(text) is not None
    if len(group) == 1 and first.high is None:
        value = float(first.value)
        return NumberMatch(first.start, last.end, text, value, value, value, first.percent, first.multiplier, scaled)
    if len(group) == 1:
        low, high = float(first.value), float(first.high)
    else:
        low, high = sorted((float(first.value), float(last.value)))
    return NumberMatch(
        first.start, last.end, text, None, low, high, last.percent, last.multiplier, scaled
    )
