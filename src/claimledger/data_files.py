"""The knowledge kept as TOML files under `claimledger/data/` (cues, units, names, aliases)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def data_table(name: str) -> dict[str, Any]:
    """`data/<name>`, parsed once per process."""
    return tomllib.loads(resources.files("claimledger").joinpath("data", name).read_text("utf-8"))
