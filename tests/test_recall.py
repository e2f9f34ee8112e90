"""Every figure of a post, in the phrasing of real news (issue 17, classes 1 to 9).

Sentences written for these tests. Each case names the figure as the claim's
text and its value (a pair for a range); `claims` is claim mode, as `claims
extract` prints it.
"""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.numbers import find_numbers


def claim_of(text: str, written: str):
    found = [claim for claim in extract(text) if claim.text == written]
    assert found, f"{written!r} not among {[claim.text for claim in extract(text)]}"
    return found[0]


def value(claim):
    return claim.value if claim.value is not None else (claim.low, claim.high)


# 1. Bare Chinese magnitudes, 兆 as 10^12, "billion" inside a Chinese sentence.
@pytest.mark.parametrize(
    ("text", "written", "expected"),
    [
        ("平台的日均调用量为 3.5 亿。", "3.5 亿", 3.5e8),
        ("全年交易额已突破 2 万亿。", "突破 2 万亿", 2e12),
        ("该模型拥有 1 万亿总参数。", "1 万亿", 1e12),
        ("其中 320 亿为激活参数。", "320 亿", 3.2e10),
        ("去年的月均用量换算为日均 43兆。", "43兆", 4.3e13),
        ("這家公司的市值達 1.2 兆。", "1.2 兆", 1.2e12),
        ("旗舰模型拥有 355 billion 总参数。", "355 billion", 3.55e11),
        ("全年出货量约 1.5 万。", "约 1.5 万", 1.5e4),
        ("模型参数量是 1T。", "1T", 1e12),
        ("支持 256K 上下文窗口。", "256K", 2.56e5),
        ("The die holds 185 billion.", "185 billion", 1.85e11),
        ("晶体管数量超过700亿。", "超过700亿", 7e10),
    ],
)
def test_bare_magnitudes(text, written, expected):
    assert value(claim_of(text, written)) == pytest.approx(expected)


# 2. Multipliers with 多/余/以上 and in Chinese numerals.
@pytest.mark.parametrize(
    ("text", "written", "expected", "qualifier"),
    [
        ("新架构的推理性能提升了 30 多倍。", "30 多倍", 30, "more_than"),
        ("训练成本降低了 5 余倍。", "5 余倍", 5, "more_than"),
        ("检索速度快了百倍以上。", "百倍", 100, "more_than"),
        ("能效提高两倍以上。", "两倍", 2, "more_than"),
        ("带宽提升二倍。", "二倍", 2, None),
        ("吞吐量是上一代的六倍。", "六倍", 6, None),
        ("延迟缩短到原来的十分之一，吞吐提高上千倍。", "上千倍", 1000, "more_than"),
        ("显存容量增加 3 倍以上。", "3 倍", 3, "more_than"),
        ("這一指標實現了 40 餘倍增長。", "40 餘倍", 40, "more_than"),
        ("The new chip is ten times cheaper.", "ten times", 10, None),
        ("It runs 2.5x faster than before.", "2.5x", 2.5, None),
    ],
)
def test_multipliers(text, written, expected, qualifier):
    claim = claim_of(text, written)
    assert (claim.kind, claim.value, claim.qualifier) == ("ratio", expected, qualifier)


