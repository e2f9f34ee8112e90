"""Sentences: spaCy blank pipelines (English, and Chinese segmented by jieba).

Text is cut at line breaks first (headings and list items are sentences of
their own), then each paragraph goes through the pipeline of its language.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from claimledger.text.lang import detect_lang

if TYPE_CHECKING:
    from spacy.language import Language

CHINESE_SENTENCE_ENDS = ["。", "！", "？", "；", "!", "?", ";"]
PARAGRAPH = re.compile(r"[^\n\r\u2028\u2029\x0b\x0c\x1c-\x1e\x85]+")
# spaCy refuses texts above nlp.max_length; a paragraph is cut into pieces this long.
LONGEST_PIECE = 200_000
# A piece made only of these characters, but for its last run of punctuation,
# cannot hold a sentence boundary, so it skips the pipeline (and spaCy's import).
# spaCy keeps the full stop on a model code ("Llama 3.1 405B.", "MI355X."), reading
# it as an abbreviation, so the sentence runs on; such a stop before a capital ends it.
CODE_FULL_STOP = re.compile(r"(?<=\d[A-Za-z])(?<!\d[A-Za-z]\.[A-Za-z])\.(?=\s+[A-Z])")
# Work per sentence grows faster than its length, so a run-on "sentence" (a list
# of hundreds of figures in a hostile feed) is cut at clause breaks into pieces
# no longer than this; real sentences are far shorter.
LONGEST_SENTENCE = 1_000
CLAUSE_BREAK = re.compile(r"[,;]\s+|[，；、]\s*")
WORD_BREAK = re.compile(r"\s+")
NO_BOUNDARY = re.compile(
    r"[\w\s,:'\"()\[\]{}<>/\\%$€£¥+&*#@=~^_|`，、：（）「」《》“”‘’·×-]*[.!?。！？；;…\s]*"
)


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of the input: `text == input[start:end]`, with its language."""

    text: str
    start: int
    end: int
    lang: str


@lru_cache(maxsize=2)
def sentence_pipeline(lang: str) -> Language:
    """A blank spaCy pipeline with a sentencizer for "en" or "zh" (built once)."""
    import spacy

    if lang == "zh":
        import jieba

        jieba.setLogLevel(logging.WARNING)
        nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
        nlp.add_pipe("sentencizer", config={"punct_chars": CHINESE_SENTENCE_ENDS})
    else:
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
    nlp.max_length = LONGEST_PIECE + 1
    return nlp


def split_sentences(text: str, lang: str | None = None) -> list[Sentence]:
    """Sentences of `text` with offsets; `lang` forces the language of all of them."""
    sentences: list[Sentence] = []
    for paragraph in PARAGRAPH.finditer(text):
        for piece_start in range(paragraph.start(), paragraph.end(), LONGEST_PIECE):
            piece_end = min(piece_start + LONGEST_PIECE, paragraph.end())
            sentences.extend(_piece_sentences(text, piece_start, piece_end, lang))
    return sentences


def _piece_sentences(text: str, start: int, end: int, lang: str | None) -> list[Sentence]:
    piece = text[start:end]
    if not piece.strip():
        return []
    if NO_BOUNDARY.fullmatch(piece):
        spans = [(0, len(piece))]
    else:
        doc = sentence_pipeline(lang or detect_lang(piece))(piece)
        spans = [cut for span in doc.sents for cut in _cut_at_code_stops(piece, span.start_char, span.end_char)]
    spans = [cut for span_start, span_end in spans for cut in _cut_run_on(piece, span_start, span_end)]
    found = []
    for span_start, span_end in spans:
        raw = piece[span_start:span_end]
        stripped = raw.strip()
        if not stripped:
            continue
        offset = start + span_start + (len(raw) - len(raw.lstrip()))
        found.append(Sentence(stripped, offset, offset + len(stripped), lang or detect_lang(stripped)))
    return found


def _cut_at_code_stops(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) cut after each full stop that ends a model code (see CODE_FULL_STOP)."""
    spans = []
    for stop in CODE_FULL_STOP.finditer(text, start, end):
        spans.append((start, stop.end()))
        start = stop.end()
    spans.append((start, end))
    return spans


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
