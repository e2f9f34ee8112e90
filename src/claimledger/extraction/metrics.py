"""Metric concepts (data/metrics.toml): what a figure measures, one canonical name for
every way posts write it ("tokens/sec", "TPS" and "tok/s" are tokens per second;
"每 MW 每秒 token 数" is tokens per second per MW), found on the words of the annotation
Doc (a dictionary of word runs: the one-line `claims extract` loads no spaCy for it),
and, where no word names it, from the figure's unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import compress
from re import _constants, _parser  # the parsed form of a pattern: what its matches begin with
from typing import TYPE_CHECKING, NamedTuple

from claimledger.data_files import data_table
from claimledger.entities.folding import simplified_table
from claimledger.extraction.cues import lowered
from claimledger.extraction.names import Name, whole
from claimledger.text.alternation import any_of

if TYPE_CHECKING:
    from claimledger.extraction.annotate import Words


class Metric(NamedTuple):
    """A metric mention: [start, end), as written, and its concept (canonical name)."""

    start: int
    end: int
    text: str
    concept: str


@cache
def metric_table() -> dict:
    """data/metrics.toml, parsed, written simplified (it is matched on simplified text)."""
    return simplified_table(data_table("metrics.toml"))


@dataclass(slots=True)
class Phrases:
    """Metric spellings by their words, one word at a time: the concept the words so far
    spell (None: they only open longer spellings) and what may follow them."""

    concept: str | None = None
    following: dict[str, Phrases] = field(default_factory=dict)


@cache
def metric_phrases() -> dict[str, Phrases]:
    """Every metric concept's name and alias as the lower-case words of its annotation Doc,
    by first word (a later spelling of the same words wins)."""
    from claimledger.extraction.annotate import phrase_words

    first: dict[str, Phrases] = {}
    for concept in metric_table()["concept"]:
        for spelling in (concept["name"], *concept.get("aliases", ())):
            words = phrase_words(spelling)
            if words:
                node = first.setdefault(words[0], Phrases())
                for word in words[1:]:
                    node = node.following.setdefault(word, Phrases())
                node.concept = concept["name"]
    return first


@cache
def metric_patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each pattern of data/metrics.toml with its concept; a match ending in a letter or digit is never
    glued to another, one ending in a Chinese character may touch a figure ("数据中心业务同比增长23%")."""
    return [
        (re.compile(item["pattern"] + r"(?!(?<=[A-Za-z0-9_])[A-Za-z0-9_])", re.IGNORECASE), item["concept"])
        for item in metric_table()["pattern"]
    ]


@cache
def _pattern_words() -> list[re.Pattern[str] | None]:
    """For each of `metric_patterns`, its `words` as one pattern found anywhere in lowered text ("pod"
    in "superpods"; None: it has none)."""
    return [re.compile("|".join(map(re.escape, item["words"]))) if item.get("words") else None for item in metric_table()["pattern"]]


@cache
def _any_pattern_word() -> re.Pattern[str]:
    """Every pattern's `words` as one trie, the longest first: at a place where several begin it
    finds the longest, which holds the others (a trie tries each character once: at each letter
    of English text a flat alternation tries every word starting with it)."""
    return re.compile(any_of(sorted({word for item in metric_table()["pattern"] for word in item.get("words", ())})))


def _pattern_words_in(low: str) -> frozenset[str]:
    """The longest pattern word beginning at each place of lowered text that one begins at (one
    search per such place, where a search per pattern reads the whole text for each)."""
    found = set()
    position = 0
    while (match := _any_pattern_word().search(low, position)) is not None:
        found.add(match.group())
        position = match.start() + 1
    return frozenset(found)


