"""What is not a number: dates, times, URLs, phone and registration numbers, addresses, idioms,
versions, eras, citation marks, years naming a generation (our 2024 clusters, 2025 款), the scale
of a unit a figure is per ("per 1M tokens", "每100万 tokens": part of the unit), and bare
digits that are a year or part of a name (the 1988 film, iPhone 11).

The one place for these rules: the number finder drops atoms inside `not_number_spans`, and the
claim filter (extraction/nonclaims.py) reads the same spans, cached per sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from claimledger.data_files import data_table
from claimledger.extraction.numbers.atoms import EN, ZH, Atom
from claimledger.extraction.numbers.arabic import CURRENCY_BEFORE
from claimledger.extraction.numbers.readable import has_han
from claimledger.extraction.units import match_atom, scaled_units, unit_info, unit_table
from claimledger.text.alternation import any_of
from claimledger.text.scripts import HAN

WORD_AFTER = re.compile(r"[ \u00a0]?([A-Za-z]+)")
# A verb after a name and its number ("Cluster 1 runs"), told from a plural noun by what follows
# it: a number, an amount, an article.
_VERB_AFTER = re.compile(r"[ ][a-z]+s(?=[ ])")
_OBJECT_AFTER = re.compile(r"[ ](?:\d|[$€£¥]|(?:an?|the)[ ])")
_MODEL_SIZE = re.compile(r"\d+(?:\.\d+)?[BT]")
# A word for one of a model's sizes after its parameter count: "the 70B version", "8B variants".
_VARIANT_AFTER = re.compile(r"[ -](?:versions?|variants?|checkpoints?|editions?)\b", re.IGNORECASE)
_VERSION_BEFORE = re.compile(r"[A-Za-z][\w-]*[ ]\d+(?:\.\d+)*[ ]$")
_YEAR_S = re.compile(r"['’]?s\b")
_RANGE_PARTNER = re.compile(r"[ ]*(?:-|–|—|to|and)[ ]*(\d[\d,.]*\d|\d)")
# A year as the number finder and the extractor read one: 1800 to 2099.
YEAR_CENTURIES = r"(?:1[89]|20)"
YEAR_DIGITS = rf"{YEAR_CENTURIES}\d{{2}}"
_YEAR = re.compile(YEAR_DIGITS)
_YEAR_LIKE = re.compile(rf"{YEAR_DIGITS}|\d{{2}}")
_COUNT_WORDS = frozenset(EN["count_words"])
# Classifiers that count things; a year is written before 款, 届, 次, 轮, 批 or 场 too ("2025 款").
_DEVICE_CLASSIFIERS = frozenset(data_table("units.toml")["counting_classifiers"]) - frozenset("款届次轮批场")
_NOT_PLURALS = frozenset(EN["not_plurals"])
_NOT_NAMES = frozenset(EN["not_names"])
# A capitalised word (iPhone, S&P, NVLink, Game) right before a number.
NAME_BEFORE = re.compile(r"(?<![A-Za-z0-9&/\-])([A-Za-z]*[A-Z][A-Za-z&/\-]*)[ ]$")
_NAME_LAST_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz&/-")
# Chinese words holding a numeral that mean no number, as a trie (most begin with 一: a flat
# alternation tries each of them at every 一).
_ZH_NOT_NUMBERS = re.compile(any_of(ZH["not_numbers"]))
_EN_NOT_NUMBERS = re.compile(r"(?i)\b(?:" + "|".join(EN["not_numbers"]) + r")\b")
_WORDS = data_table("numbers.toml")["not_numbers"]
_MONTH = f"(?:{'|'.join(_WORDS['months'])})"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_ZH_NUM = r"(?:\d{1,2}|[〇零一二两三四五六七八九十]{1,3})"
_YEAR_CUE = "|".join(_WORDS["year_cues"])
# At a word start, the look-ahead on the cues' first letters fails every other word with one test.
_YEAR_CUE_BEFORE = re.compile(rf"(?i)\b(?=[{''.join(sorted({cue[0] for cue in _WORDS['year_cues']}))}])(?:{_YEAR_CUE})[ \-]+$")
# Not after a digit, dot or comma (part of a longer number); the look-behind comes after the
# digits, so the regex engine can skip ahead to a 1 or a 2 quickly.
_YEAR_NUMBER = re.compile(rf"{YEAR_DIGITS}(?<![\d.,]\d{{4}})(?!\d|[.,]\d|[ ]*(?:%|percent|x\b|times\b))")


# "per", "/" or 每 before what may open a scaled unit's scale ("per 1M tokens", "每一百万 token").
_SCALE_FIRSTS = sorted({scale[0] for spec in unit_table().get("scaled", {}).values() for scale in (*spec["scales"], *spec["zh_scales"])})
_PER_SCALE = re.compile(rf"(?:(?<![A-Za-z])per[ ]+|/[ ]*|每[ ]*)(?=[{re.escape(''.join(_SCALE_FIRSTS))}])", re.IGNORECASE)


def _alternatives(first_chars: str, *patterns: str) -> re.Pattern[str]:
    """One regex for patterns that all start with one of `first_chars`: the lookahead
    lets the regex engine skip every other position quickly."""
    return re.compile(f"(?=[{first_chars}])(?:" + "|".join(patterns) + ")")


_WEB_DOMAINS = "|".join(_WORDS["web_domains"])
_WEB_HINT = re.compile(rf"@|://|www\.|\.(?:{_WEB_DOMAINS})\b")
_WEB = re.compile(
    "|".join(
        [
            r"\b(?:https?://|www\.)\S+",
            r"(?<![\w.+\-])[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+",
            rf"(?<![\w.\-])[\w\-]+(?:\.[\w\-]+)*\.(?:{_WEB_DOMAINS})\b(?:/\S*)?",
        ]
    )
)
_MONTH_HINT = re.compile(r"Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec")
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
# Hints are cheap tests that every match of what they guard passes. Each alternative starts with
# a plain character, so the regex engine skips quickly to where one could start.
_QUARTER_HINT = re.compile(r"Q[1-4]|H[1-4]|FY|CY|1Q|2Q|3Q|4Q")
_QUARTERS = _alternatives(
    r"QHFC1-4", r"\b(?:Q[1-4]|H[12]|[1-4]Q|FY|CY)[ ]?'?(?:\d{4}|\d{2})\b", r"\b(?:Q[1-4]|H[12])\b"
)
_YEAR_FORMS = _alternatives(
    r"12'’©TtOoIiYyHhMmLlPpBb",
    rf"\b{YEAR_DIGITS}[ ]*(?:-|–|—|~|/|to|through)[ ]*(?:{YEAR_DIGITS}|\d{{2}})\b",
    rf"\b{YEAR_CENTURIES}\d0s\b|'\d0s\b|\b{YEAR_DIGITS}['’]s\b|©[ ]*{YEAR_DIGITS}",
    # "our 2024 clusters", "Acme's 2025 fleet": a year naming a generation of things.
    rf"(?:\b(?i:{'|'.join(_WORDS['generation_cues'][:-1])})|{_WORDS['generation_cues'][-1]})[ ]+(?:199\d|20[0-3]\d)(?=[ ]+[A-Za-z])",
    rf"\b[Bb]etween[ ]+1\d{{3}}[ ]+and[ ]+(?:1\d{{3}}|20\d{{2}})\b",
)
# Eras (A.D. 1000, 300 BC) and versions (version 2, rev. 3).
_ERA_HINT = re.compile(r"(?:AD|BC|CE|A\.D|B\.C|BCE)\b")
_ERAS = re.compile(
    rf"\b(?:{'|'.join(_WORDS['eras'])})[ ]+\d{{1,4}}\b|\b\d{{1,4}}[ ]+(?:{'|'.join(_WORDS['eras'])})(?![A-Za-z])"
)
_VERSION_HINT = re.compile(r"version|release|ver\.|rev\.")
_VERSIONS = re.compile(rf"(?i:\b(?:{'|'.join(_WORDS['version_words'])}))[ ]*\d+(?:\.\d+)*\b")
# What follows a digit in every separated date: two separators ("2025-09-16", "9/16/2025"), or
# "24/7" (a decimal alone, "1.5", has one).
_SEPARATED_AFTER_DIGIT = r"[-/.]\d{1,2}[-/.]\d|(?<=24)/7"
_SEPARATED_HINT = re.compile(rf"\d(?:{_SEPARATED_AFTER_DIGIT})")
_TIME_HINT = re.compile(r"\d(?::\d\d|[ ]?[AaPp]\.?[Mm]\b)")
_PHONE_HINT = re.compile(r"\(\d|\+\d|-\d{3,4}-\d|-\d{7}")
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
# A Taiwan stock code, "台積電 (2330-TW)": a listing, not 2,330 terawatts.
_TAIWAN_TICKER = re.compile(r"(?<![\w.,])\d{4}-TWO?(?![A-Za-z])")
_DIGIT = re.compile(r"\d")
# Display and video resolutions are names, not amounts: 1080p, 720p, and 4K or 8K
# before a word of video ("4K video", "8K display"; but "4K tokens" is 4,000).
_RESOLUTION_HINT = re.compile(r"\d[pPiK]\b")
# A digit with what follows it in a separated date, a time, a run of 11 digits, a resolution or a
# dimension (the hints above, and a D): one search tells a text with none of these from one that needs each tried.
_DIGIT_THEN_FORM = re.compile(rf"\d(?:{_SEPARATED_AFTER_DIGIT}|:\d\d|[ ]?[AaPp]\.?[Mm]\b|\d{{10}}|[pPiK]\b|(?:\.5)?D)")
_RESOLUTIONS = re.compile(
    r"\b(?:144|240|360|480|540|576|720|1080|1440|2160|4320)[pi]\b"
    rf"|\b[24568]K(?=[ \-]?(?:{'|'.join(_WORDS['video_words_exact_case'])}"
    rf"|(?i:{'|'.join(_WORDS['video_words'])}))\b)"
)
_NUMBER_SIGNS = re.compile(r"\bNo\.[ ]?\d+|#\d+")
# Citation marks: a number alone in square brackets, or a run of them ([57], [3][8][9], 【5】).
_CITATIONS = re.compile(r"(?:\[[ ]?\d{1,3}(?:[ ]?[,–-][ ]?\d{1,3})*[ ]?\])+|(?:【\d{1,3}】)+")
# A unit's exponent: "mm^2", "m**3" (the power of the unit, no figure of its own; "2^10" is a number).
_EXPONENT = re.compile(r"(?<=[A-Za-z])(?:\^|\*\*)-?\d+")
# Dimensions of a design or a display: 2D, 2.5D, 3D (not 3 days).
_DIMENSIONS = re.compile(r"(?<![\w.])\d(?:\.5)?D(?![A-Za-z0-9])")
# Street addresses: 49 Zorro Ranch Road, 9 E 71st St.
_ADDRESS = re.compile(
    r"\b\d{1,5}[ ](?:[NSEW]\.?[ ])?(?:(?:[A-Z][a-z]+|\d+(?:st|nd|rd|th))[ ]){0,3}"
    rf"(?:{'|'.join(_WORDS['street_words'])})\b"
)
_ADDRESS_HINT = re.compile(rf"(?:{'|'.join(_WORDS['street_words'])})\b")
_REGISTRATION_HINT = re.compile("|".join(map(re.escape, _WORDS["identifier_hints"])))
_REGISTRATION = re.compile(
    rf"(?i:\b(?:{'|'.join(_WORDS['identifier_labels'])})\.?[:#\s]*)[\dA-Z][\dA-Z\-/]*"
)
_ZH_NUM_FIRSTS = "\\d〇零一二两三四五六七八九十"
_TIER_WORDS = tuple(word for tier in ZH["model_tiers"] for word in (tier, tier.capitalize(), tier.upper()))
_IDENTIFIER_LABEL = re.compile("|".join(ZH["identifier_labels"]))
# Chinese forms that are not numbers, in the order they are tried at one place: the characters
# each may start with, the words one of which every match of it holds (None: an identifier
# label), and its pattern. Only the forms whose words a text holds are tried on it (the others
# could not match), so a sentence with 年 alone tries one form, not thirteen.
_CHINESE_FORMS: tuple[tuple[str, tuple[str, ...] | None, str], ...] = (
    (
        "".join(dict.fromkeys(label[0] for label in ZH["identifier_labels"])),
        None,
        rf"(?:{'|'.join(ZH['identifier_labels'])})[:：\s]*[\dA-Z][\dA-Z\-]*号?",
    ),
    ("\\d〇零一二三四五六七八九", ("年",), r"(?:\d{4}|[〇零一二三四五六七八九]{4})[ \t]*(?:财|會計|会计)?年(?:[ \t]*度)?"),
    ("\\d", ("年代",), r"\d{2,4}[ \t]*年代"),
    ("12", ("款", "版", "届"), r"(?:199\d|20[0-3]\d)[ \t]*(?:款|版|届)"),  # 2025 款: a model year
    ("0123456789", ("后",), r"(?<!\d)[0-9]0[ \t]?后(?![续来面期])"),  # 90后, 00后: people born in that decade
    (_ZH_NUM_FIRSTS, ("月",), rf"{_ZH_NUM}[ \t]*月(?:份|初|中|底|末|上旬|中旬|下旬)?(?:[ \t]*{_ZH_NUM}[ \t]*[日号號])?"),
    (_ZH_NUM_FIRSTS, ("日", "号", "號"), rf"{_ZH_NUM}[ \t]*[日号號](?=[，,、\s]|[晚早电電讯訊起至前凌上下中])"),
    ("星周週礼禮", ("星期", "周", "週", "礼拜", "禮拜"), r"(?:星期|周|週|礼拜|禮拜)[一二三四五六日天]"),
    ("第一二三四1234", ("季度",), r"第?[一二三四1-4][ \t]*季度"),
    ("前首", ("季",), r"[前首][ \t]*[一二三四1-4][ \t]*季(?:度)?"),  # 前3季, 首3季: the first three quarters
    (_ZH_NUM_FIRSTS, ("点", "點"), rf"{_ZH_NUM}[ \t]*[点點](?:钟|鐘|半|整)"),
    (_ZH_NUM_FIRSTS, ("分",), rf"{_ZH_NUM}[ \t]*[点點时時][ \t]*{_ZH_NUM}[ \t]*分"),
    (
        "上下晚凌早中傍",
        ("上午", "下午", "晚上", "凌晨", "早上", "中午", "傍晚", "晚间"),
        rf"(?:上午|下午|晚上|凌晨|早上|中午|傍晚|晚间)[ \t]*{_ZH_NUM}(?:[ \t]*[点點时時:：][ \t]*\d{{0,2}})?",
    ),
    ("第", ("第",), r"第[ \t]*(?:\d+|[零〇一二两三四五六七八九十百千万]+)"),
    # A product generation by its speed, "1.6T产品", "800G 光模块": a name, no figure.
    ("\\d", tuple(ZH["generation_products"]), rf"(?<![\d.])\d+(?:\.\d+)?[TG][ \t]?(?={'|'.join(ZH['generation_products'])})"),
    # A Chinese model's version and tier, "星河1.5 pro", "星河大模型 2.0 Lite": a name, no figure.
    ("\\d \t", _TIER_WORDS, rf"(?<=[{HAN}])[ \t]?\d+(?:\.\d+)?[ \t]?(?i:{'|'.join(_TIER_WORDS)})(?![A-Za-z])"),
)


# Every word the forms above are written with, found in one pass (longest first, so 年代 is
# found as itself and not as 年).
_CHINESE_FORM_WORD = re.compile(
    "|".join(sorted([*ZH["identifier_labels"], *(word for _, words, _ in _CHINESE_FORMS for word in words or ())], key=len, reverse=True))
)


def _chinese_form_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the Chinese forms (dates, times, model years, labels...) in `text`."""
    words = frozenset(_CHINESE_FORM_WORD.findall(text))
    return [m.span() for m in _chinese_forms_with(words).finditer(text)] if words else []


