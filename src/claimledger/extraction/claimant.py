"""Who states a figure: the claimant.

A sentence whose speaker is 他 or 她 ("他指出，...") is told by the person the sentence before named
(`speaker_named_before`), within its paragraph; no organisation is a 他. One whose speaker is a back-reference and
a word for what it is ("这位分析师表示", "该机构预计") is told by the one speaker the post named before as such
("美国银行分析师 Vivek Arya 预测", "研究机构天衡咨询预计"), by no one when it named none or several so; the
back-reference ("该人士") is never a claimant itself.

A sentence names its claimant with a speech verb after the agent ("AMD states",
"Amazon claims", "Orbis's efficiency claims", "张建中表示", "《快科技》指出") or a phrase before it ("according
to the IEA", "据明势创投发布"; unknown, the words between 据 and a verb of forecasting: "据中国信通院预测"), from data/cues.toml [claimant], or cites the one
organisation it names through that organisation's document ("... into the press
release: 16,635 tokens per second", "据 CoreWeave 新闻稿"). The agent is a name the
sentence has (an organisation, a product's maker) or, unknown, the words right before
the verb: capitalised words in English (less a word opening the clause: "If Orbis says" is Orbis) (less the full stop ending the sentence: "according
to Orbis." is Orbis), a person after their title or a name in 《》 in Chinese. Pronouns, generic agents ("analysts", "报道", "公司") and measures heading
a line ("Performance claims: ...") name no one, nor does a description ("according to the Korean company"), nor a speech verb that is a plural noun there
("across multiple US states", "published in BMJ Case Reports" after "in"): the figure stays the publisher's,
which the ledger fills in from the source. Organisations joined to the claimant ("据 IDC 与
浪潮信息联合发布") state the figure with it: none of them is what it is about. A source cited after a
comma closing an English sentence that names an estimate ("Orbis said ... ahead of the $9.9 billion analyst
estimate, according to LSEG") states that estimate alone: the sentence's speaker states the rest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from claimledger.data_files import data_table
from claimledger.extraction.cues import alternation, any_phrase, cue_table, lowered
from claimledger.extraction.metrics import metric_words
from claimledger.extraction.names import Name
from claimledger.extraction.shapes import is_kind_word
from claimledger.text.scripts import HAN

# What may stand between a Chinese agent and its verb: "在大会上", "于法说会", "在最新报告中", "今天", "昨（12日）",
# "昨(15)日", "15日晚间", "正式", "日前发布报告".
ZH_GAP = re.compile(
    rf"(?:(?:在|于)[{HAN}A-Za-z0-9 ]{{1,12}}?(?:[上中]|会)|今天|今日|昨天|昨日|昨|稍早|[(（]\d{{1,2}}日[)）]|\s*[(（]?(?:\d{{1,2}}\s*月\s*)?\d{{1,2}}\s*[)）]?\s*[日号]"
    rf"|上午|下午|晚间|晚上|早间|日前|近日|也|已|还|此前|方面|官方"
    rf"|在博客里|高调|正式|再次|首次|公开|发布(?:的|了)?(?:研究)?报告)*\s*$"
)
# What ZH_GAP lets stand between an agent and its verb, read forward from the agent's end.
ZH_GAP_OPENING = re.compile(ZH_GAP.pattern.removesuffix("\\s*$") + r"\s*")
# A speech verb the agent follows, ending its sentence: "..., say officials."
INVERTED = re.compile(r"\s+(?:[\w&.'’-]+\s+){0,4}[\w&.'’-]+\s*[.!?]?\s*$")
# The agent's possessive and at most one word of what it claims, before a noun of claiming: "Orbis's
# performance claims", "Acme's estimates".
POSSESSED_CLAIMS = re.compile(r"['’]s(?:\s+[a-z][\w-]*)?\s*$")
# A capitalised word opening a clause before an unknown agent, no part of its name: "If Orbis's claims hold".
CLAUSE_OPENER = re.compile(r"(?:If|When|While|Whereas|As|Although|Though|Unless|Because|Since|But|And|So|Well|Yet)\s+(?=[A-Z])")
# Speech verbs that are plural nouns too ("states", "reports"), and what makes them nouns: a quantifier or
# preposition before the word or two before them ("multiple US states", "in earlier reports").
NOUN_VERBS = re.compile(r"(?:states|reports|notes|claims|estimates|forecasts|quotes|projects|cites|promises)", re.IGNORECASE)
COUNTED_NOUN_BEFORE = re.compile(
    r"\b(?:multiple|several|many|all|both|other|various|some|these|those|two|three|four|five|\d+|across|in|of|from)"
    r"(?:\s+[\w.&-]+){0,2}?\s*$",
    re.IGNORECASE,
)
# A word for a kind of organisation after capitalised words: they describe it ("the Korean company",
# "the US chipmaker"), they do not name it.
DESCRIBED_AFTER = re.compile(
    r"\s+(?:company|companies|firm|chipmaker|chip\s+maker|startup|giant|maker|vendor|group|manufacturer|supplier"
    r"|foundry|operator|provider|government|ministry|regulator)\b"
)
WEEKDAYS = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# An unknown agent after a phrase of citing: up to four capitalised words, or an acronym ("according to Orbis
# Research", "according to IDC").
CITED_AGENT = re.compile(r"(?:[A-Z][A-Za-z0-9&.-]*\s+){0,3}[A-Z][A-Za-z0-9&.-]*|[A-Z]{2,}")
EN_AGENT = re.compile(r"(?P<agent>(?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*)\s*$")
CITATION_OPENING = re.compile(r"\s*(?:根据|依据|援引|据)?")
# A connective opening the clause before its speaker, no part of the name: "此外王明表示", "同时李华指出".
CONNECTIVE_OPENING = re.compile(r"\s*(?:此外|另外|同时|而且|并且|不过|但是|但|而|其中|对此|随后|最后|另一方面)?\s*")
ZH_BOOK_TITLE = re.compile(r"《(?P<agent>[^《》]{1,20})》\s*$")
# An organisation's report named before its verb: "中国信息通信研究院《2024 年报告》预计" is the organisation's.
ZH_REPORT_BEFORE = re.compile(r"《[^《》]{1,40}》\s*$")
# An agent the Chinese citation phrase opens, before a verb of forecasting or estimating: "据中国信通院预测",
# "根据赛迪顾问估算"; never a hedge or a source of its own ("据不完全统计", "据公司财报测算").
ZH_CITED_FORECASTER = re.compile(rf"\s*(?P<agent>[{HAN}A-Za-z][{HAN}A-Za-z0-9 ]{{1,11}}?)(?:最新)?(?:预测|预计|预估|估计|估算|测算)")
NOT_A_FORECASTER = re.compile(r"不|初步|了解|悉|介绍|公司|财报|报告|数据|统计|媒体|报道|消息")
# An agent written in Latin letters in a Chinese sentence, opening its clause: "Orbis 日前发布报告称".
# Between two organisations that state a figure together: "IDC 与浪潮信息", "Orbis and Kestrel".
PARTNER_GAP = re.compile(r"\s*(?:与|和|及|、|&|and)\s*", re.IGNORECASE)
ZH_LATIN_AGENT = re.compile(rf"(?:^|(?<=[{HAN}，,：:；;]))\s*(?P<agent>[A-Z][A-Za-z&.-]+(?:\s+[A-Z][A-Za-z&.-]+){{0,2}})\s*$")


# A pronoun opening a clause as the speaker: "他指出，", "她还表示".
PRONOUN_SPEAKER_OPENING = re.compile(rf"(?:^|[，,。；;：:])\s*[他她](?:{ZH_GAP.pattern[:-1]})")
PERSON_NAME = re.compile(f"[{HAN}]{{2,4}}")
HAN_RUN = re.compile(f"[{HAN}]+")


class Claimant(NamedTuple):
    """The agent who states the sentence's figures: [start, end), as written, its entity if known."""

    start: int
    end: int
    text: str
    entity_id: str | None
    # Named as the speaker of the sentence; an organisation cited through its document
    # ("發佈公告，宣佈 ...") may also be what the figure is about.
    speaking: bool = True
    # A source cited at the sentence's end for the estimate the figures are measured against
    # ("Orbis said ... ahead of the $9.9 billion analyst estimate, according to LSEG"): the claimant of
    # that estimate alone (`figure_claimant`).
    estimate_source: Claimant | None = None


