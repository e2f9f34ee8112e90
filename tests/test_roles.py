"""One test per role rule of extraction/roles.py: what each name of a sentence is to a figure."""

from __future__ import annotations

import pytest

from claimledger.extraction import extract_found


def roles_of(sentence: str, written: str) -> tuple[str | None, dict[str, str]]:
    """(subject, {name: role}) for the figure written `written` in `sentence`."""
    found = [item for item in extract_found(sentence) if item.claim.text == written]
    assert found, f"{written!r} not among {[item.claim.text for item in extract_found(sentence)]}"
    return found[0].claim.subject, found[0].roles


@pytest.mark.parametrize(
    ("sentence", "written", "name"),
    [
        # 1. baseline: inside a figure's baseline, or set up for comparison.
        ("Tessel T900 is 3x faster than H200.", "3x", "H200"),
        ("相比 H200，Tessel T900 的吞吐提升 2 倍。", "2 倍", "H200"),
        ("The Harrier chip, comparable to H100, draws 600 W.", "600 W", "H100"),
        ("作为对标 A100 的产品，青鸾芯片功耗为 300W。", "300W", "A100"),
        ("The Harrier X2 brings more memory compared to the Harrier X1, a 40% gain in capacity.", "40%", "Harrier X1"),
        ("Kestrel K4 delivers higher throughput relative to the Kestrel K3, with 2,400 tokens per second.", "2,400 tokens per second", "Kestrel K3"),
        ("The Tessel T900 offers far more bandwidth than the H200 (9.6 TB/s).", "9.6 TB/s", "H200"),
        # ... or what something is said to equal.
        ("The Tessel T900 has the same compute as an H100 GPU, but 60% more memory.", "60%", "H100"),
        ("The Harrier keeps the same memory as the B300, with 50% more compute.", "50%", "B300"),
        ("青鸾芯片与 H100 相同的功耗下，算力提升 3 倍。", "3 倍", "H100"),
    ],
)
def test_rule_1_a_compared_name_is_a_baseline(sentence: str, written: str, name: str) -> None:
    assert roles_of(sentence, written)[1][name] == "baseline"


@pytest.mark.parametrize(
    ("sentence", "written", "name", "subject"),
    [
        ("AMD says the MI355X reaches 20 PFLOPS.", "20 PFLOPS", "AMD", "MI355X"),
        ("According to Groq, the LPU serves 800 tokens per second.", "800 tokens per second", "Groq", "LPU"),
        ("英伟达表示，B200 的功耗为 1,000W。", "1,000W", "英伟达", "B200"),
        ("据英伟达新闻稿，B200 的功耗为 1,000W。", "1,000W", "英伟达", "B200"),
    ],
)
def test_rule_2_the_speaker_is_the_claimant(sentence: str, written: str, name: str, subject: str) -> None:
    got_subject, roles = roles_of(sentence, written)
    assert (got_subject, roles[name]) == (subject, "claimant")


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # The one product of the speaker's the sentence names, outside the figure's clause, is what the figure is about.
        ("For its MI355X, AMD touted 2x higher throughput than the H100.", "2x", "MI355X"),
        # Two of its products compared with another's: a product's figure, but which one is not said.
        ("On the MI355X and MI325X, AMD claimed 2x higher throughput than the H100.", "2x", None),
        # Compared with a product and none of the speaker's named: a product's figure, never the speaker's.
        ("Kestrel projects 40% faster training for a 175B model versus the H100.", "40%", None),
        # Money, or another maker's product: the speaker's own figure, as before.
        ("For the MI355X, AMD said revenue rose 30%.", "30%", "AMD"),
        ("For the B200 launch, AMD claimed 2x higher throughput.", "2x", "AMD"),
    ],
)
def test_rule_7_a_speakers_own_product_named_apart_is_the_subject(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "name", "subject"),
    [
        ("Groq's LPU runs Meta's Llama 3.1 70B at 500 tokens per second.", "500 tokens per second", "Llama 3.1 70B", "LPU"),
        ("在 DeepSeek R1 上，B200 的吞吐为 3 万 tokens/s。", "3 万 tokens/s", "DeepSeek R1", "B200"),
        ("Kimi K2 scores 49.5% on MMLU-Pro.", "49.5%", "MMLU-Pro", "Kimi K2"),
        # the maker's possessive between the cue and the model: "with Meta's Llama"
        ("Tessel reached 1,000 tokens per second per user with Meta's Llama 3.1 70B.", "1,000 tokens per second per user",
         "Llama 3.1 70B", "Tessel"),
    ],
)
def test_rule_3_a_workload_or_benchmark_is_the_condition(sentence: str, written: str, name: str, subject: str) -> None:
    got_subject, roles = roles_of(sentence, written)
    assert (got_subject, roles[name]) == (subject, "condition")


