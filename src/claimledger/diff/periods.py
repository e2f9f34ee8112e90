"""Reporting periods: the quarter or half a company's figure is reported for.

A revenue of one quarter and the revenue of another are two figures, so the period
a figure's sentence gives it is part of its identity (`period_of`): "Q3 FY2026",
"the third quarter of fiscal 2026" and "2026财年第三财季" are ``fy2026 q3``;
"2025年第三季度" and "Q3 2025" are ``2025 q3``; "2025年上半年" is ``2025 h1``; a
period without its year ("第三财季", "上半年") is ``fy q3`` or ``h1``. A fiscal and a
calendar period are never taken for one another. Which period is the figure's: the
one whose possessive stands right before it, compared with or not ("vs Q1's $0.982B"), else the
one that follows it in its clause with no other figure between ("$45.0 billion in Q2 FY2026"),
or the one that closes a list of figures going on from it, with none before it ("revenue of $X, net income of $Y, and EPS of $Z for the third quarter":
`_closes_list`), else the last one before it in its sentence ("2025年第三季度实现收入
2477.95亿元"), else the one period its paragraph named before its sentence (`lead_period`:
"Orbis reported results for Q3 FY2031. Revenue was $80 billion.").

A period is read against its post (`resolve`, with the post's `PostPeriods`):

- A quarter named by where it stands: "the quarter", "this quarter", "本季度" is the post's own
  quarter (`PostPeriods.own`: the one period the first paragraph naming any names, the title
  included), never for a forecast; "the prior quarter", "上一季度" the quarter before it; "last
  quarter", "上季" the post's own quarter where that is the quarter just ended when it was
  published ("上季美元營收331億美元" in a post on 第3季 of 17 October); none in a post naming no
  quarter of its own. Where the post names one the words do not fit (上季 in a post on 第4季 of
  12 December), it stays the post's own (``last quarter of post 12``), as a quarter without its
  year does: a figure of a named quarter is never one of no period, so it never meets another quarter's.
- A quarter or half without its year ("第三财季", "Q3", "third quarter") takes the one year the
  post's periods name, of its own kind, or "the quarter ended September 30, 2025"; a quarter written
  as a calendar one takes a fiscal year too when that is the only year its post names ("fourth-quarter
  fiscal 2025 earnings ... revenues for the fourth quarter": ``fy2025 q4``); in a post that names no year,
  a calendar quarter that is the one just ended when it was published is that one ("第3季" on 16
  October 2025 is ``2025 q3``; never a forecast's); else it stays the post's own (``q3 of post 12``),
  which no other post's figure shares.
- A period named as a comparison ("up 25% from last quarter", "與上季相比") is none, as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.data_files import data_table
from claimledger.diff.dates import published_moment
from claimledger.diff.targets import TARGET
from claimledger.text.traditional import simplified

# Where a full sentence ends, not a clause split off at a semicolon.
FULL_STOP = re.compile(r"[。！？!?]|\.\s")
# How much of the text before a figure's sentence is read for its paragraph's period (`lead_period`).
LEAD_REACH = 400
# A period as `_canonical` writes it: "fy2026 q3", "2025 h1", "fy q4", "q3"; one whose year no
# period of its post names is that post's own: "q3 of post 12".
CANONICAL = re.compile(
    r"(?:(?:fy(?:\d{4})? |\d{4} )?(?:ytd )?[qh][1-4]|(?:this|last|previous) quarter)(?: of (?:post \d+|its post))?")
# A period without its year.
YEARLESS = re.compile(r"(?P<fiscal>fy )?(?P<which>(?:ytd )?[qh][1-4])")
# A period's parts: "fy2026 q3" -> fy, 2026, q, 3.
PARTS = re.compile(r"(?P<fiscal>fy)?(?P<year>\d{4}) (?P<ytd>ytd )?(?P<kind>[qh])(?P<number>[1-4])")
# The year a quarter ended in, where a post says so ("the quarter ended September 30, 2025",
# "截至2025年9月30日止"): a calendar year.
ENDED_YEAR = re.compile(
    r"quarter\s+ended\s+[a-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d\d)|截至\s*((?:19|20)\d\d)\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日",
    re.IGNORECASE,
)
# How a quarter named by where it stands is written in a `NamedPeriod` (`relative_pattern`).
THIS_QUARTER, LAST_QUARTER, PREVIOUS_QUARTER = "this quarter", "last quarter", "previous quarter"
RELATIVE = {"this_quarter": THIS_QUARTER, "last_quarter": LAST_QUARTER, "previous_quarter": PREVIOUS_QUARTER}
# How many characters before a period the words above are looked for.
BASELINE_REACH = 24
# A figure of a list as `_closes_list` writes it, and a parenthesis it reads past ("(US$2.47 per ADR unit)").
LIST_ITEM = "#"
PARENTHESIS = re.compile(r"\s*\([^()]*\)")
# A period's possessive right before a figure, a few words between at most ("Q1's $0.982B", "Q1's revenue of").
POSSESSIVE = re.compile(r"['’]s\s+(?:[a-z-]+\s+){0,3}", re.IGNORECASE)
# Words that point at a period without being part of its name ("the third quarter").
POINTER = re.compile(r"^(?:the|this|that|本|该|該)\s*", re.IGNORECASE)


# Shapes whose words make a period fiscal whatever else is written.
FISCAL_SHAPES = frozenset({"q_fy", "fy_q", "ord_fy", "fy_ord"})


class NamedPeriod(NamedTuple):
    """A period a sentence names: where, and its canonical text."""

    start: int
    end: int
    text: str


@cache
def period_pattern() -> re.Pattern[str]:
    """Every way a period is written, one named group per shape."""
    table = data_table("diff.toml")["periods"]
    ordinal = "|".join(table["ordinals_en"])
    ordinal_zh = "".join(table["ordinals_zh"])
    fiscal_zh = "|".join(map(re.escape, table["fiscal_zh"]))
    ytd_en = "|".join(table["year_to_date_en"])
    year = r"(?:19|20)\d\d"
    fiscal = r"(?:fiscal(?:\s+year)?|fy)\s*'?"
    shapes = (
        rf"(?P<q_fy>q([1-4])\s*(?:of\s+)?{fiscal}(\d\d(?:\d\d)?))",
        rf"(?P<fy_q>fy\s*'?(\d\d(?:\d\d)?)\s*q([1-4]))",
        rf"(?P<ord_fy>({ordinal})[\s-]+quarter\s+(?:of\s+(?:the\s+)?)?{fiscal}({year}))",
        rf"(?P<fy_ord>{fiscal}({year})\s+({ordinal})[\s-]+quarter)",
        rf"(?P<ord_cal>({ordinal})[\s-]+quarter\s+of\s+({year}))",
        rf"(?P<ord_year>({ordinal})[\s-]+quarter\s+({year}))",
        rf"(?P<ord_bare>({ordinal})[\s-]+quarter)",
        rf"(?P<q_cal>q([1-4])\s*[-']?\s*({year}))",
        r"(?P<q_bare>q([1-4]))",
        rf"(?P<ytd_en>first\s+({ytd_en})\s+(?:quarters|months)(?:\s+of\s+(?:fiscal\s+(?:year\s+)?)?({year}))?)",
        rf"(?P<half_en>({ordinal})\s+half\s+of\s+(?:fiscal\s+(?:year\s+)?)?({year}))",
        rf"(?P<zh_fy_q>(?:({year})\s*(?:{fiscal_zh})\s*)?第\s*([{ordinal_zh}])\s*(?:财季|財季|财政季度|財政季度|季度|季))",
        rf"(?P<zh_q>({year})\s*年\s*第\s*([{ordinal_zh}])\s*季度)",
        # "三季度", "2025年三季度"; never "前三季度" (the first three) nor "上一季度" (a relative one).
        rf"(?P<ytd_zh>(?:({year})\s*年\s*)?前\s*([二三])\s*(?:个|個)?\s*季度?)",
        rf"(?P<zh_q_short>(?:({year})\s*年\s*)?(?<![前第上])([一二三四])\s*季度)",
        rf"(?P<zh_half>(?:({year})\s*(?:年|{fiscal_zh})\s*)?([上下])半(?:财)?年)",
    )
    return re.compile(r"(?<![a-z0-9_])(?:" + "|".join(shapes) + r")(?![a-z0-9_])", re.IGNORECASE)


def _canonical(match: re.Match[str]) -> str:
    """A matched period written one way: "fy2026 q3", "2025 h1", "fy q4", "q3"."""
    table = data_table("diff.toml")["periods"]
    shape = match.lastgroup or ""
    first = match.re.groupindex[shape]
    groups = [group for group in match.groups()[first:first + 3] if group is not None]
    number = {**table["ordinals_en"], **table["ordinals_zh"], **table["halves_zh"], **table["year_to_date_en"]}
    years = [group for group in groups if group not in number and group.isdigit()]
    ordinal = next(group for group in groups if group not in years)
    year = f"20{years[0]}" if years and len(years[0]) == 2 else (years[0] if years else "")
    which = ("ytd " if shape.startswith("ytd") else "") + ("h" if "half" in shape else "q") + str(number[ordinal.casefold()])
    written = match.group(0).casefold()
    if shape in FISCAL_SHAPES or any(word in written for word in table["fiscal_words"]):
        return f"fy{year} {which}"
    return f"{year} {which}".strip()


@cache
def relative_pattern() -> re.Pattern[str]:
    """The words that name a quarter by where it stands (diff.toml ``[periods]``), one group per meaning."""
    table = data_table("diff.toml")["periods"]
    groups = []
    for name in RELATIVE:
        words = sorted(table[name], key=len, reverse=True)
        groups.append(rf"(?P<{name}>" + "|".join(map(_whole_word, words)) + ")")
    return re.compile("|".join(groups), re.IGNORECASE)


def _whole_word(word: str) -> str:
    """`word` as a pattern that matches no part of a longer Latin word: an English word is bounded by letters,
    a Chinese one is not ("上季AI晶片收入" names 上季)."""
    before = r"(?<![a-z])" if word[:1].isascii() else ""
    after = r"(?![a-z])" if word[-1:].isascii() else ""
    return before + re.escape(word) + after


@lru_cache(maxsize=4096)
def periods_in(sentence: str) -> tuple[NamedPeriod, ...]:
    """Every period a sentence names, in order, with its canonical text; a quarter named by where it
    stands is written as `THIS_QUARTER`, `LAST_QUARTER` or `PREVIOUS_QUARTER`."""
    return _periods_in(sentence)


def _periods_in(sentence: str) -> tuple[NamedPeriod, ...]:
    """`periods_in` without its cache: for a whole post, read once (`post_periods`)."""
    named = [NamedPeriod(m.start(), m.end(), _canonical(m)) for m in period_pattern().finditer(sentence)]
    relative = [
        NamedPeriod(m.start(), m.end(), RELATIVE[m.lastgroup or ""]) for m in relative_pattern().finditer(sentence)
        if not any(p.start < m.end() and m.start() < p.end for p in named)
    ]
    return tuple(sorted(named + relative))


def is_relative(period: str) -> bool:
    return period in RELATIVE.values()


@lru_cache(maxsize=4096)
def canonical_period(text: str | None) -> str | None:
    """The canonical text of a name that is nothing but a period ("Q3 FY2026" -> "fy2026 q3"), else None."""
    if not text:
        return None
    match = period_pattern().fullmatch(POINTER.sub("", text.strip()))
    return _canonical(match) if match else None


def period_of(
    sentence: str | None, start: int, end: int, others: Iterable[tuple[int, int]] = ()
) -> str | None:
    """The period of the figure at `start`:`end` of `sentence` (`others`: where the sentence's other
    figures start and end); a period named as a baseline ("up 25% from Q2", "较2024年上半年") is none, but a
    period's possessive right before the figure is its own even so ("vs Q1's $0.982B" is Q1's figure)."""
    if not sentence:
        return None
    owner = next((period for period in periods_in(sentence) if period.end <= start and not is_relative(period.text)
                  and POSSESSIVE.fullmatch(sentence, period.end, start)), None)
    if owner is not None:
        return owner.text  # "vs Q1's $0.982B": the figure of the period it compares with
    others = sorted(others)
    found = [period for period in periods_in(sentence) if not _is_baseline(sentence, period)]
    after = next((period for period in found if period.start >= end), None)
    before = [period for period in found if period.end <= start]
    starts = [other_start for other_start, _ in others]
    if after is not None and (_same_clause(sentence, end, after.start, starts)
                              or not before and _closes_list(sentence, end, after.start, others)):
        chosen = after
    elif before:
        chosen = before[-1]
    else:
        return None
    if chosen.text == THIS_QUARTER:
        # "该季度", "the quarter" after a period the sentence names is that one.
        named = [period for period in found if period.end <= chosen.start and not is_relative(period.text)]
        return named[-1].text if named else chosen.text
    return chosen.text


