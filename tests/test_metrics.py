"""Metric patterns: the one-search gate finds a sentence exactly when one of the patterns would."""

from __future__ import annotations

import re

import pytest

from claimledger.extraction.cues import lowered
from claimledger.extraction.metrics import _openers, _pattern_words, any_metric_pattern, metric_patterns

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
    "The chip is built on a 3nm process.",
    "A 5-nanometer node.",
    "The training process ended.",
    "Its cloud division grew 20%.",
    "Revenue from Orbis's gaming unit rose.",
    "",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_the_gate_finds_a_sentence_exactly_when_a_metric_pattern_without_words_does(sentence):
    unworded = [pattern for (pattern, _), words in zip(metric_patterns(), _pattern_words()) if words is None]
    expected = any(pattern.search(sentence) for pattern in unworded)
    assert (any_metric_pattern().search(sentence) is not None) == expected


@pytest.mark.parametrize("sentence", SENTENCES)
def test_a_pattern_with_words_matches_only_where_one_of_its_words_is(sentence):
    for (pattern, _), words in zip(metric_patterns(), _pattern_words()):
        if words is not None and pattern.search(sentence):
            assert words.search(lowered(sentence)), pattern.pattern


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


TOKEN_PRICES = [
    ("Acme prices the Nova-4 at $3 per million input tokens.", "$3 per million input tokens", "price of input tokens"),
    ("Acme prices the Nova-4 at $15 per million output tokens.", "$15 per million output tokens", "price of output tokens"),
    ("The Nova-4 input price is $2.50 per 1M tokens.", "$2.50 per 1M tokens", "price of input tokens"),
    ("The Nova-4 output price is $10/1M tokens.", "$10/1M tokens", "price of output tokens"),
    ("Cached input for the Nova-4 is billed at $0.08 per MTok.", "$0.08 per MTok", "price of cached input tokens"),
    ("On the Nova-4, cached input costs $0.30 per million tokens.", "$0.30 per million tokens", "price of cached input tokens"),
    ("The Nova-4 API is priced at $0.50 per 1M tokens.", "$0.50 per 1M tokens", "price per token"),
    ("Zeta Lite runs at $1.20/M tokens.", "$1.20/M tokens", "price per token"),
    ("Orion Mini costs $0.02 per 1K tokens.", "$0.02 per 1K tokens", "price per token"),
    ("Orion Mini costs $0.40 per thousand tokens.", "$0.40 per thousand tokens", "price per token"),
    ("星河 M2 输出价格为每百万 token 16 元。", "16 元", "price of output tokens"),
    ("星河 M2 输入价格为 4 元/百万 tokens。", "4 元/百万 tokens", "price of input tokens"),
    ("星河 M2 每百万 tokens 输入 2 元。", "2 元", "price of input tokens"),
    ("星河 M2 缓存命中每百万 tokens 0.5 元。", "0.5 元", "price of cached input tokens"),
    ("星河 Lite 每千 tokens 0.008 元。", "0.008 元", "price per token"),
    ("星河 M2 每百万 tokens 输入 2 元，输出 8 元。", "8 元", "price of output tokens"),
    ("星河 M2 输出价格下降 50%。", "50%", "price of output tokens"),
    # Tokens counted or per second are no price, whatever price word is beside them.
    ("Orion-2 reads 5,000 input tokens per second.", "5,000 input tokens per second", "tokens per second"),
    ("The Nova-4 takes 128K input tokens.", "128K input tokens", "tokens"),
    ("星河 M2 单次可输出 8,000 个 token。", "8,000 个 token", "tokens"),
]


@pytest.mark.parametrize(("sentence", "written", "metric"), TOKEN_PRICES)
def test_token_prices_are_priced_by_the_tokens_priced(sentence: str, written: str, metric: str) -> None:
    from claimledger.extraction import extract

    claims = {claim.text: claim.metric for claim in extract(sentence)}
    assert claims[written] == metric


