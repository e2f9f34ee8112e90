"""A regex alternation of many words, written as a trie.

`any_of(words)` matches exactly what the words sorted longest first and joined
by "|" match, with the same backtracking order (where one word starts another,
the longer is tried first; words that differ before either ends never both
match at one place), but the engine reads each character once instead of
trying every word in turn: "chip", "chips" and "card" become "(?:chip(?:s)?|card)".
With re.IGNORECASE, give the words in one case (two spellings of one letter would
be two branches, tried in the order given).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A trie node: the next character -> the node after it; END marks where a word ends.
Trie = dict[str, "Trie"]
END = ""


def any_of(words: Iterable[str]) -> str:
    """Regex source (a group, no capture) matching any of `words`, the longest first."""
    trie: Trie = {}
    for word in words:
        if not word:
            raise ValueError("an empty word in an alternation")
        node = trie
        for character in word:
            node = node.setdefault(character, {})
        node[END] = {}
    return f"(?:{_rendered(trie)})"


def _rendered(node: Trie) -> str:
    """The regex for what may follow `node`: its branches, and nothing where a word ends there."""
    branches = [re.escape(character) + _rendered(child) for character, child in node.items() if character != END]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if END not in node:
        return body
    return f"(?:{body})?"
