"""The product a post is about so far: what a figure whose sentence names nothing is about.

A post about one product often states its figures in later sentences that name nothing
("It contains 900,000 AI cores ...", "Configuration at scale: pods of up to 9,216
chips.", "4 trillion transistors on one die"), also past a paragraph break or with the
product named only in the title. The topic is the product the last sentence that named one
was about:

1. the hardware subject of that sentence's figures, when they have one (a system and
   the chip it is built on are one topic, the more specific name kept: "the TPU,
   code-named Ironwood" is Ironwood), unless it is a new product compared with another
   ("Trainium4 ... 6x compared to Trainium3": the post now speaks of two), another
   product named beside the subject as more than a baseline or a part, or another
   product in a sentence that points back to the topic with a pronoun ("It doubles the
   Kestrel K4's 96 GB");
2. else the one product (hardware) the sentence names;
3. a sentence naming several unrelated products, or whose figures are about software, a
   model or an organisation that does not make the topic (or naming one, with no figure),
   changes the topic to none: the post has moved on, nothing is carried;
4. a sentence speaking of a company and naming no product ("公司预计 ...", "the company
   expects"), one with a revenue or any money figure, or one in a language the extractor
   does not read ends the topic.

A figure takes the topic only when it can be a product's (not money, not an organisation's
measure such as revenue or market size), when its sentence does not speak of a company
("公司预计 ...", "the company expects"), names no product other than the topic's own
parts or parts of its family (a baseline aside: "72 Rubin GPUs" are no part of a GB300
NVL72), when it is not another product's possession ("double the
WSE-2's 2.6 trillion"), and not when it points back to a thing of another kind ("the
rack" after a chip). A subject that is only the family of the topic, written with a
definite article ("The TPU supports ..." after Ironwood), is the topic. A figure per rack
(server, node) of a cluster topic is the cluster's system's ("72 GPUs per rack" of a Vera
Rubin NVL72 cluster). A figure compared
with "its previous X" and no product of its own is about the one product the post named
before of X's kind and family ("AWS claims 4.4x ... compared to its previous Trainium2
UltraServers" in a post on Trn3 UltraServers). A sentence pointing
at a chip before the post named any ("These GPUs are based on ...") is about the one chip
the post names later that an organisation it named before makes. A carried chip
becomes the known system built on it when a group word with no name of its own stands
before the figure ("A 144-chip UltraServer configuration can provide ..." after Trainium3:
the Trn3 UltraServer); a count of chips before a group word makes the chip's system
of that group, known or not ("A 10,000-GPU cluster" after the MTT S4000: the MTT S4000
cluster).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from claimledger.entities import Entity, Registry
from claimledger.extraction.cues import alternation, cue_table, lowered, role_words
from claimledger.extraction.names import HARDWARE, SPECIFICITY, Name
from claimledger.extraction.shapes import shape_table

# "The TPU", "this GPU family", "该系列", "這款": a name pointed at as the one already spoken of.
DEFINITE_BEFORE = re.compile(r"(?:\b(?:the|this|that)\s+|[该此這这]\s*)$", re.IGNORECASE)
# Metrics of one unit of a larger system: "GPUs per rack".
PER_UNIT = (" per rack", " per server", " per node", " per system", " per tray")
# Roles that do not make a name what its sentence is about.
NOT_ABOUT = ("baseline", "component", "software", "condition", "claimant", "maker")


class Topic(NamedTuple):
    """The product a post is about so far, as its sentences wrote it."""

    subject: str
    entity: Entity

    @property
    def kind(self) -> str:
        return self.entity.kind


def in_chain(registry: Registry, first: Entity, second: Entity) -> bool:
    """Whether one entity is the other or built on it (a system and its chip, a chip and its family)."""
    if first.id == second.id:
        return True
    return second.id in {ancestor.id for ancestor in registry.ancestors(first)} or first.id in {
        ancestor.id for ancestor in registry.ancestors(second)
    }


def most_specific(registry: Registry, names: Sequence[tuple[str, Entity]]) -> tuple[str, Entity] | None:
    """The one thing `names` are about when they lie on one chain (the most specific of
    them); None for none, or for names of unrelated products."""
    if not names:
        return None
    ordered = sorted(names, key=lambda item: -SPECIFICITY.get(item[1].kind, 0))
    top = ordered[0]
    if all(in_chain(registry, top[1], entity) for _, entity in ordered[1:]):
        return top
    return None


def next_topic(
    registry: Registry,
    topic: Topic | None,
    folded: str,
    names: Sequence[Name],
    subjects: Sequence[tuple[str, Entity]],
    roles: Sequence[dict[str, str]],
) -> Topic | None:
    """The topic after a sentence with `names`, whose figures have their own `subjects`
    (as written, with their entities; carried ones left out) and give each name the roles
    in `roles` (one dict per figure)."""
    if subjects:
        hardware = [(text, entity) for text, entity in subjects if entity.kind in HARDWARE]
        others = [entity for _, entity in subjects if entity.kind not in HARDWARE]
        if any(not (entity.kind == "organisation" and _makes(registry, entity, topic)) for entity in others):
            return None  # the figures are about software, a model or another organisation now
        if not hardware:
            return topic
        found = most_specific(registry, hardware)
        compared = any(name.kind in HARDWARE and any(figure.get(name.text) == "baseline" for figure in roles) for name in names)
        if found is None or compared and not (topic is not None and in_chain(registry, topic.entity, found[1])):
            return None  # a new product compared with another: the post now speaks of two
        if any(
            name.kind in HARDWARE and not in_chain(registry, found[1], name.entity) and not any(figure.get(name.text) in NOT_ABOUT for figure in roles)
            for name in names
        ):
            return None  # another product named beside it: which one the post goes on about is unclear
        if topic is not None and not in_chain(registry, topic.entity, found[1]) and _points_back(folded):
            return None  # "It doubles the Kestrel K4's 96 GB": the topic and another product
        return Topic(*found)
    aside = {text for figure in roles for text, role in figure.items() if role in NOT_ABOUT}
    products = [(name.text, name.entity) for name in names if name.kind in HARDWARE and name.text not in aside]
    if products:
        found = most_specific(registry, products)
        if found is None:
            return None
        if topic is not None and in_chain(registry, topic.entity, found[1]) and SPECIFICITY.get(topic.kind, 0) > SPECIFICITY.get(found[1].kind, 0):
            return topic  # "the TPU" after Ironwood: still Ironwood
        return Topic(*found)
    for name in names:
        if name.kind in ("organisation", "software", "model") and name.text not in aside and not (
            name.kind == "organisation" and _makes(registry, name.entity, topic)
        ):
            return None
    return topic


def named_ahead(registry: Registry, later: Sequence[Name], makers: set[str]) -> Name | None:
    """The one chip named in `later` sentences whose maker is among `makers` (organisations
    the post named before): what "These GPUs ..." points ahead to. None for none or several."""
    chips = {
        name.entity.id: name for name in later
        if name.kind == "chip" and (maker := registry.maker(name.entity)) is not None and maker.id in makers
    }
    return next(iter(chips.values())) if len(chips) == 1 else None


@lru_cache(maxsize=8)
def organisation_spoken_of(folded: str) -> bool:
    """Whether a sentence speaks of a company rather than a product ("公司预计 ...", "the company expects")."""
    return role_words("organisation_spoken_of").search(lowered(folded)) is not None


def _points_back(folded: str) -> bool:
    """Whether a sentence points back with a pronoun to what the post spoke of ("It", "其")."""
    return role_words("points_back").search(lowered(folded)) is not None


def _makes(registry: Registry, organisation: Entity, topic: Topic | None) -> bool:
    if topic is None:
        return True
    maker = registry.maker(topic.entity)
    return maker is not None and (maker.id == organisation.id or in_chain(registry, maker, organisation))


def takes_topic(registry: Registry, topic: Topic, names: Sequence[Name], roles: dict[str, str]) -> bool:
    """Whether a subjectless figure of a sentence with `names` may take the topic: its
    sentence names no other product of its own (a baseline or a part does not count)."""
    for name in names:
        role = roles.get(name.text)
        if name.kind not in HARDWARE or role == "baseline" or in_chain(registry, topic.entity, name.entity):
            continue
        if role == "component" and _families(registry, name.entity) & _families(registry, topic.entity):
            continue  # "72 Rubin GPUs and 36 Vera CPUs" of a Vera Rubin NVL72: parts of its family
        return False  # "This one has 72 Rubin GPUs" after a GB300 NVL72: another product's parts
    return True


def _families(registry: Registry, entity: Entity) -> set[str]:
    return {ancestor.id for ancestor in registry.ancestors(entity) if ancestor.kind == "product_family"}


def per_unit_system(registry: Registry, topic: Topic, metric: str | None) -> Topic:
    """A figure per rack (or server, node) of a cluster topic is its system's ("72 GPUs per rack"
    of a Vera Rubin NVL72 cluster: the Vera Rubin NVL72's)."""
    parent = registry.get(topic.entity.parent)
    if metric and metric.endswith(PER_UNIT) and topic.kind == "system" and parent is not None and parent.kind == "system":
        return Topic(parent.id, parent)
    return topic


