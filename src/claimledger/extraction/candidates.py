"""Quantities in a sentence: each number with its unit, currency or counted noun,
and its kind (quantity, ratio, percent, count).

Where count ends: a figure whose unit counts things (GPUs, CPUs, racks, nodes,
servers, tokens, queries, requests), alone or per container ("36 CPUs per
rack"), is a count; a countable unit over time, power or another measure
("16,635 tokens per second per GPU") is a quantity, as is any physical unit or
currency. A counted noun the unit table does not know ("2 亿个指标采样",
"22 goals") is a count without a pint unit.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cache

from claimledger.data_files import data_table

from claimledger.extraction.cues import changes_from, cue_table, lowered
from claimledger.extraction.numbers.combine import CHANGE_FROM_REACH
from claimledger.extraction.numbers import NumberMatch, find_numbers
from claimledger.extraction.numbers.not_numbers import YEAR_DIGITS
from claimledger.extraction.numbers.readable import has_han, readable
from claimledger.extraction.units import (
    ARTICLE_SEPARATOR,
    OFFSET_UNITS,
    PER_PREFIX,
    PER_SEPARATOR,
    TIME_AGO,
    UnitMatch,
    is_countable,
    match_atom,
    match_bare_prefix,
    match_currency_before,
    match_per_units_before,
    match_unit,
    si_value,
    unit_info,
    unit_table,
)
from claimledger.text.scripts import HAN
from claimledger.text.traditional import restorer

DEVICE_DENOMINATORS = ("[rack]", "[node]", "[server]", "[gpu]", "[cpu]")
# A year after a word of time: "quarter of 2018", "in 2024", "fiscal 2025" (it dates a figure).
DATING_YEAR = re.compile(r"\b(?:of|in|fiscal|year|FY)\s*(?:19|20)\d\d$", re.IGNORECASE)
SHARED_UNIT_GAP = re.compile(r"^-?\s*(?:,|，|and|or|与|和|及|或|、|,\s*and|,\s*or)\s*$", re.IGNORECASE)
# Between two amounts of one list of prices: "$3 and $15 per million tokens", "$0.10/$0.40 per MTok".
PRICE_LIST_GAP = re.compile(r"\s*(?:,|，|/|、|and|or|,\s*and)\s*", re.IGNORECASE)
# Between a price per token and the next amount, the label of what that one prices: "输入 2 元，输出 8 元".
PRICE_LABEL_GAP = re.compile(rf"\s*[,，、;；]\s*(?:[A-Za-z]+\s+|[{HAN}]{{1,4}}\s*)?")
# "from 208 pounds to 193": the second end of a change takes the first one's unit.
FROM_BEFORE = re.compile(r"(?:\bfrom|从|由)(?:\s*(?:about|around|roughly|nearly|some|约|近))?\s*$", re.IGNORECASE)
TO_BETWEEN = re.compile(rf"\s+(?:[a-z]+\s+)?to\s+|\s*[{HAN}]{{0,3}}?(?:到|至)\s*", re.IGNORECASE)
PERCENT_MARK = re.compile(r"%|％|per\s*cent|percent(?:age points?)?|百分之|成", re.IGNORECASE)
# "by a factor of 9", "a factor of ~9.0": the bare number after it is a ratio.
FACTOR_OF_BEFORE = re.compile(r"\bfactor\s+of\s*(?:about\s+|roughly\s+|nearly\s+|~\s*)?$", re.IGNORECASE)
RATIO_MARK = re.compile(r"×|[xX]\b|-?fold|times|倍|数量级|orders? of magnitude", re.IGNORECASE)
COUNTED_WORDS = re.compile(
    r"(?:[ \t]+|-(?=[a-z]))([A-Za-z]+(?:-[A-Za-z]+)*)(?:[ \t]+([A-Za-z]+(?:-[A-Za-z]+)*))?(?:[ \t]+([A-Za-z]+(?:-[A-Za-z]+)*))?"
)
# "5,000 颗以上 GPU", "10 个以上的节点": a hedge between the classifier and what it counts.
# Classifiers that count things ("3 笔订单", "16 个计算柜", "1200 名员工"), and the characters
# that end the noun after one ("16 个计算柜和 2 个互联柜"), from data/units.toml.
COUNTING_CLASSIFIERS = "".join(unit_table()["counting_classifiers"])
NOUN_ENDS = unit_table()["counted_noun_ends"]
CLASSIFIER_THEN_CUE = re.compile(rf"[ \t]*[{COUNTING_CLASSIFIERS}](?:以上|以下|以内|左右|上下|有余)(?:的)?[ \t]*")
HAN_NOUN = re.compile(rf"[{HAN}]{{1,4}}")
# Words no counted noun holds: the table's, and the change verbs of two or more characters
# ("由 1200 亿次增长至": the count ends before 增长).
NOUN_BREAK = re.compile("|".join(map(re.escape, sorted({
    *unit_table()["counted_noun_breaks"],
    *(word for words in cue_table()["trend"]["zh"].values() for word in words if len(word) >= 2),
}, key=len, reverse=True))))
COUNTED_HAN = re.compile(
    rf"[ \t]*[余多]?(?P<noun>[{COUNTING_CLASSIFIERS}](?:(?![{NOUN_ENDS}]|{NOUN_BREAK.pattern})[{HAN}]){{0,4}})"
)
CLASSIFIER_AFTER = re.compile(rf"[ \t]*[{COUNTING_CLASSIFIERS}]")
# "one card" right after a plain number: the number is the card's model ("4090单卡", "910B 单颗").
ONE_DEVICE_AFTER = re.compile(r"[ \t]*单(?:卡|颗|张|块|芯片|GPU)")
# A graphics card or "one card" right after a plain number: the number is the card's model ("4090显卡";
# "9216 chips" and "256芯片" count).
MODEL_CARD_AFTER = re.compile(rf"{ONE_DEVICE_AFTER.pattern}|[ \t]*[显顯]卡")
# Under this, a count in Chinese numerals whose noun runs on into a verb is prose ("两个标注把这").
SMALL_COUNT = 10
NOT_NOUNS = frozenset(
    """a an the of and or to in on at by for from with per than as is are was were be been
    percent times more less fewer higher lower faster slower better worse greater larger smaller
    bigger cheaper x that this these those which who what when where while if but so such
    each every other another than then into onto over under about around up down out off
    million billion trillion thousand hundred k m b bn mn tn
    come came go goes went have has had said says say will would could should might can
    do does did died left made make makes took take takes get got gets live lived work
    worked remain remained stand stood were being became become
    during after before since until while thanks ago later earlier apiece alone last next
    across among amongst between within without through throughout against via beyond toward towards
    versus despite along amid behind below above beneath inside outside upon
    today yesterday tomorrow tonight overnight respectively
    one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty
    dozen dozens hundreds thousands millions billions
    it its they them their we us our you he she his her i""".split()
)
# "dozens of people", "one of the best screens": what a word number counts follows "of".
OF_THE = re.compile(r"[ \t]+of(?:[ \t]+(?:the|its|their|his|her|our|my|those|these))?(?=[ \t])")
PER_NOUN = re.compile(r"[ \t]+per[ \t]+(?P<noun>[a-z][a-z-]*)\b")
PER_GAP = re.compile(rf"[{HAN} \t]{{0,8}}$")
# How far before a figure its per-units may start: a 12-character gap, then a chain of
# denominators each found within 24 characters (units.match_per_units_before).
PER_REACH = 60
# "Each NVL72 rack draws up to 190 kW", "per node, it holds 8 GPUs", "单卡算力": the container
# the sentence opens with divides the figure, as "190 kW per rack" does. At most
# two words (a model name) before the container, a few lower-case words after it.
EACH_BEFORE = re.compile(r"(?=[ep每单])(?:\b(?:each|every|per)[ \t]+|[每单][个颗张块台片枚套]?[ \t]*)", re.IGNORECASE)
EACH_AFTER = re.compile(r"[ \t]+(?:(?:on|in|for|from|of|across|inside)[ \t]+)?(?:each|every)[ \t]+", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z0-9][\w.-]*[ \t]*")
# After the container, a few words (a verb, a hedge, a name: "Per GPU, the K3 reaches") or a
# short Chinese predicate ("的带宽为", with at most one acronym in it: "的最大 TDP 为") before the figure.
CONTAINER_GAP = re.compile(rf"(?:,?[ \t]+[A-Za-z0-9][A-Za-z0-9-]*){{0,4}}[ \t]*|[ \t]*(?:[{HAN}]{{1,6}}[ \t]*[A-Z]{{2,5}}[ \t]*)?[{HAN}]{{0,10}}[ \t]*")
# A figure's unit right before the cue: "100 TFLOPS per GPU and the cluster draws 5 MW" (the
# "per GPU" is the 100 TFLOPS's, no container of the 5 MW).
FIGURE_BEFORE_CUE = re.compile(r"\d[\d,.]*[ \t]*[A-Za-z%][\w/%]*[ \t]+(?:(?:on|in|for|from|of|across|inside|at)[ \t]+)?$")
METRIC_LINK = re.compile(
    # "PUE) of the raised-floor environment was 1.73": what the metric is of, then its verb;
    # a comparison sign links as its words do ("PUE值<1.04", "PUE below 1.1")
    r"[)）]?\s*(?:of\s+(?:the\s+|its\s+|their\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:was|is|were|are)\s*)?"
    r"(?:(?:is|was|of|at|to|reached|hit|hits|reaches|stands at|stood at|came in at|averaged|an average of|an average|below|under|above|about|around|roughly|"
    r"will be|would be|is expected to be|remains|remained|stays|stayed|fell to|rose to|dropped to|improved to|将为|将达|保持在|维持在|"
    r"approximately|nearly|just|only|为|是|值|达|达到|低于|高于|低至|不高于|不超过|不得超过|不得高于|仅|约|近|最高|最低|只有|降至|提升至|提高到|:|：|<=|>=|[<>≤≥＜＞])\s*){0,3}"
)
ACCELERATOR_AFTER = re.compile(r"([ \t]*(?:[张块颗台个][ \t]*)?)")
HAN_UNIT = re.compile(rf"[{HAN}]")
SIGN = re.compile(r"[-\u2212]")
# Latin letters written straight after a number: a unit or word of its own the finder did not read.
GLUED_WORD = re.compile(r"[A-Za-z]")
RATE_OF = re.compile(r"\b(?P<noun>[A-Za-z]+)[ \t]+(?:rate|throughput|speed)[ \t]+(?:of|at|is|was|reaches|reached)[ \t]+(?:about|around|roughly|nearly|up to|over|some)?[ \t]*$", re.IGNORECASE)
DEVICE_AFTER_TIMES = re.compile(r"[ \t\u00a0]?")
# Sizes, durations and counts are never negative (see _never_negative).
NEVER_NEGATIVE = frozenset({"[time]", "[information]", "[gpu]", "[cpu]", "[rack]", "[node]", "[server]", "[token]", "[query]", "[request]", "[sample]", "[core]", "[thread]"})
HALF_IN_CLASSIFIER = re.compile(r"[个個]半")
# 3G, 4G, 5G networks: a generation of mobile networks (100G is a link speed).
WIRELESS_GENERATION = re.compile(r"(?<![\w.])(?P<digit>[1-6])G(?![A-Za-z0-9])")
MORE_OF = re.compile(r"[ \t]+(?:more|additional|extra|fewer)(?=[ \t]+[a-z]+s\b)", re.IGNORECASE)
UNIT_SYSTEM = re.compile(r"[ \t]+(US|U\.S\.|imperial|Imperial|metric)[ \t]+")
OF_A_UNIT = re.compile(r"[ \t]+of[ \t]+(?:an?|one)[ \t]+(?:(?:US|U\.S\.|imperial|metric)[ \t]+)?")
# "at the age of 35", "aged 18": a bare number there is an age.
AGE_CUE = re.compile(r"\b(?:aged|age of|ages of)[ \t]+$", re.IGNORECASE)
SENTENCE_BREAK = re.compile(r"[.;!?](?:\s|$)|[。；！？)）]")
# Between the parts of one measure ("5 feet 11 inches", "$3 and 20 cents"); after a
# comma ("24 hours, 39 minutes, and 35 seconds") the parts are listed one by one.
COMPOUND_GAP = re.compile(r"[ \t]*(?:and[ \t]+|又|零)?", re.IGNORECASE)
# How far (characters) and within what factor of size a bare figure reads in
# parallel with an earlier one.
PARALLEL_REACH = 60
LIKE_SIZE = 100
DIGIT = re.compile(r"\d")
# The other end of a change: "from $75 to $45.88". ("Rose to $7.4bn from $6.8bn"
# gives a new level and its baseline: two figures.)
CHANGE_TO = re.compile(r"\s+(?:up\s+)?to\s+|\s*(?:到|至)\s*", re.IGNORECASE)
PER_TIME = re.compile(r"[ \t]+(?:per|a|an|each)[ \t]+", re.IGNORECASE)
# "Senard, 65, now faces": an age set off by commas after a name.
AGE_BEFORE = re.compile(r"[A-Z][a-z]+,[ \t]*$")
AGE_AFTER = re.compile(r"[ \t]*,(?![ \t]*\d)")
ADJECTIVE_ENDINGS = ("al", "ic", "ous", "ive", "ful", "less", "able", "ible", "ar", "ary", "ian", "ese")
SINGULAR_ENDINGS = ("ss", "us", "is", "ous", "'s")
FRACTION = re.compile(r"\d+\s*[/⁄]\s*\d+")
# A fraction in words compares only where a comparison frames it: "是 H200 的三分之一", "仅为其一半"
# (a verb of being, the baseline and 的 before it), "half the power of", "a third as fast as" (after it);
# "三分之一的 GPU", "half the racks" are shares, no figures.
ZH_FRACTION_COMPARED = re.compile(r"(?:是|为|仅为|只有|仅有|不到|不足|约为|相当于|降至|降到|降低至|降低到|减少到|减少至|缩减至)(?:[^，,。；;！？\d]|(?<=[A-Za-z])\d+){0,20}?[的其]\s*$")
EN_FRACTION_COMPARED = re.compile(r"[ \t]+(?:the[ \t]+[a-z-]+(?:[ \t]+[a-z-]+)?[ \t]+of|as[ \t]+[a-z-]+[ \t]+as)\b", re.IGNORECASE)
# The first end of a range and the unit written after it: "208 pounds to 193".
FIRST_END = re.compile(r"[\d.,]+[ ]?(?=[A-Za-z])")
RANGE_WORD = re.compile(r"[ ]+(?:to|and)[ ]+\S*?\d[\d.,]*", re.IGNORECASE)
YEAR_LIKE = re.compile(rf"^{YEAR_DIGITS}$")
# "iPhone 11", "Boeing 787": a capitalised word right before, not opening the sentence.
NAME_BEFORE = re.compile(r"(?<=[A-Za-z0-9,] )[A-Z][A-Za-z]*[ \u00a0]$|(?<=[A-Za-z0-9,] )[a-z]+[A-Z][A-Za-z]*[ \u00a0]$")
INTEGER = re.compile(r"\d+")
DIGITS_AFTER = re.compile(r"[ \t]+\d")
LABEL_NOUN_BEFORE = re.compile(
    r"\b(?:category|level|phase|stage|type|class|tier|grade|version|step|round|chapter|section|article|route"
    r"|room|gate|platform|channel|episode|season|volume|figure|table|page|gen|no\.?)[ \t]+$",
    re.IGNORECASE,
)


@dataclass(slots=True)
class Quantity:
    """A number and what it counts or measures, with offsets in its sentence."""

    number: NumberMatch
    start: int
    end: int
    kind: str | None
    expression: str | None = None
    unit_text: str | None = None
    counted_noun: bool = False
    # A plain number that a metric names right before it ("PUE 低于 1.1", "MFU of 0.45").
    dimensionless: bool = False

    @property
    def text_span(self) -> tuple[int, int]:
        """[start, end) of the figure as written."""
        return self.start, self.end


def find_quantities(sentence: str, lang: str) -> list[Quantity]:
    """Every number in `sentence` with its unit, in order (names and dates left out).

    Traditional Chinese is read as simplified (text/traditional.py) and full-width forms as
    ASCII ("五ＭＷ" is 5 MW); what the quantities quote of the sentence is given back in the
    sentence's own characters.
    """
    simple = readable(sentence) if has_han(sentence) else sentence
    quantities = _quantities(simple, lang)
    if simple != sentence:
        restore = restorer(sentence, simple)
        for quantity in quantities:
            quantity.number = quantity.number._replace(text=sentence[quantity.number.start:quantity.number.end])
            if quantity.unit_text:
                quantity.unit_text = _as_written(sentence, simple, quantity, restore)
    return quantities


def _as_written(sentence: str, simple: str, quantity: Quantity, restore: dict[int, str]) -> str:
    """The unit text of `quantity` in the sentence's own characters: the same span of the
    sentence where the unit was read, else character by character."""
    at = simple.find(quantity.unit_text, quantity.number.end, quantity.end + 1)
    if at >= 0:
        return sentence[at:at + len(quantity.unit_text)]
    return quantity.unit_text.translate(restore)


def _quantities(sentence: str, lang: str) -> list[Quantity]:
    quantities = [_quantity(sentence, number) for number in find_numbers(sentence, lang)]
    _share_units(sentence, quantities)
    _share_prices(sentence, quantities)
    _share_containers(sentence, quantities)
    _share_parallel_units(sentence, quantities)
    quantities = _join_changes(sentence, quantities)
    quantities = _join_compound_measures(sentence, quantities)
    return quantities


def name_by_metric(sentence: str, quantities: list[Quantity], metric_ends: list[tuple[int, bool]]) -> None:
    """A plain number right after a metric (its end, and whether it counts what no unit
    names), only short link words between, is that metric's value ("PUE 低于 1.1", "MFU of
    0.45"): a dimensionless quantity, or a count ("shipped 1.2 million"). A number with a
    counting classifier after it counts something ("TPS/MW 两个标注"): no value; nor does one
    right before a chip word or "one card", a model number ("高性能 4090 显卡", "4090单卡")."""
    for quantity in quantities:
        start = quantity.number.start
        if quantity.kind is not None or CLASSIFIER_AFTER.match(sentence, quantity.number.end):
            continue
        if chip_noun_pattern().match(sentence, quantity.number.end) or ONE_DEVICE_AFTER.match(sentence, quantity.number.end):
            continue
        linked = [counts for end, counts in metric_ends if end <= start and METRIC_LINK.fullmatch(lowered(sentence[end:start]))]
        if linked:
            quantity.kind = "count" if linked[-1] else "quantity"
            quantity.dimensionless = not linked[-1]


@cache
def accelerator_pattern() -> re.Pattern[str]:
    """Accelerator model names that stand for GPUs when counted ("10 万张 H100")."""
    patterns = data_table("shapes.toml")["accelerator"]["patterns"]
    return re.compile("(?:" + "|".join(patterns) + ")(?![A-Za-z0-9_])")


@cache
def chip_noun_pattern() -> re.Pattern[str]:
    """A chip word right after an accelerator's model name ("Trainium2 chips", "H100 芯片")."""
    words = sorted(data_table("shapes.toml")["kind_words"]["chip"], key=len, reverse=True)
    return re.compile("[ \t]*(?:" + "|".join(map(re.escape, words)) + ")(?![A-Za-z0-9_])")


