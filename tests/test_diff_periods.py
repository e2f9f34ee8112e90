"""Reporting periods in a figure's identity: one quarter's revenue is not another quarter's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from claimledger.diff.identity import is_organisation_figure, reporting_period
from claimledger.diff.keys import key_of_parts
from claimledger.diff.periods import (
    LAST_QUARTER,
    PREVIOUS_QUARTER,
    THIS_QUARTER,
    canonical_period,
    is_period,
    lead_period,
    period_of,
    periods_in,
    post_periods,
    resolve,
)
from tests.test_diff import Ledger, figure


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    return Ledger(tmp_path / "claims.db")


def sales(text: str, billions: float, sentence: str, **fields: Any) -> dict[str, Any]:
    """Orbis Compute's revenue in dollars, written as `text` inside `sentence`."""
    start = sentence.index(text)
    money = {"kind": "quantity", "unit": "dollar", "dimensionality": "[usd]", "metric": "revenue", "si_value": billions * 1e9,
             "start": start, "end": start + len(text)}
    return figure(text, billions * 1e9, "Orbis Compute", **{**money, **fields})


def post(ledger: Ledger, source: str, day: str, text: str, billions: float, sentence: str, lang: str = "en") -> int:
    (claim_id,) = ledger.post(source, day, sales(text, billions, sentence), sentence=sentence, lang=lang)
    return claim_id


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("Q2 FY2031", "fy2031 q2"), ("FY31 Q2", "fy2031 q2"), ("the second quarter of fiscal 2031", "fy2031 q2"),
        ("2031财年第二财季", "fy2031 q2"), ("2031 財年第二季度", "fy2031 q2"), ("Q2 2030", "2030 q2"),
        ("2030年第二季度", "2030 q2"), ("second half of 2030", "2030 h2"), ("2030年下半年", "2030 h2"),
        ("上半年", "h1"), ("第四财季", "fy q4"), ("Q4", "q4"), ("second-quarter fiscal 2031", "fy2031 q2"),
    ],
)
def test_a_period_is_written_one_way_in_either_language(written, canonical):
    assert canonical_period(written) == canonical


def test_a_fiscal_quarter_is_not_the_calendar_quarter_of_the_same_number():
    assert canonical_period("Q1 FY2031") != canonical_period("Q1 2031")


def test_words_that_are_no_period_give_none():
    assert canonical_period("Orbis Compute") is None
    assert periods_in("The rack holds 72 GPUs and 36 CPUs.") == ()


def test_a_period_right_after_a_figure_is_its_own_and_one_before_it_holds_otherwise():
    sentence = "Fiscal 2031 second quarter sales were $9 billion, up 30% from $7 billion in Q2 FY2030."
    spans = {text: (sentence.index(text), sentence.index(text) + len(text)) for text in ("$9 billion", "30%", "$7 billion")}

    def of(text: str) -> str | None:
        start, end = spans[text]
        return period_of(sentence, start, end, [other for other in spans.values() if other[0] != start])

    assert of("$9 billion") == "fy2031 q2"
    assert of("30%") == "fy2031 q2"  # "from ... Q2 FY2030" is what it is compared with
    assert of("$7 billion") == "fy2030 q2"


@pytest.mark.parametrize(
    ("sentence", "figure"),
    [
        ("Sales rose 12% compared with Q3 2030.", "12%"),
        ("营收较2030年上半年增长12%至40亿元。", "40亿元"),
        ("營收較2030年上半年增長12%至40億元。", "40億元"),  # traditional characters too
        ("營收較上季增長5%至33億美元。", "33億美元"),
    ],
)
def test_a_period_named_as_a_baseline_is_not_the_figures(sentence, figure):
    start = sentence.index(figure)
    assert period_of(sentence, start, start + len(figure)) is None


def test_a_chinese_quarter_word_before_a_latin_word_is_read():
    sentence = "上季AI晶片收入按年大增74%，增速较上季加快。"
    start = sentence.index("74%")
    assert period_of(sentence, start, start + 3) == LAST_QUARTER


def test_a_period_condition_is_one_key_part_however_it_is_written():
    english = key_of_parts("Orbis Compute", "revenue", "quantity", "[usd]", None, "Q3 FY2031")
    chinese = key_of_parts("Orbis Compute", "revenue", "quantity", "[usd]", None, "2031财年第三财季")
    assert english is not None and chinese is not None
    assert english.condition == chinese.condition == "fy2031 q3"


