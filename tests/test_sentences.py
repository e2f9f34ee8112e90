"""Sentence boundaries: where the splitter cuts, and what it leaves whole (issue 15 class 9, issue 11 item 4)."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.pipeline import split_sentences


def texts(text: str, lang: str | None = None) -> list[str]:
    return [sentence.text for sentence in split_sentences(text, lang)]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # A full stop after a unit ends the sentence before a capital.
        ("Every rack draws up to 190 kW. The first hall has 12 MW.", ["Every rack draws up to 190 kW.", "The first hall has 12 MW."]),
        ("The board draws 700 W. Next year's board draws 1,000 W.", ["The board draws 700 W.", "Next year's board draws 1,000 W."]),
        ("Latency fell to 7 ms. Throughput rose.", ["Latency fell to 7 ms.", "Throughput rose."]),
        ("The link runs at 1.6 Tb/s. Each switch has 64 ports.", ["The link runs at 1.6 Tb/s.", "Each switch has 64 ports."]),
        ("It holds 288 GB. A second stack adds 144 GB.", ["It holds 288 GB.", "A second stack adds 144 GB."]),
        ("Peak is 20 PFLOPS. Sustained is lower.", ["Peak is 20 PFLOPS.", "Sustained is lower."]),
        ("The campus covers 40 ha. Its grid link is 2 GW.", ["The campus covers 40 ha.", "Its grid link is 2 GW."]),
        ("Decode runs at 900 tokens/s. Prefill is faster.", ["Decode runs at 900 tokens/s.", "Prefill is faster."]),
        ("The die is 814 mm². Yields are high.", ["The die is 814 mm².", "Yields are high."]),
        ("Power is 1.2 MW. 3 halls share it.", ["Power is 1.2 MW.", "3 halls share it."]),
        # A model code before a stop and a capital ends the sentence too.
        ("We ran Llama 3.1 405B. The results follow.", ["We ran Llama 3.1 405B.", "The results follow."]),
        # Chinese enders always cut; ASCII ! ? ; cut in Chinese text.
        ("单机柜功耗 190 kW。首个机房有 12 MW。", ["单机柜功耗 190 kW。", "首个机房有 12 MW。"]),
        ("延迟多少?只有 5 ms;吞吐更高。", ["延迟多少?", "只有 5 ms;", "吞吐更高。"]),
        ("他说：“带宽翻倍。”随后发布了新品。", ["他说：“带宽翻倍。”", "随后发布了新品。"]),
        ("單機櫃功耗達 130 kW。叢集共有 72 張 GPU。", ["單機櫃功耗達 130 kW。", "叢集共有 72 張 GPU。"]),
    ],
)
def test_sentence_ends(text, sentences):
    assert texts(text) == sentences


@pytest.mark.parametrize(
    "text",
    [
        "Mr. Rao said the rack draws 120 kW.",
        "Acme Inc. Chief Executive Jo Lee spoke.",
        "See Fig. 3 for the 4 racks.",
        "The U.S. market grew 5% last year.",
        "The deadline is 2 p.m. Wednesday for 3 bids.",
        "J. R. Smith built 3 clusters.",
        "Shipments start Sept. 27 and end Oct. 1 for 5 sites.",
        "The chip (approx. 800 mm²) has 4 stacks.",
        "It costs $5 vs. $6 a month.",
        "The board is 5 in. wide and 4 ft. long.",
        "Throughput was 3.5 times higher at 2.5 GHz.",
    ],
)
def test_stops_that_do_not_end_a_sentence(text):
    assert texts(text) == [text]


def test_a_line_break_always_ends_a_sentence():
    assert texts("Key figures\n72 GPUs per rack\n\n130 kW per rack") == ["Key figures", "72 GPUs per rack", "130 kW per rack"]


def test_offsets_slice_the_input():
    text = "  First: 4 GPUs. Second: 8 GPUs!  第三：16 颗 GPU。"
    for sentence in split_sentences(text):
        assert text[sentence.start:sentence.end] == sentence.text


def test_the_next_sentence_keeps_its_own_hedge_and_subject():
    # Before: one sentence, so 12 MW took the rack's "up to".
    claims = extract("Each Kestrel K4 rack draws up to 190 kW. The first hall has 12 MW of capacity.")
    qualifiers = {claim.text: claim.qualifier for claim in claims}
    assert qualifiers["up to 190 kW"] == "up_to"
    assert [claim.sentence for claim in claims if claim.value == 12] == ["The first hall has 12 MW of capacity."]
    assert next(claim for claim in claims if claim.value == 12).qualifier is None


def test_no_tokenizer_is_loaded_to_split():
    import subprocess
    import sys

    code = (
        "import sys; from claimledger.extraction.pipeline import split_sentences; "
        "split_sentences('It has 72 GPUs. 它有 72 颗 GPU。'); "
        "print('spacy' in sys.modules, 'jieba' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False", "False"]