@lru_cache(maxsize=256)
def _patterns_to_try(found: frozenset[str], unworded: bool) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The metric patterns, in order, that may match a text holding the pattern words `found`
    (`_pattern_words_in`), and the ones with no words when `unworded`."""
    return tuple(
        pattern_and_concept
        for pattern_and_concept, hint in zip(metric_patterns(), _pattern_words())
        if (unworded if hint is None else any(hint.search(word) for word in found))
    )


@cache
def any_metric_pattern() -> re.Pattern[str]:
    """The metric patterns without `words` as one alternation: it matches where one of them does, so a sentence
    it finds nothing in needs none of them run. A look-ahead on the characters they can begin
    with lets the search pass every other position with one test (case is ignored: no prefix
    scan otherwise)."""
    patterns = [pattern.pattern for (pattern, _), words in zip(metric_patterns(), _pattern_words()) if words is None]
    return re.compile(opening_looked_ahead("|".join(f"(?:{pattern})" for pattern in patterns), re.IGNORECASE), re.IGNORECASE)


def opening_looked_ahead(pattern: str, flags: int) -> str:
    """`pattern` after a look-ahead on the characters its matches begin with, when they are
    plain (`_openers`): a search then passes every other position with one test, where an
    alternation tries each of its branches there."""
    chars = _openers(_parser.parse(pattern, flags))
    if chars is None:
        return pattern
    return f"(?=[{''.join(sorted(re.escape(chr(char)) for char in chars))}])(?:{pattern})"


def _openers(items: Iterable[tuple]) -> set[int] | None:
    """The characters (code points) a match of parsed regex `items` must begin with; None when
    that is not plain (a class by category, a look-around, an optional start) or it may match
    nothing."""
    for op, value in items:
        if op is _constants.AT:  # ^, \b: no character
            continue
        if op is _constants.ASSERT and value[0] == 1:  # a look-ahead: the match begins as it does
            return _openers(value[1])
        if op is _constants.LITERAL:
            return {value}
        if op is _constants.IN:
            return {char for _, char in value} if all(kind is _constants.LITERAL for kind, _ in value) else None
        if op is _constants.SUBPATTERN:
            return _openers(value[3])
        if op is _constants.BRANCH:
            branches = [_openers(branch) for branch in value[1]]
            return None if any(chars is None for chars in branches) else set().union(*branches)
        if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT) and value[0] >= 1:
            return _openers(value[2])
        return None
    return None


@cache
def metric_words() -> frozenset[str]:
    """Every metric concept's name and alias, lower-cased: a word that names a measure
    ("Efficiency", "Throughput", "能效") is never a figure's subject."""
    spellings = [spelling.lower() for concept in metric_table()["concept"] for spelling in (concept["name"], *concept.get("aliases", ()))]
    # The head word of a measure alone names it too: "Efficiency" (energy efficiency), "Bandwidth".
    heads = [spelling.split()[-1] for spelling in spellings if " " in spelling and spelling.split()[-1].isalpha()]
    return frozenset(spellings + heads)


@cache
def segment_words() -> re.Pattern[str]:
    """A word naming a part of a company (data/metrics.toml [segment]), in lower case, the part's name in
    group `lastgroup` (its words' order: "_0" for the table's first part)."""
    parts = metric_table()["segment"]
    return re.compile(
        "|".join(
            f"(?P<_{index}>" + "|".join(rf"(?<![a-z]){re.escape(word)}(?![a-z])" for word in words) + ")"
            for index, words in enumerate(parts.values())
        )
    )


@cache
def segment_names() -> tuple[str, ...]:
    """The parts of data/metrics.toml [segment], in the table's order (`segment_words`' groups)."""
    return tuple(metric_table()["segment"])


@cache
def spec_metrics() -> frozenset[str]:
    """Concepts that are hardware specifications (`spec = true`): no workload conditions them."""
    return frozenset(concept["name"] for concept in metric_table()["concept"] if concept.get("spec"))


@cache
def bare_count_metrics() -> frozenset[str]:
    """Concepts counting what the unit table has no unit for ([dimension] ""): customers, units sold."""
    return frozenset(concept for concept, dimensionality in metric_table()["dimension"].items() if not dimensionality)


@cache
def rate_metrics() -> frozenset[str]:
    """Concepts measured per unit of time (`rate = true`: "compute", "throughput")."""
    return frozenset(concept["name"] for concept in metric_table()["concept"] if concept.get("rate"))


