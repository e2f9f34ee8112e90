"""The claim extractor: numeric claims in English and Chinese text.

    extract(text, lang=None, all_quantities=False) -> list[Claim]

Text is cut into sentences (spaCy); each sentence is annotated once
(extraction/annotate.py: numbers with their units, names, metrics and
non-claim spans on a spaCy Doc); each figure is then framed from those spans:
qualifier, trend, projected, self-reported, baseline, claimant, the role of
every name (extraction/roles.py), subject, metric, condition. In claim mode (the
default) only claim-worthy figures are kept: a unit, a percentage, a ratio, a
plain number right after its metric (PUE 1.1), a large count of things, or a
counted noun with a qualifier, trend or baseline; never digits inside names,
dates, times, versions, URLs or phone numbers, nor bare numbers and years.
`all_quantities=True` keeps every quantity, counted nouns and bare numbers too.

Self-reported scope: a sentence with a self-report cue ("according to the
company", "由公司自己发布") marks its own figures; when it has no figure of
its own it speaks for the whole document and marks every claim in it. The one
organisation such a sentence names ("这组数据来自 CoreWeave 在自家平台上的测量") is
the claimant of the figures it marks that name no claimant of their own.

A sentence whose speaker is 他/她 is told by the person the sentence before names
(extraction/claimant.py); one whose speaker is the company ("公司表示") by the one
organisation the paragraph before names, else the one the post named, else by no one. A currency note after an amount ("（美元，下同）") holds for
the later amounts of the post written with a bare 元 (extraction/currency_notes.py).

Subject carry-over (extraction/carry.py): a figure whose sentence names no subject
for it takes the subject of the sentence right before, in the same paragraph, else the
post's topic (extraction/topic.py). Figures of a list paired with a list of precisions, products
or measures ("分别", "respectively") take each its own, and so do figures labelled one by one by the
product or model after each ("beat the 59.8 for A and 58.3 B", extraction/lists.py). A figure describing
what a sentence likens its subject to ("与典型 ARM 64 核处理器相当") is nobody's (extraction/likened.py).
A figure the post gives again with less around it (a heading, "10 倍是最高值") takes what it lacks from
the earlier one it restates (extraction/restated.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from claimledger.entities import Entity, Registry, package_registry
from claimledger.extraction.about import About, describe, full_name, is_money
from claimledger.extraction.annotate import Annotated, annotate_sentences
from claimledger.extraction.attributes import (
    clause_bounds,
    find_qualifier,
    find_trend,
    forecast_in_clause,
    forecast_start_point,
    has_self_report_cue,
    is_projected,
)
from claimledger.extraction.baseline import Baseline, exceeds_before, find_baseline, share_of
from claimledger.extraction.candidates import Quantity
from claimledger.extraction.conditions import precision_name, sentence_precisions
from claimledger.extraction.currency_notes import apply_currency_notes
from claimledger.extraction.claimant import (
    Claimant, back_referred_speaker, cites_a_study, company_speaker, figure_claimant, find_claimant, pronoun_speaker,
    speaker_named_before, speaker_referred_to, years_named,
)
from claimledger.extraction.carry import PARAGRAPH_BREAK, Post
from claimledger.extraction.found import Found
from claimledger.extraction.held import Held, held_role, link_replacements
from claimledger.extraction.likened import describes_likened, likened_things
from claimledger.extraction.lists import labelled, respective, runs
from claimledger.extraction.metrics import spec_metrics
from claimledger.extraction.moves import bracketed_move
from claimledger.extraction.names import HARDWARE, Name, introduced, named_again
from claimledger.extraction.nonclaims import a_factor, a_number_format, a_streak, places_in_time
from claimledger.extraction.pipeline import Sentence, split_sentences
from claimledger.extraction.restated import Restatements
from claimledger.extraction.roles import sentence_roles
from claimledger.extraction.shapes import kind_word_end
from claimledger.text.lang import LANGUAGES, SUPPORTED
from claimledger.text.traditional import simplified
from claimledger.types import Claim
from claimledger.extraction.units import is_device, si_value, unit_info

__all__ = ["Found", "extract", "extract_found", "seen_entities"]

# "20 多亿", "10 余万", "42+": the hedge is written inside the number.
MORE_INSIDE = re.compile(r"\d\s*[余多]|\d\+")
# From here a count of things the unit table does not know reads as a figure.
LARGE_COUNT = 1000
# "296 hp (224 kW)", "190 points, or 0.6%": the second figure restates the first.
RESTATEMENT = re.compile(r"\s*(?:\(|,?\s*or|/)\s*(?:about|roughly|around|some)?\s*")
# "rose 56% to $41.1 billion": the figure after "to" is a level, not a change,
# so year-over-year and other relative baselines do not frame it.
# What ends a list of figures that share one baseline: a sentence break, a new comparison.
# Between two figures of one list: an aside in brackets maybe, then "and" or "or" ("$7.57 (Acme) and $11.06").
PAST_LIST_GAP = re.compile(r"\s*(?:[(（][^()（）]{1,24}[)）]\s*)?,?\s*(?:and|or)\s+(?:[$€£¥]\s*)?")
# Between a figure and the one it changed to: "... has reportedly doubled to", "grew to", "was cut to".
CHANGED_TO = re.compile(
    r"(?:\s+[\w'’-]+){0,6}?\s+(?:(?:has|have|had|was|were|is|are)\s+)?(?:(?:since|now|reportedly|already|then)\s+)?"
    r"(?:doubled|tripled|quadrupled|halved|grown|grew|risen|rose|increased|expanded|climbed|jumped|swelled|fallen|fell"
    r"|dropped|declined|shrunk|shrank|been\s+(?:raised|cut|lowered|expanded))\s+to\s+",
    re.IGNORECASE,
)
LIST_BREAK = re.compile(r"[.;!?。；！？]|\b(?:than|versus|vs\.?|compared)\b|[比较]|相比|但|while|whereas", re.IGNORECASE)
COMPARATIVE_AFTER = re.compile(r"\s*(?:better|more|higher|lower|faster|slower|cheaper|less|fewer|greater|larger|smaller|improvement|gain|increase|reduction)\b", re.IGNORECASE)
COMPARATIVE_BEFORE = re.compile(r"(?:提升|提高|增长|增加|降低|减少|高|低|快|慢|多|少|省)\s*(?:了|约|近|超)?\s*$")
# Between a change and the level it reached: "increase, reaching", "，达到".
LEVEL_AFTER_CHANGE = re.compile(
    r"[^.;!?。；！？]{0,40}?[,，]?\s*(?:reaching|to reach|closing at|to|达到|达|至|到|收于|收报|报收)\s*(?:US|CNY|RMB|人民币|新台币|美元)?[$€£¥]?\s*",
    re.IGNORECASE,
)
# Pronouns a Chinese comparison may name its baseline with ("较其提升 107%").
PRONOUN_BASELINES = frozenset({"其", "它", "它们", "他们", "之", "此"})
OPENING_BRACKET = re.compile(r"\s*[(（][^()（）]{0,12}")
# A comparison or an expectation, right before an amount, that names no measure of its own:
# "相较于二季度的 191 亿元", "市场预期的 660 亿元", "上年同期为".
AMOUNT_COMPARED = re.compile(r"(?:较|相比|相较|比|同期|预期|预估|预计|此前|之前)[^，,。；;]{0,10}?(?:的|为)\s*$")
# Another amount between two ("营收 10 亿元，净利 2 亿元，较…"): the nearest one is compared.
FIGURE_BETWEEN_AMOUNTS = re.compile(r"\d[\d,.]*\s*(?:亿|万|元|美元)")
# A comma, then at most a comparison's opening, between a figure and a ratio comparing it:
# "140 kW, roughly 20% more", "3,200 个 token，较 T8 提升 2.1 倍".
COMPARISON_AFTER_A_FIGURE = re.compile(r"\s*[,，]\s*(?:(?:较|比|相比|相较于?)[^，,。；;]{0,24}?(?:提升|提高|增长|增加|降低|减少|下降|高出|多出)?了?)?\s*")
# "人民币 9,999 元（约 1,420 美元）", "$799 (about €740)": the same amount in another currency.
CONVERSION_GAP = re.compile(r"\s*[(（]\s*(?:about|roughly|around|approximately|approx\.|约合|约|合|折合)?\s*(?:US|CNY|RMB|人民币)?\s*", re.IGNORECASE)
LEVEL = re.compile(r"(?:\bto|至|到|达到)\s*(?:US)?[$€£¥]?\s*$", re.IGNORECASE)
# A lower-case word right before a measure, not a list word: "diluted" in "net income and diluted EPS".
WORD_BEFORE_MEASURE = re.compile(r"(?<![\w-])(?!(?:and|or|vs)\s)[a-z][a-z-]*[ \t]+$")
# "$3 and $15 per million input and output tokens": after a pair of prices, the kind of token each prices.
TOKEN_KINDS_AFTER = re.compile(
    r"\s*(?:per|/|a)\s*(?:(?:1|one)\s*)?(?:million|M|MTok)?\s*(input|output)\s+(?:and|/)\s+(input|output)\s+tokens?\b", re.IGNORECASE
)


def extract(
    text: str, lang: str | None = None, all_quantities: bool = False, registry: Registry | None = None
) -> list[Claim]:
    """Numeric claims in `text`, in order; `lang` ("en"/"zh") forces the language;
    `registry` is the vocabulary of entities (the package's, unless a user's file adds to it).

    Sentences in a language the extractor does not read (text.lang.SUPPORTED)
    give no claims. Offsets are indices into `text`: ``text[claim.start:claim.end] == claim.text``.
    """
    return [found.claim for found in extract_found(text, lang, all_quantities, registry)]


def extract_found(
    text: str, lang: str | None = None, all_quantities: bool = False, registry: Registry | None = None
) -> list[Found]:
    """As `extract`, with each claim's subject entity and the roles of its sentence's names."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(SUPPORTED)}")
    registry = registry or package_registry()
    claims: list[Found] = []
    document_self_reported, document_measurer = False, None
    post = Post(text, registry)
    restatements = Restatements()
    split = split_sentences(text, lang)
    sentences = list(zip(split, annotate_sentences(split, registry)))
    earlier: dict[str, Name] = {}
    compared_before: str | None = None  # the product the sentence before compared a figure with
    study: tuple[Sentence, Annotated, list[Found]] | None = None  # the sentence before, when it opened with a study it cites
    organisations: list[tuple[int, str]] = []  # where each sentence before named an organisation, and which
    for index, (sentence, annotated) in enumerate(sentences):
        if annotated is None:
            post.forget()
            compared_before = study = None
            continue
        if compared_before is not None and PARAGRAPH_BREAK.search(text, sentences[index - 1][0].end, sentence.start):
            compared_before = None
        annotated.add_names(named_again(annotated.text, annotated.names, earlier))
        earlier.update(introduced(annotated.names))
        found = _sentence_claims(sentence, annotated, all_quantities, registry, compared_before)
        if found and sentence.lang == "zh":
            compared_before = next((item.claim.baseline for item in reversed(found) if item.claim.baseline_id), compared_before)
        if found and sentence.lang == "zh" and pronoun_speaker(annotated.simple):
            _told_by_the_person_before(found, sentences[max(0, index - 2):index], text, sentence)
        if found and sentence.lang == "zh" and company_speaker(annotated.simple):
            _told_by_the_company(found, organisations, text, sentence)
        kind = back_referred_speaker(annotated.simple) if found and sentence.lang == "zh" else None
        if kind is not None:
            _told_by_the_one_referred_to(found, sentences[:index], kind)
        organisations += [(sentence.start, name.entity.id) for name in annotated.names if name.kind == "organisation"]
        if found and study is not None:
            _study_goes_on(found, study, text, sentence, annotated)
        study = (sentence, annotated, found) if found and sentence.lang == "zh" and cites_a_study(annotated.simple) else None
        post.carry(sentence, annotated, found, lambda index=index: [name for _, later in sentences[index + 1:] if later for name in later.names])
        for item in found:
            if item.likened:
                _no_subject(item)
        restatements.restate(found)
        if has_self_report_cue(annotated.simple):
            if found:
                _self_reported(found, _measurer(annotated, found))
            elif not document_self_reported:
                document_self_reported, document_measurer = True, _measurer(annotated, found)
        claims.extend(found)
    if document_self_reported:
        _self_reported(claims, document_measurer)
    apply_currency_notes(text, [item.claim for item in claims])
    breaks = [match.start() for match in PARAGRAPH_BREAK.finditer(text)]
    link_replacements([item.claim for item in claims], [item.held for item in claims], breaks)
    return claims


