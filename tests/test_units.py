"""The domain unit registry and unit surface forms (claimledger.extraction.units)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from claimledger.extraction.units import match_per_units_before, match_unit, si_value, unit_info, unit_registry


@pytest.mark.parametrize(
    ("written", "unit", "dimensionality", "value", "si"),
    [
        ("1.6 Tb/s", "terabit / second", "[information] / [time]", 1.6, 1.6e12),
        ("260 TB/s", "terabyte / second", "[information] / [time]", 260, 2.08e15),
        ("400 Gbps", "gigabit / second", "[information] / [time]", 400, 4e11),
        ("800 Gb/s", "gigabit / second", "[information] / [time]", 800, 8e11),
        ("141 GB", "gigabyte", "[information]", 141, 1.128e12),
        ("2 TiB", "tebibyte", "[information]", 2, 2 * 2**40 * 8),
        ("64 KiB", "kibibyte", "[information]", 64, 64 * 1024 * 8),
        ("8 terabytes", "terabyte", "[information]", 8, 6.4e13),
        ("900 ns", "nanosecond", "[time]", 900, 9e-7),
        ("900 nanoseconds", "nanosecond", "[time]", 900, 9e-7),
        ("5 µs", "microsecond", "[time]", 5, 5e-6),
        ("120 ms", "millisecond", "[time]", 120, 0.12),
        ("3 hours", "hour", "[time]", 3, 10800),
        ("12 小时", "hour", "[time]", 12, 43200),
        ("200 毫秒", "millisecond", "[time]", 200, 0.2),
        ("30 纳秒", "nanosecond", "[time]", 30, 3e-8),
        ("2 天", "day", "[time]", 2, 172800),
        ("1,196 queries per second", "query / second", "[query] / [time]", 1196, 1196),
        ("16,635 tokens per second per GPU", "token / gpu / second", "[token] / [gpu] / [time]", 16635, 16635),
        ("500 tokens/s/GPU", "token / gpu / second", "[token] / [gpu] / [time]", 500, 500),
        ("800,000 TPS/MW", "token / megawatt / second", "[time] ** 2 * [token] / [length] ** 2 / [mass]", 800000, 0.8),
        ("20 PFLOPS", "petaFLOPS", "[operation] / [time]", 20, 2e16),
        ("1.4 EFLOPS", "exaFLOPS", "[operation] / [time]", 1.4, 1.4e18),
        ("120 kW", "kilowatt", "[length] ** 2 * [mass] / [time] ** 3", 120, 1.2e5),
        ("1 GW", "gigawatt", "[length] ** 2 * [mass] / [time] ** 3", 1, 1e9),
        ("700 瓦", "watt", "[length] ** 2 * [mass] / [time] ** 3", 700, 700),
        ("50 兆瓦", "megawatt", "[length] ** 2 * [mass] / [time] ** 3", 50, 5e7),
        ("72 GPUs", "gpu", "[gpu]", 72, 72),
        ("36 颗 CPU", "cpu", "[cpu]", 36, 36),
        ("1,024 卡", "gpu", "[gpu]", 1024, 1024),
        ("8 racks", "rack", "[rack]", 8, 8),
        ("4 个机架", "rack", "[rack]", 4, 4),
        ("3 个 token", "token", "[token]", 3, 3),
        ("5 美元", "dollar", "[usd]", 5, 5),
        ("300 元", "yuan", "[cny]", 300, 300),
        ("10 miles", "mile", "[length]", 10, 16093.44),
        ("20 °C", "degree_Celsius", "[temperature]", 20, 293.15),
        ("168 公分", "centimeter", "[length]", 168, 1.68),
        ("3 斤", "jin", "[mass]", 3, 1.5),
        ("387 亩", "mu", "[length] ** 2", 387, 258000.0),
        ("50 兆字节", "megabyte", "[information]", 50, 4e8),
        ("3 千比特", "kilobit", "[information]", 3, 3000),
        ("2.4 微克", "microgram", "[mass]", 2.4, 2.4e-9),
        ("5306 台币", "new_taiwan_dollar", "[twd]", 5306, 5306),
        ("3 mm", "millimeter", "[length]", 3, 0.003),
        ("7 纳米", "nanometer", "[length]", 7, 7e-9),
        # floating point operations written in Chinese, a classifier before them
        ("100 次浮点运算", "floating_point_operation", "[operation]", 100, 100),
        ("100 浮点计算", "floating_point_operation", "[operation]", 100, 100),
        # a unit raised to a power: a superscript, a caret or two stars
        ("814 mm²", "square_millimeter", "[length] ** 2", 814, 814e-6),
        ("3.8 mm^2", "square_millimeter", "[length] ** 2", 3.8, 3.8e-6),
        ("5 cm³", "centimeter ** 3", "[length] ** 3", 5, 5e-6),
        ("2 cm**3", "centimeter ** 3", "[length] ** 3", 2, 2e-6),
        ("2 kWh", "kilowatt_hour", "[length] ** 2 * [mass] / [time] ** 2", 2, 7.2e6),
    ],
)
def test_units_are_read_and_converted(written: str, unit: str, dimensionality: str, value: float, si: float) -> None:
    number_end = written.index(" ")
    found = match_unit(written, number_end)
    assert found is not None
    assert written[found.start:found.end] == found.text
    info = unit_info(found.expression)
    assert info.unit == unit
    assert info.dimensionality == dimensionality
    assert si_value(value, found.expression) == pytest.approx(si)


def test_dimensionality_is_written_in_one_order_whatever_the_process_read_first() -> None:
    """pint orders dimensions as its process first met them; what is stored must not depend on that."""
    script = (
        "import json, sys\n"
        "from claimledger.extraction.units import unit_info\n"
        "print(json.dumps([unit_info(expression).dimensionality for expression in sys.argv[1:]]))"
    )
    written = set()
    for expressions in (["token / second / gpu", "token / gpu / second"], ["token / gpu / second", "token / second / gpu"]):
        output = subprocess.run([sys.executable, "-c", script, *expressions], capture_output=True, text=True, check=True)
        written.update(json.loads(output.stdout))
    assert written == {"[token] / [gpu] / [time]"}


def test_terabit_is_not_terabarn_and_bit_is_not_dimensionless() -> None:
    assert unit_info("terabit").dimensionality == "[information]"
    assert unit_info("bit").base_unit == "bit"


def test_one_registry_per_process() -> None:
    assert unit_registry() is unit_registry()


@pytest.mark.parametrize("written", ["5 apples", "3 of them", "10 倍", "2 paragraphs", "7"])
def test_no_unit(written: str) -> None:
    assert match_unit(written, written.index(" ") if " " in written else len(written)) is None


@pytest.mark.parametrize(
    ("written", "per"),
    [("每 MW 每秒 80", "1 / (megawatt) / (second)"), ("每 GPU 每秒 1,000", "1 / (gpu) / (second)"), ("per GPU 40", "1 / (gpu)")],
)
def test_per_units_written_before_the_number(written: str, per: str) -> None:
    number_start = len(written) - len(written.split()[-1])
    found = match_per_units_before(written, number_start)
    assert found is not None and found.expression == per


def test_case_matters_for_symbols() -> None:
    assert match_unit("5 TB", 1).expression == "terabyte"
    assert match_unit("5 Tb", 1).expression == "terabit"
    assert match_unit("5 mb", 1) is None


def test_every_surface_form_names_a_unit_pint_knows() -> None:
    from claimledger.extraction.units import _surface_forms

    for table in _surface_forms():
        for surface, expression in table.items():
            assert unit_info(expression).dimensionality, surface


@pytest.mark.parametrize(
    ("value", "expression", "exact"),
    [(900, "nanosecond", 9e-7), (1.6, "terabit / second", 1.6e12), (0.3, "millisecond", 3e-4), (260, "terabyte / second", 2.08e15)],
)
def test_si_values_carry_no_float_noise(value: float, expression: str, exact: float) -> None:
    assert si_value(value, expression) == exact


TOKEN_PRICES = [
    ("Acme prices the Nova-4 at $3 per million input tokens.", "$3 per million input tokens", "dollar / megatoken", 3e-6),
    ("Acme prices the Nova-4 at $15 per million output tokens.", "$15 per million output tokens", "dollar / megatoken", 1.5e-5),
    ("The Nova-4 API costs $0.50 per 1M tokens.", "$0.50 per 1M tokens", "dollar / megatoken", 5e-7),
    ("The Nova-4 API costs $5 per 1 million tokens.", "$5 per 1 million tokens", "dollar / megatoken", 5e-6),
    ("Zeta Lite runs at $1.20/M tokens.", "$1.20/M tokens", "dollar / megatoken", 1.2e-6),
    ("Zeta Lite runs at $2/1M tokens.", "$2/1M tokens", "dollar / megatoken", 2e-6),
    ("Cached input for the Nova-4 is billed at $0.08 per MTok.", "$0.08 per MTok", "dollar / megatoken", 8e-8),
    ("Orion Mini costs $0.40 per thousand tokens.", "$0.40 per thousand tokens", "dollar / kilotoken", 4e-4),
    ("Orion Mini costs $0.02 per 1K tokens.", "$0.02 per 1K tokens", "dollar / kilotoken", 2e-5),
    ("Orion Mini costs $0.002 per 1,000 input tokens.", "$0.002 per 1,000 input tokens", "dollar / kilotoken", 2e-6),
    ("星河 M2 输出价格为每百万 token 16 元。", "16 元", "yuan / megatoken", 1.6e-5),
    ("星河 M2 输入价格为每百万 tokens 2 元。", "2 元", "yuan / megatoken", 2e-6),
    ("星河 M2 每百万Token 收费 3 元。", "3 元", "yuan / megatoken", 3e-6),
    ("星河 M2 每100万tokens 收费 3 元。", "3 元", "yuan / megatoken", 3e-6),
    ("星河 Lite 每千 tokens 0.008 元。", "0.008 元", "yuan / kilotoken", 8e-6),
    ("星河 M2 输入价格为 4 元/百万 tokens。", "4 元/百万 tokens", "yuan / megatoken", 4e-6),
]


@pytest.mark.parametrize(("sentence", "written", "unit", "si"), TOKEN_PRICES)
def test_token_prices_are_per_megatoken_or_kilotoken(sentence: str, written: str, unit: str, si: float) -> None:
    """The million or thousand is part of the unit: no number of its own, no factor on the price."""
    from claimledger.extraction import extract

    claims = extract(sentence)
    assert [claim.text for claim in claims] == [written]
    assert claims[0].unit == unit
    assert claims[0].si_value == pytest.approx(si)


@pytest.mark.parametrize(
    ("written", "value", "unit"),
    [("The Nova-4 context window is 1 million tokens.", 1e6, "token"), ("星河 M2 每天处理 100 万 tokens。", 1e6, "token / day")],
)
def test_a_million_tokens_counted_is_still_a_figure(written: str, value: float, unit: str) -> None:
    from claimledger.extraction import extract

    claims = extract(written)
    assert [(claim.value, claim.unit) for claim in claims] == [(value, unit)]


def test_megatoken_and_kilotoken_are_tokens_in_millions_and_thousands() -> None:
    assert si_value(1, "megatoken") == 1e6
    assert si_value(1, "kilotoken") == 1e3
    assert unit_info("dollar / megatoken").dimensionality == "[usd] / [token]"


@pytest.mark.parametrize(
    ("sentence", "units"),
    [
        ("The Nova-4 costs $3 and $15 per million tokens.", ["dollar / megatoken", "dollar / megatoken"]),
        ("The Nova-4 costs $0.10/$0.40 per MTok.", ["dollar / megatoken", "dollar / megatoken"]),
        ("星河 M2 每百万 tokens 输入 2 元，输出 8 元。", ["yuan / megatoken", "yuan / megatoken"]),
        ("星河 Lite 每千 tokens 输入 0.001 元，输出 0.004 元。", ["yuan / kilotoken", "yuan / kilotoken"]),
        # Only a price per token is shared, and only with an amount of its size and currency.
        ("Acme reported net income of $5 million, $0.03 per share.", ["dollar", "dollar / share"]),
        ("Acme rents the K3 at $2 and $3 per hour.", ["dollar", "dollar / hour"]),
        ("星河 M2 每百万 tokens 2 元，包月 500 美元。", ["yuan / megatoken", "dollar"]),
    ],
)
def test_amounts_listed_with_a_token_price_share_its_tokens(sentence: str, units: list[str]) -> None:
    from claimledger.extraction import extract

    assert [claim.unit for claim in extract(sentence)] == units
