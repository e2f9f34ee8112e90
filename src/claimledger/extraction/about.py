"""What a figure is about: its subject (from the roles, extraction/roles.py), its metric
(a concept of data/metrics.toml) and its condition (extraction/conditions.py).

Metric, nearest first: a metric the figure's own unit names ("16,635 tokens per
second per GPU"); one written right after it ("1.6 Tb/s of scale-out bandwidth",
"10x the TPS/MW of"); one in its clause before it, or set off right before it
("the bandwidth, 1.6 Tb/s", "its revenue—it reached $1.1 billion"); for ratios and percentages, the one a comparative right
after names (`[from_comparative]`: "3 times faster" is speed, "比 A100 快 3 倍" too),
else one earlier in the sentence or after it in its clause. A metric held equal in a
comparison ("at the same interactivity", "锁定相同交互性") is never the one measured. With no word for
it, the unit's dimensionality names it (`[from_unit]`: "8 TB/s" is bandwidth, "TB/s
per GPU" bandwidth per GPU; money per hour, minute or second is a price, `[rent]`, per device
"price per GPU-hour"; a mass is a weight); never a
model or benchmark name, never raw dimensions.
A price by what it prices (a `[dimension]` in [currency]: "price of input tokens") holds
only money, per token or plain, or a change of one: "5,000 input tokens per second" is
measured by its unit. A count of what no unit names (a `[dimension]` of "": customers,
units sold) holds only a bare number or a change of one: "its customers rent 8 GPUs"
counts GPUs.

Subject text: a bare model code takes the full name the sentence gives it elsewhere
("Each Kestrel K4 ..., and a K4 rack draws 140 kW" -> Kestrel K4). A counted name
("Stratus will deploy 18,432 Kestrel K3 GPUs") with nothing else to be the subject
gives the fleet to the organisation opening the sentence; with no one there, the count
has no subject (it is no figure of the K3: every fleet of them would be one), while the
sentence's other figures stay the counted product's ("Four GB300 NVL72 racks draw 530
kW"). A figure each of them holds stays the product's whoever opens the sentence
("Stratus will deploy 18,432 K3 GPUs, each with 141 GB"). With no name at all, an unknown name opening the sentence before a verb is the
subject (not of a figure describing a name right after it: "the 93-petaflop Sunway TaihuLight") ("Kestrel Silicon today announced ...", "火山引擎公布了 ..."), also past an appositive ("Fluidstack, a
cloud startup, raised ..."); never a person named by a title ("CEO Dana Reyes said ...") nor people
("Analysts expected ..."): they are claimants. A figure a standard sets ("the JEDEC standard of 8 Gbps")
is the standard's, never the product's measured against it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.extraction.annotate import Annotated
from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.candidates import METRIC_LINK
from claimledger.extraction.conditions import Condition, fold_condition
from claimledger.extraction.cues import PERIOD_ADVERB, any_phrase, cue_table, fold, labelled_alternation, lowered
from claimledger.extraction.metrics import Metric, bare_count_metrics, metric_table, metric_words, rate_metrics, segment_names, segment_words
from claimledger.extraction.names import HARDWARE, SIBLING_RULE, Name
from claimledger.extraction.roles import EACH_HOLDS, Roles, SentenceRoles, assign_roles, counted
from claimledger.extraction.shapes import not_brand
from claimledger.extraction.units import ordered_dimensionality, unit_info
from claimledger.organisation import currency_dimensionalities, is_currency, organisation_metrics
from claimledger.text.scripts import HAN
from claimledger.text.traditional import simplified

# A metric named right after the figure: "1.6 Tb/s of scale-out bandwidth",
# "10x the TPS/MW of ...", "6x more tokens per second than ...", "260 TB/s 的全互联带宽",
# "a 13% year-on-year revenue increase", "$200 billion 2026 capex guidance".
METRIC_AFTER = re.compile(
    rf"^\s*(?:(?:19|20)\d\d\s+)?(?:{PERIOD_ADVERB})?(?:(?:of|in|for)\s+(?:[\w-]+\s+){{0,2}}?|(?:the|more|higher|greater|better|lower|less|fewer|faster)\s+|的\s*"
    # a type or part code between: "48 GB GDDR6 memory", "144 GB HBM3e 内存", "128GB的GDDR7内存"
    r"|(?:的\s*)?(?:[A-Z][A-Za-z]*\d[\w-]*\s*){1,2}(?:的\s*)?)?$",
    re.IGNORECASE,
)
METRIC_AFTER_WINDOW = 40
# What an order or a contract is worth: its buyer's or its seller's, never the hardware it buys (roles.assign_roles).
DEAL_METRICS = frozenset({"orders", "contract value"})
# Between a figure and the memory part it measures: "288 GB of HBM3e", "8 TB/s HBM4", "24GB 的 GDDR7".
MEMORY_PART_GAP = re.compile(r"\s*(?:of\s+|的\s*)?")
# What leads from a comparative to the measure it compares in: "faster ... in tokens per second", "的推理速度".
COMPARED_IN = re.compile(r"(?:\b(?:in|on|for|at|by)\s+(?:terms\s+of\s+)?(?:the\s+|its\s+|their\s+)?|的\s*)$", re.IGNORECASE)
# A metric set off right before the figure: "the scale-out bandwidth, 1.6 Tb/s".
# The longest link METRIC_LINK can read between a metric and the number it names, and the link
# read in any case (on the sentence itself: no lowered copy of each stretch).
METRIC_LINK_REACH = 80
# The units of a change of a percentage.
POINTS = frozenset({"percentage_point", "basis_point"})
# A note in brackets may stand between ("经营利润(Non-IFRS)310.5亿元", "revenue (GAAP) was"); one
# holding a digit is a figure of its own.
METRIC_LINK_ANY_CASE = re.compile(r"(?:\s*[(（][^()（）\d]{1,24}[)）])?" + METRIC_LINK.pattern, re.IGNORECASE)
# A word for a whole market or industry: units shipped there are no speaker's own ("全球出货量", "industry shipments").
MARKET_WIDE = re.compile(r"全球|全国|全行业|整体市场|市场|产业|行业|\b(?:global|worldwide|industry|market)\b", re.IGNORECASE)
# A clause opening with a whole market or industry, a period maybe before it: "，到2030年全球…", "，全球…支出".
MARKET_OPENING = re.compile(r"\s*(?:(?:到|至)?\s*\d{4}\s*年\s*)?(?:全球|全国|全行业|\b(?:global|worldwide)\b)", re.IGNORECASE)
# Or taken up again after a dash by a pronoun and its verb: "its data center revenue—it reached $1.14 billion";
# or given in brackets right after it: "营业收入（4.38亿元）大幅增长".
METRIC_APPOSITIVE = re.compile(r"\s*(?:[,:，：(（]|[—–]\s*(?:it|which)\s+(?:[a-z]+\s+){1,3}?(?:of\s+|at\s+|to\s+)?)\s*$")
# A bare share word between a revenue and a percentage ("收入约 31 亿元（占比提升至 59%）"): the share
# that revenue is of the whole, not the revenue (data/metrics.toml writes "营收占比" and "占营收比重" whole).
SHARE_WORD = re.compile(r"占比|所占比重|所占比例")
# A guidance given for a metric, its figure in the next clause ("营收给出乐观指引，中值为 650 亿美元").
GUIDED_FIGURE = re.compile(r"[^，,。；;]{0,8}指引\s*[,，]\s*(?:其)?(?:中值|中位数|中点|区间|范围)?\s*(?:为|是|在|约为)?\s*$")
SENTENCE_SUBJECT = re.compile(
    # an appositive may stand between: "Fluidstack, a cloud-computing startup, is preparing ..."
    r"(?P<name>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})(?:'s)?(?:,\s+(?:a|an|the)\s+[^,;]{1,100},)?\s+(?:today\s+|yesterday\s+|now\s+|also\s+)?"
    r"(?:said|says|announced|announces|delivered|delivers|reported|reports|posted|posts|achieved|achieves"
    r"|offers|offered|provides|provided|runs|ran|serves|served|reached|reaches|hit|hits|has|had|is|was|will"
    r"|expects|expected|plans|planned|claims|claimed|sets|measured|recorded|ships|shipped|trained|completed"
    r"|quotes|quoted|cites|cited|lists|listed|promises|promised|targets|touts|touted|unveiled|unveils|scored|scores"
    r"|booked|books|logged|logs|generated|generates|earned|earns|grew|grows|saw|sees"
    r"|raised|raises|secured|secures|invested|invests|surpassed|surpasses|topped|tops|draws|drew|consumes|consumed)\b"
)
HAN_SENTENCE_SUBJECT = re.compile(
    # "据公司介绍", "根据报告", "另据知情人士": a source being cited, not a subject.
    rf"(?![另又]?据|根据)(?P<name>[A-Za-z][\w-]*(?:\s+[A-Z][\w-]*){{0,2}}|[{HAN}]{{2,6}}?)\s*(?:方面)?\s*(?:今天|今日|也|已|此前曾|此前|之前|早前|日前|近日|曾)?"
    # a date between: "美利云4月24日发布一季报"
    r"(?:\s*(?:\d{1,2}月)?\d{1,2}日\s*)?"
    # Speech verbs (表示, 称, 指出) name a claimant, not a subject (extraction/claimant.py); so does
    # "给出的换算" (the speaker's working of a figure).
    r"(?:宣布|公布|发布|披露|透露|给出(?!的(?:换算|测算|估算|说法)))"
)
# A pair of token prices, input then output: "$0.59 in / $0.79 out".
IN_BEFORE_OUT = re.compile(r"\s+in\s*/\s*[$€£¥]?\s*\d[\d.,]*\s*(?:[$€£¥]\s*)?out\b")
IN_SLASH_BEFORE = re.compile(r"\bin\s*/\s*$")
OUT_AFTER = re.compile(r"\s+out\b")
# A figure alone in brackets after a capitalised name: "Fireworks (683.4 t/s)", "Together AI (512 t/s)".
NAME_BEFORE_BRACKET = re.compile(r"(?<![\w&.-])(?P<name>[A-Z][a-z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s*\(\s*$")
CLOSE_PAREN_AFTER_SPACES = re.compile(r"\s*\)")
# "the JEDEC standard of 8 Gbps", "the PCIe 6.0 specification's 64 GT/s": a figure a standard sets,
# with the name it is written under.
STANDARD_BEFORE = re.compile(
    r"(?P<name>\b[A-Z][\w.-]*(?:[ \t]+[A-Z0-9][\w.-]*){0,2})[ \t]+(?P<word>standard|specification|spec)"
    r"(?:['’]s|[ \t]+of)[ \t]+(?:(?:about|around|up[ \t]+to|just)[ \t]+)?(?:[$€£¥][ \t]?)?$"
)
NOT_A_SUBJECT = frozenset(
    "The This That These Those It Its Our We They He She In On At For With By A An All Each "
    "Today Meanwhile Last Next After Since During When While If But And So Overall Still There Here "
    "公司 该公司 我们 他们 报告 博客 文章 数据 官方 媒体 分析师 财报 分析 消息 业内 此前 之前 早前 日前 近日 目前 今年 去年".split()
)
# People, not a subject: "知情人士透露", "相关人员表示".
PEOPLE_ENDINGS = ("人士", "人员", "分析师", "媒体")
PLURALS = {"token": "tokens", "query": "queries", "request": "requests", "sample": "samples", "gpu": "GPUs", "cpu": "CPUs", "rack": "racks",
           "node": "nodes", "server": "servers", "core": "cores", "thread": "threads", "frame": "frames"}
UPPER_UNITS = {"gpu": "GPU", "cpu": "CPU", "megawatt": "MW", "kilowatt": "kW", "gigawatt": "GW", "watt": "W"}
DEVICES = ("[gpu]", "[cpu]", "[rack]", "[node]", "[server]")
# What a figure is measured on, never whose it is.
WORKLOAD_KINDS = ("model", "benchmark")


class About(NamedTuple):
    """Subject, metric and condition of one figure, and the roles that decided them."""

    subject: str | None
    subject_id: str | None
    metric: str | None
    condition: Condition
    roles: Roles


def describe(
    annotated: Annotated,
    start: int,
    end: int,
    kind: str | None,
    expression: str | None,
    rule_roles: SentenceRoles,
    counted_noun: bool = False,
    unit_text: str | None = None,
    baseline_wrapper: tuple[int, int] | None = None,
) -> About:
    """Subject, metric and condition of the figure at [start, end) of the sentence, whose
    names have `rule_roles` by the sentence (roles.sentence_roles).

    Only ratios and percentages borrow a metric from outside their clause
    ("纵轴是每 MW 每秒 token 数：... 接近 10 倍"); a count or a measure names its own.
    A counted noun ("1 亿个遥测采样") is its own unit: no metric comes from its dimensions.
    A metric word among the words wrapping the baseline's name (`baseline_wrapper`: "a
    cluster of" H100 GPUs) measures nothing of the figure.
    """
    text, folded, names = annotated.text, annotated.simple, annotated.names
    clause = clause_bounds(folded, start, end)
    # A change in points of a percentage is relative too ("54%, up 40 basis points": the margin's).
    relative = kind in ("ratio", "percent") or expression in POINTS
    metric = _metric(annotated, start, end, clause, relative, baseline_wrapper) or _unit_named(unit_text) or (
        _counted_rate(annotated, start, expression, unit_text) if counted_noun else unit_metric(kind, expression)
    )
    if metric in _generic_metrics() and not counted_noun:
        metric = unit_metric(kind, expression) or metric  # "performance of 4.6 PFLOPS" measures compute
    elif unit_metric(kind, expression) in _narrowed_by_unit().get(metric, ()):
        metric = unit_metric(kind, expression)  # "吞吐量 2400 TPS" measures tokens per second
    elif metric in rate_metrics() and kind == "count":
        metric = unit_metric(kind, expression)  # "算力规模 8192 卡": a count of cards is no rate
    elif metric in _prices() and not _priced(kind, expression, _dimensions()[metric]):
        metric = unit_metric(kind, expression)  # "1,000 input tokens per second" is no price, "40 startups" no investment
    elif metric in bare_count_metrics() and not _bare(kind, expression):
        metric = unit_metric(kind, expression)  # "its customers rent 8 GPUs": a count of GPUs, no customers
    elif metric in _dimensions() and kind == "quantity" and _written_in(expression) != _dimensions()[metric]:
        metric = unit_metric(kind, expression) or metric  # "288 GB" beside "bandwidth" is a capacity
    elif kind == "count" and _dimensions().get(metric):
        # "use 2 GW of power and span 11 buildings": a count measures no power
        metric = _unit_named(unit_text) or (
            _counted_rate(annotated, start, expression, unit_text) if counted_noun else unit_metric(kind, expression)
        )
    metric = _memory_measured(annotated, end, kind, expression) or metric
    metric = _per_device_metric(metric, kind, expression)
    money = is_money(expression)
    if money and metric not in _money_metrics():
        metric = None  # "24 GB of memory for $799": the amount is no memory
    if money:
        metric = _priced_in_or_out(text, start, end) or metric
    organisation_metric = metric in organisation_metrics() or money
    own_money = organisation_metric and metric not in _market_metrics() and not (
        metric is None and MARKET_OPENING.match(folded, clause[0])  # "，全球基础设施支出将达 3 万亿美元": nobody's own
    ) or (metric in _output_metrics() and MARKET_WIDE.search(folded, 0, start) is None)
    roles = assign_roles(
        folded, names, start, end, clause, rule_roles, organisation_metric, relative, own_money, annotated.registry,
        count=(kind or "count") == "count", deal=metric in DEAL_METRICS,
    )
    subject = roles.subject
    subject_text = subject_id = None
    if subject is not None:
        if counted(folded, subject) and not [n for n in names if n is not subject and n.kind in HARDWARE]:
            # "Stratus will deploy 18,432 Kestrel K3 GPUs": the fleet is the deployer's; the count
            # itself is no figure of the K3 ("the cluster has 16,000 H200 GPUs": every fleet of them would be one).
            opener = _opening_subject(text, names)
            if start <= subject.start < end or opener and not EACH_HOLDS.match(folded, subject.end, start):
                subject_text = opener
            else:
                subject_text, subject_id = full_name(subject, names), subject.entity.id
        else:
            subject_text, subject_id = full_name(subject, names), subject.entity.id
    elif not _modifies_a_name(text, start, end):
        subject_text = _opening_subject(text, names, roles.of_name, organisation_metric)
    bracketing = _bracketing_name(text, names, start, end)
    if bracketing is not None:
        subject_text, subject_id = bracketing, None
    standard = _standard_before(text, start)
    if standard is not None:
        # The standard's figure is a baseline the product is measured against, never the product's own.
        subject_text, subject_id = f"{standard.group('name')} {standard.group('word')}", None  # carried to no other figure
        roles = roles._replace(of_name=tuple(None if role == "subject" else role for role in roles.of_name), subject=None)
    condition = fold_condition(text, folded, names, roles.of_name, start, end, clause, metric, annotated.figure_spans)
    return About(subject_text, subject_id, metric, condition, roles)


def comparative_metric(folded: str, start: int, end: int) -> str | None:
    """The metric a comparative right after a ratio or percentage names ("3 times faster",
    "40% cheaper"), or in Chinese right before it ("快 3 倍"): data/metrics.toml [from_comparative]."""
    after, before, metrics = _comparatives()
    found = after.match(lowered(folded), end) or before.search(folded, max(0, start - 6), start)
    return metrics[fold(found.group("word"))] if found else None


@cache
def _comparatives() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """(comparative right after a figure, Chinese comparative right before one, {folded word: metric})."""
    table = metric_table()["from_comparative"]
    after, metrics = labelled_alternation({metric: words["after"] for metric, words in table.items()})
    before, before_metrics = labelled_alternation({metric: words["before"] for metric, words in table.items()})
    return (
        re.compile(rf"\s*(?P<word>{after})\b"),
        re.compile(rf"(?P<word>{before})\s*(?:了|约|近)?\s*$"),
        metrics | before_metrics,
    )


def _unit_named(unit_text: str | None) -> str | None:
    """The concept a unit written as a metric's name stands for ("TPS/MW"), also when one unit
    serves two figures ("80,000 与 800,000 TPS/MW": both measure tokens per second per MW)."""
    return _metric_aliases().get(" ".join(lowered(simplified(unit_text)).split())) if unit_text else None


@cache
def _metric_aliases() -> dict[str, str]:
    return {
        " ".join(lowered(simplified(alias)).split()): concept["name"]
        for concept in metric_table()["concept"] for alias in concept.get("aliases", ())
    }


@cache
def _money_metrics() -> frozenset[str]:
    """Concepts an amount of money can measure: an organisation's money, prices and costs."""
    return organisation_metrics() | {
        concept["name"] for concept in metric_table()["concept"] if concept["name"].startswith(("cost", "price", "inference cost", "discount"))
    }


