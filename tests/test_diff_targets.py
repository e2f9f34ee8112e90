"""The year a forecast is for (`claimledger.diff.targets`): plans for different years are different figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from claimledger.diff.targets import target_year
from tests.test_diff import Ledger, figure

POWER = "[length] ** 2 * [mass] / [time] ** 3"


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    return Ledger(tmp_path / "claims.db")


def planned(text: str, gigawatts: float, sentence: str, **fields: Any) -> dict[str, Any]:
    """Tidewater's planned data-centre power in a sentence."""
    start = sentence.index(text)
    return figure(text, gigawatts, "Tidewater", kind="quantity", unit="gigawatt", dimensionality=POWER,
                  si_value=gigawatts * 1e9, metric="power", projected=1, start=start, end=start + len(text),
                  sentence_start=0, **fields)


@pytest.mark.parametrize(
    ("sentence", "published", "target"),
    [
        ("Tidewater plans to bring 2 GW online by 2030.", None, "by 2030"),
        ("Tidewater 计划到 2030 年使容量达到 2 吉瓦。", None, "by 2030"),
        ("Tidewater 计划在今年上线约 1 吉瓦的算力。", "2031-01-25T02:00:00Z", "by 2031"),
        ("Tidewater expects 3 GW by the end of this year.", "2031-03-01T00:00:00Z", "by 2031"),
        ("Tidewater expects 3 GW next year.", "2031-03-01T00:00:00Z", "by 2032"),
        # A date gone by names no target; two years say too little.
        ("今年2月，Tidewater 宣布未来三年投入 3 吉瓦。", "2031-11-01T00:00:00Z", None),
        ("Tidewater plans 2 GW by 2030 after 1 GW in 2028.", None, None),
    ],
)
def test_the_one_year_a_forecasts_sentence_names_is_its_target(sentence, published, target):
    claim = {"sentence": sentence, "projected": 1, "published": published, "start": 0, "end": 1}
    assert target_year(claim) == target


def test_an_actual_figure_or_two_of_one_measure_take_no_year():
    sentence = "Tidewater will bring 2 GW online by 2030, scaling to 5 GW later."
    two, five = planned("2 GW", 2, sentence), planned("5 GW", 5, sentence)
    assert target_year(two, [two, five]) is None
    assert target_year({**two, "projected": 0}) is None


def test_plans_for_different_years_are_different_figures(ledger: Ledger):
    soon = "Tidewater 计划在今年上线约 1 吉瓦的算力。"
    later = "Tidewater plans to bring 2 GW online by 2030."
    again = "Tidewater 计划到 2030 年使容量达到 2 吉瓦。"
    (first,) = ledger.post("算力前哨", "2031-01-25", planned("约 1 吉瓦", 1, soon, qualifier="approximately"),
                           sentence=soon, lang="zh")
    (second,) = ledger.post("Chip Weekly", "2031-07-15", planned("2 GW", 2, later), sentence=later)
    (third,) = ledger.post("算力周报", "2031-07-16", planned("2 吉瓦", 2, again), sentence=again, lang="zh")
    _, changes = ledger.diff()
    assert (changes[first].key.condition, changes[second].key.condition) == ("by 2031", "by 2030")
    assert changes[second].status == "new", "a plan for 2030 is no other value of a plan for this year"
    assert (changes[third].status, changes[third].old_id) == ("reaffirmed", second)
