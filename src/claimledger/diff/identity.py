"""Claim identity: what a claim states it is about, and which identity of the ledger it joins.

A claim *states* an identity: the key parts of `claimledger.diff.keys` (subject,
metric, measure, baseline, condition); a percentage or ratio whose sentence says which
currency it counts in ("In US dollars, revenue rose 40.8%") has that currency in its
metric (`currency_basis`: ``revenue in usd``, not the growth in NT dollars); others'
estimates ("beating the $8.74 billion consensus"), a count of chips keyed on a chip ("100K H100 GPUs")
and an increment ("another 50,000 GPUs") state none; a forecast without another condition has the year
it is planned for (`claimledger.diff.targets`: ``by 2030``).

Which identity it joins, in this order (`Resolver`):

1. **Stated in full**: a claim that states every part is its stated identity.
2. **The ledger decides**: a claim that leaves out its metric or condition (a
   ratio also its baseline), names as its metric only what its unit measures
   ("duration" for 650 ns, "bandwidth" for 4.9 TB/s: `keys.names_only_the_unit`),
   names its subject by a bare model code ("K4" for "Kestrel K4"), or names the
   organisation where one of its products is measured ("Cerebras delivers 2,100
   tokens per second": a product's measure, `Identity.names_its_maker`; not when its
   sentence names a product, "NVIDIA delivers 1.1 exaFLOPS with the GB300 NVL72":
   its subject keeps them as a hint, ``nvidia ~gb300 nvl72``, `beside_products`), joins the
   one identity in the ledger that states everything it states and more, when
   exactly one does (the most specific ones count: an identity that itself joins
   another is not a second choice); of several, a metric naming only the unit
   joins the one whose metric is a kind of it ("bandwidth" joins "memory
   bandwidth" beside "pin speed", but not beside "NVLink bandwidth" too).
   Otherwise it stays on its own stated identity: never guessed. Money without a
   metric takes only one that another organisation figure of its sentence names
   (its key shows ``~revenue``): "3800亿元 investment (about $53.4 billion)" joins the
   investment in dollars, "$5.9 billion, down 16% in revenue" never "data center
   revenue" (one currency measures a total, a segment or a profit alike). A ratio or
   percentage that names no metric states too little to join anything, and a
   percentage or quantity without a baseline is a level, never a comparison with
   one ("MFU 41%" is not "20% higher MFU than the baseline"), unless its words say
   it is a change ("an 11% increase in revenue": its baseline is left out, ``~``,
   and it joins the one identity stating one, "13% more than a year earlier"). What a claim's
   sentence states for its other figures counts as stated: a figure without a
   condition in a sentence that gives another figure "Llama 3.1 8B" only joins an
   identity on Llama 3.1 8B (its key shows ``~llama 3.1 8b``); the same holds for
   the baseline of a ratio. Only what would hold for the figure counts
   (`takes_condition`: no workload for a transistor count, no precision for a count
   of chips), and a candidate must state something the claim leaves out (a hint is
   not stated). A baseline that is the subject's name one generation lower
   ("trn2 ultraserver" for "trn3 ultraserver", `is_predecessor`) is the previous
   generation. A chip's figure that its clause gives to a count of its chips
   ("9216芯片的计算能力", "the 9,216-chip configuration delivers") is a figure of a
   group of them whose group word is left out (``tpu v7 ~group``): it joins the one
   identity of a group of that chip that fits ("tpu v7 pod"), never the chip's own.
3. **Reciprocal comparisons**: "A | metric | ratio | B" and "B | metric | ratio | A"
   are one identity when both are in the ledger (B a named product, not "the
   previous generation"), written the way its earliest claim wrote it; a claim
   written the other way round is compared by its reciprocal, so "A is 2x B" and
   "B is half of A" agree and "B is 2.1x faster than A" contradicts "A is 2x B".
   A figure whose words run the other way ("4x lower latency", `says_lower`) has
   no clear direction, so written the other way round it is not compared at all.
   A percentage that puts its subject above a baseline other than a past period
   ("40% better than the previous generation", `percent_as_ratio`) states the
   ratio it stands for (1.4x): it is one identity with "4x greater" and compared
   with it; "13% year over year" stays a percentage.
4. **The analyst's word** (`claimledger.diff.decisions`): after ``claims link A B``
   claim B has A's identity; after ``claims unlink A B`` claim B leaves A's identity
   (back to its stated one, or to one of its own when that is A's too).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from claimledger.data_files import data_table
from claimledger.diff.keys import (
    KEY_SEPARATOR,
    MISSING,
    ClaimKey,
    alias_tables,
    is_organisation,
    key_of_parts,
    maker_key,
    name_registry,
    names_only_the_unit,
    normalise_baseline,
    normalise_metric,
    normalise_name,
    may_name_a_chip,
    products_named,
    split_round,
    subject_entity,
)
from claimledger.diff.periods import (
    THIS_QUARTER,
    YEARLESS,
    PostPeriods,
    canonical_period,
    is_period,
    lead_period,
    named_periods,
    period_of,
    names_a_year,
    resolve,
)
from claimledger.diff.targets import target_year
from claimledger.entities import Entity
from claimledger.entities.model import HARDWARE_KINDS
from claimledger.organisation import is_currency, organisation_figure, organisation_metrics
from claimledger.text.scripts import HAN

# A model code that may stand alone for a branded product: "k4", "z9", "mi355x"; and a rack's
# NVLink domain for the one system ending in it: "nvl72" (never "nvl36x2", two racks joined).
BARE_CODE = re.compile(r"(?:[a-z]{1,2}|nvl)\d{1,3}[a-z]?")
DIMENSIONLESS = ("ratio", "percent")
HAN_RUN = re.compile(rf"[{HAN}]")
NEXT_WORDS = re.compile(r"[\w'-]+")
# A part the claim leaves out but its sentence gives other figures: "~llama 3.1 8b / llama 3.1 70b".
HINT = "~"
HINT_SEPARATOR = " / "
# The subject of a figure of a count of a chip's chips, its group word left out: "tpu v7 ~group".
GROUP_LEFT_OUT = "~group"


@dataclass(frozen=True, slots=True)
class Identity:
    """The parts of a key as the ledger stores them (`text`); None for a part left out."""

    subject: str
    metric: str | None
    measure: str
    baseline: str | None
    condition: str | None

    @property
    def text(self) -> str:
        return KEY_SEPARATOR.join(
            part or MISSING for part in (self.subject, self.metric, self.measure, self.baseline, self.condition)
        )

    @property
    def code(self) -> str | None:
        """The bare model code that may name this subject alone ("k4" for "kestrel k4"; none for a subject
        with a hint, "nvidia ~gb300 nvl72")."""
        head, _, last = self.subject.rpartition(" ")
        return last if head and BARE_CODE.fullmatch(last) and HINT not in head else None

    @property
    def group_left_out(self) -> bool:
        """Whether the subject is a group of a chip's chips whose group word is left out ("tpu v7 ~group")."""
        return self.subject.endswith(f" {GROUP_LEFT_OUT}")

    @property
    def as_group_left_out(self) -> str | None:
        """This group's subject with its group word left out ("tpu v7 ~group" for "tpu v7 pod")."""
        head, _, last = self.subject.rpartition(" ")
        return f"{head} {GROUP_LEFT_OUT}" if head and last in group_names() and HINT not in head else None

    @property
    def is_bare_code(self) -> bool:
        return BARE_CODE.fullmatch(self.subject) is not None

    @property
    def maker(self) -> str | None:
        """The organisation that makes the hardware this identity is about (its key subject)."""
        return maker_key(self.subject) if self.measure_of_products else None

    @property
    def names_its_maker(self) -> bool:
        """Whether the subject is an organisation where a product of it is measured ("Cerebras delivers
        2,100 tokens per second": the product is left out, rule 2)."""
        return self.measure_of_products and is_organisation(self.subject)

    @property
    def measure_of_products(self) -> bool:
        """Whether the measure is one a product has (``[organisation_subject]`` of diff.toml), not money or a count."""
        return is_product_measure(self.measure)

    @property
    def metric_stated(self) -> bool:
        """Whether the metric says more than the measure (not left out, not a hint, not only the unit's name)."""
        return _stated(self.metric) and not names_only_the_unit(self.metric or "", self.measure)

    @property
    def left_out(self) -> tuple[str, ...]:
        """The optional parts this identity does not state (a bare code counts as a partial subject,
        a metric naming only the unit as a metric left out)."""
        optional = ("baseline", "condition") if self.measure == "ratio" or self.baseline == HINT else ("condition",)
        parts = [name for name in optional if not _stated(getattr(self, name))]
        if not self.metric_stated:
            parts.insert(0, "metric")
        partial_subject = self.is_bare_code or self.names_its_maker or self.group_left_out
        return ("subject", *parts) if partial_subject else tuple(parts)

    @property
    def may_join(self) -> bool:
        """Whether the ledger may complete it (rule 2): something left out, and enough stated."""
        if not self.left_out:
            return False
        return self.metric is not None or self.measure not in DIMENSIONLESS

    def kinds_of_its_metric(self, candidates: list[Identity]) -> list[Identity]:
        """The candidates whose metric names this identity's unit-only metric and more
        ("memory bandwidth" for "bandwidth", not "speed"); none when its metric says more."""
        if not _stated(self.metric) or self.metric_stated:
            return []
        words = set(self.metric.split())
        return [other for other in candidates if other.metric and words < set(other.metric.split())]

    def states_more_than(self, other: Identity) -> bool:
        """Whether this identity states a part `other` leaves out (a hint is not stated: a figure beside
        "on FP8" in its sentence completes nothing)."""
        return self.subject != other.subject or bool(set(other.left_out) - set(self.left_out))

    def fits(self, other: Identity) -> bool:
        """Whether `other` states everything this identity states (and maybe more)."""
        if self.measure != other.measure:
            return False
        if self.subject != other.subject and not (
            (self.is_bare_code and other.code == self.subject) or (self.names_its_maker and other.maker == self.subject)
            or (self.group_left_out and other.as_group_left_out == self.subject)
        ):
            return False
        if self.metric_stated and self.metric != other.metric:
            return False
        if not _stated(self.metric) and is_currency(self.measure) and (
            self.metric is None or not _part_fits(self.metric, other.metric)
        ):
            return False  # money takes only a metric its sentence names: a total is no segment's revenue
        if self.measure != "ratio" and self.baseline not in (other.baseline, HINT):
            return False
        if self.condition is None and is_period(other.condition):
            return False  # a figure that names no period is not taken for one quarter's
        return _part_fits(self.baseline, other.baseline) and _part_fits(self.condition, other.condition)

    def mirror(self) -> Identity | None:
        """The same comparison written the other way round, when it has one (rule 3)."""
        if self.measure != "ratio" or not _stated(self.baseline) or not is_named_baseline(self.baseline):
            return None
        return Identity(self.baseline or "", self.metric, self.measure, self.subject, self.condition)