def _quantity(sentence: str, number: NumberMatch) -> Quantity:
    quantity = _read_quantity(sentence, number)
    if quantity.number.low is not None and quantity.number.low < 0 and _never_negative(quantity):
        quantity = _unsigned(sentence, quantity)
    return quantity


def _never_negative(quantity: Quantity) -> bool:
    """A count, a duration or a size cannot be below zero: a dash before one is a bullet or a separator."""
    if quantity.kind == "count":
        return True
    return quantity.expression is not None and unit_info(quantity.expression).dimensionality in NEVER_NEGATIVE


def _unsigned(sentence: str, quantity: Quantity) -> Quantity:
    """`quantity` without the dash read as its minus sign ("运维 -30 天", "- 72 GPUs" as a list item)."""
    number = quantity.number
    if not SIGN.match(number.text):
        return quantity
    start = number.start + 1
    low, high = sorted(abs(end) for end in (number.low, number.high))
    value = abs(number.value) if number.value is not None else None
    number = number._replace(start=start, text=sentence[start:number.end], value=value, low=low, high=high)
    return replace(quantity, number=number, start=max(quantity.start, start))


def _read_quantity(sentence: str, number: NumberMatch) -> Quantity:
    if number.percent:
        return Quantity(number, number.start, number.end, "percent", "percent", _mark(PERCENT_MARK, number.text))
    if number.multiplier:
        device = _multiplier_of_devices(sentence, number)
        if device is not None:
            return device
        return Quantity(number, number.start, number.end, "ratio", None, _mark(RATIO_MARK, number.text))
    currency = match_currency_before(sentence, number.start)
    if currency:
        return _currency_quantity(sentence, number, currency)
    if "factor" in sentence and FACTOR_OF_BEFORE.search(sentence, max(0, number.start - 24), number.start) and match_unit(sentence, number.end) is None:
        return Quantity(number, number.start, number.end, "ratio", None, None)  # "by a factor of ~9.0": a ratio
    generation = WIRELESS_GENERATION.match(sentence, number.start)
    if generation and generation.end("digit") == number.end:
        return Quantity(number, number.start, generation.end(), "quantity", "wireless_generation", "G")
    hedged = CLASSIFIER_THEN_CUE.match(sentence, number.end)
    if hedged:
        return _hedged_count(sentence, number, hedged)
    unit = match_unit(sentence, number.end) or _unit_after_system(sentence, number)
    half = HALF_IN_CLASSIFIER.match(sentence, number.end)
    if unit is None and half:
        after = match_unit(sentence, half.end())
        if after is not None:
            unit = UnitMatch(number.end, after.end, sentence[number.end:after.end], after.expression)
    if unit is None and not number.percent:
        unit = match_bare_prefix(sentence, number.end)
    if unit is not None:
        return _unit_quantity(sentence, number, unit)
    inner = _unit_between_ends(sentence, number)
    if inner is not None:
        return Quantity(number, number.start, number.end, _kind(inner.expression), inner.expression, inner.text)
    if FRACTION.fullmatch(number.text):
        of_a = OF_A_UNIT.match(sentence, number.end)
        unit = match_unit(sentence, of_a.end()) if of_a else None
        if unit is not None:
            # "1/16 of a US pint": a fraction of one unit is that much of the unit.
            return Quantity(number, number.start, unit.end, _kind(unit.expression), unit.expression, unit.text)
        # "1/3 the cost", "H100 的 1/3": a fraction without a unit compares, like a multiplier.
        return Quantity(number, number.start, number.end, "ratio", None, None)
    if _compared_fraction_in_words(sentence, number):
        return Quantity(number, number.start, number.end, "ratio", None, None)
    return _counted(sentence, number)