def _told_by_the_person_before(
    found: Sequence[Found], before: Sequence[tuple[Sentence, Annotated | None]], text: str, sentence: Sentence
) -> None:
    """"他指出，...": the figures naming no claimant are told by the person the nearest sentence before names
    as its speaker, in the same paragraph ("鴻海董事長劉揚偉表示，... 他指出，今年出貨約 3 萬櫃")."""
    for earlier_sentence, earlier in reversed(before):
        if earlier is None or PARAGRAPH_BREAK.search(text, earlier_sentence.end, sentence.start):
            return
        person = speaker_named_before(earlier.text, earlier.simple, earlier.names)
        if person is not None:
            _told_by(found, person.text)
            return


def _told_by_the_one_referred_to(found: Sequence[Found], before: Sequence[tuple[Sentence, Annotated | None]], kind: str) -> None:
    """"这位分析师表示，...", "该机构预计": the figures naming no claimant are told by the one speaker the post named
    before as that `kind` ("美国银行分析师 Vivek Arya 预测"); by no one when it named none so, or several."""
    speakers = {
        speaker for _, earlier in before if earlier is not None and earlier.lang == "zh"
        for speaker in [speaker_referred_to(earlier.text, earlier.simple, earlier.names, kind)] if speaker is not None
    }
    if len(speakers) == 1:
        _told_by(found, speakers.pop())


