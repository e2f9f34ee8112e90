"""Markers after a number (20%, 10x, 3 倍, 三成, 八折) and multiplier words (twice the, an order of magnitude, 翻一番)."""

from __future__ import annotations

import re
from decimal import Decimal

from claimledger.data_files import data_table
from claimledger.extraction.numbers.atoms import ZH, Atom
from claimledger.extraction.numbers.chinese import ZD, ZH_DIGITS
from claimledger.extraction.numbers.english import EN_SMALL

_ORDER_OF_MAGNITUDE = re.compile(
    rf"(?i)\b(?P<count>an|one|two|three|four|five|\d+)[ ]+orders?[ ]+of[ ]+magnitude\b"
    rf"|(?P<zh_count>[{ZD}\d])[ \t]*[个個]?[ \t]*数量级"
)
# Multiplier words in a comparison ("twice the bandwidth", "double that of",
# "triple what", "翻了一番" = doubled, "翻两番" = quadrupled); "doubled" alone is a trend verb.
_MULTIPLIERS = data_table("numbers.toml")["multipliers"]
_EN_MULTIPLIER_WORDS: dict[str, int] = _MULTIPLIERS["words"]
_MULTIPLIER_WORD = re.compile(
    rf"(?i)\b(?P<en>{'|'.join(_EN_MULTIPLIER_WORDS)})(?=[ ]+(?:{'|'.join(_MULTIPLIERS['before'])})\b)"
    r"|翻了?(?:(?P<zh>[一两二三四])番|(?P<bei>倍))"
)
_MULTIPLIER_HINT = re.compile("|".join(map(re.escape, _EN_MULTIPLIER_WORDS)))
# Markers right after a number.
_MARKER = re.compile(
    rf"""
    [ \u00a0]?(?P<percent>%|(?i:percent|per[ ]?cent|pct)\b)
    |(?P<x>[xX](?![A-Za-z0-9]))
    |[ ]?(?P<cross>×)
    |(?P<fold>(?i:-?fold)\b)
    |[ ]+(?P<times>(?i:times)\b)
    |[ \t]*(?:[多余][ \t]*)?(?P<bei>倍)
    |[ \t]*(?P<cheng>成)(?![{ZH["tenths_not_before"]}])
        (?:[ \t]*(?P<cheng_extra>[零一二三四五六七八九半]|\d(?![\d.])))?
    |[ \t]*(?P<zhe>折)(?![{ZH["discount_not_before"]}])
    """,
    re.X,
)
# Halves written as words: 打对折 and 半折 (a 50% price), 半成 (5%, but not 半成品).
ZH_HALF = re.compile(r"一半")
HALF_PERCENT = re.compile(r"(?<=打)[对對]折|半折(?![叠疊])|半成(?!品)")
# Percentage points: a number followed by this is a difference of percentages.
PERCENTAGE_POINTS = re.compile(
    r"[ \t]*(?:[个個][ \t]*)?百[ \t]*分[ \t]*[点點]|[ ]?(?i:percentage[ ]points?|pp)\b"
)


def magnitude_atoms(text: str) -> list[Atom]:
    if "magnitude" not in text and "数量级" not in text:
        return []
    atoms = []
    for match in _ORDER_OF_MAGNITUDE.finditer(text):
        count = match.group("count") or match.group("zh_count")
        if count.lower() in ("an", "one"):
            exponent = 1
        elif count.isdigit():
            exponent = int(count)
        elif count in ZH_DIGITS:
            exponent = int(ZH_DIGITS[count])
        else:
            exponent = int(EN_SMALL[count.lower()])
        value = Decimal(10) ** exponent
        atoms.append(Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    return atoms


def multiplier_word_atoms(text: str) -> list[Atom]:
    if "翻" not in text and not _MULTIPLIER_HINT.search(text.lower()):
        return []
    atoms = []
    for match in _MULTIPLIER_WORD.finditer(text):
        if match.group("en"):
            value = Decimal(_EN_MULTIPLIER_WORDS[match.group("en").lower()])
        elif match.group("zh"):
            value = Decimal(2) ** int(ZH_DIGITS[match.group("zh")])
        else:
            value = Decimal(2)
        atoms.append(Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    return atoms


def attach_marker(text: str, atom: Atom) -> None:
    """Extend the atom over a %, x, times, 倍, 成 or 折 marker right after it."""
    if atom.marked:
        return
    match = _MARKER.match(text, atom.end)
    if match is None:
        return
    kind = match.lastgroup if match.lastgroup != "cheng_extra" else "cheng"
    if kind == "percent":
        atom.percent = True
    elif kind in ("x", "cross", "fold", "times", "bei"):
        atom.multiplier = True
    elif kind == "cheng":
        if not 0 < atom.value <= 10:
            return
        extra = match.group("cheng_extra")
        atom.value *= 10
        if extra:
            atom.value += Decimal(5) if extra == "半" else ZH_DIGITS.get(extra, Decimal(extra) if extra.isdigit() else 0)
        atom.percent = True
    elif kind == "zhe":
        written = text[atom.start : atom.end]
        if 0 < atom.value < 10:
            atom.value *= 10
        elif atom.value < 100 and "十" not in written and "拾" not in written and atom.value == atom.value.to_integral():
            pass
        else:
            return
        atom.percent = True
    atom.end = match.end()
    atom.marked = True
