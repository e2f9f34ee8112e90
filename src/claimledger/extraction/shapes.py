"""Names the entities table does not list, told by their shape and position.

Rules (each gives a kind; the words they need are in data/shapes.toml):

- family: a family of names with model numbers and versions (`[family]`:
  "GB400 NVL144", "MI455X", "Qwen3-235B-A22B", "MLPerf Inference v6.0"); never one whose number is
  a share ("Falcon 10%").
- brand_code: a brand word before a model number, hyphenated or not ("Teralynx
  T100", "SambaRack SN40L-16", "MTT S4000"); never a function or number word
  ("Each GB300", "Four GB300 NVL72").
- hyphen_code: a letters-and-digits code with a hyphenated number ("WSE-3",
  "SN40L-16").
- hyphen_name: a capitalised word and a product's suffix joined by a hyphen, no digit ("Kestrel-Ultra",
  "Cloud-Max": `product_suffixes`); never a word that starts no name ("Next-Pro").
- called: the capitalised name a kind word is given ("a supercomputer called Solstice", "the
  cluster, dubbed Colossus 2"); never a word that starts no name.
- appositive: a model name with a number set off by commas or a dash after its kind word ("our
  new accelerator, the R200, offers", "the rack, the Tessel T9 —"); never a word that starts no
  name ("the cluster, the Q3, ...").
- glued_code: a capitalised word with a number glued to it ("Zettascale10", "Stormfront4");
  never a word that starts no name ("March2026", "Web3").
- code_kind: a code before the kind of thing it is ("K4 rack", "X7 芯片", "p150c cards"), one digit, capitals and
  digits too ("3C5000 系列").
- family_number: a family word and a number, spaced or hyphenated, before a kind word
  ("Tomahawk 6 series switch", "Atlas 900 超节点", "Israel-1 supercomputer").
- possessive: what follows "Acme's" up to a kind word ("Acme's Falcon rack"),
  made by Acme.
- owner_of_spec: a machine named with "the" before a product's measure ("the Summit's peak performance"),
  a system; never a code (a rule of its own finds it), a kind word, a place or a kind of organisation.
- org_kind: an organisation after the kind of organisation it is ("AI cloud startup Foundry", "chip
  manufacturer Groq": `org_kind_words`); never a word that starts no name nor a place.
- letter_kind: one capital letter before a kind word of hardware or "Computer", after an article, "its" or a
  possessive ("the K supercomputer", "The K Computer", "its X Platform"; the capitalised kind word is part
  of the name); never "A" or "I", nor before a kind word of software or a model ("the C library").
- segment: a part of a company named by capitalised words before "segment" ("the Intelligent Cloud
  segment", "Compute & Networking segment revenue"), an organisation; never one that only repeats a part
  data/metrics.toml folds into its measure ("the Data Center segment": data center revenue), an acronym
  alone ("the HPC segment": a market as often), a kind word, a place, nor a word that starts no name.
- org_ticker: a listed organisation before its ticker in brackets ("Salesforce.com (NYSE:CRM)": `exchanges`).
- share_holder, share_item: in a sentence about shares of a market (`share_words`), an organisation holding a
  share ("Kestrel held 40%": `share_verbs`) or listed with one after an earlier share (", Orbis 25% and
  Tarnwell 10%", "followed by Orbis with 25%"); never a word that starts no name, a place or a kind word.
- owner_of_measure: an organisation by what it has ("Kestrel's revenue", "Orbis's market
  share": data/metrics.toml's organisation measures); never a place ("China's market share").
- camel_kind: a CamelCase word before a kind word ("QuietBox workstation").
- latin_in_chinese: in Chinese text, one or two capitalised or camel-case Latin words before a
  kind word, a scale and 超 maybe between ("Lushan GPU预计", "Flower Harbor架构", "nexaX万卡超集群");
  never a word that starts no name ("The GPU").
- lower_code: a lower-case model code after "variant" or before a kind word ("p100a").
- owned_code: a model code after "its", "their", "our", "the new" ("its K5").
- code_verb: a model code right before a verb of what it offers (`code_verbs`: "The R200 offers",
  "R200 提供"); a code of one digit only after "the", "its", "their", "our" or a possessive in
  English ("The K3 offers", "its X5 delivers", never "Q3 delivers"); never a quarter or a half
  ("Q3", "H2"), a precision or a word that starts no name ("FP8", "USB4").
- owned_name: one or two capitalised words (the second maybe a short acronym: "its Cortex AI cluster")
  after "its", "their", "our", "the", "each", "every", before a kind word ("its Napier chip", "their
  Storm Harbor racks", "the Spectra system", "each Kite rack"); never a word that starts no name ("the
  Chinese chip") nor a kind word ("the Nvidia GPU cluster").
- zh_kind: a Chinese name right before 芯片/加速卡/一体机/服务器/超节点/集群...
  ("深算芯片"), never a description ("国产芯片", "新一代芯片", "标准机柜", "全国算力中心"), a thing left unnamed
  ("某金融数据中心"), nor the unit right after a number ("1200柜液冷机柜"); a country opens a
  name only before a name of its own ("中国电信中部智算中心", never "中国西部数据中心"); never a kind word
  before another ("服务器机柜").
- zh_new_kind: a Chinese name right after a new product's kind word ("新架构花港"),
  never a description or a metric ("新芯片功耗降低").
- zh_numbered: a Chinese product name numbered with 号 ("深算二号").
- zh_regional_operator: a province's or city's branch of a telecom operator ("北京移动", "广东电信"), an
  organisation; never a word going on ("北京移动互联网").
- zh_described_code: a model code of capitals and at least three digits, or a CamelCase word, that a figure
  describes through 的 ("单柜功率达 1MW 的 UPS5000H", "备电 10 分钟的 SmartLi"); never a precision.
- zh_software_kind: a Latin name holding a capital right after a Chinese software kind word
  ("计算库muDNN", "推理引擎 vLLM"), software; never a kind word or a precision ("计算库 GPU").
- zh_brand_number: a Chinese brand word and a number right before a Chinese kind word
  right after a launch verb ("发布了磐久128超节点", "推出天穹 256 服务器") or what it is built on
  ("基于 T9 的天穹 256 超节点"): with no classifier
  between, the number is the model's, not a count ("128 台服务器" counts); never a
  description. Without the launch verb the number may count ("Ironwood提供256芯片和9216芯片配置").
- zh_brand_digit_code: a Chinese brand word, a model code of digits then capitals, and at most
  three Chinese characters of description before a Chinese kind word ("征程6P智驾芯片",
  "麒麟9000S芯片"): the capitals make it a code, never a count or an amount ("6P" is no
  petaFLOPS there); never a description or a verb before the code.
- zh_brand_code: a Chinese brand word before a Latin model code, spaced or not, of one digit
  or more ("曦云 C600", "云燧T30", "星河 X5"); never a verb, a kind word or a description
  before a code ("搭载 Q700", "实现 L4", "芯片 Q700", "国产 Q700"), nor before a listed
  family's name ("公布 H100"), a precision ("单卡 FP16"), a quarter or a half ("公司 Q3").
- quoted: a name in 「」 or “” before a kind word or a verb of what it does
  ("「花港」架构", "「花港」采用").
- facility_quoted: a quoted name after a verb of building or naming, or set off before a facility
  word (`facility_verbs`, `facility_words`: "erected "Colossus" in Memphis", "building "Frontier," a
  new supercomputer"), a system; never a word that starts no name, nor a place.
- facility_appositive: a capitalised name set off after a facility word ("its latest supercomputer,
  Frontier."), a system; never a word that starts no name, nor a place.
- facility_code: a site code before a facility word ("the HOU1 facility", "its ATL-2 campus"), a system.
- org_ending: an organisation by its ending, never before another capitalised word ("the Culpeper
  Technology Zone") ("Kestrel Silicon", "昉擎科技").
- zh_owner_of_measure: a Chinese name opening its clause before its own results, a period (a word
  or one written with digits: "9月", "2026年1月", "第3季"), a forecast verb, 实现 and a narrowing
  word maybe between ("星桥数据全年实现营业收入", "星桥数据经调整净利润", "云栈9月集团营收",
  "云栈预计第4季整体营收", "云栈Q1业绩逊色": `zh_results_words`), or a Latin name of one or two capitalised words
  holding small letters ("Veltrix业绩与展望"); a verb after the name is none of it ("云岚发布财报": 云岚); never common words alone ("公司", "我国", "目前公司"), a line of business
  ("游戏收入", "手机业务收入"), a narrowing word ("经调整净利润", "息税前利润") nor a measure's own
  name. 年/月/日 in it write no period ("日月光预期第4季整体营收"; never "本月营收"), 和 only opens
  it ("和硕去年营收").
- zh_owner_of_event: a Chinese name opening its clause before the meeting its results are told
  at, when maybe between ("星桥数据30日举行法说会", "云栈将于今天举行业绩会"), with
  zh_owner_of_measure's exclusions.
- zh_owner_of_speaker: a Chinese name opening its clause before the title of a person who speaks
  (data/cues.toml [claimant] titles, then two or three characters and a speech verb: "星桥数据执行长
  王一鸣指出", "云栈董事长李明表示"), with zh_owner_of_measure's exclusions ("公司董事长 ..." names no one).

Each rule is tested in tests/test_shapes.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from functools import cache
from typing import NamedTuple

from claimledger.data_files import data_table
from claimledger.entities.folding import simplified_table
from claimledger.extraction.numbers.chinese import ZD
from claimledger.extraction.units import match_atom
from claimledger.text.alternation import any_of
from claimledger.text.scripts import HAN, expand_scripts

# A numeric precision is no model code: "332 TFLOPS BF16", "FP8".
PRECISION = re.compile(r"(?:NV|MX|BLOCK)?(?:FP|INT|BF|TF)\d{1,2}", re.IGNORECASE)
HAN_NUMERALS = "一二三四五六七八九十"
HAN_CHARACTER = re.compile(f"[{HAN}]")
# Where a clause starts: the sentence's start, or after a comma, a semicolon, a colon or 、.
CLAUSE_START = re.compile(r"^|[，,。；;：:、]")
# A digit, maybe a space, right before a position: what follows is the number's unit or classifier.
DIGIT_BEFORE = re.compile(r"\d[ \t]?$")
# Characters no organisation's name holds before its results: function words ("数据港" holds 据,
# which zh_not_name_chars keeps out of product names), and 占 ("占营业收入比重": a share, no owner).
OWNER_NOT_CHARS = "的了在是为和与及或将把被从对向于已也都就还又并且而但却所之以给让使得着过到至达比较更最很非不没无有这那其该此每各某占"
# 年, 月 and 日 hold in an owner's name where they write no period: "日月光", never "本月", "今日",
# "三月", "年度", "月底"; 和 only opens one ("和硕", never "腾讯和阿里").
DATE_CHARACTERS = "年月日"
PERIOD_BEFORE_DATE = "今明去前本当上下次每首近该同全半整逐翌昨隔周元"
PERIOD_AFTER_DATE = "份度内底初末中起后"
OWNER_CHARACTER = (
    rf"(?:(?![{OWNER_NOT_CHARS}{HAN_NUMERALS}{DATE_CHARACTERS}季度期])[{HAN}]"
    rf"|(?<![{PERIOD_BEFORE_DATE}{HAN_NUMERALS}])[{DATE_CHARACTERS}](?![{PERIOD_AFTER_DATE}{HAN_NUMERALS}]))"
)
# A Latin name opening a Chinese clause before its results: one or two capitalised words holding small
# letters ("Lumentum业绩", "Acme Labs营收"), never an acronym alone ("GPU营收", "AI业务收入").
LATIN_OWNER = r"(?<![A-Za-z0-9])[A-Z][a-z]{2,}[A-Za-z]*(?:[ \t][A-Z][a-z]+)?(?![A-Za-z])"
# A place and a description may make a long name: "西安未来人工智能计算中心".
LONGEST_ZH_NAME = 10
# A brand before a model code is a word or two: "曦云 C600", "云燧 T30".
LONGEST_ZH_BRAND = 4
# After a kind word, a line of business, not a thing: "数据中心业务", "服务器营收", "芯片市场".
BUSINESS_AFTER = re.compile("业务|营收|收入|部门|板块|市场")
# Its scale and use between a quoted name and its kind word: "“夸娥”万卡智算集群".
QUOTED_SCALE = r"(?:[\d万千百十]+卡)?(?:智算|算力|计算|训练|推理)?"
LEADING_QUOTED_SCALE = re.compile("^" + QUOTED_SCALE)
# One or two capitalised words naming who holds a share ("Kestrel", "Orbis Labs", "xAI").
SHARE_NAME = r"(?P<name>(?:[A-Z]|[a-z](?=[A-Z]))[\w&.-]*[A-Za-z0-9](?:[ \t]+[A-Z][\w&-]*[A-Za-z0-9])?)"
# The holder right before the verb of share_holder: one or two capitalised words opening no other word.
SHARE_HOLDER_BEFORE = re.compile(rf"(?<![\w&.-]){SHARE_NAME}$")
# A share after its holder, hedged maybe: "about 40%", "25 percent".
SHARE_FIGURE = r"(?:(?:a|an|about|around|roughly|nearly|some|over|just|almost)[ \t]+)*\d[\d.,]*[ \t]?(?:%|percent\b|per[ \t]cent\b)"
# A percentage: a share list holds one before its later items.
PERCENT_FIGURE = re.compile(r"\d[ \t]?(?:%|percent\b|per[ \t]cent\b)")
# A percent sign right after a name's number: the number is a share, not the model's ("Falcon 10%").
PERCENT_AFTER = re.compile(r"(?<=\d)[ \t]?(?:%|percent\b|per[ \t]cent\b)")
# The quotes a quoted name opens with ("「花港」架构", "“夸娥”集群"); a facility's only with the
# English ones ("erected "Colossus" in Memphis").
ENGLISH_OPENING_QUOTES = "“\""
OPENING_QUOTES = "「" + ENGLISH_OPENING_QUOTES
# What a numbered Chinese name ends with: "深算二号".
NUMBERED = "号"
# A digit: an appositive's name holds one ("the R200", "the Heron 2").
HAS_DIGIT = re.compile(r"\d")
# A number opening a name, and the space or hyphen before its unit ("5GW", "500-MW").
LEADING_NUMBER = re.compile(r"\d[\d.,]*[ \t-]?")


class Shape(NamedTuple):
    """A name found by its shape: [start, end) of its sentence, its kind, the rule, its maker if stated."""

    start: int
    end: int
    kind: str
    rule: str
    maker: str | None = None


# What a product built on another is introduced by: "基于 T9 的天穹 256 超节点", "搭载青鸾芯片的".
BUILT_ON_BEFORE = re.compile(r"(?:基于|基於|搭载|搭載|采用|採用)[^，,。；;：:]{1,20}的\s*$")
# The number of zh_brand_number, ending right before a Chinese kind word: "磐久128超节点", "天穹 256 服务器".
NUMBER_BEFORE_KIND = re.compile(r"(?P<number>\d{2,5})[ \t]?\Z")
# The code of zh_brand_digit_code and its description, ending right before a Chinese kind word: "征程6P智驾".
CODE_BEFORE_KIND = re.compile(rf"(?P<code>\d{{1,5}}[A-Z]{{1,2}})[ \t]?[{HAN}]{{0,3}}\Z")
# An ordinal right before a word: "第2大", "第 3 大".
ORDINAL_BEFORE = re.compile(r"第[ \t]*\d+[ \t]*\Z")
# A number (and a space) right before a word.
AFTER_NUMBER = re.compile(r"\d\s?$")
# A period written with digits between an owner and its results: "9月", "2026年1月", "第3季", "前9月",
# "2025年第二季度", "Q3" (zh_owner_of_measure).
ZH_DATED_PERIOD = (
    r"(?:\d{4}[ \t]?财?年[ \t]?)?(?:前[ \t]?)?(?:\d{1,2}[ \t]?月份?|第?[ \t]?[1-4一二三四][ \t]?财?季度?|Q[1-4])"
)
# A date or period unit after a number: "2026 年", "3 月", "二季度".
DATE_UNITS = "年月日季周"
DATE_NUMERALS = "0-9〇零一二三四五六七八九十"
NUMBER_BEFORE = re.compile(rf"[{DATE_NUMERALS}][ \t]?$")


def _unit_after_number(text: str, start: int) -> bool:
    """Whether the word at `start` is a unit written right after a number ("288 GB HBM3e")."""
    if not AFTER_NUMBER.search(text, max(0, start - 2), start):
        return False
    from claimledger.extraction.units import match_atom

    unit = match_atom(text, start)
    return unit is not None and not text[unit.end:unit.end + 1].isalnum()


@cache
def shape_table() -> dict:
    """data/shapes.toml, parsed, written simplified (it is matched on simplified text)."""
    return simplified_table(data_table("shapes.toml"))


def _words(words: list[str]) -> str:
    return any_of(words)


@cache
def _kind_of_word() -> dict[str, str]:
    return {word.casefold(): kind for kind, words in shape_table()["kind_words"].items() for word in words}


def is_kind_word(word: str) -> bool:
    """Whether `word` says what kind of thing a name is ("GPU", "芯片"): no one's name."""
    return word.casefold() in _kind_of_word()