def _told_by_the_company(found: Sequence[Found], organisations: Sequence[tuple[int, str]], text: str, sentence: Sentence) -> None:
    """"公司表示，...": the figures naming no claimant are told by the one organisation the sentences before in the
    paragraph name, or, when they name none, the one the post named before; by no one when there are several."""
    in_paragraph = {entity for start, entity in organisations if not PARAGRAPH_BREAK.search(text, start, sentence.start)}
    named = in_paragraph or {entity for _, entity in organisations}
    if len(named) != 1:
        return
    (company,) = named
    _told_by(found, company)


def _told_by(found: Sequence[Found], claimant: str) -> None:
    """The figures naming no claimant are `claimant`'s own report."""
    for item in found:
        if item.claim.claimant is None:
            item.claim.claimant = claimant
            item.claim.self_reported = True


def _study_goes_on(
    found: Sequence[Found], study: tuple[Sentence, Annotated, list[Found]], text: str, sentence: Sentence, annotated: Annotated
) -> None:
    """"根据星海咨询研究，2026 年出货量将年增 20%。受需求带动，2026 年服务器出货量年增 12.8%。": a sentence
    right after one opening with the study it cites, in the same paragraph, naming a year that one names and
    no claimant, organisation or study of its own, goes on telling the study: its figures are the study's
    claimant's, and forecasts when all the study's figures are."""
    study_sentence, study_annotated, study_found = study
    claimants = {item.claim.claimant for item in study_found}
    if len(claimants) != 1 or None in claimants or PARAGRAPH_BREAK.search(text, study_sentence.end, sentence.start):
        return
    if any(item.claim.claimant for item in found) or any(name.kind == "organisation" for name in annotated.names):
        return
    if cites_a_study(annotated.simple) or not years_named(annotated.simple) & years_named(study_annotated.simple):
        return
    forecast = all(item.claim.projected for item in study_found)
    for item in found:
        item.claim.claimant = next(iter(claimants))
        item.claim.projected = item.claim.projected or forecast


def _measurer(annotated: Annotated, found: Sequence[Found]) -> str | None:
    """The one organisation a self-report sentence names ("这组数据来自 CoreWeave 在自家平台上的测量"):
    whose measurement the figures are; not one they are compared with ("官方数据显示其水准对标英伟达")."""
    compared = {text for item in found for text, role in item.roles.items() if role == "baseline"}
    organisations = {
        name.entity.id for name in annotated.names if name.kind == "organisation" and name.text not in compared
    }
    return organisations.pop() if len(organisations) == 1 else None


def _self_reported(found: Sequence[Found], measurer: str | None) -> None:
    """Mark figures as the vendor's own; the organisation measuring them claims those no one else does."""
    for item in found:
        item.claim.self_reported = True
        if item.claim.claimant is None and measurer is not None:
            item.claim.claimant = measurer


