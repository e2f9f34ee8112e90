"""Names the entities table does not list, found by shape and position (extraction/shapes.py):
one test per rule, English and Chinese, and the words that never start a name."""

from __future__ import annotations

import pytest

from claimledger.extraction.shapes import shaped_names


def shapes(text: str, lang: str = "en") -> dict[str, tuple[str, str]]:
    """{name as written: (kind, rule)} for every shape found in `text`."""
    found: dict[str, tuple[str, str]] = {}
    for shape in shaped_names(text, lang):
        found.setdefault(text[shape.start:shape.end], (shape.kind, shape.rule))
    return found


@pytest.mark.parametrize(
    ("text", "name", "kind", "rule"),
    [
        ("Orbis ships the Tessel T900 next spring.", "Tessel T900", "chip", "brand_code"),
        ("A Quarrier QR12-8 chassis holds eight boards.", "Quarrier QR12-8", "system", "brand_code"),
        ("The VoltRack VR7 draws 90 kW.", "VoltRack VR7", "system", "brand_code"),
        ("星河 XJ S3000 的算力很高。", "XJ S3000", "chip", "brand_code"),
        ("Orbis tuned the Tessel T9.5 for inference.", "Tessel T9.5", "chip", "brand_code"),  # a point version is kept
        ("Each Corvid-X4 core runs at 3.2 GHz.", "Corvid-X4", "chip", "brand_code"),  # a hyphen between brand and code
        ("The TRX-4 module ships in May.", "TRX-4", "chip", "hyphen_code"),
        ("Each Z4 rack draws 120 kW.", "Z4", "system", "code_kind"),
        ("新款 X7 芯片的功耗很低。", "X7", "chip", "code_kind"),
        ("Four q240c cards fit in the box.", "q240c", "chip", "code_kind"),
        ("Lumen launched the Harrier 7 series switch ASICs.", "Harrier 7", "chip", "family_number"),
        ("It debuted with the Orca-2 supercomputer.", "Orca-2", "system", "family_number"),  # hyphenated
        ("The Atlas 950 超节点 holds 8,192 chips.", "Atlas 950", "system", "family_number"),
        ("Orbis's Falcon rack draws 120 kW.", "Falcon", "system", "possessive"),
        ("A DeskForge workstation costs $9,000.", "DeskForge", "system", "camel_kind"),
        ("The budget variant k300a costs $500.", "k300a", "chip", "lower_code"),
        ("他们发布了青鸾芯片，功耗 300W。", "青鸾", "chip", "zh_kind"),
        ("深算五号的性能提升 30%。", "深算五号", "chip", "zh_numbered"),
        ("星图发布了云岭128超节点服务器。", "云岭128", "system", "zh_brand_number"),
        ("昉擎推出天穹 256 服务器，单柜功耗 60 kW。", "天穹 256", "system", "zh_brand_number"),
        ("以星图的云岭7P智驾芯片为例，其算力为 400 TOPS。", "云岭7P", "chip", "zh_brand_digit_code"),  # 7P is no petaFLOPS
        ("天河9000S芯片的主频为 2.6GHz。", "天河9000S", "chip", "zh_brand_digit_code"),
        ("「云鹤」采用新一代指令集。", "云鹤", "product_family", "quoted"),
        ("星图推出“云梯”万卡智算集群。", "云梯", "system", "quoted"),  # its scale between the quote and the kind
        ("Tianqiong GPU预计能将训练性能提升 4 倍。", "Tianqiong", "chip", "latin_in_chinese"),
        ("星图表示，River Bend架构能使能效提升 10%。", "River Bend", "product_family", "latin_in_chinese"),
        ("Kestrel Silicon today announced its K5.", "Kestrel Silicon", "organisation", "org_ending"),
        ("星图科技宣布完成融资。", "星图科技", "organisation", "org_ending"),
        ("星海研究所发布报告。", "星海研究所", "organisation", "org_ending"),
        ("天河证券发布研报。", "天河证券", "organisation", "org_ending"),
        ("The GB400 NVL144 rack draws 200 kW.", "GB400 NVL144", "system", "family"),
        ("新集群用的是升腾 960 芯片。", "升腾 960", "chip", "family"),
        ("团队在星火-7.5 上测得每秒 900 个 token。", "星火-7.5", "model", "family"),
        ("Qwen3 235B runs at 66,000 tokens/s.", "Qwen3 235B", "model", "family"),  # a parameter count after a space
        ("Orbis served Llama 70B at 900 tokens/s.", "Llama 70B", "model", "family"),  # a size with no version
        # a size variant or tier is a model of its own, priced apart
        ("GPT-5o Mini costs $0.50 per million output tokens.", "GPT-5o Mini", "model", "family"),
        ("GPT-5.2 nano costs $0.10 per million output tokens.", "GPT-5.2 nano", "model", "family"),
        ("Gemini Flash costs $0.30 per million output tokens.", "Gemini Flash", "model", "family"),
        ("MLPerf Inference v7.0 results are out.", "MLPerf Inference v7.0", "benchmark", "family"),
        # a Latin name glued to Chinese characters: the Chinese character is its boundary
        ("星图还将推出Orion 950 SuperPoD超节点。", "Orion 950", "system", "family_number"),
        ("该卡将2颗710B处理器封装在一起。", "710B", "chip", "code_kind"),
        ("昉擎发布了Orion X9超节点。", "Orion X9", "system", "brand_code"),
        ('Kestrel said its "Emerald Harbor" chip ships next year.', "Emerald Harbor", "chip", "quoted"),
        ("zAI's Tempest complex now targets 2GW.", "Tempest", "system", "possessive"),  # an owner opening in lower case
        ("该超节点由 384 颗青鸾芯片组成。", "青鸾", "chip", "zh_kind"),  # the classifier of a count in digits is no part
        ("机房里新装了 16 台天穹服务器。", "天穹", "system", "zh_kind"),
        ("基于 T9 的天穹 256 超节点集成 256 张训练卡。", "天穹 256", "system", "zh_brand_number"),
        # a Chinese model's name with its version starts after a launch verb or kind word read with it
        ("星图今日发布大模型星河-4，支持 256K 上下文。", "星河-4", "model", "family"),
        ("星图智能发布星河-4 大模型。", "星河-4", "model", "family"),
        # a Chinese name may follow a speech verb
        ("此前有报道称天穹集群规模为 1 万卡。", "天穹", "system", "zh_kind"),
        # any chip code before an NVLink domain size names the rack
        ("A K3 NVL72 rack links 72 of the chips with 130 TB/s of NVLink bandwidth.", "K3 NVL72", "system", "family"),
        ("搭载青鸾芯片的玄穹 64 服务器已交付。", "玄穹 64", "system", "zh_brand_number"),
        # two racks joined are one system of their own, never the larger rack
        ("An NVL36x2 draws 132 kW.", "NVL36x2", "system", "family"),
        ("The NVL36 x 2 configuration draws 132 kW.", "NVL36 x 2", "system", "family"),
        ("NVL36×2 总功耗为 132 kW。", "NVL36×2", "system", "family"),
        ("The lab will build a supercomputer called Tamarisk with 80,000 GPUs.", "Tamarisk", "system", "called"),
        ("The cluster, dubbed Heron 2, holds 200,000 GPUs.", "Heron 2", "system", "called"),
        # a facility's quoted name after a verb of building, or set off before a facility word
        ("In 90 days the startup erected \"Larkspur\" in Ohio.", "Larkspur", "system", "facility_quoted"),
        ("Orbis is building \"Aurora Ridge,\" a new AI campus.", "Aurora Ridge", "system", "facility_quoted"),
        ("The lab unveiled “Tidewater,” its largest supercomputer.", "Tidewater", "system", "facility_quoted"),
        # a facility's name set off after a facility word
        ("The lab has switched on its newest supercomputer, Tidewater.", "Tidewater", "system", "facility_appositive"),
        ("Orbis opened its second campus, Bramble Hill, in May.", "Bramble Hill", "system", "facility_appositive"),
        # a site code before a facility word
        ("The PDX4 facility offers 90 MW of capacity.", "PDX4", "system", "facility_code"),
        ("The ORD3 site draws 48 MW.", "ORD3", "system", "facility_code"),
        ("Orbis says its Zettascale12 will link 400,000 GPUs.", "Zettascale12", "chip", "glued_code"),
        ("The Stormfront4 rack draws 120 kW.", "Stormfront4", "system", "glued_code"),
        ("Orbis said its Halcyon chip has taped out.", "Halcyon", "chip", "owned_name"),
        ("The startup ships their Storm Harbor racks in May.", "Storm Harbor", "system", "owned_name"),
        ("The Tarn system links 512 accelerators.", "Tarn", "system", "owned_name"),
        ("Orbis switched on its Halyard AI cluster in May.", "Halyard AI", "system", "owned_name"),
        ("Each Kittiwake rack draws up to 190 kW.", "Kittiwake", "system", "owned_name"),
        # a kind word capitalised as part of the name
        ("The Harlow Supercluster draws 150 MW.", "Harlow", "system", "owned_name"),
        ("Benchmarks on the Kittiwake chip came in May.", "Kittiwake", "chip", "owned_name"),
        ("Kestrel said its new Osprey cluster now runs 24,576 GPUs.", "Osprey", "system", "owned_name"),
        ("Analysts expect Kestrel's revenue to reach $4.2 billion.", "Kestrel", "organisation", "owner_of_measure"),
        ("Orbis Labs's data center sales rose 40%.", "Orbis Labs", "organisation", "owner_of_measure"),
        ("Tarnwell's market share fell to 12%.", "Tarnwell", "organisation", "owner_of_measure"),
        ("Orbis will ship the latest Tarn rack in May.", "Tarn", "system", "owned_name"),
        ("Their next-generation Storm Harbor chip tapes out soon.", "Storm Harbor", "chip", "owned_name"),
        # an organisation after the kind of organisation it is, or before its ticker
        ("Cloud startup Brambleway raised $80 million in May.", "Brambleway", "organisation", "org_kind"),
        ("Data center operator Tollgate Energy signed a 300 MW lease.", "Tollgate Energy", "organisation", "org_kind"),
        ("The chip designer Quillon taped out its first part.", "Quillon", "organisation", "org_kind"),
        ("Ferrowind.com (NYSE:FWD) raised its outlook to $9 billion.", "Ferrowind.com", "organisation", "org_ticker"),
        ("Shares of Harlow Instruments Inc. (NASDAQ: HLW) rose 4%.", "Harlow Instruments Inc.", "organisation", "org_ticker"),
        # a legal form set off by a comma is no part of the name
        ("Quillon Devices, Inc. (NASDAQ: QLN) today reported results.", "Quillon Devices", "organisation", "org_ticker"),
        # who holds a share of a market, or is listed with one after an earlier share
        ("Brambleway held 40% of the market, Quillon 25% and Tarnwell 10%.", "Brambleway", "organisation", "share_holder"),
        ("Brambleway held 40% of the market, Quillon 25% and Tarnwell 10%.", "Quillon", "organisation", "share_item"),
        ("Brambleway held 40% of the market, Quillon 25% and Tarnwell 10%.", "Tarnwell", "organisation", "share_item"),
        ("Its market share was 41%, followed by Quillon with 29%.", "Quillon", "organisation", "share_item"),
        # a machine named with "the" holding a product's measure
        ("Nearly all of the Tamarack's peak performance comes from its GPUs.", "Tamarack", "system", "owner_of_spec"),
        ("The Bellwether's memory bandwidth is 900 TB/s.", "Bellwether", "system", "owner_of_spec"),
        # a capitalised word and a product's suffix joined by a hyphen
        ("The Kestrel-Ultra rack draws 140 kW.", "Kestrel-Ultra", "system", "hyphen_name"),
        ("Orbis priced its Cloud-Max instances at $4 an hour.", "Cloud-Max", "chip", "hyphen_name"),
        ("Storm-Pro delivers 3x the throughput of its predecessor.", "Storm-Pro", "chip", "hyphen_name"),
        # a model name set off by commas or a dash after its kind word
        ("Our new accelerator, the R200, offers 288 GB of memory.", "R200", "chip", "appositive"),
        ("Orbis unveiled its new rack, the Heron 2 — its largest — in May.", "Heron 2", "system", "appositive"),
        # a model code right before a verb of what it offers; one digit after a determiner or a possessive
        ("The dual-die R200 offers 288 GB of memory.", "R200", "chip", "code_verb"),
        ("Acme's M300 delivers 2.5 petaflops.", "M300", "chip", "code_verb"),
        ("In tests the Z9 has 96 cores.", "Z9", "chip", "code_verb"),
        ("The K3 offers 40% more bandwidth.", "K3", "chip", "code_verb"),
        ("Orbis says Acme's X5 draws 700 W.", "X5", "chip", "code_verb"),
        ("R200 提供 288GB 显存。", "R200", "chip", "code_verb"),
        ("K3 具备 96 GB 显存。", "K3", "chip", "code_verb"),
        ("据测试，V40达到 900 TOPS。", "V40", "chip", "code_verb"),
        # a kind word before the model code it names, in Chinese text
        ("星图官宣训练 GPU K30 完成功能测试。", "K30", "chip", "zh_kind_code"),
        ("星图发布推理芯片KX600，功耗为 75W。", "KX600", "chip", "zh_kind_code"),
        # a camel-case word before a kind word, a scale and 超 between
        ("星海科技推出nexaX万卡超集群。", "nexaX", "system", "latin_in_chinese"),
        ("星海发布TerraNova千卡集群。", "TerraNova", "system", "latin_in_chinese"),
        # an organisation opening its clause before its results
        ("星桥数据全年实现营业收入 21.4 亿元。", "星桥数据", "organisation", "zh_owner_of_measure"),
        ("第三季度，云河网络实现营收 3 亿元。", "云河网络", "organisation", "zh_owner_of_measure"),
        ("星桥数据经调整净利润为 12.5 亿元。", "星桥数据", "organisation", "zh_owner_of_measure"),
        ("云栈9月集团营收 41 亿元。", "云栈", "organisation", "zh_owner_of_measure"),
        ("铭岳2025年11月合并营收 96 亿元。", "铭岳", "organisation", "zh_owner_of_measure"),
        ("铭岳预计第4季整体营收将季增 3%。", "铭岳", "organisation", "zh_owner_of_measure"),
        # 年, 月 and 日 writing no period, 和 opening the name
        ("日月星预期第3季整体营收将季增 2%。", "日月星", "organisation", "zh_owner_of_measure"),
        ("和丰去年营收 3,450 亿元。", "和丰", "organisation", "zh_owner_of_measure"),
        # a Latin name after a software kind word
        ("核心计算库muDNN的效率超过 98%。", "muDNN", "software", "zh_software_kind"),
        ("推理引擎 vLLM 的吞吐达到 3000 TPS。", "vLLM", "software", "zh_software_kind"),
        # an organisation holding the meeting its results are told at
        ("鼎泰投控28日举行法说会，公布营收达 812 亿元。", "鼎泰投控", "organisation", "zh_owner_of_event"),
        ("星辰将于今天举行业绩会，去年营收 210 亿元。", "星辰", "organisation", "zh_owner_of_event"),
        # a country opening an organisation's name
        ("中国联通西部智算中心算力规模超 3000PFLOPS。", "中国联通西部智算中心", "system", "zh_kind"),
        # an organisation whose officer speaks, before the title
        ("云栈共同执行长王一鸣指出，服务器营收占比达 20%。", "云栈", "organisation", "zh_owner_of_speaker"),
        ("星桥董事长李明表示，出货增长 30%。", "星桥", "organisation", "zh_owner_of_speaker"),
        # an organisation before its results as a whole
        ("云栈Q1业绩逊色，营收 12 亿元。", "云栈", "organisation", "zh_owner_of_measure"),
        # a verb after the name is no part of it, a Latin name opens the clause as a Chinese one does
        ("云岚发布第三季度财报，营收 18 亿元。", "云岚", "organisation", "zh_owner_of_measure"),
        ("鼎川公布业绩，营收 9 亿元。", "鼎川", "organisation", "zh_owner_of_measure"),
        ("Veltrix业绩与展望：营收 7 亿美元。", "Veltrix", "organisation", "zh_owner_of_measure"),
        ("Kestrel Arc营收 3 亿美元。", "Kestrel Arc", "organisation", "zh_owner_of_measure"),
        # a fiscal year glued on is no model number: "Veltrix2026财年" is Veltrix, then its fiscal year
        ("Veltrix2026财年第一财季营收 5 亿美元。", "Veltrix", "organisation", "zh_owner_of_measure"),
        # a province's or a city's branch of a telecom operator
        ("浙江联通建成智算中心，算力超 800P。", "浙江联通", "organisation", "zh_regional_operator"),
        # a code a figure describes through 的
        ("星桥推出单柜功率达 800kW 的 PDU6000A。", "PDU6000A", "chip", "zh_described_code"),
        ("可为负载备电 15 分钟的PowerCell。", "PowerCell", "chip", "zh_described_code"),
        # one digit, capitals and digits before a kind word
        ("星河7K3000系列采用 7nm 工艺。", "7K3000", "product_family", "code_kind"),
    ],
)
def test_each_rule_finds_its_names(text: str, name: str, kind: str, rule: str) -> None:
    assert shapes(text, "zh" if not text.isascii() else "en").get(name) == (kind, rule)


