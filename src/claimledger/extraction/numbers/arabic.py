"""Arabic numbers: 16,635; 1.2M; 3.5 billion; 3/5; 1.99×10^-30; full-width digits; digits glued into names."""

from __future__ import annotations

import re
from decimal import Decimal

from claimledger.extraction.numbers.atoms import Atom, EN

PLAIN_DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?"
# 40 000 and 1 414 021 100: groups of three after a space (or a thin space).
_SPACED_DIGITS = r"\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,])(?:\.\d+)?"
_SUFFIXES = EN["suffixes"]
SCALES = EN["scales"]
_ARABIC_SCALES = {**SCALES, "dozen": 12}  # "3 dozen", "2 million", "13 lakh"
# Lower-case suffixes that scale only money or a counted noun: "£6m", "$4.2b", "RM3mil"
# (else 100m is metres, 10b bits).
_MONEY_SUFFIXES = EN["money_suffixes"]
# Scientific notation written with a times sign: 1.99×10^-30, 2.998×10−8, 6×10⁻⁹.
_TIMES_TEN = re.compile(
    r"[ ]?[×xX*][ ]?10(?:\^(?P<caret>[+\-−]?\d{1,3})|(?P<minus>[−⁻\-]\d{1,3})|(?P<superscript>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?![\d.])"
)
_TIMES_TEN_FIRST = frozenset(" ×xX*")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺−", "0123456789-+-")
# The first characters of the suffixes and scale words: one test passes a number with neither
# after it, instead of trying each form (the scale words case-insensitively).
_SUFFIX_FIRSTS = "".join(sorted({suffix[0] for suffix in [*_SUFFIXES, *_MONEY_SUFFIXES]}))
_SCALE_FIRSTS = "".join(sorted({word[0] for word in _ARABIC_SCALES}))
# A sign opens a number after a space, a bracket, punctuation, 比 or 为 ("同比-16.5%", "环比+3%", "净利润为-3.10亿元").
_ARABIC = re.compile(
    rf"""
    (?=[+\-.\d])
    (?:(?<![^\s(\[:：,，（="'“$€£¥比为])(?P<sign>[+\-])|(?<![0-9_.]))
    (?P<number>{_SPACED_DIGITS}|{PLAIN_DIGITS}|\.\d+)
    (?P<exponent>[eE][+\-]?\d+(?![A-Za-z0-9]))?
    (?:(?=[{_SUFFIX_FIRSTS}])(?P<suffix>{"|".join(sorted([*_SUFFIXES, *_MONEY_SUFFIXES], key=len, reverse=True))})(?![A-Za-z0-9])
      |[ \u00a0-]?(?=(?i:[{_SCALE_FIRSTS}]))(?P<scale>(?i:(?:{"|".join(_ARABIC_SCALES)})(?:[ ](?:{"|".join(SCALES)}))*))s?\b
      |[ ](?P<spaced_suffix>[KMBT]|bn|mn)(?=[ ]+[a-z]|[.,;:!?)]|$))?
    """,
    re.X,
)
# 3/5, 1 3/5, -3/2; dates like 9/16/2025 are caught as dates first.
_SLASH_FRACTION = re.compile(
    r"(?=[\d\-])(?<![A-Za-z0-9_./])(?P<sign>-)?(?:(?P<whole>\d+)[ ]+)?(?P<numerator>\d+)[/⁄](?P<denominator>\d+)(?![A-Za-z0-9_/.])"
)
_POWER = re.compile(r"\^(?P<signs>[+\-]*)(?P<exponent>\d{1,3})(?![\d.])")
# Letters glued before digits make a name (GB200, H100, v6.1) unless they are a currency.
_CURRENCY_CODES = "|".join(EN["currency_codes"])
_CURRENCY_AFTER = re.compile(rf"[ ]?(?:{_CURRENCY_CODES}|(?i:{'|'.join(EN['currency_words'])})\b)(?![A-Za-z])")
_CURRENCY_LETTERS = re.compile(rf"(?:^|[^A-Za-z])(?:RM|Rs|Rp|{_CURRENCY_CODES}|\$US|\$A)$")
CURRENCY_BEFORE = re.compile(rf"(?:[$€£¥]|\b(?:RM|Rs|Rp|PS|{_CURRENCY_CODES})\$?|\b(?:US|HK|A|C|S|NZ)\$)[ ]?$")
# Lower-case words that may be hyphenated onto a number: sub-7 nm, minus-5 yards.
_HYPHEN_PREFIXES = frozenset(EN["hyphen_prefixes"])
# Hyphens that join a name to its number: ASCII, and the Unicode hyphen and non-breaking hyphen
# (GLM‑4.5); an en dash joins the ends of a range.
NAME_HYPHENS = "-\u2010\u2011"
_TOKEN_BEFORE_HYPHEN = re.compile(r"(?<![A-Za-z0-9.])[A-Za-z0-9.]+$")
_MARKED_NUMBER = re.compile(r"\d+(?:\.\d+)?[xX]")
MINUS_BEFORE = re.compile(r"(?i)\bminus[ \-]$|\bnegative[ ]$")
# Glued lower-case m is a million after a currency or before "of"/a plural noun (£6m, 35m of its devices).
_MILLION_M_AFTER = re.compile(r"[ ]+(?:of\b|(?:[a-z]+[ ]+){0,4}[a-z]{2,}s\b)")
# Letters then digits right after a number make a code (postcode 9AB8), not a unit.
_CODE_TAIL = re.compile(r"[A-Za-z]+\d")
# A unit with its power glued to a number ("32m2", "5 km2") is no model code.
POWER_OF_UNIT = re.compile(r"(?:[kcdm]?m|ft|in|yd|mi)[23](?![A-Za-z0-9])")
_GROUP_SEPARATORS = str.maketrans("", "", ", \u00a0\u2009\u202f")
_BARE_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_LEADING_ZERO = re.compile(r"0\d+")
_ORDINAL_SUFFIX = re.compile(r"(?i:st|nd|rd|th)\b")
_VERSION_TAIL = re.compile(r"\.\d")
_PLUS_AFTER = re.compile(r"\+(?![\d+])")


