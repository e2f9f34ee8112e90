"""Generate ledger contents for the ingest and diff benchmarks: documents with claims.

Claims are built from their fields, not extracted, so a million of them cost
seconds. They repeat keys the way a real ledger does: products times a dozen
metrics, each key stated again over two years by the same vendor (updates,
reaffirmations, hedges that change) and by others (conflicts), in English and
Chinese. The number of products grows with the ledger, so a key is stated
about three times at every size. A seed always yields the same ledger.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from benchmarks.posts import PRODUCTS, VENDORS_EN, VENDORS_ZH, WORKLOADS
from claimledger.types import Claim, Document

FIRST_PUBLISHED = datetime(2024, 6, 3, 8, 0, tzinfo=UTC)
SUFFIXES = ["", " Pro", " Max", " Ultra", " SXM", " PCIe", " NVL36", " 2", " Plus", " Lite"]
# As many as a generated post yields through `claims crawl` (278,632 claims from
# 20,000 posts in the crawl benchmark).
CLAIMS_PER_DOCUMENT = 14
# About three claims per key (a subject has a dozen metrics), at every ledger size.
CLAIMS_PER_SUBJECT = 40
QUALIFIERS = [None, None, None, "up_to", "approximately", "more_than", "nearly"]


@dataclass(frozen=True)
class Metric:
    """A kind of figure vendors publish, with the unit the extractor would give it."""

    name_en: str
    name_zh: str
    kind: str
    unit: str | None
    unit_text: str | None
    dimensionality: str | None
    si_factor: float
    low: float
    high: float


METRICS = [
    Metric("tokens per second per GPU", "每 GPU 每秒 token 数", "quantity", "token / second / gpu",
           "tokens per second per GPU", "[token] / [time] / [gpu]", 1.0, 1_000, 40_000),
    Metric("TPS/MW", "每 MW 每秒 token 数", "quantity", "token / megawatt / second", "TPS/MW",
           "[time] ** 2 * [token] / [length] ** 2 / [mass]", 1e-6, 20_000, 900_000),
    Metric("scale-out bandwidth", "横向扩展带宽", "quantity", "terabit / second", "Tb/s",
           "[information] / [time]", 1e12, 0.4, 6.4),
    Metric("memory bandwidth", "显存带宽", "quantity", "terabyte / second", "TB/s",
           "[information] / [time]", 8e12, 3.0, 22.0),
    Metric("rack power", "单机柜功耗", "quantity", "kilowatt", "kW",
           "[length] ** 2 * [mass] / [time] ** 3", 1e3, 40, 180),
    Metric("HBM capacity", "显存容量", "quantity", "gigabyte", "GB", "[information]", 8e9, 80, 288),
    Metric("queries per second", "每秒查询数", "quantity", "query / second", "queries per second",
           "[query] / [time]", 1.0, 100, 5_000),
    Metric("time to first token", "首 token 延迟", "quantity", "millisecond", "ms", "[time]",
           1e-3, 40, 900),
    Metric("cluster size", "集群规模", "count", "gpu", "GPUs", "[gpu]", 1.0, 1_024, 200_000),
    Metric("MFU", "MFU", "percent", None, "%", None, 1.0, 30, 65),
    Metric("goodput", "goodput", "percent", None, "%", None, 1.0, 88, 99),
    Metric("speedup", "性能提升", "ratio", None, "x", None, 1.0, 2, 30),
]


def subjects(count: int) -> list[str]:
    """`count` product names: each product with each suffix, then by generation ("H200 Pro G2")."""
    names = [product + suffix for product in PRODUCTS for suffix in SUFFIXES]
    generation = 2
    while len(names) < count:
        names += [f"{product}{suffix} G{generation}" for product in PRODUCTS for suffix in SUFFIXES]
        generation += 1
    return names[:count]


def _value_text(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:g}"


def _sentence(claim_text: str, subject: str, metric: Metric, condition: str, lang: str) -> str:
    if lang == "zh":
        return f"在 {condition} 上，{subject} 的{metric.name_zh}达到 {claim_text}。"
    return f"On {condition}, {subject} reached {claim_text} of {metric.name_en}."


def make_claim(rng: random.Random, subject: str, metric: Metric, lang: str, offset: int) -> Claim:
    """One claim about `subject`, its value near the key's usual figure."""
    key_rng = random.Random(f"{subject}|{metric.name_en}")
    usual = key_rng.uniform(metric.low, metric.high)
    value = usual * rng.choice([1.0, 1.0, 1.0, rng.uniform(0.7, 1.5)])
    value = float(round(value)) if value >= 100 else round(value, 1)
    condition = key_rng.choice(WORKLOADS)
    text = f"{_value_text(value)} {metric.unit_text}".replace(" %", "%").replace(" x", "x")
    sentence = _sentence(text, subject, metric, condition, lang)
    start = sentence.index(text)
    return Claim(
        text=text,
        start=offset + start,
        end=offset + start + len(text),
        value=value,
        low=value,
        high=value,
        kind=metric.kind,  # type: ignore[arg-type]
        unit=metric.unit,
        unit_text=metric.unit_text,
        dimensionality=metric.dimensionality,
        si_value=value * metric.si_factor if metric.unit else None,
        qualifier=rng.choice(QUALIFIERS),  # type: ignore[arg-type]
        baseline=key_rng.choice(["the previous generation", "H100"])
        if metric.kind == "ratio"
        else None,
        subject=subject,
        metric=metric.name_en if lang == "en" else metric.name_zh,
        condition=condition,
        sentence=sentence,
        sentence_start=offset,
        sentence_end=offset + len(sentence),
        lang=lang,
    )