@pytest.mark.parametrize(
    "text",
    [
        "本季度数据中心业务营收为 512 亿美元。",  # a line of business is no facility, a quarter no name
        "Four GB300 NVL72 racks went live.",  # a number word is no brand
        "Each GB300 NVL72 rack draws 132 kW.",  # nor a determiner
        "The chip reaches 332 TFLOPS BF16 at peak.",  # a unit and a precision are no brand and code
        "国产芯片和新一代芯片都在追赶。",  # a description is no name
        "今年加速芯片和异构芯片的出货量都在增长。",  # nor a time word or what a chip does
        "它接近主流70W GPU的两倍。",  # nor a power rating before a kind word
        "公司建成超万卡集群。",  # nor a count of cards
        "GPU营收为 5 亿美元。",  # nor an acronym before results
        "The deal is worth $A82,615,680.",  # money, not the A82
        "From Orbis's 2GW build to Lumen's 5GW cluster and Acme's 500MW campus.",  # a figure after an owner is no name
        "Orbis's Ethernet platform ships in May.",  # a standard is no one's product
        "The GPU 的功耗为 700W。",  # a function word before a kind word in Chinese text
        "新芯片功耗降低了 30%。",  # a metric after a new product's kind word names nothing
        "该平台算力达到 6P芯片级别。",  # a verb before a code is no brand
        "The Chinese chip draws 300 W, the Fastest GPU 700 W.",  # where a thing is from, a title's capitals
        "In March2026 the Web3 crowd met; Kestrel10月发布新品。",  # a date, a word no product, a date glued in Chinese
        "The cluster called The Best Deal is a joke.",  # a word that starts no name
        "Orbis calls the mode \"Turbo\" in its manual.",  # a quoted word after no verb of building
        "The company built its new campus, Texas.",  # a place is no facility's name
        "Orbis bought land in the Culpeper Technology Zone.",  # an ending before another capitalised word
        "China's market share rose to 30%; Europe's capital spending grew.",  # a place owns no measure
        "Today's revenue figure is $2 billion.",  # nor a time word
        "云厂商资本开支同比增长 45%。",  # an ending that opens a measure (资本开支) makes no organisation
        "单颗芯片的带宽为 8 TB/s。",  # one of a device is no name
        "新架构实现单机柜 640 卡互连。",  # nor one rack after a verb
        "官方信息显示，星图模型限流为 10K RPM。",  # nor a source of information
        "这家全球第2大存储芯片制造商表示，新品更快。",  # nor the word after a rank
        "季度营收 59.3 亿美元，同比-16.5%。",  # nor a fall in percent
        "星图采用“一拖二”高密架构，双机柜可组成 1280 卡超节点。",  # nor a density
        "星河受惠云端客户拉货，带动集团10月营收月增17%。",  # nor a verb before an organisation's ending
        "数据中心服务器功率密度超过 30kW。",  # nor the tail of a kind word
        "机房折算成 8 千瓦标准机柜约 3600 个。",  # nor a standard size
        "某证券数据中心改造后，机柜密度提至 18kW。",  # nor a thing left unnamed
        "项目已部署 1200 柜液冷机柜。",  # nor a unit right after its number
        "公司全年实现营业收入 10 亿元；我国全年营业收入增长。",  # nor a company or a country by a common word
        "集团本月营收达 50 亿元，今日营收 2 亿元。",  # nor a period written with 年, 月 or 日
        "腾讯和阿里营收合计 5,000 亿元。",  # nor two names joined by 和
        "公司今日举行业绩会，营收达 5 亿元。",  # nor a company by a common word before its meeting
        "计算库 GPU 版本效率为 90%，推理引擎 FP8 精度。",  # nor a kind word or a precision after a software kind word
        "游戏收入 18.2 亿元，手机业务收入 30 亿元。",  # nor a line of business
        "前三季度实现营收 46 亿元。",  # nor a period or a verb before results
        "预计实现归母净利润为 18 亿元。",  # nor a forecast
        "收入 40 亿元，经调整净利润 9 亿元，息税前利润提升 35%。",  # nor a word narrowing a measure
        "管理层预期Q1营收 130 亿元。",  # nor a role speaking of results
        "当中包括芯片在内的云业务收入 57 亿元。",  # nor a function word before a kind word
        "今年服务器机柜出货约 3 万柜。",  # nor a kind word before another
        "公司董事长李明表示，营收达 5 亿元。",  # nor a company by a common word before its officer
        "打破了以 CPU 为中心的冯诺依曼架构。",  # nor a generic architecture
        "北京移动互联网产业规模达 100 亿元。",  # nor an operator's word going on
        "5G100 套设备已交付。",  # nor a code before no kind word
        "全国算力中心平均PUE降至1.42；中国西部数据中心PUE为1.2；中国智算中心规模增长。",  # nor a country or region before a facility word
        "目前公司毛利率稳定在 41%；当前公司净利润为 5 亿元。",  # nor common words strung together
        "The company Monday said the startup China backs had grown.",  # nor a day or a place after a kind of organisation
        "Kestrel held 40% of the market, Orbis 25% and Falcon 10%.",  # nor a model family's number that is a share
        "The H100's bandwidth is 3.35 TB/s; the Company's power is 5 MW; the China's compute grew.",  # nor a kind word or a place
        "It was a Next-Pro move in a Semi-Max market.",  # nor a word that starts no name before a suffix
        "Data center revenue rose 40%, Gaming 30% and Auto 5%.",  # nor a list of segments outside a market's shares
    ],
)
def test_what_is_not_a_name(text: str) -> None:
    found = shapes(text, "zh" if not text.isascii() else "en")
    assert not any(word in found for word in (
        "5GW", "500MW", "Ethernet", "The", "本季度数据中心", "数据中心", "Four GB300", "Each GB300", "TFLOPS BF16", "国产", "新一代", "公司建成超万卡", "A82", "今年加速", "加速", "异构", "70W", "70W GPU",
        "功耗降低了", "功耗降低", "达到6P", "达到 6P", "该平台算力达到", "Chinese", "Fastest", "March2026", "Web3", "Kestrel10", "The Best", "China", "Europe", "Today", "云厂商资本", "单颗", "新架构实现单", "实现单", "实现", "官方信息", "大存储", "同比-16.5", "高密", "帶動集團", "带动集团",
        "中心", "标准", "某证券数据中心", "证券数据中心", "柜液冷", "液冷", "公司", "我国", "游戏", "手机业务", "前三季度", "三季度", "预计",
        "经调整", "息税前", "管理层", "当中包括", "全国算力中心", "中国西部数据中心", "中国智算中心", "智算中心",
        "目前公司", "当前公司", "集团本月", "本月", "今日", "腾讯和阿里", "和阿里", "公司今日", "GPU", "FP8",
        "Monday", "China", "Falcon 10", "Company", "Next-Pro", "Gaming", "Auto"))


