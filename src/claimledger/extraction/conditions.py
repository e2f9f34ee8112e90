"""A figure's condition, folded the same way in every post: the workload model, the
benchmark with its round, the scenario and the precision.

- The model is written by its canonical name, its maker left out ("Meta's Llama
  3.1 405B", "Llama-3.1-405B" and "Llama 3.1 405B" are all "Llama 3.1 405B").
- A benchmark keeps its suite and round ("MLPerf Inference v6.0"); a round written
  without the suite takes it from the scenario, the sentence's words or the metric
  ("MLPerf v6.0 ... tokens per second" is MLPerf Inference v6.0), so the two spellings
  are one condition. Category and division ("Datacenter Closed") stay.
- The scenario (offline, server, interactive, 推理场景, ...; a kind of model the figure was had
  on, "在稠密模型上", "在混合专家模型上"), the precision (FP4, FP8,
  INT8, BF16, ...; a Chinese word for one by the one it names: 单精度 FP32, 双精度 FP64,
  半精度 FP16), sparsity ("40 petaflops with sparsity": `sparse`, after the precision)
  and the workload's size (input/output lengths, context length, batch
  size, concurrency: extraction/workload.py) are parts of the condition: they change the figure. A precision
  written in the figure itself ("362 FP8 PFLOPs", "750 TOPS at INT8") is the
  nearest; else one in its clause.
- A size in brackets right after a figure is that figure's alone ("1,200 tokens/s (32
  concurrent users) and 300 tokens/s (single user)"); where one clause writes sizes of one
  kind for several figures, each is the figure's it is written with, as a scenario is.

A hardware specification (data/metrics.toml `spec`: memory, transistors, cores) has no
condition: it does not change with the workload.

The condition's text joins the parts with ", " in that order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.entities import Entity
from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.cues import alternation, cue_table, lowered
from claimledger.extraction.metrics import opening_looked_ahead, rate_metrics, spec_metrics
from claimledger.extraction.names import Name
from claimledger.extraction.workload import WorkloadSize, workload_sizes
from claimledger.text.alternation import any_of

SCENARIO_WORD = re.compile(r"\s*(?:scenario|场景)")
# "在稠密模型上达到 60%": a kind of model the figure was had on is written as its scenario.
ON_IT = re.compile(r"\s*上")
CLAUSE_BREAK = re.compile(r"[，,;；。:：]")
# A scenario or size written as the opening of its clause: "In the server scenario, ...",
# "，在服务器场景下", "and with a single user".
OPENS_CLAUSE = re.compile(r"(?:^|[，,;；:：。]|\band)\s*(?:(?:in|under|for|on|at|with)\s+)?(?:the\s+|an?\s+)?(?:在|于)?\s*$")
SPACES = re.compile(r"\s*")
# Between a figure and the workload it was measured on: "200 on Claude 3.5 Sonnet", "1,038 running Meta's Llama".
WORKLOAD_AFTER = re.compile(r"\s*(?:on|with|running|using|serving)\s+(?:the\s+)?(?:[A-Z][\w.-]*['’]s\s+)?")
ROUND = re.compile(r"\s*(?:v|version\s*|round\s*)?(\d+(?:\.\d+)*)(?![\w.])", re.IGNORECASE)
# Benchmarks published in numbered rounds: a version after their name is the round.
ROUND_BENCHMARKS = ("MLPerf", "InferenceMAX", "TOP500", "Green500")
# A suite's name in a benchmark's spelling, in the order a later one wins.
SUITES = tuple((word, re.compile(rf"\b{word}\b", re.IGNORECASE)) for word in ("Inference", "Training", "Storage", "Client"))
# Only a precision this close to the figure is its own ("at INT8", "362 FP8 PFLOPs").
PRECISION_REACH = 16


class Condition(NamedTuple):
    """The condition's parts (None where not stated), its text and the entities it names."""

    model: str | None = None
    benchmark: str | None = None
    scenario: str | None = None
    precision: str | None = None
    # The workload's size: "ISL/OSL 1K/1K", "context 128K", "batch 64", "concurrency 32" (extraction/workload.py).
    size: str | None = None
    # "sparse" for compute counted with sparsity (dense is the figure's default, never written).
    sparsity: str | None = None
    benchmark_id: str | None = None
    entities: tuple[Entity, ...] = ()

    @property
    def model_id(self) -> str | None:
        """The workload model's entity id (its canonical name)."""
        return self.model

    @property
    def text(self) -> str | None:
        """"GPT-OSS-120B offline ISL/OSL 1K/1K, MLPerf Inference v6.1, FP4": the workload as one phrase, then the rest."""
        if not (self.model or self.scenario or self.size or self.benchmark or self.precision or self.sparsity):
            return None  # most figures state no condition: no strings to join
        workload = " ".join(filter(None, (self.model, self.scenario, self.size)))
        precision = " ".join(filter(None, (self.precision, self.sparsity)))
        return ", ".join(filter(None, (workload, self.benchmark, precision))) or None


