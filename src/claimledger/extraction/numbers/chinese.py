"""Chinese numerals: 两百, 一千零五, 1.5万, 五分之一, 几十万, possibly mixed with Arabic digits."""

from __future__ import annotations

import re
from decimal import Decimal

from claimledger.extraction.numbers.atoms import Atom, ZH
from claimledger.extraction.numbers.arabic import PLAIN_DIGITS

# Chinese numerals, possibly mixed with Arabic digits (5万4千6百, 1.5万, 3分之1).
ZH_DIGITS = {ch: Decimal(v) for ch, v in ZH["digits"].items()}
_ZH_UNITS = {ch: Decimal(v) for ch, v in ZH["units"].items()}
_ZH_BIG = {ch: Decimal(v) for ch, v in ZH["big_units"].items()}
_ZH_FINANCIAL = set(ZH["financial"])
ZD = "".join(ZH_DIGITS)
_ZU = "".join(_ZH_UNITS)
_ZB = "".join(_ZH_BIG)
_ZH_ELEMENT = (
    rf"(?:{PLAIN_DIGITS}(?:[ \t]*[kK](?![A-Za-z]))?|[{ZD}{_ZU}{_ZB}]|分[ \t]*之(?:[ \t]*[负負])?|[点點](?=[ \t]*[{ZD}])"
    rf"|[余多几幾数數](?=[ \t]*[{_ZU}{_ZB}])|又(?=[ \t]*[\d{ZD}{_ZU}])|半(?=[ \t]*[{_ZU}成折]))"
)
# The look-ahead names every character a run can start with, so the regex engine passes other
# positions with one test. A run never starts after 廿, 卅 or 卌 (twenty, thirty, forty in Taiwan
# print: "廿三" is 23, not 3), which it does not read.
# A hyphen minus opens a run where a sign may stand ("净利润为-3.10亿元": numbers/arabic.py `_ARABIC`).
_ZH_RUN = re.compile(
    rf"(?=[\d{ZD}{_ZU}{_ZB}分点點余多几幾数數又半负負\-])(?<![A-Za-z0-9_.廿卅卌])"
    rf"(?:[负負][ \t]*|(?<=[\s(:：,，（为比])-(?=\d))?{_ZH_ELEMENT}(?:[ \t]*{_ZH_ELEMENT})*"
)
_ZH_TOKEN = re.compile(
    rf"[ \t]*(?:(?P<arabic>{PLAIN_DIGITS})(?P<thousands>[ \t]*[kK](?![A-Za-z]))?|(?P<fraction>分[ \t]*之(?:[ \t]*(?P<negative>[负負]))?)|(?P<char>.))",
    re.S,
)
# A run is Chinese when it has a numeral character, a fraction or a minus word (分 only as 分之:
# one character class first, so the regex engine skips to the next place one stands).
_ZH_QUALIFIES = re.compile(rf"[{ZD}{_ZU}{_ZB}负負分](?:(?<=分)[ \t]*之|(?<!分))")
# 千 and 兆 right before these unit characters are SI prefixes (千米 km, 兆字节 MB).
_ZH_UNIT_PREFIXES = ZH["si_prefix_numerals"]
_ZH_PREFIXED_UNIT = re.compile(rf"[ \t]*(?:{'|'.join(ZH['si_prefixed_units'])})")
# 两 counts things (两百) but is never a digit read one by one (二〇二五).
_ZH_TWO = ZH["counting_two"]
# 打 after a number is a dozen (一打, 五十打), unless it starts a verb.
_ZH_DOZEN = re.compile(rf"[ \t]*打(?![{ZH['dozen_not_before']}])")
# "Nearly" and "over" characters (将近, 逾, 超) before a bare unit: 近万 is nearly 10,000.
_ZH_BARE_UNIT_CUES = ZH["bare_unit_cues"]
_ZH_BARE_UNIT_CUE_WORDS = tuple(ZH["bare_unit_cue_words"])
_TIMES_AFTER = re.compile(r"[ \t]*(?:[多余][ \t]*)?倍")