@lru_cache(maxsize=1024)
def _chinese_forms_with(found: frozenset[str]) -> re.Pattern[str]:
    """The alternation of the Chinese forms a text with the `found` words may hold, in their order:
    a form's word may be part of a longer one found (号 of 编号, 年 of 年代)."""
    forms = [
        (first, pattern)
        for first, words, pattern in _CHINESE_FORMS
        if any(
            _IDENTIFIER_LABEL.search(word) if words is None else any(form_word in word for form_word in words)
            for word in found
        )
    ]
    return _alternatives("".join(first for first, _ in forms), *(pattern for _, pattern in forms))


@lru_cache(maxsize=256)
def not_number_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of a readable text (numbers.readable) whose digits are not numbers: URLs, dates,
    times, years naming a generation, versions, citation marks, phone and registration
    numbers. The number finder and the non-claim filter share them, computed once per sentence."""
    return tuple(sorted(_not_number_spans(text, has_han(text))))


def _not_number_spans(text: str, han: bool) -> list[tuple[int, int]]:
    lower = text.lower()
    spans = _digit_form_spans(text, lower) if _DIGIT.search(text) else []
    if _WEB_HINT.search(text):
        spans += [m.span() for m in _WEB.finditer(text)]
    if _REGISTRATION_HINT.search(lower):
        spans += [m.span() for m in _REGISTRATION.finditer(text)]
    if han:
        spans += _chinese_form_spans(text)
    if "/" in text or "每" in text or "per " in lower:  # what every per-scale starts with ("per" takes a space after it)
        spans += _scaled_unit_spans(text)
    return spans


def _scaled_unit_spans(text: str) -> list[tuple[int, int]]:
    """Units counted in a scale that a figure is per ("$0.50 per 1M tokens", "每100万 tokens 2 元"):
    the scale's digits are part of the unit."""
    spans = []
    for per in _PER_SCALE.finditer(text):
        unit = match_atom(text, per.end())
        if unit is not None and unit.expression in scaled_units():
            spans.append((unit.start, unit.end))
    return spans