def system_of(registry: Registry, chip: Entity, folded: str, names: Sequence[Name], span: tuple[int, int]) -> Entity | None:
    """The known system built on `chip` that a group word before the figure names, with no
    name of its own ("A 144-chip UltraServer configuration can provide ..." after Trainium3
    is the Trn3 UltraServer); `span` is the figure's clause up to the figure. None when the
    vocabulary has none or several."""
    found = None
    for match in _group_word().finditer(folded, *span):
        if any(name.start <= match.start() < name.end for name in names):
            continue
        systems = _systems_of(registry, chip.id, match.group(0).strip().casefold())
        if len(systems) != 1 or found is not None and found.id != systems[0].id:
            return None
        found = systems[0]
    return found


def counted_system(chip: Entity, folded: str, clause_start: int, figure_start: int) -> Entity | None:
    """The system a count of chips makes ("A 10,000-GPU cluster", "10,000 個 GPU 叢集" after the
    MTT S4000: the MTT S4000 cluster), as names.py names a chip's group: a count in the
    figure's clause that starts before the figure or is the figure itself."""
    found = next((match for match in _counted_group().finditer(folded, clause_start) if match.start() <= figure_start), None)
    if found is None:
        return None
    group = _group_canonical()[found.group("group").strip().casefold()]
    return Entity(f"{chip.id} {group}", "system", parent=chip.id, origin="seen")