def _stated(part: str | None) -> bool:
    return part is not None and not part.startswith(HINT)


def _part_fits(mine: str | None, theirs: str | None) -> bool:
    """A part left out fits anything; a hint fits what it names (a bare hint: any stated part), but a period
    only its post gives a figure (`reporting_period`) fits none: the figure its post alone dates is likelier a
    segment's or a year's than the quarter's that a sentence names; a stated part fits only itself."""
    if mine is None:
        return True
    if mine == HINT:
        return _stated(theirs)
    if mine.startswith(HINT):
        return _stated(theirs) and not is_period(theirs) and theirs in mine[len(HINT):].split(HINT_SEPARATOR)
    return mine == theirs


def hint(values: Iterable[str | None]) -> str | None:
    """The key part for a part the claim leaves out while its sentence names `values` for it."""
    named = sorted({value for value in values if value})
    return HINT + HINT_SEPARATOR.join(named) if named else None


@lru_cache(maxsize=4096)
def parse_key(text: str) -> Identity:
    """The identity a stored key text names (cached: a block's keys are parsed again by its resolver)."""
    # A key an unlink decision set apart has a sixth part ("apart from claim 12").
    subject, metric, measure, baseline, condition = (
        None if part == MISSING else part for part in text.split(KEY_SEPARATOR)[:5]
    )
    return Identity(subject or MISSING, metric, measure or "count", baseline, condition)