def _compared_fraction_in_words(sentence: str, number: NumberMatch) -> bool:
    """Whether `number` is a fraction written in words that a comparison frames ("H200 的三分之一",
    "half the power of the H200"): a ratio, as "1/3 the cost" is."""
    if number.value is None or not 0 < number.value < 1 or DIGIT.search(number.text):
        return False
    return bool(
        ZH_FRACTION_COMPARED.search(sentence, max(0, number.start - 30), number.start)
        or EN_FRACTION_COMPARED.match(sentence, number.end)
    )


def _multiplier_of_devices(sentence: str, number: NumberMatch) -> Quantity | None:
    """"8× GB300", "4x H100": a multiplication sign before an accelerator's name counts
    that many of it (a count of GPUs), as "8 GB300s" would; a fraction never counts
    ("4.8TB/s (1.4x H100)" compares with the H100)."""
    if not number.text.endswith(("×", "x", "X")) or number.value is None or not float(number.value).is_integer():
        return None
    model = DEVICE_AFTER_TIMES.match(sentence, number.end)
    if model is None or not accelerator_pattern().match(sentence, model.end()):
        return None
    name = accelerator_pattern().match(sentence, model.end())
    digits = number.start + len(number.text.rstrip("×xX "))
    counted = number._replace(end=digits, text=sentence[number.start:digits], multiplier=False)
    return Quantity(counted, number.start, name.end(), "count", "gpu", sentence[model.end():name.end()])


