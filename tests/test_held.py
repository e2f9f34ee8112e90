"""When a figure held: one test per rule of extraction/held.py, and the links to the figure that replaces it."""

from __future__ import annotations

import pytest

from claimledger import extract


def roles(text: str) -> list[tuple[str, str, str | None]]:
    """(figure, role, text of the replacing figure) for each claim of `text`."""
    claims = extract(text)
    by_start = {claim.start: claim.text for claim in claims}
    return [(claim.text, claim.role, by_start.get(claim.replaced_by)) for claim in claims]


@pytest.mark.parametrize(("text", "expected"), [
    ("The Kite K2 has 96 GB of memory, not 80 GB.", [("96 GB", "current", None), ("80 GB", "negated", "96 GB")]),
    ("Kite K2 的功耗为 250 W，而不是 300 W。", [("250 W", "current", None), ("300 W", "negated", "250 W")]),
    ("Kite K2 的带宽是 2 TB/s，并非 1.5 TB/s。", [("2 TB/s", "current", None), ("1.5 TB/s", "negated", "2 TB/s")]),
    # a denial before what was said of the figure earlier
    ("青鸾 Q900 的显存为 144GB，而非此前传闻的 128GB。", [("144GB", "current", None), ("128GB", "negated", "144GB")]),
])
def test_rule_1_a_denied_figure_is_negated(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text", [
    "The Kite K2 is not only 4x faster, it is cheaper too.",
    "The Kite K2 draws not more than 300 W.",
])
def test_rule_1_a_hedge_with_not_is_no_denial(text):
    assert {role for _, role, _ in roles(text)} == {"current"}


@pytest.mark.parametrize(("text", "expected"), [
    ("We previously reported 4,096 GPUs; the Kite cluster has 4,608 GPUs.",
     [("4,096 GPUs", "corrected", "4,608 GPUs"), ("4,608 GPUs", "current", None)]),
    ("此前误报的 64 GB 应为 72 GB。", [("64 GB", "corrected", "72 GB"), ("72 GB", "current", None)]),
    ("The 40 kW figure was incorrect, the Kite rack draws 44 kW.",
     [("40 kW", "corrected", "44 kW"), ("44 kW", "current", None)]),
    # the post's earlier text, a few words before the figure it got wrong
    ("An earlier version of this article said the Kite rack drew 40 kW; it draws 44 kW.",
     [("40 kW", "corrected", "44 kW"), ("44 kW", "current", None)]),
    ("本文此前版本称该机柜功耗为 40 kW，实际为 44 kW。", [("40 kW", "corrected", "44 kW"), ("44 kW", "current", None)]),
])
def test_rule_2_a_figure_the_post_had_wrong_is_corrected(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("此前有报道称天穹集群规模为 1 万卡，实际为 8,192 卡。", [("1 万卡", "corrected", "8,192 卡"), ("8,192 卡", "current", None)]),
    ("Reports put the Kite cluster at 10,000 GPUs, but in fact it has 8,192 GPUs.",
     [("10,000 GPUs", "corrected", "8,192 GPUs"), ("8,192 GPUs", "current", None)]),
])
def test_rule_2_a_figure_the_next_clause_calls_wrong_is_corrected(text, expected):
    assert roles(text) == expected


def test_rule_3_an_earlier_figure_compared_with_needs_a_current_one():
    # "above the prior forecast of" with no figure of its kind beside it: nothing replaces it
    assert roles("Revenue came in above the prior forecast of $2 billion.") == [("$2 billion", "current", None)]