@cache
def _kind_words() -> list[str]:
    """Every kind word as written, in the table's order."""
    return [word for words in shape_table()["kind_words"].values() for word in words]


@cache
def _kind_word_pattern() -> str:
    return _words(_kind_words())


@cache
def _kind_word_ahead() -> str:
    """A look-ahead on the first characters of the kind words: put before a kind word that
    follows a name, it fails at once where no kind word can start, instead of trying the
    word alternation at every place the name's repeats give back."""
    firsts = sorted({word[0] for word in _kind_words()})
    return "(?=[" + "".join(map(re.escape, firsts)) + "])"


@cache
def _family_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """Every family pattern in one alternation, in order (a system before its chip), each
    ending in an empty group that names its kind (a flat alternation is faster than a group
    per kind), tried only at the characters a family name starts with. Three patterns: the
    alternation tried also at a Chinese character where a Chinese family name may begin; the
    alternation at Latin characters only, which finds the same in a sentence without any of
    family_hints_chinese; and those hints."""
    patterns = [(kind, pattern) for kind, listed in shape_table()["family"].items() for pattern in listed]
    groups = {f"k{index}": kind for index, (kind, _) in enumerate(patterns)}
    body = "|".join(f"(?:{expand_scripts(pattern)})(?P<k{index}>)" for index, (_, pattern) in enumerate(patterns))
    words = shape_table()["words"]
    starts, chinese = words["family_starts"], expand_scripts(words["family_starts_chinese"])
    end = r"(?![A-Za-z0-9_])"
    # The first look-ahead, one character class, turns most characters away at once.
    return (
        re.compile(f"(?=[{starts}{HAN}])(?=[{starts}]|{chinese})(?:{body}){end}"),
        re.compile(f"(?=[{starts}])(?:{body}){end}"),
        re.compile(any_of(words["family_hints_chinese"])),
        groups,
    )


# "the Summit" before "'s peak performance" (owner_of_spec): a machine named with "the", as a site's machine is.
THE_OWNER_BEFORE = re.compile(r"(?<![A-Za-z])[Tt]he[ \t]+(?P<name>(?:[A-Z][\w.-]*[ \t]+){0,2}[A-Z][\w.-]*)$")
# The owner right before the "'s" of owner_of_measure: one or two capitalised words.
OWNER_BEFORE = re.compile(r"(?<![A-Za-z&-])(?:[A-Z][A-Za-z&-]*[ \t]+)?[A-Z][A-Za-z&-]*$")
# What may stand between a determiner and the name it opens: "its new Osprey cluster", "the latest Tarn rack".
OWNED_ADJECTIVE = r"(?:new|latest|newest|upcoming|flagship|next-generation|next-gen|first|second|third)"


