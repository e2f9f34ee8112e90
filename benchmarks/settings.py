"""What one bench run measures and where: the full run or `--quick`, the peers' and the baseline's Pythons."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CLAIMS = Path(sys.executable).parent / "claims"
# The code issue 11 started from: its figures are the "today" the speed goals are ratios of.
BASELINE_COMMIT = "b98ab85"
ENTRIES_PER_FEED = 20


@dataclass(frozen=True)
class Settings:
    """How much work each part does: the full run, or `--quick` for a first look."""

    quick: bool
    peers_python: Path
    # claimledger at BASELINE_COMMIT: its Python (package installed) and its source tree (its benchmarks).
    baseline_python: Path
    baseline_tree: Path
    work: Path
    min_seconds: float = field(init=False)
    startup_runs: int = field(init=False)
    feeds: int = field(init=False)
    ledger_sizes: tuple[int, ...] = field(init=False)
    # Keys a crawl round touches before the incremental diff is timed.
    round_keys: int = field(init=False)
    # Workers of the bench's Dask LocalCluster.
    dask_workers: int = 2

    def __post_init__(self) -> None:
        full = not self.quick
        object.__setattr__(self, "min_seconds", 3.0 if full else 1.0)
        object.__setattr__(self, "startup_runs", 5 if full else 3)
        object.__setattr__(self, "feeds", 1000 if full else 100)
        object.__setattr__(self, "ledger_sizes", (10_000, 100_000, 1_000_000) if full else (10_000,))
        object.__setattr__(self, "round_keys", 1000)

    @property
    def has_baseline(self) -> bool:
        return self.baseline_python.exists() and (self.baseline_tree / "benchmarks").is_dir()

    @property
    def documents(self) -> int:
        """Posts in the crawl benchmark's feeds, and in the ingest benchmark's archive."""
        return self.feeds * ENTRIES_PER_FEED
