"""Claim identity: the key that says two claims are about the same figure.

A key has five parts, each normalised by the rules below, in this order:

1. Fold: Unicode NFKC (full-width letters and digits become ASCII), case folded.
2. Possessives go: ``CoreWeave's`` -> ``coreweave``, ``英伟达的`` -> ``英伟达``.
3. Punctuation and symbols become spaces, except a point inside a number (``v6.1``);
   a multiplier between two numbers is a glued ``x`` (``NVL36 x 2`` = ``NVL36×2`` = ``nvl36x2``).
4. Spacing: runs of spaces collapse; spaces next to Han characters go, since
   Chinese is written without them (``每 MW 每秒`` = ``每MW每秒``).
5. English plurals fold to the singular (``GPUs`` -> ``gpu``, ``queries`` -> ``query``).
6. Aliases resolve to one canonical name (``Rubin NVL72`` = ``Vera Rubin NVL72``,
   ``TPS/MW`` = ``每 MW 每秒 token 数``), from ``data/aliases.toml``; a name that file
   does not know is the entity it names in ``claimledger.entities`` (any alias, any
   spelling: ``Amazon EC2 Trn3 UltraServers`` = ``Trainium3 UltraServer``, while the
   chip ``Trainium3`` stays another subject; a family's name before one of its own
   products is that product: ``Hopper H100`` = ``H100``, and so is one before a product of a
   family whose name holds it: ``Blackwell GB200 NVL72`` = ``GB200 NVL72``, of the Grace Blackwell
   family): the package's entities, and a user's
   own file over them (`use_entities`, ``claims diff --entities``).
7. A vendor's name in front of a product goes (``NVIDIA GB200 NVL72`` = ``GB200 NVL72``),
   and a word for a group of machines after a name is written in English
   (``Hopper 集群`` = ``Hopper cluster``), the name before it resolved by rules 6-7.
8. A condition that is a reporting period is written one way (``Q3 FY2026`` =
   ``2026财年第三财季`` = ``fy2026 q3``, `claimledger.diff.periods`), and a subject
   that is only a period ("Q3") is no subject. A benchmark round in the condition (``MLPerf Inference v6.1``), or else the one
   round the claim's sentence names, is kept apart from the key as the claim's
   round, so a later round's figure can supersede it.
9. What is measured: pint's dimensionality when the figure has a unit, written in a
   canonical order (``[token] / [gpu] / [time]``, as ``extraction.units`` stores it), so
   1.6 Tb/s and 200 GB/s share a key and are compared by ``si_value``; otherwise the
   kind (ratio, percent, count). A metric that is an amount per share says "per share"
   for its figure: EPS "$3.03 per share" and "3.03美元" are both ``[usd]``.
10. A metric that only names what the unit measures (``bandwidth`` for TB/s,
   ``duration`` for ns, ``GPUs`` for a count of GPUs: ``data/metrics.toml``
   ``[from_unit]``, `names_only_the_unit`) stays in the key but says nothing the
   measure does not: `claimledger.diff.identity` lets the ledger complete it.

Product names are mostly written in Latin letters in Chinese posts too, so these
rules make an English post and its Chinese report share keys.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

from claimledger.data_files import data_table
from claimledger.diff.periods import canonical_period
from claimledger.dimensions import ordered_dimensionality, parse_dimensionality
from claimledger.entities import Entity, Registry, package_registry
from claimledger.entities.model import HARDWARE_KINDS
from claimledger.text.english import singular
from claimledger.text.scripts import HAN
from claimledger.text.traditional import simplified

ENGLISH_POSSESSIVE = re.compile(r"['’]s\b")
# Dropped after the separators are: "0:的" folds to "0的" first, then to "0".
HAN_POSSESSIVE = re.compile(rf"(?<=[{HAN}a-z0-9])的")
POINT_IN_NUMBER = re.compile(r"(?<=\d)\.(?=\d)")
MULTIPLIER = re.compile(r"(?<=\d) ?x ?(?=\d)")
SPACES = re.compile(r"\s+")
SPACE_BY_HAN = re.compile(rf"(?<=[{HAN}]) | (?=[{HAN}])")
HAN_CHAR = re.compile(rf"[{HAN}]")
LEADING_ARTICLE = re.compile(r"^(?:the|a|an) (?=\S)")
ENGLISH_WORD = re.compile(r"\b[a-z]{4,}\b")
# A version after a benchmark name and at most two words; Han characters may follow
# it directly ("MLPerf v6.1 中"), so the end is "no more digits or letters", not \b.
ROUND_AFTER_BENCHMARK = r"(?:\s+[a-z]+){0,2}?\s*(?:v|version\s*|round\s*)?(\d+(?:\.\d+)*)(?!\.?\d)(?![a-z])"
# The entities names resolve through besides the package's (a user's file): `use_entities`.
_user_entities: tuple[Entity, ...] = ()
_user_registry: Registry | None = None
KEY_SEPARATOR = " | "
MISSING = "-"
# A dimension a measure is divided by: "[gpu]" in "[information] / [time] / [gpu]".
PER_FACTOR = re.compile(r" / \[(\w+)\]")
# What an amount per share is divided by, which a per-share metric already says (`per_share_metrics`).
PER_SHARE = " / [share]"


@dataclass(frozen=True)
class ClaimKey:
    """The normalised parts of a claim's identity; `text` is what the ledger stores."""

    subject: str | None
    metric: str | None
    measure: str
    baseline: str | None
    condition: str | None
    round: tuple[int, ...] | None = None
    benchmark: str | None = None

    @cached_property
    def text(self) -> str:
        """The key as one readable string: the five parts joined by ``|``."""
        parts = (self.subject, self.metric, self.measure, self.baseline, self.condition)
        return KEY_SEPARATOR.join(part or MISSING for part in parts)


