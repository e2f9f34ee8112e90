"""The rules of issue 15 read on real English posts, in invented sentences: a percentage of another
product's measure, a figure's own bracketed owner, a past list, a change's size before "from", the
unit of a rent per device, a mass, a possessive claimant and a name written as a common word."""

from __future__ import annotations

import pytest

from claimledger import extract


def claim(text: str, written: str):
    found = [item for item in extract(text) if item.text == written]
    assert found, f"{written!r} not among {[item.text for item in extract(text)]}"
    return found[0]


@pytest.mark.parametrize(
    ("text", "written", "baseline"),
    [
        ("On the Orbit suite, the Kestrel K7 reached 94% of H200 throughput.", "94%", "H200"),
        ("The Kestrel K7 posts 108% of H200 offline performance.", "108%", "H200"),
        ("The Kestrel K7 delivers about 85% of the performance seen in the NVIDIA B200.", "about 85%", "B200"),
    ],
)
def test_a_percentage_of_another_products_measure_has_it_as_baseline(text: str, written: str, baseline: str) -> None:
    assert claim(text, written).baseline == baseline


@pytest.mark.parametrize(
    ("text", "written", "subject"),
    [
        # a percentage opening its clause is a share of the product's own measure, no comparison
        ("By Orbis's count, 95% of the Tamarack's peak performance comes from its GPUs.", "95%", "Tamarack"),
        ("Nearly 90 percent of the Kestrel K7's throughput comes from its tensor cores.", "Nearly 90 percent", "Kestrel K7"),
    ],
)
def test_a_percentage_opening_its_clause_is_a_share_of_its_own(text: str, written: str, subject: str) -> None:
    found = claim(text, written)
    assert (found.baseline, found.subject) == (None, subject)


@pytest.mark.parametrize(
    ("text", "written", "baseline"),
    [
        # the product set off after the baseline's words names it
        ("The Harrier X3 is 3x faster than its predecessor, the Harrier X2.", "3x", "Harrier X2"),
        ("Compared to the previous generation, the Harrier X2, the Harrier X3 draws 20% less power.", "20%", "Harrier X2"),
        ("Compared to its predecessor, Llama-2-7b-0611 (context: 32K), Llama-3 is 4 times cheaper.", "4 times", "Llama-2-7b"),
        # nothing set off after it: the words stay
        ("The Harrier X3 is 3x faster than its predecessor.", "3x", "previous generation"),
    ],
)
def test_a_product_in_apposition_to_the_baseline_words_is_the_baseline(text: str, written: str, baseline: str) -> None:
    assert claim(text, written).baseline == baseline


def test_a_measure_labelled_in_brackets_after_a_product_is_its_own() -> None:
    text = "Compared to its predecessor, Llama-2-7b-0611 (context window: 32768), Llama-3 is 4 times cheaper."
    assert claim(text, "32768").subject == "Llama-2-7b"


def test_a_share_of_an_organisation_has_no_baseline() -> None:
    assert claim("Its cloud unit is now 70% of Orbis.", "70%").baseline is None


def test_the_product_a_family_is_the_base_of_is_the_baseline() -> None:
    found = claim("Against the Hopper-based H200 servers it replaces, the Kestrel K7 rack offers 12x more compute.", "12x")
    assert (found.subject, found.baseline) == ("Kestrel K7", "H200 servers")


def test_a_name_alone_in_brackets_after_a_figure_is_its_subject_and_a_past_list_is_past() -> None:
    text = "Kestrel K7 rental now runs $2.40/GPU-hr, down from $4.10 (AWS) and $5.25 (Azure) last spring."
    assert [(item.subject, item.role) for item in extract(text)] == [
        ("Kestrel K7", "current"), ("AWS", "previous"), ("Azure", "previous")
    ]


def test_a_change_size_before_from_makes_two_values_not_a_range() -> None:
    text = "Nimbus Cloud cut the rate of its N9 instance by 25%, from $12.00/hr to $9.00/hr."
    assert [(item.text, item.role) for item in extract(text)][1:] == [("$12.00/hr", "previous"), ("$9.00/hr", "current")]


