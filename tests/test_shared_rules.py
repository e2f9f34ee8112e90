"""Facts that used to be written twice, now written once: plurals, per-unit separators, years, script ranges.

Each test shows the behaviour the one rule chose where the two copies disagreed.
"""

from __future__ import annotations

import re

import pytest

from claimledger import extract
from claimledger.diff.keys import normalise_metric, normalise_name
from claimledger.evaluation import unit_name
from claimledger.extraction.numbers import find_numbers
from claimledger.ledger.open import open_ledger
from claimledger.browse.search import fts_query
from claimledger.ledger.search_index import space_cjk
from claimledger.text.english import singular
from claimledger.text.lang import detect_lang
from claimledger.text.scripts import HAN, HAN_RANGES, HANGUL_RANGES, KANA_RANGES, character_class

# 䶮 (U+4DAE) is in CJK Extension A, 丽 (U+F95E) a compatibility ideograph.
EXTENSION_A = "\u4dae"
COMPATIBILITY = "\uf95e"


@pytest.mark.parametrize(
    ("word", "single"),
    [
        ("goals", "goal"), ("tokens", "token"), ("queries", "query"), ("cities", "city"), ("GPUs", "GPU"),
        ("gpus", "gpu"), ("cpus", "cpu"), ("ties", "tie"), ("boxes", "box"), ("inches", "inch"),
        ("classes", "class"), ("caches", "cache"), ("niches", "niche"), ("beaches", "beach"),
        ("viruses", "virus"), ("houses", "house"), ("causes", "cause"), ("children", "child"),
        ("calories", "calorie"), ("status", "status"), ("bonus", "bonus"), ("analysis", "analysis"),
        ("bus", "bus"), ("GPU", "GPU"), ("显卡", "显卡"),
    ],
)
def test_one_singular_rule(word, single):
    assert singular(word) == single


def test_claim_keys_and_evaluation_fold_plurals_alike():
    # The keys' copy read "caches" as "cache" but "inches" as "inche"; the evaluation's read "GPUs" as "gpus".
    assert normalise_name("L2 caches") == normalise_name("L2 cache")
    assert normalise_metric("switches") == normalise_metric("switch")
    assert unit_name("count", None, "gpus") == unit_name("count", None, "gpu") == "gpu"


@pytest.mark.parametrize(
    ("text", "unit"),
    [("Access costs $5-a-month per seat.", "dollar / month"), ("Access costs $5 a-month.", "dollar / month"),
     ("It serves 20 tokens-a-second.", "token / second"), ("It serves 20 tokens a-second.", "token / second")],
)
def test_a_per_unit_separator_is_read_alike_after_an_amount_and_after_a_unit(text, unit):
    # Amounts knew "a-month" but not "-a-month"; units knew "-a-second" but not "a-second".
    (claim,) = extract(text, all_quantities=True)
    assert claim.unit == unit


def test_years_are_one_span_of_centuries_for_the_finder_and_the_extractor():
    # The number finder read 1800..1899 as counts, the extractor as years.
    assert find_numbers("The lab was founded in 1865.") == []
    assert extract("The bridge opened in 1850.", all_quantities=True) == []
    assert [claim.text for claim in extract("The cluster has 1850 GPUs.")] == ["1850 GPUs"]


def test_han_is_extension_a_unified_and_compatibility_ideographs():
    han = re.compile(f"[{HAN}]")
    for low, high in HAN_RANGES:
        assert han.fullmatch(chr(low)) and han.fullmatch(chr(high))
    assert han.fullmatch(EXTENSION_A) and han.fullmatch(COMPATIBILITY)
    assert not han.search("ひらがな カタカナ 한국어 Latin ，。")
    assert re.fullmatch(f"[{character_class(KANA_RANGES)}]+", "ひらがなカタカナ")
    assert re.fullmatch(f"[{character_class(HANGUL_RANGES)}]+", "한국어")


def test_extension_a_characters_count_as_chinese_everywhere(tmp_path):
    text = f"{EXTENSION_A}{COMPATIBILITY}{EXTENSION_A}{COMPATIBILITY}"
    assert detect_lang(text) == "zh"
    assert normalise_name(f"{EXTENSION_A} GPU") == normalise_name(f"{EXTENSION_A}GPU")
    db = open_ledger(tmp_path / "ledger.db")
    db["documents"].insert({"id": 1, "entry_id": "e", "content_hash": "h", "title": text})
    db.close()
    connection = open_ledger(tmp_path / "ledger.db").conn
    found = connection.execute(
        "SELECT id FROM documents WHERE title_sentence_id IN "
        "(SELECT rowid FROM sentence_search WHERE sentence_search MATCH ?)", [fts_query(COMPATIBILITY)]
    ).fetchall()
    connection.close()
    assert found == [(1,)]
    assert space_cjk(text) == f" {EXTENSION_A}  {COMPATIBILITY}  {EXTENSION_A}  {COMPATIBILITY} "