def seen_entities(found: Sequence[Found]) -> list[Entity]:
    """The entities the claims name that the vocabulary did not know (origin "seen"), once each."""
    seen: dict[str, Entity] = {}
    for item in found:
        for entity in item.entities:
            if entity.origin == "seen" and entity.kind:
                seen.setdefault(entity.id, entity)
    return list(seen.values())


def _sentence_claims(
    sentence: Sentence, annotated: Annotated, all_quantities: bool, registry: Registry, compared_before: str | None = None
) -> list[Found]:
    kept = annotated.figures
    if not kept:
        return []
    claimant = find_claimant(annotated.text, annotated.simple, annotated.names, sentence.lang)
    framed = []
    framed_from = []  # the index in `kept` of each framed figure
    for index, quantity in enumerate(kept):
        if not all_quantities and quantity.kind is None and not quantity.number.scaled:
            continue  # a bare number is never a claim: not framed ("1, 1, 1, ..." costs no framing)
        after_previous = kept[index - 1].number.end if index else 0
        framed.append(_frame(sentence, annotated, quantity, after_previous))
        framed_from.append(index)
    if not framed:
        return []
    _inherit_hedges(annotated.simple, framed)
    _share_baselines(annotated.simple, framed)
    moves = {index: move for index, frame in enumerate(framed) if (move := bracketed_move(annotated.simple, frame.quantity.start))}
    for index in moves:
        framed[index].baseline = None  # "收盘报 128.5 元（+2.41%）": the day's move, against no year before
    if sentence.lang == "zh" and any(frame.baseline is not None and frame.baseline.text in PRONOUN_BASELINES for frame in framed):
        _resolve_pronoun_baselines(annotated.names, framed, compared_before)
    # A name any figure in the sentence is compared against is nobody's subject.
    baseline_spans = [(f.baseline.start, f.baseline.end) for f in framed if f.baseline]
    claimant_spans = [(claimant.start, claimant.end)] if claimant and claimant.speaking else []
    rule_roles = sentence_roles(annotated.simple, annotated.names, baseline_spans, claimant_spans, registry)
    precisions = sentence_precisions(annotated.simple)
    respective_precision = respective(
        annotated.simple, [match.span() for match in precisions], [(frame.quantity.start, frame.end) for frame in framed]
    )
    # "A 和 B 的显存分别为 X 和 Y", "X and Y for A and B, respectively": each figure its own product,
    # or its own organisation ("A and B project $2 billion and $3 billion, respectively").
    figure_spans = [(frame.quantity.start, frame.end) for frame in framed]
    respective_product: dict[int, int] = {}
    for kinds in (HARDWARE, ("organisation",)):
        products = [name for name in annotated.names if name.kind in kinds]
        if len(products) > 1:
            items = [(name.start, kind_word_end(annotated.simple, name.end)) for name in products]
            respective_product = respective(annotated.simple, items, figure_spans)
        if respective_product:
            break
    # Labels are read over every number, bare ones too: "the 59.8 for A and 58.3 B" is one list.
    labelled_numbers = labelled(annotated.simple, kept, annotated.names)
    labels = {index: labelled_numbers[at] for index, at in enumerate(framed_from) if at in labelled_numbers}
    lead: Name | None = None  # the subject of the sentence's first figure with no label of its own
    respective_metric = _respective_metrics(annotated, figure_spans)
    figure_runs = runs(annotated.simple, figure_spans)
    _share_list_trend(figure_runs, framed)
    likened = likened_things(annotated.simple)
    token_prices = _paired_token_prices(annotated.simple, framed, figure_spans, figure_runs)
    found = []
    claims: dict[int, Claim] = {}
    previous: tuple[Frame, About] | None = None
    money_before: tuple[Frame, About] | None = None
    for index, frame in enumerate(framed):
        about = describe(
            annotated, frame.quantity.start, frame.end, frame.quantity.kind, frame.quantity.expression,
            rule_roles, frame.quantity.counted_noun, frame.quantity.unit_text,
            frame.baseline.wrapper if frame.baseline else None,
        )
        if about.metric is None and previous is not None and (
            _level_reached(annotated.simple, *previous, frame)
            or _compares_the_figure_before(annotated.simple, previous[0], frame)
            or _converts_the_figure_before(annotated.simple, previous[0], frame)
            or _compares_the_clause_before(annotated.simple, previous[0], frame)
        ):
            about = about._replace(metric=previous[1].metric)
        if about.metric is None and money_before is not None and _compared_with_the_amount_before(annotated.simple, money_before[0], frame):
            about = about._replace(metric=money_before[1].metric)
        previous = frame, about
        if about.metric is not None and is_money(frame.quantity.expression):
            money_before = frame, about
        if index in token_prices:
            about = about._replace(metric=token_prices[index])
        if index in respective_metric:
            about = about._replace(metric=respective_metric[index])
        if index in respective_product:
            product = products[respective_product[index]]
            about = about._replace(
                subject=full_name(product, annotated.names), subject_id=product.entity.id, roles=about.roles._replace(subject=product)
            )
        if index not in labels and lead is None:
            lead = about.roles.subject
        elif index in labels and index not in respective_product:
            label = labels[index]
            about = _labelled_subject(about, annotated.names, annotated.names[label] if label is not None else None, lead)
        if labels and lead is not None and lead.kind != "organisation":
            about = _no_label_as_workload(about, annotated.names, [annotated.names[at] for at in labelled_numbers.values() if at is not None], lead)
        if index in respective_precision and about.metric not in spec_metrics():
            # "在 FP32、TF32 精度下的算力分别为 25、49 TFLOPS": each figure its own precision.
            precision = precision_name(precisions[respective_precision[index]].group(0))
            about = about._replace(condition=about.condition._replace(precision=precision))
        thing = describes_likened(
            annotated.simple, likened, frame.quantity.start, frame.end,
            frame.quantity.kind in ("ratio", "percent") or is_money(frame.quantity.expression),
            (frame.quantity.kind or "count") == "count",
        ) if likened else None
        subject = about.roles.subject
        if thing and subject is not None and not (thing[0] <= subject.start and subject.end <= thing[1]):
            # "3C5000 ... 峰值性能与典型 ARM 64 核处理器相当": the cores are the likened processor's.
            about = about._replace(
                subject=None, subject_id=None, roles=about.roles._replace(
                    subject=None, of_name=tuple(None if role == "subject" else role for role in about.roles.of_name)
                ),
            )
        if index in moves:
            about = _moved(about, moves[index])
        claim = _claim(sentence, annotated, frame, about)
        if all_quantities or _claim_worthy(frame.quantity, claim, annotated.simple, sentence.lang):
            names = annotated.names
            roles = {name.text: role for name, role in zip(names, about.roles.of_name, strict=True) if role} if names else {}
            kind = about.roles.subject.kind if about.roles.subject is not None else None
            told_by = figure_claimant(claimant, annotated.simple, frame.quantity.start, frame.end) if claimant else None
            entities = _attributed(claim, annotated, frame, about, told_by)
            held = _held(annotated, frame)
            claim.role = held.role
            if held.role == "previous" and claim.projected and (
                forecast_start_point(annotated.simple, frame.quantity.start)
                or held.of_past_period and not forecast_in_clause(annotated.simple, frame.quantity.start, frame.end)
            ):
                claim.projected = False
            found.append(
                Found(claim, about.subject_id, roles, about.roles.speaker_subject, kind, entities, held, frame.trend_by_noun)
            )
            found[-1].likened = thing is not None and about.roles.subject is None
            claims[index] = claim
    _share_list_metric(figure_runs, framed, claims)
    _share_past_role(annotated.simple, found)
    return found