def test_a_period_alone_is_no_subject():
    assert key_of_parts("Q3", "revenue", "quantity", "[usd]", None, None) is None
    assert key_of_parts("2030年上半年", "revenue", "quantity", "[usd]", None, None) is None


@pytest.mark.parametrize(
    ("text", "billions", "sentence"),
    [
        ("$50 billion", 50, "A year ago, revenue for Q3 FY2030 was $50 billion."),  # last year's quarter
        ("$71 billion", 71, "In the second quarter of fiscal 2031, revenue was $71 billion."),  # the quarter before
    ],
)
def test_another_quarter_restated_is_no_conflict(ledger, text, billions, sentence):
    post(ledger, "Orbis Newsroom", "2031-11-02", "$80 billion", 80, "Revenue for Q3 FY2031 was a record $80 billion.")
    restated = post(ledger, "Ledgerline Daily", "2031-11-05", text, billions, sentence)
    _, changes = ledger.diff()
    assert changes[restated].status == "new"


def test_one_quarter_reported_differently_is_still_a_conflict(ledger):
    post(ledger, "Orbis Newsroom", "2031-11-02", "$80 billion", 80, "Revenue for Q3 FY2031 was a record $80 billion.")
    report = post(ledger, "Ledgerline 中文", "2031-11-04", "760亿美元", 76, "公司2031财年第三财季营收为760亿美元。", lang="zh")
    _, changes = ledger.diff()
    assert changes[report].status == "conflict"


def test_a_figure_that_names_no_period_does_not_join_one_quarters(ledger):
    post(ledger, "Orbis Newsroom", "2031-11-02", "$80 billion", 80, "Revenue for Q3 FY2031 was a record $80 billion.")
    vague = post(ledger, "Chip Weekly", "2031-11-06", "$74 billion", 74, "Orbis Compute says revenue reached $74 billion.")
    _, changes = ledger.diff()
    assert changes[vague].status == "new"


def test_the_paragraphs_one_period_holds_for_a_sentence_that_names_none():
    assert lead_period("Orbis Compute reported results for Q3 FY2031. ") == "fy2031 q3"
    # Cut at the paragraph: a period named in an earlier paragraph is not this one's.
    assert lead_period("Orbis Compute reported Q3 FY2031 results.\nRevenue rose. ") is None
    # Two periods named before: which one the sentence goes on about is unclear.
    assert lead_period("Q3 FY2031 sales beat Q2 FY2031 sales. ") is None
    # A period named as a baseline is not the paragraph's.
    assert lead_period("Sales were higher than in Q2 FY2031. ") is None


def test_a_quarter_named_in_the_sentence_before_keys_the_figure(ledger):
    vendor = "Orbis Compute released its results for the third quarter of fiscal 2031. Revenue was $80 billion."
    old = "Orbis Compute released its results for the third quarter of fiscal 2030. Revenue was $50 billion."
    (current,) = ledger.post("Orbis Newsroom", "2031-11-02", sales("$80 billion", 80, vendor), sentence=vendor)
    (restated,) = ledger.post("Ledgerline Daily", "2031-11-05", sales("$50 billion", 50, old), sentence=old)
    for claim_id, text in ((current, vendor), (restated, old)):
        sentence_start = text.index("Revenue")
        ledger.db["claims"].update(claim_id, {"sentence": text[sentence_start:], "sentence_start": sentence_start})
    _, changes = ledger.diff()
    assert changes[restated].status == "new"
    assert (changes[restated].key.condition, changes[current].key.condition) == ("fy2030 q3", "fy2031 q3")


# A post read for its periods: a title line, then paragraphs (as a crawled document's text).
ORBIS_Q2 = (
    "Orbis Compute reports second quarter results\n"
    "Orbis Compute today reported results for the second quarter ended June 30, 2031.\n"
    "Gross margin for the quarter was 61.2%, and revenue in the prior quarter was $61 billion."
)


def test_the_quarter_a_post_reports_is_its_own_and_the_quarter_words_follow_it():
    post_of = post_periods(ORBIS_Q2, "2031-07-20T08:00:00Z", 7)
    assert post_of.own == "2031 q2"  # "second quarter" with the year of "ended June 30, 2031"
    assert resolve(THIS_QUARTER, post_of) == "2031 q2"
    assert resolve(PREVIOUS_QUARTER, post_of) == "2031 q1"
    assert resolve(PREVIOUS_QUARTER, post_of._replace(own="2031 q1")) == "2030 q4"
    # A forecast for "this quarter" may be the quarter under way: not read.
    assert resolve(THIS_QUARTER, post_of, projected=True) is None


