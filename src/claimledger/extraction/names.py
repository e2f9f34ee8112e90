"""Names in a sentence: known entities (spaCy PhraseMatcher over every name and alias of
the vocabulary, on the annotation Doc) and unseen ones by shape (extraction/shapes.py).

Where they overlap the longest wins, a known name over a shape of the same span, a name a
kind word introduces ("its new rack, the Tessel T9,") over another position rule's. Two
hardware names side by side are one ("Ironwood TPU" is TPU v7). A word for a group of
machines after a chip's or family's name makes a system of it ("Hopper 集群" is the
Hopper cluster, an entity of its own whose parent is Hopper); a kind word stays with
its name ("BR100 GPU"). A known organisation in front of a shape is its maker, not
part of its name ("Marvell Teralynx T100"), unless glued to it in Chinese ("海光三号").
A product its post introduced before, named again, replaces a name a position rule found on
the same span ("the T900 card" after "the Tessel T900" is the Tessel T900).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from claimledger.entities import Entity, Registry
from claimledger.extraction.shapes import PRECISION, Shape, is_kind_word, shape_table, shaped_names
from claimledger.extraction.units import match_atom
from claimledger.text.alternation import any_of
from claimledger.text.scripts import HAN

if TYPE_CHECKING:
    from spacy.matcher import PhraseMatcher
    from spacy.tokens import Doc

    from claimledger.extraction.annotate import Words

# A Latin letter or digit right after another.
GLUED = re.compile(r"(?<=[A-Za-z0-9])[A-Za-z0-9]")
HAN_CHARACTER = re.compile(f"[{HAN}]")
DIGITS_THEN_HAN = re.compile(rf"[0-9]+[{HAN}]")
HARDWARE = ("system", "cloud_instance", "chip", "product_family")
# How specific a hardware kind is, when two names side by side are one ("Ironwood TPU").
SPECIFICITY = {"system": 4, "cloud_instance": 3, "chip": 2, "product_family": 1}
# Shapes found by a family pattern are as good as a listed name; position rules are weaker.
FAMILY_RULE = "family"
# The position rules naming a product by the kind word that introduces it ("a rack called Tessel
# T9", "its new rack, the Tessel T9,"): on the same span, stronger than the other position rules.
INTRODUCING_RULES = ("called", "appositive")


class Name(NamedTuple):
    """A name in a sentence: [start, end), as written, what it names and how it was found
    (a named tuple: thousands are made per post, a frozen dataclass costs three times as much)."""

    start: int
    end: int
    text: str
    kind: str
    entity: Entity
    rule: str = "known"
    maker: str | None = None

    @property
    def canonical(self) -> str:
        return self.entity.id


@lru_cache(maxsize=8)
def name_matcher(registry: Registry) -> tuple[PhraseMatcher, dict[int, Entity]]:
    """A PhraseMatcher for every name and alias of `registry`, keyed by entity id, and the
    entity of each match key."""
    from spacy.matcher import PhraseMatcher

    from claimledger.extraction.annotate import folded, make_doc, vocab

    matcher = PhraseMatcher(vocab(), attr="LOWER")
    patterns: dict[str, list[Doc]] = {}
    for spelling, entity_id in registry.spellings():
        patterns.setdefault(entity_id, []).append(make_doc(folded(spelling)))
    for entity_id, docs in patterns.items():
        matcher.add(entity_id, docs)
    strings = vocab().strings
    return matcher, {strings.add(entity.id): entity for entity in registry if entity.id in patterns}


def whole(text: str, start: int, end: int) -> bool:
    """A Latin edge of a match is not glued to another letter or digit ("H100" in "H1000"),
    but digits glued on before Chinese may follow ("Google10 月")."""
    if GLUED.match(text, start):
        return False
    if GLUED.match(text, end):
        return text[end - 1].isalpha() and DIGITS_THEN_HAN.match(text, end) is not None
    return True


@lru_cache(maxsize=8)
def name_openers(registry: Registry) -> frozenset[tuple[str, ...]]:
    """How every name and alias opens: its first token, or its first two (lower case).
    A sentence with none of these has no known name."""
    from claimledger.extraction.annotate import openers

    return openers(spelling for spelling, _ in registry.spellings())


def find_names(
    text: str, simple: str, fold: str, words: Words, matches: list[tuple[int, int, int]], registry: Registry, lang: str
) -> list[Name]:
    """Known names (`matches` of the name matcher in `words`: key, first word, end word) and
    names found by shape, longest first where they overlap, a bare code listed after a brand's
    model taken as the brand's ("青鸾 Q700 和 Q800"), then joined where two stand for one
    ("Ironwood TPU") or a group word makes a system of a chip ("Hopper 集群")."""
    known = _known(text, fold, words, matches, registry)
    # Shapes read hyphens (WSE-3, SN40L-16): the simplified text, not the folded one.
    shapes = shaped_names(simple, lang)
    merged = _merged(text, known, shapes, registry)
    return _grouped(text, fold, _joined(text, _with_siblings(text, _with_codes(text, merged, registry), registry)), registry)


def _known(text: str, fold: str, words: Words, matches: list[tuple[int, int, int]], registry: Registry) -> list[Name]:
    """The known names of `matches` (the name matcher's, in `words`), whole words where Latin."""
    known = []
    if matches:
        entities = name_matcher(registry)[1]
        for key, first, last in matches:
            start, end = words.starts[first], words.ends[last - 1]
            entity = entities[key]
            if whole(fold, start, end) and not _common_word(text[start:end], entity) and not _abbreviation(text, start, end, entity):
                known.append(Name(start, end, text[start:end], entity.kind, entity))
    return known


# A plural "s" after a model number ("512 H100s"): no part of the name.
PLURAL_AFTER_CODE = re.compile(r"(?<=\d)s(?![A-Za-z0-9])")


def known_names(text: str, registry: Registry) -> list[Name]:
    """The known names a text holds (the name matcher alone, no shapes), a model number's plural
    counted as the name ("H100s"): for a reader outside extraction (claimledger.diff)."""
    from claimledger.extraction.annotate import folded, make_doc, sentence_words

    fold = PLURAL_AFTER_CODE.sub(" ", folded(text))
    words = sentence_words(fold)
    found = _known(text, fold, words, name_matcher(registry)[0](make_doc(fold, words)), registry)
    # Where they overlap the longest wins: "GB300" inside "GB300 NVL72" is no name of its own.
    return [name for name in found if not any(
        other.start <= name.start and name.end <= other.end and other.end - other.start > name.end - name.start for other in found
    )]


# The capitalised words right before an opening bracket: "Multitask Language Understanding (".
WORDS_BEFORE_BRACKET = re.compile(r"((?:[A-Z][a-z]+[ \t]+){2,6})\($")


def _abbreviation(text: str, start: int, end: int, entity: Entity) -> bool:
    """A name in brackets spelled by the initials of the capitalised words before it is their abbreviation, no
    product ("the Massive Multitask Language Understanding (MLU) benchmark" names no MLU chip), unless the
    entity is known by those words ("Language Processing Unit (LPU)" is Groq's LPU)."""
    if start == 0 or text[start - 1] != "(" or text[end:end + 1] != ")":
        return False
    before = WORDS_BEFORE_BRACKET.search(text, max(0, start - 80), start)
    written = text[start:end]
    if before is None or not written.isalpha() or not written.isupper():
        return False
    words = before.group(1).split()
    if not "".join(word[0] for word in words).endswith(written):
        return False
    expansion = " ".join(words[-len(written):]).lower()
    return not any(alias.lower() == expansion for alias in entity.aliases)


def _common_word(written: str, entity: Entity) -> bool:
    """A name of capitals written as a lower-case word is that word ("its cloud arm", "a single stream"
    are no Arm, no STREAM benchmark)."""
    return written.isalpha() and written.islower() and not entity.id.islower()


# A Latin letter or digit: a name holding one has a model code or a Latin spelling.
LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")
# A model code ending a name after its brand: "Tessel T900", "云燧T30".
TRAILING_CODE = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{1,4}\d{2,5}[A-Za-z]?$")
# The rules introducing an organisation by what it is or by its ticker ("chip manufacturer Groq",
# "Salesforce.com (NYSE:CRM)"): later sentences may name it bare, without its web domain or legal ending.
INTRODUCED_ORGANISATION_RULES = ("org_kind", "org_ticker")
ORGANISATION_TAIL = re.compile(r"(?:\.com|,?[ \t]+(?:Inc|Corp|Corporation|Ltd|Co|plc|LLC|AG|SA|NV)\.?)$")
# The rule of a name a post introduced in an earlier sentence (by shape) and names again bare.
INTRODUCED_RULE = "introduced"


def introduced(names: list[Name]) -> dict[str, Name]:
    """The products a sentence names by a position rule with a model code (not a listed name, nor a
    listed family's pattern, which every sentence finds anyway), by their spelling: what later
    sentences of the post may name bare ("the K5" after "the K5 accelerator"). A name of Chinese
    characters alone is left out: a description read as one ("新架构芯片") would spread. So are the
    organisations introduced by what they are or by their ticker ("Salesforce" after "Salesforce.com
    (NYSE:CRM)")."""
    found: dict[str, Name] = {}
    for name in names:
        if name.kind in HARDWARE and by_position(name) and LATIN_OR_DIGIT.search(name.text):
            found[name.text] = name
            code = TRAILING_CODE.search(name.text)
            if code and code.start() > 0:
                found.setdefault(code.group(), name)  # "the T900" after "the Tessel T900"
        elif name.kind == "organisation" and name.rule in INTRODUCED_ORGANISATION_RULES:
            found[name.text] = name
            short = ORGANISATION_TAIL.sub("", name.text)
            if short and short != name.text:
                found.setdefault(short, name)  # "Salesforce shares" after "Salesforce.com (NYSE:CRM)"
    return found


def by_position(name: Name) -> bool:
    """Whether a name was found by a position rule (not listed, nor a listed family's pattern,
    nor a product named again): the weaker kind of name."""
    return name.rule not in ("known", FAMILY_RULE, INTRODUCED_RULE)


def named_again(text: str, names: list[Name], earlier: dict[str, Name]) -> list[Name]:
    """The places `text` spells a product the post introduced earlier (whole words, where no
    name of the sentence is but one a position rule found on the same span, which the product
    replaces: "The T900 delivers" after "the Tessel T900" is the Tessel T900), as that product."""
    found: list[Name] = []
    for spelling, name in earlier.items():
        start = text.find(spelling)
        while start != -1:
            end = start + len(spelling)
            others = (other for other in (*names, *found) if not (other.start == start and other.end == end and by_position(other)))
            if whole(text, start, end) and not any(other.start < end and start < other.end for other in others):
                found.append(Name(start, end, spelling, name.kind, name.entity, INTRODUCED_RULE, name.maker))
            start = text.find(spelling, end)
    return found


FAMILY_CODE = re.compile(r"[ \t]?(?P<code>[A-Z]{1,3}\d{2,4}[A-Za-z]?)(?![\w-])")
# A product word of capitals after a family's name: "MTT AIBOOK" (a unit, a precision or a kind word is none).
FAMILY_PRODUCT = re.compile(r"[ \t](?P<word>[A-Z]{4,8})(?![A-Za-z0-9_-])")


def _with_codes(text: str, names: list[Name], registry: Registry) -> list[Name]:
    """A family's name with a model code after it is one chip: "昆仑 P900", "Kunlun P800"; with a
    product word of capitals after it, one system: "MTT AIBOOK"."""
    extended = []
    for index, name in enumerate(names):
        following = names[index + 1].start if index + 1 < len(names) else len(text)
        found, kind, rule = _family_code(text, name)
        if found is None or found.end() > following:
            extended.append(name)
            continue
        written = text[name.start:found.end()]
        entity = _entity_for(registry, written, kind, name.entity.id, None)
        extended.append(Name(name.start, found.end(), written, entity.kind, entity, rule, name.maker))
    return extended


def _family_code(text: str, name: Name) -> tuple[re.Match[str] | None, str, str]:
    """The model code or product word after a family's name, the kind it makes and the rule."""
    if name.kind != "product_family":
        return None, "", ""
    code = FAMILY_CODE.match(text, name.end)
    if code is not None:
        return code, "chip", "family_code"
    word = FAMILY_PRODUCT.match(text, name.end)
    if word is None or is_kind_word(word.group("word")) or PRECISION.fullmatch(word.group("word")) or match_atom(text, word.start("word")):
        return None, "", ""
    return word, "system", "family_product"


# A bare model code listed right after a branded one: "青鸾 Q700 和 Q800", "the Kite K2 and K3", "青鸾Q700与Q800的"
# (a Han character may follow it); a code of digits and a capital after one of its shape: "昇腾910C和910B".
SIBLING_CODE = re.compile(
    r"(?:\s*(?:和|与|及|、|/)\s*|,\s*|\s+(?:and|or)\s+)(?P<code>[A-Z]{1,4}\d{1,5}[A-Za-z]?|(?P<digits>\d{2,5})[A-Z])(?![A-Za-z0-9_-])"
)
# The model code ending a brand's model: "Kite K2", "青鸾 Q700", "昇腾910C".
ENDING_CODE = re.compile(r"(?<![A-Za-z0-9-])(?:[A-Z]{1,4}\d{1,5}[A-Za-z]?|(?P<digits>\d{2,5})[A-Z])$")
SIBLING_RULE = "sibling_code"


def _with_siblings(text: str, names: list[Name], registry: Registry) -> list[Name]:
    """A bare model code listed right after a brand's model is the brand's model too
    ("青鸾 Q700 和 Q800": 青鸾 Q800, of the same kind), where no other name stands."""
    found = []
    for index, name in enumerate(names):
        found.append(name)
        code = ENDING_CODE.search(name.text) if name.kind in HARDWARE else None
        sibling = SIBLING_CODE.match(text, name.end) if code and code.start() > 0 else None
        following = names[index + 1].start if index + 1 < len(names) else len(text)
        if sibling is None or sibling.end() > following or _digits_length(code) != _digits_length(sibling):
            continue  # "昇腾910C 和 80GB": a digit-led code's sibling is written as it is
        written = name.text[:code.start()] + sibling.group("code")
        entity = _entity_for(registry, written, name.kind, None, name.maker)
        found.append(Name(sibling.start("code"), sibling.end(), sibling.group("code"), name.kind, entity, SIBLING_RULE, name.maker))
    return found


def _digits_length(code: re.Match[str]) -> int:
    """How many digits lead a code of digits and a capital ("910C": 3); 0 for a code led by letters."""
    return len(code.group("digits") or "")


def _merged(text: str, known: list[Name], shapes: list[Shape], registry: Registry) -> list[Name]:
    """Known names, then shapes that add to them: a family shape where nothing is known, a
    position rule's shape only where it overlaps no known name, or wholly holds non-organisation
    names and is longer ("SambaRack SN40L-16" over "SN40L"); a known maker at its start is cut off."""
    candidates: list[tuple[int, int, int, Name]] = [(name.start, -(name.end - name.start), 0, name) for name in known]
    for shape in shapes:
        start = shape.start
        overlapping: list[Name] = []
        inside: list[Name] = []
        for name in known:
            if name.start < shape.end and start < name.end:
                overlapping.append(name)
                if start <= name.start and name.end <= shape.end:
                    inside.append(name)
        makers = [
            name
            for name in inside
            if name.kind == "organisation" and name.start == shape.start and not _glued_han(text, name.end)
        ]
        maker = shape.maker
        if makers:
            start = makers[0].end + (len(text[makers[0].end:shape.end]) - len(text[makers[0].end:shape.end].lstrip()))
            maker = makers[0].entity.id
            inside = [name for name in inside if name is not makers[0]]
            overlapping = [name for name in overlapping if name is not makers[0]]
        if start >= shape.end:
            continue
        if any(name.start == start and name.end == shape.end for name in inside):
            continue  # the known name of the same span sorts first: this one is never kept
        if shape.rule != FAMILY_RULE and overlapping:
            # A Chinese maker glued to its product's name is part of it ("海光三号").
            glued = [name for name in inside if name.kind == "organisation" and _glued_han(text, name.end)]
            if len(overlapping) != len(inside) or any(name.kind == "organisation" and name not in glued for name in inside):
                continue
        written = text[start:shape.end]
        parent = inside[0].entity.id if len(inside) == 1 else None
        if maker is None and inside and inside[0].kind == "organisation":
            maker = inside[0].entity.id
        entity = _entity_for(registry, written, shape.kind, parent, maker)
        rank = 1 if shape.rule == FAMILY_RULE else 2 if shape.rule in INTRODUCING_RULES else 3 if maker else 4
        candidates.append((start, -(shape.end - start), rank, Name(start, shape.end, written, entity.kind, entity, shape.rule, maker)))
    candidates.sort(key=itemgetter(0, 1, 2))
    kept: list[Name] = []
    for _, _, _, name in candidates:
        if kept and name.start < kept[-1].end:
            continue
        kept.append(name)
    return kept


@lru_cache(maxsize=4096)
def _entity_for(registry: Registry, written: str, kind: str, parent: str | None, maker: str | None) -> Entity:
    """`registry.entity_for`, remembered: the same shapes recur sentence after sentence ("H100")."""
    return registry.entity_for(written, kind, parent=parent, maker=maker)


@lru_cache(maxsize=4096)
def _resolved(registry: Registry, written: str) -> Entity | None:
    """`registry.resolve`, remembered."""
    return registry.resolve(written)


def _glued_han(text: str, end: int) -> bool:
    """Whether a Chinese name runs on at `end` ("海光" in "海光三号" is part of the product's name)."""
    return end < len(text) and HAN_CHARACTER.match(text, end - 1) is not None and HAN_CHARACTER.match(text, end) is not None


def _joined(text: str, names: list[Name]) -> list[Name]:
    """Hardware names written side by side are one name, the more specific one's entity
    ("Ironwood TPU" is TPU v7, "Gaudi 3 HL-325L" one accelerator)."""
    joined: list[Name] = []
    for name in names:
        previous = joined[-1] if joined else None
        if (
            previous is not None
            and previous.kind in HARDWARE
            and name.kind in HARDWARE
            and text[previous.end:name.start] in (" ", "\u00a0")
        ):
            entity = max((previous.entity, name.entity), key=lambda entity: SPECIFICITY[entity.kind])
            joined[-1] = Name(previous.start, name.end, text[previous.start:name.end], entity.kind, entity, previous.rule, previous.maker)
        else:
            joined.append(name)
    return joined


@cache
def _group_words() -> tuple[re.Pattern[str], dict[str, str], frozenset[str]]:
    """The group-word pattern, each word's group, and the groups larger than a system."""
    table = shape_table()["group_words"]
    canonical = {word.casefold(): group for group, words in table.items() for word in words}
    # A Latin word ends at a non-letter; a Chinese one may touch a Latin word ("超节点AI服务器").
    pattern = re.compile(r"[ \t]*" + any_of(canonical) + r"(?:(?<![A-Za-z])|(?![A-Za-z]))", re.IGNORECASE)
    return pattern, canonical, frozenset(shape_table()["words"]["larger_groups"])


def _grouped(text: str, fold: str, names: list[Name], registry: Registry) -> list[Name]:
    """A word for a group of machines after a chip's or family's name makes a system of it
    ("Hopper 集群" is the Hopper cluster, "H100 server" an H100 server); after a system's
    name only a larger group does ("the Vera Rubin NVL72 cluster", not "GB300 NVL72 rack")."""
    pattern, canonical, larger = _group_words()
    grouped = []
    for index, name in enumerate(names):
        found = pattern.match(fold, name.end) if name.kind in HARDWARE else None
        if found is None:
            grouped.append(name)
            continue
        following = names[index + 1].start if index + 1 < len(names) else len(text)
        group = canonical[found.group(0).strip().casefold()]
        if found.end() > following or name.kind == "system" and group not in larger:
            grouped.append(name)
            continue
        written = text[name.start:found.end()]
        entity = _resolved(registry, written) or Entity(
            f"{name.entity.id} {group}", "system", parent=name.entity.id, maker=name.maker, origin="seen"
        )
        grouped.append(Name(name.start, found.end(), written, entity.kind, entity, name.rule, name.maker))
    return grouped
