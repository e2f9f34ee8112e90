"""Reading a command's input file, or standard input for "-"."""

from __future__ import annotations

import sys


def input_name(source: str) -> str:
    """How messages name `source`."""
    return "standard input" if source == "-" else source


def read_input(source: str) -> bytes:
    """The bytes of the file `source`, or of standard input for "-".

    Raises:
        OSError: the file cannot be opened or read.
    """
    if source == "-":
        return sys.stdin.buffer.read()
    with open(source, "rb") as handle:
        return handle.read()