def stated_identity(claim: Mapping[str, Any], siblings: Iterable[Mapping[str, Any]] = ()) -> Identity | None:
    """The identity a claim states (a ledger row or a `Claim.to_dict()`); None without a subject, for a
    count of chips keyed on a chip (`counts_the_subject`), for others' estimate of a figure
    (`names_others_estimate`), or for an increment to an unstated total (`is_increment`).

    `siblings` are the other claims of its sentence: the conditions (and, for a
    ratio, the baselines) they state hint at the ones this claim leaves out.
    """
    key = key_of_parts(*(claim.get(part) for part in ("subject", "metric", "kind", "dimensionality", "baseline", "condition")))
    if key is None or counts_the_subject(claim, key) or names_others_estimate(claim) or is_increment(claim):
        return None
    others = [other for other in siblings if other is not claim]
    metric = key.metric
    if metric is None and is_currency(key.measure):
        metric = hint(normalise_metric(other.get("metric")) for other in others if organisation_figure(
            other.get("metric"), other.get("dimensionality")))
    condition = key.condition
    if condition is None and reported_for_a_period(key, claim):
        condition = reporting_period(claim, others)
    elif condition is not None and YEARLESS.fullmatch(condition):
        condition = resolve(condition, post_of(claim))
    if condition is None:
        condition = target_year(claim, others)  # "about 1 GW online this year": a plan for 2025
    if condition is None:
        # Only what would hold for this figure too: "9,216 chips" beside "4,614 TFLOPS at FP8" is no FP8 figure.
        condition = hint(
            part for other in others
            if (part := split_round(other.get("condition"))[0]) and takes_condition(key.measure, is_precision(part))
        )
    baseline = key.baseline
    if baseline is None and key.measure == "ratio":
        baseline = hint(normalise_baseline(other.get("baseline")) for other in others)
    elif baseline is not None and is_predecessor(baseline, key.subject):
        baseline = normalise_baseline("previous generation")
    if metric is not None and key.measure in DIMENSIONLESS and (currency := currency_basis(claim.get("sentence"))):
        metric = f"{metric} in {currency}"  # "In US dollars, revenue increased 40.8%": not the growth in NT$
    subject = f"{key.subject} {GROUP_LEFT_OUT}" if counts_its_chips(claim, key.subject) else key.subject
    if is_organisation(subject) and is_product_measure(key.measure):
        subject = beside_products(subject, products_named(claim.get("sentence")))
    measure = "ratio" if key.measure == "percent" and percent_as_ratio(claim, key.baseline) else key.measure
    if measure == "percent" and baseline is None and changes_from_unstated(claim):
        baseline = HINT  # a change from something unstated ("an 11% increase in revenue"): the ledger decides
    return Identity(subject or MISSING, metric, measure, baseline, condition)


