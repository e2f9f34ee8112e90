"""What a figure is compared against: "10x vs GB200 NVL72", "比 Blackwell 快约 90 倍",
"4x the previous generation", "同比" (the previous year).

Rules, nearest first: a comparison right after the figure (than / vs / compared
with / over X, "the previous generation", "N 倍于 X"); for a percentage, the product whose
measure it is a share of ("94% of H200 throughput", "85% of the performance seen in the B200";
never a share of an organisation: "70% of Orbis", nor by a percentage opening its clause: "95% of the
Summit's peak performance comes from its GPUs" is a share of its own); in Chinese "比 X 快 ... N 倍" and
"X 的 N 倍" before it; then a sentence-level reference ("compared with X, ...",
"以 X 为基线", "与 X 相比", "替代 X，") and year-over-year style phrases in the figure's clause,
which only frame ratios, percentages and changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.cues import alternation, cue_table, lowered, relative_baseline_pattern, relative_not_after
from claimledger.extraction.names import HARDWARE, Name

PHRASE_STOP = re.compile(
    r"[,，。;；:：()（）!?！？—]|\s(?:in|on|at|for|with|when|while|and|which|that|running|using|across|per|to|from|of|by|during|under|as|if|because|but|while"
    # A relative clause without "that": "the baselines we could find".
    r"|we|they|you|i|he|she|it|who|whom|whose)\s",
    re.IGNORECASE,
)
# "10x the TPS/MW of GB200 NVL72", "twice the bandwidth of Hopper".
DIGIT = re.compile(r"\d")
FRACTIONAL_MULTIPLE = re.compile(r"\d\.\d+\s*[xX×]$")
DETERMINER = re.compile(r"(?:(?:the|its|their|a|an|[A-Z][A-Za-z]+'s)\s+)?")
CLAUSE_PUNCTUATION = re.compile(r"[，。；,;：:]")
# A figure standing between a sentence-level comparison and the figure it would frame.
FIGURE_BETWEEN = re.compile(r"\d[\d,.]*\s*(?:%|倍|亿|万|元|美元|x|×)")
FIGURE_MARK = re.compile(r"[%倍]")
# A measure may be long: "4x the tokens per second per watt of Hopper".
THE_MEASURE_OF = re.compile(r"^\s+(?:the|that)\s+(?:[\w/.-]+\s+){0,7}?of\s+(?:the\s+)?", re.IGNORECASE)
THE_NAME = re.compile(r"^\s+(?:the|that\s+of|those\s+of)\s+", re.IGNORECASE)
LONGEST_PHRASE_WORDS = 5
# What a product a figure is had with stands after: "... throughput with the K9 over the H200".
HAD_WITH = re.compile(r"\s(?:with|for|using)\s+(?:the\s+|its\s+|their\s+)?$", re.IGNORECASE)
# A percentage of another product's measure: "97% of the K2's throughput", "111% of K2 offline performance",
# "80% of the performance levels seen in the K2" (a share of an organisation, "90% of Acme", is no comparison).
PERCENT_FIGURE = re.compile(r"(?:%|\bpercent)$")
PERFORMANCE_WORD = r"(?:performance|throughput|speed|bandwidth|efficiency|compute|scores?|results?|output|tokens)"
PERCENT_OF_PRODUCT = re.compile(
    r"\s+of\s+(?:the\s+)?(?:[A-Z][\w-]*['’]s\s+|[A-Z][A-Za-z]+\s+)?$"
)
PRODUCT_MEASURE_AFTER = re.compile(rf"(?:['’]s)?(?:\s+[\w-]+){{0,2}}?\s+{PERFORMANCE_WORD}\b", re.IGNORECASE)
PERCENT_OF_MEASURE = re.compile(
    rf"\s+of\s+(?:the\s+|its\s+)?{PERFORMANCE_WORD}(?:\s+[\w-]+){{0,2}}?\s+"
    r"(?:(?:seen|achieved|delivered|posted|measured|reached)\s+(?:in|on|with|by)|of|on|from)\s+"
    r"(?:the\s+)?(?:[A-Z][\w-]*['’]s\s+|[A-Z][A-Za-z]+\s+)?$",
    re.IGNORECASE,
)
# A Chinese change verb and its figure right after a relative cue: "同比增长10.9%", "环比下降 11.7%".
CHANGE_OF_NEXT_FIGURE = re.compile(
    r"\s*(?:激增|大增|增长|增加|上升|提升|提高|上涨|下降|下滑|下跌|减少|降低|增|减|升|降|涨|跌)(?:了|达|为|约|近|超|逾|\s)*[-+]?\d"
)
# Between a family and the product built on it: "Hopper-based H100".
BASED_ON = re.compile(r"[-‐‑]based\s+")
# A measure's figure right after the phrase compared with: "compared to GAAP gross margin of 64.1%" (a year is
# no figure: "compared to the first quarter of 2018").
MEASURE_OF_FIGURE = re.compile(r"\s+of\s+(?:about\s+|approximately\s+|roughly\s+)?(?:[$€£¥]|(?!(?:19|20)\d\d\b)\d)")
NOT_A_BASELINE_START = frozenset("and or but which that to in on at for with as by if when while so".split())
# An action is no thing compared with: "rather than simply adding racks", "than adding more units"
# (a verb's -ing form after an adverb or before its object; "competing solutions" is a thing).
ACTION_START = re.compile(
    r"(?:simply|just|merely|only)\s+[a-z]{2,}ing\b|[a-z]{2,}ing\s+(?:more|the|a|an|it|them|its|their|new|additional|extra)\b"
)
LONGEST_ZH_PHRASE = 24
# Each character first and what may not stand before it read after it: a search skips to 比 or 较.
HAN_COMPARE = re.compile(r"比(?<![相对百好无占同环之类]比)(?![例较特赛如重率值])|较(?<![比相计]较)(?!为)")
ZH_OF = re.compile(r"的\s*$")
PERCENT_END = re.compile(r"[%％]\s*$")
# A share verb before "X 的 N%": X is the whole the share is of ("约占其去年营收的 35%").
SHARE_OF = re.compile(r"占(?:到|据|了)?[^，。；,;：:]{0,24}$")
ZH_BEFORE_OF = re.compile(r"(?:达到|达|是|为|相当于|至|到|比|仅|只有|约|近|超过|超出|高于|低于|超)")
# "超过同级别 A100 GPU 约 1.5 倍", "高于 H100 30%": a verb of exceeding, the baseline, the figure.
ZH_EXCEEDS = re.compile(r"(?:超过|超出|超越|高于|低于|优于|胜过|领先)(?P<b>[^，。；,;：:的]{2,32}?)[ \t]*(?:约|近|达|大约)?[ \t]*$")
ZH_WITH = re.compile(r"(?:与|和|跟|同)\s*(?P<b>[^，。；,;：:]{1,24}?)\s*(?:相比|相较|比较|对比)")
ZH_SINCE = re.compile(r"(?:相比于?|相较于?|相对于?|对比|较之?)\s*(?P<b>[^，。；,;：:的]{1,24}?)\s*(?=[，,]|$|的|则|是|为|[高快低慢多少大小强好长短提降增减改优领])")
# "2 倍于 H200 的吞吐量": the baseline right after the figure.
ZH_TIMES_OF = re.compile(r"\s*[于於]\s*(?P<b>[^，。；,;：:的]{1,24}?)\s*(?=的|[，。；,;：:]|$)")
ZH_REFERENCE = re.compile(r"以\s*(?P<b>[^，。；,;：:]{1,30}?)\s*为(?:基线|基准|参照|参考|对照)")
# Words of a company's results, whose changes are over its own past ("营收增长 30%").
ORGANISATION_MEASURE = re.compile(r"营收|收入|利润|毛利|净利|营业|出货|份额|市场|订单|市值")
# "用高速总线替代传统以太，通信带宽提升了 15 倍": what is replaced is what the gain is over.
ZH_REPLACED = re.compile(r"(?:替代|取代|代替)(?:了)?\s*(?P<b>[^，。；,;：:的]{1,16}?)\s*(?=[，,])")


# "相比去年 12 月": a month of last year, not the year.
SPECIFIC_PERIOD = re.compile(r"\s*(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月")


class Baseline(NamedTuple):
    """A baseline and the span of text that names it (for linking cues across it)."""

    text: str
    start: int
    end: int
    # Where the words wrapping the name begin ("a cluster of H100 GPUs"): a metric word
    # there ("cluster") measures nothing of the figure.
    wrapper_start: int | None = None

    @property
    def wrapper(self) -> tuple[int, int] | None:
        """The span of the words wrapping the name ("a cluster of "), if any."""
        return None if self.wrapper_start is None else (self.wrapper_start, self.start)


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
    # After a colon or a dash too: "... a cautionary tale: against the GB300 NVL72 rack, X delivers 13x".
    return re.compile(rf"(?:^|[,;:—–]\s*)(?P<connector>{connectors})\s+(?P<rest>[^,;]+)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _zh_comparative() -> re.Pattern[str]:
    words = cue_table()["baseline"]["zh_comparatives"]
    return re.compile(alternation(words))


def normalised(baseline: Baseline | None, names: Sequence[Name] = ()) -> Baseline | None:
    """A baseline phrase cleaned: a name inside it is the baseline ("前代产品Trillium" is
    Trillium, "the same number of H100 GPUs" H100), as is what a Chinese generation word names
    ("上一代云燧 T20" is 云燧 T20); a relative phrase is under its normal name, also before a
    generic noun ("前一代设计" is the previous generation)."""
    if baseline is None:
        return None
    inside = [name for name in names if baseline.start <= name.start and name.end <= baseline.end]
    if inside and inside[-1].text != baseline.text and WRAPPER.fullmatch(_around(baseline, inside)):
        return Baseline(inside[-1].text, inside[-1].start, inside[-1].end)
    pattern, labels = relative_baseline_pattern()
    text = lowered(baseline.text)
    found = pattern.match(text)
    if found and (found.end() == len(text) or GENERIC_AFTER_RELATIVE.fullmatch(text, found.end())):
        return Baseline(labels[" ".join(found.group(0).lower().split())], baseline.start, baseline.end)
    named = CHINESE_GENERATION_BEFORE.match(baseline.text)
    if named and len(baseline.text) - named.end() >= 2:
        # "上一代云燧 T20": the product written after the generation word is the baseline.
        return Baseline(baseline.text[named.end():], baseline.start + named.end(), baseline.end)
    return baseline


# Words before a name that wrap it: "the same number of", "its previous", "the prior-generation".
WRAPPED_NAME = re.compile(
    r"(?:(?:the|its|their|our|a|an|same|number|of|previous|prior|last|older|earlier|current|equivalent|comparable|equal|identical"
    # "a cluster of H100 GPUs", "a rack of B200s": a group of the named thing.
    r"|clusters?|pods?|racks?|fleets?|systems?|servers?|nodes?|arrays?|banks?)\s+){1,5}",
    re.IGNORECASE,
)
# Between an organisation and the product of its that is the baseline: "Nvidia's Blackwell",
# "the Nvidia H200 NVL8".
# Between a maker and its product, with the words that rank it: "Nvidia's flagship GB300 NVL72".
OWNED_BY = re.compile(r"(?:['’]s)?\s+(?:(?:flagship|latest|newest|current|top|fastest|best|own|previous|prior)\s+)*")
# After a wrapped name only its kind word, then the phrase ends ("... H100 GPUs on ...", not "NVIDIA GPU-based").
NAME_ENDS_PHRASE = re.compile(
    r"(?:\s+(?:GPUs?|chips?|platforms?|systems?|racks?|accelerators?|parts?|servers?|nodes?))?\s*"
    r"(?:$|[,.;:!?)]|\s(?:in|on|at|for|with|when|while|and|which|that|by|during|under|as|if|but|per|running|using)\b)",
    re.IGNORECASE,
)
# Words around a name in a baseline that add nothing to it: "its previous Hopper platform",
# "the same number of H100 GPUs", "前代产品Trillium", "the previous standard, the X".
WRAPPER = re.compile(
    r"(?:\s|[,，、]|\b(?:the|its|their|our|a|an|same|number|of|previous|prior|last|older|earlier|current|standard"
    r"|generation|platform|platforms|gpus?|chips?|systems?|racks?|accelerators?|parts?)\b|前代|上一代|前一代|上代|产品|平台|芯片|的|同等数量|相同数量"
    r"|同级别|同级|同类|同档次|同代)*"
)
# An aside in brackets: "英伟达(NVIDIA) A100".
ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")


def _around(baseline: Baseline, inside: Sequence[Name]) -> str:
    """The baseline's words other than its last name, its makers and its asides ("同级别英伟达(NVIDIA)
    A100 GPU" leaves "同级别 gpu"), lowered."""
    kept, position = [], baseline.start
    for name in [*(name for name in inside[:-1] if name.kind == "organisation"), inside[-1]]:
        kept.append(baseline.text[position - baseline.start:name.start - baseline.start])
        position = name.end
    kept.append(baseline.text[position - baseline.start:])
    return lowered(ASIDE.sub(" ", " ".join(kept)))


