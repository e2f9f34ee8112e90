"""The incremental diff: a run recomputes only what changed, and ends where a full run would.

Ledgers are real SQLite files (test_diff.Ledger); the identities and statuses an
incremental run leaves are compared with those a `--full` run computes from scratch
on a copy of the same file.
"""

from __future__ import annotations

import shutil
import tempfile
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_diff import Ledger, figure, ledger, revenue, rubin_tps_mw  # noqa: F401 (ledger is a fixture)

from claimledger.diff.changes import run_diff
from claimledger.ledger.open import open_ledger

STORED = """
    SELECT c.id, c.claim_key, c.status, c.superseded_by, c.compared_with
    FROM claims c LEFT JOIN claim_facts f ON f.claim_id = c.id ORDER BY c.id
"""


def stored(db) -> list[tuple]:
    return [tuple(row) for row in db.execute(STORED)]


def full_copy(ledger: Ledger, folder: Path) -> list[tuple]:
    """What a full run from scratch stores, on a copy of the ledger."""
    copy = folder / "full.db"
    ledger.db.conn.execute("PRAGMA wal_checkpoint(FULL)")
    shutil.copy(ledger.path, copy)
    db = open_ledger(copy)
    db.execute("DELETE FROM claim_facts")
    db.execute("DELETE FROM identities")
    db.execute("DELETE FROM diff_state")
    db.execute("UPDATE claims SET claim_key = NULL, status = NULL, superseded_by = NULL")
    run_diff(db, full=True)
    return stored(db)


def tps(value: float, **fields) -> dict:
    return figure(f"{value:g} TPS/MW", value, fields.pop("subject", "Vera Rubin NVL72"), kind="quantity",
                  metric="TPS/MW", **fields)