def named_periods(sentence: str) -> list[NamedPeriod]:
    """The periods of a sentence that may be a figure's own: all but a quarter named by where it stands
    as a comparison ("up 6% from the previous quarter"), which no rule ever took for a period."""
    return [period for period in periods_in(sentence) if not (is_relative(period.text) and _is_baseline(sentence, period))]


@cache
def baseline_before() -> re.Pattern[str]:
    """The words that make a period named right after them what a figure is compared with ("up 25% from Q2",
    "compared with Q3 2030", "较2030年上半年"), anchored at the text's end (articles and "in" may follow):
    extraction's comparison words (cues.toml [baseline] en_after_number, [held] zh_compared_from) and the few
    only a period takes (diff.toml [periods])."""
    from claimledger.extraction.cues import cue_table

    cues, extra = cue_table(), data_table("diff.toml")["periods"]
    english = sorted({*cues["baseline"]["en_after_number"], *extra["baseline_before_en"]}, key=len, reverse=True)
    chinese = sorted({*cues["held"]["zh_compared_from"], *extra["baseline_before_zh"]}, key=len, reverse=True)
    words = "|".join(r"\s+".join(map(re.escape, word.split())) for word in english)
    return re.compile(
        rf"(?:(?<![a-z])(?:{words})\s+(?:(?:the|in|during)\s+)*|(?:{'|'.join(map(re.escape, chinese))})\s*)$",
        re.IGNORECASE,
    )