def find_metrics(text: str, fold: str, words: Words, names: list[Name]) -> list[Metric]:
    """Metric mentions (a run of the sentence's Doc `words` that spells a name or alias, in
    lower case), longest first where they overlap, never inside a name ("HBM" in "HBM3E") nor
    joined by a hyphen to the word after ("raised-floor")."""
    first = metric_phrases()
    lowered_words = words.lowered
    last = len(lowered_words)
    found = []
    for index in compress(range(last), map(first.__contains__, lowered_words)):
        phrase: Phrases | None = first[lowered_words[index]]
        end = index + 1
        while True:
            if phrase.concept is not None:
                found.append((words.starts[index], words.ends[end - 1], phrase.concept))
            if end == last or (phrase := phrase.following.get(lowered_words[end])) is None:
                break
            end += 1
    unworded = any_metric_pattern().search(fold) is not None
    for pattern, template in _patterns_to_try(_pattern_words_in(lowered(fold)), unworded):
        for match in pattern.finditer(fold):
            found.append((match.start(), match.end(), _filled(template, match)))
    found = [
        (start, end, concept)
        for start, end, concept in found
        if whole(fold, start, end) and not COMPOUND_AFTER.match(text, end) and not _clashes(names, start, end)
    ]
    if " and " in text or "&" in text:
        found = _whole_compounds(text, found)
    found.sort(key=lambda item: (item[0], -(item[1] - item[0])))
    kept: list[Metric] = []
    for start, end, concept in found:
        if kept and start < kept[-1].end:
            continue
        kept.append(Metric(start, end, text[start:end], concept))
    return kept


# A capitalised word (a part's name) joined by "and" to a qualified measure: "Data Center and AI revenue".
JOINED_PART_BEFORE = re.compile(r"(?<![\w-])(?-i:[A-Z])[\w-]*\s+(?:and|&)\s+$")


def _whole_compounds(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Without a qualified measure that shares its head with a part named before it ("Data Center and AI revenue"
    is neither AI revenue nor total revenue, so no metric), unless that part is itself a measure ("Revenue and
    net income")."""
    qualified = _qualified_concepts()
    measure_ends = {end for _, end, _ in found}
    halves = {
        end for start, end, concept in found
        if concept in qualified and (joined := JOINED_PART_BEFORE.search(text, max(0, start - 40), start)) is not None
        and not any(measure_end <= start and measure_end > joined.start() for measure_end in measure_ends)
    }
    return [item for item in found if item[1] not in halves] if halves else found


@cache
def _qualified_concepts() -> frozenset[str]:
    """Concepts named by a qualifier and another concept's name ("AI revenue", "cloud revenue")."""
    names = {concept["name"].lower() for concept in metric_table()["concept"]}
    return frozenset(
        concept["name"] for concept in metric_table()["concept"]
        if " " in concept["name"] and concept["name"].lower().split()[-1] in names
    )


# A word joined by a hyphen to the next one is part of an adjective: "raised-floor", "power-hungry".
COMPOUND_AFTER = re.compile(r"-[A-Za-z]")


def _clashes(names: list[Name], start: int, end: int) -> bool:
    """Whether a metric at [start, end) overlaps a name: no metric then ("HBM" in "HBM3E", a model's
    name), unless it holds a component's name whole ("NVLink bandwidth", "HBM 带宽")."""
    for name in names:
        if name.start < end and start < name.end:
            if not (name.kind == "component" and start <= name.start and name.end <= end and end - start > name.end - name.start):
                return True
    return False


PLACEHOLDER = re.compile(r"\{(\d)\}")


def _filled(template: str, match: re.Match[str]) -> str:
    words = metric_table().get("pattern_words", {})

    def value(ref: re.Match[str]) -> str:
        written = " ".join((match.group(int(ref.group(1))) or "").split())
        return words.get(written, words.get(written.lower(), written))

    filled = PLACEHOLDER.sub(value, template)
    return _concept_names().get(filled.lower(), filled)


@cache
def _concept_names() -> dict[str, str]:
    """Each concept's canonical name by its lower case: a pattern filled from capitalised words
    ("the Data Center Group grew") names the concept as written in the table."""
    return {concept["name"].lower(): concept["name"] for concept in metric_table()["concept"]}
