"""English number words: twenty-five, a dozen, one and a half, three fifths, hundreds of, ten-fold."""

from __future__ import annotations

import re
from decimal import Decimal

from claimledger.extraction.numbers.atoms import Atom, EN
from claimledger.extraction.numbers.arabic import MINUS_BEFORE, SCALES
from claimledger.extraction.numbers.not_numbers import name_before

# English number words.
EN_SMALL = {w: Decimal(v) for w, v in EN["small"].items()}
_EN_TENS = {w: Decimal(v) for w, v in EN["tens"].items()}
_EN_WORD = "|".join(
    sorted([*EN_SMALL, *_EN_TENS, *SCALES, "dozen", "half", "point", *EN["fractions"]], key=len, reverse=True)
)
_EN_WORDS = re.compile(
    rf"(?i)\b(?:an?[ ]+)?(?:{_EN_WORD})(?:(?:[ ]+|-)(?:and[ ]+)?(?:an?[ ]+)?(?:{_EN_WORD}))*\b"
)
_EN_WORD_TOKEN = re.compile(r"[A-Za-z]+")
_HYPHENATED_ONTO_WORD = re.compile(r"[A-Za-z]-$")
# "a third of", "two-thirds of", "half the": fractions named by ordinals, only before of/the.
EN_FRACTIONS = {word: Decimal(v) for word, v in EN["fractions"].items()}
_FRACTION_PART = rf"(?:(?:{'|'.join(EN_FRACTIONS)})s?|halves)"
# "three fifths", "one-eighth"; after "a" only before of/the or the end ("a third of"),
# since "a third quarter" is an ordinal.
_FRACTION_WORDS = re.compile(
    rf"(?i)\b(?:(?P<count>{'|'.join(EN_SMALL)})[ \-]|an?[ ](?={_FRACTION_PART}\b(?:[ ]+(?:of|the)\b|[ ]*(?:[.,;:!?)]|$))))"
    rf"(?P<part>{_FRACTION_PART})\b"
)
_HALF = re.compile(rf"(?i)\bhalf\b(?=[ ]+(?:{'|'.join(EN['half_before'])})\b)")
_LOWER_WORD = re.compile(r"[a-z]+")
_ARTICLE_BEFORE = re.compile(r"(?i)\ban?[ ]+$")
_NUMBER_WORDS = frozenset([*EN_SMALL, *_EN_TENS, *SCALES, "dozen", "half"])
_FRACTION_PARTS = frozenset([*EN_FRACTIONS, *(part + "s" for part in EN_FRACTIONS), "halves"])
_PLURAL_SCALES = frozenset(["dozens", "hundreds", "thousands", "millions", "billions", "trillions"])
_WORD_TRIGGERS = _NUMBER_WORDS | _FRACTION_PARTS | _PLURAL_SCALES
_WORD_FINDERS = {word: re.compile(rf"\b{word}\b") for word in _NUMBER_WORDS}
_WORD_FINDERS_ANY_CASE = {word: re.compile(rf"(?i)\b{word}\b") for word in _NUMBER_WORDS}
_EN_FOLD_WORD = re.compile(rf"(?i)\b({'|'.join([*EN_SMALL, *_EN_TENS, 'hundred', 'thousand'])})fold\b")
_VAGUE_SCALE = re.compile(
    r"(?i)\b(?:(?P<outer>tens|hundreds)[ ]+of[ ]+)?(?P<scale>dozens|hundreds|thousands|millions|billions|trillions)\b"
)