NO_CONDITION = Condition()


@cache
def _table() -> dict:
    return cue_table()["conditions"]


@cache
def precision_pattern() -> re.Pattern[str]:
    """A numeric precision: FP8, INT8, BF16, ..., or a Chinese word for one ("单精度")."""
    pattern = rf"{_table()['precision']}|{alternation(sorted(_precision_words()))}"
    return re.compile(opening_looked_ahead(pattern, re.IGNORECASE), re.IGNORECASE)


@cache
def _precision_words() -> dict[str, str]:
    """Each Chinese word for a precision, with the precision it names: "单精度" -> "FP32"."""
    return {word: precision for precision, words in _table()["precision_words"].items() for word in words}


@lru_cache(maxsize=64)
def sentence_precisions(folded: str) -> tuple[re.Match[str], ...]:
    """The precisions a (folded) sentence writes, found once for all its figures."""
    return tuple(precision_pattern().finditer(folded))


@cache
def _scenarios() -> tuple[re.Pattern[str], dict[str, str]]:
    labels = {" ".join(word.lower().split()): label for label, words in _table()["scenarios"].items() for word in words}
    words = sorted(labels, key=len, reverse=True)
    # The look-ahead for the words' first characters lets a search skip most positions at once.
    firsts = "".join(sorted({re.escape(word[0]) for word in words}))
    return re.compile(rf"(?=[{firsts}])(?<![A-Za-z-])(?:" + "|".join(re.escape(word) for word in words) + r")(?![A-Za-z-])"), labels


def fold_condition(
    text: str,
    folded: str,
    names: Sequence[Name],
    roles: Sequence[str | None],
    start: int,
    end: int,
    clause: tuple[int, int],
    metric: str | None,
    figures: Sequence[tuple[int, int]] = (),
) -> Condition:
    """The condition of the figure at [start, end) of the sentence, whose figures are at
    `figures`; a hardware specification's is empty ("with 4 trillion transistors, ... on Llama 3.1 8B")."""
    if metric in spec_metrics():
        return NO_CONDITION
    conditions = [name for name, role in zip(names, roles, strict=True) if role == "condition"]
    rate = metric in rate_metrics()
    precision = _precision_of(folded, start, end, clause)
    size = _size(folded, start, end, figures, rate)
    sparsity = _sparsity(folded, start, end, clause) if rate else None
    if not conditions:
        # Most figures name no workload: only a scenario, a precision, a size or sparsity can be their condition.
        scenario = _scenario(folded, None, clause, start, end, figures)
        if not (scenario or precision or size or sparsity):
            return NO_CONDITION
        return Condition(scenario=scenario, precision=precision, size=size, sparsity=sparsity)
    model = _nearest(folded, [name for name in conditions if name.kind == "model"], start, end, clause)
    benchmark = _nearest(folded, [name for name in conditions if name.kind == "benchmark"], start, end, clause)
    return Condition(
        model=model.entity.id if model else None,
        benchmark=_benchmark(text, folded, benchmark, metric) if benchmark else None,
        scenario=_scenario(folded, model or benchmark, clause, start, end, figures),
        precision=precision,
        size=size,
        sparsity=sparsity,
        benchmark_id=benchmark.entity.id if benchmark else None,
        entities=tuple(name.entity for name in (model, benchmark) if name is not None),
    )


def _nearest(folded: str, names: list[Name], start: int, end: int, clause: tuple[int, int]) -> Name | None:
    """The workload of the figure: one written right after it ("88.7% MMLU", "200 on Claude 3.5
    Sonnet"), else the nearest in its clause, else the nearest before it in the sentence, else the
    first after it."""
    if not names:
        return None
    for name in names:
        if name.start >= end and (name.start - end <= 2 or WORKLOAD_AFTER.fullmatch(folded, end, name.start)):
            return name
    in_clause = [name for name in names if clause[0] <= name.start and name.end <= clause[1]]
    if in_clause:
        return min(in_clause, key=lambda name: abs((name.start + name.end) / 2 - (start + end) / 2))
    before = [name for name in names if name.end <= start]
    return before[-1] if before else names[0]


def _benchmark(text: str, folded: str, name: Name, metric: str | None) -> str:
    """"MLPerf v6.0" with its suite and round: "MLPerf Inference v6.0"."""
    written = text[name.start:name.end]
    entity = name.entity.id
    if not any(entity.startswith(family) for family in ROUND_BENCHMARKS):
        return entity
    base = entity.split(" v")[0] if name.entity.origin == "seen" else entity
    suite = None
    for word, pattern in SUITES:
        if pattern.search(written):
            suite = word
    if base.startswith("MLPerf"):
        base = "MLPerf"
        suite = suite or _suite(folded, metric)
    round_match = None
    for match in ROUND.finditer(written):
        round_match = match
    parts = [base]
    if suite:
        parts.append(suite)
    if round_match:
        parts.append("v" + round_match.group(1))
    for category, pattern in _suite_categories():
        if pattern.search(written) and category.replace(" ", "") not in parts:
            parts.append(category.replace("Data Center", "Datacenter"))
    return " ".join(parts)