@cache
def _rules() -> dict[str, re.Pattern[str]]:
    kind_word, ahead = _kind_word_pattern(), _kind_word_ahead()
    han_verbs = list(_chinese_code_verbs())
    latin_verbs = [verb for verb in _words_tuple("code_verbs") if verb not in han_verbs]
    latin_kind = rf"(?:{kind_word})(?![A-Za-z])"
    # A rule that opens with one character class lets Python's re skip ahead to that class
    # (the first capital is written once: "[A-Z](?:[A-Za-z]{2,}|[A-Z])", not "[A-Z][A-Za-z]{2,}|[A-Z]{2}").
    return {
        "brand_code": re.compile(
            r"(?P<brand>[A-Z](?:[A-Za-z]{2,}|[A-Z])(?:[ \t]+[A-Z][A-Za-z]{2,})?)(?:[ \t]+|-(?=[A-Z]{1,4}\d))"
            r"(?P<code>[A-Z]{1,4}\d{1,5}(?:\.\d+)?[A-Za-z]*(?:-[A-Za-z]*\d+[A-Za-z]*)?)(?![A-Za-z0-9_-])"
        ),
        "hyphen_code": re.compile(
            r"(?P<code>[A-Z](?:[A-Z]{1,4}-\d+[A-Za-z]*|[A-Z]{0,3}\d+[A-Z]*-[A-Z]*\d+[A-Za-z]*))(?![A-Za-z0-9_-])"
        ),
        # "Kestrel-Ultra", "Cloud-Max": a capitalised word and a product's suffix, hyphenated, no digit.
        "hyphen_name": re.compile(
            rf"(?P<name>[A-Z][A-Za-z]{{2,}}-(?:{_words(shape_table()['words']['product_suffixes'])}))(?![\w-])"
        ),
        # "a new supercomputer called Solstice", "the cluster, dubbed Colossus 2,": a kind word, then the name it is given.
        "called": re.compile(
            rf"(?P<kind>{latin_kind}),?[ \t]+(?:(?:now|also|internally|simply)[ \t]+)?(?:called|named|dubbed|code-?named|known[ \t]+as)[ \t]+[\"“]?"
            r"(?P<name>[A-Z][\w-]+(?:[ \t]+(?:[A-Z][\w-]*|\d{1,4}))?)"
        ),
        # "our new accelerator, the R200, offers": a kind word, then its name between commas (or before a dash).
        "appositive": re.compile(
            rf"(?P<kind>{latin_kind}),[ \t]+the[ \t]+(?P<name>[A-Z][\w.-]*(?:[ \t]+[A-Z0-9][\w.-]*)?)(?<!\.)[ \t]*[,—–]"
        ),
        # Never a word glued to a date in Chinese text: "Google10月" is Google, then 10 月 ("Kite2026财年": a fiscal year).
        "glued_code": re.compile(r"(?P<word>[A-Z][a-z]{3,})\d{1,4}[A-Za-z]?(?![A-Za-z0-9_.年月日号财-])"),
        # "[A-Za-z]*+": a letter given back could never be the digit after the letters. The code's
        # first letter or digit opens the rule, a look-behind after it telling which it was. Letters
        # open a code only where their run starts: from any later letter of the run the same rest
        # would be read, so the search passes those at once (not reading each word again per letter).
        "code_kind": re.compile(
            rf"(?P<code>[A-Za-z\d](?:(?<=[A-Za-z])(?<![A-Za-z]{{2}})[A-Za-z]*+\d+[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|(?<=\d)\d{{1,3}}(?![WV](?![A-Za-z]))[A-FH-Z]{{1,2}}"
            rf"|(?<=\d)(?<!\d\d)(?<![A-Za-z.]\d)[A-Z]{{1,2}}\d{{3,5}}[A-Z]?(?![A-Za-z0-9])))"
            rf"[ \t]*{ahead}(?P<kind>{latin_kind}|(?:{kind_word}))"
        ),
        "family_number": re.compile(
            rf"(?P<name>[A-Z][a-z]{{3,}}(?:[ \t]+[A-Z][a-z]{{3,}})?(?:[ \t]+|-)\d{{1,4}})(?:[ \t]+series)?[ \t]*{ahead}(?P<kind>{latin_kind}|(?:{kind_word}))"
        ),
        "possessive": re.compile(
            # an owner opens with a capital, or a small letter before one ("xAI's", "iFlytek's")
            r"(?P<owner>(?:[A-Z]|[a-z](?=[A-Z]))[\w&.-]*(?:[ \t]+[A-Z][\w&.-]*)?)['’]s[ \t]+"
            rf"(?P<name>(?:[A-Z0-9][\w.-]*[ \t]+){{0,2}}[A-Z0-9][\w.-]*)[ \t]+{ahead}(?P<kind>{latin_kind})"
        ),
        "camel_kind": re.compile(rf"(?P<name>[A-Z][a-z]+[A-Z][A-Za-z]+)[ \t]+{ahead}(?P<kind>{latin_kind})"),
        # In Chinese text a capitalised or camel-case Latin word is a name: "Lushan GPU预计", "Flower
        # Harbor架构", "nexaX 万卡超集群" (a scale, 万卡, and 超 may stand before the kind word).
        "latin_in_chinese": re.compile(
            rf"(?P<name>(?:[A-Z][a-z]{{2,}}(?:[A-Z][a-z]*)?|[a-z]{{3,}}[A-Z][a-z]*)(?:[ \t]+[A-Z][a-z]{{2,}})?)[ \t]*"
            rf"(?:[十百]?[万千]卡)?超?{ahead}(?P<kind>{latin_kind}|(?:{kind_word}))"
        ),
        "lower_code": re.compile(
            rf"(?:(?<=variant )|(?<=model )|(?<=version )|(?<=edition ))(?P<code>[a-z]\d{{2,4}}[a-z]?)(?![\w-])"
            rf"|(?P<code2>[a-z]\d{{2,4}}[a-z])[ \t]+{ahead}(?P<kind>{latin_kind})"
        ),
        # An organisation holding its results meeting: "星桥数据30日举行法说会" (matched at each
        # clause's start only: _owners_of_measures).
        "zh_owner_of_event": re.compile(
            rf"(?P<name>(?:和{OWNER_CHARACTER}{{1,4}}?|{OWNER_CHARACTER}{{2,5}}?))[ \t]*"
            rf"(?:(?:{_words(shape_table()['words']['zh_event_times'])})[ \t]*|今?[(（]?\d{{1,2}}[)）]?[ \t]?日[ \t]*){{0,2}}"
            rf"(?:{_words(shape_table()['words']['zh_event_verbs'])})了?[ \t]*(?:{_words(shape_table()['words']['zh_results_events'])})"
        ),
        # The code's first capital opens the rule, written once (a repeat first would keep the search
        # from skipping ahead to capitals); an English verb is a word of its own, a Chinese one may touch the code.
        "code_verb": re.compile(
            rf"(?P<code>[A-Z][A-Z]{{0,2}}(?P<digits>\d{{1,4}})[A-Za-z]?)"
            rf"(?:[ \t]+(?:{_words(latin_verbs)})(?![A-Za-z])|[ \t]?(?P<chinese_verb>{_words(han_verbs)}))"
        ),
        # Each word's leading boundary is a look-behind after its first letter (as any_phrase writes it).
        "owned_code": re.compile(
            r"(?:i(?<!\w.)ts|t(?<!\w.)heir|o(?<!\w.)ur|t(?<!\w.)he new)[ \t]+(?P<code>[A-Z]{1,3}\d{1,4}[A-Za-z]?)(?![\w-])"
        ),
        # The look-ahead on the determiners' first letters lets the search skip ahead to them.
        "owned_name": re.compile(
            rf"(?=[IiTtOoEe])\b(?:[Ii]ts|[Tt]heir|[Oo]ur|[Tt]he|[Ee]ach|[Ee]very)[ \t]+(?:{OWNED_ADJECTIVE}[ \t]+)?(?P<name>[A-Z][a-z]{{2,}}(?:[ \t]+(?:[A-Z][a-z]{{2,}}|[A-Z]{{2,3}}(?![\w-])))?)[ \t]+{ahead}(?P<kind>{latin_kind})"
        ),
        # Only the kind words written in Chinese: a Latin one is never a Chinese name's kind.
        "zh_kind": re.compile(rf"(?P<kind>{_words([word for word in _kind_words() if HAN_CHARACTER.match(word)])})"),
        # A kind word, then the model code it names, in Chinese text: "训练芯片 K30", "训练 GPU MXC500"
        # (the look-ahead on the kind words' first characters lets a search pass other places at once).
        "zh_kind_code": re.compile(rf"{ahead}(?P<kind>{latin_kind}|(?:{kind_word}))[ \t]*(?P<code>[A-Z]{{1,4}}\d{{2,5}}[A-Za-z]?)(?![A-Za-z0-9_.-])"),
        "zh_new_kind": re.compile(rf"(?P<kind>{_words(shape_table()['words']['zh_new_kind'])})[「“]?"),
        # A Latin name holding a capital right after a software kind word: "计算库muDNN", "推理引擎 vLLM".
        "zh_software_kind": re.compile(
            rf"(?:{_words(shape_table()['words']['zh_software_kind'])})[ \t]*(?P<name>(?=[a-z]*[A-Z])[A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9_.-])"
        ),
        "zh_numbered": re.compile(rf"(?P<name>[{HAN}]{{2}}[{HAN_NUMERALS}]{NUMBERED})"),
        # An organisation opening its clause before its results: "数据港全年实现营业收入" (matched at
        # each clause's start only: _owners_of_measures).
        "zh_owner_of_measure": re.compile(
            rf"(?P<name>(?:和{OWNER_CHARACTER}{{1,4}}?|{OWNER_CHARACTER}{{2,5}}?|{LATIN_OWNER}))(?:(?<=[A-Za-z])[ \t])?"
            rf"(?:预计|预期|预估)?(?:{ZH_DATED_PERIOD}|{_words(shape_table()['words']['zh_owner_periods'])})?(?:实现|录得|的)?"
            rf"(?:{_words(shape_table()['words']['zh_measure_modifiers'])})?(?:{_words(_chinese_organisation_measures())}"
            rf"|{_words(shape_table()['words']['zh_results_words'])})"
        ),
        # A province's or city's branch of a telecom operator: "北京移动", "广东电信".
        "zh_regional_operator": re.compile(
            rf"(?P<name>(?:{_words(shape_table()['words']['zh_regions'])})(?:{_words(shape_table()['words']['zh_operators'])}))"
            rf"(?!{_words(shape_table()['words']['zh_operator_not_before'])})"
        ),
        # A model code a figure describes through 的: "单柜功率达 1MW 的 UPS5000H" (a figure, maybe a unit, then 的).
        "zh_described_code": re.compile(
            rf"(?<=\d)(?:[ \t]?(?:[A-Za-z/%]{{0,6}}|[{HAN}]{{1,3}}))[ \t]?的[ \t]?"
            rf"(?P<code>[A-Z]{{2,}}\d{{3,}}[A-Z]{{0,2}}|[A-Z][a-z]+[A-Z][A-Za-z]*)(?![A-Za-z0-9_.-])"
        ),
        # An organisation whose officer speaks: "星桥数据执行长王一鸣指出" (matched at each clause's
        # start only: _owners_of_measures).
        "zh_owner_of_speaker": re.compile(
            rf"(?P<name>{OWNER_CHARACTER}{{2,5}}?)(?:{_words(_speaker_titles())})[{HAN}]{{2,3}}?"
            rf"(?:{_words(_speech_verbs())})"
        ),
        # The code's first capital opens the rule (a Chinese character, and maybe a space, before it).
        "zh_brand_code": re.compile(
            rf"(?P<code>[A-Z](?:(?<=[{HAN}][A-Z])|(?<=[{HAN}][ \t][A-Z]))[A-Z]{{0,2}}\d{{1,4}}[A-Za-z]?)(?![A-Za-z0-9_.-])"
        ),
        "quoted": re.compile(rf"[{OPENING_QUOTES}](?P<name>[{HAN}A-Za-z0-9][{HAN}A-Za-z0-9 .-]{{0,11}}|[A-Z][A-Za-z0-9.-]*(?:[ ][A-Z0-9][A-Za-z0-9.-]*){{1,2}})[」”\"](?P<after>[ \t]*(?:的[ \t]*)?{QUOTED_SCALE}(?:{kind_word}|采用|搭载|支持|提供|实现|拥有|具备|集成|uses|offers|delivers|supports))"),
        # "building "Frontier," a new supercomputer", "erected "Colossus" in Memphis": a facility's quoted name.
        "facility_quoted": re.compile(
            rf"(?:(?P<verb>\b(?:{_words(_facility('facility_verbs'))}))[ \t]+)?[{ENGLISH_OPENING_QUOTES}](?P<name>[A-Z][A-Za-z0-9.-]*(?:[ \t][A-Z0-9][A-Za-z0-9.-]*){{0,2}}),?[\"”]"
            rf"(?P<after>,?[ \t]+(?:a|an|the|its|our|their)[ \t]+(?:[\w-]+[ \t]+){{0,3}}?(?:{_words(_facility('facility_words'))})(?![A-Za-z]))?"
        ),
        # "its latest supercomputer, Frontier.": a facility word, then the name set off after it.
        "facility_appositive": re.compile(
            rf"(?:{_words(_facility('facility_words'))}),[ \t]+(?P<name>[A-Z][a-z]{{2,}}(?:[ \t]+[A-Z][a-z]{{2,}})?)(?=[ \t]*(?:[.,;:—–]|$))"
        ),
        # "The HOU1 facility", "its ATL-2 campus": a site code before a facility word.
        "facility_code": re.compile(
            rf"(?P<code>[A-Z][A-Z]{{1,4}}-?\d{{1,3}})[ \t]+(?:{_words(_facility('facility_words'))})(?![A-Za-z])"
        ),
        "org_ending_en": re.compile(
            # an ending before another capitalised word ends no name ("the Culpeper Technology Zone")
            rf"(?P<name>[A-Z][A-Za-z]+(?:[ \t]+[A-Z][A-Za-z]+)?[ \t]+(?:{_words(shape_table()['words']['org_endings_en'])}))(?![A-Za-z])(?![ \t]+[A-Z][a-z]+\b)"
        ),
        "org_ending_zh": re.compile(rf"(?P<ending>{_words(shape_table()['words']['org_endings_zh'])})"),
        # "AI cloud startup Foundry", "chip manufacturer Groq", "an AI lab called Reflection AI": the kind of
        # organisation, then its name.
        "org_kind": re.compile(
            rf"(?:{_words(shape_table()['words']['org_kind_words'])})[ \t]+(?:(?:called|named)[ \t]+)?"
            r"(?P<name>(?:[A-Z]|[a-z](?=[A-Z]))[\w&.-]*[A-Za-z0-9](?:[ \t]+[A-Z][\w&-]*[A-Za-z0-9])?)(?![\w&-])"
        ),
        # "Kestrel held 40% of the market": who holds a share (the search opens at the verb, the holder is
        # read before it: SHARE_HOLDER_BEFORE).
        "share_holder": re.compile(
            rf"[ \t](?:{_words(shape_table()['words']['share_verbs'])})[ \t]+{SHARE_FIGURE}"
        ),
        # "..., Orbis 25% and Tarnwell 10%", "followed by Orbis with 25%": who is listed with a share.
        "share_item": re.compile(
            rf"(?:,|;|(?<![\w-])and|(?<![\w-])followed[ \t]+by|(?<![\w-])while)[ \t]+{SHARE_NAME}(?:[ \t]+(?:with|at|on))?[ \t]+{SHARE_FIGURE}"
        ),
        # "the K supercomputer", "The K Computer", "its X Platform": one capital letter before a kind word of
        # hardware (or "Computer"), after an article, a possessive or "its".
        "letter_kind": re.compile(
            r"(?:\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)|['’]s)[ \t]+(?P<name>[B-HJ-Z])[ \t]+"
            rf"(?P<kind>Computer|computer|{_words(_letter_kind_words())})(?![A-Za-z])"
        ),
        # "the Intelligent Cloud segment", "its “Intelligent Cloud” segment", "the DCG (Data Center Group)
        # segment": a part of a company by name.
        "segment": re.compile(
            r"(?P<name>[A-Z][\w-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w-]*){0,2})[\"”’]?(?:[ \t]+\([^()]{1,40}\))?[ \t]+(?:business[ \t]+|reporting[ \t]+)?segment(?![A-Za-z])"
        ),
        # "Salesforce.com (NYSE:CRM)", "Texas Instruments Inc. (NASDAQ: TXN)": a listed organisation and its ticker;
        # a legal form set off by a comma is no part of the name ("Arista Networks, Inc. (NYSE: ANET)").
        "org_ticker": re.compile(
            r"(?P<name>[A-Z][\w&.-]*(?:[ \t]+[A-Z][\w&.-]*){0,3})(?:,[ \t]+(?:Inc|Corp|Ltd|LLC|Co|plc)\.?)?[ \t]*\([ \t]*"
            rf"(?:{_words(shape_table()['words']['exchanges'])})[ \t]*:"
        ),
        # "the Summit's peak performance", "the Kestrel's memory bandwidth": a named machine holding a
        # measure of a product (the search opens at the "'s", the owner is read before it: THE_OWNER_BEFORE).
        "owner_of_spec": re.compile(
            rf"['’]s[ \t]+(?:[a-z][\w-]*[ \t]+){{0,2}}?(?:{_words(_product_measures())})(?![A-Za-z])"
        ),
        # "Kestrel's revenue", "Orbis's data center sales": whose money or market share it is (the
        # search opens at the "'s", the owner is read before it: OWNER_BEFORE).
        "owner_of_measure": re.compile(
            rf"['’]s[ \t]+(?:[a-z][\w-]*[ \t]+){{0,2}}?(?:{_words(_organisation_measures())})(?![A-Za-z])"
        ),
    }