@cache
def _dimensions() -> dict[str, str]:
    """The dimensionality each measure of data/metrics.toml [dimension] is written in."""
    return metric_table()["dimension"]


@cache
def _prices() -> frozenset[str]:
    """Measures of data/metrics.toml [dimension] written in money: prices by what is priced,
    investment, funding."""
    return frozenset(metric for metric, dimensionality in _dimensions().items() if CURRENCY in dimensionality)


def _priced(kind: str | None, expression: str | None, dimensionality: str) -> bool:
    """Whether a figure can be a price written in `dimensionality`: an amount of money per what
    it prices, a plain amount ("输入价格为 4 元"), or a change of one ("输出价格下降 50%")."""
    return kind in ("ratio", "percent") or is_money(expression) or _written_in(expression) == dimensionality


CURRENCY = "[currency]"
DIMENSION_NAME = re.compile(r"\[\w+\]")


def _bare(kind: str | None, expression: str | None) -> bool:
    """Whether a figure can be a count of what no unit names: written with no unit, or a ratio or
    percentage ("4,000 customers", "销量增长 30%")."""
    return kind in ("ratio", "percent") or not expression


@lru_cache(maxsize=1024)
def _written_in(expression: str | None) -> str | None:
    """The dimensionality a measure of [dimension] is compared in: without per-device
    denominators, each currency written [currency] ("$3 per million tokens": [currency] / [token])."""
    return _any_currency(_device_free(expression))