@cache
def _table() -> dict:
    return cue_table()["claimant"]


@cache
def _verbs(side: str, lang: str) -> re.Pattern[str]:
    words = alternation(_table()[f"{lang}_{side}"])
    if side == "after":
        return re.compile(words + (r"(?=\W|$)" if lang == "en" else ""))
    return re.compile(words)


@cache
def _english_gap() -> re.Pattern[str]:
    """What may stand between an agent and its verb: "today", "yesterday", "also", "late Wednesday", "(NVDA)", or
    a group of the agent's people (`en_people`: "Orion Research analysts estimate")."""
    people = "|".join(map(re.escape, _table()["en_people"]))
    return re.compile(
        rf"(?:\s+(?:today|yesterday|also|now|previously|earlier|has|had|have|recently|officially|further|{people}"
        rf"|(?:(?:late|early|on|last|this)\s+)?{WEEKDAYS}))*\s*,?\s*$",
        re.IGNORECASE,
    )


@cache
def _counted_group() -> re.Pattern[str]:
    """An agent that is what a figure counts (`en_counted` ... of): "70 percent of Americans"."""
    shares = "|".join(map(re.escape, _table()["en_counted"]))
    return re.compile(rf"(?:\d|\b(?:{shares}))\s+of\s+(?:the\s+)?(?:[A-Z][\w&.-]*\s+){{0,3}}[A-Z]?[\w&.-]*\s*$", re.IGNORECASE)