def arabic_atoms(text: str) -> list[Atom]:
    atoms = []
    for match in _ARABIC.finditer(text):
        start, end = match.span()
        # Digits glued into a name are passed before any group is read (only a sign comes before
        # the number's digits: with none, they start the match).
        if start == match.start("number") and glued_to_name(text, start) and not _mangled_pound(text, match):
            continue
        # The groups read once (a named group looked up each time costs a method call).
        sign, number, suffix, exponent, scale_words, spaced_suffix = match.group(
            "sign", "number", "suffix", "exponent", "scale", "spaced_suffix"
        )
        if suffix in _MONEY_SUFFIXES and not _million_m(text, start, end):
            end -= len(suffix)
            suffix = None
        # What may follow is told by its first character: most numbers have a space or a
        # Chinese character after them, which none of these tails starts with.
        following = text[end : end + 1]
        if following.isalpha() or following == ".":
            if _ORDINAL_SUFFIX.match(text, end) or _VERSION_TAIL.match(text, end):
                continue
            if _CODE_TAIL.match(text, end) and not POWER_OF_UNIT.match(text, end):
                continue  # H100A2 is a code; 32m2 is an area
        if number.startswith("0") and _LEADING_ZERO.fullmatch(number):
            continue  # 010, 007: area codes and identifiers keep their zeros, quantities do not
        # Most numbers are digits alone, with nothing to take out before reading them.
        digits_only = _BARE_DIGITS.fullmatch(number) is not None
        value = Decimal(number if digits_only else number.translate(_GROUP_SEPARATORS))
        if exponent:
            value = value.scaleb(int(exponent[1:]))
        scale = Decimal(1)
        if suffix:
            scale = Decimal(_SUFFIXES.get(suffix) or _MONEY_SUFFIXES[suffix])
        elif scale_words:
            scale = Decimal(1)
            for word in scale_words.lower().split():
                scale *= _ARABIC_SCALES[word]  # 4 hundred million
        elif spaced_suffix:
            suffix = spaced_suffix
            scale = Decimal(_SUFFIXES[suffix])
        power = _POWER.match(text, end) if following == "^" and not scale > 1 else None
        times_ten = _TIMES_TEN.match(text, end) if following in _TIMES_TEN_FIRST and not scale > 1 and not power else None
        if times_ten:
            written = times_ten.group("caret") or times_ten.group("minus") or times_ten.group("superscript")
            value = value.scaleb(int(written.translate(_SUPERSCRIPTS)))
            end = times_ten.end()
        if power:
            exponent = int(power.group("exponent")) * (-1) ** power.group("signs").count("-")
            value = value**exponent if value or exponent > 0 else value
            end = power.end()
        minus = MINUS_BEFORE.search(text, max(0, start - 9), start) if text[start - 1 : start] in (" ", "-") else None
        if sign == "-" or minus:
            value = -value
        bare = digits_only and not (sign or minus or suffix or scale_words or exponent or power or times_ten)
        if text.startswith("+", end) and _PLUS_AFTER.match(text, end):
            end += 1  # "42+ exaflops", "1,000+ customers": at least that many
        atoms.append(Atom(minus.start() if minus else start, end, value * scale, scale, bare=bare))
    return atoms


