"""Subject carry-over: what a figure whose sentence names no subject for it is about.

A sentence opening with a thing in general ("A typical data center can use 40 to 400 MW") takes
nothing carried over; one an unnamed party opens as its speaker ("一家网络安全公司预计 ... 提升 10 倍")
takes no company carried over (the post's topic may still be what it is about). Within a paragraph, a figure takes the subject of the sentence right before: the
subject of that sentence's last figure, passing over one that another figure there is
compared with ("... 2.4x the H100's 80GB. Its bandwidth ..." -> not H100) ("The WSE-3 ... 46,225 square millimeters.
That is more than 56 times the die size of the H100." -> WSE-3), else the one product
(or, with none, the one organisation that did not cite the figures) it named ("Kestrel
unveiled the K4. It carries 432 GB of HBM." -> K4), written as that sentence's figures have it ("Hopper 集群"),
unless that product is the figure's baseline (the one product it named, not an organisation whose
money its figures were, for figures that are no organisation's); a sentence pointing at a kind of thing
("these GPUs", "该芯片") takes only a thing of that kind (not a speaker tagged on after a comma, ", the company
claims", for figures that are no organisation's), and a figure a group word stands at ("racks
exceeding 60 kW", and what follows it in brackets) never takes a chip. Failing that, the figure
takes the post's topic (extraction/topic.py): the product the last sentence that named
one was about, also past paragraph breaks and from the title, until the post moves on; so does
one whose subject is only the topic's maker, speaking or acting, when it is no organisation's
figure ("AMD doubled per-CU throughput to 8,192 FLOPS" in a post on its chip).
Then:

- "These GPUs ..." before the post named any chip: the one chip it names later that
  an organisation it named before makes;
- a figure compared with "its previous X" and no product of its own: the one product
  the post named before of X's kind and family;
- a count of chips per group word with no subject ("单机架 72 颗 Rubin GPU") is the count of
  the system built on them that the post named last, and so are the other counts of hardware
  in its clause ("加 36 颗 Vera CPU") and a bandwidth of the interconnect joining them ("260 TB/s 的
  NVLink 6 互联"), not one given per chip;
- a multiple whose subject is a family or chip written bare ("Rubin"), after the post named exactly
  one system built on it, is that system's; a multiple with no metric takes the one metric the
  sentence right before compared the same subject in;
- a carried chip is the known system built on it that a bare group word before the
  figure names ("A 144-chip UltraServer configuration" after Trainium3), or the chip's
  system of a group a count of chips makes ("A 10,000-GPU cluster");
- a company's figure (revenue, money, growth) that still has no subject is the one
  company the post's title names when the title is about its results ("Orbis posts
  record Q3 revenue", "寒武纪发布季度业绩") and names no product, unless its sentence
  names a company or a segment ("the Data Center segment", "云端业务"), and only until the
  post names another company; a title naming one company and no product, not about results
  ("Orbis is seeing record demand"), gives it only to sentences opening "The company ..."
  (data/cues.toml [roles] company_pointed_at).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from claimledger.entities import Entity, Registry
from claimledger.extraction.about import a_standard
from claimledger.extraction.annotate import Annotated
from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.cues import alternation, cue_table, fold, lowered, role_words
from claimledger.extraction.found import Found
from claimledger.extraction.names import HARDWARE, Name
from claimledger.extraction.pipeline import Sentence
from claimledger.extraction.roles import KIND_REFERENCES, any_kind_reference, counted, kind_reference
from claimledger.extraction.shapes import shape_table
from claimledger.extraction.topic import (
    Topic,
    counted_system,
    family_of_topic,
    in_chain,
    named_ahead,
    next_topic,
    of_a_group,
    organisation_spoken_of,
    per_unit_system,
    previous_of_own,
    successor,
    system_of,
    system_word,
    takes_topic,
)
from claimledger.organisation import organisation_figure

# What an unnamed segment of the post's company brings in (data/metrics.toml).
SEGMENT_REVENUE = "segment revenue"
# A line break between two sentences ends a paragraph (text from HTML keeps a
# paragraph on one line; notes put one topic on each line).
PARAGRAPH_BREAK = re.compile(r"\n")
# A first sentence that ends its line is the post's title.
TITLE_END = re.compile(r"[ \t]*\n")
# Only an opening bracket between a group of figures and the next one: "8 GB and 16 GB (2 TB/s ...": the group goes on.
OPENING_BRACKET = re.compile(r"\s*[(（]\s*")
# What may stand before a sentence's opening word for a thing: an article, "据悉，", "Meanwhile, ".
# The kinds a figure of a group (rack, cluster) is never carried to.
CHIP_KINDS = ("chip", "product_family")
OPENING = re.compile(r"\s*(?:[A-Za-z]+,\s*|[\u4e00-\u9fff]{1,4}[，,]\s*)?(?:the\s+|this\s+|that\s+|its\s+)?", re.IGNORECASE)


@dataclass(slots=True)
class Post:
    """What the sentences read so far tell about the ones to come."""

    text: str
    registry: Registry
    previous: tuple[Sentence, Annotated, list[Found]] | None = None
    topic: Topic | None = None
    # Organisations and products the post has named so far.
    makers: set[str] = field(default_factory=set)
    named: list[Name] = field(default_factory=list)
    # The one company an earnings post's title names, until the post names another (`_take_company`).
    company: Name | None = None
    # The one company a title not about results names: only "The company reported ..." takes it.
    pointed_company: Name | None = None
    read_title: bool = False

    def forget(self) -> None:
        """A sentence the extractor does not read: nothing is carried past it."""
        self.previous = self.topic = None

    def carry(self, sentence: Sentence, annotated: Annotated, found: list[Found], later: Callable[[], Sequence[Name]]) -> None:
        """Give the sentence's subjectless figures their subjects; `later()` gives the names of
        the sentences after it (asked for only by "These GPUs ..." sentences)."""
        registry, names = self.registry, annotated.names
        if found and not _generic_opening(annotated.simple):  # a sentence without figures only tells the ones to come about
            ratios = [item for item in found if item.claim.kind == "ratio"]
            if ratios:
                _family_word_system(registry, annotated, ratios, self.named)
            opening = _opening_reference(annotated)
            if self.previous is not None and any(
                item.claim.subject is None or item.speaker_subject or _not_what_it_points_at(annotated, item, opening) for item in found
            ):
                _carry_subject(registry, self.text, self.previous, sentence, annotated, found, opening)
            if sentence.lang == "zh" and _unnamed_party_speaks(annotated.simple):
                _not_the_carried_company(found)
            if self.topic is not None:
                _take_topic(registry, self.topic, annotated, found)
            _point_ahead(registry, annotated, found, self.makers, later)
            _successor_of_baseline(registry, annotated, found, self.named)
            _carried_systems(registry, annotated, found)
            _counted_chips_system(registry, annotated, found, self.named)
            if self.company is not None:
                _take_company(self.company, annotated, found)
            elif self.pointed_company is not None and _points_at_company(annotated.simple):
                _take_company(self.pointed_company, annotated, found)
            if ratios and self.previous is not None and self.previous[2]:
                _metric_of_sentence_before(registry, self.previous[2], ratios)
        self._follow_company(sentence, annotated)
        hardware = [name for name in names if name.kind in HARDWARE]
        self.makers.update(name.entity.id for name in names if name.kind == "organisation")
        self.named.extend(hardware)
        if any(organisation_figure(item.claim.metric, item.claim.dimensionality) for item in found) or not hardware and organisation_spoken_of(
            annotated.simple
        ):
            self.topic = None  # the post moves on to the company ("公司预计明年营收将达 ...")
        else:
            subjects = _own_subjects(registry, annotated, found) if found else []
            self.topic = next_topic(registry, self.topic, annotated.simple, names, subjects, [item.roles for item in found])
        self.previous = (sentence, annotated, found)


    def _follow_company(self, sentence: Sentence, annotated: Annotated) -> None:
        """The company of an earnings title (`earnings_company`); another company named ends it."""
        if not self.read_title:
            self.read_title = True
            if TITLE_END.match(self.text, sentence.end):
                self.company = earnings_company(annotated)
                self.pointed_company = None if self.company is not None else lone_company(annotated)
            return
        for held in (self.company, self.pointed_company):
            if held is not None and any(
                name.kind == "organisation" and name.entity.id != held.entity.id for name in annotated.names
            ):
                self.company = self.pointed_company = None


def earnings_company(annotated: Annotated) -> Name | None:
    """The one company a title about its results names ("Orbis posts record Q3 revenue",
    "昉擎科技发布第三季度财报"): no product named beside it."""
    if not role_words("earnings_title").search(lowered(annotated.simple)):
        return None
    return lone_company(annotated)


def lone_company(annotated: Annotated) -> Name | None:
    """The one company a sentence names, with no product named beside it."""
    if any(name.kind in HARDWARE for name in annotated.names):
        return None
    companies = {name.entity.id: name for name in annotated.names if name.kind == "organisation"}
    return next(iter(companies.values())) if len(companies) == 1 else None


@cache
def _company_pointers() -> re.Pattern[str]:
    return re.compile(rf"\s*(?:[A-Za-z]+,\s*)?(?:{alternation(cue_table()['roles']['company_pointed_at'])})\b", re.IGNORECASE)


def _points_at_company(folded: str) -> bool:
    """Whether a sentence opens by pointing back at a company ("The company reported ...", "Overall, the firm ...")."""
    return _company_pointers().match(folded) is not None  # anchored at the sentence start: cheap


def _take_company(company: Name, annotated: Annotated, found: list[Found]) -> None:
    """A company's figure (revenue, money, growth) whose sentence names no subject, no company and
    no segment of one ("the Data Center segment brought in $41.1 billion") is the company of the
    post's earnings title; so is an unnamed segment's revenue ("The segment's revenue grew 12%"), a
    measure apart from the company's total."""
    if any(name.kind == "organisation" for name in annotated.names):
        return
    of_segment = role_words("segment_spoken_of").search(lowered(annotated.simple)) is not None
    for item in found:
        claim = item.claim
        if of_segment and claim.metric != SEGMENT_REVENUE:
            continue
        if claim.subject is None and organisation_figure(claim.metric, claim.dimensionality):
            claim.subject, claim.subject_id, item.subject_id = company.text, company.entity.id, company.entity.id
            item.subject_kind, item.carried = "organisation", True


