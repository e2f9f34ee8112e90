"""How a figure is hedged and framed: qualifier, trend, projected, self-reported.

Each reads cue words (data/cues.toml) around a figure inside its sentence.
Scopes: a qualifier is next to the number (other cues and "达到/of" may stand
between; when cues stack, "up to roughly 128,000", the one nearest the number
wins, so the restatement "最多可容纳约 12.8 万" reads the same); a trend word is in the same clause a few words before the number, or
right after it ("a 20% increase"); a forward-looking word anywhere earlier in
the sentence or in the figure's clause; a self-report cue anywhere in the sentence.
"""

from __future__ import annotations

import bisect
import os
import re
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.extraction.cues import (
    actual_pattern,
    alternation,
    any_phrase,
    cue_table,
    fold,
    lowered,
    metric_between_cue,
    noun_before_cue,
    not_projected,
    outside_text_cues,
    projected_gate,
    projected_pattern,
    qualifier_gate,
    qualifier_patterns,
    self_reported_pattern,
    trend_gate,
    trend_patterns,
)
from claimledger.extraction.numbers.combine import CHANGE_FROM_REACH

# How far before a number a qualifier or trend cue is looked for.
QUALIFIER_WINDOW = 48
TREND_WINDOW = {"en": 40, "zh": 10}
STACKED_CUES = 3
# An ASCII comma breaks a clause unless it groups digits ("1,024": a digit before it, three after); Chinese text
# often has no space after it, nor before a year ("约为 5200 万元,2024年同期为").
# Each break opens with a character of the leading class (a search skips straight to those), and the
# look-behinds say which break it is: a mark alone, a comma (with its space), a dash between spaces, a full stop and its space.
CLAUSE_BREAK = re.compile(
    r"[，；：;:（）()「」\[\]—,.\s](?:(?<=[，；：;:（）()「」\[\]—])|(?<=,)(?:\s|(?!(?<=\d,)\d{3}(?!\d)))|(?<=\s)[—–-]\s|(?<=\.)\s)"
)
# A number right after 将: the object 将 acts on ("将 8 张卡互联"), not a future.
DISPOSAL_OBJECT = re.compile(r"\s*[\d两三四五六七八九十百千万数上]")
# A title in Chinese text: the words in it state nothing of their own.
BOOK_TITLE = re.compile(r"《[^《》]*》")
# An amount right after a measure word makes the word a verb: "将投入 300 亿元" (will invest).
AMOUNT_NEXT = re.compile(r"\s*(?:约|超过|近)?\s*\d")
# A bare Chinese unit counting one of itself ("万块", "千台"): numbers.toml bare_unit_cues.
BARE_UNIT = re.compile(r"[百千万亿]")
# A Chinese character that opens no verb of change, launch or time ("降", "提", "推", "在", "于").
NO_VERB = r"(?:(?![降提升增减缩扩达超推实在于会进])[\u4e00-\u9fff])"


class Qualifier(NamedTuple):
    """The winning qualifier and where the cue nearest the number starts."""

    label: str | None
    adjacent_start: int | None


NO_QUALIFIER = Qualifier(None, None)


def find_qualifier(
    sentence: str,
    start: int,
    end: int,
    lang: str,
    skip: tuple[int, int] | None = None,
    number_end: int | None = None,
) -> Qualifier:
    """Qualifier of the figure at sentence[start:end].

    `skip` is a span between a cue and the number that does not break their link,
    e.g. the baseline in "最高达到 GB200 NVL72 的 10 倍". After-cues are read after
    the unit and, when given, right after the number ("100 余家", "1 万卡以上").
    """
    ending, starting, before_labels, after_labels = qualifier_patterns(lang)
    sentence = lowered(sentence)
    labels: list[str] = []
    after_labels_found: list[str] = []
    adjacent_start = None
    cut = start
    for _ in range(STACKED_CUES):
        if skip and skip[1] <= cut and not sentence[skip[1]:cut].strip():
            cut, skip = skip[0], None
        # The gate (the same cues as a trie) finds the leftmost place a cue ends the window: the
        # pattern need only be tried from there.
        gated = qualifier_gate(lang).search(sentence, max(0, cut - QUALIFIER_WINDOW), cut)
        found = ending.search(sentence, gated.start(), cut) if gated else None
        if not found or _ends_a_noun(sentence, found.start("cue"), fold(found.group("cue")), lang) or _not_before_bare_unit(sentence, found, lang):
            break
        labels.append(before_labels[fold(found.group("cue"))])
        if cut == start and not found.group("gap").strip() and fold(found.group("cue")) not in outside_text_cues():
            adjacent_start = found.start("cue")
        cut = found.start()
    if not labels and lang == "zh" and "最" in sentence[max(0, start - QUALIFIER_WINDOW):start]:
        # "最大算力可达 300 PFLOPS": a metric's name between the cue and its verb.
        if metric_between_cue(lang).search(sentence, max(0, start - QUALIFIER_WINDOW), start):
            labels.append("up_to")
    for position in {end, number_end if number_end is not None else end}:
        after = starting.match(sentence, position)
        # A cue that is all of the figure after its number is its unit ("200 TOPS" is not "200, tops").
        if after and not (position != end and after.end("cue") >= end and not sentence[position:after.start("cue")].strip()):
            after_labels_found.append(after_labels[fold(after.group("cue"))])
    # Cues before the number were collected nearest first: the nearest says how the figure is hedged.
    label = labels[0] if labels else _strongest(after_labels_found) if after_labels_found else None
    return NO_QUALIFIER if label is None else Qualifier(label, adjacent_start)