@pytest.mark.parametrize(
    ("sentence", "written", "name", "subject"),
    [
        ("NVIDIA GB300 NVL72 draws 132 kW per rack.", "132 kW per rack", "NVIDIA", "GB300 NVL72"),
        ("GPT-4o is OpenAI's flagship with a 128K context window.", "128K context", "OpenAI", "GPT-4o"),
        ("Each socket holds 102 billion transistors fabricated on TSMC's N5 node.", "102 billion transistors", "TSMC", None),
        # a word for the product's kind or rank between: the maker of a baseline is no subject
        ("该机柜的总算力是英伟达旗舰产品 B300 系统的 1.5 倍。", "1.5 倍", "英伟达", None),
        ("该集群的带宽是 AMD 新一代芯片 MI355X 的 2 倍。", "2 倍", "AMD", None),
    ],
)
def test_rule_4_an_organisation_before_its_product_is_its_maker(sentence: str, written: str, name: str, subject: str | None) -> None:
    got_subject, roles = roles_of(sentence, written)
    assert (got_subject, roles[name]) == (subject, "maker")


@pytest.mark.parametrize(
    "sentence",
    [
        "据Orbis与浪潮信息联合发布的白皮书显示，2025年全国智能算力规模达910 EFLOPS。",
        "据浪潮信息与Orbis联合发布的报告显示，2025年全国智能算力规模达910 EFLOPS。",
    ],
)
def test_rule_2_organisations_citing_a_study_together_are_claimants(sentence: str) -> None:
    subject, roles = roles_of(sentence, "910 EFLOPS")
    assert subject is None
    assert roles["浪潮信息"] == "claimant"


def test_rule_4_a_maker_of_what_is_only_counted_is_the_subject() -> None:
    assert roles_of("AMD shipped 2 million MI355X GPUs last year.", "2 million MI355X GPUs")[0] == "AMD"


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        ("星图科技去年出货英伟达 5 万台 AI 服务器。", "5 万台 AI 服务器", "星图科技"),
        ("星圖科技去年出貨輝達（NVIDIA）5萬台AI伺服器。", "5萬台", "星圖科技"),
        # The shipper unnamed: the buyer does not stand in for it.
        ("去年出货英伟达 5 万台 AI 服务器。", "5 万台 AI 服务器", None),
        # The customer written before the verb: "为英伟达出货".
        ("星图科技今年为英伟达出货 3 万台服务器。", "3 万台服务器", "星图科技"),
        ("今年公司为英伟达生产 3 万台服务器。", "3 万台服务器", None),
    ],
)
def test_rule_7_an_organisation_shipped_for_is_not_the_shippers_count(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "name", "subject"),
    [
        ("Running TensorRT-LLM, the B200 serves 30,000 tokens per second.", "30,000 tokens per second", "TensorRT-LLM", "B200"),
        ("H100 跑在 Dynamo 上时吞吐为 2 万 tokens/s。", "2 万 tokens/s", "Dynamo", "H100"),
    ],
)
def test_rule_5_software_beside_hardware_is_software(sentence: str, written: str, name: str, subject: str) -> None:
    got_subject, roles = roles_of(sentence, written)
    assert (got_subject, roles[name]) == (subject, "software")