def generate_documents(
    claim_count: int, claims_per_document: int = CLAIMS_PER_DOCUMENT, seed: int = 2026
) -> Iterator[Document]:
    """Documents whose claims add up to `claim_count`, oldest first, spread over two years."""
    rng = random.Random(seed)
    names = subjects(max(len(PRODUCTS) * len(SUFFIXES), claim_count // CLAIMS_PER_SUBJECT))
    published = FIRST_PUBLISHED
    step = timedelta(hours=2 * 365 * 24 * claims_per_document / max(claim_count, 1))
    for number in range(0, claim_count, claims_per_document):
        lang = rng.choice(["en", "en", "zh"])
        source = rng.choice(VENDORS_ZH if lang == "zh" else VENDORS_EN)
        claims: list[Claim] = []
        for _ in range(min(claims_per_document, claim_count - number)):
            offset = sum(len(claim.sentence) + 1 for claim in claims)
            claims.append(make_claim(rng, rng.choice(names), rng.choice(METRICS), lang, offset))
        published += step
        yield document_of(claims, source, f"bench-{number}", str(number), published)


def round_documents(
    keys: list[tuple[str, str]], after: datetime, claims_per_document: int = CLAIMS_PER_DOCUMENT, seed: int = 7
) -> Iterator[Document]:
    """English documents with one new claim for each (subject, English metric name) of `keys`, published after `after`.

    What a crawl round brings to a grown ledger: new figures for keys it already holds.
    """
    rng = random.Random(seed)
    metrics = {metric.name_en: metric for metric in METRICS}
    published = after
    for number in range(0, len(keys), claims_per_document):
        claims: list[Claim] = []
        for subject, metric in keys[number:number + claims_per_document]:
            offset = sum(len(claim.sentence) + 1 for claim in claims)
            claims.append(make_claim(rng, subject, metrics[metric], "en", offset))
        published += timedelta(minutes=10)
        entry_id = f"round-{after:%Y%m%d%H%M}-{number}"
        yield document_of(claims, rng.choice(VENDORS_EN), entry_id, entry_id, published)


def document_of(claims: list[Claim], source: str, entry_id: str, slug: str, published: datetime) -> Document:
    """A document holding `claims`, one sentence per line, at https://<source>.example/posts/<slug>."""
    text = "\n".join(claim.sentence for claim in claims)
    return Document(
        url=f"https://{source.lower().replace(' ', '-')}.example/posts/{slug}",
        title=claims[0].sentence[:60],
        text=text,
        lang=claims[0].lang,
        source=source,
        entry_id=entry_id,
        published=published.strftime("%Y-%m-%dT%H:%M:%SZ"),
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        claims=claims,
    )
