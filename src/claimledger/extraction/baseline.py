"""What a figure is compared against: "10x vs GB200 NVL72", "比 Blackwell 快约 90 倍",
"4x the previous generation", "同比" (the previous year).

Rules, nearest first: a comparison right after the figure (than / vs / compared
with / over X, "the previous generation", "N 倍于 X"); in Chinese "比 X 快 ... N 倍" and
"X 的 N 倍" before it; then a sentence-level reference ("compared with X, ...",
"以 X 为基线", "与 X 相比") and year-over-year style phrases in the figure's clause,
which only frame ratios, percentages and changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from claimledger.extraction.cues import alternation, cue_table, lowered, relative_baseline_pattern
from claimledger.extraction.names import Name

PHRASE_STOP = re.compile(
    r"[,，。;；:：()（）!?！？]|\s(?:in|on|at|for|with|when|while|and|which|that|running|using|across|per|to|from|of|by|during|under|as|if|because|but|while"
    # A relative clause without "that": "the baselines we could find".
    r"|we|they|you|i|he|she|it|who|whom|whose)\s",
    re.IGNORECASE,
)
# "10x the TPS/MW of GB200 NVL72", "twice the bandwidth of Hopper".
DIGIT = re.compile(r"\d")
DETERMINER = re.compile(r"(?:(?:the|its|their|a|an|[A-Z][A-Za-z]+'s)\s+)?")
CLAUSE_PUNCTUATION = re.compile(r"[，。；,;：:]")
FIGURE_MARK = re.compile(r"[%倍]")
# A measure may be long: "4x the tokens per second per watt of Hopper".
THE_MEASURE_OF = re.compile(r"^\s+(?:the|that)\s+(?:[\w/.-]+\s+){0,7}?of\s+(?:the\s+)?", re.IGNORECASE)
THE_NAME = re.compile(r"^\s+(?:the|that\s+of|those\s+of)\s+", re.IGNORECASE)
LONGEST_PHRASE_WORDS = 5
NOT_A_BASELINE_START = frozenset("and or but which that to in on at for with as by if when while so".split())
LONGEST_ZH_PHRASE = 24
HAN_COMPARE = re.compile(r"(?<![相对百好无占同环之类])比(?![例较特赛如重率值])|(?<![比相计])较(?!为)")
ZH_OF = re.compile(r"的\s*$")
ZH_BEFORE_OF = re.compile(r"(?:达到|达|是|为|相当于|至|到|比|仅|只有|约|近)")
ZH_WITH = re.compile(r"(?:与|和|跟|同)\s*(?P<b>[^，。；,;：:]{1,24}?)\s*(?:相比|相较|比较|对比)")
ZH_SINCE = re.compile(r"(?:相比于?|相较于?|相对于?|对比|较之?)\s*(?P<b>[^，。；,;：:的]{1,24}?)\s*(?=[，,]|$|的|[高快低慢多少大小强好长短提降增减改优领])")
# "2 倍于 H200 的吞吐量": the baseline right after the figure.
ZH_TIMES_OF = re.compile(r"\s*[于於]\s*(?P<b>[^，。；,;：:的]{1,24}?)\s*(?=的|[，。；,;：:]|$)")
ZH_REFERENCE = re.compile(r"以\s*(?P<b>[^，。；,;：:]{1,30}?)\s*为(?:基线|基准|参照|参考|对照)")


@dataclass(frozen=True, slots=True)
class Baseline:
    """A baseline and the span of text that names it (for linking cues across it)."""

    text: str
    start: int
    end: int


@lru_cache(maxsize=1)
def _english_after() -> re.Pattern[str]:
    connectors = alternation(cue_table()["baseline"]["en_after_number"])
    return re.compile(
        rf"^(?P<lead>(?:\s+[A-Za-z%/-]+){{0,8}}?)\s+(?P<connector>{connectors})\s+(?P<rest>.*)$",
        re.IGNORECASE | re.DOTALL,
    )


@lru_cache(maxsize=1)
def _english_sentence() -> re.Pattern[str]:
    connectors = alternation(cue_table()["baseline"]["en_sentence"])
    return re.compile(rf"(?:^|[,;]\s*)(?P<connector>{connectors})\s+(?P<rest>[^,;]+)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _zh_comparative() -> re.Pattern[str]:
    words = cue_table()["baseline"]["zh_comparatives"]
    return re.compile(alternation(words))


def normalised(baseline: Baseline | None) -> Baseline | None:
    """A baseline phrase that is itself a relative one ("上一代") under its normal name."""
    if baseline is None:
        return None
    pattern, labels = relative_baseline_pattern()
    if pattern.fullmatch(lowered(baseline.text)):
        return Baseline(labels[" ".join(baseline.text.lower().split())], baseline.start, baseline.end)
    return baseline


def find_baseline(
    sentence: str, start: int, end: int, lang: str, names: Sequence[Name], relative_kind: bool
) -> Baseline | None:
    """Baseline of the figure at sentence[start:end]; `relative_kind` for ratios,
    percentages and changes, which sentence-level references also frame."""
    found = _after_figure(sentence, end, names, relative_kind)
    if found is None and lang == "zh":
        found = _chinese_times_of(sentence, end, names) or _chinese_before(sentence, start, names)
    if found is None and relative_kind:
        found = _relative_phrase(sentence, start, end) or _sentence_reference(sentence, start, names)
    return normalised(found)


def _after_figure(sentence: str, end: int, names: Sequence[Name], relative_kind: bool) -> Baseline | None:
    window = sentence[end:end + 160]
    leading_relative = _relative_at(sentence, end, window)
    if leading_relative:
        return leading_relative
    if relative_kind:
        of = THE_MEASURE_OF.match(window)
        if of:
            return _phrase_at(sentence, end + of.end(), names)
        the = THE_NAME.match(window)
        if the:
            # "2.8x the H200 result": a known name right after "the".
            named = [name for name in names if name.start == end + the.end()]
            if named:
                return Baseline(named[0].text, named[0].start, named[0].end)
    found = _english_after().match(window)
    if not found or DIGIT.search(found.group("lead")):
        return None
    connector = found.group("connector").lower()
    if connector in ("over", "from", "against") and not relative_kind:
        return None
    rest_start = end + found.start("rest")
    return _relative_at(sentence, rest_start, sentence[rest_start:end + 160]) or _phrase_at(
        sentence, rest_start, names
    )


def _relative_at(sentence: str, position: int, window: str) -> Baseline | None:
    """A normalised relative baseline ("the previous generation") starting at `position`."""
    pattern, labels = relative_baseline_pattern()
    found = pattern.match(lowered(window.lstrip()))
    if not found:
        return None
    offset = position + len(window) - len(window.lstrip())
    return Baseline(labels[" ".join(found.group(0).lower().split())], offset, offset + found.end())


def _phrase_at(sentence: str, position: int, names: Sequence[Name]) -> Baseline | None:
    """The thing named at `position`: a known name (after "the", "its"), or a few words."""
    lead = DETERMINER.match(sentence, position)
    name_start = lead.end() if lead else position
    for name in names:
        if name.start == name_start or name.start == position:
            return Baseline(name.text, name.start, name.end)
    stop = PHRASE_STOP.search(sentence, position)
    phrase_end = stop.start() if stop else len(sentence)
    words = sentence[position:phrase_end].split()[:LONGEST_PHRASE_WORDS]
    text = " ".join(words).rstrip(".")
    if not text or text[0].isdigit() or words[0].lower() in NOT_A_BASELINE_START:
        return None
    return Baseline(text, position, position + len(text))


def _chinese_before(sentence: str, start: int, names: Sequence[Name]) -> Baseline | None:
    """"比 X 快约 N 倍" and "(达到) X 的 N 倍" before the figure at `start`."""
    from claimledger.extraction.attributes import clause_bounds

    clause_start = max(clause_bounds(sentence, start, start)[0], start - 48)
    prefix = sentence[clause_start:start]
    of = ZH_OF.search(prefix.rstrip(" 约近超逾达"))
    if of:
        of_position = clause_start + of.start()
        named = _name_ending_at(names, of_position, sentence)
        if named:
            return Baseline(named.text, named.start, of_position + 1)
        head = sentence[clause_start:of_position]
        connectors = list(ZH_BEFORE_OF.finditer(head))
        cut = clause_start + connectors[-1].end() if connectors else clause_start
        text = sentence[cut:of_position].strip()
        if text and len(text) <= LONGEST_ZH_PHRASE and not CLAUSE_PUNCTUATION.search(text):
            return Baseline(text, cut, of_position + 1)
    compares = list(HAN_COMPARE.finditer(prefix))
    if compares:
        after_compare = clause_start + compares[-1].end()
        # start + 1: the figure itself may open with the verb ("较 X 翻了一番").
        comparative = _zh_comparative().search(sentence, after_compare + 1, start + 1)
        if comparative:
            text = sentence[after_compare:comparative.start()].strip()
            if len(text) >= 2 and len(text) <= LONGEST_ZH_PHRASE and not CLAUSE_PUNCTUATION.search(text) and not FIGURE_MARK.search(text):
                return Baseline(text, after_compare, comparative.start())
    return None


def _chinese_times_of(sentence: str, end: int, names: Sequence[Name]) -> Baseline | None:
    """"N 倍于 X": X right after the figure."""
    found = ZH_TIMES_OF.match(sentence, end)
    if not found or not sentence[:end].rstrip().endswith("倍"):
        return None
    inside = [n for n in names if found.start("b") <= n.start and n.end <= found.end("b")]
    if inside:
        return Baseline(inside[0].text, inside[0].start, inside[0].end)
    return Baseline(found.group("b").strip(), found.start("b"), found.end("b"))


def _name_ending_at(names: Sequence[Name], position: int, sentence: str) -> Name | None:
    for name in names:
        if name.end <= position and not sentence[name.end:position].strip():
            return name
    return None


def _relative_phrase(sentence: str, start: int, end: int) -> Baseline | None:
    """Year-over-year and similar anywhere in the figure's clause."""
    from claimledger.extraction.attributes import clause_bounds

    clause_start, clause_end = clause_bounds(sentence, start, end)
    pattern, labels = relative_baseline_pattern()
    found = pattern.search(lowered(sentence), clause_start, clause_end)
    if not found:
        return None
    return Baseline(labels[" ".join(found.group(0).lower().split())], found.start(), found.end())


def _sentence_reference(sentence: str, start: int, names: Sequence[Name]) -> Baseline | None:
    """A comparison that frames the whole sentence: "Compared with X, ...", "以 X 为基线"."""
    for pattern in (ZH_REFERENCE, ZH_WITH, ZH_SINCE):
        found = pattern.search(sentence)
        if found and found.group("b").strip():
            inside = [n for n in names if found.start("b") <= n.start and n.end <= found.end("b")]
            if inside:
                return Baseline(inside[-1].text, inside[-1].start, inside[-1].end)
            return Baseline(found.group("b").strip(), found.start("b"), found.end("b"))
    found = _english_sentence().search(sentence)
    if found:
        return _phrase_at(sentence, found.start("rest"), names)
    return None