@dataclass(frozen=True, slots=True)
class AliasTables:
    """Folded alias -> folded canonical name, per kind of key part."""

    names: dict[str, str]
    metrics: dict[str, str]
    vendors: dict[str, str]
    display: dict[str, str]
    measures: dict[str, str]
    benchmarks: tuple[str, ...]
    revision_cues: tuple[str, ...]
    groups: dict[str, str]


def fold(text: str) -> str:
    """Rules 1-5: fold case, width, possessives, punctuation, spacing and plurals."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = ENGLISH_POSSESSIVE.sub("", text).replace("×", "x")
    kept_points = {match.start() for match in POINT_IN_NUMBER.finditer(text)}
    text = "".join(
        " " if _is_separator(char) and index not in kept_points else char
        for index, char in enumerate(text)
    )
    text = SPACES.sub(" ", text).strip()
    text = HAN_POSSESSIVE.sub("", SPACE_BY_HAN.sub("", text))
    # Glued last, once every separator is a single space: "0:x0" and "0 x0" fold alike.
    return MULTIPLIER.sub("x", ENGLISH_WORD.sub(lambda match: singular(match.group()), text))


def _is_separator(char: str) -> bool:
    # Punctuation, symbols, separators and control characters.
    return unicodedata.category(char)[0] in "PSZC"


@cache
def alias_tables() -> AliasTables:
    """The alias tables from ``data/aliases.toml``, folded once per process."""
    raw = data_table("aliases.toml")
    return AliasTables(
        names=_alias_map(raw["names"]),
        metrics=_alias_map(raw["metrics"]),
        vendors=_alias_map(raw["vendors"]),
        measures=dict(raw["measures"]),
        display={
            fold(name): name
            for names in (raw["benchmarks"]["names"], raw["vendors"], raw["metrics"], raw["names"])
            for name in names
        },
        # Longest first, so "mlperf inference" wins over "mlperf".
        benchmarks=tuple(sorted({fold(n) for n in raw["benchmarks"]["names"]}, key=len, reverse=True)),
        # Matched against the sentence as written, so only case and width are folded.
        revision_cues=tuple(unicodedata.normalize("NFKC", cue).casefold() for cue in raw["revisions"]["cues"]),
        groups=_alias_map(raw["groups"]),
    )


def _alias_map(table: Mapping[str, list[str]]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for canonical, aliases in table.items():
        for name in (canonical, *aliases):
            mapping[fold(name)] = fold(canonical)
    return mapping


@lru_cache(maxsize=65536)
def normalise_name(text: str | None) -> str | None:
    """Rules 1-7 for a subject, baseline or condition: folded, aliased, vendor dropped."""
    if not text:
        return None
    tables = alias_tables()
    folded = fold(text)
    users = entity_name(text, users_only=True) or entity_name(folded, users_only=True)
    if users is not None:
        return users
    if folded in tables.names:
        return tables.names[folded]
    # As written first: folding singularises ("Cerebras Systems" is not "cerebra system" to the registry).
    entity = entity_name(text) or entity_name(folded)
    if entity is not None:
        return entity
    group = group_word_pattern().search(folded)
    if group and group.start() > 0:
        name = _resolved(folded[: group.start()].strip())
        word = tables.groups[group.group(group.lastindex or 0)]
        # An alias may already name the group ("CloudMatrix 384" is "Ascend 384 SuperPoD").
        return name if name is None or name.endswith(word) else f"{name} {word}"
    return _resolved(folded)


@lru_cache(maxsize=65536)
def normalise_baseline(text: str | None) -> str | None:
    """Rules 1-7 for a baseline, and a previous generation named in more words is "previous generation"."""
    name = normalise_name(text)
    if name is None:
        return None
    table = data_table("diff.toml")["generation_baselines"]
    words = set(name.split())
    if words & set(table["previous"]) and words & set(table["generation"]):
        return str(table["canonical"])
    return name


def _resolved(folded: str) -> str | None:
    """Rules 6-7 for a folded name: alias, else without its vendor (then alias)."""
    names = alias_tables().names
    if folded in names:
        return names[folded]
    without_vendor = strip_vendor(folded)
    return names.get(without_vendor) or entity_name(folded) or entity_name(without_vendor) or without_vendor or None


@contextmanager
def use_entities(entities: Sequence[Entity]) -> Iterator[None]:
    """Within the block, names resolve through the package's entities and these (a user's file) over them."""
    before = _user_entities
    _set_user_entities(tuple(entities))
    try:
        yield
    finally:
        _set_user_entities(before)


def user_entities() -> tuple[Entity, ...]:
    """The user's entities names resolve through now (`use_entities`), for a worker to use the same."""
    return _user_entities