@cache
def _rent_times() -> frozenset[str]:
    """The units of time money per which is a price (data/metrics.toml [rent])."""
    return frozenset(metric_table()["rent"]["times"])


def _any_currency(dimensionality: str | None) -> str | None:
    """`dimensionality` with each currency's dimension written [currency] ("[usd] / [token]" -> "[currency] / [token]")."""
    if not dimensionality:
        return dimensionality
    currencies = currency_dimensionalities()
    return DIMENSION_NAME.sub(lambda found: CURRENCY if found.group(0) in currencies else found.group(0), dimensionality)


def _device_free(expression: str | None) -> str | None:
    """The dimensionality of a unit expression without its per-device denominators ("TB/s per GPU": bandwidth's)."""
    if not expression:
        return None
    dimensionality = unit_info(expression).dimensionality
    for device in DEVICES:
        dimensionality = dimensionality.replace(f" / {device}", "")
    return dimensionality


def _memory_measured(annotated: Annotated, end: int, kind: str | None, expression: str | None) -> str | None:
    """The memory measure a memory part right after the figure makes it ("288 GB of HBM3e" is
    memory capacity, "8 TB/s of HBM4" memory bandwidth): data/metrics.toml [memory_part]."""
    if kind != "quantity":
        return None
    table = metric_table()["memory_part"]
    after = MEMORY_PART_GAP.match(annotated.simple, end)
    if not annotated.simple.startswith(tuple(table["parts"]), after.end()):
        return None
    return table.get(_device_free(expression) or "")


