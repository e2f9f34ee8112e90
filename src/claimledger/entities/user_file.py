"""A user's own entities file: names, kinds, parents and aliases added or corrected
without touching the package.

    [[entity]]
    name = "Kestrel K5"          # an entity's canonical name (a known one to correct it)
    kind = "chip"                # needed for a new entity: see KINDS
    parent = "Kestrel K-series"  # optional: an entity of the package or of this file
    maker = "Kestrel Silicon"    # optional: the organisation that makes it
    aliases = ["K5", "凯斯 K5"]  # optional: other ways posts write it

A mistake is reported as one line naming the file, the line and the problem
(`EntitiesFileError`), before anything is read from or written to a ledger.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from claimledger.entities.folding import fold_name
from claimledger.entities.model import KINDS, Entity
from claimledger.entities.registry import Registry, package_registry

KEYS = ("name", "kind", "parent", "maker", "aliases")
HEADER = re.compile(r"^\s*\[\[\s*entity\s*\]\]\s*(?:#.*)?$")
TOML_POSITION = re.compile(r"\(at line (\d+), column \d+\)")


class EntitiesFileError(Exception):
    """A user's entities file that cannot be used: `str(error)` is "FILE:LINE: problem"."""


def load_registry(path: str | Path | None) -> Registry:
    """The package's entities with the user's file at `path` over them (none: the package's alone)."""
    if path is None:
        return package_registry()
    return package_registry().with_entities(read_entities_file(path))


def read_entities_file(path: str | Path) -> list[Entity]:
    """The entities of a user's file, checked against the package's.

    Raises:
        EntitiesFileError: the file cannot be read, is not TOML, or states something
            that cannot be used (the message names the line).
    """
    path = Path(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise EntitiesFileError(f"{path}: cannot read it: {getattr(error, 'strerror', None) or error}") from error
    try:
        table = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        position = TOML_POSITION.search(str(error))
        line = position.group(1) if position else "1"
        message = TOML_POSITION.sub("", str(error)).strip()
        raise EntitiesFileError(f"{path}:{line}: not valid TOML: {message}") from error
    return _checked(path, source.splitlines(), table)


def _checked(path: Path, lines: list[str], table: dict) -> list[Entity]:
    def fail(line: int, problem: str) -> EntitiesFileError:
        return EntitiesFileError(f"{path}:{line}: {problem}")

    for key in table:
        if key != "entity":
            raise fail(_line_of_key(lines, 0, len(lines), key), f"unknown table or key '{key}': the file holds [[entity]] tables")
    items = table.get("entity", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise fail(_line_of_key(lines, 0, len(lines), "entity"), "'entity' must be [[entity]] tables")
    headers = [index for index, line in enumerate(lines) if HEADER.match(line)]
    known = package_registry()
    names_here = {item.get("name") for item in items if isinstance(item.get("name"), str)}
    seen_names: dict[str, int] = {}
    alias_owner: dict[str, str] = {}
    entities = []
    for number, item in enumerate(items):
        start = headers[number] if number < len(headers) else 0
        end = headers[number + 1] if number + 1 < len(headers) else len(lines)
        header_line = start + 1

        def line_of(key: str, start: int = start, end: int = end, header_line: int = header_line) -> int:
            return _line_of_key(lines, start, end, key) or header_line

        for key in item:
            if key not in KEYS:
                raise fail(line_of(key), f"unknown key '{key}' (an entity has {', '.join(KEYS)})")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail(line_of("name"), "an entity needs a name (a non-empty string)")
        if name in seen_names:
            raise fail(line_of("name"), f"'{name}' is already defined on line {seen_names[name]}")
        seen_names[name] = line_of("name")
        existing = known.get(name)
        kind = item.get("kind")
        if kind is None and existing is None:
            raise fail(header_line, f"new entity '{name}' needs a kind ({', '.join(KINDS)})")
        if kind is not None and kind not in KINDS:
            raise fail(line_of("kind"), f"unknown kind '{kind}' (use one of {', '.join(KINDS)})")
        for key in ("parent", "maker"):
            value = item.get(key)
            if value is None:
                continue
            if not isinstance(value, str) or not value.strip():
                raise fail(line_of(key), f"'{key}' must be an entity's name")
            if value == name:
                raise fail(line_of(key), f"'{name}' cannot be its own {key}")
            if value not in names_here and value not in known:
                raise fail(line_of(key), f"{key} '{value}' is not a known entity (define it in this file first)")
        aliases = item.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(alias, str) and alias.strip() for alias in aliases):
            raise fail(line_of("aliases"), "'aliases' must be a list of non-empty strings")
        for alias in (name, *aliases):
            folded = fold_name(alias)
            owner = alias_owner.get(folded)
            if owner is not None and owner != name:
                raise fail(line_of("aliases"), f"alias '{alias}' already names '{owner}' in this file")
            alias_owner[folded] = name
        entities.append(
            Entity(
                id=name,
                kind=kind or existing.kind,
                parent=item.get("parent"),
                maker=item.get("maker"),
                aliases=tuple(aliases),
                origin="user",
            )
        )
    return entities


def _line_of_key(lines: list[str], start: int, end: int, key: str) -> int:
    """1-based line of `key = ...` (or a [key] table) between lines [start, end); 0 when not found."""
    pattern = re.compile(rf"^\s*(?:{re.escape(key)}\s*=|\[+\s*{re.escape(key)}\s*\]+)")
    for index in range(start, end):
        if pattern.match(lines[index]):
            return index + 1
    return 0