def _set_user_entities(entities: tuple[Entity, ...]) -> None:
    global _user_entities, _user_registry
    if entities == _user_entities:
        return
    _user_entities = entities
    _user_registry = package_registry().with_entities(entities) if entities else None
    for cached in (
        normalise_name, normalise_baseline, split_round, key_of_parts, _entities_by_key, maker_key,
    ):
        cached.cache_clear()


def name_registry() -> Registry:
    """The entities names resolve through: the package's, with a user's file over them (`use_entities`)."""
    return _user_registry if _user_registry is not None else package_registry()


def subject_entity(subject: str | None) -> Entity | None:
    """The known entity a key's subject (a normalised name) stands for."""
    return _entities_by_key().get(subject) if subject else None


@cache
def _entities_by_key() -> dict[str, Entity]:
    names = alias_tables().names
    return {names.get(fold(entity.id), fold(entity.id)): entity for entity in name_registry()}


@lru_cache(maxsize=65536)
def maker_key(subject: str | None) -> str | None:
    """The key subject of the organisation that makes the hardware a key's subject names (`wse 3` -> `cerebra`)."""
    entity = subject_entity(subject)
    if entity is None or entity.kind not in HARDWARE_KINDS:
        return None
    maker = name_registry().maker(entity)
    return normalise_name(maker.id) if maker is not None else None


def products_named(sentence: str | None) -> tuple[Entity, ...]:
    """The known hardware products a sentence names ("the GB300 NVL72", "H100s", "昇腾"), whole words where
    Latin, as extraction's name matcher finds them: what a figure its extraction gave to their maker may
    belong to instead."""
    if not sentence:
        return ()
    from claimledger.extraction.names import known_names

    found = {name.entity.id: name.entity for name in known_names(sentence, name_registry())}
    return tuple(entity for entity in found.values() if entity.kind in HARDWARE_KINDS)


# What extraction's name matcher disregards when it compares words: case, spaces and the separators it folds
# to spaces, full-width forms, traditional characters, a model number's plural "s" (`annotate.FOLDS`,
# `names.PLURAL_AFTER_CODE`).
SKELETON_DROPS = re.compile(r"[\s\-\u2010\u2011_\u3000]+|(?<=\d)s(?![A-Za-z0-9])")
FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}


