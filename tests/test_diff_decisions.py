"""`claims link` and `claims unlink`: the analyst's decisions, stored in the ledger and respected by every diff."""

from __future__ import annotations

import json

import pytest
from test_diff import figure, ledger, rubin_tps_mw  # noqa: F401 (ledger is a fixture)
from test_diff_cli import run


def bandwidth(text: str, value: float, subject: str, **fields) -> dict:
    return figure(text, value, subject, kind="quantity", unit="terabyte / second", dimensionality="[information] / [time]",
                  si_value=value * 8e12, **fields)


def test_link_makes_two_identities_one(ledger):
    (vendor,) = ledger.post("Orion Newsroom", "2026-03-01", bandwidth("8 TB/s", 8, "Orion Z9 superchip", metric="memory bandwidth"))
    (outlet,) = ledger.post("Chip Weekly", "2026-03-05", bandwidth("6.5 TB/s", 6.5, "Z9 module", metric="HBM bandwidth"))
    _, changes = ledger.diff()
    assert changes[outlet].status == "new"
    code, out, _ = run("link", str(vendor), str(outlet), "--db", str(ledger.path))
    assert code == 0 and f"claim {outlet} now joins the identity of claim {vendor}" in out
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    assert changes[outlet].old_id == vendor
    assert ledger.claim(outlet)["claim_key"] == ledger.claim(vendor)["claim_key"]


def test_unlink_separates_what_the_rules_joined(ledger):
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    (outlet,) = ledger.post("Chip Weekly", "2026-07-29", rubin_tps_mw("about 8x", 8.0, qualifier="approximately"))
    (later,) = ledger.post("Chip Weekly", "2026-08-02", rubin_tps_mw("about 8x", 8.0, qualifier="approximately"))
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    assert run("unlink", str(vendor), str(outlet), "--db", str(ledger.path))[0] == 0
    _, changes = ledger.diff()
    assert changes[outlet].status == "new"
    assert ledger.claim(outlet)["claim_key"].endswith(f" | apart from claim {outlet}")
    assert changes[later].status == "conflict", "the decision is about one claim, not every restatement"


def test_a_later_decision_replaces_the_earlier_and_undo_removes_it(ledger):
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    (outlet,) = ledger.post("Chip Weekly", "2026-07-29", rubin_tps_mw("about 8x", 8.0, qualifier="approximately"))
    run("unlink", str(vendor), str(outlet), "--db", str(ledger.path))
    run("link", str(vendor), str(outlet), "--db", str(ledger.path))
    assert ledger.db.execute("SELECT kind FROM decisions").fetchall() == [("link",)]
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict"
    code, out, _ = run("link", str(vendor), str(outlet), "--db", str(ledger.path), "--undo")
    assert code == 0 and "no decision stored any more" in out
    assert ledger.db.execute("SELECT count(*) FROM decisions").fetchone() == (0,)
    _, changes = ledger.diff()
    assert changes[outlet].status == "conflict", "back to what the rules say"


def test_decisions_survive_a_full_run(ledger):
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    (outlet,) = ledger.post("Chip Weekly", "2026-07-29", rubin_tps_mw("about 8x", 8.0, qualifier="approximately"))
    run("unlink", str(vendor), str(outlet), "--db", str(ledger.path))
    _, changes = ledger.diff(full=True)
    assert changes[outlet].status == "new"


def test_claims_key_lists_the_decisions_about_a_claim(ledger):
    (vendor,) = ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    (outlet,) = ledger.post("Chip Weekly", "2026-07-29", rubin_tps_mw("about 8x", 8.0, qualifier="approximately"))
    run("unlink", str(vendor), str(outlet), "--db", str(ledger.path))
    code, out, _ = run("key", "--db", str(ledger.path), "--claim", str(outlet))
    assert code == 0
    assert f"claim {outlet} never shares the identity of claim {vendor}" in out
    record = json.loads(run("key", "--db", str(ledger.path), "--claim", str(outlet), "--format", "json")[1])[0]
    assert record["resolution"]["decisions"][0]["kind"] == "unlink"


@pytest.mark.parametrize(("anchor", "moved", "message"), [(1, 1, "always its own identity"), (1, 99, "no claim with id 99")])
def test_bad_decisions_are_refused_with_one_line(ledger, anchor, moved, message):
    ledger.post("Stratus Cloud Blog", "2026-07-23", rubin_tps_mw())
    code, _, err = run("link", str(anchor), str(moved), "--db", str(ledger.path))
    assert code == 2
    assert message in err
    assert ledger.db.execute("SELECT count(*) FROM decisions").fetchone() == (0,)


def test_a_missing_ledger_is_not_created(tmp_path):
    code, _, err = run("unlink", "1", "2", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "no ledger there" in err
    assert not (tmp_path / "none.db").exists()
