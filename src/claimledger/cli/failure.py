"""How a command fails on bad input: the error's one-line message and an exit status."""

from __future__ import annotations

import click

# `claims diff` and `claims key` exit 2 for a ledger they cannot read, so it is never mistaken for a --fail-on hit.
UNREADABLE_LEDGER = 2


def failure(error: Exception, exit_code: int = 1) -> click.ClickException:
    """`error` as the exception click prints as "Error: <message>" before exiting with `exit_code`."""
    exception = click.ClickException(str(error))
    exception.exit_code = exit_code
    return exception