def _digit_form_spans(text: str, lower: str) -> list[tuple[int, int]]:
    """The spans of the forms written with a digit (dates, times, phones, years, versions...): a
    text without one has none of them."""
    spans = []
    digit_forms = _DIGIT_THEN_FORM.search(text) is not None
    if digit_forms and _SEPARATED_HINT.search(text):
        spans += [m.span() for m in _SEPARATED_DATES.finditer(text)]
    if _QUARTER_HINT.search(text):
        spans += [m.span() for m in _QUARTERS.finditer(text)]
    if digit_forms and _TIME_HINT.search(text):
        spans += [m.span() for m in _TIMES.finditer(text)]
    if _PHONE_HINT.search(text):
        spans += [m.span() for m in _PHONES.finditer(text)]
    if _ADDRESS_HINT.search(text):
        spans += [m.span() for m in _ADDRESS.finditer(text)]
    if "No." in text or "#" in text:
        spans += [m.span() for m in _NUMBER_SIGNS.finditer(text)]
    if "[" in text or "【" in text:
        spans += [m.span() for m in _CITATIONS.finditer(text)]
    if digit_forms and "D" in text:
        spans += [m.span() for m in _DIMENSIONS.finditer(text)]
    if "^" in text or "**" in text:
        spans += [m.span() for m in _EXPONENT.finditer(text)]
    for digits in _LONG_DIGITS.finditer(text) if digit_forms else ():
        start, end = digits.span()
        if text[start - 1 : start] not in (",", ".") and text[end : end + 1] not in (",", "."):
            spans.append((start, end))
    if "-TW" in text:
        spans += [m.span() for m in _TAIWAN_TICKER.finditer(text)]
    if digit_forms and _RESOLUTION_HINT.search(text):
        spans += [m.span() for m in _RESOLUTIONS.finditer(text)]
    for month in _MONTH_HINT.finditer(text):
        start = month.start()
        if start and text[start - 1].isalpha():
            continue
        date = _MONTH_FIRST_DATE.match(text, start)
        if date:
            spans.append(date.span())
        day = _DAY_BEFORE_MONTH.search(text, max(0, start - 10), start)
        # A month name run into what follows ("September0") is no date.
        month_end = _YEAR_AFTER_MONTH.match(text, start)
        if day and month_end:
            spans.append((day.start(), month_end.end()))
    years = list(_YEAR_NUMBER.finditer(text))
    for year in years:
        cue = _YEAR_CUE_BEFORE.search(text, max(0, year.start() - 16), year.start())
        if cue:
            spans.append((cue.start(), year.end()))
    if years or "0s" in text or "©" in text:
        spans += [m.span() for m in _YEAR_FORMS.finditer(text)]
    if _ERA_HINT.search(text):
        spans += [m.span() for m in _ERAS.finditer(text)]
    if _VERSION_HINT.search(lower):
        spans += [m.span() for m in _VERSIONS.finditer(text)]
    return spans