@pytest.mark.parametrize(
    ("sentence", "written", "name", "subject"),
    [
        ("The MI355X carries 288 GB of HBM3E.", "288 GB", "HBM3E", "MI355X"),
        ("AWS's Trn3 UltraServer packs 144 Trainium3 chips and 20.7 TB of HBM3e.", "20.7 TB", "Trainium3", "Trn3 UltraServer"),
        ("A Trainium3-based node delivers 4x the performance of Trn2 UltraServer.", "4x", "Trainium3", None),
        ("英伟达凭借 A100、H100 等产品占据约 80% 的份额。", "约 80%", "H100", "英伟达"),
        ("BR100 配备 64GB 的 HBM2E 内存。", "64GB", "HBM2E", "BR100"),
        # counted or introduced with its maker's name between ("72 Nvidia Blackwell GPUs", "accelerated by NVIDIA H100 GPUs")
        ("The GB200 NVL72 — connecting 72 Nvidia Blackwell GPUs — delivers up to 30x higher throughput.", "up to 30x",
         "Blackwell", "GB200 NVL72"),
        ("The Orion X9 server, accelerated by NVIDIA H100 GPUs, serves 20,000 tokens/s.", "20,000 tokens/s", "H100", "Orion X9"),
        # the figure's type after "of" or 的: the subject is carried from the sentence before
        ("Kestrel unveiled the K9 chip. It also carries 128GB of GDDR7 memory.", "128GB", "GDDR7", "K9"),
        ("昉擎发布了 K9 芯片。它还配备了128GB的GDDR7内存。", "128GB", "GDDR7", "K9"),
        # a part described after its own name and 的: "基于 Ascend 910C 的昇腾卡" is that chip's card
        ("Atlas 880超节点支持2048张基于Ascend 910C的昇腾卡,FP16算力达到1.6E FLOPS。", "1.6E FLOPS", "昇腾", "Atlas 880超节点"),
    ],
)
def test_rule_6_a_part_is_a_component(sentence: str, written: str, name: str, subject: str | None) -> None:
    got_subject, roles = roles_of(sentence, written)
    assert roles[name] == "component"
    if subject:
        assert got_subject == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # a product a comparison sets apart holds no part: each side of it is its own figure's subject
        ("Serving the model using the new Kestrel K5 chips took 3 MW, compared to 9 MW using the older Kestrel K3.",
         "3 MW", "Kestrel K5"),
        ("Serving the model using the new Kestrel K5 chips took 3 MW, compared to 9 MW using the older Kestrel K3.",
         "9 MW", "Kestrel K3"),
        # nor does an organisation in another statement, past a colon
        ("Orbis's chief gave an example: a run using Tessel T900 GPUs needed 40 kW.", "40 kW", "Tessel T900"),
        # nor one in a later aside, unless the part's clause opens the sentence
        ("The job took 30 days using the Tessel T900, a slower part, while each Kestrel K5 chip idled.", "30 days", "Tessel T900"),
        ("Using 72 Tessel T900 GPUs, the Kestrel X9 rack draws 120 kW.", "120 kW", "Kestrel X9"),
    ],
)
def test_rule_6_a_name_apart_from_a_product_holds_it_as_no_part(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # the measure's name between the product's possessive and the figure
        ("Nearly all of the Tamarack's peak performance (91 petaflops) comes from its GPUs.", "91 petaflops", "Tamarack"),
        ("The Kestrel K4's memory bandwidth of 8 TB/s beats the H100's bandwidth of 3.35 TB/s.", "3.35 TB/s", "H100"),
        ("The Kestrel K4's power draw is 700 W.", "700 W", "Kestrel K4"),
    ],
)
def test_rule_7_a_measure_named_after_a_products_possessive_is_its_own(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written"),
    [
        ("Highlights include Whisper (45,000 samples/s on 8x K9 GPUs) and SDXL-Turbo (33 queries/s on 8x K9 GPUs).", "33 queries/s"),
        ("Llama 2 70B reached 100,000 tokens/s on 8 K9 GPUs; Llama 3.1 8B reached 150,000 tokens/s on 8 K9 GPUs.",
         "150,000 tokens/s"),
    ],
)
def test_rule_6_hardware_counted_twice_is_still_the_subject(sentence: str, written: str) -> None:
    """Another mention of the same chip is no other hardware it could be a part of."""
    got_subject, roles = roles_of(sentence, written)
    assert (got_subject, roles["K9"]) == ("K9", "subject")


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # Its maker written right before the counted chip holds no fleet of it.
        ("The node features eight NVIDIA H200 GPUs, each with 141 GB of memory.", "141 GB", "H200"),
        ("The rack holds 16,000 NVIDIA H200 GPUs.", "16,000 NVIDIA H200 GPUs", None),
        # Nor does a source cited after it: the model run on it stays the workload.
        ("Llama 3.1 70B reached 90,000 tokens per second on 64 GB300 GPUs, according to NVIDIA.",
         "90,000 tokens per second", "GB300"),
    ],
)
def test_rule_6_a_counted_chip_beside_its_maker_or_source_is_no_part(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        ("NVIDIA quotes 3.6 exaFLOPS of FP4 inference with the Vera Rubin NVL72, well above the GB300 NVL72.",
         "3.6 exaFLOPS", "Vera Rubin NVL72"),
        ("Kestrel wired 64 K3 chips into a cabinet that delivers 900 petaFLOPS of FP8 compute with the GB300 NVL72.",
         "900 petaFLOPS", "GB300 NVL72"),
        # Hardware free before the figure keeps it; a count after "with" is a part.
        ("The Orion Z9 pod reaches 2 exaFLOPS of FP8 compute with the GB300 NVL72 as its building block.",
         "2 exaFLOPS", "Orion Z9 pod"),
        ("NVIDIA ships racks of 120 kW with 72 Rubin GPUs inside.", "120 kW", "NVIDIA"),
        ("NVIDIA now ships 1.1 exaFLOPS compared with the GB200 NVL72.", "1.1 exaFLOPS", "NVIDIA"),
    ],
)
def test_rule_7_a_figure_delivered_with_a_system_is_that_systems(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        ("The Orion X9 server packs eight K3 chips, each with 96 GB of memory.", "96 GB", "K3"),
        ("Stratus will deploy 18,432 Kestrel K3 GPUs, each with 141 GB of memory.", "141 GB", "Kestrel K3"),
        ("Stratus will deploy 18,432 Kestrel K3 GPUs, each with 141 GB of memory.", "18,432 Kestrel K3 GPUs", "Stratus"),
        # Without "each" the sentence's other figures stay the deployer's.
        ("Stratus will deploy 18,432 Kestrel K3 GPUs and 40 PB of storage.", "40 PB", "Stratus"),
    ],
)
def test_rule_7_a_figure_of_each_counted_chip_is_that_chips(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # Money and market figures belong to organisations.
        ("Groq, founded by former Google TPU engineers, has raised $640 million.", "$640 million", "Groq"),
        # A Chinese modifier clause describes the name after its 的, across a list of modifiers.
        ("星图发布了云岭超节点，昉擎推出搭载 8 万颗芯片、峰值算力达 16 EFLOPS 的天穹超级计算机。", "8 万颗芯片", "天穹"),
        # ... but not past another name: the 3nm is the chip's, not the server's.
        ("昉擎推出搭载 4nm 工艺芯片 H100 的天穹服务器。", "4nm", "H100"),
        ("英伟达凭借 H100 占据约 80% 的份额。", "约 80%", "英伟达"),
        # Otherwise the nearest hardware in the clause, before the figure first.
        ("Where H100 measures 814 square millimeters, the WSE-3 covers 46,225 square millimeters.", "46,225 square millimeters", "WSE-3"),
        # A clause that opens the sentence takes the subject of the clause after it.
        ("With 80 TB/s of bandwidth, the Groq LPU has 230 MB of SRAM.", "80 TB/s", "Groq LPU"),
        # A model is the subject when no hardware is named.
        ("Kimi K2 has 1 trillion parameters.", "1 trillion parameters", "Kimi K2"),
        # A result written as held by a name belongs to it, even set up as the one beaten.
        ("Groq reached 1,200 TPS/user, ahead of SambaNova's previous record of 910 TPS/user.", "910 TPS", "SambaNova"),
        ("The Tessel T900 beat the VoltRack VR7's best result of 41 tokens per second.", "41 tokens per second", "VoltRack VR7"),
        ("Groq 以每用户 1,200 TPS 超过了 SambaNova 的此前纪录 910 TPS。", "910 TPS", "SambaNova"),
        # A relative clause after a name describes it, even when the name is set up as the one compared.
        ("The Tessel T900 draws 900 W, more than the VoltRack VR7, which draws 700 W.", "700 W", "VoltRack VR7"),
        ("The Tessel T900 is 3x faster than the VoltRack VR7 card that uses about 700 W.", "about 700 W", "VoltRack VR7"),
        # A measure written before the product it describes ("N 的 X") is that product's.
        ("功耗为 300W 的青鸾芯片和功耗为 450W 的玄武芯片已经量产。", "450W", "玄武"),
        ("新机柜配有主频 2.1GHz 的 X7 芯片、主频 1.8GHz 的 X5 芯片。", "1.8GHz", "X5"),
    ],
)
def test_rule_7_the_nearest_free_name_is_the_subject(sentence: str, written: str, subject: str) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        ("据星图科技披露，公司第三季度营收为 48.6 亿元，同比增长 37%。", "48.6 亿元", "星图科技"),
        ("据星图科技披露，公司第三季度营收为 48.6 亿元，同比增长 37%。", "37%", "星图科技"),
        ("According to Orbis Labs, the company's revenue rose to $3 billion.", "$3 billion", "Orbis Labs"),
        # a market is no one's money, and the speaker's own company must be written
        ("据 IDC 数据，全球服务器市场规模为 2,000 亿美元。", "2,000 亿美元", None),
        ("据IDC报告，其他公司的营收合计为 300 亿美元。", "300 亿美元", None),
        # the one organisation named speaks of its own money when nothing else is named
        ("星海研究所表示，第三季度营收为 5 亿元。", "5 亿元", "星海研究所"),
        ("星海研究所表示，全球 AI 芯片市场规模将达 900 亿美元。", "900 亿美元", None),
        ("星海研究所表示，K3 芯片营收为 5 亿元。", "5 亿元", "K3"),
        # ... and of the units it ships itself, not a whole market's
        ("鸿川科技表示，10月服务器出货12万台，月增8.5%。", "12万台", "鸿川科技"),
        ("鸿川科技表示，10月服务器出货12万台，月增8.5%。", "8.5%", "鸿川科技"),
        ("星海研究所表示，全球服务器出货量将年增12%。", "12%", None),
        # 占 opens no owner's name ("占营业收入比重": a share of the company before)
        ("星桥研发投入12亿元，占营业收入比重达30%。", "30%", "星桥"),
    ],
)
def test_rule_7_the_speakers_own_company_holds_its_money(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


def test_a_models_size_variant_is_its_own_subject() -> None:
    """"GPT-5o Mini" is not GPT-5o: their prices are never compared."""
    sentence = "GPT-5o Mini costs $0.50 per million output tokens, while GPT-5o costs $8 per million output tokens."
    assert roles_of(sentence, "$0.50 per million output tokens")[0] == "GPT-5o Mini"
    assert roles_of(sentence, "$8 per million output tokens")[0] == "GPT-5o"


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # 7. a product a measure with its unit stands right before is its own ...
        ("The Tessel K9 is the faster sibling of the 900 W Tessel K7.", "900 W", "Tessel K7"),
        ("Stratus also lists the 700 W Kestrel K4 accelerator.", "700 W", "Kestrel K4"),
        # ... not what another thing is based on.
        ("Stratus sells a 3nm Harrier X2-based node to its customers.", "3nm", None),
    ],
)
def test_rule_7_a_measure_right_before_a_product_is_its_own(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # 7. not a name set between dashes after the name opening them ...
        ("The Tessel T9 rack — the newer Halcyon system with eight T9 GPUs — is listed at 15.2 kW.", "15.2 kW", "Tessel T9"),
        ("Kestrel K4 – a Harrier X2 design – draws 700 W.", "700 W", "Kestrel K4"),
        # ... nor a deal's counterparty.
        ("A $3 billion contract expansion with Microsoft helped drive the increase.", "$3 billion", None),
        ("The deal with Oracle is worth $2 billion to Helix Cloud.", "$2 billion", None),
    ],
)
def test_rule_7_an_appositive_or_a_counterparty_is_no_subject(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # A speaker opening the sentence speaks of a product, carried from the sentence before ...
        ("Kestrel's K4 card costs half as much as a rival board. Kestrel claims 1.8x performance-per-dollar over the H100.",
         "1.8x", "K4"),
        # ... or of nothing named; its own money and its own customers stay its own.
        ("Kestrel claims 1.8x performance-per-dollar over the H100.", "1.8x", None),
        ("Kestrel said revenue rose 9% to $3 billion.", "9%", "Kestrel"),
        ("Kestrel said it now serves 4,000 customers.", "4,000 customers", "Kestrel"),
        # A known organisation that announces or expects its own capacity, fleet or shipments is their
        # subject as well as their claimant, whatever product the sentence before named.
        ("The K4 rack draws 120 kW. AWS expects to bring 40 MW online by 2027, roughly 50,000 GPUs.",
         "roughly 50,000 GPUs", "AWS"),
        ("K4 芯片功耗为 700 W。商汤宣布，其智算集群规模已超过 5 万张加速卡。", "超过 5 万张加速卡", "商汤"),
        ("星图发布 K4 实测\n\n云河宣布，其集群规模已超过 2 万张加速卡。寒武纪预计明年出货量将增长三成以上。", "三成", "寒武纪"),
        # A word for a facility opening the sentence points at the facility named before, not the chip it holds;
        # a later clause naming the chip beside its figure keeps it.
        ("The Halcyon supercomputer runs 30,000 H200 GPUs. This supercomputer draws 70 MW, as 30,000 H200 GPUs use 35 MW.",
         "70 MW", "Halcyon"),
        ("The Halcyon supercomputer runs 30,000 H200 GPUs. This supercomputer draws 70 MW, as 30,000 H200 GPUs use 35 MW.",
         "35 MW", "H200"),
        # A figure a standard sets is the standard's, never the product's measured against it.
        ("HBM4 reaches 12 Gbps, beyond the JEDEC standard of 8 Gbps.", "8 Gbps", "JEDEC standard"),
        ("HBM4 reaches 12 Gbps, beyond the JEDEC standard of 8 Gbps.", "12 Gbps", "HBM4"),
        # A name opening the sentence before a verb of ranking, never of a figure describing another name.
        ("Halcyon surpassed the 60-petaflop Vesper system with 95 petaflops.", "95 petaflops", "Halcyon"),
        ("Halcyon surpassed the 60-petaflop Vesper system with 95 petaflops.", "60-petaflop", None),
    ],
)
def test_rule_7_speakers_facilities_and_standards(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # What an order or a contract is worth is its buyer's or seller's, never the hardware bought after "for".
        ("Nvidia received orders of $1.2 billion for its GB300 servers.", "$1.2 billion", "Nvidia"),
        ("Microsoft signed a $700 million contract for GB300 chips.", "$700 million", "Microsoft"),
        ("A startup signed a $150 million contract for Nvidia GB300 chips.", "$150 million", None),
    ],
)
def test_rule_7_a_deal_is_never_the_hardware_it_buys(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject


@pytest.mark.parametrize(
    ("sentence", "written", "subject"),
    [
        # A figure given to a name by "at" right after it is that name's; the other figures never take it.
        ("Its new model scores 84% on the test, behind Llama 3.1 at 88.6% and GPT-4 at roughly 88.7%.", "88.6%", "Llama 3.1"),
        ("Its new model scores 84% on the test, behind Llama 3.1 at 88.6% and GPT-4 at roughly 88.7%.", "roughly 88.7%", "GPT-4"),
        ("Its new model scores 84% on the test, behind Llama 3.1 at 88.6% and GPT-4 at roughly 88.7%.", "84%", None),
        # a workload run "at" a rate keeps its role: the hardware holds the figure
        ("The Kestrel K4 runs Llama 3.1 70B at 2,000 tokens/s.", "2,000 tokens/s", "Kestrel K4"),
    ],
)
def test_rule_7_a_name_valued_at_a_figure_holds_it(sentence: str, written: str, subject: str | None) -> None:
    assert roles_of(sentence, written)[0] == subject
