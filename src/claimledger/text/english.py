"""English plurals: folded to the singular (one rule for claim keys and the evaluation's unit names), and a
count with its noun for messages."""

from __future__ import annotations

import re

from claimledger.data_files import data_table

_IRREGULAR: dict[str, str] = data_table("english.toml")["irregular_plurals"]
# viruses, bonuses, campuses (but houses, causes, pauses keep their e).
_LATIN_US_PLURAL = re.compile(r"(?<=[^aeiou])uses$")
# -ches, -shes, -xes, -sses drop "es" (inches, boxes, classes), except after a lone
# vowel, where the singular ends in e (caches, niches; but beaches, coaches).
_ES_PLURAL = re.compile(r"(?:ch|sh|x|ss)es$")
_E_SINGULAR = re.compile(r"(?<![aeiou])[aeiou](?:ch|sh)es$")


def singular(word: str) -> str:
    """A plural English noun made singular by its spelling (goals -> goal, cities -> city, GPUs -> GPU,
    inches -> inch); other words, and words of three letters or fewer, unchanged."""
    if len(word) <= 3 or not word.isascii():
        return word
    if word.lower() in _IRREGULAR:
        return _IRREGULAR[word.lower()]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if _ES_PLURAL.search(word) and not _E_SINGULAR.search(word) or _LATIN_US_PLURAL.search(word):
        return word[:-2]
    # Four-letter words in -us are chip acronyms (GPUs, CPUs, TPUs), not Latin (status).
    if word.endswith("s") and not word.endswith(("ss", "is")) and (len(word) == 4 or not word.endswith("us")):
        return word[:-1]
    return word


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """'1 feed', '2 feeds', '0 feeds': `number` with `noun`, in the plural (`plural`, else noun + s) unless one."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