def chinese_atoms(text: str) -> list[Atom]:
    """The Chinese numerals of `text`: each run of numeral characters and digits that holds a
    Chinese numeral, a fraction or a minus word. The next of those is looked for once, not once
    per run: a run ending before it (digits alone) is passed, and none is read after the last."""
    atoms = []
    position = 0
    chinese = _ZH_QUALIFIES.search(text)
    while chinese is not None and (match := _ZH_RUN.search(text, position)):
        position = match.end()
        if position <= chinese.start() or not _ZH_QUALIFIES.search(text, match.start(), position):
            continue
        atom, consumed_end = _parse_chinese(text, match.start(), match.end())
        position = max(consumed_end, match.start() + 1)
        if atom is not None:
            atoms.append(atom)
        if chinese.start() < position:
            chinese = _ZH_QUALIFIES.search(text, position)
    return atoms


def _chinese_tokens(text: str, start: int, end: int) -> list[tuple[str, str, int, int]]:
    """Tokens of a numeral run: (kind, text, start, end)."""
    tokens = []
    position = start
    while position < end:
        match = _ZH_TOKEN.match(text, position, end)
        if match is None:
            break
        arabic, fraction, char = match.group("arabic", "fraction", "char")
        if arabic:
            digits = arabic.replace(",", "")
            if match.group("thousands"):
                digits = str(Decimal(digits) * 1000)
            tokens.append(("arabic", digits, match.start("arabic"), match.end()))
        elif fraction:
            kind = "negative fraction" if match.group("negative") else "fraction"
            tokens.append((kind, "分之", match.start("fraction"), match.end()))
        else:
            tokens.append((_CHAR_KINDS.get(char, "other"), char, match.start("char"), match.end()))
        position = match.end()
    return tokens


def _char_kinds() -> dict[str, str]:
    """Each numeral character's kind (a character in two sets takes the first): one lookup per
    character instead of a test per set."""
    kinds: dict[str, str] = {}
    for kind, chars in (
        ("zero", "零〇"),
        ("digit", ZH_DIGITS),
        ("unit", _ZH_UNITS),
        ("big", _ZH_BIG),
        ("point", "点點"),
        ("approximately", "余多几幾"),
        ("several", "数數"),
        ("and", "又"),
        ("half", "半"),
        ("minus", "负負-"),
    ):
        for char in chars:
            kinds.setdefault(char, kind)
    return kinds


_CHAR_KINDS = _char_kinds()


def _parse_chinese(text: str, start: int, end: int) -> tuple[Atom | None, int]:
    """Parse the numeral run text[start:end]; returns the atom (None if not a number) and where it ends."""
    tokens = _chinese_tokens(text, start, end)
    if tokens and tokens[-1][1] in _ZH_UNIT_PREFIXES and _ZH_PREFIXED_UNIT.match(text, end):
        tokens.pop()  # 12千米, 五十兆字节: kilo- and mega- of the unit, not numerals
        end = tokens[-1][3] if tokens else start
    negative = bool(tokens) and tokens[0][0] == "minus"
    if negative:
        tokens = tokens[1:]
    if tokens and tokens[0][1] in "几幾数數" and _several(tokens):
        scale = _trailing_scale([("digit", "一", 0, 0), *tokens[1:]])
        return Atom(tokens[0][2], tokens[-1][3], scale, scale, high=scale * 10), tokens[-1][3]
    value, used = _zh_mixed_number(tokens)
    if used == 0:
        return None, start + 1
    percent = False
    if used < len(tokens) and tokens[used][0].endswith("fraction"):
        fraction = _zh_fraction(tokens, used, value)
        if fraction is not None:
            value, used, percent = fraction
        elif all(kind in ("unit", "big") for kind, *_ in tokens[:used]):
            return None, tokens[used][3]
    resume = None
    if used > 1 and tokens[used - 1][1] in _ZH_TWO and tokens[used - 2][0] in ("unit", "big") and not percent:
        # 三十两, 两万两: 两 after a unit is the tael, not a last digit (that is 二).
        resume = tokens[used - 1][3]
        value, used = _zh_mixed_number(tokens[: used - 1])
    consumed = tokens[:used]
    atom_start = start if negative else consumed[0][2]
    atom_end = consumed[-1][3]
    if used < len(tokens) and tokens[used][0] in ("unit", "big") and _digit_string(consumed):
        return None, end  # 二三十: "twenty or thirty", no single value
    if not _acceptable_chinese(consumed) and not _cued_bare_units(text, atom_start, consumed):
        return None, atom_end
    scale = _trailing_scale(consumed)
    if negative:
        value = -value
    dozen = _ZH_DOZEN.match(text, atom_end)
    if dozen and not percent:
        value *= 12
        atom_end = dozen.end()
    return Atom(atom_start, atom_end, value, scale, percent=percent, marked=percent), resume or atom_end