# Words after a relative baseline that add nothing to it: "前一代设计", "the previous generation of chips".
# A generation word before the product it names: "上一代云燧 T20", "前代产品 X".
CHINESE_GENERATION_BEFORE = re.compile(r"(?:上一代|前一代|上代|前代)(?:的)?(?:产品|芯片|平台|型号)?\s*")
GENERIC_AFTER_RELATIVE = re.compile(r"\s*(?:的\s*)?(?:设计|产品|芯片|架构|平台|型号|版本|方案|系统|机型|design|products?|chips?|parts?|systems?|platforms?|models?|of\s+\w+)?\s*")


def find_baseline(
    sentence: str, start: int, end: int, lang: str, names: Sequence[Name], relative_kind: bool
) -> Baseline | None:
    """Baseline of the figure at sentence[start:end]; `relative_kind` for ratios,
    percentages and changes, which sentence-level references also frame."""
    found = _after_figure(sentence, end, names, relative_kind)
    if found is None and lang == "en" and PERCENT_FIGURE.search(sentence, max(0, end - 8), end) and not _opens_clause(sentence, start, end):
        found = _percent_of_product(sentence, end, names)
    if found is None and lang == "zh":
        found = _chinese_times_of(sentence, end, names) or _chinese_before(sentence, start, end, names, relative_kind)
    if found is None and relative_kind:
        found = _beaten_by(sentence, start, names) or _relative_phrase(sentence, start, end)
        found = found or _sentence_reference(sentence, start, names)
    return None if found is None else _named_in_apposition(sentence, normalised(found, names), names)


