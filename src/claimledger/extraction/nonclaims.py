"""Spans whose digits are never claims: dates, times, years naming a generation
("our 2024 clusters", "2025 款"), URLs, phone and registration numbers, ordinals,
and digits glued into names (GB200, ConnectX-9).
"""

from __future__ import annotations

import re

from claimledger.extraction.names import find_names
from claimledger.extraction.numbers.arabic import NAME_HYPHENS, POWER_OF_UNIT
from claimledger.extraction.numbers.not_numbers import YEAR_CENTURIES, YEAR_DIGITS
from claimledger.text import scripts

# Month names are capitalised in dates; lower-case "may" is a verb.
MONTHS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
HAN_NUMERAL = "〇零一二两三四五六七八九十"

WEB_PATTERNS = [
    # URLs, e-mail addresses, bare domains with a path.
    r"(?:https?://|www\.)\S+",
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    r"\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|ai|dev|cn|co|gov|edu)(?:/\S*)?",
]
LATIN_PATTERNS = [
    # English dates: September 16, 16 September 2025, Sep. 16th, Q3 2025, FY2025, 1990s.
    rf"\b{MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?(?![\d,.]*\d)",
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTHS}(?:,?\s+\d{{4}})?",
    rf"\b{MONTHS},?\s+\d{{4}}\b",
    r"\b(?:Q[1-4]|H[12]|FY|CY)\s*'?\d{2,4}\b",
    rf"\b{YEAR_DIGITS}s\b",
    rf"\b{YEAR_DIGITS}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])\b",
    rf"\b(?:0?[1-9]|[12]\d|3[01])[/.](?:0?[1-9]|1[0-2])[/.]{YEAR_CENTURIES}?\d{{2}}\b",
    # Years after a preposition or in a span of years: "in 2025", "2024-2026".
    rf"\b(?:[Ii]n|[Ss]ince|[Bb]y|[Uu]ntil|[Ff]rom|[Bb]efore|[Aa]fter|[Dd]uring|of|through|early|late|mid-?)\s+{YEAR_DIGITS}\b(?![,.]\d)",
    rf"\b{YEAR_DIGITS}\s*[-–—~]\s*{YEAR_CENTURIES}?\d{{2}}\b",
    # A year naming a generation of things: "our own 2024 clusters", "the 2025 fleet".
    r"(?:\b(?:[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir|[Yy]our|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose|[Mm]y|[Hh]is|[Hh]er|own|last|previous|['’]s)"
    r"\s+)(?:199\d|20[0-3]\d)(?=\s+[A-Za-z])",
    # Eras and spans of centuries: A.D. 1000, 300 BC, between 1600 and 1900.
    r"\b(?:A\.D\.|B\.C\.|AD|BC|BCE|CE)\s+\d{1,4}\b|\b\d{1,4}\s+(?:A\.D\.|B\.C\.|AD|BC|BCE|CE)\b",
    r"\b[Bb]etween\s+1\d{3}\s+and\s+(?:1\d{3}|20\d{2})\b",
    # Times: 10:30, 3 p.m., 10am.
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?\b",
    r"\b\d{1,2}\s*(?:a\.m\.|p\.m\.|am\b|pm\b)",
    # Ordinals: 1st, 2nd.
    r"\b\d+(?:st|nd|rd|th)\b",
    # Phone and registration numbers.
    r"\+\d{1,3}[\s-]?(?:\(\d{1,4}\)[\s-]?)?\d{2,4}(?:[\s-]\d{2,4}){1,3}",
    r"\(\d{2,4}\)\s?\d{3,4}[\s-]\d{4}",
    r"\b\d{3,4}-\d{3,4}-\d{4}\b",
    r"(?:ICP|ISBN|ISSN|DOI|No\.|Reg\.|#)\s*:?\s*[\w./-]*\d[\w./-]*",
    # Versions: v6.1, 3.2.1, version 2.
    r"\b[vV]\d+(?:\.\d+)*\b",
    r"\b\d+\.\d+\.\d+(?:\.\d+)*\b",
    r"\b(?:[Vv]ersion|[Rr]elease|ver\.|rev\.)\s*\d+(?:\.\d+)*\b",
]
HAN_PATTERNS = [
    # Chinese dates and times: 2026 年 6 月初, 8 月 12 日, 六月, 7 月 23 日, 上午 10 点.
    rf"(?:\d{{4}}|[{HAN_NUMERAL}〇]{{4}})\s*年(?:\s*(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*月)?(?:\s*(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*[日号])?(?:[初底中末])?",
    rf"(?<!个)(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*月(?:\s*(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*[日号])?(?:[初底中末上下旬份])?",
    rf"(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*[日号](?![元本])",
    rf"(?:上午|下午|凌晨|晚上|中午|早上)?\s*(?:\d{{1,2}}|[{HAN_NUMERAL}]{{1,3}})\s*[点時时](?:\s*\d{{1,2}}\s*分)?(?!钟)",
    rf"(?:周|星期|礼拜)[{HAN_NUMERAL}日天]",
    # A year naming a model or period: 2024 款, 2025 版, 2025 财年.
    r"(?:199\d|20[0-3]\d)\s*(?:款|版|财年|年度|届)",
    # Ordinals: 第二篇, 第 3 代.
    rf"第\s*(?:\d+|[{HAN_NUMERAL}百千]+)",
    # Registration numbers: 京ICP备12345678号, 注册号.
    r"(?:备案|注册号|许可证|统一社会信用代码)\s*[:：]?\s*[\w./-]*\d[\w./-]*",
    r"[京津沪渝冀晋辽吉黑苏浙皖闽赣鲁豫鄂湘粤琼川贵云陕甘青蒙桂藏宁新]ICP[备证]\s*\d+\s*号(?:-\d+)?",
]