def counts_something(text: str, end: int) -> bool:
    """True when a plural noun, a unit glued on, or a Chinese word follows (2048 GPUs, 2019W, 2025张),
    or, after a space, a counting classifier or a unit of anything but time (2048 张 GPU, 1920 TPS)."""
    following = text[end : end + 1]
    if following.isalpha():
        return True
    match = WORD_AFTER.match(text, end)
    if match and (match.group(1).lower() in _COUNT_WORDS or match.group(1) in _COUNT_WORDS or _is_plural(match.group(1))):
        return True
    return following == " " and _measured_after(text, end + 1)


def _measured_after(text: str, start: int) -> bool:
    """A counting classifier or a unit (not one of time: "2024 年" is a year) at `start`."""
    if text[start : start + 1] in _DEVICE_CLASSIFIERS:
        return True
    unit = match_atom(text, start) if text[start : start + 1].isascii() else None
    return unit is not None and unit_info(unit.expression).dimensionality != "[time]"


def _is_plural(word: str) -> bool:
    return len(word) > 3 and word.islower() and word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURALS


def name_before(text: str, start: int) -> re.Match[str] | None:
    """NAME_BEFORE ending right before `start`: its window searched only when a letter, &, / or -
    and one space are right before `start`, as every match ends."""
    if text[start - 1 : start] != " " or text[start - 2 : start - 1] not in _NAME_LAST_CHARACTERS:
        return None
    return NAME_BEFORE.search(text, max(0, start - 30), start)


