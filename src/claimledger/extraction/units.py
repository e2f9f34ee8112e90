"""Units for claims: a pint registry built for this domain, and unit surface forms.

The registry starts empty and loads only the definitions in data/units.toml, once
per process, so bits and bytes have their own [information] dimension and
tokens, queries, GPUs and racks have dimensions of their own. Surface forms
("Tb/s", "TPS/MW", "每 MW 每秒", "颗 GPU") are matched here by regular
expressions built from the same file; pint only sees canonical unit names.
A unit counted in a scale ("per million tokens", "每百万 tokens": a megatoken) is
written with its scale in front of the counted unit's forms ([scaled]).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from claimledger.data_files import data_table
from claimledger.dimensions import ordered_dimensionality
from claimledger.text.scripts import HAN

if TYPE_CHECKING:
    import pint

SI_SYMBOL_PREFIXES = {
    "p": "pico", "n": "nano", "µ": "micro", "μ": "micro", "u": "micro", "m": "milli", "c": "centi", "d": "deci",
    "k": "kilo", "K": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta",
    "E": "exa", "Z": "zetta",
    "Ki": "kibi", "Mi": "mebi", "Gi": "gibi", "Ti": "tebi", "Pi": "pebi", "Ei": "exbi",
}

# How a denominator is joined to what precedes it: "/s", " per second", "每秒".
SPACES_OR_HYPHENS = re.compile(r"[\s-]+")
# A power written after a unit: "mm²", "m^3", "cm**2" (never "HBM3": the caret or a superscript is needed).
POWER = re.compile(r"([²³])|(?:\^|\*\*)([23])(?!\d|\.\d)")
POWER_DIGITS = {"²": "2", "³": "3"}
PER_SEPARATOR = re.compile(r"\s*/\s*(?:每\s*)?|\s+per\s+|[-‐‑]per[-‐‑]|\s+an?[\s-]+|-an?-|\s*每\s*", re.IGNORECASE)
# A per-separator written as an article ("a year", "-a-"): only there may a time word after say when.
ARTICLE_SEPARATOR = re.compile(r"\s+an?[\s-]+|-an?-", re.IGNORECASE)
# "a week earlier", "a year ago": a point in time, not a rate.
TIME_AGO = re.compile(r"[ \t]+(?:earlier|ago|later|before|after|prior|previously|on)\b", re.IGNORECASE)
# "per" in any case, or 每: the one class it opens with lets a search skip to those characters
# (case-insensitive letters, or a look-ahead first, would have it try every position).
PER_PREFIX = re.compile(r"[Pp每](?:(?<=\b[Pp])[Ee][Rr]\b|(?<=每))\s*")


OFFSET_UNITS = frozenset({"degree_Celsius", "degree_Fahrenheit"})


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """A canonical unit: pint's name for it, its dimensionality and its base units."""

    unit: str
    dimensionality: str
    base_unit: str


class UnitMatch(NamedTuple):
    """A unit written in text: [start, end) and the pint expression it stands for (a named
    tuple: the unit rules make several per figure)."""

    start: int
    end: int
    text: str
    expression: str


def unit_table() -> dict[str, Any]:
    """data/units.toml, parsed."""
    return data_table("units.toml")


@lru_cache(maxsize=1)
def unit_registry() -> pint.UnitRegistry:
    """The domain registry: empty pint registry plus data/units.toml definitions."""
    import pint

    registry = pint.UnitRegistry(None, autoconvert_offset_to_baseunit=True)
    for definition in unit_table()["definitions"]:
        registry.define(definition)
    return registry


@lru_cache(maxsize=1024)
def unit_info(expression: str) -> UnitInfo:
    """Canonical name, dimensionality and base unit of a pint unit expression."""
    registry = unit_registry()
    quantity = registry.Quantity(1, expression)
    base = quantity.to_base_units()
    return UnitInfo(
        unit=str(quantity.units),
        dimensionality=ordered_dimensionality(dict(quantity.dimensionality)) or "dimensionless",
        base_unit=str(base.units),
    )