@pytest.mark.parametrize("text", ["预计 2027 年全球加速服务器市场将扩大。", "三季度浪涌服务器出货增长。", "12 月星河服务器交付。"])
def test_a_date_is_never_part_of_a_chinese_name(text: str) -> None:
    assert shapes(text, "zh") == {}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("青鸾 Q700 的显存为 96 GB。", "青鸾 Q700"),  # spaced
        ("玄雀R20加速卡功耗 350W。", "玄雀R20"),  # glued on both sides
        ("星图科技发布青鸾 Q700，算力翻倍。", "青鸾 Q700"),  # a launch verb is never inside the name
        ("两款产品中，玄雀 R20S 更省电。", "玄雀 R20S"),  # a letter after the number
        ("星河 X5 芯片的算力达到 1000 TOPS。", "星河 X5"),  # a code of one digit
        ("天枢 A7 加速卡功耗 300W。", "天枢 A7"),
        ("天枢A7功耗 300W。", "天枢A7"),
    ],
)
def test_a_chinese_brand_before_a_latin_code_is_one_name(text: str, name: str) -> None:
    assert shapes(text, "zh").get(name) == ("chip", "zh_brand_code")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("服务器搭载 H200，显存 141 GB。", "搭载 H200"),  # a verb before a code is no brand
        ("这颗芯片 Q700 的功耗更低。", "芯片 Q700"),  # nor a kind of thing
        ("国产 Q700 的产能提升 30%。", "国产 Q700"),  # nor a description
        ("星图科技发布青鸾 Q700。", "发布青鸾 Q700"),
        ("新品发布会后，届时公布 H200 的售价。", "届时公布 H200"),  # a listed family's code has no Chinese brand
        ("青鸾 Q700 单卡 FP16 算力达 800 TFLOPS。", "单卡 FP16"),  # a precision is no model code
        ("公司 Q3 营收增长 20%。", "公司 Q3"),  # a quarter is no model code
        ("星图 H2 营收增长 20%。", "星图 H2"),  # nor a half
        ("系统实现 L4 级自动驾驶。", "系统实现 L4"),  # a verb of what a product offers is no brand
    ],
)
def test_a_word_before_a_code_that_is_no_brand(text: str, word: str) -> None:
    assert word not in shapes(text, "zh")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("该芯片提供256芯片和4096芯片两种配置。", "提供256"),  # without a launch verb the number may count
        ("星图发布了新一代128超节点。", "新一代128"),  # a description is no brand
        ("星图发布了128台服务器。", "128台"),  # a classifier makes it a count
    ],
)
def test_a_chinese_number_before_a_kind_word_that_is_no_model(text: str, word: str) -> None:
    assert not any(name.startswith(word) or word in name for name in shapes(text, "zh"))