def why_no_identity(claim: Mapping[str, Any]) -> str | None:
    """Why a claim states no identity (`stated_identity` gives None), as `claims key` says it; None when it states one."""
    subject = claim.get("subject")
    key = key_of_parts(*(claim.get(part) for part in ("subject", "metric", "kind", "dimensionality", "baseline", "condition")))
    if key is None:
        return "its subject is a period, not what the figure is about" if canonical_period(subject) else "no subject"
    if counts_the_subject(claim, key):
        return "a count of chips keyed on a chip: how many someone holds, and whose, the key cannot say"
    if names_others_estimate(claim):
        return "others' estimate of the figure (a consensus, what analysts expected), or the figure after 'vs'"
    if is_increment(claim):
        return "an increment to a total its sentence does not give, never the total's size"
    return None


def beside_products(organisation: str, products: Collection[Entity]) -> str:
    """The subject of an organisation's product measure whose sentence names products: the organisation with
    the ones that may be measured as a hint (`measured_products`: "nvidia ~gb200 nvl72 / gb300 nvl72"), which
    names no maker, so joins none of its products."""
    named = measured_products(products)
    return f"{organisation} {hint(named)}" if named else organisation


def measured_products(products: Collection[Entity]) -> list[str]:
    """Of the products a sentence names, the ones its figure may be of, as key subjects: those of the most
    specific kind named (a system over its chips, "36 Grace CPUs" of a GB300 NVL72; a chip over its family),
    none a part of another named ("GB300" in "GB300 NVL72"), sorted, at most ``hint_products``."""
    if not products:
        return []
    registry = name_registry()
    kind = min((product.kind for product in products), key=HARDWARE_KINDS.index)
    parts = {ancestor.id for product in products for ancestor in registry.ancestors(product)}
    named = sorted({normalise_name(p.id) or p.id for p in products if p.kind == kind and p.id not in parts})
    return named[: data_table("diff.toml")["organisation_subject"]["hint_products"]]


def reads_post(claim: Mapping[str, Any]) -> bool:
    """Whether a claim's identity needs its post (`reporting_period`, `post_of`): an organisation's figure
    with no condition, or a figure whose condition is a period without its year."""
    key = key_of_parts(*(claim.get(part) for part in ("subject", "metric", "kind", "dimensionality", "baseline", "condition")))
    if key is None:
        return False
    if key.condition is None:
        return reported_for_a_period(key, claim)
    return YEARLESS.fullmatch(key.condition) is not None


def reported_for_a_period(key: ClaimKey, claim: Mapping[str, Any]) -> bool:
    """Whether a figure is reported for a period: an organisation's figure (its money, revenue, market share),
    or an organisation's change over a past period or from something unstated ("diluted EPS rose 39% year over
    year", "EPS increased 60.7%")."""
    if measures_organisation(key.metric, key.measure):
        return True
    if key.measure != "percent" or not is_organisation(key.subject):
        return False
    return names_a_past_period(key.baseline) or (key.baseline is None and changes_from_unstated(claim))


def changes_from_unstated(claim: Mapping[str, Any]) -> bool:
    """Whether a percentage without a baseline is a change from something unstated ("an 11% increase"), not the
    level reached ("提升至 45%")."""
    return claim.get("trend") in ("up", "down") and not reaches_level(claim)


def names_a_past_period(baseline: str | None) -> bool:
    """Whether a (normalised) baseline is a past period ("a year earlier", "previous quarter", "同比")."""
    table = percent_table()
    if set(re.findall(r"[a-z]+", baseline or "")) & set(table["period_words_en"]):
        return True
    return any(word in (baseline or "") for word in table["period_words_zh"])


def post_of(claim: Mapping[str, Any]) -> PostPeriods:
    """The periods of a claim's post (its ``post``, `periods.post_periods`), else only which post it is."""
    post = claim.get("post")
    return post if isinstance(post, PostPeriods) else PostPeriods(None, frozenset(), None, claim.get("document_id"))


def reporting_period(claim: Mapping[str, Any], others: Iterable[Mapping[str, Any]]) -> str | None:
    """The period an organisation's figure is reported for, as its sentence names it (`periods.period_of`),
    else as its paragraph did before it (`periods.lead_period`, from the claim's ``lead``), read against its
    post (`periods.resolve`); an actual figure naming none, nor a year, in a post on one quarter (its own,
    `periods.PostPeriods`) has that quarter as a hint (``~2025 q4``, ``~q1 of post 12``)."""
    sentence, offset, start, end = (claim.get(part) for part in ("sentence", "sentence_start", "start", "end"))
    if not sentence or offset is None or start is None or end is None:
        return None
    spans = [(other["start"] - offset, other["end"] - offset) for other in others
             if other.get("start") is not None and other.get("end") is not None]
    projected = bool(claim.get("projected"))
    named = named_periods(sentence)
    own = period_of(sentence, start - offset, end - offset, spans) if named else None
    if own == THIS_QUARTER and not projected:
        # "the quarter" is the one its paragraph went on about, where it names one, else the post's own.
        own = lead_period(claim.get("lead"), post_of(claim)) or own
    if own is not None or any(period.start < end - offset for period in named):
        return resolve(own, post_of(claim), projected)
    # Only periods after the figure, in another clause: other figures' ("净利润10.38亿元，其中二季度收入17.7亿元").
    period = lead_period(claim.get("lead"), post_of(claim), projected)
    if period is None and not projected and not names_a_year(sentence):
        own = post_of(claim).own
        # Naming none in a post on one quarter: likely that quarter's, left out (a hint: "~2025 q4", which joins
        # the one identity that states it), and never another quarter's figure of no period.
        return hint([own]) if own is not None else None
    return period