# Between a baseline's words and the name set off after them: "than its predecessor, the K4," (a comma, an article).
APPOSITION_GAP = re.compile(r"\s*,\s*(?:(?:the|its|their|our)\s+)?")
# What ends an appositive name (its version glued on maybe first: "GPT-3.5-turbo-1106"): a comma, a
# bracket, a dash, a stop or the sentence's end.
APPOSITION_END = re.compile(r"(?:-[\w.]+)*\s*(?:[,;:()（）—–]|\.(?!\w)|$)")


def _named_in_apposition(sentence: str, found: Baseline | None, names: Sequence[Name]) -> Baseline | None:
    """The product set off right after a baseline's words names it: "than its predecessor, the Kestrel K4,"
    and "compared to the previous standard, GPT-3.5," are compared with the Kestrel K4 and GPT-3.5."""
    if found is None or any(found.start <= name.start and name.end <= found.end for name in names):
        return found
    for name in names:
        if name.start >= found.end and name.kind in (*HARDWARE, "model"):
            if APPOSITION_GAP.fullmatch(sentence, found.end, name.start) and APPOSITION_END.match(sentence, name.end):
                return Baseline(name.text, name.start, name.end)
            return found
    return found


# "dwarfing El Capitan by 24 times", "outperforms H100 by 40%": what is beaten, before "by".
BEATEN = re.compile(
    r"\b(?:dwarf(?:s|ed|ing)?|outperform(?:s|ed|ing)?|beat(?:s|ing)?|surpass(?:es|ed|ing)?|outpac(?:es|ed|ing)"
    r"|lead(?:s|ing)?|exceed(?:s|ed|ing)?|trail(?:s|ed|ing)?)\s+(?P<b>.{2,80}?)\s+by\s+(?:(?:an?|some|roughly|about|nearly|over|more\s+than|up\s+to|at\s+least|factor\s+of|\w+ing|\w+ly)\s+){0,3}~?$",
    re.IGNORECASE,
)