def _carry_subject(
    registry: Registry, text: str, previous: tuple[Sentence, Annotated, list[Found]], sentence: Sentence, annotated: Annotated,
    found: list[Found], opening: tuple[str, ...] | None,
) -> None:
    """Subjectless claims take the subject of the previous sentence of the paragraph: the
    name of the kind the sentence refers to ("每个模型", "the chip": the model or chip named
    there), else its last figure's subject (not one another figure there is compared with, nor a standard:
    "the JEDEC standard of 8 Gbps"),
    else the one product it named, as its figures
    wrote it ("Hopper 集群"). A figure whose subject is only its speaker takes a product so,
    and so does one whose subject is only a part or maker beside the thing the sentence opens
    with a word for (`opening`: its kinds, `_opening_reference`)."""
    previous_sentence, previous_annotated, previous_found = previous
    if PARAGRAPH_BREAK.search(text, previous_sentence.end, sentence.start):
        return
    referred = _referred_by_figures(annotated, found)
    carried = _named_of_kind(previous_annotated, referred) if referred else None
    if carried is None:
        # "These GPUs ..." after a sentence about an organisation: no chip to point back to.
        with_subject = [
            item for item in previous_found
            if item.claim.subject and not item.speaker_subject and not a_standard(item.claim.subject)
            and (not referred or item.subject_kind in referred or _speaker_as_company(item, referred))
        ]
        # "It carries 192GB — 2.4x the H100's 80GB. Its bandwidth ...": not the name compared against,
        # nor the one a past value is of ("32 units, down from 38 in the MI300X").
        uncompared = [item for item in with_subject if not _compared_against(item, previous_found) and item.claim.role in (None, "current")]
        with_subject = uncompared or with_subject
        if _unrelated_subjects(registry, uncompared):
            return  # "The K4 has 32 units, while the Z9 has 38. It ...": which one is meant is unclear
        if with_subject:
            carried = (with_subject[-1].claim.subject, with_subject[-1].subject_id, with_subject[-1].subject_kind)
            if carried[2] == "organisation" and not any(organisation_figure(i.claim.metric, i.claim.dimensionality) for i in found):
                # "Meta invests $10 billion in "Hyperion". Spanning 2,250 acres, it ...": the one product named, not its owner
                carried = _named_of_kind(previous_annotated, HARDWARE) or carried
        elif not referred:  # "The racks draw 60 kW" after a sentence naming only a chip: no rack to point back to
            carried = _named_of_kind(previous_annotated, HARDWARE) or _only_organisation(previous_annotated, previous_found)
    if carried is None:
        return
    subject, subject_id, kind = carried
    groups = _group_figures(annotated, found) if kind in CHIP_KINDS else ()
    for item in found:
        claim = item.claim
        if any(item is group for group in groups):
            continue
        if claim.baseline and subject in claim.baseline:
            continue
        if claim.subject is None or item.speaker_subject and kind in HARDWARE and not _speaker_acts(annotated) or _not_what_it_points_at(annotated, item, opening):
            if item.speaker_subject:
                item.roles = {name: "claimant" if role == "subject" else role for name, role in item.roles.items()}
            claim.subject, item.subject_id, item.speaker_subject = subject, subject_id, False
            claim.subject_id = subject_id
            item.subject_kind, item.carried = kind, True


