"""Golden files: each tests/data/extract/<name>.txt beside <name>.claims.json,
the claims it must yield (hand-checked). A new case is one pair of files:
`pytest tests/test_extract_golden.py --regen-golden` writes the claims file,
to be checked by hand before it is committed."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimledger import extract

DATA = Path(__file__).parent / "data" / "extract"
FIELDS = (
    "text", "start", "end", "value", "low", "high", "kind", "unit", "unit_text", "si_value",
    "qualifier", "trend", "projected", "self_reported", "baseline", "subject", "metric", "condition",
    "subject_id", "baseline_id", "condition_id", "precision", "scenario", "benchmark", "claimant", "role", "replaced_by", "lang",
)
POSTS = sorted(DATA.glob("*.txt"))


def as_expected(text: str) -> list[dict[str, object]]:
    """The extractor's claims for `text`, in the golden files' shape."""
    return [{field: getattr(claim, field) for field in FIELDS} for claim in extract(text)]


@pytest.mark.parametrize("post", POSTS, ids=[post.stem for post in POSTS])
def test_golden_post(post: Path, golden) -> None:
    actual = as_expected(post.read_text(encoding="utf-8"))
    expected = golden.expected(post.with_suffix(".claims.json"), actual)
    assert [claim["text"] for claim in actual] == [claim["text"] for claim in expected]
    for got, want in zip(actual, expected, strict=True):
        assert _differences(got, want) == [], got["text"]


def _differences(got: dict[str, object], want: dict[str, object]) -> list[tuple[str, object, object]]:
    """(field, got, wanted) for each field that differs; floats compared approximately."""
    return [
        (field, got[field], want[field])
        for field in FIELDS
        if (got[field] != pytest.approx(want[field]) if isinstance(want[field], float) else got[field] != want[field])
    ]


def test_every_post_has_its_claims_file() -> None:
    assert POSTS
    for post in POSTS:
        assert post.with_suffix(".claims.json").exists(), post.name
