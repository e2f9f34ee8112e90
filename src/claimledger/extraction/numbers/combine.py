"""Atoms that write one number together ("4 thousand 3 hundred", "one over three") and ranges
(3-5x, 10-20%, 3 至 5 倍, between 3 and 5).
"""

from __future__ import annotations

import re
from decimal import Decimal

from claimledger.extraction.cues import changes_from
from claimledger.extraction.numbers.atoms import Atom
from claimledger.extraction.numbers.english import EN_FRACTIONS, EN_SMALL
from claimledger.extraction.numbers.not_numbers import WORD_AFTER, counts_something

# Atoms that write one number together (see compose).
_OVER = re.compile(r"(?i)[ ]+(?:over|out[ ]+of)[ ]+")
_AND_GAP = re.compile(r"(?i)[ ]+(?:and[ ]+)?")
_AND_COUNT = re.compile(rf"(?i)[ ]and[ ]({'|'.join(EN_SMALL)})$")
_FRACTION_AFTER = re.compile(rf"(?i)[ \-](?P<part>(?:{'|'.join(EN_FRACTIONS)})s)\b")
_CURRENCY = r"(?:US\$|\$US|\$A|A\$|HK\$|[$€£¥])"
_RANGE_JOIN = re.compile(
    rf"[ \t]*(?:(?P<dash>-|–|—|~|〜)|(?P<zh>至|到)|(?P<word>(?i:to|through|and)))[ \t]*{_CURRENCY}?"
)
# "between 15kHz and 17kHz", "from 208 pounds to 193": a unit between the ends.
_UNIT_RANGE_JOIN = re.compile(rf"[ ]?(?P<unit>[A-Za-z]+)[ ]+(?P<word>to|and)[ ]+{_CURRENCY}?")
# "18.81亿元-21.5亿元", "37亿元到42亿元", "4200万元至5200万元": a Chinese amount's currency written at both ends.
_ZH_CURRENCY_RANGE_JOIN = re.compile(r"(?P<unit>元|美元|港元|欧元|日元)[ \t]*(?:(?P<dash>-|–|~|〜)|(?P<zh>至|到))[ \t]*")
ZH_CURRENCY_FIRST = frozenset("元美港欧日")
# "从 1 亿元到 2 亿元", "由 5 万元至": the values before and after a change, not a range.
_ZH_FROM_BEFORE = re.compile(r"(?:从|由)[ \t]*$")
_BETWEEN_BEFORE = re.compile(rf"(?i)\bbetween[ ]+{_CURRENCY}?$")
_FROM_BEFORE = re.compile(rf"(?i)\bfrom[ ]+{_CURRENCY}?$")
# "increased by $43.6 billion to $419.2 billion": a change and a level, not a range.
_BY_BEFORE = re.compile(rf"(?i)\bby[ ]+{_CURRENCY}?$")
# How far before "from <number>" its change verb may start ("cut the training time from").
CHANGE_FROM_REACH = 60


def compose(text: str, atoms: list[Atom]) -> list[Atom]:
    """Join atoms that together write one number: "4 thousand 3 hundred and 21",
    "6 crore and two hundred", "twenty and three fifths", "3 million and a half",
    "one over three", "1 out of 4", "twenty-three fifths"."""
    composed: list[Atom] = []
    for atom in atoms:
        previous = composed[-1] if composed else None
        if previous is not None and _joins_into(text, previous, atom):
            continue
        composed.append(atom)
    for atom in composed:
        part = _FRACTION_AFTER.match(text, atom.end)
        if part is None or not _whole(atom) or text[atom.start].isdigit():
            continue
        denominator = EN_FRACTIONS[part.group("part").lower().removesuffix("s")]
        and_count = _AND_COUNT.search(text, atom.start, atom.end)
        if and_count:
            # "two million and three fifths": the fraction is of the last scale, 2.6 million.
            count = EN_SMALL[and_count.group(1).lower()]
            whole = atom.value - count
            scale = next((Decimal(s) for s in (10**12, 10**9, 10**6, 10**3) if whole % s == 0 and whole), Decimal(1))
            atom.value = whole + count / denominator * scale
        elif 20 <= atom.value < 100:
            atom.value /= denominator  # "twenty-three fifths"
        else:
            continue
        atom.end, atom.scale, atom.bare = part.end(), Decimal(1), False
    return composed


def _joins_into(text: str, first: Atom, second: Atom) -> bool:
    """Fold `second` into `first` when the two write one number; True if folded."""
    if first.marked or second.marked or first.high is not None:
        return False
    if second.high is not None:
        # "three dozens": a count of dozens, not "dozens of"
        if not (_whole(first) and first.scale == 1 and second.value == 12 and text[first.end:second.start] == " "):
            return False
        first.value, first.end, first.bare = first.value * 12, second.end, False
        return True
    if _OVER.fullmatch(text, first.end, second.start):
        if not (_whole(first) and _whole(second) and second.value) or first.start and text[first.start - 1] in "$€£¥":
            return False
        if not text[first.end:second.start].strip().startswith("out") and counts_something(text, second.end):
            return False  # "$5 over 3 years" is money over time
        value = first.value / second.value
        scale = Decimal(1)
    elif _AND_GAP.fullmatch(text, first.end, second.start):
        joined_by_and = "and" in text[first.end:second.start]
        if first.scale >= 1000 and 1 < second.scale < first.scale and second.value < first.scale:
            value, scale = first.value + second.value, second.scale  # 4 thousand 3 hundred
        elif first.scale == 100 and joined_by_and and _whole(second) and second.value < 100:
            value, scale = first.value + second.value, Decimal(1)  # 3 hundred and 21
        elif joined_by_and and _whole(first) and 0 < second.value < 1:
            value, scale = first.value + second.value * first.scale, Decimal(1)  # 3 million and a half
        else:
            return False
    else:
        return False
    first.value, first.scale, first.end, first.bare = value, scale, second.end, False
    return True