@cache
def _any_verb(side: str, lang: str) -> re.Pattern[str]:
    """Whether a sentence has any of `_verbs(side, lang)` (as a trie): most have none; none of those
    starts before the first match of this."""
    return re.compile(any_phrase(_table()[f"{lang}_{side}"]))


@cache
def _not_speech(lang: str) -> re.Pattern[str]:
    """Phrases holding a speech verb that quote no one (`zh_not_speech`, `en_not_speech`)."""
    return re.compile(alternation(_table()[f"{lang}_not_speech"]))


def find_claimant(text: str, folded: str, names: Sequence[Name], lang: str) -> Claimant | None:
    """The claimant the sentence names, or None; its span holds the organisations it
    speaks with ("据 IDC 与浪潮信息联合发布的报告": both cite, neither is the subject)."""
    found = _claimant(text, folded, names, lang)
    return _with_partners(found, folded, names) if found is not None and found.speaking else found


def _with_partners(found: Claimant, folded: str, names: Sequence[Name]) -> Claimant:
    """`found` with its span widened over the organisations joined to it ("X 与 Y", "X and Y")."""
    start, end = found.start, found.end
    organisations = sorted((name for name in names if name.kind == "organisation"), key=lambda name: name.start)
    for name in organisations:
        if name.start >= end and PARTNER_GAP.fullmatch(folded, end, name.start):
            end = name.end
    for name in reversed(organisations):
        if name.end <= start and PARTNER_GAP.fullmatch(folded, name.end, start):
            start = name.start
    return found._replace(start=start, end=end) if (start, end) != (found.start, found.end) else found


def _claimant(text: str, folded: str, names: Sequence[Name], lang: str) -> Claimant | None:
    low = lowered(folded)
    # Each gate (the verbs as a trie) finds the first verb: the verbs' pattern is read from there.
    gated = _any_verb("before", lang).search(low)
    if gated:
        for verb in _verbs("before", lang).finditer(low, gated.start()):
            found = _agent_after(text, folded, names, verb.end())
            if found is not None:
                if lang == "en" and _cites_the_estimate(folded, verb.start(), found.end):
                    speaker = _speaker(text, folded, names, low, lang, verb.start())
                    if speaker is not None:
                        return speaker._replace(estimate_source=found)
                return found
    return _speaker(text, folded, names, low, lang, len(low)) or _document_owner(folded, names)


def _speaker(text: str, folded: str, names: Sequence[Name], low: str, lang: str, limit: int) -> Claimant | None:
    """The agent before the first speech verb ("Orbis said") standing before `limit`, or None."""
    gated = _any_verb("after", lang).search(low, 0, limit)
    if gated:
        quoting_no_one = [match.span() for match in _not_speech(lang).finditer(low)]
        for verb in _verbs("after", lang).finditer(low, gated.start(), limit):
            if any(start <= verb.start() < end for start, end in quoting_no_one):
                continue
            found = _agent_before(text, folded, names, verb.start(), verb.end(), lang)
            if found is not None:
                return found
    return None


# A source cited after a comma, closing the sentence ("..., according to LSEG.").
CLOSING_SOURCE = re.compile(r"\W*$")
# An estimate a figure is measured against: "the $9.9 billion average analyst estimate",
# "expectations of $9.87 billion", "the consensus of $2.10".
ESTIMATE_AFTER = re.compile(r"\s+(?:[a-z][\w'-]*\s+){0,2}?(?:estimates?|consensus|expectations?|forecasts?)\b")
ESTIMATE_BEFORE = re.compile(r"\b(?:estimates?|consensus|expectations?|forecasts?|expected)\s+(?:of|for|at|was|were|had\s+been)?\s*$")


