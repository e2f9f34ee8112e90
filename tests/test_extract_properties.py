"""Property tests: any text goes through the extractor, and offsets always hold."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimledger import extract
from claimledger.extraction.pipeline import split_sentences

# Fragments that make the extractor's rules fire, mixed with arbitrary text.
FRAGMENTS = st.sampled_from(
    [
        "up to 10x", "约 90 倍", "16,635 tokens per second per GPU", "1.6 Tb/s", "最高达到 GB200 NVL72 的 10 倍",
        "80,000 与 800,000 TPS/MW", "72 颗 Rubin GPU", "more than 3 and 5 GB", "同比缩短了 2.8 倍", "3–5x",
        "September 16", "8 月 12 日", "https://x.io/72", "。", ". ", "\n", "，", "$5 per hour", "百分之二十",
        "compared with H100,", "比 Blackwell 快", "the previous generation", "expected", "according to the company",
    ]
)
MIXED = st.lists(st.one_of(st.text(max_size=20), FRAGMENTS), max_size=12).map("".join)


def check_offsets(text: str, lang: str | None = None, all_quantities: bool = False) -> None:
    for claim in extract(text, lang=lang, all_quantities=all_quantities):
        assert text[claim.start:claim.end] == claim.text
        assert text[claim.sentence_start:claim.sentence_end] == claim.sentence
        assert claim.sentence_start <= claim.start <= claim.end <= claim.sentence_end
        assert claim.kind in ("quantity", "ratio", "percent", "count")
        assert claim.lang in ("en", "zh")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_any_unicode_text(text: str) -> None:
    check_offsets(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MIXED, st.sampled_from([None, "en", "zh"]), st.booleans())
def test_text_full_of_figures(text: str, lang: str | None, all_quantities: bool) -> None:
    check_offsets(text, lang, all_quantities)


@settings(max_examples=200, deadline=None)
@given(MIXED)
def test_sentence_offsets_slice_to_sentences(text: str) -> None:
    previous_end = 0
    for sentence in split_sentences(text):
        assert text[sentence.start:sentence.end] == sentence.text
        assert sentence.text == sentence.text.strip()
        assert sentence.start >= previous_end
        previous_end = sentence.end


def test_control_characters_and_a_long_line() -> None:
    text = "\x00\x1b[31m up to 10x \x07" + "spam " * 5000 + "约 90 倍\u202e"
    check_offsets(text)