def _hedged_count(sentence: str, number: NumberMatch, hedged: re.Match[str]) -> Quantity:
    """"5,000 颗以上 GPU", "10 个以上的节点", "200 家左右": the classifier, the hedge
    (read as the qualifier), then the unit or noun counted, if any."""
    classifier = hedged.group(0).strip()[0]
    unit = match_unit(sentence, hedged.end())
    if unit is not None:
        return Quantity(number, number.start, unit.end, _kind(unit.expression), unit.expression, classifier + unit.text)
    noun = HAN_NOUN.match(sentence, hedged.end())
    if noun:
        return Quantity(number, number.start, noun.end(), "count", None, classifier + noun.group(0), True)
    cue_end = len(sentence[:hedged.end()].rstrip(" \t的"))
    return Quantity(number, number.start, cue_end, "count", None, classifier, True)


def _unit_after_system(sentence: str, number: NumberMatch) -> UnitMatch | None:
    """A unit named with its system: "5 US gallons", "one U.S. fluid ounce"."""
    system = UNIT_SYSTEM.match(sentence, number.end)
    if system is None:
        return None
    unit = match_unit(sentence, system.end())
    if unit is None:
        return None
    return UnitMatch(system.start(1), unit.end, sentence[system.start(1):unit.end], unit.expression)