# Converted values keep this many significant digits, so binary float noise
# (900 ns -> 9.000000000000001e-07) does not reach the ledger or equality checks.
SI_SIGNIFICANT_DIGITS = 12
SI_FORMAT = f".{SI_SIGNIFICANT_DIGITS}g"


def si_value(value: float, expression: str) -> float:
    """`value` in the unit `expression`, converted to base units."""
    if expression in OFFSET_UNITS:
        # 20 °C is not 20 times 1 °C in kelvin: convert the value itself.
        converted = float(unit_registry().Quantity(value, expression).to_base_units().magnitude)
    else:
        converted = value * _base_factor(expression)
    return float(format(converted, SI_FORMAT))


@lru_cache(maxsize=1024)
def _base_factor(expression: str) -> float:
    registry = unit_registry()
    return float(registry.Quantity(1.0, expression).to_base_units().magnitude)


def _plural_pattern(word: str) -> str:
    """Regex for a word and its English plural ("query" -> queries, "inch" -> inches)."""
    escaped = re.escape(word)
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return escaped[:-1] + "(?:y|ies)"
    if word.endswith(("s", "x", "ch", "sh")):
        return escaped + "(?:es)?"
    if word[-1].isalpha():
        return escaped + "s?"
    return escaped


@lru_cache(maxsize=1)
def _surface_forms() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(symbols, words, chinese) surface form -> pint expression, from the unit table."""
    table = unit_table()
    symbols: dict[str, str] = {}
    words: dict[str, str] = {}
    chinese: dict[str, str] = {}
    for unit, spec in table["prefixed"].items():
        for symbol in spec["symbols"]:
            symbols.setdefault(symbol, unit)
        for word in spec["words"]:
            words.setdefault(word, unit)
        for prefix in spec["prefixes"]:
            name = SI_SYMBOL_PREFIXES[prefix]
            for symbol in spec["symbols"] + spec.get("prefixed_symbols", []):
                symbols.setdefault(prefix + symbol, name + unit)
                if spec.get("spaced_prefixes"):
                    symbols.setdefault(f"{prefix} {symbol}", name + unit)  # "8E FLOPS"
            for word in spec["words"]:
                words.setdefault(name + word, name + unit)
    for unit, spec in table["aliases"].items():
        for symbol in spec.get("symbols", []):
            symbols[symbol] = unit
        for word in spec.get("words", []):
            words[word.lower()] = unit
        for form in spec.get("zh", []):
            chinese[form] = unit
    for unit, spec in table.get("scaled", {}).items():
        scaled_words, scaled_chinese = _scaled_forms(spec, table["aliases"][spec["unit"]]["words"])
        words.update(dict.fromkeys(scaled_words, unit))
        chinese.update(dict.fromkeys(scaled_chinese, unit))
    return symbols, words, chinese


def _scaled_forms(spec: dict[str, Any], counted_words: list[str]) -> tuple[list[str], list[str]]:
    """(words, Chinese forms) of a unit counted in a scale ([scaled] of data/units.toml): each
    English scale before every word of the counted unit ("million output token"), each Chinese
    scale before its one-word forms in their usual cases, glued or spaced ("百万tokens", "千 Token")."""
    english = [f"{scale} {word}".lower() for scale in spec["scales"] for word in counted_words]
    single = [word for word in counted_words if " " not in word]
    cased = [form for word in single for form in (word, word + "s", word.capitalize(), word.capitalize() + "s")]
    chinese = [scale + space + form for scale in spec["zh_scales"] for space in ("", " ") for form in cased]
    return english, chinese


class FirstCharacterIndex:
    """An alternation of surface forms matched at one position, trying only the forms whose
    first character can match the character there: the same match as the whole alternation
    (no other form can start there), without walking hundreds of forms that cannot."""

    def __init__(self, alternatives: list[tuple[str, str]], suffix: str = "", flags: int = 0) -> None:
        # (first character, regex) in the alternation's order.
        self._alternatives = alternatives
        self._suffix = suffix
        self._flags = flags
        self._by_character: dict[str, re.Pattern[str] | None] = {}

    def match(self, text: str, pos: int) -> re.Match[str] | None:
        character = text[pos : pos + 1]
        if character not in self._by_character:
            self._by_character[character] = self._pattern_for(character)
        pattern = self._by_character[character]
        return pattern.match(text, pos) if pattern is not None else None

    def _pattern_for(self, character: str) -> re.Pattern[str] | None:
        # The regex engine itself decides which first characters match (case folding included).
        firsts = {first for first, _ in self._alternatives}
        matching = {first for first in firsts if character and re.fullmatch(re.escape(first), character, self._flags)}
        forms = [regex for first, regex in self._alternatives if first in matching]
        return re.compile(f"(?:{'|'.join(forms)}){self._suffix}", self._flags) if forms else None


@lru_cache(maxsize=1)
def _atom_patterns() -> tuple[FirstCharacterIndex, FirstCharacterIndex, re.Pattern[str], frozenset[str]]:
    """Matchers for one unit atom: symbols, words, Chinese forms; and the characters other than
    whitespace a Chinese form's match may begin with (a classifier's or a form's first)."""
    symbols, words, chinese = _surface_forms()

    def alternatives(forms: list[str], render: Any) -> list[tuple[str, str]]:
        return [(form[0], render(form)) for form in sorted(forms, key=len, reverse=True)]

    symbol_index = FirstCharacterIndex(alternatives(list(symbols), re.escape), "(?![A-Za-z0-9])")
    word_index = FirstCharacterIndex(alternatives(list(words), _word_render), "(?![A-Za-z0-9])", re.IGNORECASE)
    classifiers = "|".join(map(re.escape, unit_table()["classifiers"]))
    not_before = {
        form: spec["zh_not_before"]
        for spec in unit_table()["aliases"].values() if "zh_not_before" in spec for form in spec["zh"]
    }

    def chinese_form(form: str) -> str:
        return re.escape(form) + (f"(?![{not_before[form]}])" if form in not_before else "")

    # `zh_bare` forms stand right after their number, never after a classifier ("2000 柜", not "3 个货柜").
    bare = {
        form: spec.get("zh_bare_not_before", "")
        for spec in unit_table()["aliases"].values() for form in spec.get("zh_bare", ())
    }  # the same forms as _bare_forms, each with what may not follow it
    counted = "|".join(chinese_form(form) for form in sorted(chinese, key=len, reverse=True) if form not in bare)
    alone = "|".join(re.escape(form) + (f"(?![{after}])" if after else "") for form, after in sorted(bare.items()))
    chinese_re = re.compile(rf"(?:{classifiers})?\s*(?:{counted})" + (f"|(?:{alone})" if alone else ""))
    chinese_firsts = frozenset(form[0] for form in [*unit_table()["classifiers"], *chinese, *bare])
    return symbol_index, word_index, chinese_re, chinese_firsts


