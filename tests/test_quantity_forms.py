"""Number and unit forms: changes read as ranges, shared containers, rates of counted
things, pence, torque, resolutions, money suffixes, scientific notation, Chinese
halves and taels."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.extraction import extract
from claimledger.extraction.numbers import find_numbers


def quantities(text: str) -> list[tuple]:
    """(text, value or (low, high), unit, kind) of every quantity in `text`."""
    found = []
    for claim in extract(text, all_quantities=True):
        value = claim.value if claim.value is not None else (claim.low, claim.high)
        found.append((claim.text, value, claim.unit, claim.kind))
    return found


def only(text: str) -> tuple:
    found = quantities(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "written", "value", "unit"),
    [
        ("The boxer went from 180 pounds to 165 before the fight.", "180 pounds to 165", None, None),
        ("Rents climbed from $1,200 to $1,450 last spring.", "$1,200 to $1,450", None, None),
        ("The price moved from €30 up to €42.", "€30 up to €42", None, None),
        ("Prices go from €30 up to €42.", "€30 up to €42", (30, 42), "euro"),
        ("Flats range from 500 sq ft to 1,100 sq ft.", "500 sq ft to 1,100 sq ft", (500, 1100), "square_foot"),
        ("Memory grew from 80 GB to 141 GB per GPU.", "80 GB to 141 GB per GPU", None, None),
        ("Memory options go from 80 GB to 141 GB per GPU.", "80 GB to 141 GB per GPU", (80, 141), "gigabyte / gpu"),
        ("带宽从 400 Gb/s 提升到 800 Gb/s。", "400 Gb/s 提升到 800 Gb/s", None, None),
    ],
)
def test_a_change_between_figures_of_one_unit_is_a_range(text, written, value, unit) -> None:
    if value is None:
        # A change verb before "from" or a verb between the ends: two figures, not one range.
        assert len(quantities(text)) == 2
        return
    assert only(text)[:3] == (written, value, unit)


def test_figures_of_different_units_stay_apart() -> None:
    found = quantities("It went from 3 GPUs to 5 racks.")
    assert [q[2] for q in found] == ["gpu", "rack"]


def test_a_new_level_and_its_baseline_stay_two_figures() -> None:
    assert len(quantities("Output slipped to 4,100 tonnes from 4,600 tonnes.")) == 2


def test_a_change_needs_from_before_it() -> None:
    assert len(quantities("It costs $30 to $40 more than before, they said, and $50 to $60 later.")) == 2
    assert len(quantities("They paid $20 to cover $35 of fees.")) == 2


def test_a_spaced_em_dash_sets_off_an_aside_not_a_range() -> None:
    assert [q[0] for q in quantities("The K2 achieves 32.1 — 2.6x slower than the K5.")] == ["32.1", "2.6x"]
    assert [q[0] for q in quantities("The rack draws 10—20 kW.")] == ["10—20 kW"]


def test_the_unit_written_between_the_ends_of_a_range() -> None:
    assert only("Each bag weighs from 70 kg to 64 after packing.")[1:3] == ((64, 70), "kilogram")


def test_counts_listed_together_share_their_container() -> None:
    found = quantities("Each tray holds 8 Blackwell GPUs and 2 Grace CPUs per tray node, 4 drives per node.")
    units = [q[2] for q in found]
    assert units[0] == units[1].replace("cpu", "gpu")
    assert quantities("The pod has 64 GPUs and 16 CPUs per rack.")[0][2] == "gpu / rack"
    assert quantities("The pod has 64 GPUs, 16 CPUs per rack.")[0][2] == "gpu / rack"


def test_a_count_with_its_own_container_keeps_it() -> None:
    found = quantities("It packs 8 GPUs per node and 36 CPUs per rack.")
    assert [q[2] for q in found] == ["gpu / node", "cpu / rack"]


@pytest.mark.parametrize(
    ("text", "written", "value", "unit"),
    [
        ("The pipeline ingests 200 million log lines per second.", "200 million log lines per second", 2e8, "1 / second"),
        ("The lab runs 3,000 tests a day.", "3,000 tests a day", 3000, "1 / day"),
        ("Crews fixed 40 potholes each week.", "40 potholes each week", 40, "1 / week"),
    ],
)
def test_a_count_over_time_is_a_rate(text, written, value, unit) -> None:
    claim = only(text)
    assert claim == (written, value, unit, "quantity")


def test_a_count_per_thing_that_is_not_time_stays_a_count() -> None:
    assert only("They hired 30 engineers per team.")[3] == "count"


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("It offers a six-cylinder engine option.", "cylinder"),
        ("They signed a three-game series deal.", "game"),
    ],
)
def test_a_hyphenated_counted_noun_is_one_word(text, noun) -> None:
    claim = extract(text, all_quantities=True)[0]
    assert claim.unit_text == noun


def test_words_ending_in_s_that_are_not_plural_do_not_end_the_counted_noun() -> None:
    claim = extract("Reruns of 40 previous seasons are on air.", all_quantities=True)[0]
    assert claim.unit_text == "previous seasons"


@pytest.mark.parametrize(
    ("text", "written", "unit", "value"),
    [
        ("Shares closed at 245p.", "245p", "penny", 245),
        ("The stock fell 12.5 p at 310 p.", "12.5 p", "penny", 12.5),
        ("The V8 makes 650 lb-ft of torque.", "650 lb-ft", "foot_pound", 650),
        ("It delivers 410 pound-feet at 2,000 rpm.", "410 pound-feet", "foot_pound", 410),
        ("Gas traded at $3.10 per MMBtu.", "$3.10 per MMBtu", "dollar / million_british_thermal_unit", 3.1),
        ("A current density of 2 mA per cm2.", None, None, None),
    ],
)
def test_pence_torque_and_energy_units(text, written, unit, value) -> None:
    if written is None:
        return
    claim = next(c for c in extract(text, all_quantities=True) if c.text == written)
    assert (claim.unit, claim.value) == (unit, value)


@pytest.mark.parametrize(
    "text",
    ["Records 1080p video.", "Streams 720p and 1440p.", "It shoots 4K video at 60 fps.", "A new 8K display.", "A 4K HDR panel."],
)
def test_resolutions_are_names_not_amounts(text) -> None:
    assert [m.text for m in find_numbers(text) if m.text[0] in "1478"] == []


def test_k_before_other_words_is_still_a_thousand() -> None:
    assert [m.value for m in find_numbers("A 4K context and 8K tokens.")] == [4000, 8000]


@pytest.mark.parametrize(
    ("text", "written", "value"),
    [
        ("The flat sold for AUD1.5m.", "1.5m", 1.5e6),
        ("It raised SGD40m in May.", "40m", 4e7),
        ("Qantas wants $4.2b in aid.", "4.2b", 4.2e9),
        ("They lost RM3.06mil to scams.", "3.06mil", 3.06e6),
        ("A fund of $2bil was set up.", "2bil", 2e9),
        ("2mil SEK will not buy it.", "2mil", 2e6),
        ("They paid 3.5m dollars.", "3.5m", 3.5e6),
        ("A 400m dash.", "400", 400),
        ("He ran the 100m final.", "100", 100),
        ("A 10b link.", "10", 10),
    ],
)
def test_money_suffixes_scale_only_money_or_counts(text, written, value) -> None:
    match = find_numbers(text)[0]
    assert (match.text, match.value) == (written, pytest.approx(value))


@pytest.mark.parametrize(
    ("text", "written", "value"),
    [
        ("It weighs 1.99×10−30 kg.", "1.99×10−30", 1.99e-30),
        ("Light travels 2.998×10^8 m/s.", "2.998×10^8", 2.998e8),
        ("A charge of 1.6 x 10^-19 C.", "1.6 x 10^-19", 1.6e-19),
        ("About 6×10⁻⁹ s.", "6×10⁻⁹", 6e-9),
        ("Roughly 3×10²³ atoms.", "3×10²³", 3e23),
    ],
)
def test_scientific_notation_with_a_times_sign(text, written, value) -> None:
    match = find_numbers(text)[0]
    assert (match.text, match.value, match.multiplier) == (written, pytest.approx(value), False)


def test_a_multiplier_before_ten_of_something_else_stays_a_multiplier() -> None:
    assert [m.multiplier for m in find_numbers("It is 3× faster than 10 racks.")] == [True, False]


@pytest.mark.parametrize(
    ("text", "written", "value", "unit"),
    [
        ("买了三斤半苹果", "三斤半", 3.5, "jin"),
        ("运走一吨半钢材", "一吨半", 1.5, "tonne"),
        ("训练用了两年半", "两年半", 2.5, "year"),
        ("会议开了一个半小时", "一个半小时", 1.5, "hour"),
        ("赏银三十两", "三十两", 30, "liang"),
        ("黄金两万两", "两万两", 20000, "liang"),
    ],
)
def test_chinese_halves_after_the_unit_and_taels(text, written, value, unit) -> None:
    claim = next(c for c in extract(text, lang="zh", all_quantities=True) if c.text == written)
    assert (claim.value, claim.unit) == (value, unit)


@pytest.mark.parametrize(("text", "value"), [("两万两千", 22000), ("三十二", 32), ("一百两", 100), ("两百", 200)])
def test_liang_as_a_digit_is_unchanged(text, value) -> None:
    assert find_numbers(text)[0].value == value


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Operators are rolling out 5G and 4G networks.", ["wireless_generation", "wireless_generation"]),
        ("It bundles 54GB of 5G data.", ["gigabyte", "wireless_generation"]),
    ],
)
def test_mobile_network_generations(text, kinds) -> None:
    assert [c.unit for c in extract(text, all_quantities=True)] == kinds


def test_link_speeds_are_not_network_generations() -> None:
    assert all(c.unit != "wireless_generation" for c in extract("It ships 100G and 400G optics.", all_quantities=True))


@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("The town sold 512 homes at auction and 240 by private sale.", "240", None),
        ("The top bid was 84.75 cents, while the lowest was 74.07.", "74.07", "cent"),
        ("Sales reached 3.9 million units, up from 2.4 million.", "2.4 million", None),
    ],
)
def test_a_bare_figure_in_parallel_takes_the_earlier_unit(text, written, unit) -> None:
    claims = extract(text, all_quantities=True)
    first, bare = claims[0], next(c for c in claims if c.text == written)
    assert (bare.unit, bare.unit_text) == (unit or first.unit, first.unit_text)


def test_a_bare_figure_of_another_size_or_after_a_percent_stays_bare() -> None:
    claims = extract("It shipped 3 racks in 2 hours, and 88,000 later.", all_quantities=True)
    assert next(c for c in claims if c.text == "88,000").unit_text is None
    claims = extract("The index fell 2.1% to 7,425.81.", all_quantities=True)
    assert next(c for c in claims if c.text == "7,425.81").unit is None


def test_an_age_in_commas_after_a_name() -> None:
    claims = extract("Marta Lopez, 47, leads the team.", all_quantities=True)
    assert [(c.value, c.unit) for c in claims] == [(47, "year_of_age")]
    claims = extract("In Paris, 3, 4 and 5 rooms were let.", all_quantities=True)
    assert all(c.unit != "year_of_age" for c in claims)


def test_more_of_what_is_counted() -> None:
    claim = extract("The club signed six more strikers.", all_quantities=True)[0]
    assert (claim.value, claim.unit_text) == (6, "strikers")


def test_a_point_in_time_is_not_a_rate() -> None:
    claims = extract("Interest eased to 196 contracts from 210 contracts a week earlier.", all_quantities=True)
    assert [c.unit_text for c in claims] == ["contracts", "contracts"]


@pytest.mark.parametrize(("text", "value"), [("a PS6m bonus", 6e6), ("an PS8.1bn bid", 8.1e9), ("PS21,700 in fees", 21700)])
def test_a_pound_sign_mangled_into_ps_before_an_amount(text, value) -> None:
    assert find_numbers(text)[0].value == pytest.approx(value)


def test_ps_before_a_plain_digit_is_a_name_and_after_a_number_metric_horsepower() -> None:
    assert find_numbers("the PS5 console") == []
    assert only("It makes 300 PS at the crank.")[2] == "metric_horsepower"


@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("A cup is 1/2 of a US pint.", "1/2 of a US pint", "pint"),
        ("Add 3/4 of an imperial gallon.", "3/4 of an imperial gallon", "gallon"),
        ("Pour in 2 US fluid ounces.", "2 US fluid ounces", "fluid_ounce"),
        ("The tank holds 40 imperial gallons.", "40 imperial gallons", "gallon"),
    ],
)
def test_fractions_of_a_unit_and_units_named_with_their_system(text, written, unit) -> None:
    claim = only(text)
    assert (claim[0], claim[2], claim[3]) == (written, unit, "quantity")


def test_a_fraction_alone_still_compares() -> None:
    assert only("It costs 1/3 the price.")[3] == "ratio"


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("Seas rise 4 feet per century.", 4, "foot / century"),
        ("CO2 reached 420 parts per million.", 420, "parts_per_million"),
        ("Fees of 9 million Danish kroner were paid.", 9e6, "danish_krone"),
        ("It moved 2 SEK lower.", 2, "swedish_krona"),
        ("The loan runs three decades.", 3, "decade"),
    ],
)
def test_more_units(text, value, unit) -> None:
    claim = only(text)
    assert (claim[1], claim[2]) == (value, unit)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("She retired at the age of 61.", 61),
        ("Children under the age of 5 years were tested.", 5),
        ("Men aged 40 answered.", 40),
    ],
)
def test_ages_after_an_age_cue(text, value) -> None:
    assert only(text)[1:3] == (value, "year_of_age")


def test_time_words_are_not_counted_nouns() -> None:
    assert only("The index closed at 96.08 today.")[2:] == (None, "count")
    assert extract("The index closed at 96.08 today.", all_quantities=True)[0].unit_text is None


@pytest.mark.parametrize("text", ["单卡可达 1800TPS、35msTPOT。", "It reaches 1,800 TPS and 35msTTFT per request."])
def test_a_figure_with_letters_glued_on_never_takes_an_earlier_unit(text) -> None:
    claims = extract(text, all_quantities=True)
    assert next(c for c in claims if c.value == 35).unit != "token / second"


def test_a_parallel_figure_stops_at_a_sentence_break() -> None:
    claims = extract("The euro was at $1.13; the index was up at 96.08 now.", all_quantities=True)
    assert next(c for c in claims if c.value == 96.08).unit is None
    claims = extract("A minus-1.4 degree angle in 2018 and 2.1 last year.", all_quantities=True)
    assert next(c for c in claims if c.value == 2.1).unit == "degree"


def test_a_list_shares_a_unit_only_between_figures_of_like_size() -> None:
    claims = extract("The index will end at 16,644, 16 per cent above its close.", all_quantities=True)
    assert next(c for c in claims if c.value == 16644).kind != "percent"
    claims = extract("Scores of 10, 20 and 30% were seen.", all_quantities=True)
    assert [c.kind for c in claims] == ["percent", "percent", "percent"]


@pytest.mark.parametrize(
    "text",
    ["A category 4 hurricane hit.", "It works with tier 1 suppliers.", "The drug is in phase 3 trials.", "See figure 2 below."],
)
def test_a_number_after_a_noun_that_numbers_things_is_a_label(text) -> None:
    assert extract(text, all_quantities=True) == []


def test_a_count_of_categories_is_still_a_count() -> None:
    assert only("It sells in 12 categories.")[1] == 12


@pytest.mark.parametrize(
    ("text", "noun"),
    [("They found one particular flaw in it.", "particular flaw"), ("About 60 commercial fishermen left.", "commercial fishermen")],
)
def test_an_adjective_before_a_singular_or_irregular_noun(text, noun) -> None:
    assert extract(text, all_quantities=True)[0].unit_text == noun


def test_a_year_earlier_is_not_a_rate_of_money() -> None:
    claims = extract("Sales rose to $7.4 billion from $6.8 billion a year earlier.", all_quantities=True)
    assert [c.unit for c in claims] == ["dollar", "dollar"]
    assert only("Fees rose by up to £24 a-year.")[2] == "pound_sterling / year"


def test_a_parallel_figure_stops_at_a_closing_bracket() -> None:
    claims = extract("It is 4 inches) 28 times over.", all_quantities=True)
    assert next(c for c in claims if c.value == 28).unit != "inch"


@pytest.mark.parametrize(("text", "value"), [("a 32m2 flat", 32), ("24703m2", 24703), ("a 5ft2 panel", 5)])
def test_digits_before_a_squared_unit_are_a_number(text, value) -> None:
    assert [m.value for m in find_numbers(text)] == [value]


def test_digits_before_letters_and_digits_are_still_a_code() -> None:
    assert find_numbers("the 5XG2 part") == []


def test_a_superscript_plus_sign_keeps_the_exponent_positive() -> None:
    assert [m.value for m in find_numbers("about 3×10⁺³ kg")] == [pytest.approx(3000)]


def test_a_half_after_an_infinite_number_is_no_error() -> None:
    claims = extract("一" + "亿" * 300 + "斤半", lang="zh", all_quantities=True)
    assert claims[0].value == float("inf")


PIECES = [
    "3", "21", "1,200", "4.2", "0", "1e400", " ", "-", "−", "×10", "^", "⁻³", "m", "b", "mil", "AUD", "PS", "$", "£",
    " hundred", " thousand", " and ", " over ", " out of ", " a half", " fifths", "twenty", "three", " from ", " to ",
    "p", " lb-ft", " per second", " a week", " earlier", "5G", "4K", " video", "1080p", "半", "两", "十", "万", "斤",
    "个", "小时", " GPUs", " per rack", " CPUs", ",", ".", ")", " aged ", "Smith, ", " more ", " samples",
]


@given(st.lists(st.sampled_from(PIECES), max_size=14))
@settings(max_examples=400, deadline=None)
def test_number_shaped_input_never_fails_and_slices_to_text(pieces: list[str]) -> None:
    text = "".join(pieces)
    for claim in extract(text, all_quantities=True):
        assert text[claim.start:claim.end] == claim.text
        assert claim.value is not None or (claim.low is not None and claim.high is not None)


def test_a_container_written_before_a_chinese_list_holds_for_both() -> None:
    claims = extract("每个机架有 72 颗 GPU 和 36 颗 CPU。", lang="zh", all_quantities=True)
    assert [c.unit for c in claims] == ["gpu / rack", "cpu / rack"]
    claims = extract("每个节点 8 颗 GPU，2 颗 CPU。", lang="zh", all_quantities=True)
    assert [c.unit for c in claims] == ["gpu / node", "cpu / node"]


def test_one_before_a_figure_is_an_article() -> None:
    assert [c.value for c in extract("It has just one 52,000 barrel refinery.", all_quantities=True)] == [52000]
    assert [c.value for c in extract("It has one refinery.", all_quantities=True)] == [1]


@pytest.mark.parametrize(
    ("text", "written", "value", "unit"),
    [
        ("He is 6 feet 2 inches tall.", "6 feet 2 inches", 6 + 2 / 12, "foot"),
        ("The job took 3 hours 45 minutes.", "3 hours 45 minutes", 3.75, "hour"),
        ("A ticket is 4 dollars and 50 cents.", "4 dollars and 50 cents", 4.5, "dollar"),
        ("这支笔三美元又五美分", "三美元又五美分", 3.05, "dollar"),
    ],
)
def test_a_measure_in_a_larger_and_a_smaller_unit_is_one_figure(text, written, value, unit) -> None:
    claim = only(text)
    assert (claim[0], claim[2]) == (written, unit)
    assert claim[1] == pytest.approx(value)


@pytest.mark.parametrize(
    "text",
    [
        "Models of 5 GB and 200 MB ship.",
        "It ran 100 km and 5 m more.",
        "A day is 24 hours, 39 minutes on Mars.",
        "It took 5 hours 90 minutes.",
        "It rose 3 feet and 5 meters.",
    ],
)
def test_decimal_units_lists_and_oversized_parts_stay_apart(text) -> None:
    assert len(quantities(text)) == 2
