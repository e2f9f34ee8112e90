"""Statuses from the ledger: every status, tolerance, windows, and the stored write-back.

Ledgers here are real SQLite files built with `open_ledger` and sqlite-utils
inserts of claim rows as the extractor writes them; `test_diff_crawl.py` builds
them by crawling feeds instead.
"""

from __future__ import annotations

import hashlib
import itertools
import tempfile
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimledger.diff.changes import run_diff
from claimledger.diff.identity import stated_identity, why_no_identity
from claimledger.diff.keys import claimant_of
from claimledger.diff.statuses import STATUSES, parse_date_option
from claimledger.diff.values import rounding_half_width
from claimledger.ledger.open import open_ledger

TOKENS_PER_GPU = "[token] / [time] / [gpu]"


def figure(text: str, value: float | None, subject: str | None, **fields: Any) -> dict[str, Any]:
    """A claim row as the extractor would produce it (ratio unless told otherwise)."""
    row: dict[str, Any] = {"text": text, "value": value, "low": value, "high": value, "kind": "ratio", "subject": subject}
    row.update(fields)
    return row


def rubin_tps_mw(text: str = "up to 10x", value: float = 10.0, **fields: Any) -> dict[str, Any]:
    """Vera Rubin NVL72's tokens per second per MW against GB200 NVL72 on DeepSeek R1."""
    defaults = {"metric": "tokens per second per MW", "baseline": "GB200 NVL72", "condition": "DeepSeek R1", "qualifier": "up_to"}
    fields = {**defaults, **fields}
    return figure(text, value, fields.pop("subject", "Vera Rubin NVL72"), **fields)


def per_gpu(text: str, value: float, round_: str, subject: str = "GB300 NVL72", **fields: Any) -> dict[str, Any]:
    """Offline GPT-OSS-120B tokens per second per GPU in an MLPerf round."""
    fields.setdefault("condition", f"MLPerf Inference {round_}")
    return figure(
        text, value, subject, kind="quantity", unit="token / second / gpu", dimensionality=TOKENS_PER_GPU,
        si_value=value, metric="tokens per second per GPU", **fields,
    )


class Ledger:
    """A ledger file and the posts written into it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = open_ledger(path)
        self._ids = itertools.count(1)

    def post(
        self, source: str, published: str, *claims: dict[str, Any],
        lang: str = "en", entry_id: str | None = None, revision: int = 1, sentence: str | None = None,
    ) -> list[int]:
        """Store one post from `source` and its claims; return the claims' ids."""
        number = next(self._ids)
        text = sentence or " ".join(claim["text"] for claim in claims)
        feed_id = self.db["feeds"].lookup({"name": source}, {"url": f"http://127.0.0.1/{number}/feed.xml"})
        document_id = self.db["documents"].insert(
            {
                "feed_id": feed_id, "source": source, "entry_id": entry_id or f"post-{number}",
                "url": f"http://127.0.0.1/posts/{number}.html", "title": f"Post {number}",
                "published": published, "fetched": published, "lang": lang, "text": text,
                "content_hash": hashlib.sha256(f"{number}{text}".encode()).hexdigest(), "revision": revision,
            }
        ).last_pk
        rows = []
        offset = 0
        for claim in claims:
            rows.append(
                {
                    "document_id": document_id, "start": offset, "end": offset + len(claim["text"]),
                    "sentence": text, "sentence_start": 0, "sentence_end": len(text), "lang": lang,
                    "source": source, "url": f"http://127.0.0.1/posts/{number}.html", "published": published,
                    "projected": 0, "self_reported": 0, **claim,
                }
            )
            offset += len(claim["text"]) + 1
        self.db["claims"].insert_all(rows)
        return [row["id"] for row in self.db.query("SELECT id FROM claims WHERE document_id = ? ORDER BY start", [document_id])]

    def claim(self, claim_id: int) -> dict[str, Any]:
        return self.db["claims"].get(claim_id)

    def diff(self, **window: Any):
        result = run_diff(self.db, **window)
        return result, {change.new_id: change for change in result.changes}


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    return Ledger(tmp_path / "claims.db")


