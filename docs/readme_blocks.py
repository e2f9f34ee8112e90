"""The README's generated blocks: `claims` help texts, real runs on the demo corpus, the feeds file's keys.

README.md calls these from cog blocks (`<!-- [[[cog readme.run("claims ...") ]]] -->`).
`make docs` rewrites every block from a fresh run; tests/test_docs.py fails when
README.md differs from what they print. Everything printed must be the same on
every run: VOLATILE masks what a run cannot repeat (timings), the corpus is
served on a free port but shown on the 8765 that `make run` uses, and the runs
happen in a scratch copy of the checkout, so nothing under run/ is touched.
"""

from __future__ import annotations

import atexit
import dataclasses
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path


REPOSITORY = Path(__file__).resolve().parents[1]
EXAMPLES = REPOSITORY / "docs" / "examples"
# What a run prints that cannot be the same twice, and what the README shows instead.
VOLATILE = [
    (re.compile(r"(new claims in )\d+(?:\.\d+)? s\b"), r"\1N s"),
]
# How `claims eval` prints a result: "zh_number: 359 cases, ...", then "  value  0.989  0.961  0.975 ...".
RESULT_HEADER = re.compile(r"^(\S+): \d+ cases\b")
SCORE_LINE = re.compile(r"^  (\S+)\s+(\d\.\d+)\s+(\d\.\d+)\s+(\d\.\d+)\s")
# Variables that would make the output depend on the terminal of whoever runs `make docs`.
TERMINAL_VARIABLES = ("COLUMNS", "LINES", "FORCE_COLOR", "CLICOLOR_FORCE", "PY_COLORS", "TTY_COMPATIBLE")


def cli_help(command: str = "") -> None:
    """`claims COMMAND --help`, as a terminal 80 columns wide shows it."""
    run(" ".join(filter(None, ["claims", command, "--help"])))


def run(*command_lines: str, tail: int | None = None, exit_code: int = 0, needs_shared: bool = False) -> None:
    """Each shell command line and what it prints (standard output and error), as a console session.

    `tail` keeps only the last lines of the last command's output, after a
    "..." line. `needs_shared`: the command reads ../shared/benchmarks; without
    it the block keeps the output it had, so a checkout without ../shared can
    still check the rest of the README.
    """
    if needs_shared and not shared_benchmarks().is_dir():
        print(f"readme_blocks: {shared_benchmarks()} is absent; kept the output of {command_lines[0]!r}", file=sys.stderr)
        out(previous_output())
        return
    session = []
    for number, line in enumerate(command_lines, 1):
        output = workspace().run(line, exit_code)
        if tail is not None and number == len(command_lines):
            output = ["...", *output[-tail:]]
        session += [f"$ {line}", *output]
    out(code_block(session))


def scores_beside_peers(rows: list[tuple[str, str, str, str]]) -> None:
    """A Markdown table of `claims eval` scores beside the peers' figures.

    Each row is (the `claims eval` command, the result it prints, the measure,
    the peers' figures as written). A command already shown in this README is
    not run again. NewsQuant rows give precision / recall / F1 in percent, the
    others F1, as the sets' own reports do.
    """
    if not shared_benchmarks().is_dir():
        out(previous_output())
        return
    table = ["| set | measure | claimledger | best peer |", "| --- | --- | --- | --- |"]
    for command, result, measure, peers in rows:
        precision, recall, f1 = scores_printed(workspace().output_of(command))[result, measure]
        if result == "newsquant":
            ours = " / ".join(f"{100 * score:.1f}" for score in (precision, recall, f1))
        else:
            ours = f"{f1:.3f}"
        table.append(f"| `{result}` | {measure} | {ours} | {peers} |")
    out("\n" + "\n".join(table) + "\n\n")


def scores_printed(lines: list[str]) -> dict[tuple[str, str], tuple[float, float, float]]:
    """(precision, recall, F1) by (result name, measure) from `claims eval` output."""
    scores = {}
    result = None
    for line in lines:
        if header := RESULT_HEADER.match(line):
            result = header.group(1)
        elif (score := SCORE_LINE.match(line)) and result:
            scores[result, score.group(1)] = tuple(float(score.group(number)) for number in (2, 3, 4))
    return scores


