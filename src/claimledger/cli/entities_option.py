"""`--entities PATH`: a user's own entities file for the commands that extract claims."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from claimledger.cli.failure import failure

if TYPE_CHECKING:
    from claimledger.entities import Entity

# Beside the feeds file, a file of this name is read without --entities.
DEFAULT_NAME = "entities.toml"

entities_option = click.option(
    "--entities", "entities_path", default=None, type=click.Path(dir_okay=False, path_type=Path),
    help="Your own entities file (TOML, [[entity]] tables): names, kinds, parents and aliases added to the package's.",
)


def user_entities(path: Path | None) -> list[Entity]:
    """The entities of the user's file (none without one), checked before anything is read or written.

    Raises:
        click.ClickException: "FILE:LINE: problem", exit status 1.
    """
    if path is None:
        return []
    from claimledger.entities import EntitiesFileError, read_entities_file

    try:
        return read_entities_file(path)
    except EntitiesFileError as error:
        raise failure(error) from None


def beside_feeds(path: Path | None, feeds_path: Path) -> Path | None:
    """`path`, else the entities.toml beside the feeds file when there is one."""
    if path is not None:
        return path
    default = feeds_path.parent / DEFAULT_NAME
    return default if default.is_file() else None
