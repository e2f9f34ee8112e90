"""The `claims` command: a thin layer that wires the stages together.

Each subcommand lives in its own module here and imports its stage lazily,
so `claims --help` and `claims extract` on one line start quickly.
"""

from __future__ import annotations

import importlib

import click


@click.group()
@click.version_option(package_name="claimledger")
def cli() -> None:
    """A ledger of the numeric claims technology vendors publish.

    Crawl vendors' feeds, extract every figure with its unit, hedge, baseline
    and subject, keep them in SQLite, and see which figures changed.
    """


# Each module named here defines one click command called `command`, or a list `commands`.
COMMAND_MODULES: list[str] = [
    "diff_command", "key_command", "link_command", "serve_command", "crawl_command", "ingest_command", "eval_command",
    "extract_command", "text_command",
]


def _register() -> None:
    """Attach every subcommand module's commands to the group."""
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"claimledger.cli.{name}")
        for command in getattr(module, "commands", None) or [module.command]:
            cli.add_command(command)


_register()