@cache
def _generic_metrics() -> frozenset[str]:
    """Concepts that name no measure of their own ("performance")."""
    return frozenset(concept["name"] for concept in metric_table()["concept"] if concept.get("generic"))


@cache
def _narrowed_by_unit() -> dict[str, frozenset[str]]:
    """Concepts a unit may name more narrowly than their word does (throughput in TPS)."""
    return {concept["name"]: frozenset(concept["narrowed_by_unit"]) for concept in metric_table()["concept"] if "narrowed_by_unit" in concept}


@cache
def _output_metrics() -> frozenset[str]:
    """What an organisation moves itself (shipments, deliveries): a speaker naming nothing else tells its own."""
    return frozenset(concept["name"] for concept in metric_table()["concept"] if concept.get("output"))


@cache
def _market_metrics() -> frozenset[str]:
    """What measures a whole market (market size, market share), not its speaker's own money."""
    return frozenset(concept["name"] for concept in metric_table()["concept"] if concept.get("market"))


@lru_cache(maxsize=256)
def is_money(expression: str | None) -> bool:
    """Whether a unit expression is an amount of money (a currency, not a price per thing)."""
    return bool(expression) and "/" not in expression and is_currency(unit_info(expression).dimensionality)


def full_name(name: Name, names: Sequence[Name]) -> str:
    """A bare model code takes the full name the sentence gives it ("K4" -> "Kestrel K4"; a code
    listed after a brand's model, its brand: "青鸾 Q700 和 Q800" -> 青鸾 Q800)."""
    if name.rule == SIBLING_RULE:
        return name.entity.id
    full = [other.text for other in names if other.text != name.text and other.text.endswith(" " + name.text.split()[0])]
    return full[0] + name.text[len(name.text.split()[0]):] if full else name.text