def _speaker_acts(annotated: Annotated) -> bool:
    """Whether the sentence's speaker plans its own doing ("Orbis expects to bring 30 MW online"):
    its figures stay its own after a sentence about a product."""
    return _own_plans().search(lowered(annotated.simple)) is not None


@cache
def _own_plans() -> re.Pattern[str]:
    claimant = cue_table()["claimant"]
    return re.compile(rf"\b{alternation(claimant['en_own_plans'])}\s+{alternation(claimant['en_own_actions'])}\b")


# An unnamed party opening the sentence as its speaker: "一家网络安全公司预计", "某客户表示", "客户预计".
UNNAMED_PARTY_SPEAKS = re.compile(
    r"\s*(?:(?:一家|某家|某|一位|多家|部分)[^，,。；;]{0,12}?(?:公司|客户|企业|厂商|用户|机构)|客户|用户)(?:们)?[^，,。；;]{0,4}?"
    r"(?:预计|预期|估计|表示|称|认为|反馈)"
)


def _unnamed_party_speaks(folded: str) -> bool:
    """Whether an unnamed party opens the sentence as its speaker ("一家网络安全公司预计 ... 提升 10 倍")."""
    return UNNAMED_PARTY_SPEAKS.match(folded) is not None


def _not_the_carried_company(found: Sequence[Found]) -> None:
    """An unnamed party's figures are not the company a sentence before named: that company is not
    who speaks, nor what its expectation is about (the post's topic may be)."""
    for item in found:
        if item.carried and item.subject_kind == "organisation":
            item.claim.subject = item.claim.subject_id = item.subject_id = item.subject_kind = None
            item.carried = False