@lru_cache(maxsize=4096)
def currency_basis(sentence: str | None) -> str | None:
    """The currency a sentence says its figures are counted in ("In US dollars, ...", "若以美元計算",
    ``[currency_basis]`` of diff.toml): a growth in one currency is another figure than in the next."""
    if not sentence:
        return None
    folded = unicodedata.normalize("NFKC", sentence).casefold()
    return next((code for phrase, code in currency_basis_table() if phrase in folded), None)


@cache
def currency_basis_table() -> tuple[tuple[str, str], ...]:
    table = data_table("diff.toml")["currency_basis"]
    return tuple((unicodedata.normalize("NFKC", phrase).casefold(), code) for phrase, code in table.items())


def names_others_estimate(claim: Mapping[str, Any]) -> bool:
    """Whether a figure's sentence names it as what others expected ("beating the $8.74 billion consensus",
    "the consensus estimate of $853 million", "高於市場預期的 128.3 億美元", ``[estimates]`` of diff.toml): an
    estimate of the subject's figure, no claim of the subject's, so it is compared with none; so is the figure
    right after "vs", what the one before it is compared with ("193.1 億美元 v.s. 191.8 億美元")."""
    sentence = claim.get("sentence")
    offset, start, end = (claim.get(part) for part in ("sentence_start", "start", "end"))
    if not sentence or offset is None or start is None or end is None:
        return False
    before, after = estimate_patterns()
    return before.search(sentence, 0, start - offset) is not None or after.match(sentence, end - offset) is not None


@cache
def estimate_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The words right before a figure, and right after it, that make it others' estimate (`names_others_estimate`)."""
    table = data_table("diff.toml")["estimates"]
    english = sorted([*table["before_en"], *table["compared_en"]], key=len, reverse=True)
    words = "|".join(r"\s+".join(map(re.escape, word.split())) for word in english)
    han = "|".join(map(re.escape, sorted(table["before_zh"], key=len, reverse=True)))
    after = "|".join(map(re.escape, table["after_en"]))
    return (
        re.compile(rf"(?:(?<![a-z])(?:{words})(?:\s+(?:of|at))?|(?:{han})[的约約]?)\s*(?:about\s+|around\s+)?$", re.IGNORECASE),
        re.compile(rf"\s+(?:{after})(?![a-z])", re.IGNORECASE),
    )


def counts_the_subject(claim: Mapping[str, Any], key: ClaimKey) -> bool:
    """Whether a count keyed on a chip counts chips, that one ("100K H100 GPUs", "10萬 NVIDIA H100 GPU" keyed
    H100) or more of another than a chip holds ("50,000 H200 units" keyed H100; "2 B200 GPUs" of a GB200 are
    its parts), or more GPUs, servers or bare units than a chip holds ("35 萬塊" keyed H100): no property of
    the chip, but how many someone holds, and whose they are the key does not say."""
    entity = subject_entity(key.subject)
    holdings = data_table("diff.toml")["holdings"]
    if entity is None or entity.kind != "chip" or key.measure not in holdings["measures"]:
        return False
    if abs(claim.get("value") or 0) > holdings["parts_at_most"] and (key.measure != "count" or counts_bare(claim)):
        return True  # "350,000 units", "35 萬塊", "100,000 GPUs": more than a chip holds, so the chips themselves
    text = (claim.get("text") or "") + counted_words_after(claim)
    if not may_name_a_chip(text):
        return False
    chips = {product for product in products_named(text) if product.kind == "chip"}
    return entity in chips or bool(chips) and abs(claim.get("value") or 0) > holdings["parts_at_most"]


def counts_bare(claim: Mapping[str, Any]) -> bool:
    """Whether a count names nothing it counts: its text ends in its number, or in a word that counts anything
    ("units", "個", ``[holdings] classifiers`` of diff.toml; "85,000 equivalent units" too), not "800 亿个晶体管"."""
    words = LAST_WORD.findall(unicodedata.normalize("NFKC", claim.get("text") or "").casefold())
    return not words or words[-1].isdigit() or words[-1] in data_table("diff.toml")["holdings"]["classifiers"]


# The words of a figure's text as `counts_bare` reads them: Latin words, digits, single Chinese characters.
LAST_WORD = re.compile(r"[a-z]+|\d|[^\W\d_a-z]")


def counted_words_after(claim: Mapping[str, Any]) -> str:
    """The words after a figure that may name what it counts, up to the next figure or clause break (at most
    `COUNTED_REACH` characters): "over 30,000 | of the latest GB200 chips", "100,000 NVIDIA | (NASDAQ: NVDA) H100 GPUs"."""
    sentence, offset, end = (claim.get(part) for part in ("sentence", "sentence_start", "end"))
    if not sentence or offset is None or end is None:
        return ""
    return COUNTED_AFTER.match(sentence, end - offset, end - offset + COUNTED_REACH).group(0)


# How far after a count the words naming what it counts are read (`counted_words_after`), and how: up to a
# clause break or a number (a model number's digits read on: "GB200"), over a bracket's ticker ("(NASDAQ: NVDA)").
COUNTED_REACH = 60
COUNTED_AFTER = re.compile(r"(?:\([^()\d]*\)|[A-Za-z][\w-]*|[^,;:，；。、\d()A-Za-z])*")