# 3. Counts: unknown counted nouns, a brand between classifier and noun, Chinese numerals, hedged ranges.
@pytest.mark.parametrize(
    ("text", "written", "expected"),
    [
        ("每个机柜有 16 个计算柜和 2 个互联柜。", "16 个计算柜", 16),
        ("每个机柜有 16 个计算柜和 2 个互联柜。", "2 个互联柜", 2),
        ("集群部署了 64 台智算服务器。", "64 台智算服务器", 64),
        ("板卡上有 8 张芯片。", "8 张芯片", 8),
        ("当天完成 3 笔订单。", "3 笔订单", 3),
        ("公司共有 1200 名员工。", "1200 名员工", 1200),
        ("处理器有 32核64线程。", "32核", 32),
        ("它拥有 4 颗昇腾 NPU。", "4 颗昇腾 NPU", 4),
        ("今年发布了四款新品。", "四款新品", 4),
        ("计划部署十万卡集群。", "十万卡", 100000),
        ("至少需要 2 萬至 3 萬張 GPU。", "2 萬至 3 萬張 GPU", (20000, 30000)),
        ("The switch drives 64 ports at 800 Gb/s.", "64 ports", 64),
        ("The rack connects 144 chips.", "144 chips", 144),
        ("The chassis aggregates 16 RDU sockets.", "16 RDU sockets", 16),
        ("It supports 512-port scaling.", "512-port", 512),
    ],
)
def test_counts(text, written, expected):
    claim = claim_of(text, written)
    assert claim.kind == "count" and value(claim) == (pytest.approx(expected) if isinstance(expected, int) else expected)


def test_a_count_of_one_in_words_is_an_article():
    assert extract("这是一台超级计算机。") == []
    assert extract("They built two systems.") == []


# 4. Traditional Chinese: every cue and unit the simplified forms have.
@pytest.mark.parametrize(
    ("text", "written", "expected", "field", "wanted"),
    [
        ("營收環比增長 12%。", "12%", 12, "trend", "up"),
        ("毛利率提升 3 個百分點。", "3 個百分點", 3, "trend", "up"),
        ("出貨量超過 300 萬張。", "超過 300 萬張", 3e6, "qualifier", "more_than"),
        ("融資金額高達 25 億元。", "高達 25 億元", 2.5e9, "qualifier", "up_to"),
        ("約合 3.4 億美元。", "約合 3.4 億美元", 3.4e8, "qualifier", "approximately"),
        ("叢集共有 72 張 GPU。", "72 張 GPU", 72, "unit", "gpu"),
        ("網路共鋪設 1,200 條光纖。", "1,200 條光纖", 1200, "kind", "count"),
        ("機房部署了 40 架機櫃。", "40 架機櫃", 40, "unit", "rack"),
        ("相當於 150 萬臺電腦。", "150 萬臺電腦", 1.5e6, "kind", "count"),
        ("華為推出 2 顆晶片整合的處理器。", "2 顆晶片整合", 2, "kind", "count"),
        ("記憶體頻寬達 768 GB/s。", "768 GB/s", 768, "unit", "gigabyte / second"),
        ("預計明年營收將達 1 兆元。", "1 兆元", 1e12, "projected", True),
    ],
)
def test_traditional_chinese(text, written, expected, field, wanted):
    claim = claim_of(text, written)
    assert claim.value == pytest.approx(expected)
    assert getattr(claim, field) == wanted
    assert text[claim.start:claim.end] == claim.text  # quoted in the post's own characters


# 5. Units: FLOPS every way, bare prefixes, TBps, ≈ as a hedge, a rate named before the figure, 、 lists.
@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("Each card peaks at 98 TFlops.", "98 TFlops", "teraFLOPS"),
        ("The board reaches 49 TFLOPs.", "49 TFLOPs", "teraFLOPS"),
        ("The pod delivers 42.5 exaFLOPS.", "42.5 exaFLOPS", "exaFLOPS"),
        ("The server aggregates 362 FP8 PFLOPs.", "362 FP8 PFLOPs", "petaFLOPS"),
        ("The INT8 peak is 196 TOPS.", "196 TOPS", "teraOPS"),
        ("该中心提供 300P 算力。", "300P", "petaFLOPS"),
        ("建成 5 万P 算力集群。", "5 万P", "petaFLOPS"),
        ("FP8 与 FP4 算力分别达到 1P 和 2P。", "2P", "petaFLOPS"),
        ("The cluster reaches 8E FLOPS.", "8E FLOPS", "exaFLOPS"),
        ("The fabric moves 1.8 TBps per GPU.", "1.8 TBps per GPU", "terabyte / gpu / second"),
        ("The decoder reaches a token rate of 900 per second.", "900 per second", "token / second"),
        ("实测为 20 TPS、35 ms TPOT。", "20 TPS", "token / second"),
        ("实测为 20 TPS、35 ms TPOT。", "35 ms", "millisecond"),
        ("推理达到了 60fps。", "60fps", "frame / second"),
        ("The campus covers 10mi².", "10mi²", "square_mile"),
    ],
)
def test_units(text, written, unit):
    claim = claim_of(text, written)
    assert claim.unit == unit and claim.kind == "quantity"