def _beaten_by(sentence: str, start: int, names: Sequence[Name]) -> Baseline | None:
    window = max(0, start - 120)
    # Every match holds "by": a look for the word spares most figures the search.
    found = BEATEN.search(sentence, window, start) if lowered(sentence).find("by", window, start) >= 0 else None
    if found is None:
        return None
    inside = [name for name in names if found.start("b") <= name.start and name.end <= found.end("b")]
    if inside:
        return Baseline(inside[-1].text, inside[-1].start, inside[-1].end)
    return _phrase_at(sentence, found.start("b"), names)


def _after_figure(sentence: str, end: int, names: Sequence[Name], relative_kind: bool) -> Baseline | None:
    window = sentence[end:end + 160]
    leading_relative = _relative_at(sentence, end, window)
    if leading_relative:
        return leading_relative
    if not window[:1].isspace():
        return None  # every English pattern below opens with a space ("10x the H100", "2x over")
    if relative_kind:
        of = THE_MEASURE_OF.match(window)
        if of:
            return _phrase_at(sentence, end + of.end(), names)
        adjacent = [name for name in names if name.start == end + 1 and name.kind in HARDWARE]
        if adjacent and FRACTIONAL_MULTIPLE.search(sentence, max(0, end - 12), end):
            # "4.8TB/s (1.4x H100)", "(2.2x H100 cost)": the product right after a fractional
            # multiple ("4x p150c cards" counts the cards, "Stratus's 10x Rubin claim" is no comparison).
            return Baseline(adjacent[0].text, adjacent[0].start, adjacent[0].end)
        the = THE_NAME.match(window)
        if the:
            # "2.8x the H200 result": a known name right after "the".
            named = [name for name in names if name.start == end + the.end()]
            if named:
                return Baseline(named[0].text, named[0].start, named[0].end)
    found = _english_after().match(_workloads_masked(window, end, names))
    if not found or DIGIT.search(found.group("lead")):
        return None
    connector = found.group("connector").lower()
    if connector in ("over", "from", "against") and not relative_kind:
        return None
    rest_start = end + found.start("rest")
    return _relative_at(sentence, rest_start, sentence[rest_start:end + 160]) or _phrase_at(
        sentence, rest_start, names
    )


