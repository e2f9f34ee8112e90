"""The post's topic (extraction/topic.py) and lists paired item by item (extraction/lists.py):
what a figure whose sentence names nothing is about, in English and Chinese."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.lists import respective, runs


def claim_of(text: str, written: str):
    """The one claim of `text` written as `written` (or starting so: "1,280,000 个..." is a count)."""
    (claim,) = [claim for claim in extract(text) if claim.text == written or claim.text.startswith(written + " ")]
    return claim


@pytest.mark.parametrize(("text", "written", "subject"), [
    # The title names the product; the sentences after it name nothing.
    ("Kestrel K4 launch notes\n\nCapacity: 432 GB of HBM per card.", "432 GB", "Kestrel K4"),
    ("Kestrel K4 发布笔记\n\n单卡显存为 432 GB。", "432 GB", "Kestrel K4"),
    # A pronoun, past a paragraph break.
    ("Orbis Labs unveiled the Orbis Z7.\n\nIt reaches 2,400 TFLOPS at FP8.", "2,400 TFLOPS", "Orbis Z7"),
    ("昉擎科技发布了 Orbis Z7。\n\n其 FP8 算力达 2,400 TFLOPS。", "2,400 TFLOPS", "Orbis Z7"),
    # A family and its member are one topic, the member kept.
    ("AMD showed the Instinct MI355X.\n\nPeak power: up to 1,400 W.", "up to 1,400 W", "MI355X"),
    # The topic's family pointed at as known is the topic.
    ("AMD showed the MI355X accelerator.\n\nThe Instinct part carries 288 GB of memory.", "288 GB", "MI355X"),
    # A figure of a sentence that names nothing keeps the topic over several paragraphs.
    ("Tessel T900 review\n\nIt is fast.\n\nPower draw is 700 W.", "700 W", "Tessel T900"),
])
def test_a_figure_that_names_nothing_takes_the_topic(text: str, written: str, subject: str) -> None:
    assert claim_of(text, written).subject_id == subject


@pytest.mark.parametrize(("text", "written"), [
    # Two unrelated products: no topic.
    ("Kestrel K4 and Orbis Z7 compared\n\nPower draw is 700 W.", "700 W"),
    ("Kestrel K4 与 Orbis Z7 对比\n\n功耗为 700 W。", "700 W"),
    # A new product compared with another: the post speaks of two.
    ("Kestrel K4 notes\n\nThe Kestrel K5 is 2x faster than the Kestrel K4.\n\nPower draw is 700 W.", "700 W"),
    ("Kestrel K4 笔记\n\n相比 Kestrel K4，Kestrel K5 的性能提升 2 倍。\n\n功耗为 700 W。", "700 W"),
    # The figures move on to another organisation.
    ("Kestrel K4 notes\n\nStratus Cloud said it serves 3,000 customers.\n\nEach stores up to 2 PB.", "up to 2 PB"),
    # A sentence about the company ends the topic; its money never takes a product.
    ("Kestrel K4 笔记\n\n公司预计明年营收将达 20 亿元。\n\n单机柜功耗约 40 kW。", "约 40 kW"),
    ("Kestrel K4 笔记\n\n公司预计明年营收将达 20 亿元。", "20 亿元"),
    ("Kestrel K4 notes\n\nThe company expects to ship 20,000 units next year.", "20,000 units"),
    ("Kestrel K4 notes\n\nAnalysts expect the market to reach $90 billion.", "$90 billion"),
    # Another product's possession is not the topic's.
    ("Kestrel K5 notes\n\nIt doubles the Kestrel K4's 96 GB.\n\nBoard power is 900 W.", "900 W"),
    # A sentence pointing at a thing of another kind.
    ("Kestrel K4 notes\n\nThe rack draws 120 kW.", "120 kW"),
    ("Kestrel K4 notes\n\nThe new racks draw up to 132 kW each.", "up to 132 kW"),
    ("Kestrel K4 笔记\n\n新机柜的功耗约为 130 kW。", "约为 130 kW"),
    ("Orbis deployed 20,000 Kestrel K4 GPUs. The racks draw up to 60 kW each.", "up to 60 kW"),
    # A sentence in a language the extractor does not read ends the topic.
    ("Kestrel K4 notes\n\nこれは新しいチップです。\n\nPower draw is 700 W.", "700 W"),
])
def test_no_topic_across_a_change_of_topic(text: str, written: str) -> None:
    assert claim_of(text, written).subject is None


@pytest.mark.parametrize("text", [
    "Kestrel K5 notes\n\nThe Kestrel K5 holds 4 trillion transistors, double the Kestrel K4's 2 trillion.",
    "Kestrel K5 notes\n\n4 trillion transistors on one die, double the Kestrel K4's 2 trillion.",
])
def test_a_figure_another_product_owns_is_that_products(text: str) -> None:
    assert claim_of(text, "2 trillion").subject == "Kestrel K4"
    assert claim_of(text, "4 trillion transistors").subject == "Kestrel K5"


def test_a_ratio_after_a_possessive_is_not_the_baselines() -> None:
    assert claim_of("Kestrel K5 的算力是 Kestrel K4 的 3 倍。", "3 倍").subject == "Kestrel K5"


@pytest.mark.parametrize(("text", "written", "subject"), [
    # A bare group word after the chip: the known system built on it.
    ("AWS detailed Trainium3.\n\nA 144-chip UltraServer configuration provides 362 PFLOPS.", "362 PFLOPS", "Trn3 UltraServer"),
    # A count of chips before a group word: that chip's system, known or not.
    ("Kestrel K9 notes\n\nA 1,024-GPU cluster reaches 400 PFLOPS.", "400 PFLOPS", "Kestrel K9 cluster"),
    ("Kestrel K9 笔记\n\n由 1,024 张加速卡组成的集群总算力超过 400 PFLOPS。", "超过 400 PFLOPS", "Kestrel K9 cluster"),
    ("Kestrel K9 笔记\n\n10,000 个 GPU 叢集具备 1,280,000 个计算核心。", "1,280,000", "Kestrel K9 cluster"),
    # Pointing at the chip keeps the chip.
    ("AWS detailed Trainium3.\n\nEach chip in the UltraServer holds 144 GB.", "144 GB", "Trainium3"),
])
def test_a_counted_or_named_group_of_the_topic_chip_is_its_system(text: str, written: str, subject: str) -> None:
    assert claim_of(text, written).subject == subject


def test_these_gpus_point_ahead_to_the_one_chip_of_the_maker_the_post_names() -> None:
    text = (
        "Moore Threads expands its clusters\n\nMoore Threads upgraded its data-center servers.\n\n"
        "These GPUs carry 48 GB GDDR6 memory.\n\nThe MTT S4000 is sold in China, unlike Nvidia's A100 GPU."
    )
    assert claim_of(text, "48 GB").subject == "MTT S4000"


def test_these_gpus_point_ahead_to_nothing_when_the_maker_makes_none_named() -> None:
    text = "Stratus Cloud expands\n\nStratus Cloud upgraded its servers.\n\nThese GPUs carry 48 GB GDDR6 memory.\n\nNvidia's A100 GPU is older."
    assert claim_of(text, "48 GB").subject is None


@pytest.mark.parametrize(("text", "written", "subject"), [
    ("These GPUs are based on the MUSA architecture and feature 48 GB GDDR6 memory.", "48 GB", None),
    ("该卡采用 MUSA 架构，配备 48 GB GDDR6 显存。", "48 GB", None),
    ("The Kestrel K4 is based on the MUSA architecture and has 48 GB GDDR6 memory.", "48 GB", "Kestrel K4"),
])
def test_an_architecture_a_product_is_based_on_is_never_its_subject(text: str, written: str, subject: str | None) -> None:
    assert claim_of(text, written).subject == subject


@pytest.mark.parametrize(("text", "written", "subject"), [
    ("Kestrel unveiled the Orion X9 server. The server integrates AMD EPYC CPUs and holds 128 accelerators per rack.",
     "128 accelerators per rack", "Orion X9"),
    ("星图科技发布了Orion X9超节点服务器。据悉，该服务器集成昉擎自研 Z7 芯片，单柜支持 128 个计算芯片。", "128 个计算芯片", "Orion X9超节点"),
    # Not when the sentence's own product comes first: "The server's K9 chip ..." names its subject.
    ("Kestrel unveiled the Orion X9 server. Its K9 chip reaches 900 TFLOPS.", "900 TFLOPS", "K9"),
])
def test_a_sentence_opening_with_a_word_for_the_thing_is_about_it(text: str, written: str, subject: str) -> None:
    """Not about the maker or the part it names beside the thing ("integrates AMD EPYC CPUs", "集成昉擎自研 Z7 芯片")."""
    assert claim_of(text, written).subject == subject


@pytest.mark.parametrize(("text", "written", "metric"), [
    ("The Kestrel K4 features 128 tensor cores and 48 GB GDDR6 memory.", "48 GB", "memory capacity"),
    ("Kestrel K4 配备 128 个张量核心和 48 GB GDDR6 显存。", "48 GB", "memory capacity"),
])
def test_a_part_code_between_figure_and_metric_keeps_the_metric(text: str, written: str, metric: str) -> None:
    assert claim_of(text, written).metric == metric


@pytest.mark.parametrize(("text", "written"), [
    ("With 4 trillion transistors, the Kestrel K4 serves 1,800 tokens per second on Llama 3.1 8B.", "4 trillion transistors"),
    ("Kestrel K4 拥有 96 GB 显存，在 DeepSeek R1 上每秒生成 900 个 token。", "96 GB"),
])
def test_a_hardware_specification_has_no_workload_condition(text: str, written: str) -> None:
    claim = claim_of(text, written)
    assert (claim.condition, claim.condition_id, claim.precision) == (None, None, None)


@pytest.mark.parametrize(("text", "precisions"), [
    ("Kestrel K4 在 FP32、TF32、FP16 精度下的算力分别为 60 TFLOPS、120 TFLOPS、240 TFLOPS。", ["FP32", "TF32", "FP16"]),
    ("Kestrel K4 在 BF16 与 FP8 下的算力分别达到 300 TFLOPS 和 600 TFLOPS。", ["BF16", "FP8"]),
    ("The Kestrel K4 delivers 1,000, 2,000 and 4,000 TFLOPS at FP16, FP8 and FP4, respectively.", ["FP16", "FP8", "FP4"]),
    ("The Kestrel K4 reaches 3,000 TOPS and 1,500 TFLOPS at INT8 and FP8 respectively.", ["INT8", "FP8"]),
    # Without the cue, each figure keeps the precision nearest it.
    ("The Kestrel K4 reaches 800 TFLOPS at FP16 and 1,600 TFLOPS at FP8.", ["FP16", "FP8"]),
])
def test_a_list_of_figures_takes_a_list_of_precisions_item_by_item(text: str, precisions: list[str]) -> None:
    assert [claim.precision for claim in extract(text) if claim.kind == "quantity"] == precisions


def test_lists_of_unequal_length_do_not_pair() -> None:
    folded = "在 FP32、FP16 下分别为 1、2、3"
    assert respective(folded, [(2, 6), (7, 11)], [(17, 18), (19, 20), (21, 22)]) == {}


def test_a_list_is_joined_only_by_list_words() -> None:
    text = "A、B and C then D"
    spans = [(0, 1), (2, 3), (8, 9), (15, 16)]
    assert runs(text, spans) == [[0, 1, 2], [3]]


@pytest.mark.parametrize(("text", "written"), [
    ("Trn3 UltraServers and Trainium4 notes\n\nAWS claims up to 4.4x more compute than its previous Trainium2 UltraServers.", "up to 4.4x"),
    ("Trn3 UltraServer 与 Trainium4 笔记\n\nAWS 称，其算力是其上一代 Trainium2 UltraServer 的 4.4 倍。", "4.4 倍"),
])
def test_a_figure_against_its_own_predecessor_is_the_successors(text: str, written: str) -> None:
    claim = claim_of(text, written)
    assert (claim.subject_id, claim.baseline_id, claim.claimant) == ("Trn3 UltraServer", "Trn2 UltraServer", "AWS")


def test_no_successor_when_the_post_named_none_of_the_family() -> None:
    text = "Orbis Z7 notes\n\nAWS claims up to 4.4x more compute than its previous Trainium2 UltraServers."
    assert claim_of(text, "up to 4.4x").subject_id == "AWS"


@pytest.mark.parametrize(("text", "subject"), [
    # Parts of the topic's family, counted per rack of a cluster: the rack system's.
    ("Stratus brought up its first Vera Rubin NVL72 cluster.\n\nThis one has 72 Rubin GPUs and 36 Vera CPUs per rack.", "Vera Rubin NVL72"),
    ("Stratus 上线了首个 Vera Rubin NVL72 集群。\n\n每个机架有 72 颗 Rubin GPU 和 36 颗 Vera CPU。", "Vera Rubin NVL72"),
    # Parts of another family: not the topic's.
    ("Stratus brought up its first GB300 NVL72 rack.\n\nThis one has 72 Rubin GPUs and 36 Vera CPUs per rack.", None),
])
def test_parts_of_the_topics_family_are_the_topics(text: str, subject: str | None) -> None:
    claim = next(claim for claim in extract(text) if claim.value == 72)
    assert claim.subject_id == subject


@pytest.mark.parametrize(("text", "written", "metric"), [
    ("The Kestrel K4 ships in pods of up to 4,096 chips.", "up to 4,096 chips", "pod size"),
    ("The Kestrel K4 ships in clusters of 1,024 cards.", "1,024 cards", "cluster size"),
    ("Kestrel K4 的集群规模达 1,024 卡。", "1,024 卡", "cluster size"),
])
def test_a_group_of_n_chips_measures_the_groups_size(text: str, written: str, metric: str) -> None:
    assert claim_of(text, written).metric == metric


@pytest.mark.parametrize(("text", "subject"), [
    # The next sentence goes on about the product, not the one a past value was of.
    ("The MI355X has 256 compute units, up from 228 in the MI300X. It runs at 2.4 GHz.", "MI355X"),
    # Two products side by side: which one "it" is stays unknown.
    ("The MI355X has 256 compute units, while the B200 has 148 SMs. It runs at 2.4 GHz.", None),
    ("MI355X 有 256 个计算单元,而 B200 有 148 个 SM。其频率为 2.4 GHz。", None),
])
def test_a_sentence_after_two_products_carries_only_the_one_it_is_about(text: str, subject: str | None) -> None:
    assert claim_of(text, "2.4 GHz").subject_id == subject


@pytest.mark.parametrize(("text", "written", "subject"), [
    # A speaker planning its own doing keeps its figure after a sentence about a product ...
    ("Prices on the Kestrel K4 fell by 40% this year. Orbis Cloud expects to bring more than 30 MW online by 2027.",
     "more than 30 MW", "Orbis Cloud"),
    ("The Tessel T900 draws 1.2 kW. Corvane plans to deploy 20,000 GPUs by June.", "20,000 GPUs", "Corvane"),
    # ... while a speaker forecasting what the product does speaks of the product.
    ("The MI300X delivered 2.1x the throughput of the H100. AMD expects to deliver 35x the inference performance next year.",
     "35x", "MI300X"),
])
def test_a_speaker_planning_its_own_doing_keeps_its_figure(text: str, written: str, subject: str) -> None:
    assert claim_of(text, written).subject == subject


@pytest.mark.parametrize(("text", "written"), [
    ("Kestrel Silicon reports fiscal third-quarter results\n\nQuarterly revenue came to $2.4 billion.", "$2.4 billion"),
    ("Kestrel Silicon reports fiscal third-quarter results\n\nSales rose 18% year over year.", "18%"),
    ("寒武纪发布半年度业绩报告\n\n营收达到 28.6 亿元，同比增长 43%。", "28.6 亿元"),
])
def test_the_company_of_an_earnings_title_owns_the_revenue_that_names_no_one(text: str, written: str) -> None:
    assert claim_of(text, written).subject_id in ("Kestrel Silicon", "Cambricon")


@pytest.mark.parametrize(("text", "written"), [
    # Another company named after the title: whose figures follow is unclear.
    ("AMD quarterly results\n\nNVIDIA said its revenue was $57 billion.\n\nRevenue reached $9.2 billion.", "$9.2 billion"),
    # A product in the title: the post is not (only) about the company's results.
    ("AMD unveils the MI355X, raises revenue outlook\n\nRevenue reached $9.2 billion.", "$9.2 billion"),
    # A segment's figure is not the whole company's.
    ("AMD posts record quarterly revenue\n\nThe gaming segment brought in $1.1 billion.", "$1.1 billion"),
    ("寒武纪发布季度业绩\n\n云端业务收入为 5.2 亿元。", "5.2 亿元"),
    # A figure that is no company measure (no money, no revenue) is not given to the company.
    ("AMD quarterly results\n\nShipments reached 9,000 racks.", "9,000 racks"),
])
def test_no_earnings_company_where_it_is_unsafe(text: str, written: str) -> None:
    assert claim_of(text, written).subject is None
