"""Facets on a claim's entity and metric concept, merged across languages and aliases.

Configured like Datasette's own facets (`facets: [{entity: claim_key}]`), they
count the claims by an expression of `terms.CLAIM_TERMS` rather than a column;
choosing a value adds `?_entity=...` (or `?_metric_concept=...`), which
`term_filters` turns into a WHERE clause on the same expression.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from datasette.database import QueryInterrupted
from datasette.filters import FilterArguments
from datasette.facets import Facet
from datasette.utils import path_with_added_args, path_with_removed_args

from claimledger.browse.terms import CLAIM_TERMS, label

# The written column each term is named after, for the facet's labels.
WRITTEN = {"entity": "subject", "metric_concept": "metric"}


class TermFacet(Facet):
    """Counts of claims per value of one derived term (`type` names it)."""

    type: str = ""

    @property
    def parameter(self) -> str:
        return f"_{self.type}"

    async def facet_results(self) -> tuple[list[dict[str, Any]], list[str]]:
        if not self.get_configs():
            return [], []
        expression = CLAIM_TERMS[self.type]
        written = WRITTEN[self.type]
        sql = f"""
            select {expression} as facet_value, [{written}] as written, count(*) as count
            from ({self.sql}) where facet_value is not null group by facet_value, written
        """
        try:
            found = await self.ds.execute(self.database, sql, self.params, truncate=False,
                                          custom_time_limit=self.ds.setting("facet_time_limit_ms"))
        except QueryInterrupted:
            return [], [self.type]
        counts: Counter[str] = Counter()
        spellings: dict[str, Counter[str]] = defaultdict(Counter)
        for row in found.rows:
            counts[row["facet_value"]] += row["count"]
            if row["written"]:
                spellings[row["facet_value"]][row["written"]] += row["count"]
        size = self.get_facet_size()
        chosen = self.request.args.get(self.parameter)
        results = []
        for value, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:size]:
            selected = value == chosen
            toggle = (path_with_removed_args(self.request, {self.parameter: value}) if selected
                      else path_with_added_args(self.request, {self.parameter: value}))
            results.append({
                "value": value,
                "label": display(value, spellings[value]),
                "count": count,
                "toggle_url": self.ds.absolute_url(self.request, self.ds.urls.path(toggle)),
                "selected": selected,
            })
        return [{
            "name": written,
            "type": self.type,
            "hideable": False,
            "toggle_url": self.ds.urls.path(path_with_removed_args(self.request, {f"_facet_{self.type}": "claim_key"})),
            "results": results,
            "truncated": len(counts) > size,
        }], []


def display(value: str, spellings: Counter[str]) -> str:
    """A value as the alias file writes it, else as the claims write it most often, with the other spellings."""
    written = [spelling for spelling, _ in spellings.most_common()]
    name = label(value) or (written[0] if written else value)
    others = [spelling for spelling in written if spelling != name]
    return f"{name} ({', '.join(others[:3])})" if others else name


class EntityFacet(TermFacet):
    type = "entity"


class MetricConceptFacet(TermFacet):
    type = "metric_concept"


FACET_CLASSES = [EntityFacet, MetricConceptFacet]


def term_filters(request: Any) -> FilterArguments | None:
    """WHERE clauses for the chosen entity and metric concept (?_entity=, ?_metric_concept=)."""
    where, params, descriptions = [], {}, []
    for facet in FACET_CLASSES:
        chosen = request.args.get(f"_{facet.type}")
        if chosen:
            where.append(f"{CLAIM_TERMS[facet.type]} = :claimledger_{facet.type}")
            params[f"claimledger_{facet.type}"] = chosen
            descriptions.append(f'{facet.type.replace("_", " ")} is "{label(chosen) or chosen}"')
    return FilterArguments(where, params=params, human_descriptions=descriptions) if where else None
