"""Chinese market posts: a stock's or an index's bracketed move, a streak of periods, a period ahead, the forecaster
of a figure, a sibling model's clause and a model code listed after its family's."""

from __future__ import annotations

import pytest

from claimledger import extract


def claims(text: str) -> dict[str, tuple]:
    """(subject, metric, baseline, projected, role, claimant) of each figure of `text`, by its text."""
    return {claim.text: (claim.subject, claim.metric, claim.baseline, claim.projected, claim.role, claim.claimant)
            for claim in extract(text)}


@pytest.mark.parametrize(("text", "figure", "subject", "metric"), [
    ("星河科技股价收于58.3元（+1.84%），营收同比增长12%。", "+1.84%", "星河科技", "share price"),
    ("银河电子营收同比增长30%，收盘报66.5元(+2.2%)。", "+2.2%", "银河电子", "share price"),
    ("截至收盘，银河电子报23.10元/股（-0.9%）。", "-0.9%", "银河电子", "share price"),
    # an index's move is about no company of the sentence, nor the revenue it names
    ("星河科技营收同比增长30%，深证成指收于9800点（-1.2%）。", "-1.2%", None, None),
    ("纳斯达克指数收于16000点（+0.7%），星河科技股价报88美元。", "+0.7%", None, None),
])
def test_a_bracketed_move_is_of_the_price_or_index_before_it(text, figure, subject, metric):
    got = claims(text)[figure]
    assert (got[0], got[1], got[2]) == (subject, metric, None)


def test_a_signed_change_after_revenue_stays_the_revenue_s():
    got = claims("银河电子营收9.6亿元（+14.2%），净利润1.3亿元（+8.1%）。")
    assert got["+14.2%"][1] == "revenue" and got["+8.1%"][1] == "net profit"


@pytest.mark.parametrize("text", [
    "星河科技营收连续9个季度增长。",
    "银河电子云业务收入连续四个季度实现两位数增长。",
    "该产品出货量已连续18个月环比上升。",
    "出货量连续第二个季度下滑。",
])
def test_a_streak_is_no_figure(text):
    assert extract(text) == []


@pytest.mark.parametrize(("text", "figure", "projected"), [
    ("银河电子明年营收增长25%。", "25%", True),
    ("星河科技下季度出货量增长10%。", "10%", True),
    ("星河科技明年发布新品，今年营收达到48亿元。", "48亿元", False),
    ("星河科技表示，其海外收入将每年减少6亿元。", "6亿元", True),
])
def test_a_period_ahead_forecasts_its_own_clause(text, figure, projected):
    assert claims(text)[figure][3] is projected


@pytest.mark.parametrize(("text", "figure"), [
    ("1.6T光模块预计明年放量，800G光模块出货量增长35%，营收达到41亿元。", "41亿元"),
    ("天穹950预计明年推出，天穹920今年出货量增长44%，收入达到180亿元。", "44%"),
    ("天穹950预计明年推出，天穹920今年出货量增长44%，收入达到180亿元。", "180亿元"),
])
def test_a_forecast_stops_where_a_sibling_model_opens_a_clause(text, figure):
    assert claims(text)[figure][3] is False


def test_a_year_is_no_sibling_model():
    assert claims("公司2025年预计营收增长20%，公司2026年营收达到50亿元。")["50亿元"][3] is True


@pytest.mark.parametrize(("text", "figure", "claimant"), [
    ("NovaInsight预估,2026年液冷机柜出货量将年增30%。", "30%", "NovaInsight"),
    ("星河科技CFO预测,到2030年,全球智算支出将达3万亿美元。", "3万亿美元", "星河科技"),
    ("银河电子董事长李明坦言,公司在海外每年将少收入20亿元。", "20亿元", "李明"),
    ("此外王芳表示,公司网关业务收入达到9亿元。", "9亿元", "王芳"),
    ("今年网关出货约3万台,明年可望增至5万台,乐观预估甚至上看8万台。", "8万台", None),
])
def test_the_forecaster_is_the_claimant(text, figure, claimant):
    assert claims(text)[figure][5] == claimant


def test_a_market_wide_amount_is_not_the_forecaster_s():
    assert claims("星河科技CFO预测,到2030年,全球智算基础设施支出将达3万亿美元。")["3万亿美元"][0] is None


def test_a_same_period_value_after_an_ascii_comma_is_the_previous_one():
    got = claims("星河科技预计,今年非经常性损益约为2100万元-3300万元,2025年同期为1870.2万元。")
    assert got["1870.2万元"][3:5] == (False, "previous")
    assert got["约为2100万元-3300万元"][3:5] == (True, "current")


@pytest.mark.parametrize(("text", "figures"), [
    ("昇腾910C和910B的算力分别为700TFLOPS和280TFLOPS。", {"700TFLOPS": "昇腾910C", "280TFLOPS": "Ascend 910B"}),
    ("青鸾Q500与Q600的功耗分别为450W和600W。", {"450W": "青鸾Q500", "600W": "青鸾Q600"}),
])
def test_a_bare_code_after_a_family_s_model_is_that_family_s(text, figures):
    got = claims(text)
    assert {figure: got[figure][0] for figure in figures} == figures


@pytest.mark.parametrize(("text", "figure"), [
    ("银河电子净利润预计为5.1亿元-6.4亿元。", "5.1亿元-6.4亿元"),
    ("星河科技营收预计在12亿元到15亿元之间。", "12亿元到15亿元"),
    ("单台售价约80万元至120万元。", "约80万元至120万元"),
])
def test_a_range_with_its_currency_at_both_ends_is_one_figure(text, figure):
    assert list(claims(text)) == [figure]