@cache
def _generic_openings() -> re.Pattern[str]:
    table = cue_table()["roles"]["generic_opening"]
    return re.compile(rf"\s*(?:{alternation([*table['en'], *table['zh']])})(?![A-Za-z])", re.IGNORECASE)


def _generic_opening(folded: str) -> bool:
    """Whether the sentence opens with a thing in general ("A typical data center can use ..."): its
    figures are no named product's or company's."""
    return _generic_openings().match(folded) is not None


def _group_figures(annotated: Annotated, found: Sequence[Found]) -> list[Found]:
    """The figures a group word (rack, cluster) stands at ("racks exceeding 60 kW"), and those in
    brackets right after one ("60 kW (six times the norm)"): no chip's figures."""
    groups: list[Found] = []
    group_end = None
    for item in found:
        start, end = item.claim.start - item.claim.sentence_start, item.claim.end - item.claim.sentence_start
        after_group = group_end is not None and OPENING_BRACKET.fullmatch(annotated.simple[group_end:start]) is not None
        if after_group or of_a_group(annotated.simple, start, end):
            groups.append(item)
            group_end = end
    return groups


def _speaker_as_company(item: Found, referred: tuple[str, ...]) -> bool:
    """Whether a figure's subject is its own speaker, named by no known name ("Orbis now expects
    $14 billion"): "the company" of the next sentence points back to it."""
    return "organisation" in referred and item.subject_kind is None and item.claim.subject == item.claim.claimant


def _unrelated_subjects(registry: Registry, found: Sequence[Found]) -> bool:
    """Whether the figures' subjects name two products that are not one built on the other."""
    entities = {item.subject_id: registry.get(item.subject_id) for item in found if item.subject_id}
    known = [entity for entity in entities.values() if entity is not None]
    return len(known) > 1 and not all(in_chain(registry, known[0], other) for other in known[1:])


def _compared_against(item: Found, found: Sequence[Found]) -> bool:
    """Whether the subject of `item` is what another figure of its sentence is compared with."""
    return any(
        other is not item and other.claim.baseline
        and (item.subject_id is not None and other.claim.baseline_id == item.subject_id or item.claim.subject in other.claim.baseline)
        for other in found
    )