EARNINGS = [
    # A profit not said to be of a kind, and each kind its own concept.
    ("Orbis reported profits of $3 billion in the quarter.", "$3 billion", "profit"),
    ("Orbis said operating income reached $2 billion.", "$2 billion", "operating profit"),
    ("Orbis posted a gross profit of $5 billion.", "$5 billion", "gross profit"),
    ("Orbis posted a net profit of $1 billion.", "$1 billion", "net profit"),
    # A segment that grows names its revenue, however it is capitalised.
    ("Orbis said its data center unit grew 40% to $3.5 billion.", "40%", "data center revenue"),
    ("Orbis said its data center unit grew 40% to $3.5 billion.", "$3.5 billion", "data center revenue"),
    ("The Data Center Group rose 6 percent to $4.2 billion.", "$4.2 billion", "data center revenue"),
    ("Its gaming segment fell 10% to $1.2 billion.", "10%", "gaming revenue"),
    ("Revenue from Orbis's data centre business, which sells servers, grew 15% to $2.5 billion.", "$2.5 billion",
     "data center revenue"),
    # A Chinese segment's revenue is not the company's either.
    ("星图营收 19.7 亿元，公有云服务收入 13.54 亿元，AI 业务收入 5.25 亿元。", "19.7 亿元", "revenue"),
    ("星图营收 19.7 亿元，公有云服务收入 13.54 亿元，AI 业务收入 5.25 亿元。", "13.54 亿元", "cloud revenue"),
    ("星图营收 19.7 亿元，公有云服务收入 13.54 亿元，AI 业务收入 5.25 亿元。", "5.25 亿元", "AI revenue"),
    ("星图营收 15.8 亿美元，同比增长 17%，数据中心业务同比增长 23%。", "23%", "data center revenue"),
    ("星图的云业务同比增长 30%。", "30%", "cloud revenue"),
    ("星图营收15.8亿美元，数据中心业务同比增长23%。", "23%", "data center revenue"),  # the figure glued on
    ("分项业务：①游戏业务：实现营收 15.7 亿美元；②汽车业务：季度营收 2.5 亿美元。", "15.7 亿美元", "gaming revenue"),
    ("分项业务：①游戏业务：实现营收 15.7 亿美元；②汽车业务：季度营收 2.5 亿美元。", "2.5 亿美元", "automotive revenue"),
    # A segment that does anything else names no revenue.
    ("Its data center unit deployed 10,000 GPUs.", "10,000 GPUs", "GPUs"),
    # Taiwan and Hong Kong earnings words: each profit, margin and per-share figure its own concept,
    # and a margin or a per-share figure never the profit its words begin with.
    ("星圖第二季毛利820億元，營業利益410億元，稅後淨利305億元。", "820億元", "gross profit"),
    ("星圖第二季毛利820億元，營業利益410億元，稅後淨利305億元。", "410億元", "operating profit"),
    ("星圖第二季毛利820億元，營業利益410億元，稅後淨利305億元。", "305億元", "net profit"),
    ("星圖第二季稅後獲利218億元，每股基本純益2.35元。", "218億元", "net profit"),
    ("星圖第二季稅後獲利218億元，每股基本純益2.35元。", "2.35元", "earnings per share"),
    ("星圖第二季毛利率6.8%，營益率3.1%，淨利率2.6%。", "6.8%", "gross margin"),
    ("星圖第二季毛利率6.8%，營益率3.1%，淨利率2.6%。", "3.1%", "operating margin"),
    ("星圖第二季毛利率6.8%，營益率3.1%，淨利率2.6%。", "2.6%", "net margin"),
    ("星河次季經調整溢利錄得96.5億元。", "96.5億元", "profit"),
    ("星河當季研發投入增至48.2億元，資本開支增至77億元。", "48.2億元", "R&D spending"),
    ("星河當季研發投入增至48.2億元，資本開支增至77億元。", "77億元", "investment"),
]


@pytest.mark.parametrize(("sentence", "written", "metric"), EARNINGS)
def test_earnings_figures_name_their_profit_or_segment_revenue(sentence: str, written: str, metric: str) -> None:
    from claimledger.extraction import extract

    claims = {claim.text: claim.metric for claim in extract(sentence)}
    assert claims[written] == metric