def is_increment(claim: Mapping[str, Any]) -> bool:
    """Whether a quantity or count is added to a total the sentence does not give ("another 50,000 GPUs",
    "an additional 2 GW", "再增加 5 万块", ``[increments]`` of diff.toml): an increment, never the total's size."""
    if claim.get("kind") in ("percent", "ratio"):
        return False
    sentence, offset, start = (claim.get(part) for part in ("sentence", "sentence_start", "start"))
    if not sentence or offset is None or start is None:
        return False
    return increment_pattern().search(unicodedata.normalize("NFKC", sentence[:start - offset])) is not None


@cache
def increment_pattern() -> re.Pattern[str]:
    """The words right before a figure that make it an increment (`is_increment`)."""
    table = data_table("diff.toml")["increments"]
    words = "|".join(r"\s+".join(map(re.escape, word.split())) for word in sorted(table["before_en"], key=len, reverse=True))
    han = "|".join(map(re.escape, sorted(table["before_zh"], key=len, reverse=True)))
    return re.compile(rf"(?:(?<![a-z])(?:{words})\s+(?:about\s+|around\s+|nearly\s+|some\s+)?|(?:{han})\s*[约約近]?\s*)(?:[$€£¥]\s*)?$",
                      re.IGNORECASE)


def counts_its_chips(claim: Mapping[str, Any], subject: str | None) -> bool:
    """Whether a chip's figure is given to a count of more than one of its chips in the clause before it
    ("9216芯片的计算能力超过 ...", "the 9,216-chip configuration delivers ...")."""
    entity = subject_entity(subject)
    if entity is None or entity.kind != "chip":
        return False
    sentence = claim.get("sentence") or ""
    start = (claim.get("start") or 0) - (claim.get("sentence_start") or 0)
    if not 0 < start <= len(sentence) or not chip_word_pattern().search(unicodedata.normalize("NFKC", sentence[:start])):
        return False  # no word for a chip before the figure: no count of them (spares loading extraction)
    from claimledger.extraction.attributes import clause_bounds

    clause_start, _ = clause_bounds(sentence, start, start)
    before = unicodedata.normalize("NFKC", sentence[clause_start:start])
    return any(int(match.group("count").replace(",", "")) > 1 for match in chip_count_pattern().finditer(before))


def _chip_words() -> str:
    return "|".join(map(re.escape, sorted(data_table("shapes.toml")["kind_words"]["chip"], key=len, reverse=True)))


@cache
def chip_word_pattern() -> re.Pattern[str]:
    """A word for a chip, which every count of chips (`chip_count_pattern`) holds."""
    return re.compile(_chip_words(), re.IGNORECASE)


@cache
def chip_count_pattern() -> re.Pattern[str]:
    """A count of chips that owns what follows: "9216芯片的", "9,216 颗芯片的", "9,216-chip"."""
    chips = _chip_words()
    return re.compile(
        rf"(?<![\d.])(?<!\d,)(?P<count>\d[\d,]*)(?:\s*[个個颗顆张張块塊片]?\s*(?:{chips})\s*(?:配置\s*)?的|-(?:{chips})\b)",
        re.IGNORECASE,
    )


@cache
def group_names() -> frozenset[str]:
    """The words for a group of machines as a key writes them after a name ("pod", "cluster")."""
    return frozenset(alias_tables().groups.values())


def percent_as_ratio(claim: Mapping[str, Any], baseline: str | None) -> bool:
    """Whether a percentage is the ratio it stands for: it puts its subject above a (normalised) baseline
    that is not a past period ("40% better than the previous generation" is 1.4x; rule 3)."""
    if claim.get("kind") != "percent" or not _stated(baseline) or says_lower(claim):
        return False
    if names_a_past_period(baseline):
        return False
    table = percent_table()
    if claim.get("trend") == "up":
        return True
    return _words_say(claim, table["higher_after_en"], lambda before: any(word in before for word in table["higher_zh"]))


def reaches_level(claim: Mapping[str, Any]) -> bool:
    """Whether a moving figure is the level reached ("提升至 45%"): the text just before it ends in
    one of diff.toml's level words."""
    sentence = claim.get("sentence") or ""
    start = (claim.get("start") or 0) - (claim.get("sentence_start") or 0)
    if not 0 <= start <= len(sentence):
        return False
    before = unicodedata.normalize("NFKC", sentence[:start]).rstrip()
    return before.endswith(tuple(percent_table()["level_before_zh"]))


@cache
def percent_table() -> dict[str, Any]:
    return data_table("diff.toml")["percent_as_ratio"]


def says_lower(claim: Mapping[str, Any]) -> bool:
    """Whether a relative figure's words put its subject below its baseline ("4x lower", "降低 40%")."""
    if claim.get("kind") not in DIMENSIONLESS:
        return False
    if claim.get("trend") == "down":
        return True
    lower_after, lower_before = direction_words()
    return _words_say(claim, lower_after, lambda before: lower_before.search(before) is not None)


