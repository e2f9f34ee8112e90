"""Counts in Chinese numerals: a classifier and a noun make a figure ("四款新品", "三台服务器");
a small count whose classifier runs on into a verb or clause ("两个标注把这", "六颗重新设计的")
is prose, no figure. Written in digits the count stays, its noun cut where the clause starts."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.evaluation import predict_quantities


def claim_texts(sentence: str) -> list[str]:
    return [claim.text for claim in extract(sentence, lang="zh")]


RUN_ON = [
    "图上用两个标注把这一区间圈了出来。",
    "公司目前还有两套专利待批，尚未公开。",
    "工程师对六颗重新设计的封装做了老化测试。",
    "三类未具名客户已经开始试用。",
    "报告用三条曲线把差距画得很清楚。",
    "这两位被访者都提到了延迟问题。",
    "团队让两名实习生正在整理日志。",
    "这四项没公开的测试结果引起了关注。",
    "五个仍在评估的方案各有取舍。",
    "两种尚未量产的封装方式被拿来对比。",
    "三家均未披露金额的客户签了意向书。",
]


@pytest.mark.parametrize("sentence", RUN_ON)
def test_a_small_count_whose_noun_runs_on_into_a_clause_is_no_figure(sentence: str) -> None:
    assert claim_texts(sentence) == []


@pytest.mark.parametrize(("sentence", "written"), [
    ("星图已成长为一家营收接近 240 亿元的公司。", ["接近 240 亿元"]),
    ("星图已成长为一个用户数高达 5 亿的平台。", ["高达 5 亿"]),
])
def test_a_small_count_whose_noun_runs_on_into_a_hedged_figure_is_no_figure(sentence: str, written: list[str]) -> None:
    assert claim_texts(sentence) == written


COUNTS = [
    ("公司本周发布了四款新品。", "四款新品"),
    ("公司推出三款芯片，面向推理市场。", "三款芯片"),
    ("机房里有三台服务器正在运行。", "三台服务器"),
    ("该节点由两颗 GPU 组成。", "两颗 GPU"),
    ("每个机柜装有八块加速卡。", "八块加速卡"),
    ("新平台提供两种封装和三种内存配置。", "两种封装"),
    ("该方案已在五家客户中落地。", "五家客户"),
    ("厂商发布两款昇腾芯片。", "两款昇腾芯片"),
    ("这一代产品新增六个计算单元。", "六个计算单元"),
    ("团队招募了九名工程师。", "九名工程师"),
    ("集群扩容至十万卡规模。", "十万卡"),
]


@pytest.mark.parametrize(("sentence", "written"), COUNTS)
def test_a_count_of_things_in_chinese_numerals_is_a_figure(sentence: str, written: str) -> None:
    assert written in claim_texts(sentence)


DIGITS = [
    ("公司目前有 2 套专利待批。", "2 套专利"),
    ("共有 6 颗重新设计的芯片送样。", "6 颗"),
    ("图上用 2 个标注把峰值标了出来。", "2 个标注"),
    ("另有 3 类未具名客户在试用。", "3 类"),
    ("还有 12 台服务器正在调试。", "12 台服务器"),
]


@pytest.mark.parametrize(("sentence", "written"), DIGITS)
def test_a_count_in_digits_stays_a_figure_with_its_noun_cut_where_the_clause_starts(sentence: str, written: str) -> None:
    assert written in claim_texts(sentence)


@pytest.mark.parametrize("sentence", RUN_ON[:5])
def test_the_number_recogniser_reads_the_same_run_on_count_as_a_bare_number(sentence: str) -> None:
    records = predict_quantities(sentence, "zh")
    assert all(record["unit"] is None for record in records), records


NOT_NAMES = [
    ("公司推出三款芯片。", "三款芯片"),
    ("机房新增两台服务器。", "两台服务器"),
    ("平台搭载四颗处理器。", "四颗处理器"),
    ("这次发布了两款一体机。", "两款一体机"),
    ("实验室部署了六台超节点。", "六台超节点"),
]


@pytest.mark.parametrize(("sentence", "written"), NOT_NAMES)
def test_a_numeral_and_classifier_before_a_kind_word_is_a_count_not_a_name(sentence: str, written: str) -> None:
    claims = [claim for claim in extract(sentence, lang="zh") if claim.text == written]
    assert len(claims) == 1
    assert claims[0].subject is None or not claims[0].subject.startswith(written[:2])
