"""The claim extractor, case by case: units and kinds, qualifiers, trends,
projections, self-reports, baselines, what a figure is about, and non-claims."""

from __future__ import annotations

from typing import Any

import pytest

from claimledger import extract
from claimledger.types import Claim


def only_claim(sentence: str, written: str, lang: str | None = None) -> Claim:
    """The one claim whose text is `written`; offsets checked on the way."""
    claims = extract(sentence, lang=lang)
    for claim in claims:
        assert sentence[claim.start:claim.end] == claim.text
        assert sentence[claim.sentence_start:claim.sentence_end] == claim.sentence
    matching = [claim for claim in claims if claim.text == written]
    assert len(matching) == 1, f"{written!r} not among {[c.text for c in claims]}"
    return matching[0]


def check(sentence: str, written: str, expected: dict[str, Any]) -> None:
    claim = only_claim(sentence, written)
    for field, value in expected.items():
        actual = getattr(claim, field)
        if isinstance(value, float):
            assert actual == pytest.approx(value), field
        else:
            assert actual == value, f"{field}: {actual!r} != {value!r}"


UNITS_AND_KINDS = [
    ("The cluster reached 16,635 tokens per second per GPU.", "16,635 tokens per second per GPU",
     dict(value=16635.0, kind="quantity", unit="token / gpu / second", dimensionality="[token] / [gpu] / [time]")),
    ("Each link carries 1.6 Tb/s of bandwidth.", "1.6 Tb/s", dict(si_value=1.6e12, unit="terabit / second")),
    ("The switch moves 260 TB/s between chips.", "260 TB/s", dict(si_value=2.08e15, dimensionality="[information] / [time]")),
    ("Tail latency fell under load to 900 ns.", "900 ns", dict(si_value=9e-7, unit="nanosecond")),
    ("The new box serves 1,196 queries per second.", "1,196 queries per second", dict(unit="query / second", kind="quantity")),
    ("Our API handles 40,000 requests per second.", "40,000 requests per second", dict(unit="request / second")),
    ("The rack holds 72 GPUs.", "72 GPUs", dict(kind="count", unit="gpu", value=72.0)),
    ("Each tray has 4 CPUs.", "4 CPUs", dict(kind="count", unit="cpu")),
    ("The hall fits 16 racks.", "16 racks", dict(kind="count", unit="rack")),
    ("A pod spans 36 CPUs per rack.", "36 CPUs per rack", dict(kind="count", unit="cpu / rack")),
    ("Peak compute is 20 PFLOPS per chip.", "20 PFLOPS per chip", dict(unit="petaFLOPS", si_value=2e16)),
    ("The system delivers 1.4 EFLOPS of FP4 compute.", "1.4 EFLOPS", dict(si_value=1.4e18)),
    ("One rack draws 132 kW at full load.", "132 kW", dict(unit="kilowatt", si_value=132000.0)),
    ("The campus will add 1.2 GW of capacity.", "1.2 GW", dict(unit="gigawatt", si_value=1.2e9)),
    ("The model costs $2.50 per hour to serve.", "$2.50 per hour", dict(unit="dollar / hour", dimensionality="[usd] / [time]")),
    ("The round raised $1.5 billion.", "$1.5 billion", dict(value=1.5e9, unit="dollar", kind="quantity")),
    ("Training took 3.5 hours on the new cluster.", "3.5 hours", dict(si_value=12600.0)),
    ("The memory holds 288 GB of HBM3e.", "288 GB", dict(si_value=2.304e12)),
    ("Throughput rose to 12,000 tok/s on one node.", "12,000 tok/s", dict(unit="token / second")),
    ("It serves 3,000 TPS per user.", "3,000 TPS per user", dict(unit="token / second")),
    ("Chips are 10x faster.", "10x", dict(kind="ratio", value=10.0, unit=None, dimensionality="dimensionless")),
    ("Inference is 30× faster than before.", "30×", dict(kind="ratio", value=30.0)),
    ("Energy use fell 25-fold.", "25-fold", dict(kind="ratio", value=25.0)),
    ("The new design is an order of magnitude cheaper to run.", "an order of magnitude", dict(kind="ratio", value=10.0)),
    ("Utilisation hit 45%.", "45%", dict(kind="percent", value=45.0, unit="percent", si_value=0.45)),
    ("Gross margin was 75 percent.", "75 percent", dict(kind="percent", value=75.0)),
    ("新集群每秒可处理 2 万个 token。", "2 万个 token", dict(value=20000.0, unit="token / second", kind="quantity")),
    ("星河-4 的生成速度为 260字/秒。", "260字/秒", dict(value=260.0, unit="character / second", kind="quantity")),
    ("单机架配备 72 颗 GPU。", "72 颗 GPU", dict(kind="count", unit="gpu / rack")),
    ("每个节点有 36 颗 CPU。", "36 颗 CPU", dict(kind="count", unit="cpu / node")),
    ("这个集群有 2,048 卡。", "2,048 卡", dict(kind="count", unit="gpu", value=2048.0)),
    ("机房可容纳 40 个机架。", "40 个机架", dict(kind="count", unit="rack")),
    ("端到端延迟只有 200 毫秒。", "200 毫秒", dict(si_value=0.2, unit="millisecond")),
    ("切换时间缩短到 50 纳秒。", "50 纳秒", dict(si_value=5e-8)),
    ("整套训练耗时 36 小时。", "36 小时", dict(si_value=129600.0)),
    ("单机柜功耗达到 120 千瓦。", "120 千瓦", dict(unit="kilowatt / rack", si_value=1.2e5)),
    ("新园区规划容量为 300 兆瓦。", "300 兆瓦", dict(unit="megawatt", si_value=3e8)),
    ("这颗芯片功耗 700 瓦。", "700 瓦", dict(unit="watt", si_value=700.0)),
    ("推理成本降至每百万 token 0.5 美元。", "0.5 美元", dict(unit="dollar / megatoken", si_value=5e-07)),
    ("该轮融资金额为 5 亿元。", "5 亿元", dict(value=5e8, unit="yuan")),
    ("性能提升 3 倍。", "3 倍", dict(kind="ratio", value=3.0)),
    ("成本下降了百分之二十。", "百分之二十", dict(kind="percent", value=20.0)),
    ("能耗降低三成。", "三成", dict(kind="percent", value=30.0)),
    ("吞吐提高了一个数量级。", "一个数量级", dict(kind="ratio", value=10.0)),
    ("带宽达到 1.8 TB/s。", "1.8 TB/s", dict(si_value=1.44e13)),
    ("互联带宽为 800 Gb/s。", "800 Gb/s", dict(si_value=8e11)),
    ("每 GPU 每秒 1,500 个 token。", "1,500 个 token", dict(unit="token / gpu / second", kind="quantity")),
    ("The full-width figure is １２０ GB.", "１２０ GB", dict(value=120.0)),
    # devices spelled out are the devices
    ("The campus will run on 100,000 graphics processing units.", "100,000 graphics processing units", dict(unit="gpu", kind="count")),
    ("The workstation holds 4 graphics cards and 2 central processing units.", "4 graphics cards", dict(unit="gpu")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), UNITS_AND_KINDS)