def _skeleton(text: str) -> str:
    return SKELETON_DROPS.sub("", simplified(text).translate(FULL_WIDTH)).lower()


@lru_cache(maxsize=8)
def _spelling_skeletons(registry: Registry) -> dict[str, tuple[str, ...]]:
    skeletons: dict[str, list[str]] = {}
    for spelling, entity_id in registry.spellings():
        skeletons.setdefault(entity_id, []).append(_skeleton(spelling))
    return {entity_id: tuple(found) for entity_id, found in skeletons.items()}


def may_name(text: str, entity: Entity) -> bool:
    """Whether `text` may name `entity` as extraction's name matcher reads it: one of its spellings stands in
    it, words run together (a match needs that, so a text without one is spared loading the matcher)."""
    skeleton = _skeleton(text)
    return any(spelling in skeleton for spelling in _spelling_skeletons(name_registry()).get(entity.id, ()))


def may_name_a_chip(text: str) -> bool:
    """Whether `text` may name some chip (`may_name` for every chip at once)."""
    skeleton = _skeleton(text)
    return any(spelling in skeleton for spelling in _chip_skeletons(name_registry()))


@lru_cache(maxsize=8)
def _chip_skeletons(registry: Registry) -> frozenset[str]:
    chips = {entity.id for entity in registry if entity.kind == "chip"}
    return frozenset(found for entity_id, spellings in _spelling_skeletons(registry).items() if entity_id in chips
                     for found in spellings)


def is_organisation(subject: str | None) -> bool:
    entity = subject_entity(subject)
    return entity is not None and entity.kind == "organisation"


def entity_name(folded: str, users_only: bool = False) -> str | None:
    """Rule 6 for a name the alias file does not know: the folded id of the known entity it names
    (`users_only`: an entity the user's file states, which wins over the alias file too)."""
    if users_only and _user_registry is None:
        return None
    entity = name_registry().resolve(folded) or _family_member(folded)
    if entity is None or (users_only and entity.origin != "user"):
        return None
    canonical = fold(entity.id)
    return alias_tables().names.get(canonical, canonical)


# The most words a family's name has ("vera rubin platform" has three): a longer opening is never one.
FAMILY_WORDS = 4


def _family_member(folded: str) -> Entity | None:
    """The product a family's name before one of its own names ("hopper h100") is: that name's."""
    registry = name_registry()
    words = folded.split(" ")
    for cut in range(1, min(len(words), FAMILY_WORDS + 1)):
        family = registry.resolve(" ".join(words[:cut]))
        if family is None or family.kind != "product_family":
            continue
        member = registry.resolve(" ".join(words[cut:]))
        if member is not None and _of_family(registry, family, member):
            return member
    return None


def _of_family(registry: Registry, family: Entity, member: Entity) -> bool:
    """Whether `member` is of `family`: a descendant of it, or of a family whose name holds the family's
    whole ("blackwell" names the "grace blackwell" family of the GB200 NVL72, while "hopper" names no
    family of the B200)."""
    families = [ancestor for ancestor in registry.ancestors(member) if ancestor.kind == "product_family"]
    if family in families:
        return True
    written = {f" {fold(name)} " for name in (family.id, *family.aliases)}
    return any(name in f" {fold(ancestor.id)} " for ancestor in families for name in written)


@cache
def group_word_pattern() -> re.Pattern[str]:
    """A folded group word ending a name: "hopper集群", "vera rubin nvl72 cluster".

    A Latin word follows a space; a Han word follows anything, since folding
    removes the spaces next to Han characters.
    """
    words = sorted(alias_tables().groups, key=len, reverse=True)
    latin = "|".join(re.escape(word) for word in words if not HAN_CHAR.match(word))
    han = "|".join(re.escape(word) for word in words if HAN_CHAR.match(word))
    return re.compile(rf"(?<= )({latin})$|({han})$")


def strip_vendor(folded: str) -> str:
    """Rule 7: drop a leading vendor name (and a leading "the") when a name follows it."""
    folded = LEADING_ARTICLE.sub("", folded)
    for vendor in vendor_names_longest_first():
        rest = folded[len(vendor) :]
        if not folded.startswith(vendor) or not rest.strip():
            continue
        # Chinese runs have no spaces, so a Han vendor name ends where its last character does.
        if rest[0] == " " or HAN_CHAR.match(vendor[-1]) or HAN_CHAR.match(rest[0]):
            return rest.strip()
    return folded


