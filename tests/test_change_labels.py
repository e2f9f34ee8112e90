"""How a figure's trend is written, and the NewsQuant change label that follows from it.

A verb moving the figure ("rose 5%") gives the label `up`/`down`; a noun naming the
change ("a 5% rise", "an increase of 5%") keeps the claim's trend but is `=` in the
set's vocabulary. A verb followed by "to"/"at" reaches a level ("climbed to 6%", "was up
at 96"). Two figures in one unit joined by "or" are alternatives, each with its own hedge;
a figure in another unit after "or" or in brackets restates the one before it."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.evaluation import predict_quantities


def label_of(sentence: str, written: str) -> str:
    records = [record for record in predict_quantities(sentence, "en") if record["text"] == written]
    assert len(records) == 1, f"{written!r} not among {[r['text'] for r in predict_quantities(sentence, 'en')]}"
    return records[0]["change"]


def trend_of(sentence: str, written: str) -> str | None:
    claims = [claim for claim in extract(sentence, lang="en", all_quantities=True) if claim.text == written]
    assert len(claims) == 1, f"{written!r} not among {[c.text for c in extract(sentence, lang='en', all_quantities=True)]}"
    return claims[0].trend


NOUN_TRENDS = [
    ("The firm reported a 12 percent increase in shipments.", "12 percent", "up"),
    ("Analysts expect a sharp 8% drop in memory prices.", "8%", "down"),
    ("The vendor posted a 40 basis point improvement in margins.", "40 basis point", "up"),
    ("Staff will get a 4% pay rise next year.", "4%", "up"),
    ("The panel recorded an increase of 3,200 units over the quarter.", "3,200 units", "up"),
    ("The cartel agreed to a decrease of 500,000 barrels a day.", "500,000 barrels a day", "down"),
    ("Members pledged an overall cut of 900,000 barrels a day.", "900,000 barrels a day", "down"),
    ("Buyers saw a 6-mpg boost in highway mileage.", "6-mpg", "up"),
    ("The index faces a 15% decline under the bear case.", "15%", "down"),
    ("Engineers measured a 30% reduction in idle power.", "30%", "down"),
    ("Sales logged a 9% gain for the month.", "9%", "up"),
]


@pytest.mark.parametrize(("sentence", "written", "trend"), NOUN_TRENDS)
def test_a_noun_naming_the_change_keeps_the_trend_but_labels_the_figure_plain(sentence: str, written: str, trend: str) -> None:
    assert trend_of(sentence, written) == trend
    assert label_of(sentence, written) == "="


VERB_TRENDS = [
    ("Shipments rose 12 percent in the quarter.", "12 percent", "up"),
    ("Memory prices fell 8% in March.", "8%", "down"),
    ("Margins improved by 40 basis points.", "40 basis points", "up"),
    ("The fund lost 3.5% over the week.", "3.5%", "down"),
    ("Output increased by 3,200 units.", "3,200 units", "up"),
    ("The cartel cut output by 500,000 barrels a day.", "500,000 barrels a day", "down"),
    ("Idle power dropped 30% after the update.", "30%", "down"),
    ("Shares were up 2.4% before the bell.", "2.4%", "up"),
    ("The index ended down 1.1% on Friday.", "1.1%", "down"),
    ("Guidance was revised upward by $40 million.", "$40 million", "up"),
    ("Forecasts were revised downward by 2 percent.", "2 percent", "down"),
]


@pytest.mark.parametrize(("sentence", "written", "label"), VERB_TRENDS)
def test_a_verb_moving_the_figure_gives_the_trend_label(sentence: str, written: str, label: str) -> None:
    assert trend_of(sentence, written) == label
    assert label_of(sentence, written) == label


LEVELS = [
    ("Revenue in the quarter rose to $7.4 billion.", "$7.4 billion"),
    ("Inflation is expected to rise only to 2.1% next year.", "2.1%"),
    ("The gauge was up at 97.2 in late trading.", "97.2"),
    ("The rate climbed sharply to 6.9% this week.", "6.9%"),
    ("Prices fell just to $41 a barrel.", "$41 a barrel"),
    ("The dollar index was down at 101.5 by noon.", "101.5"),
    ("Its valuation grew quickly to $12 billion.", "$12 billion"),
    ("Demand dropped to 300,000 units.", "300,000 units"),
    ("Capacity increased to 1.2 GW.", "1.2 GW"),
    ("The share price slipped to $18.40.", "$18.40"),
]


@pytest.mark.parametrize(("sentence", "written"), LEVELS)
def test_a_verb_followed_by_to_or_at_reaches_a_level_not_a_change(sentence: str, written: str) -> None:
    assert trend_of(sentence, written) is None
    assert label_of(sentence, written) == "="


ALTERNATIVES = [
    ("A ticket costs about 8 or $9.", "$9", "="),
    ("The saving is around 25k or 40k, depending on trim.", "40k", "="),
    ("The board weighs roughly 2 or 3 kg.", "3 kg", "="),
    ("Delivery takes about 4 or 5 weeks.", "5 weeks", "="),
    ("Each rack draws nearly 120 or 130 kW.", "130 kW", "="),
]
RESTATEMENTS = [
    ("The trail runs for some seven miles (11 km) along the coast.", "11 km", "~"),
    ("The engine makes just under 296 hp (224 kW).", "224 kW", "<"),
    ("The index lost 190 points, or 0.6%, by the close.", "0.6%", "down"),
    ("The moths fly more than 100 kilometers (60 miles).", "60 miles", ">"),
    ("The cable spans about 40 feet (12 metres).", "12 metres", "~"),
]


@pytest.mark.parametrize(("sentence", "written", "label"), ALTERNATIVES + RESTATEMENTS)
def test_a_restatement_in_another_unit_inherits_the_hedge_an_alternative_does_not(sentence: str, written: str, label: str) -> None:
    assert label_of(sentence, written) == label