def test_units_and_kinds(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


QUALIFIERS = [
    ("It delivers up to 30x more throughput.", "up to 30x", "up_to"),
    ("Clusters can scale to as many as 100,000 GPUs.", "as many as 100,000 GPUs", "up_to"),
    ("Boards draw as much as 1,400 W each.", "as much as 1,400 W", "up_to"),
    # Stacked cues: the one nearest the number wins, in both languages.
    ("The fabric holds up to roughly 64,000 GPUs per plane.", "roughly 64,000 GPUs per plane", "approximately"),
    ("该网络最多可容纳约 6.4 万颗 GPU。", "约 6.4 万颗 GPU", "approximately"),
    ("The run used roughly 2,000 GPUs.", "roughly 2,000 GPUs", "approximately"),
    ("Each chip pulls about 1,000 W.", "about 1,000 W", "approximately"),
    ("Latency is around 5 ms.", "around 5 ms", "approximately"),
    ("The job ran approximately 40 hours.", "approximately 40 hours", "approximately"),
    ("The cache is ~128 GB.", "~128 GB", "approximately"),
    ("The site hosts over 20,000 GPUs.", "over 20,000 GPUs", "more_than"),
    ("We served more than 1 billion tokens per day.", "more than 1 billion tokens per day", "more_than"),
    ("The fleet is above 500 racks.", "above 500 racks", "more_than"),
    ("Each node needs at least 8 GPUs.", "at least 8 GPUs", "at_least"),
    ("The upgrade is nearly 4x faster.", "nearly 4x", "nearly"),
    ("Utilisation is almost 90%.", "almost 90%", "nearly"),
    ("Boot time is close to 30 seconds.", "close to 30 seconds", "nearly"),
    ("Startup takes under 2 seconds.", "under 2 seconds", "less_than"),
    ("Jitter stays less than 10 µs.", "less than 10 µs", "less_than"),
    ("Packet loss stays below 1%.", "below 1%", "less_than"),
    ("A tray uses at most 1,800 W.", "at most 1,800 W", "at_most"),
    ("Clusters of 10,000 GPUs or more are supported.", "10,000 GPUs", "more_than"),
    ("吞吐最高 3 倍。", "最高 3 倍", "up_to"),
    ("带宽最高达 900 GB/s。", "最高达 900 GB/s", "up_to"),
    # A verb of providing between the cue and the figure keeps the hedge.
    ("单卡最高可实现 2,400 TPS 的吞吐。", "2,400 TPS", "up_to"),
    ("该集群最多支持 8,192 张加速卡互联。", "8,192 张加速卡", "up_to"),
    ("新平台最高提供 5 倍的训练速度。", "5 倍", "up_to"),
    ("集群规模高达 10 万卡。", "高达 10 万卡", "up_to"),
    ("单芯片功耗约 1,200 瓦。", "约 1,200 瓦", "approximately"),
    ("训练时间大约 3 天。", "大约 3 天", "approximately"),
    ("利用率接近 95%。", "接近 95%", "nearly"),
    ("性能提升近 5 倍。", "近 5 倍", "nearly"),
    ("平台每天处理超过 1 亿次请求。", "超过 1 亿次请求", "more_than"),
    ("机房部署了逾 5 万颗 GPU。", "逾 5 万颗 GPU", "more_than"),
    ("每个集群至少 512 卡。", "至少 512 卡", "at_least"),
    ("故障恢复不到 10 分钟。", "不到 10 分钟", "less_than"),
    ("冷启动时间不足 3 秒。", "不足 3 秒", "less_than"),
    ("集群规模在 1 万卡以上。", "1 万卡", "more_than"),
    ("延迟在 5 毫秒左右。", "5 毫秒", "approximately"),
    ("推理吞吐最高达到 H100 的 4 倍。", "4 倍", "up_to"),
    ("单机柜密度最高提升 20 倍。", "最高提升 20 倍", "up_to"),
    ("新建数据中心的 PUE 不得超过 1.25。", "不得超过 1.25", "at_most"),
    ("日均调用量已突破 30 万亿次。", "突破 30 万亿次", "more_than"),
    # a word that opens with an after-cue hedges nothing: 上下文 is context, not 上下 (about)
    ("星河-4 支持 256K 上下文。", "256K", None),
    # comparison signs before a figure in Chinese text hedge it as they do in English
    ("节点间通信延迟压缩至<2μs。", "<2μs", "less_than"),
    ("星图芯片的功耗≤300W。", "≤300W", "at_most"),
    ("星图芯片的显存带宽≥1.2TB/s。", "≥1.2TB/s", "at_least"),
    ("星图机房的PUE值<1.15。", "<1.15", "less_than"),  # a plain number its metric names across a sign
    ("青鸾集群的训练吞吐>400 PFLOPS。", ">400 PFLOPS", "more_than"),
    ("Throughput is 5 GB/s.", "5 GB/s", None),
    ("The card boasts 200 TOPS on INT8 performance.", "200 TOPS", None),  # the unit, not "tops" after a figure
    ("The board costs $500 tops.", "$500", "at_most"),
    ("Quarterly operating profit tops $9 billion.", "tops $9 billion", "more_than"),  # the verb before a figure
    # a currency written before the number does not break a hedge's link (Taiwan and Hong Kong press)
    ("星河淨利96億元（約新台幣420億元）。", "420億元", "approximately"),
    ("星河營收超過人民幣500億元。", "500億元", "more_than"),    # a plus sign after a figure in Chinese text, as in English ("10+ GPUs")
    ("800G 模块占星图科技出货量的 55%+。", "55%", "more_than"),
]


@pytest.mark.parametrize(("sentence", "written", "qualifier"), QUALIFIERS)
def test_qualifiers(sentence: str, written: str, qualifier: str | None) -> None:
    assert only_claim(sentence, written).qualifier == qualifier


TRENDS = [
    ("Revenue rose 20% in the quarter.", "20%", "up"),
    # raising money is funding, not a rise
    ("Orbis Labs raised approximately $640 million in its latest round.", "approximately $640 million", None),
    ("The chipmaker is raising $2 billion to build a fab.", "$2 billion", None),
    ("Orbis raised its forecast by 15%.", "15%", "up"),
    ("Throughput increased by 35%.", "35%", "up"),
    ("Shipments grew 3x last year.", "3x", "up"),
    ("Costs fell 12%.", "12%", "down"),
    ("Idle power dropped 40%.", "40%", "down"),
    ("Error rates declined 15%.", "15%", "down"),
    ("The update cut latency by 30%.", "30%", "down"),
    ("They reported a 25% increase in goodput.", "25%", "up"),
    ("性能提升 4 倍。", "4 倍", "up"),
    ("营收增长 35%。", "35%", "up"),
    ("能耗下降 20%。", "20%", "down"),
    ("故障率减少 50%。", "50%", "down"),
    ("训练时间缩短了 3 倍。", "3 倍", "down"),
    ("推理成本降低 60%。", "60%", "down"),
    # a noun of change right after the figure, not a verb on to a level
    ("新架构的能效实现 10 倍提升。", "10 倍", "up"),
    ("这一方案带来了 30% 的增长。", "30%", "up"),
    ("改用液冷后能耗实现 15% 的下降。", "15%", "down"),
    ("吞吐从 1,000 tokens/s 提升至 2,000 tokens/s。", "1,000 tokens/s", None),
    ("营收较去年同期的 381 万元增长约 4%。", "381 万元", None),
    ("The chip runs at 2 GHz.", "2 GHz", None),
    ("Shares gave back gains after plummeting 65% last year.", "65%", "down"),
    ("Power draw kept falling by about 8% a year.", "about 8%", "down"),
    ("Job completion time is shrinking 30% per release.", "30%", "down"),
    ("Output kept climbing 12% a quarter.", "12%", "up"),
    ("Bookings are surging 40% on the new racks.", "40%", "up"),
    ("A cutting-edge 3 nm process holds 208 billion transistors.", "208 billion transistors", None),
    # up to six words, then "by", between the verb and the figure
    ("Kite cut the price of its K3 instances by 25%, to $2.99 per GPU-hour.", "25%", "down"),
    ("Kite cut the power draw of its racks by 12%.", "12%", "down"),
    # a sign written right after 同比 or 环比 is the change's
    ("星图营收同比-16.5%。", "-16.5%", "down"),
    ("星图净利润环比+3%。", "+3%", "up"),
]


@pytest.mark.parametrize(("sentence", "written", "trend"), TRENDS)
def test_trends(sentence: str, written: str, trend: str | None) -> None:
    assert only_claim(sentence, written).trend == trend


PROJECTED = [
    ("The company expects 50% growth next year.", "50%", True),
    ("Capacity is projected to reach 2 GW.", "2 GW", True),
    ("The next rack will deliver 3.6 EFLOPS.", "3.6 EFLOPS", True),
    ("It targets 100,000 GPUs per site.", "100,000 GPUs per site", True),
    ("The firm plans to deploy 10,000 racks.", "10,000 racks", True),
    ("预计明年推理成本降低 50%。", "50%", True),
    ("新芯片有望提升 2 倍性能。", "2 倍", True),
    ("公司将部署 5 万卡。", "5 万卡", True),
    ("计划建设 1,000 兆瓦数据中心。", "1,000 兆瓦", True),
    ("The cluster delivers 3.6 EFLOPS today.", "3.6 EFLOPS", False),
    ("利用率将近 90%。", "将近 90%", False),
    # 将 before a number, or after "can", marks what is acted on, not the future
    ("该卡将 2 颗芯片封装在一起，功耗 700W。", "700W", False),
    ("可将 432 个超节点级联成 16 万卡的集群。", "16 万卡", False),
    ("新集群将于明年扩容到 16 万卡。", "16 万卡", True),
    ("星图发布新模型，并将 API 调用价格降至 0.0008 元。", "0.0008 元", False),  # 将 before a measure acts on it
    ("该方案将训练时间缩短 40%。", "40%", False),
    ("此前已将 Kite-Long 价格直降 97%。", "97%", False),  # a Latin name may open the measure acted on
    ("公司将降低成本 30%。", "30%", True),  # 将 before a verb is a future
    ("星图未来三年将投入 300 亿元建设智算中心。", "300 亿元", True),  # a measure word with its amount is a verb
    ("星图将投资约 50 亿元扩建集群。", "约 50 亿元", True),
    ("《星河数据中心发展指引》中称，超大型数据中心平均 PUE 为 1.50。", "1.50", False),  # a cue inside a title
    # a figure its own clause calls the actual one is no forecast of an earlier clause
    ("此前公司曾预计 T9 功耗为 700W，最终定为 750W。", "750W", False),
    ("此前公司曾预计 T9 功耗为 700W，最终定为 750W。", "700W", True),
    ("Kite expected the K3 to draw 700 W; in the end it shipped at 750 W.", "750 W", False),
    ("星图预计明年营收将达 52 亿元，同比增长 20%。", "20%", True),
    # measured against what the market expected, a figure is no forecast
    ("星图一季度营收 19.7 亿元不及市场预期。", "19.7 亿元", False),
    ("星图一季度营收 8 亿元，超预期增长 40%。", "40%", False),
    ("Kite is planning a 250 MW campus in Ohio.", "250 MW", True),
    ("Tessel is preparing to close a round worth nearly $700 million.", "nearly $700 million", True),
    # a forecast a figure is measured against is no forecast of it
    ("Revenue came in above forecasts at $5.7 billion.", "$5.7 billion", False),
    ("Kite beat Wall Street forecasts with $2.1 billion in sales.", "$2.1 billion", False),
    # where a forecast change starts is already reached, unless a forecast is what it started from
    ("Kite expects revenue to grow from $250 million last year to $500 million this year.", "$250 million", False),
    ("Kite expects revenue to grow from $250 million last year to $500 million this year.", "$500 million", True),
    ("Kite now expects $85 billion, up from an earlier forecast of $75 billion.", "$75 billion", True),
    ("星河第三季營收1,210億元，優於市場預估。", "1,210億元", False),
    # Taiwan press: 預估 (estimates) and 可望 (is expected to) look forward
    ("法人預估，星圖今年可望出貨4.2萬台伺服器。", "4.2萬台伺服器", True),
    ("星河明年營收可望達到80億元。", "80億元", True),
    # 上看 (looks to reach) and 上修至 (raised to) are forecasts in the Taiwan press
    ("雲棧全年資本支出上看600億元。", "600億元", True),
    ("星圖全年營收上修至75億元。", "75億元", True),
    # a goal the company is moving toward, or states as its target, is a forecast; one reached is not
    ("星河正朝著今年 80 億元的營收目標邁進。", "80 億元", True),
    ("星河今年的資本支出目標為 150 億元。", "150 億元", True),
    ("星河已實現今年的目標，營收達 90 億元。", "90 億元", False),
    # a semicolon opens a statement of its own: a forecast before it does not reach a figure after it
    ("Orbis plans to pass 900 MW by December; its installed power reached 2.1 GW.", "2.1 GW", False),
    ("Orbis plans to pass 900 MW by December; it will add 300 MW next year.", "300 MW", True),
    # a forecast word judged by an adjective describes the present
    ("Kestrel's outlook remains strong, with an order backlog of $9.4 billion.", "$9.4 billion", False),
    ("Kestrel's guidance is cautious at $2.3 billion.", "$2.3 billion", True),
    # a heading joining results and outlook forecasts nothing: each clause says so for itself
    ("Veltrix业绩与展望：营收7.2亿美元，同比增长31%，预计下季度环比增速约15%。", "7.2亿美元", False),
    ("Veltrix业绩与展望：营收7.2亿美元，同比增长31%，预计下季度环比增速约15%。", "约15%", True),
    ("星河業績與展望：營收9億元。", "9億元", False),
    # a hedge of what may happen reaches only its own clause, or a change of its measure right after
    ("网络拥塞可能会带来15%的性能损失，并且每次故障恢复会耗时20分钟。", "15%", True),
    ("网络拥塞可能会带来15%的性能损失，并且每次故障恢复会耗时20分钟。", "20分钟", False),
    ("星桥营收可能会达到100亿元，同比增长20%。", "20%", True),
    # a past period a forecast change is measured against is its base, not the figure's own period
    ("星桥预计，今年营收较去年同期增长20%。", "20%", True),
    ("星桥预计，今年营收同比去年增长15%。", "15%", True),
    ("星桥预计，去年营收为20亿元。", "20亿元", False),
    # a forecast of one model does not reach a figure of another model of its kind in the next clause
    ("H300芯片预计明年量产，H200芯片出货量同比增长35%。", "35%", False),
    ("H300芯片预计明年量产，出货量有望增长35%。", "35%", True),
    ("H300芯片预计明年量产，H300芯片出货量增长35%。", "35%", True),
]


@pytest.mark.parametrize(("sentence", "written", "projected"), PROJECTED)
def test_projected(sentence: str, written: str, projected: bool) -> None:
    assert only_claim(sentence, written).projected is projected


SELF_REPORTED = [
    ("According to the company, the chip draws 700 W.", "700 W", True),
    ("The vendor measured 40,000 tokens per second on its own platform, the company said.", "40,000 tokens per second", True),
    ("Based on internal testing, latency is 5 ms.", "5 ms", True),
    ("公司称单机架功耗为 120 千瓦。", "120 千瓦", True),
    ("该数据由公司自己发布：延迟为 3 毫秒。", "3 毫秒", True),
    ("The company's own measurements show latency of 45 ms.", "45 ms", True),
    ("Our own benchmarks put the card at 1,500 TFLOPS.", "1,500 TFLOPS", True),
    ("在自有平台上测得每秒 5,000 个 token。", "5,000 个 token", True),
    ("An independent lab measured 700 W.", "700 W", False),
]


@pytest.mark.parametrize(("sentence", "written", "self_reported"), SELF_REPORTED)
def test_self_reported(sentence: str, written: str, self_reported: bool) -> None:
    assert only_claim(sentence, written).self_reported is self_reported


def test_a_self_report_statement_covers_the_whole_document() -> None:
    text = (
        "The new rack serves 50,000 tokens per second per GPU.\n"
        "Idle power is 30 kW.\n"
        "These results come from the company's internal testing."
    )
    claims = extract(text)
    assert [c.text for c in claims] == ["50,000 tokens per second per GPU", "30 kW"]
    assert all(c.self_reported for c in claims)


def test_a_self_report_statement_in_chinese_covers_the_whole_document() -> None:
    text = "新机架每秒生成 5 万个 token。\n这组数据来自厂商自家测试，由公司自己发布。"
    claims = extract(text)
    assert claims and all(c.self_reported for c in claims)


@pytest.mark.parametrize(("text", "claimant"), [
    ("新机架每秒生成 5 万个 token，功耗 120 kW。\n这组数据来自 CoreWeave 在自家平台上的测量，由公司自己发布。", "CoreWeave"),
    ("The new rack serves 50,000 tokens per second.\nIdle power is 30 kW.\nThese are CoreWeave's own measurements.", "CoreWeave"),
    # Two organisations named: whose measurement it is stays unsaid.
    ("The rack serves 50,000 tokens per second.\nCoreWeave and NVIDIA published them from internal testing.", None),
    # No organisation named: the publisher's.
    ("新机架每秒生成 5 万个 token。\n这组数据来自厂商自家测试，由公司自己发布。", None),    # The one organisation named is what the figures are compared with, not their measurer.
    ("新机柜的功率密度为 900kW，官方数据显示其水准对标英伟达 NVL576。", None),
])
def test_the_organisation_a_self_report_statement_names_claims_the_figures(text: str, claimant: str | None) -> None:
    claims = extract(text)
    assert claims and {c.claimant for c in claims} == {claimant}


@pytest.mark.parametrize(("sentence", "written", "claimant"), [
    ("Oracle buried it two paragraphs into the press release: 16,000 tokens per second per GPU.", "16,000 tokens per second per GPU", "Oracle"),
    ("甲骨文的新闻稿写明：单卡每秒 16,000 个 token。", "16,000 个 token", "Oracle"),
    ("AMD's press release puts the MI355X at 20 PFLOPS.", "20 PFLOPS", "AMD"),
    ("英伟达在新闻稿中称 B200 的功耗为 1,000W。", "1,000W", "NVIDIA"),
    # Two organisations named: whose document it is stays unsaid.
    ("Oracle and CoreWeave put 16,000 tokens per second per GPU in the press release.", "16,000 tokens per second per GPU", None),
])
def test_a_figure_from_an_organisations_document_is_its_claim(sentence: str, written: str, claimant: str | None) -> None:
    assert only_claim(sentence, written).claimant == claimant


@pytest.mark.parametrize(("sentence", "written", "claimant"), [
    ("星海研究所日前发布报告称，明年全球 AI 服务器出货量将达到 250 万台。", "250 万台", "星海研究所"),
    ("天河证券在最新报告中表示，云厂商资本开支同比增长 45%。", "45%", "天河证券"),
    ("据远景咨询预测，国内智算市场规模将达到 800 亿元。", "800 亿元", "远景咨询"),
    ("北辰控股表示，第三季度营收为 52 亿元。", "52 亿元", "北辰控股"),
    ("星图科技正式宣布，未来三年将投入 300 亿元建设智算中心。", "300 亿元", "星图科技"),
    ("北辰控股高调宣布，明年资本开支将达 80 亿元。", "80 亿元", "北辰控股"),
    # a date between the agent and its verb
    ("北辰控股昨(9)日表示，第三季度营收为 52 亿元。", "52 亿元", "北辰控股"),
    ("北辰控股 12 日晚间宣布，明年资本开支将达 80 亿元。", "80 亿元", "北辰控股"),
    # an organisation written in Latin letters, opening its clause
    ("Orbis 日前发布报告称，明年全球 AI 服务器出货量将达到 250 万台。", "250 万台", "Orbis"),
    ("Orbis Research 预计，到 2028 年市场规模将达 900 亿美元。", "900 亿美元", "Orbis Research"),
    # a kind word is no one
    ("GPU 预计将占数据中心支出的 60%。", "60%", None),
    ("Kestrel GPU 预计能将游戏性能提升 15 倍。", "15 倍", None),
])
def test_a_chinese_report_names_its_claimant(sentence: str, written: str, claimant: str | None) -> None:
    assert only_claim(sentence, written).claimant == claimant


@pytest.mark.parametrize(("text", "written", "claimant", "projected"), [
    # the sentence after a cited study, naming its year, goes on telling it
    ("据远景咨询最新研究，2027 年全球 AI 服务器出货量将年增 30%。受推理需求拉动，2027 年通用服务器出货量年增 9%。", "9%", "远景咨询", True),
    # not past a paragraph, nor to another year, another organisation's figure or another study's
    ("据远景咨询最新研究，2027 年全球 AI 服务器出货量将年增 30%。\n2027 年通用服务器出货量年增 9%。", "9%", None, False),
    ("据远景咨询最新研究，2027 年全球 AI 服务器出货量将年增 30%。2025 年通用服务器出货量年增 9%。", "9%", None, False),
    ("据远景咨询最新研究，2027 年全球 AI 服务器出货量将年增 30%。北辰控股 2027 年营收增长 9%。", "9%", None, False),
    ("据远景咨询最新研究，2027 年全球 AI 服务器出货量将年增 30%。根据天河证券调查，2027 年通用服务器出货量将年增 9%。", "9%", "天河证券", True),
])
def test_a_cited_study_goes_on_in_the_next_sentence_of_its_year(text: str, written: str, claimant: str | None, projected: bool) -> None:
    claim = only_claim(text, written)
    assert (claim.claimant, claim.projected) == (claimant, projected)


@pytest.mark.parametrize(("text", "claimant"), [
    # "公司" speaking is the one organisation named before, in the paragraph or else in the post
    ("北辰控股发布年报。公司表示，数据中心业务营收增长18%。", "北辰控股"),
    ("北辰控股发布年报。\n\n该公司今日称，数据中心业务营收增长18%。", "北辰控股"),
    # two organisations named before: no one
    ("北辰控股与远景科技签约。公司表示，数据中心业务营收增长18%。", None),
])
def test_the_company_speaking_is_the_one_organisation_named_before(text: str, claimant: str | None) -> None:
    assert only_claim(text, "18%").claimant == claimant


@pytest.mark.parametrize(("text", "claimant"), [
    # "这位分析师" / "该机构" speaking is the one speaker the post named before as such, past a paragraph too
    ("远景证券分析师 Mara Lind 预测，明年全球晶圆产能将增长 8%。\n\n对于存储，这位分析师表示其价格将上涨 18%。", "Mara Lind"),
    ("研究机构星海咨询预计，今年液冷服务器出货量将增长 40%。该机构预计，2027 年其价格将上涨 18%。", "星海咨询"),
    # named as no such speaker before, or as a different kind: no one (never the back-reference itself)
    ("北辰控股营收增长 40%。该机构预计，2027 年其价格将上涨 18%。", None),
    ("一位知情人士透露，订单将增长 40%。该人士称，价格将上涨 18%。", None),
])
def test_a_back_referred_speaker_is_the_one_named_so_before(text: str, claimant: str | None) -> None:
    got = only_claim(text, "18%").claimant
    assert got == claimant or claimant is not None and got is not None and claimant in got


@pytest.mark.parametrize(("sentence", "written", "claimant"), [
    ("According to analysts at Ridgeline Research, the Kite K2 draws 700 W.", "700 W", "Ridgeline Research"),
    ("According to a report by Orbis Research, the Kite K2 draws 700 W.", "700 W", "Orbis Research"),
    ("According to a spokesperson for Kite, the K2 ships 20,000 units a month.", "20,000 units a month", "Kite"),
    ("According to the IEA, data centres used 415 TWh in 2024.", "415 TWh", "IEA"),
    # the people alone name no one: the figure stays the publisher's
    ("According to analysts, the Kite K2 draws 700 W.", "700 W", None),
])
def test_the_agent_after_according_to_may_follow_its_people_or_document(sentence: str, written: str, claimant: str | None) -> None:
    assert only_claim(sentence, written).claimant == claimant


@pytest.mark.parametrize(("sentence", "written", "claimant"), [
    ("The Kite K2 draws 700 W, according to Ridgeline Research.", "700 W", "Ridgeline Research"),
    ("The Kite K2 draws 700 W, according to data from Ridgeline.", "700 W", "Ridgeline"),
    # an abbreviation keeps its stop, and so does a dotted initialism
    ("The Kite K2 draws 700 W, according to Ridgeline Inc.", "700 W", "Ridgeline Inc."),
    ("The Kite K2 draws 700 W, according to Ridgeline U.S.", "700 W", "Ridgeline U.S."),
])
def test_the_agent_ending_a_sentence_leaves_its_full_stop(sentence: str, written: str, claimant: str) -> None:
    assert only_claim(sentence, written).claimant == claimant


def test_yesterday_may_stand_between_the_agent_and_its_verb() -> None:
    found = only_claim("Ridgeline yesterday reported revenue of $4 billion.", "$4 billion")
    assert (found.claimant, found.subject) == ("Ridgeline", "Ridgeline")


def test_the_agent_after_according_to_ends_at_its_latin_letters() -> None:
    assert {claim.claimant for claim in extract("据IDC报告，星图的份额为 49.2%。")} == {"IDC"}


@pytest.mark.parametrize("sentence", [
    "Orbis Labs late Wednesday reported capex of $2.1 billion.",
    "Orbis Labs on Monday said the card reaches 900 TFLOPS.",
])
def test_a_weekday_between_agent_and_verb_is_no_claimant(sentence: str) -> None:
    assert {claim.claimant for claim in extract(sentence)} == {"Orbis Labs"}


def test_a_figure_with_its_own_claimant_keeps_it_under_a_self_report_statement() -> None:
    text = "Orbis Labs says the card reaches 900 TFLOPS.\nThe rack draws 40 kW.\nThese are CoreWeave's own measurements."
    assert [c.claimant for c in extract(text)] == ["Orbis Labs", "CoreWeave"]


@pytest.mark.parametrize("sentence", [
    "负责人解释，简单来说，传统服务器一般为单机 8 卡。",
    "对大多数企业来说，单柜 40 kW 已经够用。",
    "也就是说，新芯片的功耗为 700W。",
    "Needless to say, the rack draws 40 kW.",
    "星河智算中心超 1.5 万 PFLOPS（千万亿次浮点运算/秒，以下简称P），在国内属于大规模。",  # 简称: a short name, no speaker
])
def test_a_phrase_holding_a_speech_verb_quotes_no_one(sentence: str) -> None:
    claims = extract(sentence)
    assert claims and {(claim.claimant, claim.self_reported) for claim in claims} == {(None, False)}


@pytest.mark.parametrize(("sentence", "written"), [
    ("Six months ago the same rack served 20,000 tokens per second.", "Six months"),
    ("Two years later, the cluster drew 150 MW.", "Two years"),
    ("Over the past three years the fleet grew to 40,000 GPUs.", "three years"),
    ("In the next 18 months the vendor will ship 2,000 racks.", "18 months"),
    ("Measured over a 1-week period, the API served 45 tokens per second.", "1-week"),
    ("Kite expects revenue of $32 billion over the following four years.", "four years"),
    # a reporting period named by its end, whatever verb of lasting stands before it
    ("Kite posted revenue of $9.1 billion for the three months ending in May.", "three months"),
    ("Revenue for the six months ended June 30 rose 12% to $4 billion.", "six months"),
    ("过去两个月，我们把推理服务迁到了新机柜，吞吐提升 40%。", "两个月"),
    ("最近两天，新集群的利用率稳定在 90%。", "两天"),
    ("三年前，单卡功耗只有 400W。", "三年"),
    ("未来三年，公司将投入至少 500 亿元建设数据中心。", "三年"),
    ("四个月过去，新模型的日均调用量增长了 10 倍。", "四个月"),
    # the span of a record high
    ("星图云收入同比增长 31%，创五年新高。", "五年"),
    ("飞燕科技营收增长 18%，创四年增速新高。", "四年"),
    # the streak a result held over
    ("星图营收连续两年增长 30%。", "两年"),
])
def test_a_duration_saying_when_is_no_claim(sentence: str, written: str) -> None:
    claims = extract(sentence)
    assert claims and written not in {claim.text for claim in claims}


def test_the_recent_of_a_time_span_is_no_hedge() -> None:
    claims = extract("最近两天，新集群的利用率稳定在 90%。", all_quantities=True)
    assert [(claim.text, claim.qualifier) for claim in claims if claim.unit == "day"] == [("两天", None)]


@pytest.mark.parametrize(("sentence", "written"), [
    ("The job took 20 minutes before the cache warmed up.", "20 minutes"),
    ("The probe has spent the last 200 days in orbit.", "200 days"),
    ("Training finished two weeks earlier than planned.", "two weeks"),
    ("耗时三个月后，新集群完成了验证。", "三个月"),
    ("新集群连续运行 72 小时无故障。", "72 小时"),
])
def test_a_duration_that_lasts_stays_a_claim(sentence: str, written: str) -> None:
    assert written in {claim.text for claim in extract(sentence)}


BASELINES = [
    ("Rubin delivers 10x vs GB200 NVL72.", "10x", "GB200 NVL72"),
    # a dash ends the phrase compared with
    ("It has 9x more wins than every other vendor combined—a record for the round.", "9x", "every other vendor combined"),
    # a workload between the figure and "over"; the maker before the product compared with
    ("The GB200 NVL72 posted 30x higher throughput on Llama 3.1 405B over the Nvidia H200 NVL8 submission.", "30x", "H200 NVL8"),
    ("B200 is 20% faster than H100.", "20%", "H100"),
    ("It offers 4x the previous generation.", "4x", "previous generation"),
    ("The chip is 2.5x faster compared with Hopper.", "2.5x", "Hopper"),
    ("Goodput is 30% higher relative to Blackwell.", "30%", "Blackwell"),
    ("Rubin offers up to 10x the TPS/MW of GB200 NVL72.", "up to 10x", "GB200 NVL72"),
    ("Blackwell gives a 4x speedup over Hopper.", "4x", "Hopper"),
    ("Revenue grew 94% year-over-year.", "94%", "a year earlier"),
    ("Revenue grew 94% YoY.", "94%", "a year earlier"),
    ("Data center sales rose 10% sequentially.", "10%", "previous quarter"),
    # Two changes of one amount in one clause, each named by its own words.
    ("Sales hit $3 billion, a 40% increase from $2.1 billion in the same period a year earlier and a 7% sequential rise.", "40%", "a year earlier"),
    ("Sales hit $3 billion, a 40% increase from $2.1 billion in the same period a year earlier and a 7% sequential rise.", "7%", "previous quarter"),
    ("Compared with H100, the B300 delivers 3x more throughput.", "3x", "H100"),
    ("新架构比 Hopper 快约 5 倍。", "约 5 倍", "Hopper"),
    ("单 token 成本比上一代低 40%。", "40%", "previous generation"),
    ("每瓦性能达到 H100 的 25 倍。", "25 倍", "H100"),
    ("与 GB200 NVL72 相比，推理吞吐提升 3 倍。", "3 倍", "GB200 NVL72"),
    ("相比 Blackwell，带宽提高 2 倍。", "2 倍", "Blackwell"),
    ("推理吞吐较 H100 翻了一番。", "翻了一番", "H100"),
    ("训练速度较 A100 提升 3 倍。", "3 倍", "A100"),
    ("The new rack offers twice the bandwidth of GB200 NVL72.", "twice", "GB200 NVL72"),
    ("营收同比增长 80%。", "80%", "a year earlier"),
    ("出货量环比增长 12%。", "12%", "previous period"),
    ("以 A100 为基线，训练速度提升 6 倍。", "6 倍", "A100"),
    ("The chip draws 700 W.", "700 W", None),
    # A group of the named thing, and a maker's product: the name is the baseline.
    ("The Kite K3 trains the model 12 times faster than a cluster of H100 GPUs.", "12 times", "H100"),
    ("Kite says the K3 is 3x more efficient than Nvidia's Blackwell.", "3x", "Blackwell"),
    # What a Chinese generation word names is the baseline, not the word with it.
    ("星河 S3 的算力较上一代星河 S2 提升 60%。", "60%", "星河 S2"),
    ("星河 S3 的算力较前代产品星河 S2 提升 60%。", "60%", "星河 S2"),
    # A verb of exceeding before the baseline; its maker and an aside in brackets wrap the name.
    # A sentence-level comparison after a colon; a maker and a ranking word before the product.
    ("The claim is bold: against Nvidia's flagship GB300 NVL72 rack, Halcyon delivers 13x the throughput.", "13x", "GB300 NVL72"),
    ("Versus AMD's latest MI355X, the K9 offers 2x the bandwidth.", "2x", "MI355X"),
    ("星河 S300 的推理性能高于 H100 30%。", "30%", "H100"),
    ("星河 S300 的算力效率超过同级别英伟达(NVIDIA) A100 GPU 约 1.5 倍。", "约 1.5 倍", "A100"),
    ("新平台的能效领先上一代产品 2 倍以上。", "2 倍", "previous generation"),
    # a share of a whole is compared with nothing ("占 X 的 N%"), and its hedge still holds
    ("该协议约占昉擎云去年营收的 35%。", "35%", None),
    ("两者合计占全部中断的六成。", "六成", None),
    ("该卡算力相当于 H100 的 80%。", "80%", "H100"),
    # Hong Kong writing: 按年 is year over year, 按季 quarter over quarter
    ("星图上季收入按年升 81%，按季升 34%。", "81%", "a year earlier"),
    ("星图上季收入按年升 81%，按季升 34%。", "34%", "previous quarter"),
    # Taiwan writing: 年增, 季增, 月增; in a list the cue nearest before a figure is its baseline
    ("星河9月營收1,210億元，月增12.5%、年增86%。", "12.5%", "previous month"),
    ("星河9月營收1,210億元，月增12.5%、年增86%。", "86%", "a year earlier"),
    ("星河稅後淨利96億元，季增21%。", "21%", "previous quarter"),
    ("星河營收年成長20%，季成長5%。", "20%", "a year earlier"),
    ("星河營收年成長20%，季成長5%。", "5%", "previous quarter"),
    ("星河營業利益較第二季成長15%。", "15%", "第二季"),  # 成長 (grows) ends the baseline
    ("星图营收同比增长 40%、环比增长 6%。", "6%", "previous period"),
    # a compound annual rate is no change from a year earlier
    ("星图预计该市场复合年增长率达 35%。", "35%", None),
    # before a percentage, an unnamed "X 的" is when or how, no baseline
    ("星图的份额从 2024 年的 46.4% 提升到了今年的 49.2%。", "49.2%", None),
    ("星图的份额从 2024 年的 46.4% 提升到了今年的 49.2%。", "46.4%", None),
    ("营收增幅达到惊人的 430%。", "430%", None),
]


def test_a_hedge_before_a_share_hedges_it() -> None:
    assert only_claim("该协议约占昉擎云去年营收的 35%。", "35%").qualifier == "approximately"


@pytest.mark.parametrize(("sentence", "written", "metric"), [
    ("昉擎云股价当日上涨 12%，收于 86.5 元。", "86.5 元", "share price"),
    ("Kite's share price rose 12% in the session, closing at $86.50.", "$86.50", "share price"),
])
def test_the_close_after_a_change_is_the_level_it_reached(sentence: str, written: str, metric: str) -> None:
    assert only_claim(sentence, written).metric == metric


def test_a_group_word_around_the_baseline_is_no_metric() -> None:
    claim = only_claim("The Kite K3 trains the model 12 times faster than a cluster of H100 GPUs.", "12 times")
    assert claim.metric != "cluster size"


@pytest.mark.parametrize(("sentence", "written", "baseline"), BASELINES)
def test_baselines(sentence: str, written: str, baseline: str | None) -> None:
    assert only_claim(sentence, written).baseline == baseline


ABOUT = [
    ("CoreWeave reported 41,000 tokens per second per GPU running Llama 3.1 405B offline on a GB300 NVL72 rack.",
     "41,000 tokens per second per GPU",
     dict(subject="GB300 NVL72", metric="tokens per second per GPU", condition="Llama 3.1 405B offline")),
    ("On MLPerf Inference v5.1, H200 reached 34,000 tokens per second.", "34,000 tokens per second",
     dict(subject="H200", condition="MLPerf Inference v5.1")),
    ("Hopper reached a goodput of 92%.", "92%", dict(subject="Hopper", metric="goodput")),
    ("Mission Control cut recovery time by 40%.", "40%", dict(subject="Mission Control", trend="down")),
    ("The rack has 1.8 TB/s of memory bandwidth.", "1.8 TB/s", dict(metric="memory bandwidth")),
    ("MFU on Blackwell reached 55%.", "55%", dict(subject="Blackwell", metric="model FLOPs utilization")),
    ("在 DeepSeek R1 上，Vera Rubin NVL72 的每 MW 每秒 token 数是 GB200 NVL72 的 8 倍。", "8 倍",
     dict(subject="Vera Rubin NVL72", baseline="GB200 NVL72", metric="tokens per second per MW", condition="DeepSeek R1")),
    ("Hopper 集群的平均故障间隔延长约 3 倍。", "约 3 倍", dict(subject="Hopper 集群", metric="mean time between failures", trend="up")),
    ("图上 60,000 与 600,000 TPS/MW 两个点是峰值。", "600,000 TPS/MW", dict(metric="tokens per second per MW")),
    ("Blackwell 上的 MFU 最高 60%。", "最高 60%", dict(subject="Blackwell", metric="model FLOPs utilization", qualifier="up_to")),
    ("AMD said MI355X delivers 40% more tokens per dollar.", "40%", dict(subject="MI355X")),
    ("Groq serves Llama 3.3 70B at 1,600 tokens per second.", "1,600 tokens per second",
     dict(subject="Groq", condition="Llama 3.3 70B")),
    ("Kite expects Tessel T900 shipments to grow 60% next year.", "60%", dict(subject="Tessel T900", metric="shipments")),
    ("Kite 预计 K3 明年出货量将增长五成。", "五成", dict(metric="shipments")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), ABOUT)
def test_subject_metric_condition(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


RANGES_AND_SHARED_UNITS = [
    ("Gains of 3–5x are typical.", "3–5x", dict(value=None, low=3.0, high=5.0, kind="ratio")),
    ("Savings of 10-20% are expected.", "10-20%", dict(value=None, low=10.0, high=20.0, kind="percent")),
    ("性能提升 3 至 5 倍。", "3 至 5 倍", dict(low=3.0, high=5.0, kind="ratio")),
    ("图上 80,000 与 800,000 TPS/MW 标出了峰值。", "80,000", dict(unit="token / megawatt / second", unit_text="TPS/MW")),
    ("Options come with 3 and 5 GB of cache.", "3", dict(unit="gigabyte", kind="quantity")),
    ("Margins were 10, 20 and 30% in turn.", "10", dict(kind="percent", unit="percent")),
    ("Boards ship with 96 or 192 GB.", "96", dict(unit="gigabyte")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), RANGES_AND_SHARED_UNITS)
def test_ranges_and_shared_units(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


NOT_CLAIMS = [
    "GB200 NVL72 and H100 are in stock.",
    "We ran GPT-OSS-120B and Llama 3.1 405B.",
    "Qwen3-VL runs on ConnectX-9 with NVLink 6.",
    "Results are from MLPerf v6.1.",
    "DeepSeek R1 is served on BlueField-4 DPUs.",
    "The launch was on September 16.",
    "The launch was on 16 September 2025.",
    "Results for Q3 2025 are due.",
    "In 2025 the company moved.",
    "Call +1 415 555 0100 for details.",
    "Call (415) 555-0100 for details.",
    "See https://example.com/posts/2025/10/gpus-72 for more.",
    "Mail ops42@example.com today.",
    "The meeting starts at 10:30 am.",
    "She finished second in the 3rd round.",
    "It was his 21st launch.",
    "The number sits two paragraphs into the release.",
    "Two different workloads ran on one rack.",
    "Version 2.3.1 fixes the bug.",
    "Upgrade to v4.2 now.",
    "8 月 12 日，公司发布了新品。",
    "2026 年 6 月初，机架完成验证。",
    "这是系列第二篇文章。",
    "第二代引擎已经上线。",
    "七月的博客给出了曲线。",
    "下午 3 点开始直播。",
    "京ICP备12345678号",
    "他们造了一套系统。",
    "这是一台超级计算机。",
    "GPT-4o and Claude 3.5 Sonnet were compared.",
    "The 1990s were different.",
    "Meet us at booth 1234.",
    "Spectrum-6 switches and HGX B300 boards shipped.",
    "我们与 NVIDIA 合作。",
    "The H100 SXM and A100 PCIe ship this week.",
]


@pytest.mark.parametrize("sentence", NOT_CLAIMS)
def test_not_claims(sentence: str) -> None:
    assert extract(sentence) == []


@pytest.mark.parametrize(("sentence", "figures"), [
    ("星图预计下季度营收为 120 亿元（±2%）。", ["120 亿元"]),
    ("Kite guides revenue to $4.2 billion, plus or minus 3%.", ["$4.2 billion"]),
    ("The sensor reads 450 W (+/- 1.5%).", ["450 W"]),
    ("星图下季度营收指引为 95 亿元，上下浮动 2%。", ["95 亿元"]),
    ("雲棧預期毛利率為 41%，正負 0.5 個百分點。", ["41%"]),
])
def test_a_margin_written_with_plus_minus_is_no_claim(sentence: str, figures: list[str]) -> None:
    assert [claim.text for claim in extract(sentence)] == figures


ALL_QUANTITIES = [
    ("He scored 22 goals this season.", "22 goals", dict(kind="count", unit=None, unit_text="goals", value=22.0)),
    ("Tickets cost $6 each.", "$6", dict(unit="dollar", value=6.0)),
    ("Turnout was 19%.", "19%", dict(kind="percent", value=19.0)),
    ("Two people were hurt.", "Two people", dict(value=2.0, unit_text="people")),
    ("The bill passed by 52 votes to 48.", "52 votes", dict(value=52.0)),
    ("The team won 3 of its last 7.", "7", dict(value=7.0)),
    ("The bridge is 40 miles long.", "40 miles", dict(unit="mile")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), ALL_QUANTITIES)
def test_all_quantities_mode(sentence: str, written: str, expected: dict[str, Any]) -> None:
    claims = extract(sentence, all_quantities=True)
    matching = [c for c in claims if c.text == written]
    assert len(matching) == 1, [c.text for c in claims]
    for field, value in expected.items():
        assert getattr(matching[0], field) == value, field


def test_all_quantities_still_leaves_out_dates_and_names() -> None:
    claims = extract("On September 16, GB200 NVL72 sold 72 units in 2025.", all_quantities=True)
    assert [c.text for c in claims] == ["72 units"]


def test_counts_in_words_are_claims_only_with_a_hedge_or_trend() -> None:
    assert extract("We have three customers.") == []
    assert [c.text for c in extract("We have more than three customers.")] == ["more than three customers"]


def test_counts_in_digits_are_claims() -> None:
    assert [c.text for c in extract("We have 300 customers.")] == ["300 customers"]


def test_language_is_per_sentence() -> None:
    claims = extract("Rubin is 10x faster.\n推理吞吐提升 3 倍。")
    assert [(c.text, c.lang) for c in claims] == [("10x", "en"), ("3 倍", "zh")]


def test_forced_language() -> None:
    claims = extract("GPU 72 颗, 10 GB", lang="en")
    assert all(c.lang == "en" for c in claims)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        extract("10 GB", lang="xx")


def test_a_language_the_extractor_does_not_read_gives_no_claims() -> None:
    assert extract("The rack holds 72 GPUs.", lang="fr") == []


def test_offsets_point_into_the_input() -> None:
    text = "Intro line.\n\n  The chip draws 700 W. Memory is 288 GB!\n性能提升 3 倍。带宽为 1.8 TB/s。"
    claims = extract(text)
    assert [c.text for c in claims] == ["700 W", "288 GB", "3 倍", "1.8 TB/s"]
    for claim in claims:
        assert text[claim.start:claim.end] == claim.text
        assert text[claim.sentence_start:claim.sentence_end] == claim.sentence


def test_every_field_is_present() -> None:
    claim = extract("The chip draws 700 W.")[0]
    assert set(claim.to_dict()) == set(Claim.field_names())


MORE_UNITS = [
    ("The bundle costs USD10m.", "USD10m", dict(unit="dollar", value=1e7)),
    ("The plan costs RM79 a month.", "RM79 a month", dict(unit="malaysian_ringgit / month")),
    ("The deal was worth $US55,931,000.", "$US55,931,000", dict(unit="dollar")),
    ("The flat sold for AUD1.5m.", "AUD1.5m", dict(unit="australian_dollar", value=1.5e6)),
    ("The flat sold for A$1.5m.", "A$1.5m", dict(unit="australian_dollar", value=1.5e6)),
    ("It raised HK $3.7 billion.", "HK $3.7 billion", dict(unit="hong_kong_dollar")),
    ("A 3.5-liter engine powers it.", "3.5-liter", dict(unit="liter")),
    ("The 185-hp motor is quiet.", "185-hp", dict(unit="horsepower")),
    ("The radio runs at 2.4 GHz.", "2.4 GHz", dict(si_value=2.4e9)),
    ("The 5nm process is new.", "5nm", dict(unit="nanometer", si_value=5e-9)),
    ("The hall covers 450 sq ft.", "450 sq ft", dict(unit="square_foot")),
    ("The refinery makes 52,000 barrels a day.", "52,000 barrels a day", dict(unit="barrel / day")),
    ("Prices start at €30 per month.", "€30 per month", dict(unit="euro / month")),
    ("Shares fell to ¥2,300.", "¥2,300", dict(unit="yuan")),
    ("预计投资 30 亿美元。", "30 亿美元", dict(unit="dollar", value=3e9)),
    ("显存为 192 GB HBM3e。", "192 GB", dict(unit="gigabyte")),
    ("每张卡 700 瓦。", "700 瓦", dict(unit="watt / gpu")),
    ("新卡单价约 3 万元。", "约 3 万元", dict(unit="yuan", qualifier="approximately")),
    ("单节点配备 8 张 GPU。", "8 张 GPU", dict(unit="gpu / node", kind="count")),
    ("He is a 44-year-old engineer.", "44-year-old", dict(unit="year_of_age")),
    # a rate stays one before "on": only "a year on" says when
    ("A B200 lists at $11.95/hr on-demand.", "$11.95/hr", dict(dimensionality="[usd] / [time]")),
    ("An H100 runs $2 per hour on Kite Cloud.", "$2 per hour", dict(dimensionality="[usd] / [time]")),
    ("Tessel serves the model at 692.5 t/s.", "692.5 t/s", dict(dimensionality="[token] / [time]", metric="tokens per second")),
    # money per hour with no word for it is a rent; money a year may be anything
    ("An 8×H100 node runs $20–$32/hr.", "$20–$32/hr", dict(metric="price", subject="H100")),
    ("Kite lists its H100 at $0.000694 per second.", "$0.000694 per second", dict(metric="price")),
    ("Kite spends $1 billion a year.", "$1 billion a year", dict(metric=None)),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), MORE_UNITS)
def test_more_units_and_currencies(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


MORE_TRENDS = [
    ("Exports dropped 7% to $2.3 billion.", "$2.3 billion", None),
    ("Exports dropped 7% to $2.3 billion.", "7%", "down"),
    ("This is the biggest increase in 18 months.", "18 months", None),
    ("Tail latency was cut by 35%.", "35%", "down"),
    ("The firmware trimmed idle power by 12%.", "12%", "down"),
    ("Markets: Dow +0.2%, Nasdaq -1.3%.", "+0.2%", "up"),
    ("Markets: Dow +0.2%, Nasdaq -1.3%.", "-1.3%", "down"),
    ("The index lost 190 points, or 0.6%.", "0.6%", "down"),
    ("Utilisation advanced 8% on the quarter.", "8%", "up"),
    ("It produces just under 296 hp (224 kW).", "224 kW", None),
]


@pytest.mark.parametrize(("sentence", "written", "trend"), MORE_TRENDS)
def test_trends_belong_to_the_first_figure_after_them(sentence: str, written: str, trend: str | None) -> None:
    assert only_claim(sentence, written).trend == trend


def test_a_restated_figure_keeps_the_hedge() -> None:
    first = only_claim("It produces just under 296 hp (224 kW).", "just under 296 hp")
    restated = only_claim("It produces just under 296 hp (224 kW).", "224 kW")
    assert first.qualifier == restated.qualifier == "less_than"


@pytest.mark.parametrize(("sentence", "written", "qualifier"), [
    ("The drive weighs just shy of 2 kg.", "just shy of 2 kg", "less_than"),
    ("Memory use stays just below 80 GB.", "just below 80 GB", "less_than"),
    ("Boot time is nearly 40 seconds.", "nearly 40 seconds", "nearly"),
    ("In the lead-up to 40 nm the fab retooled.", "40 nm", None),
    ("Carriers spent heavily in the lead up to 5G rollouts.", "5G", None),
    ("In the run-up to launch, the lab shipped up to 500 racks.", "up to 500 racks", "up_to"),
    ("During the build up to 300 MW, costs rose.", "300 MW", None),
    ("The card draws up to 700 W.", "up to 700 W", "up_to"),
])
def test_just_under_is_a_bound_and_a_lead_up_is_no_hedge(sentence: str, written: str, qualifier: str | None) -> None:
    assert only_claim(sentence, written).qualifier == qualifier


def test_sub_prefix_is_a_bound() -> None:
    assert only_claim("Fabs make sub-7 nm chips.", "sub-7 nm").qualifier == "less_than"


MORE_SUBJECTS = [
    ("Rubin has 72 GPUs per rack and 260 TB/s of NVLink bandwidth.", "260 TB/s", dict(subject="Rubin", metric="NVLink bandwidth")),
    ("CoreWeave posted 9,000 tokens per second per GPU on a single B200 node.", "9,000 tokens per second per GPU",
     dict(subject="B200")),
    ("The chip is 2x faster than H100 and draws 1,000 W.", "1,000 W", dict(baseline=None)),
    ("GB300 NVL72 delivers 50% more throughput than Hopper.", "50%", dict(subject="GB300 NVL72", baseline="Hopper")),
    ("每 GPU 每秒生成 6,200 个 token，比 H100 快约 12 倍。", "约 12 倍", dict(baseline="H100", qualifier="approximately")),
    ("每 GPU 每秒生成 6,200 个 token，比 H100 快约 12 倍。", "6,200 个 token",
     dict(unit="token / gpu / second", metric="tokens per second per GPU")),
    ("在 Llama 3.1 70B 上，B200 的吞吐是 H100 的 3 倍。", "3 倍", dict(subject="B200", baseline="H100", condition="Llama 3.1 70B")),
    ("Mission Control 每秒处理逾 5,000 万个事件。", "逾 5,000 万个事件", dict(subject="Mission Control", qualifier="more_than")),
    # "据公司介绍" cites the publisher itself: no claimant, but self-reported.
    ("据公司介绍，星河 S300 的能效提升 2 倍。", "2 倍", dict(claimant=None, self_reported=True)),
    ("据张建中介绍，星河 S300 的能效提升 2 倍。", "2 倍", dict(claimant="张建中")),
    # A price "for the X" is X's; a figure compared with is no baseline phrase.
    ("The H100 rents for $4.00 per hour versus $2.00 for the A100.", "$2.00", dict(subject="A100")),
    ("The H100 rents for $4.00 per hour versus $2.00 for the A100.", "$4.00 per hour", dict(subject="H100", baseline=None)),
    # "超过 X N%" compares with X: the verb hedges nothing ("超过 40%" alone is "more than").
    ("星河 S300 的吞吐量超过竞品 40%。", "40%", dict(baseline="竞品", qualifier=None)),
    ("星河 S300 的吞吐量超过 40%。", "超过 40%", dict(qualifier="more_than")),
    ("星河 S300 的算力效率超过 A100 约 1.5 倍，能耗降低 30%。", "30%", dict(subject="星河 S300", metric="energy", trend="down")),
    # a backer is no subject; an appositive may stand between an unknown subject and its verb
    ("Tessel, the AMD-backed inference cloud, plans to invest $2 billion in new sites.", "$2 billion",
     dict(subject="Tessel", metric="investment")),
    ("Tessel, an inference cloud, raised $150 million at a $1.7 billion valuation.", "$1.7 billion",
     dict(subject="Tessel", metric="valuation")),
]

# A segment's revenue, earnings per share, valuations and margins, however the sentence words them.
MONEY_METRICS = [
    ("Kite's data center segment delivered $51.2 billion.", "$51.2 billion", "data center revenue"),
    ("The rest came from other units, with gaming contributing $4.2 billion.", "$4.2 billion", "gaming revenue"),
    ("Of that, $8.2 billion was generated by networking equipment.", "$8.2 billion", "networking revenue"),
    ("Kite's revenue of $7.1 billion was pushed up by data center revenues of $2.94 billion.", "$2.94 billion",
     "data center revenue"),
    ("Kite posted adjusted earnings of $1.30 per share.", "$1.30 per share", "earnings per share"),
    ("Earnings per share came to $1.80.", "$1.80", "earnings per share"),
    ("The merged company was valued at over $2.5 billion.", "over $2.5 billion", "valuation"),
    ("The global accelerator market was valued at $45.3 billion.", "$45.3 billion", "market size"),
    ("Profit margins stayed at over 75%.", "over 75%", "profit margin"),
    # an amount right before "input" or "output" is that price; output alone is no token's
    ("Kite charges $2.50 input and $10.00 output per 1M tokens.", "$10.00", "price of output tokens"),
    ("Kite Mini costs $0.15/M input.", "$0.15", "price of input tokens"),
    ("Output rose 20% to $3 billion.", "$3 billion", None),
    # the amount a round raises
    ("Benchmark led a $225 million round into Kite.", "$225 million", "funding"),
    ("Kite closed a $1 billion Series C round.", "$1 billion", "funding"),
    ("Kite secured $500 million in financing.", "$500 million", "funding"),
    # a pair of prices before the kinds of token they price, in order
    ("Kite prices K4 at $3 and $15 per million input and output tokens.", "$3", "price of input tokens"),
    ("Kite prices K4 at $3 and $15 per million input and output tokens.", "$15", "price of output tokens"),
]


@pytest.mark.parametrize(("sentence", "written", "metric"), MONEY_METRICS)
def test_money_metrics(sentence: str, written: str, metric: str | None) -> None:
    assert only_claim(sentence, written).metric == metric


@pytest.mark.parametrize(("sentence", "written", "expected"), MORE_SUBJECTS)
def test_more_subjects_and_baselines(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


MORE_NOT_CLAIMS = [
    "Apple sold the iPhone 11 Pro at launch.",
    "The Boeing 787 Dreamliner flew again.",
    "Its 2018 sales were strong.",
    "The code 0401 GMT marks the start.",
    "Prescott (4) ran for a touchdown.",
    "The S&P 500 was flat.",
    "COVID-19 slowed shipments.",
    "He may 5 times over.",
]


@pytest.mark.parametrize("sentence", MORE_NOT_CLAIMS)
def test_labels_and_codes_are_not_quantities(sentence: str) -> None:
    assert [c.text for c in extract(sentence, all_quantities=True) if c.unit is None and c.kind == "count"] == []


MORE_ALL_QUANTITIES = [
    ("Dozens of people were there.", "Dozens of people", dict(unit_text="people")),
    ("It added tens of thousands of dollars to the bill.", "tens of thousands of dollars", dict(unit="dollar")),
    ("He signed 3 new players.", "3 new players", dict(unit_text="new players")),
    ("A 2.4-liter four-cylinder engine.", "four-cylinder", dict(unit_text="cylinder", value=4.0)),
    ("Investors got $2 per share.", "$2 per share", dict(unit="dollar / share")),
    ("About 1000 come from Asia.", "About 1000", dict(value=1000.0, qualifier="approximately")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), MORE_ALL_QUANTITIES)
def test_more_all_quantities(sentence: str, written: str, expected: dict[str, Any]) -> None:
    matching = [c for c in extract(sentence, all_quantities=True) if c.text == written]
    assert len(matching) == 1, [c.text for c in extract(sentence, all_quantities=True)]
    for field, value in expected.items():
        assert getattr(matching[0], field) == value, field


METRIC_VALUES = [
    ("新一代液冷机柜的 PUE 低于 1.1。", "低于 1.1", dict(kind="quantity", dimensionality="dimensionless", metric="PUE", qualifier="less_than")),
    ("The site PUE is 1.08.", "1.08", dict(metric="PUE", unit=None)),
    ("星图超节点单机柜密度更高，PUE 低至 1.04。", "低至 1.04", dict(metric="PUE", qualifier="at_least")),
    ("项目建成后 PUE 值不高于 1.15。", "不高于 1.15", dict(metric="PUE", qualifier="at_most")),
    ("新建数据中心的PUE不得超过一点三。", "不得超过一点三", dict(metric="PUE", value=1.3)),
    # full-width letters are read as ASCII, as Taiwan print writes them
    ("能源署要求用电量五ＭＷ以上的数据中心送审。", "五ＭＷ", dict(si_value=5e6, qualifier="more_than")),
    ("Model MFU reached 0.45 on the run.", "0.45", dict(metric="model FLOPs utilization", si_value=0.45)),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), METRIC_VALUES)
def test_a_plain_number_named_by_its_metric_is_a_claim(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


def test_large_counts_of_things_are_claims() -> None:
    claim = only_claim("The service reached 800 million weekly active users.", "800 million weekly active users")
    assert (claim.kind, claim.unit, claim.unit_text) == ("count", None, "weekly active users")
    assert extract("The firm has sixty regions.") == []


def test_side_by_side_product_names_are_one_subject() -> None:
    assert only_claim("Google's Ironwood TPU offers 4,614 TFLOPS per chip.", "4,614 TFLOPS per chip").subject == "Ironwood TPU"


def test_a_chinese_kind_word_before_a_code_names_what_the_chip_figures_are_about() -> None:
    assert only_claim("星图官宣训练 GPU K30 完成功能测试，该芯片采用 7nm 制程。", "7nm").subject == "K30"


def test_gpu_hours_are_a_unit() -> None:
    claim = only_claim("Lambda lowered H100 prices to $2.49 per GPU-hour.", "$2.49 per GPU-hour")
    assert claim.unit == "dollar / gpu / hour"
    assert claim.dimensionality == "[usd] / [gpu] / [time]"


@pytest.mark.parametrize(
    "sentence",
    [
        "The temple was built in A.D. 1000.",
        "Between 1600 and 1900 the climate cooled.",
        "The match ended 2-2 on aggregate.",
        "They slipped to the bottom three during a bad run.",
    ],
)
def test_eras_scores_and_prose_numbers_are_not_quantities(sentence: str) -> None:
    assert [c.text for c in extract(sentence, all_quantities=True) if c.unit_text or c.kind != "count"] == [], sentence


def test_a_number_word_is_not_what_another_number_counts() -> None:
    texts = [c.text for c in extract("It was one of four concepts.", all_quantities=True)]
    assert "four concepts" in texts and not any(text.startswith("one of") for text in texts)


CHINESE_HEDGES_INSIDE = [
    ("公司已服务 100 余家客户。", "100 余家客户", dict(qualifier="more_than", kind="count", unit_text="家客户")),
    ("平台每天处理 20 多亿次请求。", "20 多亿次请求", dict(qualifier="more_than", value=2e9, unit="request / day")),
    ("成本仅为 H100 的 1/3。", "1/3", dict(kind="ratio", baseline="H100")),
    ("GPU 利用率从 40% 提高到 85%。", "85%", dict(trend="up")),
    ("GPU 利用率从 40% 提高到 85%。", "40%", dict(trend=None)),
    ("推理性能是上一代的两倍。", "两倍", dict(kind="ratio", baseline="previous generation")),
    ("功耗下降两成。", "两成", dict(kind="percent", value=20.0, trend="down")),
    ("吞吐提升 3-5 倍。", "3-5 倍", dict(low=3.0, high=5.0, value=None, trend="up")),
    ("首批 1,000 台服务器将于下月交付。", "1,000 台服务器", dict(unit="server", projected=True)),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), CHINESE_HEDGES_INSIDE)
def test_more_chinese(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


ACCELERATOR_COUNTS = [
    ("该集群拥有10万张H100，功耗约150兆瓦。", "10万张H100", dict(kind="count", unit="gpu", value=1e5)),
    ("该集群拥有10万张H100，功耗约150兆瓦。", "约150兆瓦", dict(unit="megawatt", qualifier="approximately")),
    ("They bought 100,000 H100s last year.", "100,000 H100s", dict(unit="gpu")),
    ("在DeepSeek R1上，B200的推理吞吐是H100的3倍。", "3倍", dict(baseline="H100", subject="B200", condition="DeepSeek R1")),
    ("NVLink带宽达到1.8TB/s，比PCIe Gen5快14倍。", "14倍", dict(baseline="PCIe Gen5", subject="NVLink")),
    ("GB300 NVL72每秒可生成1.2万个token。", "1.2万个token", dict(unit="token / second", subject="GB300 NVL72")),
]


@pytest.mark.parametrize(("sentence", "written", "expected"), ACCELERATOR_COUNTS)
def test_chinese_without_spaces_and_accelerator_counts(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


def test_a_currency_symbol_is_not_part_of_a_product_name() -> None:
    claim = only_claim("The house was worth $A82,615,680.", "$A82,615,680")
    assert (claim.unit, claim.value) == ("australian_dollar", 82615680.0)


@pytest.mark.parametrize(
    ("sentence", "written", "expected"),
    [
        ("A survey of seven European countries found it.", "seven European countries", dict(unit_text="European countries")),
        ("Rates rose 25 basis points.", "25 basis points", dict(unit="basis_point", trend="up", dimensionality="[percentage_point]")),
        ("Its margin widened by 2.1 percentage points.", "2.1 percentage points", dict(unit="percentage_point", trend="up")),
        ("Market share gained 3 ppts on the year.", "3 ppts", dict(unit="percentage_point")),
        ("毛利率环比上升1.6个百分点。", "1.6个百分点", dict(unit="percentage_point", trend="up", dimensionality="[percentage_point]")),
        ("利用率同比提升3.3個百分點。", "3.3個百分點", dict(unit="percentage_point")),
        # A change in points takes the metric of the percentage it changes.
        ("Gross margin was 61%, up 40 basis points year over year.", "40 basis points", dict(metric="gross margin")),
        ("毛利率为 38.5%，环比上升 1.2 个百分点。", "1.2 个百分点", dict(metric="gross margin", baseline="previous period")),
        ("The motor makes 450 Nm of torque.", "450 Nm", dict(unit="newton_meter")),
        ("Sales reached 9 billion Chinese yuan.", "9 billion Chinese yuan", dict(unit="yuan")),
    ],
)
def test_news_units(sentence: str, written: str, expected: dict[str, Any]) -> None:
    matching = [c for c in extract(sentence, all_quantities=True) if c.text == written]
    assert len(matching) == 1, [c.text for c in extract(sentence, all_quantities=True)]
    for field, value in expected.items():
        assert getattr(matching[0], field) == value, field


@pytest.mark.parametrize(
    ("sentence", "written", "expected"),
    [
        ("It has a 7- or 8-inch screen.", "7", dict(unit="inch")),
        ("It costs about 8 or $9.", "about 8", dict(unit="dollar")),
        ("显存从 80 GB 提升到 141。", "141", dict(unit="gigabyte", trend="up")),
        ("Use 50mL of acid.", "50mL", dict(unit="milliliter", si_value=5e-5)),
        ("The boot holds 24.5 cubic feet.", "24.5 cubic feet", dict(unit="cubic_foot")),
        ("The 37m (121ft) skeleton.", "121ft", dict(unit="foot")),
    ],
)
def test_units_written_once_for_two_numbers_and_short_symbols(sentence: str, written: str, expected: dict[str, Any]) -> None:
    matching = [c for c in extract(sentence, all_quantities=True) if c.text == written]
    assert len(matching) == 1, [c.text for c in extract(sentence, all_quantities=True)]
    for field, value in expected.items():
        actual = getattr(matching[0], field)
        assert actual == (pytest.approx(value) if isinstance(value, float) else value), field


@pytest.mark.parametrize(
    ("sentence", "written", "expected"),
    [
        ("It is a 1/4 mile oval.", "1/4 mile", dict(kind="quantity", unit="mile", value=0.25)),
        ("The wafer pitch is 2 picometers.", "2 picometers", dict(unit="picometer")),
        ("The limit is 10kmph here.", "10kmph", dict(unit="kilometer_per_hour")),
    ],
)
def test_fractions_with_units_and_small_prefixes(sentence: str, written: str, expected: dict[str, Any]) -> None:
    matching = [c for c in extract(sentence, all_quantities=True) if c.text == written]
    assert len(matching) == 1, [c.text for c in extract(sentence, all_quantities=True)]
    for field, value in expected.items():
        assert getattr(matching[0], field) == value, field


@pytest.mark.parametrize(
    ("sentence", "written", "expected"),
    [
        ("Rubin CPX offers 30 petaflops of NVFP4 compute with 128 GB of GDDR7 memory.", "30 petaflops",
         dict(unit="petaFLOPS", subject="Rubin CPX", metric="compute")),
        ("Rubin CPX offers 30 petaflops of NVFP4 compute with 128 GB of GDDR7 memory.", "128 GB", dict(metric="memory capacity")),
        ("Blackwell Ultra delivers 1.5x more compute than Blackwell.", "1.5x",
         dict(subject="Blackwell Ultra", baseline="Blackwell")),
        ("The fabric cuts tail latency by 40% and improves job completion time by 25%.", "25%", dict(trend="up")),
    ],
)
def test_longest_names_and_metrics_after_of(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


def test_a_ratio_against_a_named_result() -> None:
    claim = only_claim("It serves 21,000 tokens per second, 2.8x the H200 result.", "2.8x")
    assert claim.baseline == "H200"


def test_a_classifier_alone_counts_with_a_hedge() -> None:
    claim = only_claim("公司预计全年出货量将超过 15 万片。", "超过 15 万片")
    assert (claim.kind, claim.qualifier, claim.projected) == ("count", "more_than", True)


def test_a_baseline_phrase_never_starts_with_a_function_word() -> None:
    claims = extract("There are four different bosses to battle against and the fluid system feels great.", all_quantities=True)
    assert [c.baseline for c in claims] == [None]


@pytest.mark.parametrize(
    ("sentence", "baseline"),
    [
        ("Orbis doubled per-core throughput to 8,192 by widening the pipeline rather than simply adding more cores.", None),
        ("The upgrade costs $40 less than buying a new rack.", None),
        ("The K7 draws up to 20% less power than competing accelerators.", "competing accelerators"),
    ],
)
def test_an_action_is_no_baseline(sentence: str, baseline: str | None) -> None:
    assert [claim.baseline for claim in extract(sentence)][-1] == baseline


@pytest.mark.parametrize("sentence", ["高性能 5090 单卡租金为 2.1 元/小时。", "该平台的高性能910单颗功耗为 300W。"])
def test_a_number_before_one_card_is_its_model(sentence: str) -> None:
    assert not any(claim.text.strip() in ("5090", "910") for claim in extract(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "Acme claimed 1.3x more inference throughput with the MI355X over the B200.",
        "Acme reports 40% higher throughput for the MI355X over the B200.",
        "Acme saw 2x faster training using MI355X than B200.",
    ],
)
def test_a_product_the_figure_is_had_with_stands_before_its_baseline(sentence: str) -> None:
    (claim,) = extract(sentence)
    assert claim.baseline == "B200" and claim.subject != "B200"


def test_kilovolts() -> None:
    claim = only_claim("The line runs at 110 kV.", "110 kV")
    assert claim.unit == "kilovolt" and claim.si_value == pytest.approx(1.1e5)


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        ("Kestrel K3 delivered 371 tokens per second per GPU on Llama 3.1 405B offline.", "371 tokens per second per GPU", "Kestrel K3"),
        ("Kestrel Silicon today announced 40% lower cost per token.", "40%", "Kestrel Silicon"),
        ("Stratus posted 1.2x more throughput.", "1.2x", "Stratus"),
        ("The company reported 40% growth.", "40%", None),
        ("澄言-3 在 4,096 颗 Hopper GPU 上训练约 46 天。", "约 46 天", "Hopper"),
        ("公司称集群规模超过 1 万卡。", "超过 1 万卡", None),
        # a date between name and verb, a news agency's dateline before
        ("星河数据4月24日发布一季报，实现营业收入2.36亿元。", "2.36亿元", "星河数据"),
        ("本报讯 星河数据发布一季报，实现营业收入2.36亿元。", "2.36亿元", "星河数据"),
        ("Harbor Cloud booked $2.1 billion of revenue.", "$2.1 billion", "Harbor Cloud"),
        # people who speak are no subject, nor is a source cited
        ("另据知情人士透露，明年出货量将超过 500 万颗。", "超过 500 万颗", None),
        # a figure alone in brackets after a name is that name's, not a known name's listed before it
        ("On Llama 3.3 70B, SambaNova (692 t/s) and Quillfire (655 t/s) trail Groq.", "655 t/s", "Quillfire"),
        ("On Llama 3.3 70B, SambaNova (692 t/s) and Quillfire (655 t/s) trail Groq.", "692 t/s", "SambaNova"),
        ("Groq reached 980 t/s; Throughput (655 t/s) fell elsewhere.", "655 t/s", "Groq"),
    ],
)
def test_subjects_the_gazetteer_does_not_know(sentence: str, written: str, subject: str | None) -> None:
    assert only_claim(sentence, written).subject == subject


def test_per_is_a_word_not_the_end_of_hopper() -> None:
    claim = only_claim("训练集群由 4,096 颗 Hopper GPU 组成，整个预训练约 46 天完成。", "约 46 天")
    assert claim.unit == "day"


def test_a_chinese_model_name_with_a_version_is_a_condition() -> None:
    assert only_claim("澄言-3 在 4,096 颗 Hopper GPU 上训练约 46 天。", "约 46 天").condition == "澄言-3"


@pytest.mark.parametrize(("sentence", "written", "condition"), [
    # input and output lengths, a context length and a batch size change the figure: its condition
    ("The Kite K3 reaches 12,000 tokens per second per GPU on Llama 3.1 70B at 1K/1K input and output lengths.",
     "12,000 tokens per second per GPU", "Llama 3.1 70B ISL/OSL 1K/1K"),
    ("With ISL/OSL of 8192/1024, the Kite K3 reaches 8,000 tokens per second per GPU.", "8,000 tokens per second per GPU", "ISL/OSL 8K/1K"),
    ("With a context length of 128000 tokens, the Kite K3 serves 2,000 tokens per second per GPU.", "2,000 tokens per second per GPU", "context 128K"),
    ("With a context length of 131072 tokens, the Kite K3 serves 2,000 tokens per second per GPU.", "2,000 tokens per second per GPU", "context 128K"),
    ("At 128K context, the Kite K3 serves 2,000 tokens per second per GPU.", "2,000 tokens per second per GPU", "context 128K"),
    ("With a batch size of 64, the Kite K3 serves 9,000 tokens per second per GPU.", "9,000 tokens per second per GPU", "batch 64"),
    ("输入/输出长度为 8K/1K 时，青鸾 Q900 每秒生成 3,000 个 token。", "3,000 个 token", "ISL/OSL 8K/1K"),
    # each figure its own size
    ("With 4096 token context the Kite K3 serves 300 tokens/s, while with 2048 tokens of context the Kite K2 serves 750 tokens/s.",
     "750 tokens/s", "context 2K"),
    # a context length is also a model's own figure, with no condition of itself
    ("Kite-Long supports a 128K context window.", "128K context", None),
])
def test_the_workload_size_is_part_of_the_condition(sentence: str, written: str, condition: str | None) -> None:
    assert only_claim(sentence, written).condition == condition


@pytest.mark.parametrize(("sentence", "written", "condition"), [
    # compute counted with sparsity is another figure than the dense one
    ("At FP4, the Kite K3 delivers 20 petaflops of dense compute, or 40 petaflops with sparsity.", "40 petaflops", "sparse"),
    ("At FP4, the Kite K3 delivers 20 petaflops of dense compute, or 40 petaflops with sparsity.", "20 petaflops", None),
    ("The Kite K3 delivers 40 PFLOPS of FP4 compute with sparsity.", "40 PFLOPS", "FP4 sparse"),
    ("青鸾 Q900 的 FP8 稠密算力为 2.5 PFLOPS，稀疏算力为 5 PFLOPS。", "5 PFLOPS", "sparse"),
    ("青鸾 Q900 的 FP8 稠密算力为 2.5 PFLOPS，稀疏算力为 5 PFLOPS。", "2.5 PFLOPS", "FP8"),
])
def test_sparsity_is_part_of_the_condition(sentence: str, written: str, condition: str | None) -> None:
    assert only_claim(sentence, written).condition == condition


@pytest.mark.parametrize(("sentence", "written", "condition"), [
    # a Chinese word for a precision is the precision it names
    ("飞鹰 F7 的单精度浮点算力为 48 TFLOPS。", "48 TFLOPS", "FP32"),
    ("飞鹰 F7 的双精度算力达 24 TFLOPS，半精度算力达 190 TFLOPS。", "24 TFLOPS", "FP64"),
    ("飞鹰 F7 的双精度算力达 24 TFLOPS，半精度算力达 190 TFLOPS。", "190 TFLOPS", "FP16"),
])
def test_a_chinese_precision_word_is_part_of_the_condition(sentence: str, written: str, condition: str) -> None:
    assert only_claim(sentence, written).condition == condition


TWO_CONCURRENCIES = "The Acme K3 delivers 1,200 tokens/s (32 concurrent users) and 300 tokens/s (single user) on Llama 3.1 70B."


@pytest.mark.parametrize(("sentence", "written", "condition"), [
    # a concurrency introduced as the one measured at is part of the condition, after the model
    ("The Acme K3 delivers 1,200 tokens per second at 32 concurrent users.", "1,200 tokens per second", "concurrency 32"),
    ("With 64 concurrent requests, the Acme K3 reaches 9,000 tokens per second.", "9,000 tokens per second", "concurrency 64"),
    ("At a concurrency of 128, the Acme K3 reaches 20,000 tokens per second.", "20,000 tokens per second", "concurrency 128"),
    ("The Acme K3 serves 2,000 tokens/s at 16 concurrency.", "2,000 tokens/s", "concurrency 16"),
    ("The Acme K3 answers in 40 ms for a single user.", "40 ms", "concurrency 1"),
    ("The Acme K3 reaches 450 tokens per second (chat, single user).", "450 tokens per second", "concurrency 1"),
    ("The Acme K3 reaches 12,000 tokens per second at 1K/1K input/output lengths with 32 concurrent users.",
     "12,000 tokens per second", "ISL/OSL 1K/1K concurrency 32"),
    ("星河 K3 在 64 并发下吞吐达到 3,000 tokens/s。", "3,000 tokens/s", "concurrency 64"),
    ("并发数为 128 时，星河 K3 的吞吐为 5,000 tokens/s。", "5,000 tokens/s", "concurrency 128"),
    ("星河 K3 在 128 路并发下达到 6,000 tokens/s。", "6,000 tokens/s", "concurrency 128"),
    # a size in brackets right after a figure is that figure's alone
    (TWO_CONCURRENCIES, "1,200 tokens/s", "Llama 3.1 70B concurrency 32"),
    (TWO_CONCURRENCIES, "300 tokens/s", "Llama 3.1 70B concurrency 1"),
    ("The Acme K3 reaches 1,200 tokens/s (and 300 tokens/s at 32 concurrent users) on Llama 3.1 70B.", "1,200 tokens/s", "Llama 3.1 70B"),
    # several sizes of one kind in a clause: each the figure's it is written with
    ("The Acme K3 delivers 1,200 tokens/s at 32 concurrent users and 300 tokens/s for a single user.", "1,200 tokens/s", "concurrency 32"),
    ("The Acme K3 delivers 1,200 tokens/s at 32 concurrent users and 300 tokens/s for a single user.", "300 tokens/s", "concurrency 1"),
    ("At 32 concurrent users the Acme K3 serves 1,200 tokens/s and with a single user 300 tokens/s.", "300 tokens/s", "concurrency 1"),
    ("The Acme K3 reaches 300 tokens/s at 4K context and 750 tokens/s at 2K context.", "750 tokens/s", "context 2K"),
    ("星河 K3 在 64 并发下吞吐为 3,000 tokens/s，在单用户下为 300 tokens/s。", "300 tokens/s", "concurrency 1"),
    # a count of concurrent users the sentence does not measure at is a claim, and no condition
    ("The Acme cluster serves 10,000 concurrent users while the K3 reaches 9,000 tokens per second.", "10,000 concurrent users", None),
    ("The Acme cluster serves 10,000 concurrent users while the K3 reaches 9,000 tokens per second.", "9,000 tokens per second", None),
    ("星河平台可支撑 10,000 个并发请求。", "10,000 个并发请求", None),
])
def test_the_concurrency_measured_at_is_part_of_the_condition(sentence: str, written: str, condition: str | None) -> None:
    assert only_claim(sentence, written).condition == condition


@pytest.mark.parametrize(("sentence", "texts"), [
    ("With 64 concurrent requests, the Acme K3 reaches 9,000 tokens per second.", ["9,000 tokens per second"]),
    ("星河 K3 在 128 路并发下达到 6,000 tokens/s。", ["6,000 tokens/s"]),
])
def test_the_concurrency_measured_at_is_no_claim(sentence: str, texts: list[str]) -> None:
    assert [claim.text for claim in extract(sentence)] == texts


def test_input_and_output_lengths_are_no_claims() -> None:
    texts = [claim.text for claim in extract("The Kite K3 reaches 12,000 tokens per second per GPU at 1K/1K input and output lengths.")]
    assert texts == ["12,000 tokens per second per GPU"]


TWO_SCENARIOS = "The Kite K2 delivered 12,400 tokens per second on Llama 2 70B in the offline scenario and 11,100 tokens per second in the server scenario."


@pytest.mark.parametrize(("sentence", "written", "scenario"), [
    # each written scenario is the condition of the figure it is written with
    (TWO_SCENARIOS, "12,400 tokens per second", "offline"),
    (TWO_SCENARIOS, "11,100 tokens per second", "server"),
    ("In the offline scenario the K2 hit 12,400 tokens per second and in the server scenario 11,100 tokens per second.",
     "11,100 tokens per second", "server"),
    ("青鸾 Q900 在离线场景下每秒处理 12,400 个 token，在服务器场景下为 11,100 个 token。", "11,100 个 token", "server"),
    # one scenario opening the sentence holds for the figure after it
    ("In the server scenario, the Kite K2 delivered 11,100 tokens per second.", "11,100 tokens per second", "server"),
])
def test_a_written_scenario_is_the_condition_of_its_own_figure(sentence: str, written: str, scenario: str) -> None:
    assert only_claim(sentence, written).scenario == scenario


@pytest.mark.parametrize(("sentence", "written", "unit"), [
    ("该平台每秒处理超过 2.5 亿个指标采样。", "超过 2.5 亿个指标采样", "sample / second"),
    ("系统每秒写入 300 万条日志。", "300 万条日志", "1 / second"),
    ("集群每天训练 5,000 个模型。", "5,000 个模型", "1 / day"),
    ("The service ingests 250 million samples per second.", "250 million samples per second", "sample / second"),
    ("The service ingests 250 million log lines per second.", "250 million log lines per second", "1 / second"),
    ("公司去年新增 100 家客户。", "100 家客户", None),
])
def test_a_count_per_time_before_the_verb_is_a_rate(sentence: str, written: str, unit: str | None) -> None:
    claim = only_claim(sentence, written)
    assert claim.unit == unit
    assert claim.kind == ("quantity" if unit else "count")


@pytest.mark.parametrize(("sentence", "written"), [
    ("The average annual PUE of the raised-floor hall was 1.73.", "1.73"),
    ("The Power Usage Effectiveness (PUE) of the new campus is 1.15.", "1.15"),
    ("Today's average data center PUE is approximately 1.6.", "approximately 1.6"),
    # a future or a lasting state links the metric too
    ("Orbis said the site's power usage effectiveness will be 1.15.", "1.15"),
    ("The Kite hall's PUE remains 1.2 after the retrofit.", "1.2"),
    ("该园区的 PUE 将为 1.12。", "1.12"),
])
def test_a_plain_number_the_metric_names_is_its_value(sentence: str, written: str) -> None:
    assert only_claim(sentence, written).metric == "PUE"


def test_a_word_hyphenated_to_the_next_is_no_metric() -> None:
    claim = only_claim("The raised-floor hall draws 4 MW.", "4 MW")
    assert claim.metric == "power"


@pytest.mark.parametrize(("sentence", "written", "expected"), [
    # a fractional multiple before a chip compares with it, in the measure of the figure it follows
    ("K9: 141GB of HBM3e with 4.8TB/s (1.4x H100).", "1.4x", dict(baseline="H100", metric="bandwidth", unit=None)),
    ("K9: $5.98/hr (2.2x H100 cost).", "2.2x", dict(baseline="H100", metric="cost", unit=None)),
    # a whole one counts it
    ("The workstation holds 4x H100 GPUs.", "4x H100", dict(baseline=None, unit="gpu")),
])
def test_a_multiple_before_a_chip(sentence: str, written: str, expected: dict[str, Any]) -> None:
    claim = only_claim(sentence, written)
    assert {key: getattr(claim, key) for key in expected} == expected


def test_the_factors_of_a_product_written_out_are_no_claims() -> None:
    claims = extract("The K9 switch (51.2 Tb/s, 64 x 800 GbE) totals 144 × 800 Gbps = 115.2 Tbps.")
    assert [(claim.text, claim.unit) for claim in claims] == [
        ("51.2 Tb/s", "terabit / second"), ("800 GbE", "gigabit / second"), ("800 Gbps", "gigabit / second"),
        ("115.2 Tbps", "terabit / second"),
    ]


@pytest.mark.parametrize(("sentence", "subjects"), [
    # a list of products paired with a list of figures, item by item
    ("H100 和 H200 的显存分别为 80 GB 和 141 GB。", ["H100", "H200"]),
    ("青鸾 Q700 和 Q800 的功耗分别为 350 W 和 450 W。", ["青鸾 Q700", "青鸾 Q800"]),
    ("The Kite K2 and K3 deliver 1.2 and 2.4 PFLOPS, respectively.", ["Kite K2", "Kite K3"]),
    ("The Tessel T900 and T950 draw 700 W and 900 W respectively.", ["Tessel T900", "Tessel T950"]),
    # a Latin kind word after each name and a verb of the level after 和 keep the lists whole
    ("云栈发布 Atlas 990 SuperCluster 和 Atlas 995 SuperCluster，规模分别超过 20 万卡和达到百万卡。", ["Atlas 990", "Atlas 995"]),
])
def test_respective_figures_go_to_their_products(sentence: str, subjects: list[str]) -> None:
    assert [claim.subject for claim in extract(sentence)] == subjects


@pytest.mark.parametrize(("sentence", "subjects"), [
    # each figure after the first is labelled by the product after it: "for" opens the list, later ones may drop it
    ("The Kestrel K5 reaches 2.1 PFLOPS, ahead of 1.8 PFLOPS for the Kestrel K4 and 1.6 PFLOPS for the Kestrel K3.",
     ["Kestrel K5", "Kestrel K4", "Kestrel K3"]),
    ("Granite-34B scored 58.1 on the suite, behind the 61.0 for Falcon-40B and 60.2 MPT-30B.", ["Granite-34B", "MPT-30B"]),
    # a label that is no name leaves its figure to nobody, never to the first product
    ("The Kestrel K5 reaches 2.1 PFLOPS, ahead of 1.8 PFLOPS for the Kestrel K4 and 1.2 PFLOPS for the K3.",
     ["Kestrel K5", "Kestrel K4", None]),
    # a label of another kind (a model the chip runs) is the workload, not the subject
    ("The Kestrel K5 delivers 900 tokens/s, and 1,200 tokens/s for Llama 3.1 8B.", ["Kestrel K5", "Kestrel K5"]),
])
def test_labelled_figures_go_to_their_labels(sentence: str, subjects: list[str | None]) -> None:
    assert [claim.subject for claim in extract(sentence)] == subjects


def test_a_label_of_the_list_is_no_workload() -> None:
    claims = extract("Granite-34B scored 58.1 on the suite, behind the 61.0 for Falcon-40B and 60.2 MPT-30B.")
    assert [(claim.subject, claim.condition) for claim in claims] == [("Granite-34B", None), ("MPT-30B", None)]


@pytest.mark.parametrize(("sentence", "metric"), [
    # a market named by its goods (lower case) is sized, not valued as a company
    ("Analysts put the market value for edge servers at $31 billion.", "market size"),
    ("The market for inference accelerators is worth $12 billion this year.", "market size"),
    ("The market value of Acme reached $2 trillion.", "market value"),
])
def test_market_sizes(sentence: str, metric: str) -> None:
    assert [claim.metric for claim in extract(sentence)] == [metric]


def test_the_company_points_back_to_a_speaker_named_only_by_its_place() -> None:
    claims = extract("Tarnwell now expects full-year sales of $6 billion. The company's earlier forecast was $5.4 billion.")
    assert [claim.subject for claim in claims] == ["Tarnwell", "Tarnwell"]


@pytest.mark.parametrize(("sentence", "written", "subject"), [
    # a count of a product is no figure of that product: every fleet of it would be one
    ("The facility will house 20,000 H200 GPUs by the end of the year.", "20,000 H200 GPUs", None),
    ("该集群部署了 1 万张 H100。", "1 万张 H100", None),
    # the deployer opening the sentence owns the fleet
    ("Stratus will deploy 18,432 Kestrel K3 GPUs.", "18,432 Kestrel K3 GPUs", "Stratus"),
    # another figure of the sentence is still the counted product's
    ("Four GB300 NVL72 racks draw about 530 kW.", "about 530 kW", "GB300 NVL72"),
])
def test_a_count_of_a_product_is_not_its_figure(sentence: str, written: str, subject: str | None) -> None:
    assert only_claim(sentence, written).subject == subject


def test_a_workload_opening_the_sentence_is_not_the_owner_of_counted_hardware() -> None:
    claim = only_claim("Stable Diffusion XL reached about 33 queries/s on 8x B200.", "about 33 queries/s")
    assert (claim.subject, claim.condition) == ("B200", "Stable Diffusion XL")


def test_a_count_of_gpus_takes_no_other_figures_unit_for_metric() -> None:
    claims = extract("Llama 2 70B reached 103,000 tokens/s on 8x B200; Whisper 45,000 samples/s on 8x B200.")
    assert {claim.metric for claim in claims if claim.unit == "gpu"} == {"GPUs"}


@pytest.mark.parametrize(("sentence", "written", "metric"), [
    # samples and output tokens are units
    ("Whisper reached 45,000 samples/s on eight GPUs.", "45,000 samples/s", "samples per second"),
    ("平台每秒处理超过 2 亿个指标采样。", "超过 2 亿个指标采样", "samples per second"),
    ("The model serves 66,000 output tokens/s.", "66,000 output tokens/s", "tokens per second"),
    # a model platform's daily token usage
    ("截至 9 月底，星图大模型日均 Tokens 调用量已突破 30 万亿。", "突破 30 万亿", "daily token usage"),
    ("星图大模型的日均使用量超过 1.3 万亿。", "超过 1.3 万亿", "daily token usage"),
    ("Orbis Labs now serves more than 3 trillion tokens per day.", "more than 3 trillion tokens per day", "daily token usage"),
    # an order book
    ("Kite's backlog stood at $55.6 billion.", "$55.6 billion", "backlog"),
    ("Kite's remaining performance obligations reached $12 billion.", "$12 billion", "backlog"),
    ("星图的在手订单达到 300 亿元。", "300 亿元", "backlog"),
    ("Acme will invest $5 billion in the campus.", "$5 billion", "investment"),
    ("Acme invested $5 billion in the campus last year.", "$5 billion", "investment"),
    ("The Acme fund invested in 40 startups.", "40 startups", None),  # a count is no money
    # efficiency of its own, never the metric of the clause before it
    ("新方案把单卡内存占用降至原来的 1/2，效率提升 60%。", "60%", "efficiency"),
    ("Module efficiency rose from 19% to 23% over the decade.", "23%", "efficiency"),
    ("预计该芯片的推理效率将提升 150%。", "150%", "inference efficiency"),
    ("星图万卡集群的训练线性扩展效率为 93%。", "93%", "scaling efficiency"),
    ("Scaling efficiency held at 91% across 4,096 GPUs.", "91%", "scaling efficiency"),
    ("集合通信库的通信效率达 96%。", "96%", "communication efficiency"),
    # a chip's process node, never a length
    ("青鸾芯片采用 5nm 工艺制程。", "5nm", "process node"),
    ("The Harrier die is built on a 3 nm process node.", "3 nm", "process node"),
    # a ratio's comparative names what it compares, unless a nearer word does
    ("The Harrier X2 is 3 times faster than the A100 and has 40% higher energy efficiency.", "3 times", "speed"),
    ("青鸾芯片比 A100 快 3 倍。", "3 倍", "speed"),
    ("The Harrier X2 is 40% cheaper than the A100.", "40%", "cost"),
    ("Inference throughput is 3x faster on the Harrier X2.", "3x", "throughput"),
    ("The Harrier X2 is up to 10x faster than the A100 in tokens per second per MW.", "up to 10x", "tokens per second per MW"),
    ("The Harrier X2 is 3x faster than the A100 on inference throughput.", "3x", "throughput"),
    ("The Harrier X2 delivers up to 4x faster training than the A100 and doubles energy efficiency.", "up to 4x", "speed"),
    ("The Kite K2 is 2x cheaper than the A100 while its memory bandwidth stays the same.", "2x", "cost"),
    # an amount in another currency, in brackets, measures what the amount does; a sale is a price
    ("星图笔记本售价为人民币 9,999 元（约 1,420 美元）。", "约 1,420 美元", "price"),
    ("Kite raised $300 million (about €280 million) in its latest round of funding.", "about €280 million", "funding"),
    ("The Harrier card sells for $799.", "$799", "price"),
    ("Prices for the Harrier instance start at $2.49/hr.", "$2.49/hr", "price"),
    ("Kite says its Harrier X2 delivers 30% better performance per dollar than its fleet.", "30%", "performance per dollar"),
    ("星图表示，新实例的性价比提升 40%。", "40%", "performance per dollar"),
    # cores of any kind are counted cores, not the compute they do
    ("The Harrier die integrates 64 compute cores.", "64 compute cores", "core count"),
    ("该芯片集成48个AI核心。", "48个", "core count"),
    # a count of devices measures how many there are, never the rate a word beside it names
    ("星图超节点的算力规模为 8192 卡，预计明年上市。", "8192 卡", "GPUs"),
    ("青鸾集群算力规模将达到 15,488 卡。", "15,488 卡", "GPUs"),
    ("The Harrier pod's compute scales to 4,096 GPUs.", "4,096 GPUs", "GPUs"),
    ("Throughput of the Kite cluster comes from 512 nodes.", "512 nodes", "nodes"),
    ("星图超节点的算力来自 384 颗芯片。", "384 颗芯片", None),
    # a figure in a unit its clause's measure is not written in is measured by its unit
    ("The Kite K3 pairs 8 TB/s of bandwidth with 288 GB of HBM3e.", "288 GB", "memory capacity"),
    ("Kite's new campus adds 3.7 GW of capacity.", "3.7 GW", "power"),
    ("The Harrier wafer's compute spans 46,225 square millimeters.", "46,225 square millimeters", "area"),
    # a ratio comparing the figure that ends the clause before it measures what that figure does
    ("The Kite K3 rack draws about 140 kW, roughly 20% more than the K2 rack it replaces.", "roughly 20%", "power"),
    ("天穹 T9 每卡每秒可生成 3,200 个 token，较 T8 提升 2.1 倍。", "2.1 倍", "tokens per second per GPU"),
    ("天穹 T9 整卡功耗 750W，较 T8 降低 20%。", "20%", "power"),
    # a memory part after the figure names what it measures
    ("Each Kite K3 GPU carries 288 GB of HBM3e.", "288 GB", "memory capacity"),
    ("The Kite K3 carries 8 TB/s of HBM3e.", "8 TB/s", "memory bandwidth"),
    ("青鸾 Q900 配备 24GB 的 GDDR7。", "24GB", "memory capacity"),
    ("The Harrier pod delivers its compute from 144 chips.", "144 chips", None),
    # units moved and customers served: bare counts of what no unit names, or changes of them
    ("Kite shipped 1.2 million Harrier chips last year.", "1.2 million Harrier chips", "shipments"),
    ("Kite sold 400,000 units of the Harrier in the quarter.", "400,000 units", "units sold"),
    ("Kite reported unit sales of 2 million for the Harrier.", "2 million", "units sold"),
    ("Harrier unit sales grew 30% in the quarter.", "30%", "units sold"),
    ("青鸾 Q900 销量达到 300 万台。", "300 万台", "units sold"),
    ("星图去年售出 50 万颗青鸾芯片。", "50 万颗青鸾芯片", "units sold"),
    ("Kite now has more than 4,000 customers.", "more than 4,000 customers", "customers"),
    ("星图客户数超过 2,000 家。", "超过 2,000 家", "customers"),
    ("星图云服务 1 万家企业客户。", "1 万家企业客户", "customers"),
    ("星图销售额达到 50 亿元。", "50 亿元", "revenue"),
    ("星图销售收入达到 50 亿元。", "50 亿元", "revenue"),
    # a figure with a unit is measured by it, whatever customers or sales a word beside it names
    ("Kite's customers rent 8 GPUs each.", "8 GPUs", "GPUs"),
    ("Kite's customers store 288 GB of data.", "288 GB", "capacity"),
    ("Kite sold the Harrier for $799.", "$799", None),
    # a length right before "process" or "node" is a process node; no other length or word is one
    ("The Harrier is built on a 3nm process.", "3nm", "process node"),
    ("The Harrier uses TSMC's 5-nanometer node.", "5-nanometer", "process node"),
    ("The Harrier uses a 3nm-class process node.", "3nm", "process node"),
    ("青鸾芯片采用 4nm 工艺。", "4nm", "process node"),
    ("青鸾芯片采用 7 纳米制程。", "7 纳米", "process node"),
    ("青鸾芯片基于 3nm 工艺节点。", "3nm", "process node"),
    ("The Harrier is built on a 3nm process and ships with a 2-meter cable.", "2-meter", "length"),
    ("The Harrier process node spans a die of 46,225 square millimeters.", "46,225 square millimeters", "area"),
    ("The training process took 3 hours.", "3 hours", "duration"),
    ("Each node holds 8 GPUs.", "8 GPUs", "GPUs per node"),
    # floating point operations counted per second are compute, as FLOPS are
    ("星图超算每秒 16 亿亿次浮点运算。", "16 亿亿次浮点运算", "compute"),
    ("星图超算峰值性能达到每秒 1000 万亿次浮点计算。", "1000 万亿次浮点计算", "compute"),
    # "as fast as", "as cheap as" compare what "faster", "cheaper" do
    ("The Harrier X2 is twice as fast as the A100.", "twice", "speed"),
    ("The Harrier X2 is 3x as cheap as the A100.", "3x", "cost"),
    ("The Harrier X2 is 2x as expensive as the A100.", "2x", "cost"),
])
def test_metric_concepts_of_the_domain(sentence: str, written: str, metric: str | None) -> None:
    assert only_claim(sentence, written).metric == metric


def test_floating_point_operations_counted_per_second_in_chinese_are_flops() -> None:
    claim = only_claim("星图超算每秒 16 亿亿次浮点运算。", "16 亿亿次浮点运算")
    assert (claim.dimensionality, claim.si_value) == ("[operation] / [time]", pytest.approx(1.6e17))


@pytest.mark.parametrize(("sentence", "written"), [
    ("Kite shipped 1.2 million Harrier chips last year.", "1.2 million Harrier chips"),
    ("Kite reported unit sales of 2 million for the Harrier.", "2 million"),
])
def test_a_number_after_a_word_for_a_bare_count_is_a_count(sentence: str, written: str) -> None:
    claim = only_claim(sentence, written)
    assert (claim.kind, claim.unit, claim.dimensionality) == ("count", None, None)


@pytest.mark.parametrize(("sentence", "written", "unit"), [
    ("Each NVL72 rack draws 190 kW.", "190 kW", "kilowatt / rack"),
    ("The hall's racks draw 190 kW per rack.", "190 kW per rack", "kilowatt / rack"),
    ("Every Kestrel rack pulls up to 140 kW at full load.", "up to 140 kW", "kilowatt / rack"),
    ("Per node, the cluster holds 8 GPUs.", "8 GPUs", "gpu / node"),
    ("Each GPU in the pod delivers 20 PFLOPS.", "20 PFLOPS", "petaFLOPS / gpu"),
    ("每个机柜功耗 190 kW。", "190 kW", "kilowatt / rack"),
    ("每个节点配备 8 张 GPU。", "8 张 GPU", "gpu / node"),
    # A rack system's compute tray is one of its nodes, and an acronym may stand in the predicate.
    ("Kestrel K9 racks draw up to 6 kW per compute tray.", "up to 6 kW per compute tray", "kilowatt / node"),
    ("K9 每个计算托盘的最大 TDP 为 6 kW。", "6 kW", "kilowatt / node"),
    # 单 + a device is one of it ("单卡", "单机柜", "单台服务器")
    ("星河 K9 单卡算力达到 2 PFLOPS。", "2 PFLOPS", "petaFLOPS / gpu"),
    ("单机柜功耗为 120 kW。", "120 kW", "kilowatt / rack"),
    ("单台服务器功耗为 10 kW。", "10 kW", "kilowatt / server"),
    ("单卡显存为 96 GB。", "96 GB", "gigabyte / gpu"),
    ("订单金额达到 5 亿元。", "5 亿元", "yuan"),
    # both ends of a change are per the container written once
    ("单卡算力由 196 TOPS 提升至 256 TOPS。", "256 TOPS", "teraOPS / gpu"),
    # a name between the container and the figure
    ("Per GPU, the K3 reaches 1,200 tokens per second.", "1,200 tokens per second", "token / gpu / second"),
    # a per-unit written right after another figure is that figure's
    ("It delivers 100 TFLOPS per GPU and the cluster draws 5 MW.", "5 MW", "megawatt"),
    ("It delivers 100 TFLOPS on each GPU and the cluster draws 5 MW.", "5 MW", "megawatt"),
    ("Each year the campus adds 5 GW.", "5 GW", "gigawatt"),
    ("The rack draws 190 kW.", "190 kW", "kilowatt"),
])
def test_a_container_named_before_the_figure_divides_it(sentence: str, written: str, unit: str) -> None:
    assert only_claim(sentence, written).unit == unit


@pytest.mark.parametrize(("sentence", "written", "metric"), [
    ("星河 K9 单卡算力达到 2 PFLOPS。", "2 PFLOPS", "compute per GPU"),
    ("单机柜功耗为 120 kW。", "120 kW", "power per rack"),
    ("Per GPU, the K3 reaches 1,200 tokens per second.", "1,200 tokens per second", "tokens per second per GPU"),
    ("The K3 reaches 1,200 tokens per second per GPU.", "1,200 tokens per second per GPU", "tokens per second per GPU"),
    # the word's measure is not the unit's: kept
    ("单卡显存为 96 GB。", "96 GB", "memory capacity"),
])
def test_a_word_naming_a_per_device_units_measure_reads_per_device(sentence: str, written: str, metric: str) -> None:
    assert only_claim(sentence, written).metric == metric


@pytest.mark.parametrize(("sentence", "written", "unit"), [
    ("Scale-out bandwidth is 400 Gb/s on each Vega GPU.", "400 Gb/s", "gigabit / gpu / second"),
    ("There are 8 GPUs in every node.", "8 GPUs", "gpu / node"),
    ("每颗 Vega GPU 的显存带宽为 8 TB/s。", "8 TB/s", "terabyte / gpu / second"),
    ("The hall draws 40 MW for each customer.", "40 MW", "megawatt"),
])
def test_a_container_named_after_the_figure_with_each_divides_it(sentence: str, written: str, unit: str) -> None:
    assert only_claim(sentence, written).unit == unit


@pytest.mark.parametrize(("sentence", "written", "expected"), [
    ("集群部署了 8,000 颗以上 GPU。", "8,000 颗以上 GPU", dict(unit="gpu", qualifier="more_than", value=8000.0)),
    ("园区部署了 3,000 台左右的服务器。", "3,000 台左右的服务器", dict(unit="server", qualifier="approximately")),
    ("集群有 20 个以上的节点。", "20 个以上的节点", dict(unit="node", qualifier="more_than", kind="count")),
    ("公司新建 40 座以上数据中心。", "40 座以上数据中心", dict(unit=None, qualifier="more_than", kind="count")),
    ("今年出货 600 片左右，低于预期。", "600 片左右", dict(qualifier="approximately", kind="count")),
    ("公司部署了近万颗 GPU。", "近万颗 GPU", dict(unit="gpu", qualifier="nearly", value=10000.0)),
    ("公司建成超万卡集群。", "超万卡", dict(unit="gpu", qualifier="more_than", value=10000.0)),
    ("平台已接入逾千家企业。", "逾千家企业", dict(qualifier="more_than", value=1000.0)),
    ("云栈机房里有上千台服务器。", "上千台服务器", dict(unit="server", qualifier="more_than", value=1000.0)),
    ("星河平台接入了上万块 GPU。", "上万块 GPU", dict(unit="gpu", qualifier="more_than", value=10000.0)),
])
def test_a_chinese_hedge_after_the_classifier_is_not_the_noun(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


@pytest.mark.parametrize(("sentence", "written", "unit"), [
    ("The mansion sold for PS8m in March.", "PS8m", "pound_sterling"),
    ("The studio is worth PS3.4m.", "PS3.4m", "pound_sterling"),
    ("Each flat is 45m2 inside.", "45m2", "square_meter"),
    ("The reserve covers 12km2.", "12km2", "square_kilometer"),
])
def test_a_mangled_pound_or_a_glued_power_is_not_a_name(sentence: str, written: str, unit: str) -> None:
    assert only_claim(sentence, written).unit == unit


@pytest.mark.parametrize("sentence", ["The GPS3 satellite launched.", "Racks of NVL72 ship soon.", "The Qwen3 model is out."])
def test_codes_stay_names(sentence: str) -> None:
    assert extract(sentence) == []


@pytest.mark.parametrize(("text", "written", "subject"), [
    ("Stratus brought up its first Vera Rubin NVL72 rack. It draws up to 190 kW at full load.", "up to 190 kW", "Vera Rubin NVL72"),
    # Past a paragraph break, the post's topic (extraction/topic.py).
    ("Stratus brought up Vera Rubin NVL72.\n\nIt draws up to 190 kW.", "up to 190 kW", "Vera Rubin NVL72"),
    ("We compared Vera Rubin NVL72 with GB200 NVL72. It is 10x faster.", "10x", None),
    ("We tested GB300 NVL72 again. It is 3x faster than GB200 NVL72.", "3x", "GB300 NVL72"),
    ("Kestrel K4 ships next year. Kestrel K3 carries 8 TB/s of bandwidth.", "8 TB/s", "Kestrel K3"),
    ("公司今天发布了 Kestrel K4。单卡显存为 432 GB。", "432 GB", "Kestrel K4"),
    ("公司今天发布了 Kestrel K4。\n\n单卡显存为 432 GB。", "432 GB", "Kestrel K4"),
    ("我们对比了 GB300 NVL72 和 GB200 NVL72。推理吞吐提升 3 倍。", "3 倍", None),
    # Not the name the sentence before compared against, though its figure came last.
    ("The Tessel T900 holds 256 GB, 1.6x the H200's 160 GB. Its bandwidth reaches 9 TB/s.", "9 TB/s", "Tessel T900"),
    ("Tessel T900 的显存为 256 GB，是 H200 的 160 GB 的 1.6 倍。其带宽达到 9 TB/s。", "9 TB/s", "Tessel T900"),
    # With products named, the one organisation there is their maker, not what the sentence spoke of.
    ("该机柜集成 64 颗 Tessel T900 与 32 颗 Tessel C2，算力是 NVIDIA B300 的 2 倍。带宽达到 100 TB/s。", "100 TB/s", None),
])
def test_a_subjectless_figure_takes_the_one_product_of_the_sentence_before(text: str, written: str, subject: str | None) -> None:
    assert only_claim(text, written).subject == subject


def test_a_line_of_notes_keeps_its_subject_to_itself() -> None:
    text = "Mission Control 每秒处理 3 亿个事件。\n液冷覆盖率 100%。"
    assert only_claim(text, "100%").subject is None


def test_the_carried_subject_is_written_as_the_sentence_before_wrote_it() -> None:
    text = "Hopper 集群的 MFU 为 43%。有效训练时间占比达到 95%。"
    assert only_claim(text, "95%").subject == only_claim(text, "43%").subject == "Hopper 集群"


def test_a_run_on_sentence_is_cut_at_clause_breaks_and_keeps_every_figure():
    from claimledger.extraction.pipeline import LONGEST_SENTENCE

    text = "Stratus lists " + ", ".join(f"{n},000 GPUs in hall {n}" for n in range(1, 301)) + "."
    claims = extract(text)
    assert [claim.value for claim in claims] == [n * 1000.0 for n in range(1, 301)]
    assert all(len(claim.sentence) <= LONGEST_SENTENCE for claim in claims)
    assert all(text[c.sentence_start : c.sentence_end] == c.sentence for c in claims)


def test_a_metric_word_describing_a_name_is_not_what_a_later_figure_measures():
    """"能源效率最高的 Kite K2" names the most efficient chip; the 4 倍 is of its performance."""
    (claim,) = extract("能源效率最高的 Kite K2 芯片在训练负载方面较前一代提升四倍。")
    assert (claim.metric, claim.baseline) == (None, "previous generation")
    (claim,) = extract("Kite K2 芯片的能效最高可达前一代的 2 倍。")
    assert claim.metric == "performance per watt"


def test_a_change_verb_ending_in_a_hedge_cue_is_no_hedge():
    claims = extract("训练时间从 30 天缩短至 18 天，功耗降低至 5 kW，价格低至 1 元。")
    assert [(claim.text, claim.qualifier) for claim in claims] == [
        ("30 天", None), ("18 天", None), ("5 kW", None), ("低至 1 元", "at_least")]


def test_guidance_is_projected():
    assert [claim.projected for claim in extract("公司给出的下季度收入指引为 12 亿元。")] == [True]
    assert [claim.projected for claim in extract("Its guidance calls for revenue of $2.4 billion.")] == [True]


def test_a_unit_serving_two_figures_gives_both_its_metric():
    claims = extract("The chart marks 80,000 and 800,000 TPS/MW for the Kite K2 rack.")
    assert [(claim.text, claim.metric) for claim in claims] == [
        ("80,000", "tokens per second per MW"), ("800,000 TPS/MW", "tokens per second per MW")]


def test_its_between_a_hedge_and_the_figure_keeps_the_hedge():
    """"超其 400 倍": more than 400 times it."""
    (claim,) = extract("Kite K2 的参数量超其 400 倍。")
    assert (claim.value, claim.qualifier) == (400, "more_than")


@pytest.mark.parametrize(("sentence", "written", "subject"), [
    # a time word between the name opening the sentence and its verb is no part of the name
    ("昉擎此前公布的机柜功耗为 130 kW。", "130 kW", "昉擎"),
    ("昉擎日前发布的机柜功耗为 130 kW。", "130 kW", "昉擎"),
    # nor is a time word opening the sentence a name
    ("此前公布的机柜功耗为 130 kW。", "130 kW", None),
])
def test_a_time_word_before_the_verb_is_no_part_of_the_opening_subject(sentence: str, written: str, subject: str | None) -> None:
    assert only_claim(sentence, written).subject == subject


@pytest.mark.parametrize(("sentence", "written", "expected"), [
    ("K300 的功耗是 H200 的三分之一。", "三分之一", dict(kind="ratio", baseline="H200", metric="power")),
    ("K300 的功耗只有 H200 的一半。", "一半", dict(kind="ratio", baseline="H200")),
    ("K300 的价格仅为其一半。", "一半", dict(kind="ratio", metric="price")),
    ("The K300 draws half the power of the H200.", "half", dict(kind="ratio", baseline="H200", metric="power")),
    # a ratio of what was before compares with it: current
    ("该集群的功耗降至原来的一半。", "一半", dict(kind="ratio", role="current")),
    ("吞吐是此前的 2 倍。", "2 倍", dict(kind="ratio", role="current")),
])
def test_a_fraction_in_words_that_a_comparison_frames_is_a_ratio(sentence: str, written: str, expected: dict[str, Any]) -> None:
    check(sentence, written, expected)


@pytest.mark.parametrize("sentence", [
    "三分之一的 GPU 闲置。",
    "公司的一半收入来自云业务。",
    "Half the racks are liquid cooled.",
])
def test_a_fraction_in_words_outside_a_comparison_is_a_share_and_no_figure(sentence: str) -> None:
    assert extract(sentence) == []


@pytest.mark.parametrize(("sentence", "written", "subject"), [
    ("Orbis raised $600 million in a Series C round.", "$600 million", "Orbis"),
    ("Orbis secured $600 million from investors.", "$600 million", "Orbis"),
    ("Orbis invested $2 billion in new halls.", "$2 billion", "Orbis"),
])
def test_an_organisation_opening_a_sentence_of_its_money_is_its_subject(sentence: str, written: str, subject: str) -> None:
    assert only_claim(sentence, written).subject == subject



@pytest.mark.parametrize(("sentence", "written"), [
    ("星河超节点支持 4096 张基于 K9 的加速卡。", "4096 张"),
    ("平台拥有上千块高性能 X9 显卡。", "上千块"),
])
def test_a_counted_noun_stops_before_what_it_is_built_on_or_a_description(sentence: str, written: str) -> None:
    assert only_claim(sentence, written).metric is None


def test_a_plain_number_before_a_graphics_card_is_its_model() -> None:
    assert [claim.text for claim in extract("平台拥有 800 块 5090显卡，5090单卡每小时 2.1 元。")] == ["800 块", "2.1 元"]


def test_a_price_per_each_million_tokens_is_one_unit() -> None:
    claim = only_claim("星桥新服务器把推理成本降到 2 元/每百万 token。", "2 元/每百万 token")
    assert claim.kind == "quantity" and claim.unit is not None and "token" in claim.unit