# Words a percentage opening its clause may follow: "Nearly 95% of ...", "About 40 percent of ...".
CLAUSE_OPENING = re.compile(r"\s*(?:(?:nearly|about|around|roughly|some|almost|over|more\s+than|fully|only|just)\s+)?", re.IGNORECASE)


def _opens_clause(sentence: str, start: int, end: int) -> bool:
    """Whether the figure opens its clause: "95 percent of the Summit's peak performance comes from its GPUs"
    is a share of the product's own measure, no comparison with it ("the K5 reaches 97% of the K2's
    throughput" is one)."""
    return CLAUSE_OPENING.fullmatch(sentence, clause_bounds(sentence, start, end)[0], start) is not None


def _percent_of_product(sentence: str, end: int, names: Sequence[Name]) -> Baseline | None:
    """The product a percentage is of: "reached 97% of the K2's throughput", "80% of the performance
    levels seen in the K2" (a product with a measure of performance, not a share of sales or of a maker)."""
    for name in names:
        if name.start <= end or name.start > end + 80 or name.kind not in HARDWARE:
            continue
        gap = sentence[end:name.start]
        if PERCENT_OF_PRODUCT.fullmatch(gap) and PRODUCT_MEASURE_AFTER.match(sentence, name.end):
            return Baseline(name.text, name.start, name.end)
        if PERCENT_OF_MEASURE.fullmatch(gap):
            return Baseline(name.text, name.start, name.end)
        return None
    return None