def test_rule_2_the_correction_may_come_in_the_next_sentence():
    assert roles("Correction: we originally reported 12 racks.\nThe hall holds 14 racks.") == [
        ("12 racks", "corrected", None), ("14 racks", "current", None)]
    assert roles("Correction: we originally reported 12 racks. The hall holds 14 racks.") == [
        ("12 racks", "corrected", "14 racks"), ("14 racks", "current", None)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Latency fell to 8 ms, down from 11 ms.", [("8 ms", "current", None), ("11 ms", "previous", "8 ms")]),
    ("The team raised throughput to 1,200 tokens/s, up from 900 tokens/s.",
     [("1,200 tokens/s", "current", None), ("900 tokens/s", "previous", "1,200 tokens/s")]),
    ("The team cut the Kite K2's idle power from 90 W, its launch figure.", [("90 W", "previous", None)]),
    ("带宽由 3.2 TB/s 提升至 4 TB/s。", [("3.2 TB/s", "previous", "4 TB/s"), ("4 TB/s", "current", None)]),
    ("功耗较此前公布的 700 W 降至 650 W。", [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    # what the new figure replaces
    ("The Kite rack now draws 44 kW, which replaces the 40 kW quoted at launch.",
     [("44 kW", "current", None), ("40 kW", "previous", "44 kW")]),
    ("新的 650 W 取代此前的 700 W。", [("650 W", "current", None), ("700 W", "previous", "650 W")]),
    # a period ending in 的 after 由, an adverb before the change verb
    ("日均调用量已由今年五月的 1200 亿次增长至 1.3 万亿次。",
     [("1200 亿次", "previous", "1.3 万亿次"), ("1.3 万亿次", "current", None)]),
    ("星图的份额为 49.2%，较 2024 年的 46.4% 进一步提升。",
     [("49.2%", "current", None), ("46.4%", "previous", "49.2%")]),
    # how many periods back ("three months earlier")
    ("Kite's backlog stood at $55.6 billion, compared with $30.1 billion three months earlier.",
     [("$55.6 billion", "current", None), ("$30.1 billion", "previous", "$55.6 billion")]),
    ("The pod ran 1.2 EFLOPS this round versus 0.9 EFLOPS in the previous round.",
     [("1.2 EFLOPS", "current", None), ("0.9 EFLOPS", "previous", "1.2 EFLOPS")]),
    # "from" after a level reached, or after a word for an earlier figure
    ("Kite raised its capex plan to $9 billion from $7.5 billion.",
     [("$9 billion", "current", None), ("$7.5 billion", "previous", "$9 billion")]),
    ("Kite now plans capex of $9 billion, up from an earlier forecast of $7.5 billion.",
     [("$9 billion", "current", None), ("$7.5 billion", "previous", "$9 billion")]),
    ("Kite expects capex of $8 billion to $9 billion, updated from its prior guidance of $6 billion to $7 billion.",
     [("$8 billion to $9 billion", "current", None), ("$6 billion to $7 billion", "previous", "$8 billion to $9 billion")]),
    # a comparison word in place of "from", when a current figure of the kind stands beside it
    ("Kite expects revenue of $3.2 billion to $3.4 billion, above the prior forecast of $3.0 billion to $3.3 billion.",
     [("$3.2 billion to $3.4 billion", "current", None), ("$3.0 billion to $3.3 billion", "previous", "$3.2 billion to $3.4 billion")]),
    ("Kite now guides to 42% gross margin, versus its earlier target of 40%.",
     [("42%", "current", None), ("40%", "previous", "42%")]),
    # the old value in brackets after "was"
    ("Kite lifts its revenue outlook to $11.2-11.4B (was: about $10.8B).",
     [("$11.2-11.4B", "current", None), ("about $10.8B", "previous", "$11.2-11.4B")]),
    ("Kite now sees EPS of $2.10-2.14 (was $1.95-1.99).",
     [("$2.10-2.14", "current", None), ("$1.95-1.99", "previous", "$2.10-2.14")]),
    ("一季度营业收入 395 万元，较2024年第一季度的 381 万元增长约 3.57%。",
     [("395 万元", "current", None), ("381 万元", "previous", "395 万元"), ("约 3.57%", "current", None)]),
    # a word for the old value after 从, a bare period word after 较
    ("星图机柜的功率从传统 6 kW 跃升至 30 kW。", [("6 kW", "previous", "30 kW"), ("30 kW", "current", None)]),
    ("飞燕云的净利率为 8.4%，较上季度 9.6% 下降 1.2 个百分点。",
     [("8.4%", "current", None), ("9.6%", "previous", "8.4%"), ("1.2 个百分点", "current", None)]),
    # 较/比 and a period, then the figure of that period in brackets
    ("青鸾科技第三季度净利润为 2.6 亿元，同比2024年第三季度（-1.8 亿元）扭亏为盈。",
     [("2.6 亿元", "current", None), ("-1.8 亿元", "previous", "2.6 亿元")]),
    ("星图毛利率为 41.2%，较上年同期（38.5%）提升 2.7 个百分点。",
     [("41.2%", "current", None), ("38.5%", "previous", "41.2%"), ("2.7 个百分点", "current", None)]),
    # an earlier word and what was done with the figure then, beside the current figure
    ("星图第三季度营收为 48.6 亿元，高于此前指引的 45 亿元。",
     [("48.6 亿元", "current", None), ("45 亿元", "previous", "48.6 亿元")]),
    ("青鸾集群目前有 6,144 卡，超过之前规划的 4,096 卡。",
     [("6,144 卡", "current", None), ("4,096 卡", "previous", "6,144 卡")]),
    # the change itself between the verb and "from": what it grew from is the earlier level
    ("Kite said its cloud unit grew 38% from the $2.4 billion it booked a year earlier.",
     [("38%", "current", None), ("$2.4 billion", "previous", None)]),
    ("Kite's revenue rose 4.5% from $2 billion.", [("4.5%", "current", None), ("$2 billion", "previous", None)]),
])
def test_rule_3_an_earlier_value_is_previous(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Kite previously stated the K2 draws 700 W; it now draws 650 W.",
     [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    ("The Kite K2, which was previously rated at 700 W, now draws 650 W.",
     [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    ("Kite had said the K2 would draw 700 W; the final figure is 650 W.",
     [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    ("Kite initially quoted 700 W for the K2, but the shipping part draws 650 W.",
     [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    ("星河此前宣布 K2 功耗为 700W，现在降至 650W。", [("700W", "previous", "650W"), ("650W", "current", None)]),
    ("此前公布的 700W 功耗现已调整为 650W。", [("700W", "previous", "650W"), ("650W", "current", None)]),
    # an adverb for before and a verb in the past, a range too
    ("The Kite K2 formerly drew 700 W and now draws 650 W.", [("700 W", "previous", "650 W"), ("650 W", "current", None)]),
    ("The Kite K2 link previously operated at 1.6 to 1.8 GHz and now runs at 2.2 GHz.",
     [("1.6 to 1.8 GHz", "previous", "2.2 GHz"), ("2.2 GHz", "current", None)]),
])
def test_rule_3_a_statement_made_earlier_with_a_word_for_now_is_previous(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text", [
    # no word for now: two statements of the time
    "Kite previously said the K2 draws 700 W, and the K3 draws 900 W.",
    # a word for now but no current figure of the kind
    "Kite previously announced the K2 with 700 W and the K3 now ships with 96 GB.",
    # another product's figure replaces nothing
    "Kite previously said the K2 draws 700 W, and the K3 draws 650 W now.",
    # an adverb for before with no word for now
    "The Kite K2 link previously operated at 1.6 to 1.8 GHz and runs at 2.2 GHz in the K3.",
])
def test_rule_3_a_statement_made_earlier_alone_stays_current(text):
    assert {role for _, role, _ in roles(text)} == {"current"}


@pytest.mark.parametrize(("text", "expected"), [
    # a past period's possessive or "once" in the figure's own phrase: past, with or without a current figure
    ("Operating margin reached 38%, well above last year's 31%.", [("38%", "current", None), ("31%", "previous", "38%")]),
    ("The prior quarter's 1.4 million units were a record.", [("1.4 million units", "previous", None)]),
    ("A Kite server once drew 900 W; the K3 server draws 2.4 kW.", [("900 W", "previous", "2.4 kW"), ("2.4 kW", "current", None)]),
    # a year's possessive after a comparison word, beside a current figure of its kind
    ("Kite plans to spend $12 billion, far above 2023's $7 billion.",
     [("$12 billion", "current", None), ("$7 billion", "previous", "$12 billion")]),
    # ... or a quarter's
    ("Kite's revenue climbed to $2.4B, up 9% vs Q1's $2.2B.",
     [("$2.4B", "current", None), ("9%", "current", None), ("$2.2B", "previous", "$2.4B")]),
    ("Kite booked $3.1 billion in sales, compared with the second quarter's $2.8 billion.",
     [("$3.1 billion", "current", None), ("$2.8 billion", "previous", "$3.1 billion")]),
])
def test_rule_3_a_past_period_in_the_figures_own_phrase_is_previous(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text", [
    "The Kite cluster will double in size once it reaches 40 MW.",  # a condition, not a time gone
    "Kite once again shipped 20,000 racks.",
    "Kite spent $7 billion in 2023's build-out.",  # a year's possessive with nothing compared
    "Kite's revenue was $4 billion, well above 2023's.",  # no figure after the possessive
])
def test_rule_3_once_or_a_year_without_a_past_value_stays_current(text):
    assert {role for _, role, _ in roles(text)} == {"current"}


def test_a_past_periods_figure_is_no_forecast():
    """"expects" in an earlier clause does not make the past period's figure a forecast; its own clause's cue does."""
    claims = extract("Kite expects capex of $12 billion this year, against 2023's $7 billion.")
    assert [(claim.text, claim.role, claim.projected) for claim in claims] == [
        ("$12 billion", "current", True), ("$7 billion", "previous", False)]
    claims = extract("Kite expects capex of $12 billion, against 2023's $9 billion forecast.")
    assert [(claim.text, claim.projected) for claim in claims] == [("$12 billion", True), ("$9 billion", True)]


def test_a_previous_figure_naming_no_metric_takes_the_one_replacing_it() -> None:
    claims = extract("Kite now plans capex of $9 billion, up from an earlier forecast of $7.5 billion.")
    assert [claim.metric for claim in claims] == ["investment", "investment"]


def test_rule_3_an_earlier_stated_figure_alone_stays_current():
    """With no current figure beside it, "此前公布的" only says when the figure was given."""
    assert roles("星图此前预计的 45 亿元营收目标仍未调整。") == [("45 亿元", "current", None)]


def test_rule_3_a_past_time_alone_makes_no_previous_figure():
    """With no current figure beside it, "last year" dates a figure; it replaces nothing."""
    assert roles("The Kite cluster used 30 MW last year.") == [("30 MW", "current", None)]


def test_rule_3_a_change_after_a_bare_period_word_is_current():
    """"较上年同期" before a change verb dates the comparison; the change itself is this period's."""
    assert roles("星图营收较上年同期增长 12%。") == [("12%", "current", None)]


def test_rule_3_a_bracket_after_a_compared_product_or_alone_stays_current():
    """Only a period between 较/比 and the bracket makes its figure that period's."""
    assert roles("星图 K3 的功耗比 Kite K2（700 W）更低，仅为 560 W。") == [("700 W", "current", None), ("560 W", "current", None)]
    assert roles("星图营收较上年同期（38.5 亿元）有所增长。") == [("38.5 亿元", "current", None)]


def test_rule_3_a_ratio_against_the_past_is_current():
    assert roles("The Kite K2 is 2x faster than a year earlier.")[0][1] == "current"


@pytest.mark.parametrize("text", [
    "The Kite K3 has 192 GB of memory, up from 96 GB in the previous Kite K2 card.",
    "The Kite K3 serves 900 tokens per second, up from 600 tokens per second on the older Kite K2.",
])
def test_a_predecessor_figure_is_its_own_and_replaced_by_no_figure_of_another_product(text):
    claims = extract(text)
    assert [claim.subject for claim in claims] == ["Kite K3", "Kite K2"]
    assert claims[1].replaced_by is None


def test_a_range_after_from_is_one_current_figure():
    assert [role for _, role, _ in roles("The rack scales from 8 to 72 GPUs.")] == ["current"]


@pytest.mark.parametrize(("text", "expected"), [
    # a bracket after a change gives the value it is measured from
    ("岭峰光电营收达 63.5 亿元，同比增长 41.2%（2024年上半年为 45.0 亿元）。",
     [("63.5 亿元", "current", None), ("41.2%", "current", None), ("45.0 亿元", "previous", "63.5 亿元")]),
    # an earlier forecast, its period and its measure between
    ("预计 2026 年营业收入为 88.0 亿元，高于此前预期的 2026 年的营业收入 80.5 亿元。",
     [("88.0 亿元", "current", None), ("80.5 亿元", "previous", "88.0 亿元")]),
])
def test_rule_3_a_base_in_brackets_and_an_earlier_forecast_of_a_measure_are_previous(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a bracket opening with a year earlier than the one the level is for: that year's value, no forecast
    ("预计 2026 年星桥液冷机柜出货将突破 9 万台（2025 年 4-5 万台），增速仍高。", [("current", True), ("previous", False)]),
    # a later year in the bracket is another forecast, not an earlier value
    ("预计 2026 年液冷市场规模将达 300 亿元（2030 年 900 亿元）。", [("current", True), ("current", True)]),
])
def test_rule_3_an_earlier_year_in_brackets_after_a_level_is_previous(text, expected):
    assert [(claim.role, claim.projected) for claim in extract(text)] == expected


def test_rule_3_a_bracket_without_a_period_is_no_base():
    assert [role for _, role, _ in roles("星桥营收 12 亿元，同比增长 20%（创历史新高为 12 亿元）。")][:2] == ["current", "current"]