def _take_topic(registry: Registry, topic: Topic, annotated: Annotated, found: list[Found]) -> None:
    """Figures with no subject of their own take the post's topic (extraction/topic.py); one
    whose subject is only the topic's family pointed at as known ("The TPU") is the topic."""
    referred = _referred_by_figures(annotated, found)
    if referred and topic.kind not in referred or organisation_spoken_of(annotated.simple) and not _speaker_only(annotated, found):
        return
    if any(organisation_figure(item.claim.metric, item.claim.dimensionality) for item in found):
        return  # "报告期内研发投入 3.2 亿元，研发人员 1,041 名": the sentence is about the company
    # Only a figure with no subject is kept from the topic for standing at a group word.
    subjectless = any(item.claim.subject is None for item in found)
    groups = _group_figures(annotated, found) if subjectless and topic.kind in CHIP_KINDS else []
    # Only a product family's name is the topic's family pointed at (family_of_topic): most sentences name none.
    families_named = any(name.kind == "product_family" for name in annotated.names)
    for item in found:
        claim = item.claim
        if claim.baseline and (topic.subject in claim.baseline or claim.baseline_id == topic.entity.id):
            continue
        if claim.subject is None and any(item is group for group in groups):
            continue
        subject = _subject_name(annotated, item) if families_named else None
        if family_of_topic(registry, topic, annotated.simple, subject):
            item.roles = {name: role for name, role in item.roles.items() if role != "subject"}
        elif not (
            claim.subject is None
            or (item.speaker_subject or _maker_acting(item)) and topic.kind in HARDWARE and _speaker_makes(registry, item, topic)
        ):
            continue
        elif not takes_topic(registry, topic, annotated.names, item.roles):
            continue
        if item.speaker_subject:
            item.roles = {name: "claimant" if role == "subject" else role for name, role in item.roles.items()}
        elif _maker_acting(item):
            item.roles = {name: "maker" if role == "subject" else role for name, role in item.roles.items()}
        taken = per_unit_system(registry, topic, claim.metric)
        claim.subject, claim.subject_id, item.subject_id = taken.subject, taken.entity.id, taken.entity.id
        item.speaker_subject, item.subject_kind, item.carried = False, taken.kind, True


def _point_ahead(registry: Registry, annotated: Annotated, found: list[Found], makers: set[str], later: Callable[[], Sequence[Name]]) -> None:
    """"These GPUs ..." before any chip is named: the one chip the post names later that an
    organisation it named before makes (extraction/topic.py named_ahead)."""
    if not any(item.claim.subject is None for item in found) or _referred_kind(annotated) != KIND_REFERENCES["chip"]:
        return
    chip = named_ahead(registry, later(), makers)
    if chip is None:
        return
    for item in found:
        if item.claim.subject is None and not organisation_figure(item.claim.metric, item.claim.dimensionality):
            item.claim.subject, item.claim.subject_id, item.subject_id = chip.text, chip.entity.id, chip.entity.id
            item.subject_kind, item.carried = chip.kind, True


def _successor_of_baseline(registry: Registry, annotated: Annotated, found: list[Found], named: Sequence[Name]) -> None:
    """"AWS claims 4.4x ... compared to its previous Trainium2 UltraServers" with no product of
    its own: the one product the post named before of the baseline's kind and family
    (extraction/topic.py successor)."""
    for item in found:
        if not (item.claim.subject is None or item.speaker_subject) or item.claim.baseline_id is None:
            continue
        baseline = next((name for name in annotated.names if name.entity.id == item.claim.baseline_id), None)
        if baseline is None or not previous_of_own(annotated.simple, baseline.start):
            continue
        later = successor(registry, baseline.entity, named)
        if later is not None:
            if item.speaker_subject:
                item.roles = {name: "claimant" if role == "subject" else role for name, role in item.roles.items()}
            item.claim.subject, item.claim.subject_id, item.subject_id = later.text, later.entity.id, later.entity.id
            item.subject_kind, item.speaker_subject, item.carried = later.kind, False, True


