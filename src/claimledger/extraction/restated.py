"""Restated figures: a figure a post gives again takes what it lacks from where the post gave it before.

A post often repeats its headline figure in a heading or a later paragraph with less around it.
An earlier figure of the same value, unit and kind is the one restated when:

- the later one is a multiple with no metric and the same subject ("10 倍是这批数字的第一个公开
  刻度" after "... Vera Rubin NVL72 ... 每 MW 每秒 token 数 ... 10 倍"): it takes the metric, when all
  such earlier figures of that subject have one and the same;
- the later one has no subject, and the same metric (and condition, when it has one): it takes the
  subject ("同一份 DeepSeek R1 负载，每 MW 的 token 数差 10 倍"), and the baseline when it has none, when
  all such earlier figures agree on them;
- the later one is a count of the same things with no "per" of its own, where the earlier one was
  per a group ("up to 128,000 GPUs per rail"), and the group word stands right after it ("128,000
  GPUs on one rail"): it is that count per group, of the earlier one's subject, unless it has a
  subject of its own that is not an organisation.

An organisation's measure (revenue, money) is never restated this way: the same amount is too often
another period's or another company's. The figures are read in order; each takes only from earlier ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from claimledger.extraction.found import Found
from claimledger.organisation import organisation_figure

# Between a count and the group word of its earlier "per" ("128,000 GPUs on one non-blocking rail"):
# a preposition, "one", "a" or "each", and at most two words.
GROUP_AFTER = re.compile(r"\s+(?:on|in|per|across|within)\s+(?:one|a|an|each|every|a\s+single|the\s+same)\s+(?P<words>(?:[\w-]+\s+){0,2}[\w-]+)")
# Roles a sentence may give names without speaking of another thing than the restated figure.
ASIDE_ROLES = frozenset({"condition", "claimant", "maker"})


class Restatements:
    """The figures a post has given so far, by value, kind and unit, for the later ones to restate."""

    def __init__(self) -> None:
        self.given: dict[tuple[float, str, str | None], list[Found]] = {}

    def restate(self, found: Sequence[Found]) -> None:
        """Give each of a sentence's figures that restates an earlier one of the post what it lacks
        (in place), then keep them all for the sentences after."""
        for item in found:
            claim = item.claim
            if claim.value is None:
                continue
            same = self.given.setdefault((claim.value, claim.kind, claim.unit), [])
            if same and _open(item):
                earlier = [other for other in same if other.claim.role == "current"]
                if claim.kind == "count" and _per_group_open(item):
                    _take_group(item, earlier)
                elif claim.kind == "ratio" and claim.metric is None and item.subject_id is not None:
                    _take_metric(item, earlier)
                elif claim.subject is None and claim.metric is not None:
                    _take_subject(item, earlier)
            same.append(item)


def _open(item: Found) -> bool:
    """Whether a figure may restate an earlier one: a current one, no organisation's, lacking what a restatement gives."""
    claim = item.claim
    if claim.role != "current" or item.likened or organisation_figure(claim.metric, claim.dimensionality):
        return False
    return claim.metric is None or claim.subject is None or _per_group_open(item)


def _per_group_open(item: Found) -> bool:
    """Whether a count has no "per" of its own and no subject but an organisation: a group word after it may still make one."""
    return item.claim.kind == "count" and " per " not in (item.claim.metric or " per ") and item.subject_kind in (None, "organisation")


def _take_metric(item: Found, earlier: Sequence[Found]) -> None:
    """A multiple with no metric: the one metric earlier figures of its subject have."""
    metrics = {other.claim.metric for other in earlier if other.subject_id == item.subject_id}
    if len(metrics) == 1 and None not in metrics:
        item.claim.metric = metrics.pop()


def _take_subject(item: Found, earlier: Sequence[Found]) -> None:
    """A figure with no subject: the one subject (and baseline) of earlier figures of its metric and condition."""
    claim = item.claim
    if any(role not in ASIDE_ROLES for role in item.roles.values()):
        return  # it names a product or a baseline of its own: not a bare restatement
    same = [
        other for other in earlier
        if other.claim.metric == claim.metric and (claim.condition is None or other.claim.condition == claim.condition)
    ]
    subjects = {(other.claim.subject, other.subject_id, other.subject_kind) for other in same}
    if len(subjects) != 1 or None in next(iter(subjects))[:2]:
        return
    claim.subject, item.subject_id, item.subject_kind = next(iter(subjects))
    claim.subject_id = item.subject_id
    item.carried = True
    baselines = {(other.claim.baseline, other.claim.baseline_id) for other in same}
    if claim.baseline is None and len(baselines) == 1:
        claim.baseline, claim.baseline_id = next(iter(baselines))


def _take_group(item: Found, earlier: Sequence[Found]) -> None:
    """A count of the same things as an earlier count per a group, that group's word right after it."""
    claim = item.claim
    after = GROUP_AFTER.match(claim.sentence, claim.end - claim.sentence_start)
    if after is None:
        return
    words = {word.casefold().removesuffix("s") for word in after.group("words").split()}
    same = [
        other for other in earlier
        if other.claim.subject_id is not None and other.claim.metric is not None and " per " in other.claim.metric
        and other.claim.metric.rsplit(" per ", 1)[1].casefold() in words
        and (claim.metric is None or other.claim.metric.startswith(f"{claim.metric} per "))
    ]
    figures = {(other.claim.metric, other.claim.subject, other.subject_id, other.subject_kind) for other in same}
    if len(figures) != 1:
        return
    claim.metric, claim.subject, item.subject_id, item.subject_kind = next(iter(figures))
    claim.subject_id = item.subject_id
    item.carried = True