def test_first_figure_for_a_key_is_new(ledger):
    (first,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    _, changes = ledger.diff()
    assert changes[first].status == "new"
    assert changes[first].old_id is None


def test_same_value_in_a_chinese_report_is_reaffirmed(ledger):
    (english,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (chinese,) = ledger.post(
        "AI 基础设施周报", "2026-08-12",
        rubin_tps_mw("最高达 10 倍", metric="每 MW 每秒 token 数", subject="NVIDIA Vera Rubin NVL72"), lang="zh",
    )
    _, changes = ledger.diff()
    assert changes[chinese].status == "reaffirmed"
    assert changes[chinese].old_id == english
    assert ledger.claim(english)["superseded_by"] is None


def test_aliases_make_two_names_one_key(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (alias,) = ledger.post("Chip Weekly", "2026-07-30", rubin_tps_mw(subject="Rubin NVL72", metric="TPS/MW"))
    _, changes = ledger.diff()
    assert changes[alias].status == "reaffirmed"


def test_same_source_with_a_different_value_is_updated(ledger):
    (old,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (new,) = ledger.post("CoreWeave Blog", "2026-09-01", rubin_tps_mw("up to 12x", 12.0))
    _, changes = ledger.diff()
    assert changes[new].status == "updated"
    assert changes[new].old_id == old
    assert changes[new].relative == pytest.approx(0.2)
    assert ledger.claim(old)["superseded_by"] == new
    assert ledger.claim(new)["status"] == "updated"


def test_same_vendor_in_another_feed_is_updated(ledger):
    (old,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (new,) = ledger.post("CoreWeave 中文新闻", "2026-09-01", rubin_tps_mw("最高 12 倍", 12.0), lang="zh")
    _, changes = ledger.diff()
    assert changes[new].status == "updated"
    assert ledger.claim(old)["superseded_by"] == new


def test_later_benchmark_round_supersedes_from_any_source(ledger):
    (v60,) = ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    (v61,) = ledger.post("CoreWeave Blog", "2026-09-16", per_gpu("16,635 tokens per second per GPU", 16635, "v6.1"))
    _, changes = ledger.diff()
    assert changes[v61].status == "superseded"
    assert changes[v61].old_id == v60
    assert changes[v61].relative == pytest.approx(16635 / 12000 - 1)
    assert ledger.claim(v60)["superseded_by"] == v61


def test_figure_about_an_older_round_is_not_compared_with_a_newer_one(ledger):
    ledger.post("CoreWeave Blog", "2026-09-16", per_gpu("16,635 tokens per second per GPU", 16635, "v6.1"))
    (old_round,) = ledger.post("Chip Weekly", "2026-09-20", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    _, changes = ledger.diff()
    assert changes[old_round].status != "conflict"


def test_explicit_revision_from_another_source_supersedes(ledger):
    (old,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (revised,) = ledger.post(
        "Chip Weekly", "2026-08-01", rubin_tps_mw("up to 8x", 8.0),
        sentence="CoreWeave has since revised the figure: up to 8x the TPS/MW of GB200 NVL72.",
    )
    _, changes = ledger.diff()
    assert changes[revised].status == "superseded"
    assert ledger.claim(old)["superseded_by"] == revised


def test_later_revision_of_the_same_entry_supersedes(ledger):
    (old,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw(), entry_id="rubin-results")
    (edited,) = ledger.post("CoreWeave Blog", "2026-07-25", rubin_tps_mw("up to 9x", 9.0), entry_id="rubin-results", revision=2)
    _, changes = ledger.diff()
    assert changes[edited].status == "superseded"
    assert ledger.claim(old)["superseded_by"] == edited


def test_different_source_and_value_in_the_period_is_a_conflict(ledger):
    (vendor,) = ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    (outlet,) = ledger.post("Chip Weekly", "2026-04-20", per_gpu("14,500 tokens per second per GPU", 14500, "v6.0"))
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    assert changes[outlet].old_id == vendor
    assert ledger.claim(vendor)["superseded_by"] is None


def test_no_conflict_once_the_earlier_figure_has_expired(ledger):
    ledger.post("NVIDIA Newsroom", "2025-01-01", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    (later,) = ledger.post("Chip Weekly", "2026-03-01", per_gpu("14,500 tokens per second per GPU", 14500, "v6.0"))
    _, changes = ledger.diff()
    assert changes[later].status == "updated"


def test_hedge_change_on_the_same_value_is_qualifier_changed(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (firm,) = ledger.post("CoreWeave Blog", "2026-08-12", rubin_tps_mw("10x", 10.0, qualifier=None))
    _, changes = ledger.diff()
    assert changes[firm].status == "qualifier_changed"


def test_about_ten_and_nine_point_eight_do_not_conflict(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw("about 10x", 10.0, qualifier="approximately"))
    (precise,) = ledger.post("Chip Weekly", "2026-08-01", rubin_tps_mw("9.8x", 9.8, qualifier=None))
    _, changes = ledger.diff()
    assert changes[precise].status == "reaffirmed"


def test_ten_and_twelve_do_conflict(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw("10x", 10.0, qualifier=None))
    (other,) = ledger.post("Chip Weekly", "2026-08-01", rubin_tps_mw("12x", 12.0, qualifier=None))
    _, changes = ledger.diff()
    assert changes[other].status == "conflict"


def test_units_are_compared_in_si(ledger):
    bandwidth = {"kind": "quantity", "dimensionality": "[information] / [time]", "metric": "scale-out bandwidth"}
    ledger.post("NVIDIA Newsroom", "2026-03-01", figure("1.6 Tb/s", 1.6, "ConnectX-9", unit="terabit / second", si_value=1.6e12, **bandwidth))
    (bytes_,) = ledger.post("Chip Weekly", "2026-03-05", figure("200 GB/s", 200, "ConnectX-9 SuperNIC", unit="gigabyte / second", si_value=1.6e12, **bandwidth))
    _, changes = ledger.diff()
    assert changes[bytes_].status == "reaffirmed"


def test_figures_of_one_post_are_not_compared_with_each_other(ledger):
    low, high = (rubin_tps_mw("80,000", 80000, qualifier=None, baseline=None), rubin_tps_mw("800,000", 800000, qualifier=None, baseline=None))
    first = ledger.post("CoreWeave Blog", "2026-07-23", low, high)
    again = ledger.post("Chip Weekly", "2026-08-12", low, high)
    _, changes = ledger.diff()
    assert [changes[i].status for i in first] == ["new", "new"]
    assert [changes[i].status for i in again] == ["reaffirmed", "reaffirmed"]
    assert [changes[i].old_id for i in again] == first


def test_ranges_compare_both_ends(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw("3–5x", None, low=3.0, high=5.0, qualifier=None))
    (same,) = ledger.post("Chip Weekly", "2026-07-24", rubin_tps_mw("3 至 5 倍", None, low=3.0, high=5.0, qualifier=None))
    (wider,) = ledger.post("Chip Weekly", "2026-07-25", rubin_tps_mw("3–8x", None, low=3.0, high=8.0, qualifier=None))
    _, changes = ledger.diff()
    assert changes[same].status == "reaffirmed"
    assert changes[wider].status == "updated"


def test_claim_without_subject_is_not_reported_and_has_no_status(ledger):
    (orphan,) = ledger.post("CoreWeave Blog", "2026-07-23", figure("10x", 10.0, None, metric="TPS/MW"))
    result, changes = ledger.diff()
    assert orphan not in changes
    assert ledger.claim(orphan)["status"] is None


def test_statuses_are_stored_once(ledger):
    ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    ledger.post("CoreWeave Blog", "2026-09-01", rubin_tps_mw("up to 12x", 12.0))
    first, _ = ledger.diff()
    second, _ = ledger.diff()
    assert first.rows_written == 2
    assert second.rows_written == 0
    stored = {row["status"]: row["claim_key"] for row in ledger.db["claims"].rows}
    assert stored == {
        "new": "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1",
        "updated": "vera rubin nvl72 | token per second per mw | ratio | gb200 nvl72 | deepseek r1",
    }


def test_a_claim_that_loses_its_subject_loses_its_status(ledger):
    (claim,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    ledger.diff()
    ledger.db["claims"].update(claim, {"subject": None})
    ledger.diff()
    assert ledger.claim(claim)["status"] is None
    assert ledger.claim(claim)["claim_key"] is None


def test_window_reports_only_its_claims_but_compares_with_history(ledger):
    (old,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    (new,) = ledger.post("CoreWeave Blog", "2026-09-01", rubin_tps_mw("up to 12x", 12.0))
    (after,) = ledger.post("Chip Weekly", "2026-10-01", rubin_tps_mw("up to 12x", 12.0))
    since, until = parse_date_option("2026-08-01"), parse_date_option("2026-09-01", end_of_day=True)
    result, changes = ledger.diff(since=since, until=until)
    assert list(changes) == [new]
    assert changes[new].status == "updated"
    assert set(result.claims_of(result.changes)) == {old, new}
    assert after not in changes


def test_subject_filter_uses_folded_names(ledger):
    (rubin,) = ledger.post("CoreWeave Blog", "2026-07-23", rubin_tps_mw())
    ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("12,000 tokens per second per GPU", 12000, "v6.0"))
    for subject in ("rubin", "Rubin NVL72", "VERA RUBIN"):
        _, changes = ledger.diff(subject=subject)
        assert list(changes) == [rubin]


def test_undated_claims_sort_first():
    assert parse_date_option("2026-08-12") == datetime(2026, 8, 12, tzinfo=UTC)
    assert parse_date_option("2026-08-12", end_of_day=True).hour == 23


@pytest.mark.parametrize(
    ("value", "mantissa", "digits", "half_width"),
    [
        (12000, 12000, "12000", 500),  # trailing zeros are not significant
        (14500, 14500, "14500", 50),
        (16635, 16635, "16635", 0.5),
        (9.8, 9.8, "9.8", 0.05),
        (1.6, 1.60, "1.60", 0.005),  # a written trailing zero after the point is
        (10, 10, "10", 0.5),  # at least two digits count
        (200, 200, "200", 0.5),  # up to three digits a whole number is exact
        (1800, 1800, "1800", 50),
        (3, 3, "3", 0.5),
        (1.2e6, 1.2, "1.2", 50000),  # 1.2 million
        (980e6, 980, "980", 5e6),  # $980 million is 980,000,000: two digits count, as in 12,000
        (1e5, 100, "100", 5000),  # 100k is read as 100,000 is
        (1.6e10, 16, "16", 5e8),  # $16 billion: at least two digits count
        (20, None, None, 0.5),  # 百分之二十: two significant digits
        (0, None, None, 0),
    ],
)
def test_rounding_half_width_from_the_written_digits(value, mantissa, digits, half_width):
    assert rounding_half_width(value, mantissa, digits) == pytest.approx(half_width)


def test_zero_equals_zero(ledger):
    zero = {"kind": "percent", "metric": "packet loss", "qualifier": None}
    ledger.post("CoreWeave Blog", "2026-07-23", figure("0%", 0.0, "Spectrum-X", **zero))
    (again,) = ledger.post("Chip Weekly", "2026-07-24", figure("0%", 0.0, "Spectrum-X", **zero))
    _, changes = ledger.diff()
    assert changes[again].status == "reaffirmed"


def test_restatements_of_an_updated_figure_are_replaced_with_it(ledger):
    tps_mw = {"qualifier": None, "baseline": None}
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw("800,000 TPS/MW", 800000, **tps_mw))
    (report,) = ledger.post("算力前哨", "2026-07-25", rubin_tps_mw("800,000 TPS/MW", 800000, **tps_mw), lang="zh")
    (update,) = ledger.post("Stratus Cloud Blog", "2026-10-21", rubin_tps_mw("880,000 TPS/MW", 880000, **tps_mw))
    (new_report,) = ledger.post("算力前哨", "2026-10-23", rubin_tps_mw("88 万 TPS/MW", 880000, **tps_mw), lang="zh")
    _, changes = ledger.diff()
    assert changes[update].status == "updated"
    assert ledger.claim(vendor)["superseded_by"] == update
    assert ledger.claim(report)["superseded_by"] == update
    assert changes[new_report].status == "reaffirmed"
    assert changes[new_report].old_id == update


def test_publisher_revising_to_a_figure_someone_else_reported_supersedes_its_own(ledger):
    gpus = {"kind": "count", "metric": "GPUs", "qualifier": None, "subject": "Vera Rubin NVL72 cluster"}
    (first,) = ledger.post("Stratus Cloud Blog", "2026-09-16", figure("2,016 GPUs", 2016, **gpus))
    (outlet,) = ledger.post("The Rack Report", "2026-09-18", figure("2,304 GPUs", 2304, **gpus))
    (revised,) = ledger.post(
        "Stratus Cloud Blog", "2026-11-18", figure("2,304 GPUs", 2304, **gpus),
        sentence="Revised figure: the cluster has 2,304 GPUs.",
    )
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    assert changes[revised].status == "superseded"
    assert changes[revised].old_id == first
    assert ledger.claim(first)["superseded_by"] == revised
    assert ledger.claim(outlet)["superseded_by"] is None


def test_agreement_is_judged_against_the_latest_agreeing_figure(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    ledger.post("算力前哨", "2026-07-25", rubin_tps_mw("最高达 10 倍"), lang="zh")
    (firm,) = ledger.post("Stratus Cloud Blog", "2026-10-21", rubin_tps_mw("10x", qualifier=None))
    (firm_report,) = ledger.post("算力前哨", "2026-10-23", rubin_tps_mw("10 倍", qualifier=None), lang="zh")
    _, changes = ledger.diff()
    assert changes[firm].status == "qualifier_changed"
    assert changes[firm_report].status == "reaffirmed"
    assert changes[firm_report].old_id == firm


def test_a_figure_repeated_in_one_post_is_one_change(ledger):
    mfu = {"kind": "percent", "metric": "MFU", "qualifier": None, "subject": "Hopper"}
    (first,) = ledger.post("澄言智能实验室", "2026-03-30", figure("41%", 41.0, **mfu), lang="zh")
    ledger.post("算力前哨", "2026-04-07", figure("41%", 41.0, **mfu), figure("约 38%", 38.0, **{**mfu, "qualifier": "approximately"}), lang="zh")
    once, again = ledger.post("澄言智能实验室", "2026-08-28", figure("45%", 45.0, **mfu), figure("45%", 45.0, **mfu), lang="zh")
    _, changes = ledger.diff()
    assert changes[once].status == "updated"
    assert again not in changes
    assert ledger.claim(again)["status"] is None
    assert ledger.claim(first)["superseded_by"] == once


def test_round_named_in_the_sentence_when_the_condition_has_none(ledger):
    workload = {"condition": "GPT-OSS-120B offline"}
    (v60,) = ledger.post("The Rack Report", "2026-04-08", per_gpu("14,210 tokens per second per GPU", 14210, "v6.0", **workload),
                         sentence="In MLPerf Inference v6.0 the GB300 NVL72 ran 14,210 tokens per second per GPU.")
    (v61,) = ledger.post("The Rack Report", "2026-09-18", per_gpu("16,635 tokens per second per GPU", 16635, "v6.1", **workload),
                         sentence="MLPerf v6.1 results: 16,635 tokens per second per GPU on GPT-OSS-120B offline.")
    _, changes = ledger.diff()
    assert changes[v61].status == "superseded"
    assert ledger.claim(v60)["superseded_by"] == v61


claim_rows = st.lists(
    st.tuples(
        st.sampled_from(["CoreWeave Blog", "算力前哨", "Chip Weekly", "NVIDIA Newsroom"]),
        st.dates(min_value=date(2025, 1, 1), max_value=date(2026, 12, 31)),
        st.sampled_from(["Vera Rubin NVL72", "Rubin NVL72", "GB300 NVL72", None]),
        st.sampled_from([8.0, 9.8, 10.0, 12.0, 12000.0, 14500.0]),
        st.sampled_from([None, "up_to", "approximately", "more_than"]),
        st.sampled_from(["MLPerf v6.0", "MLPerf v6.1", "DeepSeek R1"]),
    ),
    min_size=1,
    max_size=25,
)


@settings(max_examples=40, deadline=None)
@given(claim_rows)
def test_any_ledger_gets_consistent_statuses(rows):
    with tempfile.TemporaryDirectory() as folder:
        ledger = Ledger(Path(folder) / "claims.db")
        for source, day, subject, value, qualifier, condition in rows:
            ledger.post(source, day.isoformat(), figure(f"{value:g}x", value, subject, qualifier=qualifier, condition=condition, metric="TPS/MW"))
        _, changes = ledger.diff()
        stored = {row["id"]: row for row in ledger.db["claims"].rows}
        assert set(changes) == {claim_id for claim_id, row in stored.items() if row["subject"]}
        for claim_id, change in changes.items():
            assert change.status in STATUSES
            assert (change.old_id is None) == (change.status == "new")
            replacement = stored[claim_id]["superseded_by"]
            if replacement is not None:
                assert stored[replacement]["claim_key"] == stored[claim_id]["claim_key"]
                assert stored[replacement]["published"] >= stored[claim_id]["published"]
        assert ledger.diff()[0].rows_written == 0


def test_a_figure_restated_thousands_of_times_is_replaced_with_its_restatements(ledger):
    (original,) = ledger.post("Stratus Cloud Blog", "2026-01-01", rubin_tps_mw())
    days = [f"2026-{month:02d}-{day:02d}" for month in range(1, 7) for day in range(2, 29)]
    restated = [ledger.post(f"Outlet {index % 50}", day, rubin_tps_mw())[0] for index, day in enumerate(days * 8)]
    (update,) = ledger.post("Stratus Cloud Blog", "2026-07-01", rubin_tps_mw("up to 12x", 12.0))
    _, changes = ledger.diff()
    assert len(restated) > 1000
    assert changes[update].status == "updated"
    replaced_by = {row["id"]: row["superseded_by"] for row in ledger.db["claims"].rows}
    assert {replaced_by[claim_id] for claim_id in [original, *restated]} == {update}


def test_equal_value_in_a_later_round_is_reaffirmed_not_superseded(ledger):
    (v60,) = ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("9,120 tokens per second per GPU", 9120, "v6.0"))
    (v61,) = ledger.post("Chip Weekly", "2026-09-16", per_gpu("9,120 tokens per second per GPU", 9120, "v6.1"))
    _, changes = ledger.diff()
    assert changes[v61].status == "reaffirmed"
    assert changes[v61].old_id == v60
    assert ledger.claim(v60)["superseded_by"] is None


def test_later_round_with_an_equal_and_a_different_figure_supersedes_only_the_different(ledger):
    (a60,) = ledger.post("NVIDIA Newsroom", "2026-04-01", per_gpu("9,120 tokens per second per GPU", 9120, "v6.0"))
    (b60,) = ledger.post("Chip Weekly", "2026-04-03", per_gpu("9,900 tokens per second per GPU", 9900, "v6.0"))
    (v61,) = ledger.post("NVIDIA Newsroom", "2026-09-16", per_gpu("9,900 tokens per second per GPU", 9900, "v6.1"))
    _, changes = ledger.diff()
    # The vendor's own earlier figure differs: its new round replaces it.
    assert changes[v61].status == "superseded"
    assert changes[v61].old_id == a60
    assert ledger.claim(b60)["superseded_by"] is None


def rack_power(text: str, value: float, subject: str) -> dict[str, Any]:
    """Power per rack in kW."""
    return figure(
        text, value, subject, kind="quantity", unit="kilowatt", dimensionality="[mass] * [length] ** 2 / [time] ** 3",
        si_value=value * 1000,
    )


def test_a_makers_figure_beside_its_products_expires_like_the_makers(ledger):
    sentence = "NVIDIA ships racks of {} with the GB300 NVL72, its Grace CPUs and the GB300 chip."
    (first,) = ledger.post("Chip Weekly", "2030-04-01", rack_power("140 kW", 140, "NVIDIA"), sentence=sentence.format("140 kW"))
    (later,) = ledger.post("Board Daily", "2032-06-01", rack_power("180 kW", 180, "NVIDIA"), sentence=sentence.format("180 kW"))
    _, changes = ledger.diff()
    # Only the system is kept in the hint: its CPUs and its chip are parts of it.
    assert ledger.claim(first)["claim_key"].startswith("nvidia ~gb300 nvl72 |")
    # Two years on the maker's figure has expired: the next one updates it, no conflict.
    assert changes[later].status == "updated"


def test_a_bare_model_code_matches_the_one_branded_product_with_that_code(ledger):
    (full,) = ledger.post("Orion Newsroom", "2026-10-27", rack_power("150 kW", 150, "Orion Z9"))
    (code,) = ledger.post("Chip Weekly", "2026-11-03", rack_power("about 180 kW", 180, "Z9"))
    _, changes = ledger.diff()
    assert changes[code].status == "conflict"
    assert changes[code].old_id == full
    assert ledger.claim(code)["claim_key"].startswith("orion z9 |")


def test_a_bare_rack_code_matches_the_one_system_ending_in_it(ledger):
    (full,) = ledger.post("Orion Newsroom", "2026-10-27", rack_power("150 kW", 150, "Z9 NVL72"))
    (code,) = ledger.post("Chip Weekly", "2026-11-03", rack_power("about 180 kW", 180, "NVL72"))
    (joined,) = ledger.post("Rack Daily", "2026-11-04", rack_power("160 kW", 160, "NVL36x2"))
    _, changes = ledger.diff()
    assert changes[code].old_id == full
    assert changes[joined].status == "new"


def test_a_code_two_brands_share_stays_apart(ledger):
    ledger.post("Orion Newsroom", "2026-10-27", rack_power("150 kW", 150, "Orion Z9"))
    ledger.post("Falcon Newsroom", "2026-10-28", rack_power("120 kW", 120, "Falcon Z9"))
    (code,) = ledger.post("Chip Weekly", "2026-11-03", rack_power("about 180 kW", 180, "Z9"))
    _, changes = ledger.diff()
    assert changes[code].status == "new"
    assert ledger.claim(code)["claim_key"].startswith("z9 |")


def test_figures_an_order_of_magnitude_apart_are_not_a_conflict(ledger):
    compute = {"kind": "quantity", "unit": "petaflop / second", "dimensionality": "[operation] / [time]", "metric": "compute"}
    ledger.post("Cloud Weekly", "2025-12-02", figure("362 PFLOPs", 362, "Trainium3", si_value=3.62e17, **compute))
    (per_chip,) = ledger.post("Chip Weekly", "2025-12-05", figure("2.52 PFLOPs", 2.52, "Trainium3", si_value=2.52e15, **compute))
    (close,) = ledger.post("Chip Daily", "2025-12-06", figure("340 PFLOPs", 340, "Trainium3", si_value=3.4e17, **compute))
    _, changes = ledger.diff()
    assert changes[per_chip].status == "new"
    assert changes[close].status == "conflict"


def test_another_claimants_figure_far_from_an_expired_one_is_not_an_update(ledger):
    speed = {"kind": "quantity", "unit": "token / second", "dimensionality": "[token] / [time]", "metric": "speed",
             "condition": "Llama 3.1 70B"}
    ledger.post("Chip Weekly", "2024-01-15", figure("2,000 tokens/s", 2000, "WSE-3", si_value=2000, **speed))
    (misread,) = ledger.post("Board Daily", "2024-07-10", figure("2 tokens/s", 2, "WSE-3", si_value=2, **speed))
    (later,) = ledger.post("Silicon Digest", "2025-12-20", figure("2,100 tokens/s", 2100, "WSE-3", si_value=2100, **speed))
    _, changes = ledger.diff()
    assert changes[misread].status == "new"
    # A workload's figures expire; the latest earlier figure is the misread one, so 2,100 is no update of it.
    assert changes[later].status == "new" and ledger.claim(misread)["superseded_by"] is None


def test_a_products_specification_does_not_expire(ledger):
    compute = {"kind": "quantity", "unit": "teraop / second", "dimensionality": "[integer_operation] / [time]",
               "metric": "compute", "condition": "INT8"}
    (launch,) = ledger.post("Chip Weekly", "2024-01-15", figure("200 TOPS", 200, "MTT S4000", si_value=2e14, **compute))
    (misread,) = ledger.post("Board Daily", "2024-07-10", figure("0.5 TOPS", 0.5, "MTT S4000", si_value=5e11, **compute))
    (later,) = ledger.post("Silicon Digest", "2025-12-20", figure("196 TOPS", 196, "MTT S4000", si_value=1.96e14, **compute))
    (vendor,) = ledger.post("Moore Threads News", "2026-03-01", figure("196 TOPS", 196, "MTT S4000", si_value=1.96e14, **compute))
    _, changes = ledger.diff()
    assert changes[misread].status == "new", "a thousand times apart: another figure"
    assert (changes[later].status, changes[later].old_id) == ("conflict", launch), "two years on, 200 TOPS still stands"
    assert changes[vendor].status == "reaffirmed"


def test_a_bound_agrees_with_a_figure_just_past_it(ledger):
    pod = {"kind": "count", "unit": "chip", "dimensionality": "[chip]", "metric": "chips", "baseline": None}
    ledger.post("Chip Weekly", "2025-04-10", figure("over 9,000 chips", 9000, "Ironwood pod", qualifier="more_than", **pod))
    (exact,) = ledger.post("Cloud Daily", "2025-04-12", figure("9,216 chips", 9216, "Ironwood pod", **pod))
    speed = {"kind": "quantity", "unit": "token / second", "dimensionality": "[token] / [time]", "metric": "speed",
             "condition": "Llama 3.1 70B", "qualifier": "more_than"}
    ledger.post("Chip Weekly", "2025-03-15", figure("exceeding 1,800 tokens per second", 1800, "WSE-3", si_value=1800, **speed))
    (far,) = ledger.post("Cloud Daily", "2025-04-01", figure("2,100 tokens per second", 2100, "WSE-3", si_value=2100,
                                                            **{**speed, "qualifier": None}))
    _, changes = ledger.diff()
    assert changes[exact].status == "qualifier_changed", "'over 9,000' is 9,216 said loosely"
    assert changes[far].status == "conflict", "'exceeding 1,800' is not 2,100"


def revenue(text: str, billions: float, **fields: Any) -> dict[str, Any]:
    """Acme's quarterly revenue in dollars (an actual figure unless `projected` is given)."""
    money = {"kind": "quantity", "unit": "dollar", "dimensionality": "[usd]", "metric": "revenue", "baseline": None}
    return figure(text, billions * 1e9, fields.pop("subject", "Acme"), si_value=billions * 1e9, **{**money, **fields})


def test_a_round_money_figure_agrees_with_the_precise_one_it_rounds(ledger):
    ledger.post("Acme Newsroom", "2031-08-01", revenue("$981.6 million", 0.9816, condition="Q2 2031"))
    (rounded,) = ledger.post("Chip Weekly", "2031-08-02", revenue("$980 million", 0.98, condition="Q2 2031"))
    (other,) = ledger.post("Chip Wire", "2031-08-03", revenue("$990 million", 0.99, condition="Q2 2031"))
    _, changes = ledger.diff()
    assert changes[rounded].status == "reaffirmed", "$980 million is 980,000,000: ±5 million"
    assert changes[other].status == "conflict"


def test_a_forecast_another_claimants_forecast_and_the_actual_figure_are_each_new(ledger):
    (guidance,) = ledger.post("Acme Newsroom", "2026-07-20", revenue("about $4.8 billion", 4.8, projected=1,
                                                                     qualifier="approximately"))
    (analysts,) = ledger.post("Ledgerline Daily", "2026-09-02", revenue("$5.2 billion", 5.2, projected=1))
    (actual,) = ledger.post("Acme Newsroom", "2026-10-24", revenue("$5.0 billion", 5.0))
    _, changes = ledger.diff()
    assert [changes[claim].status for claim in (guidance, analysts, actual)] == ["new", "new", "new"]
    assert changes[actual].old_id is None and ledger.claim(guidance)["superseded_by"] is None


def test_a_claimant_raising_its_own_forecast_updates_it(ledger):
    (guidance,) = ledger.post("Acme Newsroom", "2026-07-20", revenue("$4.8 billion", 4.8, projected=1))
    (raised,) = ledger.post("Acme 中文", "2026-08-30", revenue("51 亿美元", 5.1, projected=1), lang="zh")
    _, changes = ledger.diff()
    assert (changes[raised].status, changes[raised].old_id) == ("updated", guidance)
    assert ledger.claim(guidance)["superseded_by"] == raised


def test_two_claimants_forecasts_never_conflict_but_may_agree(ledger):
    (analysts,) = ledger.post("Ledgerline Daily", "2026-09-02", revenue("$5.2 billion", 5.2, projected=1))
    (other,) = ledger.post("Quarry Research Notes", "2026-09-05", revenue("$4.6 billion", 4.6, projected=1))
    (restated,) = ledger.post("Tollgate Wire", "2026-09-07", revenue("$5.2 billion", 5.2, projected=1))
    _, changes = ledger.diff()
    assert (changes[other].status, changes[other].old_id) == ("new", None)
    assert (changes[restated].status, changes[restated].old_id) == ("reaffirmed", analysts), "the same forecast again"
    assert ledger.claim(analysts)["superseded_by"] is None


def test_a_forecast_between_two_actual_figures_leaves_them_compared(ledger):
    (first,) = ledger.post("Acme Newsroom", "2026-04-24", revenue("$4.4 billion", 4.4))
    ledger.post("Acme Newsroom", "2026-05-02", revenue("$4.9 billion", 4.9, projected=1))
    (outlet,) = ledger.post("Ledgerline Daily", "2026-05-04", revenue("$4.1 billion", 4.1))
    (restated,) = ledger.post("Acme Newsroom", "2026-07-24", revenue("$4.6 billion", 4.6))
    _, changes = ledger.diff()
    assert (changes[outlet].status, changes[outlet].old_id) == ("conflict", first), "the forecast ends no actual figure"
    assert (changes[restated].status, changes[restated].old_id) == ("updated", first)


def test_a_products_expected_figure_is_compared_with_what_it_is_found_to_be(ledger):
    power = {"kind": "quantity", "unit": "kilowatt / rack", "dimensionality": "[power] / [rack]", "metric": "power per rack"}
    (expected,) = ledger.post("Kestrel Newsroom", "2026-07-20", figure("140 kW", 140, "Kestrel K4", si_value=140e3,
                                                                       projected=1, **power))
    (found,) = ledger.post("Rack Report", "2026-08-02", figure("about 160 kW", 160, "Kestrel K4", si_value=160e3,
                                                               qualifier="approximately", **power))
    _, changes = ledger.diff()
    assert (changes[found].status, changes[found].old_id) == ("conflict", expected), "a spec, not guidance"


def test_a_forecast_and_an_actual_figure_of_one_value_in_a_post_are_two_statements(ledger):
    (earlier,) = ledger.post("Acme Newsroom", "2026-04-24", revenue("$4.4 billion", 4.4))
    actual, forecast = ledger.post("Acme Newsroom", "2026-07-24", revenue("$5.0 billion", 5.0),
                                   revenue("$5.0 billion", 5.0, projected=1))
    _, changes = ledger.diff()
    assert (changes[actual].status, changes[actual].old_id) == ("updated", earlier)
    assert changes[forecast].status == "new", "not the actual figure stated again"


def group_compute(sentence: str, figure_text: str, value: float, subject: str, **fields: Any) -> dict[str, Any]:
    """A compute ratio against El Capitan, placed where `figure_text` stands in `sentence`."""
    start = sentence.index(figure_text)
    return figure(figure_text, value, subject, metric="compute", baseline="El Capitan",
                  start=start, end=start + len(figure_text), **fields)


def test_a_figure_of_a_count_of_chips_joins_the_chips_one_group(ledger):
    pod = "A Trainium3 pod delivers 30 times the compute of El Capitan."
    counted = "星河云的报道称，4096颗芯片的Trainium3计算能力超过El Capitan的30倍。"
    (english,) = ledger.post("Kestrel Weekly", "2026-03-02", group_compute(pod, "30 times", 30.0, "Trainium3 pod"), sentence=pod)
    (chinese,) = ledger.post(
        "星河云", "2026-03-09", group_compute(counted, "30倍", 30.0, "Trainium3", qualifier="more_than"),
        sentence=counted, lang="zh",
    )
    _, changes = ledger.diff()
    assert changes[chinese].status == "qualifier_changed"
    assert changes[chinese].old_id == english


def test_a_chips_own_figure_never_joins_its_group(ledger):
    pod = "A Trainium3 pod delivers 30 times the compute of El Capitan."
    chip = "On its own, one Trainium3 chip delivers 2 times the compute of El Capitan's node."
    ledger.post("Kestrel Weekly", "2026-03-02", group_compute(pod, "30 times", 30.0, "Trainium3 pod"), sentence=pod)
    (own,) = ledger.post("Orbis Review", "2026-03-09", group_compute(chip, "2 times", 2.0, "Trainium3"), sentence=chip)
    _, changes = ledger.diff()
    assert changes[own].status == "new"
    assert ledger.claim(own)["claim_key"].startswith("trainium3 |")


def test_a_count_of_chips_joins_a_group_that_appears_in_a_later_run(ledger):
    counted = "星河云称，4096颗芯片的Trainium3计算能力为El Capitan的30倍。"
    pod = "A Trainium3 pod delivers about 30 times the compute of El Capitan."
    (chinese,) = ledger.post("星河云", "2026-03-02", group_compute(counted, "30倍", 30.0, "Trainium3"), sentence=counted, lang="zh")
    ledger.diff()
    (english,) = ledger.post("Kestrel Weekly", "2026-03-09", group_compute(pod, "30 times", 30.0, "Trainium3 pod"), sentence=pod)
    _, changes = ledger.diff()
    assert changes[english].status == "reaffirmed"
    assert changes[english].old_id == chinese


def quarterly_revenue(text: str, value: float) -> dict[str, Any]:
    """Acme's revenue, in US dollars, as a press report gives it."""
    return figure(text, value, "Acme", kind="quantity", unit="usd", dimensionality="[usd]", si_value=value,
                  metric="revenue", claimant="acme")


def test_an_organisations_figure_a_quarter_later_is_the_next_period_not_a_conflict(ledger):
    (first,) = ledger.post("Chip Weekly", "2026-02-25", quarterly_revenue("$4.1 billion", 4.1e9))
    (next_quarter,) = ledger.post("星河财经", "2026-05-27", quarterly_revenue("52 亿美元", 5.2e9), lang="zh")
    _, changes = ledger.diff()
    assert changes[next_quarter].status == "updated"
    assert changes[next_quarter].old_id == first


def test_two_reports_of_one_quarter_that_disagree_conflict(ledger):
    ledger.post("Chip Weekly", "2026-02-25", quarterly_revenue("$4.1 billion", 4.1e9))
    (same_quarter,) = ledger.post("星河财经", "2026-03-10", quarterly_revenue("45 亿美元", 4.5e9), lang="zh")
    _, changes = ledger.diff()
    assert changes[same_quarter].status == "conflict"


def acme_money(text: str, value: float, metric: str | None) -> dict[str, Any]:
    """An amount of Acme's money in US dollars, with the metric its extraction found (None: none)."""
    return figure(text, value, "Acme", kind="quantity", unit="usd", dimensionality="[usd]", si_value=value, metric=metric)


def test_money_without_a_metric_takes_no_metric_from_the_ledger(ledger):
    segment_sentence = "In Q2 FY2031 Acme's data center revenue came to $3.2 billion."
    (segment,) = ledger.post("Chip Weekly", "2030-09-01", acme_money("$3.2 billion", 3.2e9, "data center revenue"),
                             sentence=segment_sentence)
    total_sentence = "For Q2 FY2031 Acme booked $4.0 billion in all."
    (total,) = ledger.post("星河财经", "2030-09-03", acme_money("$4.0 billion", 4.0e9, None), sentence=total_sentence)
    growth = figure("12%", 12, "Acme", kind="percent", metric="revenue", baseline="a year earlier")
    (beside_growth,) = ledger.post("Board Daily", "2030-09-04", acme_money("$4.1 billion", 4.1e9, None), growth,
                                   sentence="For Q2 FY2031 Acme booked $4.1 billion, 12% more revenue than a year earlier.")[:1]
    _, changes = ledger.diff()
    assert ledger.claim(segment)["claim_key"].startswith("acme | data center revenue |")
    assert ledger.claim(total)["claim_key"].startswith("acme | - | [usd] |")
    assert changes[total].status == "new"
    # Its sentence names revenue: that supports "revenue", never the narrower segment's.
    assert ledger.claim(beside_growth)["claim_key"].startswith("acme | ~revenue | [usd] |")
    assert changes[beside_growth].status == "new"


def test_a_makers_figure_beside_a_named_product_joins_none_of_its_products(ledger):
    (rack,) = ledger.post("Rack Daily", "2030-03-01", rack_power("132 kW", 132, "GB200 NVL72"),
                          sentence="Each GB200 NVL72 rack draws 132 kW.")
    beside = "NVIDIA ships racks of 140 kW with the GB300 NVL72, up from the GB200 NVL72."
    (named,) = ledger.post("Chip Weekly", "2030-04-01", rack_power("140 kW", 140, "NVIDIA"), sentence=beside)
    (bare,) = ledger.post("Board Daily", "2030-04-02", rack_power("about 135 kW", 135, "NVIDIA"),
                          sentence="NVIDIA says its racks draw about 135 kW.")
    (code,) = ledger.post("Rack Weekly", "2030-04-03", rack_power("150 kW", 150, "NVL72"), sentence="An NVL72 draws 150 kW.")
    _, changes = ledger.diff()
    # The hint's last word is no model code a bare "NVL72" figure could join by.
    assert ledger.claim(code)["claim_key"].startswith("gb200 nvl72 |")
    assert ledger.claim(named)["claim_key"].startswith("nvidia ~gb200 nvl72 / gb300 nvl72 |")
    assert changes[named].status == "new"
    # Naming no product, the maker's figure still joins its one product measured that way.
    assert ledger.claim(bare)["claim_key"].startswith("gb200 nvl72 |")
    assert changes[bare].old_id == rack


def test_money_without_a_metric_takes_the_one_its_sentence_names(ledger):
    yuan = acme_money("3,800 亿元", 3.8e11, "investment") | {"unit": "cny", "dimensionality": "[cny]"}
    (dollars,) = ledger.post("Chip Weekly", "2030-02-25", acme_money("$53 billion", 5.3e10, "investment"),
                             sentence="Acme will make an investment of $53 billion over three years.")
    (converted,) = ledger.post("星河财经", "2030-03-01", yuan, acme_money("约 530 亿美元", 5.3e10, None),
                               sentence="Acme 宣布投资 3,800 亿元 约 530 亿美元 建设算力。", lang="zh")[1:]
    _, changes = ledger.diff()
    assert ledger.claim(converted)["claim_key"].startswith("acme | investment | [usd] |")
    assert changes[converted].status == "reaffirmed"
    assert changes[converted].old_id == dollars


def test_an_organisations_figure_naming_no_period_far_from_an_expired_one_is_another_figure(ledger):
    (first,) = ledger.post("Chip Weekly", "2026-02-25", quarterly_revenue("$4.1 billion", 4.1e9))
    (next_quarter,) = ledger.post("Acme Newsroom", "2026-05-27", quarterly_revenue("$5.2 billion", 5.2e9))
    (yearly,) = ledger.post("Ledgerline Daily", "2026-09-02", quarterly_revenue("$19.6 billion", 19.6e9))
    (segment,) = ledger.post("星河财经", "2026-12-02", quarterly_revenue("近20亿美元", 2.0e9), lang="zh")
    _, changes = ledger.diff()
    assert (changes[next_quarter].status, changes[next_quarter].old_id) == ("updated", first)
    assert changes[yearly].status == "new", "a year's or another figure's, not the quarter's changed"
    assert changes[segment].status == "new"


def test_an_organisations_figure_naming_no_period_contradicts_only_a_close_one(ledger):
    def reported(text: str, value: float) -> dict[str, Any]:
        return quarterly_revenue(text, value) | {"claimant": None}

    (total,) = ledger.post("Chip Weekly", "2026-03-05", reported("$12 billion", 12e9))
    (segment,) = ledger.post("星河财经", "2026-03-06", reported("41 亿美元", 4.1e9), lang="zh")
    (misread,) = ledger.post("Ledgerline Daily", "2026-03-07", reported("$11.4 billion", 11.4e9))
    _, changes = ledger.diff()
    assert changes[segment].status == "new", "a segment's figure beside the total, not a report contradicting it"
    assert (changes[misread].status, changes[misread].old_id) == ("conflict", total)


def cluster_gpus(text: str, count: float, subject: str, **fields: Any) -> dict[str, Any]:
    """A count of the GPUs a cluster holds."""
    return figure(text, count, subject, kind="quantity", unit="gpu", dimensionality="[gpu]", si_value=count,
                  metric="GPUs", **fields)


def test_a_planned_size_of_a_cluster_is_a_forecast_apart_from_its_size_now(ledger):
    ledger.post("Chip Weekly", "2026-03-02", cluster_gpus("100,000 GPUs", 1e5, "Tidewater Supercluster"))
    (plan,) = ledger.post("Ledgerline Daily", "2026-03-20", cluster_gpus("200,000 GPUs", 2e5, "Tidewater Supercluster",
                                                                         projected=1))
    (again,) = ledger.post("算力前哨", "2026-04-01", cluster_gpus("20万块GPU", 2e5, "Tidewater Supercluster", projected=1),
                           lang="zh")
    _, changes = ledger.diff()
    assert changes[plan].status == "new", "a plan to grow is no disagreement with the size now"
    assert (changes[again].status, changes[again].old_id) == ("reaffirmed", plan)


def test_a_products_expected_count_is_compared_with_what_it_is_found_to_be(ledger):
    (expected,) = ledger.post("Kestrel Newsroom", "2026-07-20", cluster_gpus("72 GPUs", 72, "GB300 NVL72", projected=1))
    (found,) = ledger.post("Rack Report", "2026-08-02", cluster_gpus("64 GPUs", 64, "GB300 NVL72"))
    _, changes = ledger.diff()
    assert (changes[found].status, changes[found].old_id) == ("conflict", expected)


def test_a_count_of_the_subject_chip_itself_names_no_holder(ledger):
    (one,) = ledger.post("Chip Weekly", "2026-03-02", cluster_gpus("100,000 H100 GPUs", 1e5, "H100"))
    (other,) = ledger.post("Ledgerline Daily", "2026-03-20", cluster_gpus("50,000 H100 GPUs", 5e4, "H100"))
    (part,) = ledger.post("Rack Report", "2026-03-22", cluster_gpus("2 B200 GPUs", 2, "GB200"))
    _, changes = ledger.diff()
    assert one not in changes and other not in changes, "two fleets of H100s, whose the key cannot say"
    assert changes[part].status == "new", "a chip's parts are its own"


def test_a_count_of_bare_units_keyed_on_a_chip_names_no_holder(ledger):
    def units(text: str, count: float, unit_text: str, **fields: Any) -> dict[str, Any]:
        return figure(text, count, "H100", kind="count", unit=None, unit_text=unit_text, dimensionality=None,
                      si_value=count, metric=None, **fields)

    sentence = "Tidewater now runs 30,000 H100 GPUs and expects to reach 85,000 by the end of the year."
    (plain,) = ledger.post("Chip Weekly", "2026-03-02", units("85,000", 85000, "", projected=1), sentence=sentence)
    (fleet,) = ledger.post("Ledgerline Daily", "2026-03-20", units("35 萬塊", 350000, "塊"), lang="zh",
                           sentence="Quarry 已囤積 H100 GPU，數量達 35 萬塊。")
    (other,) = ledger.post("Board Daily", "2026-03-22", units("about 340,000 units", 340000, "units"),
                           sentence="Its stash of H100 GPUs amounts to about 340,000 units.")
    _, changes = ledger.diff()
    assert not {plain, fleet, other} & set(changes), "how many someone holds: whose, the key cannot say"
    assert ledger.claim(fleet)["claim_key"] is None
    # A count of something the chip itself has keeps its key.
    transistors = {"text": "800 亿个晶体管", "value": 8e10, "kind": "count",
                   "metric": "transistor count", "sentence": "H100 集成 800 亿个晶体管。", "start": 8, "end": 17,
                   "sentence_start": 0}
    assert stated_identity({**transistors, "subject": "H100"}) is not None


def test_a_count_of_another_chip_keyed_on_a_chip_is_a_holding_not_a_part(ledger):
    sentence = "Tidewater began with 100,000 Kestrel H100 GPUs and has since added a mix of 40,000 H200 units."
    later = "据报道，Tidewater 扩建后预计达 14 万块 GPU。"

    def placed(text: str, value: float, where: str, **fields: Any) -> dict[str, Any]:
        start = where.index(text)
        return cluster_gpus(text, value, "H100", start=start, end=start + len(text), sentence_start=0, **fields)

    mixed = ledger.post("Chip Weekly", "2026-03-02", placed("40,000 H200", 4e4, sentence), sentence=sentence)[0]
    (total,) = ledger.post("算力前哨", "2026-03-20", placed("14 万块", 1.4e5, later), sentence=later, lang="zh")
    _, changes = ledger.diff()
    assert mixed not in changes, "H200s counted, keyed on the H100 beside them"
    assert total not in changes, "more GPUs than a chip holds, keyed on the chip: whose, the key cannot say"


@pytest.mark.parametrize(
    ("sentence", "added"),
    [
        ("Tidewater runs 100,000 GPUs and is set to expand with another 50,000 GPUs next year.", "50,000 GPUs"),
        ("Tidewater runs 100,000 GPUs and will bring an additional 50,000 GPUs online.", "50,000 GPUs"),
        ("Tidewater 目前运行 10 万块 GPU，年底前将再新增 5 万块 GPU。", "5 万块 GPU"),
    ],
)
def test_an_increment_is_never_compared_with_a_total(ledger, sentence, added):
    (earlier,) = ledger.post("Ledgerline Daily", "2026-02-01", cluster_gpus("50,000 GPUs", 5e4, "Tidewater Supercluster"))
    start = sentence.index(added)
    (more,) = ledger.post("Chip Weekly", "2026-03-02", cluster_gpus(
        added, 5e4, "Tidewater Supercluster", start=start, end=start + len(added), sentence_start=0), sentence=sentence)
    _, changes = ledger.diff()
    assert changes[earlier].status == "new"
    assert more not in changes, "what is added is no size of the cluster"


def test_what_others_expected_of_a_figure_is_compared_with_none(ledger):
    sentence = "Acme's first-quarter revenue was $4.4 billion, beating the $4.1 billion consensus."
    chinese = "Acme 第一季營收為 44 億美元，高於市場預期的 41 億美元。"

    def placed(text: str, value: float, where: str) -> dict[str, Any]:
        start = where.index(text)
        return revenue(text, value, condition="Q1 2026", start=start, end=start + len(text), sentence_start=0)

    actual, estimate = ledger.post("Chip Weekly", "2026-04-24", placed("$4.4 billion", 4.4, sentence),
                                   placed("$4.1 billion", 4.1, sentence), sentence=sentence)
    again, expected = ledger.post("星河财经", "2026-04-26", placed("44 億美元", 4.4, chinese),
                                  placed("41 億美元", 4.1, chinese), sentence=chinese, lang="zh")
    _, changes = ledger.diff()
    assert estimate not in changes and expected not in changes, "analysts' figures, not Acme's"
    assert (changes[again].status, changes[again].old_id) == ("reaffirmed", actual)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ({"text": "4x", "kind": "ratio", "subject": None}, "no subject"),
        ({"text": "100,000 H100 GPUs", "value": 1e5, "kind": "quantity", "dimensionality": "[gpu]", "subject": "H100",
          "sentence": "Tidewater runs 100,000 H100 GPUs.", "sentence_start": 0, "start": 15, "end": 32}, "a count of chips"),
        ({"text": "50,000 GPUs", "value": 5e4, "kind": "quantity", "dimensionality": "[gpu]", "subject": "Tidewater",
          "sentence": "Tidewater adds another 50,000 GPUs.", "sentence_start": 0, "start": 23, "end": 34}, "an increment"),
    ],
)
def test_claims_key_says_why_a_claim_states_no_identity(claim, reason):
    assert stated_identity(claim) is None
    assert why_no_identity(claim).startswith(reason)


@pytest.mark.parametrize(
    ("claimant", "subject", "expected"),
    [
        ("CEO", "NVIDIA", "nvidia"),  # the officer speaks for the organisation whose figure it is
        ("執行長", "NVIDIA", "nvidia"),
        ("CEO", "GB200 NVL72", "chip weekly"),  # no organisation: the publisher's claim
        ("Jensen Huang", "NVIDIA", "jensen huang"),
        (None, "NVIDIA", "chip weekly"),
    ],
)
def test_a_job_title_alone_is_no_claimant(claimant, subject, expected):
    assert claimant_of(claimant, subject, "Chip Weekly") == expected