def _carried_systems(registry: Registry, annotated: Annotated, found: list[Found]) -> None:
    """A carried chip is the known system built on it that a bare group word before the
    figure names ("A 144-chip UltraServer configuration ..."), unless the sentence points at a chip."""
    carried = [item for item in found if item.carried and item.subject_id and item.subject_kind in ("chip", "product_family")]
    if not carried or _referred_kind(annotated) == KIND_REFERENCES["chip"]:
        return
    for item in carried:
        chip = registry.get(item.subject_id) or Entity(item.subject_id, item.subject_kind, origin="seen")
        start = item.claim.start - item.claim.sentence_start
        clause_start, _ = clause_bounds(annotated.simple, start, item.claim.end - item.claim.sentence_start)
        span = (clause_start, start)
        system = system_of(registry, chip, annotated.simple, annotated.names, span) or counted_system(chip, annotated.simple, clause_start, start)
        if system is not None:
            item.claim.subject, item.claim.subject_id, item.subject_id, item.subject_kind = system.id, system.id, system.id, system.kind


def _counted_chips_system(registry: Registry, annotated: Annotated, found: list[Found], named: Sequence[Name]) -> None:
    """A count of chips per group word ("单机架 72 颗 Rubin GPU", "72 Rubin GPUs ... per rack") with no
    subject, or only a carried chip, is the count of the system built on them that the post named last
    (its parent is the chip); so are the other counts of hardware in its clause ("加 36 颗 Vera CPU"), and a
    bandwidth of the interconnect joining them ("260 TB/s 的 all-to-all NVLink 6 互联"), not one per chip."""
    folded = annotated.simple
    for item in found:
        if not _open_to_system(item):
            continue
        start, end = item.claim.start - item.claim.sentence_start, item.claim.end - item.claim.sentence_start
        chip = next((name for name in annotated.names if start <= name.start < end and name.kind in CHIP_KINDS and counted(folded, name)), None)
        clause = clause_bounds(folded, start, end)
        if chip is None or system_word().search(folded, *clause) is None:
            continue
        system = next(filter(None, (_built_on(registry, name, chip.entity) for name in reversed(named) if name.kind == "system")), None)
        if system is None:
            continue
        subject = system[0]
        for other in found:
            other_start = other.claim.start - other.claim.sentence_start
            if other is item or _open_to_system(other) and (
                clause[0] <= other_start < clause[1] and _counts_hardware(annotated, other) or _interconnect_bandwidth(annotated, other)
            ):
                other.claim.subject, other.claim.subject_id, other.subject_id = subject, system[1].id, system[1].id
                other.subject_kind, other.carried = "system", True


def _metric_of_sentence_before(registry: Registry, before: Sequence[Found], ratios: Sequence[Found]) -> None:
    """A multiple with no metric of its own takes the one metric the sentence right before compared the
    same subject in ("Vera Rubin NVL72 ... 接近 10 倍 ... TPS/MW. Rubin 能多产出近一个数量级的 token"): it goes on
    comparing that measure. None when that sentence gave the subject several metrics, or none, or only
    levels ("GB200 NVL72 reached 80,000 TPS/MW. 10x is the peak": the 10x compares two products)."""
    for item in ratios:
        if item.claim.metric is not None or item.subject_id is None:
            continue
        subject = registry.get(item.subject_id)
        metrics = {
            other.claim.metric for other in before
            if other.claim.kind == "ratio" and other.subject_id is not None and (
                other.subject_id == item.subject_id
                or subject is not None and (earlier := registry.get(other.subject_id)) is not None and in_chain(registry, subject, earlier)
            )
        }
        if len(metrics) == 1 and None not in metrics:
            item.claim.metric = metrics.pop()


def _family_word_system(registry: Registry, annotated: Annotated, ratios: Sequence[Found], named: Sequence[Name]) -> None:
    """A multiple whose subject is a family or chip written bare ("Rubin", not "Rubin GPU"), after the
    post named exactly one system built on it ("Vera Rubin NVL72"), is that system's: "Rubin 在同样的电量下
    能多产出近一个数量级的 token" speaks of the rack the post is about, not of one chip."""
    for item in ratios:
        if item.subject_kind not in CHIP_KINDS or item.carried:
            continue
        name = _subject_name(annotated, item)
        if name is None or not _bare_family_word(annotated.simple, name) or any(other.kind == "system" for other in annotated.names):
            continue
        systems = {
            other.entity.id: other for other in named
            if other.kind == "system" and name.entity.id in {ancestor.id for ancestor in registry.ancestors(other.entity)}
        }
        if len(systems) == 1:
            (system,) = systems.values()
            item.claim.subject, item.claim.subject_id, item.subject_id = system.text, system.entity.id, system.entity.id
            item.subject_kind = "system"