def _is_baseline(sentence: str, period: NamedPeriod) -> bool:
    """Whether `period` is named as what a figure is compared with; read in simplified characters
    ("較2024年上半年" as "较2024年上半年")."""
    sentence = simplified(sentence)
    if baseline_before().search(sentence, max(0, period.start - BASELINE_REACH), period.start) is not None:
        return True
    return sentence[period.end:].lstrip().startswith(tuple(data_table("diff.toml")["periods"]["baseline_after_zh"]))


def _same_clause(sentence: str, end: int, period_start: int, others: Iterable[int]) -> bool:
    """Whether nothing separates a figure from a period after it: no clause break (extraction's
    `clause_bounds`), no other figure."""
    from claimledger.extraction.attributes import clause_bounds

    return clause_bounds(sentence, end, end)[1] >= period_start and not any(end <= other < period_start for other in others)


def _closes_list(sentence: str, end: int, period_start: int, others: list[tuple[int, int]]) -> bool:
    """Whether the period at `period_start` closes a list of figures that goes on from the figure ending at
    `end`: only list links stand between them, each naming the next figure's metric at most ("revenue of $X,
    net income of $Y, and EPS of $Z (US$W per ADR) for the third quarter"); `others`: the sentence's other
    figures, sorted."""
    skeleton, at = [], end
    for other_start, other_end in others:
        if at <= other_start < period_start:
            skeleton += [sentence[at:other_start], LIST_ITEM]
            at = other_end
    skeleton.append(sentence[at:period_start])
    return closing_list_pattern().fullmatch(PARENTHESIS.sub("", "".join(skeleton))) is not None


