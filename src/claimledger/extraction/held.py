"""When a figure held: current, or one the post gives as the past, as wrong or as denied.

A figure's role is read from the words around it (data/cues.toml [held]); the
first rule that applies wins:

1. negated: "not" or 而非/而不是/并非/不是 right before it, or before what was said of it
   earlier ("8,192 GPUs, not 8,064", "而非此前传闻的 128GB");
   "not only", "not more than" and the like are hedges, not denials.
2. corrected: a cue saying the post had it wrong, before it ("we earlier reported
   8,064", "此前误报的", "更正：此前的") or after it in its clause ("... 有误",
   "... was incorrect"), or the post's earlier text a few words before it ("an earlier
   version of this article said the chip had 192 GB"); or a figure ending its clause when
   the next opens with a word for the actual one ("报道称为 1 万卡，实际为 8,192 卡", beside
   a current figure of its kind).
3. previous: a cue of an earlier value right before it ("down from 27 minutes",
   "up from 2,907", "较此前公布的 196 TOPS", "原为"; not a ratio after a possessive one: "降至原来的一半",
   "是此前的 2 倍" compare with the earlier value); a change verb with "from"
   ("cut the training time from 27 to 10 minutes", the change maybe between: "grew 40% from
   $2.5 billion"), "from" after a level reached ("to $68
   billion from $62.5 billion") or after a word for an earlier figure ("from its prior target
   of $62.5 billion"; also after a comparison word when a current figure of its kind stands beside it:
   "above the prior forecast of $2.8 billion"), or after an earlier forecast's verb ("the previous outlook
   in April was of revenue between $11.5 billion"); "was" opening a bracket before it ("(was: about $20B)");
   从/由 before it and 至/到 after
   it ("由 196 TOPS 提升至 200 TOPS", also with a word for the old value between: "从传统 5kW
   跃升至 40kW"); 较/比, a period and 的 (or a bare period word: "较上季度") before it and a
   change verb after it ("较2024年第一季度的 381 万元增长 3.57%", "较上季度 19.1% 下降"), or 较/比, a period and
   an opening bracket before it ("同比2024年三季度（-4.43亿元）") beside a current figure of its kind; a past period's possessive right before it
   ("last year's 40%") or "once" between a subject and its one verb ("a rack once drew 5–10 kW", never
   "once it reaches": a condition), neither a forecast then unless its own clause says so; a year's
   possessive after a comparison word ("above 2024's $52.5bn"), or a quarter's ("vs Q1's $0.982B"), beside a
   current figure of its kind; or a past time right after a level figure
   ("27 minutes in the previous round", "$26 billion a year earlier") or an earlier word and
   what was done with the figure then before it ("高于此前指引的 45 亿元", "之前预计的", also with a period and the
   measure between: "此前预期的2027年的营业收入") when its sentence has a current figure of the same kind to replace it;
   a bracket after a change opening with a year or a past period and 为 ("同比增长 56.7%（2024年上半年为 94.3 亿元）")
   beside a current figure of its kind, or a clause opening with a year's same period and 为 ("，2024年同期为 2953 万元",
   of a past period), or a bracket opening with a year right after a level, earlier than the year the sentence
   named before it ("2026 年将突破 9 万台（2025 年 4-5 万台）": that year's value, no forecast); or a level a comparison word leads to whose clause dates it in the past
   ("compared to $8.9 billion for Q3 2019", "compared to $306 million or 19 percent a year ago"), beside a current
   figure of its kind; or a statement made earlier a few
   words before it ("Acme previously stated the K3 draws 700 W", "it formerly drew 700 W", "此前公布的功耗为 700W") with a
   word for now after it ("it now draws 650 W", "现已调整为 650W") and a current figure of its kind;
   a change's size right before "from" ("by 25%, from $12.00/hr to $9.00/hr"); a figure of the same
   kind and unit listed right after a previous one ("down from $4.10 (AWS) and $5.25 (Azure)"), or one
   that has since changed to the next figure of its kind ("the first 100,000 GPUs have doubled to over
   200,000"): extraction/__init__.py `_share_past_role`.

A figure that is not current is linked to the figure that replaces it
(`link_replacements`): the nearest current figure of the same kind and
dimensionality in its sentence, about the same product when both name one (the
predecessor's "80 GB in the previous H100" is replaced by no H200 figure), else, for a corrected or negated figure, the
first such figure of the next sentence with figures, in the same paragraph. It takes
the metric of the figure replacing it when it names none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from claimledger.extraction.cues import BETWEEN, PhraseGate, alternation, any_phrase, changes_from, cue_table, lowered, trend_gate
from claimledger.extraction.metrics import metric_table
from claimledger.text.alternation import any_of
from claimledger.types import Claim

# How far before a figure its cues are read: the post's earlier text, "an earlier version of this article said".
CUE_BEFORE_REACH = 100
# How far after "from" a change verb may stand: "cut the training time from".
CHANGE_REACH = 40
# How far after the earlier figure its 至/到 may stand: "由 196 TOPS 提升至".
ZH_TO_REACH = 12
# Adverbs before a Chinese change verb: "较 2024 年的 46.4% 进一步提升", "较二季度的 191 亿元环比下降".
ZH_ADVERB = re.compile(r"\s*(?:同比|环比)?\s*(?:进一步|大幅|明显|显著|持续|继续|再次|小幅|略有|均|也|都)?\s*")


@dataclass(frozen=True, slots=True)
class Held:
    """A figure's role, whether it holds only once a current figure stands beside it, and whether
    its own words place it in a past period ("last year's 40%": reached, no forecast)."""

    role: str
    needs_current: bool = False
    of_past_period: bool = False


CURRENT = Held("current")


@cache
def _table() -> dict:
    return cue_table()["held"]


@cache
def _ending(group: str) -> re.Pattern[str]:
    """A cue of `group` ending right before the figure (hedges between)."""
    return re.compile(rf"(?:{alternation(_table()[group])}){BETWEEN}$")


@cache
def _earlier_text() -> re.Pattern[str]:
    """The post's earlier text, up to eight words (16 characters in Chinese) then the figure: "an earlier
    version of this article said the chip had", "本文此前版本称该芯片显存为"."""
    gap = r"(?:(?:\s+[\w'’-]+){0,8}|[^，,。；;！？]{0,16})"
    return re.compile(rf"{any_phrase(_table()['corrected_earlier_text'])}{gap}{BETWEEN}$")


