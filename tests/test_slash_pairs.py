"""Two figures written with a slash before one unit ("dense/sparse" specs) are two figures of
that unit, never their ratio; a fraction as writers write it ("3/4 of", "5/16 inch") stays one."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.numbers import find_numbers


def figures(sentence: str) -> list[tuple[str, float | None, str | None]]:
    return [(claim.text, claim.value, claim.unit) for claim in extract(sentence)]


PAIRS = [
    ("The accelerator peaks at 512/1024 TOPS of INT8 compute.", 512.0, 1024.0, "teraOPS"),
    ("Dense/sparse throughput is 450/900 TFLOPS at FP16.", 450.0, 900.0, "teraFLOPS"),
    ("The card ships with 40/80 GB of memory.", 40.0, 80.0, "gigabyte"),
    ("Ports run at 200/400 Gb/s.", 200.0, 400.0, "gigabit / second"),
    ("The board offers 16/32 GB variants.", 16.0, 32.0, "gigabyte"),
    ("Sparse and dense figures are 4000/2000 TFLOPS.", 4000.0, 2000.0, "teraFLOPS"),
    ("Read/write speeds reach 7000/6500 MB/s.", 7000.0, 6500.0, "megabyte / second"),
    ("该芯片的稠密/稀疏算力为 256/512 TOPS。", 256.0, 512.0, "teraOPS"),
    ("模组提供 48/96 GB 两种显存配置。", 48.0, 96.0, "gigabyte"),
    ("The part draws 350/700 W depending on mode.", 350.0, 700.0, "watt"),
    ("Memory runs at 2133/3200 MT/s.", 2133.0, 3200.0, None),
]


@pytest.mark.parametrize(("sentence", "first", "second", "unit"), PAIRS)
def test_a_slash_pair_before_a_unit_is_two_figures_of_that_unit(sentence: str, first: float, second: float, unit: str | None) -> None:
    found = [(value, found_unit) for _, value, found_unit in figures(sentence)]
    values = [value for value, _ in found]
    assert first in values and second in values, found
    assert all(0 < (value or 0) and value >= 1 for value in values), found
    if unit is not None:
        assert [found_unit for value, found_unit in found if value in (first, second)] == [unit, unit]


FRACTIONS = [
    ("About 3/4 of the racks use liquid cooling.", 0.75),
    ("Only 1/3 of the budget went to chips.", 1 / 3),
    ("Use a 3/4 inch coolant hose.", 0.75),
    ("The bracket needs a 5/16 in bolt.", 5 / 16),
    ("Latency dropped to 1/10 of the old figure.", 0.1),
    ("Roughly 2/3 of the fleet runs the new firmware.", 2 / 3),
    ("The new die is 1/2 the size.", 0.5),
    ("Nearly 7/8 of requests hit the cache.", 7 / 8),
    ("A 1 1/2 inch pipe feeds each rack.", 1.5),
    ("Only 9/10 of the nodes passed.", 0.9),
]


@pytest.mark.parametrize(("sentence", "value"), FRACTIONS)
def test_a_written_fraction_stays_one_number(sentence: str, value: float) -> None:
    assert any(match.value == pytest.approx(value) for match in find_numbers(sentence, "en"))


def test_the_number_finder_gives_the_two_numbers_of_a_pair() -> None:
    assert [match.value for match in find_numbers("It peaks at 624/1248 TOPS.", "en")] == [624.0, 1248.0]
    assert [match.value for match in find_numbers("该卡为 624/1248 TOPS。", "zh")] == [624.0, 1248.0]