def is_year(text: str, atom: Atom) -> bool:
    """A bare 1800..2099 with nothing counted after it is a year (the 1988 film, Act 2017)."""
    if not _YEAR.fullmatch(text, atom.start, atom.end):
        return False
    if CURRENCY_BEFORE.search(text, max(0, atom.start - 4), atom.start):
        return False
    if _YEAR_S.match(text, atom.end):
        return True  # 2018s best performer, 2018's
    partner = _RANGE_PARTNER.match(text, atom.end)
    if partner and not _YEAR_LIKE.fullmatch(partner.group(1)):
        return False  # 2000 - 2500 calories: a range of counts
    return not counts_something(text, atom.end)


def is_label(text: str, atom: Atom) -> bool:
    """A bare number right after a name is part of it: iPhone 11, S&P 500, Game 7, NVLink 6."""
    name = name_before(text, atom.start)
    if name is None or name.group(1) in _NOT_NAMES or (name.group(1).upper() == name.group(1) and len(name.group(1)) == 1):
        return False
    if _YEAR_S.match(text, atom.end):
        return True  # Channel 5s coverage, Model 3s
    word = _VERB_AFTER.match(text, atom.end)
    if word is not None and _OBJECT_AFTER.match(text, word.end()):
        return True  # "Cluster 1 runs 1024 GPUs", "Model 3 costs $40,000": the word is a verb
    return not counts_something(text, atom.end)