def _moved(about: About, move: str) -> About:
    """What a bracketed move is about: the share price of the sentence's subject, or an index, of no company."""
    if move == "share price":
        return about._replace(metric="share price")
    return about._replace(
        metric=None, subject=None, subject_id=None,
        roles=about.roles._replace(subject=None, of_name=tuple(None if role == "subject" else role for role in about.roles.of_name)),
    )


def _labelled_subject(about: About, names: Sequence[Name], label: Name | None, lead: Name | None) -> About:
    """A figure labelled by a name of the kind the sentence's first figure is about ("Vireo-7 scored
    61.2, beating the 59.8 for Vireo-5 and 58.3 Vireo-3") is that name's; one labelled in that list by
    a word that is no name (`label` None: "and 1.2 PFLOPS for the K3") is nobody's, never the first's.
    Products and models only: money "for" an organisation is often its customer's order ("$1.2 billion for Orbis")."""
    if lead is None or lead.kind == "organisation" or label is not None and (label.kind != lead.kind or label.entity.id == lead.entity.id):
        return about
    if label is None:
        if about.roles.subject is None:
            return about
        of_name = tuple(None if role == "subject" else role for role in about.roles.of_name)
        return about._replace(subject=None, subject_id=None, roles=about.roles._replace(subject=None, of_name=of_name))
    of_name = tuple("subject" if name is label else None if role == "subject" else role for name, role in zip(names, about.roles.of_name, strict=True))
    return about._replace(subject=full_name(label, names), subject_id=label.entity.id, roles=about.roles._replace(subject=label, of_name=of_name))


def _no_label_as_workload(about: About, names: Sequence[Name], labels: Sequence[Name], lead: Name) -> About:
    """A model labelling a figure of the list ("behind the 61.0 for Falcon-40B") is that figure's
    subject, so no figure's workload."""
    listed = {label.entity.id for label in labels if label.kind == lead.kind and label.entity.id != lead.entity.id}
    if about.condition.model not in listed:
        return about
    condition = about.condition._replace(model=None, entities=tuple(e for e in about.condition.entities if e.id not in listed))
    of_name = tuple(None if role == "condition" and name.entity.id in listed else role for name, role in zip(names, about.roles.of_name, strict=True))
    return about._replace(condition=condition, roles=about.roles._replace(of_name=of_name))


def _respective_metrics(annotated: Annotated, figure_spans: Sequence[tuple[int, int]]) -> dict[int, str]:
    """{figure index: metric} for a list of measures paired with a list of figures ("net income and EPS
    rose 39% and 38%, respectively", "营收和净利润分别增长 25% 和 31%"): each figure the measure in its place.
    A measure a figure's own unit names ("TFLOPS") is no item of such a list; a word before a measure
    is part of its item ("net income and diluted EPS")."""
    metrics = [
        metric for metric in annotated.metrics
        if not any(start < metric.end and metric.start < end for start, end in figure_spans)
    ]
    if len(metrics) < 2:
        return {}
    folded = annotated.simple
    items = []
    for metric in metrics:
        word = WORD_BEFORE_MEASURE.search(folded, max(0, metric.start - 24), metric.start)
        items.append((word.start() if word else metric.start, metric.end))
    paired = respective(folded, items, figure_spans, measures=True)
    return {index: metrics[item].concept for index, item in paired.items()}


def _no_subject(item: Found) -> None:
    """Take back a subject carried over to a figure that is nobody's."""
    if item.carried:
        item.claim.subject = item.claim.subject_id = item.subject_id = item.subject_kind = None
        item.carried = False


