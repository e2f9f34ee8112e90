"""What measures an organisation rather than a product: its money, revenue, market share.

Read from the data files alone (no pint, no extractor), so `claims diff`, which
asks this of every identity it judges, loads neither. A currency's dimension is
the base dimension its definition in data/units.toml declares ("dollar = [usd]"):
each currency is a dimension of its own.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from claimledger.data_files import data_table
from claimledger.entities.folding import simplified_table

# A unit defined as a base dimension of its own: "dollar = [usd] = USD".
BASE_DEFINITION = re.compile(r"(\w+)\s*=\s*(\[\w+\])(?:\s*=.*)?")


@cache
def currency_dimensionalities() -> frozenset[str]:
    """The dimensionality of each currency of the unit table (data/units.toml `currencies`)."""
    table = data_table("units.toml")
    bases = dict(match.groups() for definition in table["definitions"] if (match := BASE_DEFINITION.fullmatch(definition)))
    return frozenset(bases[name] for name in table["currencies"])


def is_currency(dimensionality: str | None) -> bool:
    """Whether a dimensionality is a currency's ("[usd]")."""
    return bool(dimensionality) and dimensionality.startswith("[") and dimensionality in currency_dimensionalities()


@cache
def organisation_metrics() -> frozenset[str]:
    """Concepts of data/metrics.toml an organisation has, not a product (`organisation = true`)."""
    concepts = simplified_table(data_table("metrics.toml"))["concept"]
    return frozenset(concept["name"] for concept in concepts if concept.get("organisation"))


@lru_cache(maxsize=256)
def organisation_figure(metric: str | None, dimensionality: str | None) -> bool:
    """Whether a figure measures an organisation (revenue, market share) or is money; cached:
    the carry rules ask for every figure of every sentence."""
    return is_currency(dimensionality) or metric in organisation_metrics()
