"""A post's figures read together: a multiple that goes on comparing the measure of the sentence
before, a family word standing for the one system the post named, a figure restated later with
less around it, a speaker that only works a figure out, a system's interconnect and its cooling."""

from __future__ import annotations

from claimledger import extract

RACK_POST = "\n".join([
    "星海云实测 Vera Rubin NVL72：每 MW 每秒 token 数最高为 GB200 NVL72 的 8 倍",
    "在 Llama 3.1 405B 推理上，Vera Rubin NVL72 的每 MW 每秒 token 数最高为 GB200 NVL72 的 8 倍。",
    "Llama 3.1 405B 负载下，每 MW 的 token 数相差 8 倍",
    "图中以 GB200 NVL72 为基线，Vera Rubin NVL72 的曲线在中段领先约 8 倍。",
    "同等功耗下，Rubin 能多产出近一个数量级的 token。",
    "8 倍只是峰值，并非全程差距。",
    "Lambda 给出的换算：同样的电费能跑多出近一个数量级的请求。",
    "硬件方面是单机架 72 颗 Rubin GPU 加 36 颗 Vera CPU，260 TB/s 的 NVLink 6 互联。",
    "Vera Rubin NVL72 为 100% 液冷。",
    "下一批测量结果会在秋季公布。",
    "8 倍是第一个公开的数字。",
])


def _by_sentence(text: str) -> dict[str, list]:
    claims = {}
    for claim in extract(text):
        claims.setdefault(claim.sentence, []).append(claim)
    return claims


def _only(claims: dict[str, list], opening: str):
    (found,) = [claim for sentence, listed in claims.items() if sentence.startswith(opening) for claim in listed]
    return found


def test_a_restated_heading_takes_the_subject_and_baseline_of_the_figure_it_repeats() -> None:
    heading = _only(_by_sentence(RACK_POST), "Llama 3.1 405B 负载下")
    assert (heading.subject, heading.metric, heading.baseline, heading.condition) == (
        "Vera Rubin NVL72", "tokens per second per MW", "GB200 NVL72", "Llama 3.1 405B",
    )


def test_a_bare_family_word_is_the_one_system_of_it_the_post_named() -> None:
    claims = _by_sentence(RACK_POST)
    chart = _only(claims, "图中")
    assert (chart.subject, chart.metric) == ("Vera Rubin NVL72", "tokens per second per MW")
    more = _only(claims, "同等功耗下")
    assert (more.subject, more.metric) == ("Vera Rubin NVL72", "tokens per second per MW")


def test_a_multiple_with_no_metric_takes_the_one_the_post_gave_its_subject() -> None:
    claims = _by_sentence(RACK_POST)
    for opening in ("8 倍只是峰值", "8 倍是第一个"):
        peak = _only(claims, opening)
        assert (peak.subject, peak.metric) == ("Vera Rubin NVL72", "tokens per second per MW")


def test_a_speaker_working_a_figure_out_is_its_claimant_not_its_subject() -> None:
    worked = _only(_by_sentence(RACK_POST), "Lambda 给出的换算")
    assert worked.claimant == "Lambda"
    assert worked.subject != "Lambda"


def test_an_interconnect_bandwidth_beside_a_systems_chip_counts_is_the_systems() -> None:
    parts = {claim.text: claim for claim in _by_sentence(RACK_POST)["硬件方面是单机架 72 颗 Rubin GPU 加 36 颗 Vera CPU，260 TB/s 的 NVLink 6 互联。"]}
    assert parts["260 TB/s"].subject == "Vera Rubin NVL72"
    assert parts["72 颗 Rubin GPU"].subject == "Vera Rubin NVL72"


def test_a_percentage_right_before_liquid_cooled_is_the_liquid_cooled_share() -> None:
    assert _only(_by_sentence(RACK_POST), "Vera Rubin NVL72 为 100% 液冷").metric == "liquid-cooled share"
    (english,) = extract("The Orion X9 rack is 100% liquid-cooled.")
    assert english.metric == "liquid-cooled share"


def test_a_count_restated_on_one_group_is_the_count_per_group_it_repeats() -> None:
    text = (
        "Kestrel Cloud wires every rack through Spectrum-X Ethernet, which scales to 64,000 GPUs per rail.\n"
        "The hard part is not the compute. In the hall we opened last month, that means 64,000 GPUs on a single flat rail."
    )
    first, again = extract(text)
    assert (again.subject, again.metric) == (first.subject, first.metric) == ("Spectrum-X Ethernet", "GPUs per rail")


def test_what_a_restatement_or_a_family_word_does_not_decide() -> None:
    claims = _by_sentence("\n".join([
        "NVIDIA 同时展示了 Vera Rubin NVL72 与 Vera Rubin NVL144 两款机架。",
        "Rubin 的每瓦推理性能提升 5 倍。",
        "GB200 NVL72 的实测为 80,000 TPS/MW。",
        "8 倍是峰值。",
        "硬件方面是单机架 72 颗 Rubin GPU，每颗 GPU 的 NVLink 互联带宽为 3.6 TB/s。",
        "采用液冷后，数据中心能耗降低 30%。",
    ]))
    # Two systems of the family named: "Rubin" stays the chip.
    assert _only(claims, "Rubin 的每瓦").subject == "Rubin"
    # The sentence before gave a level, not a comparison: the 8x compares two products, its measure unknown.
    assert _only(claims, "8 倍是峰值").metric is None
    per_chip = [claim for claim in claims["硬件方面是单机架 72 颗 Rubin GPU，每颗 GPU 的 NVLink 互联带宽为 3.6 TB/s。"] if claim.text == "3.6 TB/s"]
    assert per_chip[0].subject == "Rubin GPU"
    assert _only(claims, "采用液冷后").metric != "liquid-cooled share"


def test_the_same_count_with_no_group_word_after_it_stays_as_written() -> None:
    first, again = extract(
        "Spectrum-X Ethernet scales to 64,000 GPUs per rail.\nOur campus will hold 64,000 GPUs by next spring."
    )
    assert again.metric == "GPUs"
    assert again.subject != "Spectrum-X Ethernet"