def _share_past_role(text: str, found: Sequence[Found]) -> None:
    """A figure listed right after an earlier one of its kind and unit is earlier too: "down from $7.57
    (Acme) and $11.06 (Orbis)" (an aside in brackets may follow each); a figure that has since changed to
    the next one of its kind is the earlier value ("the initial 100,000 GPUs have doubled to over 200,000")."""
    for before, after in zip(found, found[1:]):
        first, second = before.claim, after.claim
        same_measure = (first.kind, first.dimensionality) == (second.kind, second.dimensionality)
        gap_start, gap_end = first.end - first.sentence_start, second.start - second.sentence_start
        if first.role == "previous" and second.role == "current" and same_measure and PAST_LIST_GAP.fullmatch(text, gap_start, gap_end):
            second.role = "previous"
            after.held = Held("previous")
        elif (
            first.role == second.role == "current" and (same_measure or first.kind == second.kind == "count")
            and CHANGED_TO.fullmatch(text, gap_start, gap_end)
        ):
            first.role = "previous"  # "the initial 100,000 GPUs have doubled to over 200,000"
            before.held = Held("previous")


def _share_list_metric(figure_runs: list[list[int]], framed: Sequence[Frame], claims: dict[int, Claim]) -> None:
    """Amounts of money joined as a list (`figure_runs`: lists.runs of the framed figures) before the word
    naming what they measure ("$175 billion and $115 billion in capex") all measure it: the last one's
    metric, for those with none."""
    for run in figure_runs:
        listed = [claims.get(index) for index in run]
        if len(run) < 2 or None in listed or not all(is_money(framed[index].quantity.expression) for index in run):
            continue
        metric = listed[-1].metric
        for claim in listed[:-1]:
            if claim.metric is None:
                claim.metric = metric


def _paired_token_prices(
    text: str, framed: Sequence[Frame], spans: Sequence[tuple[int, int]], figure_runs: list[list[int]]
) -> dict[int, str]:
    """{figure index: metric} for two amounts of money joined as a list (`figure_runs` of the framed
    figures at `spans`) before the kinds of token they price, in order ("$3 and $15 per million input
    and output tokens": $3 the input price)."""
    paired: dict[int, str] = {}
    for run in figure_runs:
        if len(run) != 2 or not all(is_money(framed[index].quantity.expression) for index in run):
            continue
        kinds = TOKEN_KINDS_AFTER.match(text, spans[run[-1]][1])
        if kinds is not None:
            paired.update((index, f"price of {kind.lower()} tokens") for index, kind in zip(run, kinds.groups(), strict=True))
    return paired


def _level_reached(text: str, change: Frame, change_about: About, level: Frame) -> bool:
    """Whether `level` is the level a change just before it reached ("a 13% revenue increase,
    reaching CNY31.7 billion", "营收同比增长 55%，达到 879 亿元"): it measures the change's metric."""
    return (
        change.trend is not None and change_about.metric is not None
        and LEVEL_AFTER_CHANGE.fullmatch(text, change.end, level.quantity.start) is not None
    )


def _compares_the_figure_before(text: str, figure: Frame, ratio: Frame) -> bool:
    """Whether `ratio` compares the figure right before it, in brackets ("4.8TB/s (1.4x H100)",
    "141 GB（H100 的 1.76 倍）"): it measures what that figure does."""
    return ratio.quantity.kind in ("ratio", "percent") and OPENING_BRACKET.fullmatch(text, figure.end, ratio.start) is not None


def _compares_the_clause_before(text: str, figure: Frame, ratio: Frame) -> bool:
    """Whether `ratio` compares the figure that ends the clause right before it ("draws 140 kW,
    roughly 20% more than the K2", "每秒生成 3,200 个 token，较 T8 提升 2.1 倍"): it measures
    what that figure does."""
    return (
        (ratio.quantity.kind == "ratio" or _comparative(text, ratio))
        and COMPARISON_AFTER_A_FIGURE.fullmatch(text, figure.end, ratio.start) is not None
    )


def _compared_with_the_amount_before(text: str, amount: Frame, other: Frame) -> bool:
    """Whether `other`, an amount naming no measure, is the earlier amount's measure in another period or
    as expected ("营收 130 亿元，…，相较于二季度的 191 亿元", "溢利 705.5 亿元，…，远胜于市场预期的 660 亿元"):
    a word of comparison or expectation stands between them, no other amount does."""
    return (
        is_money(other.quantity.expression)
        and AMOUNT_COMPARED.search(text, amount.end, other.quantity.start) is not None
        and not FIGURE_BETWEEN_AMOUNTS.search(text, amount.end, other.quantity.start)
    )


def _converts_the_figure_before(text: str, amount: Frame, converted: Frame) -> bool:
    """Whether `converted` is the amount right before it in another currency, in brackets
    ("9,999 元（约 1,420 美元）"): it measures what that amount does."""
    return (
        is_money(amount.quantity.expression) and is_money(converted.quantity.expression)
        and CONVERSION_GAP.fullmatch(text, amount.end, converted.quantity.start) is not None
    )


def _attributed(claim: Claim, annotated: Annotated, frame: Frame, about: About, claimant: Claimant | None) -> tuple[Entity, ...]:
    """Fill the claim's entity ids, condition parts and claimant; return the entities it names.

    A claimant named by the sentence makes its figures self-reported: "Kestrel says", "据 X"."""
    subject, baseline = about.roles.subject, frame.baseline
    in_baseline = [
        name for name, role in zip(annotated.names, about.roles.of_name, strict=True)
        if role == "baseline" and baseline.start <= name.start and name.end <= baseline.end
    ] if baseline is not None else []
    condition = about.condition
    claim.subject_id = about.subject_id
    claim.baseline_id = in_baseline[0].entity.id if in_baseline else None
    claim.condition_id = condition.model_id or condition.benchmark_id
    claim.precision, claim.scenario, claim.benchmark = condition.precision, condition.scenario, condition.benchmark
    if claimant is not None:
        claim.claimant = claimant.entity_id or claimant.text
        claim.self_reported = True
    named = [subject] if subject is not None and subject.entity.id == about.subject_id else []
    named += in_baseline[:1]
    entities = [name.entity for name in named] + list(condition.entities)
    return tuple(entities)