@cache
def closing_list_pattern() -> re.Pattern[str]:
    """The links of a list of figures up to the period that closes it (diff.toml ``[periods] list_*``)."""
    table = data_table("diff.toml")["periods"]
    link = rf"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:[a-z][a-z -]{{0,40}}?\s+of\s+)?"
    closing = "|".join(r"\s+".join(map(re.escape, words.split())) for words in table["list_closing_en"])
    # A figure inside a parenthesis reads on past its end ("(US$2.47 per ADR unit) for the ...").
    return re.compile(rf"(?:[^()]*\))?(?:{link}{re.escape(LIST_ITEM)})*\s+(?:{closing})\s+(?:the\s+)?", re.IGNORECASE)


def is_period(condition: str | None) -> bool:
    """Whether a key's condition is a reporting period (as `period_of` writes one) or the year a forecast is for
    (`targets.target_year`)."""
    return condition is not None and (CANONICAL.fullmatch(condition) or TARGET.fullmatch(condition)) is not None


def lead_period(lead: str | None, post: PostPeriods | None = None, projected: bool = False) -> str | None:
    """The one period (not a baseline) the paragraph names before a sentence, read against its `post`
    (`resolve`); `lead` is the text before the sentence (up to `LEAD_REACH` characters), cut at its last
    line break. None for none, or for several (which one the sentence goes on about is unclear)."""
    if not lead:
        return None
    paragraph = lead[lead.rfind("\n") + 1:]
    # A sentence the extractor split at a semicolon goes on from the text after the last full stop
    # ("前三季度营收为46.07亿元；净利润为16.05亿元。"): the one period that names comes first.
    for text in (FULL_STOP.split(paragraph)[-1], paragraph):
        named = {resolve(period.text, post, projected) for period in periods_in(text) if not _is_baseline(text, period)}
        if named:
            return named.pop() if len(named) == 1 else None
    return None