@cache
def _organisation_measures() -> list[str]:
    """The English names of what an organisation has ("revenue", "market share"): data/metrics.toml."""
    concepts = [concept for concept in data_table("metrics.toml")["concept"] if concept.get("organisation")]
    return [word for concept in concepts for word in [concept["name"], *concept.get("aliases", ())] if word.isascii()]


@cache
def _product_measures() -> list[str]:
    """The English names of what a product has ("peak performance", "memory bandwidth"): data/metrics.toml's
    concepts no organisation has, lower case."""
    concepts = [concept for concept in data_table("metrics.toml")["concept"] if not concept.get("organisation")]
    return [word for concept in concepts for word in (concept["name"], *concept.get("aliases", ())) if word.isascii() and word.islower()]


@cache
def _chinese_organisation_measures() -> list[str]:
    """The Chinese names of an organisation's own measures ("营业收入", "净利润"; not a market's):
    data/metrics.toml."""
    concepts = [concept for concept in data_table("metrics.toml")["concept"] if concept.get("organisation") and not concept.get("market")]
    return [word for concept in concepts for word in concept.get("aliases", ()) if HAN_CHARACTER.match(word)]


# What a sentence holds whenever a rule can match in it (its code's letters before digits,
# the possessive's "'s"; the words of `_worded_rules` too): a rule whose hint is absent is not
# run. Each starts with the rarer character (a digit, a capital), the one Python's re skips ahead to.
RULE_HINTS = {
    "brand_code": re.compile(r"[A-Z]\d"),
    "hyphen_code": re.compile(r"[A-Z]-?\d"),
    "hyphen_name": re.compile(r"[a-z]-[A-Z]"),
    "glued_code": re.compile(r"\d(?<=[a-z]\d)"),
    # Each word whole, not a group of stems before "ed": a group first stops the search skipping ahead.
    "called": re.compile(r"called[ \t]|named[ \t]|dubbed[ \t]|known[ \t]+as[ \t]"),
    "appositive": re.compile(r",[ \t]+the[ \t]+[A-Z]"),
    "possessive": re.compile(r"['’]s[ \t]"),
    "owner_of_measure": re.compile(r"['’]s[ \t]"),
    "owner_of_spec": re.compile(r"['’]s[ \t]"),
    "camel_kind": re.compile(r"[A-Z](?<=[a-z][A-Z])"),
    "lower_code": re.compile(r"\d\d(?<=[a-z]\d\d)"),
    "owned_code": re.compile(r"[A-Z]\d"),
    "code_verb": re.compile(r"[A-Z]\d"),
    # the last three letters of a determiner or of an OWNED_ADJECTIVE, then the name's capital
    "owned_name": re.compile(r"[A-Z](?<=(?:its|eir|our|new|the|The|ach|ery|est|ing|hip|ion|gen|rst|ond|ird)[ \t][A-Z])"),
    "zh_owner_of_measure": re.compile("收入|营收|利润|毛利|净利|营业|研发|市值|估值|出货|订单|业绩|财报"),
    "zh_described_code": re.compile("的(?=[ \t]?[A-Z][A-Za-z])"),
    "facility_appositive": re.compile(r",[ \t]+[A-Z][a-z]"),
    "facility_code": re.compile(r"[A-Z]-?\d"),
    "segment": re.compile(r"[ \t]segment(?![A-Za-z])"),
    # the name's one capital, a space or tab on each side
    "letter_kind": re.compile(r"[B-HJ-Z](?<=[ \t][B-HJ-Z])[ \t]"),
}