def _priced_in_or_out(text: str, start: int, end: int) -> str | None:
    """The tokens a pair of prices written "$0.59 in / $0.79 out" prices: input, then output."""
    if IN_BEFORE_OUT.match(text, end):
        return "price of input tokens"
    if OUT_AFTER.match(text, end) and IN_SLASH_BEFORE.search(text, max(0, start - 12), start):
        return "price of output tokens"
    return None


def _standard_before(text: str, start: int) -> re.Match[str] | None:
    """A standard setting the figure at `start` (`STANDARD_BEFORE`); a sentence without the word
    "spec" or "standard" (most) has none, and a substring test says so."""
    if not _names_a_standard(text):
        return None
    return STANDARD_BEFORE.search(text, max(0, start - 60), start)


@lru_cache(maxsize=16)
def _names_a_standard(text: str) -> bool:
    """Whether the sentence holds "spec" or "standard", as every standard it names does: asked once for all
    its figures (a look for ASCII words in Chinese text copies each word first)."""
    return "spec" in text or "standard" in text


def a_standard(subject: str) -> bool:
    """Whether a subject is a standard a figure is set by ("JEDEC standard"): no other figure is about it."""
    return subject.endswith((" standard", " specification", " spec"))


def _bracketing_name(text: str, names: Sequence[Name], start: int, end: int) -> str | None:
    """A name the entities table does not know that a bracket holding only the figure follows: "Fireworks
    (683 t/s)" is Fireworks's, not a known name's listed before it ("Samba (692 t/s) and Fireworks (683 t/s)")."""
    if not CLOSE_PAREN_AFTER_SPACES.match(text, end):
        return None
    found = NAME_BEFORE_BRACKET.search(text, max(0, start - 60), start)
    if found is None or any(name.start < found.end("name") and found.start("name") < name.end for name in names):
        return None
    name = found.group("name")
    if name.split()[0] in NOT_A_SUBJECT or name.split()[0] in not_brand() or name.lower() in metric_words():
        return None
    return name


@cache
def _speaks_after() -> re.Pattern[str]:
    """A verb of saying after the sentence's opening name (data/cues.toml [claimant] en_speaks_over), not
    followed by the speaker itself: "Acme claims 2x", never "Acme said it now serves 3,000 customers" (its own figure)."""
    verbs = "|".join(map(re.escape, cue_table()["claimant"]["en_speaks_over"]))
    return re.compile(rf"(?:'s)?\s+(?:(?:today|also|now|has|had)\s+)?(?:{verbs})\b(?!\s+(?:that\s+)?(?:it|its|we|our)\b)")


# "the 93-petaflop Sunway TaihuLight": a figure joined to its unit by a hyphen, then a capitalised word.
HYPHENATED_FIGURE = re.compile(r"\d-[A-Za-z]+$")
CAPITALISED_AFTER = re.compile(r"[ \t]+[A-Z][a-z]")


def _modifies_a_name(text: str, start: int, end: int) -> bool:
    """Whether the figure describes an unknown name right after it ("the 93-petaflop Sunway
    TaihuLight"): it is that name's, never the sentence opener's."""
    return (
        text.find("-", start, end) >= 0  # most figures hold no hyphen: a look for one spares them the search
        and HYPHENATED_FIGURE.search(text, start, end) is not None and CAPITALISED_AFTER.match(text, end) is not None
    )