def _bare_family_word(folded: str, name: Name) -> bool:
    """Whether a name is a family's, or a chip's short alias ("Rubin" for the Rubin GPU), with no
    word for a chip after it ("Rubin GPU", "Rubin 芯片")."""
    if name.kind == "chip" and fold(name.text) == fold(name.entity.id):
        return False
    return not folded[name.end:name.end + 8].lstrip().lower().startswith(_chip_words())


@cache
def _chip_words() -> tuple[str, ...]:
    return tuple(word.lower() for word in shape_table()["kind_words"]["chip"])


def _interconnect_bandwidth(annotated: Annotated, item: Found) -> bool:
    """Whether a figure with no subject is a bandwidth with a word for an interconnect after it in its
    clause ("260 TB/s 的 all-to-all NVLink 6 互联"), and no word giving it per chip ("每颗 GPU 8 TB/s")."""
    if item.claim.subject is not None or item.claim.dimensionality != "[information] / [time]":
        return False
    start, end = item.claim.start - item.claim.sentence_start, item.claim.end - item.claim.sentence_start
    clause_start, clause_end = clause_bounds(annotated.simple, start, end)
    low = lowered(annotated.simple)
    return role_words("interconnect").search(low, end, clause_end) is not None and role_words("per_chip").search(low, clause_start, clause_end) is None


def _built_on(registry: Registry, name: Name, chip: Entity) -> tuple[str, Entity] | None:
    """The system a named one is, or is a group of, that is built right on `chip` ("Vera Rubin
    NVL72 cluster" -> the Vera Rubin NVL72 on Rubin GPU), as written when it is the named one."""
    if name.entity.parent == chip.id:
        return name.text, name.entity
    system = next((entity for entity in registry.ancestors(name.entity) if entity.kind == "system" and entity.parent == chip.id), None)
    return (system.id, system) if system is not None else None


def _open_to_system(item: Found) -> bool:
    """Whether a figure has no subject, or only a chip carried from elsewhere."""
    return item.claim.subject is None or item.carried and item.subject_kind in CHIP_KINDS


def _counts_hardware(annotated: Annotated, item: Found) -> bool:
    """Whether a figure counts a chip or a part named in it ("36 颗 Vera CPU")."""
    start, end = item.claim.start - item.claim.sentence_start, item.claim.end - item.claim.sentence_start
    return any(start <= name.start < end and name.kind in (*CHIP_KINDS, "component") and counted(annotated.simple, name) for name in annotated.names)


def _maker_acting(item: Found) -> bool:
    """Whether an organisation is the subject of a figure that is no organisation's ("AMD doubled
    per-CU throughput to 8,192 FLOPS"): in a post on its product, the figure is the product's."""
    return item.subject_kind == "organisation" and not organisation_figure(item.claim.metric, item.claim.dimensionality)


def _speaker_makes(registry: Registry, item: Found, topic: Topic) -> bool:
    """Whether the speaker standing as the figure's subject makes the topic ("AWS claims ..." in a post on Trainium3)."""
    maker = registry.maker(topic.entity)
    speaker = registry.get(item.subject_id)
    return maker is not None and speaker is not None and in_chain(registry, maker, speaker)


def _subject_name(annotated: Annotated, item: Found) -> Name | None:
    """The name of the sentence that is the figure's subject, if one is."""
    for name in annotated.names:
        if name.entity.id == item.subject_id and item.roles.get(name.text) == "subject":
            return name
    return None


def _own_subjects(registry: Registry, annotated: Annotated, found: list[Found]) -> list[tuple[str, Entity]]:
    """The subjects a sentence's figures take from the sentence itself, as written, with their entities."""
    subjects = []
    for item in found:
        if item.carried or not item.claim.subject:
            continue
        entity = next((name.entity for name in annotated.names if name.entity.id == item.subject_id), None) or registry.get(item.subject_id)
        # A subject by its place alone ("Stratus Cloud said ..."): unknown, so another topic.
        subjects.append((item.claim.subject, entity or Entity(item.claim.subject, item.subject_kind or "", origin="seen")))
    return subjects


def _opening_reference(annotated: Annotated) -> tuple[str, ...] | None:
    """The kinds a sentence points back to when its word for the thing opens it, before any
    name or figure ("The server integrates ...", "该服务器集成 ..."): the thing is its subject."""
    kinds = _referred_kind(annotated)
    if kinds is None:
        return None
    pattern, _ = kind_reference()
    found = pattern.search(lowered(annotated.simple))
    first = min([name.start for name in annotated.names] + [figure.start for figure in annotated.figures], default=len(annotated.simple))
    return kinds if found is not None and found.start() < first and OPENING.fullmatch(annotated.simple, 0, found.start()) else None


