"""The shared types as they travel between processes."""

from __future__ import annotations

import pickle

from claimledger.types import Claim


def test_a_claim_comes_back_from_pickle_with_every_field():
    claim = Claim(
        "up to 3.2x", 10, 20, 3.2, 3.0, 3.4, "ratio", unit="token / second", unit_text="tok/s",
        dimensionality="[token] / [time]", si_value=3.2, qualifier="up_to", trend="up", projected=True,
        self_reported=True, baseline="Kestrel K3", subject="Kestrel K4", metric="throughput", condition="DeepSeek R1",
        subject_id="Kestrel K4", baseline_id="Kestrel K3", condition_id="DeepSeek R1", precision="FP8",
        scenario="offline", benchmark="MLPerf Inference v6.0", claimant="Kestrel", role="previous", replaced_by=42,
        sentence="The K4 does up to 3.2x the K3.", sentence_start=5, sentence_end=35, lang="zh",
    )
    back = pickle.loads(pickle.dumps(claim))
    assert back == claim
    assert [getattr(back, name) for name in Claim.field_names()] == [getattr(claim, name) for name in Claim.field_names()]


def test_a_claim_with_its_defaults_comes_back_equal():
    claim = Claim("12 MW", 0, 5, 12.0, None, None, "quantity")
    assert pickle.loads(pickle.dumps(claim)) == claim