def _opening_subject(
    text: str, names: Sequence[Name], roles: Sequence[str | None] = (), organisation_metric: bool = True
) -> str | None:
    """`sentence_subject`, unless a workload opens the sentence: "Stable Diffusion XL reached
    33 queries/s on 8x B200" is no figure of Stable Diffusion XL's; nor a known name the roles
    made the figure's baseline, nor one that speaks of a figure no organisation has
    ("Acme claims 1.9x performance per dollar": Acme speaks of a product; "Acme said revenue
    rose 5%" and "Acme said it serves 3,000 customers" are Acme's)."""
    if any(name.start == 0 and name.kind in WORKLOAD_KINDS for name in names):
        return None
    opener = sentence_subject(text)
    if opener is not None and not organisation_metric and _speaks_after().match(text, text.find(opener) + len(opener)):
        return None
    if opener is not None and any(role == "baseline" and name.text in opener for name, role in zip(names, roles)):
        return None
    return opener


@lru_cache(maxsize=64)
def sentence_subject(sentence: str) -> str | None:
    """A name the entities table does not know, when it opens the sentence as its
    subject: "Kestrel Silicon today announced ...", "火山引擎公布了 ..."."""
    for start in (0, _after_leading_clause(sentence)):
        if start is None:
            continue
        found = SENTENCE_SUBJECT.match(sentence, start) or HAN_SENTENCE_SUBJECT.match(sentence, start)
        if found is None:
            continue
        name = found.group("name")
        if (
            not _plural_noun_opening(sentence, found)
            and name.split()[0] not in NOT_A_SUBJECT and not name.endswith(PEOPLE_ENDINGS) and not _people(name)
            and simplified(name).lower() not in metric_words()
        ):
            return name
    return None


# A bare verb after the word the subject pattern took for a verb: that word is a plural noun
# ("Benchmark scores reveal ...", "Sales reports show ..."), and the capitalised word opening the
# sentence is a common one, no name.
BARE_VERB_AFTER = re.compile(
    r"\s+(?:reveal|show|suggest|indicate|confirm|highlight|underscore|put|place|point|are|were|have|remain|tell)\b"
)


def _plural_noun_opening(sentence: str, found: re.Match[str]) -> bool:
    """Whether the subject pattern matched a common noun and its plural ("Benchmark scores reveal")."""
    return " " not in found.group("name") and sentence[found.end() - 1] == "s" and BARE_VERB_AFTER.match(sentence, found.end()) is not None


@cache
def _people_words() -> frozenset[str]:
    """Words naming a person or a group of people (data/cues.toml [claimant] en_titles, en_people),
    lower-cased: they speak, they are never what a figure is about."""
    table = cue_table()["claimant"]
    return frozenset(word.lower() for group in ("en_titles", "en_people") for word in table[group])


def _people(name: str) -> bool:
    """A person by a title ("CEO Jensen Huang said"), or people ("Analysts expected $3.97B")."""
    return any(word.lower().rstrip(",") in _people_words() for word in name.split())


LEADING_CLAUSE = re.compile(
    r"(?:On|In|At|For|During|With|Across|Using)\s[^,]{1,60},\s*|(?:在|于)[^，,]{1,30}[，,]\s*"
    # a sentence adverb: "Crucially, ML2 achieves ...", "However, Orbis said ..."
    r"|(?:[A-Z][a-z]{2,}ly|However|Meanwhile|Moreover|Furthermore|Overall|Elsewhere|Still),\s*"
    # a news dateline: "中国证券网讯 ", "新华社北京4月24日电 "
    r"|[^，,。\s]{2,20}?(?:讯|\d{1,2}日电)[\s：:]*"
)


def _after_leading_clause(sentence: str) -> int | None:
    """Where the main clause starts after a leading prepositional one ("On MLPerf v6.0, Orbis posted ...")."""
    found = LEADING_CLAUSE.match(sentence)
    return found.end() if found else None


@cache
def _held_equal_after() -> re.Pattern[str]:
    return re.compile(rf"\s*(?:都|基本|大致|大体)?\s*{any_phrase(cue_table()['conditions']['held_equal_after'])}\s*(?:的情况下|的前提下|条件下|时|下)")


# A period written with digits or words, opening a clause ("全年", "2026年", "第4季", "下半年").
CLAUSE_PERIOD = r"(?:(?:19|20)\d\d\s*年|全年度?|今年|明年|本年度?|上半年|下半年|第?\s*[1-4一二三四]\s*季度?|Q[1-4])"


def _period_only(folded: str, clause_start: int, start: int) -> bool:
    """Whether the clause before a figure says only when and maybe that it is forecast ("全年上看",
    "明年预计达"): the figure continues the measure of the clause before."""
    return _period_only_pattern().fullmatch(folded, clause_start, start) is not None


@cache
def _period_only_pattern() -> re.Pattern[str]:
    """A clause's period, then forward-looking cues and connectors only, up to its figure."""
    words = [*cue_table()["projected"]["zh"], *cue_table()["connectors"]["zh"]]
    return re.compile(rf"\s*(?:{CLAUSE_PERIOD}\s*)+(?:(?:{any_phrase(words)})\s*)*")