def _words_say(claim: Mapping[str, Any], after_words: Collection[str], said_before: Callable[[str], bool]) -> bool:
    """Whether one of the two words after the figure (English, folded) is in `after_words`, or the Chinese
    text just before it is `said_before`; False when the figure's offsets do not fit its sentence."""
    sentence = claim.get("sentence") or ""
    start = (claim.get("start") or 0) - (claim.get("sentence_start") or 0)
    end = (claim.get("end") or 0) - (claim.get("sentence_start") or 0)
    if not 0 <= start <= end <= len(sentence):
        return False
    table = direction_table()
    after = NEXT_WORDS.findall(unicodedata.normalize("NFKC", sentence[end : end + table["after_window"]]).casefold())
    before = unicodedata.normalize("NFKC", sentence[max(0, start - table["before_window"]) : start])
    return any(word in after_words for word in after[:2]) or (HAN_RUN.search(before) is not None and said_before(before))


@cache
def direction_table() -> dict[str, Any]:
    return data_table("diff.toml")["direction"]


@cache
def direction_words() -> tuple[frozenset[str], re.Pattern[str]]:
    """English words after a figure, and one pattern for the Chinese words before it."""
    table = direction_table()
    chinese = sorted(table["lower_zh"], key=len, reverse=True)
    # "最低" (at least) and "至少" are bounds, not directions.
    pattern = re.compile(r"(?<!最)(?<!至)(?<!不)(?<!多)(?:" + "|".join(map(re.escape, chinese)) + ")")
    return frozenset(table["lower_after_en"]), pattern


@lru_cache(maxsize=65536)
def is_named_baseline(baseline: str | None) -> bool:
    """Whether a (normalised) baseline names a product rather than a relation ("previous generation")."""
    if not baseline:
        return False
    table = data_table("diff.toml")["relative_baselines"]
    words = set(re.findall(r"[a-z0-9.]+", baseline))
    if words & set(table["words_en"]):
        return False
    return not any(word in baseline for word in table["words_zh"])


@dataclass(frozen=True, slots=True)
class Resolution:
    """Where a stated identity went, and why: for `claims key` and for the ledger's `identities` table."""

    stated: Identity
    key: str
    reason: str
    candidates: tuple[str, ...] = ()
    inverted: bool = False


class Resolver:
    """Rules 1-3 over a set of stated identities (a block of the ledger, or all of it).

    `first_claim` gives, for each stated key text, the id of its earliest claim;
    it decides which way round a reciprocal pair is written.
    """

    def __init__(self, stated: Iterable[str], first_claim: Mapping[str, int] | None = None) -> None:
        self.identities = {text: parse_key(text) for text in stated}
        self.first_claim = first_claim or {}
        self._by_block: dict[tuple[str, str], list[Identity]] = {}
        for identity in self.identities.values():
            self._by_block.setdefault((identity.subject, identity.measure), []).append(identity)
            for other_name in (identity.code, identity.maker, identity.as_group_left_out):
                if other_name:
                    self._by_block.setdefault((other_name, identity.measure), []).append(identity)

    def candidates(self, identity: Identity) -> list[Identity]:
        """The most specific identities of the ledger that state all `identity` states and more (rule 2)."""
        fitting = [
            other
            for other in self._by_block.get((identity.subject, identity.measure), [])
            if other != identity and identity.fits(other) and other.states_more_than(identity)
        ]
        # A fitting identity that another fitting one completes is not a choice of its own
        # (two that complete each other, "- " and "duration" as metric, are both choices).
        return [other for other in fitting if not any(o != other and other.fits(o) and not o.fits(other) for o in fitting)]

    def completed(self, identity: Identity) -> tuple[Identity, str, tuple[str, ...]]:
        """Rule 2: the identity this one joins, the reason, and the candidates weighed."""
        if not identity.left_out:
            return identity, "stated in full", ()
        if not identity.may_join:
            return identity, "a ratio or percentage without a metric joins nothing", ()
        found = self.candidates(identity)
        names = tuple(sorted(other.text for other in found))
        left_out = ", ".join(identity.left_out)
        if len(found) == 1:
            return found[0], f"left out {left_out}; exactly one identity in the ledger fits", names
        named = identity.kinds_of_its_metric(found)
        if len(found) > 1 and len(named) == 1:
            return named[0], f"left out {left_out}; of {len(found)} identities that fit, one is a kind of its metric", names
        if not found:
            return identity, f"left out {left_out}; no identity in the ledger states more", names
        return identity, f"left out {left_out}; {len(found)} identities fit, so it joins none", names

    def resolve(self, text: str) -> Resolution:
        """Rules 1-3 for one stated key text."""
        stated = self.identities.get(text) or parse_key(text)
        joined, reason, candidates = self.completed(stated)
        mirror = joined.mirror()
        if mirror is not None and mirror.text in self.identities:
            mirror_joined, _, _ = self.completed(self.identities[mirror.text])
            if mirror_joined == mirror and self._first(mirror.text) < self._first(joined.text):
                return Resolution(stated, mirror.text, f"{reason}; the same comparison written the other way round",
                                  candidates, inverted=True)
        return Resolution(stated, joined.text, reason, candidates)

    def _first(self, text: str) -> tuple[int, str]:
        return (self.first_claim.get(text, 1 << 62), text)

    @staticmethod
    def neighbours_of(identity: Identity) -> set[tuple[str, str]]:
        """The blocks whose resolutions a new identity can change: its own, its bare code's, its maker's, its chip
        group's with the group word left out, its mirror's."""
        blocks = {(identity.subject, identity.measure)}
        for other_name in (identity.code, identity.maker, identity.as_group_left_out):
            if other_name:
                blocks.add((other_name, identity.measure))
        mirror = identity.mirror()
        if mirror is not None:
            blocks.add((mirror.subject, mirror.measure))
        return blocks


