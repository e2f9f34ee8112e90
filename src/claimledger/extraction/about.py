"""What a figure is about: its subject (product, system or organisation), its
metric (what is measured) and its condition (workload or benchmark).

Names come from the gazetteer. The figure's own clause is read first, then the
rest of its sentence, nearest name first; a name already used as the baseline
(for any figure of the sentence) is never the subject. A name that is itself
counted ("2,016 Rubin GPUs", "72 颗 Rubin GPU") is the subject only when the
sentence names nothing else: "The Vera Rubin NVL72 cluster has 2,016 Rubin GPUs"
is about the cluster, and "Stratus will deploy 18,432 Kestrel K3 GPUs" about the
fleet of the organisation opening the sentence. A subject followed by a word for a group of machines
("Hopper cluster", "Hopper 集群") keeps that word: a cluster's goodput is not a
chip's. A part or standard (HBM3E, PCIe 6) is the subject only when no product or
organisation is named. With none of these, a model the figure is measured on is
its subject ("Llama 3.1 405B training time improved 2.8x"), unless it is introduced
as the workload ("running Llama 3.1 405B", "在 Qwen3 上").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.names import Name, condition_modifiers, find_metrics
from claimledger.extraction.units import unit_info
from claimledger.text.scripts import HAN

SUBJECT_KINDS = ("product", "organization")
CONDITION_KINDS = ("model", "benchmark")
# A metric named right after the figure: "1.6 Tb/s of scale-out bandwidth",
# "10x the TPS/MW of ...", "6x more tokens per second than ...", "260 TB/s 的全互联带宽".
METRIC_AFTER = re.compile(
    r"^\s*(?:(?:of|in|for)\s+(?:[\w-]+\s+){0,2}?|(?:the|more|higher|greater|better|lower|less|fewer)\s+|的\s*)?$",
    re.IGNORECASE,
)
# A metric set off right before the figure: "the scale-out bandwidth, 1.6 Tb/s".
METRIC_APPOSITIVE = re.compile(r"\s*[,:，：]\s*$")
# A name right after a number is what is counted: "2,016 Rubin GPUs", "72 颗 Rubin GPU".
COUNTED_BEFORE = re.compile(
    r"[\d一二两三四五六七八九十百千万亿](?:\s*(?:thousand|million|billion|dozen))?\s*[颗张块台个片枚套]?\s*$", re.IGNORECASE
)
# Words for a group of machines that stay with the name before them.
GROUP_AFTER = re.compile(r"\s*(?:clusters?|fleets?|pods?|superpods?|集群|机群|超节点)(?![A-Za-z])", re.IGNORECASE)
METRIC_AFTER_WINDOW = 40
SENTENCE_SUBJECT = re.compile(
    r"(?P<name>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})(?:'s)?\s+(?:today\s+|now\s+|also\s+)?"
    r"(?:said|says|announced|announces|delivered|delivers|reported|reports|posted|posts|achieved|achieves"
    r"|offers|offered|provides|provided|runs|ran|serves|served|reached|reaches|hit|hits|has|had|is|was|will"
    r"|expects|expected|plans|planned|claims|claimed|sets|measured|recorded|ships|shipped|trained|completed"
    r"|quotes|quoted|cites|cited|lists|listed|promises|promised|targets|touts|touted|unveiled|unveils)\b"
)
HAN_SENTENCE_SUBJECT = re.compile(
    # "据公司介绍", "根据报告": a source being cited, not a subject.
    rf"(?!据|根据)(?P<name>[A-Za-z][\w-]*(?:\s+[A-Z][\w-]*){{0,2}}|[{HAN}]{{2,6}}?)\s*(?:方面)?\s*(?:今天|今日|也|已)?"
    r"(?:宣布|公布|表示|称|发布|披露|透露|介绍|强调|指出|给出|回应)"
)
NOT_A_SUBJECT = frozenset(
    "The This That These Those It Its Our We They He She In On At For With By A An All Each "
    "Today Meanwhile Last Next After Since During When While If But And So Overall Still There Here "
    "公司 该公司 我们 他们 报告 博客 文章 数据 官方 媒体 分析师".split()
)
# "260 TB/s 的 all-to-all NVLink 6 互联": the figure belongs to the name after 的.
OF_NAME_AFTER = re.compile(r"\s*的\s*(?:[A-Za-z-]+\s+)?")
PLATFORM_BEFORE = re.compile(
    r"\b(?:on|for|from|using|across|with|by|in|at|running|serving|training|runs|serves)\s+(?:(?:a|an|the|single|one|its|their|each|every|same)\s+)*$"
    r"|(?:在|用|基于|使用|于)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class About:
    """Subject, metric and condition of one figure (None where not found)."""

    subject: str | None
    metric: str | None
    condition: str | None


def describe(
    sentence: str,
    start: int,
    end: int,
    names: Sequence[Name],
    unit_metric: str | None,
    baseline_spans: list[tuple[int, int]],
    relative: bool,
) -> About:
    """Subject, metric and condition of the figure at sentence[start:end].

    Only ratios and percentages borrow a metric from outside their clause
    ("纵轴是每 MW 每秒 token 数：... 接近 10 倍"); a count or a measure names its own.
    """
    clause = clause_bounds(sentence, start, end)
    usable = [name for name in names if not any(_overlaps(name, span) for span in baseline_spans)]
    subject = _nearest(sentence, _not_counted(sentence, usable), SUBJECT_KINDS, start, end, clause, prefer_kind="product")
    if subject is not None and _counted(sentence, subject):
        # "Stratus will deploy 18,432 Kestrel K3 GPUs": the fleet is the deployer's.
        subject_text = _sentence_subject(sentence) or subject.text
    else:
        subject_text = _with_group(sentence, subject, names) if subject else _sentence_subject(sentence)
    if subject_text is None:
        part = _nearest(sentence, usable, ("component",), start, end, clause)
        subject_text = part.text if part else None
    if subject_text is None:
        measured = _nearest(sentence, [n for n in usable if _model_as_subject(sentence, n)], ("model",), start, end, clause)
        if measured is not None:
            subject_text = measured.text
            usable = [name for name in usable if name is not measured]
    condition_name = _nearest(sentence, usable, CONDITION_KINDS, start, end, clause)
    condition = _with_modifiers(sentence, condition_name) if condition_name else None
    metric = unit_metric or _metric(sentence, start, end, clause, relative)
    return About(subject_text, metric, condition)


def _model_as_subject(sentence: str, name: Name) -> bool:
    """A model is what is measured unless it is introduced as the workload ("running Llama", "在 Qwen3 上")."""
    return name.kind == "model" and PLATFORM_BEFORE.search(sentence, max(0, name.start - 40), name.start) is None


def _not_counted(sentence: str, names: Sequence[Name]) -> Sequence[Name]:
    """The names that may be a subject: counted names only when nothing else is named."""
    subjects = [name for name in names if name.kind in SUBJECT_KINDS]
    counted = [name for name in subjects if _counted(sentence, name)]
    if not counted or len(counted) == len(subjects):
        return names
    return [name for name in names if name not in counted]


def _counted(sentence: str, name: Name) -> bool:
    return COUNTED_BEFORE.search(sentence, max(0, name.start - 20), name.start) is not None


def _with_group(sentence: str, name: Name, names: Sequence[Name]) -> str:
    """The subject's text, with a following word for a group of machines ("Hopper 集群").

    A bare model code takes the full name the sentence gives it elsewhere
    ("Each Kestrel K4 ..., and a K4 rack draws 140 kW" -> Kestrel K4).
    """
    group = GROUP_AFTER.match(sentence, name.end)
    text = sentence[name.start:group.end()] if group else name.text
    full = [other.text for other in names if other.text != name.text and other.text.endswith(" " + name.text)]
    return full[0] + text[len(name.text):] if full else text


def _sentence_subject(sentence: str) -> str | None:
    """A name the gazetteer does not know, when it opens the sentence as its
    subject: "Kestrel Silicon today announced ...", "火山引擎公布了 ..."."""
    found = SENTENCE_SUBJECT.match(sentence) or HAN_SENTENCE_SUBJECT.match(sentence)
    if found is None or found.group("name").split()[0] in NOT_A_SUBJECT:
        return None
    return found.group("name")


def _overlaps(name: Name, span: tuple[int, int]) -> bool:
    return name.start < span[1] and span[0] < name.end


def _nearest(
    sentence: str,
    names: Sequence[Name],
    kinds: tuple[str, ...],
    start: int,
    end: int,
    clause: tuple[int, int],
    prefer_kind: str | None = None,
) -> Name | None:
    """The name of `kinds` nearest the figure: in its clause (before it first), then before it, then after."""
    candidates = [name for name in names if name.kind in kinds]
    if not candidates:
        return None
    preferred = [name for name in candidates if name.kind == prefer_kind] if prefer_kind else []
    groups = [preferred, candidates] if preferred else [candidates]
    for group in groups:
        in_clause = [
            n for n in group
            if clause[0] <= n.start and n.end <= end or n.start >= end and n.end <= clause[1] and _introduced(n, sentence, end)
        ]
        if in_clause:
            # A name before the figure is its clause's subject; one after it only introduces a platform.
            return min(in_clause, key=lambda n: (n.start >= end, _distance(n, start, end)))
    for group in groups:
        before = [n for n in group if n.end <= start]
        if before:
            return before[-1]
    after = [n for n in candidates if n.start >= end and n.end <= clause[1]]
    return after[0] if after else None


def _introduced(name: Name, sentence: str, end: int) -> bool:
    """A name after the figure tells what it is about only when introduced as the
    platform ("on a single GB300 NVL72 rack", "using Hopper", "的 NVLink 6"), not
    as a part ("260 TB/s of NVLink bandwidth")."""
    if OF_NAME_AFTER.fullmatch(sentence, end, name.start):
        return True
    return PLATFORM_BEFORE.search(sentence, max(end, name.start - 40), name.start) is not None


def _distance(name: Name, start: int, end: int) -> int:
    if name.end <= start:
        return start - name.end
    if name.start >= end:
        return name.start - end
    return 0


def _with_modifiers(sentence: str, name: Name) -> str:
    """A workload name with the words that qualify it ("GPT-OSS-120B offline")."""
    modifier = condition_modifiers().match(sentence, name.end)
    return sentence[name.start:modifier.end()] if modifier else name.text


def _metric(sentence: str, start: int, end: int, clause: tuple[int, int], relative: bool) -> str | None:
    metrics = find_metrics(sentence)
    if not metrics:
        return None
    for metric in metrics:
        if metric.start >= end and metric.start - end <= METRIC_AFTER_WINDOW:
            if METRIC_AFTER.match(sentence[end:metric.start]):
                return metric.canonical
    in_clause_before = [m for m in metrics if clause[0] <= m.start and m.end <= start]
    if not in_clause_before:
        in_clause_before = [m for m in metrics if m.end <= start and METRIC_APPOSITIVE.fullmatch(sentence, m.end, start)]
    if in_clause_before:
        return in_clause_before[-1].canonical
    before = [m for m in metrics if m.end <= start]
    if before and relative:
        return before[-1].canonical
    in_clause_after = [m for m in metrics if m.start >= end and m.end <= clause[1]]
    return in_clause_after[0].canonical if in_clause_after and relative else None


def unit_metric(kind: str | None, expression: str | None, unit_text: str | None) -> str | None:
    """A compound unit of counted things is itself the metric: as written
    ("tokens per second per GPU", "TPS/MW"), or spelled out when its per-units
    stand before the number ("每 GPU 每秒 6,200 个 token" -> tokens per second per GPU)."""
    if kind != "quantity" or not unit_text or not expression or "/" not in expression:
        return None
    parts = [part.strip("() ") for part in expression.split("/")]
    if unit_info(parts[0]).dimensionality not in ("[token]", "[query]", "[request]"):
        return None
    metrics = find_metrics(unit_text)
    if metrics and metrics[0].start == 0:
        return metrics[0].canonical
    if PER_WRITTEN.search(unit_text):
        return unit_text
    return spelled_out(parts)


PER_WRITTEN = re.compile(r"/|\bper\b|每", re.IGNORECASE)
PLURALS = {"token": "tokens", "query": "queries", "request": "requests"}
UPPER_UNITS = {"gpu": "GPU", "cpu": "CPU", "megawatt": "MW", "kilowatt": "kW", "gigawatt": "GW"}


def spelled_out(parts: list[str]) -> str:
    """"token / gpu / second" as "tokens per second per GPU" (time first, as English writes it)."""
    denominators = sorted(parts[1:], key=lambda part: unit_info(part).dimensionality != "[time]")
    words = [PLURALS.get(parts[0], parts[0])]
    words.extend(f"per {UPPER_UNITS.get(part, part)}" for part in denominators)
    return " ".join(words)
