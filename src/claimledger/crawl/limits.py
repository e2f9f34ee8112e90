"""Bounds on what one feed body may cost the parser, checked on its bytes before feedparser sees them.

Entity expansion: feedparser keeps a DOCTYPE's entities whose values hold no
other entity (so the nested "billion laughs" is already harmless), and its
lenient parser expands them without bound: a 59 KB feed declaring one
50,000-character entity and using it 3,000 times became a 150,000,000-character
summary (27 s, 463 MB). A body whose declared entities would expand to more
than ENTITY_EXPANSION_CAP characters is refused.

Entries: feedparser spends about a millisecond per entry and the extractor far
more, so a feed is read up to its MAX_ENTRIES-th entry (feeds list their newest
first); the body is cut before the next one and closed as it closes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ENTITY_EXPANSION_CAP = 1_000_000  # characters that a body's declared entities may expand to, in all
MAX_ENTRIES = 1_000  # entries read from one feed body

ENTITY_DECLARATION = re.compile(rb"""<!ENTITY\s+([\w.:-]+)\s+(?:"([^"]*)"|'([^']*)')""")
ENTITY_REFERENCE = re.compile(rb"&([\w.:-]+);")
FIRST_ELEMENT = re.compile(rb"<[A-Za-z_]")
ENTRY_START = re.compile(rb"<(?:[\w.-]+:)?(?:item|entry)[\s/>]")
ENTRY_END = re.compile(rb"</(?:[\w.-]+:)?(?:item|entry)\s*>")


@dataclass(frozen=True, slots=True)
class Checked:
    """A feed body ready for the parser, or why it is refused; `note` says what was cut."""

    body: bytes
    refusal: str | None = None
    note: str | None = None


def check_body(body: bytes) -> Checked:
    """`body` within the limits: refused for entity expansion, cut after MAX_ENTRIES entries."""
    refusal = entity_expansion_refusal(body)
    if refusal:
        return Checked(body, refusal=refusal)
    return cut_after_entries(body)


def entity_expansion_refusal(body: bytes) -> str | None:
    """Why the entities the body's DOCTYPE declares would expand too far, or None."""
    first_element = FIRST_ELEMENT.search(body)
    prolog = body[: first_element.start()] if first_element else body
    if b"<!ENTITY" not in prolog:
        return None
    values = {match.group(1): match.group(2) or match.group(3) or b"" for match in ENTITY_DECLARATION.finditer(prolog)}
    lengths = expanded_lengths(values)
    rest = body[len(prolog):]
    total = sum(lengths.get(name, 0) for name in ENTITY_REFERENCE.findall(rest))
    if total > ENTITY_EXPANSION_CAP:
        return (f"entity expansion: the entities its DOCTYPE declares would expand to {total:,} characters "
                f"(the limit is {ENTITY_EXPANSION_CAP:,}); not parsed")
    return None


def expanded_lengths(values: dict[bytes, bytes]) -> dict[bytes, int]:
    """Each declared entity's length once the entities it refers to are expanded (at most the cap plus one).

    Entities referring to each other in a cycle all count as over the cap.
    """
    over = ENTITY_EXPANSION_CAP + 1
    references = {
        name: [ref for ref in ENTITY_REFERENCE.findall(value) if ref in values] for name, value in values.items()
    }
    own = {name: len(ENTITY_REFERENCE.sub(b"", value)) for name, value in values.items()}
    lengths: dict[bytes, int] = {}
    for root in values:
        if root in lengths:
            continue
        # Depth first without recursion: entities may refer to each other thousands deep.
        stack = [(root, iter(references[root]))]
        on_path = {root}
        while stack:
            name, pending = stack[-1]
            child = next(pending, None)
            if child is None:
                stack.pop()
                on_path.discard(name)
                lengths[name] = min(own[name] + sum(lengths[ref] for ref in references[name]), over)
            elif child in on_path:
                return dict.fromkeys(values, over)
            elif child not in lengths:
                stack.append((child, iter(references[child])))
                on_path.add(child)
    return lengths


def cut_after_entries(body: bytes) -> Checked:
    """The body up to the start of its entry after MAX_ENTRIES, closed as the whole body closes."""
    starts = ENTRY_START.finditer(body)
    cut = None
    for number, match in enumerate(starts, 1):
        if number > MAX_ENTRIES:
            cut = match.start()
            break
    if cut is None:
        return Checked(body)
    last_end = None
    for last_end in ENTRY_END.finditer(body, cut):
        pass
    closing = body[last_end.end():] if last_end else b""
    total = MAX_ENTRIES + 1 + sum(1 for _ in ENTRY_START.finditer(body, cut + 1))
    return Checked(body[:cut] + closing,
                   note=f"entry limit: the first {MAX_ENTRIES:,} of its {total:,} entries were read")