def _unit_between_ends(sentence: str, number: NumberMatch) -> UnitMatch | None:
    """The unit of a range written once between its ends ("from 208 pounds to 193")."""
    if number.value is not None:
        return None
    first = FIRST_END.match(number.text)
    if first is None:
        return None
    unit = match_unit(sentence, number.start + first.end())
    if unit is None or not RANGE_WORD.fullmatch(sentence, unit.end, number.end):
        return None
    return unit


def _mark(pattern: re.Pattern[str], text: str) -> str | None:
    found = pattern.search(text)
    return found.group(0) if found else None


def _currency_quantity(sentence: str, number: NumberMatch, currency: UnitMatch) -> Quantity:
    expression = currency.expression
    end = number.end
    per_units = _per_chain(sentence, number.end)
    if per_units:
        end, denominators = per_units
        expression = " / ".join([expression, *denominators])
    return Quantity(number, currency.start, end, "quantity", expression, currency.text + sentence[number.end:end])


def _per_chain(sentence: str, position: int) -> tuple[int, list[str]] | None:
    """Denominators written after a currency amount: "$2 per GPU-hour", "$5/hour"."""
    denominators = []
    end = position
    while True:
        separator = PER_SEPARATOR.match(sentence, end)
        if not separator:
            break
        atom = match_atom(sentence, separator.end())
        # "$3 billion a year earlier" says when; "$11.95/hr on-demand", "$2 per hour on Orbis" are rates.
        if atom is None or ARTICLE_SEPARATOR.fullmatch(separator.group(0)) and TIME_AGO.match(sentence, atom.end):
            break
        denominators.append(f"({atom.expression})")
        end = atom.end
    return (end, denominators) if denominators else None


def _and_a_half(sentence: str, number: NumberMatch, unit: UnitMatch) -> tuple[NumberMatch, UnitMatch]:
    """三斤半, 一吨半, 一个半小时: a half written after the unit or its classifier
    adds 0.5 to a whole number."""
    if number.value is None or not float(number.value).is_integer() or number.percent or number.multiplier:
        return number, unit
    if sentence.startswith("半", unit.end) and HAN_UNIT.match(unit.text):
        unit = UnitMatch(unit.start, unit.end + 1, unit.text + "半", unit.expression)
    elif not HALF_IN_CLASSIFIER.match(unit.text):
        return number, unit
    value = number.value + 0.5
    return NumberMatch(number.start, number.end, number.text, value, value, value, False, False), unit


def _unit_quantity(sentence: str, number: NumberMatch, unit: UnitMatch) -> Quantity:
    number, unit = _and_a_half(sentence, number, unit)
    expression = unit.expression
    if expression == "year" and _age_after_cue(sentence, number):
        expression = "year_of_age"  # "under the age of 5 years"
    start = number.start
    before = _per_units_before(sentence, number.start)
    if before is not None and not _is_per_only(expression):
        expression = f"({expression}) {before.expression[2:]}"
    else:
        container = _container_before(sentence, number.start) or _container_after(sentence, unit.end)
        if container is not None and not _is_per_only(expression) and not _per_device(expression):
            expression = f"({expression}) / {container}"
    kind = _kind(expression)
    end = unit.end
    per_noun = PER_NOUN.match(sentence, end)
    if per_noun and per_noun.group("noun").lower() not in NOT_NOUNS:
        # "128,000 GPUs per rail": the figure reads with its container, though
        # pint has no unit for it.
        end = per_noun.end()
    return Quantity(number, start, end, kind, expression, sentence[unit.start:end])


def _per_units_before(sentence: str, start: int) -> UnitMatch | None:
    """Per-units before the number, a short verb and a hedge allowed between
    ("每 GPU 每秒生成 6,200 个 token", "每秒处理超过 2 亿个")."""
    if not PER_PREFIX.search(sentence, max(0, start - PER_REACH), start):
        return None  # most figures have no "per" or 每 before them
    gap = PER_GAP.search(sentence, max(0, start - 12), start)
    for position in range(start, (gap.start() if gap else start) - 1, -1):
        found = match_per_units_before(sentence, position)
        if found is not None:
            return found
    return None


def _container_before(sentence: str, start: int) -> str | None:
    """The device a figure is per when "each/every/per/每 <device>" opens its clause
    ("Each NVL72 rack draws 190 kW", "每颗 Blackwell GPU 的带宽为 100 GB/s"):
    the device is one of the three words after the cue."""
    each = None
    for each in EACH_BEFORE.finditer(sentence, max(0, start - 80), start):
        pass
    if each is None or FIGURE_BEFORE_CUE.search(sentence, max(0, each.start() - 40), each.start()):
        return None
    device = _device_after(sentence, each.end(), start)
    return device.expression if device and CONTAINER_GAP.fullmatch(sentence, device.end, start) else None


def _per_device(expression: str) -> bool:
    """Whether `expression` is already per a device ("gigabit / gpu / second")."""
    dimensionality = unit_info(expression).dimensionality
    return any(f"/ {device}" in dimensionality for device in DEVICE_DENOMINATORS)


def _container_after(sentence: str, end: int) -> str | None:
    """The device after a figure, named with each/every ("800 Gb/s on each Blackwell GPU")."""
    each = EACH_AFTER.match(sentence, end)
    device = _device_after(sentence, each.end(), len(sentence)) if each else None
    return device.expression if device else None


def _device_after(sentence: str, position: int, stop: int) -> UnitMatch | None:
    """A device unit (rack, node, GPU...) among the three words from `position`."""
    for _ in range(3):
        atom = match_atom(sentence, position)
        if atom is not None and unit_info(atom.expression).dimensionality in DEVICE_DENOMINATORS:
            return atom
        word = LATIN_WORD.match(sentence, position, stop)
        if word is None:
            return None
        position = word.end()
    return None


def _kind(expression: str) -> str:
    return "percent" if expression == "percent" else "count" if _counts(expression) else "quantity"


def _is_per_only(expression: str) -> bool:
    return expression.startswith("1 /")