def _workloads_masked(window: str, offset: int, names: Sequence[Name]) -> str:
    """`window` (of the sentence from `offset`) with each workload's name, and each product the
    figure is had with, written as one word of letters, so the words between figure and connector
    may name one ("30x higher throughput on Llama 3.1 405B over the H200 NVL8", "1.3x more
    throughput with the K9 over the H200")."""
    for name in names:
        inside = offset <= name.start and name.end <= offset + len(window)
        had_with = name.kind in HARDWARE and HAD_WITH.search(window, 0, name.start - offset) is not None
        if inside and (name.kind in ("model", "benchmark") or had_with):
            start, end = name.start - offset, name.end - offset
            window = window[:start] + "W" * (end - start) + window[end:]
    return window


def _relative_at(sentence: str, position: int, window: str) -> Baseline | None:
    """A normalised relative baseline ("the previous generation") starting at `position`; not one opening
    the change of a figure after it ("营收19.7亿元 同比增长10.9%": the 同比 is the 10.9%'s)."""
    pattern, labels = relative_baseline_pattern()
    offset = position + len(window) - len(window.lstrip())
    # The window of the sentence lowered once (cached), not each window lowered anew.
    found = pattern.match(lowered(sentence)[offset:position + len(window)])
    if not found or CHANGE_OF_NEXT_FIGURE.match(sentence, offset + found.end()):
        return None
    return Baseline(labels[" ".join(found.group(0).lower().split())], offset, offset + found.end())


def _phrase_at(sentence: str, position: int, names: Sequence[Name]) -> Baseline | None:
    """The thing named at `position`: a known name (after "the", "its"; the product a family
    word is the base of: "the Hopper-based H200 servers" is the H200), or a few words."""
    lead = DETERMINER.match(sentence, position)
    name_start = lead.end() if lead else position
    for index, name in enumerate(names):
        if name.start == name_start or name.start == position:
            owned = names[index + 1] if index + 1 < len(names) else None
            if name.kind == "organisation" and owned is not None and OWNED_BY.fullmatch(sentence, name.end, owned.start):
                return Baseline(owned.text, owned.start, owned.end)  # "Nvidia's Blackwell", "Nvidia H200": the product
            if owned is not None and owned.kind in HARDWARE and BASED_ON.fullmatch(sentence, name.end, owned.start):
                return Baseline(owned.text, owned.start, owned.end)  # "the Hopper-based H100 systems": the H100
            return Baseline(name.text, name.start, name.end)
    wrapped = WRAPPED_NAME.match(sentence, position)
    if wrapped:
        # "the same number of H100 GPUs", "its previous Hopper platform": the name is the baseline.
        for name in names:
            if name.start == wrapped.end() and NAME_ENDS_PHRASE.match(sentence, name.end):
                return Baseline(name.text, name.start, name.end, wrapper_start=position)
    stop = PHRASE_STOP.search(sentence, position)
    phrase_end = stop.start() if stop else len(sentence)
    words = sentence[position:phrase_end].split()[:LONGEST_PHRASE_WORDS]
    text = " ".join(words).rstrip(".")
    # "$4.00 per hour versus $2.00 for the A100": a figure compared with is no baseline phrase, nor is the
    # measure of one ("compared to GAAP gross margin of 64.1%").
    if (
        not text or text[0].isdigit() or text[0] in "$€£¥" or words[0].lower() in NOT_A_BASELINE_START
        or ACTION_START.match(text) or MEASURE_OF_FIGURE.match(sentence, position + len(text))
    ):
        return None
    return Baseline(text, position, position + len(text))