def test_the_writers_last_quarter_is_the_posts_own_only_when_that_just_ended():
    text = "星桥数据第3季营收创新高\n星桥数据上季营收为 120 亿元。"
    # The post's own quarter is the one just ended when it was published, the year it names none.
    assert resolve(LAST_QUARTER, post_periods(text, "2031-10-18T02:00:00Z", 9)) == "2031 q3"
    # Published two quarters later: which quarter the writer means is unsure, so it is this post's own.
    assert resolve(LAST_QUARTER, post_periods(text, "2032-02-01T02:00:00Z", 9)) == "last quarter of post 9"


def test_a_quarter_named_by_where_it_stands_that_its_post_cannot_date_stays_the_posts_own():
    # The post is on a fourth quarter it names without a year, published before any fourth quarter ended.
    post_of = post_periods("星桥数据第4季营收创新高\n星桥数据上季营收为 120 亿元。", "2031-12-12T02:00:00Z", 7)
    assert post_of.own == "q4 of post 7"
    assert resolve(THIS_QUARTER, post_of) == "q4 of post 7"
    assert resolve(PREVIOUS_QUARTER, post_of) == "previous quarter of post 7"
    assert resolve(LAST_QUARTER, post_of) == "last quarter of post 7"
    assert is_period("last quarter of post 7")
    # A post naming no quarter of its own: the words name none.
    bare = post_periods("Orbis Compute beat estimates.\nRevenue grew 11% in the last quarter.", "2031-07-20T08:00:00Z", 8)
    assert resolve(LAST_QUARTER, bare) is None and resolve(THIS_QUARTER, bare) is None


@pytest.mark.parametrize(
    ("text", "period", "resolved"),
    [
        ("星桥数据2031年上半年营收 200 亿元。\n第三季度营收 120 亿元。", "q3", "2031 q3"),
        ("Revenue for Q2 FY2032 rose.\nThe company expects more in the fourth fiscal quarter.", "fy q4", "fy2032 q4"),
        # Two years named: the year of a bare quarter is unsure.
        ("Sales in Q3 2030 and Q3 2031 rose.", "q3", "q3 of post 4"),
        # A quarter written as a calendar one in a post that names one fiscal year is of that year ...
        ("Revenue for Q2 FY2032 rose.", "q3", "fy2032 q3"),
        ("Orbis reported second-quarter fiscal 2032 results.\nRevenue for the second quarter rose.", "q2", "fy2032 q2"),
        # ... but not beside a calendar year too.
        ("Revenue for Q2 FY2032 and for Q2 2031 rose.", "q3", "q3 of post 4"),
        ("No period here.", "h1", "h1 of post 4"),
    ],
)
def test_a_period_without_its_year_takes_the_one_year_its_post_names(text, period, resolved):
    assert resolve(period, post_periods(text, None, 4)) == resolved


@pytest.mark.parametrize(
    ("sentence", "figure", "expected"),
    [
        # "与上季相比" is what it is compared with: the quarter named before is its own.
        ("星桥数据第三季度营收 120 亿元，与上季相比增长 8%。", "8%", "q3"),
        ("Sales rose 8% from the previous quarter.", "8%", None),
        ("星桥数据发布2031财年第二季度财报，该季度营收达 98 亿元。", "98 亿元", "fy2031 q2"),
        ("星桥数据前三季度营收 300 亿元。", "300 亿元", "ytd q3"),  # the first three quarters, not the third
        # A period's possessive right before a figure is its own, after a comparison word too.
        ("Orbis revenue reached $1.4B in Q2, up 20% vs Q1's $1.17B.", "$1.17B", "q1"),
        ("Orbis revenue reached $1.4B in Q2, up 20% vs Q1's revenue of $1.17B.", "$1.17B", "q1"),
        ("Orbis revenue reached $1.4B in Q2, up 20% vs Q1's $1.17B.", "$1.4B", "q2"),
        ("Orbis revenue rose 20% from Q1 to $1.4B.", "$1.4B", None),  # "from Q1" is what it is compared with
    ],
)
def test_quarter_words_in_a_sentence(sentence, figure, expected):
    start = sentence.index(figure)
    assert period_of(sentence, start, start + len(figure)) == expected


def test_a_semicolon_split_sentence_goes_on_with_the_period_before_it():
    assert lead_period("第三季度营收为 17 亿元；净利润 5 亿元。前三季度营收为 46 亿元，同比增长 20%；") == "ytd q3 of its post"