def _counts(expression: str) -> bool:
    """Whether `expression` counts things, alone or per container (GPUs per rack)."""
    parts = [part.strip("() ") for part in expression.split("/")]
    if not is_countable(parts[0]):
        return False
    return all(unit_info(part).dimensionality in DEVICE_DENOMINATORS for part in parts[1:])


def _counted(sentence: str, number: NumberMatch) -> Quantity:
    """A number with the noun it counts, if any ("22 goals", "2 亿个指标采样",
    "dozens of people", "tens of thousands of dollars")."""
    accelerator = ACCELERATOR_AFTER.match(sentence, number.end)
    if accelerator and accelerator_pattern().match(sentence, accelerator.end()):
        model = accelerator_pattern().match(sentence, accelerator.end())
        end = model.end()
        noun = chip_noun_pattern().match(sentence, end)
        if noun:
            end = noun.end()  # "two Trainium2 chips", "8 颗 H100 芯片": the chips are what is counted
        return Quantity(number, number.start, end, "count", "gpu", sentence[accelerator.start(1):end].strip())
    han = COUNTED_HAN.match(sentence, number.end)
    if han and _runs_on(sentence, number, han.end()):
        return Quantity(number, number.start, number.end, None)
    if han:
        rate = _per_units_before(sentence, number.start)
        if rate is not None and "[time]" in unit_info(rate.expression).dimensionality:
            # "每秒处理超过 2.5 亿个指标采样": a count per second before the verb is a rate,
            # like "200 million samples per second".
            return Quantity(number, number.start, han.end(), "quantity", rate.expression, han.group("noun"), True)
        return Quantity(number, number.start, han.end(), "count", None, han.group("noun"), True)
    position = number.end
    of = OF_THE.match(sentence, position)
    if of and not any(character.isdigit() for character in number.text):
        position = of.end()
        unit = match_unit(sentence, position)
        if unit is not None:
            return Quantity(number, number.start, unit.end, _kind(unit.expression), unit.expression, unit.text)
    if _age_after_name(sentence, number) or _age_after_cue(sentence, number):
        return Quantity(number, number.start, number.end, "quantity", "year_of_age", None)
    more = MORE_OF.match(sentence, position)
    if more and not sentence.startswith("-", position):
        position = more.end()  # "eight more picks": more of what is counted
    words = COUNTED_WORDS.match(sentence, position)
    if words is None or words.group(1).lower() in NOT_NOUNS or len(words.group(1)) < 2:
        return _rate_named_before(sentence, number) or Quantity(number, number.start, number.end, None)
    end = words.end(1)
    # "800 million weekly active users", "seven European countries": words before
    # a plural noun are part of what is counted; "six-cylinder engines" counts cylinders.
    hyphenated = sentence.startswith("-", position)
    for index in (2, 3):
        word = words.group(index)
        previous = words.group(index - 1)
        if hyphenated or not word or _plural(previous) or previous.lower() in NOT_NOUNS or word.lower() in NOT_NOUNS:
            break
        if _plural(word):
            end = words.end(index)
            break
    if end == words.end(1) and not hyphenated and _adjective_then_noun(words):
        end = words.end(2)  # "one particular demand", "60 commercial fishermen"
    rate = _per_time(sentence, end)
    if rate is not None:
        # "200 million samples per second": a count over time is a rate.
        return Quantity(number, number.start, rate.end, "quantity", f"1 / ({rate.expression})", sentence[words.start(1):rate.end], True)
    return Quantity(number, number.start, end, "count", None, sentence[words.start(1):end], True)


def _runs_on(sentence: str, number: NumberMatch, noun_end: int) -> bool:
    """Whether a small count in Chinese numerals has no noun but the start of a clause after
    its classifier ("两个标注把这", "六颗重新设计的"): the words are prose, not a count of things."""
    if number.value is None or number.value >= SMALL_COUNT or any(character.isdigit() for character in number.text):
        return False
    return NOUN_BREAK.match(sentence, noun_end) is not None


def _rate_named_before(sentence: str, number: NumberMatch) -> Quantity | None:
    """"a token rate of 900 per second": what is counted is named before the figure,
    only its time unit after it."""
    named = RATE_OF.search(sentence, max(0, number.start - 40), number.start)
    per = _per_time(sentence, number.end)
    if named is None or per is None:
        return None
    counted = match_atom(sentence, named.start("noun"))
    if counted is not None and counted.end == named.end("noun") and is_countable(counted.expression):
        return Quantity(number, number.start, per.end, "quantity", f"({counted.expression}) / ({per.expression})", sentence[number.end:per.end].strip())
    return Quantity(number, number.start, per.end, "quantity", f"1 / ({per.expression})", named.group("noun"), True)


def _age_after_name(sentence: str, number: NumberMatch) -> bool:
    """A whole number under 120 in commas after a name is an age ("Senard, 65, said")."""
    if number.value is None or not INTEGER.fullmatch(number.text) or not 0 < number.value < 120:
        return False
    return bool(AGE_BEFORE.search(sentence, max(0, number.start - 30), number.start) and AGE_AFTER.match(sentence, number.end))


def _age_after_cue(sentence: str, number: NumberMatch) -> bool:
    """"at the age of 35", "women aged 25": a number right after an age cue."""
    return bool(AGE_CUE.search(sentence, max(0, number.start - 12), number.start))


def _adjective_then_noun(words: re.Match[str]) -> bool:
    """Whether the first counted word is an adjective by its ending and a noun follows."""
    first, second = words.group(1), words.group(2)
    if not second or not first.islower() or not second.islower() or second in NOT_NOUNS or _plural(first):
        return False
    return first.endswith(ADJECTIVE_ENDINGS) and not second.endswith(ADJECTIVE_ENDINGS + ("ly",))


def _plural(word: str) -> bool:
    """Whether an English word reads as a plural noun by its spelling."""
    return word.endswith("s") and not word.lower().endswith(SINGULAR_ENDINGS)


def _per_time(sentence: str, position: int) -> UnitMatch | None:
    """A unit of time after "per", "a" or "each" at `position` ("per second", "a day")."""
    separator = PER_TIME.match(sentence, position)
    if separator is None:
        return None
    atom = match_atom(sentence, separator.end())
    if atom is None or unit_info(atom.expression).dimensionality != "[time]" or TIME_AGO.match(sentence, atom.end):
        return None
    return atom


