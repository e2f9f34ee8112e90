"""text/alternation.any_of: a trie alternation matches what the words sorted longest first match."""

import re

import pytest

from claimledger.text.alternation import any_of

WORDS = ["chip", "chips", "chipset", "card", "cards", "switch", "switch ASIC", "switch ASICs", "芯片", "芯", "加速卡", "a.b", "c+"]
TEXTS = [
    "two chipsets, one chip and 4 cards",
    "a switch ASICs rack, a switch, a switch ASIC",
    "国产芯片与加速卡，芯",
    "a.b and axb, c+ and cc",
    "",
]


def sorted_alternation(words: list[str]) -> str:
    return "(?:" + "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)) + ")"


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("after", ["", r"(?![A-Za-z])", r"s"])
def test_the_trie_finds_what_the_sorted_alternation_finds(text: str, after: str) -> None:
    trie = re.compile(any_of(WORDS) + after)
    plain = re.compile(sorted_alternation(WORDS) + after)
    assert [match.span() for match in trie.finditer(text)] == [match.span() for match in plain.finditer(text)]


def test_a_longer_word_is_tried_first_and_a_shorter_one_after_it_fails() -> None:
    pattern = re.compile(any_of(["chip", "chips"]) + r"(?![a-z])")
    assert pattern.match("chips").group() == "chips"
    assert pattern.match("chip").group() == "chip"
    assert pattern.match("chipsx") is None


def test_an_empty_word_is_refused() -> None:
    with pytest.raises(ValueError):
        any_of(["chip", ""])