def _not_before_bare_unit(sentence: str, found: re.Match[str], lang: str) -> bool:
    """Whether a cue that hedges only a bare Chinese unit ("上万块") stands before anything else ("图上 80,000")."""
    only = cue_table()["qualifier"][lang].get("bare_unit_only", {}).get("cues", ())
    return fold(found.group("cue")) in only and BARE_UNIT.match(sentence, found.end("cue")) is None


def _ends_a_noun(sentence: str, cue_start: int, cue: str, lang: str) -> bool:
    """Whether the cue is the tail of a noun ("the lead-up to 3G"), not a hedge."""
    noun = noun_before_cue(lang).get(cue)
    return noun is not None and noun.search(sentence, max(0, cue_start - 12), cue_start) is not None


def _strongest(labels: list[str]) -> str | None:
    for label in cue_table()["qualifier_priority"]:
        if label in labels:
            return label
    return None


@lru_cache(maxsize=512)
def clause_bounds(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The clause around sentence[start:end]: between commas, colons and the like; cached:
    each figure asks from several rules (about five times a figure)."""
    starts, ends = _clause_breaks(sentence)
    before = bisect.bisect_right(ends, start) - 1
    clause_start = ends[before] if before >= 0 else 0
    after = bisect.bisect_left(starts, end)
    return clause_start, starts[after] if after < len(starts) else len(sentence)


@lru_cache(maxsize=64)
def _clause_breaks(sentence: str) -> tuple[list[int], list[int]]:
    """Where each clause break of `sentence` starts and ends (found once per sentence)."""
    breaks = [match.span() for match in CLAUSE_BREAK.finditer(sentence)]
    return [start for start, _ in breaks], [end for _, end in breaks]


class TrendCue(NamedTuple):
    """A figure's direction of change and whether a noun names the change ("a 5% rise",
    "an increase of 5%") rather than a verb moving the figure ("rose 5%")."""

    label: str
    by_noun: bool = False


def find_trend(sentence: str, start: int, end: int, lang: str, after_previous: int = 0) -> TrendCue | None:
    """"up" or "down" from a direction word before or right after the figure,
    or from its explicit sign ("+0.2%"), not a level's own sign after 为 ("净利润为-3.10亿元" is a loss).

    A direction word belongs to the first figure after it: `after_previous` is
    where the figure before this one ends. In English only hedges and "by" may
    stand between the word and the figure, or up to six words then "by" ("cut
    latency by 30%", "cut the price of its K3 instances by 25%"), so "the biggest
    increase in 18 months" is not a change.
    """
    before_re, before_labels, after_re, after_labels = trend_patterns(lang)
    # Clause breaks are the same in lower case: read on the sentence as given, whose breaks are already found.
    clause_start, _ = clause_bounds(sentence, start, end)
    sentence = lowered(sentence)
    window_start = max(clause_start, after_previous, start - TREND_WINDOW.get(lang, 40))
    nearest = None
    # The gate (the same cues as a trie) finds the first cue of the window: the pattern is read from there.
    gated = trend_gate(lang).search(sentence, window_start, start)
    if gated:
        for found in before_re.finditer(sentence, gated.start(), start):
            nearest = found
    if nearest is not None and (lang != "en" or TREND_GAP.match(sentence, nearest.end(), start)):
        if lang == "en" and _raises_money(fold(nearest.group(0)), sentence[start:end]):
            return None
        by_noun = lang == "en" and _names_a_change(sentence, nearest.start(), nearest.end())
        return TrendCue(before_labels[fold(nearest.group(0))], by_noun)
    if sentence[start:start + 1] in SIGNS and not sentence.endswith(COPULAS, 0, start):
        return TrendCue(SIGNS[sentence[start]])
    if after_re is not None:
        after = after_re.match(sentence[end:end + 32])
        if after:
            return TrendCue(after_labels[fold(after.group(0).split()[-1])], by_noun=True)
    return None


def _raises_money(cue: str, figure: str) -> bool:
    """"raising approximately $140 million": funding, not a rise (cues.toml trend.en_funding)."""
    return cue in _funding_verbs() and MONEY.search(figure) is not None


@lru_cache(maxsize=1)
def _funding_verbs() -> frozenset[str]:
    return frozenset(cue_table()["trend"]["en_funding"]["verbs"])


def _names_a_change(sentence: str, cue_start: int, cue_end: int) -> bool:
    """Whether the cue before a figure is a noun: an article before it and "of" after it
    ("an increase of 5%", "an overall cut of 800,000")."""
    return ARTICLE_BEFORE.search(sentence, max(0, cue_start - 24), cue_start) is not None and OF_AFTER.match(
        sentence, cue_end
    ) is not None


SIGNS = {"+": "up", "-": "down", "\u2212": "down"}
# Words that state a level: a sign after them is the level's own, no change.
COPULAS = ("为", "是")
MONEY = re.compile(r"[$€£¥]|\b(?:usd|eur|dollars?|euros?|pounds?|yuan|rmb)\b")
ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the|its|their|this|that)(?:\s+[a-z-]+)?\s+$")
OF_AFTER = re.compile(r"\s+of\b")
TREND_GAP = re.compile(
    r"(?:(?:\s+[\w'-]+){1,6}\s+by)?(?:\s+(?:by|of|to|a|an|the|just|some|only|nearly|almost|about|around|roughly"
    r"|approximately|over|more|than|less|as|much|many|at|least|most|under|below|above|close|another|further"
    r"|additional|its|their|up|down|another|sharply|slightly|modestly|steeply|year-over-year|yoy))*\s*$"
)


# What a cue after a figure belongs to instead: another figure it names as a forecast, right before
# it ("up 207%, ahead of the $1.08bn forecast"; not a year: "$40 billion 2027 capex guidance"), or a
# verb phrase of its own after "and" ("has bought 120 acres and plans to build ...", "uses 100,000 GPUs and
# is set to expand ...").
OTHER_FIGURES_CUE = re.compile(
    r"(?:(?<![\w.,])(?!(?:19|20)\d\d\b)\d[\d.,]*\s*(?:[A-Za-z$%€£¥]+\s*)?(?:[\w'’-]+\s+)?"
    r"(?:forecasts?|guidance|outlook|projections?|estimates?|targets?)|\b(?:and|but|while|whereas)\s+(?:\w+\s+){0,2}\w+)$",
    re.IGNORECASE,
)


# A comparison word right before a past period: "较去年同期", "比上年" (the base of a change, not the figure's period).
COMPARED_WITH_BEFORE = re.compile(r"(?:较|比|相比|相较|对比|与)\s*$")
# A clause opening with a past period: "，去年营收", "；上季度出货".
PAST_PERIOD_OPENING = re.compile(r"[，,；;]\s*(?:去年|上年|前年|上一年|上季度|上一季度|上季|上月|上个月)")


def is_projected(sentence: str, start: int, end: int) -> bool:
    """Whether a forward-looking cue precedes the figure or shares its clause; one in an earlier
    clause does not reach a figure its own clause says is the actual one ("此前预计为 700W，最终定为 750W"),
    nor one after a clause opening with a past period ("将于今天举行旺年会，去年营收 …"),
    nor one before a semicolon, which opens a statement of its own ("plans 900 MW; it runs 2.2 GW"),
    nor a hedge of what may happen in an earlier clause ("可能会造成 62% 的浪费，并且 … 3 个小时中断一次"),
    unless the figure's clause goes on with the same measure's change ("，同比增长 20%"),
    nor a forecast of one model when the figure's clause opens with another of its kind ("1.6T光模块预计…，800G光模块"),
    nor one after it that names another figure a forecast ("up 207%, ahead of the $1.08bn forecast") or
    opens a verb phrase of its own ("has bought 120 acres and plans to build ...")."""
    clause_start, clause_end = clause_bounds(sentence, start, end)
    cue_ends = _projected_ends(sentence)
    if not cue_ends:
        return False
    cue_ends = tuple(cue_end for cue_end in cue_ends
                     if not _hedge_left_behind(sentence, cue_end, clause_start) and not _of_a_sibling(sentence, cue_end, clause_start))
    statement_start = sentence.rfind(";", 0, start)
    first = next((cue_end for cue_end in cue_ends if cue_end > statement_start), None)
    if first is None or first > clause_end or first > end and OTHER_FIGURES_CUE.search(sentence, end, first):
        return False  # "up 207%, ahead of the $1.08bn forecast", "bought 120 acres and plans to build ..."
    if first <= clause_start and PAST_PERIOD_OPENING.search(sentence, first, start):
        return False  # "仁宝将于今天举行旺年会，去年营收 7575 亿元，…出货 2800 万台": told of a past period
    return not (first <= clause_start and _actual_between(lowered(sentence), clause_start, start))


def _actual_between(low: str, start: int, end: int) -> bool:
    """Whether a word for the actual figure or a past period stands in low[start:end], not as what a change is
    measured against ("预计，今年营收较去年同期增长 20%": 去年 is the base, the figure still a forecast)."""
    return any(COMPARED_WITH_BEFORE.search(low, max(0, found.start() - 3), found.start()) is None
               for found in actual_pattern().finditer(low, start, end))


def _hedge_left_behind(sentence: str, cue_end: int, clause_start: int) -> bool:
    """Whether the cue ending at `cue_end` is a hedge of what may happen (`zh_clause_only`: "可能会") in a clause
    before the one at `clause_start`, which does not go on with a change of the same measure ("，同比增长")."""
    if cue_end > clause_start or not lowered(sentence).endswith(_clause_only_hedges(), 0, cue_end):
        return False
    return _continued_change().match(sentence, clause_start) is None


# A model code and the Han characters after it opening a clause: "1.6T光模块预计", "800G光模块出货量".
CODED_OPENING = re.compile(r"[，,；;、]?\s*(?P<code>[0-9A-Za-z][0-9A-Za-z.+-]*)\s*(?P<han>[\u4e00-\u9fff]+)")
# A family in Han characters and a model code with a digit after it opening a clause: "昇腾950预计", "昇腾910C今年"
# (never a year or a count: "公司2025年").
HAN_CODED_OPENING = re.compile(r"[，,；;、]?\s*(?P<han>[\u4e00-\u9fff]{2,6}?)\s*(?P<code>[A-Za-z]{0,3}\d[0-9A-Za-z.+-]*)(?!\s*[年月日季个家亿万%％])")


def _of_a_sibling(sentence: str, cue_end: int, clause_start: int) -> bool:
    """Whether the cue ending at `cue_end`, in a clause before the one at `clause_start`, forecasts a thing
    that clause opened with, and a later clause up to the figure's opens with another model of the same kind
    ("1.6T光模块预计明年放量，800G光模块出货量增长 60%，营收达到 50 亿元": the 60% and the 50 亿元 are 800G's,
    no forecast; "昇腾950预计明年推出，昇腾910C出货量增长 60%")."""
    if cue_end > clause_start:
        return False
    cue_clause_start, cue_clause_end = clause_bounds(sentence, cue_end - 1, cue_end)
    later = [start for start in _clause_breaks(sentence)[1] if cue_clause_end <= start <= clause_start]
    coded = CODED_OPENING.match(sentence, cue_clause_start)
    if coded is not None and coded.end() >= cue_end:
        for start in later:
            other = CODED_OPENING.match(sentence, start)
            if other is not None and other.group("code") != coded.group("code"):
                shared = len(os.path.commonprefix([coded.group("han"), other.group("han")]))
                if shared >= 2 and coded.start("han") + shared < cue_end:
                    return True
    family = HAN_CODED_OPENING.match(sentence, cue_clause_start)
    if family is None or family.end() > cue_end:
        return False
    return any((other := HAN_CODED_OPENING.match(sentence, start)) is not None and other.group("han") == family.group("han")
               and other.group("code") != family.group("code") for start in later)


@cache
def _clause_only_hedges() -> tuple[str, ...]:
    """data/cues.toml [projected] zh_clause_only: hedges reaching only their own clause."""
    return tuple(cue_table()["projected"]["zh_clause_only"])


@cache
def _continued_change() -> re.Pattern[str]:
    """A clause going on with a change of the measure before it: "，同比增长", "、较去年"."""
    return re.compile(rf"[，,、；;]?\s*(?:{alternation(cue_table()['projected']['zh_continued_change'])})")


@lru_cache(maxsize=64)
def _projected_ends(sentence: str) -> tuple[int, ...]:
    """Where each forward-looking cue of the sentence ends (look-alikes such as 将近 are none, nor is a
    cue inside a title: "《数据中心发展指引》"), found once for all its figures; no cue holds a clause
    break, so none runs across a clause end."""
    if not projected_gate().found(lowered(sentence)):
        return ()
    excluded = not_projected()
    low = lowered(sentence)
    titles = [title.span() for title in BOOK_TITLE.finditer(low)] if "《" in low else []
    return tuple(found.end() for found in projected_pattern().finditer(low)
                 if found.group(0) not in excluded and not _acts_on(low, found)
                 and not _measured_against(low, found.start()) and not _judged(low, found.end())
                 and not any(start < found.start() < end for start, end in titles))


def forecast_in_clause(sentence: str, start: int, end: int) -> bool:
    """Whether a forward-looking cue stands in the clause of the figure at [start, end) ("2024's
    $52.5bn forecast"): a cue of an earlier clause does not make a past period's figure a forecast."""
    clause_start, clause_end = clause_bounds(sentence, start, end)
    return any(clause_start < cue_end <= clause_end for cue_end in _projected_ends(sentence))


# The word opening the value a change starts from: "grow from $250 million", "up from", "从 5 亿元".
CHANGE_FROM = re.compile(r"\bfrom\b|从|由")


def forecast_start_point(sentence: str, start: int) -> bool:
    """Whether a previous figure at `start` is where a forecast change starts, already reached ("expects revenue to
    grow from $250 million last year to $500 million"): no forecast itself, unless a cue follows its "from" ("up
    from an earlier forecast of $75 billion")."""
    openings = list(CHANGE_FROM.finditer(sentence, max(0, start - CHANGE_FROM_REACH), start))
    if not openings:
        return False
    cues = projected_pattern().finditer(lowered(sentence), openings[-1].end(), start)
    return not any(found.group(0) not in not_projected() for found in cues)


@lru_cache(maxsize=1)
def _measured_against_pattern() -> re.Pattern[str]:
    """A word measuring a figure against a forecast, up to two words before the cue: "above
    forecasts", "beat Wall Street forecasts"."""
    words = cue_table()["projected"]["en_measured_against"]
    return re.compile(rf"(?:{alternation(words)})\s+(?:[\w'’-]+\s+){{0,2}}$")


@lru_cache(maxsize=1)
def _judged_pattern() -> re.Pattern[str]:
    """A copula and an adjective of `en_judged` ending the clause right after a cue: "outlook remains strong,"."""
    words = cue_table()["projected"]["en_judged"]
    return re.compile(rf"\s+(?:remains|remained|is|was|looks|looked|stays|stayed)\s+(?:very\s+)?(?:{alternation(words)})"
                      r"(?=\s*[,;.—]|\s*$)")


def _judged(sentence: str, cue_end: int) -> bool:
    """Whether the cue ending at `cue_end` is judged, not forecasting ("the outlook remains strong, with ...")."""
    return _judged_pattern().match(sentence, cue_end) is not None


def _measured_against(sentence: str, cue_start: int) -> bool:
    """Whether the cue at `cue_start` is what a figure is measured against ("came in above forecasts
    at $57 billion"): no forecast of it."""
    return _measured_against_pattern().search(sentence, max(0, cue_start - 40), cue_start) is not None


def _acts_on(sentence: str, cue: re.Match[str]) -> bool:
    """将 before a number or a measure marks what is acted on, not the future: "将 8 张卡互联",
    "将 API 调用价格降至 0.0008 元" (but "将降低成本", "将在明年提升至" are futures, and so is
    a measure word with its amount right after it, a verb: "将投入 300 亿元")."""
    if cue.group(0) != "将":
        return False
    if DISPOSAL_OBJECT.match(sentence, cue.end()) is not None:
        return True
    measure = _measure_acted_on().match(sentence, cue.end())
    return measure is not None and AMOUNT_NEXT.match(sentence, measure.end()) is None


@lru_cache(maxsize=1)
def _measure_acted_on() -> re.Pattern[str]:
    """A measure right after 将 (a Latin word and a few characters that are no verb may open it)."""
    from claimledger.extraction.metrics import metric_words

    return re.compile(rf"\s*(?:[a-z][\w.-]*\s*)?{NO_VERB}{{0,4}}?(?:{any_phrase(sorted(metric_words()))})")


def has_self_report_cue(sentence: str) -> bool:
    """Whether the sentence says its figures are the vendor's own."""
    return self_reported_pattern().search(lowered(sentence)) is not None