class PostPeriods(NamedTuple):
    """What a post says of its periods, to read a figure's period against (`resolve`)."""

    own: str | None
    years: frozenset[str]
    just_ended: str | None
    document: int | None


@lru_cache(maxsize=256)
def post_periods(text: str | None, published: str | None = None, document: int | None = None) -> PostPeriods:
    """The periods of a post (its title and text, paragraphs split at line breaks): the years its own
    periods (no baselines) name ("fy2026" for a fiscal one), its own period (`PostPeriods.own`), and
    the calendar quarter just ended when it was published."""
    text = text or ""
    named = [period for period in _periods_in(text) if not is_relative(period.text) and not _is_baseline(text, period)]
    dated = [match for match in (PARTS.fullmatch(period.text) for period in named) if match]
    years = {f"{match.group('fiscal') or ''}{match.group('year')}" for match in dated}
    years |= {next(year for year in match.groups() if year) for match in ENDED_YEAR.finditer(text)}
    post = PostPeriods(None, frozenset(years), _quarter_before(published), document)
    if len({match.group("fiscal") for match in dated}) > 1:
        return post  # fiscal and calendar periods both: which is its own is unsure ("Q3 2026" over a fiscal Q3)
    for paragraph in text.split("\n"):
        found = {resolve(period.text, post) for period in _periods_in(paragraph)
                 if not is_relative(period.text) and not _is_baseline(paragraph, period)}
        if found:
            return post._replace(own=found.pop() if len(found) == 1 else None)
    return post