def display_name(folded: str | None) -> str | None:
    """The canonical name as the alias file writes it (``GB300 NVL72``), if it has one."""
    return alias_tables().display.get(folded) if folded else None


def measure_name(measure: str) -> str:
    """A key's measure as people say it (``[information] / [time]`` -> ``data rate``)."""
    return alias_tables().measures.get(measure, measure)


@cache
def vendor_names_longest_first() -> tuple[str, ...]:
    """Folded vendor names, longest first, so ``华为云`` is tried before ``华为``."""
    return tuple(sorted(alias_tables().vendors, key=len, reverse=True))


@lru_cache(maxsize=65536)
def normalise_metric(text: str | None) -> str | None:
    """Rules 1-6 for a metric: folded, then its synonyms in either language resolved."""
    if not text:
        return None
    folded = fold(text)
    return alias_tables().metrics.get(folded, folded) or None


@lru_cache(maxsize=65536)
def split_round(condition: str | None) -> tuple[str | None, str | None, tuple[int, ...] | None]:
    """Rule 8: (condition without its round, benchmark, round) for a condition text."""
    name = normalise_name(condition)
    if name is None:
        return None, None, None
    for benchmark, pattern in benchmark_round_patterns():
        match = pattern.search(name)
        if match:
            rest = (name[: match.start(1)] + name[match.end(1) :]).replace(" v ", " ")
            rest = SPACES.sub(" ", re.sub(r"\b(?:v|version|round)\b", " ", rest)).strip()
            return normalise_name(rest), benchmark, tuple(int(p) for p in match.group(1).split("."))
    return name, None, None


@lru_cache(maxsize=4096)
def round_in_sentence(sentence: str | None) -> tuple[str, tuple[int, ...]] | None:
    """Rule 8, second chance: the one benchmark round a sentence names, when the condition has none.

    A sentence naming two different rounds ("from v6.0 to v6.1") gives none.
    """
    if not sentence or benchmark_word_pattern().search(sentence) is None:
        return None
    folded = fold(sentence)
    found = set()
    for benchmark, pattern in benchmark_round_patterns():
        # The pattern holds the name as written, so a sentence without it cannot match.
        if benchmark in folded:
            found.update(tuple(int(part) for part in match.group(1).split(".")) for match in pattern.finditer(folded))
    if len(found) != 1:
        return None
    benchmark = next(b for b in alias_tables().benchmarks if b in folded)
    return benchmark, found.pop()


@cache
def benchmark_round_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each benchmark name (folded) with the pattern of that name followed by a round ("mlperf inference v6.1")."""
    return tuple(
        (benchmark, re.compile(rf"(?<![a-z0-9]){re.escape(benchmark)}{ROUND_AFTER_BENCHMARK}"))
        for benchmark in alias_tables().benchmarks
    )


@cache
def benchmark_word_pattern() -> re.Pattern[str]:
    """The first word of any benchmark name, in any case: a cheap test before folding a sentence."""
    words = sorted({benchmark.split(" ")[0] for benchmark in alias_tables().benchmarks}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, words)), re.IGNORECASE)


def claim_round(claim: Any) -> tuple[str, tuple[int, ...]] | None:
    """The benchmark round a claim belongs to: from its condition, else from its sentence."""
    get = claim.get if isinstance(claim, Mapping) else lambda name: getattr(claim, name, None)
    _, benchmark, round_ = split_round(get("condition"))
    if benchmark is not None and round_ is not None:
        return benchmark, round_
    return round_in_sentence(get("sentence"))


@lru_cache(maxsize=4096)
def canonical_dimensionality(dimensionality: str | None) -> str | None:
    """Rule 9: pint's dimensionality in a fixed order; None when dimensionless or absent."""
    if not dimensionality or not dimensionality.strip():
        return None
    try:
        exponents = parse_dimensionality(dimensionality.strip())
    except ValueError:
        return fold(dimensionality)
    return ordered_dimensionality(exponents)