def _suite(folded: str, metric: str | None) -> str | None:
    """The suite an unnamed round belongs to, by the sentence's words or its metric."""
    lowered_text = lowered(folded)
    for suite, words, pattern in _suite_words():
        if metric in words or pattern.search(lowered_text):
            return suite
    return None


@cache
def _suite_categories() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each category and division a benchmark's spelling may keep, with its whole-word pattern."""
    return tuple((category, re.compile(rf"\b{re.escape(category)}\b", re.IGNORECASE)) for category in _table()["suite_categories"])


@cache
def _suite_words() -> tuple[tuple[str, list[str], re.Pattern[str]], ...]:
    """Each suite, its words, and one pattern for any of them as a whole word (compiled once,
    not a pattern per word per figure)."""
    return tuple(
        (suite, words, re.compile("|".join(rf"(?<![a-z]){re.escape(word)}(?![a-z])" for word in words)))
        for suite, words in _table()["suite_words"].items()
    )


def _scenario(
    folded: str, workload: Name | None, clause: tuple[int, int], start: int, end: int, figures: Sequence[tuple[int, int]]
) -> str | None:
    """A scenario word right after the workload or the figure ("31,000 tokens per second
    offline"), else one written as a scenario ("the server scenario", "离线场景") in the
    figure's clause, or in the sentence when the workload came from another clause
    ("..., 2.8x the H200 result"). A plain word is no scenario ("交互式产品的目标").
    Before those, a written scenario is the condition of the figure it is written with
    (`_figure_of`), in any clause; where the sentence writes several ("12,400 tokens/s in the
    offline scenario and 11,100 in the server scenario"), only that figure's."""
    pattern, labels = _scenarios()
    lowered_text = lowered(folded)
    if not _has_scenario(lowered_text):
        return None
    for position in ([workload.end] if workload is not None else []) + [end]:
        found = pattern.match(lowered_text, SPACES.match(folded, position).end())
        if found:
            return labels[" ".join(found.group(0).split())]
    spans = [clause]
    if workload is not None and not (clause[0] <= workload.start and workload.end <= clause[1]):
        spans.append((0, len(folded)))
    written = _written_scenarios(lowered_text)
    own = [label for scenario_start, stop, label in written if _figure_of(lowered_text, scenario_start, stop, figures) == (start, end)]
    if own:
        return own[0]
    if len({label for _, _, label in written}) > 1:
        return None  # each scenario is another figure's
    for span_start, span_end in spans:
        for scenario_start, stop, label in written:
            if span_start <= scenario_start and stop <= span_end:
                return label
    return None


def _size(folded: str, start: int, end: int, figures: Sequence[tuple[int, int]], rate: bool) -> str | None:
    """The workload sizes the figure at [start, end) was measured at (`_is_size_of`); never the
    figure itself ("a 128K context window")."""
    sizes = workload_sizes(folded)
    found = [
        size.text
        for size in sizes
        if not (size.start < end and start < size.end) and _is_size_of(folded, size, sizes, (start, end), figures, rate)
    ]
    return " ".join(found) or None


def _is_size_of(
    folded: str, size: WorkloadSize, sizes: Sequence[WorkloadSize], figure: tuple[int, int], figures: Sequence[tuple[int, int]], rate: bool
) -> bool:
    """Whether `size` is a size `figure` was measured at: it is in brackets right after the figure
    ("1,200 tokens/s (32 concurrent users)": that figure's alone); else it is in the figure's
    clause ("12,000 tokens/s at 1K/1K input/output"), the one figure of the clause it is written
    with (`_figure_of`) where the sentence writes several sizes of its kind ("1,200 tokens/s at 32
    concurrent users and 300 tokens/s for a single user"); or, for a `rate`, in a clause of no
    figure of its own before the figure's ("with 2048 tokens of context, the LPU outputs 750 tokens/s")."""
    outside = [other for other in figures if other[1] <= size.start or other[0] >= size.end]
    bracketed = _bracketed_figure(folded, size, outside)
    if bracketed is not None:
        return bracketed == figure
    clause_start, clause_end = clause_bounds(folded, size.start, size.end)
    in_clause = [other for other in outside if clause_start <= other[0] and other[1] <= clause_end]
    if figure in in_clause:
        several = len({other.text for other in sizes if other.kind == size.kind}) > 1
        return not (several and len(in_clause) > 1) or _figure_of(lowered(folded), size.start, size.end, in_clause) == figure
    after = [other for other in outside if other[0] >= clause_end]
    return rate and not in_clause and after[:1] == [figure]