def is_model_size(text: str, atom: Atom) -> bool:
    """A parameter count glued into a model's name: "Llama 3.1 405B", "ModelX 70B", "the 70B
    versions" (not "70B parameters")."""
    if not _MODEL_SIZE.fullmatch(text, atom.start, atom.end):
        return False
    if _VARIANT_AFTER.match(text, atom.end):
        return True
    name = name_before(text, atom.start)
    if name is None and not _VERSION_BEFORE.search(text, max(0, atom.start - 30), atom.start):
        return False
    return not counts_something(text, atom.end)


def drop_not_numbers(text: str, atoms: list[Atom], han: bool) -> list[Atom]:
    """Remove atoms inside dates, URLs, phone numbers, ordinals and idioms (一切, no one);
    `han`: whether `text` has a Chinese character."""
    spans = not_number_spans(text)
    covering = [m.span() for m in _ZH_NOT_NUMBERS.finditer(text)] if han else []
    if "one" in text:
        covering += [m.span() for m in _EN_NOT_NUMBERS.finditer(text)]
    if not spans and not covering:
        return atoms  # most sentences: nothing to drop
    kept = []
    for atom in atoms:
        if any(start < atom.end and atom.start < end for start, end in spans):
            continue
        if any(start <= atom.start and atom.end <= end for start, end in covering):
            continue
        kept.append(atom)
    return kept