def _compiled(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pattern})" for pattern in patterns))


WEB = _compiled(WEB_PATTERNS)
LATIN = _compiled(LATIN_PATTERNS)
HAN = _compiled(HAN_PATTERNS)
# Each family runs only on text that has what it needs to match.
WEB_TRIGGER = re.compile(r"@|://|www\.|\.(?:com|org|net|io|ai|dev|cn|co|gov|edu)\b")
HAN_TRIGGER = re.compile(f"[{scripts.HAN}]")

LAST_WORD = re.compile(r"[A-Za-z]+$")
GLUED_AFTER = re.compile(r"[-_]?[A-Za-z]+\d")
# Letters that may touch a number without making it a name: currency codes
# ("USD10m", "RM79", "$US55,931,000", "PS6m": £ turned into PS by a lossy encoding) and words hyphenated to a figure ("sub-7").
CURRENCY_CODE_BEFORE = re.compile(
    r"(?:(?:^|[^A-Za-z])(?:USD|AUD|CAD|NZD|SGD|HKD|EUR|GBP|CNY|RMB|JPY|INR|MYR|CHF|KRW|RM|Rs|Rp|PS)|\$(?:US|AU|NZ|HK|A|S|C))$"
)
HYPHEN_PREFIXES = frozenset({"sub", "now", "over", "under", "mid", "pre", "post", "near", "nearly", "about", "top", "up", "non", "minus", "plus"})


def non_claim_spans(text: str) -> list[tuple[int, int]]:
    """Spans of `text` whose numbers are not claims: names, dates, URLs and the like."""
    spans = [(name.start, name.end) for name in find_names(text)]
    spans.extend(match.span() for match in LATIN.finditer(text))
    if WEB_TRIGGER.search(text):
        spans.extend(match.span() for match in WEB.finditer(text))
    if HAN_TRIGGER.search(text):
        spans.extend(match.span() for match in HAN.finditer(text))
    spans.sort()
    return spans


def inside_any(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Whether [start, end) overlaps one of `spans`."""
    return any(span_start < end and start < span_end for span_start, span_end in spans)


def glued_into_name(text: str, start: int, end: int) -> bool:
    """Digits that are part of a word: NVL72, Qwen3, R1, ConnectX-9, 4o-mini.

    A number is glued when a Latin letter touches it on the left, or a hyphen
    joins it to a word on the left, or letters-then-digits follow it (not a
    unit's power: "32m2").
    """
    before = text[max(0, start - 2):start]
    if before and before[-1].isascii() and before[-1].isalpha():
        return CURRENCY_CODE_BEFORE.search(text, max(0, start - 5), start) is None
    if len(before) == 2 and before[-1] in NAME_HYPHENS + "_" and before[0].isascii() and before[0].isalpha():
        word = LAST_WORD.search(text, max(0, start - 20), start - 1)
        return word is None or word.group(0) not in HYPHEN_PREFIXES
    return GLUED_AFTER.match(text, end) is not None and POWER_OF_UNIT.match(text, end) is None
