"""Roles: for one figure, what each name of its sentence is to it.

Every name gets one role: subject, baseline, condition, component, software,
claimant, or maker (the organisation whose product another name is). One rule
decides each role, in this order (the first that applies wins); each has a test
in tests/test_roles.py:

1. baseline: a name inside a baseline of any figure of the sentence, or after
   a word that sets it up for comparison ("对标 A100", "comparable to H100",
   "媲美 H100", "rivals", "compared to the X1", "more bandwidth than the H200"),
   or what something is said to equal ("the same compute as an H100", "与 H100
   相同的功耗").
2. claimant: the organisation or person that states the figure ("AMD states",
   "according to the IEA", "张建中表示", "据明势创投").
3. condition: a benchmark; a model introduced as the workload ("running Llama
   3.1 70B", "with Meta's Llama", "on the 405B model", "在 DeepSeek R1 上", "ResNet-50 推理"), or any
   model when a hardware name can be the subject or is what the figure is compared with.
4. maker: an organisation written right before a product or model ("NVIDIA
   GB200 NVL72", "AMD's MI355X", "Meta's Llama"; a word for the product's kind or rank may
   stand between: "英伟达旗舰产品 NVL72", "AMD 新一代芯片 MI355X"), the entities table's maker of
   a product or model named in the sentence, or one owning a process or part
   ("TSMC's N3P process node").
5. software: a software name introduced as what runs the workload or the
   machines ("running TensorRT-LLM", "orchestrated by Kubernetes", "跑在 Dynamo
   上") when a hardware name can be the subject; software that is itself the
   actor ("Mission Control now processes ...") is left for rule 7. Software or a
   family introduced as the architecture a product is based on ("based on the MUSA
   architecture", "采用 MUSA 架构") is never the subject, hardware named or not.
6. component: a part (a component name: HBM3E, NVLink 6, an L3 cache) when a
   hardware name can be the subject, or right after a figure's unit ("48 GB GDDR6"); a hardware name introduced as a part of
   another ("with 72 Rubin GPUs", "搭载 Trainium3 的", "Trainium3-based",
   "built on CDNA 4", "凭借 A100、H100", "配备 HBM2E"), that part described ("基于 T9 的天穹卡"),
   or counted ("144
   Trainium3 chips") while another hardware name or an organisation is there (not the same one
   named again, nor the organisation only making it, "eight NVIDIA H200 GPUs", nor one cited
   after it as the source, "on 72 GB300 GPUs, according to NVIDIA", nor one a comparison sets apart
   from it, "using Blackwell GPUs needed 4 MW, compared to 15 MW using Hopper", nor one past a colon or a
   semicolon, nor one in a later clause unless the part's clause opens the sentence, "Using 72 Rubin GPUs,
   the X9 rack ..."); never a product compared right
   after it ("1.3x more throughput with the K5 over the H200": the K5 is what the figure is had with).
7. subject: a product or organisation named alone in brackets right after the figure ("$4.10
   (AWS) and $5.25 (Azure)"), or one rule 1-6 left free that the figure is given to by "at" ("behind
   Llama 3.1 at 88.6%": never another figure's subject then); a product the figure is written as the possession of ("the Kestrel K4's 2
   trillion", "H100 的 80 GB", "the Summit's peak performance (187.7 petaflops)", a measure labelled in
   brackets after it, "GPT-3.5-turbo (context window: 16385)"; not a ratio: "是 H100 的 3 倍"), or a product or organisation
   holding it as a result ("Kestrel's prior record of 650"), even inside a baseline, or a product
   it describes ("2.85GHz 的 A715 大核") or is measured in or on ("80 GB in the previous H100
   model"; neither for a ratio), or the counted product each one of which holds it ("packs eight
   H200 GPUs, each with 141 GB"), or a system it is delivered with, written after it, when no
   hardware before it in its clause is free ("NVIDIA ... delivers 1.1 exaFLOPS of FP4 compute
   with the GB300 NVL72"; not a counted one, "with 72 GPUs"); else
   the nearest remaining name of the kinds the figure can be about:
   an organisation for money and market figures (revenue, funding, market
   share), else hardware (system, cloud instance, chip, family) in the figure's
   clause before it, then before it in the sentence (not one set between dashes after the name
   opening them: "DGX B300 — the newer Blackwell Ultra system — is listed at 14.5 kW"), then introduced
   after it; else an organisation, software, a model, a component, in that order; never a backer ("the
   Nvidia-backed provider"), a name set aside after ", not" ("for Intel, not IBM, HP, or ..."), a deal's
   counterparty ("a $4bn contract expansion with OpenAI") nor a
   customer ("为英伟达出货 5 万台"), nor the hardware an order or a contract buys ("orders of $1.2 billion for
   its K4 servers", "a $150 million contract for GB300 chips": the organisation named before the figure, or
   none). An organisation citing the figure in its clause is its subject
   ("Meta has described clusters of 5 GW"), unless it cites a study of something else ("据 X 与 Y
   联合发布的报告显示，全国算力达 ..."). A product a measure with its unit stands right before is its own
   ("the 1,000 W MI350X"). A figure of money or
   market written after the speaker's own company ("据星图披露，公司营收为 ...") is the
   claimant's, when no other organisation is named; so is a figure of its own money (revenue,
   profit: not a market's size or share) in a sentence that names nothing else, and so are the units it
   ships ("廣達表示，9月筆電出貨 460 萬台"), unless a word for a whole market stands before them ("全球出货量"). A speaker whose figure's
   clause names nothing else speaks of its own figure ("Meta has described clusters scaling toward 5
   gigawatts"), or of the one product of its own the sentence names ("For its MI355X, AMD touted 2x ..."),
   unless the figure is money, and never when the sentence compares its figures with another's product
   ("Intel projects 40% faster training versus the H100": Intel claims it of a product of its own, named
   or not; not its own, "AWS claims 4.4x more compute than its previous Trainium2").

Rules 1-6 read only the sentence, not the figure: `sentence_roles` applies them once
per sentence and `assign_roles` adds rule 7 for each figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.entities import Registry
from claimledger.extraction.attributes import clause_bounds
from claimledger.extraction.cues import alternation, any_phrase, cue_table, labelled_alternation, lowered
from claimledger.extraction.names import HARDWARE, Name
from claimledger.extraction.units import match_atom

ROLES = ("subject", "baseline", "condition", "component", "software", "claimant", "maker")
# The kinds that may be a figure's subject, in the order they are preferred.
SUBJECT_ORDER = (HARDWARE, ("organisation",), ("software",), ("model",), ("component",))
# A name right after a number is what is counted: "2,016 Rubin GPUs", "72 颗 Rubin GPU" (read on lowered text).
COUNTED_BEFORE = re.compile(
    r"(?:[\d一二两三四五六七八九十百千万亿]|\b(?:two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen|dozens?|hundreds|thousands))"
    r"(?:\s*(?:thousand|million|billion|dozen))?\s*[xX×]?\s*[颗张块台个片枚套]?\s*$"
)
# Between a part's name and the same part described: "基于 T9 的天穹卡".
PART_OF_GAP = re.compile(r"\s*的\s*")
# A capitalised word right before a name, as a maker is written: "72 Nvidia Blackwell GPUs".
MAKER_WORD_BEFORE = re.compile(r"(?<![\w&.-])[A-Z][\w&.-]*\s+$")
# Between two names of one list: "A100、H100", "A100/H100", "A and B" (a bare comma may end a clause).
LIST_GAP = re.compile(r"\s*(?:、|/|和|与|及|以及|or|and|,\s*and|,\s*or)\s*", re.IGNORECASE)
# What a figure of each counted device follows: "18,432 K3 GPUs, each with 141 GB", "eight K3 chips,
# each delivering 5 PFLOPS" (a few words of the name between, no other name).
EACH_HOLDS = re.compile(
    r"(?:\s+[A-Za-z][\w-]*){0,3}\s*,?\s*(?:each|apiece)(?:\s+(?:with|has|having|carries|carrying|offers|offering"
    r"|packs|packing|delivers|delivering|draws|drawing|provides|providing))?\s*$",
    re.IGNORECASE,
)
# The reference of an equality ("the same compute as an H100 GPU", "与 H100 相同的"): what the
# sentence's figures are held against, never their subject (read on lowered text).
SAME_AS_BEFORE = re.compile(r"\bsame(?:\s+[\w-]+){0,3}\s+as\s+(?:(?:an?|the|its|their|our)\s+)?$")
SAME_AS_AFTER = re.compile(r"\s*(?:相同|一样|相当|同等|持平)")
SAME_AS_OPENER = re.compile(r"(?:与|和|跟|同)\s*$")
# A name written as a backer of another ("the Nvidia-backed cloud provider", "a SoftBank-funded lab") is no subject:
# the figures are those of what it backs.
BACKER_AFTER = re.compile(r"[-‐‑](?:backed|funded|owned|supported|affiliated|controlled)\b", re.IGNORECASE)
# An organisation right after a verb of shipping is the buyer or maker of what is shipped, not the shipper
# whose count it is ("星图去年出货英伟达 5 万柜 AI 服务器"), also glossed in brackets ("出货辉达（NVIDIA）").
SHIPPED_FOR_BEFORE = re.compile(r"(?:出货|交货|供货|交付)了?给?\s*(?:[^\s，,。；;（(]{1,8}\s*[（(])?\s*$")
# "据 X 与 Y 联合发布的报告显示": the organisations publish a study of something else, not their own figure.
REPORT_SHOWS_AFTER = re.compile(r"[^，,。；;]{0,16}?(?:报告|白皮书|研报|数据|调查|统计|研究)(?:显示|指出|表明|称)")
# "为英伟达出货", "向客户交付": the organisation between is the customer.
CUSTOMER_BEFORE = re.compile(r"[为向给替]\s*$")
SHIPPING_AFTER = re.compile(r"\s*(?:出货|交货|供货|交付|供应|代工|生产|制造)")
# A name after a preposition is not the clause's subject, but what it is done on
# ("332 TFLOPS BF16 from 32GB GDDR6": the memory feeds the figure, it is not its subject).
PREPOSITION_BEFORE = re.compile(
    r"\b(?:to|on|from|by|at|into|onto|via|through|fabricated on|made on|built by)\s+(?:[\d.,]+\s*[A-Za-z]{1,3}\s+)?$", re.IGNORECASE
)
# A figure with its unit right before a name: "48 GB GDDR6", "144 GB HBM3e", "128GB of GDDR7", "128GB的GDDR7".
FIGURE_BEFORE = re.compile(r"\d\s*[A-Za-z]{1,4}\s*(?:of\s+|的\s*)?$")
# Between a product and a measure it owns: "the WSE-2's 2.6 trillion", "H100 的 80 GB".
POSSESSED = re.compile(r"\s*(?:['’]s|的)\s*")
# Between a product and a measure it owns, named between: "the Summit's peak performance (187.7 petaflops)",
# "the K4's memory bandwidth of 8 TB/s", "the K4's power draw is 700 W" (at most three words for the measure).
POSSESSED_MEASURE = re.compile(
    r"\s*['’]s\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*\s*(?:\(\s*|\s(?:of|is|was|at|reaches|reached|totals|hits)\s+)"
    r"(?:(?:about|around|roughly|approximately|nearly|up\s+to|over|more\s+than|just)\s+)?(?:[$€£¥]\s*)?"
)
# Between an organisation and a figure written as its own, one word of its name maybe between: "Google
# AI's 90,000", "Acme's planned 300,000 GPUs", "Orbit's roughly $2 billion".
ORGANISATION_POSSESSED = re.compile(
    r"(?:[ \t]+[A-Z][A-Za-z]{0,11})?['’]s[ \t]+(?:(?:planned|own|current|total|existing|initial|combined|estimated)[ \t]+)?"
    r"(?:(?:about|around|roughly|approximately|nearly|some|over|more\s+than|as\s+many\s+as|up\s+to)[ \t]+)?(?:[$€£¥]\s*)?"
)
# Between a product and a measure a relative clause gives it ("the K4 GPU, which draws 700 W"):
# at most three words for its kind, "which" or "that", a verb and at most two more words.
RELATIVE_HOLDS = re.compile(r"(?:\s+[A-Za-z][\w-]*){0,3}\s*,?\s+(?:which|that)(?:\s+[A-Za-z][\w-]*){1,3}\s+", re.IGNORECASE)
# Between a measure and the product it describes ("2.85GHz 的 A715"), is measured in or on
# ("80 GB in the previous H100") or is the price of ("$2.00 for the A100").
MEASURED_PRODUCT_GAP = re.compile(
    r"\s*的\s*|[ \t]+(?:in|on|for)[ \t]+(?:(?:the|its|their|our|each|every|a|an|one)[ \t]+)?"
    r"(?:(?:previous|prior|older|earlier|predecessor|last-generation|current|new|latest)[ \t]+)?"
)
# A comparison right after a product introduced by "with" or "using": the product the figure is had with, no
# part ("1.3x more throughput with the K5 over the H200").
COMPARED_AFTER = re.compile(r"(?:\s+(?:GPUs?|chips?|racks?|systems?|accelerators?))?\s+(?:over|than|versus|vs\.?|compared\s+(?:to|with))\s", re.IGNORECASE)
# A product's measure labelled in brackets right after it, its version glued on maybe first:
# "GPT-3.5-turbo-1106 (context window: 16385)", "the K4 (TDP: 700 W)".
BRACKETED_SPEC = re.compile(r"(?:-[\w.]+)*\s*[(（]\s*(?:[\w-]+\s+){0,3}[\w-]+\s*[:：=]\s*(?:[$€£¥]\s*)?")
# A product written as the speaker's own: "its previous Trainium2", "our prior generation".
OWN_BEFORE = re.compile(r"\b(?:its|their|our)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
# Between two names, a comparison (the later one is what the first is compared with, not what holds it) or a
# colon or semicolon (each stands in a statement of its own, neither holds the other).
APART_BETWEEN = re.compile(r"[:;：；]|\b(?:compared\s+(?:to|with)|versus|vs\.?|than|relative\s+to)\s", re.IGNORECASE)


@lru_cache(maxsize=16)
def _sets_apart(folded: str) -> bool:
    """Whether the sentence holds anything APART_BETWEEN reads: most do not, and are spared a search per pair of names."""
    return APART_BETWEEN.search(folded) is not None
# A name alone in brackets right after a figure: "$7.57 (AWS)".
# "27% for Google Cloud and 24% for AWS": a figure, maybe its unit, then "for" and the name it is given to.
FOR_AFTER_FIGURE = re.compile(r"\s+for\s+(?:the\s+)?")
FIGURE_FOR_BEFORE = re.compile(r"\d(?:\s*(?:%|percent|per\s+cent|[a-z$/]{1,12}))?\s+for\s+(?:the\s+)?$", re.IGNORECASE)
OPEN_BRACKET_AT = re.compile(r"[ \t]*[(（]")
CLOSE_BRACKET_AT = re.compile(r"[)）]")
# A figure ending in a unit's letters ("1,000 W", "80 GB"), not a bare count ("72").
UNIT_LAST = re.compile(r"\d[\d,.]*\s*[A-Za-z/]{1,8}$")
BLANKS = re.compile(r"[ \t]+")
# A name written as what another thing is based on ("a 3nm Trainium3-based node"): a part.
BASED_AFTER = re.compile(r"[-‐‑]based\b")
# A name inside a dash-set appositive ("DGX B300 — the newer Blackwell Ultra system — is listed at
# 14.5 kW"): what describes the opening name, not the figure's subject.
DASH = re.compile(r"\s[—–]\s|—")
# An organisation a deal is made with is its counterparty, not the figure's ("a $4bn contract
# expansion with OpenAI").
COUNTERPARTY_BEFORE = re.compile(
    r"\b(?:contract|contracts|deal|deals|agreement|agreements|partnership|expansion|pact|commitment|order)s?\s+(?:\w+\s+)?with\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# Between a figure and the machine it is delivered with ("1.1 exaFLOPS of FP4 compute with the GB300
# NVL72", "up to 120 kW with each Rubin NVL144"): at most four words naming what it measures, "with"
# and an article (a count after "with" is a part: "with 72 GPUs").
DELIVERED_WITH_GAP = re.compile(
    r"(?:\s+(?!with\b)[A-Za-z][\w-]*){0,4}\s+with\s+(?:the|its|their|each|every|a|an)\s+"
    r"(?:(?:new|latest|current|upcoming|next-generation)\s+)?",
    re.IGNORECASE,
)
# A result an organisation or product is written as holding: "SambaNova's prior record of 792",
# "Acme's best result of 3.1", "Kestrel 的此前纪录 650".
HELD_RESULT = re.compile(
    r"\s*(?:['’]s\s+(?:(?:own|prior|previous|former|earlier|current|best|top|highest|record|peak)\s+)*"
    r"(?:record|result|score|mark|figure|best)\s+of|的\s*(?:此前|之前|原|最佳|最高)?\s*(?:纪录|记录|成绩|最好成绩)(?:为|是)?)\s*"
)
# The speaker's own company, before a figure of its money in the sentence: "据星图披露，公司营收 ...",
# "Kestrel said the company's revenue ...", "its capital spending" (not "其他公司", "each company").
OWN_COMPANY = re.compile(r"(?<!其他)(?<!各)(?<!家)(?:本|该)?公司|我司|\b(?:the company|the firm|its|our)\b", re.IGNORECASE)
# A pronoun standing for a name of an earlier sentence: "its total", "their revenue", "其营收", "该公司".
BACK_REFERENCE = re.compile(r"\b(?:its|their|his|her)\b|其|该公司|该企业", re.IGNORECASE)


@cache
def maker_gap() -> re.Pattern[str]:
    """Between a product's maker and the product: "NVIDIA GB200", "AMD's MI355X", "英伟达的 H100",
    "英伟达旗舰产品 NVL72" (a word of data/cues.toml [roles] maker_descriptors)."""
    descriptor = alternation(cue_table()["roles"]["maker_descriptors"])
    return re.compile(rf"(?:\s*['’]s)?\s*(?:的\s*)?(?:\([^)]{{1,20}}\)|（[^）]{{1,20}}）)?\s*(?:(?:{descriptor})\s*){{0,2}}$")


# The kinds each group of data/cues.toml [roles.kind_reference] points back to.
KIND_REFERENCES = {
    "model": ("model",),
    "chip": ("chip", "product_family"),
    "system": ("system",),
    "instance": ("cloud_instance",),
    "organisation": ("organisation",),
}


@cache
def kind_reference() -> tuple[re.Pattern[str], dict[str, str]]:
    """Words pointing back to a thing of one kind ("each model", "该芯片"), and the group
    (a key of KIND_REFERENCES) of each word, folded; the pattern reads lower-cased text (cues.lowered)."""
    table = cue_table()["roles"]["kind_reference"]
    body, groups = labelled_alternation({group: table[group] for group in KIND_REFERENCES})
    return re.compile(body), groups


@cache
def any_kind_reference() -> re.Pattern[str]:
    """Whether a lower-cased text has any word of `kind_reference` (as a trie): most sentences have none."""
    table = cue_table()["roles"]["kind_reference"]
    return re.compile(any_phrase([word for group in KIND_REFERENCES for word in table[group]]))


class Roles(NamedTuple):
    """The role of each name (by position in the sentence's name list) and the subject, if any."""

    of_name: tuple[str | None, ...]
    subject: Name | None
    # The subject is the speaker, for want of anything else named ("which AMD states enables
    # up to 4x"): the previous sentence's product takes its place (extraction/__init__.py).
    speaker_subject: bool = False


# The roles of a sentence that names nothing.
NO_ROLES = Roles((), None)


class SentenceRoles(NamedTuple):
    """What rules 1-6 give a sentence's names, once for all its figures: each name's role (None
    where rule 7 decides), the names rule 7 may make a figure's subject (no role, no backer, customer
    or counterparty), the organisations stating the figures, and whether another's product is what they are
    compared with (then no speaker is their subject: "Intel projects 40% faster training versus the H100"; a
    speaker's own product compared with leaves it there: "AWS claims 4.4x more than its previous Trainium2")."""

    of_name: tuple[str | None, ...]
    free: list[Name]
    claimants: list[Name]
    compares_hardware: bool = False


@cache
def _cue_pattern(group: str, side: str) -> re.Pattern[str]:
    """Cue words of `data/cues.toml` [roles.<group>], anchored at the end ("before") or start ("after")
    of a text; a trie, as the rules only ask whether one is there."""
    words = any_phrase(cue_table()["roles"][group])
    if side == "before":
        return re.compile(rf"(?:{words})(?:\s+(?:the|a|an|its|their|of|single|one|each|every|same|this|that|our|largest|new|latest|previous|prior|older|current))*\s*$")
    # a version of the name may stand between: "the CDNA 3 architecture", "Hopper 2-based"
    return re.compile(rf"^[\s\-‐‑]*(?:v?\d{{1,2}}(?:\.\d+)?[\s\-‐‑]+)?(?:{words})")


@cache
def _last_words(words: int) -> re.Pattern[str]:
    """Up to `words` lower-case words ending a text (the words a cue may stand before a name)."""
    return re.compile(rf"(?:\s+[a-z][\w-]*){{1,{words}}}\s*$")


def _before(group: str, folded: str, name: Name, reach: int = 40, words: int = 0) -> bool:
    """Whether a cue of `group` ends right before `name` (articles between, or up to `words` words)."""
    low = lowered(folded)
    window_start = max(0, name.start - reach)
    if _cue_pattern(group, "before").search(low, window_start, name.start) is not None:
        return True
    if words:
        head = _last_words(words).search(low[window_start:name.start])
        if head is not None:
            return _cue_pattern(group, "before").search(low, window_start, window_start + head.start()) is not None
    return False


def _held_equal(folded: str, name: Name) -> bool:
    """Whether `name` is what something is said to equal ("the same memory as the B300", "与 H100 相同")."""
    low = lowered(folded)
    window = max(0, name.start - 40)
    # The pattern holds "same": a look for the word spares most names the search.
    if low.find("same", window, name.start) >= 0 and SAME_AS_BEFORE.search(low, window, name.start):
        return True
    return bool(SAME_AS_OPENER.search(low, max(0, name.start - 3), name.start) and SAME_AS_AFTER.match(low, name.end))


def _after(group: str, folded: str, name: Name) -> bool:
    return _cue_pattern(group, "after").match(lowered(folded[name.end:name.end + 20])) is not None


def sentence_roles(
    folded: str,
    names: Sequence[Name],
    baseline_spans: Sequence[tuple[int, int]],
    claimant_spans: Sequence[tuple[int, int]],
    registry: Registry,
) -> SentenceRoles:
    """The roles rules 1-6 give `names` in the (folded) sentence, None where rule 7 decides;
    `baseline_spans` and `claimant_spans` are those of all the sentence's figures."""
    if not names:
        return SentenceRoles((), [], [])
    maker_of = {name.entity.id: maker.id for name in names if (maker := registry.maker(name.entity)) is not None}
    hardware = [name for name in names if name.kind in HARDWARE]
    compared = {
        name.entity.id
        for name in names
        if any(name.start < span_end and span_start < name.end for span_start, span_end in baseline_spans)
    } if baseline_spans else set()
    roles: list[str | None] = []
    for index, name in enumerate(names):
        roles.append(_role(folded, names, index, name, hardware, compared, claimant_spans, maker_of, roles))
    # A model is the workload when hardware is the subject, or what the figure is compared with ("95% of the
    # H100's performance on Llama"); hardware that is only a part does not count.
    subject_hardware = [
        name for name, role in zip(names, roles, strict=True) if name.kind in HARDWARE and role in (None, "baseline")
    ]
    for index, name in enumerate(names):
        if name.kind == "model" and roles[index] is None and (
            subject_hardware or _before("workload", folded, _with_maker(folded, names, index, roles), words=2)
            or _after("workload_after", folded, name)
        ):
            roles[index] = "condition"
    for index, name in enumerate(names):
        # A maker whose product is only counted or a part ("AMD shipped 2 million MI355X GPUs") is the subject's place.
        if roles[index] == "maker" and not any(
            role is None and maker_of.get(other.entity.id) == name.entity.id for other, role in zip(names, roles, strict=True)
        ) and not _before_product(folded, names, index) and not _owns_after_preposition(folded, name):
            roles[index] = None
    free = [
        name for name, role in zip(names, roles, strict=True)
        if role is None and not BACKER_AFTER.match(folded, name.end) and not _shipped_for(folded, name)
        and not (name.kind == "organisation" and COUNTERPARTY_BEFORE.search(folded, max(0, name.start - 48), name.start))
        and not (" not " in folded and NOT_LISTED_BEFORE.search(folded, max(0, name.start - 40), name.start))
    ]
    claimants = [name for name, role in zip(names, roles, strict=True) if role == "claimant" and name.kind == "organisation"]
    speakers = {name.entity.id for name in claimants}
    compares_hardware = any(
        role == "baseline" and name.kind in HARDWARE and maker_of.get(name.entity.id) not in speakers
        and not OWN_BEFORE.search(folded, max(0, name.start - 30), name.start)
        for name, role in zip(names, roles, strict=True)
    )
    return SentenceRoles(tuple(roles), free, claimants, compares_hardware)


def _with_maker(folded: str, names: Sequence[Name], index: int, roles: list[str | None]) -> Name:
    """The name at `index`, or its maker written right before it ("on Meta's Llama 3.1 70B"), whose
    start is where a cue introducing the product ends."""
    previous = names[index - 1] if index else None
    if previous is not None and roles[index - 1] == "maker" and maker_gap().fullmatch(folded, previous.end, names[index].start):
        return previous
    return names[index]


def assign_roles(
    folded: str,
    names: Sequence[Name],
    start: int,
    end: int,
    clause: tuple[int, int],
    rule_roles: SentenceRoles,
    organisation_metric: bool,
    relative: bool = False,
    own_money: bool = False,
    registry: Registry | None = None,
    count: bool = False,
    deal: bool = False,
) -> Roles:
    """Roles of `names` for the figure at [start, end) of the (folded) sentence, given the
    sentence's `rule_roles` (`sentence_roles`). `own_money`: the figure is an organisation's own
    money (revenue, profit; not a market's size or share) or units it ships itself; `registry` gives the makers of products;
    `count`: the figure counts things, which an organisation may be written as owning ("Meta's 70,000 GPUs");
    `deal`: the figure is what an order or a contract is worth, never the hardware bought with it (`_bought_for`)."""
    if not names:
        return NO_ROLES
    roles = list(rule_roles.of_name)
    # A pair given by "for" holds for ratios too ("27% for Google Cloud and 24% for AWS"); the other owners do not.
    owner = _paired_for(folded, names, end) or _valued_at(folded, rule_roles.free, start) or (None if relative else (
        _bracketed_after(folded, names, end) or _possessor(folded, names, start) or _measured_product(folded, names, start, end) or _each_holder(folded, names, start)
        or _delivered_with(folded, names, roles, end, clause) or count and _owning_organisation(folded, names, start)
    ))
    if owner is None and " at " in folded:
        # "ML2 scores 84%, behind Llama 3.1 at 88.6%": a name another figure is given "at" is that figure's.
        valued = [name for name in rule_roles.free if AT_FIGURE.match(folded, name.end)]
        if valued:
            rule_roles = rule_roles._replace(free=[name for name in rule_roles.free if name not in valued])
    subject = owner or _subject(folded, rule_roles, start, end, clause, organisation_metric, own_money, registry)
    if deal and subject is not None and _bought_for(folded, subject, end):
        subject = _dealer_before(names, roles, start)
    speaker = subject is not None and roles[names.index(subject)] == "claimant"
    if subject is not None:
        roles[names.index(subject)] = "subject"
    return Roles(tuple(roles), subject, speaker)


# A name set aside after ", not" or in the list it opens: "a contract for Intel, not IBM, HP, or an HPC vendor".
NOT_LISTED_BEFORE = re.compile(r",\s+not\s+(?:the\s+|a\s+|an\s+)?(?:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*\s*(?:,|\bor\b|\band\b)\s*){0,3}$")


# A figure given to the name right before it by "at": "Llama 3.1 at 88.6%", "GPT-4 at roughly 88.7%".
AT_FIGURE = re.compile(r"\s+at\s+(?P<figure>(?:roughly\s+|about\s+|around\s+|approximately\s+|nearly\s+|~\s*)?[$€£¥]?\d)")


def _valued_at(folded: str, free: Sequence[Name], start: int) -> Name | None:
    """The name a figure is given to by "at" right after it ("behind Llama 3.1 at 88.6%"), when no rule gave that
    name a role (a workload run "at 2,000 tokens/s" is a condition)."""
    if start < 4 or folded[start - 3:start].rstrip() != "at" and " at " not in folded[max(0, start - 20):start]:
        return None
    for name in free:
        found = AT_FIGURE.match(folded, name.end)
        if found is not None and found.start("figure") <= start < found.end():
            return name
    return None


# "orders of $1.2 billion for its K4 servers", "a $150 million contract for GB300 chips": what the deal buys follows "for".
BOUGHT_FOR = re.compile(r"[^,;:]{0,40}?\bfor\s+(?:the\s+|its\s+|their\s+|[A-Z][\w&-]*\s+)?$")


def _bought_for(folded: str, subject: Name, end: int) -> bool:
    """Whether `subject` is hardware an order or a contract worth the figure ending at `end` buys, written after "for"."""
    return subject.kind in HARDWARE and subject.start >= end and BOUGHT_FOR.fullmatch(folded, end, subject.start) is not None


def _dealer_before(names: Sequence[Name], roles: list[str | None], start: int) -> Name | None:
    """The organisation named last before a deal's figure, whose order or contract it is ("Kestrel received
    orders of ...", "Microsoft signed a $1.2 billion contract ..."); none when no organisation is named before it."""
    return next((name for name in reversed(names) if name.end <= start and name.kind == "organisation" and roles[names.index(name)] != "claimant"), None)


def _role(
    folded: str,
    names: Sequence[Name],
    index: int,
    name: Name,
    hardware: list[Name],
    compared: set[str],
    claimant_spans: Sequence[tuple[int, int]],
    maker_of: dict[str, str],
    roles: list[str | None],
) -> str | None:
    """The role rules 1-6 give `name`; None when it is left for rule 7 (subject).
    `roles` holds the roles of the names before it (a list after "凭借 A100、H100" shares one)."""
    listed = _listed_after(folded, names, index, roles)
    if name.entity.id in compared or _before("compared", folded, name) or listed == "baseline" or _held_equal(folded, name):
        return "baseline"
    if claimant_spans and any(name.start < span_end and span_start < name.end for span_start, span_end in claimant_spans):
        return "claimant"
    if name.kind == "benchmark":
        return "condition"
    if name.kind == "organisation" and _is_maker(folded, names, index, name, maker_of):
        return "maker"
    if name.kind == "software" and hardware and _before("software_use", folded, name, words=1):
        return "software"
    if name.kind in ("software", "product_family") and _before("part", folded, name) and _after("architecture_after", folded, name):
        return "software" if name.kind == "software" else "component"
    if name.kind == "component" and (hardware or FIGURE_BEFORE.search(folded, max(0, name.start - 16), name.start)):
        return "component"  # "48 GB GDDR6 memory": the figure's type, not what it is about
    if name.kind not in HARDWARE:
        return None
    # Another mention of the same thing is no other ("33 queries/s on 8x B200, ... on 8x B200"), nor is a name
    # a comparison sets apart from it ("using Blackwell GPUs ..., compared to ... using the previous Hopper
    # architecture") or one in another statement ("Nvidia's CEO gave an example: ... using Blackwell GPUs"):
    # none of them holds it as a part; nor, for a part a cue introduces, one in a later clause (`_later_clause`).
    apart = _sets_apart(folded)
    others = [
        other for other in names
        if other.entity.id != name.entity.id and other.kind in (*HARDWARE, "model", "organisation")
        and not (apart and APART_BETWEEN.search(folded, min(name.end, other.end), max(name.start, other.start)))
    ]
    if others and (
        _before("part", folded, _with_maker(folded, names, index, roles)) and not COMPARED_AFTER.match(folded, name.end)
        and any(not _later_clause(folded, name, other) for other in others)
        or _after("part_after", folded, name)
        or listed == "component"
        or _part_described(folded, names, index, roles)
        or counted(folded, name) and any(
            other.kind != "model" and not _beside_its_count(folded, name, other, claimant_spans) for other in others
        )
    ):
        return "component"
    return None


def _later_clause(folded: str, name: Name, other: Name) -> bool:
    """Whether `other` stands in a clause after `name`'s: what holds a part is named before it, in its clause,
    or after a clause opening the sentence with the part ("Using 72 Rubin GPUs, the X9 rack ..."); not in a
    later aside ("..., compared to 15 MW using Hopper—despite each Blackwell GPU")."""
    if other.start < name.end:
        return False
    clause_start, clause_end = clause_bounds(folded, name.start, name.end)
    if other.start < clause_end:
        return False
    fronted = clause_start == 0 and _cue_pattern("part", "after").match(lowered(folded[:name.start])) is not None
    return not fronted


def _part_described(folded: str, names: Sequence[Name], index: int, roles: list[str | None]) -> bool:
    """A hardware name right after a part's name and 的 is that part described ("支持 8192 张基于
    T9 的天穹卡": the 天穹 card is the T9 part, not the system)."""
    if index == 0 or roles[index - 1] != "component" or names[index - 1].kind not in HARDWARE:
        return False
    return PART_OF_GAP.fullmatch(folded, names[index - 1].end, names[index].start) is not None


def _beside_its_count(folded: str, counted_name: Name, other: Name, claimant_spans: Sequence[tuple[int, int]]) -> bool:
    """An organisation that holds no fleet of the counted name: its maker written right before
    it ("eight NVIDIA H200 GPUs, each with 141 GB") or a source cited after it ("... on 72 GB300
    GPUs, according to NVIDIA"). A deployer or shipper before the count still does ("AMD shipped
    2 million MI355X GPUs")."""
    if other.kind != "organisation":
        return False
    if other.end <= counted_name.start and maker_gap().fullmatch(folded, other.end, counted_name.start):
        return True
    return other.start >= counted_name.end and any(start <= other.start < end for start, end in claimant_spans)


def _listed_after(folded: str, names: Sequence[Name], index: int, roles: list[str | None]) -> str | None:
    """The role of the name before this one when a list joins them ("A100、H100", "A and B"),
    or when it is that name's maker ("对标 NVIDIA A100/H100")."""
    if index == 0 or roles[index - 1] not in ("baseline", "component"):
        return None
    previous = names[index - 1]
    gap = folded[previous.end:names[index].start]
    if previous.kind == "organisation" and names[index].kind != "organisation" and maker_gap().fullmatch(gap):
        return roles[index - 1]  # "对标 NVIDIA A100": the maker's product is compared with it
    return roles[index - 1] if LIST_GAP.fullmatch(gap) else None


def _is_maker(folded: str, names: Sequence[Name], index: int, name: Name, maker_of: dict[str, str]) -> bool:
    """An organisation before its product ("NVIDIA GB200", "AMD's MI355X", "TSMC's N3P node"),
    or the maker the entities table gives a product named in the same clause."""
    following = names[index + 1] if index + 1 < len(names) else None
    if following is not None and following.kind != "organisation" and maker_gap().fullmatch(folded, name.end, following.start):
        return True
    if _owns_after_preposition(folded, name):
        return True
    clause = clause_bounds(folded, name.start, name.end)
    return any(
        maker_of.get(other.entity.id) == name.entity.id
        for other in names
        if other is not name and clause[0] <= other.start and other.end <= clause[1]
    )


# A possessive and the word it owns: "'s N5".
POSSESSED_WORD = re.compile(r"['’]s\s+[A-Za-z0-9]")


def _owns_after_preposition(folded: str, name: Name) -> bool:
    """"fabricated on TSMC's N5 node": an organisation owning what the figure is made with."""
    return bool(POSSESSED_WORD.match(folded[name.end:name.end + 4])) and PREPOSITION_BEFORE.search(
        folded, max(0, name.start - 20), name.start
    ) is not None


def _before_product(folded: str, names: Sequence[Name], index: int) -> bool:
    following = names[index + 1] if index + 1 < len(names) else None
    return following is not None and following.kind != "organisation" and maker_gap().fullmatch(
        folded, names[index].end, following.start
    ) is not None and not counted(folded, following)


def _possessor(folded: str, names: Sequence[Name], start: int) -> Name | None:
    """The product a measure is written as the possession of, right before it ("the Kestrel
    K4's 2 trillion", "H100 的 80 GB") or with the measure's name between ("the Summit's peak
    performance (187.7 petaflops)"), or the product or organisation holding it as a result
    ("SambaNova's prior record of 792"), or the product or model whose measure a bracket right after it
    labels ("GPT-3.5-turbo-1106 (context window: 16385)"), or the product a relative clause holding it
    describes ("than the K4, which draws 700 W"), also inside a baseline; not for ratios ("是 H100 的 3 倍")."""
    for name in names:
        if name.end > start:
            continue
        if name.kind in HARDWARE and (
            POSSESSED.fullmatch(folded, name.end, start)
            or folded.startswith(("'s", "’s"), name.end) and POSSESSED_MEASURE.fullmatch(folded, name.end, start)
            or RELATIVE_HOLDS.fullmatch(folded, name.end, start)
        ):
            return name
        if name.kind in (*HARDWARE, "organisation") and HELD_RESULT.fullmatch(folded, name.end, start):
            return name
        if name.kind in (*HARDWARE, "model") and (
            folded.find("(", name.end, start) >= 0 or folded.find("（", name.end, start) >= 0
        ) and BRACKETED_SPEC.fullmatch(folded, name.end, start):
            return name  # "GPT-3.5-turbo-1106 (context window: 16385)"
    return None


def _measured_product(folded: str, names: Sequence[Name], start: int, end: int) -> Name | None:
    """The product a measure describes or is measured in or on, written right after it
    ("2.85GHz 的 A715 大核", "80 GB in the previous H100 model", "the 1,000 W MI350X": a figure
    with its unit right before the name); not for ratios ("2.5 倍的 H100 性能") nor bare counts."""
    for name in names:
        if name.start >= end and name.kind in HARDWARE and (
            MEASURED_PRODUCT_GAP.fullmatch(folded, end, name.start)
            or UNIT_LAST.search(folded, start, end) and BLANKS.fullmatch(folded[end:name.start])
            and not BASED_AFTER.match(folded, name.end)
        ):
            return name
    return None


def _delivered_with(
    folded: str, names: Sequence[Name], roles: Sequence[str | None], end: int, clause: tuple[int, int]
) -> Name | None:
    """The system a measure is delivered with, written after it in its clause ("NVIDIA ... delivers 1.1
    exaFLOPS of FP4 computing with the GB300 NVL72"), when no hardware before it in the clause is free
    to be its subject; not a counted one ("with the 72 GPUs")."""
    if any(name.kind in HARDWARE and role is None and clause[0] <= name.start < end for name, role in zip(names, roles, strict=True)):
        return None
    for name, role in zip(names, roles, strict=True):
        if (name.start >= end and name.end <= clause[1] and name.kind in ("system", "cloud_instance")
                and role in (None, "component")  # "with" reads as a part; a baseline stays one
                and DELIVERED_WITH_GAP.fullmatch(folded, end, name.start) and not counted(folded, name)):
            return name
    return None


def _bracketed_after(folded: str, names: Sequence[Name], end: int) -> Name | None:
    """A name alone in brackets right after the figure, whose figure it is: "$7.57 (AWS) and $11.06 (GCP)"."""
    opening = OPEN_BRACKET_AT.match(folded, end)
    if opening is None:
        return None
    for name in names:
        if name.start == opening.end() and CLOSE_BRACKET_AT.match(folded, name.end) and name.kind in (*HARDWARE, "organisation"):
            return name
    return None


def _paired_for(folded: str, names: Sequence[Name], end: int) -> Name | None:
    """The name "for" gives the figure to, right after it, when the sentence pairs two figures so
    ("27% for Google Cloud and 24% for AWS"): each figure is its own name's, not the one the sentence opens with.
    Never a model, benchmark or software ("3x faster for Llama 70B": a workload, a condition)."""
    gap = FOR_AFTER_FIGURE.match(folded, end)
    if gap is None:
        return None
    paired = [
        name for name in names
        if name.kind in (*HARDWARE, "organisation") and FIGURE_FOR_BEFORE.search(folded, max(0, name.start - 30), name.start)
    ]
    if len(paired) < 2:
        return None
    return next((name for name in paired if name.start == gap.end()), None)


def _owning_organisation(folded: str, names: Sequence[Name], start: int) -> Name | None:
    """The organisation a count is written as the possession of, the nearest name before it ("outstripping
    Google AI's 90,000 and Meta's 70,000 GPUs"): its own, not a system named earlier in the sentence (a
    measure is its product's: "TSMC's 3 nm process")."""
    before = [name for name in names if name.end <= start]
    if before and before[-1].kind == "organisation" and ORGANISATION_POSSESSED.fullmatch(folded, before[-1].end, start):
        return before[-1]
    return None


def _each_holder(folded: str, names: Sequence[Name], start: int) -> Name | None:
    """The counted product a measure is given for each one of, right before it ("packs eight
    NVIDIA H200 GPUs, each with 141 GB"), even when it is a part of the hardware named first."""
    before = [name for name in names if name.end <= start]
    if before and before[-1].kind in HARDWARE and counted(folded, before[-1]) and EACH_HOLDS.match(folded, before[-1].end, start):
        return before[-1]
    return None


def counted(folded: str, name: Name) -> bool:
    """Whether a number counts `name` ("2,016 Rubin GPUs", "4x p150c cards"), its maker's name
    maybe between ("72 Nvidia Blackwell GPUs")."""
    return _counted_at(folded, name.start)


@lru_cache(maxsize=256)
def _counted_at(folded: str, start: int) -> bool:
    """counted, once per sentence and name start (each figure of a sentence asks again)."""
    low = lowered(folded)
    if COUNTED_BEFORE.search(low, max(0, start - 20), start) is not None:
        return True
    maker = MAKER_WORD_BEFORE.search(folded, max(0, start - 24), start)
    if maker is None or _a_unit(maker.group().strip()):
        return False  # "the 700 W Kestrel K4": a measure, not a count of K4s
    return COUNTED_BEFORE.search(low, max(0, maker.start() - 20), maker.start()) is not None


def _a_unit(word: str) -> bool:
    """Whether a capitalised word is a unit's symbol ("W", "GB", "TB/s"), whole."""
    found = match_atom(word, 0)
    return found is not None and found.end == len(word)


def _subject(
    folded: str,
    rule_roles: SentenceRoles,
    start: int,
    end: int,
    clause: tuple[int, int],
    organisation_metric: bool,
    own_money: bool,
    registry: Registry | None,
) -> Name | None:
    free, claimants = rule_roles.free, rule_roles.claimants
    if claimants and not [name for name in free if clause[0] <= name.start and name.end <= clause[1]]:
        # "Meta has described clusters scaling toward 5 gigawatts": the speaker's own figure.
        in_clause = [
            name for name in claimants
            if clause[0] <= name.start and name.end <= clause[1] and not REPORT_SHOWS_AFTER.match(folded, name.end)
        ]
        if in_clause:
            # "For the MI355X, AMD touted 2x ...": the one product of the speaker's the sentence names, unless it is money.
            own = None if organisation_metric else _own_product(free, in_clause[0], registry)
            # "Intel projects 40% faster training versus the H100": a product's figure, never the speaker's.
            return own if rule_roles.compares_hardware else own or in_clause[0]
    if (
        organisation_metric and len(claimants) == 1 and not [name for name in free if name.kind == "organisation"]
        and OWN_COMPANY.search(folded, 0, start)
    ):
        return claimants[0]  # "据星图科技披露，公司第三季度营收为 48.6 亿元": the speaker's own money
    if own_money and len(claimants) == 1 and not free:
        return claimants[0]  # "星海研究所表示，第三季度营收为 5 亿元": the one organisation named speaks of its own
    if not free:
        return None
    if organisation_metric:
        organisations = [name for name in free if name.kind == "organisation"]
        if organisations:
            return _nearest(folded, organisations, start, end, clause, anywhere=True)
    for kinds in SUBJECT_ORDER:
        candidates = [name for name in free if name.kind in kinds]
        if candidates:
            found = _nearest(folded, candidates, start, end, clause)
            if found is not None:
                return found
    return None


def _own_product(free: Sequence[Name], speaker: Name, registry: Registry | None) -> Name | None:
    """The one hardware name among `free` that the `speaker` organisation makes (by the entities table)."""
    if registry is None:
        return None
    products = [name for name in free if name.kind in HARDWARE and (maker := registry.maker(name.entity)) is not None
                and maker.id == speaker.entity.id]
    return products[0] if len({name.entity.id for name in products}) == 1 else None


def _shipped_for(folded: str, name: Name) -> bool:
    """An organisation goods are shipped to ("出货给英伟达", "为英伟达出货 5 万台"): the customer."""
    if name.kind != "organisation":
        return False
    if SHIPPED_FOR_BEFORE.search(folded, max(0, name.start - 16), name.start) is not None:
        return True
    return CUSTOMER_BEFORE.search(folded, max(0, name.start - 2), name.start) is not None and SHIPPING_AFTER.match(folded, name.end) is not None


def _nearest(
    folded: str, names: Sequence[Name], start: int, end: int, clause: tuple[int, int], anywhere: bool = False
) -> Name | None:
    """The name nearest the figure: in its clause (before it first), then before it, then
    introduced after it in its clause with no other name between; `anywhere` also takes one
    after it in the sentence."""
    in_clause = [
        name for name in names
        if clause[0] <= name.start and name.end <= end
        or name.start >= end and name.end <= clause[1] and introduced(folded, name, end)
        and not any(end <= other.start and other.end <= name.start for other in names)
    ]
    if in_clause:
        return min(in_clause, key=lambda name: (name.start >= end, _distance(name, start, end)))
    before = [name for name in names if name.end <= start and not _in_dashes(folded, name, start)]
    if before:
        return before[-1]
    if anywhere and BACK_REFERENCE.search(folded, clause[0], start):
        anywhere = False  # "brings its total to $1.48 billion, and ... Nvidia is paying": "its" is named earlier
    after = [
        name for name in names
        if name.start >= end
        and (name.end <= clause[1] or anywhere or opens_clause(folded, name) and ";" not in folded[end:name.start])
        and not PREPOSITION_BEFORE.search(folded, max(0, name.start - 20), name.start)
    ]
    return after[0] if after else None


def _in_dashes(folded: str, name: Name, start: int) -> bool:
    """Whether `name` stands between two dashes before the figure at `start`, after a name opening
    the pair ("DGX B300 — the newer Blackwell Ultra system — is listed at 14.5 kW")."""
    # Every dash holds one of these: most sentences have none, and a look for them spares the search.
    if folded.find("—", 0, start) < 0 and folded.find("–", 0, start) < 0:
        return False
    dashes = [match.start() for match in DASH.finditer(folded, 0, start)]
    return len(dashes) >= 2 and dashes[-2] < name.start and name.end <= dashes[-1]


# Nothing but an article or a possessive determiner, if that: "the", "its".
AN_ARTICLE_AT_MOST = re.compile(r"\s*(?:(?:the|a|an|its|their|our)\s+)?", re.IGNORECASE)


def opens_clause(folded: str, name: Name) -> bool:
    """A name opening a later clause is that clause's subject: "Having 80 TB/s of bandwidth,
    the Groq LPU has 230 MB" (what the figure is about, when nothing is named before it; not past a
    semicolon, which opens a statement of its own: "X was 75 times faster; the Y chips were ...")."""
    clause_start = clause_bounds(folded, name.start, name.end)[0]
    return AN_ARTICLE_AT_MOST.fullmatch(folded[clause_start:name.start]) is not None


# The rest of a Chinese modifier clause up to the 的 before the name it describes (no clause break between).
RELATIVE_CLAUSE_TO = re.compile(r"[^，,。；;：:！？!?()（）的]{0,30}的\s*(?:[A-Za-z-]+\s+)?")


# What introduces a name right after a figure: 的 (a word maybe after it) or an opening bracket.
INTRODUCED_RIGHT_AFTER = re.compile(r"\s*的\s*(?:[A-Za-z-]+\s+)?|\s*[(（]\s*")


def introduced(folded: str, name: Name, end: int) -> bool:
    """A name after the figure tells what it is about only when introduced as the platform
    ("on a single GB300 NVL72 rack", "using Hopper", "on 8x B200", "的 NVLink 6"), not as a part
    ("260 TB/s of NVLink bandwidth")."""
    if INTRODUCED_RIGHT_AFTER.fullmatch(folded[end:name.start]):
        return True
    if RELATIVE_CLAUSE_TO.fullmatch(folded, end, name.start):
        return True  # "搭载 80 万个 GPU、峰值性能达 16 ZettaFLOPS 的 Zettascale10": the modifiers of the name
    # "on 8x B200", "on eight K9 GPUs": a count of the platform may stand between.
    count = COUNTED_BEFORE.search(lowered(folded), max(end, name.start - 20), name.start)
    platform = name._replace(start=count.start()) if count and count.start() > end else name
    return _before("platform", folded, platform, reach=min(40, platform.start - end))


def _distance(name: Name, start: int, end: int) -> int:
    if name.end <= start:
        return start - name.end
    if name.start >= end:
        return name.start - end
    return 0
