"""A change verb before "from X to Y" makes two figures: X held before the change (role
previous, replaced by Y) and Y, the current one; without a change verb "from X to Y" is a
range. NewsQuant writes such a movement as one from-to range, and `claims eval` does too."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.evaluation import predict_quantities
from claimledger.extraction.numbers import find_numbers


CHANGES = [
    ("The new scheduler cut the training time from 27 to 10 minutes.", 27.0, 10.0, "minute"),
    ("Ethereum fell from $2,415 to $2,315 overnight.", 2415.0, 2315.0, "dollar"),
    ("The athlete has been dropping from 208 pounds to 193.", 208.0, 193.0, "pound"),
    ("The vendor raised the cache from 64 to 96 MB.", 64.0, 96.0, "megabyte"),
    ("Idle power dropped from 120 W to 85 W.", 120.0, 85.0, "watt"),
    ("The update reduced boot time from 40 to 12 seconds.", 40.0, 12.0, "second"),
    ("Bandwidth grew from 3.35 TB/s to 4.8 TB/s.", 3.35, 4.8, "terabyte / second"),
    ("Latency fell from about 900 to 600 nanoseconds.", 900.0, 600.0, "nanosecond"),
    ("The rate rose from 5% to 7% this year.", 5.0, 7.0, None),
    ("Engineers trimmed the die from 814 to 750 square millimeters.", 814.0, 750.0, None),
    ("The cluster expanded from 1,024 GPUs to 4,096 GPUs.", 1024.0, 4096.0, "gpu"),
    # A verb with no direction is a change too, unless it sweeps up from zero (a range below).
    ("Median latency went from 0.74 s to 1.46 s after the update.", 0.74, 1.46, "second"),
    ("The fleet has gone from 300 racks to 1,200 racks in a year.", 300.0, 1200.0, "rack"),
    ("Cloud capacity shifted from 175 MW to 450 MW in two years.", 175.0, 450.0, "megawatt"),
    # only the second figure is written per something: both are
    ("K2 rental rates rose from $1.90 to $2.40/hour.", 1.9, 2.4, "dollar / hour"),
]


@pytest.mark.parametrize(("sentence", "before", "after", "unit"), CHANGES)
def test_a_change_from_one_figure_to_another_is_two_figures(sentence: str, before: float, after: float, unit: str | None) -> None:
    claims = extract(sentence)
    old = [claim for claim in claims if claim.value == pytest.approx(before)]
    new = [claim for claim in claims if claim.value == pytest.approx(after)]
    assert len(old) == 1 and len(new) == 1, [(c.text, c.value, c.low, c.high) for c in claims]
    assert old[0].role == "previous" and old[0].replaced_by == new[0].start
    assert new[0].role == "current" and new[0].replaced_by is None
    if unit is not None:
        assert old[0].unit == new[0].unit == unit


RANGES = [
    ("Training takes from 27 to 30 minutes.", 27.0, 30.0),
    ("Prices range from $5 to $9.", 5.0, 9.0),
    ("Condos sell from $800,000 to $1.3 million.", 800_000.0, 1_300_000.0),
    ("Fines run from $250,000 to $1 million.", 250_000.0, 1_000_000.0),
    ("Each node draws from 10 to 14 kW.", 10.0, 14.0),
    ("Boards come with from 2 to 8 GPUs.", 2.0, 8.0),
    ("The car goes from 0 to 62 mph in 7 seconds.", 0.0, 62.0),
    ("The sedan went from zero to 60 mph in 3.1 seconds.", 0.0, 60.0),
    ("Fees vary from 1 per cent to 1.5 per cent.", 1.0, 1.5),
    ("Racks are offered from 40 kW to 130 kW.", 40.0, 130.0),
    ("Savings range from $200 to $4 million.", 200.0, 4_000_000.0),
]


@pytest.mark.parametrize(("sentence", "low", "high"), RANGES)
def test_from_to_without_a_change_verb_stays_one_range(sentence: str, low: float, high: float) -> None:
    ranges = [claim for claim in extract(sentence, all_quantities=True) if claim.value is None]
    assert [(claim.low, claim.high) for claim in ranges] == [(pytest.approx(low), pytest.approx(high))]
    assert ranges[0].role == "current"


@pytest.mark.parametrize(("sentence", "before", "after", "unit"), CHANGES[:6])
def test_eval_writes_the_change_as_the_sets_from_to_range(sentence: str, before: float, after: float, unit: str | None) -> None:
    records = predict_quantities(sentence, "en")
    ranges = [record for record in records if record["value"] is None]
    assert [(record["value_low"], record["value_high"]) for record in ranges] == [tuple(sorted((before, after)))]
    assert not any(record["value"] in (before, after) for record in records)


def test_the_number_finder_reads_a_change_as_two_numbers_and_a_range_as_one() -> None:
    assert [(m.low, m.high) for m in find_numbers("It cut the time from 27 to 10 minutes.", "en")] == [(27.0, 27.0), (10.0, 10.0)]
    assert [(m.low, m.high) for m in find_numbers("It takes from 27 to 30 minutes.", "en")] == [(27.0, 30.0)]


ZH_CHANGES = [
    ("训练时间从 27 分钟缩短到 10 分钟。", 27.0, 10.0),
    ("单卡算力由 196 TOPS 提升至 256 TOPS。", 196.0, 256.0),
]


@pytest.mark.parametrize(("sentence", "before", "after"), ZH_CHANGES)
def test_a_chinese_change_from_one_figure_to_another_is_two_figures(sentence: str, before: float, after: float) -> None:
    claims = extract(sentence, lang="zh")
    old = next(claim for claim in claims if claim.value == before)
    new = next(claim for claim in claims if claim.value == after)
    assert old.role == "previous" and old.replaced_by == new.start