def _bracketed_figure(folded: str, size: WorkloadSize, figures: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """The figure right before the bracket holding `size` ("300 tokens/s (single user)"), if any
    and the bracket holds no figure of its own before the size ("(and 300 tokens/s at 32 concurrent users)")."""
    if size.bracket is None or any(size.bracket < figure[0] < size.start for figure in figures):
        return None
    return next((figure for figure in figures if figure[1] <= size.bracket and not folded[figure[1]:size.bracket].strip()), None)


def _figure_of(
    lowered_text: str, scenario_start: int, scenario_end: int, figures: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """The figure (start, end) a written scenario (or workload size) is the condition of: the first
    after it when it opens its clause ("In the server scenario, ...", "，在服务器场景下为 11,100"),
    or when it shares its clause with that one and not with the one before ("向量算力提升2倍，推理场景性能提升2.5倍"),
    else the last before it ("11,100 tokens/s in the server scenario"); None when no figure is given."""
    before = [figure for figure in figures if figure[1] <= scenario_start]
    after = [figure for figure in figures if figure[0] >= scenario_end]
    opens = OPENS_CLAUSE.search(lowered_text, max(0, scenario_start - 16), scenario_start) is not None
    if after and (opens or not before or _same_clause(lowered_text, scenario_end, after[0][0]) and not _same_clause(lowered_text, before[-1][1], scenario_start)):
        return after[0]
    return before[-1] if before else None


def _same_clause(text: str, start: int, end: int) -> bool:
    """Whether no clause break stands in text[start:end]."""
    return CLAUSE_BREAK.search(text, start, end) is None


@lru_cache(maxsize=64)
def _has_scenario(lowered_text: str) -> bool:
    """Whether the (lowered) sentence may have a scenario word (its letters, word bounds aside):
    most have none, and then no figure of theirs needs a look (found once for all its figures)."""
    return _scenario_letters().search(lowered_text) is not None


@cache
def _scenario_letters() -> re.Pattern[str]:
    """The scenario words as a trie, without the word bounds: found wherever a scenario word is."""
    return re.compile(any_of(sorted(_scenarios()[1])))


@lru_cache(maxsize=64)
def _written_scenarios(lowered_text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, label) of each scenario the (lowered) sentence writes as one ("the server
    scenario", "离线场景", a kind of model "在稠密模型上"), found once for all its figures; no scenario word holds a clause break."""
    pattern, labels = _scenarios()
    return tuple(
        (found.start(), found.end(), labels[" ".join(found.group(0).split())])
        for found in pattern.finditer(lowered_text)
        if SCENARIO_WORD.match(lowered_text, found.end())
        or found.group(0).endswith(("scenario", "场景"))
        or found.group(0).endswith("模型") and ON_IT.match(lowered_text, found.end())
    )


def _precision_of(folded: str, start: int, end: int, clause: tuple[int, int]) -> str | None:
    """The precision in the figure ("362 FP8 PFLOPs") or right by it ("at INT8"), else in its clause."""
    found = [match for match in sentence_precisions(folded) if clause[0] <= match.start() and match.end() <= clause[1]]
    if not found:
        return None
    near = [match for match in found if match.start() < end + PRECISION_REACH and start - PRECISION_REACH < match.end()]
    chosen = min(near or found, key=lambda match: abs(match.start() - end))
    return precision_name(chosen.group(0))


def _sparsity(folded: str, start: int, end: int, clause: tuple[int, int]) -> str | None:
    """"sparse" when a sparsity cue follows the figure ("40 petaflops with sparsity") or, in its
    clause, stands before it ("稀疏算力为 40 PFLOPS"); None for the dense default. Asked only
    for a rate (compute, throughput): "稀疏度达到 97.9%" measures the sparsity itself."""
    after, before = _sparsity_patterns()
    low = lowered(folded)
    if after.match(low, end) or before.search(low, clause[0], start):
        return "sparse"
    return None


@cache
def _sparsity_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a sparsity cue right after a figure, one before it in its clause), on lowered text."""
    after = re.compile(rf"\s*(?:of\s+)?(?:[a-z0-9]+\s+){{0,2}}(?:{alternation(_table()['sparse_after'])})")
    before = re.compile(rf"(?:{alternation(_table()['sparse_before'])})[^\d]{{0,12}}$")
    return after, before


def precision_name(written: str) -> str:
    """A precision as the ledger writes it: "fp8" -> "FP8", "Block FP16", "单精度" -> "FP32"."""
    if written in _precision_words():
        return _precision_words()[written]
    return " ".join(written.upper().replace("BLOCK", "Block").split())