@cache
def _held_equal() -> re.Pattern[str]:
    return re.compile(rf"{any_phrase(cue_table()['conditions']['held_equal'])}\s*(?:的\s*)?$")


@cache
def _described() -> re.Pattern[str]:
    return re.compile(rf"\s*{any_phrase(cue_table()['conditions']['described_after'])}")


def _metric(
    annotated: Annotated, start: int, end: int, clause: tuple[int, int], relative: bool, baseline_wrapper: tuple[int, int] | None
) -> str | None:
    # "3 times faster", "40% cheaper": what a ratio's comparative names, when no word nearer does.
    comparative = comparative_metric(annotated.simple, start, end) if relative else None
    if not annotated.metrics:
        return comparative
    low, high = baseline_wrapper or (0, 0)
    marked = [
        (metric, on_figure) for metric, describes, on_figure in _marked_metrics(annotated)
        if not (describes and not (metric.start < end and start < metric.end))
        and not (low <= metric.start and metric.end <= high)
    ]
    if not marked:
        return comparative
    metrics = [metric for metric, _ in marked]
    folded = annotated.simple
    for metric in metrics:
        if metric.start < end and start < metric.end:
            return metric.concept  # the unit names it: "16,635 tokens per second per GPU"
    # Another figure's unit is that figure's metric ("~33 queries/s on 8x B200": the GPUs count no
    # queries); a ratio or percentage beside it compares that measure ("1,000 tokens/s, 2.8x the H200").
    if not relative and len(annotated.figures) > 1:
        metrics = [metric for metric, on_figure in marked if not on_figure]
    metrics = [metric for metric in metrics if not _other_segment_between(annotated, metric, start)]
    for metric in metrics:
        if metric.start >= end and metric.start - end <= METRIC_AFTER_WINDOW and METRIC_AFTER.match(folded[end:metric.start]):
            return metric.concept
    for metric in reversed(metrics):
        if metric.end <= start and start - metric.end <= METRIC_LINK_REACH and METRIC_LINK_ANY_CASE.fullmatch(folded, metric.end, start):
            return metric.concept  # the metric names it: "PUE (...) of the modular hall was 1.41"
    in_clause_before = [m for m in metrics if clause[0] <= m.start and m.end <= start]
    if not in_clause_before:
        in_clause_before = [
            m for m in metrics if m.end <= start and (METRIC_APPOSITIVE.fullmatch(folded, m.end, start) or GUIDED_FIGURE.fullmatch(folded, m.end, start))
        ]
    if in_clause_before:
        return _share_of(in_clause_before[-1], folded, start)
    if comparative:
        # "10x faster than X in tokens per second per MW": a metric after it, before the next figure, says in
        # what when a preposition leads to it ("... and doubles energy efficiency" is another measure).
        next_figure = min((figure.start for figure in annotated.figures if figure.start >= end), default=clause[1])
        said_after = [
            m for m in metrics
            if m.start >= end and m.end <= min(clause[1], next_figure) and COMPARED_IN.search(folded, end, m.start)
        ]
        return said_after[0].concept if said_after else comparative
    before = [m for m in metrics if m.end <= start]
    if before and relative:
        return _share_of(before[-1], folded, start)
    if before and _period_only(folded, clause[0], start):
        return before[-1].concept  # "资本支出 342 亿美元，全年上看 1,250 亿美元": the same measure, for the year
    # Not another figure's own measure: "grew 54 percent to account for 8 percent of the market".
    held_by_figure = [metric for metric, on_figure in marked if on_figure]
    in_clause_after = [m for m in metrics if m.start >= end and m.end <= clause[1] and m not in held_by_figure]
    return in_clause_after[0].concept if in_clause_after and relative else None


def _share_of(metric: Metric, folded: str, start: int) -> str:
    """The metric before the figure at `start`, or the revenue share when a bare share word comes
    between a revenue and the figure ("数据中心收入 80 亿元，占比提升至 45%")."""
    if metric.concept.endswith("revenue") and "占" in folded[metric.end:start] and SHARE_WORD.search(folded, metric.end, start):
        return "revenue share"
    return metric.concept


def _other_segment_between(annotated: Annotated, metric: Metric, start: int) -> bool:
    """Whether a company's metric before the figure at `start` ("revenue", "visualization revenue") is
    cut off from it by a word for another part of the company ("... and automotive was $125 million,
    down 23%"): the figure is that part's, never the company's nor the part's named first. A market's
    measure names its goods so ("the market size for cloud infrastructure is $107 billion"): no part."""
    if metric.end > start or metric.concept not in organisation_metrics() or metric.concept in _market_metrics():
        return False
    names = annotated.names
    for found in segment_words().finditer(lowered(annotated.simple), metric.end, start):
        part = segment_names()[int(found.lastgroup[1:])]
        if not metric.concept.startswith(part) and not any(n.start < found.end() and found.start() < n.end for n in names):
            return True
    return False


def _marked_metrics(annotated: Annotated) -> list[tuple[Metric, bool, bool]]:
    """The sentence's metrics that are not held equal, each with whether it describes a name and
    whether a figure's unit holds it: found once for all the sentence's figures."""
    if annotated.marked_metrics is None:
        folded = annotated.simple
        annotated.marked_metrics = [
            (metric, _describes_a_name(folded, metric.end), any(f.start < metric.end and metric.start < f.end for f in annotated.figures))
            for metric in annotated.metrics
            if not _held(folded, metric.start, metric.end)
        ]
    return annotated.marked_metrics