def test_two_posts_naming_a_quarter_without_its_year_are_never_one_figure(ledger):
    first = post(ledger, "Orbis 中文", "2030-11-08", "21 亿美元", 2.1, "Orbis Compute 第三季销售收入 21 亿美元。", lang="zh")
    second = post(ledger, "Chip Weekly 中文", "2031-11-10", "24 亿美元", 2.4, "Orbis Compute 第三季销售收入 24 亿美元。", lang="zh")
    _, changes = ledger.diff()
    assert (changes[first].status, changes[second].status) == ("new", "new")
    assert changes[first].key.condition != changes[second].key.condition


def test_the_quarter_of_two_reports_of_one_quarter_is_one_figure(ledger):
    release = "Orbis Compute reports second quarter results\nGross margin for the quarter was 61.2%, a record. Results for Q2 2031 follow."
    restated = "Orbis Compute's Q2 2031 gross margin was 61.2%."
    rows = [figure("61.2%", 61.2, "Orbis Compute", kind="percent", metric="gross margin", start=release.index("61.2%"),
                   end=release.index("61.2%") + 5, sentence_start=0)]
    (first,) = ledger.post("Orbis Newsroom", "2031-07-20", *rows, sentence=release)
    second = ledger.post("Chip Weekly", "2031-07-22", figure("61.2%", 61.2, "Orbis Compute", kind="percent", metric="gross margin",
                         start=restated.index("61.2%"), end=restated.index("61.2%") + 5), sentence=restated)[0]
    _, changes = ledger.diff()
    assert changes[first].key.condition == "2031 q2"
    assert changes[second].status == "reaffirmed"


def test_an_organisations_growth_of_two_quarters_is_two_figures(ledger):
    def growth(text: str, value: float, sentence: str) -> dict[str, Any]:
        start = sentence.index(text)
        return figure(text, value, "AMD", kind="percent", metric="earnings per share", trend="up",
                      start=start, end=start + len(text))

    # A known organisation's growth from something unstated is reported for the quarter its sentence names.
    q2 = "In the second quarter of fiscal 2031 AMD's diluted EPS increased 61%."
    q3 = "In the third quarter of fiscal 2031 AMD's diluted EPS increased 39%."
    (first,) = ledger.post("Orbis Newsroom", "2031-07-20", growth("61%", 61, q2), sentence=q2)
    (second,) = ledger.post("Chip Weekly", "2031-10-20", growth("39%", 39, q3), sentence=q3)
    _, changes = ledger.diff()
    assert (changes[first].key.condition, changes[second].key.condition) == ("fy2031 q2", "fy2031 q3")
    assert changes[second].status == "new"


def test_a_period_after_the_figure_in_another_clause_leaves_it_its_paragraphs():
    sentence = "净利润 10 亿元，其中二季度收入 17 亿元。"
    start = sentence.index("10 亿元")
    claim = {"sentence": sentence, "sentence_start": 0, "start": start, "end": start + 5,
             "lead": "星桥数据2031年上半年营收 28 亿元；", "document_id": 3}
    assert reporting_period(claim, [{"start": sentence.index("17 亿元")}]) == "2031 h1"


def test_a_period_closing_a_list_of_figures_is_each_ones():
    sentence = ("Orbis Compute today announced revenue of $80.5 billion, net income of $21.2 billion, and diluted "
                "earnings per share of $3.10 ($0.62 per ADR unit) for the third quarter ended September 30, 2031.")
    figures = ("$80.5 billion", "$21.2 billion", "$3.10", "$0.62")
    spans = [(sentence.index(text), sentence.index(text) + len(text)) for text in figures]
    for start, end in spans:
        assert period_of(sentence, start, end, [span for span in spans if span[0] != start]) == "q3"


@pytest.mark.parametrize(
    "sentence",
    [
        "Revenue was $9.2 billion and Orbis expects $9.6 billion for the fourth quarter.",
        "Revenue was $9.2 billion, up 36%, and Orbis expects $9.6 billion for the fourth quarter.",
    ],
)
def test_a_period_after_another_clause_closes_no_list(sentence):
    spans = [(sentence.index(text), sentence.index(text) + len(text)) for text in ("$9.2 billion", "36%", "$9.6 billion")
             if text in sentence]
    start, end = spans[0]
    assert period_of(sentence, start, end, spans[1:]) is None


def test_earnings_per_share_is_an_organisations_figure():
    # "$3.10 per share" is no amount of money alone: the metric makes it the organisation's.
    key = key_of_parts("Orbis Compute", "earnings per share", "quantity", "[usd] / [share]", None, None)
    assert key is not None and key.metric == "earning per share" and is_organisation_figure(key.text)


