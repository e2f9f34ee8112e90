"""A text input read in windows of whole paragraphs: bounded memory whatever the input, output as it goes.

`claims extract` reads its input a line at a time and hands the extractor one
window of up to WINDOW characters, ended at a paragraph break where there is
one (a paragraph longer than a window is split between lines). An input up to
WINDOW characters is one window, read as a whole as before. A line longer than
MAX_LINE_BYTES is refused, so a file without line breaks (or /dev/zero) costs
at most that much memory before the message.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from claimledger.text.budget import TEXT_CAP

# Characters handed to the extractor at once: the same as a crawled document's text cap.
WINDOW = TEXT_CAP
MAX_LINE_BYTES = 1024 * 1024
BOM = "\ufeff"


class UnreadableText(Exception):
    """An input that cannot be read as UTF-8 text within the line bound; the message names it and where."""


@dataclass(slots=True, frozen=True)
class Window:
    """A run of whole lines of the input and where it starts (in characters, the byte order mark not counted)."""

    text: str
    offset: int


def read_lines(handle: BinaryIO, name: str) -> Iterator[str]:
    """The lines of `handle` decoded as UTF-8, each with its line break.

    Raises:
        UnreadableText: a line is not UTF-8 (the byte offset of the first bad
            byte is named) or longer than MAX_LINE_BYTES.
    """
    position = 0
    number = 0
    while True:
        data = handle.readline(MAX_LINE_BYTES + 1)
        if not data:
            return
        number += 1
        if len(data) > MAX_LINE_BYTES:
            raise UnreadableText(f"{name}: line {number:,} is longer than {MAX_LINE_BYTES:,} bytes; "
                                 "claims extract reads text a line at a time (break long lines)")
        try:
            line = data.decode("utf-8")
        except UnicodeDecodeError as error:
            bad = position + error.start
            raise UnreadableText(f"{name} is not UTF-8: byte offset {bad} (0x{data[error.start]:02x}) "
                                 "cannot be decoded") from error
        position += len(data)
        # UTF-8 never puts a byte of a multi-byte character at 0x0A, so decoding line by line is exact.
        yield line[1:] if number == 1 and line.startswith(BOM) else line


def windows(lines: Iterator[str], size: int = WINDOW) -> Iterator[Window]:
    """`lines` joined into windows of at most `size` characters (or one line, if longer), ended at a paragraph
    break where the window has one."""
    held: list[str] = []
    held_size = 0
    # Lines of `held` up to the last blank line: where the window can end between paragraphs.
    paragraphs_end = 0
    offset = 0
    for line in lines:
        if held and held_size + len(line) > size:
            cut = paragraphs_end or len(held)
            text = "".join(held[:cut])
            yield Window(text, offset)
            offset += len(text)
            held = held[cut:]
            held_size -= len(text)
            paragraphs_end = 0
        held.append(line)
        held_size += len(line)
        if not line.strip():
            paragraphs_end = len(held)
    if held:
        yield Window("".join(held), offset)


def input_windows(source: str, name: str) -> Iterator[Window]:
    """The windows of the file `source`, or of standard input for "-".

    Raises:
        OSError: the file cannot be opened or read.
        UnreadableText: see read_lines.
    """
    if source == "-":
        yield from windows(read_lines(sys.stdin.buffer, name))
        return
    with open(source, "rb") as handle:
        yield from windows(read_lines(handle, name))