def resolve(period: str | None, post: PostPeriods | None, projected: bool = False) -> str | None:
    """A period a figure's sentence or paragraph names, read against its post (module docstring):
    a quarter named by where it stands as the one it stands for, a period without its year with the
    year its post names. `projected`: the figure is a forecast, for which "this quarter" may be the next."""
    if period is None:
        return None
    if is_relative(period):
        return _relative(period, post, projected)
    yearless = YEARLESS.fullmatch(period)
    if yearless is None:
        return period
    fiscal = yearless.group("fiscal") is not None
    years = post.years if post is not None else frozenset()
    mine = {year for year in years if year.startswith("fy") == fiscal}
    if len(mine) == 1 and (fiscal or len(years) == 1):
        return f"{mine.pop()} {yearless.group('which')}"
    if len(years) == 1 and next(iter(years)).startswith("fy"):
        return f"{next(iter(years))} {yearless.group('which')}"  # "the fourth quarter" of a post on one fiscal year
    if not years and not fiscal and not projected and post is not None and _is_just_ended(period, post.just_ended):
        return post.just_ended  # "第3季" in a post of 16 October that names no year: the quarter just ended
    return _posts_own(period, post)


def _relative(period: str, post: PostPeriods | None, projected: bool) -> str | None:
    """A quarter named by where it stands, read against its post's own quarter (module docstring): none where
    the post names no quarter of its own; kept to the post where it names one the words do not fit."""
    own = post.own if post is not None else None
    if own is None or post is None or period == THIS_QUARTER and projected:
        return None
    if period == THIS_QUARTER:
        return own
    if period == PREVIOUS_QUARTER:
        return _quarter_before_period(own) or _posts_own(period, post)
    return own if _is_just_ended(own, post.just_ended) else _posts_own(period, post)


@cache
def year_pattern() -> re.Pattern[str]:
    """A year or a word for one (diff.toml ``[periods] year_words``)."""
    words = "|".join(re.escape(word) for word in data_table("diff.toml")["periods"]["year_words"])
    return re.compile(rf"(?<!\d)(?:19|20)\d\d(?!\d)|(?<![a-z])(?:{words})(?![a-z])", re.IGNORECASE)


def names_a_year(sentence: str | None) -> bool:
    """Whether a sentence names a year or says it is about one ("full-year", "全年"), read in simplified characters."""
    return bool(sentence) and year_pattern().search(simplified(sentence or "")) is not None


def _posts_own(period: str, post: PostPeriods | None) -> str:
    """A period its post cannot date, kept to that post ("q3 of post 12", "last quarter of post 12"): which
    quarter it is, no other post's figure can share."""
    where = f"post {post.document}" if post is not None and post.document is not None else "its post"
    return f"{period} of {where}"


def _quarter_before_period(period: str | None) -> str | None:
    """The quarter before a quarter with its year ("2025 q1" -> "2024 q4"); None for any other period."""
    match = PARTS.fullmatch(period or "")
    if match is None or match.group("kind") != "q" or match.group("ytd"):
        return None
    year, number = int(match.group("year")), int(match.group("number"))
    year, number = (year - 1, 4) if number == 1 else (year, number - 1)
    return f"{match.group('fiscal') or ''}{year} q{number}"


def _is_just_ended(own: str, just_ended: str | None) -> bool:
    """Whether a post's own period is the calendar quarter just ended when it was published (its year, when
    it has one, too): where the writer's "last quarter" is the post's own."""
    if just_ended is None or own.startswith("fy"):
        return False
    which = own.split(" of ")[0]
    return which == just_ended or which == just_ended.split(" ")[1]


def _quarter_before(published: str | None) -> str | None:
    """The calendar quarter before the one a publication date falls in ("2025-10-17" -> "2025 q3")."""
    when = published_moment(published)
    if when is None:
        return None
    quarter = (when.month - 1) // 3 + 1
    year, quarter = (when.year - 1, 4) if quarter == 1 else (when.year, quarter - 1)
    return f"{year} q{quarter}"


def lead_before(text: str, sentence_start: int) -> str:
    """The text `lead_period` reads before a sentence starting at `sentence_start` of `text`."""
    return text[max(0, sentence_start - LEAD_REACH):sentence_start]
