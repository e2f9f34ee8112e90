"""Metric patterns: the one-search gate finds a sentence exactly when one of the patterns would."""

from __future__ import annotations

import re

import pytest

from claimledger.extraction.metrics import _openers, any_metric_pattern, metric_patterns

SENTENCES = [
    "Its p99 latency stays under 40 ms.",
    "P95 LATENCY is what the team tracks.",
    "每 MW 每秒 token 数达到 120 万。",
    "每秒每用户 token 数提升到 80。",
    "NVLink 5 带宽为 1.8 TB/s。",
    "The nvlink bandwidth doubles.",
    "A SuperPOD of 256 chips.",
    "Clusters of 1,024 GPUs ran the job.",
    "The pod held 64 chips.",
    "集群规模达到 10 万卡。",
    "Throughput rose 30%.",
    "",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_the_gate_finds_a_sentence_exactly_when_a_metric_pattern_does(sentence):
    expected = any(pattern.search(sentence) for pattern, _ in metric_patterns())
    assert (any_metric_pattern().search(sentence) is not None) == expected


@pytest.mark.parametrize(
    ("pattern", "openers"),
    [
        (r"\b(pod|cluster)s?\s+of", {"p", "c"}),
        (r"[ab]x|c+", {"a", "b", "c"}),
        (r"(?:ab)?c", None),
        (r"[^a]b", None),
        (r"\db", None),
        (r"(?=a)a", None),
        (r"a*", None),
    ],
)
def test_openers_are_the_characters_every_match_begins_with(pattern, openers):
    found = _openers(re._parser.parse(pattern, re.IGNORECASE))
    assert found == (None if openers is None else {ord(char) for char in openers})