def share_of(sentence: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of "占 X 的" right before the figure at [start, end) ("约占其去年营收的 35%"): the
    whole a share is of, no baseline; a hedge before it still hedges the figure."""
    clause_start = max(clause_bounds(sentence, start, end)[0], start - 48)
    of = ZH_OF.search(sentence[clause_start:start].rstrip(" 约近超逾达"))
    if of is None:
        return None
    share = SHARE_OF.search(sentence, clause_start, clause_start + of.start())
    return (share.start(), clause_start + of.end()) if share else None


def _chinese_before(sentence: str, start: int, end: int, names: Sequence[Name], relative_kind: bool) -> Baseline | None:
    """"比 X 快约 N 倍", "(达到) X 的 N 倍" and "超过 X 约 N 倍" before the figure at [start, end); "X 的" before a
    figure that is no ratio, percentage or change is its owner ("Kimi-K2 的 384 个专家")."""
    # The clause's start depends on `start` alone: the figure's own bounds, which the trend rule
    # has already asked for (cached), not a key of their own.
    clause_start = max(clause_bounds(sentence, start, end)[0], start - 48)
    prefix = sentence[clause_start:start]
    of = ZH_OF.search(prefix.rstrip(" 约近超逾达")) if relative_kind else None
    if of and share_of(sentence, start, end):
        of = None  # "约占其去年营收的 35%": a share of a whole, compared with nothing
    if of:
        of_position = clause_start + of.start()
        named = _name_ending_at(names, of_position, sentence)
        if named:
            return Baseline(named.text, named.start, of_position + 1)
        head = sentence[clause_start:of_position]
        connectors = list(ZH_BEFORE_OF.finditer(head))
        cut = clause_start + connectors[-1].end() if connectors else clause_start
        text = sentence[cut:of_position].strip()
        # Before a percentage, an unnamed "X 的" is a level's time or manner, no baseline:
        # "从 2024 年的 46.4% 提升到今年的 49.2%", "达到令人咋舌的 4347.82%".
        if text and len(text) <= LONGEST_ZH_PHRASE and not CLAUSE_PUNCTUATION.search(text) and not PERCENT_END.search(sentence, start, end):
            return Baseline(text, cut, of_position + 1)
    exceeds = _exceeding(sentence, start) if relative_kind else None
    if exceeds:
        trimmed = _trimmed(sentence, exceeds.start("b"), exceeds.end("b"))
        if trimmed and len(trimmed.text) >= 2:
            return trimmed
    # Every comparison opens with 比 or 较: a look for them spares most figures the search.
    compares = list(HAN_COMPARE.finditer(prefix)) if "比" in prefix or "较" in prefix else []
    if compares:
        after_compare = clause_start + compares[-1].end()
        # start + 1: the figure itself may open with the verb ("较 X 翻了一番").
        comparative = _zh_comparative().search(sentence, after_compare + 1, start + 1)
        if comparative:
            trimmed = _trimmed(sentence, after_compare, comparative.start())
            text = trimmed.text if trimmed else ""
            if len(text) >= 2 and len(text) <= LONGEST_ZH_PHRASE and not CLAUSE_PUNCTUATION.search(text) and not FIGURE_MARK.search(text):
                return Baseline(text, trimmed.start + (len(sentence[trimmed.start:trimmed.end]) - len(sentence[trimmed.start:trimmed.end].lstrip())), trimmed.end)
    return None


# Adverbs, copulas and hedges that stand between a Chinese baseline and its figure
# ("相比去年 12 月则是超 10 倍"): never part of the baseline.
ZH_TRAILING = re.compile(r"(?:\s|则是|则|是|为|更|还|也|都|均|约|超过|超|高出|达到|达|仅|只|要|将|可|能|的|了|足足|整整|大约)+$")


def exceeds_before(sentence: str, start: int) -> bool:
    """Whether a verb of exceeding and its baseline stand right before the figure at `start`
    ("超过竞品 40%"): the verb compares, it does not hedge the figure as "超过 40%" does."""
    return _exceeding(sentence, start) is not None


def _exceeding(sentence: str, start: int) -> re.Match[str] | None:
    # Not cut at the clause: a bracket inside the baseline ("英伟达(NVIDIA)A100") ends none.
    found = ZH_EXCEEDS.search(sentence, max(0, start - 48), start)
    return found if found and not FIGURE_MARK.search(found.group("b")) else None


def _trimmed(sentence: str, start: int, end: int) -> Baseline | None:
    """The Chinese baseline sentence[start:end] without what trails it before the figure."""
    text = sentence[start:end]
    cut = ZH_TRAILING.search(text)
    text = text[:cut.start()] if cut else text
    text = text.strip()
    return Baseline(text, start, start + len(text)) if text else None


def _chinese_times_of(sentence: str, end: int, names: Sequence[Name]) -> Baseline | None:
    """"N 倍于 X": X right after the figure."""
    found = ZH_TIMES_OF.match(sentence, end)
    if not found or not sentence[:end].rstrip().endswith("倍"):
        return None
    inside = [n for n in names if found.start("b") <= n.start and n.end <= found.end("b")]
    if inside:
        return Baseline(inside[0].text, inside[0].start, inside[0].end)
    return Baseline(found.group("b").strip(), found.start("b"), found.end("b"))


# A kind word between a name and 的 ("El Capitan 超级计算机的 24 倍", "H100 GPU 的").
KIND_BEFORE_OF = re.compile(r"\s*(?:超级计算机|超算|芯片|加速卡|GPU|GPUs|机架|集群|系统|服务器|处理器|平台)?\s*")


def _name_ending_at(names: Sequence[Name], position: int, sentence: str) -> Name | None:
    for name in names:
        if name.end <= position and KIND_BEFORE_OF.fullmatch(sentence, name.end, position):
            return name
    return None


def _relative_phrase(sentence: str, start: int, end: int) -> Baseline | None:
    """Year-over-year and similar in the figure's clause: the nearest before the figure, else
    the first after it ("同比增长 10%、环比增长 5%": the 5% is against the previous period)."""
    clause_start, clause_end = clause_bounds(sentence, start, end)
    pattern, labels = relative_baseline_pattern()
    text = lowered(sentence)
    chosen = None
    for found in pattern.finditer(text, clause_start, clause_end):
        if text.endswith(relative_not_after(), clause_start, found.start()):
            continue  # "复合年增长率": a compound annual rate, no change from a year earlier
        if found.end() > start and chosen is not None:
            break
        chosen = found
        if found.end() > start:
            break
    if not chosen or SPECIFIC_PERIOD.match(sentence, chosen.end()):
        return None
    return Baseline(labels[" ".join(chosen.group(0).lower().split())], chosen.start(), chosen.end())


def _sentence_reference(sentence: str, start: int, names: Sequence[Name]) -> Baseline | None:
    """A comparison that frames the whole sentence: "Compared with X, ...", "以 X 为基线";
    only one written before the figure with no other figure between ("较2021年增加 X 万元，
    同比增长 Y%": the 较 frames X alone)."""
    for pattern, found in zip(CHINESE_REFERENCES, _chinese_references(sentence), strict=True):
        if found and pattern is ZH_REPLACED and ORGANISATION_MEASURE.search(sentence, found.end(), start):
            continue  # "替代了进口产品，营收增长 30%": a company's growth is over its own past, not the product replaced
        if found and found.end("b") <= start and found.group("b").strip() and not FIGURE_BETWEEN.search(sentence, found.end(), start):
            inside = [n for n in names if found.start("b") <= n.start and n.end <= found.end("b")]
            if inside:
                return Baseline(inside[-1].text, inside[-1].start, inside[-1].end)
            return _trimmed(sentence, found.start("b"), found.end("b"))
    found = _english_reference(sentence)
    if found:
        return _phrase_at(sentence, found.start("rest"), names)
    return None


# The comparisons that may frame a whole Chinese sentence, in the order they are tried.
CHINESE_REFERENCES = (ZH_REFERENCE, ZH_WITH, ZH_SINCE, ZH_REPLACED)


@lru_cache(maxsize=16)
def _chinese_references(sentence: str) -> tuple[re.Match[str] | None, ...]:
    """The first match of each of CHINESE_REFERENCES in the sentence, found once for all its
    figures; none in a sentence of ASCII alone (every one holds a Chinese character)."""
    if sentence.isascii():
        return (None,) * len(CHINESE_REFERENCES)
    return tuple(pattern.search(sentence) for pattern in CHINESE_REFERENCES)


@lru_cache(maxsize=16)
def _english_reference(sentence: str) -> re.Match[str] | None:
    """The comparison framing a whole English sentence ("Compared with X, ..."), found once for all its figures."""
    return _english_sentence().search(sentence)