@pytest.mark.parametrize(
    ("text", "written"),
    [("一般 1 Token ≈ 4 个英文字符。", "≈ 4 个英文字符"), ("The pod is ≈ 42 exaflops.", "≈ 42 exaflops"),
     ("带宽约 ～ 8 TB/s。", "～ 8 TB/s"), ("each pod delivers 42+ exaflops", "42+ exaflops")],
)
def test_hedges_written_as_signs(text, written):
    assert claim_of(text, written).qualifier in ("approximately", "more_than")


# 6. A figure right after a name with digits; N× before an accelerator counts it.
@pytest.mark.parametrize(
    ("text", "written", "expected", "kind"),
    [
        ("ModelX 405B ~16k tokens/s on one rack.", "~16k tokens/s", 16000, "quantity"),
        ("We ran Llama 3.1 405B at 900 tokens/s.", "900 tokens/s", 900, "quantity"),
        ("Qwen3 235B reaches 1,200 tokens/s.", "1,200 tokens/s", 1200, "quantity"),
        ("A node of 8× GB300 delivers 1.4 exaflops.", "8× GB300", 8, "count"),
        ("Each server holds 4x H100.", "4x H100", 4, "count"),
        ("在 DeepSeek R1 671B 上达到 3,800 tokens/s。", "3,800 tokens/s", 3800, "quantity"),
        ("The 70B model runs at 2,100 tokens/s.", "2,100 tokens/s", 2100, "quantity"),
        ("The model has 70B parameters.", "70B parameters", 7e10, "count"),
        ("GLM‑4.5 won 63.2% of the tasks, ahead of GPT‑4.", "63.2%", 63.2, "percent"),
        ("Kestrel K4 2x faster than K3.", "2x", 2, "ratio"),
    ],
)
def test_figures_after_names_with_digits(text, written, expected, kind):
    claim = claim_of(text, written)
    assert (claim.value, claim.kind) == (pytest.approx(expected), kind)


@pytest.mark.parametrize(
    ("text", "digits"),
    [("ModelX 405B ~16k tokens/s.", 405e9), ("We ran Llama 3.1 405B.", 405e9), ("The 405B model is out.", 405e9),
     ("GLM‑4.5 scored well.", 4.5), ("A node of 8× GB300.", 300), ("Mixtral 8x7B is sparse.", 7e9),
     ("The 8B and 70B versions are priced at $0.10 and $0.60.", 7e10)],
)
def test_the_name_keeps_its_digits(text, digits):
    assert all(digits not in (claim.value, claim.low, claim.high) for claim in extract(text, all_quantities=True))


# 7. Words between the number and its noun.
@pytest.mark.parametrize(
    ("text", "written", "counted"),
    [
        ("The package joins 64 interconnected chips.", "64 interconnected chips", "interconnected chips"),
        ("It has 128 active compute units, down from 96.", "128 active compute units", "active compute units"),
        ("It has 128 active compute units, down from 96.", "96", "active compute units"),
        ("The service has 800 million weekly active users.", "800 million weekly active users", "weekly active users"),
        ("It reaches 129 output tokens/second.", "129 output tokens/second", "output tokens/second"),
        ("每个模型各有 100 万免费 Token。", "100 万免费 Token", "免费 Token"),
        ("集成了超过 700 亿个晶体管。", "超过 700 亿个晶体管", "个晶体管"),
        ("它有 72 颗 Rubin GPU。", "72 颗 Rubin GPU", "颗 Rubin GPU"),
        ("The rack holds 72 Rubin GPUs.", "72 Rubin GPUs", "Rubin GPUs"),
        ("Acme shipped 3,000 liquid-cooled racks.", "3,000 liquid-cooled racks", "liquid-cooled racks"),
    ],
)
def test_words_between_the_number_and_its_noun(text, written, counted):
    assert claim_of(text, written).unit_text == counted