# What held_role looks for before a figure, besides a word for an earlier figure, before its English-only patterns.
ENGLISH_LOOKS = ("'s", "’s", "once", "from", "compared", " vs", "against")


@cache
def _english_word_before() -> re.Pattern[str]:
    """Any word one of held_role's English-only patterns needs before a figure (a word for an earlier figure,
    `ENGLISH_LOOKS`): in a Chinese sentence one search for them all spares a look for each (a look for an ASCII
    word in a text of wider characters copies the word first)."""
    return re.compile(any_of([*_table()["earlier_words"], *ENGLISH_LOOKS]))


@cache
def _any_ending() -> re.Pattern[str]:
    """A cue of any of the groups read before a figure: one search clears most figures of all three."""
    groups = ("negated_before", "corrected_before", "previous_before")
    return re.compile(rf"{any_phrase([cue for group in groups for cue in _table()[group]])}{BETWEEN}$")


@cache
def _any_cue_before() -> PhraseGate:
    """Any cue the patterns read before a figure open with (`_any_ending`, `_earlier_text`, `_stated_before`,
    `_zh_earlier_stated`, `_zh_from`, `_zh_compared_from`): most figures have none within
    `CUE_BEFORE_REACH`, and one look spares them all six."""
    groups = (
        "negated_before", "corrected_before", "previous_before", "corrected_earlier_text", "previous_statement",
        "earlier_adverbs", "zh_earlier", "zh_from", "zh_compared_from",
    )
    return PhraseGate([cue for group in groups for cue in _table()[group]])