@cache
def _hints() -> dict[str, re.Pattern[str]]:
    """RULE_HINTS and the hints built from data: org_ending_en's ending ("Inc", "Labs"), org_ticker's
    bracket and exchange ("(NYSE:"), zh_kind_code's kind word's last character before its code's
    capitals and first two digits, code_kind's digit after a letter or before a capital, then the rest
    of its code and its kind word ("K4 rack", "910B 芯片"; most codes have no kind word after them),
    latin_in_chinese's last letter, then its kind word ("Lushan GPU", "nexaX万卡超集群"), and
    zh_owner_of_speaker's titles. Opening with a class, each search skips to those characters."""
    endings = _words(shape_table()["words"]["org_endings_en"])
    kind_ends = "".join(sorted({re.escape(word[-1]) for word in _kind_words()}))
    kind_word, ahead = _kind_word_pattern(), _kind_word_ahead()
    return {
        **RULE_HINTS,
        **{rule: re.compile(any_of(words)) for rule, words in _worded_rules().items() if rule in HINTED_WORDED_RULES},
        "org_ending_en": re.compile(rf"(?:{endings})(?![A-Za-z])"),
        # the bracket opening a ticker: the name before it is read only where one stands
        "org_ticker": re.compile(rf"\([ \t]*(?:{_words(shape_table()['words']['exchanges'])})[ \t]*:"),
        "zh_kind_code": re.compile(rf"[{kind_ends}][ \t]*[A-Z]{{1,4}}\d\d"),
        "code_kind": re.compile(rf"\d(?:(?<=[A-Za-z]\d)|(?=[A-FH-Z]))[A-Za-z0-9-]*[ \t]*{ahead}(?:{kind_word})"),
        "latin_in_chinese": re.compile(rf"[A-Za-z][ \t]*(?:[十百]?[万千]卡)?超?{ahead}(?:{kind_word})"),
        "zh_owner_of_speaker": re.compile(any_of(_speaker_titles())),
    }


# The rules whose every match holds one of a few words (`_worded_rules`), and those of them
# that search that word first, as their hint (the others open with it, or have a hint of their own).
HINTED_WORDED_RULES = frozenset({"zh_numbered", "zh_regional_operator", "quoted", "facility_quoted"})


@cache
def _worded_rules() -> dict[str, list[str]]:
    """For each rule whose every match holds one of a few words, those words: an opening quote, an
    organisation's ending, the 号 of a numbered name, a telecom operator, a new product's kind word,
    a software kind word."""
    words = shape_table()["words"]
    return {
        "zh_numbered": [NUMBERED],
        "zh_regional_operator": words["zh_operators"],
        "quoted": list(OPENING_QUOTES),
        "facility_quoted": list(ENGLISH_OPENING_QUOTES),
        "org_ending_en": words["org_endings_en"],
        "zh_new_kind": words["zh_new_kind"],
        "zh_software_kind": words["zh_software_kind"],
        "org_ending_zh": words["org_endings_zh"],
    }


@cache
def _any_rule_word() -> re.Pattern[str]:
    """Any word of `_worded_rules`, as one trie: a sentence holding none (most) runs none of
    those rules, one search instead of three to six."""
    return re.compile(any_of(word for words in _worded_rules().values() for word in words))


# A letter and a digit side by side ("H100", "X-7", "64K"): every code rule's hint above needs
# one, so a sentence without it runs none of them (most Chinese sentences: one search, not five).
CODE_HINT = re.compile(r"\d(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]-\d)|[A-FH-Z])")
# A capital and a small letter ("Tomahawk", "Inc"): the rules of capitalised words (family_number,
# camel_kind, owned_name, org_ending_en, latin_in_chinese) each need one, so a sentence without
# it (most Chinese sentences) runs none of them.
WORD_HINT = re.compile(r"[a-z](?<=[A-Z][a-z])")
# A small letter before a space or tab: the rules reading English words after one another (called,
# appositive, possessive, owned_code, owned_name: "a rack called", "Acme's", "its K5") each need
# one, so a sentence without it (most Chinese sentences) runs none of them.
PROSE_HINT = re.compile(r"[a-z][ \t]")
# A small letter then a capital ("nexaX", "scaleFabric"): a camel-case word a Chinese name may be.
CAMEL_HINT = re.compile(r"[A-Z](?<=[a-z][A-Z])")


@cache
def not_brand() -> frozenset[str]:
    """Capitalised words that open no brand (data/shapes.toml words.not_brand)."""
    return frozenset(shape_table()["words"]["not_brand"])


@cache
def _facility(group: str) -> list[str]:
    """The facility words or verbs of data/shapes.toml [words] (facility_words, facility_verbs)."""
    return list(shape_table()["words"][group])


@cache
def _places() -> frozenset[str]:
    return frozenset(shape_table()["words"]["places"])