def _share_units(sentence: str, quantities: list[Quantity]) -> None:
    """Give a bare number the unit of the next one when a list joins them
    ("80,000 与 800,000 TPS/MW", "3 and 5 GB", "10, 20 and 30%", "7- or 8-inch"),
    or of the one before in a change ("from 208 pounds to 193"), its container too ("单卡算力由
    196 TOPS 提升至 256 TOPS"), or of the one after, when only that one is per something ("from $1.70 to
    $2.35/hour")."""
    for index in range(len(quantities) - 2, -1, -1):
        current, following = quantities[index], quantities[index + 1]
        if current.kind is not None and not current.counted_noun or following.kind is None:
            continue
        if current.counted_noun and current.end > current.number.end:
            continue
        if not SHARED_UNIT_GAP.match(sentence[current.number.end:following.start]):
            continue
        if DATING_YEAR.search(sentence, max(0, current.start - 12), current.number.end):
            continue  # "64.1% in the first quarter of 2018 and 63.9% ...": the year dates a figure, no list item
        if current.number.value is not None and following.number.value is not None and not _like_size(current.number.value, following.number.value):
            continue  # "at 16,644, 16 per cent above": not one list
        _take_unit(current, following)
    for previous, current in zip(quantities, quantities[1:]):
        if not (
            FROM_BEFORE.search(sentence, max(0, previous.start - 14), previous.start)
            and TO_BETWEEN.fullmatch(sentence, previous.end, current.start)
        ):
            continue
        if current.kind is None and previous.expression is not None:
            _take_unit(current, previous)
        elif previous.kind is None and current.kind is not None and previous.end == previous.number.end:
            _take_unit(previous, current)  # "cut from 27 to 10 minutes": both in minutes
        elif current.expression and (previous.expression or "").startswith(f"({current.expression}) / "):
            current.expression = previous.expression  # "单卡算力由 196 TOPS 提升至 256 TOPS": both per card
        elif previous.expression and previous.end == previous.number.end and _per_something_of(current.expression, previous.expression):
            previous.expression = current.expression  # "from $1.70 to $2.35/hour": both per hour


def _per_something_of(expression: str | None, unit: str) -> bool:
    """Whether `expression` is `unit` per something ("dollar / (hour)" of "dollar")."""
    return bool(expression) and expression.startswith((f"{unit} / ", f"({unit}) / "))


def _share_prices(sentence: str, quantities: list[Quantity]) -> None:
    """Amounts of one currency and of like size listed with a price per token are priced per
    the same tokens: a plain amount right before it ("$3 and $15 per million tokens", "$0.10/$0.40
    per MTok"), and one after it with only the label of what that one prices between ("每百万
    tokens 输入 2 元，输出 8 元")."""
    for current, following in zip(quantities, quantities[1:]):
        if _token_price_of(following, current) and PRICE_LIST_GAP.fullmatch(sentence, current.end, following.start):
            current.expression = following.expression
    for current, following in zip(quantities, quantities[1:]):
        if _token_price_of(current, following) and PRICE_LABEL_GAP.fullmatch(sentence, current.end, following.start):
            following.expression = current.expression


def _token_price_of(price: Quantity, amount: Quantity) -> bool:
    """Whether `price` is a price per token in the currency of `amount`, a plain amount of
    like size ("$15 per million tokens" and "$3")."""
    if amount.kind != "quantity" or amount.expression not in unit_table()["currencies"] or price.kind != "quantity" or not price.expression:
        return False
    if price.number.value is None or amount.number.value is None or not _like_size(price.number.value, amount.number.value):
        return False
    dimensionality = unit_info(price.expression).dimensionality
    return dimensionality == f"{unit_info(amount.expression).dimensionality} / [token]"


def _share_parallel_units(sentence: str, quantities: list[Quantity]) -> None:
    """A bare figure written in parallel with an earlier one of like size takes its
    unit: "435 homes by sale and 187 by tender", "84.75 cents, the lowest 74.07",
    "3.9 million headsets, up from 2.4 million", a range too ("9,000 racks, up from 2,000-3,000")."""
    for index, bare in enumerate(quantities):
        size = _size(bare.number, sentence)
        if index == 0 or bare.kind is not None or size is None or not DIGIT.search(bare.number.text):
            continue
        if GLUED_WORD.match(sentence, bare.number.end):
            continue  # "2400TPS、50msTPOT": 50 has a unit of its own, unread, not the TPS
        for source in reversed(quantities[max(0, index - 3):index]):
            if SENTENCE_BREAK.search(sentence, source.end, bare.number.start):
                break
            if source.dimensionless:
                break
            # A percentage or multiplier between is a change, not what is measured
            # ("lost 162.31 points, or 2.14%, to 7,425.81"); a range between is a detail.
            if source.kind in (None, "percent", "ratio") or source.number.value is None:
                continue
            if bare.number.start - source.end > PARALLEL_REACH:
                continue
            if _like_size(source.number.value, size):
                _take_unit(bare, source)
                break


def _size(number: NumberMatch, sentence: str) -> float | None:
    """A number's value, or the upper end of a range a change started from ("up from 2,000-3,000";
    not any range: "75-300mm f/4-5.6" has no unit for the 4-5)."""
    if number.value is not None:
        return number.value
    return number.high if FROM_BEFORE.search(sentence, max(0, number.start - 14), number.start) else None


def _like_size(first: float, second: float) -> bool:
    first, second = abs(first), abs(second)
    if first == 0 or second == 0:
        return False
    return 1 / LIKE_SIZE <= first / second <= LIKE_SIZE


def _share_containers(sentence: str, quantities: list[Quantity]) -> None:
    """Counts listed together share the container written after the last one
    ("72 GPUs and 36 CPUs per rack": both per rack) or before the first
    ("每个机架有 72 颗 GPU 和 36 颗 CPU")."""
    for index in range(len(quantities) - 2, -1, -1):
        current, following = quantities[index], quantities[index + 1]
        if _lone_count(current) and _contained_count(following) and _listed(sentence, current, following):
            current.expression = f"{current.expression} / {following.expression.split(' / ', 1)[1]}"
    for current, following in zip(quantities, quantities[1:]):
        if current.expression and current.expression.startswith("(") and _contained_count(current):
            if _lone_count(following) and _listed(sentence, current, following):
                following.expression = f"{following.expression} / {current.expression.split(' / ', 1)[1]}"


def _lone_count(quantity: Quantity) -> bool:
    return quantity.kind == "count" and quantity.expression is not None and "/" not in quantity.expression