def claim_key(claim: Any) -> ClaimKey | None:
    """The key of a claim (a `Claim`, or a mapping such as a ledger row).

    A claim with no subject cannot be told apart from any other figure of its
    kind, so it gets no key and is left out of the diff.
    """
    get = claim.get if isinstance(claim, Mapping) else lambda name: getattr(claim, name, None)
    parts = ("subject", "metric", "kind", "dimensionality", "baseline", "condition")
    return key_of_parts(*(get(part) for part in parts))


@lru_cache(maxsize=1 << 15)
def key_of_parts(
    subject: str | None,
    metric: str | None,
    kind: str | None,
    dimensionality: str | None,
    baseline: str | None,
    condition: str | None,
) -> ClaimKey | None:
    """The key of a claim from its written parts; equal parts share one `ClaimKey`."""
    if canonical_period(subject):
        return None  # "Q3 revenue": a period is what the figure is for, not what it is about
    subject = normalise_name(subject)
    if subject is None:
        return None
    period = canonical_period(condition)
    condition, benchmark, round_ = (period, None, None) if period else split_round(condition)
    metric = normalise_metric(metric)
    measure = canonical_dimensionality(dimensionality) or kind or "count"
    if metric in per_share_metrics():
        measure = measure.replace(PER_SHARE, "")
    return ClaimKey(
        subject=subject,
        metric=metric,
        measure=measure,
        baseline=normalise_baseline(baseline),
        condition=condition,
        round=round_,
        benchmark=benchmark,
    )


@cache
def per_share_metrics() -> frozenset[str]:
    """The (normalised) metrics that are amounts per share whether or not the figure says so (diff.toml
    ``[per_share]``): "$3.03 per share" and "3.03美元" of earnings per share are one measure."""
    return frozenset(normalise_metric(name) or name for name in data_table("diff.toml")["per_share"]["metrics"])


def names_only_the_unit(metric: str, measure: str) -> bool:
    """Rule 10: whether a (normalised) metric is just the name of what the unit measures."""
    return metric in unit_metric_names(measure)


@lru_cache(maxsize=4096)
def unit_metric_names(measure: str) -> frozenset[str]:
    """The folded metrics that name nothing but a measure: its ``[from_unit]`` name, the same per
    device ("bandwidth per GPU"), and the counted thing of a count ("gpu" for ``[gpu]``)."""
    names = set()
    if measure.startswith("[") and measure.endswith("]") and measure.count("[") == 1:
        names.add(fold(measure[1:-1]))
    from_unit = unit_metric_table()
    if measure in from_unit:
        names.add(from_unit[measure])
    # Time is what makes a rate, not what a figure is shared by ("bandwidth", never "capacity per time").
    for per in (per for per in PER_FACTOR.findall(measure) if per != "time"):
        base = measure.replace(f" / [{per}]", "", 1)
        if base in from_unit:
            names.add(normalise_metric(f"{from_unit[base]} per {per}") or "")
    return frozenset(names)


@cache
def unit_metric_table() -> dict[str, str]:
    """``data/metrics.toml`` ``[from_unit]``: canonical dimensionality -> folded metric name."""
    return {
        canonical_dimensionality(dimensionality) or dimensionality: normalise_metric(metric) or metric
        for dimensionality, metric in data_table("metrics.toml")["from_unit"].items()
    }


@lru_cache(maxsize=4096)
def publisher(source: str | None) -> str | None:
    """Who published a figure: the vendor named in the source's name, else the source without the
    words that name one of its channels ("Kestrel Silicon Newsroom" and "Kestrel Silicon 中文" are
    one publisher, "kestrel silicon")."""
    if not source:
        return None
    folded = fold(source)
    return named_vendor(source) or channel_words_pattern().sub(" ", folded).strip() or folded


def claimant_of(claimant: str | None, subject: str | None, source: str | None) -> str | None:
    """Who makes a figure's claim, as the status rules compare claimants: its claimant's publisher name, but for a
    job title alone ("CEO", ``[publishers] job_titles`` of diff.toml) its subject when that is an organisation,
    else its source's; no claimant: its source's."""
    if claimant and fold(claimant) in job_titles():
        organisation = normalise_name(subject)
        return organisation if is_organisation(organisation) else publisher(source)
    return publisher(claimant) if claimant else publisher(source)


