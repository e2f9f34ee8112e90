"""A product a post introduces by shape is the same product when a later sentence names it bare
(extraction/names.py `introduced`, `named_again`)."""

from __future__ import annotations

import pytest

from claimledger import extract


def subjects(text: str) -> list[tuple[str, str | None]]:
    """Each figure with the entity it is about (its subject as written may be shorter)."""
    return [(claim.text, claim.subject_id) for claim in extract(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Kestrel unveiled the K5 accelerator. Kestrel says the K5 delivers up to 3.1x the K4's throughput.",
            [("up to 3.1x", "K5")],
        ),
        (
            "Orbis ships the Tessel T900 in May. Analysts expect the T900 to sell 40,000 units in 2027.",
            [("40,000 units", "Tessel T900")],
        ),
        (
            "星图科技发布青鸾 Q700。公司称，Q700 的功耗为 350W。",
            [("350W", "青鸾 Q700")],
        ),
        (
            "Lumen's new R7 rack ships next week.\nThe company said the R7 draws 132 kW.",
            [("132 kW", "R7")],  # also past a paragraph break
        ),
        (
            "Orbis ships the Tessel T900 in May. The T900 card draws 300 W.",
            [("300 W", "Tessel T900")],  # in place of the name a position rule finds on the same span
        ),
        (
            "Orbis ships the Tessel T900 in May. The T900 delivers 800 TFLOPS.",
            [("800 TFLOPS", "Tessel T900")],  # a code before a verb of what it offers
        ),
        (
            "星图科技发布青鸾 Q700 加速卡。Q700 提供 96 GB 显存。",
            [("96 GB", "青鸾 Q700")],
        ),
    ],
)
def test_a_product_named_again_is_the_products(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert subjects(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an organisation introduced by what it is, named bare later
        ("Cloud startup Brambleway raised $80 million in May. Brambleway shares are up 11% today.",
         [("$80 million", "Brambleway"), ("11%", "Brambleway")]),
        # a listed one, named later without its web domain or legal ending
        ("Ferrowind.com (NYSE:FWD) lifted its outlook. Ferrowind shares are up 6% after hours.", [("6%", "Ferrowind.com")]),
        ("Harlow Instruments Inc. (NASDAQ: HLW) reports today. Analysts expect Harlow Instruments to post $3 billion in revenue.",
         [("$3 billion", "Harlow Instruments Inc.")]),
    ],
)
def test_an_organisation_introduced_by_shape_is_the_same_one_named_again(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert subjects(text) == expected


def test_a_name_is_introduced_only_by_its_own_post():
    extract("Kestrel unveiled the K5 accelerator.")
    assert subjects("The company said the K5 needs 900 W.") == [("900 W", None)]


def test_a_name_named_again_never_covers_a_name_the_sentence_has():
    text = "Orbis unveiled the T900 card. The Tessel T900 Max draws 700 W."
    assert subjects(text) == [("700 W", "Tessel T900")]


def test_a_product_named_again_is_the_one_name_on_its_span():
    from claimledger.extraction import extract_found

    (found,) = extract_found("Lumen's new R7 rack ships next week. The R7 draws 132 kW.")
    assert (found.subject_id, found.subject_kind, found.roles) == ("R7", "system", {"R7": "subject"})  # the rack, not a chip


@pytest.mark.parametrize(
    "text",
    [
        "Orbis unveiled its new rack, the Tessel T9, which draws 132 kW.",  # over brand_code's chip
        "Orbis unveiled a new rack called Tessel T9 that draws 132 kW.",
        "Our new rack, the R7, ships in May. The R7 draws 132 kW.",  # named again: over code_verb's chip
    ],
)
def test_a_name_introduced_by_its_kind_word_is_of_that_kind(text: str) -> None:
    from claimledger.extraction import extract_found

    assert [found.subject_kind for found in extract_found(text)] == ["system"]