@pytest.mark.parametrize(
    ("text", "written", "metric"),
    [
        ("Stratus rents its S9 nodes at $3.15 per GPU-hour.", "$3.15 per GPU-hour", "price per GPU-hour"),
        ("Each Tessel T3 cabinet draws 95 kW of power and weighs 1.2 metric tons.", "1.2 metric tons", "weight"),
        ("Each Tessel T3 cabinet draws 95 kW of power and weighs 1.2 metric tons.", "95 kW", "power"),
        ("The gateway served 4,000 req/s at peak.", "4,000 req/s", "requests per second"),
        ("The run kept a 60% cache hit rate.", "60%", "cache hit rate"),
    ],
)
def test_metrics_named_by_unit_or_word(text: str, written: str, metric: str) -> None:
    assert claim(text, written).metric == metric


def test_a_possessive_before_claims_names_the_claimant() -> None:
    found = claim("If Orbis's efficiency claims hold up, the Q5 card is 2.2x faster than the H100.", "2.2x")
    assert (found.claimant, found.subject) == ("Orbis", "Q5")


def test_a_known_name_written_as_a_lower_case_word_is_that_word() -> None:
    assert claim("Its cloud arm grew 20% last year.", "20%").subject is None


def test_a_metric_taken_up_after_a_dash_names_the_figure() -> None:
    found = claim("Kestrel Systems also disclosed its data center revenue—it reached $1.14 billion in the quarter.", "$1.14 billion")
    assert (found.metric, found.subject) == ("data center revenue", "Kestrel Systems")


def test_the_product_a_figure_is_had_with_before_a_comparison_is_its_subject() -> None:
    found = claim("Orbis claimed 1.3x more throughput with the Kestrel K5 over the H200.", "1.3x")
    assert (found.subject, found.baseline, found.claimant) == ("Kestrel K5", "H200", "Orbis")


def test_a_figure_that_changed_to_the_next_is_the_earlier_value() -> None:
    text = "The first build-out of 100,000 Kestrel K3 GPUs has since doubled to over 200,000 units."
    assert [item.role for item in extract(text)] == ["previous", "current"]
    assert [item.role for item in extract("The K3 draws 700 W, and the K4 rises to 900 W.")] == ["current", "current"]


def test_the_width_of_a_number_format_is_no_figure() -> None:
    assert [item.text for item in extract("The Kestrel K5 doubles its compute using 8-bit floating-point math.")] == []
    assert claim("The Kestrel K5 memory sits on a 2,048-bit interface.", "2,048-bit").metric == "interface width"


def test_a_model_beside_compared_hardware_is_the_workload() -> None:
    found = claim("The new chip delivered 95 to 170 percent of the performance of H100 for two versions of Llama.", "95 to 170 percent")
    assert (found.subject, found.baseline, found.condition) == (None, "H100", "Llama")


@pytest.mark.parametrize("text", ["The K5 broke the 1 million-tokens-per-second mark.", "The K5 broke the 1 million‑tokens‑per‑second mark."])
def test_a_rate_hyphenated_to_its_number_is_one_unit(text: str) -> None:
    assert [item.metric for item in extract(text)] == ["tokens per second"]


def test_a_speech_verb_that_is_a_plural_noun_names_no_claimant() -> None:
    found = claim("Orbis Capital bought 10 data centers with 53MW of capacity across multiple US states.", "53MW")
    assert found.claimant is None
    assert claim("Orbis states that the K4 draws 700 W.", "700 W").claimant == "Orbis"


def test_what_a_figure_shares_with_its_own_older_product_is_no_subject() -> None:
    found = claim("Kestrel makes the K5 on the same 4nm process as its Hopper GPU.", "4nm")
    assert found.subject != "Hopper"


def test_a_description_after_according_to_names_no_claimant() -> None:
    assert claim("According to the Korean company, the K5 memory reaches 10 Gbps.", "10 Gbps").claimant is None
    assert claim("According to Orbis Research, the K4 draws 700 W.", "700 W").claimant == "Orbis Research"
