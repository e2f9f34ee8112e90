"""Our units in NewsQuant's vocabulary (rules in data/eval_units.toml), and when two names mean one unit."""

from __future__ import annotations

import re

from claimledger.data_files import data_table
from claimledger.text.english import singular

_UNITS = data_table("eval_units.toml")
_NOT_SUPERLATIVES = frozenset(_UNITS["not_superlatives"]["words"])
_SAME_UNIT: dict[str, str] = {alias: name for name, aliases in _UNITS["same_unit"].items() for alias in aliases}


def unit_name(kind: str, unit: str | None, unit_text: str | None) -> str | None:
    """Our unit in NewsQuant's vocabulary (rules in data/eval_units.toml)."""
    if kind == "percent":
        return "percentage"
    if kind == "ratio":
        return "count"
    if unit and unit.startswith("1 / ") and unit_text:
        # A counted noun over time ("tests per day"): named by its words.
        return " ".join(_british(singular(word)) for word in unit_text.lower().split())
    if unit:
        return " per ".join(_unit_part_name(part.strip("() ")) for part in unit.split("/"))
    if unit_text:
        written = unit_text.lower()
        if written in _UNITS["counted"]:
            return _UNITS["counted"][written]
        words = written.split()
        # The set lemmatises the adjectives of a counted noun: "best screens" -> "good screen".
        adjectives = [_positive(word) for word in words[:-1] if word not in ("most", "least")]
        return " ".join(_british(singular(word)) for word in [*filter(None, adjectives), words[-1]])
    return None


def _positive(adjective: str) -> str:
    """A superlative adjective in its plain form (best -> good, hottest -> hot, largest -> large)."""
    if adjective in _UNITS["superlatives"]:
        return _UNITS["superlatives"][adjective]
    if len(adjective) < 6 or not adjective.endswith("est") or adjective in _NOT_SUPERLATIVES:
        return adjective
    stem = adjective[:-3]
    if stem.endswith("i"):
        return stem[:-1] + "y"  # happiest
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]  # hottest, biggest
    if stem[-1] in "cgvsz" and not stem.endswith("ng"):
        return stem + "e"  # largest, closest
    return stem


def _unit_part_name(unit: str) -> str:
    """One numerator or denominator unit: its name in [units], or word by word."""
    if unit in _UNITS["units"]:
        return _UNITS["units"][unit]
    return " ".join(_british(_UNITS["words"].get(word, word)) for word in unit.replace("_", " ").split())


def _british(word: str) -> str:
    for ending, british in _UNITS["spelling"].items():
        if word.endswith(ending):
            return word[: -len(ending)] + british
    return word


def unit_key(unit: str | None) -> str:
    """A unit name in one spelling: lowercase, singular, aliases folded (eval_units.toml [same_unit])."""
    if not unit:
        return ""
    key = " ".join(singular(word) for word in re.sub(r"\s+", " ", unit.strip().lower()).split(" "))
    return _SAME_UNIT.get(key, key)