def shaped_names(text: str, lang: str) -> list[Shape]:
    """Every name in `text` found by shape (overlaps allowed; the caller keeps the longest)."""
    han = HAN_CHARACTER.search(text) is not None
    codes = CODE_HINT.search(text) is not None
    words = WORD_HINT.search(text) is not None
    prose = PROSE_HINT.search(text) is not None
    # The "'s" possessive, owner_of_measure and owner_of_spec read after an owner (their hints hold
    # it): found by a string test, which most sentences fail, before a search per rule.
    possessive = "'s" in text or "’s" in text
    with_chinese, latin, hints, groups = _family_patterns()
    family = with_chinese if han and hints.search(text) else latin
    found = [
        Shape(_after_chinese_lead(text, match.start(), match.end()), match.end(), groups[match.lastgroup], "family")
        for match in family.finditer(text)
        if match.end() > match.start() and not _glued_left(text, match.start()) and not PERCENT_AFTER.match(text, match.end())
    ]
    for match in _free(text, "brand_code", ".'’-") if codes else ():
        brand = match.group("brand")
        if PRECISION.fullmatch(match.group("code")):
            continue
        if _unit_after_number(text, match.start("brand")):
            continue  # "288 GB HBM3e": a unit right after a number is no brand
        if any(word in not_brand() for word in brand.split()):
            words = brand.split()
            if words[-1] in not_brand():
                continue
            start = match.start("brand") + brand.index(words[-1])
        else:
            start = match.start()
        found.append(Shape(start, match.end(), _kind_after(text, match.end(), brand), "brand_code"))
    for match in _free(text, "hyphen_code", ".-") if codes else ():
        if match.group("code").split("-")[0] not in not_brand():
            found.append(Shape(match.start(), match.end(), _kind_after(text, match.end()), "hyphen_code"))
    for match in _free(text, "hyphen_name", ".-") if words and "-" in text else ():
        if match.group("name").split("-")[0] not in not_brand():
            found.append(Shape(match.start(), match.end(), _kind_after(text, match.end()), "hyphen_name"))
    for match in _matches(text, "called") if prose else ():
        if match.group("name").split()[0] not in not_brand():
            found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "called"))
    for match in _matches(text, "appositive") if prose else ():
        name = match.group("name")
        if HAS_DIGIT.search(name) and name.split()[0] not in not_brand():
            found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "appositive"))
    for match in _free(text, "glued_code", ".-") if codes else ():
        if match.group("word") not in not_brand():
            found.append(Shape(match.start(), match.end(), _kind_after(text, match.end()), "glued_code"))
    for match in _free(text, "code_kind", ".-") if codes else ():
        if match.group("code") not in not_brand() and not _a_figure(text, match.start("code")):
            found.append(Shape(match.start("code"), match.end("code"), _kind_of(match.group("kind")), "code_kind"))
    for match in _free(text, "family_number", ".") if words else ():
        if match.group("name").split()[0] not in not_brand():
            found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "family_number"))
    for match in _free(text, "possessive", ".") if prose and possessive else ():
        name = match.group("name")
        if name.split()[0] not in not_brand() and not _a_figure(text, match.start("name")):
            found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "possessive", match.group("owner")))
    for match in _matches(text, "owner_of_measure") if possessive and not han else ():
        owner = OWNER_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if owner and not _glued_left(text, owner.start()) and not any(word in not_brand() or word in _places() for word in owner.group().split()):
            found.append(Shape(owner.start(), owner.end(), "organisation", "owner_of_measure"))
    for match in _matches(text, "owner_of_spec") if prose and possessive and not han else ():
        owner = THE_OWNER_BEFORE.search(text, max(0, match.start() - 40), match.start())
        words_of_owner = owner.group("name").split() if owner else []
        # A code holds a digit ("the H100's"): a rule of its own finds it, with its own kind.
        if owner and not HAS_DIGIT.search(owner.group("name")) and not any(
            word in not_brand() or word in _places() or is_kind_word(word) or word.casefold() in _organisation_kinds() for word in words_of_owner
        ):
            found.append(Shape(owner.start("name"), owner.end("name"), "system", "owner_of_spec"))
    for match in _free(text, "camel_kind", ".") if words else ():
        found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "camel_kind"))
    for match in _free(text, "lower_code", ".-") if codes else ():
        group = "code" if match.group("code") else "code2"
        kind = _kind_of(match.group("kind")) if match.group("kind") else "chip"
        found.append(Shape(match.start(group), match.end(group), kind, "lower_code"))
    # The rules of a few words run only where one of their words stands.
    worded = _any_rule_word().search(text) is not None
    for match in _matches(text, "quoted") if worded else ():
        after = LEADING_QUOTED_SCALE.sub("", match.group("after").strip(" \t的"))
        kind = _kind_of_word().get(after.casefold(), "product_family")
        found.append(Shape(match.start("name"), match.end("name"), kind, "quoted"))
    for match in _matches(text, "facility_quoted") if worded and not han else ():
        name = match.group("name")
        if (match.group("verb") or match.group("after")) and not any(word in not_brand() or word in _places() for word in name.split()):
            found.append(Shape(match.start("name"), match.end("name"), "system", "facility_quoted"))
    for match in _matches(text, "facility_appositive") if words and not han else ():
        if not any(word in not_brand() or word in _places() for word in match.group("name").split()):
            found.append(Shape(match.start("name"), match.end("name"), "system", "facility_appositive"))
    for match in _free(text, "facility_code", ".-") if codes and not han else ():
        if match.group("code") not in not_brand():
            found.append(Shape(match.start("code"), match.end("code"), "system", "facility_code"))
    for match in _matches(text, "owned_code") if codes and prose else ():
        found.append(Shape(match.start("code"), match.end("code"), _kind_after(text, match.end()), "owned_code"))
    for match in _free(text, "code_verb", ".-$") if codes else ():
        if _code_of_a_product(text, match):
            found.append(Shape(match.start("code"), match.end("code"), "chip", "code_verb"))
    for match in _free(text, "owned_name", ".") if words and prose else ():
        words_of_name = match.group("name").split()
        # A short acronym after the first word is part of the name ("Cortex AI"), not a word starting one.
        if not any((word in not_brand() and not (index and word.isupper())) or is_kind_word(word) for index, word in enumerate(words_of_name)):
            found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "owned_name"))
    found.extend(_share_holders(text) if words and prose and not han else ())
    kinds = words and prose and not han and any(word in text for word in shape_table()["words"]["org_kind_words"])
    for match in _free(text, "org_kind", "-") if kinds else ():
        name = _organisation_words(match.group("name").split())
        if name:
            found.append(Shape(match.start("name"), match.start("name") + len(" ".join(name)), "organisation", "org_kind"))
    for match in _matches(text, "letter_kind") if prose and not han else ():
        kind_word = match.group("kind")
        # A capitalised kind word is part of the name ("The K Computer"); a lower-case one only says its kind.
        end = match.end("kind") if kind_word[0].isupper() else match.end("name")
        found.append(Shape(match.start("name"), end, "system" if kind_word.casefold() == "computer" else _kind_of(kind_word), "letter_kind"))
    for match in _free(text, "segment", "&.-") if words and not han else ():
        name = match.group("name").split()
        while name and name[0] in not_brand():
            name = name[1:]  # "The Intelligent Cloud segment"
        if name and _a_company_part(name):
            found.append(Shape(match.end("name") - len(" ".join(name)), match.end("name"), "organisation", "segment"))
    for match in _matches(text, "org_ticker") if words and not han and "(" in text else ():
        name = match.group("name").split()
        while name and name[0] in not_brand():
            name = name[1:]  # "The Acme Corp. (NYSE: ACME)"
        if name:
            start = match.end("name") - len(" ".join(name))
            found.append(Shape(start, match.end("name"), "organisation", "org_ticker"))
    for match in _free(text, "org_ending_en", ".") if words and worded else ():
        if match.group("name").split()[0] not in not_brand():
            found.append(Shape(match.start("name"), match.end("name"), "organisation", "org_ending"))
    if han:
        for match in _free(text, "latin_in_chinese", ".-") if words or CAMEL_HINT.search(text) else ():
            if not any(word in not_brand() for word in match.group("name").split()):
                found.append(Shape(match.start("name"), match.end("name"), _kind_of(match.group("kind")), "latin_in_chinese"))
        for match in _matches(text, "zh_kind_code") if codes else ():
            code = match.group("code")
            if not PRECISION.fullmatch(code) and not PERIOD_CODE.fullmatch(code) and CODE_LETTERS.match(code).group() not in not_brand():
                found.append(Shape(match.start("code"), match.end("code"), _kind_of(match.group("kind")), "zh_kind_code"))
        found.extend(_chinese_names(text, {shape.start for shape in found if shape.rule == "family"}, codes, worded))
    return found


@cache
def _letter_kind_words() -> list[str]:
    """The kind words of hardware (systems, chips, families), each also capitalised: what a one-letter name stands before."""
    kinds = shape_table()["kind_words"]
    words = [word for kind in ("system", "chip", "product_family") for word in kinds[kind] if word.isascii()]
    return sorted({*words, *(word[0].upper() + word[1:] for word in words)}, key=len, reverse=True)


def _a_company_part(words: list[str]) -> bool:
    """Whether the words before "segment" name a part of a company: a word in lower-case letters (an
    acronym alone names a market as often: "the HPC segment", "the PC segment"), no kind word nor place, and
    more than a part data/metrics.toml folds into its measure ("Data Center": data center revenue)."""
    if all(word.isupper() for word in words) or any(is_kind_word(word) or word in _places() for word in words):
        return False
    return " ".join(words).casefold() not in _folded_segments()


@cache
def _folded_segments() -> frozenset[str]:
    """The words of data/metrics.toml [segment] (in lower case): parts folded into their measure."""
    return frozenset(word.casefold() for words in data_table("metrics.toml")["segment"].values() for word in words)


def _share_holders(text: str) -> list[Shape]:
    """The organisations of a sentence about shares of a market that hold a share ("Kestrel held 40%") or
    are listed with one after an earlier percentage (", Orbis 25% and Tarnwell 10%"); never a word that
    starts no name, a place or a kind word."""
    if not any(word in text for word in ("share", "Share", "market", "Market")) or not _share_context().search(text):
        return []  # a look for the words first spares most sentences the search
    found = []
    for rule in ("share_holder", "share_item"):
        for match in _matches(text, rule):
            if rule == "share_holder":
                match = SHARE_HOLDER_BEFORE.search(text, max(0, match.start() - 40), match.start())
                if match is None:
                    continue
            elif not PERCENT_FIGURE.search(text, 0, match.start()):
                continue  # a list item follows an earlier share
            name = _organisation_words(match.group("name").split())
            if name and not any(is_kind_word(word) for word in name):
                found.append(Shape(match.start("name"), match.start("name") + len(" ".join(name)), "organisation", rule))
    return found


@cache
def _share_context() -> re.Pattern[str]:
    """A word that makes a sentence one about shares of a market (data/shapes.toml share_words)."""
    return re.compile(rf"(?<![A-Za-z])(?:{_words(shape_table()['words']['share_words'])})(?![A-Za-z])", re.IGNORECASE)


@cache
def _organisation_kinds() -> frozenset[str]:
    """The words for a kind of organisation (data/shapes.toml org_kind_words), lower case."""
    return frozenset(word.casefold() for word in shape_table()["words"]["org_kind_words"])


def _organisation_words(words: list[str]) -> list[str]:
    """The words of an organisation's name after the kind word introducing it: none when the first
    opens no name or is a place ("the company Monday said", "a chipmaker China backs"), the second
    dropped when it opens none ("the startup Foundry Tuesday")."""
    if words[0] in not_brand() or words[0] in _places() or is_kind_word(words[0]):
        return []
    if len(words) > 1 and (words[1] in not_brand() or words[1] in _places() or is_kind_word(words[1])):
        return words[:1]
    return words


# The letters a model code opens with: "MXC" of MXC500.
CODE_LETTERS = re.compile(r"[A-Z]+")
# A quarter or a half, never a model code: "Q3", "H2".
PERIOD_CODE = re.compile(r"[QH]\d")
# What a model code of one digit follows to be a product's: "The K3", "its X5", "Acme's new X5".
OWNER_BEFORE_CODE = re.compile(rf"(?:\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)|\w['’]s)[ \t]+(?:{OWNED_ADJECTIVE}[ \t]+)?$")


def _code_of_a_product(text: str, match: re.Match[str]) -> bool:
    """code_verb: whether the code before a verb of what it offers is a product's model code: no
    precision, no word that starts no name ("USB4"), and a code of one digit no quarter or half and,
    before an English verb, after a determiner or a possessive ("The K3 offers", not "P5 delivers")."""
    code = match.group("code")
    letters = code[:match.start("digits") - match.start("code")]
    if PRECISION.fullmatch(code) or letters in not_brand():
        return False
    if len(match.group("digits")) > 1:
        return True
    if PERIOD_CODE.fullmatch(code):
        return False
    return match.group("chinese_verb") is not None or OWNER_BEFORE_CODE.search(text, max(0, match.start() - 40), match.start()) is not None


