"""`claims extract` on inputs of any size: read as it comes, bounded memory, output before the input ends.

The real command runs as a subprocess on /dev/zero, on a pipe kept open, and
on inputs of several windows; asserted on what it printed, its exit and its
peak memory, never on how long it took.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from click.testing import CliRunner

from claimledger.cli import cli
from claimledger.cli.windows import MAX_LINE_BYTES, WINDOW, windows
from conftest import CLAIMS

# Runs the command after argv[1] and prints its exit code and peak RSS (KiB); its stdin is this process's.
MEASURE = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]); "
           "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
# Generous: only a command that never answers comes near it.
NEVER = 300


def paragraph(number: int) -> str:
    return f"Cluster {number} now runs {1024 + number} GPUs in its hall.\n\n"


def many_paragraphs(characters: int) -> str:
    pieces, size, number = [], 0, 0
    while size < characters:
        pieces.append(paragraph(number))
        size += len(pieces[-1])
        number += 1
    return "".join(pieces)


def test_dev_zero_is_refused_at_the_line_bound_with_little_memory():
    with open("/dev/zero", "rb") as zeros:
        process = subprocess.run([sys.executable, "-c", MEASURE, CLAIMS, "extract"], stdin=zeros,
                                 capture_output=True, text=True, timeout=NEVER)
    code, peak_kib = map(int, process.stdout.split())
    assert code == 1
    assert (f"standard input: line 1 is longer than {MAX_LINE_BYTES:,} bytes; claims extract reads text a line at "
            "a time (break long lines)") in process.stderr
    assert peak_kib / 1024 < 100


def test_claims_are_printed_while_the_input_is_still_coming():
    process = subprocess.Popen([CLAIMS, "extract"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    printed: list[str] = []
    first_line = threading.Event()

    def read() -> None:
        for line in process.stdout:
            printed.append(line)
            first_line.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        # More than one window, then the pipe stays open: a command that read everything first would print nothing.
        process.stdin.write(many_paragraphs(WINDOW + 10_000))
        process.stdin.flush()
        assert first_line.wait(NEVER)
        assert json.loads(printed[0])["text"] == "1024 GPUs"
        assert process.poll() is None
    finally:
        process.stdin.close()
        process.wait(NEVER)
        reader.join(NEVER)
    assert process.returncode == 0
    assert len(printed) == many_paragraphs(WINDOW + 10_000).count("\n\n")


def test_offsets_count_from_the_start_of_the_whole_input():
    text = "\ufeff" + many_paragraphs(3 * WINDOW)
    result = CliRunner().invoke(cli, ["extract"], input=text.encode("utf-8"))
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.output.splitlines()]
    body = text[1:]
    assert len(records) == body.count("\n\n")
    for number, record in enumerate(records):
        assert body[record["start"]:record["end"]] == record["text"] == f"{1024 + number} GPUs"
        assert body[record["sentence_start"]:record["sentence_end"]] == record["sentence"]


def test_windows_end_between_paragraphs_and_cover_the_input_exactly():
    text = many_paragraphs(5 * WINDOW) + "a last line without a break"
    parts = list(windows(iter(text.splitlines(keepends=True))))
    assert "".join(part.text for part in parts) == text and len(parts) >= 5
    assert all(part.text.endswith("\n\n") and len(part.text) <= WINDOW for part in parts[:-1])
    assert [part.offset for part in parts] == [sum(len(p.text) for p in parts[:i]) for i in range(len(parts))]


def test_a_paragraph_longer_than_a_window_is_split_between_lines():
    lines = [f"Line {number} holds 8 GPUs.\n" for number in range(WINDOW // 10)]
    parts = list(windows(iter(lines)))
    assert len(parts) > 1 and "".join(part.text for part in parts) == "".join(lines)
    assert all(part.text.endswith("\n") and len(part.text) <= WINDOW for part in parts)


def test_a_line_over_the_bound_is_refused_naming_the_file_and_line(tmp_path: Path):
    post = tmp_path / "post.txt"
    post.write_bytes(b"The rack draws 132 kW.\n" + b"9" * (MAX_LINE_BYTES + 1) + b"\n")
    result = CliRunner().invoke(cli, ["extract", str(post)])
    assert result.exit_code == 1
    assert f"{post}: line 2 is longer than {MAX_LINE_BYTES:,} bytes" in result.output


def test_a_bad_byte_deep_in_the_input_is_named_by_its_offset(tmp_path: Path):
    post = tmp_path / "post.txt"
    head = many_paragraphs(2 * WINDOW).encode("utf-8")
    post.write_bytes(head + b"caf\xe9 10 GB\n")
    result = CliRunner().invoke(cli, ["extract", str(post)])
    assert result.exit_code == 1
    assert f"{post} is not UTF-8: byte offset {len(head) + 3} (0xe9) cannot be decoded" in result.output


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path):
    """`claims extract FILE | head -1`: the closed pipe ends the run with exit 0 and no message."""
    post = tmp_path / "post.txt"
    post.write_text(many_paragraphs(2 * WINDOW), encoding="utf-8")
    process = subprocess.Popen([CLAIMS, "extract", str(post)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()
    _, errors = process.communicate(timeout=NEVER)
    assert json.loads(first)["text"] == "1024 GPUs"
    assert (process.returncode, errors) == (0, b"")