def test_an_amount_per_share_and_the_same_amount_of_a_per_share_metric_are_one_measure():
    written = key_of_parts("Orbis Compute", "earnings per share", "quantity", "[usd] / [share]", None, "Q4 FY2031")
    bare = key_of_parts("Orbis Compute", "earnings per share", "quantity", "[usd]", None, "2031财年第四财季")
    assert written == bare


@pytest.mark.parametrize(
    ("published", "period", "projected", "resolved"),
    [
        ("2031-10-16T09:00:00Z", "q3", False, "2031 q3"),  # the quarter just ended
        ("2031-10-16T09:00:00Z", "q4", False, "q4 of post 4"),  # not the one just ended
        ("2031-10-16T09:00:00Z", "q3", True, "q3 of post 4"),  # a forecast is for a quarter to come
        ("2031-10-16T09:00:00Z", "fy q3", False, "fy q3 of post 4"),  # a fiscal quarter is no calendar one
        (None, "q3", False, "q3 of post 4"),
    ],
)
def test_a_quarter_a_post_naming_no_year_reports_is_the_one_just_ended(published, period, projected, resolved):
    text = "星桥数据第3季营收创新高。"
    assert resolve(period, post_periods(text, published, 4), projected) == resolved


def test_a_growth_counted_in_another_currency_is_another_figure(ledger):
    dollars = "In US dollars, third quarter revenue rose 41% year over year."
    chinese = "若以美元計算，星桥数据第三季度营收较去年同期增加41%。"
    own = "Third quarter revenue rose 30% year over year."

    def growth(text: str, value: float, sentence: str) -> dict[str, Any]:
        start = sentence.index(text)
        return figure(text, value, "Orbis Compute", kind="percent", metric="revenue", baseline="a year earlier",
                      condition="Q3 2031", start=start, end=start + len(text), sentence_start=0)

    (first,) = ledger.post("Orbis Newsroom", "2031-10-16", growth("41%", 41, dollars), sentence=dollars)
    (again,) = ledger.post("星河财经", "2031-10-17", growth("41%", 41, chinese), sentence=chinese, lang="zh")
    (local,) = ledger.post("Ledgerline Daily", "2031-10-18", growth("30%", 30, own), sentence=own)
    _, changes = ledger.diff()
    assert (changes[again].status, changes[again].old_id) == ("reaffirmed", first)
    assert changes[local].status == "new", "the growth in the company's own currency"


def test_a_figure_naming_no_period_in_a_post_on_one_quarter_has_that_quarter_as_a_hint():
    post_of = post_periods("Orbis Compute reports Q3 2031 results\nCloud revenue was $9 billion.", None, 5)

    def period(sentence: str, text: str, projected: bool = False) -> str | None:
        start = sentence.index(text)
        claim = {"sentence": sentence, "sentence_start": 0, "start": start, "end": start + len(text),
                 "post": post_of, "document_id": 5, "projected": projected}
        return reporting_period(claim, [])

    assert period("Cloud revenue was $9 billion.", "$9 billion") == "~2031 q3"
    assert period("Full-year revenue was $30 billion.", "$30 billion") is None, "a year's, not the quarter's"
    assert period("Cloud revenue will reach $10 billion.", "$10 billion", projected=True) is None


def test_a_quarter_only_its_post_gives_a_figure_joins_no_identity_naming_that_quarter(ledger):
    def cloud(text: str, value: float, sentence: str) -> dict[str, Any]:
        start = sentence.index(text)
        return figure(text, value, "Orbis Compute", kind="quantity", unit="usd", dimensionality="[usd]", si_value=value,
                      metric="revenue", start=start, end=start + len(text), sentence_start=0)

    stated = "Orbis Compute revenue for Q3 2031 was $9 billion."
    (named,) = ledger.post("Orbis Newsroom", "2031-10-20", cloud("$9 billion", 9e9, stated), sentence=stated)
    post = "Orbis Compute reports Q3 2031 results\nIts memory revenue was $7 billion."
    segment = cloud("$7 billion", 7e9, "Its memory revenue was $7 billion.") | {"sentence_start": post.index("Its")}
    segment |= {"start": segment["start"] + segment["sentence_start"], "end": segment["end"] + segment["sentence_start"],
                "sentence": "Its memory revenue was $7 billion."}
    (hinted,) = ledger.post("Chip Weekly", "2031-10-21", segment, sentence=post)
    _, changes = ledger.diff()
    assert changes[hinted].key.condition == "~2031 q3"
    assert changes[hinted].status == "new", "likelier a segment's than the quarter's total: no conflict"
