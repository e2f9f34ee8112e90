"""One pass over a sentence: a spaCy Doc carrying every span framing reads.

The Doc is made from the sentence's folded text (traditional Chinese written
simplified, hyphens and underscores read as spaces, full-width forms as ASCII:
the same length, so every offset holds in the original) split into runs of
Latin letters and digits and single other characters, so one tokenisation
serves English and Chinese, and "GB200-NVL72" and "GB200 NVL72" are the same
tokens (but "A3" and "A 3" are not). On these words, in one pass:

    doc.spans["names"]     known entities: every name and alias of the vocabulary, by
                           spaCy's PhraseMatcher (attribute LOWER; label = kind), and
                           names found by shape (extraction/shapes.py)
    doc.spans["metrics"]   metric concepts (label = the concept's canonical name), by
                           their lower-case words (extraction/metrics.py)
    doc.spans["figures"]   the numbers with their units that may be claims
    doc.spans["nonclaims"] dates, times, URLs, versions, ordinals, names

The Python objects behind each span (`Name`, `Metric`, `Quantity`) are kept in
`Annotated` in the same order, with offsets exact to the character, so framing
never scans the raw sentence again for them. The name matcher reads only the
sentences that have a token some name starts with ("Cluster 3 now runs 4,096 GPUs"
has none, and costs no Doc, nor loading spaCy), those of a post all at once: one Doc
of their words and one matcher call per post (a Doc's fixed cost is most of what a
short sentence's costs), each match given to the sentence that holds it whole. A
sentence's own Doc is made when asked for.
Framing reads the objects, so the span groups are put on the Doc only when
`Annotated.doc` is asked for (a third of the time annotating took went there).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import accumulate
from operator import add
from typing import TYPE_CHECKING, NamedTuple

from claimledger.entities import Registry, package_registry
from claimledger.entities.folding import simplified
from claimledger.extraction.candidates import Quantity, find_quantities, is_label, is_score, is_year, name_by_metric
from claimledger.extraction.metrics import Metric, bare_count_metrics, find_metrics
from claimledger.extraction.names import Name, find_names, name_matcher, name_openers
from claimledger.extraction.nonclaims import a_tolerance, glued_into_name, inside_any, non_claim_spans
from claimledger.extraction.pipeline import Sentence
from claimledger.extraction.workload import workload_sizes
from claimledger.text.lang import SUPPORTED

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

# Same-length folding for matching: separators inside names become spaces, full-width forms ASCII.
FOLDS = {char: " " for char in "-‐‑_"} | {chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)} | {"\u3000": " "}
# The characters that fold, each found and replaced alone: a Chinese sentence has a few (its
# full-width commas), and translating every character of it through a table costs three times as much.
FOLDABLE = re.compile("[" + "".join(map(re.escape, FOLDS)) + "]")
# A token: a run of Latin letters and digits ("GB200", "H100s") or any other single
# character (each Chinese character is a token, as spaCy's char segmenter makes them).
# A word glued to a date in Chinese text ends before its digits: "Google10月" is Google, 10, 月.
# (Letters are read once: a run that is not glued to a date goes on with its digits.)
# Split by it, a text is its whitespace before the first token, then each token and the
# whitespace after it, in turn.
TOKEN = re.compile(r"([A-Za-z]+(?:(?=\d{1,4}[年月日])|[A-Za-z0-9]*)|[0-9][A-Za-z0-9]*|\S)")
# What may follow a token with no whitespace token of its own: nothing or one space.
REGULAR_GAPS = frozenset(("", " "))


class Words(NamedTuple):
    """The words of a sentence's Doc: as written (folded), lower case, and where each starts
    and ends in the sentence (as `token.idx`); a space follows a word that ends before the next starts."""

    written: list[str]
    lowered: list[str]
    starts: list[int]
    ends: list[int]

    def spaces(self, length: int) -> list[bool]:
        """Whether a space follows each word, in a sentence of `length` characters."""
        return [end < following for end, following in zip(self.ends, [*self.starts[1:], length])]


@dataclass(slots=True)
class Annotated:
    """A sentence with everything found in it, in order of position.

    Names, metrics and non-claim spans are each found when first read: a sentence with a
    number needs all three for its figures, one without only its names (the next sentence
    may carry a name over)."""

    text: str
    # The sentence with traditional characters written simplified (same length): what framing reads.
    simple: str
    # `simple` with separators as spaces and full-width forms as ASCII: what the matchers read.
    folded: str
    lang: str
    registry: Registry
    figures: list[Quantity] = field(default_factory=list)
    _names: list[Name] | None = None
    _metrics: list[Metric] | None = None
    _nonclaims: list[tuple[int, int]] | None = None
    # The figures' spans, with the list of figures they were read from.
    _figure_spans: tuple[list[Quantity], list[tuple[int, int]]] | None = None
    _doc: Doc | None = None
    # The Doc's words, to make it when first asked for.
    _words: Words | None = None
    # Its known names as the matcher found them in its words: (match key, first word, end word).
    _known: list[tuple[int, int, int]] = field(default_factory=list)
    # The post's sentences whose known names are matched at once, until their names are first read.
    _post: list[Annotated] | None = None
    _spans_put: bool = False
    # The metrics framing may give the figures, marked once for all of them (extraction/about.py).
    marked_metrics: list[tuple[Metric, bool, bool]] | None = None

    @property
    def names(self) -> list[Name]:
        if self._names is None:
            self._names = self._find_names()
        return self._names

    @property
    def metrics(self) -> list[Metric]:
        if self._metrics is None:
            names = self.names  # found with the sentence's words
            self._metrics = find_metrics(self.text, self.folded, self._words, names)
        return self._metrics

    @property
    def figure_spans(self) -> list[tuple[int, int]]:
        """Where the figures are, (start, end): listed once for all of them."""
        if self._figure_spans is None or self._figure_spans[0] is not self.figures:
            self._figure_spans = (self.figures, [(figure.start, figure.end) for figure in self.figures])
        return self._figure_spans[1]

    @property
    def nonclaims(self) -> list[tuple[int, int]]:
        if self._nonclaims is None:
            self._nonclaims = sorted([*non_claim_spans(self.text), *((name.start, name.end) for name in self.names)])
        return self._nonclaims

    @property
    def doc(self) -> Doc:
        """The spaCy Doc of the sentence with its span groups (made on first use)."""
        if self._names is None:
            self._names = self._find_names()
        if self._doc is None:
            self._doc = _doc(self._words.written, self._words.spaces(len(self.folded)))
        if not self._spans_put:
            _put_spans(self)
            self._spans_put = True
        return self._doc

    def add_names(self, added: list[Name]) -> None:
        """Names found for the sentence after annotation (a product its post introduced before),
        each in place of a name of the same span (a position rule's, see names.named_again)."""
        if added:
            spans = {(name.start, name.end) for name in added}
            kept = [name for name in self.names if (name.start, name.end) not in spans]
            self._names = sorted([*kept, *added], key=lambda name: (name.start, name.end))

    def _find_names(self) -> list[Name]:
        """Names: the known ones (matched with the rest of the post's) and those found by shape;
        the sentence's words are kept for its metrics."""
        if self._words is None:
            _match_known(self._post or [self], self.registry)
        return find_names(self.text, self.simple, self.folded, self._words, self._known, self.registry, self.lang)


def folded(text: str) -> str:
    """`text` as the matchers read it: simplified Chinese, separators as spaces; same length."""
    return _folded(simplified(text))


def _folded(simple: str) -> str:
    return FOLDABLE.sub(lambda found: FOLDS[found.group()], simple)


@cache
def vocab() -> Vocab:
    """The one vocabulary every annotation Doc shares, with the one lexical attribute (LOWER)
    the matchers read: a word first seen costs no shape, prefix or like-a-number tests; no
    language pipeline is loaded for it."""
    from spacy.attrs import LOWER
    from spacy.lang.lex_attrs import LEX_ATTRS
    from spacy.vocab import Vocab

    return Vocab(lex_attr_getters={LOWER: LEX_ATTRS[LOWER]})


class WordKeys(dict[str, int]):
    """Each word's key in the vocabulary's strings, stored when the word is first seen: a Doc
    made of keys finds each lexeme by it instead of encoding and hashing every word again
    (half of what making a sentence's Doc costs). It holds what the vocabulary holds."""

    def __missing__(self, word: str) -> int:
        key = self[word] = vocab().strings.add(word)
        return key


class LowerCase(dict[str, str]):
    """Each word in lower case, stored when the word is first seen: most words of a post were seen
    before, and looking one up costs half of lowering it again. It grows with the words seen, as the
    vocabulary does."""

    def __missing__(self, word: str) -> str:
        lower = self[word] = word.lower()
        return lower


LOWER_CASE = LowerCase()


@cache
def word_keys() -> WordKeys:
    """The one table of word keys, for `vocab()`."""
    return WordKeys()


def make_doc(text: str, words: Words | None = None) -> Doc:
    """A Doc of `text` (already folded): runs of Latin letters and digits, single other characters
    (`words`: its `sentence_words`, where the caller has them already)."""
    words = words if words is not None else sentence_words(text)
    return _doc(words.written, words.spaces(len(text)))


def sentence_words(text: str) -> Words:
    """The words of `text`'s Doc (`text` already folded), with their offsets: where no whitespace
    token is, the running lengths of the split's pieces (each word, then the gap after it)."""
    pieces = TOKEN.split(text)
    written, gaps = pieces[1::2], pieces[2::2]
    if pieces[0] or not REGULAR_GAPS.issuperset(gaps):
        written, spaces = _with_whitespace_tokens(pieces[0], written, gaps)
        lengths = list(map(len, written))
        starts = list(accumulate(map(add, lengths, spaces), initial=0))
        return Words(written, list(map(LOWER_CASE.__getitem__, written)), starts[:-1], list(map(add, starts, lengths)))
    offsets = list(accumulate(map(len, pieces)))
    return Words(written, list(map(LOWER_CASE.__getitem__, written)), offsets[0:-1:2], offsets[1::2])


def _doc(words: list[str], spaces: list[bool] | None = None) -> Doc:
    """The Doc of these words, a space after each unless `spaces` says (spaCy is loaded only
    for a sentence that needs one)."""
    from spacy.tokens import Doc

    return Doc(vocab(), words=list(map(word_keys().__getitem__, words)), spaces=spaces)


def phrase_words(spelling: str) -> tuple[str, ...]:
    """A name's or metric's spelling as the lower-case words of its Doc: what a match compares."""
    return tuple(sentence_words(folded(spelling)).lowered)


def _with_whitespace_tokens(lead: str, written: list[str], gaps: list[str]) -> tuple[list[str], list[bool]]:
    """Whitespace beyond one space after a token is a token of its own, as spaCy keeps it."""
    words: list[str] = [lead] if lead else []
    spaces: list[bool] = [False] if lead else []
    for word, gap in zip(written, gaps):
        words.append(word)
        spaces.append(gap[:1] == " ")
        rest = gap[1:] if gap[:1] == " " else gap
        if rest:
            words.append(rest)
            spaces.append(False)
    return words, spaces


def openers(spellings: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """The first token of each one-token spelling, the first two of each longer one (lower case)."""
    found = set()
    for spelling in spellings:
        words = [word.lower() for word in TOKEN.split(folded(spelling))[1::2]]
        if words:
            found.add(tuple(words[:2]))
    return frozenset(found)


@lru_cache(maxsize=8)
def _openings(opening: frozenset[tuple[str, ...]]) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """Names' `opening` tokens as one set of single tokens and one of token pairs."""
    return frozenset(words[0] for words in opening if len(words) == 1), frozenset(words for words in opening if len(words) == 2)


def _may_match(words: list[str], openings: tuple[frozenset[str], frozenset[tuple[str, ...]]]) -> bool:
    """Whether a known name could start somewhere in the sentence (its first token or two; `words` lower case)."""
    singles, doubles = openings
    return not singles.isdisjoint(words) or not doubles.isdisjoint(zip(words, words[1:]))


def annotate(text: str, lang: str, registry: Registry | None = None) -> Annotated:
    """Annotate one sentence: names, metrics, figures and non-claim spans, each found once."""
    annotated = _annotated(text, lang, registry or package_registry())
    _find_figures(annotated)
    return annotated


def annotate_sentences(sentences: Sequence[Sentence], registry: Registry) -> list[Annotated | None]:
    """Annotate a post's sentences (None for one in a language the extractor does not read),
    their known names matched all at once."""
    annotated = [_annotated(sentence.text, sentence.lang, registry) if sentence.lang in SUPPORTED else None for sentence in sentences]
    post = [item for item in annotated if item is not None]
    for item in post:
        item._post = post
    for item in post:
        _find_figures(item)
    return annotated


def _annotated(text: str, lang: str, registry: Registry) -> Annotated:
    simple = simplified(text)
    return Annotated(text, simple, _folded(simple), lang, registry)


def _match_known(sentences: list[Annotated], registry: Registry) -> None:
    """Each sentence's words, and its known names: one PhraseMatcher call on one Doc of the
    words of every sentence where a name may start, each match kept by the sentence that
    holds it whole (one that runs on into the next sentence is none)."""
    openings = _openings(name_openers(registry))
    written: list[str] = []
    firsts: list[int] = []
    holders: list[Annotated] = []
    for annotated in sentences:
        annotated._post = None
        words = annotated._words = sentence_words(annotated.folded)
        if _may_match(words.lowered, openings):
            firsts.append(len(written))
            holders.append(annotated)
            written += words.written
    if not holders:
        return
    ends = [*firsts[1:], len(written)]
    # The matcher compares words alone: the Doc needs no spaces between them.
    for key, first, last in name_matcher(registry)[0](_doc(written)):
        index = bisect_right(firsts, first) - 1
        if last <= ends[index]:
            holders[index]._known.append((key, first - firsts[index], last - firsts[index]))


def _find_figures(annotated: Annotated) -> None:
    """The sentence's numbers that may be claims: none inside a non-claim span or a name,
    no margin (±2%), year, label or score."""
    text, lang = annotated.text, annotated.lang
    quantities = find_quantities(text, lang)
    if not quantities:
        return
    name_by_metric(text, quantities, [(metric.end, metric.concept in bare_count_metrics()) for metric in annotated.metrics])
    annotated.figures = [
        quantity
        for quantity in _without_workload_sizes(text, quantities)
        if not inside_any(quantity.number.start, quantity.number.end, annotated.nonclaims)
        and not glued_into_name(text, quantity.number.start, quantity.number.end)
        and not a_tolerance(text, quantity.number.start)
        and not is_year(quantity)
        and not is_label(text, quantity)
        and not is_score(quantity)
    ]


def _without_workload_sizes(text: str, quantities: list[Quantity]) -> list[Quantity]:
    """The quantities outside the input and output lengths and concurrencies the sentence writes
    ("12,000 tokens/s at 1K/1K input/output", "at 32 concurrent users": they are its condition);
    all of them when every one is inside such sizes."""
    spans = [(size.start, size.end) for size in workload_sizes(text) if size.condition_only]
    if not spans:
        return quantities
    outside = [quantity for quantity in quantities if not inside_any(quantity.number.start, quantity.number.end, spans)]
    return outside or quantities


def _put_spans(annotated: Annotated) -> None:
    """The found objects as Doc span groups (labels: kind, concept, figure kind), each span
    the tokens that hold its characters."""
    from spacy.tokens import Span

    doc = annotated._doc
    token_at = _token_index(doc, len(annotated.text))

    def spans(items: Iterable[tuple[int, int, str]]) -> list[Span]:
        return [Span(doc, token_at[start], token_at[end - 1] + 1, label=label) for start, end, label in items if end > start]

    doc.spans["names"] = spans((name.start, name.end, name.kind) for name in annotated.names)
    doc.spans["metrics"] = spans((metric.start, metric.end, metric.concept) for metric in annotated.metrics)
    doc.spans["figures"] = spans((q.start, q.end, q.kind or "number") for q in annotated.figures)
    doc.spans["nonclaims"] = spans((start, end, "nonclaim") for start, end in annotated.nonclaims)


def _token_index(doc: Doc, length: int) -> list[int]:
    """For each character, the index of the token holding it (whitespace: the token before)."""
    index = [0] * max(length, 1)
    for token in doc:
        start = token.idx
        index[start:start + len(token.text) + len(token.whitespace_)] = [token.i] * (len(token.text) + len(token.whitespace_))
    return index