def word_atoms(text: str) -> list[Atom]:
    # A set of the words present decides cheaply which word patterns can match at all.
    lower = text.lower()
    words = set(_LOWER_WORD.findall(lower))
    if words.isdisjoint(_WORD_TRIGGERS) and "fold" not in text:
        return []
    atoms = []
    covered = 0
    # Lower-casing keeps offsets for ASCII text; other text is searched case-insensitively.
    haystack, finders = (lower, _WORD_FINDERS) if len(lower) == len(text) else (text, _WORD_FINDERS_ANY_CASE)
    starts = sorted(m.start() for word in words & _NUMBER_WORDS for m in finders[word].finditer(haystack))
    for start in starts:
        if start < covered:
            continue
        article = _ARTICLE_BEFORE.search(text, max(0, start - 4), start)
        match = _EN_WORDS.match(text, article.start() if article else start)
        if match is None:
            continue
        covered = match.end()
        if _HYPHENATED_ONTO_WORD.search(text, max(0, match.start() - 2), match.start()):
            continue  # production-four-door: part of a compound word
        if name_before(text, match.start()) and match.group()[0].isupper():
            continue  # BBC One, Apple One, Formula One
        for start, end, value, scale in _parse_words(match.group(), match.start()):
            minus = MINUS_BEFORE.search(text, max(0, start - 9), start)
            if minus:
                start, value = minus.start(), -value
            atoms.append(Atom(start, end, value, scale))
    for match in _FRACTION_WORDS.finditer(text) if not words.isdisjoint(_FRACTION_PARTS) else ():
        numerator = EN_SMALL[match.group("count").lower()] if match.group("count") else Decimal(1)
        part = match.group("part").lower()
        value = numerator / Decimal(2 if part == "halves" else EN_FRACTIONS[part.removesuffix("s")])
        atoms.append(Atom(match.start(), match.end(), value, Decimal(1)))
    for match in _HALF.finditer(text) if "half" in words else ():
        atoms.append(Atom(match.start(), match.end(), Decimal("0.5"), Decimal(1)))
    for match in _EN_FOLD_WORD.finditer(text) if "fold" in text else ():
        value = _word_value(match.group(1).lower())
        atoms.append(Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    for match in _VAGUE_SCALE.finditer(text) if not words.isdisjoint(_PLURAL_SCALES) else ():
        scale_word = match.group("scale")[:-1].lower()
        low = Decimal(12) if scale_word == "dozen" else Decimal(SCALES[scale_word])
        if match.group("outer"):
            low *= 10 if match.group("outer").lower() == "tens" else 100
        atoms.append(Atom(match.start(), match.end(), low, low, high=low * 10))
    return atoms


def _word_value(word: str) -> Decimal:
    if word in EN_SMALL:
        return EN_SMALL[word]
    if word in _EN_TENS:
        return _EN_TENS[word]
    return Decimal(SCALES[word])


def _parse_words(phrase: str, offset: int) -> list[tuple[int, int, Decimal, Decimal]]:
    """Split a run of number words into numbers: "twenty-five" -> 25, "one two" -> 1, 2.

    Each comes with its trailing scale ("five thousand": 1000), which the first
    end of a range inherits ("four to five thousand").
    """
    tokens = [(m.group().lower(), m.start(), m.end()) for m in _EN_WORD_TOKEN.finditer(phrase)]
    results = []
    index = 0
    while index < len(tokens):
        parsed = _parse_word_number(tokens, index)
        if parsed is None:
            index += 1
            continue
        value, end_index = parsed
        last = tokens[end_index - 1][0]
        scale = Decimal(SCALES[last]) if last in SCALES and value % SCALES[last] == 0 else Decimal(1)
        results.append((offset + tokens[index][1], offset + tokens[end_index - 1][2], value, scale))
        index = end_index
    return results


def _parse_word_number(tokens: list[tuple[str, int, int]], index: int) -> tuple[Decimal, int] | None:
    """Longest number starting at tokens[index] and its value, or None.

    tokens are lower-case words: "two hundred and fifty", "one and a half",
    "half a million", "five point five".
    """
    total = current = Decimal(0)
    base: Decimal | None = None  # what a scale multiplies with no count before it: a hundred, half a million
    last_scale = Decimal(1)
    previous: str | None = None
    found: tuple[Decimal, int] | None = None
    position = index
    while position < len(tokens):
        word = tokens[position][0]
        following = tokens[position + 1][0] if position + 1 < len(tokens) else ""
        if word in ("a", "an"):
            if following not in (*SCALES, "dozen", "half", *EN_FRACTIONS) or previous in ("small", "tens"):
                break
            if following != "half" and following not in EN_FRACTIONS:
                base = base or Decimal(1)
        elif word == "and":
            if found is None or previous not in ("hundred", "big", "small", "tens"):
                break
            after_and = tokens[position + 2][0] if position + 2 < len(tokens) else ""
            if not ((following in (*EN_SMALL, *_EN_TENS) and previous in ("hundred", "big"))
                    or (following == "a" and (after_and == "half" or after_and in EN_FRACTIONS))):
                break
        elif word in EN_SMALL:
            if previous == "small" or (previous == "tens" and (EN_SMALL[word] >= 10 or current % 10)):
                break
            current += EN_SMALL[word]
        elif word in _EN_TENS:
            if previous in ("small", "tens"):
                break
            current += _EN_TENS[word]
        elif word in ("hundred", "dozen"):
            if previous in (None, word):
                break
            current = (current or base or Decimal(1)) * (100 if word == "hundred" else 12)
            base = None
        elif word in SCALES:
            if previous is None:
                break  # "million" alone, as in "$US113 trillion", is a scale, not a number
            last_scale = Decimal(SCALES[word])
            if previous == "big" and current == 0 and base is None:
                total *= last_scale  # three lakh crore
            else:
                total += (current or base or Decimal(1)) * last_scale
            current, base = Decimal(0), None
        elif word == "half" or word in EN_FRACTIONS:
            if previous == "a" and found is not None:
                # "one and a half": a half of one; "a million and a half": half a million more
                share = Decimal(1) / (2 if word == "half" else EN_FRACTIONS[word])
                current += share * (last_scale if current == 0 else 1)
            elif word == "half" and previous is None and following in ("a", "an"):
                base = Decimal("0.5")
            else:
                break
        elif word == "point" and found is not None and (following in EN_SMALL or following in _EN_TENS):
            digits, position = _decimal_words(tokens, position + 1)
            current += Decimal("0." + digits)
            found = (total + current, position)
            break
        else:
            break
        previous = _word_role(word)
        position += 1
        if previous in ("small", "tens", "hundred", "big", "dozen") or previous == "fraction" or (word == "half" and base is None):
            found = (total + current, position)
    return found


def _word_role(word: str) -> str:
    if word in EN_FRACTIONS:
        return "fraction"
    if word in EN_SMALL:
        return "small"
    if word in _EN_TENS:
        return "tens"
    if word in SCALES and word != "hundred":
        return "big"
    return word


def _decimal_words(tokens: list[tuple[str, int, int]], index: int) -> tuple[str, int]:
    """Digits after "point": "five five" -> "55", "seventy-one" -> "71"; and where they end."""
    first = tokens[index][0]
    if (first in EN_SMALL and EN_SMALL[first] >= 10) or first in _EN_TENS:
        value = EN_SMALL.get(first) or _EN_TENS[first]
        if first in _EN_TENS and index + 1 < len(tokens) and EN_SMALL.get(tokens[index + 1][0], 10) < 10:
            return str(value + EN_SMALL[tokens[index + 1][0]]), index + 2
        return str(value), index + 1
    digits = []
    while index < len(tokens) and EN_SMALL.get(tokens[index][0], 10) < 10:
        digits.append(str(EN_SMALL[tokens[index][0]]))
        index += 1
    return "".join(digits), index