def _whole(atom: Atom) -> bool:
    return atom.value == atom.value.to_integral_value()


def non_overlapping(atoms: list[Atom]) -> list[Atom]:
    """Keep the longest of overlapping atoms, earliest first."""
    atoms.sort(key=lambda atom: (atom.start, atom.start - atom.end))
    kept: list[Atom] = []
    for atom in atoms:
        if kept and atom.start < kept[-1].end:
            if atom.end - atom.start > kept[-1].end - kept[-1].start:
                kept[-1] = atom
            continue
        kept.append(atom)
    return kept


def ranges(text: str, atoms: list[Atom]) -> list[tuple[Atom, ...]]:
    """Group atoms into ranges (3-5x, 10-20%, 3 至 5 倍, between 3 and 5) and singles."""
    groups: list[tuple[Atom, ...]] = []
    index = 0
    while index < len(atoms):
        first = atoms[index]
        if index + 1 < len(atoms) and _joins(text, first, atoms[index + 1]):
            groups.append((first, atoms[index + 1]))
            index += 2
            continue
        groups.append((first,))
        index += 1
    return groups


def _after_a_change(text: str, first: Atom) -> bool:
    """"cut the training time from 27 to 10 minutes": a change verb before "from" makes the
    two numbers the values before and after the change, not the ends of a range."""
    return changes_from(text, max(0, first.start - CHANGE_FROM_REACH), first.start)


def _joins(text: str, first: Atom, second: Atom) -> bool:
    """True when first and second form a range; the second's marker and scale then apply to both."""
    if first.high is not None or second.high is not None:
        return False
    before = max(0, first.start - 12)
    join = _RANGE_JOIN.match(text, first.end)
    if join is None or join.end() != second.start:
        join = _zh_currency_range(text, first, second) or _UNIT_RANGE_JOIN.match(text, first.end)
        if join is None or join.end() != second.start or not (join.re is _ZH_CURRENCY_RANGE_JOIN or _same_unit_range(text, first, second, join)):
            return False
    dash = join.groupdict().get("dash")
    if dash in ("~", "〜") and join.group().startswith((" ", "\t")) and not join.group().endswith((" ", "\t")):
        return False  # "405B ~16k tokens/s": a hedge on the second number, not a range
    if dash == "—" and join.group() != "—":
        return False  # "achieves 32.1 — 2.6x slower than H100": a spaced em dash sets off an aside
    word = (join.groupdict().get("word") or "").lower()
    if word == "and" and not _BETWEEN_BEFORE.search(text, before, first.start):
        return False
    if word == "to" and (first.marked or first.scale > 1) and _BY_BEFORE.search(text, before, first.start):
        return False
    if word == "to" and _after_a_change(text, first):
        return False
    if first.marked and (first.percent != second.percent or first.multiplier != second.multiplier):
        return False
    if first.scale > 1 and second.scale == 1 and not second.marked:
        return False
    if second.value < 0 and dash:
        return False
    if not first.marked:
        first.percent, first.multiplier = second.percent, second.multiplier
    if first.scale == 1 and second.scale > 1 and first.value <= second.value / second.scale:
        first.value *= second.scale
    return True


def _zh_currency_range(text: str, first: Atom, second: Atom) -> re.Match[str] | None:
    """The join of "18.81亿元-21.5亿元": the same currency after both ends, no 从/由 before the first."""
    if text[first.end:first.end + 1] not in ZH_CURRENCY_FIRST:
        return None  # most joins that failed have no currency after the first end: no search
    join = _ZH_CURRENCY_RANGE_JOIN.match(text, first.end)
    if join is None or join.end() != second.start or not text.startswith(join.group("unit"), second.end):
        return None
    return None if _ZH_FROM_BEFORE.search(text, max(0, first.start - 3), first.start) else join


def _same_unit_range(text: str, first: Atom, second: Atom, join: re.Match[str]) -> bool:
    """Whether "from/between X unit to/and Y [unit]" is one range in that unit."""
    unit = join.group("unit")
    after = WORD_AFTER.match(text, second.end)
    if after is not None and after.group(1) == unit:
        return True
    if after is not None and counts_something(text, second.end):
        return False  # from 3 GPUs to 5 racks: each end has its own unit
    return join.group("word") == "to" and bool(_FROM_BEFORE.search(text, max(0, first.start - 12), first.start))