@cache
def _starting(group: str) -> re.Pattern[str]:
    """A cue of `group` right after the figure, or after a word for it ("the 40 kW figure was incorrect"),
    a count of the period maybe before it ("$30.1 billion three months earlier")."""
    noun = any_phrase(_table()["figure_words"])
    return re.compile(rf"^[\s,，的]*(?:{noun}\s*)?{PERIOD_COUNT}{any_phrase(_table()[group])}")


# "for Q3 2019", "in the third quarter of 2023", "in fiscal 2024": a dated period, read after a compared level.
DATED_PERIOD = re.compile(
    r"\b(?:for|in)\s+(?:the\s+)?(?:(?:first|second|third|fourth)\s+quarter\s+(?:of\s+)?|q[1-4]\s*|[1-4]q\s*|h[12]\s+"
    r"|fy\s?|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\b"
)


@cache
def _compared_level() -> re.Pattern[str]:
    """A comparison word right before a figure, or before the measure it is of: "compared to $8.9 billion",
    "compared to GAAP gross margin of 64.1%"."""
    return re.compile(rf"\b(?:{alternation(_table()['compared_before'])})(?:\s+(?:[a-z][\w-]*\s+){{1,4}}?of)?{BETWEEN}$")


@cache
def _any_previous_after() -> re.Pattern[str]:
    """A past time anywhere in what follows a figure (`previous_after`): "or 19 percent a year ago"."""
    return re.compile(rf"\b{any_phrase(_table()['previous_after'])}")


# "three months earlier", "18 months ago": how many periods back.
PERIOD_COUNT = r"(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)\s+)?"


@cache
def _from_earlier() -> re.Pattern[str]:
    """"from its prior target of", "up from an earlier forecast of" right before a figure, or a
    comparison word in place of "from" ("above the prior forecast of"): the group `compared` says which."""
    return re.compile(
        rf"(?:\bfrom|(?P<compared>{alternation(_table()['year_compared'])}))\s+(?:(?:its|their|our|the|a|an)\s+)?"
        rf"{alternation(_table()['earlier_words'])}\s+(?:[\w-]+\s+){{0,2}}?(?:of|at){BETWEEN}$"
    )


@cache
def _earlier_outlook() -> re.Pattern[str]:
    """"previous outlook in April was of revenue between", "the prior guidance called for": an earlier
    forecast's figure, its verb or "of" up to four words after the forecast word, two more before the figure."""
    table = _table()
    return re.compile(
        rf"\b{alternation(table['earlier_words'])}\s+(?:[\w-]+\s+)?{alternation(table['outlook_words'])}\b(?:\s+[\w-]+){{0,4}}?"
        rf"\s+(?:was|were|of|at|called\s+for|stood\s+at)(?:\s+(?:of|for|at))?(?:\s+[a-z][\w-]*){{0,2}}?{BETWEEN}$"
    )


@cache
def _earlier_word() -> re.Pattern[str]:
    """Any word for an earlier figure (`earlier_words`), even inside another word: what `_from_earlier` holds."""
    return re.compile(any_of(_table()["earlier_words"]))


@cache
def _past_period_own() -> re.Pattern[str]:
    """A past period's possessive right before a figure ("last year's 40%"), or "once" between a
    subject and its one verb ("a rack once drew 5–10 kW"; a word before it: no clause opens there)."""
    table = _table()
    skipped = alternation(table["once_not_before"])
    return re.compile(
        rf"(?:{alternation(table['past_periods'])}['’]s"
        rf"|(?<=[a-z0-9)] )once\s+(?!{skipped}\b)[a-z]+(?:\s+(?:at|to|about|around|nearly|only|just))?){BETWEEN}$"
    )


