"""The status rules: which figures of one identity are new, updated, superseded or contradicted.

Every figure of an identity (`claimledger.diff.identity`) is compared with what
the ledger held before it (figures from earlier documents), in publication order:

- ``new``: no earlier figure of its identity is comparable with it (a forecast
  and an actual figure are not, see below).
- ``superseded``: it replaces a different earlier figure from an older benchmark round
  (MLPerf v6.0 -> v6.1, the same identity otherwise), or it is an explicit
  revision of a different earlier figure, whoever publishes it: a revision cue
  ("revised", "更正") in its sentence, a later revision of the same feed entry, or
  a post that marks the earlier value itself as past or wrong ("up from Y", "not Y
  as stated", "此前公布的 Y"; the extractor's `role`): the earlier figures of that
  value are superseded by the new one.
- ``updated``: a claimant changes its own figure, in any of its feeds or
  languages (the claimant publishing the new figure itself), or anyone states a
  different value after every earlier figure has expired (see the period below).
- ``conflict``: a different value while an earlier figure is current, from
  another claimant, or from a third party reporting the claimant's figure
  differently (a press report is the vendor's claim, published by the outlet).
  Two figures more than `CONFLICT_FACTOR` times apart are not a conflict: a
  per-chip figure beside a per-system one is likelier than a source off by an
  order of magnitude, so the later one is ``new`` (nor, from another claimant,
  an update of an expired figure). An organisation's actual figure whose identity
  names no period (`Figure.undated`) contradicts one only within `UNDATED_FACTOR`
  of it: further apart, two reports of one week are likelier a segment's and the
  total's (AI revenue beside revenue), or a quarter's and a year's.
- ``reaffirmed``: the same value again, in either language, from anyone (press
  and translations included), whatever its round: an equal value is never
  ``updated`` or ``superseded``.
- ``qualifier_changed``: the same value with a different kind of hedge (``up to 10x``
  -> ``10x``): an upper bound, a lower bound or a point estimate (exact, about,
  nearly; ``about 10x`` -> ``9.8x`` is reaffirmed). A bound and a point figure on
  its side within `BOUND_REACH` of it agree: "over 9,000 chips" and "9,216 chips"
  (a lower bound a little under the figure), "up to 10x" and "9.5x"; "exceeding
  1,800" and "2,100" do not.

Forecasts of an organisation's figure (its money, revenue, market share:
`claimledger.diff.identity.is_organisation_figure`; the extractor's `projected`:
guidance, "expects", "预计 ... 将达") are compared only with forecasts, and actual figures only with actual figures
(`same_kind`): a forecast and the actual figure are different statements, never
one figure stated twice, even in one post. A forecast is a change (``updated``,
``superseded``, ``conflict``) only of its own claimant's forecasts
(`comparison_class`): two claimants' forecasts never contradict each other, so a
forecast of another value than the others' is ``new``; the same value as a
current forecast of anyone is ``reaffirmed`` (an outlet restating a vendor's
plan without naming it). A claimant's forecasts and its actual figures are
current apart: one does not end the other's period. So is a planned count of what a
cluster, a facility or an organisation holds ("aims to double Colossus to 200,000 GPUs":
`claimledger.diff.identity.counts_holdings`), a size that grows. A product's expected figure
("expected to draw 140 kW") is compared with what it is found to be, as any figure is.

Figures that are not a change get no status: a figure the post marks as past
(role previous, corrected or negated) is never anyone's current figure (its
``superseded_by`` is the figure replacing it); and one figure stated again in the
same post, or in a later revision of the same feed entry, is that figure once
more (``compared_with`` names it; it is replaced when that figure is).

An ``updated`` or ``superseded`` figure marks the earlier one in the ledger
(``claims.superseded_by``), and with it every figure that only restated it
(reaffirmed it): a report of a replaced figure is replaced too.

The order of the checks: a past value the post replaces first; then a later
round; then whether the claimant changed its own figure (``updated``, even when
the new value agrees with someone else's); then agreement with any current
figure (``reaffirmed``, ``qualifier_changed``, against the latest that agrees);
then disagreement (``conflict``, or ``superseded`` with a revision cue); with no
current figure left, against the latest earlier one.

The period of a figure: it is current from its publication date until its
claimant states the identity again (a forecast: forecasts it again), a later
benchmark round replaces it, or `CURRENT_FOR` has passed, whichever comes first;
an organisation's figure (its money, revenue, growth: `Figure.periodic`) is reported
for a quarter, so it is current for `PERIOD_CURRENT_FOR` only: a different value
a quarter later is the next period's figure (``updated``), not a report
contradicting it; where its identity names no period (`Figure.undated`), an
expired figure may be another figure altogether (a segment's, a year's), so an actual
figure is its next version only within `UNDATED_FACTOR` of it, else ``new``; a product's specification (no workload, no round, a physical measure or a count:
`Figure.lasting`) does not expire. The publication date is the claim's, else its
document's, else the fetch date; a claim with none sorts first.

The claimant of a figure is who makes the claim (the vendor a post quotes, else
its publisher); the publisher is the vendor named in the source's name
(``CoreWeave Blog`` and ``CoreWeave 中文`` are one, see
`claimledger.diff.keys.publisher`), otherwise the source itself. Equality is
rounding-aware (`claimledger.diff.values`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from claimledger.diff.values import Intervals, intervals_agree, midpoint

STATUSES = ("new", "updated", "superseded", "conflict", "reaffirmed", "qualifier_changed")
CURRENT_FOR = timedelta(days=365)
# How long an organisation's figure stays current (`Figure.periodic`): reports of one quarter come within weeks of
# each other, the next quarter's figures about 90 days later.
PERIOD_CURRENT_FOR = timedelta(days=60)
# Two current figures of one identity this many times apart are not called a conflict (`_far_apart`).
CONFLICT_FACTOR = 10.0
# An organisation's actual figure naming no period (`Figure.undated`) this many times apart from an earlier one is
# neither its next period's version nor a report contradicting it (`_reach`): quarter to quarter a company's figures
# move less, and a segment's figure or a year's is further from the quarter's total.
UNDATED_FACTOR = 2.0
# How far past a bound a point figure may be and still agree with it (`bound_holds`): "over 2,000" is 2,100.
BOUND_REACH = 0.1
# What a figure is compared with (`comparison_class`): whether it is a forecast, and then whose.
ComparisonClass = tuple[bool, str | None]
PAST_ROLES = frozenset({"previous", "corrected", "negated"})
# Hedges that say the same thing about a figure: an exact and an approximate
# figure are both point estimates; a bound is a different statement.
HEDGE_CLASS = {
    None: "point",
    "approximately": "point",
    "nearly": "point",
    "up_to": "upper bound",
    "at_most": "upper bound",
    "less_than": "upper bound",
    "at_least": "lower bound",
    "more_than": "lower bound",
}


@dataclass(slots=True)
class Figure:
    """One claim of an identity as the status rules see it."""

    id: int
    document_id: int
    when: datetime
    publisher: str | None
    claimant: str | None
    intervals: Intervals
    unit: str | None
    qualifier: str | None
    revision_cue: bool
    entry: int | None
    revision: int
    round: tuple[int, ...] | None = None
    role: str | None = None
    replaced_by: int | None = None
    comparable: bool = True
    # A product's specification (`claimledger.diff.identity.is_lasting`): current until replaced, however old.
    lasting: bool = False
    # An organisation's figure (`claimledger.diff.identity.is_organisation_figure`), reported for a period: current
    # for `PERIOD_CURRENT_FOR` only.
    periodic: bool = False
    # An organisation's figure whose identity names no period: which period it is for is unknown, so an expired
    # figure far from an actual one is no earlier version of it (`UNDATED_FACTOR`).
    undated: bool = False
    # A forecast (guidance, "expects", 预计): compared only with forecasts (`same_kind`), a change only of its
    # claimant's own (`comparison_class`).
    projected: bool = False
    status: str | None = "new"
    superseded_by: int | None = None
    old: Figure | None = None
    midpoint: float | None = field(init=False)

    def __post_init__(self) -> None:
        self.midpoint = midpoint(self.intervals)

    @property
    def is_past(self) -> bool:
        return self.role in PAST_ROLES

    @property
    def current_for(self) -> timedelta:
        """How long the figure stays current when its claimant says nothing new (unless `lasting`)."""
        return PERIOD_CURRENT_FOR if self.periodic else CURRENT_FOR

    @property
    def first_hand(self) -> bool:
        """Whether the claimant publishes the figure itself (not a report of someone's claim)."""
        return self.claimant is None or self.claimant == self.publisher


def assign_statuses(figures: list[Figure]) -> None:
    """Set status, the compared figure (`old`) and superseded_by for one identity's figures."""
    if len(figures) == 1 and figures[0].comparable and not figures[0].is_past:
        return  # alone in its identity: new
    figures.sort(key=lambda f: (f.when, f.document_id, f.id))
    history = KeyHistory()
    for batch in _by_document(figures):
        history.judge_document(batch)


def _by_document(figures: list[Figure]) -> Iterator[list[Figure]]:
    """Figures from one document are judged together: they never compare with each other."""
    batch: list[Figure] = []
    for figure in figures:
        if batch and figure.document_id != batch[0].document_id:
            yield batch
            batch = []
        batch.append(figure)
    if batch:
        yield batch


def comparison_class(figure: Figure) -> ComparisonClass:
    """What a figure is compared with: actual figures with each other, a claimant's forecasts with its own."""
    return (True, figure.claimant) if figure.projected else (False, None)


def same_kind(a: Figure, b: Figure) -> bool:
    """Whether two figures are the same kind of statement: both forecasts or both actual figures."""
    return a.projected == b.projected


def _comparable_with(candidates: list[Figure], figure: Figure) -> list[Figure]:
    """The candidates `figure` may be a change of: a forecast and an actual figure are different statements,
    and two claimants' forecasts never contradict each other."""
    return [earlier for earlier in candidates if comparison_class(earlier) == comparison_class(figure)]


class KeyHistory:
    """What the ledger held for one identity: each claimant's latest figures, actual and forecast apart, and
    the latest of each comparison class (`comparison_class`)."""

    def __init__(self) -> None:
        self.current: dict[tuple[str | None, bool], list[Figure]] = {}
        self.latest: dict[ComparisonClass, list[Figure]] = {}
        self.echoes: dict[int, list[Figure]] = defaultdict(list)
        self.pending: list[tuple[Figure, int]] = []
        self.seen: list[Figure] = []

    def judge_document(self, batch: list[Figure]) -> None:
        """Judge one document's figures, then record them as their claimants' latest word."""
        past = [figure for figure in batch if figure.is_past]
        judged: list[Figure] = []
        for figure in batch:
            if figure.is_past or not figure.comparable:
                figure.status, figure.superseded_by = None, figure.replaced_by if figure.is_past else None
                continue
            repeated = self._repeat_of(figure)
            if repeated is not None:
                self._repeat(figure, repeated)
                continue
            self.judge(figure, [p for p in past if p.replaced_by == figure.id])
            judged.append(figure)
        judged = self._collapse(judged)
        self.record(judged)

    def _repeat(self, figure: Figure, of: Figure) -> None:
        figure.status, figure.old = None, of
        self.echoes[of.id].append(figure)

    def _collapse(self, judged: list[Figure]) -> list[Figure]:
        """One value stated twice in a post is one statement: the one that reaffirms, else the first."""
        kept: list[Figure] = []
        for figure in judged:
            same = next((other for other in kept if same_value(other, figure) and same_kind(other, figure)), None)
            if same is None:
                kept.append(figure)
            elif figure.status == "reaffirmed" and same.status == "qualifier_changed":
                kept[kept.index(same)] = figure
                self._repeat(same, figure)
            else:
                self._repeat(figure, same)
        return kept

    def _repeat_of(self, figure: Figure) -> Figure | None:
        """The figure this one states again in a later revision of the same feed entry."""
        if figure.entry is None or figure.revision <= 1:
            return None
        for other in reversed(self.seen):
            if (other.entry == figure.entry and other.revision < figure.revision and same_value(other, figure)
                    and same_kind(other, figure)):
                return other
        return None

    def judge(self, figure: Figure, replaces: list[Figure]) -> None:
        """Give `figure` its status against the figures recorded so far."""
        if not self.latest:
            return
        same_kind_live = [earlier for earlier in self._live(figure) if _same_round_or_older(earlier, figure)]
        live = _comparable_with(same_kind_live, figure)
        withdrawn = [e for e in live if any(same_value(e, past) for past in replaces) and not same_value(e, figure)]
        if withdrawn:
            # The post itself says the earlier value is past or wrong.
            return self._set(figure, "superseded", _nearest(withdrawn, figure), replaces=withdrawn)
        # The same value in a later round restates the figure: never a replacement.
        older_rounds = [e for e in live if _older_round(e, figure) and not same_value(e, figure)]
        if older_rounds:
            return self._set(figure, "superseded", _nearest(older_rounds, figure), replaces=older_rounds)
        own = [earlier for earlier in live if earlier.claimant == figure.claimant]
        # Any forecast of the same value agrees with a forecast: a report restating a vendor's plan.
        equal = [earlier for earlier in same_kind_live if same_value(earlier, figure)]
        if own and not any(earlier in equal for earlier in own):
            old = _nearest(own, figure)
            if _is_revision(figure, old):
                return self._set(figure, "superseded", old, replaces=[old])
            if figure.first_hand:
                # The claimant changed its own figure, even if it now agrees with someone else.
                return self._set(figure, "updated", old, replaces=[old])
            if not equal and not _far_apart(old, figure, _reach(figure)):
                # A report that gives the claimant's figure differently contradicts it.
                return self._set(figure, "conflict", old, replaces=[])
        if equal:
            return self._set_equal(figure, equal)
        if live:
            old = _nearest(live, figure)
            if figure.revision_cue:
                return self._set(figure, "superseded", old, replaces=[old])
            if _far_apart(old, figure, _reach(figure)):
                return None  # another figure, told apart by nothing but its size: new
            return self._set(figure, "conflict", old, replaces=[])
        self._against_expired(figure)

    def _against_expired(self, figure: Figure) -> None:
        latest = self.latest.get(comparison_class(figure))
        if not latest:
            return  # nothing comparable before it: new
        candidates = [f for f in latest if _same_round_or_older(f, figure)] or latest
        # The claimant's own expired figure first: it changes its own figure, as while its figure is current.
        own = [f for f in self.current.get((figure.claimant, figure.projected), []) if _same_round_or_older(f, figure)]
        equal = [earlier for earlier in own or candidates if same_value(earlier, figure)]
        if equal:
            return self._set_equal(figure, equal)
        old = _nearest(own or candidates, figure)
        if old.claimant != figure.claimant and _far_apart(old, figure):
            return None  # another claimant's figure of another size: not a version of the old one
        if figure.undated and not figure.projected and _far_apart(old, figure, UNDATED_FACTOR):
            return None  # of no known period, and far from it: likelier another figure (a segment's, a year's)
        status = "superseded" if _is_revision(figure, old) or _older_round(old, figure) else "updated"
        replaces = [old] if old.superseded_by is None else []
        self._set(figure, status, old, replaces=replaces)

    def _set_equal(self, figure: Figure, equal: list[Figure]) -> None:
        old = max(equal, key=lambda earlier: (earlier.when, earlier.id))
        status = "reaffirmed" if same_hedge(old, figure) else "qualifier_changed"
        self._set(figure, status, old, replaces=[])
        self.echoes[old.id].append(figure)

    def _set(self, figure: Figure, status: str, old: Figure, replaces: list[Figure]) -> None:
        figure.status, figure.old = status, old
        # Applied once the whole document is judged: its figures all see the same history.
        self.pending += [(earlier, figure.id) for earlier in replaces]

    def _supersede(self, earlier: Figure, by: int) -> None:
        """Mark a replaced figure, and the figures that only restated it (echoes) with it."""
        # A loop, not recursion: a figure may be restated thousands of times in a row.
        waiting = [earlier]
        while waiting:
            figure = waiting.pop()
            if figure.superseded_by is None:
                figure.superseded_by = by
                waiting += self.echoes.pop(figure.id, [])

    def _live(self, figure: Figure) -> list[Figure]:
        """Earlier figures of the kind of `figure` (`same_kind`) still current when it was published."""
        return [
            earlier
            for (_, projected), figures in self.current.items()
            if projected == figure.projected
            for earlier in figures
            if earlier.superseded_by is None and (earlier.lasting or figure.when - earlier.when <= earlier.current_for)
        ]

    def record(self, batch: list[Figure]) -> None:
        """A document's figures become their claimants' latest word on the identity (actual figures and forecasts
        apart); its replacements apply."""
        for earlier, by in self.pending:
            self._supersede(earlier, by)
        self.pending = []
        if not batch:
            return
        by_claimant: dict[tuple[str | None, bool], list[Figure]] = defaultdict(list)
        by_class: dict[ComparisonClass, list[Figure]] = defaultdict(list)
        for figure in batch:
            by_claimant[figure.claimant, figure.projected].append(figure)
            by_class[comparison_class(figure)].append(figure)
        self.current.update(by_claimant)
        self.latest.update(by_class)
        self.seen += batch


def _older_round(earlier: Figure, later: Figure) -> bool:
    return earlier.round is not None and later.round is not None and earlier.round < later.round


def _same_round_or_older(earlier: Figure, later: Figure) -> bool:
    """A figure about an old round is not compared with a newer round's figures."""
    return not (earlier.round and later.round and earlier.round > later.round)


def _is_revision(figure: Figure, old: Figure) -> bool:
    """An explicit revision: a revision cue, or a later revision of the same feed entry."""
    same_entry = figure.entry is not None and figure.entry == old.entry
    return figure.revision_cue or (same_entry and figure.revision > old.revision)


def _far_apart(old: Figure, new: Figure, factor: float = CONFLICT_FACTOR) -> bool:
    """Whether two figures differ by more than `factor` times: not two versions of one figure.

    A per-chip figure beside a per-system one, or two units read wrong, is
    far likelier than a source being off by an order of magnitude.
    """
    if old.midpoint is None or new.midpoint is None or old.midpoint == 0 or new.midpoint == 0:
        return False
    ratio = abs(new.midpoint / old.midpoint)
    return ratio > factor or ratio < 1 / factor


def _reach(figure: Figure) -> float:
    """How many times apart from an earlier figure `figure` may be and still be a version of it: an
    organisation's actual figure naming no period (`Figure.undated`) `UNDATED_FACTOR`, else `CONFLICT_FACTOR`."""
    return UNDATED_FACTOR if figure.undated and not figure.projected else CONFLICT_FACTOR


def _nearest(candidates: list[Figure], figure: Figure) -> Figure:
    """The earlier figure closest in value (the latest among equals)."""
    def distance(earlier: Figure) -> float:
        if earlier.midpoint is None or figure.midpoint is None:
            return math.inf
        return abs(earlier.midpoint - figure.midpoint) / (abs(earlier.midpoint) or 1.0)

    return min(reversed(candidates), key=distance)


def same_value(a: Figure, b: Figure) -> bool:
    """Whether two figures agree within their rounding and hedging intervals, or one is a bound the other
    keeps close to (`bound_holds`)."""
    if a.unit != b.unit:
        return False
    return intervals_agree(a.intervals, b.intervals) or bound_holds(a, b) or bound_holds(b, a)


def bound_holds(bound: Figure, other: Figure) -> bool:
    """Whether `bound` is a bound ("over 2,000", "up to 10x") that the point figure `other` keeps, within
    `BOUND_REACH` of it: "over 9,000 chips" agrees with 9,216 chips, "exceeding 1,800" is not 2,100."""
    side = HEDGE_CLASS.get(bound.qualifier)
    if side == "point" or HEDGE_CLASS.get(other.qualifier) != "point":
        return False
    if len(bound.intervals) != 1 or bound.midpoint is None or other.midpoint is None:
        return False
    low, high = bound.intervals[0]
    reach = BOUND_REACH * abs(bound.midpoint)
    if side == "lower bound":
        return low <= other.midpoint <= high + reach
    return low - reach <= other.midpoint <= high


def same_hedge(a: Figure, b: Figure) -> bool:
    """Whether two figures are hedged the same way: both point estimates, upper bounds or lower bounds."""
    return HEDGE_CLASS.get(a.qualifier) == HEDGE_CLASS.get(b.qualifier)


def parse_date_option(text: str, end_of_day: bool = False) -> datetime:
    """A --since/--until value (``2026-08-12`` or a full ISO timestamp) as a UTC datetime.

    Raises:
        ValueError: when the text is not an ISO date.
    """
    when = datetime.fromisoformat(text.strip())
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    if end_of_day and len(text.strip()) == 10:
        when += timedelta(days=1) - timedelta(microseconds=1)
    return when.astimezone(UTC)