def _cites_the_estimate(folded: str, phrase_start: int, agent_end: int) -> bool:
    """Whether the cited source closes the sentence after a comma and the sentence names an estimate."""
    return (
        folded[:phrase_start].rstrip().endswith(",") and CLOSING_SOURCE.match(folded, agent_end) is not None
        and ESTIMATE_AFTER.search(folded, 0, phrase_start) is not None
    )


def figure_claimant(claimant: Claimant, folded: str, start: int, end: int) -> Claimant:
    """The claimant of the figure at [start, end): the estimate's source for the estimate itself
    ("the $9.9 billion analyst estimate, according to LSEG"), else the sentence's speaker."""
    source = claimant.estimate_source
    if source is not None and (
        ESTIMATE_AFTER.match(folded, end) is not None or ESTIMATE_BEFORE.search(folded, max(0, start - 32), start) is not None
    ):
        return source
    return claimant


def _document_owner(folded: str, names: Sequence[Name]) -> Claimant | None:
    """The one organisation named in a sentence that takes its figures from that
    organisation's document ("... into the press release: 16,635 tokens per second")."""
    if _source_documents().search(lowered(folded)) is None:
        return None
    organisations = {name.entity.id: name for name in names if name.kind == "organisation"}
    if len(organisations) != 1:
        return None
    (name,) = organisations.values()
    return Claimant(name.start, name.end, name.text, _owner(name), speaking=False)


@cache
def _source_documents() -> re.Pattern[str]:
    return re.compile(any_phrase(_table()["source_documents"]))


def _agent_after(text: str, folded: str, names: Sequence[Name], position: int) -> Claimant | None:
    """"according to the IEA", "据明势创投发布": the agent right after the phrase."""
    start = _agent_group().match(folded, position).end()
    for name in names:
        if name.start == start:
            return Claimant(name.start, name.end, name.text, _owner(name)) if name.kind == "organisation" else None
    found = CITED_AGENT.match(text, start)
    if found and DESCRIBED_AFTER.match(text, found.end()):
        return None  # "according to the Korean company": a description, no name
    if found and not _generic(found.group(0)):
        agent = _without_full_stop(found.group(0))
        return Claimant(start, start + len(agent), agent, None)
    forecaster = ZH_CITED_FORECASTER.match(folded, position)
    if forecaster and not NOT_A_FORECASTER.search(forecaster.group("agent")) and not _generic(forecaster.group("agent")):
        return Claimant(forecaster.start("agent"), forecaster.end("agent"), text[forecaster.start("agent"):forecaster.end("agent")], None)
    return None


def _without_full_stop(agent: str) -> str:
    """The agent less the full stop ending its sentence ("according to Orbis Research." ->
    Orbis Research), not an abbreviation's ("Kite Inc.", "U.S.")."""
    last = agent.split()[-1]
    if not last.endswith(".") or last[:-1].lower().rstrip(".") in _abbreviations() or "." in last[:-1]:
        return agent
    return agent[:-1]


@cache
def _abbreviations() -> frozenset[str]:
    return frozenset(data_table("sentences.toml")["abbreviations"])


@cache
def _agent_group() -> re.Pattern[str]:
    """What may open the words after a phrase before the agent: "the", or the agent's people or
    document and a preposition ("analysts at", "a report by the")."""
    groups = alternation(_table()["en_agent_groups"])
    return re.compile(rf"\s*(?:{groups}\s+(?:at|from|with|by|for|of)\s+)?(?:the\s+)?", re.IGNORECASE)


