"""cues.any_phrase: a trie of cue phrases finds a phrase wherever their alternation finds one."""

import re

import pytest

from claimledger.extraction.cues import BETWEEN, PhraseGate, alternation, any_phrase, cue_table, lowered

TEXTS = [
    "Up from 27 minutes in the previous round, the run now takes about 10, not 12 as we earlier reported.",
    "The company expects these GPUs to deliver roughly 3x more, according to its press release.",
    "Each model reached up to 5,000 tokens per second, respectively 12% and 15% higher year over year.",
    "据公司介绍，该芯片的算力同比增长约 40%，预计明年将达到 2 倍，而非此前误报的 3 倍。",
    "我们此前误报为 8,064 颗，更正为 8,192 颗；这些加速卡分别提升了 20% 和 30%。",
    "Kestrel says its chips cut latency from 9 ms to 4 ms, down sharply, and will ship next year.",
    "",
]


def _phrase_lists() -> list[list[str]]:
    """The cue lists framing asks about through any_phrase (data/cues.toml)."""
    table = cue_table()
    held = table["held"]
    lists = [
        [cue for group in ("negated_before", "corrected_before", "previous_before") for cue in held[group]],
        table["self_reported"]["en"] + table["self_reported"]["zh"],
        table["projected"]["zh_not"] + table["projected"]["en"] + table["projected"]["zh"],
        table["roles"]["organisation_spoken_of"],
        table["roles"]["points_back"],
        [word for words in table["roles"]["kind_reference"].values() for word in words],
        table["claimant"]["source_documents"],
    ]
    lists += [phrases for phrases in table["roles"].values() if isinstance(phrases, list)]
    lists += [phrases for phrases in held.values() if isinstance(phrases, list)]
    lists += [table["conditions"]["held_equal"], table["conditions"]["described_after"]]
    for lang in ("en", "zh"):
        lists.append([cue for cues in table["qualifier"][lang]["before"].values() for cue in cues])
        lists.append([cue for cues in table["trend"][lang].values() for cue in cues])
        lists += [table["claimant"][f"{lang}_before"], table["claimant"][f"{lang}_after"]]
    return lists


@pytest.mark.parametrize("phrases", _phrase_lists())
@pytest.mark.parametrize("after", ["", BETWEEN + "$"])
def test_the_trie_finds_a_phrase_in_every_window_the_alternation_does(phrases: list[str], after: str) -> None:
    trie = re.compile(any_phrase(phrases) + after)
    plain = re.compile(alternation(phrases) + after)
    for text in map(lowered, TEXTS):
        for end in range(len(text) + 1):
            start = max(0, end - 40)
            assert (trie.search(text, start, end) is None) == (plain.search(text, start, end) is None), (text[start:end], phrases)


def test_each_phrase_is_found_as_written_and_a_latin_phrase_only_as_a_whole_word() -> None:
    pattern = re.compile(any_phrase(["up to", "up", "约", "约为", "a year earlier"]))
    for phrase in ("up to", "up  to", "UP", "约为", "a year\nearlier"):
        assert pattern.fullmatch(lowered(phrase)) is not None
    assert pattern.search("upwards of 5") is None
    assert pattern.search("setup costs") is None


def test_no_phrase_matches_nothing() -> None:
    assert re.search(any_phrase([]), "up to 5") is None


@pytest.mark.parametrize("phrases", _phrase_lists())
def test_a_phrase_gate_says_what_the_trie_finds_in_every_window(phrases: list[str]) -> None:
    trie, gate = re.compile(any_phrase(phrases)), PhraseGate(phrases)
    for text in map(lowered, [*TEXTS, "from 5", "x-from5 up", "upfrom 5"]):
        for start in range(len(text) + 1):
            for end in range(start, min(len(text), start + 40) + 1):
                assert (trie.search(text, start, end) is not None) == gate.found(text, start, end), (text[start:end], phrases)
        assert (trie.search(text) is not None) == gate.found(text)