def _held(annotated: Annotated, frame: Frame) -> Held:
    """When the framed figure held (extraction/held.py)."""
    quantity = frame.quantity
    _, clause_end = clause_bounds(annotated.simple, frame.start, frame.end)
    relative = quantity.kind == "ratio" or frame.trend is not None
    is_range = quantity.number.low != quantity.number.high
    return held_role(annotated.simple, min(frame.start, quantity.start), frame.end, clause_end, relative, is_range)


def _claim_worthy(quantity: Quantity, claim: Claim, text: str, lang: str) -> bool:
    """Figures a vendor claims: a unit, percentage or ratio; a bare amount written
    with a magnitude ("355 billion", "43兆", "1T"); a count written in digits or
    Chinese numerals ("144 chips", "6名股东", "32核", "四款"), or in English words
    when large ("800 million users") or framed by a qualifier, trend or baseline
    ("nearly two dozen racks"). Never a duration saying when ("six months ago"), nor a streak ("连续六个季度"), nor a
    factor of a product written out ("64 x 800 GbE"), nor a number format's width ("8-bit floating point")."""
    if quantity.kind is None:
        return quantity.number.scaled
    if places_in_time(text, quantity.number.start, quantity.end, claim.dimensionality, lang):
        return False
    if lang == "zh" and a_streak(text, quantity.number.start, quantity.number.end):
        return False  # "连续六个季度增长": how long a result held
    if a_factor(text, quantity.number.end, quantity.number.multiplier) or a_number_format(text, quantity.start, quantity.end):
        return False
    if quantity.counted_noun and quantity.expression is None and _in_digits(quantity):
        return True
    if quantity.counted_noun and quantity.expression is None and (claim.value or 0) >= LARGE_COUNT:
        return True
    if quantity.counted_noun and quantity.expression is None or _small_word_count(quantity):
        return bool(claim.qualifier or claim.trend or claim.baseline)
    return True


def _in_digits(quantity: Quantity) -> bool:
    """Written in digits or Chinese numerals (四款, 两颗, 十万卡), not in English words;
    一 before a classifier (一台, 一款) is an article, not a count."""
    text = quantity.number.text
    return not _in_english_words(text) and not (quantity.number.value == 1 and not any(c.isdigit() for c in text))


def _in_english_words(text: str) -> bool:
    return not any(character.isdigit() or not character.isascii() for character in text)


def _small_word_count(quantity: Quantity) -> bool:
    """"one rack", "two GPUs": a few things named in English words are prose, not a figure
    (Chinese writes its counts in numerals: "两颗 GPU" is a figure), unless they are named
    hardware: a model or brand before the counted noun ("two Trainium2 chips", "four H100 GPUs")."""
    number = quantity.number
    return (
        quantity.kind == "count"
        and number.value is not None
        and number.value < 10
        and not _in_digits(quantity)
        and not _named_hardware(quantity)
    )


def _named_hardware(quantity: Quantity) -> bool:
    """Whether what is counted is hardware named by its model or brand: a device unit
    (gpu, cpu, ...) written with a capitalised or numbered word before its noun."""
    if quantity.expression is None or not is_device(quantity.expression) or not quantity.unit_text:
        return False
    first = quantity.unit_text.split()[0]
    return len(quantity.unit_text.split()) > 1 and (first[0].isupper() or any(character.isdigit() for character in first))


@dataclass(slots=True)
class Frame:
    """How one quantity is framed in its sentence, before subject and metric."""

    quantity: Quantity
    start: int
    end: int
    qualifier: str | None
    trend: str | None
    baseline: Baseline | None
    # A noun names the change ("a 5% rise"), no verb moves the figure ("rose 5%").
    trend_by_noun: bool = False


def _frame(sentence: Sentence, annotated: Annotated, quantity: Quantity, after_previous: int) -> Frame:
    folded, lang = annotated.simple, sentence.lang
    start, end = quantity.text_span
    cue = find_trend(folded, start, end, lang, after_previous)
    trend = cue.label if cue else None
    relative = quantity.kind in ("ratio", "percent") or trend is not None and not LEVEL.search(folded, 0, start)
    baseline = _as_written(annotated, find_baseline(folded, start, end, lang, annotated.names, relative))
    # "最高达到 X 的 10 倍": the hedge reaches over the baseline; "超过竞品 40%": the verb is no hedge.
    skip = (baseline.start, baseline.end) if baseline and not (lang == "zh" and exceeds_before(folded, start)) else None
    if skip is None and lang == "zh":
        skip = share_of(folded, start, end)  # "约占其去年营收的 35%": the 约 hedges the share
    qualifier = find_qualifier(folded, start, end, lang, skip, quantity.number.end)
    if qualifier.adjacent_start is not None:
        start = qualifier.adjacent_start
    label = qualifier.label or ("more_than" if _more_inside(quantity.number.text) else None)
    return Frame(quantity, start, end, label, trend, baseline, cue.by_noun if cue else False)


def _more_inside(number: str) -> bool:
    """Whether the number is written with its hedge inside ("20 多亿", "42+"); one in ASCII
    without a "+" (most) is not, and needs no search."""
    return (not number.isascii() or "+" in number) and MORE_INSIDE.search(simplified(number)) is not None