def _word_render(word: str) -> str:
    parts = word.split(" ")
    return r"[\s-]+".join(re.escape(p) for p in parts[:-1]) + (
        r"[\s-]+" if len(parts) > 1 else ""
    ) + _plural_pattern(parts[-1])


def _canonical_word(surface: str) -> str | None:
    """Pint expression for an alias word as written (any case, maybe plural)."""
    _, words, _ = _surface_forms()
    folded = SPACES_OR_HYPHENS.sub(" ", surface.lower())
    candidates = [folded]
    if folded.endswith("ies"):
        candidates.append(folded[:-3] + "y")
    if folded.endswith("es"):
        candidates.append(folded[:-2])
    if folded.endswith("s"):
        candidates.append(folded[:-1])
    if folded == "feet":
        candidates.append("foot")
    for candidate in candidates:
        if candidate in words:
            return words[candidate]
    return None


def match_atom(text: str, pos: int) -> UnitMatch | None:
    """The longest single unit written at `pos` (no leading space skipped)."""
    symbol_index, word_index, chinese_re, chinese_firsts = _atom_patterns()
    symbols, _, chinese = _surface_forms()
    best: UnitMatch | None = None
    # A symbol, a word, a Chinese form: each read when it is longer than the one before.
    found = symbol_index.match(text, pos)
    if found and (expression := symbols[found.group()]):
        best = UnitMatch(pos, found.end(), found.group(), expression)
    found = word_index.match(text, pos)
    if found and not (best and found.end() <= best.end) and (expression := _canonical_word(found.group()) or ""):
        best = UnitMatch(pos, found.end(), found.group(), expression)
    character = text[pos : pos + 1]
    found = chinese_re.match(text, pos) if character in chinese_firsts or character.isspace() else None
    if found and not (best and found.end() <= best.end):
        surface = found.group()
        expression = chinese.get(surface.lstrip(_classifier_characters()).strip()) or chinese.get(surface, "")
        if expression:
            best = UnitMatch(pos, found.end(), surface, expression)
    if best is not None and best.expression.isidentifier() and (power := POWER.match(text, best.end)) is not None:
        # "814 mm²", "3.8 mm^2": the unit raised to a power, never a number of its own.
        exponent = POWER_DIGITS.get(power.group(1)) or power.group(2)
        return UnitMatch(pos, power.end(), text[pos:power.end()], f"{best.expression} ** {exponent}")
    return best