@cache
def _year_compared() -> re.Pattern[str]:
    """A comparison word and a year's or a quarter's possessive right before a figure: "above 2024's",
    "vs Q1's", "compared with the first quarter's"."""
    quarter = r"q[1-4](?:\s*(?:fy\s*)?'?(?:19|20)?\d\d)?|(?:first|second|third|fourth)[\s-]+quarter"
    return re.compile(
        rf"{alternation(_table()['year_compared'])}\s+(?:the\s+)?(?:(?:19|20)\d\d|{quarter})['’]s{BETWEEN}$"
    )


# "raised its forecast to $68 billion from $62.5 billion": the figure after "from" that follows a
# level reached is the one before the change.
TO_FROM = re.compile(rf"\bto\s+(?:[$€£¥]\s*)?\d[\d,.]*(?:\s*[a-z%]+){{0,2}}\s+from{BETWEEN}$")


@cache
def _not_negated() -> re.Pattern[str]:
    return re.compile(any_phrase(_table()["not_negated"]))


@cache
def _zh_from() -> re.Pattern[str]:
    """由/从 right before a figure, a period ending in 的 ("由今年五月的 1200 亿次") or a word for the
    old value ("从传统 5kW") maybe between."""
    descriptor = any_phrase(_table()["zh_from_descriptors"])
    return re.compile(rf"{any_phrase(_table()['zh_from'])}(?:[^，,。；;！？]{{0,12}}的|{descriptor})?{BETWEEN}$")


@cache
def _zh_to() -> re.Pattern[str]:
    return re.compile(any_phrase(_table()["zh_to"]))


@cache
def _zh_compared_from() -> re.Pattern[str]:
    """较/比 and a period ending in 的 right before a figure ("较2024年第一季度的"), or a bare
    period word ("较上年同期")."""
    period = any_phrase(_table()["zh_compared_periods"])
    return re.compile(rf"{any_phrase(_table()['zh_compared_from'])}\s*(?:[^，,。；;！？]{{0,16}}的|{period}){BETWEEN}$")


@cache
def _zh_compared_bracket() -> re.Pattern[str]:
    """较/比 and a period, then an opening bracket right before a figure: "同比2024年三季度（-4.43亿元）",
    "较上年同期（3.2 亿元）": the bracket gives that period's figure."""
    table = _table()
    period = rf"(?:[^，,。；;！？()（）\d]|\d(?=[\d年月季]))*?(?:{alternation(table['zh_period_ends'])})"
    return re.compile(rf"{any_phrase(table['zh_compared_from'])}\s*{period}\s*[（(]{BETWEEN}$")


@cache
def _actual_next() -> re.Pattern[str]:
    """The next clause opening with a word for the actual figure: "，实际为", ", but in fact"."""
    return re.compile(rf"[,，;；]\s*(?:but\s+|但|而)?(?:{alternation(cue_table()['projected']['actual'])})")


@cache
def _zh_earlier_stated() -> re.Pattern[str]:
    """An earlier word, what was done with the figure then and 的 right before it: "此前指引的",
    "之前预计的", "早前披露的"."""
    return re.compile(rf"{any_phrase(_table()['zh_earlier'])}[\u4e00-\u9fff]{{1,4}}的{BETWEEN}$")


@cache
def _zh_earlier_measure() -> re.Pattern[str]:
    """An earlier word, what was done then and 的, then a period maybe and the measure named before the
    figure: "此前预期的2027年的营业收入", "之前公布的全年营收为"."""
    measures = sorted((alias for concept in metric_table()["concept"] for alias in concept.get("aliases", ())
                       if "\u4e00" <= alias[:1] <= "\u9fff"), key=len, reverse=True)
    period = r"(?:\d{4}\s*年[\u4e00-\u9fff]{0,4}?的?)?"
    return re.compile(rf"{any_phrase(_table()['zh_earlier'])}[\u4e00-\u9fff]{{1,4}}的\s*{period}"
                      rf"(?:{alternation(measures)})(?:为|达到?|是)?{BETWEEN}$")