def feeds_file_keys() -> None:
    """The keys of a [[feeds]] table, from the fields of FeedConfig, as a Markdown table."""
    from claimledger.crawl.config import FeedConfig

    rows = ["| key | value | default | what it does |", "|---|---|---|---|"]
    for key in dataclasses.fields(FeedConfig):
        rows.append(f"| `{key.name}` | {key.metadata['takes']} | {toml_default(key)} | {key.metadata['means']} |")
    out("\n" + "\n".join(rows) + "\n\n")


def out(text: str) -> None:
    """Write `text` as the output of the cog block being run."""
    import cog  # cog provides this module to the blocks it runs

    cog.out(text)


def previous_output() -> str:
    """What the block being run held before, to keep it as it was."""
    import cog

    return cog.previous


def toml_default(key: dataclasses.Field) -> str:
    """A key's default as the feeds file would write it; "required" when it has none."""
    if key.default is dataclasses.MISSING:
        return "required"
    if key.default is None:
        return "none"
    if isinstance(key.default, bool):
        return f"`{str(key.default).lower()}`"
    return f"`{key.default!r}`"


def code_block(lines: list[str]) -> str:
    """A fenced Markdown code block with a blank line before and after.

    Fenced, not indented: cog strips the indentation common to a block's lines.
    """
    body = "".join(line.rstrip() + "\n" for line in lines)
    return f"\n```\n{body}```\n\n"


def shared_benchmarks() -> Path:
    from claimledger.evaluation import SHARED_BENCHMARKS

    return SHARED_BENCHMARKS


class Workspace:
    """A scratch folder laid out like the checkout: the demo corpus served on loopback, feeds/demo.toml, docs/examples.

    Commands run there with the checkout's `claims` first on PATH. The corpus
    is a copy moved to a free port (8765 may be taken by a `make run`); its
    origin is written back to 8765 in what the README shows.
    """

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="claimledger-readme-"))
        self.server, _feeds = corpus_server_module().relocated_copy(self.folder)
        self.origin = f"127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        shutil.copytree(EXAMPLES, self.folder / "docs" / "examples")
        (self.folder / "run").mkdir()
        self.environment = command_environment()
        # What each command line printed the last time it ran.
        self.outputs: dict[str, list[str]] = {}

    def output_of(self, line: str) -> list[str]:
        """What `line` printed when it last ran in this workspace; it runs now if it has not."""
        return self.outputs[line] if line in self.outputs else self.run(line, 0)

    def run(self, line: str, exit_code: int) -> list[str]:
        """The lines `line` prints, made repeatable; raises when it exits otherwise than `exit_code`."""
        finished = subprocess.run(
            ["bash", "-c", line], cwd=self.folder, env=self.environment, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8", timeout=600,
        )
        if finished.returncode != exit_code:
            raise RuntimeError(f"README command {line!r} exited {finished.returncode}, not {exit_code}:\n{finished.stdout}")
        text = repeatable(finished.stdout.replace(self.origin, corpus_server_module().ORIGIN))
        # A progress bar that never drew (no terminal) can leave a blank line first.
        self.outputs[line] = text.strip("\n").splitlines()
        return self.outputs[line]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


def repeatable(text: str) -> str:
    """`text` with what cannot repeat from run to run masked (VOLATILE)."""
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def command_environment() -> dict[str, str]:
    """This environment with the checkout's `claims` first on PATH and the terminal fixed at 80 columns."""
    environment = {name: value for name, value in os.environ.items() if name not in TERMINAL_VARIABLES}
    environment |= {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{environment.get('PATH', '')}",
        "COLUMNS": "80",
        "NO_COLOR": "1",
        "PYTHONIOENCODING": "utf-8",
        # Standard error and output reach the pipe in the order they were written, as on a terminal.
        "PYTHONUNBUFFERED": "1",
    }
    return environment


_workspace: Workspace | None = None


def workspace() -> Workspace:
    """The one workspace of this cog run: blocks run in README order, so a crawl's ledger is there for the diff."""
    global _workspace
    if _workspace is None:
        _workspace = Workspace()
        atexit.register(_workspace.close)
    return _workspace


def corpus_server_module():
    """corpus/serve.py, which lives beside the corpus rather than in the package."""
    name = "claimledger_corpus_serve"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPOSITORY / "corpus" / "serve.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return sys.modules[name]