def test_a_chinese_brand_and_number_names_the_system_the_next_sentence_is_about():
    from claimledger import extract

    text = "星图发布了云岭128超节点AI服务器。据悉，该服务器单柜支持 128 颗芯片，推理性能提升 50%。"
    assert {claim.subject for claim in extract(text)} == {"云岭128超节点"}


def test_a_chinese_brand_and_code_is_what_the_figures_are_about():
    from claimledger import extract

    text = "星图科技发布青鸾 Q700，单卡 FP16 算力达 800 TFLOPS。星图科技表示，其显存为 96 GB。"
    assert [(claim.text, claim.subject) for claim in extract(text)] == [("800 TFLOPS", "青鸾 Q700"), ("96 GB", "青鸾 Q700")]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Q3 delivers 20% growth.", "Q3"),  # a quarter
        ("The Q3 delivers 20% growth.", "Q3"),  # a quarter, even after a determiner
        ("H2 includes 30% more revenue.", "H2"),  # a half
        ("P5 delivers 2x the speed.", "P5"),  # one digit with no determiner
        ("3 GPUs offer 288 GB of memory.", "3 GPUs"),  # a count
        ("FP8 delivers 2x the throughput.", "FP8"),  # a precision
        ("USB4 supports 40 Gbps.", "USB4"),  # a word that starts no name
        ("公司 Q3 实现营收 50 亿元。", "Q3"),  # a quarter before a Chinese verb
    ],
)
def test_a_code_before_a_verb_that_is_no_product(text: str, word: str) -> None:
    assert word not in shapes(text, "zh" if not text.isascii() else "en")


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("The dual-die R200 offers 288 GB of memory.", "R200"),
        ("Orbis said the K3 offers 40% more bandwidth.", "K3"),
        ("R200 提供 288GB 显存。", "R200"),
        ("星河 X5 芯片的算力达到 1000 TOPS。", "星河 X5"),
        ("Q3 delivers 20% growth.", None),
        ("公司 Q3 营收增长 20%。", None),
    ],
)
def test_a_code_before_a_verb_is_what_the_figure_is_about(text: str, subject: str | None) -> None:
    from claimledger import extract

    assert [claim.subject_id for claim in extract(text)] == [subject]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("In the cluster, the Q3, numbers rose 20%.", "Q3"),  # a word that starts no name
        ("It beat the system, the GPUs, by 30%.", "GPUs"),  # no number, no model name
    ],
)
def test_an_appositive_that_is_no_name(text: str, word: str) -> None:
    assert word not in shapes(text)


@pytest.mark.parametrize("text", ["受推理集群扩建带动，出货量增长30%。", "因智算集群上线，营收增长20%。"])
def test_a_word_opening_a_clause_of_cause_opens_no_name(text: str) -> None:
    assert not any(name.startswith(("受", "因")) for name in shapes(text, "zh"))