# A clause opening with a year's (or last year's) same period and 为: "，2024年同期为", "；上年同期是" (the value a year
# before of the figure just given).
ZH_SAME_PERIOD_OPENING = re.compile(rf"[，,；;（(]\s*(?:\d{{4}}\s*年|去年|上年|上一年)\s*同期\s*(?:为|是){BETWEEN}$")


# A bracket opening with a year right after a level ("突破 1000 亿元（2024年 500-600 亿）"): that year's value, an
# earlier one when a later year stands before it in the sentence (`_earlier_year_bracket`).
ZH_YEAR_BRACKET = re.compile(rf"\d[^，,。；;（(）)\d]{{0,5}}[（(]\s*(\d{{4}})\s*年\s*(?:为|是)?{BETWEEN}$")
YEAR = re.compile(r"(\d{4})\s*年")


def _earlier_year_bracket(low: str, start: int) -> bool:
    """Whether the figure at `start` opens a bracket with a year after a level, earlier than the last year the
    sentence names before the bracket ("2025年 … 1000 亿元（2024年 500-600 亿）"; never "（2030年 1200 亿元）")."""
    bracket = ZH_YEAR_BRACKET.search(low, max(0, start - 24), start)
    if bracket is None:
        return False
    years = YEAR.findall(low, 0, bracket.start())
    return bool(years) and int(years[-1]) > int(bracket.group(1))


@cache
def _zh_base_bracket() -> re.Pattern[str]:
    """A change figure, then a bracket opening with a year or a past period and 为: "同比增长 56.7%（2024年上半年为",
    "增长 12%（去年同期为": the bracket gives the value the change is measured from."""
    periods = alternation(_table()["zh_compared_periods"])
    return re.compile(rf"[%％倍]\s*[（(]\s*(?:\d{{4}}\s*年[^，,。；;！？()（）\d]{{0,6}}?|{periods})\s*(?:为|是){BETWEEN}$")


@cache
def _stated_before() -> re.Pattern[str]:
    """A statement made earlier, or an adverb for before and a verb in the past, up to eight words (16
    characters in Chinese) then the figure: "Acme previously stated the K3 draws", "it previously operated
    at", "此前宣布 K3 功耗为" (no figure between: a digit ends the gap unless
    it is a code's, after a letter)."""
    gap = r"(?:(?:\s+[A-Za-z][\w'’-]*){0,8}|(?:[^，,。；;！？\d]|(?<=[A-Za-z])\d+){0,16})"
    past = rf"{any_phrase(_table()['earlier_adverbs'])}\s+(?:[a-z]+ed|{alternation(_table()['past_verbs'])})\b"
    return re.compile(rf"(?:{any_phrase(_table()['previous_statement'])}|{past}){gap}{BETWEEN}$")


@cache
def _now_after() -> re.Pattern[str]:
    """A word for now after the figure, before the one replacing it: "; it now draws", "，现已调整为"."""
    return re.compile(rf"(?<![A-Za-z]){any_phrase(_table()['now_after'])}(?![A-Za-z])")


