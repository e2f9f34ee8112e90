"""Cue words from data/cues.toml, compiled once into regular expressions."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from claimledger.data_files import data_table
from claimledger.entities.folding import simplified_table

LATIN_WORD_CHAR = re.compile(r"[A-Za-z0-9]")


@lru_cache(maxsize=256)
def lowered(text: str) -> str:
    """`text` with ASCII letters in lower case: same length, so offsets still hold.

    Cue patterns are compiled case-sensitive in lower case and run on this:
    Python's re is many times faster that way than with IGNORECASE. Cached: every
    figure of a sentence asks for the same sentence. Lowered as UTF-8 bytes, where
    only ASCII letters change case: str.translate on Chinese text is ten times slower.
    """
    if text.isascii():
        return text.lower()
    return text.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")


# A word written in Chinese characters only.
HAN_ONLY = re.compile(r"[\u4e00-\u9fff]+")


@cache
def cue_table() -> dict[str, Any]:
    """data/cues.toml, parsed, written simplified (cues are matched on simplified text)."""
    return simplified_table(data_table("cues.toml"))


def phrase_pattern(phrase: str) -> str:
    """Regex for one cue phrase, lower case, spaces flexible; a Latin phrase ends
    on a word boundary (its start is bounded by `alternation`)."""
    body = r"\s+".join(map(re.escape, lowered(phrase).split()))
    if LATIN_WORD_CHAR.match(phrase[-1:]):
        body += r"\b"
    return body


def alternation(phrases: list[str], group: str | None = None) -> str:
    """Longest-first alternation of cue phrases (Latin ones first), optionally as a named group.

    Every branch opens with a plain character, so a search skips straight to the
    places one of them stands (a leading word boundary, or a look-ahead, would
    make Python's re try the whole pattern at every character): a Latin phrase's
    leading word boundary is a look-behind after its first letter, as in `any_phrase`.
    """
    ordered = sorted(set(phrases), key=len, reverse=True)
    words = [_bounded_after_first(phrase_pattern(p)) for p in ordered if LATIN_WORD_CHAR.match(p)]
    others = [phrase_pattern(p) for p in ordered if not LATIN_WORD_CHAR.match(p)]
    body = "|".join(words + others) or "(?!)"
    return f"(?P<{group}>{body})" if group else f"(?:{body})"


def _bounded_after_first(pattern: str) -> str:
    """A Latin phrase's pattern with its leading word boundary read after its first letter:
    no word character before that letter (what `\\b` before it says)."""
    return pattern[0] + r"(?<!\w.)" + pattern[1:]


def any_phrase(phrases: list[str]) -> str:
    """What `alternation(phrases)` matches, written as a trie of the phrases' characters and
    word gaps: a search reads each character once instead of trying every phrase at each
    place one of them starts. Every branch opens with a plain character, so the
    search skips to the next place one of them stands (a Latin phrase's leading word
    boundary is a look-behind after its first letter). Where two phrases match at one
    place it may find another one than `alternation`, so it only answers whether any is there."""
    if not phrases:
        return "(?:(?!))"
    trie: dict[str, dict] = {}
    for phrase in sorted(set(phrases)):
        node = trie
        for token in _phrase_tokens(phrase):
            node = node.setdefault(token, {})
        node[""] = {}
    return f"(?:{_branches(trie)})"


class PhraseGate:
    """Whether any of some cue phrases stands in a text: what a search of their `any_phrase` trie says,
    read faster in English. A Latin phrase opens a word (no word character before it), so its trie is read
    with the character before it: a search tries it only after a space or a sign, not at every letter.
    Worth it for many phrases whose first letters are most letters; a few are quicker as one trie."""

    def __init__(self, phrases: list[str]) -> None:
        latin = any_phrase([phrase for phrase in phrases if LATIN_WORD_CHAR.match(phrase)])
        self._trie = re.compile(any_phrase(phrases))
        self._latin = re.compile(latin)
        self._after_character = re.compile(rf"\W{latin}")
        self._others = re.compile(any_phrase([phrase for phrase in phrases if not LATIN_WORD_CHAR.match(phrase)]))

    def found(self, text: str, start: int = 0, end: int | None = None) -> bool:
        """Whether a phrase stands in text[start:end] (read as `re.Pattern.search` reads that span)."""
        end = len(text) if end is None else end
        if not text.isascii():  # few Chinese characters open a phrase: the one trie skips the rest as fast
            return self._trie.search(text, start, end) is not None
        if self._others.search(text, start, end) or self._after_character.search(text, max(0, start - 1), end):
            return True
        return start == 0 and self._latin.match(text, 0, end) is not None  # one opening the text: no character before it


def _phrase_tokens(phrase: str) -> list[str]:
    """The pieces of `phrase_pattern(phrase)`; the first letter of a Latin phrase carries its
    leading word boundary: no word character before it (`\\b`, read from after the letter)."""
    tokens: list[str] = []
    for index, word in enumerate(lowered(phrase).split()):
        tokens += ([r"\s+"] if index else []) + [re.escape(character) for character in word]
    if LATIN_WORD_CHAR.match(phrase):
        tokens[0] += r"(?<!\w.)"
    return tokens + ([r"\b"] if LATIN_WORD_CHAR.match(phrase[-1:]) else [])


def _branches(node: dict[str, dict]) -> str:
    """The regex for what may follow a trie node; "" marks where a phrase ends."""
    branches = [token + _branches(child) for token, child in node.items() if token]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


@cache
def role_words(name: str) -> re.Pattern[str]:
    """A search for any phrase of data/cues.toml [roles] `name` in lowered text (a trie, see `any_phrase`)."""
    return re.compile(any_phrase(cue_table()["roles"][name]))


def labelled_alternation(table: dict[str, list[str]]) -> tuple[str, dict[str, str]]:
    """One alternation for {label: phrases}, and a map from folded phrase to label.

    Longer phrases come first across labels, so "up to a maximum of" beats "up to".
    """
    labels: dict[str, str] = {}
    for label, phrases in table.items():
        for phrase in phrases:
            labels.setdefault(fold(phrase), label)
    return alternation([p for phrases in table.values() for p in phrases]), labels


@lru_cache(maxsize=1024)
def fold(phrase: str) -> str:
    """Case and spacing folded, for looking a matched cue up in its table; cached: the
    qualifier and trend rules fold each cue they find."""
    return " ".join(phrase.lower().split())


@lru_cache(maxsize=4)
def qualifier_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str], dict[str, str]]:
    """(cue ending a text, cue starting a text, before-labels, after-labels) for `lang`."""
    table = cue_table()["qualifier"][lang]
    connectors = alternation(cue_table()["connectors"][lang])
    before, before_labels = labelled_alternation(table["before"])
    after, after_labels = labelled_alternation(table["after"])
    ending = re.compile(rf"(?P<cue>{before})(?P<gap>(?:\s*{connectors})*\s*)$")
    # A word that opens with an after-cue is no cue: "256K 上下文" (context), not "256K 上下" (about).
    words = table.get("not_cue", {}).get("words")
    not_a_word = rf"(?!{alternation(words)})" if words else ""
    # A Chinese classifier may stand between the number and its cue ("5,000 颗以上").
    starting = re.compile(rf"\s*(?:[颗张块台个片枚套家座]\s*)?{not_a_word}(?P<cue>{after})")
    return ending, starting, before_labels, after_labels


@lru_cache(maxsize=4)
def metric_between_cue(lang: str) -> re.Pattern[str]:
    """A cue of the best case, a metric's Chinese name and a verb, ending a text: "最大算力可达",
    "最高带宽达到" (cues.toml [metric_between]). Matches nothing in a language it lists no cues for."""
    table = cue_table()["metric_between"]
    if f"{lang}_cues" not in table:
        return re.compile(r"(?!)")
    metric_names = sorted({
        alias for concept in data_table("metrics.toml")["concept"] for alias in concept.get("aliases", ())
        if HAN_ONLY.fullmatch(alias)
    })
    opening = [name for name in metric_names if name.startswith(tuple(table[f"{lang}_cues"]))]
    not_opening = rf"(?!{alternation(opening)})" if opening else ""
    return re.compile(
        rf"{not_opening}(?:{alternation(table[f'{lang}_cues'])})(?:{alternation(metric_names)})"
        rf"(?:{alternation(table[f'{lang}_verbs'])})\s*$"
    )


@lru_cache(maxsize=4)
def qualifier_gate(lang: str) -> re.Pattern[str]:
    """Whether any qualifier cue ends a text (the cue-ending pattern of `qualifier_patterns`,
    as a trie): most figures have none, and then one cheap search says so. A match starts
    where the leftmost match of that pattern does (both try every cue at each place)."""
    before = [phrase for phrases in cue_table()["qualifier"][lang]["before"].values() for phrase in phrases]
    connectors = alternation(cue_table()["connectors"][lang])
    return re.compile(rf"{any_phrase(before)}(?:\s*{connectors})*\s*$")


@lru_cache(maxsize=4)
def noun_before_cue(lang: str) -> dict[str, re.Pattern[str]]:
    """{folded cue: words that, right before it, make it the end of a noun}
    ("lead" in "the lead-up to 3G"), as patterns anchored at the text's end."""
    table = cue_table()["qualifier"][lang].get("not_after", {})
    # `alternation` bounds Latin words itself; a Chinese word is glued to the cue ("缩短至").
    return {fold(cue): re.compile(rf"{alternation(words)}[\s-]*$") for cue, words in table.items()}


# A period written between a figure and the noun it changes: "a 13% year-on-year revenue increase".
PERIOD_ADVERB = (
    r"(?:(?:year|quarter|month|week)[- ](?:on|over)[- ](?:year|quarter|month|week)|y/y|yoy|q/q|qoq"
    r"|annual(?:ized)?|sequential)\s+"
)


@lru_cache(maxsize=4)
def trend_patterns(lang: str) -> tuple[re.Pattern[str], dict[str, str], re.Pattern[str] | None, dict[str, str]]:
    """(cue before a number, labels, cue after it, labels) for `lang`."""
    trends = cue_table()["trend"]
    before, before_labels = labelled_alternation(trends[lang])
    after_table = trends.get(f"{lang}_after")
    # "rose to $7 billion", "rose sharply to", "was up at 96": the figure is the level reached.
    before_re = re.compile(rf"{before}(?!\s+(?:[a-z]+ly\s+|only\s+|just\s+)?(?:to|at)\b)")
    if not after_table:
        return before_re, before_labels, None, {}
    after, after_labels = labelled_alternation(after_table)
    # Not a verb on to a level or to its own figure: "由 1,000 提升至 2,000", "较 381 万元增长约 3.57%".
    after_re = re.compile(rf"^\s*(?:{PERIOD_ADVERB})?(?:[a-z-]+\s+)?{after}(?![至到])(?!\s*(?:了|约|近|超过|达)?\s*\d)")
    return before_re, before_labels, after_re, after_labels


@lru_cache(maxsize=4)
def trend_gate(lang: str) -> re.Pattern[str]:
    """Whether any trend cue of `lang` is in a text (the cues before a figure of `trend_patterns`, as a trie);
    no match of that pattern starts before the first match of this one."""
    return re.compile(any_phrase([phrase for phrases in cue_table()["trend"][lang].values() for phrase in phrases]))


# Hedges and articles that may stand between a cue and the figure ("down from about 27").
BETWEEN = r"(?:\s*(?:(?:the|a|an|about|around|roughly|approximately|nearly|some)\b|约|近|大约|超过))*\s*(?:[$€£¥]\s*)?"


@cache
def _change_from_pattern(neutral: bool) -> re.Pattern[str]:
    """A change verb (with a direction, or `neutral`: "went"), a few words (the change itself among
    them: "grew 40% from"), then "from" at the end.
    The verbs are a trie (`any_phrase`): under IGNORECASE each place tried reads one branch per first
    letter instead of one per verb, and the caller only asks whether there is a match."""
    trends = cue_table()["trend"]
    words = trends["en_neutral"]["verbs"] if neutral else [word for words in trends["en"].values() for word in words]
    return re.compile(rf"{any_phrase(words)}(?:\s+[\w'’%.-]+){{0,5}}\s+from{BETWEEN}$", re.IGNORECASE)


# How every match of `_change_from_pattern` ends: "from", hedges, then the figure.
FROM_RIGHT_BEFORE = re.compile(rf"from{BETWEEN}$", re.IGNORECASE)


# The size of a change right before "from": "by 18%, from", "(up 12%, from": the figure after is the value
# the change started from.
CHANGE_SIZE_FROM = re.compile(rf"\bby\s+(?:about\s+|roughly\s+|nearly\s+|some\s+)?\d[\d.,]*\s*(?:%|percent\b)\s*,?\s+from{BETWEEN}$", re.IGNORECASE)


# "go from zero to 60 mph": a sweep from nothing is a range, not a value before a change.
FROM_ZERO = re.compile(r"(?:0(?![\d.,])|zero\b)", re.IGNORECASE)


def changes_from(text: str, reach: int, start: int) -> bool:
    """Whether a change verb, a few words and "from" end right before the figure at `start` (searched
    from `reach`): "cut the training time from 27", "latency went from 0.74". The figure is then the
    value before the change, not one end of a range; after a verb with no direction, unless it is zero.
    Most figures have no "from" right before them, and one cheap search says so first."""
    if not FROM_RIGHT_BEFORE.search(text, reach, start):
        return False
    if _change_from_pattern(False).search(text, reach, start) or CHANGE_SIZE_FROM.search(text, reach, start):
        return True
    return bool(_change_from_pattern(True).search(text, reach, start)) and not FROM_ZERO.match(text, start)


@lru_cache(maxsize=1)
def projected_pattern() -> re.Pattern[str]:
    """Forward-looking cues in either language (look-alikes such as 将近 are
    matched too, as `not_projected`, so the caller can tell them apart)."""
    table = cue_table()["projected"]
    return re.compile(alternation(table["zh_not"] + table["en"] + table["zh"]))


@lru_cache(maxsize=1)
def projected_gate() -> PhraseGate:
    """Whether a text has any cue of `projected_pattern`: most sentences have none."""
    table = cue_table()["projected"]
    return PhraseGate(table["zh_not"] + table["en"] + table["zh"])


@lru_cache(maxsize=1)
def actual_pattern() -> re.Pattern[str]:
    """Cues saying a figure is the actual one, not a forecast ("最终", "in the end"), as a trie."""
    table = cue_table()["projected"]
    return re.compile(any_phrase(table["actual"]))


@lru_cache(maxsize=1)
def not_projected() -> frozenset[str]:
    """Matches of `projected_pattern` that are look-alikes, not forward-looking."""
    return frozenset(cue_table()["projected"]["zh_not"])


@lru_cache(maxsize=1)
def self_reported_pattern() -> re.Pattern[str]:
    """Cues saying a figure is the vendor's own, in either language."""
    table = cue_table()["self_reported"]
    return re.compile(any_phrase(table["en"] + table["zh"]))


@lru_cache(maxsize=1)
def relative_baseline_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    """Phrases implying a baseline (year-over-year, 同比) and its normalised name."""
    body, labels = labelled_alternation(cue_table()["relative_baselines"])
    return re.compile(body), labels


@lru_cache(maxsize=1)
def relative_not_after() -> tuple[str, ...]:
    """Words that make a relative phrase right after them part of another measure ("复合年增长率")."""
    return tuple(cue_table()["relative_baselines_not_after"]["zh"])


@lru_cache(maxsize=1)
def outside_text_cues() -> frozenset[str]:
    """Qualifier cues that are verbs ("peaked at"): they hedge a figure but stay out of its text."""
    return frozenset(fold(cue) for cue in cue_table()["outside_text"])