def _several(tokens: list[tuple[str, str, int, int]]) -> bool:
    """几十万, 数十亿: "several" before units only, a vague magnitude like "hundreds of thousands"."""
    return len(tokens) > 1 and all(kind in ("unit", "big") for kind, *_ in tokens[1:])


def _digit_string(tokens: list[tuple[str, str, int, int]]) -> bool:
    """True for digits read one by one: 二三, 二〇二五."""
    return len(tokens) > 1 and all(kind in ("digit", "zero") for kind, *_ in tokens)


def _trailing_scale(tokens: list[tuple[str, str, int, int]]) -> Decimal:
    """The scale of one number followed by units (5万 -> 10000), which a range's
    first end inherits (3至5万); 1 for anything else."""
    scale = Decimal(1)
    index = len(tokens)
    while index > 0 and tokens[index - 1][0] in ("unit", "big"):
        index -= 1
        scale *= _ZH_UNITS.get(tokens[index][1]) or _ZH_BIG[tokens[index][1]]
    return scale if index == 1 and tokens[0][0] in ("digit", "arabic") else Decimal(1)


def _cued_bare_units(text: str, start: int, tokens: list[tuple[str, str, int, int]]) -> bool:
    """近万, 逾千, 超百万, 超过万: units alone after a "nearly/over" word count one of them;
    so do units alone before 倍 (百倍, 上千倍: a hundred times)."""
    if not all(kind in ("unit", "big") for kind, *_ in tokens) or tokens[0][1] in _ZH_FINANCIAL:
        return False
    if start > 0 and (text[start - 1] in _ZH_BARE_UNIT_CUES or text.endswith(_ZH_BARE_UNIT_CUE_WORDS, 0, start)):
        return True
    return _TIMES_AFTER.match(text, tokens[-1][3]) is not None


def _acceptable_chinese(tokens: list[tuple[str, str, int, int]]) -> bool:
    """Reject runs that are characters, not numbers: 百 of 百度, a lone 拾 of 收拾."""
    if len(tokens) == 1 and tokens[0][1] in _ZH_FINANCIAL:
        return False
    if any(kind in ("digit", "zero", "arabic", "half") or kind.endswith("fraction") for kind, *_ in tokens):
        return True
    return tokens[0][1] in "十拾"  # 十五, 十万: a leading ten needs no digit


def _zh_mixed_number(tokens: list[tuple[str, str, int, int]]) -> tuple[Decimal, int]:
    """Value of the integer-and-decimal prefix of tokens, and how many tokens it used."""
    value, used = _zh_integer(tokens, 0)
    if used == 0:
        return Decimal(0), 0
    if used + 1 < len(tokens) and tokens[used][0] == "point" and _decimal_digit(tokens[used + 1]):
        digits = []
        index = used + 1
        while index < len(tokens) and _decimal_digit(tokens[index]):
            digits.append(str(ZH_DIGITS[tokens[index][1]]))
            index += 1
        value += Decimal("0." + "".join(digits))
        used = index
        multiplier = Decimal(1)
        while used < len(tokens) and tokens[used][0] in ("unit", "big"):
            multiplier *= _ZH_UNITS.get(tokens[used][1]) or _ZH_BIG[tokens[used][1]]
            used += 1
        value *= multiplier
    if used < len(tokens) and tokens[used][0] == "and":
        fraction = _zh_fraction_after_and(tokens, used + 1)
        if fraction is not None:
            value += fraction[0]
            used = fraction[1]
    return value, used


def _decimal_digit(token: tuple[str, str, int, int]) -> bool:
    """A digit after 点; 两 is never one (两百点两 is 200 and 2)."""
    return token[0] in ("digit", "zero") and token[1] not in _ZH_TWO