# 8. Signs: a dash as a bullet or a separator is no minus.
@pytest.mark.parametrize(
    ("text", "written", "expected"),
    [
        ("运维 -30 天内完成。", "30 天", 30),
        ("部署周期 -2 周。", "2 周", 2),
        ("-72 GPUs per rack", "72 GPUs per rack", 72),
        ("- 8 racks in the first hall", "8 racks", 8),
        ("Highlights: -288 GB of HBM", "288 GB", 288),
        ("Latency -5 ms at peak", "5 ms", 5),
        ("集群规模 -1,024 张 GPU", "1,024 张 GPU", 1024),
        ("The outside air was -5 °C.", "-5 °C", -5),
        ("Revenue fell to -3% growth.", "-3%", -3),
        ("The net change was -12 million dollars.", "-12 million dollars", -1.2e7),
    ],
)
def test_a_dash_is_a_minus_only_where_a_value_can_be_negative(text, written, expected):
    assert claim_of(text, written).value == pytest.approx(expected)


# 9. False hits: citation marks, names with digits, stock codes, generation words, model names.
@pytest.mark.parametrize(
    "text",
    [
        "Each chip peaks at about 4,600 teraflops [57].",
        "The rack draws 120 kW.[3][8][9]",
        "上市首日股价暴涨 425% [4]",
        "双11 当天订单量创新高。",
        "双十一期间流量创新高。",
        "阿里巴巴(09988.HK)今日发布公告。",
        "90后工程师是团队主力。",
        "Mixtral 8x7B is a sparse model.",
        "采用 CoWoS 2.5D 封装技术。",
        "The 3D stack is new.",
        "GLM‑4.5 and GPT‑4 are models.",
        "See [12] and 【5】 for details.",
    ],
)
def test_names_dates_and_marks_are_never_figures(text):
    digits = {"57", "3", "8", "9", "4", "11", "09988", "90", "7", "2.5", "4.5", "12", "5"}
    for claim in extract(text, all_quantities=True):
        assert claim.text.strip("约约 ") not in digits, claim.text
    if "teraflops" in text or "kW" in text or "425%" in text:
        assert len(extract(text)) == 1


def test_the_number_recogniser_and_claim_mode_agree():
    # claims eval reads find_numbers, claims extract reads extract(): the same numbers, the same values.
    for text in ["See [12] for the 4 racks.", "Mixtral 8x7B runs at 500 tokens/s.", "营收达 3.5 亿元，環比增長 12%。",
                 "ModelX 405B ~16k tokens/s.", "采用 2.5D 封装，功耗 700 W。", "双11 当天订单增长 30%。"]:
        numbers = {(n.start, n.end, n.value) for n in find_numbers(text)}
        for claim in extract(text, all_quantities=True):
            start = claim.start + len(claim.text) - len(claim.text.lstrip("~≈约 "))
            assert any(value == claim.value for _, _, value in numbers), (text, claim.text)
            assert any(s <= start < e for s, e, _ in numbers), (text, claim.text)


@pytest.mark.parametrize(
    ("text", "figures"),
    [("Cluster 1 runs 1024 GPUs.", ["1024 GPUs"]), ("Model 3 costs $40,000.", ["$40,000"]),
     ("Rack 2 draws 130 kW.", ["130 kW"]), ("Pod 4 holds the 256 chips.", ["256 chips"])],
)
def test_a_number_after_a_name_before_a_verb_is_part_of_the_name(text, figures):
    assert [claim.text for claim in extract(text)] == figures