def _agent_before(text: str, folded: str, names: Sequence[Name], verb_start: int, verb_end: int, lang: str) -> Claimant | None:
    gap = (_english_gap() if lang == "en" else ZH_GAP).search(folded, max(0, verb_start - 24), verb_start)
    end = gap.start() if gap else verb_start
    if lang == "en" and "," in folded[end:verb_start] and INVERTED.match(folded, verb_end):
        return None  # "..., say officials.": the agent comes after the verb
    if lang == "en" and _counted_group().search(folded, max(0, end - 80), end):
        return None  # "70 percent of Americans say": the people a figure counts
    if lang == "en" and NOUN_VERBS.fullmatch(folded, verb_start, verb_end) and COUNTED_NOUN_BEFORE.search(folded, max(0, end - 40), end):
        return None  # "across multiple US states", "in several reports": a plural noun, no speech
    owned = POSSESSED_CLAIMS.search(folded, max(0, end - 32), end) if lang == "en" else None
    if owned is not None:
        end = owned.start()  # "if Orbis's performance claims are to be believed": Orbis claims
    report = ZH_REPORT_BEFORE.search(folded, max(0, end - 44), end) if lang == "zh" else None
    if report is not None and any(name.end == report.start() and name.kind == "organisation" for name in names):
        end = report.start()  # "中国信息通信研究院《报告》预计": the organisation, through its report
    if lang == "zh":
        end = _untitled_officer(folded, names, end)
    for name in reversed(names):
        if name.end == end or (name.end <= end and not folded[name.end:end].strip(" )）")):
            # Organisations speak; products, models and benchmarks do not ("Each Ironwood chip boasts").
            if name.kind == "organisation":
                return Claimant(name.start, name.end, name.text, name.entity.id)
            return None
    if lang == "en":
        found = EN_AGENT.search(text, max(0, end - 60), end)
        if found is None:
            return None
        start = found.start("agent")
        opener = CLAUSE_OPENER.match(text, start, found.end("agent"))
        if opener is not None:
            start = opener.end()  # "If Orbis's claims hold": Orbis
        agent = text[start:found.end("agent")]
        if agent and not _generic(agent) and agent.split()[0] not in ("The", "This", "That", "It"):
            return Claimant(start, found.end("agent"), agent, None)
        return None
    book = ZH_BOOK_TITLE.search(text, max(0, end - 24), end)
    if book:
        return Claimant(book.start("agent"), book.end("agent"), book.group("agent"), None)
    latin = ZH_LATIN_AGENT.search(text, max(0, end - 40), end)
    if latin and not _generic(latin.group("agent")) and not is_kind_word(latin.group("agent").split()[-1]):
        return Claimant(latin.start("agent"), latin.end("agent"), latin.group("agent"), None)
    return _chinese_person(text, folded, end)


def _untitled_officer(folded: str, names: Sequence[Name], end: int) -> int:
    """Where the organisation ends whose officer, named by title alone, speaks at `end` ("英伟达CFO预测",
    "星河科技发言人表示": the organisation speaks); else `end`."""
    title = _title_ending().search(folded, max(0, end - 8), end)
    if title is not None and any(name.end == title.start() and name.kind == "organisation" for name in names):
        return title.start()
    return end


@cache
def _title_ending() -> re.Pattern[str]:
    """A title of [claimant] titles (less the joiners "兼", "、") ending the text searched."""
    titles = sorted((title for title in _table()["titles"] if len(title) > 1), key=len, reverse=True)
    return re.compile(f"(?:{'|'.join(map(re.escape, titles))})$")


def _chinese_person(text: str, folded: str, end: int) -> Claimant | None:
    """A person named after their title ("首席执行官张建中表示"), or 2-3 characters
    opening the clause before the verb ("张建中表示")."""
    titles = sorted(_table()["titles"], key=len, reverse=True)
    window_start = max(0, end - 30)
    for title in titles:
        position = folded.rfind(title, window_start, end)
        if position >= 0 and 2 <= end - (position + len(title)) <= 3:
            start = position + len(title)
            if HAN_RUN.fullmatch(folded[start:end]):
                return Claimant(start, end, text[start:end], None)
    clause_start = max(folded.rfind(mark, 0, end) for mark in "，,。；;：:")
    start = clause_start + 1
    # "据公司介绍": the phrase that opens a citation is not the agent's ("公司", generic).
    start += len(CITATION_OPENING.match(folded, start).group(0))
    start += len(CONNECTIVE_OPENING.match(folded, start).group(0))
    agent = folded[start:end].strip()
    if 2 <= len(agent) <= 3 and HAN_RUN.fullmatch(agent) and not _generic(agent) and not BACK_REFERENCE.match(agent):
        offset = start + folded[start:end].index(agent)
        return Claimant(offset, offset + len(agent), text[offset:offset + len(agent)], None)
    return None


def _owner(name: Name) -> str | None:
    return name.maker or name.entity.id


def _generic(agent: str) -> bool:
    """A generic agent ("analysts", "报道"), or a measure heading the sentence ("Performance claims: ...")."""
    low = agent.strip().lower()
    return low in {word.lower() for word in _table()["generic"]} or low in metric_words()