@cache
def job_titles() -> frozenset[str]:
    return frozenset(fold(title) for title in data_table("diff.toml")["publishers"]["job_titles"])


@lru_cache(maxsize=4096)
def named_vendor(source: str | None) -> str | None:
    """The vendor a source's name mentions (folded canonical name), if any."""
    if not source:
        return None
    folded = fold(source)
    for name, vendor in alias_tables().vendors.items():
        if re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", folded):
            return vendor
    return None


@cache
def channel_words_pattern() -> re.Pattern[str]:
    """Words in a feed's name that say which of a publisher's channels it is (blog, newsroom, 中文)."""
    table = data_table("diff.toml")["publishers"]
    latin = "|".join(re.escape(fold(word)) for word in table["channel_words_en"])
    han = "|".join(re.escape(fold(word)) for word in sorted(table["channel_words_zh"], key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{latin})(?![a-z0-9])|{han}")


@lru_cache(maxsize=4096)
def has_revision_cue(sentence: str | None) -> bool:
    """Whether a sentence says its figure revises an earlier one ("revised", "更正")."""
    if not sentence:
        return False
    folded = sentence.casefold() if sentence.isascii() else unicodedata.normalize("NFKC", sentence).casefold()
    return revision_cue_pattern().search(folded) is not None


@cache
def revision_cue_pattern() -> re.Pattern[str]:
    """One pattern for every revision cue; it runs over every sentence, so no per-character folding."""
    cues = sorted(alias_tables().revision_cues, key=len, reverse=True)
    alternatives = (r"[\W_]+".join(re.escape(word) for word in cue.split(" ")) for cue in cues)
    return re.compile(r"(?<![a-z])(?:" + "|".join(alternatives) + ")")


def explain_name(text: str | None) -> str:
    """How rules 1-7 turned a written subject, baseline or condition into its key part."""
    if not text:
        return "not stated"
    tables = alias_tables()
    folded = fold(text)
    result = normalise_name(text)
    if folded in tables.names:
        canonical = tables.names[folded]
        return "known name" if canonical == folded else f"alias of {display_name(canonical) or canonical}"
    entity = name_registry().resolve(folded)
    if entity is not None:
        return f"entity {entity.id} ({entity.kind.replace('_', ' ')})"
    steps = []
    group = group_word_pattern().search(folded)
    if group and group.start() > 0:
        word = group.group(group.lastindex or 0)
        if tables.groups[word] != word:
            steps.append(f"group word {word!r} written {tables.groups[word]!r}")
        folded = folded[: group.start()].strip()
    without_vendor = strip_vendor(folded)
    if without_vendor != LEADING_ARTICLE.sub("", folded):
        steps.append(f"vendor {folded[: len(folded) - len(without_vendor)].strip()!r} dropped")
    if without_vendor in tables.names and tables.names[without_vendor] != without_vendor:
        steps.append(f"alias of {display_name(tables.names[without_vendor]) or tables.names[without_vendor]}")
    elif (entity := name_registry().resolve(without_vendor)) is not None:
        steps.append(f"entity {entity.id} ({entity.kind.replace('_', ' ')})")
    if not steps:
        return "as written (folded)" if result != text else "as written"
    return "; ".join(steps)


def explain_baseline(text: str | None) -> str:
    """How rules 1-7 and the previous-generation rule turned a written baseline into its key part."""
    if text and normalise_baseline(text) != normalise_name(text):
        return "names the previous generation"
    return explain_name(text)


def explain_metric(text: str | None, measure: str | None = None) -> str:
    """How rule 6 turned a written metric into its key part."""
    if not text:
        return "not stated"
    folded = fold(text)
    canonical = alias_tables().metrics.get(folded)
    if measure is not None and names_only_the_unit(canonical or folded, measure):
        return "only the unit's name: left out"
    if canonical is None:
        return "as written (folded)"
    return "known metric" if canonical == folded else f"synonym of {display_name(canonical) or canonical}"


def explain_measure(kind: str | None, dimensionality: str | None) -> str:
    """How rule 9 chose the measure: the unit's dimensions, else the kind of figure."""
    canonical = canonical_dimensionality(dimensionality)
    if canonical:
        return f"dimensions of the unit ({measure_name(canonical)})"
    return f"kind of figure ({kind or 'count'})"
