"""The README cannot drift: its generated blocks are what `make docs` makes, and it documents every command,
option and feeds-file key."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from claimledger.cli import cli
from claimledger.crawl.config import FeedConfig, load_feeds

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def readme_text() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_is_what_make_docs_makes() -> None:
    """Re-runs every generated block (help texts, the demo corpus crawled and diffed, claims eval) and compares."""
    checked = subprocess.run(
        [sys.executable, "-m", "cogapp", "--check", "--diff", "--verbosity=1", "README.md"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=1200,
    )
    assert checked.returncode == 0, (
        "README.md is stale: run `make docs` and commit README.md\n" + checked.stdout + checked.stderr
    )


def commands(group: click.Group, prefix: str = "claims") -> list[tuple[str, click.Command]]:
    """Every command under `group` by its full name ("claims crawl"), subgroups' commands included."""
    found = []
    for name, command in sorted(group.commands.items()):
        full_name = f"{prefix} {name}"
        found.append((full_name, command))
        if isinstance(command, click.Group):
            found += commands(command, full_name)
    return found


def section(name: str) -> str:
    """The README section whose heading starts with `claims NAME`, up to the next heading of its level or above.

    Lines inside fenced code blocks are never headings (a TOML comment starts with "# ").
    """
    lines, inside_fence, in_section = [], False, False
    for line in readme_text().splitlines():
        if line.startswith("```"):
            inside_fence = not inside_fence
        heading = None if inside_fence else re.match(r"^(#{1,3}) (.*)$", line)
        if heading:
            in_section = heading.group(2).startswith(f"`{name}`")
            continue
        if in_section:
            lines.append(line)
    assert lines, f"README.md has no section headed ### `{name}`"
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "command"), commands(cli), ids=[name for name, _ in commands(cli)])
def test_every_command_has_a_section_with_its_help_and_every_option(name: str, command: click.Command) -> None:
    text = section(name)
    subcommand = name.removeprefix("claims ")
    assert f'readme.cli_help("{subcommand}")' in text, f"the {name} section does not show `{name} --help`"
    options = [
        option for parameter in command.params if isinstance(parameter, click.Option) and not parameter.hidden
        for option in parameter.opts if option.startswith("--")
    ]
    missing = [option for option in options if not re.search(rf"{re.escape(option)}(?![\w-])", text)]
    assert missing == [], f"{name}: options missing from its README section"


def test_the_command_list_is_shown() -> None:
    assert "readme.cli_help()" in readme_text()


def test_every_feeds_file_key_says_what_it_takes_and_does() -> None:
    for key in dataclasses.fields(FeedConfig):
        assert key.metadata.get("takes") and key.metadata.get("means"), key.name


def test_the_feeds_file_example_loads_and_uses_every_key() -> None:
    feeds = load_feeds(ROOT / "docs" / "examples" / "feeds.toml")
    used = {key.name for key in dataclasses.fields(FeedConfig) for feed in feeds if getattr(feed, key.name)}
    assert used == {key.name for key in dataclasses.fields(FeedConfig)}
    assert "readme.feeds_file_keys()" in section("claims crawl")


def readme_blocks():
    spec = importlib.util.spec_from_file_location("readme_blocks", ROOT / "docs" / "readme_blocks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_run_times_are_masked_in_what_the_readme_shows() -> None:
    shown = readme_blocks().repeatable("5 feeds: 5 ok. 26 new documents, 143 new claims in 2.2 s.")
    assert shown == "5 feeds: 5 ok. 26 new documents, 143 new claims in N s."


def test_eval_scores_are_read_from_what_claims_eval_prints() -> None:
    printed = [
        "zh_number: 359 cases, 6 skipped as not supported on Python upstream",
        "  measure      precision  recall     F1     tp predicted   gold",
        "  value            0.989   0.961  0.975    374       378    389",
        "newsquant: 590 cases",
        "  measure      precision  recall     F1     tp predicted   gold",
        "  value+unit       0.848   0.883  0.865    798       941    904",
    ]
    assert readme_blocks().scores_printed(printed) == {
        ("zh_number", "value"): (0.989, 0.961, 0.975),
        ("newsquant", "value+unit"): (0.848, 0.883, 0.865),
    }
