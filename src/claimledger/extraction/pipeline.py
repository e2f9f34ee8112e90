"""Sentences: text cut at line breaks, then at sentence-ending punctuation, each with its language.

Headings and list items are sentences of their own (a line break always ends
one). Within a line a sentence ends:

- after 。！？； (with the closing quotes and brackets after them), always;
- after ! or ? before a space or a Chinese character, and after ; in Chinese text;
- after a full stop or an ellipsis followed by a space and a capital, a digit,
  an opening quote or bracket, or a Chinese character, unless the word before
  the stop is an abbreviation (data/sentences.toml: "Mr.", "Inc.", "Fig."), a
  dotted initialism ("U.S.", "e.g.", "p.m.") or a single initial ("J. Smith").
  A word right after a number is its unit, not an abbreviation, unless a number
  follows ("Sept. 27 Oct. 1"): "up to 190 kW. The first hall" is two sentences,
  and so are "700 W. Next" and "in 7 ms. Then".

These are the boundaries spaCy's sentencizer found on our posts, less the ones
it missed after units and model codes, found with one regular expression and
no tokenizer (or jieba) at all. Each sentence then gets its own language
(text/lang.py), so a Japanese line in an English post is read as Japanese.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from claimledger.data_files import data_table
from claimledger.text.lang import detect_lang
from claimledger.text.scripts import HAN

PARAGRAPH = re.compile(r"[^\n\r\u2028\u2029\x0b\x0c\x1c-\x1e\x85]+")
CLOSERS = "\"'”’»」』）)\\]】〕"
OPENERS = "\"'“‘«「『（(\\[【〔"
SENTENCE_END = re.compile(
    # The lookahead lets the regex engine skip every other character quickly.
    rf"(?=[。！？；!?;.…])(?:[。！？；]+[{CLOSERS}]*"
    rf"|[!?]+[{CLOSERS}]*(?=\s+(?![a-z])\S|[{HAN}])"
    rf"|(?<=[{HAN}{CLOSERS}]);|;(?=\s*[{HAN}])"
    rf"|(?P<stop>\.\.\.|…|\.)[{CLOSERS}]*(?=\s+(?:[A-Z0-9{OPENERS}{HAN}])))"
)
ABBREVIATIONS = frozenset(data_table("sentences.toml")["abbreviations"])
DOTTED_INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
INITIAL = re.compile(r"[A-Z]")
NUMBER_BEFORE = re.compile(r"\d[ \u00a0]?\Z")
# Work per sentence grows faster than its length, so a run-on "sentence" (a list
# of hundreds of figures in a hostile feed) is cut at clause breaks into pieces
# no longer than this; real sentences are far shorter.
LONGEST_SENTENCE = 1_000
CLAUSE_BREAK = re.compile(r"[,;]\s+|[，；、]\s*")
WORD_BREAK = re.compile(r"\s+")


class Sentence(NamedTuple):
    """A sentence of the input: `text == input[start:end]`, with its language (a named tuple:
    a frozen dataclass costs three times as much to make)."""

    text: str
    start: int
    end: int
    lang: str


def split_sentences(text: str, lang: str | None = None) -> list[Sentence]:
    """Sentences of `text` with offsets; `lang` forces the language of all of them."""
    sentences: list[Sentence] = []
    for paragraph in PARAGRAPH.finditer(text):
        start = paragraph.start()
        for end in _sentence_ends(text, start, paragraph.end()):
            for piece_start, piece_end in _cut_run_on(text, start, end):
                sentence = _stripped(text, piece_start, piece_end, lang)
                if sentence is not None:
                    sentences.append(sentence)
            start = end
    return sentences


def _sentence_ends(text: str, start: int, end: int) -> list[int]:
    """Where each sentence of the line text[start:end] ends, the line's end last."""
    ends = []
    for mark in SENTENCE_END.finditer(text, start, end):
        following = WORD_BREAK.match(text, mark.end()).end() if mark.group("stop") == "." else 0
        if following and not _ends_sentence(text, start, mark.start(), following):
            continue
        ends.append(mark.end())
    if not ends or ends[-1] != end:
        ends.append(end)
    return ends


def _ends_sentence(text: str, line_start: int, stop: int, following: int) -> bool:
    """Whether the full stop at `stop` ends its sentence; `following` is where the next word starts."""
    word = _last_word(text[max(line_start, stop - 40):stop]).lstrip(OPENERS)
    if not word:
        return True
    if DOTTED_INITIALISM.fullmatch(word):
        return False
    if not (word.lower() in ABBREVIATIONS or INITIAL.fullmatch(word)):
        return True
    # A word right after a number is its unit ("700 W. Next", "in 7 ms. Then"),
    # unless a number follows too ("Sept. 27 Oct. 1").
    unit = NUMBER_BEFORE.search(text, max(line_start, stop - len(word) - 2), stop - len(word))
    return bool(unit) and not text[following:following + 1].isdigit()


def _last_word(window: str) -> str:
    """The word `window` ends with (none when it ends with whitespace): what follows its last
    whitespace (a regex search for it tries every position of the window)."""
    return "" if not window or window[-1].isspace() else window.rsplit(None, 1)[-1]


def _stripped(text: str, start: int, end: int, lang: str | None) -> Sentence | None:
    raw = text[start:end]
    stripped = raw.strip()
    if not stripped:
        return None
    offset = start + (len(raw) - len(raw.lstrip()))
    return Sentence(stripped, offset, offset + len(stripped), lang or detect_lang(stripped))


def _cut_run_on(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) cut at the last clause break (else space) before every LONGEST_SENTENCE characters."""
    spans = []
    while end - start > LONGEST_SENTENCE:
        cut = _last_break(text, start + 1, start + LONGEST_SENTENCE)
        spans.append((start, cut))
        start = cut
    spans.append((start, end))
    return spans


def _last_break(text: str, start: int, end: int) -> int:
    """Where the last clause break in [start, end) ends; else the last space; else `end`."""
    for pattern in (CLAUSE_BREAK, WORD_BREAK):
        breaks = [match.end() for match in pattern.finditer(text, start, end)]
        if breaks:
            return breaks[-1]
    return end