@lru_cache(maxsize=256)
def _systems_of(registry: Registry, chip_id: str, word: str) -> tuple[Entity, ...]:
    """Known systems whose parent is `chip_id` and whose name or an alias has the group word."""
    return tuple(
        entity for entity in registry
        if entity.kind == "system" and entity.parent == chip_id
        and any(re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", alias.casefold()) for alias in (entity.id, *entity.aliases))
    )


def system_word() -> re.Pattern[str]:
    """A group word (rack, server, cluster, 机架 ...)."""
    return _group_word()


@cache
def _group_word() -> re.Pattern[str]:
    words = sorted({word for group in shape_table()["group_words"].values() for word in group}, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, words)) + r")(?![A-Za-z])", re.IGNORECASE)


# A group word after a preposition is where the thing is, not what it is ("Each chip in the UltraServer holds 144 GB").
GROUP_IN_PREPOSITION = re.compile(r"\b(?:in|of|per|on|across|inside|within|from|into|for)\s+(?:(?:the|a|an|each|every|one|its|their)\s+)?$", re.IGNORECASE)


def of_a_group(folded: str, start: int, end: int) -> bool:
    """Whether a group word (rack, server, cluster ...) stands right before the figure at [start, end),
    at most two words between ("racks exceeding 60 kW", "each rack draws 60 kW"), or right after it
    ("60 kW racks"): the figure is the group's, never a chip's."""
    if _counted_group().match(folded, start):
        return False  # "A 128-GPU cluster": a count of chips makes their system (counted_system)
    window = max(0, start - 40)
    before = _group_before().search(folded[window:start])
    if before is not None and not GROUP_IN_PREPOSITION.search(folded, max(0, window + before.start() - 16), window + before.start()):
        group_end = window + before.end("group")
        # "An 8-chip server draws 11 kW": the counted chips' system, as above
        return not any(found.end() == group_end for found in _counted_group().finditer(folded, max(0, group_end - 40), group_end))
    return _group_after().match(folded[end:end + 16]) is not None