_SPACE = re.compile(r"[ \t\u00a0\u3000]*")


def match_unit(text: str, pos: int) -> UnitMatch | None:
    """The unit written after a number ending at `pos`, compound per-units included.

    Skips spaces and a Chinese classifier before the unit ("72 颗 GPU"), and up to
    two words before a device unit ("72 Rubin GPUs"); follows "/x", " per x" and
    "每 x" as often as they are written ("tokens per second per GPU", "TPS/MW").
    """
    start = _SPACE.match(text, pos).end()
    first = _first_atom(text, start)
    if first is None and start == pos and text.startswith(("-", "‐", "‑"), pos):
        # "3.5-liter", "185-hp", "10-year-old": a unit hyphenated to its number.
        start = pos + 1
        first = match_atom(text, start)
    if first is None:
        return None
    expressions = [first.expression]
    end = first.end
    while True:
        separator = PER_SEPARATOR.match(text, end)
        if not separator:
            break
        denominator = match_atom(text, separator.end())
        # "3,000 GPUs a year ago" says when, not a rate
        if denominator is None or ARTICLE_SEPARATOR.fullmatch(separator.group(0)) and TIME_AGO.match(text, denominator.end):
            break
        expressions.append(f"({denominator.expression})")
        end = denominator.end
    expression = " / ".join(expressions)
    if not _valid(expression):
        return None
    return UnitMatch(start, end, text[start:end], expression)


# A word naming the devices counted ("72 Rubin GPUs"), never a function word: "11,100 in the
# server scenario" counts no servers.
_NAME_WORD = re.compile(
    r"(?!(?:in|on|at|of|for|to|from|by|with|and|or|the|a|an|its|their|our|this|that|these|those|each|every)[ \t])"
    r"[A-Za-z][A-Za-z0-9-]*[ \t]+",
    re.IGNORECASE,
)
NAME_WORDS_BEFORE_UNIT = 3
_CAPITALISED_WORDS = re.compile(r"(?:[A-Z][A-Za-z0-9-]*[ \t]+)+")
# Chinese characters between a number and the countable unit they qualify (see _after_han_words).
_HAN_NAME = re.compile(rf"([{HAN}]+)[ \t]*")
HAN_WORDS_BEFORE_UNIT = 4
MAGNITUDES = "万亿兆"
DEVICE_DIMENSIONS = frozenset({"[gpu]", "[cpu]", "[rack]", "[node]", "[server]"})


@lru_cache(maxsize=1)
def _precision_re() -> re.Pattern[str]:
    return re.compile("|".join(unit_table()["precisions"]))


class _Precision:
    """Number formats written between a figure and its unit ("20 FP4 PFLOPS"), from data/units.toml."""

    def fullmatch(self, word: str) -> re.Match[str] | None:
        return _precision_re().fullmatch(word)


_PRECISION = _Precision()