def _describes_a_name(folded: str, metric_end: int) -> bool:
    """Whether the metric ending at `metric_end` describes a name by a superlative ("能源效率最高的第七代
    TPU"): then it measures no figure away from it."""
    return _described().match(folded, metric_end) is not None


def _held(folded: str, metric_start: int, metric_end: int) -> bool:
    """Whether the metric at [metric_start, metric_end) is held equal in the comparison ("at the
    same interactivity", "响应速度差不多时")."""
    low = lowered(folded)
    return _held_equal().search(low, max(0, metric_start - 12), metric_start) is not None or _held_equal_after().match(low, metric_end) is not None


def _counted_rate(annotated: Annotated, start: int, expression: str | None, unit_text: str | None) -> str | None:
    """A rate of things the unit table does not know, named by what is counted: "200
    million metric samples per second" measures metric samples per second, "每秒处理 2 亿个
    指标采样" 每秒指标采样数."""
    if not expression or not unit_text or unit_info(expression).dimensionality != "1 / [time]":
        return None
    english = COUNTED_RATE.fullmatch(unit_text)
    if english:
        return " ".join(english.group(1).lower().split()) + " per second"
    chinese = HAN_COUNTED.fullmatch(simplified(unit_text))
    if chinese and "每秒" in annotated.simple[max(0, start - 12):start]:
        return f"每秒{chinese.group(1)}数"
    return None


COUNTED_RATE = re.compile(r"([A-Za-z][A-Za-z -]*?)\s*(?:per\s+second|/\s*s(?:ec)?)", re.IGNORECASE)
HAN_COUNTED = re.compile(rf"\s*[个次条笔项张]?([{HAN}]{{2,6}})")


@cache
def _from_unit() -> dict[str, str]:
    """data/metrics.toml [from_unit], keyed by dimensionality in units.ordered_dimensionality's
    order, whatever order the file writes each in."""
    return {_ordered(dimensionality): metric for dimensionality, metric in metric_table()["from_unit"].items()}


DIMENSION_FACTOR = re.compile(r"(?P<operator>^|\*|/)\s*(?P<name>\[\w+\]|1)(?:\s*\*\*\s*(?P<power>[\d.]+))?\s*")


def _ordered(dimensionality: str) -> str:
    """A dimensionality written in units.ordered_dimensionality's order ("[mass] * [length] ** 2 / [time] ** 3"
    -> "[length] ** 2 * [mass] / [time] ** 3")."""
    exponents: dict[str, float] = {}
    for factor in DIMENSION_FACTOR.finditer(dimensionality):
        if factor.group("name") == "1":
            continue
        power = float(factor.group("power") or 1)
        exponents[factor.group("name")] = exponents.get(factor.group("name"), 0) + (-power if factor.group("operator") == "/" else power)
    return ordered_dimensionality(exponents) or dimensionality


@lru_cache(maxsize=1024)
def _per_device_metric(metric: str | None, kind: str | None, expression: str | None) -> str | None:
    """The per-device measure a word's metric becomes when the figure's unit is per device
    ("单卡算力 2 PFLOPS", "Per GPU, ... 1,200 tokens per second"): the word names the unit's
    measure without its device, so the figure is read as its unit names it ("compute per GPU")."""
    if metric is None or not expression:
        return metric
    dimensionality = unit_info(expression).dimensionality
    if not any(f"/ {device}" in dimensionality for device in DEVICES) or _from_unit().get(_device_free(expression) or "") != metric:
        return metric
    return unit_metric(kind, expression) or metric


@lru_cache(maxsize=1024)
def unit_metric(kind: str | None, expression: str | None) -> str | None:
    """The metric a unit names when no word does: by its dimensionality ("8 TB/s" is
    bandwidth), per device when divided by one ("TB/s per GPU" is bandwidth per GPU);
    a count per container ("72 GPUs per rack") is that count ("GPUs per rack"); money per
    hour a price ("$2.49/hr"), per device and hour the price per device-hour ("$2.49 per GPU per
    hour" is the price per GPU-hour)."""
    if not expression or kind not in ("quantity", "count"):
        return None
    dimensionality = unit_info(expression).dimensionality
    if kind == "count":
        parts = [part.strip("() ") for part in expression.split("/")]
        if len(parts) == 1 and parts[0] in PLURALS:
            return PLURALS[parts[0]]  # "2,304 Rubin GPUs": how many GPUs
        if len(parts) == 2 and parts[0] in PLURALS:
            return f"{PLURALS[parts[0]]} per {parts[1]}"
        return None
    named = _from_unit().get(_any_currency(dimensionality))
    if named:
        return named
    devices = [device for device in DEVICES if f"/ {device}" in dimensionality]
    base = dimensionality
    for device in devices:
        base = base.replace(f" / {device}", "")
    per_device = "".join(f" per {UPPER_UNITS.get(device[1:-1], device[1:-1])}" for device in devices)
    rent_time = unit_info(expression).unit.split("/")[-1].strip()
    if _any_currency(base) == f"{CURRENCY} / [time]" and rent_time in _rent_times():
        # A rent: "$2.49/hr" is a price; "$2.49/GPU-hr", "单卡 1.68元/小时" the price per GPU-hour.
        if not devices:
            return "price"
        return "price per " + "-".join(UPPER_UNITS.get(device[1:-1], device[1:-1]) for device in devices) + f"-{rent_time}"
    named = _from_unit().get(base)
    if named and devices:
        return named + per_device
    return None
