"""What one page or one document may cost: the markup read from a page, the text kept for a document.

Article pages up to the cap are read whole, as before; a bigger one is read
without its scripts, styles, SVG and comments, then cut at the cap, so its
time and memory stay bounded (the largest of the 181 pages of the
article-extraction benchmark is 1.5 MB, 225 KB without those, and reads the
same either way). A document's text is cut at a paragraph
break before TEXT_CAP characters (about 30,000 words, several times a long
article), which bounds extraction time and what the ledger stores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PAGE_CAP = 1024 * 1024  # bytes of an article page's markup that are read
TEXT_CAP = 200_000  # characters of text kept per document
# Comments and elements with no text for a reader; JSON-LD scripts stay, they carry the page's date and title.
HEAVY_START = re.compile(rb"<!--|<(script|style|svg|template)(?=[\s/>])")
LD_JSON = re.compile(rb"""[^>]*\btype\s*=\s*["']?application/ld\+json""")


@dataclass(frozen=True, slots=True)
class Trimmed:
    """Markup or text within its cap, and what was cut, in one line (None when nothing was)."""

    value: bytes | str
    note: str | None = None


def trim_page(html: bytes) -> Trimmed:
    """A page's (or a feed entry's) markup within PAGE_CAP bytes."""
    if len(html) <= PAGE_CAP:
        return Trimmed(html)
    kept = without_heavy_elements(html)
    if len(kept) <= PAGE_CAP:
        return Trimmed(kept, f"markup over {PAGE_CAP:,} bytes read without its scripts, styles and comments")
    cut = kept.rfind(b"<", 0, PAGE_CAP)
    kept = kept[: cut if cut > 0 else PAGE_CAP]
    return Trimmed(kept, f"markup cut to its first {PAGE_CAP:,} bytes, without scripts, styles and comments")


def without_heavy_elements(html: bytes) -> bytes:
    """`html` without comments, scripts (JSON-LD excepted), styles, SVG and templates, in one pass.

    An element or comment left open runs to the end, as a browser reads it.
    """
    lowered = html.lower()
    pieces: list[bytes] = []
    position = 0
    while match := HEAVY_START.search(lowered, position):
        start = match.start()
        name = match.group(1)
        if name is None:
            end = lowered.find(b"-->", start + 4)
            end = len(html) if end < 0 else end + 3
        else:
            closing = lowered.find(b"</" + name, match.end())
            end = len(html) if closing < 0 else (lowered.find(b">", closing) + 1 or len(html))
        keep_element = name == b"script" and LD_JSON.match(lowered, match.end(), lowered.find(b">", match.end()))
        pieces.append(html[position:end] if keep_element else html[position:start])
        position = end
    pieces.append(html[position:])
    return b"".join(pieces)


def cap_text(text: str) -> Trimmed:
    """A document's text within TEXT_CAP characters, cut at the last paragraph (else line) break before it."""
    if len(text) <= TEXT_CAP:
        return Trimmed(text)
    cut = text.rfind("\n\n", 0, TEXT_CAP)
    if cut <= 0:
        cut = text.rfind("\n", 0, TEXT_CAP)
    kept = text[: cut if cut > 0 else TEXT_CAP].rstrip()
    return Trimmed(kept, f"text cut to {TEXT_CAP:,} characters")