def _after_chinese_lead(text: str, start: int, end: int) -> int:
    """Where a family name starting with Chinese characters begins past a launch verb or a kind
    word it was read with ("发布星河-4", "大模型星河-4" name 星河-4), two characters at least kept."""
    if not HAN_CHARACTER.match(text, start):
        return start
    hyphen = text.find("-", start, end)
    for lead in _chinese_leads():
        if text.startswith(lead, start) and hyphen - (start + len(lead)) >= 2:
            return start + len(lead)
    return start


@cache
def _chinese_leads() -> tuple[str, ...]:
    """Launch verbs and Chinese kind words a family name never opens with, longest first."""
    kinds = [word for word in _kind_words() if HAN_CHARACTER.match(word)]
    return tuple(sorted({*_launch_verbs(), *kinds}, key=len, reverse=True))


def _chinese_names(text: str, family_starts: set[int], codes: bool, worded: bool) -> list[Shape]:
    """Chinese names by shape; `family_starts` are where names of a listed family start
    (a Chinese word before one is not its brand: "公布 H100"), `codes` whether the sentence
    has a letter and a digit side by side (a brand's model code needs one), `worded` whether
    it holds a word of `_worded_rules`."""
    kinds = list(_rules()["zh_kind"].finditer(text))
    found = _brand_digit_codes(text, kinds) if codes else []
    # "征程6P智驾芯片": the words between a code and its kind word describe it, they name nothing.
    code_ends = {shape.end for shape in found}
    for match in kinds:
        if BUSINESS_AFTER.match(text, match.end()):
            continue  # "数据中心业务营收": a line of business, no facility
        if text.endswith(_words_tuple("zh_one_of"), 0, match.start()):
            continue  # "实现单机柜": one rack, no name before it
        start = _chinese_name_start(text, match.start())
        if start is not None and is_kind_word(text[start:match.start()]):
            continue  # "服务器机柜": a kind word before another names nothing
        if start is not None and start not in code_ends:
            # A facility's name holds its kind word: "西安未来人工智能计算中心".
            end = match.end() if match.group("kind").endswith("中心") else match.start()
            found.append(Shape(start, end, _kind_of(match.group("kind")), "zh_kind"))
    for match in _matches(text, "zh_numbered") if worded else ():
        if not _described(match.group("name")[:2]) and not any(char in shape_table()["words"]["zh_not_name_chars"] for char in match.group("name")[:2]):
            found.append(Shape(match.start(), match.end(), "chip", "zh_numbered"))
    for kind in kinds:
        # zh_brand_number: digits right before a Chinese kind word (a kind word is all Han, so
        # every such word is one of the kind words found above).
        number = NUMBER_BEFORE_KIND.search(text, max(0, kind.start() - 6), kind.start())
        if number is None:
            continue
        brand_end = number.start() - 1 if text[number.start() - 1:number.start()] in (" ", "\t") else number.start()
        if brand_end == 0 or not HAN_CHARACTER.match(text, brand_end - 1):
            continue  # no Chinese brand word right before the number
        start = _chinese_name_start(text, brand_end)
        introduced = start is not None and (text.endswith(_launch_verbs(), 0, start) or BUILT_ON_BEFORE.search(text, max(0, start - 24), start))
        if introduced and brand_end - start <= LONGEST_ZH_BRAND and _brand_word(text[start:brand_end]):
            found.append(Shape(start, number.end("number"), _kind_of(kind.group("kind")), "zh_brand_number"))
    for match in _matches(text, "zh_brand_code") if codes else ():
        if match.start("code") in family_starts or PRECISION.fullmatch(match.group("code")) or PERIOD_CODE.fullmatch(match.group("code")):
            continue  # "公布 H100": a listed family's name; "单卡 FP16": a precision; "公司 Q3": a quarter
        brand_end = match.start() - 1 if text[match.start() - 1] in " \t" else match.start()
        start = _chinese_name_start(text, brand_end)
        if start is not None and brand_end - start <= LONGEST_ZH_BRAND and _brand_word(text[start:brand_end]):
            found.append(Shape(start, match.end(), _kind_after(text, match.end()), "zh_brand_code"))
    found.extend(_owners_of_measures(text))
    for match in _matches(text, "zh_regional_operator") if worded else ():
        found.append(Shape(match.start("name"), match.end("name"), "organisation", "zh_regional_operator"))
    for match in _matches(text, "zh_described_code"):
        if match.group("code") not in not_brand() and not PRECISION.fullmatch(match.group("code")):
            found.append(Shape(match.start("code"), match.end("code"), _kind_after(text, match.end("code")), "zh_described_code"))
    for match in _matches(text, "zh_new_kind") if worded else ():
        end = match.end("kind")
        run = _name_run().match(text, end)
        length = run.end() - end if run else 0
        if 2 <= length <= 4 and not _described(text[end:end + length]) and not text.startswith(_chinese_metric_words(), end):
            kind = _kind_of(match.group("kind")[-2:])
            found.append(Shape(end, end + length, kind, "zh_new_kind"))
    for match in _matches(text, "zh_software_kind") if worded else ():
        if not is_kind_word(match.group("name")) and not PRECISION.fullmatch(match.group("name")):
            found.append(Shape(match.start("name"), match.end("name"), "software", "zh_software_kind"))
    for match in _matches(text, "org_ending_zh") if worded else ():
        if text.startswith(_chinese_metric_words(), match.start()):
            continue  # "云厂商资本开支": the ending opens a measure (capital spending), no organisation
        start = _chinese_name_start(text, match.start())
        if start is not None:
            found.append(Shape(start, match.end(), "organisation", "org_ending"))
    return found


def _brand_digit_codes(text: str, kinds: list[re.Match[str]]) -> list[Shape]:
    """zh_brand_digit_code: a code of digits and capitals, and at most three characters of
    description, before one of the sentence's Chinese kind words (the nearest after the code)."""
    found: list[Shape] = []
    for kind in kinds:
        code = CODE_BEFORE_KIND.search(text, max(0, kind.start() - 12), kind.start())
        if code is None or found and found[-1].end == code.end("code"):
            continue  # none, or the code of a kind word before this one
        start = _chinese_name_start(text, code.start()) if HAN_CHARACTER.match(text, code.start() - 1) else None
        if start is not None and code.start() - start <= LONGEST_ZH_BRAND and _brand_word(text[start:code.start()]):
            found.append(Shape(start, code.end("code"), _kind_of(kind.group("kind")), "zh_brand_digit_code"))
    return found


@cache
def _chinese_metric_words() -> tuple[str, ...]:
    """The Chinese names of metrics (data/metrics.toml): "新芯片功耗降低" names no chip "功耗降低"."""
    aliases = (alias for concept in data_table("metrics.toml")["concept"] for alias in concept.get("aliases", ()))
    return tuple(alias for alias in aliases if HAN_CHARACTER.match(alias))


def _a_figure(text: str, start: int) -> bool:
    """Whether a number and its unit start at `start`: "GridFree's 5GW cluster" names no "5GW",
    "a 500MW campus" no "500MW"."""
    number = LEADING_NUMBER.match(text, start)
    return number is not None and match_atom(text, number.end()) is not None


def _brand_word(word: str) -> bool:
    """Whether a Chinese word before a model code may be its brand: not a verb or word a name
    follows ("搭载"), nor a verb of what a product offers ("系统实现 L4"), nor a kind of thing ("芯片")."""
    return not word.endswith(_words_tuple("zh_before_name")) and not word.endswith(_chinese_code_verbs()) and word.casefold() not in _kind_of_word()


@cache
def _chinese_code_verbs() -> tuple[str, ...]:
    """The Chinese verbs of what a product offers (`code_verbs`: "提供", "实现")."""
    return tuple(verb for verb in _words_tuple("code_verbs") if HAN_CHARACTER.match(verb))


def _chinese_name_start(text: str, end: int) -> int | None:
    """Where a Chinese name of 2 to LONGEST_ZH_NAME characters ending at `end` starts,
    when its start is clear (the longest that starts at a boundary)."""
    # The run of name characters before `end`, read backwards.
    run = _name_run().match(text[max(0, end - LONGEST_ZH_NAME):end][::-1])
    if run is None:
        return None
    first = end - run.end()
    if text.endswith(_words_tuple("zh_anonymous"), 0, first):
        return None  # "某金融数据中心": a data centre left unnamed
    if _counted_words().search(text, max(0, first - 3), first + 1) or DIGIT_BEFORE.search(text, max(0, first - 2), first):
        first += 1  # "384 颗青鸾芯片", "1200柜液冷机柜": the classifier or unit of a count in digits opens no name
    # A count, a date or a launch verb is never inside a name: "两台昇腾服务器", "三季度海光服务器",
    # "沐曦发布曦云 C600" (names 曦云 C600).
    inside = _last_not_in_name().match(text, first, end)
    for start in range(inside.end() if inside else first, end - 1):
        if not _described(text[start:end]) and _chinese_boundary(text, start):
            return start
    return None


@cache
def _name_run() -> re.Pattern[str]:
    """Up to LONGEST_ZH_NAME Han characters a Chinese name may hold (none that a name never holds)."""
    return re.compile(f"(?:(?![{shape_table()['words']['zh_not_name_chars']}])[{HAN}]){{1,{LONGEST_ZH_NAME}}}")


@cache
def _last_not_in_name() -> re.Pattern[str]:
    """Up to the first character of the last count ("三款"), date ("三季度") or launch verb
    ("发布") in a run of Han characters: a name in the run starts after it."""
    classifiers = "".join(data_table("units.toml")["counting_classifiers"])
    return re.compile(
        rf"(?s:.*)(?:[{ZD}十百千万](?=[{classifiers}])|[{DATE_NUMERALS}](?=[{DATE_UNITS}])|(?={any_of(_launch_verbs())}).)"
    )