def test_a_run_with_nothing_new_reads_and_writes_nothing(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    ledger.post("Chip Weekly", "2026-07-25", rubin_tps_mw("8x", 8.0, qualifier=None))
    first, _ = ledger.diff()
    again, changes = ledger.diff()
    assert first.summary.claims_read == 2
    assert (again.summary.claims_read, again.summary.identities_judged, again.rows_written) == (0, 0, 0)
    assert len(changes) == 2, "the report still reads every stored status"


def test_a_new_post_rejudges_only_the_identities_it_touches(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw(), tps(800000, condition="DeepSeek R1"))
    ledger.post("Kestrel Newsroom", "2026-07-24", tps(300000, subject="Kestrel K3"))
    ledger.diff()
    (update,) = ledger.post("Stratus Cloud Blog", "2026-10-21", tps(880000, condition="DeepSeek R1"))
    result, changes = ledger.diff(only_changed=True)
    assert result.summary.claims_read == 1
    assert result.summary.identities_judged == 1
    assert list(changes) == [update]
    assert changes[update].status == "updated"


def test_an_edited_claim_is_judged_again(ledger):
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    (outlet,) = ledger.post("Chip Weekly", "2026-07-25", rubin_tps_mw("8x", 8.0, qualifier=None, subject="Kestrel K3"))
    _, changes = ledger.diff()
    assert changes[outlet].status == "new"
    ledger.db["claims"].update(outlet, {"subject": "Vera Rubin NVL72"})
    result, changes = ledger.diff()
    assert result.summary.claims_read == 1
    assert changes[outlet].status == "conflict"
    assert changes[outlet].old_id == vendor


def test_an_edited_claimant_or_role_is_judged_again(ledger):
    (report,) = ledger.post("Chip Weekly", "2026-07-23", rubin_tps_mw())
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-25", rubin_tps_mw("8x", 8.0, qualifier=None))
    _, changes = ledger.diff()
    assert changes[vendor].status == "conflict", "the outlet's own figure, then the vendor's"
    ledger.db["claims"].update(report, {"claimant": "Stratus Cloud"})
    result, changes = ledger.diff()
    assert result.summary.claims_read == 1
    assert changes[vendor].status == "updated", "the report was the vendor's claim: the vendor changed it"
    ledger.db["claims"].update(vendor, {"role": "previous"})
    result, changes = ledger.diff()
    assert result.summary.claims_read == 1
    assert vendor not in changes and ledger.claim(vendor)["status"] is None, "a past figure is nobody's current one"


def test_a_claim_edited_into_a_forecast_is_judged_again(ledger):
    ledger.post("Acme Newsroom", "2026-07-23", revenue("$4.4 billion", 4.4))
    (outlet,) = ledger.post("Chip Weekly", "2026-07-25", revenue("$4.1 billion", 4.1))
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    ledger.db["claims"].update(outlet, {"projected": 1})
    result, changes = ledger.diff()
    assert result.summary.claims_read == 1
    assert (changes[outlet].status, changes[outlet].old_id) == ("new", None), "the outlet's forecast is its own"


def test_a_new_identity_can_take_a_partial_claim_away(ledger):
    latency = {"kind": "quantity", "unit": "millisecond", "dimensionality": "[time]", "metric": "TTFT"}
    (first,) = ledger.post("澄言", "2026-06-25", figure("180 ms", 180, "GB300 NVL72", si_value=0.18, condition="DeepSeek R1", **latency), lang="zh")
    (partial,) = ledger.post("澄言", "2026-11-10", figure("140 ms", 140, "GB300 NVL72", si_value=0.14, **latency), lang="zh")
    _, changes = ledger.diff()
    assert changes[partial].status == "updated"
    assert changes[partial].old_id == first
    ledger.post("Chip Weekly", "2026-11-12", figure("95 ms", 95, "GB300 NVL72", si_value=0.095, condition="Llama 3.1 405B", **latency))
    _, changes = ledger.diff()
    assert changes[partial].status == "new", "two identities fit now: it joins neither"
    assert ledger.claim(first)["superseded_by"] is None
    assert ledger.claim(partial)["claim_key"] == "gb300 nvl72 | time to first token | [time] | - | -"


def test_a_changed_rules_version_recomputes_everything(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    ledger.diff()
    ledger.db.execute("UPDATE diff_state SET value = 'older rules' WHERE name = 'rules_version'")
    ledger.db.conn.commit()
    result, _ = ledger.diff()
    assert result.summary.full and result.summary.facts_recomputed and result.summary.claims_read == 1
    assert not ledger.diff()[0].summary.full


def test_full_run_on_request_judges_everything_from_the_stored_facts(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    ledger.diff()
    result, changes = ledger.diff(full=True)
    assert result.summary.full and not result.summary.facts_recomputed
    assert (result.summary.claims_read, result.summary.claims_compared, result.rows_written) == (0, 1, 0)
    assert [change.status for change in changes.values()] == ["new"]


def test_claims_stored_while_a_full_run_reads_stay_pending(ledger):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    ledger.diff(full=True)
    (later,) = ledger.post("Chip Weekly", "2026-07-25", rubin_tps_mw())
    _, changes = ledger.diff()
    assert changes[later].status == "reaffirmed"


rounds = st.lists(
    st.lists(
        st.tuples(
            st.sampled_from(["Stratus Cloud Blog", "算力前哨", "Chip Weekly", "Kestrel Newsroom"]),
            st.dates(min_value=date(2025, 1, 1), max_value=date(2026, 12, 31)),
            st.sampled_from(["Vera Rubin NVL72", "Rubin NVL72", "GB300 NVL72", "K3", "Kestrel K3", "Falcon K3", None]),
            st.sampled_from([8.0, 10.0, 12.0, 800000.0, 880000.0]),
            st.sampled_from([None, "up_to", "approximately"]),
            st.sampled_from(["DeepSeek R1", "Llama 3.1 405B", None]),
            st.sampled_from(["TPS/MW", None]),
            st.sampled_from(["GB200 NVL72", "Vera Rubin NVL72", None]),
            st.booleans(),
        ),
        min_size=1, max_size=6,
    ),
    min_size=1, max_size=5,
)


@settings(max_examples=30, deadline=None)
@given(rounds)
def test_incremental_runs_end_where_a_full_run_does(posts):
    with tempfile.TemporaryDirectory() as folder:
        ledger = Ledger(Path(folder) / "claims.db")
        for round_ in posts:
            for source, day, subject, value, qualifier, condition, metric, baseline, projected in round_:
                kind = "ratio" if value < 100 else "quantity"
                ledger.post(source, day.isoformat(), figure(
                    f"{value:g}", value, subject, kind=kind, qualifier=qualifier, condition=condition,
                    metric=metric, baseline=baseline if kind == "ratio" else None, projected=int(projected),
                ))
            ledger.diff()
        assert stored(ledger.db) == full_copy(ledger, Path(folder))


def test_a_full_run_reads_the_key_index_in_pages_without_splitting_an_identity(ledger, monkeypatch, tmp_path):
    from claimledger.diff import judging

    for day in range(1, 8):
        ledger.post("Stratus Cloud Blog", f"2026-07-{day:02d}", rubin_tps_mw(f"up to {day}x", float(day)),
                    tps(800000 + day, condition="DeepSeek R1"))
    ledger.post("Kestrel Newsroom", "2026-07-09", tps(300000, subject="Kestrel K3"))
    ledger.diff()
    whole = stored(ledger.db)
    monkeypatch.setattr(judging, "PAGE", 3)
    assert full_copy(ledger, tmp_path) == whole


def test_a_full_run_on_every_core_ends_where_one_process_does(ledger, monkeypatch, tmp_path):
    from claimledger.diff import judging, run

    for day in range(1, 8):
        ledger.post("Stratus Cloud Blog", f"2026-07-{day:02d}", rubin_tps_mw(f"up to {day}x", float(day)),
                    tps(800000 + day * 20000, condition="DeepSeek R1"))
        ledger.post("Chip Weekly", f"2026-08-{day:02d}", tps(300000, subject="Kestrel K3"), rubin_tps_mw("up to 2x", 2.0))
    ledger.diff()
    whole = stored(ledger.db)
    monkeypatch.setattr(run, "PARALLEL_AT", 0)
    monkeypatch.setattr(run, "MAX_WORKERS", 2)
    monkeypatch.setattr(judging, "RANGES_PER_WORKER", 3)
    assert len(judging.key_ranges(ledger.db, 6)) > 2
    assert full_copy(ledger, tmp_path) == whole


FACTS = "SELECT * FROM claim_facts ORDER BY claim_id"


def every_fact_again(ledger: Ledger, folder: Path, entities=()) -> list[tuple]:
    """The claim facts a run under a new rules version computes, on a copy of the ledger."""
    copy = folder / f"facts-{len(list(folder.iterdir()))}.db"
    ledger.db.conn.execute("PRAGMA wal_checkpoint(FULL)")
    shutil.copy(ledger.path, copy)
    db = open_ledger(copy)
    db.execute("DELETE FROM diff_state")
    run_diff(db, entities=entities)
    return [tuple(row) for row in db.execute(FACTS)]


def test_every_claims_facts_computed_on_every_core_are_those_one_process_computes(ledger, monkeypatch, tmp_path):
    from claimledger.diff import fact_store, run
    from claimledger.entities import Entity

    for day in range(1, 8):
        ledger.post("Stratus Cloud Blog", f"2026-07-{day:02d}", rubin_tps_mw(f"up to {day}x", float(day)),
                    tps(800000 + day * 20000, condition="DeepSeek R1"))
        ledger.post("Chip Weekly", f"2026-08-{day:02d}", tps(300000, subject="Falconry F9 accelerator"))
    ledger.diff()
    own = (Entity("Falconry F9", "chip", aliases=("Falconry F9 accelerator",), origin="user"),)
    alone = every_fact_again(ledger, tmp_path)
    alone_with_own = every_fact_again(ledger, tmp_path, own)
    assert alone_with_own != alone, "the user's entity changes the facts (the stated identity)"
    monkeypatch.setattr(run, "PARALLEL_AT", 0)
    monkeypatch.setattr(run, "MAX_WORKERS", 2)
    monkeypatch.setattr(fact_store, "RANGE", 4)
    assert every_fact_again(ledger, tmp_path) == alone
    assert every_fact_again(ledger, tmp_path, own) == alone_with_own, "workers resolve names through the user's entities"