@lru_cache(maxsize=1)
def _classifier_characters() -> str:
    """Every character of the Chinese classifiers (data/units.toml), stripped off a unit's form."""
    return "".join(unit_table()["classifiers"])


@lru_cache(maxsize=1)
def _classifier_re() -> re.Pattern[str]:
    classifiers = "|".join(map(re.escape, unit_table()["classifiers"]))
    return re.compile(rf"(?:{classifiers})[ \t\u3000]*")


def _first_atom(text: str, start: int) -> UnitMatch | None:
    """The first unit after a number: a classifier and device-naming words allowed."""
    atom = match_atom(text, start)
    if atom is not None:
        return atom
    classifier = _classifier_re().match(text, start)
    after_classifier = classifier.end() if classifier else start
    if classifier:
        atom = match_atom(text, after_classifier)
        if atom is not None:
            return UnitMatch(start, atom.end, text[start:atom.end], atom.expression)
    position = after_classifier
    for words in range(NAME_WORDS_BEFORE_UNIT):
        name = _NAME_WORD.match(text, position)
        if words == NAME_WORDS_BEFORE_UNIT - 1 and not _CAPITALISED_WORDS.fullmatch(text, after_classifier, position):
            return None  # a third word only inside a capitalised name: "72 NVIDIA Blackwell Ultra GPUs"
        if not name:
            # After a classifier or a magnitude only: "新一代液冷机柜" counts no racks.
            counted = classifier is not None or text[:start].rstrip()[-1:] in MAGNITUDES
            return _after_han_words(text, start, position) if counted else None
        position = name.end()
        atom = match_atom(text, position)
        if atom is None:
            continue
        if is_countable(atom.expression) or _PRECISION.fullmatch(name.group().strip()):
            # "72 Rubin GPUs", "129 output tokens/s", "362 FP8 PFLOPs"
            return UnitMatch(start, atom.end, text[start:atom.end], atom.expression)
    return None


@lru_cache(maxsize=1)
def _bare_forms() -> frozenset[str]:
    """Chinese unit forms read only right after their number (data/units.toml `zh_bare`: 柜)."""
    return frozenset(form for spec in unit_table()["aliases"].values() for form in spec.get("zh_bare", ()))


def _after_han_words(text: str, start: int, position: int) -> UnitMatch | None:
    """A countable unit after a few Chinese characters: a brand or an adjective
    ("4 颗昇腾 NPU", "64 台智算服务器", "100 万免费 Token"), read on simplified text."""
    for length in range(1, HAN_WORDS_BEFORE_UNIT + 1):
        words = _HAN_NAME.match(text, position, position + length + 2)
        if words is None or words.end(1) - position < length:
            return None
        atom = match_atom(text, _SPACE.match(text, position + length).end())
        if atom is not None and is_countable(atom.expression) and atom.text not in _bare_forms():
            return UnitMatch(start, atom.end, text[start:atom.end], atom.expression)
    return None


def match_per_units_before(text: str, pos: int) -> UnitMatch | None:
    """Per-units written before a number that starts at `pos` ("每 GPU 每秒 ...").

    Returns the chain of "per x" / "每 x" denominators ending right before `pos`
    (spaces allowed), with the expression of its denominators only, e.g. "1 / gpu / second".
    """
    denominators: list[tuple[int, str]] = []
    end = pos
    while True:
        found = _last_per_atom(text, end)
        if found is None:
            break
        start, expression = found
        denominators.insert(0, (start, expression))
        end = start
    if not denominators:
        return None
    start = denominators[0][0]
    expression = "1 / " + " / ".join(f"({e})" for _, e in denominators)
    stop = len(text[:pos].rstrip())
    return UnitMatch(start, stop, text[start:stop], expression)


def _last_per_atom(text: str, end: int) -> tuple[int, str] | None:
    """A single "每 x" / "per x" ending at `end` (trailing spaces allowed)."""
    window_start = max(0, end - 24)
    window = text[window_start:end]
    for found in PER_PREFIX.finditer(window):
        atom = match_atom(text, window_start + _SPACE.match(window, found.end()).end())
        if atom and not text[atom.end:end].strip():
            return window_start + found.start(), atom.expression
    return None