@lru_cache(maxsize=65536)
def is_lasting(text: str) -> bool:
    """Whether the identity `text` is a product's specification, whose figures do not expire (``[lasting]``
    of diff.toml): no workload (no condition, or only a precision), a physical measure or a count, and a
    subject that is no organisation."""
    identity = parse_key(text)
    condition = identity.condition
    if _stated(condition) and not is_precision(condition or ""):
        return False
    if identity.measure != "count" and not set(DIMENSION.findall(identity.measure)) <= lasting_dimensions():
        return False
    # An organisation's figure beside its products ("nvidia ~gb300 nvl72") is the organisation's: it expires.
    entity = name_registry().resolve(identity.subject.split(f" {HINT}")[0])
    return entity is None or entity.kind != "organisation"


@lru_cache(maxsize=4096)
def is_organisation_figure(text: str) -> bool:
    """Whether the identity `text` measures an organisation (its money, revenue, market share): where a
    forecast (guidance) and the actual figure are different statements. A product's forecast figure
    ("expected to draw 140 kW") is compared with what it is found to be."""
    identity = parse_key(text)
    return measures_organisation(identity.metric, identity.measure)


@lru_cache(maxsize=4096)
def counts_holdings(text: str) -> bool:
    """Whether the identity `text` counts what a subject that is no known product holds (a cluster's, a
    facility's or an organisation's GPUs or servers: ``[holdings]`` of diff.toml): a size that grows, so a
    plan for it ("aims to double Colossus to 200,000 GPUs") is a forecast, apart from the size now, as guidance
    is apart from results; a product's own count ("72 GPUs" of a rack) is compared with what it is found to be."""
    identity = parse_key(text)
    if identity.measure not in data_table("diff.toml")["holdings"]["measures"]:
        return False
    entity = name_registry().resolve(identity.subject.split(f" {HINT}")[0])
    return entity is None or entity.kind not in HARDWARE_KINDS


@lru_cache(maxsize=4096)
def names_a_period(text: str) -> bool:
    """Whether the identity `text` names the period its figures are reported for ("2025 q3")."""
    return is_period(parse_key(text).condition)


def measures_organisation(metric: str | None, measure: str) -> bool:
    """`organisation_figure` for a key's (normalised) metric: "earning per share" is the organisation
    metric "earnings per share" folded."""
    return is_currency(measure) or metric in key_organisation_metrics()


@cache
def key_organisation_metrics() -> frozenset[str]:
    """The organisation metrics of data/metrics.toml as a key writes them (`normalise_metric`)."""
    return frozenset(normalise_metric(name) or name for name in organisation_metrics())


DIMENSION = re.compile(r"\[\w+\]")


@lru_cache(maxsize=4096)
def is_product_measure(measure: str) -> bool:
    dimensions = set(DIMENSION.findall(measure))
    return bool(dimensions) and dimensions <= set(data_table("diff.toml")["organisation_subject"]["dimensions"])


@cache
def lasting_dimensions() -> frozenset[str]:
    return frozenset(data_table("diff.toml")["lasting"]["dimensions"])


def is_precision(condition: str) -> bool:
    return precision_pattern().fullmatch(condition) is not None


@lru_cache(maxsize=4096)
def takes_condition(measure: str, precision: bool) -> bool:
    """Whether a figure of `measure` is held to a precision (or a workload) its sentence gives another figure
    (``[sibling_conditions]`` of diff.toml)."""
    if measure in DIMENSIONLESS:
        return True
    table = data_table("diff.toml")["sibling_conditions"]
    wanted = table["precision_dimensions" if precision else "workload_dimensions"]
    return bool(set(DIMENSION.findall(measure)) & set(wanted))


GENERATION_NUMBER = re.compile(r"\d+")


@lru_cache(maxsize=65536)
def is_predecessor(baseline: str, subject: str | None) -> bool:
    """Whether a (normalised) baseline is the subject's name with its one generation number one lower:
    "trn2 ultraserver" for "trn3 ultraserver", "tpu v6" for "tpu v7" (the previous generation, named)."""
    if not subject:
        return False
    numbers, baseline_numbers = GENERATION_NUMBER.findall(subject), GENERATION_NUMBER.findall(baseline)
    if len(numbers) != 1 or len(baseline_numbers) != 1 or int(numbers[0]) - int(baseline_numbers[0]) != 1:
        return False
    return GENERATION_NUMBER.sub("#", subject) == GENERATION_NUMBER.sub("#", baseline)


@cache
def precision_pattern() -> re.Pattern[str]:
    """A condition that is only a precision ("int8", "fp16"), as the key folds it."""
    return re.compile("|".join(data_table("units.toml")["precisions"]), re.IGNORECASE)
