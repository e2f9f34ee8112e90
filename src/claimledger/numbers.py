"""Numbers in English and Chinese text: where each one is and what it is worth.

`find_numbers` finds Arabic numbers (separators, decimals, full-width digits,
scale words and K/M/B/T suffixes), Chinese numerals (两百, 一千零五, 1.5万,
百分之二十, 三成), English number words (twenty-five, a dozen), ranges,
percentages and multipliers. It leaves out digits inside names and versions,
dates and times, ordinals, URLs, e-mails, phone and registration numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Context, Decimal, localcontext

from claimledger.data_files import data_table

__all__ = ["PERCENTAGE_POINTS", "NumberMatch", "find_numbers", "parse_number"]

_DATA = data_table("numbers.toml")
_EN = _DATA["english"]
_ZH = _DATA["chinese"]


# Values are exact decimals; one with no place in a float (亿亿亿…) becomes inf
# instead of raising, and 1/3 keeps more digits than a float holds.
_ARITHMETIC = Context(prec=34, Emax=999_999, Emin=-999_999, traps=[])


@dataclass(frozen=True, slots=True)
class NumberMatch:
    """One number expression found in a text."""

    start: int
    end: int
    text: str  # == input[start:end]
    value: float | None  # None for a range
    low: float | None  # both == value for a point; a range's ends, sorted
    high: float | None
    percent: bool  # 20%, 20 percent, 百分之二十, 三成 (= 30)
    multiplier: bool  # 10x, 10-fold, ten times, 10 倍, an order of magnitude (= 10)


@dataclass(slots=True)
class _Atom:
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


# --- Arabic numbers: 16,635; 1.2M; 3.5 billion; 3/5 ---------------------------------------

# Full-width forms map one-to-one onto ASCII, so offsets survive the translation.
# The full-width comma stays: in Chinese it separates clauses, not digit groups.
_FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF0C}
_FULLWIDTH.update({0x3000: 0x20, 0x2212: ord("-")})
_NEEDS_TRANSLATION = re.compile("[\uff01-\uff5e\u3000\u2212]")
_FULLWIDTH_GROUP_COMMA = re.compile(r"(?<=\d)，(?=\d{3}(?!\d))")

_PLAIN_DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?"
# 40 000 and 1 414 021 100: groups of three after a space (or a thin space).
_SPACED_DIGITS = r"\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,])(?:\.\d+)?"
_SUFFIXES = _EN["suffixes"]
_SCALES = _EN["scales"]
_ARABIC_SCALES = {**_SCALES, "dozen": 12}  # "3 dozen", "2 million", "13 lakh"
# Lower-case suffixes that scale only money or a counted noun: "£6m", "$4.2b", "RM3mil"
# (else 100m is metres, 10b bits).
_MONEY_SUFFIXES = _EN["money_suffixes"]
# Scientific notation written with a times sign: 1.99×10^-30, 2.998×10−8, 6×10⁻⁹.
_TIMES_TEN = re.compile(
    r"[ ]?[×xX*][ ]?10(?:\^(?P<caret>[+\-−]?\d{1,3})|(?P<minus>[−⁻\-]\d{1,3})|(?P<superscript>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?![\d.])"
)
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺−", "0123456789-+-")

_ARABIC = re.compile(
    rf"""
    (?=[+\-.\d])
    (?:(?<![^\s(\[:：,，（="'“$€£¥])(?P<sign>[+\-])|(?<![0-9_.]))
    (?P<number>{_SPACED_DIGITS}|{_PLAIN_DIGITS}|\.\d+)
    (?P<exponent>[eE][+\-]?\d+(?![A-Za-z0-9]))?
    (?:(?P<suffix>{"|".join(sorted([*_SUFFIXES, *_MONEY_SUFFIXES], key=len, reverse=True))})(?![A-Za-z0-9])
      |[ \u00a0]?(?P<scale>(?i:(?:{"|".join(_ARABIC_SCALES)})(?:[ ](?:{"|".join(_SCALES)}))*))s?\b
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
_CURRENCY_CODES = "|".join(_EN["currency_codes"])
_CURRENCY_AFTER = re.compile(rf"[ ]?(?:{_CURRENCY_CODES}|(?i:dollars?|euros?|pounds?|yuan|yen|rupees?)\b)(?![A-Za-z])")
_CURRENCY_LETTERS = re.compile(rf"(?:^|[^A-Za-z])(?:RM|Rs|Rp|{_CURRENCY_CODES}|\$US|\$A)$")
_CURRENCY_BEFORE = re.compile(rf"(?:[$€£¥]|\b(?:RM|Rs|Rp|PS|{_CURRENCY_CODES})\$?|\b(?:US|HK|A|C|S|NZ)\$)[ ]?$")
# Lower-case words that may be hyphenated onto a number: sub-7 nm, minus-5 yards.
_HYPHEN_PREFIXES = frozenset(_EN["hyphen_prefixes"])
_TOKEN_BEFORE_HYPHEN = re.compile(r"(?<![A-Za-z0-9.])[A-Za-z0-9.]+$")
_MARKED_NUMBER = re.compile(r"\d+(?:\.\d+)?[xX]")
_MINUS_BEFORE = re.compile(r"(?i)\bminus[ \-]$|\bnegative[ ]$")
# Glued lower-case m is a million after a currency or before "of"/a plural noun (£6m, 35m of its devices).
_MILLION_M_AFTER = re.compile(r"[ ]+(?:of\b|(?:[a-z]+[ ]+){0,4}[a-z]{2,}s\b)")
_WORD_AFTER = re.compile(r"[ \u00a0]?([A-Za-z]+)")
_YEAR_S = re.compile(r"['’]?s\b")
_RANGE_PARTNER = re.compile(r"[ ]*(?:-|–|—|to|and)[ ]*(\d[\d,.]*\d|\d)")
_YEAR_LIKE = re.compile(r"(?:19|20)\d{2}|\d{2}")
# Letters then digits right after a number make a code (postcode 9AB8), not a unit.
_CODE_TAIL = re.compile(r"[A-Za-z]+\d")
# A unit with its power glued to a number ("32m2", "5 km2") is no model code.
POWER_OF_UNIT = re.compile(r"(?:[kcdm]?m|ft|in|yd|mi)[23](?![A-Za-z0-9])")
_COUNT_WORDS = frozenset(_EN["count_words"])
_NOT_PLURALS = frozenset(_EN["not_plurals"])
_NOT_NAMES = frozenset(_EN["not_names"])
# A capitalised word (iPhone, S&P, NVLink, Game) right before a number.
_NAME_BEFORE = re.compile(r"(?<![A-Za-z0-9&/\-])([A-Za-z]*[A-Z][A-Za-z&/\-]*)[ ]$")
_GROUP_SEPARATORS = str.maketrans("", "", ", \u00a0\u2009\u202f")
_BARE_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_LEADING_ZERO = re.compile(r"0\d+")
_ORDINAL_SUFFIX = re.compile(r"(?i:st|nd|rd|th)\b")
_VERSION_TAIL = re.compile(r"\.\d")

# --- Chinese numerals: 两百, 一千零五, 1.5万, 百分之二十 ------------------------------------

# Chinese numerals, possibly mixed with Arabic digits (5万4千6百, 1.5万, 3分之1).
_ZH_DIGITS = {ch: Decimal(v) for ch, v in _ZH["digits"].items()}
_ZH_UNITS = {ch: Decimal(v) for ch, v in _ZH["units"].items()}
_ZH_BIG = {ch: Decimal(v) for ch, v in _ZH["big_units"].items()}
_ZH_FINANCIAL = set(_ZH["financial"])
_ZD = "".join(_ZH_DIGITS)
_ZU = "".join(_ZH_UNITS)
_ZB = "".join(_ZH_BIG)
_ZH_ELEMENT = (
    rf"(?:{_PLAIN_DIGITS}(?:[ \t]*[kK](?![A-Za-z]))?|[{_ZD}{_ZU}{_ZB}]|分[ \t]*之(?:[ \t]*[负負])?|[点點](?=[ \t]*[{_ZD}])"
    rf"|[余多几幾数數](?=[ \t]*[{_ZU}{_ZB}])|又(?=[ \t]*[\d{_ZD}{_ZU}])|半(?=[ \t]*[{_ZU}成折]))"
)
_ZH_RUN = re.compile(
    rf"(?<![A-Za-z0-9_.])(?:[负負][ \t]*)?{_ZH_ELEMENT}(?:[ \t]*{_ZH_ELEMENT})*"
)
_ZH_TOKEN = re.compile(
    rf"[ \t]*(?:(?P<arabic>{_PLAIN_DIGITS})(?P<thousands>[ \t]*[kK](?![A-Za-z]))?|(?P<fraction>分[ \t]*之(?:[ \t]*(?P<negative>[负負]))?)|(?P<char>.))",
    re.S,
)
# A run is Chinese when it has a numeral character, a fraction or a minus word.
_ZH_QUALIFIES = re.compile(rf"[{_ZD}{_ZU}{_ZB}负負]|分[ \t]*之")
# 千 and 兆 right before these unit characters are SI prefixes (千米 km, 兆字节 MB).
_ZH_UNIT_PREFIXES = "千仟兆"
_ZH_PREFIXED_UNIT = re.compile(r"[ \t]*(?:[米克瓦赫焦卡帕伏]|字节|比特|位元)")
# 两 counts things (两百) but is never a digit read one by one (二〇二五).
_ZH_TWO = "两兩倆俩"
# 打 after a number is a dozen (一打, 五十打), unless it starts a verb.
_ZH_DOZEN = re.compile(r"[ \t]*打(?![折算开開造破败敗击擊])")
_HAN = re.compile(r"[\u3400-\u9fff]")
# "Nearly" and "over" characters (将近, 逾, 超) before a bare unit: 近万 is nearly 10,000.
_ZH_BARE_UNIT_CUES = "近逾超"
_ZH_NOT_NUMBERS = re.compile("|".join(sorted(_ZH["not_numbers"], key=len, reverse=True)))

# --- English number words: twenty-five, a dozen, one and a half ---------------------------

# English number words.
_EN_SMALL = {w: Decimal(v) for w, v in _EN["small"].items()}
_EN_TENS = {w: Decimal(v) for w, v in _EN["tens"].items()}
_EN_WORD = "|".join(
    sorted([*_EN_SMALL, *_EN_TENS, *_SCALES, "dozen", "half", "point", *_EN["fractions"]], key=len, reverse=True)
)
_EN_WORDS = re.compile(
    rf"(?i)\b(?:an?[ ]+)?(?:{_EN_WORD})(?:(?:[ ]+|-)(?:and[ ]+)?(?:an?[ ]+)?(?:{_EN_WORD}))*\b"
)
_EN_WORD_TOKEN = re.compile(r"[A-Za-z]+")
_HYPHENATED_ONTO_WORD = re.compile(r"[A-Za-z]-$")
# "a third of", "two-thirds of", "half the": fractions named by ordinals, only before of/the.
_EN_FRACTIONS = {word: Decimal(v) for word, v in _EN["fractions"].items()}
_FRACTION_PART = rf"(?:(?:{'|'.join(_EN_FRACTIONS)})s?|halves)"
# "three fifths", "one-eighth"; after "a" only before of/the or the end ("a third of"),
# since "a third quarter" is an ordinal.
_FRACTION_WORDS = re.compile(
    rf"(?i)\b(?:(?P<count>{'|'.join(_EN_SMALL)})[ \-]|an?[ ](?={_FRACTION_PART}\b(?:[ ]+(?:of|the)\b|[ ]*(?:[.,;:!?)]|$))))"
    rf"(?P<part>{_FRACTION_PART})\b"
)
_HALF = re.compile(r"(?i)\bhalf\b(?=[ ]+(?:of|the|its|their|our|his|her|all)\b)")
# Atoms that write one number together (see _compose).
_OVER = re.compile(r"(?i)[ ]+(?:over|out[ ]+of)[ ]+")
_AND_GAP = re.compile(r"(?i)[ ]+(?:and[ ]+)?")
_AND_COUNT = re.compile(rf"(?i)[ ]and[ ]({'|'.join(_EN_SMALL)})$")
_FRACTION_AFTER = re.compile(rf"(?i)[ \-](?P<part>(?:{'|'.join(_EN_FRACTIONS)})s)\b")
_LOWER_WORD = re.compile(r"[a-z]+")
_ARTICLE_BEFORE = re.compile(r"(?i)\ban?[ ]+$")
_NUMBER_WORDS = frozenset([*_EN_SMALL, *_EN_TENS, *_SCALES, "dozen", "half"])
_FRACTION_PARTS = frozenset([*_EN_FRACTIONS, *(part + "s" for part in _EN_FRACTIONS), "halves"])
_PLURAL_SCALES = frozenset(["dozens", "hundreds", "thousands", "millions", "billions", "trillions"])
_WORD_TRIGGERS = _NUMBER_WORDS | _FRACTION_PARTS | _PLURAL_SCALES
_WORD_FINDERS = {word: re.compile(rf"\b{word}\b") for word in _NUMBER_WORDS}
_WORD_FINDERS_ANY_CASE = {word: re.compile(rf"(?i)\b{word}\b") for word in _NUMBER_WORDS}
_EN_NOT_NUMBERS = re.compile(r"(?i)\b(?:" + "|".join(_EN["not_numbers"]) + r")\b")
_EN_FOLD_WORD = re.compile(rf"(?i)\b({'|'.join([*_EN_SMALL, *_EN_TENS, 'hundred', 'thousand'])})fold\b")
_VAGUE_SCALE = re.compile(
    r"(?i)\b(?:(?P<outer>tens|hundreds)[ ]+of[ ]+)?(?P<scale>dozens|hundreds|thousands|millions|billions|trillions)\b"
)
_ORDER_OF_MAGNITUDE = re.compile(
    rf"(?i)\b(?P<count>an|one|two|three|four|five|\d+)[ ]+orders?[ ]+of[ ]+magnitude\b"
    rf"|(?P<zh_count>[{_ZD}\d])[ \t]*[个個]?[ \t]*数量级"
)
# Multiplier words in a comparison ("twice the bandwidth", "double that of",
# "triple what", "翻了一番" = doubled, "翻两番" = quadrupled); "doubled" alone is a trend verb.
_EN_MULTIPLIER_WORDS = {"twice": 2, "double": 2, "triple": 3, "treble": 3, "quadruple": 4}
_MULTIPLIER_WORD = re.compile(
    r"(?i)\b(?P<en>twice|double|triple|treble|quadruple)(?=[ ]+(?:the|that|its|their|his|her|our|what|as)\b)"
    r"|翻了?(?:(?P<zh>[一两二三四])番|(?P<bei>倍))"
)

# --- Markers and ranges: 20%, 10x, 3 倍, 三成, 3-5x, between 3 and 5 -------------------

# Markers right after a number.
_MARKER = re.compile(
    r"""
    [ \u00a0]?(?P<percent>%|(?i:percent|per[ ]?cent|pct)\b)
    |(?P<x>[xX](?![A-Za-z0-9]))
    |[ ]?(?P<cross>×)
    |(?P<fold>(?i:-?fold)\b)
    |[ ]+(?P<times>(?i:times)\b)
    |[ \t]*(?P<bei>倍)
    |[ \t]*(?P<cheng>成)(?![本为為功立员員熟果交绩績就型品长長都了年])
        (?:[ \t]*(?P<cheng_extra>[零一二三四五六七八九半]|\d(?![\d.])))?
    |[ \t]*(?P<zhe>折)(?![叠疊合算旧舊线線腾騰射服返回扇扣页頁])
    """,
    re.X,
)
# Halves written as words: 打对折 and 半折 (a 50% price), 半成 (5%, but not 半成品).
_ZH_HALF = re.compile(r"一半")
_HALF_PERCENT = re.compile(r"(?<=打)[对對]折|半折(?![叠疊])|半成(?!品)")

# Percentage points: a number followed by this is a difference of percentages.
PERCENTAGE_POINTS = re.compile(
    r"[ \t]*(?:[个個][ \t]*)?百[ \t]*分[ \t]*[点點]|[ ]?(?i:percentage[ ]points?|pp)\b"
)

_CURRENCY = r"(?:US\$|\$US|\$A|A\$|HK\$|[$€£¥])"
_RANGE_JOIN = re.compile(
    rf"[ \t]*(?:(?P<dash>-|–|—|~|〜)|(?P<zh>至|到)|(?P<word>(?i:to|through|and)))[ \t]*{_CURRENCY}?"
)
# "between 15kHz and 17kHz", "from 208 pounds to 193": a unit between the ends.
_UNIT_RANGE_JOIN = re.compile(rf"[ ]?(?P<unit>[A-Za-z]+)[ ]+(?P<word>to|and)[ ]+{_CURRENCY}?")
_BETWEEN_BEFORE = re.compile(rf"(?i)\bbetween[ ]+{_CURRENCY}?$")
_FROM_BEFORE = re.compile(rf"(?i)\bfrom[ ]+{_CURRENCY}?$")
# "increased by $43.6 billion to $419.2 billion": a change and a level, not a range.
_BY_BEFORE = re.compile(rf"(?i)\bby[ ]+{_CURRENCY}?$")

# --- What is not a number: dates, times, URLs, phone and registration numbers ----------

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t|tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_ZH_NUM = r"(?:\d{1,2}|[〇零一二两三四五六七八九十]{1,3})"
_YEAR_CUE = (
    r"in|since|by|until|till|through|throughout|during|before|after|early|late|mid|year|fiscal"
    r"|calendar|circa|spring|summer|autumn|fall|winter|end of|start of|beginning of|as of|from"
)
_YEAR_CUE_BEFORE = re.compile(rf"(?i)\b(?:{_YEAR_CUE})[ \-]+$")
_YEAR_NUMBER = re.compile(r"(?=[12])(?<![\d.,])(?:19|20)\d{2}(?!\d|[.,]\d|[ ]*(?:%|percent|x\b|times\b))")


def _alternatives(first_chars: str, *patterns: str) -> re.Pattern[str]:
    """One regex for patterns that all start with one of `first_chars`: the lookahead
    lets the regex engine skip every other position quickly."""
    return re.compile(f"(?=[{first_chars}])(?:" + "|".join(patterns) + ")")


_WEB_HINT = re.compile(r"@|://|www\.|\.(?:com|org|net|io|ai|cn|gov|edu|dev|co|uk)\b")
_WEB = re.compile(
    "|".join(
        [
            r"\b(?:https?://|www\.)\S+",
            r"(?<![\w.+\-])[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+",
            r"(?<![\w.\-])[\w\-]+(?:\.[\w\-]+)*\.(?:com|org|net|io|ai|cn|gov|edu|dev|co|uk)\b(?:/\S*)?",
        ]
    )
)
_MONTH_HINT = re.compile(r"(?=[ADFJMNOS])(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)")
# Dates around a month name: matched at each month name the hint finds.
_MONTH_FIRST_DATE = re.compile(
    rf"{_MONTH}\b\.?(?:[ ]+{_DAY}(?:[ ]*[-–][ ]*{_DAY})?(?:,?[ ]+\d{{4}})?\b|,?[ ]+(?:of[ ]+)?\d{{4}}\b)"
)
_DAY_BEFORE_MONTH = re.compile(rf"\b{_DAY}[ ]+(?:of[ ]+)?$")
_YEAR_AFTER_MONTH = re.compile(rf"{_MONTH}\b\.?(?:,?[ ]+\d{{4}}\b)?")
# Digit forms that are not quantities, each group with a cheap test for whether it can occur.
_SEPARATED_DATES = _alternatives(
    r"\d", r"\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b", r"\b\d{1,2}/\d{1,2}/\d{2,4}\b", r"\b24/7\b"
)
_QUARTER_HINT = re.compile(r"[QH][1-4]|FY|CY|[1-4]Q")
_QUARTERS = _alternatives(
    r"QHFC1-4", r"\b(?:Q[1-4]|H[12]|[1-4]Q|FY|CY)[ ]?'?(?:\d{4}|\d{2})\b", r"\b(?:Q[1-4]|H[12])\b"
)
_YEAR_FORMS = _alternatives(
    r"12'©",
    r"\b(?:19|20)\d{2}[ ]*(?:-|–|—|/|to|through)[ ]*(?:(?:19|20)\d{2}|\d{2})\b",
    r"\b(?:19|20)\d0s\b|'\d0s\b|\b(?:19|20)\d{2}['’]s\b|©[ ]*(?:19|20)\d{2}",
)
_SEPARATED_HINT = re.compile(r"\d[-/.]\d")
_TIME_HINT = re.compile(r"\d(?::\d\d|[ ]?[AaPp]\.?[Mm]\b)")
_PHONE_HINT = re.compile(r"[(+]\d|\d-\d{3,4}-\d|0\d{2,3}-\d{7}")
_TIMES = _alternatives(
    r"\d",
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:[ ]?(?:[AaPp]\.[Mm]\.|(?:am|pm|AM|PM)\b))?",
    r"\b\d{1,2}(?:\.\d{2})?[ ]?(?:[ap]\.m\.|(?:am|pm|AM|PM)\b)",
)
_PHONES = _alternatives(
    r"\d+(",
    r"(?:\+\d{1,3}[ \-]?)?\(\d{2,4}\)[ \-]?\d{3,4}[ \-]?\d{3,4}",
    r"\+\d{1,3}(?:[ \-]\d{1,4}){2,5}",
    r"\b\d{3,4}-\d{3,4}-\d{4}\b",
    r"\b0\d{2,3}-\d{7,8}\b",
)
_LONG_DIGITS = re.compile(r"\d{11,}")
# Display and video resolutions are names, not amounts: 1080p, 720p, and 4K or 8K
# before a word of video ("4K video", "8K display"; but "4K tokens" is 4,000).
_RESOLUTION_HINT = re.compile(r"\d[pPiK]\b")
_RESOLUTIONS = re.compile(
    r"\b(?:144|240|360|480|540|576|720|1080|1440|2160|4320)[pi]\b"
    r"|\b[24568]K(?=[ \-]?(?:UHD|HDR|Ultra HD|(?i:video|videos|resolution|display|displays|screen|screens|monitor|monitors"
    r"|TV|TVs|television|camera|cameras|content|streaming|stream|footage|recording|gaming|panel|projector|Blu-ray|at \d+ ?fps))\b)"
)
_NUMBER_SIGNS = re.compile(r"\bNo\.[ ]?\d+|#\d+")
# Street addresses: 49 Zorro Ranch Road, 9 E 71st St.
_ADDRESS = re.compile(
    r"\b\d{1,5}[ ](?:[NSEW]\.?[ ])?(?:(?:[A-Z][a-z]+|\d+(?:st|nd|rd|th))[ ]){0,3}"
    r"(?:St|Street|Rd|Road|Ave|Avenue|Way|Blvd|Boulevard|Lane|Ln|Drive|Dr|Place|Pl|Court|Ct|Square|Sq)\b"
)
_ADDRESS_HINT = re.compile(r"\b(?:St|Street|Rd|Road|Ave|Avenue|Way|Blvd|Boulevard|Lane|Ln|Drive|Dr|Place|Pl|Court|Ct|Square|Sq)\b")
_REGISTRATION_HINTS = ("tel", "phone", "fax", "isbn", "issn", "reg")
_REGISTRATION = re.compile(
    r"(?i:\b(?:tel|phone|fax|isbn|issn|reg(?:istration)?\.?[ ]*no)\.?[:#\s]*)[\dA-Z][\dA-Z\-/]*"
)
_CHINESE_FORMS = _alternatives(
    r"\d〇零一二两三四五六七八九十星周週礼禮第上下晚凌早中傍I备公许证编注登信电手热传邮订",
    r"(?:ICP备|ICP证|公网安备|备案号|许可证号?|证号|编号|注册号|登记号|信用代码|电话|手机|热线|传真|邮编|订单号)"
    r"[:：\s]*[\dA-Z][\dA-Z\-]*号?",
    r"(?:\d{4}|[〇零一二三四五六七八九]{4})[ \t]*(?:财|會計|会计)?年(?:[ \t]*度)?",
    r"\d{2,4}[ \t]*年代",
    rf"{_ZH_NUM}[ \t]*月(?:份|初|中|底|末|上旬|中旬|下旬)?(?:[ \t]*{_ZH_NUM}[ \t]*[日号號])?",
    rf"{_ZH_NUM}[ \t]*[日号號](?=[，,、\s]|[晚早电電讯訊起至前凌上下中])",
    r"(?:星期|周|週|礼拜|禮拜)[一二三四五六日天]",
    r"第?[一二三四1-4][ \t]*季度",
    rf"{_ZH_NUM}[ \t]*[点點](?:钟|鐘|半|整)",
    rf"{_ZH_NUM}[ \t]*[点點时時][ \t]*{_ZH_NUM}[ \t]*分",
    rf"(?:上午|下午|晚上|凌晨|早上|中午|傍晚|晚间)[ \t]*{_ZH_NUM}(?:[ \t]*[点點时時:：][ \t]*\d{{0,2}})?",
    r"第[ \t]*(?:\d+|[零〇一二两三四五六七八九十百千万]+)",
)


def _not_number_spans(text: str, han: bool) -> list[tuple[int, int]]:
    """Spans whose digits are not numbers: URLs, dates, times, phone and registration numbers."""
    lower = text.lower()
    spans = []
    if _SEPARATED_HINT.search(text):
        spans += [m.span() for m in _SEPARATED_DATES.finditer(text)]
    if _QUARTER_HINT.search(text):
        spans += [m.span() for m in _QUARTERS.finditer(text)]
    if _TIME_HINT.search(text):
        spans += [m.span() for m in _TIMES.finditer(text)]
    if _PHONE_HINT.search(text):
        spans += [m.span() for m in _PHONES.finditer(text)]
    if _ADDRESS_HINT.search(text):
        spans += [m.span() for m in _ADDRESS.finditer(text)]
    if "No." in text or "#" in text:
        spans += [m.span() for m in _NUMBER_SIGNS.finditer(text)]
    for digits in _LONG_DIGITS.finditer(text):
        start, end = digits.span()
        if text[start - 1 : start] not in (",", ".") and text[end : end + 1] not in (",", "."):
            spans.append((start, end))
    if _WEB_HINT.search(text):
        spans += [m.span() for m in _WEB.finditer(text)]
    if _RESOLUTION_HINT.search(text):
        spans += [m.span() for m in _RESOLUTIONS.finditer(text)]
    for month in _MONTH_HINT.finditer(text):
        start = month.start()
        if start and text[start - 1].isalpha():
            continue
        date = _MONTH_FIRST_DATE.match(text, start)
        if date:
            spans.append(date.span())
        day = _DAY_BEFORE_MONTH.search(text, max(0, start - 10), start)
        if day:
            spans.append((day.start(), _YEAR_AFTER_MONTH.match(text, start).end()))
    if any(hint in lower for hint in _REGISTRATION_HINTS):
        spans += [m.span() for m in _REGISTRATION.finditer(text)]
    years = list(_YEAR_NUMBER.finditer(text))
    for year in years:
        cue = _YEAR_CUE_BEFORE.search(text, max(0, year.start() - 16), year.start())
        if cue:
            spans.append((cue.start(), year.end()))
    if years or "0s" in text or "©" in text:
        spans += [m.span() for m in _YEAR_FORMS.finditer(text)]
    if han:
        spans += [m.span() for m in _CHINESE_FORMS.finditer(text)]
    return spans


# --- The public API -------------------------------------------------------------------


def find_numbers(text: str, lang: str | None = None) -> list[NumberMatch]:
    """Every number expression in `text`, in order, with value, range and markers.

    `lang` "en" skips Chinese numerals, "zh" skips English number words; None
    decides from the characters present.
    """
    with localcontext(_ARITHMETIC):
        return _find_numbers(text, lang)


def _find_numbers(text: str, lang: str | None) -> list[NumberMatch]:
    plain = text.translate(_FULLWIDTH) if _NEEDS_TRANSLATION.search(text) else text
    if "，" in plain:
        plain = _FULLWIDTH_GROUP_COMMA.sub(",", plain)
    atoms = _arabic_atoms(plain)
    if "/" in plain or "⁄" in plain:
        atoms += _fraction_atoms(plain)
    if lang != "en" and _HAN.search(plain):
        atoms += _chinese_atoms(plain)
        atoms += [
            _Atom(m.start(), m.end(), Decimal(5 if m.group().endswith("成") else 50), Decimal(1), percent=True, marked=True)
            for m in _HALF_PERCENT.finditer(plain)
        ]
        atoms += [_Atom(m.start(), m.end(), Decimal("0.5"), Decimal(1)) for m in _ZH_HALF.finditer(plain)]
    if lang != "zh":
        atoms += _word_atoms(plain)
    atoms += _magnitude_atoms(plain)
    atoms += _multiplier_word_atoms(plain)
    if not atoms:
        return []
    atoms = _compose(plain, _drop_not_numbers(plain, _non_overlapping(atoms)))
    marked: list[_Atom] = []
    for atom in atoms:
        if marked and atom.start < marked[-1].end:
            continue  # swallowed by the marker before it (七成六)
        _attach_marker(plain, atom)
        if atom.bare and not atom.marked and (_is_year(plain, atom) or _is_label(plain, atom)):
            continue
        marked.append(atom)
    atoms = marked
    return [_to_match(text, group) for group in _ranges(plain, atoms)]


def parse_number(text: str) -> float | None:
    """The value of one number expression ("1.2万", "两百", "a dozen", "3.5 billion").

    None when `text` is not exactly one number (a range counts as not one).
    """
    stripped = text.strip()
    matches = find_numbers(stripped)
    if len(matches) != 1 or matches[0].start != 0 or matches[0].end != len(stripped):
        return None
    return matches[0].value


def _arabic_atoms(text: str) -> list[_Atom]:
    atoms = []
    for match in _ARABIC.finditer(text):
        start, end = match.span()
        number_start = match.start("number")
        if not match.group("sign") and _glued_to_name(text, number_start) and not _mangled_pound(text, match):
            continue
        suffix = match.group("suffix")
        if suffix in _MONEY_SUFFIXES and not _million_m(text, start, end):
            end -= len(suffix)
            suffix = None
        if _ORDINAL_SUFFIX.match(text, end) or _VERSION_TAIL.match(text, end):
            continue
        if _CODE_TAIL.match(text, end) and not POWER_OF_UNIT.match(text, end):
            continue  # H100A2 is a code; 32m2 is an area
        if _LEADING_ZERO.fullmatch(match.group("number")):
            continue  # 010, 007: area codes and identifiers keep their zeros, quantities do not
        value = Decimal(match.group("number").translate(_GROUP_SEPARATORS))
        if match.group("exponent"):
            value = value.scaleb(int(match.group("exponent")[1:]))
        scale = Decimal(1)
        if suffix:
            scale = Decimal(_SUFFIXES.get(suffix) or _MONEY_SUFFIXES[suffix])
        elif match.group("scale"):
            scale = Decimal(1)
            for word in match.group("scale").lower().split():
                scale *= _ARABIC_SCALES[word]  # 4 hundred million
        elif match.group("spaced_suffix"):
            suffix = match.group("spaced_suffix")
            scale = Decimal(_SUFFIXES[suffix])
        power = _POWER.match(text, end) if not scale > 1 else None
        times_ten = _TIMES_TEN.match(text, end) if not scale > 1 and not power else None
        if times_ten:
            written = times_ten.group("caret") or times_ten.group("minus") or times_ten.group("superscript")
            value = value.scaleb(int(written.translate(_SUPERSCRIPTS)))
            end = times_ten.end()
        if power:
            exponent = int(power.group("exponent")) * (-1) ** power.group("signs").count("-")
            value = value**exponent if value or exponent > 0 else value
            end = power.end()
        minus = _MINUS_BEFORE.search(text, max(0, start - 9), start)
        if match.group("sign") == "-" or minus:
            value = -value
        bare = not (match.group("sign") or minus or suffix or match.group("scale") or match.group("exponent") or power or times_ten)
        bare = bare and _BARE_DIGITS.fullmatch(match.group("number")) is not None
        atoms.append(_Atom(minus.start() if minus else start, end, value * scale, scale, bare=bare))
    return atoms


def _fraction_atoms(text: str) -> list[_Atom]:
    atoms = []
    for match in _SLASH_FRACTION.finditer(text):
        numerator, denominator = int(match.group("numerator")), int(match.group("denominator"))
        if denominator == 0 or numerator == denominator:
            continue  # 50/50 is an idiom, not one
        value = Decimal(numerator) / Decimal(denominator) + int(match.group("whole") or 0)
        atoms.append(_Atom(match.start(), match.end(), -value if match.group("sign") else value, Decimal(1)))
    return atoms


def _counts_something(text: str, end: int) -> bool:
    """True when a plural noun, a unit glued on, or a Chinese word follows (2048 GPUs, 2019W, 2025 张)."""
    following = text[end : end + 1]
    if following.isalpha():
        return True
    match = _WORD_AFTER.match(text, end)
    return bool(match) and (match.group(1).lower() in _COUNT_WORDS or match.group(1) in _COUNT_WORDS or _is_plural(match.group(1)))


def _is_plural(word: str) -> bool:
    return len(word) > 3 and word.islower() and word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURALS


def _is_year(text: str, atom: _Atom) -> bool:
    """A bare 1900..2099 with nothing counted after it is a year (the 1988 film, Act 2017)."""
    if atom.end - atom.start != 4 or not 1900 <= atom.value <= 2099 or atom.value != atom.value.to_integral():
        return False
    if _CURRENCY_BEFORE.search(text, max(0, atom.start - 4), atom.start):
        return False
    if _YEAR_S.match(text, atom.end):
        return True  # 2018s best performer, 2018's
    partner = _RANGE_PARTNER.match(text, atom.end)
    if partner and not _YEAR_LIKE.fullmatch(partner.group(1)):
        return False  # 2000 - 2500 calories: a range of counts
    return not _counts_something(text, atom.end)


def _is_label(text: str, atom: _Atom) -> bool:
    """A bare number right after a name is part of it: iPhone 11, S&P 500, Game 7, NVLink 6."""
    name = _NAME_BEFORE.search(text, max(0, atom.start - 30), atom.start)
    if name is None or name.group(1) in _NOT_NAMES or (name.group(1).upper() == name.group(1) and len(name.group(1)) == 1):
        return False
    if _YEAR_S.match(text, atom.end):
        return True  # Channel 5s coverage, Model 3s
    return not _counts_something(text, atom.end)


def _glued_to_name(text: str, start: int) -> bool:
    """True for the digits of GB200, v6.1, GPT-OSS-120B, COVID-19, #3: part of a name."""
    if start == 0:
        return False
    before = text[start - 1]
    if before.isascii() and before.isalpha():
        return not _CURRENCY_LETTERS.search(text, max(0, start - 5), start)
    if before == "#":
        return True
    if before != "-":
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


def _million_m(text: str, start: int, end: int) -> bool:
    """Whether the m glued to text[start:end] means million (£6m, 2mil SEK) rather than metres (100m)."""
    return bool(
        _CURRENCY_BEFORE.search(text, max(0, start - 4), start)
        or _MILLION_M_AFTER.match(text, end)
        or _CURRENCY_AFTER.match(text, end)
    )


def _chinese_atoms(text: str) -> list[_Atom]:
    atoms = []
    position = 0
    while match := _ZH_RUN.search(text, position):
        position = match.end()
        run = match.group()
        if not _ZH_QUALIFIES.search(run):
            continue
        atom, consumed_end = _parse_chinese(text, match.start(), match.end())
        position = max(consumed_end, match.start() + 1)
        if atom is not None:
            atoms.append(atom)
    return atoms


def _chinese_tokens(text: str, start: int, end: int) -> list[tuple[str, str, int, int]]:
    """Tokens of a numeral run: (kind, text, start, end)."""
    tokens = []
    position = start
    while position < end:
        match = _ZH_TOKEN.match(text, position, end)
        if match is None:
            break
        if match.group("arabic"):
            digits = match.group("arabic").replace(",", "")
            if match.group("thousands"):
                digits = str(Decimal(digits) * 1000)
            tokens.append(("arabic", digits, match.start("arabic"), match.end()))
        elif match.group("fraction"):
            kind = "negative fraction" if match.group("negative") else "fraction"
            tokens.append((kind, "分之", match.start("fraction"), match.end()))
        else:
            char = match.group("char")
            tokens.append((_char_kind(char), char, match.start("char"), match.end()))
        position = match.end()
    return tokens


def _char_kind(char: str) -> str:
    if char in "零〇":
        return "zero"
    if char in _ZH_DIGITS:
        return "digit"
    if char in _ZH_UNITS:
        return "unit"
    if char in _ZH_BIG:
        return "big"
    if char in "点點":
        return "point"
    if char in "余多几幾":
        return "approximately"
    if char in "数數":
        return "several"
    if char == "又":
        return "and"
    if char == "半":
        return "half"
    if char in "负負":
        return "minus"
    return "other"


def _parse_chinese(text: str, start: int, end: int) -> tuple[_Atom | None, int]:
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
        return _Atom(tokens[0][2], tokens[-1][3], scale, scale, high=scale * 10), tokens[-1][3]
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
    return _Atom(atom_start, atom_end, value, scale, percent=percent, marked=percent), resume or atom_end


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
    """近万, 逾千, 超百万: units alone after a "nearly/over" character count one of them."""
    return (
        start > 0
        and text[start - 1] in _ZH_BARE_UNIT_CUES
        and all(kind in ("unit", "big") for kind, *_ in tokens)
        and tokens[0][1] not in _ZH_FINANCIAL
    )


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
            digits.append(str(_ZH_DIGITS[tokens[index][1]]))
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
    return token[0] in ("digit", "zero") and token[1] not in "两兩倆俩"


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
                    digit_string.append(str(_ZH_DIGITS[token]))
                    previous = "digit"
                    position += 1
                    continue
                break
            if kind == "digit":
                number = _ZH_DIGITS[token]
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


def _word_atoms(text: str) -> list[_Atom]:
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
        if _NAME_BEFORE.search(text, max(0, match.start() - 30), match.start()) and match.group()[0].isupper():
            continue  # BBC One, Apple One, Formula One
        for start, end, value, scale in _parse_words(match.group(), match.start()):
            minus = _MINUS_BEFORE.search(text, max(0, start - 9), start)
            if minus:
                start, value = minus.start(), -value
            atoms.append(_Atom(start, end, value, scale))
    for match in _FRACTION_WORDS.finditer(text) if not words.isdisjoint(_FRACTION_PARTS) else ():
        numerator = _EN_SMALL[match.group("count").lower()] if match.group("count") else Decimal(1)
        part = match.group("part").lower()
        value = numerator / Decimal(2 if part == "halves" else _EN_FRACTIONS[part.removesuffix("s")])
        atoms.append(_Atom(match.start(), match.end(), value, Decimal(1)))
    for match in _HALF.finditer(text) if "half" in words else ():
        atoms.append(_Atom(match.start(), match.end(), Decimal("0.5"), Decimal(1)))
    for match in _EN_FOLD_WORD.finditer(text) if "fold" in text else ():
        value = _word_value(match.group(1).lower())
        atoms.append(_Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    for match in _VAGUE_SCALE.finditer(text) if not words.isdisjoint(_PLURAL_SCALES) else ():
        scale_word = match.group("scale")[:-1].lower()
        low = Decimal(12) if scale_word == "dozen" else Decimal(_SCALES[scale_word])
        if match.group("outer"):
            low *= 10 if match.group("outer").lower() == "tens" else 100
        atoms.append(_Atom(match.start(), match.end(), low, low, high=low * 10))
    return atoms


def _word_value(word: str) -> Decimal:
    if word in _EN_SMALL:
        return _EN_SMALL[word]
    if word in _EN_TENS:
        return _EN_TENS[word]
    return Decimal(_SCALES[word])


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
        scale = Decimal(_SCALES[last]) if last in _SCALES and value % _SCALES[last] == 0 else Decimal(1)
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
            if following not in (*_SCALES, "dozen", "half", *_EN_FRACTIONS) or previous in ("small", "tens"):
                break
            if following != "half" and following not in _EN_FRACTIONS:
                base = base or Decimal(1)
        elif word == "and":
            if found is None or previous not in ("hundred", "big", "small", "tens"):
                break
            after_and = tokens[position + 2][0] if position + 2 < len(tokens) else ""
            if not ((following in (*_EN_SMALL, *_EN_TENS) and previous in ("hundred", "big"))
                    or (following == "a" and (after_and == "half" or after_and in _EN_FRACTIONS))):
                break
        elif word in _EN_SMALL:
            if previous == "small" or (previous == "tens" and (_EN_SMALL[word] >= 10 or current % 10)):
                break
            current += _EN_SMALL[word]
        elif word in _EN_TENS:
            if previous in ("small", "tens"):
                break
            current += _EN_TENS[word]
        elif word in ("hundred", "dozen"):
            if previous in (None, word):
                break
            current = (current or base or Decimal(1)) * (100 if word == "hundred" else 12)
            base = None
        elif word in _SCALES:
            if previous is None:
                break  # "million" alone, as in "$US113 trillion", is a scale, not a number
            last_scale = Decimal(_SCALES[word])
            if previous == "big" and current == 0 and base is None:
                total *= last_scale  # three lakh crore
            else:
                total += (current or base or Decimal(1)) * last_scale
            current, base = Decimal(0), None
        elif word == "half" or word in _EN_FRACTIONS:
            if previous == "a" and found is not None:
                # "one and a half": a half of one; "a million and a half": half a million more
                share = Decimal(1) / (2 if word == "half" else _EN_FRACTIONS[word])
                current += share * (last_scale if current == 0 else 1)
            elif word == "half" and previous is None and following in ("a", "an"):
                base = Decimal("0.5")
            else:
                break
        elif word == "point" and found is not None and (following in _EN_SMALL or following in _EN_TENS):
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
    if word in _EN_FRACTIONS:
        return "fraction"
    if word in _EN_SMALL:
        return "small"
    if word in _EN_TENS:
        return "tens"
    if word in _SCALES and word != "hundred":
        return "big"
    return word


def _decimal_words(tokens: list[tuple[str, int, int]], index: int) -> tuple[str, int]:
    """Digits after "point": "five five" -> "55", "seventy-one" -> "71"; and where they end."""
    first = tokens[index][0]
    if (first in _EN_SMALL and _EN_SMALL[first] >= 10) or first in _EN_TENS:
        value = _EN_SMALL.get(first) or _EN_TENS[first]
        if first in _EN_TENS and index + 1 < len(tokens) and _EN_SMALL.get(tokens[index + 1][0], 10) < 10:
            return str(value + _EN_SMALL[tokens[index + 1][0]]), index + 2
        return str(value), index + 1
    digits = []
    while index < len(tokens) and _EN_SMALL.get(tokens[index][0], 10) < 10:
        digits.append(str(_EN_SMALL[tokens[index][0]]))
        index += 1
    return "".join(digits), index


def _magnitude_atoms(text: str) -> list[_Atom]:
    if "magnitude" not in text and "数量级" not in text:
        return []
    atoms = []
    for match in _ORDER_OF_MAGNITUDE.finditer(text):
        count = match.group("count") or match.group("zh_count")
        if count.lower() in ("an", "one"):
            exponent = 1
        elif count.isdigit():
            exponent = int(count)
        elif count in _ZH_DIGITS:
            exponent = int(_ZH_DIGITS[count])
        else:
            exponent = int(_EN_SMALL[count.lower()])
        value = Decimal(10) ** exponent
        atoms.append(_Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    return atoms


def _multiplier_word_atoms(text: str) -> list[_Atom]:
    if "翻" not in text and not any(word in text.lower() for word in _EN_MULTIPLIER_WORDS):
        return []
    atoms = []
    for match in _MULTIPLIER_WORD.finditer(text):
        if match.group("en"):
            value = Decimal(_EN_MULTIPLIER_WORDS[match.group("en").lower()])
        elif match.group("zh"):
            value = Decimal(2) ** int(_ZH_DIGITS[match.group("zh")])
        else:
            value = Decimal(2)
        atoms.append(_Atom(match.start(), match.end(), value, Decimal(1), multiplier=True, marked=True))
    return atoms


def _compose(text: str, atoms: list[_Atom]) -> list[_Atom]:
    """Join atoms that together write one number: "4 thousand 3 hundred and 21",
    "6 crore and two hundred", "twenty and three fifths", "3 million and a half",
    "one over three", "1 out of 4", "twenty-three fifths"."""
    composed: list[_Atom] = []
    for atom in atoms:
        previous = composed[-1] if composed else None
        if previous is not None and _joins_into(text, previous, atom):
            continue
        composed.append(atom)
    for atom in composed:
        part = _FRACTION_AFTER.match(text, atom.end)
        if part is None or not _whole(atom) or text[atom.start].isdigit():
            continue
        denominator = _EN_FRACTIONS[part.group("part").lower().removesuffix("s")]
        and_count = _AND_COUNT.search(text, atom.start, atom.end)
        if and_count:
            # "two million and three fifths": the fraction is of the last scale, 2.6 million.
            count = _EN_SMALL[and_count.group(1).lower()]
            whole = atom.value - count
            scale = next((Decimal(s) for s in (10**12, 10**9, 10**6, 10**3) if whole % s == 0 and whole), Decimal(1))
            atom.value = whole + count / denominator * scale
        elif 20 <= atom.value < 100:
            atom.value /= denominator  # "twenty-three fifths"
        else:
            continue
        atom.end, atom.scale, atom.bare = part.end(), Decimal(1), False
    return composed


def _joins_into(text: str, first: _Atom, second: _Atom) -> bool:
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
        if not text[first.end:second.start].strip().startswith("out") and _counts_something(text, second.end):
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


def _whole(atom: _Atom) -> bool:
    return atom.value == atom.value.to_integral_value()


def _non_overlapping(atoms: list[_Atom]) -> list[_Atom]:
    """Keep the longest of overlapping atoms, earliest first."""
    atoms.sort(key=lambda atom: (atom.start, atom.start - atom.end))
    kept: list[_Atom] = []
    for atom in atoms:
        if kept and atom.start < kept[-1].end:
            if atom.end - atom.start > kept[-1].end - kept[-1].start:
                kept[-1] = atom
            continue
        kept.append(atom)
    return kept


def _drop_not_numbers(text: str, atoms: list[_Atom]) -> list[_Atom]:
    """Remove atoms inside dates, URLs, phone numbers, ordinals and idioms (一切, no one)."""
    han = _HAN.search(text) is not None
    spans = _not_number_spans(text, han)
    covering = [m.span() for m in _ZH_NOT_NUMBERS.finditer(text)] if han else []
    if "one" in text:
        covering += [m.span() for m in _EN_NOT_NUMBERS.finditer(text)]
    kept = []
    for atom in atoms:
        if any(start < atom.end and atom.start < end for start, end in spans):
            continue
        if any(start <= atom.start and atom.end <= end for start, end in covering):
            continue
        kept.append(atom)
    return kept


def _attach_marker(text: str, atom: _Atom) -> None:
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
            atom.value += Decimal(5) if extra == "半" else _ZH_DIGITS.get(extra, Decimal(extra) if extra.isdigit() else 0)
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


def _ranges(text: str, atoms: list[_Atom]) -> list[tuple[_Atom, ...]]:
    """Group atoms into ranges (3-5x, 10-20%, 3 至 5 倍, between 3 and 5) and singles."""
    groups: list[tuple[_Atom, ...]] = []
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


def _joins(text: str, first: _Atom, second: _Atom) -> bool:
    """True when first and second form a range; the second's marker and scale then apply to both."""
    if first.high is not None or second.high is not None:
        return False
    before = max(0, first.start - 12)
    join = _RANGE_JOIN.match(text, first.end)
    if join is None or join.end() != second.start:
        join = _UNIT_RANGE_JOIN.match(text, first.end)
        if join is None or join.end() != second.start or not _same_unit_range(text, first, second, join):
            return False
    word = (join.group("word") or "").lower()
    if word == "and" and not _BETWEEN_BEFORE.search(text, before, first.start):
        return False
    if word == "to" and (first.marked or first.scale > 1) and _BY_BEFORE.search(text, before, first.start):
        return False
    if first.marked and (first.percent != second.percent or first.multiplier != second.multiplier):
        return False
    if first.scale > 1 and second.scale == 1 and not second.marked:
        return False
    if second.value < 0 and join.group("dash"):
        return False
    if not first.marked:
        first.percent, first.multiplier = second.percent, second.multiplier
    if first.scale == 1 and second.scale > 1 and first.value <= second.value / second.scale:
        first.value *= second.scale
    return True


def _same_unit_range(text: str, first: _Atom, second: _Atom, join: re.Match[str]) -> bool:
    """Whether "from/between X unit to/and Y [unit]" is one range in that unit."""
    unit = join.group("unit")
    after = _WORD_AFTER.match(text, second.end)
    if after is not None and after.group(1) == unit:
        return True
    if after is not None and _counts_something(text, second.end):
        return False  # from 3 GPUs to 5 racks: each end has its own unit
    return join.group("word") == "to" and bool(_FROM_BEFORE.search(text, max(0, first.start - 12), first.start))


def _to_match(original: str, group: tuple[_Atom, ...]) -> NumberMatch:
    first, last = group[0], group[-1]
    text = original[first.start : last.end]
    if len(group) == 1 and first.high is None:
        value = float(first.value)
        return NumberMatch(first.start, last.end, text, value, value, value, first.percent, first.multiplier)
    if len(group) == 1:
        low, high = float(first.value), float(first.high)
    else:
        low, high = sorted((float(first.value), float(last.value)))
    return NumberMatch(
        first.start, last.end, text, None, low, high, last.percent, last.multiplier
    )

