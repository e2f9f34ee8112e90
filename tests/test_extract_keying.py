"""Extraction rules that decide whether two posts' claims share a key: subjects,
baselines, metrics and hedges, in English and Chinese, checked on the claim and
on the key it gets (`claimledger.diff.keys.claim_key`)."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.pipeline import split_sentences
from claimledger.diff.keys import claim_key


def claim_of(sentence: str, text: str):
    """The one claim of `sentence` whose text is `text`."""
    found = [claim for claim in extract(sentence) if claim.text == text]
    assert len(found) == 1, [claim.text for claim in extract(sentence)]
    return found[0]


def key_of(sentence: str, text: str) -> str:
    key = claim_key(claim_of(sentence, text))
    assert key is not None
    return key.text


@pytest.mark.parametrize(
    ("sentence", "text", "qualifier"),
    [
        # A peak is the best case, written either way; the verb stays out of the figure's text.
        ("Falcon X7 peaked at 41,000 tokens per second on Llama 3.1 70B.", "41,000 tokens per second", "up_to"),
        ("The Orion Z2 cluster now peaks at 3.2 PB/s.", "3.2 PB/s", "up_to"),
        ("Falcon X7 在 Llama 3.1 70B 上的峰值为 4.1 万 TPS/MW。", "4.1 万 TPS/MW", "up_to"),
        ("该机架的峰值达 150 kW。", "150 kW", "up_to"),
        # Stacked cues: the nearest the number says how it is hedged.
        ("The pod scales to as many as about 9,000 GPUs.", "about 9,000 GPUs", "approximately"),
        ("集群最多支持约 9,000 颗 GPU。", "约 9,000 颗 GPU", "approximately"),
        ("It draws up to nearly 40 kW.", "nearly 40 kW", "nearly"),
    ],
)
def test_hedges(sentence, text, qualifier):
    assert claim_of(sentence, text).qualifier == qualifier


def test_peak_reads_the_same_in_both_languages():
    english = key_of("Orion Z2 peaked at 52,000 TPS/MW on Qwen3-235B.", "52,000 TPS/MW")
    chinese = key_of("Orion Z2 在 Qwen3-235B 上的峰值为 52,000 TPS/MW。", "52,000 TPS/MW")
    assert english == chinese
    assert claim_of("Orion Z2 在 Qwen3-235B 上的峰值为 52,000 TPS/MW。", "52,000 TPS/MW").qualifier == "up_to"


@pytest.mark.parametrize(
    ("sentence", "text", "metric", "baseline"),
    [
        # The metric named after the ratio beats one named earlier in the clause.
        ("At the same latency target, Orion Z2 delivered 7x the TPS/MW of H200.", "7x", "tokens per second per MW", "H200"),
        # A long metric between "the" and "of" keeps its baseline.
        ("Falcon X7 offers up to 3x the tokens per second per watt of Hopper.", "up to 3x", "tokens per second per watt", "Hopper"),
        ("Orion Z2 gives 5x more tokens per second per megawatt than B200 on DeepSeek V3.", "5x",
         "tokens per second per MW", "B200"),
        ("Falcon X7 的每 MW 每秒 token 数最高达 H200 的 6 倍。", "6 倍", "tokens per second per MW", "H200"),
    ],
)
def test_metric_and_baseline_of_a_ratio(sentence, text, metric, baseline):
    claim = claim_of(sentence, text)
    assert (claim.metric, claim.baseline) == (metric, baseline)


def test_long_metric_ratio_keys_the_same_in_both_languages():
    english = key_of("Orion Z2 delivers 6x more tokens per second per megawatt than B200.", "6x")
    chinese = key_of("Orion Z2 的每 MW 每秒 token 数是 B200 的 6 倍。", "6 倍")
    assert english == chinese


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # What is counted is not the subject when the container is named.
        ("The new Orion Z2 cluster has 4,032 Blackwell GPUs across 56 racks.", "4,032 Blackwell GPUs", "Orion Z2 cluster"),
        ("The new Orion Z2 cluster has 4,032 Blackwell GPUs across 56 racks.", "56 racks", "Orion Z2 cluster"),
        ("Each Falcon X7 pod holds 144 Rubin GPUs.", "144 Rubin GPUs", "Falcon X7 pod"),
        ("Orion Z2 集群共有 4,032 颗 Blackwell GPU。", "4,032 颗 Blackwell GPU", "Orion Z2 集群"),
        # ... nor when nothing else is named: the count is no figure of the chip (every fleet of it would be one).
        ("Only 512 Rubin GPUs were installed this quarter.", "512 Rubin GPUs", None),
        ("机房里有 512 颗 Hopper GPU。", "512 颗 Hopper GPU", None),
        # A group of machines stays with its name: a cluster's goodput is not a chip's.
        ("Across the hall, the Blackwell fleet reached 91% goodput.", "91%", "Blackwell fleet"),
        ("该 Blackwell 集群的 goodput 为 91%。", "91%", "Blackwell 集群"),
        ("Blackwell goodput reached 91% on our clusters.", "91%", "Blackwell"),
    ],
)
def test_subjects(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


def test_cluster_and_rack_counts_do_not_share_a_key():
    rack = key_of("Orion Z2 has 72 Rubin GPUs in every rack.", "72 Rubin GPUs")
    cluster = key_of("The Orion Z2 cluster has 2,880 Rubin GPUs.", "2,880 Rubin GPUs")
    assert rack != cluster


@pytest.mark.parametrize(
    ("sentence", "text", "subject", "condition"),
    [
        # A model is what is measured when nothing else is named ...
        ("Qwen3-235B training time fell 3.1x year-over-year.", "3.1x", "Qwen3-235B", None),
        ("在同一套集群上，Qwen3-235B 的训练时间同比缩短 3.1 倍。", "3.1 倍", "Qwen3-235B", None),
        # ... but a workload the figure is run on stays the condition.
        ("A single rack produced 90,000 tokens per second running Llama 3.1 70B offline.", "90,000 tokens per second",
         None, "Llama 3.1 70B offline"),
        ("在 Qwen3 推理负载上，每 MW 每秒 token 数提升 3 倍。", "3 倍", None, "Qwen3"),
    ],
)
def test_model_as_subject_or_condition(sentence, text, subject, condition):
    claim = claim_of(sentence, text)
    assert (claim.subject, claim.condition) == (subject, condition)


def test_model_measured_keys_the_same_in_both_languages():
    english = key_of("Qwen3-235B training time improved 3.1x year-over-year.", "3.1x")
    chinese = key_of("Qwen3-235B 的训练时间同比缩短 3.1 倍。", "3.1 倍")
    assert english == chinese


@pytest.mark.parametrize(
    ("english", "english_text", "chinese", "chinese_text"),
    [
        ("Each Blackwell GPU gets 800 Gb/s of scale-out bandwidth.", "800 Gb/s",
         "每颗 Blackwell GPU 的横向扩展带宽为 100 GB/s。", "100 GB/s"),
        ("NVLink 5 ties them together with 130 TB/s of all-to-all bandwidth.", "130 TB/s",
         "NVLink 5 提供 130 TB/s 的全互联带宽。", "130 TB/s"),
        # The metric set off right before the figure.
        ("What matters is the scale-out bandwidth, 800 Gb/s on each Blackwell GPU.", "800 Gb/s",
         "每颗 Blackwell GPU 的横向扩展带宽为 100 GB/s。", "100 GB/s"),
    ],
)
def test_bandwidth_names_key_the_same_in_both_languages(english, english_text, chinese, chinese_text):
    assert key_of(english, english_text) == key_of(chinese, chinese_text)


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("It runs Llama 3.1 70B. Each node has 8 GPUs.", ["It runs Llama 3.1 70B.", "Each node has 8 GPUs."]),
        ("We compared it with the MI355X. The gap was 20%.", ["We compared it with the MI355X.", "The gap was 20%."]),
        ("Add 4B. tokens", ["Add 4B. tokens"]),
    ],
)
def test_a_model_code_full_stop_ends_a_sentence(text, sentences):
    assert [sentence.text for sentence in split_sentences(text, "en")] == sentences


def test_figures_after_a_model_code_sentence_take_their_own_condition():
    claims = extract("Orion Z2 is 2x faster on Llama 3.1 70B. Each Orion Z2 rack is expected to draw 150 kW.")
    power = [claim for claim in claims if claim.text == "150 kW"][0]
    assert power.condition is None


@pytest.mark.parametrize(
    ("sentence", "text", "condition"),
    [
        ("实验室上周发布了星河-2 的训练报告，训练用了 2,048 颗 Hopper GPU。", "2,048 颗 Hopper GPU", "星河-2"),
        ("团队在星河-2 上测得 MFU 为 40%。", "40%", "星河-2"),
    ],
)
def test_chinese_model_names_do_not_start_at_a_particle(sentence, text, condition):
    assert claim_of(sentence, text).condition == condition


def test_there_is_not_a_subject():
    assert claim_of("There is no air cooling here: the hall is 100% liquid cooled.", "100%").subject is None


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # A capitalised word before a model code is not a brand.
        ("Each GB300 NVL72 rack pairs 72 Blackwell Ultra GPUs with 36 Grace CPUs in one NVLink domain.", "36 Grace CPUs",
         "GB300 NVL72"),
        ("With H100 the run took 30 days.", "30 days", "H100"),
        ("Orion Z2 draws 700 W at full load.", "700 W", "Orion Z2"),
        # A name before the figure beats one introduced after it in the same clause.
        ("Each Orion Z2 tray holds 8 Rubin GPUs in a single NVLink domain.", "8 Rubin GPUs", "Orion Z2"),
    ],
)
def test_brand_codes_and_clause_subjects(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # A fleet of counted products belongs to whoever opens the sentence.
        ("Orion Cloud will deploy 20,000 Falcon X7 GPUs across 250 racks.", "20,000 Falcon X7 GPUs", "Orion Cloud"),
        ("CoreWeave deployed 100,000 H100 GPUs last year.", "100,000 H100 GPUs", "CoreWeave"),
        ("极光云宣布部署 1 万颗 Falcon X7 GPU。", "1 万颗 Falcon X7 GPU", "极光云"),
    ],
)
def test_a_deployed_fleet_is_the_deployers(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


def test_a_fleet_count_and_a_per_rack_spec_do_not_share_a_key():
    spec = key_of("Falcon X7 racks hold 64 GPUs each.", "64 GPUs")
    fleet = key_of("Orion Cloud will deploy 20,000 Falcon X7 GPUs.", "20,000 Falcon X7 GPUs")
    assert spec != fleet


@pytest.mark.parametrize(
    ("english", "english_text", "chinese", "chinese_text", "metric"),
    [
        ("Blackwell goodput reached 95%, and effective training time reached 97%.", "97%",
         "Blackwell 的有效训练时间占比达到 97%。", "97%", "effective training time"),
        ("On Blackwell, mean time between failures is about 40 hours.", "about 40 hours",
         "Blackwell 的平均故障间隔约 40 小时。", "约 40 小时", "mean time between failure"),
    ],
)
def test_reliability_metrics_key_the_same_in_both_languages(english, english_text, chinese, chinese_text, metric):
    key = key_of(english, english_text)
    assert key == key_of(chinese, chinese_text)
    assert key.split(" | ")[1] == metric


@pytest.mark.parametrize(
    ("sentence", "text", "baseline"),
    [
        # A baseline phrase ends where a relative clause without "that" starts.
        ("We measured 15% higher MFU than the published baselines we could find.", "15%", "the published baselines"),
        ("Orion Z2 is 3x faster than the systems they tested last year.", "3x", "the systems"),
    ],
)
def test_baseline_phrase_ends_before_a_relative_clause(sentence, text, baseline):
    assert claim_of(sentence, text).baseline == baseline


def test_a_baseline_with_and_without_its_relative_clause_keys_the_same():
    short = key_of("On Orion Z2 we measured 15% higher MFU than published baselines.", "15%")
    long = key_of("On Orion Z2 we measured 15% higher MFU than the published baselines we could find.", "15%")
    assert short == long


@pytest.mark.parametrize(
    ("sentence", "texts"),
    [
        # A year naming a generation of things is not a count of them ...
        ("Our 2023 GPUs are slower than the 2025 fleet.", []),
        ("Failures fell 4x against our own 2024 clusters.", ["4x"]),
        ("我们 2024 款服务器的功耗为 10 kW。", ["10 kW"]),
        ("2025 财年营收增长 20%。", ["20%"]),
        # ... but a plain count is, even in the years' range.
        ("The cluster has 2024 GPUs.", ["2024 GPUs"]),
        ("Its 2048 GPUs draw 1.5 MW.", ["2048 GPUs", "1.5 MW"]),
    ],
)
def test_years_naming_a_generation_are_not_counts(sentence, texts):
    assert [claim.text for claim in extract(sentence)] == texts


def test_assembly_speed_keys_the_same_in_both_languages():
    english = key_of("On Orion Z2, rack assembly is about 40x faster than Hopper.", "about 40x")
    chinese = key_of("Orion Z2 的机架组装速度比 Hopper 快约 40 倍。", "约 40 倍")
    assert english == chinese
    assert english.split(" | ")[1] == "assembly speed"


@pytest.mark.parametrize(
    ("sentence", "text", "subject", "condition"),
    [
        # A model measured on a benchmark: the model is the subject, the benchmark the condition.
        ("Mixtral 8x22B scored 77% on MMLU.", "77%", "Mixtral 8x22B", "MMLU"),
        ("On GPQA, Qwen3-235B scores 71%.", "71%", "Qwen3-235B", "GPQA"),
        ("Kimi K2 在 AIME 2025 上得分 49.5%。", "49.5%", "Kimi K2", "AIME 2025"),
        # Counted with a scale word, a product is still what is counted.
        ("AMD shipped 2 million MI355X GPUs last year.", "2 million MI355X GPUs", "AMD", None),
        ("英伟达上季度出货 300 万颗 Blackwell GPU。", "300 万颗 Blackwell GPU", "英伟达", None),
    ],
)
def test_models_on_benchmarks_and_scaled_counts(sentence, text, subject, condition):
    claim = claim_of(sentence, text)
    assert (claim.subject, claim.condition) == (subject, condition)


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # A part or standard is the subject only when no product is named.
        ("Orion Z2 pairs 192 GB of HBM3E with 6 TB/s of memory bandwidth.", "6 TB/s", "Orion Z2"),
        ("HBM4 reaches 2 TB/s per stack.", "2 TB/s per stack", "HBM4"),
        ("Orion Z2 的 HBM3E 显存带宽为 6 TB/s。", "6 TB/s", "Orion Z2"),
    ],
)
def test_parts_are_subjects_only_alone(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


def test_a_superpod_alias_is_not_doubled():
    english = key_of("Huawei's CloudMatrix 384 reaches up to 300 PFLOPS.", "up to 300 PFLOPS")
    chinese = key_of("华为 CloudMatrix 384 超节点的算力最高可达 300 PFLOPS。", "最高可达 300 PFLOPS")
    assert english.split(" | ")[0] == chinese.split(" | ")[0] == "ascend 384 superpod"


@pytest.mark.parametrize(
    ("sentence", "text", "qualifier"),
    [
        # A per-unit written before the number stands between a hedge and its figure.
        ("吞吐峰值接近每秒 110 万 token。", "110 万 token", "nearly"),
        ("Orion Z2 最高达每 GPU 每秒 9,000 个 token。", "9,000 个 token", "up_to"),
        ("Orion Z2 delivers up to 9,000 tokens per second per GPU.", "up to 9,000 tokens per second per GPU", "up_to"),
    ],
)
def test_hedge_before_a_per_unit(sentence, text, qualifier):
    assert claim_of(sentence, text).qualifier == qualifier


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # A cited source is not the subject, nor is a side that speaks (星河方面回应称: 星河 is who claims it).
        ("据公司介绍，新集群的算力达到 10 EFLOPS。", "10 EFLOPS", None),
        ("星河方面回应称，40% 的口径已有说明。", "40%", None),
    ],
)
def test_chinese_sources_and_sides(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


@pytest.mark.parametrize(
    ("sentence", "hedged"),
    [
        # A hedge belongs to the figure next to it, not to the next figure of the sentence.
        ("Orion Z2 的每 MW 每秒 token 数最高达 H200 的 8 倍，即 400,000 TPS/MW。", ["8 倍"]),
        ("Orion Z2 delivers up to 8x the TPS/MW of H200, reaching 400,000 TPS/MW.", ["up to 8x"]),
    ],
)
def test_a_hedge_belongs_to_the_nearest_figure(sentence, hedged):
    assert [claim.text for claim in extract(sentence) if claim.qualifier] == hedged


@pytest.mark.parametrize(
    ("sentence", "qualifier"),
    [
        # A floor, written either way.
        ("Time to first token is as low as 90 ms.", "at_least"),
        ("首 token 延迟低至 90 毫秒。", "at_least"),
        ("The smallest pod has as few as 16 GPUs.", "at_least"),
        # A Chinese after-cue may follow the classifier.
        ("该集群有 8,000 颗以上 GPU。", "more_than"),
        ("该集群有 8,000 张左右的 GPU。", "approximately"),
    ],
)
def test_floors_and_cues_after_a_classifier(sentence, qualifier):
    (claim,) = extract(sentence)
    assert claim.qualifier == qualifier


@pytest.mark.parametrize(
    ("english", "english_text", "chinese", "chinese_text"),
    [
        ("Relative to H200, Orion Z2 cuts cost per token by 12x.", "12x",
         "相较 H200，Orion Z2 的每 token 成本降低 12 倍。", "12 倍"),
        ("Orion Z2 offers 3x the inference performance of its predecessor.", "3x",
         "Orion Z2 的推理性能是上一代的 3 倍。", "3 倍"),
        ("Compared with H200, Orion Z2 triples training speed: 3x.", "3x",
         "Orion Z2 相对 H200 的训练速度提升 3 倍。", "3 倍"),
    ],
)
def test_comparisons_key_the_same_in_both_languages(english, english_text, chinese, chinese_text):
    assert key_of(english, english_text) == key_of(chinese, chinese_text)


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # An upper-case brand with a model code is a product the gazetteer need not know.
        ("星河 XJ S3000 的 FP16 算力为 120 TFLOPS。", "120 TFLOPS", "XJ S3000"),
        ("ORX Z200 draws 450 W.", "450 W", "ORX Z200"),
        # ... but a known vendor before a known product stays apart, and a kind of chip is no brand.
        ("NVIDIA H100 draws 700 W.", "700 W", "H100"),
        ("Four GPU H100 boards draw 2.8 kW.", "2.8 kW", "H100"),
    ],
)
def test_upper_case_brands_with_model_codes(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


def test_times_of_a_baseline_in_chinese_keys_like_english():
    english = key_of("Orion Z2 offers 2x the throughput of H200.", "2x")
    chinese = key_of("Orion Z2 提供 2 倍于 H200 的吞吐量。", "2 倍")
    assert english == chinese
    assert claim_of("性能达到 3 倍于上一代。", "3 倍").baseline == "previous generation"


@pytest.mark.parametrize(
    ("sentence", "text", "subject"),
    [
        # A bare model code before the kind of thing it names.
        ("Analysts say a Z9 rack will draw 150 kW.", "150 kW", "Z9"),
        ("X7 芯片的功耗为 300 W。", "300 W", "X7"),
        ("It has 4 GPUs per node and draws 3 kW.", "3 kW", None),
        # The full name given in the same sentence wins.
        ("Each Orion Z9 carries 256 GB, and a Z9 rack is expected to draw 150 kW.", "150 kW", "Orion Z9"),
    ],
)
def test_bare_model_codes(sentence, text, subject):
    assert claim_of(sentence, text).subject == subject


def test_figures_at_two_concurrencies_get_two_keys():
    both = "The Acme K3 delivers 1,200 tokens/s (32 concurrent users) and 300 tokens/s (single user)."
    assert key_of(both, "1,200 tokens/s") != key_of(both, "300 tokens/s")


def test_figures_at_one_concurrency_share_a_key_in_either_language():
    english = key_of("The Acme K3 delivers 1,300 tokens/s at 32 concurrent users.", "1,300 tokens/s")
    opening = key_of("With 32 concurrent users, the Acme K3 delivers 1,400 tokens/s.", "1,400 tokens/s")
    chinese = key_of("Acme K3 在 32 并发下达到 1,300 tokens/s。", "1,300 tokens/s")
    assert english == opening == chinese
    assert english.endswith("concurrency 32")