def _contained_count(quantity: Quantity) -> bool:
    return quantity.kind == "count" and quantity.expression is not None and " / " in quantity.expression


def _listed(sentence: str, first: Quantity, second: Quantity) -> bool:
    return SHARED_UNIT_GAP.match(sentence[first.end:second.number.start]) is not None


def _join_changes(sentence: str, quantities: list[Quantity]) -> list[Quantity]:
    """Two figures of one unit that frame a change ("from $75 to $45.88",
    "from 450 sq ft up to 900 sq ft") read as one range between them."""
    joined: list[Quantity] = []
    for quantity in quantities:
        previous = joined[-1] if joined else None
        if previous is not None and _frame_change(sentence, previous, quantity):
            joined[-1] = _range_of(sentence, previous, quantity)
        else:
            joined.append(quantity)
    return joined


def _frame_change(sentence: str, first: Quantity, second: Quantity) -> bool:
    """Whether "from <first> to <second>" frames a change, both in one unit."""
    if first.number.value is None or second.number.value is None or first.kind is None:
        return False
    if (first.kind, first.expression) != (second.kind, second.expression):
        return False
    if first.expression is None and (first.unit_text or "").lower() != (second.unit_text or "").lower():
        return False
    before = max(0, first.start - 14)
    if not (FROM_BEFORE.search(sentence, before, first.start) and CHANGE_TO.fullmatch(sentence, first.end, second.start)):
        return False
    # "fell from $2,415 to $2,315": a change verb makes them the values before and after it.
    return not changes_from(sentence, max(0, first.start - CHANGE_FROM_REACH), first.start)


def _range_of(sentence: str, first: Quantity, second: Quantity) -> Quantity:
    start, end = first.number.start, second.number.end
    low, high = sorted((first.number.value, second.number.value))
    number = NumberMatch(
        start, end, sentence[start:end], None, low, high, first.number.percent, first.number.multiplier,
        first.number.scaled or second.number.scaled,
    )
    return Quantity(number, first.start, second.end, first.kind, first.expression, first.unit_text, first.counted_noun, first.dimensionless)


def _join_compound_measures(sentence: str, quantities: list[Quantity]) -> list[Quantity]:
    """A measure written in a larger and a smaller unit is one figure in the larger:
    "5 feet 11 inches", "2 hours 15 minutes", "两美元又三美分", "3 dollars and 20 cents"."""
    joined: list[Quantity] = []
    for quantity in quantities:
        previous = joined[-1] if joined else None
        ratio = _smaller_part(sentence, previous, quantity) if previous is not None else None
        if ratio is None:
            joined.append(quantity)
            continue
        value = previous.number.value + quantity.number.value * ratio
        start, end = previous.number.start, quantity.number.end
        number = NumberMatch(start, end, sentence[start:end], value, value, value, False, False)
        joined[-1] = Quantity(number, previous.start, quantity.end, previous.kind, previous.expression, previous.unit_text)
    return joined


def _smaller_part(sentence: str, larger: Quantity, smaller: Quantity) -> float | None:
    """How many of `larger`'s unit one of `smaller`'s is, when `smaller` continues it."""
    if larger.kind != "quantity" or smaller.kind != "quantity" or not larger.expression or not smaller.expression:
        return None
    if larger.number.value is None or smaller.number.value is None or "/" in larger.expression + smaller.expression:
        return None
    if not COMPOUND_GAP.fullmatch(sentence, larger.end, smaller.start) or larger.expression in OFFSET_UNITS:
        return None
    big, small = unit_info(larger.expression), unit_info(smaller.expression)
    if big.dimensionality != small.dimensionality:
        return None
    ratio = si_value(1.0, smaller.expression) / si_value(1.0, larger.expression)
    # The smaller part must be smaller than one of the larger unit (5 ft 11 in, not 5 ft 13 in).
    if not (ratio < 1 and smaller.number.value * ratio < 1):
        return None
    # Decimal units are never written in two parts ("5 GB and 200 MB" are two sizes), money is.
    decimal = abs(math.log10(ratio) - round(math.log10(ratio))) < 1e-9
    return None if decimal and larger.expression not in unit_table()["currencies"] else ratio


def _take_unit(bare: Quantity, source: Quantity) -> None:
    """`bare` reads with the unit written once for it and `source`."""
    bare.kind = source.kind
    bare.expression = source.expression
    bare.unit_text = source.unit_text
    bare.counted_noun = source.counted_noun
    bare.end = bare.number.end


def is_year(quantity: Quantity) -> bool:
    """A four-digit number that reads as a year: bare (2025, A.D. 1260) or naming
    what it counts ("2018 sales"), never with a unit of its own."""
    if quantity.expression is not None or not YEAR_LIKE.match(quantity.number.text):
        return False
    return quantity.kind is None or quantity.counted_noun


def is_score(quantity: Quantity) -> bool:
    """A bare "range" with equal ends reads as a score or a tie ("2-2", "89-89")."""
    number = quantity.number
    return quantity.kind is None and number.value is None and number.low == number.high


def is_label(sentence: str, quantity: Quantity) -> bool:
    """A bare number that labels rather than measures: after a capitalised word
    ("iPhone 11", "Boeing 787", "Model 3") or a noun that numbers things
    ("category 4 hurricane", "tier 1 suppliers", "phase 2"), before a graphics card or "one card"
    ("4090显卡", "4090单卡"), a code with a leading zero ("0401"),
    or a number alone in brackets ("(4)"), and "one" before a figure."""
    if quantity.kind is not None and not quantity.counted_noun or quantity.expression is not None:
        return False
    number = quantity.number
    if INTEGER.fullmatch(number.text) and (
        NAME_BEFORE.search(sentence, max(0, number.start - 40), number.start) or LABEL_NOUN_BEFORE.search(sentence, max(0, number.start - 16), number.start)
    ):
        return True
    if number.text.startswith("0") and INTEGER.fullmatch(number.text) and len(number.text) > 1:
        return True
    if INTEGER.fullmatch(number.text) and MODEL_CARD_AFTER.match(sentence, number.end):
        return True  # "4090显卡", "4090单卡": the card's model
    if number.text.lower() == "one" and DIGITS_AFTER.match(sentence, number.end):
        return True  # "just one 52,000 barrel-a-day refinery": an article, not a count
    return sentence[number.start - 1:number.start] == "(" and sentence[number.end:number.end + 1] == ")"