def _as_written(annotated: Annotated, baseline: Baseline | None) -> Baseline | None:
    """A baseline read on the folded text, written as the sentence writes it (unless normalised)."""
    if baseline is None or annotated.simple[baseline.start:baseline.end] != baseline.text:
        return baseline
    return baseline._replace(text=annotated.text[baseline.start:baseline.end])


def _share_baselines(text: str, framed: list[Frame]) -> None:
    """A baseline written once for a list of relative figures holds for each: "at least 6x
    ..., 3x ... and 4x more memory bandwidth compared to Trainium3", "较前一代提升 4.4 倍，
    能效更提高 40%". Only across relative figures, nothing but words between them."""
    relative = [frame.quantity.kind == "ratio" or frame.trend is not None or _comparative(text, frame) for frame in framed]
    for index, frame in enumerate(framed):
        if frame.baseline is not None or not relative[index]:
            continue
        for step in (1, -1):
            other = index + step
            while 0 <= other < len(framed) and relative[other] and framed[other].baseline is None:
                other += step
            if not (0 <= other < len(framed)) or not relative[other]:
                continue
            first, second = sorted((frame, framed[other]), key=lambda item: item.start)
            if not LIST_BREAK.search(text, first.end, second.start):
                frame.baseline = framed[other].baseline
                break


def _resolve_pronoun_baselines(names: Sequence[Name], framed: list[Frame], compared_before: str | None) -> None:
    """"是 NVL72 的 1.7 倍；网络带宽达 269TB/s，较其提升 107%": a baseline written as a pronoun is the
    product an earlier figure of the sentence, or of the sentence before (`compared_before`), was compared
    with; with none, the figure names no baseline."""
    named_before = None
    for frame in framed:
        if frame.baseline is not None and frame.baseline.text in PRONOUN_BASELINES:
            # The product of the sentence before has no span here: an empty one at the figure.
            before = Baseline(compared_before, frame.start, frame.start) if compared_before else None
            frame.baseline = named_before or before
        elif frame.baseline is not None and any(
            frame.baseline.start <= name.start and name.end <= frame.baseline.end for name in names
        ):
            named_before = frame.baseline


def _comparative(text: str, frame: Frame) -> bool:
    """A percentage that compares ("40% better", "提升 40%"), not a level ("毛利率为 65.76%")."""
    return frame.quantity.kind == "percent" and (
        COMPARATIVE_AFTER.match(text, frame.end) is not None or COMPARATIVE_BEFORE.search(text, max(0, frame.start - 6), frame.start) is not None
    )


def _inherit_hedges(text: str, framed: list[Frame]) -> None:
    """A figure restating the one before it ("296 hp (224 kW)", "190 points, or
    0.6%") carries the same qualifier and trend. A restatement is in another unit:
    "about 8 or $9", "around 25k or 40k" are alternatives, each with its own hedge."""
    for previous, current in zip(framed, framed[1:]):
        if RESTATEMENT.fullmatch(text, previous.end, current.quantity.start) and _in_another_unit(previous, current):
            current.qualifier = current.qualifier or previous.qualifier
            if current.trend is None:
                current.trend, current.trend_by_noun = previous.trend, previous.trend_by_noun


def _share_list_trend(figure_runs: list[list[int]], framed: Sequence[Frame]) -> None:
    """Changes joined as a list (`figure_runs`: lists.runs of the framed figures) after one verb moving
    them ("increased 39.1% and 39.0%", "分别增长 18.6% 和 22.4%") all move its way; a negative one moves its own."""
    for run in figure_runs:
        first = framed[run[0]]
        if len(run) < 2 or first.trend is None or first.trend_by_noun:
            continue
        if all(framed[index].quantity.kind == "percent" for index in run):
            for index in run[1:]:
                if framed[index].trend is None and framed[index].quantity.number.value >= 0:
                    framed[index].trend = first.trend


def _in_another_unit(first: Frame, second: Frame) -> bool:
    """Whether both figures have a unit of their own and the units differ."""
    one, other = first.quantity, second.quantity
    if one.kind is None or other.kind is None:
        return False
    return (one.kind, one.expression, one.unit_text) != (other.kind, other.expression, other.unit_text)


def _claim(sentence: Sentence, annotated: Annotated, frame: Frame, about: About) -> Claim:
    text = sentence.text
    quantity, number = frame.quantity, frame.quantity.number
    unit, dimensionality, si = _unit_fields(quantity)
    offset = sentence.start
    return Claim(
        text=text[frame.start:frame.end],
        start=offset + frame.start,
        end=offset + frame.end,
        value=number.value,
        low=number.low,
        high=number.high,
        kind=quantity.kind or "count",
        unit=unit,
        unit_text=quantity.unit_text,
        dimensionality=dimensionality,
        si_value=si,
        qualifier=frame.qualifier,
        trend=frame.trend,
        projected=is_projected(annotated.simple, quantity.start, frame.end),
        self_reported=False,
        baseline=frame.baseline.text if frame.baseline else None,
        subject=about.subject,
        metric=about.metric,
        condition=about.condition.text,
        sentence=text,
        sentence_start=sentence.start,
        sentence_end=sentence.end,
        lang=sentence.lang,
    )


def _unit_fields(quantity: Quantity) -> tuple[str | None, str | None, float | None]:
    """(unit as pint writes it, dimensionality, value in base units)."""
    value = quantity.number.value
    if quantity.kind == "ratio" or quantity.dimensionless:
        return None, "dimensionless", value
    if quantity.expression is None:
        return None, None, value if quantity.kind == "count" else None
    info = unit_info(quantity.expression)
    return info.unit, info.dimensionality, si_value(value, quantity.expression) if value is not None else None
