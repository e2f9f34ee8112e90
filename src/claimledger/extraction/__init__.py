"""The claim extractor: numeric claims in English and Chinese text.

    extract(text, lang=None, all_quantities=False) -> list[Claim]

Text is cut into sentences (spaCy), numbers are found (claimledger.extraction.numbers),
given units (claimledger.extraction.units), then framed: qualifier, trend, projected,
self-reported, baseline, subject, metric, condition. In claim mode (the
default) only claim-worthy figures are kept: a unit, a percentage, a ratio, a
plain number right after its metric (PUE 1.1), a large count of things, or a
counted noun with a qualifier, trend or baseline; never digits inside names,
dates, times, versions, URLs or phone numbers, nor bare numbers and years.
`all_quantities=True` keeps every quantity, counted nouns and bare numbers too.

Self-reported scope: a sentence with a self-report cue ("according to the
company", "由公司自己发布") marks its own figures; when it has no figure of
its own it speaks for the whole document and marks every claim in it.

Subject carry-over: a figure whose sentence names no subject for it takes the
subject of the sentence right before, in the same paragraph, when that
sentence named exactly one product ("Kestrel unveiled the K4. It carries 432
GB of HBM." -> K4), written as that sentence's figures have it ("Hopper 集群"),
unless that product is the figure's baseline. Only one
sentence back, never across a line break: a paragraph is one topic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from claimledger.extraction.about import describe, unit_metric
from claimledger.extraction.attributes import (
    find_qualifier,
    find_trend,
    has_self_report_cue,
    is_projected,
)
from claimledger.extraction.baseline import Baseline, find_baseline
from claimledger.extraction.candidates import Quantity, find_quantities, is_label, is_score, is_year
from claimledger.extraction.names import Name, find_names
from claimledger.extraction.nonclaims import glued_into_name, inside_any, non_claim_spans
from claimledger.extraction.pipeline import Sentence, split_sentences
from claimledger.text.lang import LANGUAGES, SUPPORTED
from claimledger.text.traditional import simplified
from claimledger.types import Claim
from claimledger.extraction.units import si_value, unit_info

__all__ = ["extract"]

# "20 多亿", "10 余万", "42+": the hedge is written inside the number.
MORE_INSIDE = re.compile(r"\d\s*[余多]|\d\+")
# From here a count of things the unit table does not know reads as a figure.
LARGE_COUNT = 1000
# "296 hp (224 kW)", "190 points, or 0.6%": the second figure restates the first.
RESTATEMENT = re.compile(r"\s*(?:\(|,?\s*or|/)\s*(?:about|roughly|around|some)?\s*")
# "rose 56% to $41.1 billion": the figure after "to" is a level, not a change,
# so year-over-year and other relative baselines do not frame it.
# A line break between two sentences ends a paragraph (text from HTML keeps a
# paragraph on one line; notes put one topic on each line).
PARAGRAPH_BREAK = re.compile(r"\n")
LEVEL = re.compile(r"(?:\bto|至|到|达到)\s*(?:US)?[$€£¥]?\s*$", re.IGNORECASE)


def extract(text: str, lang: str | None = None, all_quantities: bool = False) -> list[Claim]:
    """Numeric claims in `text`, in order; `lang` ("en"/"zh") forces the language.

    Sentences in a language the extractor does not read (text.lang.SUPPORTED)
    give no claims. Offsets are indices into `text`: ``text[claim.start:claim.end] == claim.text``.
    """
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(SUPPORTED)}")
    claims: list[Claim] = []
    document_self_reported = False
    previous: Sentence | None = None
    previous_claims: list[Claim] = []
    for sentence in split_sentences(text, lang):
        if sentence.lang not in SUPPORTED:
            previous, previous_claims = None, []
            continue
        found = _sentence_claims(sentence, all_quantities)
        if previous is not None and any(claim.subject is None for claim in found):
            _carry_subject(text, previous, previous_claims, sentence, found)
        previous, previous_claims = sentence, found
        if has_self_report_cue(simplified(sentence.text)):
            if found:
                for claim in found:
                    claim.self_reported = True
            else:
                document_self_reported = True
        claims.extend(found)
    if document_self_reported:
        for claim in claims:
            claim.self_reported = True
    return claims


def _carry_subject(
    text: str, previous: Sentence, previous_claims: list[Claim], sentence: Sentence, claims: list[Claim]
) -> None:
    """Subjectless claims take the one product the previous sentence of the paragraph
    named, as that sentence's own figures wrote it ("Hopper 集群" for Hopper)."""
    if PARAGRAPH_BREAK.search(text, previous.end, sentence.start):
        return
    products: dict[str, Name] = {}
    for name in find_names(previous.text):
        if name.kind == "product":
            products.setdefault(name.canonical or name.text, name)
    if len(products) != 1:
        return
    (product,) = products.values()
    written = {claim.subject for claim in previous_claims if claim.subject and product.text in claim.subject}
    subject = written.pop() if len(written) == 1 else product.text
    for claim in claims:
        if claim.subject is None and not (claim.baseline and product.text in claim.baseline):
            claim.subject = subject