@lru_cache(maxsize=1024)
def _valid(expression: str) -> bool:
    """Whether pint can read `expression` (guards unusual alias combinations)."""
    import pint

    try:
        unit_info(expression)
    except (pint.errors.PintError, AttributeError, TypeError, ValueError):
        return False
    return True


COUNTABLE_DIMENSIONS = frozenset(
    {"[gpu]", "[cpu]", "[rack]", "[node]", "[server]", "[token]", "[query]", "[request]", "[sample]", "[core]", "[thread]", "[frame]"}
)


@lru_cache(maxsize=1)
def scaled_units() -> frozenset[str]:
    """Units counted in a scale ([scaled] of data/units.toml: megatoken, kilotoken)."""
    return frozenset(unit_table().get("scaled", {}))


def is_device(expression: str) -> bool:
    """Whether the unit counts hardware: GPUs, CPUs, racks, nodes, servers."""
    return unit_info(expression).dimensionality in DEVICE_DIMENSIONS


def is_countable(expression: str) -> bool:
    """Whether the unit counts things (72 GPUs) rather than measures (1.6 Tb/s)."""
    return unit_info(expression).dimensionality in COUNTABLE_DIMENSIONS


@lru_cache(maxsize=1)
def _currency_before_pattern() -> tuple[re.Pattern[str], frozenset[str]]:
    """The pattern of a currency written right before a number, and the characters its forms end with."""
    symbols, _, _ = _surface_forms()
    currencies = set(unit_table()["currencies"])
    forms = sorted((form for form, unit in symbols.items() if unit in currencies), key=len, reverse=True)
    glued = sorted(unit_table()["currency_prefixes"], key=len, reverse=True)
    pattern = re.compile(
        rf"(?<![A-Za-z])(?:(?:{'|'.join(map(re.escape, forms))})[ \u00a0]?|(?:{'|'.join(map(re.escape, glued))}))$"
    )
    return pattern, frozenset(form[-1] for form in [*forms, *glued])


def match_currency_before(text: str, pos: int) -> UnitMatch | None:
    """A currency symbol or code written right before a number at `pos` ("$", "US$", "RM")."""
    pattern, last_characters = _currency_before_pattern()
    before = text[pos - 1 : pos]
    # Most numbers have no currency form ending right before them (or before one space: "US$ 5").
    if before not in last_characters and not (before in (" ", "\u00a0") and text[pos - 2 : pos - 1] in last_characters):
        return None
    found = pattern.search(text, max(0, pos - 6), pos)
    if found is None:
        return None
    symbol = found.group(0).rstrip()
    symbols, _, _ = _surface_forms()
    expression = unit_table()["currency_prefixes"].get(symbol) or symbols[symbol]
    return UnitMatch(found.start(), found.start() + len(symbol), symbol, expression)


@dataclass(frozen=True, slots=True)
class BarePrefixes:
    """An SI prefix written alone after a number ("300P", "5万P", "8E"): the unit it
    abbreviates, in sentences that name what it measures."""

    pattern: re.Pattern[str]
    units: dict[str, str]
    cue: re.Pattern[str]


@lru_cache(maxsize=1)
def bare_prefixes() -> BarePrefixes:
    spec = unit_table()["bare_prefixes"]
    units = {prefix: SI_SYMBOL_PREFIXES[prefix] + spec["unit"] for prefix in spec["prefixes"]}
    pattern = re.compile(rf"[ ]?({'|'.join(units)})(?![A-Za-z0-9])")
    cue = re.compile("|".join(map(re.escape, spec["cues"])), re.IGNORECASE)
    return BarePrefixes(pattern, units, cue)


def match_bare_prefix(text: str, pos: int) -> UnitMatch | None:
    """A bare prefix standing for its unit right after a number ending at `pos` (see BarePrefixes)."""
    spec = bare_prefixes()
    found = spec.pattern.match(text, pos)
    if found is None or not spec.cue.search(text):
        return None
    return UnitMatch(found.start(1), found.end(), found.group(1), spec.units[found.group(1)])