def held_role(folded: str, start: int, end: int, clause_end: int, relative: bool, is_range: bool) -> Held:
    """The role of the figure at [start, end) of the (folded) sentence whose clause ends at `clause_end`.

    `relative` figures (ratios, changes) are never a past level by a time after them:
    "2x faster than a year earlier" compares with the past, it is not of the past. A range
    ("from 27 to 10 minutes") holds both ends: no "from" makes it a past figure.
    """
    low = lowered(folded)
    window = max(0, start - 60)
    reach = max(0, start - CHANGE_REACH - 20)
    # The English-only patterns below are read only where a word of theirs stands before the figure (in a
    # Chinese sentence, one search for all those words says whether any does).
    before = low[window:start]
    english = low.isascii() or _english_word_before().search(low, min(window, reach), start) is not None
    after = low[end:clause_end]
    cue_before = _any_cue_before().found(low, max(0, start - CUE_BEFORE_REACH), start)
    cued = cue_before and _any_ending().search(low, window, start) is not None
    # "而非此前传闻的 128GB": a denial before what was said of the figure earlier.
    earlier = _zh_earlier_stated().search(low, max(0, start - 12), start) if cue_before and not low.isascii() else None
    denied_end = earlier.start() if earlier else start
    denied = cued or earlier is not None and _any_ending().search(low, window, denied_end) is not None
    negation = _ending("negated_before").search(low, window, denied_end) if denied else None
    if negation is not None and not _not_negated().match(low, negation.start()):
        return Held("negated")
    if cued and _ending("corrected_before").search(low, window, start) or _starting("corrected_after").match(after):
        return Held("corrected")
    if cue_before and _earlier_text().search(low, max(0, start - CUE_BEFORE_REACH), start):
        return Held("corrected")
    if not relative and not after.strip(" ") and _actual_next().match(low, clause_end):
        return Held("corrected", needs_current=True)  # "报道称为 1 万卡，实际为 8,192 卡"
    # The earlier-figure pattern opens with "from": a look for the word spares most figures its search.
    earlier_cue = _ending("previous_before").search(low, window, start) if cued else None
    if earlier_cue and not (relative and "的" in earlier_cue.group(0)):
        return Held("previous")  # not a ratio of what was before ("降至原来的一半", "是此前的 2 倍")
    # The patterns hold a word for an earlier figure: a look for those words spares most figures their search.
    earlier_word = english and _earlier_word().search(before) is not None
    earlier_figure = _from_earlier().search(low, window, start) if earlier_word else None
    if earlier_figure:
        # "above the prior forecast of $2.8 billion": the earlier figure a current one is compared with.
        return Held("previous", needs_current=earlier_figure.group("compared") is not None)
    if earlier_word and _earlier_outlook().search(low, window, start):
        return Held("previous")  # "The company's previous outlook in April was of revenue between $11.5 billion"
    # The patterns end in "'s" or a verb after "once": a look for either spares most figures their search.
    if english and ("'s" in before or "’s" in before or "once" in before):
        if _past_period_own().search(low, window, start):
            return Held("previous", of_past_period=True)  # "last year's 40%", "once drew 5–10 kW"
        if _year_compared().search(low, window, start):
            return Held("previous", needs_current=True, of_past_period=True)  # "above 2024's $52.5bn"
    if not relative and cue_before and _stated_before().search(low, max(0, start - 90), start) and _now_after().search(low, end):
        return Held("previous", needs_current=True)  # "Acme previously stated 700 W; it now draws 650 W"
    if not relative and "年" in low[max(0, start - 8):start] and _earlier_year_bracket(low, start):
        return Held("previous", of_past_period=True)  # "1000 亿元（2024年 500-600 亿）": the level before is the current one
    if is_range:
        return CURRENT
    # The pattern ends in "from": a look for the word first spares most figures the search.
    if english and low.find("from", reach, start) >= 0 and (
        changes_from(low, reach, start) or TO_FROM.search(low, reach, start)
    ):
        return Held("previous")
    if cue_before and _zh_from().search(low, max(0, start - 24), start) and _zh_to().search(low, end, min(len(low), end + ZH_TO_REACH)):
        return Held("previous")
    if not relative and cue_before and _zh_compared_from().search(low, max(0, start - 24), start) and (
        trend_gate("zh").match(low, ZH_ADVERB.match(low, end).end())  # a change verb right after: "的 381 万元增长"
    ):
        return Held("previous", needs_current=True)
    if cue_before and _zh_compared_bracket().search(low, max(0, start - 24), start):
        return Held("previous", needs_current=True)  # "同比2024年三季度（-4.43亿元）"
    if not relative and _starting("previous_after").match(after):
        return Held("previous", needs_current=True)
    if not relative and english and ("compared" in before or " vs" in before or "against" in before):
        if _compared_level().search(low, window, start) and (DATED_PERIOD.search(after) or _any_previous_after().search(after)):
            return Held("previous", needs_current=True)  # "compared to $8.9 billion for Q3 2019"
    if not relative and earlier is not None:
        return Held("previous", needs_current=True)
    if not relative and cue_before and _zh_earlier_measure().search(low, max(0, start - 32), start):
        return Held("previous", needs_current=True)  # "此前预期的2027年的营业收入 257.71 亿元"
    if not relative and low.find("为", max(0, start - 4), start) >= 0 and _zh_base_bracket().search(low, max(0, start - 24), start):
        return Held("previous", needs_current=True)  # "同比增长 56.7%（2024年上半年为 94.3 亿元）"
    if not relative and low.find("同期", max(0, start - 8), start) >= 0 and ZH_SAME_PERIOD_OPENING.search(low, max(0, start - 16), start):
        return Held("previous", needs_current=True, of_past_period=True)  # "约为 4200 万元，2024年同期为 2953 万元"
    return CURRENT