def _described(name: str) -> bool:
    """A description, not a name: "国产", "新一代", "高性能芯片"; but a country and a name of two
    characters or more after it is a name ("中国电信中部智算中心", never "中国智算中心")."""
    found = _description().match(name)
    if found is None:
        return False
    rest = name[found.end():]
    return not (found.group(0) in _words_tuple("zh_countries") and len(rest) >= 2 and not _described(rest))


def _common_words_only(name: str) -> bool:
    """Whether `name` is written with words of zh_not_names alone ("公司", "目前公司", "当前公司"):
    no owner, however many of them it strings together. A country and more opens a name
    ("中国移动"), as in `_described`."""
    if name in _words_tuple("zh_not_names"):
        return True
    if name.startswith(_words_tuple("zh_countries")):
        return False
    position = 0
    while position < len(name):
        found = _description().match(name, position)
        if found is None or not found.group(0):
            return False
        position = found.end()
    return True


@cache
def _description() -> re.Pattern[str]:
    """The words a description opens with, as one trie (a match tries each first character
    once; str.startswith with a tuple tries every word)."""
    return re.compile(any_of(shape_table()["words"]["zh_not_names"]))


@cache
def _counted_words() -> re.Pattern[str]:
    """A number and a counting classifier right before a position ("三款", "两颗", "384 颗"): a
    count, never a name."""
    classifiers = "".join(data_table("units.toml")["counting_classifiers"])
    return re.compile(rf"(?:[{ZD}十百千万]|\d[ \t]*)[{classifiers}]$")


def _chinese_boundary(text: str, start: int) -> bool:
    """Whether a Chinese name may start at `start`: after a non-Han character or a launch verb,
    never at the unit of a date or period after a number ("2026 年", "三季度") nor at a word
    opening a clause of cause or means ("受", "凭借")."""
    if text[start] in DATE_UNITS and NUMBER_BEFORE.search(text, max(0, start - 3), start):
        return False  # "2026 年中国...": the 年 ends a date, no name starts there
    if ORDINAL_BEFORE.search(text, max(0, start - 8), start):
        return False  # "全球第2大存储芯片厂商": a rank, no name starts after it
    if text.startswith(_words_tuple("zh_clause_openers"), start):
        return False  # "受推理集群扩建带动": 受 opens a clause of cause, no name
    if start == 0 or not HAN_CHARACTER.match(text[start - 1]):
        return True
    return text.endswith(_words_tuple("zh_before_name"), 0, start) or _counted_words().search(text, max(0, start - 3), start) is not None


@cache
def _launch_verbs() -> tuple[str, ...]:
    """The words of two or more characters a Chinese name may follow ("发布", "搭载"): never inside one."""
    return tuple(word for word in _words_tuple("zh_before_name") if len(word) >= 2)


def _owners_of_measures(text: str) -> list[Shape]:
    """zh_owner_of_measure, zh_owner_of_event and zh_owner_of_speaker, tried at the start of each clause of
    a sentence that names a measure or a speaker's title."""
    tried = [name for name in ("zh_owner_of_measure", "zh_owner_of_speaker") if _hints()[name].search(text)]
    if not tried:
        return []
    rules = [(name, _rules()[name]) for name in ("zh_owner_of_measure", "zh_owner_of_event") if "zh_owner_of_measure" in tried]
    if "zh_owner_of_speaker" in tried:
        rules.append(("zh_owner_of_speaker", _rules()["zh_owner_of_speaker"]))
    found = []
    for boundary in CLAUSE_START.finditer(text):
        match = None
        for rule_name, rule in rules:
            match = rule.match(text, boundary.end())
            if match is not None:
                break
        if match is None:
            continue
        # Only a whole word of zh_not_names is no owner: "中国" is none, "中国移动" is one.
        # Nor a line of business ("游戏收入", "手机业务收入", "服务器收入"): a measure of its own.
        name = match.group("name")
        end = match.end("name") - _trailing_verb_length(name)
        name = text[match.start("name"):end]
        if (
            len(name) >= 2
            and not _common_words_only(name)
            and not name.endswith((*_words_tuple("zh_business_words"), *_words_tuple("zh_measure_modifiers")))
            and not name.startswith(_verbs_before_results())
            and not text.startswith(_chinese_metric_words(), match.start("name")) and name.casefold() not in _kind_of_word()
        ):
            found.append(Shape(match.start("name"), end, "organisation", rule_name))
    return found


def _trailing_verb_length(name: str) -> int:
    """How long a verb of two or more characters ending an owner's name is, which the name never
    holds ("星桥发布财报", "云栈公布业绩": 星桥, 云栈); 0 when none ends it."""
    verbs = _long_verbs_before_results()
    if not name.endswith(verbs):
        return 0  # most names end in no verb: one test for all of them
    return next(len(verb) for verb in verbs if name.endswith(verb))


@cache
def _long_verbs_before_results() -> tuple[str, ...]:
    """`_verbs_before_results` of two characters or more."""
    return tuple(verb for verb in _verbs_before_results() if len(verb) >= 2)


@cache
def _speaker_titles() -> list[str]:
    """The Chinese titles of data/cues.toml [claimant] titles ("董事长", "执行长"), not the joining marks ("兼", "、")."""
    titles = data_table("cues.toml")["claimant"]["titles"]
    return [title for title in titles if len(title) > 1 and HAN_CHARACTER.match(title)]


@cache
def _speech_verbs() -> list[str]:
    """The Chinese speech verbs after an agent (data/cues.toml [claimant] zh_after: "表示", "指出")."""
    return data_table("cues.toml")["claimant"]["zh_after"]


@cache
def _verbs_before_results() -> tuple[str, ...]:
    """Words of forecasting, speech and launch that may open a clause of results ("预计实现归母净利润",
    "公布营收"): data/cues.toml [projected] and [claimant], and the launch verbs."""
    cues = data_table("cues.toml")
    words = [*cues["projected"]["zh"], *cues["claimant"]["zh_after"], *cues["claimant"]["zh_before"], *_launch_verbs()]
    return tuple(word for word in words if HAN_CHARACTER.match(word))


@cache
def _words_tuple(group: str) -> tuple[str, ...]:
    """A word list of data/shapes.toml [words] as a tuple, for str.startswith and str.endswith."""
    return tuple(shape_table()["words"][group])


def _matches(text: str, rule: str) -> Iterator[re.Match[str]]:
    """The matches of `rule` in `text`; none where its hint is absent. A search comes first:
    most sentences have no match, and a failed search costs far less than an empty finditer."""
    hint = _hints().get(rule)
    hinted = hint.search(text) if hint is not None else None
    if hint is not None and hinted is None:
        return iter(())
    start = _run_start(text, hinted.start()) if rule in OPENS_IN_HINT_RUN else 0
    pattern = _rules()[rule]
    first = pattern.search(text, start)
    if first is None:
        return iter(())
    if first.end() == first.start():  # an empty match: finditer would step past it differently
        return pattern.finditer(text, first.start())
    return chain((first,), pattern.finditer(text, first.end()))


# Rules whose match opens in the run of letters and digits holding a match of its hint (code_kind's
# code holds the digit its hint opens with): the search starts at the run holding the hint's first match.
OPENS_IN_HINT_RUN = frozenset({"code_kind"})


def _run_start(text: str, position: int) -> int:
    """Where the run of ASCII letters and digits holding `position` starts."""
    while position and text[position - 1].isascii() and text[position - 1].isalnum():
        position -= 1
    return position


def _free(text: str, rule: str, glue: str) -> list[re.Match[str]]:
    """Matches of `rule` whose first character follows no Latin letter, digit, underscore nor
    one of `glue` (a Chinese character is a boundary: "推出Atlas 950"): checked here, not by a
    leading look-behind, which stops Python's re from skipping ahead by first character."""
    found = []
    for match in _matches(text, rule):
        before = text[match.start() - 1] if match.start() else ""
        if not before or not (before.isascii() and before.isalnum() or before == "_" or before in glue):
            found.append(match)
    return found


def _glued_left(text: str, start: int) -> bool:
    """A letter, digit or currency sign right before: "$A82" is money, not the A82."""
    return start > 0 and text[start - 1].isascii() and (text[start - 1].isalnum() or text[start - 1] in "_$")


def _kind_of(word: str | None) -> str:
    return _kind_of_word().get((word or "").casefold(), "chip")


KIND_AFTER = re.compile(r"[ \t]*(?:series[ \t]+)?(?P<word>[\w]+)")
LATIN_WORD_AFTER = re.compile(r"[ \t]*(?P<word>[A-Za-z]+)(?![A-Za-z])")


def kind_word_end(text: str, end: int) -> int:
    """Where a name ending at `end` ends with the Latin kind word right after it, if any
    ("Atlas 950 SuperCluster和": the kind word is the list item's too)."""
    after = LATIN_WORD_AFTER.match(text, end)
    return after.end() if after and after.group("word").casefold() in _kind_of_word() else end


def _kind_after(text: str, end: int, brand: str = "") -> str:
    """The kind a word after the name says, else the one a brand's ending says ("SambaRack"), else chip."""
    after = KIND_AFTER.match(text, end)
    if after and after.group("word").casefold() in _kind_of_word():
        return _kind_of_word()[after.group("word").casefold()]
    lowered = brand.casefold()
    if lowered.endswith(_brand_endings()):
        for word in _brand_endings():
            if lowered.endswith(word):
                return _kind_of_word()[word]
    return "chip"


@cache
def _brand_endings() -> tuple[str, ...]:
    """Kind words a brand may end with ("SambaRack"), in the table's order."""
    return tuple(word for word in _kind_of_word() if len(word) >= 3 and word.isascii())
