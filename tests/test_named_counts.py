"""A few things counted in English words are prose ("two GPUs", "one rack"), but a count of
hardware named by its model or brand is a figure ("two Trainium2 chips", "four H100 GPUs"),
with the chip word after the model part of what is counted, in both languages."""

from __future__ import annotations

import pytest

from claimledger import extract


def claim_texts(sentence: str, lang: str | None = None) -> list[str]:
    return [claim.text for claim in extract(sentence, lang=lang)]


NAMED = [
    ("Each server holds two Trainium2 chips.", "two Trainium2 chips"),
    ("The tray carries four H100 GPUs.", "four H100 GPUs"),
    ("The board pairs two Grace CPUs with its GPUs.", "two Grace CPUs"),
    ("The node packs eight MI300X accelerators.", "eight MI300X accelerators"),
    ("A blade hosts three Gaudi3 accelerators.", "three Gaudi3 accelerators"),
    ("The sled adds two Blackwell GPUs.", "two Blackwell GPUs"),
    ("The module combines one Grace CPU and two B200 GPUs.", "two B200 GPUs"),
    ("Each instance gets four Trainium3 chips.", "four Trainium3 chips"),
    ("The workstation fits two RTX GPUs.", "two RTX GPUs"),
    ("Its chassis holds six H200 GPUs.", "six H200 GPUs"),
]


@pytest.mark.parametrize(("sentence", "written"), NAMED)
def test_a_count_in_words_of_named_hardware_is_a_figure(sentence: str, written: str) -> None:
    assert written in claim_texts(sentence)


PROSE = [
    "The board carries two GPUs.",
    "One rack is enough for the pilot.",
    "We tested three servers in the lab.",
    "Two nodes went offline during the run.",
    "She brought four chips to the demo.",
    "The team keeps five racks in reserve.",
    "Each desk has two monitors and one laptop.",
    "Three engineers reviewed the design.",
    "Six teams joined the hackathon.",
    "The demo used two cards.",
]


@pytest.mark.parametrize("sentence", PROSE)
def test_a_few_unnamed_things_in_words_stay_prose(sentence: str) -> None:
    assert claim_texts(sentence) == []


CHIP_WORD_AFTER_MODEL = [
    ("The pod links 144 Trainium3 chips per rack.", "144 Trainium3 chips"),
    ("It has 2 Trainium2 chips.", "2 Trainium2 chips"),
    ("该服务器配备 8 颗 H100 芯片。", "8 颗 H100 芯片"),
    ("集群共部署 1 万张 H800 加速卡。", "1 万张 H800 加速卡"),
    ("We rent 64 H100 GPUs by the hour.", "64 H100 GPUs"),
]


@pytest.mark.parametrize(("sentence", "written"), CHIP_WORD_AFTER_MODEL)
def test_the_chip_word_after_a_counted_model_belongs_to_the_count(sentence: str, written: str) -> None:
    assert written in claim_texts(sentence)