def link_replacements(claims: Sequence[Claim], held: Sequence[Held], paragraph_breaks: Sequence[int]) -> None:
    """Set `replaced_by` of every figure that is not current (see the module docstring);
    a past figure that holds only beside a current one and has none stays current.

    `paragraph_breaks` are the offsets of the input's line breaks."""
    for index, (claim, state) in enumerate(zip(claims, held, strict=True)):
        if claim.role == "current":
            continue
        replacing = _replacing(claims, index)
        if replacing is None and state.needs_current:
            claim.role = "current"
            continue
        claim.replaced_by = replacing.start if replacing is not None else None
        if replacing is not None and (claim.metric is None or claim.metric in _unit_only_metrics()):
            # "$85 billion, up from an earlier forecast of $75 billion", "144GB，而非 128GB": one measure
            claim.metric = replacing.metric
    for claim in claims:
        if claim.role == "current" or claim.replaced_by is not None or claim.role == "previous":
            continue
        following = _in_next_sentence(claims, claim, paragraph_breaks)
        if following is not None:
            claim.replaced_by = following.start


@cache
def _unit_only_metrics() -> frozenset[str]:
    """The metrics that only name what a unit measures ("capacity" for GB: data/metrics.toml [from_unit])."""
    return frozenset(metric_table()["from_unit"].values())


def _same_figure(claim: Claim, other: Claim) -> bool:
    """Whether `other` can be the current figure `claim` is the past of: of its kind and
    measure, and not about another product ("141 GB, up from 80 GB in the previous H100")."""
    if claim.subject and other.subject and (claim.subject_id or claim.subject) != (other.subject_id or other.subject):
        return False
    return other.role == "current" and other.kind == claim.kind and other.dimensionality == claim.dimensionality


def _replacing(claims: Sequence[Claim], index: int) -> Claim | None:
    claim = claims[index]
    candidates = [
        other for other in claims
        if other is not claim and other.sentence_start == claim.sentence_start and _same_figure(claim, other)
    ]
    return min(candidates, key=lambda other: abs(other.start - claim.start), default=None)


def _in_next_sentence(claims: Sequence[Claim], claim: Claim, paragraph_breaks: Sequence[int]) -> Claim | None:
    later = [other for other in claims if other.sentence_start >= claim.sentence_end]
    if not later:
        return None
    next_start = later[0].sentence_start
    if any(claim.sentence_end <= position < next_start for position in paragraph_breaks):
        return None
    return next((other for other in later if other.sentence_start == next_start and _same_figure(claim, other)), None)