def _not_what_it_points_at(annotated: Annotated, item: Found, opening: tuple[str, ...] | None) -> bool:
    """Whether a figure of a sentence opening with a word for a thing (`opening`: its kinds) has
    for subject what is only a part or a maker beside it: an organisation, a component or
    software, or a chip in a sentence about a system ("The server integrates AMD EPYC CPUs and
    holds 128 accelerators per rack" is about the server); not when a later clause names it
    beside the figure ("This supercomputer draws 150 MW, as 100,000 H100 GPUs draw 70 MW": the
    70 MW is the GPUs')."""
    if opening is None or item.claim.subject is None or item.subject_kind in opening:
        return False
    start, end = item.claim.start - item.claim.sentence_start, item.claim.end - item.claim.sentence_start
    clause_start, clause_end = clause_bounds(annotated.simple, start, end)
    own = _subject_name(annotated, item)
    if clause_start > 0 and own is not None and clause_start <= own.start and own.end <= clause_end:
        return False
    return item.subject_kind in ("organisation", "component", "software") or (
        opening == KIND_REFERENCES["system"] and item.subject_kind in ("chip", "product_family")
    )


def _named_of_kind(annotated: Annotated, kinds: Sequence[str]) -> tuple[str, str, str] | None:
    """The one name of `kinds` a sentence gives (by entity), as written; None for none or several."""
    named = {name.entity.id: name for name in annotated.names if name.kind in kinds}
    if len(named) != 1:
        return None
    (name,) = named.values()
    return name.text, name.entity.id, name.kind


def _only_organisation(annotated: Annotated, found: Sequence[Found]) -> tuple[str, str, str] | None:
    """The one organisation a sentence that names no product gives: with products named (several,
    or one it compares with), an organisation there is their maker, not what it spoke of; one
    that cited the sentence's figures ("据 IDC 与浪潮信息发布的报告") spoke of something else."""
    if any(name.kind in HARDWARE for name in annotated.names):
        return None
    only = _named_of_kind(annotated, ("organisation",))
    if only is not None and any(item.roles.get(only[0]) == "claimant" for item in found):
        return None
    return only


def _referred_kind(annotated: Annotated) -> tuple[str, ...] | None:
    """The kind of thing a sentence points back to with a word for it ("each model", "该芯片",
    "the system"), when it names nothing of that kind itself."""
    kinds = _kind_referred_to(annotated.simple)
    return None if kinds is None or any(name.kind in kinds for name in annotated.names) else kinds


@lru_cache(maxsize=8)
def _kind_referred_to(folded: str) -> tuple[str, ...] | None:
    """The kinds the sentence's first word for a kind of thing points back to; cached, as
    several carry rules ask, each only when it needs to."""
    low = lowered(folded)
    if not any_kind_reference().search(low):
        return None
    pattern, groups = kind_reference()
    found = pattern.search(low)
    return KIND_REFERENCES[groups[fold(found.group(0))]] if found else None


def _referred_by_figures(annotated: Annotated, found: list[Found]) -> tuple[str, ...] | None:
    """`_referred_kind`, less a speaker tagged on after a comma for figures that are no organisation's
    ("It also has 1.3x the H200's compute, the company claims": the speaker, not what the figures are about)."""
    referred = _referred_kind(annotated)
    return None if referred and _speaker_only(annotated, found) else referred


def _speaker_only(annotated: Annotated, found: list[Found]) -> bool:
    """Whether the sentence's word for a kind of thing only tags its speaker on, its figures no organisation's."""
    return _speaker_tagged(annotated.simple) and not any(organisation_figure(i.claim.metric, i.claim.dimensionality) for i in found)


def _speaker_tagged(folded: str) -> bool:
    """Whether the sentence's word for a kind of thing is a speaker tagged on after a comma: "..., the company claims"."""
    low = lowered(folded)
    match = kind_reference()[0].search(low)
    return match is not None and low[:match.start()].rstrip().endswith(",") and _speaks_after().match(low, match.end()) is not None


@cache
def _speaks_after() -> re.Pattern[str]:
    """A verb of saying right after a word for a kind of thing (cues.toml [claimant] en_after): "the company claims"."""
    return re.compile(rf"\s+(?:{alternation(cue_table()['claimant']['en_after'])})\b")