def pronoun_speaker(folded: str) -> bool:
    """Whether a clause of the Chinese sentence opens with 他/她 and a speech verb ("他透露，")."""
    if "他" not in folded and "她" not in folded:
        return False
    verbs = _verbs("after", "zh")
    return any(verbs.match(folded, found.end()) for found in PRONOUN_SPEAKER_OPENING.finditer(folded))


def company_speaker(folded: str) -> bool:
    """Whether a clause of the Chinese sentence opens with the company as its speaker (`zh_company_speakers`
    and a speech verb: "公司表示，", "该公司今日称")."""
    if "公司" not in folded:
        return False
    verbs = _verbs("after", "zh")
    return any(verbs.match(folded, found.end()) for found in _company_speaker_opening().finditer(folded))


@cache
def _company_speaker_opening() -> re.Pattern[str]:
    """A clause opening with a word for the company and what may stand before its speech verb."""
    return re.compile(rf"(?:^|[，,。；;：:])\s*(?:{alternation(_table()['zh_company_speakers'])})(?:{ZH_GAP.pattern[:-1]})")


# A speaker named by a back-reference and the word for what they are, opening a clause ("这位分析师表示，",
# "该机构预计", "该人士称"): no name of its own, it is the one speaker the post named before as such
# (`speaker_referred_to`, extraction/__init__.py); never a claimant by itself.
BACK_REFERENCE = re.compile(r"这位|该位|这名|该名|那位|该|此")
BACK_REFERENCE_OPENING = re.compile(rf"(?:^|[，,。；;：:])\s*(?:{BACK_REFERENCE.pattern})(?=[{HAN}]{{2}})")


def back_referred_speaker(folded: str) -> str | None:
    """The word for the speaker a clause of the Chinese sentence opens with by a back-reference and a speech verb
    ("这位分析师还表示，" -> 分析师, "该机构预计" -> 机构); None when none does, or it is the company
    (`company_speaker`)."""
    if "该" not in folded and "这" not in folded and "此" not in folded and "那" not in folded:
        return None
    verbs = _verbs("after", "zh")
    for opening in BACK_REFERENCE_OPENING.finditer(folded):
        for size in (2, 3):
            kind = folded[opening.end():opening.end() + size]
            gap = ZH_GAP_OPENING.match(folded, opening.end() + size)
            if HAN_RUN.fullmatch(kind) and not kind.startswith("公司") and verbs.match(folded, gap.end()):
                return kind
    return None


def speaker_referred_to(text: str, folded: str, names: Sequence[Name], kind: str) -> str | None:
    """The speaker the sentence names as a `kind` ("美国银行分析师 Vivek Arya 预测" for 分析师, "研究机构天衡咨询预计"
    for 机构): the word in the claimant's name or right before it; None when it names none so."""
    found = find_claimant(text, folded, names, "zh")
    if found is None or not found.speaking:
        return None
    if kind in folded[found.start:found.end] or folded[max(0, found.start - 8):found.start].rstrip().endswith(kind):
        return found.entity_id or found.text
    return None


# A sentence opening with the study it cites: "根据星海咨询最新研究，", "据 Orbis 调查显示，".
CITED_STUDY_OPENING = re.compile(
    r"\s*(?:根据|依据|据)[^，,。；;]{1,40}?(?:研究|调查|调研|预测|预估|报告|统计)(?:报告|结果)?(?:显示|指出|称)?\s*[，,]"
)
# A year a sentence names ("2026年", "2026 年"): what tells that the next sentence goes on about the same period.
YEAR_NAMED = re.compile(r"(?<!\d)(?:19|20)\d{2}(?=\s*年)")


def cites_a_study(folded: str) -> bool:
    """Whether the sentence opens with the study it cites ("根据星海咨询研究，2026 年 ...")."""
    return CITED_STUDY_OPENING.match(folded) is not None


def years_named(folded: str) -> frozenset[str]:
    """The years the sentence names ("2026年" -> "2026")."""
    return frozenset(YEAR_NAMED.findall(folded))


def speaker_named_before(text: str, folded: str, names: Sequence[Name]) -> Claimant | None:
    """The person the sentence names as its speaker ("鴻海董事長劉揚偉表示"), whom a later 他 is; None for an organisation."""
    found = find_claimant(text, folded, names, "zh")
    if found is None or not found.speaking or found.entity_id is not None or not PERSON_NAME.fullmatch(found.text):
        return None
    return found