def _sentence_claims(sentence: Sentence, all_quantities: bool) -> list[Claim]:
    text = sentence.text
    quantities = find_quantities(text, sentence.lang)
    if not quantities:
        return []
    names = find_names(text)
    blocked = non_claim_spans(text, names)
    kept = [
        quantity
        for quantity in quantities
        if not inside_any(quantity.number.start, quantity.number.end, blocked)
        and not glued_into_name(text, quantity.number.start, quantity.number.end)
        and not is_year(quantity)
        and not is_label(text, quantity)
        and not is_score(quantity)
    ]
    framed = []
    for index, quantity in enumerate(kept):
        if not all_quantities and quantity.kind is None and not quantity.number.scaled:
            continue  # a bare number is never a claim: not framed ("1, 1, 1, ..." costs no framing)
        after_previous = kept[index - 1].number.end if index else 0
        framed.append(_frame(sentence, quantity, names, after_previous))
    _inherit_hedges(text, framed)
    # A name any figure in the sentence is compared against is nobody's subject.
    baseline_spans = [(f.baseline.start, f.baseline.end) for f in framed if f.baseline]
    claims = []
    for frame in framed:
        claim = _claim(sentence, frame, names, baseline_spans)
        if all_quantities or _claim_worthy(frame.quantity, claim):
            claims.append(claim)
    return claims


def _claim_worthy(quantity: Quantity, claim: Claim) -> bool:
    """Figures a vendor claims: a unit, percentage or ratio; a bare amount written
    with a magnitude ("355 billion", "43兆", "1T"); a count written in digits or
    Chinese numerals ("144 chips", "6名股东", "32核", "四款"), or in English words
    when large ("800 million users") or framed by a qualifier, trend or baseline
    ("nearly two dozen racks")."""
    if quantity.kind is None:
        return quantity.number.scaled
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
    (Chinese writes its counts in numerals: "两颗 GPU" is a figure)."""
    number = quantity.number
    return (
        quantity.kind == "count"
        and number.value is not None
        and number.value < 10
        and not _in_digits(quantity)
    )


@dataclass(slots=True)
class Frame:
    """How one quantity is framed in its sentence, before subject and metric."""

    quantity: Quantity
    start: int
    end: int
    qualifier: str | None
    trend: str | None
    baseline: Baseline | None


def _frame(sentence: Sentence, quantity: Quantity, names: Sequence[Name], after_previous: int) -> Frame:
    # Cues are read in simplified characters, so 超過, 高達, 約合, 環比 frame as 超过, 高达, 约合, 环比.
    text, lang = simplified(sentence.text), sentence.lang
    start, end = quantity.text_span
    trend = find_trend(text, start, end, lang, after_previous)
    relative = quantity.kind in ("ratio", "percent") or trend is not None and not LEVEL.search(text, 0, start)
    baseline = find_baseline(text, start, end, lang, names, relative)
    qualifier = find_qualifier(
        text, start, end, lang, (baseline.start, baseline.end) if baseline else None, quantity.number.end
    )
    if qualifier.adjacent_start is not None:
        start = qualifier.adjacent_start
    label = qualifier.label or ("more_than" if MORE_INSIDE.search(simplified(quantity.number.text)) else None)
    return Frame(quantity, start, end, label, trend, baseline)


def _inherit_hedges(text: str, framed: list[Frame]) -> None:
    """A figure restating the one before it ("296 hp (224 kW)", "190 points, or
    0.6%") carries the same qualifier and trend."""
    for previous, current in zip(framed, framed[1:]):
        if RESTATEMENT.fullmatch(text, previous.end, current.quantity.start):
            current.qualifier = current.qualifier or previous.qualifier
            current.trend = current.trend or previous.trend


def _claim(sentence: Sentence, frame: Frame, names: Sequence[Name], baseline_spans: list[tuple[int, int]]) -> Claim:
    text = sentence.text
    quantity, number = frame.quantity, frame.quantity.number
    about = describe(
        text, quantity.start, frame.end, names, unit_metric(quantity.kind, quantity.expression, quantity.unit_text), baseline_spans,
        quantity.kind in ("ratio", "percent"),
    )
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
        projected=is_projected(simplified(text), quantity.start, frame.end),
        self_reported=False,
        baseline=frame.baseline.text if frame.baseline else None,
        subject=about.subject,
        metric=about.metric,
        condition=about.condition,
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