def fraction_atoms(text: str) -> list[Atom]:
    atoms = []
    for match in _SLASH_FRACTION.finditer(text):
        numerator, denominator = int(match.group("numerator")), int(match.group("denominator"))
        if denominator == 0 or numerator == denominator:
            continue  # 50/50 is an idiom, not one
        value = Decimal(numerator) / Decimal(denominator) + int(match.group("whole") or 0)
        atoms.append(Atom(match.start(), match.end(), -value if match.group("sign") else value, Decimal(1)))
    return atoms


def glued_to_name(text: str, start: int) -> bool:
    """True for the digits of GB200, v6.1, GPT-OSS-120B, COVID-19, #3: part of a name."""
    if start == 0:
        return False
    before = text[start - 1]
    if before.isascii() and before.isalpha():
        return not _CURRENCY_LETTERS.search(text, max(0, start - 5), start)
    if before == "#":
        return True
    if before not in NAME_HYPHENS:
        return False
    word = _TOKEN_BEFORE_HYPHEN.search(text, max(0, start - 16), start - 1)
    if word is None or not any(char.isalpha() for char in word.group()):
        return False  # 3-5: a range
    if _MARKED_NUMBER.fullmatch(word.group()):
        return False  # 2.5x-3x: the first number's marker, not a name
    return word.group() not in _HYPHEN_PREFIXES  # Qwen3-235B, COVID-19, but sub-7


def _mangled_pound(text: str, match: re.Match[str]) -> bool:
    """"PS6m", "PS21,700": £ turned into "PS" by a lossy encoding; an amount only with
    a scale, a group separator or decimals (PS5 is a console)."""
    if not text.endswith("PS", max(0, match.start("number") - 2), match.start("number")):
        return False
    return bool(match.group("suffix") or match.group("scale") or re.search(r"[,.]", match.group("number")))


def mangled_pound(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is an amount after a mangled £ ("PS8m", "PS3.4m"; see _mangled_pound)."""
    match = _ARABIC.match(text, start)
    return match is not None and match.end() <= end and _mangled_pound(text, match)


def _million_m(text: str, start: int, end: int) -> bool:
    """Whether the m glued to text[start:end] means million (£6m, 2mil SEK) rather than metres (100m)."""
    return bool(
        CURRENCY_BEFORE.search(text, max(0, start - 4), start)
        or _MILLION_M_AFTER.match(text, end)
        or _CURRENCY_AFTER.match(text, end)
    )
