"""Template-built vendor posts in English and Chinese, for the benchmarks only.

Sentences read like the announcements claimledger is made for: throughput,
bandwidth, power, cluster sizes, prices and growth, hedged ("up to", "约"),
compared ("4x the previous generation", "GB200 NVL72 的 10 倍"), with product
names full of digits and dates that are not claims. A `random.Random` seeded
by the caller picks every word and figure, so a seed always yields the same
text. None of this is test data: the extractor is scored elsewhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

VENDORS_EN = [
    "NVIDIA", "AMD", "CoreWeave", "Lambda", "Together AI", "Crusoe", "Nebius",
    "Cerebras", "Groq", "SambaNova", "Google Cloud", "Microsoft Azure", "AWS",
    "Oracle Cloud", "Meta", "Anthropic", "Mistral AI", "Intel", "Supermicro",
]
VENDORS_ZH = [
    "华为", "阿里云", "百度智能云", "腾讯云", "火山引擎", "摩尔线程", "寒武纪",
    "壁仞科技", "沐曦", "DeepSeek", "月之暗面", "智谱", "商汤", "浪潮信息",
    "中科曙光", "CoreWeave", "NVIDIA", "AMD",
]
PRODUCTS = [
    "GB300 NVL72", "GB200 NVL72", "Vera Rubin NVL72", "HGX B200", "H200", "H100",
    "MI355X", "MI300X", "Gaudi 3", "Trainium2", "TPU v6e", "Ascend 910C",
    "CloudMatrix 384", "MTT S4000", "MLU590", "WSE-3", "LPU v2", "SN40L",
]
BASELINES_EN = [
    "the previous generation", "Hopper", "H100", "GB200 NVL72", "a CPU-only cluster",
    "last year's platform", "the MI300X", "the fastest competing submission",
]
BASELINES_ZH = ["上一代", "Hopper", "H100", "GB200 NVL72", "A100", "去年的平台", "竞品"]
WORKLOADS = [
    "DeepSeek R1", "Llama 3.1 405B", "GPT-OSS-120B", "Qwen3-235B", "Mixtral 8x22B",
    "MLPerf v5.1 Training", "MLPerf Inference v6.0", "Stable Diffusion XL", "Kimi K2",
]
MONTHS_EN = [
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
]
CHINESE_DIGITS = "零一二三四五六七八九"


@dataclass(frozen=True)
class Post:
    """One generated blog post: a title and its paragraphs, in one language."""

    title: str
    paragraphs: list[str]
    lang: str


def chinese_numeral(number: int) -> str:
    """Write 1..99 in Chinese numerals (十二, 三十五) as posts often do."""
    tens, ones = divmod(number, 10)
    head = "" if tens == 0 else ("十" if tens == 1 else CHINESE_DIGITS[tens] + "十")
    tail = CHINESE_DIGITS[ones] if ones or not head else ""
    return head + tail


def _en_sentence(rng: random.Random) -> str:
    """One English sentence: mostly claims, some with only names and dates."""
    vendor, product = rng.choice(VENDORS_EN), rng.choice(PRODUCTS)
    workload, baseline = rng.choice(WORKLOADS), rng.choice(BASELINES_EN)
    templates = [
        lambda: f"{vendor} said its {product} cluster delivered {rng.randint(2000, 40000):,} "
        f"tokens per second per GPU on {workload}, {rng.randint(2, 12)}x {baseline}.",
        lambda: f"Each {product} rack draws up to {rng.randint(40, 180)} kW and links "
        f"{rng.choice([8, 16, 36, 72, 144])} GPUs with {rng.choice([1.6, 3.2, 6.4])} Tb/s "
        "of scale-out bandwidth per chip.",
        lambda: f"According to the company's own measurements, MFU reached {rng.randint(35, 62)}% "
        f"when training {workload} on {rng.choice([1024, 2048, 4096, 16384]):,} GPUs.",
        lambda: f"Inference prices fell by {rng.randint(10, 80)}% year over year, to "
        f"${rng.randint(1, 40) / 10:.2f} per million tokens.",
        lambda: f"{vendor} expects to bring more than {rng.randint(2, 90)} MW of capacity online "
        f"by Q{rng.randint(1, 4)} {rng.randint(2026, 2028)}, roughly "
        f"{rng.randint(10, 300) * 1000:,} GPUs.",
        lambda: f"Memory bandwidth is {rng.randint(30, 220) / 10:.1f} TB/s per GPU, with "
        f"{rng.choice([141, 192, 256, 288])} GB of HBM3e.",
        lambda: f"Time to first token was {rng.randint(2, 9)}-{rng.randint(10, 20)}x faster than "
        f"{baseline} at the same interactivity target.",
        lambda: f"The {product} nodes posted {rng.randint(100, 5000):,} queries per second serving "
        f"{workload}, about {rng.randint(11, 40) / 10:.1f} times the throughput of {baseline}.",
        lambda: f"Goodput stayed above {rng.randint(90, 99)}% and mean time between failures "
        f"improved by nearly {rng.randint(2, 10)}x across the fleet.",
        lambda: f"{vendor} will hold its developer conference on {rng.choice(MONTHS_EN)} "
        f"{rng.randint(1, 28)}, where the {product} roadmap is on the agenda.",
        lambda: f"Customers can request access to {product} instances in {vendor}'s "
        f"us-east-{rng.randint(1, 4)} region starting next week.",
    ]
    return rng.choice(templates)()


def _zh_sentence(rng: random.Random) -> str:
    """One Chinese sentence, with English product names as Chinese posts write them."""
    vendor, product = rng.choice(VENDORS_ZH), rng.choice(PRODUCTS)
    workload, baseline = rng.choice(WORKLOADS), rng.choice(BASELINES_ZH)
    templates = [
        lambda: f"{vendor}表示，{product} 在 {workload} 推理中实现每 GPU 每秒 "
        f"{rng.randint(2000, 40000):,} 个 token，是{baseline}的 {rng.randint(2, 12)} 倍。",
        lambda: f"{vendor}宣布，其智算集群规模已超过 {rng.randint(2, 30)} 万张加速卡，预计"
        f"{rng.randint(2026, 2028)} 年底达到{chinese_numeral(rng.randint(30, 99))}万张。",
        lambda: f"据公司自己发布的数据，{product} 的每瓦性能提升约 {rng.randint(15, 90)}%。",
        lambda: f"在 {workload} 训练任务上，{product} 的速度最高达 {baseline} 的 "
        f"{rng.randint(2, 30)} 倍。",
        lambda: f"单机柜功耗约 {rng.randint(40, 180)} 千瓦，NVLink 互联带宽达 "
        f"{rng.randint(100, 260)} TB/s。",
        lambda: f"{vendor}第{chinese_numeral(rng.randint(1, 4))}季度营收同比增长 "
        f"{rng.randint(5, 120)}%，达到 {rng.randint(10, 900)} 亿元。",
        lambda: f"模型 API 价格下调至每百万 tokens {rng.randint(1, 16)} 元，降幅达百分之"
        f"{chinese_numeral(rng.randint(20, 90))}。",
        lambda: f"{product} 集群的 MFU 比公开基准高 {rng.randint(5, 30)}%，有效训练时间占比"
        f"最高 {rng.randint(90, 99)}%。",
        lambda: f"新一代推理芯片的显存容量为 {rng.choice([96, 128, 144, 192])} GB，"
        f"功耗不到 {rng.randint(3, 10) * 100} W。",
        lambda: f"{vendor}将于 {rng.randint(1, 12)} 月 {rng.randint(1, 28)} 日举行发布会，"
        f"届时公布 {product} 的量产计划。",
        lambda: f"{vendor}预计明年出货量将增长{chinese_numeral(rng.randint(2, 9))}成以上。",
    ]
    return rng.choice(templates)()


def sentence(rng: random.Random, lang: str) -> str:
    """One template-built sentence in `lang` ("en" or "zh")."""
    return _zh_sentence(rng) if lang == "zh" else _en_sentence(rng)


def post(rng: random.Random, lang: str) -> Post:
    """A post of two to four paragraphs of two to four sentences each."""
    vendor = rng.choice(VENDORS_ZH if lang == "zh" else VENDORS_EN)
    product = rng.choice(PRODUCTS)
    if lang == "zh":
        title = f"{vendor}发布 {product} 实测：{rng.choice(['推理', '训练', '能效'])}性能大幅提升"
        joiner = ""
    else:
        title = f"{vendor} publishes {product} results for {rng.choice(WORKLOADS)}"
        joiner = " "
    paragraphs = [
        joiner.join(sentence(rng, lang) for _ in range(rng.randint(2, 4)))
        for _ in range(rng.randint(2, 4))
    ]
    return Post(title=title, paragraphs=paragraphs, lang=lang)