@cache
def _group_before() -> re.Pattern[str]:
    """A group word, then at most two words, ending where the text ends (a look-ahead on the group
    words' first characters lets a search skip ahead to them, past the look-behind of each place)."""
    words = {word for group in shape_table()["group_words"].values() for word in group}
    firsts = "".join(sorted({re.escape(word[0]) for word in words}))
    return re.compile(rf"(?=[{firsts}])(?P<group>{_group_word().pattern})(?:\s+[a-z][\w-]*){{0,2}}\s+$", re.IGNORECASE)


@cache
def _group_after() -> re.Pattern[str]:
    """A group word right after the figure."""
    return re.compile(rf"\s*(?:{_group_word().pattern})", re.IGNORECASE)


@cache
def _counted_group() -> re.Pattern[str]:
    words = sorted(shape_table()["kind_words"]["chip"], key=len, reverse=True)
    chips = "|".join(map(re.escape, words))
    # The look-ahead on the chip words' first characters fails at once where none starts.
    firsts = "".join(sorted({re.escape(word[0]) for word in words}))
    return re.compile(
        rf"\d[\d,.]*\s*(?:[-‑]\s*)?(?:[个個颗顆张張块塊片]\s*)?(?=[{firsts}])(?:{chips})\s*(?:(?:组成|构成|互联)\s*)?(?:的\s*)?(?P<group>{_group_word().pattern})",
        re.IGNORECASE,
    )


@cache
def _group_canonical() -> dict[str, str]:
    return {word.casefold(): group for group, words in shape_table()["group_words"].items() for word in words}


def previous_of_own(folded: str, start: int) -> bool:
    """Whether the name at `start` is introduced as the subject's own predecessor ("its previous
    Trainium2 UltraServers", "其上一代 X")."""
    return _previous_own().search(folded, max(0, start - 30), start) is not None


@cache
def _previous_own() -> re.Pattern[str]:
    return re.compile(rf"(?:{alternation(cue_table()['roles']['previous_own'])})\s*(?:的\s*)?$", re.IGNORECASE)


def successor(registry: Registry, predecessor: Entity, named: Sequence[Name]) -> Name | None:
    """The one product of `named` of the predecessor's kind that shares its family, not itself."""
    families = _families(registry, predecessor)
    found = {
        name.entity.id: name for name in named
        if name.kind == predecessor.kind and name.entity.id != predecessor.id and families & _families(registry, name.entity)
    }
    return next(iter(found.values())) if len(found) == 1 else None


def family_of_topic(registry: Registry, topic: Topic | None, folded: str, subject: Name | None) -> bool:
    """Whether `subject` is only the topic's family pointed at as known ("The TPU supports ...")."""
    if topic is None or subject is None or subject.kind != "product_family":
        return False
    if subject.entity.id not in {ancestor.id for ancestor in registry.ancestors(topic.entity)}:
        return False
    return DEFINITE_BEFORE.search(folded, max(0, subject.start - 8), subject.start) is not None
