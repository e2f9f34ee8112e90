"""Number recognition in English and Chinese: hand-written cases and property tests."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimledger.extraction.numbers import PERCENTAGE_POINTS, NumberMatch, find_numbers, parse_number

# (text, [(matched text, value or (low, high), percent, multiplier), ...])
ENGLISH = [
    ("16,635 tokens per second per GPU", [("16,635", 16635, False, False)]),
    ("a 1,024-GPU cluster", [("1,024", 1024, False, False)]),
    ("latency fell to 0.75 ms", [("0.75", 0.75, False, False)]),
    ("revenue of $3.5 billion", [("3.5 billion", 3.5e9, False, False)]),
    # a scale word hyphenated onto its number, as in a compound adjective
    ("a $10-billion deal", [("10-billion", 1e10, False, False)]),
    ("a 70-billion-parameter model", [("70-billion", 7e10, False, False)]),
    ("a 1.8-trillion-parameter model", [("1.8-trillion", 1.8e12, False, False)]),
    ("1.2M users", [("1.2M", 1.2e6, False, False)]),
    ("128K context", [("128K", 128_000, False, False)]),
    ("a 3B model", [("3B", 3e9, False, False)]),
    ("2T tokens", [("2T", 2e12, False, False)]),
    ("£5bn deal", [("5bn", 5e9, False, False)]),
    ("10 thousand runs", [("10 thousand", 10_000, False, False)]),
    ("2 trillion parameters", [("2 trillion", 2e12, False, False)]),
    ("up 20%", [("20%", 20, True, False)]),
    ("up 20 percent", [("20 percent", 20, True, False)]),
    ("down 3.5 per cent", [("3.5 per cent", 3.5, True, False)]),
    ("a -5% change", [("-5%", -5, True, False)]),
    ("+12% year over year", [("+12%", 12, True, False)]),
    ("10x faster", [("10x", 10, False, True)]),
    ("10× faster", [("10×", 10, False, True)]),
    ("a 10-fold gain", [("10-fold", 10, False, True)]),
    ("a tenfold gain", [("tenfold", 10, False, True)]),
    ("ten times faster", [("ten times", 10, False, True)]),
    ("4 times the previous generation", [("4 times", 4, False, True)]),
    ("an order of magnitude faster", [("an order of magnitude", 10, False, True)]),
    ("twice the bandwidth of GB200", [("twice", 2, False, True)]),
    ("nearly double that of Hopper", [("double", 2, False, True)]),
    ("triple what it was", [("triple", 3, False, True)]),
    ("sales doubled", []),
    ("a double-digit gain", []),
    ("two orders of magnitude", [("two orders of magnitude", 100, False, True)]),
    ("3–5x faster", [("3–5x", (3, 5), False, True)]),
    ("2.5x-3x faster", [("2.5x-3x", (2.5, 3), False, True)]),
    ("from 1.2x to 1.5x", [("1.2x to 1.5x", (1.2, 1.5), False, True)]),
    ("3-5x faster", [("3-5x", (3, 5), False, True)]),
    ("10-20% lower", [("10-20%", (10, 20), True, False)]),
    ("10%-20% lower", [("10%-20%", (10, 20), True, False)]),
    ("3 to 5 days", [("3 to 5", (3, 5), False, False)]),
    ("between 3 and 5 racks", [("3 and 5", (3, 5), False, False)]),
    ("from 3 to 5 racks", [("3 to 5", (3, 5), False, False)]),
    ("3 to 5 million users", [("3 to 5 million", (3e6, 5e6), False, False)]),
    ("$3 billion to $5 billion", [("3 billion to $5 billion", (3e9, 5e9), False, False)]),
    ("two GPUs", [("two", 2, False, False)]),
    ("twenty-five racks", [("twenty-five", 25, False, False)]),
    ("a dozen vendors", [("a dozen", 12, False, False)]),
    ("a hundred nodes", [("a hundred", 100, False, False)]),
    ("one and a half hours", [("one and a half", 1.5, False, False)]),
    ("two hundred and fifty servers", [("two hundred and fifty", 250, False, False)]),
    ("half a million users", [("half a million", 500_000, False, False)]),
    ("half a dozen racks", [("half a dozen", 6, False, False)]),
    ("a million and a half", [("a million and a half", 1_500_000, False, False)]),
    ("five point five", [("five point five", 5.5, False, False)]),
    ("two hundred point zero three", [("two hundred point zero three", 200.03, False, False)]),
    ("minus five degrees", [("minus five", -5, False, False)]),
    ("three fifths", [("three fifths", 0.6, False, False)]),
    ("five and a quarter", [("five and a quarter", 5.25, False, False)]),
    ("13 lakh people", [("13 lakh", 1_300_000, False, False)]),
    ("three lakh crore", [("three lakh crore", 3e12, False, False)]),
    ("3 dozen eggs", [("3 dozen", 36, False, False)]),
    ("10 bln", [("10 bln", 1e10, False, False)]),
    ("4 hundred million people", [("4 hundred million", 4e8, False, False)]),
    ("about 8 B people", [("8 B", 8e9, False, False)]),
    ("four to five thousand people", [("four to five thousand", (4000, 5000), False, False)]),
    ("2000 - 2500 calories", [("2000 - 2500", (2000, 2500), False, False)]),
    ("two thousand and nineteen", [("two thousand and nineteen", 2019, False, False)]),
    ("three to five times faster", [("three to five times", (3, 5), False, True)]),
    ("thousands of tests", [("thousands", (1000, 10_000), False, False)]),
    ("tens of millions of dollars", [("tens of millions", (1e7, 1e8), False, False)]),
    ("１２３ units", [("１２３", 123, False, False)]),
    ("3 GPUs, 4 CPUs", [("3", 3, False, False), ("4", 4, False, False)]),
    ("40 000 units", [("40 000", 40_000, False, False)]),
    ("a £6m bonus", [("6m", 6e6, False, False)]),
    ("35m of its devices", [("35m", 35e6, False, False)]),
    ("a 100m sprint", [("100", 100, False, False)]),
    ("RM79 a month", [("79", 79, False, False)]),
    ("$US113 trillion", [("113 trillion", 1.13e14, False, False)]),
    ("a balance of $-50.8bn", [("-50.8bn", -5.08e10, False, False)]),
    ("minus-5 yards", [("minus-5", -5, False, False)]),
    ("sub-7 nanometer chips", [("7", 7, False, False)]),
    ("between $62 and $68 per share", [("62 and $68", (62, 68), False, False)]),
    ("between 15kHz and 17kHz", [("15kHz and 17", (15, 17), False, False)]),
    ("dropping from 208 pounds to 193", [("208", 208, False, False), ("193", 193, False, False)]),
    ("going from 208 pounds to 193", [("208 pounds to 193", (193, 208), False, False)]),
    ("went from 208 pounds to 193", [("208", 208, False, False), ("193", 193, False, False)]),
    ("went from 0 to 62 mph", [("0 to 62", (0, 62), False, False)]),
    ("increased by $43.6 billion to $419.2 billion", [("43.6 billion", 4.36e10, False, False), ("419.2 billion", 4.192e11, False, False)]),
    ("a third of those screened", [("a third", 1 / 3, False, False)]),
    ("two-thirds of sales", [("two-thirds", 2 / 3, False, False)]),
    ("half the condos", [("half", 0.5, False, False)]),
    ("dozens of people", [("dozens", (12, 120), False, False)]),
    ("2^10 bytes", [("2^10", 1024, False, False)]),
    ("3/4 of the racks", [("3/4", 0.75, False, False)]),
    ("1⁄32 of a quart", [("1⁄32", 1 / 32, False, False)]),
    ("2048 GPUs", [("2048", 2048, False, False)]),
    ("1920 TPS per card", [("1920", 1920, False, False)]),  # a year-like number before a unit
    ("2040 TFLOPS", [("2040", 2040, False, False)]),
    ("$2019 per seat", [("2019", 2019, False, False)]),
    ("MacBook Pro 16 inch", [("16", 16, False, False)]),
]

ENGLISH_NOT_NUMBERS = [
    "GB200 NVL72",
    "H100 and B200",
    "GPT-OSS-120B",
    "Qwen3-235B",
    "A100-80GB",
    "Qwen3-VL",
    "ConnectX-9 and BlueField-4",
    "MLPerf v6.1",
    "DeepSeek R1",
    "COVID-19",
    "September 16",
    "Sept. 16, 2025",
    "on 16 September 2025",
    "2025-07-23",
    "07/23/2025",
    "Q3 2025",
    "FY2026",
    "at 10:30",
    "at 5 p.m.",
    "in 2025",
    "since 2019",
    "the 1990s",
    "2024-2025",
    "the second quarter",
    "a third quarter",
    "the third time",
    "the 2nd place",
    "21st century",
    "https://example.com/v2/item/42",
    "mail ops42@example.org",
    "call (555) 123-4567",
    "call +1 555 123 4567",
    "call 400-820-8820",
    "issue #42",
    "agent 007",
    "version 3.1.2",
    "no one came",
    "the 1988 film",
    "Digital Economy Act 2017",
    "2018s best sector",
    "the S&P 500 fell",
    "iPhone 11 Pro",
    "Channel 5s coverage",
    "told BBC One.",
    "in 2019 - 2020",
    "Game 7 went long",
    "NVLink 6 and Llama 3.1",
    "Rubin GPU、NVLink 6 Switch",
    "postcode M21 9AB8",
    "49 Zorro Ranch Road",
    "9 E 71st St",
    "a production-four-door car",
    "trading at 10.45pm",
    "trillion",
    "hundred",
]

CHINESE = [
    ("集群有 2048 张卡", [("2048", 2048, False, False)]),  # a year-like number before a classifier
    ("最高达 GB200 NVL72 的 10 倍", [("10 倍", 10, False, True)]),
    ("提升十倍", [("十倍", 10, False, True)]),
    ("两倍", [("两倍", 2, False, True)]),
    ("两到三倍", [("两到三倍", (2, 3), False, True)]),
    ("成本降低 30%~50%", [("30%~50%", (30, 50), True, False)]),
    ("功耗降低四成", [("四成", 40, True, False)]),
    ("十", [("十", 10, False, False)]),
    ("两百", [("两百", 200, False, False)]),
    ("二十三", [("二十三", 23, False, False)]),
    ("一千零五", [("一千零五", 1005, False, False)]),
    ("两千四百五", [("两千四百五", 2450, False, False)]),
    ("一万三", [("一万三", 13_000, False, False)]),
    ("五亿零六", [("五亿零六", 500_000_006, False, False)]),
    ("四万亿", [("四万亿", 4e12, False, False)]),
    ("一亿三千万", [("一亿三千万", 1.3e8, False, False)]),
    ("负三十二", [("负三十二", -32, False, False)]),
    ("壹佰伍拾", [("壹佰伍拾", 150, False, False)]),
    ("十五点七", [("十五点七", 15.7, False, False)]),
    ("三点五万", [("三点五万", 35_000, False, False)]),
    ("1.5万", [("1.5万", 15_000, False, False)]),
    ("1.5 万张 GPU", [("1.5 万", 15_000, False, False)]),
    ("36.57亿元", [("36.57亿", 3.657e9, False, False)]),
    ("10 万亿", [("10 万亿", 1e13, False, False)]),
    ("5万4千6百", [("5万4千6百", 54_600, False, False)]),
    ("3千万", [("3千万", 3e7, False, False)]),
    ("十余万人", [("十余万", 100_000, False, False)]),
    ("百分之二十", [("百分之二十", 20, True, False)]),
    ("百分之 20", [("百分之 20", 20, True, False)]),
    ("百分之五点五", [("百分之五点五", 5.5, True, False)]),
    ("千分之一", [("千分之一", 0.1, True, False)]),
    ("五分之一", [("五分之一", 0.2, False, False)]),
    ("三成", [("三成", 30, True, False)]),
    ("七成六", [("七成六", 76, True, False)]),
    ("一个数量级", [("一个数量级", 10, False, True)]),
    ("两个数量级", [("两个数量级", 100, False, True)]),
    ("吞吐翻了一番", [("翻了一番", 2, False, True)]),
    ("营收翻两番", [("翻两番", 4, False, True)]),
    ("产能翻倍", [("翻倍", 2, False, True)]),
    ("增长 20%", [("20%", 20, True, False)]),
    ("增长２０％", [("２０％", 20, True, False)]),
    ("３，５００ 台", [("３，５００", 3500, False, False)]),
    ("3 至 5 倍", [("3 至 5 倍", (3, 5), False, True)]),
    ("3～5 倍", [("3～5 倍", (3, 5), False, True)]),
    ("三到五", [("三到五", (3, 5), False, False)]),
    ("10%-20%", [("10%-20%", (10, 20), True, False)]),
    ("1.5万至2万", [("1.5万至2万", (15_000, 20_000), False, False)]),
    ("72 颗 GPU 和 36 颗 CPU", [("72", 72, False, False), ("36", 36, False, False)]),
    ("80,000 与 800,000 TPS/MW", [("80,000", 80_000, False, False), ("800,000", 800_000, False, False)]),
    ("这是五那是四", [("五", 5, False, False), ("四", 4, False, False)]),
    ("一打", [("一打", 12, False, False)]),
    ("五十打", [("五十打", 600, False, False)]),
    ("万分之三", [("万分之三", 0.03, True, False)]),
    ("百分之百", [("百分之百", 100, True, False)]),
    ("百分之15K", [("百分之15K", 15_000, True, False)]),
    ("打对折", [("对折", 50, True, False)]),
    ("八五折", [("八五折", 85, True, False)]),
    ("三成半", [("三成半", 35, True, False)]),
    ("两百点两", [("两百", 200, False, False), ("两", 2, False, False)]),
    ("三到五万", [("三到五万", (30_000, 50_000), False, False)]),
    ("负3.5", [("负3.5", -3.5, False, False)]),
    ("３分之1", [("３分之1", 1 / 3, False, False)]),
    ("十 余 万", [("十 余 万", 100_000, False, False)]),
    ("12千米", [("12", 12, False, False)]),
    ("五十兆字节", [("五十", 50, False, False)]),
    ("2 千瓦", [("2", 2, False, False)]),
    ("超过一半的用户", [("一半", 0.5, False, False)]),
    ("数十亿美元", [("数十亿", (1e9, 1e10), False, False)]),
    ("几十万人", [("几十万", (1e5, 1e6), False, False)]),
]

CHINESE_NOT_NUMBERS = [
    "2025 款",
    "较星河1.5 pro",  # a model's version and tier
    "星河大模型 2.0 Turbo",
    "星图 (2330-TW)",  # a Taiwan stock code, no terawatts
    "8 月 12 日",
    "2026 年 6 月初",
    "7 月 23 日发布",
    "2025 年",
    "二〇二五年",
    "第二",
    "第二篇",
    "第二代",
    "星期三",
    "第三季度",
    "前3季",  # the first three quarters, a period (Taiwan press)
    "首3季",
    "下午三点半",
    "一切",
    "统一",
    "我家在四川",
    "零组件业务",
    "零部件成本",
    "零售渠道",
    "百度发布",
    "收拾房间",
    "千万不要",
    "京ICP备12345678号",
    "电话 010-12345678",
    "手机 13812345678",
    "010-12345678",
    "二三十个",
    "百分之二三十",
    "对折",
    "十分重要",
    "另一条硬约束",
    "在两者之上",
    "万一",
    "上一代",
    "文心一言",
    "数据中心",
]


def _expected(item: tuple) -> tuple:
    text, value, percent, multiplier = item
    if isinstance(value, tuple):
        return (text, None, float(value[0]), float(value[1]), percent, multiplier)
    return (text, float(value), float(value), float(value), percent, multiplier)


def _found(text: str) -> list[tuple]:
    return [
        (m.text, m.value, m.low, m.high, m.percent, m.multiplier) for m in find_numbers(text)
    ]


@pytest.mark.parametrize(("text", "expected"), ENGLISH + CHINESE)
def test_finds_numbers(text: str, expected: list[tuple]) -> None:
    found = _found(text)
    assert [f[0] for f in found] == [e[0] for e in expected]
    for got, want in zip(found, map(_expected, expected)):
        assert got[1:4] == pytest.approx(want[1:4]) if want[1] is not None else got[1] is None
        assert got[2:4] == pytest.approx(want[2:4])
        assert got[4:] == want[4:]


@pytest.mark.parametrize("text", ENGLISH_NOT_NUMBERS + CHINESE_NOT_NUMBERS)
def test_leaves_out_names_dates_ordinals_and_identifiers(text: str) -> None:
    assert _found(text) == []


def test_a_digit_after_twenty_or_thirty_is_not_read_alone() -> None:
    # 廿 and 卅 (twenty, thirty in Taiwan print) are not read: "廿三" is no 3.
    assert _found("国科会占了廿三ＭＷ，全台有卅六座资料中心。") == []


def test_number_next_to_a_date_is_still_found() -> None:
    found = _found("On September 16, 2025, throughput rose 40% in 2025 to 1,200 tokens/s.")
    assert [f[0] for f in found] == ["40%", "1,200"]


def test_chinese_number_next_to_a_date_is_still_found() -> None:
    found = _found("2025 年 8 月 12 日，性能提升 3 倍")
    assert [f[0] for f in found] == ["3 倍"]


def test_lang_en_skips_chinese_numerals_and_zh_skips_words() -> None:
    assert find_numbers("两百 two", lang="en")[0].text == "two"
    assert [m.text for m in find_numbers("两百 two", lang="zh")] == ["两百"]


def test_offsets_slice_the_original_text() -> None:
    text = "吞吐量达到１２，３４５ tokens，提升２．５倍"
    for match in find_numbers(text):
        assert text[match.start : match.end] == match.text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.2万", 12_000),
        ("两百", 200),
        ("a dozen", 12),
        ("3.5 billion", 3.5e9),
        ("１２３", 123),
        (" 42 ", 42),
        ("一千零五", 1005),
        ("twenty-five", 25),
    ],
)
def test_parse_number(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "GPU", "3 and 4", "3-5", "H100", "about 3"])
def test_parse_number_rejects_what_is_not_one_number(text: str) -> None:
    assert parse_number(text) is None


def test_percentage_points_marker() -> None:
    assert PERCENTAGE_POINTS.match(" 个百分点")
    assert PERCENTAGE_POINTS.match(" percentage points")
    assert not PERCENTAGE_POINTS.match(" percent")


@pytest.mark.parametrize("text", ["一" + "亿" * 150_000, "1" + "万" * 300_000, "10^999", "1e99999"])
def test_values_beyond_a_float_are_infinite_not_errors(text: str) -> None:
    assert find_numbers(text)[0].value == float("inf")


def test_match_is_immutable() -> None:
    match = find_numbers("3 GPUs")[0]
    assert isinstance(match, NumberMatch)
    with pytest.raises(AttributeError):
        match.value = 4.0  # type: ignore[misc]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_unicode_input_returns_matches_that_slice_to_their_text(text: str) -> None:
    for match in find_numbers(text):
        assert text[match.start : match.end] == match.text
        assert match.low is None or match.high is None or match.low <= match.high


# Pieces of number expressions, shuffled into nonsense that stresses every rule.
PIECES = [
    *"0123456789,.%x×-–~～/⁄^+ \t倍万亿千百十一二两三四五六七八九零〇点分之成折打负又半余多几个年月日第$£€¥()",
    "million", "billion", "thousand", "hundred", "two", "twenty", "a", "and", "half", "dozen", "third",
    "point", "minus", "between", "from", "to", "by", "percent", "times", "fold", "GB", "H100", "COVID",
    "Q3", "2025", "in", "September", "@", "http://", "数量级", "K", "M", "B", "m", "s",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
@example("0 September0")
def test_number_like_input_gives_consistent_matches(text: str) -> None:
    for match in find_numbers(text):
        assert text[match.start : match.end] == match.text
        assert match.start < match.end
        if match.value is None:
            assert match.low is not None and match.high is not None and match.low <= match.high
        else:
            assert match.low == match.high == match.value or math.isnan(match.value)


# --- numbers written in several pieces -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written", "value"),
    [
        ("She paid 5 thousand 2 hundred and 40 dollars.", "5 thousand 2 hundred and 40", 5240),
        ("About 7 hundred and 12 came.", "7 hundred and 12", 712),
        ("The fund holds 2 billion 300 million.", "2 billion 300 million", 2.3e9),
        ("It cost 4 crore and five hundred.", "4 crore and five hundred", 40_000_500),
        ("The town grew to 2 million and a half.", "2 million and a half", 2.5e6),
        ("fifteen and two thirds", "fifteen and two thirds", 15 + 2 / 3),
        ("two over five", "two over five", 0.4),
        ("7 over 8", "7 over 8", 0.875),
        ("Two out of five adults agree.", "Two out of five", 0.4),
        ("thirty-two fifths", "thirty-two fifths", 6.4),
        ("They sold five dozens.", "five dozens", 60),
        ("It weighs one hundred and three quarters.", "one hundred and three quarters", 100.75),
        ("Sales were four million and two fifths.", "four million and two fifths", 4.4e6),
        ("It took two and three quarters hours.", "two and three quarters", 2.75),
        ("It holds 2 345 678.5 litres.", "2 345 678.5", 2_345_678.5),
    ],
)
def test_numbers_written_in_pieces(text: str, written: str, value: float) -> None:
    match = find_numbers(text)[0]
    assert (match.text, match.value) == (written, pytest.approx(value))


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("It raised $2 million and 30 staff joined.", [2e6, 30]),
        ("They spent $5 over 3 years.", [5, 3]),
        ("Prices rose 4 over 12 months.", [4, 12]),
        ("We add 3 and 4.", [3, 4]),
        ("In 2 quarters and 3 weeks.", [2, 3]),
        ("In 2019 123.45 units left.", [123.45]),
    ],
)
def test_pieces_that_are_separate_numbers_stay_apart(text: str, values: list[float]) -> None:
    assert [m.value for m in find_numbers(text) if m.value is not None] == values


@pytest.mark.parametrize(("text", "value"), [("近万颗", 10000.0), ("逾千家", 1000.0), ("超百亿元", 1e10), ("上万台", 10000.0), ("上千块", 1000.0), ("达到百万卡", 1e6)])
def test_a_bare_chinese_unit_after_nearly_or_over_counts_one(text: str, value: float) -> None:
    assert [n.value for n in find_numbers(text, "zh")] == [value]


@pytest.mark.parametrize("text", ["1.6T光模块开始送样", "800G 光模组量产", "该公司 3.2T 产品明年推出"])
def test_a_speed_glued_to_a_product_word_is_its_generation(text: str) -> None:
    assert find_numbers(text, "zh") == []


def test_a_speed_before_other_words_is_still_a_number() -> None:
    assert [n.value for n in find_numbers("总带宽达 51.2T", "zh")] == [51.2e12]


@pytest.mark.parametrize("text", ["百度发布新品", "超级计算机", "逾期未付", "千万别忘了", "以上千瓦", "排名上升"])
def test_a_bare_chinese_unit_without_the_cue_is_no_number(text: str) -> None:
    assert find_numbers(text, "zh") == []