def _zh_integer(tokens: list[tuple[str, str, int, int]], index: int) -> tuple[Decimal, int]:
    """Parse a Chinese (or mixed) integer from tokens[index:]; returns value and end index."""
    total = Decimal(0)
    section = Decimal(0)
    number: Decimal | None = None
    previous = None
    last_unit = Decimal(1)
    single_digit = False
    digit_string: list[str] = []
    seen_unit = False
    position = index
    while position < len(tokens):
        kind, token, *_ = tokens[position]
        if kind in ("digit", "arabic", "half"):
            in_digit_string = not seen_unit and bool(digit_string)
            if previous in ("digit", "arabic", "half") or (previous == "zero" and in_digit_string):
                if kind == "digit" and in_digit_string and previous in ("digit", "zero") and token not in _ZH_TWO:
                    digit_string.append(str(ZH_DIGITS[token]))
                    previous = "digit"
                    position += 1
                    continue
                break
            if kind == "digit":
                number = ZH_DIGITS[token]
                digit_string = [str(number)]
                single_digit = True
            elif kind == "half":
                number = Decimal("0.5")
                single_digit = False
            else:
                number = Decimal(token.replace(",", ""))
                single_digit = len(token) == 1
        elif kind == "zero":
            if previous in ("digit", "zero") and not seen_unit:
                digit_string.append("0")
            elif previous is None:
                digit_string = ["0"]
            number = None
        elif kind == "unit":
            unit = _ZH_UNITS[token]
            if previous == "unit" and unit >= last_unit:
                break
            if previous in ("digit", "zero") and len(digit_string) > 1 and not seen_unit:
                break
            section += (number if number is not None else Decimal(1)) * unit
            number = None
            last_unit = unit
            seen_unit = True
        elif kind == "big":
            if previous in ("digit", "zero") and len(digit_string) > 1 and not seen_unit:
                break
            big = _ZH_BIG[token]
            if number is not None:
                section += number
                number = None
            if section == 0:
                if total == 0 and previous is not None:
                    break
                total = total * big if total else big
            elif total and total < big:
                total = (total + section) * big
            else:
                total += section * big
            section = Decimal(0)
            last_unit = big
            seen_unit = True
        elif kind == "approximately":
            pass
        else:
            break
        previous = kind
        position += 1
    if position == index:
        return Decimal(0), index
    if not seen_unit and len(digit_string) > 1:
        return Decimal("".join(digit_string)), position
    if number is not None:
        if single_digit and previous in ("digit", "arabic") and seen_unit and _after_unit(tokens, position - 1):
            number *= last_unit / 10
        section += number
    return total + section, position


def _after_unit(tokens: list[tuple[str, str, int, int]], index: int) -> bool:
    """True when tokens[index] directly follows a unit (两千四百五: the 五)."""
    return index > 0 and tokens[index - 1][0] in ("unit", "big")


def _zh_fraction(
    tokens: list[tuple[str, str, int, int]], index: int, denominator: Decimal
) -> tuple[Decimal, int, bool] | None:
    """Read 分之 at tokens[index]: 五分之一 = 0.2; 百分之二十 is 20 percent."""
    numerator_tokens = tokens[index + 1 :]
    numerator, used = _zh_mixed_number(numerator_tokens)
    if used == 0 or denominator == 0:
        return None
    if used < len(numerator_tokens) and numerator_tokens[used][0] in ("unit", "big") and _digit_string(numerator_tokens[:used]):
        return None
    if tokens[index][0] == "negative fraction":
        numerator = -numerator
    end = index + 1 + used
    bare = all(kind in ("unit", "big") for kind, *_ in tokens[:index])
    if bare:
        return numerator * 100 / denominator, end, True
    return numerator / denominator, end, False


def _zh_fraction_after_and(
    tokens: list[tuple[str, str, int, int]], index: int
) -> tuple[Decimal, int] | None:
    """The fraction after 又 in 三又三分之一."""
    denominator, used = _zh_integer(tokens, index)
    if used == index or used >= len(tokens) or tokens[used][0] != "fraction" or denominator == 0:
        return None
    numerator, numerator_used = _zh_integer(tokens, used + 1)
    if numerator_used == used + 1:
        return None
    return numerator / denominator, numerator_used
