"""Claim keys: one test per normalisation rule, and the key as a whole."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimledger.diff.identity import measured_products, names_others_estimate
from claimledger.diff.keys import (
    ClaimKey,
    alias_tables,
    canonical_dimensionality,
    claim_key,
    claim_round,
    fold,
    has_revision_cue,
    measure_name,
    normalise_metric,
    normalise_name,
    may_name,
    name_registry,
    products_named,
    publisher,
    round_in_sentence,
    split_round,
)
from claimledger.text.english import singular
from claimledger.types import Claim


def make_claim(**fields: object) -> Claim:
    defaults: dict[str, object] = {"text": "10x", "start": 0, "end": 3, "value": 10.0, "low": 10.0, "high": 10.0, "kind": "ratio"}
    return Claim(**{**defaults, **fields})  # type: ignore[arg-type]


# Rule 1: width and case.
def test_rule_1_full_width_and_case_fold():
    assert fold("ＧＢ２００　ＮＶＬ７２") == fold("gb200 nvl72") == "gb200 nvl72"


# Rule 2: possessives.
@pytest.mark.parametrize("text", ["CoreWeave's", "CoreWeave’s", "CoreWeave"])
def test_rule_2_english_possessive_dropped(text):
    assert fold(text) == "coreweave"


def test_rule_2_chinese_possessive_particle_dropped():
    assert fold("英伟达的 GB200") == fold("英伟达 GB200")


# Rule 3: punctuation and symbols.
def test_rule_3_punctuation_becomes_space():
    assert fold("GB200-NVL72") == fold("GB200 NVL72") == fold("GB200_NVL72")
    assert fold("tokens/s/GPU") == "token s gpu"


def test_rule_3_point_inside_a_number_is_kept():
    assert fold("MLPerf v6.1") == "mlperf v6.1"
    assert fold("Llama 3.1 405B.") == "llama 3.1 405b"


def test_rule_3_a_multiplier_between_numbers_is_one_spelling():
    assert fold("NVL36 x 2") == fold("NVL36×2") == fold("NVL36x2") == "nvl36x2"
    assert fold("8 x H100") == "8 x h100"  # a count before a name is no multiplier between numbers


@pytest.mark.parametrize("text", ["0:X0", "NVL36: x 2", "4 的 x 2", "2 ×-3"])
def test_rule_3_a_multiplier_behind_a_separator_folds_once(text: str) -> None:
    assert fold(fold(text)) == fold(text)


# Rule 4: spacing.
def test_rule_4_spaces_collapse():
    assert fold("  Vera   Rubin\tNVL72 ") == "vera rubin nvl72"


def test_rule_4_no_spaces_next_to_han_characters():
    assert fold("每 MW 每秒 token 数") == fold("每MW每秒token数") == "每mw每秒token数"


# Rule 5: plurals.
@pytest.mark.parametrize(
    ("plural", "single"),
    [("tokens", "token"), ("queries", "query"), ("gpus", "gpu"), ("cpus", "cpu"), ("racks", "rack")],
)
def test_rule_5_plural_folds_to_singular(plural, single):
    assert singular(plural) == single


@pytest.mark.parametrize("word", ["status", "process", "analysis", "tps"])
def test_rule_5_words_that_are_not_plurals_stay(word):
    assert fold(word) == word


# Rule 6: aliases.
def test_rule_6_product_alias_resolves():
    assert normalise_name("Rubin NVL72") == normalise_name("Vera Rubin NVL72") == "vera rubin nvl72"


@pytest.mark.parametrize(
    "metric",
    ["TPS/MW", "tokens per second per MW", "每 MW 每秒 token 数", "每MW每秒token数", "Tokens/s/MW"],
)
def test_rule_6_metric_synonyms_across_languages(metric):
    assert normalise_metric(metric) == "token per second per mw"


def test_rule_6_chinese_baseline_alias():
    assert normalise_name("上一代") == normalise_name("the previous generation") == "previous generation"


def test_rule_6_a_family_before_one_of_its_products_is_that_product():
    assert normalise_name("Hopper H100") == normalise_name("NVIDIA Hopper H100") == normalise_name("H100")
    assert normalise_name("Hopper B200") == "hopper b200"  # another family's chip stays as written


def test_rule_6_a_family_named_inside_its_members_family_name_folds_away():
    # The GB200 NVL72 is of the "Grace Blackwell" family: "Blackwell" before it names that family too.
    assert normalise_name("Blackwell GB200 NVL72") == normalise_name("NVIDIA Blackwell GB200 NVL72") == normalise_name("GB200 NVL72")
    assert normalise_name("Hopper GH200") == normalise_name("GH200")
    # A family that is not part of the member's family name keeps the name apart.
    assert normalise_name("Blackwell Ultra GB200 NVL72") != normalise_name("GB200 NVL72")
    assert normalise_name("Hopper GB200 NVL72") != normalise_name("GB200 NVL72")


def test_rule_6_unknown_name_is_only_folded():
    assert normalise_name("Frobnicator X9000") == "frobnicator x9000"


# Rule 7: vendor prefixes.
@pytest.mark.parametrize("subject", ["NVIDIA GB200 NVL72", "英伟达 GB200 NVL72", "英伟达的GB200 NVL72", "Nvidia's GB200 NVL72"])
def test_rule_7_leading_vendor_dropped(subject):
    assert normalise_name(subject) == "gb200 nvl72"


@pytest.mark.parametrize(
    ("chinese", "english"),
    [("Hopper 集群", "Hopper clusters"), ("英伟达 GB200 NVL72 集群", "GB200 NVL72 cluster"), ("Rubin NVL72 超节点", "Vera Rubin NVL72 SuperPOD")],
)
def test_rule_7_group_word_written_in_english(chinese, english):
    assert normalise_name(chinese) == normalise_name(english)


def test_rule_7_group_word_alone_or_glued_stays():
    assert normalise_name("集群") == "集群"
    assert normalise_name("Megacluster") == "megacluster"
    assert normalise_name("Hopper cluster") != normalise_name("Hopper")


def test_rule_7_vendor_alone_is_kept():
    assert normalise_name("CoreWeave") == "coreweave"


def test_rule_7_vendor_prefix_must_be_a_whole_word():
    assert normalise_name("AMDX 9") == "amdx 9"


# Rule 8: benchmark rounds.
@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ("MLPerf Inference v6.1", ("mlperf inference", (6, 1))),
        ("MLPerf v6.0", ("mlperf", (6, 0))),
        ("MLPerf Training 5.0", ("mlperf training", (5, 0))),
    ],
)
def test_rule_8_round_split_from_condition(condition, expected):
    rest, benchmark, round_ = split_round(condition)
    assert (rest, round_) == expected
    assert benchmark is not None


def test_rule_8_version_of_a_model_is_not_a_round():
    assert split_round("Llama 3.1 405B") == ("llama 3.1 405b", None, None)


def test_rule_8_rounds_share_a_key():
    v60 = claim_key(make_claim(subject="GB300 NVL72", condition="MLPerf Inference v6.0"))
    v61 = claim_key(make_claim(subject="GB300 NVL72", condition="MLPerf Inference v6.1"))
    assert v60.text == v61.text
    assert v60.round < v61.round


# Rule 9: what is measured.
def test_rule_9_dimensionality_order_does_not_matter():
    assert canonical_dimensionality("[token] / [time] / [gpu]") == canonical_dimensionality("[token] / [gpu] / [time]")


def test_rule_9_bits_and_bytes_share_a_measure():
    terabits = make_claim(kind="quantity", subject="ConnectX-9", unit="terabit / second", dimensionality="[information] / [time]", si_value=1.6e12)
    gigabytes = make_claim(kind="quantity", subject="ConnectX-9", unit="gigabyte / second", dimensionality="[information]/[time]", si_value=1.6e12)
    assert claim_key(terabits) == claim_key(gigabytes)


def test_rule_9_kind_when_there_is_no_unit():
    ratio = claim_key(make_claim(subject="Vera Rubin NVL72"))
    percent = claim_key(make_claim(subject="Vera Rubin NVL72", kind="percent"))
    assert ratio.measure == "ratio"
    assert ratio != percent


def test_rule_9_dimensionless_counts_as_no_unit():
    assert canonical_dimensionality("dimensionless") is None
    assert canonical_dimensionality("") is None


def test_different_dimensions_give_different_keys():
    power = claim_key(make_claim(kind="quantity", subject="Vera Rubin NVL72", dimensionality="[mass] * [length] ** 2 / [time] ** 3"))
    bandwidth = claim_key(make_claim(kind="quantity", subject="Vera Rubin NVL72", dimensionality="[information] / [time]"))
    assert power != bandwidth


# The key as a whole.
def test_english_and_chinese_claims_share_a_key():
    english = make_claim(subject="Vera Rubin NVL72", metric="tokens per second per MW", baseline="GB200 NVL72", condition="DeepSeek R1", qualifier="up_to")
    chinese = make_claim(subject="NVIDIA Vera Rubin NVL72", metric="每 MW 每秒 token 数", baseline="GB200 NVL72", condition="DeepSeek-R1", lang="zh")
    assert claim_key(english).text == claim_key(chinese).text
    assert claim_key(english).text == "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1"


def test_baseline_is_part_of_the_key():
    against_gb200 = claim_key(make_claim(subject="Vera Rubin NVL72", baseline="GB200 NVL72"))
    against_hopper = claim_key(make_claim(subject="Vera Rubin NVL72", baseline="Hopper"))
    assert against_gb200 != against_hopper


def test_no_subject_means_no_key():
    assert claim_key(make_claim(subject=None, metric="TPS/MW")) is None
    assert claim_key(make_claim(subject="  ", metric="TPS/MW")) is None


def test_key_from_a_ledger_row_mapping():
    row = {"subject": "Rubin NVL72", "metric": "TPS/MW", "kind": "ratio", "dimensionality": None, "baseline": None, "condition": None}
    assert claim_key(row) == ClaimKey("vera rubin nvl72", "token per second per mw", "ratio", None, None)


def test_missing_parts_show_as_dashes():
    assert claim_key(make_claim(subject="H100")).text == "h100 | - | ratio | - | -"


# Publishers and revision cues, used by the diff.
def test_feeds_naming_one_vendor_are_one_publisher():
    assert publisher("CoreWeave Blog") == publisher("CoreWeave 中文新闻") == "coreweave"
    assert publisher("英伟达中文博客") == publisher("NVIDIA Newsroom") == "nvidia"
    assert publisher("The Register") == "the register"


@pytest.mark.parametrize("sentence", ["We have revised the figure to 12x.", "此前公布的数据有误，现更正为 9 倍", "The updated   figure is 5x."])
def test_revision_cues_found_in_both_languages(sentence):
    assert has_revision_cue(sentence)


@pytest.mark.parametrize("sentence", ["The unrevised draft said 5x.", "Throughput is 5x the previous generation."])
def test_ordinary_sentences_have_no_revision_cue(sentence):
    assert not has_revision_cue(sentence)


@pytest.mark.parametrize("text", ["0:的", "H100 的", "GPU’s 的"])
def test_a_possessive_after_a_separator_folds_in_one_pass(text):
    assert fold(fold(text)) == fold(text)


@given(st.text())
def test_fold_is_idempotent_and_never_fails(text):
    assert fold(fold(text)) == fold(text)


@given(st.text(), st.text(), st.text(), st.text(), st.sampled_from(["ratio", "percent", "count", "quantity"]))
def test_any_unicode_gives_a_key_or_none(subject, metric, baseline, condition, kind):
    key = claim_key({"subject": subject, "metric": metric, "baseline": baseline, "condition": condition, "kind": kind, "dimensionality": metric})
    assert key is None or isinstance(key.text, str)


def test_rule_8_round_from_the_sentence_when_the_condition_has_none():
    claim = make_claim(subject="GB300 NVL72", condition="GPT-OSS-120B offline", sentence="In MLPerf Inference v6.1 it ran 16,635 tokens per second per GPU.")
    assert claim_round(claim) == ("mlperf inference", (6, 1))


def test_rule_8_a_sentence_naming_two_rounds_gives_none():
    assert round_in_sentence("Up from 14,210 in MLPerf v6.0 to 16,635 in MLPerf v6.1.") is None
    assert round_in_sentence("No benchmark here, version 2.0 of the software.") is None


def test_measure_names_are_written_in_the_canonical_order():
    for measure in alias_tables().measures:
        assert measure in ("count", "ratio", "percent", "quantity") or canonical_dimensionality(measure) == measure
    assert measure_name(canonical_dimensionality("[mass] * [length] ** 2 / [time] ** 3")) == "power"


@pytest.mark.parametrize("table", ["names", "metrics", "vendors"])
def test_no_alias_means_two_things(table):
    raw = tomllib.loads(resources.files("claimledger").joinpath("data/aliases.toml").read_text("utf-8"))
    owners: dict[str, set[str]] = {}
    for canonical, aliases in raw[table].items():
        for alias in (canonical, *aliases):
            owners.setdefault(fold(alias), set()).add(canonical)
    assert {alias: names for alias, names in owners.items() if len(names) > 1} == {}


def test_rule_8_round_followed_by_han_characters():
    assert round_in_sentence("在 MLPerf v6.1 中，GB300 NVL72 达到每 GPU 每秒 16,635 个 token。") == ("mlperf", (6, 1))
    assert split_round("MLPerf Training 405b") == ("mlperf training 405b", None, None)


@pytest.mark.parametrize("subject", ["昇腾 910B", "昇腾910B", "华为昇腾 910B", "Huawei Ascend 910B", "ASCEND 910B"])
def test_chinese_product_names_resolve_to_one_name(subject):
    assert normalise_name(subject) == "ascend 910b"


def test_rule_7_the_longest_vendor_name_is_dropped():
    assert normalise_name("华为云 CloudMatrix 384") == "ascend 384 superpod"


@pytest.mark.parametrize(
    ("sentence", "products"),
    [
        ("Orbis delivers 2 exaFLOPS with the GB300-NVL72, twice the GB200 NVL72.", {"gb300 nvl72", "gb200 nvl72"}),
        ("The cluster holds 512 H100s.", {"h100"}),
        ("Orbis delivers 2,000 tokens per second on Llama 3.1 70B.", set()),
        ("An H1000 is no known part.", set()),
    ],
)
def test_products_named_are_known_hardware_as_whole_words(sentence, products):
    assert {normalise_name(product.id) for product in products_named(sentence)} == products


@pytest.mark.parametrize("written", ["{}", "512 {}s", "the {}-based rack", "（{}）", "Orbis {} GPU", "星图的{}芯片"])
def test_may_name_holds_wherever_the_name_matcher_finds_a_product(written):
    """The cheap test before the matcher never says no where the matcher finds the product: every
    spelling of every known product, in text around it, in upper, lower and full-width forms."""
    for spelling, entity_id in name_registry().spellings():
        entity = name_registry().get(entity_id)
        for form in (spelling, spelling.upper(), spelling.lower(), spelling.translate({code: code + 0xFEE0 for code in range(0x21, 0x7F)})):
            text = written.format(form)
            if entity in products_named(text):
                assert may_name(text, entity), (text, entity.id)


def test_may_name_says_no_where_no_spelling_stands():
    h100 = name_registry().get("H100")
    assert not may_name("Orbis runs 100,000 GB300 GPUs.", h100)
    assert may_name("Orbis runs 100K H100s.", h100)


@pytest.mark.parametrize(
    ("sentence", "hinted"),
    [
        # A system over the chips and CPUs inside it, the family it belongs to left out.
        ("NVIDIA reaches 1.1 exaFLOPS with the GB300 NVL72 (Blackwell Ultra) and its 36 Grace CPUs.", ["gb300 nvl72"]),
        ("Orbis doubles the B200 and the H100 on this test.", ["b200", "h100"]),
        ("华为昇腾芯片的算力再翻一番。", ["ascend"]),
        # At most three, in order.
        ("Orbis compares the H100, H200, B200 and MI300X.", ["b200", "h100", "h200"]),
    ],
)
def test_a_makers_figure_keeps_as_a_hint_only_the_products_it_may_be_of(sentence, hinted):
    assert measured_products(products_named(sentence)) == hinted


@pytest.mark.parametrize(
    ("sentence", "figure", "estimate"),
    [
        ("星河上季AI營收為 52 億美元，也高於分析師預估 51.1 億美元。", "51.1 億美元", True),
        ("星河營收為 180.2 亿美元，同样高于预期的 174.5 亿美元。", "174.5 亿美元", True),
        ("星河預估營收約 220 億美元，高於分析師平均預估的 205 億美元。", "205 億美元", True),
        ("星河預估營收約 220 億美元，高於分析師平均預估的 205 億美元。", "220 億美元", False),  # its own forecast
        ("星河今年資本支出將達 300 億美元，大幅超過市場原先預期 210 億美元。", "210 億美元", True),  # the market's earlier view
        ("星河今年資本支出將達 300 億美元，大幅超過市場原先預期 210 億美元。", "300 億美元", False),
        ("營收：193.1 億美元 v.s. 191.8 億美元", "191.8 億美元", True),  # what the figure before is compared with
        ("營收：193.1 億美元 v.s. 191.8 億美元", "193.1 億美元", False),
        ("Kite's Q3 revenue was $5.1B vs $4.2B a year ago.", "$4.2B", True),
    ],
)
def test_what_analysts_expected_is_an_estimate(sentence, figure, estimate):
    start = sentence.index(figure)
    claim = {"sentence": sentence, "sentence_start": 0, "start": start, "end": start + len(figure)}
    assert names_others_estimate(claim) is estimate
